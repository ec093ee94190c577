# Выбор в лобби и таймер хода групповых партий.

btn-chosen = ● { $label }
btn-timer = { $seconds ->
    [0] ⏱ нет
   *[other] ⏱ { $seconds } с
}
lobby-timer = { $seconds ->
    [0] Время на ход: без ограничений
   *[other] Время на ход: { $seconds } с
}
answer-target = Теперь: { $goal }.
answer-timer = { $seconds ->
    [0] Без таймера хода.
    [one] { $seconds } секунда на ход.
    [few] { $seconds } секунды на ход.
   *[other] { $seconds } секунд на ход.
}
turn-reminder = ⏰ { $name }, ваш ход: { $seconds ->
    [one] осталась { $seconds } секунда.
    [few] осталось { $seconds } секунды.
   *[other] осталось { $seconds } секунд.
}
notice-timed-out = ⏱ { $name }: время на ход вышло — за игрока сходил бот.
notice-away = { $name } пропускает второй ход подряд: место держит Бот { $n }, пока игрок не нажмёт «Вернуться».
notice-back = { $name } снова за столом.
btn-back = ↩ Вернуться: { $name }
