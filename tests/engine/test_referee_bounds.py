"""Referee values are bounded by what the game allows (issue 37, item 5): ``/mw ref adjust … damage
value:99999999999999999999`` was accepted (a negative value was refused) and the number overflowed the board.
Every game's referee refuses a value out of bounds with the bounds (core.ref.out_of_range), changing nothing."""
from __future__ import annotations

import copy

import pytest

from engine.core.errors import InvalidInput
from engine.core.rng import SeededRng

HUGE = 99999999999999999999


def refused(system, state, seat, action, rng=None):
    before = copy.deepcopy(state)
    with pytest.raises(InvalidInput) as error:
        system.apply(state, seat, action, rng or SeededRng(b"r" * 32))
    assert error.value.code == "core.ref.out_of_range" and state == before, error.value.code
    return error.value.params


def test_magewars_damage_is_bounded_by_the_objects_life_and_counts_by_99():
    """§9.5: an object is destroyed when its damage reaches its life, so damage beyond its life is refused, with
    the bounds 0 and that life (24 for an Apprentice mage, digest §3.2); mana and markers stop at 99."""
    from engine.magewars.system import SYSTEM

    rng = SeededRng(b"s" * 32)
    s = SYSTEM.setup({"mode": "apprentice"}, ("player1", "player2"), rng)
    mage = s["mages"]["player1"]
    params = refused(SYSTEM, s, "player2", {"type": "Adjust", "object": mage, "field": "damage", "value": HUGE})
    assert (params["low"], params["high"], params["field"]) == (0, 24, "damage")
    refused(SYSTEM, s, "player2", {"type": "Adjust", "object": mage, "field": "damage", "value": 25})
    refused(SYSTEM, s, "player2", {"type": "Adjust", "object": mage, "field": "mana", "value": 100})
    refused(SYSTEM, s, "player2", {"type": "Adjust", "object": mage, "field": "conditions.Burn", "value": HUGE})
    s, _ = SYSTEM.apply(s, "player2", {"type": "Adjust", "object": mage, "field": "damage", "value": 24}, rng)
    assert s["objects"][mage]["damage"] == 24


def test_underworlds_wounds_are_bounded_by_the_fighters_wounds_and_counts_by_99():
    """Rules §18.1: a fighter with as many wounds as its Wounds characteristic is out of action, so a referee adds
    at most what it has left and removes at most what it has; markers, glory and Haunch stop at 99."""
    from tests.engine.underworlds.scenario import P1, P2, SYSTEM, act, scenario

    targor = "player1:targor"
    s = scenario({targor: "c3"})
    params = refused(SYSTEM, s, P2, {"type": "AdjustWounds", "fighter": targor, "delta": HUGE})
    assert params["low"] == 0 and 1 <= params["high"] <= 6
    refused(SYSTEM, s, P2, {"type": "AdjustWounds", "fighter": targor, "delta": -1})
    refused(SYSTEM, s, P2, {"type": "AdjustMarker", "fighter": targor, "marker": "stagger", "delta": HUGE})
    refused(SYSTEM, s, P2, {"type": "AdjustGlory", "player": P1, "delta": HUGE})
    s, _ = act(s, P2, {"type": "AdjustWounds", "fighter": targor, "delta": 1})


def test_dragonbond_and_tambores_referee_numbers_stop_at_99():
    """No Dragonbond or Tambores count moves by more than 99 at once; victory points stay from 0 to 99."""
    from engine.tambores.referee import _int as tambores_int
    from tests.engine.dragonbond.support import SYSTEM, battle

    s = battle()
    unit = next(u["id"] for u in s["units"].values() if u["where"] == "battlefield")
    seat = s["seats"][0] if isinstance(s["seats"], list) else next(iter(s["seats"]))
    refused(SYSTEM, s, seat, {"type": "AdjustWounds", "unit": unit, "delta": HUGE})
    refused(SYSTEM, s, seat, {"type": "AdjustFatigue", "unit": unit, "delta": -100})
    refused(SYSTEM, s, seat, {"type": "AdjustVP", "seat": seat, "delta": 100})
    with pytest.raises(InvalidInput) as error:
        tambores_int({"delta": HUGE}, "delta")
    assert error.value.code == "core.ref.out_of_range" and error.value.params["high"] == 99


async def test_mw_ref_adjust_a_huge_damage_is_refused_with_the_bounds_at_the_local_table(redis, prefix, tmp_path):
    """The symptom as typed: ``/mw ref adjust … damage value:99999999999999999999`` at the table is refused with
    "from 0 to 24", and the mage's damage is unchanged."""
    import io

    from table.local_app import open_local_table
    from tests.discord.bot_fixtures import services_for

    local = open_local_table(services_for(redis, prefix, rate_limit_per_minute=10_000), out=io.StringIO(),
                             boards_dir=tmp_path)
    await local.run(["/match new magewars vs:bob", "/as bob", "/press Accept"])
    game = local.services.play.game("magewars")
    match_id = await local.services.store.match_in(local.channel)
    for _ in range(40):
        match = await local.services.store.load(match_id)
        if match.state.get("objects"):
            break
        seat = next(s for s in (h.seat for h in match.seats)
                    if any(a["type"] != "Concede" for a in game.legal(match, s)))
        local.player = match.holder(seat).name
        index = next(i for i, a in enumerate(game.legal(match, seat)) if a["type"] != "Concede")
        await local.run([f"/mw do {index}"])
    match = await local.services.store.load(match_id)
    mage = match.state["mages"]["player1"]
    local.player = match.holder("player2").name
    [reply] = await local.run_line(f"/mw ref adjust object:{mage} field:damage value:{HUGE}")
    assert reply.error == "refused" and "from 0 to 24" in reply.content, reply.content
    after = await local.services.store.load(match_id)
    assert after.state["objects"][mage]["damage"] == 0
