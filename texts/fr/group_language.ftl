# The group's one language: /lang sent in a group.

group-lang-choose = La langue de ce groupe (ses parties, et mes réponses ici) :
group-lang-set = Dans ce groupe, je parlerai en français. Le jeu de chaque joueur reste dans sa propre langue.
refusal-admins-only = Tant qu'aucune partie n'est ouverte ici, seul un administrateur du groupe peut le faire.
