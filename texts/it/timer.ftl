# Le scelte della sala, e il timer di turno delle partite di gruppo.

btn-chosen = ● { $label }
btn-timer = { $seconds ->
    [0] ⏱ no
   *[other] ⏱ { $seconds } s
}
lobby-timer = { $seconds ->
    [0] Timer di turno: nessuno
   *[other] Timer di turno: { $seconds } s per giocare
}
answer-target = D'ora in poi: { $goal }.
answer-timer = { $seconds ->
    [0] Nessun timer di turno.
    [one] { $seconds } secondo per giocare.
   *[other] { $seconds } secondi per giocare.
}
turn-reminder = ⏰ { $name }, tocca a te: { $seconds ->
    [one] resta { $seconds } secondo.
   *[other] restano { $seconds } secondi.
}
notice-timed-out = ⏱ Il tempo di { $name } è scaduto: un bot ha giocato al suo posto.
notice-away = { $name } ha saltato due turni: il Bot { $n } tiene il posto finché non preme «Torna».
notice-back = { $name } torna al tavolo.
btn-back = ↩ Torna: { $name }
