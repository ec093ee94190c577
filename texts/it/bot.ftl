## Italiano. HTML di Telegram: scrivere &amp; &lt; &gt; per & < >.
## $who vale "you" o "other" (sceglie la forma); $name è già protetto.

## Nomi

you = Tu
# Inside a line (a score, a pair): "Bot 2 & you".
you-inline = tu
bot-name = Bot { $n }
team = { $first } e { $second }

variant-draw = Con pesca
variant-block = A blocco
variant-kozel = Kozel

level-easy = Facile
level-medium = Medio
level-hard = Forte
level-expert = Esperto
level-rated = { $level } ≈ { $rating }

## Comandi (il menu accanto al campo di testo)

cmd-start = Presentazione e cosa so fare
cmd-play = Nuova partita contro i bot
cmd-score = Punteggio della partita in corso
cmd-rules = Regole di ogni gioco
cmd-lang = Cambia lingua
cmd-stop = Abbandona la partita in corso
cmd-help = Come giocare con me
cmd-kozel = Apri qui una partita a Kozel: quattro giocatori, due coppie
cmd-new = Apri qui una partita: con pesca, a blocco o Kozel, da 2 a 4 giocatori
cmd-leave = Lascia la partita del gruppo: un bot gioca al tuo posto

## Benvenuto e aiuto

start = Ciao, { $name }! Gioco a domino con te: con pesca, a blocco e a Kozel, il gioco russo a coppie.
help =
    <b>Comandi</b>
    /play — una nuova partita: scegli il gioco, quanti bot avversari, la loro forza e il punteggio obiettivo
    /score — il punteggio della partita in corso
    /board — di nuovo la partita, in fondo alla chat
    /stats — i tuoi record · /history — le ultime partite qui
    /forgetme — cancella i tuoi record e tutto ciò che tengo su di te
    /rules — le regole di ogni gioco
    /lang — la lingua in cui ti parlo
    /look — le partite come immagine o come testo
    /stop — abbandona la partita in corso
    
    La partita è un unico messaggio che tengo aggiornato. Tocca una tessera per giocarla: ◀ la attacca all'estremità sinistra della catena, ▶ a quella destra. I bot giocano subito; pesco e passo io per te quando serve.
    
    <b>Con gli amici:</b> aggiungimi a un gruppo e manda /kozel (o /new per le partite con pesca e a blocco). Le tessere di ogni giocatore arrivano qui, nella nostra chat privata.
    
    { help-rating }
stray-text = Manda /play per iniziare una partita, o /help per vedere cosa so fare.

## Il menu /play

menu-title = <b>Nuova partita</b>
menu-chosen-variant = Gioco: { $variant }
menu-chosen-opponents = Avversari: { $count ->
    [one] { $count } bot
   *[other] { $count } bot
}
menu-chosen-kozel = Tu e un bot compagno contro due bot
menu-chosen-level = Bot: { $level }
menu-ask-variant = Quale gioco?
menu-ask-opponents = Quanti bot avversari?
menu-ask-level = Quanto forti i bot? Accanto a ogni livello, il suo punteggio, sulla stessa scala del tuo (/help). L'esperto è il più forte e ci pensa un po' di più.
menu-ask-target = A quanti punti?
btn-opponents = { $count ->
    [one] { $count } bot
   *[other] { $count } bot
}
play-running = Hai già una partita in corso: eccola. Per iniziarne un'altra, prima chiudi questa con /stop.

## Il messaggio della partita

game-header = <b>{ $variant }</b> · mano { $hand } · { $goal }
target-classic = { $target ->
    [one] a { $target } punto
   *[other] ai { $target } punti
}
# L'obiettivo del Kozel, uguale nella sala d'attesa e al tavolo: il punteggio dei caproni.
target-goats = caproni a { $mark }
line = Catena: { $tiles }
line-empty = La catena è vuota.
ends = Estremità: ◀ { $left } e { $right } ▶
hand-size = { $name } { $count }
hand-sizes = Tessere in mano: { $sizes }
boneyard = Mazzo: { $count ->
    [0] vuoto
    [one] { $count } tessera
   *[other] { $count } tessere
}
score-entry = { $side }: { $score }
scores = Punteggio: { $scores }
eggs-carried = · uova riportate: { $eggs }
your-hand = La tua mano: { $tiles }
your-lead = <b>Apri tu:</b> gioca la tessera che vuoi.
your-move = <b>Tocca a te:</b> scegli una tessera.
your-turn-now = Tocca a te.
waiting-for = Si aspetta { $name }.
# La prima riga di un messaggio di partita, quella che mostra una notifica: cosa è appena successo, poi a chi tocca.
news-join = { $what } · { $turn }
news-turn = tocca a { $name }
news-your-move = <b>tocca a te</b>: estremità { $left } e { $right }
news-your-lead = <b>apri tu</b>: la tessera che vuoi
news-your-only = <b>tocca a te</b>: puoi giocare solo { $tile }
news-played = { $who ->
    [you] giochi
   *[other] { $name } gioca
} { $tile }
news-passed = { $who ->
    [you] passi
   *[other] { $name } passa
}
news-dealt = Mano { $hand } distribuita
news-redealt = Nuova distribuzione
btn-play-only = Gioca { $tile }
game-stopped = Questa partita è stata abbandonata.

end-left = a sinistra
end-right = a destra

## Cosa è successo dalla tua ultima mossa

log-hand-started = Distribuita la mano { $hand }.
log-redeal = { $who ->
    [you] Hai ricevuto
   *[other] { $name } ha ricevuto
} { $reason ->
    [doubles] cinque doppi o più
   *[suit] sei tessere dello stesso numero
}: si rimescola e si distribuisce di nuovo.
log-forced-lead = { $who ->
    [you] Apri
   *[other] { $name } apre
} con { $tile }, come vuole la regola.
log-led = { $who ->
    [you] Apri
   *[other] { $name } apre
} con { $tile }.
log-played = { $who ->
    [you] Attacchi
   *[other] { $name } attacca
} { $tile } { $end }.
log-played-drawn = { $who ->
    [you] Attacchi
   *[other] { $name } attacca
} la { $tile } pescata { $end }.
log-drew = { $who ->
    [you] Peschi
   *[other] { $name } pesca
} { $count ->
    [one] una tessera
   *[other] { $count } tessere
}.
log-drew-tiles = { $who ->
    [you] Peschi
   *[other] { $name } pesca
} { $tiles }.
log-passed = { $who ->
    [you] Dici
   *[other] { $name } dice
} «passo».

## Fine della mano

hand-domino = <b>Fine della mano { $hand }:</b> { $who ->
    [you] hai posato la tua
   *[other] { $name } ha posato la sua
} ultima tessera — «domino!»
hand-blocked = <b>Fine della mano { $hand }:</b> gioco bloccato, nessuno può più giocare.
hand-fish = <b>Fine della mano { $hand }:</b> bloccata — un pesce!
reveal = { $name }: { $tiles } — { $count }
reveal-empty = { $name }: nessuna tessera
lone-tile = (una { $tile } rimasta da sola vale { $count })
reveal-boneyard = Restava nel mazzo: { $tiles }
reveal-out-of-play = Fuori gioco: { $tiles }
result-tie = Il minimo è condiviso: nessuno segna, e la mano successiva si apre di nuovo con il doppio più alto.
result-domino = { $who ->
    [you] Segni
   *[other] { $name } segna
} { $points }: i puntini rimasti in mano agli avversari.
result-blocked = { $who ->
    [you] Hai
   *[other] { $name } ha
} meno puntini di tutti e { $who ->
    [you] segni
   *[other] segna
} { $points }: i puntini degli avversari meno i { $who ->
    [you] tuoi
   *[other] propri
}.
result-kozel-domino = { $team } { $who ->
    [you] vincete
   *[other] vincono
} la mano.
result-fish = { $team } { $who ->
    [you] avete più puntini in mano e vi prendete
   *[other] hanno più puntini in mano e si prendono
} tutto il pesce.
result-records = { $team } { $who ->
    [you] vi segnate
   *[other] si segnano
} { $points }.
result-rule-13 = { $team } { $who ->
    [you] dovreste segnarvi { $points }, ma siete
   *[other] dovrebbero segnarsi { $points }, ma sono
} ancora a 0 ed è meno di 13: non si scrive (regola del 13).
result-eggs-used = { $eggs ->
    [one] Compreso { $eggs } punto
   *[other] Compresi { $eggs } punti
} di uova riportate.
result-eggs = Le due coppie hanno gli stessi puntini: uova! Nessuno segna niente, e { $eggs ->
    [one] { $eggs } punto andrà
   *[other] { $eggs } punti andranno
} alla coppia che perderà la mano successiva.
btn-next-hand = Mano successiva
btn-rematch = Rivincita

## Fine della partita

match-won = <b>{ $who ->
    [you] Vinci
   *[other] { $name } vince
} la partita</b> con { $score ->
    [one] { $score } punto
   *[other] { $score } punti
}!
match-goats = <b>{ $team } { $who ->
    [you] arrivate a { $score }: siete
   *[other] arrivano a { $score }: sono
} i caproni!</b>
match-winners = { $team } { $who ->
    [you] vincete
   *[other] vincono
} la partita.
match-dry = Vittoria a secco: i vincitori sono ancora a 0!

## /score, /stop, /lang, /rules

score-none = Qui non c'è ancora una partita. Manda /play per iniziarne una.
stop-none = Non c'è nessuna partita da fermare.
stop-confirm = Abbandonare la partita in corso? Il punteggio andrà perso.
btn-stop-yes = Sì, abbandona
btn-stop-no = No, continuiamo
stop-done = Partita abbandonata. Manda /play per iniziarne un'altra.
stop-kept = La partita continua.
lang-choose = Scegli una lingua:
lang-set = Ti parlerò in italiano.
rules-choose = Le regole di quale gioco?

## Partite di gruppo: la sala d'attesa

lobby-title = <b>{ $variant }</b> — nuova partita, { $goal }
lobby-team = Coppia { $n }: { $seats }
lobby-seats = { $count ->
    [one] { $count } giocatore:
   *[other] { $count } giocatori:
}
lobby-seat = { $n }. { $name }
lobby-free = libero
lobby-bot = bot ({ $level })
lobby-level = Bot: { $level }
lobby-hint = Tocca «Siediti» o un posto libero; «⚙ Impostazioni» cambia il punteggio da raggiungere, il livello dei bot e il tempo per mossa. «Inizia» mette dei bot nei posti liberi; la partita comincia quando tutti i posti sono presi.
lobby-invite-hint = Le tue tessere arrivano nella nostra chat privata, che ti avvisa quando tocca a te. Se non posso ancora scriverti, giochi da qui («🂠 Le mie tessere», visibili solo a te) finché non <a href="{ $link }">apri la nostra chat</a> e tocchi Avvia.
lobby-cancelled = La partita è stata annullata.
btn-seat = { $n } · { $name }
btn-join = Siediti
btn-with-friends = 👥 Gioca con gli amici
btn-leave = Alzati
btn-add-bot = + Bot
btn-level = Bot: { $level }
btn-variant = { $variant }
btn-players = { $count ->
    [one] { $count } giocatore
   *[other] { $count } giocatori
}
btn-target = Ai { $target }
btn-start = Inizia
btn-cancel = Annulla
btn-settings = ⚙ Impostazioni
btn-settings-back = ← Indietro
btn-timer-next = { $seconds ->
    [0] ⏱ Timer: no
   *[other] ⏱ Timer: { $seconds } s
}
lobby-settings-hint = Tocca un'impostazione per cambiarla; «← Indietro» torna ai posti.
btn-my-hand = 🂠 Le mie tessere
turn-call = { $name }, tocca a te: «🂠 Le mie tessere» ti mostra le tue tessere, solo a te.
answer-seated-in-group = Hai un posto. Non posso ancora scriverti in privato, quindi le tue tessere compaiono qui, visibili solo a te: «🂠 Le mie tessere».
group-hand-lobby = 🂠 Il tuo posto a questo tavolo è riservato. Quando comincia la partita, le tue tessere compaiono qui al tuo turno, visibili solo a te; «🂠 Le mie tessere» le mostra in ogni momento.
# A private hand's way back to the group's table (a supergroup's: a basic group's messages have no link).
btn-to-table = ↩ Torna al tavolo
btn-take-seat = Gioca per Bot { $n }

## Partite di gruppo: il tavolo e gli annunci

table-turn = ▶ Tocca a { $name }.
table-hand-over = Tutte le tessere sono nel risultato della mano, qui sotto. La prossima si distribuisce tra pochi secondi, o subito con il pulsante.
table-match-over = Il risultato della partita è qui sotto.
table-next-hand = La prossima mano si distribuisce tra pochi secondi, o subito con il pulsante.
notice-left = { $name } lascia la partita: d'ora in poi gioca { $bot } al suo posto.
notice-took = { $name } prende il posto di Bot { $n }.
notice-all-left = Tutti hanno lasciato il tavolo: la partita è finita.
group-help =
    <b>Domino in questo gruppo</b>
    /kozel — apri una partita a Kozel: quattro giocatori, due coppie, i compagni uno di fronte all'altro
    /new — apri una partita a scelta: con pesca o a blocco, da 2 a 4 giocatori (o Kozel)
    /join — siediti al tavolo aperto · /verify — verifica la distribuzione di una mano dal suo segreto
    /leave — lascia la partita: un bot gioca al tuo posto
    /stop — ferma la partita (chi l'ha aperta, o un amministratore)
    /score — il punteggio · /board — di nuovo il tavolo, in fondo
    /stats — i tuoi record qui (in risposta a un messaggio: i suoi) · /top — i record del gruppo
    /history — le ultime partite qui (/history last: l'ultima mano, mossa per mossa)
    /rules — le regole
    /lang — la lingua del gruppo (chi ha aperto la partita, o un amministratore)
    /look — il tavolo come immagine o come testo (chi ha aperto la partita, o un amministratore)
    
    Il tavolo è un unico messaggio qui. Le tessere di ogni giocatore sono nella sua chat privata con me, dove chi deve giocare riceve i pulsanti; 🂠 sotto il tavolo mostra le tue tessere anche qui, solo a te, e puoi giocare da lì.
    
    { help-rating }
group-private-only = Questo comando funziona nella nostra chat privata: mandamelo lì. Qui si usa /kozel o /new.
group-none = Qui non c'è ancora nessuna partita. Manda /kozel o /new per aprirne una.
group-new-usage = Manda /new, oppure /new con un gioco e il numero di giocatori: /new block 3.
group-game-gone = Questa partita non è più nella mia memoria: manda /kozel o /new per ricominciare.
group-busy = In questo gruppo c'è già una partita aperta: unisciti, o prima /stop.
group-stopped = La partita è stata fermata.

## Partite di gruppo: il messaggio privato di ogni giocatore

private-group = Gruppo «{ $group }»
invite-table = Invito · { $name }
private-rematch-inline = Una rivincita si può avviare dalla scheda dell'invito, dove c'è il tavolo.
private-lobby = Hai un posto nella partita in «{ $group }». Le tue tessere appariranno qui quando comincia.
private-joining = Ti siedi al tavolo in «{ $group }»: le tue tessere appariranno qui.
private-not-seated = Non sei più al tavolo in «{ $group }».
private-cancelled = La partita in «{ $group }» è stata annullata.
private-partner = in coppia con { $name }, di fronte a te
private-next-hand = La mano successiva si distribuisce tra pochi secondi.
private-rematch = Una rivincita si può avviare dal gruppo.

## Rifiuti (avvisi brevi)

refusal-no-game = Questa partita non esiste più.
refusal-not-a-player = Non è la tua partita.
refusal-stale = Questo pulsante è superato: la partita è andata avanti.
refusal-game-over = Questa partita è finita.
refusal-game-running = Hai già una partita in corso. Prima /stop.
refusal-not-your-turn = Non è il tuo turno.
refusal-invalid = Questo pulsante non è valido.
refusal-bad-options = Non si può preparare una partita così.
refusal-unknown-button = Questo pulsante non funziona più.
refusal-seat-taken = Quel posto è già preso.
refusal-game-full = Tutti i posti sono presi.
refusal-already-seated = Hai già un posto.
refusal-not-seated = Non sei a questo tavolo.
refusal-not-allowed = Può farlo solo chi ha aperto la partita, o un amministratore del gruppo.
refusal-needs-person = Al tavolo serve almeno una persona.
refusal-too-many = Ci sono già più persone sedute.
refusal-lobby-closed = A questa partita non ci si può più sedere.
refusal-not-between-hands = Un posto cambia giocatore solo tra una mano e l'altra.
refusal-private-chat = Apri la mia chat e tocca Avvia: sarai al tavolo.
refusal-wrong-chat = Questo pulsante non appartiene a questa chat.
refusal-not-a-member = Solo i membri del gruppo possono sedersi al suo tavolo.
error-storage = Al momento non riesco a raggiungere l'archivio delle partite. Non è cambiato niente: riprova tra poco.
error-storage-uncertain = Ho perso il contatto con la memoria delle partite durante il salvataggio: la mossa potrebbe essere stata registrata oppure no. Tra un attimo la partita lo mostrerà.
error-generic = Qualcosa è andato storto da parte mia. Riprova, per favore.
error-telegram = Telegram non ha accettato la mia risposta proprio ora. Riprova tra un momento.
error-busy = Ho molto da fare in questo momento: premi di nuovo tra un attimo.

## Regole

rules-tiles =
    <b>Le tessere.</b> Il domino doppio sei: 28 tessere, ogni metà con un numero di puntini da 0 a 6, e ogni combinazione compare una volta sola. Una tessera con le due metà uguali (0|0 … 6|6) è un doppio. Una tessera vale la somma dei suoi puntini: 6|6 vale 12, 2|5 vale 7, 0|0 niente.
rules-play =
    <b>Il gioco.</b> A turno, in senso orario, ognuno attacca una tessera a una delle due estremità della catena: le metà che si toccano devono avere lo stesso numero. Chi può giocare deve giocare. I doppi si posano di traverso, ma la catena ha sempre solo due estremità; una tessera che si attacca da entrambi i lati va dove scegli tu.
rules-classic-goal =
    <b>Obiettivo.</b> Liberarsi per primi delle proprie tessere (o restare con meno puntini quando il gioco si blocca) e arrivare per primi al punteggio obiettivo.
rules-classic-lead =
    <b>Chi apre.</b> Nella prima mano apre chi ha il doppio più alto, giocando proprio quel doppio; se nessuno ha doppi, si apre con la tessera più pesante. Questa apertura obbligata la faccio io per te. Nelle mani successive apre il vincitore della mano precedente, con la tessera che preferisce; dopo una mano finita in parità si torna al doppio più alto.
rules-classic-end =
    <b>Fine della mano.</b> Chi posa l'ultima tessera — «domino!» — segna i puntini rimasti in mano a tutti gli avversari. Se nessuno può più giocare, il gioco è bloccato: vince la mano chi ha meno puntini e segna i puntini degli avversari meno i propri. Se il minimo è condiviso, nessuno segna.
    <b>La partita.</b> Vince chi arriva per primo al punteggio obiettivo: 50, 100 o 150 punti.
rules-draw =
    <b>Con pesca</b>
    
    { rules-classic-goal }
    { rules-tiles }
    <b>La distribuzione.</b> In due, 7 tessere a testa; in tre o in quattro, 5 a testa. Le altre restano coperte e formano il mazzo da cui si pesca.
    { rules-classic-lead }
    { rules-play }
    <b>Pescare.</b> Se non puoi giocare, pesca dal mazzo una tessera alla volta finché ne trovi una che si attacca, e giocala subito; se il mazzo finisce prima, passi. Non si può pescare quando si ha una tessera giocabile. Pesco e passo io per te.
    { rules-classic-end }
    { rules-fair-deal }
rules-block =
    <b>A blocco</b>
    
    { rules-classic-goal }
    { rules-tiles }
    <b>La distribuzione.</b> In due, 7 tessere a testa (le altre 14 restano coperte, fuori gioco); in tre, 6 a testa (10 fuori gioco); in quattro, 7 a testa (si distribuiscono tutte).
    { rules-classic-lead }
    { rules-play }
    <b>Passare.</b> Non c'è niente da pescare: chi non può attaccare nessuna tessera dice «passo» e salta il turno. Passo io per te.
    { rules-classic-end }
    { rules-fair-deal }
rules-kozel =
    <b>Kozel</b> («il caprone»), il classico dei cortili russi
    
    <b>Obiettivo.</b> Quattro giocatori in due coppie, i compagni seduti uno di fronte all'altro. Qui i punti sono penalità: perde la coppia che arriva per prima a 101.
    { rules-tiles }
    <b>La distribuzione.</b> 7 tessere a testa, nessun mazzo. Se un giocatore riceve 5 doppi o più, oppure 6 tessere con lo stesso numero, si rimescola e si distribuisce di nuovo.
    <b>Chi apre.</b> Nella prima mano apre chi ha l'1|1, giocando proprio quella tessera; poi apre, con una tessera qualsiasi, chi ha chiuso la mano precedente.
    { rules-play }
    Chi non può attaccare passa; passo io per te.
    <b>I punti.</b> Quando un giocatore posa l'ultima tessera, la sua coppia vince la mano e l'altra coppia si segna i puntini rimasti in mano a entrambi i suoi giocatori (una 0|0 rimasta da sola vale 25, una 6|6 da sola vale 50).
    <b>Il pesce.</b> Una mano bloccata si chiama pesce: la coppia con più puntini in mano si segna tutti i puntini rimasti ai quattro giocatori. In caso di parità si hanno le uova: nessuno segna niente, e quei punti andranno alla coppia che perderà la mano successiva.
    <b>Regola del 13.</b> Finché una coppia non ha ancora segnato nulla, un punteggio di mano inferiore a 13 non le si scrive.
    <b>I caproni.</b> La coppia che arriva per prima a 101 punti perde: sono i caproni (51 o 151 con obiettivo 50 o 150). Se i vincitori sono ancora a zero, è una vittoria a secco.
    { rules-fair-deal }

# Il foglio dei punti: /score e il risultato della partita, una riga per mano.
sheet-title = <b>Mano per mano</b>
sheet-points = { $hand }. { $side } +{ $points }
sheet-tie = { $hand }. Pareggio: nessuno segna
sheet-eggs = { $hand }. Uova, riportate: { $eggs }
sheet-rule-13 = { $hand }. { $side }, non si scrive (regola del 13): { $points }
sheet-fish = pesce
sheet-eggs-used = uova comprese: { $eggs }
invite-title = { $game } · { $players }
invite-description = Un invito da pubblicare qui: gli amici si siedono, tu avvii la partita.
invite-card = 🁫 { $name } ti invita a giocare: <b>{ $game }</b>, { $players }. Premi Siediti; { $name } avvia la partita.
