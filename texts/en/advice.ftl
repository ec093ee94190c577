# Hints and the coach of a direct game (bot.game.advice). Points are the hand's
# expected points for the person's side, as the expert estimates them.

btn-hint = 💡 Hint
hint-best = 💡 The expert would play { $move }: about { NUMBER($points, maximumFractionDigits: 1) } { $points ->
        [one] point
       *[other] points
    } better in this hand than { $next }, the next best.
hint-even = 💡 The expert would play { $move }, but { $next } is just as good.
hint-only = 💡 { $move } is your only move.
coach-line = 🎓 Coach: { $move } cost you about { NUMBER($points, maximumFractionDigits: 1) } { $points ->
        [one] point
       *[other] points
    } in this hand; { $better } was better.
hints-used = 💡 { $count ->
        [0] No hints used in this match.
        [one] { $count } hint used in this match.
       *[other] { $count } hints used in this match.
    }
