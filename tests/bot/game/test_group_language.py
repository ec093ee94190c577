"""The group's language as use cases: who may choose it (the live game's opener or an
admin; with no live game, an admin), and the live game that follows it; and as stored:
the first game's language is kept."""

from __future__ import annotations

import asyncio

from fakeredis import FakeAsyncRedis

from bot.game.errors import RefusalCode
from bot.game.groups import GroupGames
from bot.game.state import Game
from bot.store.games import GameStore
from bot.store.languages import LanguageStore
from core.variants import Variant
from tests.bot.factories import GROUP_ID, person
from tests.bot.game.conftest import RecordingNotifier
from tests.bot.game.helpers import refused, stored
from tests.bot.game.test_groups import Admin

ANN = person(11, "Ann")
BEN = person(12, "Ben", "ru")


def language_of(game: Game) -> str:
    group = game.record.group
    assert group is not None
    return group.language


async def test_the_groups_language_given_at_opening_is_not_the_openers(
    groups: GroupGames,
) -> None:
    game = await groups.open(GROUP_ID, "Room", BEN, Variant.KOZEL, 4, language="fr")
    assert language_of(game) == "fr"
    assert game.human(0).language == "ru"  # his hand speaks his own


async def test_with_no_live_game_only_an_admin_may_choose(groups: GroupGames) -> None:
    await refused(RefusalCode.ADMINS_ONLY, groups.may_set_language(GROUP_ID, ANN.user_id, Admin()))
    assert await groups.may_set_language(GROUP_ID, ANN.user_id, Admin(answer=True)) is None
    assert await groups.set_language(GROUP_ID, "fr") is None


async def test_the_opener_chooses_without_asking_telegram_and_others_must_be_admins(
    groups: GroupGames,
) -> None:
    game = await groups.open(GROUP_ID, "Room", ANN, Variant.KOZEL, 4)
    admin = Admin()
    found = await groups.may_set_language(GROUP_ID, ANN.user_id, admin)
    assert found is not None
    assert found.game_id == game.game_id
    assert admin.asked == 0
    await refused(RefusalCode.NOT_ALLOWED, groups.may_set_language(GROUP_ID, BEN.user_id, Admin()))
    assert await groups.may_set_language(GROUP_ID, BEN.user_id, Admin(answer=True)) is not None


async def test_the_live_game_follows_once_and_a_cancelled_one_keeps_its_language(
    groups: GroupGames, store: GameStore, notifier: RecordingNotifier
) -> None:
    game = await groups.open(GROUP_ID, "Room", ANN, Variant.KOZEL, 4)
    changed = await groups.set_language(GROUP_ID, "it")
    assert changed is not None
    assert language_of(changed) == "it"
    assert changed.version == game.version + 1
    assert notifier.versions()[-1] == (game.game_id, changed.version)
    told = len(notifier.told)
    again = await groups.set_language(GROUP_ID, "it")
    assert again is not None
    assert again.version == changed.version  # nothing to save
    assert len(notifier.told) == told
    await groups.stop(changed, ANN.user_id, Admin())
    assert await groups.set_language(GROUP_ID, "fr") is None
    assert language_of(await stored(store, game.game_id)) == "it"


async def test_the_first_language_a_group_is_given_is_kept(redis: FakeAsyncRedis) -> None:
    store = LanguageStore(redis)
    kept = await asyncio.gather(*(store.adopt(GROUP_ID, lang) for lang in ("ru", "fr")))
    assert kept[0] == kept[1] == await store.get(GROUP_ID)
    assert await store.adopt(GROUP_ID, "it") == kept[0]
    await store.set(GROUP_ID, "it")
    assert await store.get(GROUP_ID) == "it"
