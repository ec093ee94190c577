## The table as a picture: plain text, no markup (it is drawn, not sent as HTML).

pic-hand = Hand { $hand }
pic-pass = pass
pic-score = { $side }: { $score }
