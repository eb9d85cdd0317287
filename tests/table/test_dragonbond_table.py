"""Dragonbond's presenter (``table/dragonbond/``): labels, named destinations, typed points, the panel, the combat
embed, the result, the private hand, ``/db measure``; and the scripted player the whole-battle tests share.

The rules engine may still be only announced (``engine/dragonbond/__init__.py``): the ``playable`` fixture
registers it and the presenter for a test and puts the registry back afterwards.
"""
from __future__ import annotations

import math
from typing import Any, Iterator

import pytest

from engine.core import system as systems
from engine.core.errors import InvalidInput
from engine.core.rng import SeededRng
from engine.dragonbond import actions, board
from engine.dragonbond.system import INFO, DragonbondSystem
from engine.dragonbond.turns import activatable
from table.dragonbond.presenter import COMMANDS, DragonbondPresenter, parse_point
from table.i18n import messages
from table.presenter import Scene, register_presenter, unregister_presenter

SYSTEM = DragonbondSystem()
PRESENTER = DragonbondPresenter()
PLAYERS = {"player1": "alice", "player2": "bob"}
JSON = dict[str, Any]


@pytest.fixture
def playable() -> Iterator[None]:
    """Dragonbond registered as playable, with its presenter, for one test."""
    was = dict((info.key, ok) for info, ok in systems.all_systems()).get("dragonbond")
    systems.register(SYSTEM)
    register_presenter(PRESENTER)
    yield
    if not was:
        systems.unregister("dragonbond")
        systems.announce(INFO)
        unregister_presenter("dragonbond")


def scene(state: JSON, seat: str | None = None, lang: str = "en") -> Scene:
    return Scene(SYSTEM.view(state, seat), PLAYERS, lang=lang, viewer=seat, match_id="m1")


def battle(seed: int = 7) -> JSON:
    """A training battle with every unit deployed (the first turn)."""
    return SYSTEM.setup({"deployment": "auto"}, ("player1", "player2"), SeededRng(seed.to_bytes(32, "big")))


# -- the scripted player ----------------------------------------------------------------------------------------

def toward(state: JSON, u: JSON) -> list[float] | None:
    """A free point toward the nearest enemy, short of the 1" gap: what a player types as ``x,y``."""
    enemies = [v for v in state["units"].values() if v["side"] != u["side"] and v["where"] == "battlefield"]
    if not enemies or u["where"] != "battlefield":
        return None
    e = min(enemies, key=lambda v: math.dist((u["x"], u["y"]), (v["x"], v["y"])))
    gap = math.dist((u["x"], u["y"]), (e["x"], e["y"])) - u["radius"] - e["radius"]
    step = min(actions.allowance(u) * 0.8, gap - 1.6)
    if step <= 0.3:
        return None
    d = math.dist((u["x"], u["y"]), (e["x"], e["y"]))
    return [round(u["x"] + (e["x"] - u["x"]) * step / d, 1), round(u["y"] + (e["y"] - u["y"]) * step / d, 1)]


def next_command(state: JSON, seat: str, tried: set[str]) -> str:
    """The command a simple player types now (``/db ...`` options as ``key:value``): the pre-game choices, deploy
    in order, answer a
    decision with its first choice, attack, charge, march toward the nearest enemy by typed coordinates, or
    pass. ``tried`` holds commands refused at this step, not to be typed again."""
    if state["phase"] == "setup":  # the first scenario and size offered; each player a different force if any
        legal = SYSTEM.legal_actions(state, seat)
        index = state["seats"].index(seat) % len(legal) if legal[0]["type"] == "ChooseForce" else 0
        return f"/db setup {index}"
    if state["pending_queue"]:
        return "/db decide 0"
    if state["phase"] == "deploy":
        deploy = next(a for a in SYSTEM.legal_actions(state, seat) if a["type"] in ("Deploy", "Reserve"))
        if deploy["type"] == "Reserve":
            return "/db reserve"
        return f"/db deploy unit:{deploy['unit']} to:{deploy['to'][0]},{deploy['to'][1]}"
    options = []
    for u in activatable(state, seat):
        if state.get("prelude") and u["id"] not in state["prelude"]["units"]:
            continue
        if u["where"] == "reserve":
            options.append(f"/db wait unit:{u['id']}" if state["round"] == 1 else "")
            continue
        options += [f"/db attack unit:{u['id']} target:{t} kind:melee" for t in actions.melee_targets(state, u)]
        options += [f"/db attack unit:{u['id']} target:{t} kind:ranged" for t in actions.ranged_targets(state, u)]
        if u["where"] == "battlefield" and not u["engaged_with"]:
            options += [f"/db charge unit:{u['id']} target:{t}" for t in actions.charge_targets(state, u)[:1]]
            p = toward(state, u)
            if p:
                options.append(f"/db march unit:{u['id']} to:{p[0]},{p[1]}")
    options = [o for o in options if o and o not in tried]
    return options[0] if options else "/db pass"


# -- presenter --------------------------------------------------------------------------------------------------

def test_a_typed_point_reads_in_any_usual_spelling():
    for typed in ("24.5,10", "24.5, 10", "24.5 10", "(24.5, 10)", "[24.5, 10.0]", [24.5, 10]):
        assert parse_point(typed) == [24.5, 10.0]
    assert parse_point("objective 2") is None and parse_point("1,2,3") is None


def test_resolve_turns_a_typed_point_into_the_moves_to_and_names_into_unit_ids():
    st = battle()
    sc = scene(st, "player1")
    assert PRESENTER.resolve(sc, "to", "24.5,10") == [24.5, 10.0]
    with pytest.raises(InvalidInput) as bad:
        PRESENTER.resolve(sc, "to", "north")
    assert bad.value.code == "db.table.bad_point"
    assert PRESENTER.resolve(sc, "unit", "a2") == "A2"
    assert PRESENTER.resolve(sc, "target", "Eldai") == "B1"
    with pytest.raises(InvalidInput):
        PRESENTER.resolve(sc, "unit", "Z9")


def test_named_destinations_read_with_their_place_and_distance():
    """A move's ``to`` autocompletes the engine's named destinations (geometry.destinations) with the inches."""
    st = battle()
    u = st["units"]["A2"]
    offered = actions.named_moves(st, u, "March")
    assert offered, "the engine offers named destinations"
    sc = scene(st, "player1")
    labels = [PRESENTER.value_label(sc, a, "to") for a in offered]
    assert all(label.endswith('"') and " · " in label for label in labels)
    keys = {a["dest"] for a in offered}
    if "db.move.dest.toward" in keys:
        assert any(label.startswith("toward ") and "(B" in label for label in labels)
    if "db.move.dest.objective" in keys:
        assert any(label.startswith("to objective ") for label in labels)
    spanish = PRESENTER.value_label(scene(st, "player1", "es"), offered[0], "to")
    assert spanish and "db." not in spanish


def test_the_panel_says_training_pack_and_shows_each_side():
    st = battle()
    panel = PRESENTER.panel(scene(st), {"player1": 1, "player2": 2}, "board.png")
    assert "Training pack — unofficial values" in panel.description
    assert "Initiative:" in panel.description and "<@" in panel.description
    sides = [f for f in panel.fields if f.name.startswith(("alice (A)", "bob (B)"))]
    assert len(sides) == 2 and all("Victory points" in f.value and "Units: " in f.value for f in sides)
    assert panel.image == "board.png" and all(len(f.value) <= 1024 for f in panel.fields)
    spanish = PRESENTER.panel(scene(st, lang="es"), {"player1": 1, "player2": 2}, None)
    assert "Paquete de entrenamiento — valores no oficiales" in spanish.description


def test_the_combat_embed_shows_dice_colours_faces_shifts_blocks_and_wounds():
    events = [
        {"type": "AttackRolled", "unit": "A3", "target": "B3", "kind": "melee", "reason": "charge", "models": 3,
         "dice": 6, "colour": ["black"], "upgrades": 1, "downgrades": 0, "hits": 3, "crits": 1,
         "faces": ["hit", "miss", "double_hit", "critical", "miss", "miss"], "uncertain": [],
         "rolled_colour": ["black"]},
        {"type": "DefenceRolled", "unit": "B3", "dice": 3, "colour": "gray", "rolled_colour": "gray", "upgrades": 0,
         "downgrades": 0, "blocks": 1, "faces": ["block", "fail", "fail"], "uncertain": []},
        {"type": "Wounded", "unit": "B3", "wounds": 3, "part": "unit"},
        {"type": "ModelsRemoved", "unit": "B3", "count": 1, "part": "unit", "left": 1},
        {"type": "MoraleTest", "unit": "B3", "reason": "casualties", "dice": 1, "passed": 1, "fled": 0},
    ]
    [embed] = PRESENTER.embeds(scene(battle()), events)
    text = "\n".join(f"{f.name}: {f.value}" for f in embed.fields)
    assert embed.title.startswith("⚔️ Esgrimistas") and "Charge" in embed.description
    assert "6 × ⚫ black" in text and "misses re-rolled once" in text and "💥crit" in text
    assert "3 hits · 1 critical" in text and "🛡️block" in text and "1 blocked" in text
    assert "Carniceros Ogerron (B3): 3" in text and "1 (1 left)" in text and "holds" in text


def test_the_hand_is_private_and_names_its_cards():
    st = battle()
    mine = PRESENTER.private_view(scene(st, "player1"))
    assert "Carta de Vaala de la Fig. 4" in mine.fields[0].name
    assert "vaala-fig-4" not in str(SYSTEM.view(st, "player2")["hands"]) and \
        "vaala-fig-4" not in str(SYSTEM.view(st, None)["hands"])


def test_measure_gives_edge_to_edge_distance_and_sight_between_units():
    st = battle()
    sc = scene(st, "player1")
    reply = PRESENTER.query(sc, "measure", {"a": "A2", "b": "B1"})
    [embed] = reply.embeds
    expected = board.measure(st, "A2", "B1")
    assert f'{expected["distance"]:.1f}"' in embed.description and "Line of sight" in embed.description
    point = PRESENTER.query(sc, "measure", {"a": "A2", "b": "24,18"}).embeds[0].description
    assert "(24, 18)" in point and "Line of sight" not in point


def test_every_command_description_has_its_spanish_key():
    es = messages("es")
    for spec in COMMANDS:
        words = spec.name.split()
        assert any(k in es for k in (f"cmd.db.{'.'.join(words)}",)), spec.name
        for option in spec.options:
            keys = [f"cmd.db.{'.'.join(words)}.{option.name}", f"cmd.db.*.{option.name}"]
            if words[0] == "ref":
                keys.insert(1, f"cmd.db.ref.*.{option.name}")
            assert any(k in es for k in keys), (spec.name, option.name)


def test_every_word_of_a_random_battle_reads_in_both_languages():
    """Labels, event lines, combat embeds, panels and the result of a whole random battle: no raw key, no
    placeholder left, in English and in Spanish."""
    import random

    from engine.core.errors import IllegalAction
    from tests.engine.dragonbond.play import candidates

    pick, rng = random.Random(11), SeededRng(bytes(32))
    state = SYSTEM.setup({}, ("player1", "player2"), rng)
    texts: list[str] = []
    kinds: set[str] = set()
    refereed = False
    for _ in range(600):
        if state["phase"] == "over":
            break
        seat = SYSTEM.view(state, None)["awaiting"][0]
        offered = candidates(state, seat, pick) if state["phase"] == "battle" else SYSTEM.legal_actions(state, seat)
        if state["phase"] == "battle" and not refereed:  # the referee's words, a card and a power, once
            refereed = True
            offered = [{"type": "RefereeNote", "text": "settled"}]
            # A card whose text alone says when (one with a structured trigger waits for it, reactions.py).
            state["cards"]["vaala"]["vaala-fig-4"]["when"] = None
            extra = [{"type": "AdjustWounds", "unit": "B2", "delta": 1, "reason": "power"},
                     {"type": "AdjustFatigue", "unit": "A2", "delta": 1}, {"type": "Heal", "unit": "B2", "wounds": 1},
                     {"type": "AdjustState", "unit": "A3", "state": "slowed", "delta": 2},
                     {"type": "AdjustVP", "seat": "player1", "delta": 1}, {"type": "PlayCard", "card": "vaala-fig-4"},
                     *[a for a in SYSTEM.legal_actions(state, seat) if a["type"] == "ActivatePower"][:1]]
            for act in extra:
                try:
                    state, events = SYSTEM.apply(state, "player1" if act["type"] == "PlayCard" else seat, act, rng)
                except IllegalAction:
                    continue
                for lang in ("en", "es"):
                    texts.append(PRESENTER.action_label(scene(state, lang=lang), act))
                    texts += PRESENTER.event_lines(scene(state, lang=lang), events)
                    kinds.update(e["type"] for e in events)
        fights = [a for a in offered if a["type"] in ("Attack", "Charge", "ShootTarget", "OpportunityAttack")]
        action = pick.choice(fights if fights and pick.random() < 0.8 else offered)
        if action["type"] in ("ChooseScenario", "ChooseSize"):  # a pitched battle, at the first size offered
            action = offered[0]
        if action["type"] == "ChooseForce":  # the training forces: Lucy's (with a Vaala card) against Jason's
            action = offered[state["seats"].index(seat) % len(offered)]
        try:
            state, events = SYSTEM.apply(state, seat, action, rng)
        except IllegalAction:
            continue
        for lang in ("en", "es"):
            sc = scene(state, lang=lang)
            texts.append(PRESENTER.action_label(sc, action))
            texts += PRESENTER.event_lines(sc, events)
            texts += [f"{e.title} {e.description} " + " ".join(f"{f.name} {f.value}" for f in e.fields)
                      for e in PRESENTER.embeds(sc, events)]
    assert state["phase"] == "over"
    for lang in ("en", "es"):
        sc = scene(state, lang=lang)
        result = PRESENTER.result(sc, state["outcome"], "seed")
        panel = PRESENTER.panel(sc, {"player1": 1, "player2": 2}, None)
        texts += [result.title, result.description, panel.description] + [f.value for f in panel.fields]
    bad = [t for t in texts if "db.table." in t or "db.move." in t or "{" in t]
    assert bad == [] and len(texts) > 100, bad[:5]
    assert any("⚔️" in t or "🏹" in t for t in texts), "attacks were rolled and shown"
    assert {"RefereeAction", "CardPlayed"} <= kinds
