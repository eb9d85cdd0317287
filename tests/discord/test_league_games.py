"""Leagues of every game through the fake Discord gateway (issue #18): for Mage Wars, Dragonbond and Tambores a
``/league join`` with an illegal list is refused ephemerally, one line per problem and nothing registered, and a
legal list joins; a league created with ``pack:`` (autocompleted from the server's packs) checks against it."""
from __future__ import annotations

from pathlib import Path

import yaml

from tests.discord.bot_fixtures import running_bot, concede

ROOT = Path(__file__).resolve().parents[2]


async def _players(bot):
    service = bot.league_service
    [league_id] = await service.store.ids(next(iter(bot.guilds)).id)
    return (await service.store.load(league_id)).league.players


async def _refused_then_joined(fake, bot, game: str, format: str, bad: str, lines: list[str], good: str,
                               summary: str, **create):
    org, ann = fake.add_user("org", moderator=True), fake.add_user("ann")
    created = await fake.slash(org, fake.channel, "league create", name="Season", game=game, format=format, **create)
    assert "is open" in created.content, created.content
    refused = await fake.slash(ann, fake.channel, "league join", list=bad)
    assert refused.ephemeral and "Nothing was registered" in refused.content, refused.content
    assert refused.content.count("\n• ") == len(lines), refused.content
    for line in lines:
        assert line in refused.content, (line, refused.content)
    assert await _players(bot) == {}
    joined = await fake.slash(ann, fake.channel, "league join", file=("list.txt", good.encode()))
    assert "joined" in joined.content and summary in joined.content, joined.content
    assert list(await _players(bot)) == [ann.id]
    return created


async def test_a_mage_wars_spellbook_over_its_points_is_refused(fake_discord, redis, prefix):
    async with running_bot(fake_discord, redis, prefix) as bot:
        await _refused_then_joined(
            fake_discord, bot, "magewars", "full", "mage: Warlock; book: starter-wizard; 2 Frobnicate",
            ["Arcane Ring is for the Wizard only", "“Frobnicate” is not a card", "the Warlock has 120",
             "Huginn, Raven Familiar is for mages trained in Arcane only", "Suppression Cloak is for the Wizard"],
            "mage: Wizard\nbook: starter-wizard", "Wizard · 59 spells")


async def test_a_dragonbond_force_over_the_game_size_is_refused(fake_discord, redis, prefix):
    async with running_bot(fake_discord, redis, prefix) as bot:
        await _refused_then_joined(
            fake_discord, bot, "dragonbond", "skirmish",
            "Eldai Alarn (general); Skorpikones de Asalto; Carniceros Ogerron; Garras Sangrientas; Garras Sangrientas",
            ["at least the 56 points spent"],
            "Eldai Alarn (general)\nSkorpikones de Asalto\nCarniceros Ogerron", "Fuerza de Jason · 3 units, 36 points")


async def test_a_tambores_deck_of_two_armies_is_refused(fake_discord, redis, prefix):
    async with running_bot(fake_discord, redis, prefix) as bot:
        await _refused_then_joined(
            fake_discord, bot, "tambores", "custom", "hero: Thugg; hero: Aiden; 2 Alabardero; 1 Lancero",
            ["a hero of the orc army", "a card of the orc army", "at least 5 cards to draw"],
            "hero: Thugg\n12 Lancero\n10 Fûror", "Thugg · orc · 22 cards")


async def test_a_league_with_a_pack_checks_lists_against_it(fake_discord, redis, prefix):
    """``/league create ... pack:`` offers the server's packs of the chosen game; the league's lists are read
    from that pack (a unit renamed in it is known by its new name only)."""
    fake = fake_discord
    org = fake.add_user("org", moderator=True)
    data = yaml.safe_load((ROOT / "data/dragonbond/packs/training.yaml").read_text(encoding="utf-8"))
    data.update(id="valerna", name="Valerna league", training=False)
    for unit in data["entries"]["units"]:
        if unit["id"] == "garras-sangrientas":
            unit["name"] = "Garras de Valerna"
    async with running_bot(fake, redis, prefix) as bot:
        imported = await fake.slash(org, fake.channel, "pack import",
                                    file=("valerna.yaml", yaml.safe_dump(data, allow_unicode=True).encode()))
        assert "valerna" in imported.content, imported.content
        offered = await fake.autocomplete(org, fake.channel, "league create", focused="pack", name="S",
                                          game="dragonbond", format="skirmish", pack="val")
        assert [c["value"] for c in offered] == ["valerna"]
        none = await fake.autocomplete(org, fake.channel, "league create", focused="pack", name="S",
                                       game="tambores", format="custom", pack="")
        assert none == []
        created = await _refused_then_joined(
            fake, bot, "dragonbond", "skirmish", "Eldai Alarn (general); Garras Sangrientas",
            ["no unit called “Garras Sangrientas”"], "Eldai Alarn (general)\nGarras de Valerna",
            "Fuerza de Jason · 2 units, 22 points", pack="valerna")
        assert "`valerna`" in created.content and "Valerna league" in created.content


async def test_a_league_match_plays_the_registered_lists_and_the_next_round_follows(fake_discord, redis, prefix):
    """Through the gateway (Underworlds): ``/league play`` opens a match in which both registered warbands and
    Rivals decks are already chosen (the lists are not posted before they are published); when the match ends its
    result completes round 1 and the poller announces round 2 in the league's channel."""
    import time

    fake = fake_discord
    org, ann, bob = fake.add_user("org", moderator=True), fake.add_user("ann"), fake.add_user("bob")
    lists = {ann: "warband: Garrek's Reavers\ndeck: rimewyrms-bite-rivals",
             bob: "warband: Steelheart's Champions\ndeck: hungering-parasite-rivals"}
    async with running_bot(fake, redis, prefix) as bot:
        await fake.slash(org, fake.channel, "league create", name="Season", game="underworlds", format="rivals")
        for user, text in lists.items():
            joined = await fake.slash(user, fake.channel, "league join", list=text)
            assert "joined" in joined.content, joined.content
        await fake.slash(org, fake.channel, "league next")
        played = await fake.slash(ann, fake.channel, "league play")
        assert "registered" in played.content and "Reavers" not in played.content, played.content
        thread = fake.threads_of(fake.channel)[-1]
        invite = fake.channel_messages(thread)[0]
        await fake.click(bob, invite, invite.custom_ids[0])
        [match] = await bot.league_service.table.store.matches_of(ann.id)
        players = match.state["players"]
        assert {players[h.seat]["warband"] for h in match.seats} == {"garreks-reavers", "steelhearts-champions"}
        assert players[match.seat_of(bob.id)]["deck"] == "hungering-parasite-rivals"
        await concede(fake, bob, thread)
        assert await bot.get_cog("LeagueCog").poll_once(now=time.time()) == 1
        assert any("round 2" in m.content for m in fake.channel_messages(fake.channel))
        league = (await bot.league_service.store.load(
            (await bot.league_service.store.ids(next(iter(bot.guilds)).id))[0])).league
        assert len(league.rounds) == 2 and league.games["1.1"].match == match.id
