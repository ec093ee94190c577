# I suggerimenti e l'allenatore di una partita privata (bot.game.advice). I punti sono
# quelli che l'esperto si aspetta dalla mano per la squadra o il giocatore.

btn-hint = 💡 Suggerimento
hint-best = 💡 L'esperto giocherebbe { $move }: in media { NUMBER($points, maximumFractionDigits: 1) } { $points ->
        [one] punto
       *[other] punti
    } di vantaggio nella mano rispetto a { $next }, la mossa migliore dopo.
hint-even = 💡 L'esperto giocherebbe { $move }, ma { $next } va bene allo stesso modo.
hint-only = 💡 { $move } è la tua unica mossa.
coach-line = 🎓 Allenatore: la mossa { $move } ti è costata in media { NUMBER($points, maximumFractionDigits: 1) } { $points ->
        [one] punto
       *[other] punti
    } nella mano; { $better } era meglio.
hints-used = 💡 { $count ->
        [0] Nessun suggerimento usato in questa partita.
        [one] { $count } suggerimento usato in questa partita.
       *[other] { $count } suggerimenti usati in questa partita.
    }
