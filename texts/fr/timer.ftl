# Les choix du salon, et le minuteur de tour des parties de groupe.

btn-chosen = ● { $label }
btn-timer = { $seconds ->
    [0] ⏱ sans
   *[other] ⏱ { $seconds } s
}
lobby-timer = { $seconds ->
    [0] Minuteur de tour : aucun
   *[other] Minuteur de tour : { $seconds } s pour jouer
}
answer-target = Désormais : { $goal }.
answer-timer = { $seconds ->
    [0] Pas de minuteur de tour.
    [one] { $seconds } seconde pour jouer.
   *[other] { $seconds } secondes pour jouer.
}
turn-reminder = ⏰ { $name }, à vous de jouer : { $seconds ->
    [one] il reste { $seconds } seconde.
   *[other] il reste { $seconds } secondes.
}
notice-timed-out = ⏱ Le temps de { $name } est écoulé : un bot a joué à sa place.
notice-away = { $name } a manqué deux tours : le Bot { $n } garde la place jusqu’à un appui sur « Retour ».
notice-back = { $name } revient à la table.
btn-back = ↩ Retour : { $name }
