"""Dragonbond reactions offered at their trigger (§11, §16; seed 003 l.790-817): a reaction power or a Vaala or
Command card whose pack entry has a structured trigger (``when``) opens a decision for its holder."""
from __future__ import annotations

from engine.core.rng import SeededRng
from engine.dragonbond.setup import training_document
from tests.engine.dragonbond.support import SEATS, SYSTEM, by_card, clear_table

LUCY, JASON = SEATS
RNG = SeededRng(b"r" * 32)


def battle(doc: dict | None = None) -> dict:
    st = SYSTEM.setup({"deployment": "auto", **({"pack": doc} if doc else {})}, SEATS, SeededRng(bytes(32)))
    st["active"] = LUCY
    return st


def face_off(st: dict, a: dict, b: dict, gap: float) -> None:
    """``a`` and ``b`` ``gap`` inches apart on an open line, everyone else but the Generals off the table."""
    keep = (a["id"], b["id"], *[u["id"] for u in st["units"].values() if u["general"]])
    clear_table(st, keep)
    a.update(x=24.0, y=12.0)
    b.update(x=24.0, y=12.0 + a["radius"] + b["radius"] + gap)
    for g in (u for u in st["units"].values() if u["general"] and u["id"] not in (a["id"], b["id"])):
        g.update(x=4.0 if g["side"] == LUCY else 44.0, y=2.0 if g["side"] == LUCY else 34.0)


def with_power(when: str, holder: str = "skorpikones-de-asalto") -> dict:
    doc = training_document()
    doc["entries"]["powers"].append({"id": "guardia", "name": "Guardia", "type": "reaction", "when": when,
                                     "trigger": "test", "text": "Referee text."})
    next(u for u in doc["entries"]["units"] if u["id"] == holder)["powers"] = ["guardia"]
    return doc


def test_vaala_card_offered_after_declaring_a_ranged_attack_with_a_vaala_unit():
    """Digest §11.3, §16.1; seed 003 l.172 (Fig. 4: "Juégala tras declarar un ataque a distancia con una unidad
    de Vaala"), l.817 (Vaala cards are always reactions to their trigger): the attack is declared, Lucy is asked
    before any die is rolled; playing the card discards it and the attack goes on."""
    st = battle()
    shooter, target = by_card(st, "cazadores-del-fai"), by_card(st, "skorpikones-de-asalto")
    face_off(st, shooter, target, 6.0)
    attack = {"type": "Attack", "unit": shooter["id"], "target": target["id"], "kind": "ranged"}
    st, events = SYSTEM.apply(st, LUCY, attack, RNG)
    assert not [e for e in events if e["type"] == "AttackRolled"]
    window = st["pending_queue"][0]
    assert window["kind"] == "reaction" and window["seat"] == LUCY and window["trigger"] == "ranged_attack_declared"
    offered = SYSTEM.legal_actions(st, LUCY)
    assert {"type": "Decline"} in offered
    play = next(a for a in offered if a["type"] == "PlayCard")
    assert play["card"] == "vaala-fig-4" and play["target"] == target["id"]
    after, events = SYSTEM.apply(st, LUCY, play, RNG)
    types = [e["type"] for e in events]
    assert types.index("CardPlayed") < types.index("AttackRolled")
    assert after["hands"][LUCY]["vaala"] == []
    assert not any(p.get("trigger") == "ranged_attack_declared" for p in after["pending_queue"])


def test_declining_a_reaction_lets_the_declared_attack_go_on_and_keeps_the_card():
    """Digest §11; seed 003 l.790: a reaction is a choice: declined, the attack is made and the card stays."""
    st = battle()
    shooter, target = by_card(st, "cazadores-del-fai"), by_card(st, "skorpikones-de-asalto")
    face_off(st, shooter, target, 6.0)
    st, _ = SYSTEM.apply(st, LUCY, {"type": "Attack", "unit": shooter["id"], "target": target["id"],
                                    "kind": "ranged"}, RNG)
    after, events = SYSTEM.apply(st, LUCY, {"type": "Decline"}, RNG)
    assert any(e["type"] == "AttackRolled" and e["unit"] == shooter["id"] for e in events)
    assert after["hands"][LUCY]["vaala"] == ["vaala-fig-4"]


def test_no_window_when_the_trigger_does_not_fit():
    """Digest §16.1; seed 003 l.172: the Fig. 4 card needs a ranged attack by a *Vaala* unit: a melee attack, or
    a unit without *Vaala*, asks nothing."""
    st = battle()
    fencers, claws = by_card(st, "esgrimistas-oniricos"), by_card(st, "garras-sangrientas")
    face_off(st, fencers, claws, 0.0)
    fencers["engaged_with"], claws["engaged_with"] = [claws["id"]], [fencers["id"]]
    st, events = SYSTEM.apply(st, LUCY, {"type": "Attack", "unit": fencers["id"], "target": claws["id"],
                                         "kind": "melee"}, RNG)
    assert any(e["type"] == "AttackRolled" for e in events)
    assert not any(p["kind"] == "reaction" for p in st["pending_queue"])


def test_reaction_power_asked_of_its_holder_when_its_unit_is_targeted():
    """Digest §11.2; seed 003 l.811 (a reaction power's text starts with its trigger) and l.792 (in your own or
    the opponent's turn): Jason is asked when Lucy declares an attack on the unit with the power."""
    st = battle(with_power("targeted"))
    st["hands"][LUCY]["vaala"] = []
    shooter, target = by_card(st, "cazadores-del-fai"), by_card(st, "skorpikones-de-asalto")
    face_off(st, shooter, target, 6.0)
    st, _ = SYSTEM.apply(st, LUCY, {"type": "Attack", "unit": shooter["id"], "target": target["id"],
                                    "kind": "ranged"}, RNG)
    assert SYSTEM.view(st, None)["awaiting"] == [JASON]
    use = next(a for a in SYSTEM.legal_actions(st, JASON) if a["type"] == "UsePower")
    assert use == {"type": "UsePower", "unit": target["id"], "power": "guardia", "target": shooter["id"]}
    after, events = SYSTEM.apply(st, JASON, use, RNG)
    types = [e["type"] for e in events]
    assert types.index("PowerUsed") < types.index("AttackRolled")
    assert "guardia" in after["units"][target["id"]]["used"]       # once per turn from now (§15)


def test_one_reaction_per_player_per_trigger():
    """Digest §11; seed 003 l.792: "un mismo jugador no puede hacer más de una reacción a causa del mismo
    detonante": with a card and a power for the same trigger, one answer closes the window."""
    doc = with_power("ranged_attack_declared", holder="cazadores-del-fai")
    st = battle(doc)
    shooter, target = by_card(st, "cazadores-del-fai"), by_card(st, "skorpikones-de-asalto")
    face_off(st, shooter, target, 6.0)
    st, _ = SYSTEM.apply(st, LUCY, {"type": "Attack", "unit": shooter["id"], "target": target["id"],
                                    "kind": "ranged"}, RNG)
    kinds = {a["type"] for a in SYSTEM.legal_actions(st, LUCY)}
    assert kinds == {"PlayCard", "UsePower", "Decline"}
    after, events = SYSTEM.apply(st, LUCY, {"type": "UsePower", "unit": shooter["id"], "power": "guardia"}, RNG)
    assert any(e["type"] == "AttackRolled" for e in events)
    assert after["hands"][LUCY]["vaala"] == ["vaala-fig-4"]
    assert not any(p["kind"] == "reaction" and p["seat"] == LUCY for p in after["pending_queue"])


def test_wounded_trigger_asks_after_the_attack():
    """Digest §11.2: a trigger after an effect ("suffers wounds") opens its window once the action is over."""
    st = battle(with_power("wounded"))
    st["hands"][LUCY]["vaala"] = []
    shooter, target = by_card(st, "cazadores-del-fai"), by_card(st, "skorpikones-de-asalto")
    face_off(st, shooter, target, 6.0)
    for seed in range(40):
        after, events = SYSTEM.apply(st, LUCY, {"type": "Attack", "unit": shooter["id"], "target": target["id"],
                                                "kind": "ranged"}, SeededRng(bytes([seed]) * 32))
        if any(e["type"] == "Wounded" and e["unit"] == target["id"] for e in events):
            break
    else:
        raise AssertionError("no seed wounded the target")
    window = after["pending_queue"][0]
    assert window["kind"] == "reaction" and window["trigger"] == "wounded" and window["seat"] == JASON
    assert events.index(next(e for e in events if e["type"] == "Wounded")) < len(events) - 1


def test_a_player_cannot_skip_the_opponents_window():
    """Brief: internal marks of a declared action are the engine's: an action sent with one still opens the
    opponent's window."""
    st = battle(with_power("targeted"))
    st["hands"][LUCY]["vaala"] = []
    shooter, target = by_card(st, "cazadores-del-fai"), by_card(st, "skorpikones-de-asalto")
    face_off(st, shooter, target, 6.0)
    st, _ = SYSTEM.apply(st, LUCY, {"type": "Attack", "unit": shooter["id"], "target": target["id"],
                                    "kind": "ranged", "_declared": True}, RNG)
    assert st["pending_queue"][0]["kind"] == "reaction"
