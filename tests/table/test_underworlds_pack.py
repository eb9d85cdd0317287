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


def board_pack() -> dict:
    """Mirror Well retyped by a league as its own face, with one more blocked hex than the shipped one."""
    boards = json.loads((ROOT / "data/underworlds/boards.json").read_text(encoding="utf-8"))["boards"]
    face = next(b for b in boards if b["id"] == "mirror-well")
    face.update(id="league-well", name="League Well", udb_board_id=None)
    face["layout"]["blocked"] = ["c3"]
    text = yaml.safe_dump({"schema_version": 1, "game": "underworlds", "id": "league-boards", "name": "League boards",
                           "version": "1", "author": "Ana", "provenance": "Typed from our own board",
                           "entries": {"boards": [face]}}, allow_unicode=True, sort_keys=False)
    return read_pack(text.encode("utf-8")).document()


def test_a_pack_board_is_offered_placed_and_drawn():
    """A pack's board face (docs/packs.md, Underworlds) is offered beside the shipped ones, joins the
    battlefield with its own hexes (its blocked hex is blocked), and the board image and texts name it."""
    from engine.core.rng import SeededRng
    from engine.underworlds import rules
    from engine.underworlds.system import UnderworldsSystem, load
    from table.presenter import Scene, find_presenter

    system, rng = UnderworldsSystem(), SeededRng(b"\x01" * 32)
    state = system.setup({"pack": board_pack(), "warbands": {"player1": "garreks-reavers",
                                                             "player2": "steelhearts-champions"}},
                         ("player1", "player2"), rng)
    offered: list[str] = []
    while not state.get("battlefield"):
        seat = next(s for s in ("player1", "player2") if system.legal_actions(state, s))
        legal = system.legal_actions(state, seat)
        boards = [a for a in legal if a["type"] == "ChooseBoard"]
        offered += [a["board"] for a in boards]
        pick = next((a for a in boards if a["board"] == "league-well"), None) or legal[0]
        state, _ = system.apply(state, seat, pick, rng)
    assert "league-well" in offered and "mirror-well" in offered
    st = load(state)
    placed = {st.battlefield.first.board, st.battlefield.second.board}
    assert "league-well" in placed
    bf = rules.battlefield(st)
    side = 0 if st.battlefield.first.board == "league-well" else 1
    assert any(bf.owner(h) == side for h in bf.blocked_hexes)  # the pack's own blocked hex
    presenter = find_presenter("underworlds")
    scene = Scene(system.view(state, None), {"player1": "Ana", "player2": "Bo"})
    png = presenter.board(scene, [])
    assert png and png.startswith(b"\x89PNG")
    lines = presenter.event_lines(scene, [{"type": "BoardChosen", "player": "player1", "board": "league-well"}])
    assert any("League Well" in line for line in lines)
