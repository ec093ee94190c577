## The table as a picture: plain text, no markup (it is drawn, not sent as HTML).

pic-hand = Hand { $hand }
pic-pass = pass
pic-team = { $first } & { $second }
pic-eggs = Eggs: { $eggs }
# A name with nothing to draw (only emoji): the player by their seat.
pic-player = Player { $n }
# A hand's end in the picture: what happened (large), then the points.
pic-domino = Domino! { $name }
pic-fish = A fish!
pic-blocked = Blocked: nobody can play
pic-hand-won = { $side } +{ $points }
pic-hand-tie = A tie: nobody scores
pic-kozel-written = { $side } write down { $points }
pic-kozel-13 = { $side }: not written (rule of 13): { $points }
pic-kozel-eggs = Eggs! Carried to the next hand: { $eggs }
pic-match-won = Match won
pic-goats = The goats!
pic-dry = A dry win!
