## Il tavolo in immagine: testo semplice, senza marcatura (viene disegnato, non inviato come HTML).

pic-hand = Mano { $hand }
pic-pass = passo
pic-team = { $first } e { $second }
pic-score = { $side }: { $score }
pic-eggs = Uova riportate: { $eggs }
pic-hand-won = Fine mano: { $side } +{ $points }
pic-hand-tie = Fine mano: pareggio, nessuno segna
pic-kozel-written = Fine mano: { $side } si segnano { $points }
pic-kozel-13 = Fine mano: { $side }, non si scrive (regola del 13): { $points }
pic-kozel-eggs = Fine mano: uova! Riportate: { $eggs }
pic-match-won = Partita vinta da { $side }
pic-goats = I caproni: { $side }
