"""Tambores de Guerra: conflicting abilities, costed hero abilities in any phase, and the face-down removed pile
(issue #33; digest §5, §6.3, §10, §16; seed 002 l.186, l.192, l.210)."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from tests.engine.tambores.support import HUMAN, ORC, SYSTEM, arrange, combat_state, new, pack_with, play

RALLY = {"id": "joanna-rally", "name": "Rally", "text": "+1 defence to the hero this turn", "trigger": "activated",
         "cost": 1, "modifiers": [{"stat": "defence", "amount": 1, "condition": "always"}]}


def _with_abilities(entries):
    """The Hermandad and the Jinete with abilities of their own (+1 attack), so each may be negated; Joanna with a
    costed ability usable at will."""
    for unit in entries["units"]:
        if unit["id"] in ("hermandad", "jinete"):
            unit["ability"] = "arquera-aim"
    entries["abilities"].append(dict(RALLY))
    for hero in entries["heroes"]:
        if hero["id"] == "joanna":
            hero["ability"] = RALLY["id"]


def _battle(marker: str, human: dict[int, str], orc: dict[int, str], *, step: str = "start_combat"):
    from tests.engine.tambores.support import rng
    from engine.tambores.system import advance
    st = new({"pack": pack_with(_with_abilities), "heroes": {HUMAN: "joanna", ORC: "krangg"}})
    st["turn"], st["marker"] = 3, marker
    arrange(st, HUMAN, slots=human, hand=["soldado", "arquera", "alabardero"])
    arrange(st, ORC, slots=orc, hand=["lancero", "lancero"], removed=4)
    if step == "start_combat":
        st.update(step="start_combat", phase="deployment")
        advance(st, rng(1), [])
    else:
        st.update(step="deploy", phase="deployment", current=marker)
    return st


def _mutual_negation(marker: str):
    """Hermandad (human slot 2) and Jinete (orc slot 3), not engaged, each in the other's range; each negates the
    other (the marker holder first, §11.3)."""
    st = _battle(marker, {2: "hermandad"}, {3: "jinete"})
    first, second = (HUMAN, ORC) if marker == HUMAN else (ORC, HUMAN)
    slot = {HUMAN: 2, ORC: 3}
    for seat in (first, second):
        st, _ = play(st, seat, {"type": "Declare", "slot": slot[seat], "order": "hero", "target": None})
        st, events = play(st, seat, {"type": "Negate", "slot": slot[seat], "target": slot[SYSTEM_OTHER[seat]]})
    return st, events


SYSTEM_OTHER = {HUMAN: ORC, ORC: HUMAN}


@pytest.mark.parametrize("marker", [HUMAN, ORC])
def test_conflicting_abilities_the_marker_holders_has_priority(marker):
    """Seed 002 l.192 (Nota sobre las habilidades): "En caso de conflicto sobre la aplicación de dos habilidades,
    como por ejemplo dos habilidades que anulen la habilidad del contrario y se juegan a la vez, tiene prioridad la
    habilidad del jugador que en ese momento posea el marcador de jugador inicial." A Hermandad and a Jinete
    negating each other: only the marker holder's negation acts; the other unit keeps nothing, the marker holder's
    keeps its ability."""
    st, events = _mutual_negation(marker)
    loser = SYSTEM_OTHER[marker]
    negated = next(e for e in events if e["type"] == "Negated")
    assert negated["seat"] == loser and negated.get("void") is True
    view = SYSTEM.view(st, None)
    slot = {HUMAN: 2, ORC: 3}
    assert view["players"][marker]["slots"][slot[marker] - 1]["negated"] is False
    assert view["players"][loser]["slots"][slot[loser] - 1]["negated"] is True
    # Both attack the enemy hero: the marker holder's unit keeps its +1 attack, the other's attacks as printed.
    kept, lost = (view["players"][s]["slots"][slot[s] - 1] for s in (marker, loser))
    assert (kept["attack"], lost["attack"]) == (kept["printed_attack"] + 1, lost["printed_attack"])
    for seat in (marker, loser):
        st, _ = play(st, seat, {"type": "Decline", "striker": "hero"})
    attacks = {r["seat"]: r["attack"] for r in st["last"]}
    assert attacks == {marker: kept["printed_attack"] + 1, loser: lost["printed_attack"]}


def test_a_negation_that_conflicts_with_nothing_acts_for_either_player():
    """Seed 002 l.333: "anulan la habilidad de una carta de unidad enemiga dentro de su alcance": the player without
    the marker still negates a unit that does not negate back."""
    st = _battle(HUMAN, {2: "hermandad", 4: "arquera"}, {3: "jinete"})
    st, _ = play(st, HUMAN, {"type": "Declare", "slot": 2, "order": "hero", "target": None})
    st, _ = play(st, HUMAN, {"type": "Declare", "slot": 4, "order": "hero", "target": None})
    st, _ = play(st, HUMAN, {"type": "Negate", "slot": 2, "target": 3})
    st, _ = play(st, ORC, {"type": "Declare", "slot": 3, "order": "hero", "target": None})
    st, events = play(st, ORC, {"type": "Negate", "slot": 3, "target": 4})
    assert "void" not in next(e for e in events if e["type"] == "Negated")
    view = SYSTEM.view(st, None)
    assert view["players"][HUMAN]["slots"][3]["negated"] is True  # the Arquera (the Jinete's negation)
    assert view["players"][ORC]["slots"][2]["negated"] is True  # the Jinete (the Hermandad's negation)


def test_costed_hero_ability_in_any_phase_after_passing_in_deployment():
    """Seed 002 l.186: "Esta habilidad puede utilizarse una vez por turno y en cualquier fase del mismo. Activar esta
    habilidad no cuenta como acción": a player who passed while the opponent keeps deploying may still use it."""
    st = _battle(HUMAN, {}, {}, step="deploy")
    arrange(st, ORC, hand=["ballestero"] * 5)
    st, _ = play(st, HUMAN, {"type": "Pass"})
    assert st["current"] == ORC and HUMAN not in SYSTEM.view(st, None)["awaiting"]
    offered = SYSTEM.legal_actions(st, HUMAN)
    assert {"type": "UseHeroAbility", "pay": ["arquera"]} in offered
    assert {a["type"] for a in offered} == {"UseHeroAbility"}
    st, events = play(st, HUMAN, {"type": "UseHeroAbility", "pay": ["arquera"]})
    assert any(e["type"] == "HeroAbilityUsed" for e in events)
    assert st["current"] == ORC and st["players"][HUMAN]["ability_turn"] == st["turn"]
    assert SYSTEM.view(st, None)["players"][HUMAN]["hero"]["defence"] == 3  # Joanna 2 + 1 this turn
    assert SYSTEM.legal_actions(st, HUMAN) == []  # once per turn
    before = repr(st)
    with pytest.raises(IllegalAction):
        SYSTEM.apply(st, HUMAN, {"type": "UseHeroAbility", "pay": ["soldado"]}, None)
    with pytest.raises(IllegalAction):  # never anything else out of turn
        SYSTEM.apply(st, HUMAN, {"type": "Pass"}, None)
    assert repr(st) == before


def test_costed_hero_ability_in_combat_with_no_unit_to_declare():
    """Seed 002 l.186 ("en cualquier fase"): a player with no unit on the front line declares nothing in combat, yet
    may use the ability while the opponent declares, e.g. to raise the hero's defence before the attack resolves."""
    st = _battle(ORC, {}, {3: "ballestero"})
    assert st["step"] == "declare" and st["current"] == ORC
    assert {"type": "UseHeroAbility", "pay": ["soldado"]} in SYSTEM.legal_actions(st, HUMAN)
    st, _ = play(st, HUMAN, {"type": "UseHeroAbility", "pay": ["soldado"]})
    st, _ = play(st, ORC, {"type": "Declare", "slot": 3, "order": "hero", "target": None})
    st, _ = play(st, HUMAN, {"type": "Decline", "striker": "hero"})
    attack = next(r for r in st["last"] if r["kind"] == "hero")
    assert (attack["attack"], attack["defence"], attack["impacts"]) == (2, 3, 0)  # 2 vs Joanna's 2 + 1
    assert st["players"][HUMAN]["hero_wounds"] == 0


def test_face_down_payment_is_named_only_to_its_payer():
    """Seed 002 l.210: "la pila de cartas retiradas irá a la izquierda de tu héroe, boca abajo"; digest §16: the
    public event counts the cards paid, only the payer is told which (an event with ``visible_to``)."""
    st = _battle(HUMAN, {}, {}, step="deploy")
    st, events = play(st, HUMAN, {"type": "DeployUnit", "card": "soldado", "slot": 1, "pay": ["alabardero"]})
    public = [e for e in events if "visible_to" not in e]
    removed = next(e for e in public if e["type"] == "CardsRemoved")
    assert removed == {"type": "CardsRemoved", "seat": HUMAN, "count": 1, "reason": "cost", "source": "hand"}
    assert "alabardero" not in repr(public)
    private = [e for e in events if e.get("visible_to")]
    assert private == [{"type": "CardsRemovedPrivately", "seat": HUMAN, "cards": ["alabardero"], "reason": "cost",
                        "visible_to": [HUMAN]}]
    st, _ = play(st, ORC, {"type": "Pass"})
    st, events = play(st, HUMAN, {"type": "UseHeroAbility", "pay": ["arquera"]})
    assert "arquera" not in repr([e for e in events if "visible_to" not in e])
    assert next(e for e in events if e["type"] == "CardsRemovedPrivately")["visible_to"] == [HUMAN]
