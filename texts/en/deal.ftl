## English, a deal anyone can check: the deal code shown while a hand is played, the
## deal's secret shown with the hand's result (`core.fair`), and what /rules says of it.

deal-commitment = Deal code: <code>{ $commitment }</code>
deal-secret =
    Deal secret: <code>{ $secret }</code>
    It must give the deal code { $commitment }: to check it, and see every hand dealt, send <code>/verify</code> and the secret.
rules-fair-deal =
    <b>A deal anyone can check.</b> While a hand is played, the table shows its deal code; once the hand is over, the 🔑 button under its result sends you the deal's secret. Send me <code>/verify</code> followed by that secret (or run <code>dominoes verify</code> in a terminal, with this bot's source code) to deal the hand again from the secret alone and see the code it gives: if it is the code you saw, the tiles were not stacked. Each hand's secret is derived, one way only, from a match secret that is never shown: it tells nothing about the next hands, nor about the bots' moves.

# A deal dealt again from its secret: /verify in the bot, dominoes verify in a terminal.
verify-title = <b>{ $variant }</b> · { $count ->
    [one] { $count } player
   *[other] { $count } players
}
verify-code = Deal code: <b>{ $commitment }</b> (the table showed it while the hand was played)
verify-seats = Seats in the order the hand's result lists them.
verify-redeal = Deal { $n }: seat { $number } was dealt { $reason ->
    [doubles] five doubles or more
   *[suit] six tiles of one number
}, so the tiles were shuffled and dealt again.
verify-deal = Deal { $n }, the one played:
verify-seat = Seat { $n }: { $tiles }
verify-boneyard = Boneyard, in draw order: { $tiles }
verify-out-of-play = Out of play: { $tiles }
verify-bad-shape = That is not a deal secret. A hand's result shows its secret as the game, the number of players and 64 hex digits: kozel-4-3f9c… (copy it whole).
verify-bad-game = That deal secret names no game of this bot: it starts with draw, block or kozel.
verify-bad-players = The game of that deal secret is not played by that many players.
verify-bad-key = A deal secret ends with exactly 64 hex digits (0–9 and a–f): this one is cut short or too long.
cmd-verify = Check a hand's deal from its secret
verify-usage = Send <code>/verify</code> followed by a hand's deal secret, as its result shows it (kozel-4-3f9c…): I deal that hand again from the secret alone and show the deal code it gives. If it is the code the table showed while the hand was played, the tiles were not stacked.

# A group's hand result: the deal's secret behind a button, sent privately.
deal-check = Deal code <code>{ $commitment }</code>: its secret, to check the deal, is one tap away.
btn-deal-secret = 🔑 Deal secret
deal-secret-for = Hand { $hand } in «{ $group }»
deal-secret-own = { $variant }, hand { $hand }
deal-secret-sent = The deal's secret is in your private chat with me.
