"""What a game's messages show, as stored (`bot.telegram.delivery.placement`): a message
read back as written, and one written by another version of the bot (a field it no longer
has, or one it does not have yet) read all the same."""

from __future__ import annotations

import json

from bot.telegram.show.placement import Sent, dump, sent_of


def test_a_message_reads_back_as_it_was_written() -> None:
    sent = Sent(5, 17, "e", "f", "ru", turn=True, retired=(3, 4), prompt=True, photo="k")
    assert sent_of(dump(sent)) == sent


def test_a_field_of_another_version_is_left_out() -> None:
    stored = json.loads(dump(Sent(5, 17, retired=(3,))))
    stored["pinged_at"] = 1717243272.0  # written before turns followed the person's move
    stored["shape"] = "round"  # written by a later version, beside this one
    assert sent_of(json.dumps(stored)) == Sent(5, 17, retired=(3,))
