## Italiano, una distribuzione che chiunque può verificare: il codice della distribuzione
## durante la mano, il suo segreto nel risultato della mano (`core.fair`), e cosa ne dice /rules.

deal-commitment = Codice della distribuzione: <code>{ $commitment }</code>
deal-secret =
    Segreto della distribuzione: <code>{ $secret }</code>
    Deve dare il codice di distribuzione { $commitment }: per verificarlo, e rivedere tutte le mani, invia <code>/verify</code> e il segreto.
rules-fair-deal =
    <b>Una distribuzione che chiunque può verificare.</b> Durante una mano il tavolo mostra il codice della sua distribuzione; alla fine della mano, il pulsante 🔑 sotto il risultato ti manda il segreto della distribuzione. Mandami <code>/verify</code> seguito da quel segreto (o lancia <code>dominoes verify</code> in un terminale, con il codice sorgente del bot) per rifare la distribuzione dal solo segreto e vedere il codice che ne risulta: se è quello che hai visto, le tessere non sono state truccate. Il segreto di ogni mano è derivato, in un solo verso, da un segreto della partita che non viene mai mostrato: non dice nulla delle mani successive né delle mosse dei bot.

# A deal dealt again from its secret: /verify in the bot, dominoes verify in a terminal.
verify-title = <b>{ $variant }</b> · { $count ->
    [one] { $count } giocatore
   *[other] { $count } giocatori
}
verify-code = Codice della distribuzione: <b>{ $commitment }</b> (il tavolo lo mostrava durante la mano)
verify-seats = I posti nell'ordine in cui li elenca il risultato della mano.
verify-redeal = Distribuzione { $n }: il posto { $number } ha ricevuto { $reason ->
    [doubles] cinque doppi o più
   *[suit] sei tessere dello stesso numero
}, quindi si è rimescolato e distribuito di nuovo.
verify-deal = Distribuzione { $n }, quella giocata:
verify-seat = Posto { $n }: { $tiles }
verify-boneyard = Mazzo, nell'ordine di pesca: { $tiles }
verify-out-of-play = Fuori gioco: { $tiles }
verify-bad-shape = Questo non è un segreto di distribuzione. Il risultato di una mano lo mostra come gioco, numero di giocatori e 64 cifre esadecimali: kozel-4-3f9c… (copialo per intero).
verify-bad-game = Questo segreto di distribuzione non nomina nessun gioco di questo bot: inizia con draw, block o kozel.
verify-bad-players = Il gioco di questo segreto di distribuzione non si gioca con quel numero di giocatori.
verify-bad-key = Un segreto di distribuzione finisce con esattamente 64 cifre esadecimali (0–9 e a–f): questo è troncato o troppo lungo.
cmd-verify = Verifica la distribuzione di una mano
verify-usage = Invia <code>/verify</code> seguito dal segreto della distribuzione, come lo mostra il risultato della mano (kozel-4-3f9c…): ridistribuisco la mano dal solo segreto e mostro il codice di distribuzione che ne risulta. Se è il codice che il tavolo mostrava durante la mano, le tessere non erano truccate.

# A group's hand result: the deal's secret behind a button, sent privately.
deal-check = Codice di distribuzione <code>{ $commitment }</code>: il segreto per verificarla si ottiene col pulsante.
btn-deal-secret = 🔑 Segreto della distribuzione
deal-secret-for = Mano { $hand } in «{ $group }»
deal-secret-own = { $variant }, mano { $hand }
deal-secret-sent = Il segreto della distribuzione è nella tua chat privata con me.
