"""Three- and four-player Underworlds at the local table (issue #19): a challenge to two or three opponents, each
accepts, and the match is played through ``/uw do`` to its victory embed (real Redis, no Discord). Along the way
the panel's "waiting for" names the player the engine awaits, and no hand card reaches a public reply."""
from __future__ import annotations

import random

import pytest

from table.context import Actor, Context
from table.game_table import GameTable
from table.play import Play
from table.reply import Reply

PLAYERS = (Actor(1, "alice"), Actor(2, "bob"), Actor(3, "carol"), Actor(4, "dave"))
THREAD = 700


def ctx(actor: Actor) -> Context:
    async def open_thread(name: str) -> int:
        return THREAD
    return Context(actor, THREAD, guild_id=9, open_thread=open_thread)


async def started(table, players: int) -> tuple[GameTable, str]:
    play = Play(table)
    uw = play.game("underworlds")
    await table.new_match(ctx(PLAYERS[0]), "underworlds", list(PLAYERS[1:players]))
    match_id = await table.store.match_in(THREAD)
    for invited in PLAYERS[1:players]:
        await table.answer_invite(ctx(invited), match_id, True)
    return uw, match_id


WARBANDS = ("steelhearts-champions", "garreks-reavers")


async def step(uw: GameTable, match_id: str, pick: random.Random) -> tuple[Reply, str, dict]:
    """One legal action by whoever must act (a seeded pick favouring fighting)."""
    match = await uw.store.load(match_id)
    view = uw.system.view(match.state, None)
    seat = view["awaiting"][0]
    legal = uw.legal(match, seat)
    own = WARBANDS[match.state["seats"].index(seat) % 2]
    wanted = [i for i, a in enumerate(legal) if a["type"] == "ChooseWarband" and a["warband"] == own]
    if not wanted:
        for kinds in (("Attack", "Charge"), ("Move", "DriveBack", "Reroll"), ()):
            wanted = [i for i, a in enumerate(legal) if a["type"] in kinds or not kinds]
            if wanted and (kinds == () or pick.random() < 0.8):
                break
    holder = match.holder(seat)
    actor = next(p for p in PLAYERS if p.user_id == holder.user_id)
    reply = await uw.run(ctx(actor), "do", {"action": f"{match.log_length}:{pick.choice(wanted)}"})
    return reply, seat, view


def public_texts(reply: Reply) -> list[str]:
    out = []
    for r in ([] if reply.ephemeral else [reply]) + [p for _, p in reply.posts if not p.ephemeral]:
        out.append(r.content)
        for e in r.embeds:
            out += [e.title or "", e.description or "", e.footer or ""] + [f"{f.name} {f.value}" for f in e.fields]
    return out


@pytest.mark.parametrize("players", [3, 4])
async def test_a_multiplayer_match_is_played_at_the_table_to_its_victory_embed(table, players):
    uw, match_id = await started(table, players)
    match = await uw.store.load(match_id)
    assert len(match.seats) == players and match.state["seats"] == [f"player{i}" for i in range(1, players + 1)]
    pick = random.Random(19 + players)
    ids = {h.seat: h.user_id for h in match.seats}
    last: Reply | None = None
    for _ in range(3000):
        match = await uw.store.load(match_id)
        if match.status.over:
            break
        reply, seat, view = await step(uw, match_id, pick)
        assert reply.error is None, reply.content
        last = reply
        after = await uw.store.load(match_id)
        if after.status.over:
            break
        # the panel names the players the engine awaits now
        waiting = uw.system.view(after.state, None)["awaiting"]
        panels = [e for r in [reply, *(p for _, p in reply.posts)] for e in r.embeds
                  if (e.description or "").startswith(("**Waiting for:**", "**Se espera a:**"))]
        for panel in panels:  # each awaited player is mentioned, and nobody else
            first_line = panel.description.split("\n")[0]
            assert first_line == "**Waiting for:** " + ", ".join(f"<@{ids[s]}>" for s in waiting), first_line
    match = await uw.store.load(match_id)
    assert match.status.value == "finished"
    assert match.state["round"] == 3 and match.state["outcome"]
    assert last is not None
    texts = "\n".join(public_texts(last))
    assert "wins" in texts or "draw" in texts.lower(), texts[:500]


async def test_one_of_three_concedes_and_the_others_play_to_the_end(table):
    """A player who concedes a three-player match is out (the game's Concedes hook): the match goes on between the
    other two, who play it to its end; the one who conceded is never awaited again and does not win."""
    uw, match_id = await started(table, 3)
    pick = random.Random(5)
    for _ in range(400):
        match = await uw.store.load(match_id)
        if match.state["phase"] == "action":
            break
        await step(uw, match_id, pick)
    quitter = PLAYERS[1]
    seat = match.seat_of(quitter.user_id)
    reply = await table.concede(ctx(quitter), match_id)
    assert reply.error is None, reply.content
    match = await uw.store.load(match_id)
    assert match.status.value == "active" and match.state["players"][seat]["conceded"]
    for _ in range(3000):
        match = await uw.store.load(match_id)
        if match.status.over:
            break
        assert seat not in uw.system.view(match.state, None)["awaiting"]
        reply, _, _ = await step(uw, match_id, pick)
        assert reply.error is None, reply.content
    match = await uw.store.load(match_id)
    assert match.status.value == "finished" and match.state["outcome"]["winner"] != seat
