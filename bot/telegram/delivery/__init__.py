"""The one way out to Telegram: every call of every game, and the replies outside
games. `calls` makes each call and handles its errors; `placement` is what a game's
messages show; `plan` what they should show; `messages` brings a game's messages up
to date under its lease; `group` is the group's policy (its pace, the buried table,
reminders, the epilogue, batched deletions); `replies` answers outside games."""
