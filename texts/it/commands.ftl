## Italiano: /board, /stop e /leave nel momento in cui sono mandati, e cosa dice il bot
## di una partita in corso quando non capisce un messaggio. $name e $group sono protetti.

cmd-board = Mostra di nuovo la partita in fondo alla chat

no-game-here = Al momento qui non c'è nessuna partita.
stop-in-group = La tua partita in «{ $group }» si ferma da quel gruppo: chi l'ha aperta, o un amministratore, vi manda /stop.
stop-ask-invite = Fermare la partita «{ $group }»? Il punteggio andrà perso per tutto il tavolo.
stop-invite-not-yours = La partita «{ $group }» la ferma solo chi ha pubblicato l'invito. /leave dà il tuo posto a un bot.
leave-none = Non hai un posto da lasciare in una partita con altre persone. Una partita contro i bot finisce con /stop.
leave-in-group = Il tuo posto in «{ $group }» si lascia da quel gruppo: manda /leave lì.
leave-invite-lobby = Hai lasciato «{ $group }».
leave-invite-match = Hai lasciato «{ $group }»: da ora un bot gioca al tuo posto.
stop-ask-group = Fermare la partita del gruppo? Il punteggio andrà perso. Può rispondere solo { $name }.
stop-not-yours = Può rispondere solo chi ha mandato questo /stop.
stop-outdated = Questa domanda non vale più: manda di nuovo /stop.

status-your-move = Tocca a te: scegli una tessera nel messaggio della partita. /board lo riporta qui in fondo.
status-waiting = Tocca a { $name }.
status-hand-over = La mano è finita: tocca «Mano successiva» nel messaggio della partita. /board lo riporta qui in fondo.
status-group-your-move = In «{ $group }» tocca a te: scegli una tessera nel messaggio con le tue tessere. /board lo riporta qui in fondo.
status-group-waiting = In «{ $group }» tocca a { $name }.
status-group-hand-over = In «{ $group }» la mano è finita: qualsiasi giocatore distribuisce la prossima dal gruppo.
status-inline-hand-over = In «{ $group }» la mano è finita: la prossima si distribuisce tra pochi secondi, o subito con il pulsante sulla scheda.
status-group-lobby = La partita in «{ $group }» non è ancora cominciata: comincia quando tutti i posti sono presi.
status-lobby-here = Qui si sta preparando una partita: tocca «Siediti» per prendere un posto. /board la mostra di nuovo.
status-hand-over-here = La mano è finita: qualsiasi giocatore distribuisce la prossima dal tavolo. /board lo mostra di nuovo.
cmd-join = Siediti al tavolo
