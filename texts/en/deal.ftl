## English, a deal anyone can check: the deal code shown while a hand is played, the
## deal's secret shown with the hand's result (`core.fair`), and what /rules says of it.

deal-commitment = Deal code: <code>{ $commitment }</code>
deal-secret =
    Deal secret: <code>{ $secret }</code>
    It must give the deal code { $commitment }: check it, and the hands above, with <code>dominoes verify</code>.
rules-fair-deal =
    <b>A deal anyone can check.</b> While a hand is played, the table shows its deal code; once the hand is over, its result shows the deal's secret. <code>dominoes verify</code> followed by that secret (a command that comes with this bot's source code) deals the hand again from the secret alone and prints the code it gives: if it is the code you saw, the tiles were not stacked. Each hand's secret is derived, one way only, from a match secret that is never shown: it tells nothing about the next hands, nor about the bots' moves.
