## La table en image : du texte simple, sans balises (il est dessiné, pas envoyé en HTML).

pic-hand = Manche { $hand }
pic-pass = passe
pic-team = { $first } et { $second }
pic-score = { $side } : { $score }
pic-eggs = Œufs reportés : { $eggs }
pic-hand-won = Fin de manche : { $side } +{ $points }
pic-hand-tie = Fin de manche : égalité, personne ne marque
pic-kozel-written = Fin de manche : { $side } inscrivent { $points }
pic-kozel-13 = Fin de manche : { $side }, rien d'inscrit (règle du 13) : { $points }
pic-kozel-eggs = Fin de manche : œufs ! Reportés : { $eggs }
pic-match-won = Partie gagnée par { $side }
pic-goats = Les boucs : { $side }
