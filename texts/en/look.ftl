# How a chat sees its games: /look, in a private chat or in a group.

cmd-look = Show the games as a picture or as text
look-choose = How should I show your games here?
look-set-picture = From now on I will show your games as a picture.
look-set-text = From now on I will show your games as text.
group-look-choose = How should I show this group's table?
group-look-set-picture = From now on I will show this group's table as a picture. Each player's hand, in their private chat, follows the choice made there.
group-look-set-text = From now on I will show this group's table as text. Each player's hand, in their private chat, follows the choice made there.
btn-look-picture = 🖼 Picture
btn-look-text = 🔤 Text
