"""Two rules players found worded differently in the book (issue #19 item 3): the optional draw after a surge
objective (digest §25.1; seed 000 line 1456) and who gains the bounty for a lethal-hex take-out (digest §18.5, §27;
seed 000 lines 936, 1621, 1942)."""
from __future__ import annotations

from engine.underworlds.flow import bounty_gainer
from engine.underworlds.system import dump, load
from tests.engine.underworlds.scenario import P1, P2, FixedRng, act, atk, dfn, fighter, legal, scenario, top, types

TARGOR = "player1:targor"
OBRYN, SEVERIN = "player2:obryn-the-bold", "player2:severin-steelheart"


# -- §25.1: "puede robar" -----------------------------------------------------------------------------------------


def test_surge_objective_extra_draw_is_offered_and_may_be_declined():
    """§25.1; seed 000 line 1456: "Cuando un jugador puntúa una carta de objetivo de auge, *puede* robar
    inmediatamente otra carta de objetivo": a choice of that player, before the power step; Pass declines it."""
    s = scenario({TARGOR: "c3"}, objectives={P1: ["48004"]})
    s, ev = act(s, P1, {"type": "Move", "fighter": TARGOR, "to": "c5"})
    assert s["players"][P1]["scored"] == ["48004"]
    assert top(s)["kind"] == "surge_draw" and legal(s, P1) == [{"type": "DrawObjective"}, {"type": "Pass"}]
    assert legal(s, P2) == [] and "CardsDrawn" not in types(ev)
    s, ev = act(s, P1, {"type": "Pass"})
    assert "ObjectiveDrawDeclined" in types(ev) and "PowerStepStarted" in types(ev)
    assert s["players"][P1]["objectives"] == [] and s["players"][P1]["objective_deck"] == ["48001", "48002"]


def test_surge_objective_extra_draw_one_per_objective_scored():
    """§25.1; seed 000 line 1456: each surge objective scored allows one draw (two scored: two draws offered);
    a card drawn this way is not scored in the same surge step."""
    s = scenario({TARGOR: "c3", OBRYN: "h9", SEVERIN: "h10"}, objectives={P1: ["48004", "45002"]},
                 stagger={OBRYN: 1, SEVERIN: 1})
    s, _ = act(s, P1, {"type": "Move", "fighter": TARGOR, "to": "c5"})
    assert sorted(s["players"][P1]["scored"]) == ["45002", "48004"]
    s, ev = act(s, P1, {"type": "DrawObjective"})
    assert top(s)["kind"] == "surge_draw" and "PowerStepStarted" not in types(ev)
    s, ev = act(s, P1, {"type": "DrawObjective"})
    assert s["players"][P1]["objectives"] == ["48001", "48002"] and "PowerStepStarted" in types(ev)


def test_surge_objective_extra_draw_not_offered_from_an_empty_deck():
    """§6.3; seed 000 line 630: an empty deck cannot be drawn from, so there is no choice to make."""
    st = load(scenario({TARGOR: "c3"}, objectives={P1: ["48004"]}))
    st.players[P1].objective_deck = []
    s, ev = act(dump(st), P1, {"type": "Move", "fighter": TARGOR, "to": "c5"})
    assert s["players"][P1]["scored"] == ["48004"] and "PowerStepStarted" in types(ev)
    assert top(s)["kind"] == "power"


def test_surge_objective_extra_draw_after_the_power_step_comes_before_the_next_turn():
    """§25.1, §13.2; seed 000 line 1456: the surge step after a power step offers the draw before the turn ends
    (Ruinous Aftermath, 48009: a friendly Domain card replaced by another)."""
    st = load(scenario({TARGOR: "c3"}, stage="power", hands={P1: ["48016"]}, objectives={P1: ["48009"]}))
    st.persisting = [{"card": "48014", "seat": P1, "until_round": 1, "domain": True}]
    s, _ = act(dump(st), P1, {"type": "PlayPloy", "card": "48016"})
    s, _ = act(s, P2, {"type": "Pass"})
    s, _ = act(s, P1, {"type": "Pass"})
    assert s["players"][P1]["scored"] == ["48009"] and top(s)["kind"] == "surge_draw"
    assert s["turns_taken"] == 0
    s, ev = act(s, P1, {"type": "DrawObjective"})
    assert s["players"][P1]["objectives"] == ["48001"] and s["turns_taken"] == 1
    assert top(s)["kind"] == "turn" and top(s)["seat"] == P2


# -- §18.5 / §27: bounty for a lethal-hex take-out ----------------------------------------------------------------


def test_bounty_two_players_lethal_hex_after_drive_back_goes_to_the_opponent():
    """§18.5; seed 000 line 936 ("Cuando un guerrero enemigo queda fuera de combate, obtienes 1 punto de gloria")
    and glossary line 1942 ("En una partida de 2 jugadores, cuando un guerrero enemigo queda fuera de combate
    obtienes ... la recompensa"): line 1621 (no bounty for a lethal hex) stands in the multiplayer chapter and the
    glossary limits it to 3 or 4 players. Obryn, driven back into the lethal hex g9, gives player1 its bounty."""
    s = scenario({TARGOR: "g7", OBRYN: "g8"}, wounds={OBRYN: 3})
    s, _ = act(s, P1, {"type": "Attack", "fighter": TARGOR, "attack": 0, "target": OBRYN},
               FixedRng(atk("swords", "hammer") + dfn("block")))  # a draw: no damage, drive back allowed
    s, ev = act(s, P1, {"type": "DriveBack", "to": "g9"})
    assert fighter(s, OBRYN)["out_of_action"]
    gained = [e for e in ev if e["type"] == "GloryGained" and e["reason"] == "bounty"]
    assert gained == [{"type": "GloryGained", "player": P1, "amount": 1, "reason": "bounty", "total": 1,
                       "fighter": OBRYN}]


def test_bounty_two_players_own_move_into_a_lethal_hex_still_gives_bounty():
    """§18.5; seed 000 lines 936, 1942: in a two-player game any enemy fighter out of action gives its bounty,
    whatever the cause: Obryn moving into a lethal hex on its own turn gives player1 1 glory point."""
    s = scenario({OBRYN: "g8"}, active=P2, wounds={OBRYN: 3})
    s, ev = act(s, P2, {"type": "Move", "fighter": OBRYN, "to": "g9"})
    assert fighter(s, OBRYN)["out_of_action"] and s["players"][P1]["glory"] == 1
    assert s["players"][P2]["glory"] == 0


def test_bounty_multiplayer_only_the_warband_that_took_it_out():
    """§27; seed 000 line 1621: with 3 or 4 players only the warband that took the fighter out of action gains the
    bounty, nobody for damage no warband dealt (a lethal hex), and never for one's own fighter."""
    seats = ("player1", "player2", "player3")
    assert bounty_gainer(seats, "player2", {"kind": "lethal"}) is None
    assert bounty_gainer(seats, "player2", {"kind": "attack", "seat": "player3"}) == "player3"
    assert bounty_gainer(seats, "player2", {"kind": "card", "seat": "player2"}) is None
    assert bounty_gainer((P1, P2), P2, {"kind": "lethal"}) == P1
