# Подсказки и тренер в личной партии (bot.game.advice). Очки — ожидаемые очки кона
# для стороны игрока, по оценке эксперта.

btn-hint = 💡 Подсказка
hint-best = 💡 Эксперт сыграл бы { $move }: в среднем на { NUMBER($points, maximumFractionDigits: 1) } { $points ->
        [one] очко
        [few] очка
        [many] очков
       *[other] очка
    } выгоднее за кон, чем { $next } — следующий по силе ход.
hint-even = 💡 Эксперт сыграл бы { $move }, но { $next } ничуть не хуже.
hint-only = 💡 { $move } — ваш единственный ход.
coach-line = 🎓 Тренер: ход { $move } стоил вам в среднем { NUMBER($points, maximumFractionDigits: 1) } { $points ->
        [one] очко
        [few] очка
        [many] очков
       *[other] очка
    } за кон; лучше было { $better }.
hints-used = 💡 { $count ->
        [0] Партия сыграна без подсказок.
        [one] За партию взята { $count } подсказка.
        [few] За партию взяты { $count } подсказки.
        [many] За партию взято { $count } подсказок.
       *[other] За партию взято { $count } подсказок.
    }
