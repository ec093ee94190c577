## Français : /stats, /top, /forgetme, et la ligne sur les records après une partie
## de groupe. $name, $team et $group sont déjà échappés ; $points est une moyenne.

cmd-stats = Vos records (dans un groupe : ceux d'ici ; en réponse à un message : les siens)
cmd-top = Les records du groupe : cotes, boucs, meilleure paire
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
stats-rating = Cote : { $rating } · parties cotées : { $count }
stats-rating-group = Cote ici : { $rating } · parties cotées ici : { $count } · partout : { $overall }
# How a rating is computed: in /help only (the records show the figures alone).
help-rating = <b>La cote</b> (parties en groupe, ou lancées par une invitation dans n'importe quelle discussion) : tout le monde part de 1000. Une victoire la fait en général monter et une défaite descendre, d'autant plus que les adversaires sont forts et que vous avez peu de parties. C'est l'estimation prudente d'OpenSkill μ − 3σ, affichée × 40 + 1000. La cote de chaque niveau des bots, affichée là où vous le choisissez, est mesurée de la même façon sur de nombreuses parties entre les niveaux.

top-title = 🏆 <b>Records de « { $group } »</b>
top-ratings = <b>Classement</b> :
top-rated = { $n }. { $name } : { $rating } · { $count ->
    [one] { $count } partie
   *[other] { $count } parties
}
top-ratings-none = <b>Classement</b> : personne n'a encore de cote ici ; les cotes commencent avec la prochaine partie finie.
top-rating-bot = 🤖 Bot ({ $level })
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

line-ratings = 📈 Cotes après la partie : { $ratings }
line-rating = { $name } { $rating } ({ $change })
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
