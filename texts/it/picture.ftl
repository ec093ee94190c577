## Il tavolo in immagine: testo semplice, senza marcatura (viene disegnato, non inviato come HTML).

pic-hand = Mano { $hand }
pic-pass = passo
pic-score = { $side }: { $score }
