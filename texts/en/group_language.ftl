# The group's one language: /lang sent in a group.

group-lang-choose = The language of this group (its games, and my answers here):
group-lang-set = I will speak English in this group. Each player's hand stays in their own language.
refusal-admins-only = Only a group admin can do that while no game is open here.
