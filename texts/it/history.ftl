## Italiano: /history, le ultime partite di una chat, e l'ultima mano della più recente
## mossa per mossa. $name e $team sono già con escape; $date la scrive il bot (UTC).

cmd-history = Le ultime partite giocate qui

history-title = <b>Le ultime partite giocate qui</b>, dalla più recente:
history-none = Qui non è ancora finita nessuna partita.
history-entry = <b>{ $n }.</b> { $date } · { $variant } · { $goal }
history-won = 🏆 { $who ->
    [you] Hai vinto.
   *[other] Ha vinto { $name }.
}
history-team-won = 🏆 { $team } { $who ->
    [you] avete vinto.
   *[other] hanno vinto.
}
history-goats = 🐐 { $team } { $who ->
    [you] siete i caproni.
   *[other] sono i caproni.
}
history-dry = Vittoria a secco!
# Una persona che ha chiesto al bot di dimenticarla, per il suo posto.
history-forgotten = Giocatore { $n }
history-hint = /history last mostra l'ultima mano mossa per mossa.
history-usage = Manda /history per le ultime partite giocate qui, o /history last per l'ultima mano della più recente, mossa per mossa.
history-hand-title = <b>L'ultima mano della partita a { $variant } del { $date }</b>
history-hand-gone = L'ultima mano di quella partita non si può più mostrare.
