## Italiano, il gioco nel terminale (`dominoes play`). Stesso markup di bot.ftl.

term-intro = <b>{ $variant }</b> · { $count ->
    [one] { $count } giocatore
   *[other] { $count } giocatori
} · bot: { $level }
term-partner = Il tuo compagno è { $name }, seduto di fronte a te.
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

## dominoes verify: la distribuzione di una mano rifatta, dal segreto del suo risultato

term-verify-title = <b>{ $variant }</b> · { $count ->
    [one] { $count } giocatore
   *[other] { $count } giocatori
}
term-verify-code = Codice della distribuzione: <b>{ $commitment }</b> (il tavolo lo mostrava durante la mano)
term-verify-seats = I posti nell'ordine in cui li elenca il risultato della mano.
term-verify-redeal = Distribuzione { $n }: il posto { $number } ha ricevuto { $reason ->
    [doubles] cinque doppi o più
   *[suit] sei tessere dello stesso numero
}, quindi si è rimescolato e distribuito di nuovo.
term-verify-deal = Distribuzione { $n }, quella giocata:
term-verify-seat = Posto { $n }: { $tiles }
term-verify-boneyard = Mazzo, nell'ordine di pesca: { $tiles }
term-verify-out-of-play = Fuori gioco: { $tiles }
term-verify-bad-shape = Questo non è un segreto di distribuzione. Il risultato di una mano lo mostra come gioco, numero di giocatori e 64 cifre esadecimali: kozel-4-3f9c… (copialo per intero).
term-verify-bad-game = Questo segreto di distribuzione non nomina nessun gioco di questo bot: inizia con draw, block o kozel.
term-verify-bad-players = Il gioco di questo segreto di distribuzione non si gioca con quel numero di giocatori.
term-verify-bad-key = Un segreto di distribuzione finisce con esattamente 64 cifre esadecimali (0–9 e a–f): questo è troncato o troppo lungo.
