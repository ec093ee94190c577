## Italiano: /stats, /top, /forgetme, e la riga sui record dopo una partita di
## gruppo. $name, $team e $group sono già protetti; $points è una media.

cmd-stats = I tuoi record (in un gruppo: quelli di lì; in risposta a un messaggio: i suoi)
cmd-top = I record del gruppo: punteggi, caproni, coppia migliore
cmd-forgetme = Cancella i tuoi record e tutto ciò che tengo su di te

stats-title = 📊 <b>{ $name }</b>, tutte le partite
stats-title-group = 📊 <b>{ $name }</b> in «{ $group }»
stats-results = Giocate: { $played } · vinte: { $won } · perse: { $lost } · percentuale di vittorie: { $rate }%
stats-kozel = <b>Kozel</b> · caproni: { $goats } · vittorie a secco: { $won } · sconfitte a secco: { $lost }
stats-kozel-hands = Pesci fatti: { $fish } · uova fatte: { $eggs } · punti segnati per mano, in media: { NUMBER($points, maximumFractionDigits: 1) }
stats-classic = <b>Con pesca e a blocco</b> · punti fatti per mano, in media: { NUMBER($points, maximumFractionDigits: 1) }
stats-partners = <b>Compagni a Kozel</b>
stats-partner = { $name }: giocate: { $played } · vinte: { $won } · { $rate }%
stats-bots = <b>Contro i bot</b>
stats-bot = { $variant }, { $level }: giocate: { $played } · vinte: { $won }
stats-none = { $name } non ha ancora finito nessuna partita.
stats-none-group = { $name } non ha ancora finito nessuna partita in «{ $group }».
stats-of-a-bot = I bot non tengono record.
stats-rating = Punteggio: { $rating } · partite con punteggio: { $count }
stats-rating-group = Punteggio qui: { $rating } · partite con punteggio qui: { $count } · ovunque: { $overall }
# How a rating is computed: in /help only (the records show the figures alone).
help-rating = <b>Il punteggio</b> (partite nei gruppi, o nate da un invito in qualsiasi chat): tutti partono da 1000. Di solito una vittoria lo fa salire e una sconfitta scendere, tanto più quanto più forti sono gli avversari e quante meno partite hai giocato. È la stima prudente di OpenSkill μ − 3σ, mostrata × 40 + 1000. Il punteggio di ogni livello dei bot, mostrato dove lo scegli, è misurato allo stesso modo su molte partite tra i livelli.

top-title = 🏆 <b>Record di «{ $group }»</b>
top-ratings = <b>Classifica</b>:
top-rated = { $n }. { $name }: { $rating } · { $count ->
    [one] { $count } partita
   *[other] { $count } partite
}
top-ratings-none = <b>Classifica</b>: qui nessuno ha ancora un punteggio; i punteggi partono dalla prossima partita finita.
top-rating-bot = 🤖 Bot ({ $level })
top-goats = <b>Più spesso caproni</b>:
top-goat = { $n }. { $name }: { $count ->
    [one] { $count } volta
   *[other] { $count } volte
}
top-pair = <b>Coppia migliore</b>: { $team } · { $rate }% · giocate insieme: { $played }
top-pair-none = <b>Coppia migliore</b>: nessuna coppia ha ancora giocato { $count ->
    [one] { $count } partita
   *[other] { $count } partite
} insieme.
top-empty = Nessuna partita è stata ancora contata in «{ $group }»: i record cominciano con la prima finita.
top-in-a-group = /top mostra i record di un gruppo: mandalo in un gruppo dove giochiamo.

line-ratings = 📈 Punteggi dopo la partita: { $ratings }
line-rating = { $name } { $rating } ({ $change })
line-pair = 🤝 { $team }: { $count ->
    [one] { $count } vittoria
   *[other] { $count } vittorie
} insieme!
line-goats = 🐐 { $name }: { $count ->
    [one] { $count } volta
   *[other] { $count } volte
} tra i caproni.
line-wins = 🏅 { $name }: { $count ->
    [one] { $count } vittoria
   *[other] { $count } vittorie
} qui!

forget-ask = Cancellare i tuoi record (partite, vittorie, caproni, compagni) e tutto il resto che tengo su di te: la lingua scelta e le partite di gruppo in cui hai un posto? Non si può annullare.
btn-forget-yes = Sì, cancella tutto
btn-forget-no = No, tienili
forget-done = Fatto: non tengo più niente su di te. Una partita in cui giochi mostra il tuo nome finché non finisce e sparisce, 2 giorni dopo.
forget-kept = Non è stato cancellato niente.
forget-in-private = /forgetme funziona nella nostra chat privata: mandamelo lì.
