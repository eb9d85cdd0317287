"""An Underworlds match started with a data pack offers the pack's warbands and plays with them; the match
keeps its own copy (docs/packs.md)."""
from __future__ import annotations

import json
from pathlib import Path

import yaml

from table.context import Actor, Context
from table.packs import read_pack
from table.play import Play

ROOT = Path(__file__).resolve().parents[2]
ALICE, BOB = Actor(1, "alice"), Actor(2, "bob")
THREAD = 900


def ctx(actor: Actor) -> Context:
    async def open_thread(name: str) -> int:
        return THREAD
    return Context(actor, THREAD, guild_id=9, open_thread=open_thread)


def league_pack() -> dict:
    """Steelheart's Champions retyped by a league under its own id and name."""
    warband = json.loads((ROOT / "data/underworlds/warbands/steelhearts-champions.json").read_text(encoding="utf-8"))
    warband.update(id="league-champions", name="League Champions")
    text = yaml.safe_dump({"schema_version": 1, "game": "underworlds", "id": "league", "name": "League warbands",
                           "version": "1", "author": "Ana", "provenance": "Typed from our own cards",
                           "entries": {"warbands": [warband]}}, allow_unicode=True, sort_keys=False)
    return read_pack(text.encode("utf-8")).document()


async def test_a_match_with_a_pack_offers_and_plays_its_warbands(table):
    play = Play(table)
    uw = play.game("underworlds")
    await table.new_match(ctx(ALICE), "underworlds", BOB, {"pack": league_pack()})
    match_id = await table.store.match_in(THREAD)
    await play.press(ctx(BOB), f"m:accept:{match_id}")
    match = await table.store.load(match_id)
    seat = match.seat_of(ALICE.user_id)
    offered = [a["warband"] for a in uw.legal(match, seat) if a["type"] == "ChooseWarband"]
    assert "league-champions" in offered and "steelhearts-champions" in offered
    labels = [label for label, _ in await uw.choices(ctx(ALICE), "setup warband", "warband", {}, "league")]
    assert labels == ["League Champions"] or any("League Champions" in label for label in labels)
    chosen = await uw.run(ctx(ALICE), "setup warband", {"warband": "league-champions"})
    assert "League Champions" in chosen.content  # told privately, by its name from the pack
    other = match.seat_of(BOB.user_id)
    await uw.run(ctx(BOB), "setup warband", {"warband": "garreks-reavers"})
    for who in (ALICE, BOB):
        [deck, *_] = await uw.choices(ctx(who), "setup deck", "deck", {}, "")
        await uw.run(ctx(who), "setup deck", {"deck": deck[1]})
    match = await table.store.load(match_id)
    fighters = {f["seat"]: [] for f in match.state["fighters"]}
    for f in match.state["fighters"]:
        fighters[f["seat"]].append(f["name"])
    assert "Severin Steelheart" in fighters[seat] and len(fighters[other]) == 5
    assert match.state["players"][seat]["warband"] == "league-champions"
