"""Pictures of a position: the table drawn as real dominoes (used by the bot and the terminal)."""
