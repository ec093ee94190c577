## Italiano, una distribuzione che chiunque può verificare: il codice della distribuzione
## durante la mano, il suo segreto nel risultato della mano (`core.fair`), e cosa ne dice /rules.

deal-commitment = Codice della distribuzione: <code>{ $commitment }</code>
deal-secret =
    Segreto della distribuzione: <code>{ $secret }</code>
    Deve dare il codice { $commitment }: verificalo, insieme alle mani qui sopra, con <code>dominoes verify</code>.
rules-fair-deal =
    <b>Una distribuzione che chiunque può verificare.</b> Durante una mano il tavolo mostra il codice della sua distribuzione; alla fine della mano, il risultato mostra il segreto della distribuzione. <code>dominoes verify</code> seguito da quel segreto (un comando che viene con il codice sorgente del bot) rifà la distribuzione dal solo segreto e stampa il codice che ne risulta: se è quello che hai visto, le tessere non sono state truccate. Il segreto di ogni mano è derivato, in un solo verso, da un segreto della partita che non viene mai mostrato: non dice nulla delle mani successive né delle mosse dei bot.
