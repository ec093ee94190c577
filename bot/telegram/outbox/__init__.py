"""Every call the bot makes to Telegram on its own: one outbox per chat, one sender at
a time per chat, each call at the chat's pace (see `bot.telegram.outbox.sender`)."""
