## English, the terminal game (`dominoes play`). Same markup as bot.ftl.

term-intro = <b>{ $variant }</b> · { $count ->
    [one] { $count } player
   *[other] { $count } players
} · bots: { $level }
term-partner = Your partner is { $name }, sitting opposite you.
term-seed = Deal seed { $seed }: play this match again with --seed { $seed }.
term-moves-lead = Lead:
term-moves-left = Left end ◀ { $number }:
term-moves-right = Right end { $number } ▶:
term-choose = { $count ->
    [1] Your choice (1):
   *[other] Your choice (1–{ $count }):
}
term-bad-choice = { $count ->
    [1] Type 1, then Enter.
   *[other] Type a number from 1 to { $count }, then Enter.
}
term-next-hand = Press Enter to deal the next hand.
term-again = Another match?
term-quit = Quit
term-bye = Thanks for playing!
term-end-of-input = No more input: the game stops here.
term-interrupted = Game interrupted. See you soon!
term-kozel-players = Kozel is played by exactly 4 players: you, your partner and two opponents.

## dominoes verify: a hand's deal again, from the secret its result showed

term-verify-title = <b>{ $variant }</b> · { $count ->
    [one] { $count } player
   *[other] { $count } players
}
term-verify-code = Deal code: <b>{ $commitment }</b> (the table showed it while the hand was played)
term-verify-seats = Seats in the order the hand's result lists them.
term-verify-redeal = Deal { $n }: seat { $number } was dealt { $reason ->
    [doubles] five doubles or more
   *[suit] six tiles of one number
}, so the tiles were shuffled and dealt again.
term-verify-deal = Deal { $n }, the one played:
term-verify-seat = Seat { $n }: { $tiles }
term-verify-boneyard = Boneyard, in draw order: { $tiles }
term-verify-out-of-play = Out of play: { $tiles }
term-verify-bad-shape = That is not a deal secret. A hand's result shows its secret as the game, the number of players and 64 hex digits: kozel-4-3f9c… (copy it whole).
term-verify-bad-game = That deal secret names no game of this bot: it starts with draw, block or kozel.
term-verify-bad-players = The game of that deal secret is not played by that many players.
term-verify-bad-key = A deal secret ends with exactly 64 hex digits (0–9 and a–f): this one is cut short or too long.
