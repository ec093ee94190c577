## Français, une donne que chacun peut vérifier : le code de la donne pendant la manche,
## son secret dans le résultat de la manche (`core.fair`), et ce qu'en dit /rules.

deal-commitment = Code de la donne : <code>{ $commitment }</code>
deal-secret =
    Secret de la donne : <code>{ $secret }</code>
    Ce secret doit donner le code de donne { $commitment } : pour le vérifier, et revoir toutes les mains, envoyez <code>/verify</code> et le secret.
rules-fair-deal =
    <b>Une donne que chacun peut vérifier.</b> Pendant une manche, la table montre le code de sa donne ; à la fin de la manche, le bouton 🔑 sous son résultat vous envoie le secret de la donne. Envoyez-moi <code>/verify</code> suivi de ce secret (ou lancez <code>dominoes verify</code> dans un terminal, avec le code source du bot) pour refaire la donne à partir du seul secret et voir le code obtenu : si c'est celui que vous avez vu, les dominos n'ont pas été arrangés. Le secret de chaque manche est tiré, à sens unique, d'un secret de partie jamais montré : ce secret ne dit rien des manches suivantes, ni des coups des bots.

# A deal dealt again from its secret: /verify in the bot, dominoes verify in a terminal.
verify-title = <b>{ $variant }</b> · { $count ->
    [one] { $count } joueur
   *[other] { $count } joueurs
}
verify-code = Code de la donne : <b>{ $commitment }</b> (la table le montrait pendant la manche)
verify-seats = Les places dans l'ordre où le résultat de la manche les donne.
verify-redeal = Donne { $n } : la place { $number } a reçu { $reason ->
    [doubles] cinq doubles ou plus
   *[suit] six dominos d'un même nombre
}, alors on a mélangé et redistribué.
verify-deal = Donne { $n }, celle qui a été jouée :
verify-seat = Place { $n } : { $tiles }
verify-boneyard = Pioche, dans l'ordre du tirage : { $tiles }
verify-out-of-play = Hors jeu : { $tiles }
verify-bad-shape = Ce n'est pas un secret de donne. Le résultat d'une manche le montre sous la forme du jeu, du nombre de joueurs et de 64 chiffres hexadécimaux : kozel-4-3f9c… (copiez-le en entier).
verify-bad-game = Ce secret de donne ne nomme aucun jeu de ce bot : un secret commence par draw, block ou kozel.
verify-bad-players = Le jeu de ce secret de donne ne se joue pas à ce nombre de joueurs.
verify-bad-key = Un secret de donne finit par exactement 64 chiffres hexadécimaux (0–9 et a–f) : celui-ci est tronqué ou trop long.
cmd-verify = Vérifier la donne d'une manche
verify-usage = Envoyez <code>/verify</code> suivi du secret de la donne, tel que le résultat de la manche le montre (kozel-4-3f9c…) : je redistribue la manche à partir du seul secret et montre le code de donne obtenu. Si c'est le code que la table affichait pendant la manche, les dominos n'étaient pas truqués.

# A group's hand result: the deal's secret behind a button, sent privately.
deal-check = Code de donne <code>{ $commitment }</code> : son secret, pour vérifier la donne, s'obtient avec le bouton.
btn-deal-secret = 🔑 Secret de la donne
deal-secret-for = Manche { $hand } dans « { $group } »
deal-secret-own = { $variant }, manche { $hand }
deal-secret-sent = Le secret de la donne est dans notre conversation privée.
