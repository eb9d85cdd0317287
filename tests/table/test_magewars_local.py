"""A whole Mage Wars duel at the local table (``python bot.py`` with no token): the same ``/mw`` commands typed as
text, the arena written to a file after each action, to the victory (apprentice mode, digest §3.2)."""
from __future__ import annotations

import io
import random
from pathlib import Path

from engine.magewars.system import SYSTEM
from table.local_app import open_local_table
from tests.discord.bot_fixtures import services_for


async def test_a_whole_mage_wars_duel_at_the_local_table(tmp_path: Path, redis, prefix):
    services = services_for(redis, prefix)
    out = io.StringIO()
    local = open_local_table(services, out=out, as_json=True, boards_dir=tmp_path / "boards")
    await local.run(["/match new magewars vs:bob", "/as bob", "/press Accept"])
    match_id = await services.store.match_in(local.channel)
    match = await services.store.load(match_id)
    names = {h.seat: h.name for h in match.seats}
    wanted = [("player1", {"type": "ChooseMode", "mode": "apprentice"}),
              ("player1", {"type": "ChooseMage", "mage": "warlock", "book": "apprentice-warlock"}),
              ("player2", {"type": "ChooseMage", "mage": "beastmaster", "book": "apprentice-beastmaster"})]
    for seat, action in wanted:  # the choices before the duel (engine/magewars/choices.py)
        match = await services.store.load(match_id)
        index = SYSTEM.legal_actions(match.state, seat).index(action)
        await local.run([f"/as {names[seat]}", f"/mw do action:{match.log_length}:{index}"])
    pick = random.Random(3)
    for _ in range(1500):
        match = await services.store.load(match_id)
        if match.status.over:
            break
        seat = SYSTEM.awaiting(match.state)[0]
        legal = [i for i, a in enumerate(SYSTEM.legal_actions(match.state, seat)) if a["type"] != "Concede"]
        actions = SYSTEM.legal_actions(match.state, seat)
        bold = [i for i in legal if actions[i]["type"] in ("Attack", "Cast", "Move")]
        if match.state["step"] == "plan":
            bold = [i for i in legal if len(actions[i].get("spells") or []) == 2] or bold
        index = pick.choice(bold) if bold and pick.random() < 0.85 else pick.choice(legal)
        await local.run([f"/as {names[seat]}", f"/mw do action:{match.log_length}:{index}"])
        assert (await services.store.load(match_id)).log_length == match.log_length + 1, out.getvalue()[-800:]
    match = await services.store.load(match_id)
    assert match.status.value == "finished"
    await local.run(["/as alice", "/mw spells", "/match status"])
    printed = out.getvalue()
    assert "🏆" in printed and "finished" in printed and "Your secrets" in printed
    assert len(sorted((tmp_path / "boards").glob("*board.png"))) > 20
