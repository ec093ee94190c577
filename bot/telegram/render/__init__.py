"""Everything a person reads, drawn from the game's views (never its engine state, R8):
the game message, the group's table and announcements, a player's hand, keyboards,
history, records. `content` is what a message shows, with digests that tell whether a
message shows it already."""
