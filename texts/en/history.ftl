## English: /history, a chat's last matches, and the last hand of the latest one move by
## move. $name and $team are escaped; $date is written by the bot (UTC).

cmd-history = The last matches played here

history-title = <b>The last matches played here</b>, latest first:
history-none = No match has been finished here yet.
history-entry = <b>{ $n }.</b> { $date } · { $variant } · { $goal }
history-won = 🏆 { $who ->
    [you] You won.
   *[other] { $name } won.
}
history-team-won = 🏆 { $team } won.
history-goats = 🐐 { $team } are the goats.
history-dry = A dry win!
# A person who asked the bot to forget them, by their seat.
history-forgotten = Player { $n }
history-hint = /history last shows the last hand move by move.
history-usage = Send /history for the last matches played here, or /history last for the last hand of the latest one, move by move.
history-hand-title = <b>The last hand of the { $variant } match of { $date }</b>
history-hand-gone = The last hand of that match can no longer be shown.
