# The lobby's choices, and the turn timer of group games.

btn-chosen = ● { $label }
btn-timer = { $seconds ->
    [0] ⏱ off
   *[other] ⏱ { $seconds } s
}
lobby-timer = { $seconds ->
    [0] Turn timer: off
   *[other] Turn timer: { $seconds } s to move
}
answer-target = From now on: { $goal }.
answer-timer = { $seconds ->
    [0] No turn timer.
    [one] { $seconds } second to move.
   *[other] { $seconds } seconds to move.
}
turn-reminder = ⏰ { $name }, your move: { $seconds ->
    [one] { $seconds } second left.
   *[other] { $seconds } seconds left.
}
notice-timed-out = ⏱ { $name }’s time ran out: a bot played for them.
notice-away = { $name } missed two turns: Bot { $n } keeps the seat until they press “Back”.
notice-back = { $name } is back at the table.
btn-back = ↩ Back: { $name }
