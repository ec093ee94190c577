## English: /stats, /top, /forgetme, and the line after a group's match about its
## records. $name, $team and $group are escaped; $points is an average.

cmd-stats = Your records (in a group: there; in reply to a message: theirs)
cmd-top = This group's records: ratings, goats, the best pair
cmd-forgetme = Erase your records and everything I keep about you

stats-title = 📊 <b>{ $name }</b>, every match
stats-title-group = 📊 <b>{ $name }</b> in «{ $group }»
stats-results = Played: { $played } · won: { $won } · lost: { $lost } · win rate: { $rate }%
stats-kozel = <b>Kozel</b> · the goats: { $goats } · dry wins: { $won } · dry losses: { $lost }
stats-kozel-hands = Fish made: { $fish } · eggs made: { $eggs } · points written per hand, on average: { NUMBER($points, maximumFractionDigits: 1) }
stats-classic = <b>Draw and block games</b> · points scored per hand, on average: { NUMBER($points, maximumFractionDigits: 1) }
stats-partners = <b>Kozel partners</b>
stats-partner = { $name }: played: { $played } · won: { $won } · { $rate }%
stats-bots = <b>Against the bots</b>
stats-bot = { $variant }, { $level }: played: { $played } · won: { $won }
stats-none = { $name } has no finished match yet.
stats-none-group = { $name } has no finished match in «{ $group }» yet.
stats-of-a-bot = Bots keep no records.
stats-rating = Rating: { $rating } · rated matches: { $count }
stats-rating-group = Rating here: { $rating } · rated matches here: { $count } · everywhere: { $overall }
# How a rating is computed: in /help only (the records show the figures alone).
help-rating = <b>Ratings</b> (matches in a group, or from an invitation posted in any chat): everyone starts at 1000. A win usually raises yours and a loss lowers it, the more so against stronger players and while you have played few matches. It is OpenSkill's cautious estimate μ − 3σ, shown × 40 + 1000. Each bot level's rating, shown where you choose it, is measured the same way over many matches between the levels.

top-title = 🏆 <b>Records of «{ $group }»</b>
top-ratings = <b>Ratings</b>:
top-rated = { $n }. { $name }: { $rating } · { $count ->
    [one] { $count } match
   *[other] { $count } matches
}
top-ratings-none = <b>Ratings</b>: nobody is rated here yet; ratings start with the next match finished.
top-rating-bot = 🤖 Bot ({ $level })
top-goats = <b>Most often the goats</b>:
top-goat = { $n }. { $name }: { $count ->
    [one] once
   *[other] { $count } times
}
top-pair = <b>Best pair</b>: { $team } · { $rate }% · played together: { $played }
top-pair-none = <b>Best pair</b>: no pair has played { $count ->
    [one] { $count } match
   *[other] { $count } matches
} together yet.
top-empty = No match has been counted in «{ $group }» yet: the records start with the first one finished.
top-in-a-group = /top shows a group's records: send it in a group where we play.

line-ratings = 📈 Ratings after the match: { $ratings }
line-rating = { $name } { $rating } ({ $change })
line-pair = 🤝 { $team }: { $count ->
    [one] { $count } win
   *[other] { $count } wins
} together!
line-goats = 🐐 { $name }: { $count ->
    [one] once
   *[other] { $count } times
} among the goats.
line-wins = 🏅 { $name }: { $count ->
    [one] { $count } win
   *[other] { $count } wins
} here!

forget-ask = Erase your records (matches, wins, goats, partners) and everything else I keep about you: the language you chose and the group games you sit in? It cannot be undone.
btn-forget-yes = Yes, erase it all
btn-forget-no = No, keep it
forget-done = Done: I keep nothing about you any more. A game you are in still shows your name until it ends and expires, 2 days later.
forget-kept = Nothing was erased.
forget-in-private = /forgetme works in our private chat: send it to me there.
