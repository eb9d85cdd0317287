"""A whole Dragonbond battle at the local table, with the training pack: ``/match new dragonbond`` to the result.

The players type what a player would (``/db deploy unit:A1 to:3,2``, ``/db march unit:A2 to:20.5,14``,
``/db attack ...``, ``/db decide 0``, ``/db pass``), chosen by the scripted player of
``test_dragonbond_table.py``. Along the way: a move too long is refused privately with its distance and changes
nothing; ``/db measure`` answers only its asker; every board written is a PNG.
"""
from __future__ import annotations

import io
import json

from PIL import Image

from engine.dragonbond import actions
from table.local_app import open_local_table
from table.store import Store
from tests.discord.bot_fixtures import services_for
from tests.table.test_dragonbond_table import next_command, playable  # noqa: F401 - the fixture

MAX_LINES = 400


def far_point(state: dict, seat: str) -> tuple[str, list[float]] | None:
    """One of ``seat``'s units and a point on the table well beyond its Speed."""
    for u in state["units"].values():
        if u["side"] == seat and u["where"] == "battlefield":
            reach = actions.allowance(u) + 6
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                x, y = u["x"] + dx * reach, u["y"] + dy * reach
                if 2 < x < state["field"]["width"] - 2 and 2 < y < state["field"]["height"] - 2:
                    return u["id"], [round(x, 1), round(y, 1)]
    return None


async def test_a_whole_battle_at_the_local_table(redis, prefix, tmp_path, playable):  # noqa: F811
    out = io.StringIO()
    local = open_local_table(services_for(redis, prefix), out=out, as_json=True, boards_dir=tmp_path)
    store = Store(redis, prefix=prefix)
    await local.run(["/as alice", "/match new dragonbond vs:bob", "/as bob", "/press Accept"])
    match_id = await store.match_in(local.channel)
    match = await store.load(match_id)
    names = {h.seat: h.name for h in match.seats}
    refused = measured = False
    tried: dict[int, set[str]] = {}
    for _ in range(MAX_LINES):
        match = await store.load(match_id)
        if match.status.over:
            break
        state = match.state
        from engine.dragonbond.system import awaiting

        seat = awaiting(state)[0]
        await local.run([f"/as {names[seat]}"])
        if not refused and state["phase"] == "battle" and not state["pending_queue"] and state["active"] == seat:
            found = far_point(state, seat)
            if found:
                before = len(out.getvalue())
                await local.run([f"/db march unit:{found[0]} to:{found[1][0]},{found[1][1]}"])
                [reply] = [json.loads(line) for line in out.getvalue()[before:].splitlines()]
                assert reply["ephemeral"] and '"' in reply["content"], reply
                assert "may move" in reply["content"] or "needs" in reply["content"], reply["content"]
                assert await store.load(match_id) == match, "a refused move changes nothing"
                refused = True
                continue
        if not measured and state["phase"] == "battle":
            before = len(out.getvalue())
            await local.run(["/as carol", "/db measure a:A1 b:B1", f"/as {names[seat]}"])
            [reply] = [r for r in map(json.loads, out.getvalue()[before:].splitlines()) if r["command"].startswith("/db")]
            assert reply["ephemeral"] and "edge to edge" in reply["embeds"][0]["description"], reply
            measured = True
        step = tried.setdefault(match.log_length, set())
        line = next_command(state, seat, step)
        step.add(line)
        await local.run([line])
    match = await store.load(match_id)
    assert match.status.value == "finished", out.getvalue()[-3000:]
    assert refused and measured

    replies = [json.loads(line) for line in out.getvalue().splitlines()]
    last = [r for r in replies if not r["ephemeral"]][-1]
    result = last["embeds"][-1]
    assert "wins the battle" in result["title"] or "draw" in result["title"]
    assert "victory points" in result["description"] and "Training pack" in result["description"]
    boards = [f for r in replies for f in r["files"]]
    assert len(boards) > 10
    for board in boards:
        assert 0 < len(board["description"]) <= 1024  # the board's alt text (issue 34 item 3)
        image = Image.open(board["path"])
        image.verify()
        assert image.format == "PNG"
    # the last board has the result drawn above the battlefield (issue 34 item 2), and says it in its alt text
    assert Image.open(boards[-1]["path"]).height > Image.open(boards[-2]["path"]).height
    assert result["title"].lstrip("🏆 ") in boards[-1]["description"]
    # the dice of every attack were shown with their colours
    combats = [e for r in replies for e in r["embeds"] if e.get("title", "").startswith(("⚔️", "🏹"))]
    assert combats and any("×" in f["value"] for e in combats for f in e["fields"])
