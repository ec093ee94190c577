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
