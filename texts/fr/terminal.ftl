## Français, le jeu dans le terminal (`dominoes play`). Même balisage que bot.ftl.

term-intro = <b>{ $variant }</b> · { $count ->
    [one] { $count } joueur
   *[other] { $count } joueurs
} · bots : { $level }
term-partner = En équipe avec vous : { $name }, en face de vous.
term-seed = Graine de la donne { $seed } : rejouez cette partie avec --seed { $seed }.
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
term-again = Une autre partie ?
term-quit = Quitter
term-bye = Merci d'avoir joué !
term-end-of-input = Plus rien à lire : la partie s'arrête ici.
term-interrupted = Partie interrompue. À bientôt !
term-kozel-players = Le Kozel se joue à 4 exactement : vous, votre partenaire et deux adversaires.
