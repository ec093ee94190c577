## Стол на картинке: простой текст без разметки (он рисуется, а не отправляется как HTML).

pic-hand = Кон { $hand }
pic-pass = пас
pic-team = { $first } и { $second }
pic-eggs = Яйца: { $eggs }
# Имя, в котором нечего нарисовать (одни эмодзи): игрок по месту за столом.
pic-player = Игрок { $n }
# Конец кона на картинке: что случилось (крупно), затем очки.
pic-domino = Домино! { $name }
pic-fish = Рыба!
pic-blocked = Закрыто: сходить некому
pic-hand-won = { $side } +{ $points }
pic-hand-tie = Ничья: очков никто не получает
pic-kozel-written = { $side }: записано { $points }
pic-kozel-13 = { $side }: не записано (правило 13): { $points }
pic-kozel-eggs = Яйца! В следующий кон переходит { $eggs }
pic-match-won = Победа в партии
pic-goats = Козлы!
pic-dry = Сухая!
