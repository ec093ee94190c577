## English: /board, /stop and /leave when they are sent, and what the bot says about a
## game in progress to input it does not understand. $name and $group are escaped.

cmd-board = Show the game again at the bottom of the chat

no-game-here = There is no game here right now.
stop-in-group = Your game in «{ $group }» is stopped from that group: whoever opened it, or an admin, sends /stop there.
stop-ask-invite = Stop the game «{ $group }»? The score will be lost for everyone at the table.
stop-invite-not-yours = Only whoever posted the invitation stops the game «{ $group }». /leave gives your seat to a bot.
leave-none = You have no seat to leave at a game with other people. A game against the bots ends with /stop.
leave-in-group = Your seat in «{ $group }» is left from that group: send /leave there.
leave-invite-lobby = You left «{ $group }».
leave-invite-match = You left «{ $group }»: a bot plays your seat from now on.
stop-ask-group = Stop this group's game? The score will be lost. Only { $name } can answer.
stop-not-yours = Only whoever sent this /stop can answer it.
stop-outdated = This question is out of date: send /stop again.

status-your-move = It is your move: pick a tile in the game message. /board brings it down here.
status-waiting = { $name } is to play.
status-hand-over = The hand is over: tap Next hand in the game message. /board brings it down here.
status-group-your-move = In «{ $group }» it is your move: pick a tile in your hand's message. /board brings it down here.
status-group-waiting = In «{ $group }», { $name } is to play.
status-group-hand-over = In «{ $group }» the hand is over: any player deals the next one from the group.
status-inline-hand-over = In «{ $group }» the hand is over: the next one is dealt in a few seconds, or at once with Next hand on the card.
status-group-lobby = The game in «{ $group }» has not started yet: it starts when every seat is taken.
status-lobby-here = A game is being set up here: tap Join to take a seat. /board shows it again.
status-hand-over-here = The hand is over: any player deals the next one from the table. /board shows it again.
cmd-join = Join the lobby
