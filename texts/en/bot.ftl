## English. Telegram HTML: write &amp; &lt; &gt; for & < >.
## $who is "you" or "other", to pick a grammatical form; $name is already escaped.

## Names

you = You
# Inside a line (a score, a pair): "Bot 2 & you".
you-inline = you
bot-name = Bot { $n }
team = { $first } &amp; { $second }

variant-draw = Draw game
variant-block = Block game
variant-kozel = Kozel

level-easy = Easy
level-medium = Medium
level-hard = Hard
level-expert = Expert
level-rated = { $level } ≈ { $rating }

## Commands (the menu next to the text box)

cmd-start = Welcome and what I can do
cmd-play = Start a game against bots
cmd-score = Scores of the current game
cmd-rules = Rules of each game
cmd-lang = Change the language
cmd-stop = Abandon the current game
cmd-help = How to play with me
cmd-kozel = Open a game of Kozel here: four players, two teams
cmd-new = Open a game here: draw, block or Kozel, 2 to 4 players
cmd-leave = Leave this group's game: a bot plays your seat

## Start and help

start = Hello, { $name }! I play dominoes with you: the draw game, the block game, and Kozel, the Russian team game.
help =
    <b>Commands</b>
    /play — a new game: choose the game, your bot opponents, their level and the target
    /score — the scores of the current game
    /board — the game again, at the bottom of the chat
    /stats — your records · /history — the last matches here
    /forgetme — erase your records and everything I keep about you
    /rules — the rules of each game
    /lang — the language I speak
    /look — your games as a picture or as text
    /stop — abandon the current game
    
    Your game is one message that I keep up to date. Tap a tile to play it: ◀ puts it on the left end of the line, ▶ on the right. Bots play at once; drawing and passing are done for you.
    
    <b>With friends:</b> add me to a group and send /kozel (or /new for the draw and block games). Each player's hand comes here, in our private chat.
    
    { help-rating }
stray-text = Send /play to start a game, or /help to see what I can do.

## The /play menu

menu-title = <b>New game</b>
menu-chosen-variant = Game: { $variant }
menu-chosen-opponents = Opponents: { $count ->
    [one] 1 bot
   *[other] { $count } bots
}
menu-chosen-kozel = You and a bot partner against two bots
menu-chosen-level = Bots: { $level }
menu-ask-variant = Which game?
menu-ask-opponents = How many bot opponents?
menu-ask-level = How strong should the bots be? Beside each level, its rating on the same scale as yours (/help). The expert is the strongest and thinks a moment longer.
menu-ask-target = Play to how many points?
btn-opponents = { $count ->
    [one] 1 bot
   *[other] { $count } bots
}
play-running = You already have a game going: here it is again. To start another, /stop this one first.

## The game message

game-header = <b>{ $variant }</b> · hand { $hand } · { $goal }
target-classic = playing to { $target }
# Kozel's target, in the lobby and on the table alike: the score that makes the goats.
target-goats = the goats at { $mark }
line = Line: { $tiles }
line-empty = The line is empty.
ends = Open ends: ◀ { $left } and { $right } ▶
hand-size = { $name } { $count }
hand-sizes = Tiles in hand: { $sizes }
boneyard = Boneyard: { $count ->
    [0] empty
    [one] 1 tile
   *[other] { $count } tiles
}
score-entry = { $side }: { $score }
scores = Score: { $scores }
eggs-carried = · eggs carried: { $eggs }
your-hand = Your hand: { $tiles }
your-lead = <b>Your lead:</b> play any tile.
your-move = <b>Your move:</b> pick a tile.
your-turn-now = It is your move.
waiting-for = Waiting for { $name }.
# The first line of a game message, which a notification shows: what happened last, then whose move it is.
news-join = { $what } · { $turn }
news-turn = { $name } to play
news-your-move = <b>your move</b>: ends { $left } and { $right }
news-your-lead = <b>your lead</b>: any tile
news-your-only = <b>your move</b>: only { $tile } fits
news-played = { $who ->
    [you] you play
   *[other] { $name } plays
} { $tile }
news-passed = { $who ->
    [you] you pass
   *[other] { $name } passes
}
news-dealt = Hand { $hand } dealt
news-redealt = Tiles dealt again
btn-play-only = Play { $tile }
game-stopped = This game was abandoned.

end-left = on the left
end-right = on the right

## What happened since your last move

log-hand-started = Hand { $hand } is dealt.
log-redeal = { $who ->
    [you] You were
   *[other] { $name } was
} dealt { $reason ->
    [doubles] five doubles or more
   *[suit] six tiles of one number
}: reshuffled and dealt again.
log-forced-lead = { $who ->
    [you] You lead
   *[other] { $name } leads
} { $tile }, as the rules require.
log-led = { $who ->
    [you] You led
   *[other] { $name } led
} { $tile }.
log-played = { $who ->
    [you] You played
   *[other] { $name } played
} { $tile } { $end }.
log-played-drawn = { $who ->
    [you] You played
   *[other] { $name } played
} the drawn { $tile } { $end }.
log-drew = { $who ->
    [you] You drew
   *[other] { $name } drew
} { $count ->
    [one] a tile
   *[other] { $count } tiles
}.
log-drew-tiles = { $who ->
    [you] You drew
   *[other] { $name } drew
} { $tiles }.
log-passed = { $who ->
    [you] You pass
   *[other] { $name } passes
} (knock).

## End of a hand

hand-domino = <b>Hand { $hand } is over:</b> { $who ->
    [you] you played
   *[other] { $name } played
} the last tile — domino!
hand-blocked = <b>Hand { $hand } is over:</b> blocked, nobody can play.
hand-fish = <b>Hand { $hand } is over:</b> blocked — a fish!
reveal = { $name }: { $tiles } — { $count }
reveal-empty = { $name }: no tiles left
lone-tile = (a lone { $tile } counts { $count })
reveal-boneyard = Left in the boneyard: { $tiles }
reveal-out-of-play = Out of play: { $tiles }
result-tie = The lowest count is shared: nobody scores, and the next hand opens with the highest double again.
result-domino = { $who ->
    [you] You score
   *[other] { $name } scores
} { $points }: the pips left in the opponents' hands.
result-blocked = { $who ->
    [you] You hold
   *[other] { $name } holds
} the fewest pips and { $who ->
    [you] score
   *[other] scores
} { $points }: the opponents' pips minus { $who ->
    [you] your
   *[other] their
} own.
result-kozel-domino = { $team } win the hand.
result-fish = { $team } hold more points and take the whole fish.
result-records = { $team } write down { $points }.
result-rule-13 = { $team } would write down { $points }, but { $who ->
    [you] you are
   *[other] they are
} still at 0 and it is under 13: not recorded (rule of 13).
result-eggs-used = That includes { $eggs ->
    [one] { $eggs } point
   *[other] { $eggs } points
} of eggs carried over.
result-eggs = Both teams hold the same: eggs! Nobody writes anything, and { $eggs ->
    [one] { $eggs } point goes
   *[other] { $eggs } points go
} to the team that loses the next hand.
btn-next-hand = Next hand
btn-rematch = Rematch

## End of the match

match-won = <b>{ $who ->
    [you] You win
   *[other] { $name } wins
} the match</b> with { $score ->
    [one] { $score } point
   *[other] { $score } points
}!
match-goats = <b>{ $team } reached { $score }: { $who ->
    [you] you are
   *[other] they are
} the goats!</b>
match-winners = { $team } win the match.
match-dry = A dry win: the winners are still at 0!

## /score, /stop, /lang, /rules

score-none = No game here yet. Send /play to start one.
stop-none = There is no game to stop.
stop-confirm = Abandon the current game? The score will be lost.
btn-stop-yes = Yes, abandon it
btn-stop-no = No, keep playing
stop-done = Game abandoned. Send /play for a new one.
stop-kept = The game goes on.
lang-choose = Choose a language:
lang-set = I will speak English with you.
rules-choose = The rules of which game?

## Group games: the lobby

lobby-title = <b>{ $variant }</b> — a new game, { $goal }
lobby-team = Team { $n }: { $seats }
lobby-seats = { $count ->
    [one] { $count } player:
   *[other] { $count } players:
}
lobby-seat = { $n }. { $name }
lobby-free = free
lobby-bot = bot ({ $level })
lobby-level = Bots: { $level }
lobby-hint = Tap Join or a free seat; ⚙ Settings changes the target, the bots' level and the turn timer. Start puts bots in the free seats; the game starts when every seat is taken.
lobby-invite-hint = Your hand comes to our private chat, which tells you when it is your move. If I cannot write to you yet, you play from here (🂠 My hand, seen by you alone) until you <a href="{ $link }">open our chat</a> and tap Start there.
lobby-cancelled = The game was cancelled.
btn-seat = { $n } · { $name }
btn-join = Join
btn-with-friends = 👥 Play with friends
btn-leave = Leave
btn-add-bot = + Bot
btn-level = Bots: { $level }
btn-variant = { $variant }
btn-players = { $count ->
    [one] { $count } player
   *[other] { $count } players
}
btn-target = To { $target }
btn-start = Start
btn-cancel = Cancel
btn-settings = ⚙ Settings
btn-settings-back = ← Back
btn-timer-next = { $seconds ->
    [0] ⏱ Timer: off
   *[other] ⏱ Timer: { $seconds } s
}
lobby-settings-hint = Tap a setting to change it; ← Back returns to the seats.
btn-my-hand = 🂠 My hand
turn-call = { $name }, your move: 🂠 My hand shows your tiles, to you alone.
answer-seated-in-group = You are seated. I cannot write to you privately yet, so your hand shows here, to you alone: 🂠 My hand.
group-hand-lobby = 🂠 Your seat at this table is kept. Once the match starts, your tiles show here at your turn, to you alone; 🂠 My hand shows them at any time.
# A private hand's way back to the group's table (a supergroup's: a basic group's messages have no link).
btn-to-table = ↩ To the table
btn-take-seat = Play for Bot { $n }

## Group games: the table and what the group is told

table-turn = ▶ { $name } to play.
table-hand-over = Every hand is in the hand's result below. The next one is dealt in a few seconds, or at once with Next hand.
table-match-over = The match's result is below.
table-next-hand = The next hand is dealt in a few seconds, or at once with Next hand.
notice-left = { $name } left the game: { $bot } plays the seat from now on.
notice-took = { $name } takes over from Bot { $n }.
notice-all-left = Everyone has left the table: the game is over.
group-help =
    <b>Dominoes in this group</b>
    /kozel — open a game of Kozel: four players, two teams, partners sitting opposite
    /new — open a game of your choice: draw or block game, 2 to 4 players (or Kozel)
    /join — sit down at the open table · /verify — check a hand's deal from its secret
    /leave — leave the game: a bot plays your seat
    /stop — stop the game (whoever opened it, or an admin)
    /score — the scores · /board — the table again, at the bottom
    /stats — your records here (in reply to a message: theirs) · /top — this group's records
    /history — the last matches here (/history last: the last hand, move by move)
    /rules — the rules
    /lang — the group's language (whoever opened the game, or an admin)
    /look — the table as a picture or as text (whoever opened the game, or an admin)
    
    The table is one message here. Each player's hand is in their private chat with me, where the player to move gets the buttons; 🂠 under the table shows yours here too, to you alone, and you can play from it.
    
    { help-rating }
group-private-only = That one works in our private chat: send it to me there. Here, use /kozel or /new.
group-none = No game here yet. Send /kozel or /new to open one.
group-new-usage = Send /new, or /new with a game and a number of players: /new block 3.
group-game-gone = This game is no longer in my store: send /kozel or /new to start again.
group-busy = A game is already open in this group: join it, or /stop it first.
group-stopped = The game was stopped.

## Group games: each player's private message

private-group = Group «{ $group }»
invite-table = Invitation · { $name }
private-rematch-inline = A rematch can be started from the invitation's card, where the table is.
private-lobby = You have a seat at the game in «{ $group }». Your hand will be shown here when it starts.
private-joining = You take a seat at the game in «{ $group }»: your hand will be shown here.
private-not-seated = You are not at the table in «{ $group }» any more.
private-cancelled = The game in «{ $group }» was cancelled.
private-partner = your partner: { $name }, opposite you
private-next-hand = The next hand is dealt in a few seconds.
private-rematch = A rematch can be started from the group.

## Refusals (short alerts)

refusal-no-game = This game no longer exists.
refusal-not-a-player = This is not your game.
refusal-stale = This button is out of date: the game has moved on.
refusal-game-over = This game is over.
refusal-game-running = You already have a game going. /stop it first.
refusal-not-your-turn = It is not your turn.
refusal-invalid = This button is not valid.
refusal-bad-options = A game cannot be set up like that.
refusal-unknown-button = This button no longer works.
refusal-seat-taken = Someone sits there already.
refusal-game-full = Every seat is taken.
refusal-already-seated = You have a seat already.
refusal-not-seated = You are not at this table.
refusal-not-allowed = Only whoever opened the game, or a group admin, can do that.
refusal-needs-person = A game needs at least one person at the table.
refusal-too-many = More people are seated than that.
refusal-lobby-closed = This game is not open for seats any more.
refusal-not-between-hands = A seat changes hands only between hands.
refusal-private-chat = Open my chat and tap Start: then you are in.
refusal-wrong-chat = This button does not belong here.
refusal-not-a-member = Only members of the group can sit at its table.
error-storage = I cannot reach my game store right now. Nothing was changed: please try again in a moment.
error-storage-uncertain = I lost touch with my game store while saving: your move may or may not have been recorded. The game will show which in a moment.
error-generic = Something went wrong on my side. Please try again.
error-telegram = Telegram did not take my answer just now. Please try again in a moment.
error-busy = I have a lot to do right now: press again in a moment.

## Rules

rules-tiles =
    <b>Tiles.</b> The double-six set: 28 tiles, each half showing 0 to 6 pips, every pair exactly once. A tile with both halves alike (0|0 … 6|6) is a double. A tile is worth its pips: 6|6 is 12, 2|5 is 7, 0|0 nothing.
rules-play =
    <b>Play.</b> In turn, clockwise, each player attaches one tile to one of the two ends of the line, matching the number at that end. If you can play, you must. Doubles lie crosswise, but the line always has just two open ends; a tile that fits both ends goes where you choose.
rules-classic-goal =
    <b>Goal.</b> Be the first to get rid of your tiles (or hold the fewest pips when the game is blocked), and be the first to reach the target score.
rules-classic-lead =
    <b>Who leads.</b> In the first hand, whoever holds the highest double leads with it; if nobody holds a double, the heaviest tile leads. I play this forced lead for you. In later hands the winner of the previous hand leads with any tile; after a tied hand the highest double leads again.
rules-classic-end =
    <b>End of a hand.</b> A player who lays their last tile — “domino!” — scores the pips left in all opponents' hands. If nobody can play, the game is blocked: the player with the fewest pips wins the hand and scores the opponents' pips minus their own. If the fewest is shared, nobody scores.
    <b>The match.</b> The first player to reach the target — 50, 100 or 150 points — wins.
rules-draw =
    <b>Draw game</b> (with a boneyard)
    
    { rules-classic-goal }
    { rules-tiles }
    <b>Deal.</b> Two players get 7 tiles each, three or four players 5 each; the rest stay face down and make the boneyard.
    { rules-classic-lead }
    { rules-play }
    <b>Drawing.</b> If you cannot play, draw from the boneyard one tile at a time until one fits, and play it at once; if the boneyard runs out first, you pass. You may not draw while you hold a playable tile. I draw and pass for you.
    { rules-classic-end }
    { rules-fair-deal }
rules-block =
    <b>Block game</b>
    
    { rules-classic-goal }
    { rules-tiles }
    <b>Deal.</b> Two players get 7 tiles each (the other 14 stay face down, out of play), three players 6 each (10 out of play), four players 7 each (every tile is dealt).
    { rules-classic-lead }
    { rules-play }
    <b>Passing.</b> There is nothing to draw: a player who cannot play passes (knocks). I pass for you.
    { rules-classic-end }
    { rules-fair-deal }
rules-kozel =
    <b>Kozel</b> (“goat”), the Russian courtyard classic
    
    <b>Goal.</b> Four players in two teams, partners sitting opposite each other. Points are penalties: the first team to reach 101 loses.
    { rules-tiles }
    <b>Deal.</b> 7 tiles each, no boneyard. If a player gets 5 doubles or more, or 6 tiles bearing the same number, the tiles are reshuffled and dealt again.
    <b>Who leads.</b> In the first hand the holder of 1|1 leads with it; later, whoever finished the previous hand leads with any tile.
    { rules-play }
    A player who cannot play passes (knocks); I pass for you.
    <b>Scoring.</b> When a player lays their last tile, their team wins the hand, and the other team writes down the pips left in both its hands (a lone 0|0 left in a hand counts 25, a lone 6|6 counts 50).
    <b>Fish.</b> A blocked hand is a fish: the team holding more points writes down all the points left in the four hands. If both teams hold the same, those are eggs: nobody writes anything, and the points go to the team that loses the next hand.
    <b>Rule of 13.</b> While a team has written nothing yet, a hand total under 13 is not written down.
    <b>The goats.</b> The first team to reach 101 points loses: they are the goats (51 or 151 with a target of 50 or 150). If the winners are still at 0, it is a dry win.
    { rules-fair-deal }

# The score sheet: /score and the match's result, a line per hand.
sheet-title = <b>Hand by hand</b>
sheet-points = { $hand }. { $side } +{ $points }
sheet-tie = { $hand }. A tie: nobody scores
sheet-eggs = { $hand }. Eggs, carried over: { $eggs }
sheet-rule-13 = { $hand }. { $side }, not written (rule of 13): { $points }
sheet-fish = fish
sheet-eggs-used = eggs included: { $eggs }
invite-title = { $game } · { $players }
invite-description = An invitation to post here: friends join it, you start the game.
invite-card = 🁫 { $name } invites you to a game: <b>{ $game }</b>, { $players }. Tap Join to sit down; { $name } starts the game.
