## Français. HTML de Telegram : écrire &amp; &lt; &gt; pour & < >.
## $who vaut "you" ou "other" (choix de la forme) ; $name est déjà échappé.

## Noms

you = Vous
# Inside a line (a score, a pair): "Bot 2 & you".
you-inline = vous
bot-name = Bot { $n }
team = { $first } et { $second }

variant-draw = Avec pioche
variant-block = Partie bloquée
variant-kozel = Kozel

level-easy = Facile
level-medium = Moyen
level-hard = Fort
level-expert = Expert
level-rated = { $level } ≈ { $rating }

## Commandes (le menu à côté de la zone de saisie)

cmd-start = Bienvenue et ce que je sais faire
cmd-play = Nouvelle partie contre des bots
cmd-score = Score de la partie en cours
cmd-rules = Règles de chaque jeu
cmd-lang = Changer de langue
cmd-stop = Abandonner la partie en cours
cmd-help = Comment jouer avec moi
cmd-kozel = Ouvrir ici une partie de Kozel : quatre joueurs, deux équipes
cmd-new = Ouvrir ici une partie : avec pioche, bloquée ou Kozel, de 2 à 4 joueurs
cmd-leave = Quitter la partie du groupe : un bot joue à votre place

## Accueil et aide

start = Bonjour, { $name } ! Je joue aux dominos avec vous : avec pioche, en partie bloquée, et au Kozel, le jeu russe par équipes.
help =
    <b>Commandes</b>
    /play — une nouvelle partie : choisissez le jeu, le nombre de bots adverses, leur niveau et le score visé
    /score — le score de la partie en cours
    /board — la partie à nouveau, en bas de la conversation
    /stats — vos records · /history — les dernières parties ici
    /forgetme — effacer vos records et tout ce que je garde sur vous
    /rules — les règles de chaque jeu
    /lang — la langue dans laquelle je vous parle
    /look — vos parties en image ou en texte
    /stop — abandonner la partie en cours
    
    Votre partie tient dans un seul message que je mets à jour. Touchez un domino pour le poser : ◀ le place à l'extrémité gauche de la chaîne, ▶ à droite. Les bots jouent aussitôt ; je pioche et je boude pour vous au besoin.
    
    <b>Entre amis :</b> ajoutez-moi à un groupe et envoyez /kozel (ou /new pour les parties avec pioche et bloquées). Le jeu de chaque joueur arrive ici, dans notre conversation privée.
    
    { help-rating }
stray-text = Envoyez /play pour commencer une partie, ou /help pour voir ce que je sais faire.

## Le menu /play

menu-title = <b>Nouvelle partie</b>
menu-chosen-variant = Jeu : { $variant }
menu-chosen-opponents = Adversaires : { $count ->
    [one] { $count } bot
   *[other] { $count } bots
}
menu-chosen-kozel = Vous et un bot partenaire contre deux bots
menu-chosen-level = Bots : { $level }
menu-ask-variant = Quel jeu ?
menu-ask-opponents = Combien de bots adverses ?
menu-ask-level = Quelle force pour les bots ? À côté de chaque niveau, sa cote, sur la même échelle que la vôtre (/help). L'expert est le plus fort et réfléchit un peu plus longtemps.
menu-ask-target = En combien de points ?
btn-opponents = { $count ->
    [one] { $count } bot
   *[other] { $count } bots
}
play-running = Vous avez déjà une partie en cours : la voici. Pour en commencer une autre, arrêtez d'abord celle-ci avec /stop.

## Le message de la partie

game-header = <b>{ $variant }</b> · manche { $hand } · { $goal }
target-classic = en { $target ->
    [one] { $target } point
   *[other] { $target } points
}
# L'objectif du Kozel, le même au salon et à la table : le score qui fait les boucs.
target-goats = boucs à { $mark }
line = Chaîne : { $tiles }
line-empty = La chaîne est vide.
ends = Extrémités : ◀ { $left } et { $right } ▶
hand-size = { $name } { $count }
hand-sizes = Dominos en main : { $sizes }
boneyard = Pioche : { $count ->
    [0] vide
    [one] { $count } domino
   *[other] { $count } dominos
}
score-entry = { $side } : { $score }
scores = Score : { $scores }
eggs-carried = · œufs reportés : { $eggs }
your-hand = Votre main : { $tiles }
your-lead = <b>À vous d'ouvrir :</b> posez le domino de votre choix.
your-move = <b>À vous :</b> choisissez un domino.
your-turn-now = C'est à vous de jouer.
waiting-for = On attend { $name }.
# La première ligne d'un message de partie, celle que montre une notification : ce qui vient de se passer, puis à qui le tour.
news-join = { $what } · { $turn }
news-turn = à { $name } de jouer
news-your-move = <b>à vous</b> : extrémités { $left } et { $right }
news-your-lead = <b>à vous d'ouvrir</b> : le domino de votre choix
news-your-only = <b>à vous</b> : un seul coup possible, { $tile }
news-played = { $who ->
    [you] vous posez
   *[other] { $name } pose
} { $tile }
news-passed = { $who ->
    [you] vous passez
   *[other] { $name } passe
}
news-dealt = Manche { $hand } distribuée
news-redealt = Nouvelle donne
btn-play-only = Poser { $tile }
game-stopped = Cette partie a été abandonnée.

end-left = à gauche
end-right = à droite

## Ce qui s'est passé depuis votre dernier coup

log-hand-started = La manche { $hand } est distribuée.
log-redeal = { $who ->
    [you] Vous recevez
   *[other] { $name } reçoit
} { $reason ->
    [doubles] cinq doubles ou plus
   *[suit] six dominos d'un même nombre
} : on mélange et on redistribue.
log-forced-lead = { $who ->
    [you] Vous ouvrez
   *[other] { $name } ouvre
} avec { $tile }, comme le veut la règle.
log-led = { $who ->
    [you] Vous ouvrez
   *[other] { $name } ouvre
} avec { $tile }.
log-played = { $who ->
    [you] Vous posez
   *[other] { $name } pose
} { $tile } { $end }.
log-played-drawn = { $who ->
    [you] Vous posez
   *[other] { $name } pose
} le { $tile } pioché { $end }.
log-drew = { $who ->
    [you] Vous piochez
   *[other] { $name } pioche
} { $count ->
    [one] un domino
   *[other] { $count } dominos
}.
log-drew-tiles = { $who ->
    [you] Vous piochez
   *[other] { $name } pioche
} { $tiles }.
log-passed = { $who ->
    [you] Vous boudez
   *[other] { $name } boude
} (passe).

## Fin de manche

hand-domino = <b>Fin de la manche { $hand } :</b> { $who ->
    [you] vous posez votre
   *[other] { $name } pose son
} dernier domino — « domino ! »
hand-blocked = <b>Fin de la manche { $hand } :</b> partie bloquée, plus personne ne peut jouer.
hand-fish = <b>Fin de la manche { $hand } :</b> bloquée — un poisson !
reveal = { $name } : { $tiles } — { $count }
reveal-empty = { $name } : plus aucun domino
lone-tile = (un { $tile } resté seul compte { $count })
reveal-boneyard = Restait dans la pioche : { $tiles }
reveal-out-of-play = Hors jeu : { $tiles }
result-tie = Le plus petit total est partagé : personne ne marque, et la manche suivante s'ouvre de nouveau avec le double le plus fort.
result-domino = { $who ->
    [you] Vous marquez
   *[other] { $name } marque
} { $points } : les points restés dans les mains adverses.
result-blocked = { $who ->
    [you] Vous avez
   *[other] { $name } a
} le moins de points et { $who ->
    [you] marquez
   *[other] marque
} { $points } : les points des adversaires moins les { $who ->
    [you] vôtres
   *[other] siens
}.
result-kozel-domino = { $team } { $who ->
    [you] gagnez
   *[other] gagnent
} la manche.
result-fish = { $team } { $who ->
    [you] avez le plus de points en main et prenez
   *[other] ont le plus de points en main et prennent
} tout le poisson.
result-records = { $team } { $who ->
    [you] inscrivez
   *[other] inscrivent
} { $points }.
result-rule-13 = { $team } { $who ->
    [you] devriez inscrire { $points }, mais votre score est
   *[other] devraient inscrire { $points }, mais leur score est
} encore à 0 et c'est moins de 13 : rien n'est noté (règle du 13).
result-eggs-used = Dont { $eggs ->
    [one] { $eggs } point
   *[other] { $eggs } points
} d'œufs reportés.
result-eggs = Les deux équipes ont autant de points : des œufs ! Personne n'inscrit rien, et { $eggs ->
    [one] { $eggs } point ira
   *[other] { $eggs } points iront
} à l'équipe qui perdra la manche suivante.
btn-next-hand = Manche suivante
btn-rematch = Revanche

## Fin de la partie

match-won = <b>{ $who ->
    [you] Vous gagnez
   *[other] { $name } gagne
} la partie</b> avec { $score ->
    [one] { $score } point
   *[other] { $score } points
} !
match-goats = <b>{ $team } { $who ->
    [you] atteignez { $score } : vous êtes
   *[other] atteignent { $score } : ce sont
} les boucs !</b>
match-winners = { $team } { $who ->
    [you] gagnez
   *[other] gagnent
} la partie.
match-dry = Victoire sèche : les gagnants sont toujours à 0 !

## /score, /stop, /lang, /rules

score-none = Pas encore de partie ici. Envoyez /play pour en commencer une.
stop-none = Il n'y a pas de partie à arrêter.
stop-confirm = Abandonner la partie en cours ? Le score sera perdu.
btn-stop-yes = Oui, abandonner
btn-stop-no = Non, on continue
stop-done = Partie abandonnée. Envoyez /play pour en commencer une autre.
stop-kept = La partie continue.
lang-choose = Choisissez une langue :
lang-set = Je vous parlerai en français.
rules-choose = Les règles de quel jeu ?

## Parties de groupe : la salle d'attente

lobby-title = <b>{ $variant }</b> — nouvelle partie, { $goal }
lobby-team = Équipe { $n } : { $seats }
lobby-seats = { $count ->
    [one] { $count } joueur :
   *[other] { $count } joueurs :
}
lobby-seat = { $n }. { $name }
lobby-free = libre
lobby-bot = bot ({ $level })
lobby-level = Bots : { $level }
lobby-hint = Touchez « S'asseoir » ou une place libre ; « ⚙ Réglages » change le score à atteindre, le niveau des bots et le temps par coup. « Commencer » met des bots aux places libres ; la partie commence quand toutes les places sont prises.
lobby-invite-hint = Votre jeu arrive dans notre conversation privée, qui vous prévient quand c'est à vous. Si je ne peux pas encore vous écrire, vous jouez d'ici (« 🂠 Mon jeu », visible uniquement par vous) jusqu'à ce que vous <a href="{ $link }">ouvriez notre conversation</a> et touchiez Démarrer.
lobby-cancelled = La partie a été annulée.
btn-seat = { $n } · { $name }
btn-join = S'asseoir
btn-with-friends = 👥 Jouer avec des amis
btn-leave = Se lever
btn-add-bot = + Bot
btn-level = Bots : { $level }
btn-variant = { $variant }
btn-players = { $count ->
    [one] { $count } joueur
   *[other] { $count } joueurs
}
btn-target = En { $target }
btn-start = Commencer
btn-cancel = Annuler
btn-settings = ⚙ Réglages
btn-settings-back = ← Retour
btn-timer-next = { $seconds ->
    [0] ⏱ Minuteur : sans
   *[other] ⏱ Minuteur : { $seconds } s
}
lobby-settings-hint = Touchez un réglage pour le changer ; « ← Retour » ramène aux places.
btn-my-hand = 🂠 Mon jeu
turn-call = { $name }, à vous de jouer : « 🂠 Mon jeu » vous montre vos dominos, à vous uniquement.
answer-seated-in-group = Vous avez une place. Je ne peux pas encore vous écrire en privé : votre jeu s'affiche donc ici, visible uniquement par vous (« 🂠 Mon jeu »).
group-hand-lobby = 🂠 Votre place à cette table vous attend. Dès le début de la partie, vos dominos s'affichent ici à votre tour, visibles uniquement par vous ; « 🂠 Mon jeu » les montre à tout moment.
# A private hand's way back to the group's table (a supergroup's: a basic group's messages have no link).
btn-to-table = ↩ Retour à la table
btn-take-seat = Jouer pour Bot { $n }

## Parties de groupe : la table et les annonces

table-turn = ▶ À { $name } de jouer.
table-hand-over = Tous les jeux sont dans le résultat de la manche, plus bas. La suivante est distribuée dans quelques secondes, ou tout de suite avec le bouton.
table-match-over = Le résultat de la partie est plus bas.
table-next-hand = La manche suivante est distribuée dans quelques secondes, ou tout de suite avec le bouton.
notice-left = { $name } quitte la partie : { $bot } joue à sa place désormais.
notice-took = { $name } prend la place de Bot { $n }.
notice-all-left = Tout le monde a quitté la table : la partie est finie.
group-help =
    <b>Les dominos dans ce groupe</b>
    /kozel — ouvrir une partie de Kozel : quatre joueurs, deux équipes, les partenaires face à face
    /new — ouvrir une partie au choix : avec pioche ou bloquée, de 2 à 4 joueurs (ou Kozel)
    /join — s'asseoir à la table ouverte · /verify — vérifier la donne d'une manche par son secret
    /leave — quitter la partie : un bot joue à votre place
    /stop — arrêter la partie (la personne qui l'a ouverte, ou un administrateur)
    /score — le score · /board — la table à nouveau, en bas
    /stats — vos records ici (en réponse à un message : les siens) · /top — les records du groupe
    /history — les dernières parties ici (/history last : la dernière manche, coup par coup)
    /rules — les règles
    /lang — la langue du groupe (la personne qui a ouvert la partie, ou un administrateur)
    /look — la table en image ou en texte (la personne qui a ouvert la partie, ou un administrateur)
    
    La table est un seul message ici. Le jeu de chaque joueur est dans sa conversation privée avec moi, où celui qui doit jouer reçoit les boutons ; 🂠 sous la table affiche aussi votre jeu ici, pour vous seulement, et vous pouvez jouer depuis ce message.
    
    { help-rating }
group-private-only = Cette commande marche dans notre conversation privée : envoyez-la-moi là-bas. Ici, c'est /kozel ou /new.
group-none = Pas encore de partie ici. Envoyez /kozel ou /new pour en ouvrir une.
group-new-usage = Envoyez /new, ou /new avec un jeu et un nombre de joueurs : /new block 3.
group-game-gone = Cette partie n'est plus dans ma mémoire : envoyez /kozel ou /new pour recommencer.
group-busy = Une partie est déjà ouverte dans ce groupe : rejoignez-la, ou faites d'abord /stop.
group-stopped = La partie a été arrêtée.

## Parties de groupe : le message privé de chaque joueur

private-group = Groupe « { $group } »
invite-table = Invitation · { $name }
private-rematch-inline = Une revanche peut être lancée depuis la carte de l'invitation, où se trouve la table.
private-lobby = Vous avez une place dans la partie de « { $group } ». Votre jeu s'affichera ici dès le début de la partie.
private-joining = Vous prenez place à la table de « { $group } » : votre jeu s'affichera ici.
private-not-seated = Vous n'êtes plus à la table de « { $group } ».
private-cancelled = La partie de « { $group } » a été annulée.
private-partner = votre partenaire : { $name }, en face
private-next-hand = La manche suivante est distribuée dans quelques secondes.
private-rematch = Une revanche peut être lancée depuis le groupe.

## Refus (alertes courtes)

refusal-no-game = Cette partie n'existe plus.
refusal-not-a-player = Ce n'est pas votre partie.
refusal-stale = Ce bouton est périmé : la partie a avancé.
refusal-game-over = Cette partie est terminée.
refusal-game-running = Vous avez déjà une partie en cours. Faites d'abord /stop.
refusal-not-your-turn = Ce n'est pas votre tour.
refusal-invalid = Ce bouton n'est pas valable.
refusal-bad-options = Impossible d'organiser une partie ainsi.
refusal-unknown-button = Ce bouton ne fonctionne plus.
refusal-seat-taken = Cette place est déjà prise.
refusal-game-full = Toutes les places sont prises.
refusal-already-seated = Vous avez déjà une place.
refusal-not-seated = Vous n'êtes pas à cette table.
refusal-not-allowed = Seule la personne qui a ouvert la partie, ou un administrateur du groupe, peut le faire.
refusal-needs-person = Il faut au moins une personne à la table.
refusal-too-many = Il y a déjà plus de monde assis.
refusal-lobby-closed = On ne peut plus s'asseoir à cette partie.
refusal-not-between-hands = Une place ne change de main qu'entre deux manches.
refusal-private-chat = Ouvrez ma conversation et touchez Démarrer : vous serez à la table.
refusal-wrong-chat = Ce bouton n'a rien à faire ici.
refusal-not-a-member = Seuls les membres du groupe peuvent s'asseoir à sa table.
error-storage = Je n'arrive pas à joindre mon stockage des parties. Rien n'a changé : réessayez dans un instant.
error-storage-uncertain = J'ai perdu le contact avec ma mémoire des parties pendant l'enregistrement : votre coup a peut-être été noté, peut-être pas. La partie le montrera dans un instant.
error-generic = Quelque chose s'est mal passé de mon côté. Réessayez, s'il vous plaît.
error-telegram = Telegram n'a pas pris ma réponse à l'instant. Réessayez dans un moment.
error-busy = J'ai beaucoup à faire en ce moment : appuyez de nouveau dans un instant.

## Règles

rules-tiles =
    <b>Les dominos.</b> Le jeu double-six : 28 dominos, chaque moitié porte de 0 à 6 points et chaque combinaison n'existe qu'une fois. Un domino aux deux moitiés identiques (0|0 … 6|6) est un double. Un domino vaut la somme de ses points : 6|6 vaut 12, 2|5 vaut 7, 0|0 ne vaut rien.
rules-play =
    <b>Le jeu.</b> Chacun son tour, dans le sens des aiguilles d'une montre, on ajoute un domino à l'une des deux extrémités de la chaîne : les moitiés qui se touchent portent le même nombre. Qui peut jouer doit jouer. Les doubles se posent en travers, mais la chaîne garde toujours deux extrémités seulement ; un domino qui convient aux deux bouts se pose là où vous voulez.
rules-classic-goal =
    <b>But du jeu.</b> Se débarrasser le premier de ses dominos (ou garder le moins de points quand la partie est bloquée), et atteindre le premier le score visé.
rules-classic-lead =
    <b>Qui commence.</b> À la première manche, le joueur qui a le double le plus fort ouvre avec ce double ; si personne n'a de double, on ouvre avec le domino le plus lourd. Je fais cette pose obligatoire pour vous. Aux manches suivantes, le gagnant de la manche précédente ouvre avec le domino de son choix ; après une manche à égalité, c'est de nouveau le double le plus fort qui ouvre.
rules-classic-end =
    <b>Fin de manche.</b> Qui pose son dernier domino — « domino ! » — marque les points restés dans les mains de tous ses adversaires. Si plus personne ne peut jouer, la partie est bloquée : le joueur qui a le moins de points gagne la manche et marque les points de ses adversaires moins les siens. Si ce minimum est partagé, personne ne marque.
    <b>La partie.</b> Le premier qui atteint le score visé — 50, 100 ou 150 points — gagne.
rules-draw =
    <b>Avec pioche</b>
    
    { rules-classic-goal }
    { rules-tiles }
    <b>La donne.</b> À deux, 7 dominos chacun ; à trois ou à quatre, 5 chacun. Les autres restent face cachée : c'est la pioche.
    { rules-classic-lead }
    { rules-play }
    <b>Piocher.</b> Si vous ne pouvez pas jouer, piochez un domino à la fois jusqu'à en trouver un qui convient, et posez-le aussitôt ; si la pioche s'épuise avant, vous passez. Interdit de piocher quand on a un domino jouable. Je pioche et je passe pour vous.
    { rules-classic-end }
    { rules-fair-deal }
rules-block =
    <b>Partie bloquée</b>
    
    { rules-classic-goal }
    { rules-tiles }
    <b>La donne.</b> À deux, 7 dominos chacun (les 14 autres restent cachés, hors jeu) ; à trois, 6 chacun (10 hors jeu) ; à quatre, 7 chacun (tous les dominos sont distribués).
    { rules-classic-lead }
    { rules-play }
    <b>Bouder.</b> Il n'y a rien à piocher : qui ne peut pas poser boude, c'est-à-dire passe son tour. Je boude pour vous.
    { rules-classic-end }
    { rules-fair-deal }
rules-kozel =
    <b>Kozel</b> (« le bouc »), le classique des cours d'immeubles russes
    
    <b>But du jeu.</b> Quatre joueurs en deux équipes, les partenaires assis face à face. Ici les points sont des pénalités : l'équipe qui atteint 101 la première a perdu.
    { rules-tiles }
    <b>La donne.</b> 7 dominos chacun, pas de pioche. Si un joueur reçoit 5 doubles ou plus, ou 6 dominos portant le même nombre, on mélange et on redistribue.
    <b>Qui commence.</b> À la première manche, le joueur qui a le 1|1 ouvre avec ce domino ; ensuite, celui qui a terminé la manche précédente ouvre avec le domino de son choix.
    { rules-play }
    Qui ne peut pas poser boude ; je boude pour vous.
    <b>Les points.</b> Quand un joueur pose son dernier domino, son équipe gagne la manche et l'équipe adverse inscrit les points restés dans ses deux mains (un 0|0 resté seul en main compte 25, un 6|6 seul compte 50).
    <b>Le poisson.</b> Une manche bloquée s'appelle un poisson : l'équipe qui a le plus de points en main inscrit tous les points restés chez les quatre joueurs. En cas d'égalité, ce sont des œufs : personne n'inscrit rien, et ces points iront à l'équipe qui perdra la manche suivante.
    <b>Règle du 13.</b> Tant qu'une équipe n'a encore rien inscrit, un total de manche inférieur à 13 ne lui est pas noté.
    <b>Les boucs.</b> La première équipe qui atteint 101 points a perdu : ce sont les boucs (51 ou 151 avec un objectif de 50 ou de 150). Si les gagnants sont encore à zéro, c'est une victoire sèche.
    { rules-fair-deal }

# La feuille de marque : /score et le résultat de la partie, une ligne par manche.
sheet-title = <b>Manche par manche</b>
sheet-points = { $hand }. { $side } +{ $points }
sheet-tie = { $hand }. Égalité : personne ne marque
sheet-eggs = { $hand }. Œufs, reportés : { $eggs }
sheet-rule-13 = { $hand }. { $side }, rien d'inscrit (règle du 13) : { $points }
sheet-fish = poisson
sheet-eggs-used = œufs compris : { $eggs }
invite-title = { $game } · { $players }
invite-description = Une invitation à publier ici : vos amis s'assoient, vous lancez la partie.
invite-card = 🁫 { $name } vous invite à jouer : <b>{ $game }</b>, { $players }. Touchez S'asseoir ; { $name } lance la partie.
