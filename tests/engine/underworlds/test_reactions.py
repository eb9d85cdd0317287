"""Reactions (digest §26, §21): reaction steps open when someone can react; one per player per step; FIFO chains."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from tests.engine.underworlds.scenario import P1, P2, FixedRng, act, atk, dfn, fighter, legal, scenario, top, types

TARGOR, GARREK, OBRYN, SEVERIN = "player1:targor", "player1:garrek-gorebeard", "player2:obryn-the-bold", \
    "player2:severin-steelheart"


def test_no_reaction_step_when_nobody_can_react():
    """§26.5 (engine): a reaction step nobody can use is skipped without asking."""
    s, ev = act(scenario({TARGOR: "c3", OBRYN: "c4"}), P1, {"type": "Attack", "fighter": TARGOR, "attack": 0,
                                                            "target": OBRYN}, FixedRng(atk("swords", "hammer") + dfn("dodge")))
    assert "ReactionStepOpened" not in types(ev)


def test_just_pure_luck_prevents_precisely_one_damage():
    """Just Pure Luck (48018): after a friendly fighter is dealt precisely 1 damage, it is not dealt."""
    s = scenario({TARGOR: "c3", OBRYN: "c4"}, hands={P2: ["48018"]})
    s, ev = act(s, P1, {"type": "Attack", "fighter": TARGOR, "attack": 0, "target": OBRYN},
                FixedRng(atk("swords", "hammer") + dfn("dodge")))
    assert top(s)["kind"] == "window" and legal(s, P2) == [{"type": "PlayReaction", "card": "48018"}, {"type": "Pass"}]
    with pytest.raises(IllegalAction):
        act(s, P1, {"type": "Pass"})
    s, ev = act(s, P2, {"type": "PlayReaction", "card": "48018"})
    assert fighter(s, OBRYN)["wounds"] == 0 and "ReactionResolved" in types(ev)
    assert s["players"][P2]["power_discard"] == ["48018"]


def test_reaction_declined_then_game_goes_on():
    """§26.1: a player may pass a reaction step."""
    s = scenario({TARGOR: "c3", OBRYN: "c4"}, hands={P2: ["48018"]})
    s, _ = act(s, P1, {"type": "Attack", "fighter": TARGOR, "attack": 0, "target": OBRYN},
               FixedRng(atk("swords", "hammer") + dfn("dodge")))
    s, ev = act(s, P2, {"type": "Pass"})
    assert fighter(s, OBRYN)["wounds"] == 1 and "ReactionDeclined" in types(ev)


def test_chain_resolves_first_in_first_out_one_reaction_each():
    """§26.3: the player whose turn it is first; each adds at most one; resolve in the order built."""
    s = scenario({TARGOR: "c3", OBRYN: "c4", GARREK: "h8"}, hands={P1: ["48018"], P2: ["48018"]},
                 upgrades={OBRYN: ["47028"]})
    # Obryn (Instinctive Reprisal) is hit by Targor for 1: P2 may use Just Pure Luck or Instinctive Reprisal.
    s, _ = act(s, P1, {"type": "Attack", "fighter": TARGOR, "attack": 0, "target": OBRYN},
               FixedRng(atk("swords", "hammer") + dfn("dodge")))
    assert top(s)["kind"] == "window"
    s, _ = act(s, P2, {"type": "PlayReaction", "card": "47028", "fighter": OBRYN})
    assert not [a for a in legal(s, P2) if a["type"] == "PlayReaction"] or top(s)["kind"] != "window" \
        or P2 not in top(s).get("order", [])[:0]
    # Instinctive Reprisal hit Targor for 1: now P1 may react with its own Just Pure Luck (a new step).
    if top(s)["kind"] == "window" and legal(s, P1):
        s, ev = act(s, P1, {"type": "PlayReaction", "card": "48018"})
        assert fighter(s, TARGOR)["wounds"] == 0
    assert fighter(s, OBRYN)["wounds"] == 1


def test_one_reaction_per_player_per_step():
    """§26.1: each reaction step allows each player at most one reaction."""
    s = scenario({TARGOR: "c3", OBRYN: "c4"}, hands={P2: ["48018"]}, upgrades={OBRYN: ["47028"]})
    s, _ = act(s, P1, {"type": "Attack", "fighter": TARGOR, "attack": 0, "target": OBRYN},
               FixedRng(atk("swords", "hammer") + dfn("dodge")))
    s, _ = act(s, P2, {"type": "PlayReaction", "card": "48018"})
    assert not (top(s)["kind"] == "window" and P2 in top(s)["played"] and legal(s, P2))


def test_loot_places_available_token_where_target_was():
    """§21 Saquear: after an attack takes its target out of action, place an available feature token there."""
    s = scenario({TARGOR: "c3", OBRYN: "c4"}, wounds={OBRYN: 3})
    from engine.underworlds.system import dump, load
    st = load(s)
    from engine.underworlds.feature_tokens import FeatureSide, FeatureToken
    st.feature_tokens.append(FeatureToken(id="blocked-1", front=FeatureSide.BLOCKED))
    s, _ = act(dump(st), P1, {"type": "Attack", "fighter": TARGOR, "attack": 0, "target": OBRYN},
               FixedRng(atk("swords", "hammer") + dfn("dodge")))
    assert {"type": "Loot", "token": "blocked-1", "side": "cover"} in legal(s, P1)
    s, ev = act(s, P1, {"type": "Loot", "token": "blocked-1", "side": "cover"})
    token = next(t for t in s["feature_tokens"] if t["id"] == "blocked-1")
    assert token["hex"] == "c4" and token["face_up"] == "cover"


def test_loot_side_is_the_placers_choice_the_blocked_side_too():
    """Loot (seed 000 line 946: "Coloca un marcador de rasgo disponible en el hexágono en el que estaba el blanco")
    places a token during a round, so its player chooses the side: seed 000 line 600, "Cuando se insta a un jugador a
    colocar un marcador de rasgo durante una ronda, ese jugador puede decidir qué cara del marcador de rasgo poner
    boca arriba". The glossary's "como marcador de objetivo" (line 1956) cannot bind a token with no numbered side
    (the two-player available tokens are blocked/cover, line 576): ruling "Loot side". The hex is empty once the
    target is out of action, so a blocked side is placed like any other (line 598)."""
    from engine.underworlds.feature_tokens import FeatureSide, FeatureToken
    from engine.underworlds.system import dump, load
    st = load(scenario({TARGOR: "c3", OBRYN: "c4"}, wounds={OBRYN: 3}))
    st.feature_tokens.append(FeatureToken(id="blocked-1", front=FeatureSide.BLOCKED))
    s, _ = act(dump(st), P1, {"type": "Attack", "fighter": TARGOR, "attack": 0, "target": OBRYN},
               FixedRng(atk("swords", "hammer") + dfn("dodge")))
    loot = [a for a in legal(s, P1) if a["type"] == "Loot"]
    assert loot == [{"type": "Loot", "token": "blocked-1", "side": "blocked"},
                    {"type": "Loot", "token": "blocked-1", "side": "cover"}]
    s, ev = act(s, P1, loot[0])
    token = next(t for t in s["feature_tokens"] if t["id"] == "blocked-1")
    assert token["hex"] == "c4" and token["face_up"] == "blocked"
    assert any(e["type"] == "FeatureTokenPlaced" and e["side"] == "blocked" for e in ev)


def test_advancing_juggernaut_gives_guard_after_move_into_enemy_territory():
    """Advancing Juggernaut (48023): after a Move action (not in a super-action) ending in enemy territory."""
    s = scenario({TARGOR: "c5"}, upgrades={TARGOR: ["48023"]})
    s, _ = act(s, P1, {"type": "Move", "fighter": TARGOR, "to": "c8"})
    assert legal(s, P1)[0] == {"type": "PlayReaction", "card": "48023", "fighter": TARGOR}
    s, _ = act(s, P1, legal(s, P1)[0])
    assert fighter(s, TARGOR)["guard"] == 1


def test_advancing_juggernaut_fighter_cannot_be_staggered():
    """Advancing Juggernaut (48023): this fighter cannot be staggered, so it can't be stunned."""
    s = scenario({TARGOR: "c3", OBRYN: "c4"}, active=P2, upgrades={TARGOR: ["48023"]})
    assert not [a for a in legal(s, P2) if a["type"] == "Stun"]
