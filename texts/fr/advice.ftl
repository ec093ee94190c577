# Les conseils et le coach d'une partie en privé (bot.game.advice). Les points sont ceux
# que l'expert attend de la manche pour le camp du joueur.

btn-hint = 💡 Conseil
hint-best = 💡 L'expert jouerait { $move } : en moyenne { NUMBER($points, maximumFractionDigits: 1) } { $points ->
        [one] point
       *[other] points
    } de mieux sur la manche que { $next }, le meilleur coup suivant.
hint-even = 💡 L'expert jouerait { $move }, mais { $next } est tout aussi bon.
hint-only = 💡 { $move } est votre seul coup possible.
coach-line = 🎓 Coach : le coup { $move } vous a coûté en moyenne { NUMBER($points, maximumFractionDigits: 1) } { $points ->
        [one] point
       *[other] points
    } sur la manche ; { $better } était meilleur.
hints-used = 💡 { $count ->
        [0] Aucun conseil demandé dans cette partie.
        [one] { $count } conseil demandé dans cette partie.
       *[other] { $count } conseils demandés dans cette partie.
    }
