## Français : /history, les dernières parties d'une discussion, et la dernière manche
## de la plus récente coup par coup. $name et $team sont échappés ; $date est écrite
## par le bot (UTC).

cmd-history = Les dernières parties jouées ici

history-title = <b>Les dernières parties jouées ici</b>, de la plus récente à la plus ancienne :
history-none = Aucune partie n'a encore été terminée ici.
history-entry = <b>{ $n }.</b> { $date } · { $variant } · { $goal }
history-won = 🏆 { $who ->
    [you] Vous avez gagné.
   *[other] { $name } a gagné.
}
history-team-won = 🏆 { $team } { $who ->
    [you] avez gagné.
   *[other] ont gagné.
}
history-goats = 🐐 { $team } { $who ->
    [you] êtes les boucs.
   *[other] sont les boucs.
}
history-dry = Victoire sèche !
# Une personne qui a demandé au bot de l'oublier, par sa place.
history-forgotten = Joueur { $n }
history-hint = /history last montre la dernière manche coup par coup.
history-usage = Envoyez /history pour les dernières parties jouées ici, ou /history last pour la dernière manche de la plus récente, coup par coup.
history-hand-title = <b>La dernière manche de la partie de { $variant } du { $date }</b>
history-hand-gone = La dernière manche de cette partie ne peut plus être montrée.
