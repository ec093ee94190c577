# The group's one language: /lang sent in a group.

group-lang-choose = La lingua di questo gruppo (le sue partite e le mie risposte qui):
group-lang-set = In questo gruppo parlerò in italiano. Le tessere di ogni giocatore restano nella sua lingua.
refusal-admins-only = Finché qui non c'è una partita aperta, può farlo solo un amministratore del gruppo.
