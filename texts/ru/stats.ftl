## Русский: /stats, /top, /forgetme и строка о рекордах после партии в группе.
## $name, $team и $group уже экранированы; $points — среднее.

cmd-stats = Ваши рекорды (в группе — здесь; в ответ на сообщение — чужие)
cmd-top = Рекорды группы: рейтинг, козлы, лучшая пара
cmd-forgetme = Стереть вашу статистику и всё, что я о вас храню

stats-title = 📊 <b>{ $name }</b>, все партии
stats-title-group = 📊 <b>{ $name }</b> в «{ $group }»
stats-results = Сыграно: { $played } · выиграно: { $won } · проиграно: { $lost } · процент побед: { $rate }%
stats-kozel = <b>Козёл</b> · в козлах: { $goats } · сухих побед: { $won } · сухих поражений: { $lost }
stats-kozel-hands = Рыб: { $fish } · яиц: { $eggs } · в среднем записано за кон: { NUMBER($points, maximumFractionDigits: 1) }
stats-classic = <b>С базаром и без добора</b> · в среднем набрано за кон: { NUMBER($points, maximumFractionDigits: 1) }
stats-partners = <b>Напарники в Козле</b>
stats-partner = { $name }: сыграно: { $played } · выиграно: { $won } · { $rate }%
stats-bots = <b>Против ботов</b>
stats-bot = { $variant }, { $level }: сыграно: { $played } · выиграно: { $won }
stats-none = { $name }: пока ни одной законченной партии.
stats-none-group = { $name }: в «{ $group }» пока ни одной законченной партии.
stats-of-a-bot = Боты рекордов не ведут.
stats-rating = Рейтинг: { $rating } · партий с рейтингом: { $count }
stats-rating-group = Рейтинг здесь: { $rating } · партий с рейтингом здесь: { $count } · везде: { $overall }
# How a rating is computed: in /help only (the records show the figures alone).
help-rating = <b>Рейтинг</b> (партии в группах и по приглашениям в любом чате): у всех в начале 1000. Победа, как правило, поднимает рейтинг, а поражение опускает — тем заметнее, чем сильнее соперники и чем меньше у вас партий. Это осторожная оценка OpenSkill μ − 3σ, показанная как × 40 + 1000. Рейтинг каждого уровня ботов, который виден при выборе уровня, измерен так же — по множеству партий уровней между собой.

top-title = 🏆 <b>Рекорды «{ $group }»</b>
top-ratings = <b>Рейтинг</b>:
top-rated = { $n }. { $name }: { $rating } · { $count ->
    [one] { $count } партия
    [few] { $count } партии
   *[many] { $count } партий
}
top-ratings-none = <b>Рейтинг</b>: здесь пока ни у кого нет рейтинга: рейтинги появятся со следующей законченной партии.
top-rating-bot = 🤖 Бот ({ $level })
top-goats = <b>Чаще всех в козлах</b>:
top-goat = { $n }. { $name }: { $count ->
    [one] { $count } раз
    [few] { $count } раза
   *[many] { $count } раз
}
top-pair = <b>Лучшая пара</b>: { $team } · { $rate }% · сыграно вместе: { $played }
top-pair-none = <b>Лучшая пара</b>: пары, сыгравшей вместе от { $count ->
    [one] { $count } партии
   *[other] { $count } партий
}, пока нет.
top-empty = В «{ $group }» пока не засчитано ни одной партии: рекорды начнутся с первой законченной.
top-in-a-group = /top показывает рекорды группы: отправьте команду в группе, где мы играем.

line-ratings = 📈 Рейтинг после партии: { $ratings }
line-rating = { $name } { $rating } ({ $change })
line-pair = 🤝 { $team }: уже { $count ->
    [one] { $count } победа
    [few] { $count } победы
   *[many] { $count } побед
} вместе!
line-goats = 🐐 { $name }: уже { $count ->
    [one] { $count } раз
    [few] { $count } раза
   *[many] { $count } раз
} в козлах.
line-wins = 🏅 { $name }: уже { $count ->
    [one] { $count } победа
    [few] { $count } победы
   *[many] { $count } побед
} здесь!

forget-ask = Стереть ваши рекорды (партии, победы, козлов, напарников) и всё остальное, что я о вас храню: выбранный язык и список партий в группах, где вы сидите? Отменить это нельзя.
btn-forget-yes = Да, стереть всё
btn-forget-no = Нет, оставить
forget-done = Готово: я больше ничего о вас не храню. Партия, в которой вы играете, показывает ваше имя, пока не закончится и не исчезнет через 2 дня.
forget-kept = Ничего не стёрто.
forget-in-private = /forgetme работает в нашем личном чате: отправьте команду мне туда.
