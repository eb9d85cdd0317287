"""Errors say what to do instead (issue 37, item 3): a refused command names the rule, the option missing or the values
accepted, in players' words; pydantic's validation text, engine step names and action types never reach a player.
Every game's commands are tried with nonsense and out of turn by the transcript sweep (``MISTAKES`` in
tests/conformance/test_words.py); here, the symptoms the issue lists, each by name."""
from __future__ import annotations

import io
import random

from engine.core.system import find_system
from table.local_app import open_local_table
from table.presenter import find_presenter
from tests.conformance.words import commands, sweep
from tests.discord.bot_fixtures import services_for


class At:
    """A two-player match at the local table, played by random choices up to a step."""

    def __init__(self, redis, prefix, tmp_path, game: str, lang: str = "en") -> None:
        self.services = services_for(redis, prefix, rate_limit_per_minute=1_000_000)
        self.local = open_local_table(self.services, out=io.StringIO(), boards_dir=tmp_path, lang=lang)
        self.game, self.lang = game, lang
        self.system = find_system(game)
        self.command = find_presenter(game).command

    async def say(self, player: str, line: str):
        self.local.player = player
        replies = await self.local.run_line(line)
        for reply in replies:
            self.local.show(reply, line)
        return replies

    async def open(self) -> None:
        await self.say("alice", f"/match new {self.game} vs:bob")
        await self.say("bob", "/press 1")
        self.match_id = await self.services.store.match_in(self.local.channel)

    async def match(self):
        return await self.services.store.load(self.match_id)

    async def until(self, wanted, seed: int = 1, steps: int = 400) -> tuple[str, list]:
        """Play random offered choices until ``wanted(action)`` is offered to a seat: (its player, its choices)."""
        pick = random.Random(seed)
        for _ in range(steps):
            match = await self.match()
            names = {h.seat: h.name for h in match.seats}
            legal = {s: self.system.legal_actions(match.state, s) for s in names}
            for seat, actions in legal.items():
                if any(wanted(a) for a in actions):
                    return names[seat], actions
            seat = pick.choice([s for s in names if legal[s]])
            await self.say(names[seat], f"/{self.command} do action:{match.log_length}:"
                                        f"{pick.randrange(len(legal[seat]))}")
        raise AssertionError("the step never came")

    def clean(self, replies) -> list[str]:
        return sweep(replies, self.lang, ("alice", "bob", *commands(self.services)))


def command_for(game: str, kind: str) -> str:
    return next(s.name for s in find_presenter(game).commands if kind in s.types)


async def test_a_hex_that_is_not_offered_lists_the_hexes_that_are(redis, prefix, tmp_path):
    """Issue 37: ``/uw token zz99`` → "That PlaceFeatureToken action is not complete: hex: Value error…"."""
    at = At(redis, prefix, tmp_path, "underworlds")
    await at.open()
    player, offered = await at.until(lambda a: a["type"] == "PlaceFeatureToken")
    [refused] = await at.say(player, f"/uw {command_for('underworlds', 'PlaceFeatureToken')} zz99")
    assert refused.error == "refused" and "“zz99” is not one of the choices for `hex`" in refused.content
    assert f"`{offered[0]['hex']}`" in refused.content or offered[0]["hex"] in refused.content
    assert "Value error" not in refused.content and at.clean([refused]) == [], refused.content


async def test_a_command_missing_its_option_names_it_and_lists_the_choices(redis, prefix, tmp_path):
    """Issue 37: ``/tdg army`` with no argument → "ChooseArmy can't be played like that now (choose_army)"."""
    at = At(redis, prefix, tmp_path, "tambores")
    await at.open()
    player, offered = await at.until(lambda a: a["type"] == "ChooseArmy")
    [refused] = await at.say(player, f"/tdg {command_for('tambores', 'ChooseArmy')}")
    assert refused.error == "refused" and "needs `deck`" in refused.content and "Humans" in refused.content, refused.content
    assert at.clean([refused]) == [], refused.content


async def test_a_step_that_is_over_is_named_in_words(redis, prefix, tmp_path):
    """Issue 37: ``/tdg mode mode:duel`` after the mode step → "ChooseMode can't be played like that now
    (choose_army)": the action and the step in words, in both languages."""
    for lang in ("en", "es"):
        at = At(redis, prefix, tmp_path / lang, "tambores", lang)
        await at.open()
        await at.until(lambda a: a["type"] == "ChooseArmy")
        replies = await at.say("alice", f"/tdg {command_for('tambores', 'ChooseMode')} mode:duel")
        assert replies[0].error == "refused" and at.clean(replies) == [], replies[0].content
        assert "choose_army" not in replies[0].content and "ChooseMode" not in replies[0].content


async def test_a_command_out_of_turn_names_whom_the_match_waits_for_and_the_step_in_words(redis, prefix, tmp_path):
    """Issue 37: "(step: {step})" internal step names, e.g. ``mw.not_your_turn``: the step in words."""
    for game in ("magewars", "underworlds", "dragonbond", "tambores"):
        at = At(redis, prefix, tmp_path / game, game)
        await at.open()
        match = await at.match()
        for holder in match.seats:
            if not at.system.legal_actions(match.state, holder.seat):
                replies = await at.say(holder.name, f"/{at.command} do action:0")
                assert replies[0].error == "refused" and at.clean(replies) == [], (game, replies[0].content)


async def test_a_finished_match_says_it_is_over(redis, prefix, tmp_path):
    """Issue 37: ``/uw do`` after the match ended → "waiting for — (—)"."""
    at = At(redis, prefix, tmp_path, "underworlds")
    await at.open()
    await at.say("alice", "/match concede")
    await at.say("alice", "/press 1")
    [refused] = await at.say("bob", "/uw do")
    assert refused.error == "refused" and "is over" in refused.content and "—" not in refused.content


async def test_an_attack_on_a_target_out_of_range_names_the_range_not_a_missing_field(redis, prefix, tmp_path):
    """Issue 37: ``/uw attack fighter:GG target:SS`` with the target out of range → "attack: Field required"; the
    refusal names the rule instead (the distance and the weapon's Range, core rules "Range")."""
    at = At(redis, prefix, tmp_path, "underworlds")
    await at.open()
    player, offered = await at.until(lambda a: a["type"] == "Attack")
    attack = next(a for a in offered if a["type"] == "Attack")
    fighters = {f["id"]: f for f in (await at.match()).state["fighters"]}
    attacker = fighters[attack["fighter"]]
    reachable = {a["target"] for a in offered if a["type"] == "Attack" and a["fighter"] == attacker["id"]}
    far = [f for f in fighters.values() if f["seat"] != attacker["seat"] and f["hex"] and not f["out_of_action"]
           and f["id"] not in reachable]
    assert far, "every enemy is in reach: no out-of-range target in this match"
    [refused] = await at.say(player, f"/uw attack fighter:{attacker['name']} target:{far[0]['name']}")
    assert refused.error == "refused" and "Field required" not in refused.content, refused.content
    assert "hexes from" in refused.content or "can't see" in refused.content or "sight" in refused.content, \
        refused.content
    assert at.clean([refused]) == [], refused.content
    [unknown] = await at.say(player, f"/uw attack fighter:{attacker['name']} target:nobody")
    assert unknown.error == "refused" and "nobody" in unknown.content and at.clean([unknown]) == [], unknown.content
