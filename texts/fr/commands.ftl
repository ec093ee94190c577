## Français : /board, /stop et /leave au moment de l'envoi, et ce que le bot dit d'une
## partie en cours quand il ne comprend pas un message. $name et $group sont échappés.

cmd-board = Réafficher la partie en bas de la conversation

no-game-here = Il n'y a pas de partie ici en ce moment.
stop-in-group = Votre partie dans « { $group } » s'arrête depuis ce groupe : la personne qui l'a ouverte, ou un administrateur, y envoie /stop.
stop-ask-invite = Arrêter la partie « { $group } » ? Le score sera perdu pour toute la table.
stop-invite-not-yours = Seule la personne qui a publié l'invitation arrête la partie « { $group } ». /leave donne votre place à un bot.
leave-none = Vous n'avez pas de place à quitter dans une partie avec d'autres personnes. Une partie contre les bots se termine avec /stop.
leave-in-group = Votre place dans « { $group } » se quitte depuis ce groupe : envoyez-y /leave.
leave-invite-lobby = Vous avez quitté « { $group } ».
leave-invite-match = Vous avez quitté « { $group } » : un bot joue votre place désormais.
stop-ask-group = Arrêter la partie du groupe ? Le score sera perdu. Réponse réservée à { $name }.
stop-not-yours = Seule la personne qui a envoyé ce /stop peut y répondre.
stop-outdated = Cette question n'est plus valable : envoyez /stop à nouveau.

status-your-move = C'est à vous : choisissez un domino dans le message de la partie. /board le ramène ici, en bas.
status-waiting = À { $name } de jouer.
status-hand-over = La manche est finie : touchez « Manche suivante » dans le message de la partie. /board le ramène ici, en bas.
status-group-your-move = Dans « { $group } », c'est à vous : choisissez un domino dans le message de votre jeu. /board le ramène ici, en bas.
status-group-waiting = Dans « { $group } », c'est à { $name } de jouer.
status-group-hand-over = Dans « { $group } », la manche est finie : n'importe quel joueur distribue la suivante depuis le groupe.
status-inline-hand-over = Dans « { $group } », la manche est finie : la suivante est distribuée dans quelques secondes, ou tout de suite avec le bouton de la carte.
status-group-lobby = La partie dans « { $group } » n'a pas encore commencé : on démarre quand toutes les places sont prises.
status-lobby-here = Une partie se prépare ici : touchez « S'asseoir » pour prendre une place. /board la réaffiche.
status-hand-over-here = La manche est finie : n'importe quel joueur distribue la suivante depuis la table. /board la réaffiche.
cmd-join = Rejoindre la table
