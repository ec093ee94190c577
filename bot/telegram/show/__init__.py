"""What each chat should show of a game, and the next call that brings it there: pure
functions of the game and of what the chat's messages show, with no call of their own
(the outbox makes the calls: `bot.telegram.outbox`)."""
