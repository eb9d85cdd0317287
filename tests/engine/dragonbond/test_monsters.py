"""Dragonbond neutral units (§27; seed 003 l.1469-1538): Monsters placed at objectives, their opportunity
attacks, trophy, behaviour deck and auction. The training pack's Monster is invented (see the pack)."""
from __future__ import annotations

import math

import pytest

from engine.core.errors import IllegalAction
from engine.core.rng import SeededRng
from engine.dragonbond import board, monsters, turns
from engine.dragonbond.setup import training_document
from tests.engine.dragonbond.support import SEATS, SYSTEM, by_card, clear_table, ctx

LUCY, JASON = SEATS
BEAST = "bestia-de-entrenamiento"
RNG = SeededRng(b"m" * 32)


def with_beast(seed: int = 5, **options) -> dict:
    return SYSTEM.setup({"deployment": "auto", "monsters": [BEAST], **options}, SEATS,
                        SeededRng(seed.to_bytes(32, "big")))


def generals(st: dict) -> tuple[str, ...]:
    """Both Generals, far from the action, so no side is wiped out."""
    return tuple(u["id"] for u in st["units"].values() if u["general"])


def beast(st: dict) -> dict:
    return st["units"]["M1"]


def near(st: dict, mover: dict, target: dict, gap: float) -> None:
    """Put ``mover`` ``gap`` inches (edge to edge) straight below ``target``."""
    mover.update(x=target["x"], y=target["y"] - target["radius"] - mover["radius"] - gap)


def engage_pair(st: dict, a: dict, b: dict) -> None:
    near(st, a, b, 0.0)
    a["engaged_with"], b["engaged_with"] = [b["id"]], [a["id"]]


def test_monster_placed_in_contact_with_an_objective_after_an_opposed_roll():
    """Digest §27.2; seed 003 l.1494 (after the objectives, another opposed roll; its winner resolves a Monster
    card), l.1504 (in contact with an objective, one Monster per objective)."""
    st = SYSTEM.setup({"pack": training_document(), "scenario": "pitched_battle", "size": 50,
                       "forces": {LUCY: "lucy", JASON: "jason"}, "monsters": [BEAST], "objectives": "map"}, SEATS,
                      SeededRng(bytes(32)))
    assert st["setup"]["step"] == "monsters"
    roll = next(e for e in st["last"] if e["type"] == "OpposedRoll" and e["reason"] == "monster" and e["winner"])
    assert SYSTEM.view(st, None)["awaiting"] == [roll["winner"]]
    offered = SYSTEM.legal_actions(st, roll["winner"])
    assert {a["objective"] for a in offered} == {o["n"] for o in st["objectives"]}
    st, events = SYSTEM.apply(st, roll["winner"], offered[0], RNG)
    m = beast(st)
    obj = next(o for o in st["objectives"] if o["n"] == offered[0]["objective"])
    assert m["where"] == "battlefield" and m["side"] == "monster"
    assert math.hypot(m["x"] - obj["x"], m["y"] - obj["y"]) == pytest.approx(m["radius"], abs=0.02)
    assert st["setup"]["step"] == "edge"


def test_monsters_join_only_a_pitched_battle():
    """Digest §27.2; seed 003 l.1492: Monsters are added to "una Batalla Campal normal"."""
    st = SYSTEM.setup({"pack": training_document()}, SEATS, SeededRng(bytes(32)))
    seat = SYSTEM.view(st, None)["awaiting"][0]
    offered = SYSTEM.legal_actions(st, seat)
    assert {"type": "ChooseScenario", "scenario": "pitched_battle", "monsters": [BEAST]} in offered
    assert not [a for a in offered if a["monsters"] and a["scenario"] != "pitched_battle"]
    with pytest.raises(IllegalAction):
        SYSTEM.apply(st, seat, {"type": "ChooseScenario", "scenario": "quest", "monsters": [BEAST]}, RNG)


def test_monster_always_makes_its_opportunity_attack():
    """Digest §11.1, §27.2; seed 003 l.1512: "Si un Monstruo puede hacer un ataque de oportunidad, siempre lo
    hará": no decision is asked, the attack is rolled before the move."""
    st = with_beast()
    st["active"] = LUCY
    u = by_card(st, "esgrimistas-oniricos")
    clear_table(st, keep=(u["id"], "M1", *generals(st)))
    engage_pair(st, u, beast(st))
    away = [u["x"], u["y"] - 3]
    st2, events = SYSTEM.apply(st, LUCY, {"type": "March", "unit": u["id"], "to": away}, RNG)
    oa = [e for e in events if e["type"] == "AttackRolled" and e["unit"] == "M1"]
    assert oa and oa[0]["reason"] == "opportunity"
    assert not any(p["kind"] == "opportunity" for p in st2["pending_queue"])
    assert not any(e["type"] == "Decision" and e["kind"] == "opportunity" for e in events)


def test_trophy_value_goes_to_the_player_who_defeats_the_monster():
    """Digest §27.2; seed 003 l.1514: VP equal to the trophy value; "UPE": the last winning bid."""
    from engine.dragonbond.combat import destroy
    st = with_beast()
    u = by_card(st, "esgrimistas-oniricos")
    c = ctx(st)
    destroy(c, "M1", by=u["id"], kind="melee")
    assert st["vp"][LUCY] == 15 and st["vp"][JASON] == 0
    st = with_beast()
    st["monsters"]["M1"].update(trophy="UPE", last_bid=4)
    destroy(ctx(st), "M1", by=by_card(st, "eldai-alarn")["id"], kind="melee")
    assert st["vp"][JASON] == 4


def test_behaviour_cards_drawn_before_score_until_two_fatigue_then_reshuffled():
    """Digest §27.2; seed 003 l.1520: at the end of each round, before Score, draw while the Monster has 1 or
    less fatigue, repeating until it has 2 or more; then all its cards are shuffled into the deck again."""
    st = with_beast()
    clear_table(st, keep=("M1", by_card(st, "esgrimistas-oniricos")["id"], *generals(st)))
    c = ctx(st, SeededRng(b"r" * 32))
    turns.end_round(c)
    drawn = [e for e in c.events if e["type"] == "BehaviourDrawn"]
    assert drawn and all(e["reason"] == "round_end" for e in drawn)
    first_score = next(i for i, e in enumerate(c.events) if e["type"] in ("VictoryPoints", "ObjectiveCaptured",
                                                                          "FatigueLost"))
    assert max(i for i, e in enumerate(c.events) if e["type"] == "BehaviourDrawn") < first_score
    acted = [e for e in c.events if e["type"] == "MonsterActs"]
    assert acted[-1]["fatigue"] >= 2
    assert len(st["monsters"]["M1"]["deck"]) == 5 and st["monsters"]["M1"]["discard"] == []


def test_attacked_monster_draws_after_the_turn_aimed_at_the_attacker():
    """Digest §27.2; seed 003 l.1524, l.1532: attacked with 2 or less fatigue, the Monster draws a card right
    after that player's turn, and that card's target is always the attacking unit."""
    st = with_beast()
    st["active"] = LUCY
    shooter = by_card(st, "cazadores-del-fai")
    clear_table(st, keep=(shooter["id"], "M1", by_card(st, "eldai-alarn")["id"]))
    near(st, shooter, beast(st), 6.0)
    st["hands"][LUCY]["vaala"] = []         # no reaction window before the shot (test_reactions.py)
    st2, events = SYSTEM.apply(st, LUCY, {"type": "Attack", "unit": shooter["id"], "target": "M1", "kind": "ranged"},
                               SeededRng(b"m" * 32))  # its own dice: the module's are drawn by whichever tests ran first
    drawn = [e for e in events if e["type"] == "BehaviourDrawn"]
    assert drawn and drawn[0]["reason"] == "attacked"
    after_attack = events.index(drawn[0]) > max(i for i, e in enumerate(events) if e["type"] == "AttackRolled"
                                                 and e["unit"] == shooter["id"])
    assert after_attack
    assert all(e["target"] == shooter["id"] for e in events if e["type"] == "MonsterActs")
    assert not st2.get("monster_attacked")  # the draw is done (an empty record stays when the battle ended there)


def test_failed_condition_skips_the_action_and_gives_no_fatigue():
    """Digest §27.2; seed 003 l.1528: "si el Monstruo no está enfrentado"... a failed condition: the action is
    ignored and no fatigue is placed."""
    st = with_beast()
    u = by_card(st, "esgrimistas-oniricos")
    clear_table(st, keep=(u["id"], "M1", *generals(st)))
    engage_pair(st, u, beast(st))
    c = ctx(st, SeededRng(b"k" * 32))
    monsters.resolve_card(c, "M1", "embestida", u["id"])     # charge if not engaged, attack if engaged
    assert [e["action"] for e in c.events if e["type"] == "BehaviourSkipped"] == [0]
    assert [e["kind"] for e in c.events if e["type"] == "MonsterActs"] == ["attack"]
    assert beast(st)["fatigue"] == 1


def test_no_applicable_target_is_the_nearest_unit_ignoring_sight_ties_by_opposed_roll():
    """Digest §27.2; seed 003 l.1530: no target fits the card: the nearest unit, ignoring line of sight; two
    equally fitting: an opposed roll, its winner picks (``MonsterTarget``)."""
    st = with_beast()
    a, b = by_card(st, "esgrimistas-oniricos"), by_card(st, "garras-sangrientas")
    clear_table(st, keep=(a["id"], b["id"], "M1", *generals(st)))
    m = beast(st)
    near(st, a, m, 5.0)
    b.update(x=m["x"] + 15, y=m["y"])
    assert monsters.candidates(st, "M1", "engaged") == [a["id"]]       # none engaged: the nearest
    b.update(x=m["x"], y=m["y"] + m["radius"] + b["radius"] + 5.0)
    assert round(board.distance(st, m, a), 1) == round(board.distance(st, m, b), 1)
    assert sorted(monsters.candidates(st, "M1", "nearest")) == sorted([a["id"], b["id"]])
    st["monsters"]["M1"]["deck"] = ["caza"] + [x for x in st["monsters"]["M1"]["deck"] if x != "caza"]
    c = ctx(st, SeededRng(b"t" * 32))
    assert monsters._draw(c, "M1", "round_end") is False
    pending = st["pending_queue"][0]
    assert pending["kind"] == "monster_target" and sorted(pending["targets"]) == sorted([a["id"], b["id"]])
    assert SYSTEM.legal_actions(st, pending["seat"]) == [{"type": "MonsterTarget", "unit": t}
                                                         for t in pending["targets"]]


def test_auction_highest_secret_bid_pays_and_controls_the_monster_this_round():
    """Digest §27.2; seed 003 l.1534-1536: secret bids, revealed together; the highest bidder loses that many VP
    (negative allowed) and controls the Monster this round as a Mercenary; the loser pays nothing. A30: a tie,
    nobody."""
    doc = training_document()
    doc["entries"]["monsters"][0]["auction"] = True
    st = SYSTEM.setup({"pack": doc, "deployment": "auto", "monsters": [BEAST]}, SEATS, SeededRng(bytes(32)))
    while st["pending_queue"] and st["pending_queue"][0]["kind"] != "auction":
        seat = SYSTEM.view(st, None)["awaiting"][0]
        st, _ = SYSTEM.apply(st, seat, SYSTEM.legal_actions(st, seat)[0], RNG)
    assert sorted(SYSTEM.view(st, None)["awaiting"]) == sorted(SEATS)
    st, events = SYSTEM.apply(st, JASON, {"type": "Bid", "monster": "M1", "bid": 3}, RNG)
    assert next(e for e in events if e["type"] == "BidPlacedPrivately")["visible_to"] == [JASON]
    assert SYSTEM.view(st, LUCY)["pending"]["bids"] == {LUCY: False, JASON: True}
    st, events = SYSTEM.apply(st, LUCY, {"type": "Bid", "monster": "M1", "bid": 1}, RNG)
    assert st["vp"] == {LUCY: 0, JASON: -3}
    assert beast(st)["side"] == JASON and st["monsters"]["M1"]["last_bid"] == 3
    c = ctx(st, SeededRng(b"e" * 32))
    turns.end_round(c)
    assert beast(st)["side"] == "monster" and st["monsters"]["M1"]["controller"] is None
    tie = monsters._auction
    c = ctx(st)
    tie(c, "M1", {LUCY: 2, JASON: 2})
    assert st["monsters"]["M1"]["controller"] is None and any(e["type"] == "AuctionTied" for e in c.events)


def test_monsters_never_capture_objectives():
    """Digest §26.1, §27.2; seed 003 l.1510: Monsters are ignored for capturing objectives, controlled too."""
    st = with_beast()
    clear_table(st, keep=("M1", *generals(st)))
    m = beast(st)
    obj = st["objectives"][0]
    m.update(x=obj["x"], y=obj["y"], side=LUCY)
    turns.score_objectives(ctx(st))
    assert obj["controller"] is None and st["vp"][LUCY] == 0
