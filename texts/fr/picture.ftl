## La table en image : du texte simple, sans balises (il est dessiné, pas envoyé en HTML).

pic-hand = Manche { $hand }
pic-pass = passe
pic-team = { $first } et { $second }
pic-eggs = Œufs : { $eggs }
# Un nom sans rien à dessiner (que des emoji) : le joueur par sa place.
pic-player = Joueur { $n }
# La fin d'une manche en image : ce qui s'est passé (en grand), puis les points.
pic-domino = Domino ! { $name }
pic-fish = Un poisson !
pic-blocked = Bloquée : personne ne peut jouer
pic-hand-won = { $side } +{ $points }
pic-hand-tie = Égalité : personne ne marque
pic-kozel-written = { $side } inscrivent { $points }
pic-kozel-13 = { $side }, rien d'inscrit (règle du 13) : { $points }
pic-kozel-eggs = Œufs ! Reportés à la manche suivante : { $eggs }
pic-match-won = Partie gagnée
pic-goats = Les boucs !
pic-dry = Victoire sèche !
