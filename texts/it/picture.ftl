## Il tavolo in immagine: testo semplice, senza marcatura (viene disegnato, non inviato come HTML).

pic-hand = Mano { $hand }
pic-pass = passo
pic-team = { $first } e { $second }
pic-eggs = Uova: { $eggs }
# Un nome senza niente da disegnare (solo emoji): il giocatore secondo il posto.
pic-player = Giocatore { $n }
# La fine di una mano in immagine: cosa è successo (in grande), poi i punti.
pic-domino = Domino! { $name }
pic-fish = Un pesce!
pic-blocked = Bloccata: nessuno può giocare
pic-hand-won = { $side } +{ $points }
pic-hand-tie = Pareggio: nessuno segna
pic-kozel-written = { $side } si segnano { $points }
pic-kozel-13 = { $side }, non si scrive (regola del 13): { $points }
pic-kozel-eggs = Uova! Riportate alla mano dopo: { $eggs }
pic-match-won = Partita vinta
pic-goats = I caproni!
pic-dry = Vittoria a secco!
