## Стол на картинке: простой текст без разметки (он рисуется, а не отправляется как HTML).

pic-hand = Кон { $hand }
pic-pass = пас
pic-team = { $first } и { $second }
pic-score = { $side }: { $score }
pic-eggs = Яйца переходят: { $eggs }
pic-hand-won = Итог кона: { $side } +{ $points }
pic-hand-tie = Итог кона: ничья, очков никто не получает
pic-kozel-written = Итог кона: { $side } — записано { $points }
pic-kozel-13 = Итог кона: { $side } — не записано по правилу 13: { $points }
pic-kozel-eggs = Итог кона: яйца! В следующий кон переходит: { $eggs }
pic-match-won = Победа в партии: { $side }
pic-goats = Козлы: { $side }
