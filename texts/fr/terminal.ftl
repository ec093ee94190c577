## Français, le jeu dans le terminal (`dominoes play`). Même balisage que bot.ftl.

term-intro = <b>{ $variant }</b> · { $count ->
    [one] { $count } joueur
   *[other] { $count } joueurs
} · bots : { $level }
term-partner = Votre partenaire est { $name }, assis en face de vous.
term-seed = Graine de la donne { $seed } : rejouez ce match avec --seed { $seed }.
term-moves-lead = Entame :
term-moves-left = Extrémité gauche ◀ { $number } :
term-moves-right = Extrémité droite { $number } ▶ :
term-choose = { $count ->
    [1] Votre choix (1) :
   *[other] Votre choix (1–{ $count }) :
}
term-bad-choice = { $count ->
    [1] Tapez 1, puis Entrée.
   *[other] Tapez un nombre de 1 à { $count }, puis Entrée.
}
term-next-hand = Appuyez sur Entrée pour distribuer la manche suivante.
term-again = Un autre match ?
term-quit = Quitter
term-bye = Merci d'avoir joué !
term-end-of-input = Plus rien à lire : la partie s'arrête ici.
term-interrupted = Partie interrompue. À bientôt !
term-kozel-players = Le Kozel se joue à 4 exactement : vous, votre partenaire et deux adversaires.

## dominoes verify : la donne d'une manche refaite, à partir du secret de son résultat

term-verify-title = <b>{ $variant }</b> · { $count ->
    [one] { $count } joueur
   *[other] { $count } joueurs
}
term-verify-code = Code de la donne : <b>{ $commitment }</b> (la table le montrait pendant la manche)
term-verify-seats = Les places dans l'ordre où le résultat de la manche les donne.
term-verify-redeal = Donne { $n } : la place { $number } a reçu { $reason ->
    [doubles] cinq doubles ou plus
   *[suit] six dominos d'un même nombre
}, alors on a mélangé et redistribué.
term-verify-deal = Donne { $n }, celle qui a été jouée :
term-verify-seat = Place { $n } : { $tiles }
term-verify-boneyard = Pioche, dans l'ordre du tirage : { $tiles }
term-verify-out-of-play = Hors jeu : { $tiles }
term-verify-bad-shape = Ce n'est pas un secret de donne. Le résultat d'une manche le montre sous la forme du jeu, du nombre de joueurs et de 64 chiffres hexadécimaux : kozel-4-3f9c… (copiez-le en entier).
term-verify-bad-game = Ce secret de donne ne nomme aucun jeu de ce bot : il commence par draw, block ou kozel.
term-verify-bad-players = Le jeu de ce secret de donne ne se joue pas à ce nombre de joueurs.
term-verify-bad-key = Un secret de donne finit par exactement 64 chiffres hexadécimaux (0–9 et a–f) : celui-ci est tronqué ou trop long.
