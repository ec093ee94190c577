"""Dominoes in a terminal: a whole match against the bot players, through the same
engine (`core`) and the same texts (`texts`) as the Telegram bot. No Telegram here."""
