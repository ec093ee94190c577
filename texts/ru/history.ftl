## Русский: /history, последние партии чата и последний кон последней из них, ход за
## ходом. $name и $team уже экранированы; $date пишет бот (UTC).

cmd-history = Последние партии в этом чате

history-title = <b>Последние партии в этом чате</b>, сначала новые:
history-none = Здесь ещё не закончилась ни одна партия.
history-entry = <b>{ $n }.</b> { $date } · { $variant } · { $goal }
# Без прошедшего времени с именем: оно выдало бы род игрока.
history-won = 🏆 { $who ->
    [you] Вы победили.
   *[other] Победа: { $name }.
}
history-team-won = 🏆 Победа: { $team }.
history-goats = 🐐 Козлы: { $team }.
history-dry = Сухая победа!
# Игрок, попросивший бота забыть его, по номеру места.
history-forgotten = Игрок { $n }
history-hint = /history last — последний кон, ход за ходом.
history-usage = Отправьте /history, чтобы увидеть последние партии в этом чате, или /history last — последний кон последней партии, ход за ходом.
history-hand-title = <b>Последний кон партии «{ $variant }» от { $date }</b>
history-hand-gone = Последний кон этой партии показать уже нельзя.
