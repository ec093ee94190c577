## Русский, игра в терминале (`dominoes play`). Разметка та же, что в bot.ftl.

term-intro = <b>{ $variant }</b> · { $count } { $count ->
    [one] игрок
    [few] игрока
   *[many] игроков
} · боты: { $level }
term-partner = Ваш партнёр — { $name }, он сидит напротив вас.
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

## dominoes verify: раздача кона заново, по секрету из его итогов

term-verify-title = <b>{ $variant }</b> · { $count } { $count ->
    [one] игрок
    [few] игрока
   *[many] игроков
}
term-verify-code = Код раздачи: <b>{ $commitment }</b> (его показывал стол, пока шёл кон)
term-verify-seats = Места в том порядке, в каком их перечисляют итоги кона.
term-verify-redeal = Раздача { $n }: на месте { $number } { $reason ->
    [doubles] пять дублей или больше
   *[suit] шесть костей одного числа
}, поэтому кости перемешаны и розданы заново.
term-verify-deal = Раздача { $n }, сыгранная:
term-verify-seat = Место { $n }: { $tiles }
term-verify-boneyard = Базар, в порядке взятия: { $tiles }
term-verify-out-of-play = Вне игры: { $tiles }
term-verify-bad-shape = Это не секрет раздачи. Итоги кона показывают его как игру, число игроков и 64 шестнадцатеричные цифры: kozel-4-3f9c… (копируйте целиком).
term-verify-bad-game = Этот секрет раздачи не называет ни одной игры этого бота: он начинается с draw, block или kozel.
term-verify-bad-players = В игру из этого секрета раздачи не играют таким числом игроков.
term-verify-bad-key = Секрет раздачи заканчивается ровно 64 шестнадцатеричными цифрами (0–9 и a–f): этот обрезан или слишком длинный.
