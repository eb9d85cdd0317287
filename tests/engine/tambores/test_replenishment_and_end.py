"""Tambores de Guerra replenishment (digest §12), deck economy (§13), end of the battle (§14) and the duel and
campaign modes (§15); seed 002 l.386-430."""
from __future__ import annotations

from engine.tambores.ending import points
from tests.engine.tambores.support import HUMAN, ORC, SYSTEM, arrange, combat_state, new, play


def replenishing(**arrangements):
    st = combat_state({}, {})
    assert st["step"] == "replenish"
    for seat, kw in arrangements.items():
        arrange(st, seat, **kw)
    return st


def both(st, human_dump=False, orc_dump=False):
    st, e1 = play(st, HUMAN, {"type": "Replenish", "dump": human_dump})
    st, e2 = play(st, ORC, {"type": "Replenish", "dump": orc_dump})
    return st, e1 + e2


def test_replenishment_draws_back_to_five_and_flips_the_marker():
    """Digest §12; seed 002 l.390, l.394: each player draws until holding 5; the marker changes hands."""
    st = replenishing(player1={"hand": ["soldado"]}, player2={"hand": []})
    marker = st["marker"]
    st, _ = both(st)
    assert [len(st["players"][s]["hand"]) for s in (HUMAN, ORC)] == [5, 5]
    assert st["marker"] != marker and st["turn"] == 4 and st["step"] == "deploy"


def test_dump_is_optional_all_or_nothing_and_secret_until_both_choose():
    """Digest §12, §21.11; seed 002 l.388: a player may remove the cards left in hand to the removed pile."""
    st = replenishing(player1={"hand": ["soldado", "arquera"]})
    removed = len(st["players"][HUMAN]["removed"])
    st, events = play(st, HUMAN, {"type": "Replenish", "dump": True})
    assert [e for e in events if e.get("visible_to")] == [
        {"type": "ReplenishChosenPrivately", "seat": HUMAN, "dump": True, "visible_to": [HUMAN]}]
    assert [e for e in events if not e.get("visible_to")] == [{"type": "ReplenishChosen", "seat": HUMAN}]
    assert SYSTEM.view(st, ORC)["secret"][HUMAN] == "decided"
    assert SYSTEM.view(st, HUMAN)["secret"][HUMAN] is True
    assert len(st["players"][HUMAN]["hand"]) == 2  # nothing happens before both have chosen
    st, events = play(st, ORC, {"type": "Replenish", "dump": False})
    assert any(e["type"] == "ReplenishRevealed" for e in events)
    assert len(st["players"][HUMAN]["removed"]) == removed + 2


def test_an_empty_draw_deck_reshuffles_the_discard_but_never_the_removed_pile():
    """Digest §12, §13; seed 002 l.390-392: the discard pile makes a new draw deck; the removed pile never."""
    st = replenishing(player1={"hand": [], "draw_deck": ["soldado"], "discard": ["arquera"] * 6, "removed": 0})
    st, events = both(st)
    p = st["players"][HUMAN]
    assert len(p["hand"]) == 5 and len(p["draw_deck"]) == 2 and p["discard"] == []
    assert any(e["type"] == "Reshuffled" and e["seat"] == HUMAN for e in events)


def test_a_player_who_cannot_refill_loses():
    """Digest §14, §21.12; seed 002 l.233, l.400: a player who cannot draw to refill is defeated."""
    st = replenishing(player1={"hand": [], "draw_deck": ["soldado"], "discard": []})
    st, events = both(st)
    assert st["outcome"]["winner"] == ORC and st["outcome"]["reason"] == "out_of_cards"
    assert SYSTEM.outcome(st).winner == ORC and st["step"] == "over"
    assert SYSTEM.legal_actions(st, HUMAN) == []


def test_both_out_of_cards_the_hero_with_more_wounds_loses():
    """Digest §14; seed 002 l.402: both run out in the same turn: the hero with more wounds loses."""
    st = replenishing(player1={"hand": [], "draw_deck": [], "discard": []},
                      player2={"hand": [], "draw_deck": [], "discard": []})
    st["players"][HUMAN]["hero_wounds"] = 2
    st["players"][ORC]["hero_wounds"] = 3
    st, _ = both(st)
    assert st["outcome"]["winner"] == HUMAN and st["outcome"]["reason"] == "both_out_of_cards"


def test_both_out_of_cards_equal_wounds_the_higher_printed_life_loses_else_a_draw():
    """Digest §14; seed 002 l.404: equal wounds: the hero with the higher printed life loses; equal life: draw."""
    empty = {"hand": [], "draw_deck": [], "discard": []}
    st = replenishing(player1=empty, player2=empty)  # Joanna life 6, Krangg life 7
    st, _ = both(st)
    assert st["outcome"]["winner"] == HUMAN
    st = replenishing(player1=empty, player2={**empty, "hero": "borrunn"})  # both life 6
    st, _ = both(st)
    assert st["outcome"]["winner"] is None and SYSTEM.outcome(st).reason == "draw"


def test_a_hero_with_wounds_equal_to_its_life_is_defeated():
    """Digest §14; seed 002 l.398: a player wins by dealing the enemy hero as many wounds as its life."""
    st = combat_state({}, {3: "ballestero"}, marker=ORC)
    st["players"][HUMAN]["hero_wounds"] = 5  # Joanna: life 6
    st, _ = play(st, ORC, {"type": "Declare", "slot": 3, "order": "hero", "target": None})
    st, events = play(st, HUMAN, {"type": "Decline", "striker": "hero"})
    assert st["outcome"]["winner"] == ORC and st["outcome"]["reason"] == "hero_defeated"
    assert [e["type"] for e in events][-2:] == ["BattleEnded", "MatchEnded"]


def test_every_deployment_shrinks_the_pool_of_cards():
    """Digest §13 ("diezmando su mazo"): paying a cost removes cards for good; deck + discard + hand shrinks."""
    st = new({"heroes": {HUMAN: "joanna", ORC: "krangg"}})
    st["current"] = st["marker"] = HUMAN
    arrange(st, HUMAN, hand=["alabardero", "soldado", "soldado", "arquera", "hermandad"])
    p = st["players"][HUMAN]
    pool = len(p["hand"]) + len(p["draw_deck"]) + len(p["discard"])
    st, _ = play(st, HUMAN, {"type": "DeployUnit", "card": "alabardero", "slot": 1, "pay": ["soldado", "soldado"]})
    p = st["players"][HUMAN]
    assert len(p["hand"]) + len(p["draw_deck"]) + len(p["discard"]) == pool - 3  # 2 removed, 1 on the board


def finish_battle(st, loser):
    """End the current battle by a deck-out of ``loser``."""
    st = combat_state_from(st)
    arrange(st, loser, hand=[], draw_deck=[], discard=[])
    st, _ = both(st)
    return st


def combat_state_from(st):
    from tests.engine.tambores.support import rng
    from engine.tambores.system import advance
    st["step"] = "start_replenishment"
    advance(st, rng(5), [])
    return st


def test_duel_is_two_battles_with_armies_swapped_and_heroes_not_repeated():
    """Digest §15.2; seed 002 l.411-413: two battles, one with each army; heroes at random, the second
    excluding the first's; 1-1: the win with the lower colour wins the duel."""
    st = new({"mode": "duel"}, seed=3)
    armies1 = {s: st["players"][s]["deck"] for s in (HUMAN, ORC)}
    heroes1 = {s: st["players"][s]["hero"] for s in (HUMAN, ORC)}
    st = finish_battle(st, ORC)  # HUMAN wins battle 1
    assert st["series"]["battle"] == 2 and st["outcome"] is None
    assert {s: st["players"][s]["deck"] for s in (HUMAN, ORC)} == {HUMAN: armies1[ORC], ORC: armies1[HUMAN]}
    assert st["players"][HUMAN]["hero"] != heroes1[ORC] and st["players"][ORC]["hero"] != heroes1[HUMAN]
    st = finish_battle(st, HUMAN)  # ORC wins battle 2
    results = st["series"]["results"]
    c1, c2 = results[0]["colours"][HUMAN], results[1]["colours"][ORC]
    order = ("gold", "silver", "bronze")
    expected = HUMAN if order.index(c1) > order.index(c2) else ORC if order.index(c2) > order.index(c1) else None
    assert st["outcome"]["winner"] == expected and st["outcome"]["reason"] == "lower_colour"


def test_campaign_heroes_are_chosen_in_the_rulebook_order_one_colour_each_battle():
    """Digest §15.3; seed 002 l.415-419: battle 1: the toss's winner reveals first; battle 2: the other reveals
    first; battle 3: the colour left; no colour repeated."""
    st = new({"mode": "campaign"}, seed=1)
    first = st["current"]
    assert st["step"] == "choose_hero" and SYSTEM.view(st, None)["awaiting"] == [first]
    colours = {a["hero"] for a in SYSTEM.legal_actions(st, first)}
    assert len(colours) >= 3
    st, _ = play(st, first, SYSTEM.legal_actions(st, first)[0])
    second = st["current"]
    assert second != first
    st, _ = play(st, second, SYSTEM.legal_actions(st, second)[0])
    assert st["step"] == "deploy"
    st = finish_battle(st, second)
    assert st["step"] == "choose_hero" and st["current"] == second
    st, _ = play(st, second, SYSTEM.legal_actions(st, second)[0])
    st, _ = play(st, first, SYSTEM.legal_actions(st, first)[0])
    st = finish_battle(st, first)
    while st["step"] == "choose_hero":
        seat = st["current"]
        st, _ = play(st, seat, SYSTEM.legal_actions(st, seat)[0])
    for seat in (HUMAN, ORC):
        used = st["series"]["heroes_used"][seat]
        assert len({st["catalogue"]["heroes"][h]["colour"] for h in used}) == 3
    st = finish_battle(st, second)
    assert st["outcome"]["reason"] == "points"
    pts = st["series"]["points"]
    assert st["outcome"]["winner"] == (HUMAN if pts[HUMAN] > pts[ORC] else ORC if pts[ORC] > pts[HUMAN] else None)


def test_campaign_points_by_colours():
    """Digest §15.3, §21.17; seed 002 l.423-426: same colour 1, one colour higher beaten 2, two colours 3; a
    higher colour beating a lower one 1 (the ruling's default)."""
    assert points("silver", "silver") == 1
    assert points("bronze", "silver") == 2 and points("silver", "gold") == 2
    assert points("bronze", "gold") == 3
    assert points("gold", "bronze") == 1


def test_both_players_are_offered_the_same_replenishment_choices():
    """Digest §12 (seed 002 l.388: "puede retirar las cartas restantes", optional) and the ruling "Replenishment on
    buttons": keep or remove is offered to both, an empty hand too (removing nothing), so the two players' choices
    are the same and neither's hand tells anything."""
    st = replenishing(player1={"hand": []}, player2={"hand": ["lancero"]})
    offered = [SYSTEM.legal_actions(st, s) for s in (HUMAN, ORC)]
    assert offered[0] == offered[1] == [{"type": "Replenish", "dump": False}, {"type": "Replenish", "dump": True}]
    removed = len(st["players"][HUMAN]["removed"])
    st, events = both(st, human_dump=True)
    assert len(st["players"][HUMAN]["removed"]) == removed and len(st["players"][HUMAN]["hand"]) == 5
    assert not any(e["type"] == "CardsRemoved" and e["seat"] == HUMAN for e in events)
