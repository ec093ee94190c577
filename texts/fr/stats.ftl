## Français : /stats, /top, /forgetme, et la ligne sur les records après une partie
## de groupe. $name, $team et $group sont déjà échappés ; $points est une moyenne.

cmd-stats = Vos records (dans un groupe : ceux d'ici ; en réponse à un message : les siens)
cmd-top = Les records du groupe : taux de victoire, boucs, meilleure paire
cmd-forgetme = Effacer vos records et tout ce que je garde sur vous

stats-title = 📊 <b>{ $name }</b>, toutes les parties
stats-title-group = 📊 <b>{ $name }</b> dans « { $group } »
stats-results = Jouées : { $played } · gagnées : { $won } · perdues : { $lost } · taux de victoire : { $rate } %
stats-kozel = <b>Kozel</b> · boucs : { $goats } · victoires sèches : { $won } · défaites sèches : { $lost }
stats-kozel-hands = Poissons faits : { $fish } · œufs faits : { $eggs } · points inscrits par manche, en moyenne : { NUMBER($points, maximumFractionDigits: 1) }
stats-classic = <b>Avec pioche et partie bloquée</b> · points marqués par manche, en moyenne : { NUMBER($points, maximumFractionDigits: 1) }
stats-partners = <b>Partenaires au Kozel</b>
stats-partner = { $name } : jouées : { $played } · gagnées : { $won } · { $rate } %
stats-bots = <b>Contre les bots</b>
stats-bot = { $variant }, { $level } : jouées : { $played } · gagnées : { $won }
stats-none = { $name } n'a encore fini aucune partie.
stats-none-group = { $name } n'a encore fini aucune partie dans « { $group } ».
stats-of-a-bot = Les bots ne tiennent pas de records.

top-title = 🏆 <b>Records de « { $group } »</b>
top-rates = <b>Taux de victoire</b>, à partir de { $count ->
    [one] { $count } partie jouée
   *[other] { $count } parties jouées
} :
top-rate = { $n }. { $name } : { $rate } % · jouées : { $played }
top-rates-none = <b>Taux de victoire</b> : personne n'a encore joué { $count ->
    [one] { $count } partie
   *[other] { $count } parties
} ici.
top-goats = <b>Le plus souvent boucs</b> :
top-goat = { $n }. { $name } : { $count ->
    [one] une fois
   *[other] { $count } fois
}
top-pair = <b>Meilleure paire</b> : { $team } · { $rate } % · jouées ensemble : { $played }
top-pair-none = <b>Meilleure paire</b> : aucune paire n'a encore joué { $count ->
    [one] { $count } partie
   *[other] { $count } parties
} ensemble.
top-empty = Aucune partie n'a encore été comptée dans « { $group } » : les records commencent avec la première finie.
top-in-a-group = /top montre les records d'un groupe : envoyez-la dans un groupe où nous jouons.

line-pair = 🤝 { $team } : { $count ->
    [one] { $count } victoire
   *[other] { $count } victoires
} ensemble !
line-goats = 🐐 { $name } : { $count ->
    [one] une fois
   *[other] { $count } fois
} parmi les boucs.
line-wins = 🏅 { $name } : { $count ->
    [one] { $count } victoire
   *[other] { $count } victoires
} ici !

forget-ask = Effacer vos records (parties, victoires, boucs, partenaires) et tout ce que je garde d'autre sur vous : la langue choisie et les parties de groupe où vous avez une place ? C'est définitif.
btn-forget-yes = Oui, tout effacer
btn-forget-no = Non, garder
forget-done = C'est fait : je ne garde plus rien sur vous. Une partie où vous jouez montre votre nom jusqu'à sa fin, puis disparaît 2 jours après.
forget-kept = Rien n'a été effacé.
forget-in-private = /forgetme marche dans notre conversation privée : envoyez-la-moi là-bas.
