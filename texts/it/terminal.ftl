## Italiano, il gioco nel terminale (`dominoes play`). Stesso markup di bot.ftl.

term-intro = <b>{ $variant }</b> · { $count ->
    [one] { $count } giocatore
   *[other] { $count } giocatori
} · bot: { $level }
term-partner = In coppia con te: { $name }, di fronte a te.
term-seed = Seme della distribuzione { $seed }: rigioca questa partita con --seed { $seed }.
term-moves-lead = Apertura:
term-moves-left = Estremità sinistra ◀ { $number }:
term-moves-right = Estremità destra { $number } ▶:
term-choose = { $count ->
    [1] La tua scelta (1):
   *[other] La tua scelta (1–{ $count }):
}
term-bad-choice = { $count ->
    [1] Scrivi 1, poi Invio.
   *[other] Scrivi un numero da 1 a { $count }, poi Invio.
}
term-next-hand = Premi Invio per distribuire la mano successiva.
term-again = Un'altra partita?
term-quit = Esci
term-bye = Grazie per aver giocato!
term-end-of-input = Input terminato: la partita si ferma qui.
term-interrupted = Partita interrotta. A presto!
term-kozel-players = Il Kozel si gioca in 4 esatti: tu, il tuo compagno e due avversari.
