## Français, une donne que chacun peut vérifier : le code de la donne pendant la manche,
## son secret dans le résultat de la manche (`core.fair`), et ce qu'en dit /rules.

deal-commitment = Code de la donne : <code>{ $commitment }</code>
deal-secret =
    Secret de la donne : <code>{ $secret }</code>
    Il doit donner le code de donne { $commitment } : vérifiez-le, avec les mains ci-dessus, grâce à <code>dominoes verify</code>.
rules-fair-deal =
    <b>Une donne que chacun peut vérifier.</b> Pendant une manche, la table montre le code de sa donne ; à la fin de la manche, son résultat montre le secret de la donne. <code>dominoes verify</code> suivi de ce secret (une commande fournie avec le code source du bot) refait la donne à partir du seul secret et affiche le code qu'il donne : si c'est celui que vous avez vu, les dominos n'ont pas été arrangés. Le secret de chaque manche est tiré, à sens unique, d'un secret de partie jamais montré : il ne dit rien des manches suivantes, ni des coups des bots.
