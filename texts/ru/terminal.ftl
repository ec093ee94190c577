## Русский, игра в терминале (`dominoes play`). Разметка та же, что в bot.ftl.

term-intro = <b>{ $variant }</b> · { $count } { $count ->
    [one] игрок
    [few] игрока
   *[many] игроков
} · боты: { $level }
term-partner = Ваш партнёр — { $name }, напротив вас.
term-seed = Ключ раздачи { $seed }: с параметром --seed { $seed } эта партия сдаётся снова.
term-moves-lead = Заход:
term-moves-left = Левый конец ◀ { $number }:
term-moves-right = Правый конец { $number } ▶:
term-choose = { $count ->
    [1] Ваш выбор (1):
   *[other] Ваш выбор (1–{ $count }):
}
term-bad-choice = { $count ->
    [1] Введите 1 и нажмите Enter.
   *[other] Введите число от 1 до { $count }, затем нажмите Enter.
}
term-next-hand = Нажмите Enter, чтобы сдать следующий кон.
term-again = Сыграем ещё?
term-quit = Выйти
term-bye = Спасибо за игру!
term-end-of-input = Ввод закончился: игра остановлена.
term-interrupted = Игра прервана. До встречи!
term-kozel-players = В «Козла» играют ровно вчетвером: вы, ваш партнёр и двое соперников.
