# Come una chat vede le sue partite: /look, in privato o in un gruppo.

cmd-look = Partite come immagine o come testo
look-choose = Come vuoi vedere le tue partite?
look-set-picture = D'ora in poi ti mostrerò le partite come immagine.
look-set-text = D'ora in poi ti mostrerò le partite come testo.
group-look-choose = Come mostro il tavolo di questo gruppo?
group-look-set-picture = D'ora in poi mostrerò il tavolo di questo gruppo come immagine. Le tessere di ogni giocatore, nella chat privata, seguono la scelta fatta lì.
group-look-set-text = D'ora in poi mostrerò il tavolo di questo gruppo come testo. Le tessere di ogni giocatore, nella chat privata, seguono la scelta fatta lì.
btn-look-picture = 🖼 Immagine
btn-look-text = 🔤 Testo
