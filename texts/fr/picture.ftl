## La table en image : du texte simple, sans balises (il est dessiné, pas envoyé en HTML).

pic-hand = Manche { $hand }
pic-pass = passe
pic-score = { $side } : { $score }
