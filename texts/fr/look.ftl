# Comment une conversation voit ses parties : /look, en privé ou dans un groupe.

cmd-look = Voir les parties en image ou en texte
look-choose = Comment voulez-vous voir vos parties ?
look-set-picture = Désormais, je vous montrerai vos parties en image.
look-set-text = Désormais, je vous montrerai vos parties en texte.
group-look-choose = Comment montrer la table de ce groupe ?
group-look-set-picture = Désormais, je montrerai la table de ce groupe en image. Le jeu de chaque joueur, dans sa conversation privée, suit le choix fait là-bas.
group-look-set-text = Désormais, je montrerai la table de ce groupe en texte. Le jeu de chaque joueur, dans sa conversation privée, suit le choix fait là-bas.
btn-look-picture = 🖼 Image
btn-look-text = 🔤 Texte
