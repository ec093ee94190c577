## The table as a picture: plain text, no markup (it is drawn, not sent as HTML).

pic-hand = Hand { $hand }
pic-pass = pass
pic-team = { $first } & { $second }
pic-score = { $side }: { $score }
pic-eggs = Eggs carried: { $eggs }
pic-hand-won = Hand result: { $side } +{ $points }
pic-hand-tie = Hand result: a tie, nobody scores
pic-kozel-written = Hand result: { $side } write down { $points }
pic-kozel-13 = Hand result: { $side }, not written (rule of 13): { $points }
pic-kozel-eggs = Hand result: eggs! Carried over: { $eggs }
pic-match-won = Match won by { $side }
pic-goats = The goats: { $side }
