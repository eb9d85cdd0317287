"""Every "if ... then" of the core rules that issue #19 item 3 names, one test each citing its seed-000 line:
supports, critical results, Guard, drive back (direction, blocked), Stagger, pushes onto lethal hexes, Charge
restrictions, the end of the power step, empty decks and the end phase draw. Tests elsewhere cite the digest
section; these cite the book's line ("seed 000 l.N", the Spanish rulebook)."""
from __future__ import annotations

from engine.underworlds import rules
from engine.underworlds.hexgrid import Hex, steps_away
from engine.underworlds.system import dump, load
from tests.engine.underworlds.scenario import (
    P1, P2, FixedRng, act, atk, dfn, fighter, legal, scenario, top, types,
)
from tests.engine.underworlds.test_spell_attacks import bolt, wizards  # noqa: F401 (pytest fixture)

TARGOR, SAEK, ARNULF, GARREK = "player1:targor", "player1:blooded-saek", "player1:arnulf", "player1:garrek-gorebeard"
OBRYN, SEVERIN, ANGHARAD = "player2:obryn-the-bold", "player2:severin-steelheart", "player2:angharad-brightshield"


def attack(state, attack_faces, defence_faces, *, by=TARGOR, target=OBRYN, seat=P1):
    s, ev = act(state, seat, {"type": "Attack", "fighter": by, "attack": 0, "target": target},
                FixedRng(atk(*attack_faces) + dfn(*defence_faces)))
    return s, ev, next((e for e in ev if e["type"] == "AttackResolved"), None)


def drive_backs(state, seat=P1):
    return sorted(a["to"] for a in legal(state, seat) if a["type"] == "DriveBack")


# -- supports (seed 000 lines 878-883) ---------------------------------------------------------------------------------


def test_support_none_single_support_is_no_success():
    """Seed 000 l.881: without a support, support symbols are no successes: Targor alone rolls two single supports."""
    s, _, r = attack(scenario({TARGOR: "c3", OBRYN: "c4"}), ("single_support", "single_support"), ("dodge",))
    assert r["attack_successes"] == 0 and r["result"] == "miss"


def test_support_one_counts_single_not_double():
    """Seed 000 l.878, 881: Saek adjacent to the target supports Targor once: the single support is a success, the
    double support is not."""
    s, _, r = attack(scenario({TARGOR: "c3", OBRYN: "c4", SAEK: "b4"}), ("single_support", "double_support"),
                     ("dodge",))
    assert r["attack_successes"] == 1


def test_support_two_counts_single_and_double():
    """Seed 000 l.881: two supports (Saek and Arnulf adjacent to Obryn): single and double supports are successes."""
    s, _, r = attack(scenario({TARGOR: "c3", OBRYN: "c4", SAEK: "b4", ARNULF: "d4"}),
                     ("single_support", "double_support"), ("dodge",))
    assert r["attack_successes"] == 2


def test_support_the_target_counts_friends_adjacent_to_the_attacker():
    """Seed 000 l.879: the target gets a support for each of its friends adjacent to the attacker: Severin next to
    Targor makes Obryn's single support a defence success (a draw instead of a hit)."""
    s, _, r = attack(scenario({TARGOR: "c3", OBRYN: "c4", SEVERIN: "b3"}), ("swords", "hammer"), ("single_support",))
    assert r["defence_successes"] == 1 and r["result"] == "draw"


def test_support_never_for_a_spell_attacker(wizards):
    """Seed 000 l.883: "No se puede apoyar a un atacante que efectúa una acción de Ataque de Hechizo": with Obryn next
    to the target, Severin's spell attack still counts only its magic symbol (and crits) as successes."""
    from engine.underworlds.combat import _combat_inputs
    from engine.underworlds.dice import attack_success_symbols
    st = load(scenario({SEVERIN: "c6", OBRYN: "c4", TARGOR: "c3"}, **wizards))
    combat = _combat_inputs(st, {"attacker": SEVERIN, "target": TARGOR, "profile": rules.attacks(st, st.fighter(SEVERIN))[1],
                                 "trapped": False})
    assert {s.value for s in attack_success_symbols(combat)} == {"channel"}


# -- critical results (seed 000 lines 827-840, 899) -------------------------------------------------------------------


def test_critical_hit_when_more_successes_and_a_crit():
    """Seed 000 l.837: more successes than the defender and at least one crit: a critical hit."""
    _, _, r = attack(scenario({TARGOR: "c3", OBRYN: "c4"}), ("critical", "swords"), ("block",))
    assert r["result"] == "critical_hit"


def test_critical_hit_without_crit_is_a_plain_hit():
    """Seed 000 l.838: more successes, no crit: a hit ("impacto")."""
    _, _, r = attack(scenario({TARGOR: "c3", OBRYN: "c4"}), ("swords", "swords"), ("block",))
    assert r["result"] == "hit"


def test_critical_draw_equal_successes_at_least_one():
    """Seed 000 l.839: as many successes as the defender and at least one: a draw; the attack fails, step 7 follows
    (the target may be driven back)."""
    s, _, r = attack(scenario({TARGOR: "c3", OBRYN: "c4"}), ("swords", "hammer"), ("block",))
    assert r["result"] == "draw" and fighter(s, OBRYN)["wounds"] == 0 and drive_backs(s)


def test_critical_miss_no_success_on_either_side():
    """Seed 000 l.840: otherwise a miss ("fallo"): step 8, no drive back."""
    s, _, r = attack(scenario({TARGOR: "c3", OBRYN: "c4"}), ("hammer", "hammer"), ("dodge",))
    assert r["result"] == "miss" and drive_backs(s) == []


def test_critical_abilities_only_on_a_critical_hit():
    """Seed 000 l.899, 977: critical abilities are used after step 4 when the attack is a critical hit: Arnulf's
    Grievous 1 adds 1 damage to a critical hit (2), not to a plain hit (1)."""
    s, _, r = attack(scenario({ARNULF: "c3", OBRYN: "c4"}), ("swords", "swords"), ("dodge",), by=ARNULF)
    assert r["result"] == "hit" and fighter(s, OBRYN)["wounds"] == 1
    s, _, r = attack(scenario({ARNULF: "c3", OBRYN: "c4"}), ("critical", "swords"), ("dodge",), by=ARNULF)
    assert r["result"] == "critical_hit" and fighter(s, OBRYN)["wounds"] == 2


def test_critical_trapped_adds_one_success_only_with_a_success():
    """Seed 000 l.827: a trapped target (no empty hex next to it further from the attacker) gives +1 success if the
    attacker rolled one or more; with none it gives nothing."""
    behind = [str(h) for h in steps_away(Hex.parse("c4"), Hex.parse("c3"))]
    fighters = {TARGOR: "c3", OBRYN: "c4", **dict(zip((SAEK, ARNULF, GARREK), behind))}
    _, _, r = attack(scenario(fighters), ("swords", "hammer"), ("block",))
    assert r["trapped"] and r["attack_successes"] == 2 and r["result"] == "hit"
    _, _, r = attack(scenario(fighters), ("hammer", "hammer"), ("block",))
    assert r["trapped"] and r["attack_successes"] == 0


# -- Guard (seed 000 lines 1075-1083) -----------------------------------------------------------------------------------


def test_guard_counts_block_and_dodge():
    """Seed 000 l.1077: a fighter on Guard counts both block and dodge as defence successes (Severin, Defence block,
    rolls a dodge: a success)."""
    _, _, r = attack(scenario({TARGOR: "c3", SEVERIN: "c4"}, guard={SEVERIN: 1}), ("swords", "hammer"), ("dodge",),
                     target=SEVERIN)
    assert r["defence_successes"] == 1 and r["result"] == "draw"


def test_guard_cannot_be_driven_back_unless_knockback():
    """Seed 000 l.1077: "no se le puede presionar a menos que la acción de Ataque tenga Rechazar": Targor's hit on a
    guarded Severin offers no drive back; Obryn's Knockback 1 hit on a guarded Garrek does."""
    s, _, _ = attack(scenario({TARGOR: "c3", SEVERIN: "c4"}, guard={SEVERIN: 1}), ("swords", "swords"), ("block",),
                     target=SEVERIN)
    assert drive_backs(s) == []
    s, _, _ = attack(scenario({OBRYN: "d4", GARREK: "d5"}, guard={GARREK: 1}, active=P2), ("hammer", "hammer"),
                     ("block",), by=OBRYN, target=GARREK, seat=P2)
    assert drive_backs(s, P2)


def test_guard_removes_stagger_markers():
    """Seed 000 l.1075: a fighter given a Guard marker loses its Stagger markers."""
    s, _ = act(scenario({TARGOR: "c3"}, stagger={TARGOR: 1}), P1, {"type": "Guard", "fighter": TARGOR})
    assert fighter(s, TARGOR)["guard"] == 1 and fighter(s, TARGOR)["stagger"] == 0


def test_guard_a_guarded_fighter_cannot_guard():
    """Seed 000 l.1083: "Un guerrero que está en Guardia no puede efectuar una acción de Guardia"."""
    s = scenario({TARGOR: "c3"}, guard={TARGOR: 1})
    assert not [a for a in legal(s, P1) if a["type"] == "Guard" and a["fighter"] == TARGOR]


def test_guard_removed_when_the_fighter_charges():
    """Seed 000 l.1059, 1870: a guarded fighter that makes a Charge first loses its Guard markers."""
    s, _ = act(scenario({TARGOR: "c3", OBRYN: "c6"}, guard={TARGOR: 1}), P1, {"type": "Charge", "fighter": TARGOR,
                                                                              "to": "c5"})
    assert fighter(s, TARGOR)["guard"] == 0 and fighter(s, TARGOR)["charge"] == 1


# -- drive back (seed 000 lines 846, 868, 1031) ---------------------------------------------------------------------------


def test_drive_back_is_the_attackers_choice():
    """Seed 000 l.846: "el jugador atacante puede elegir empujarlo ... Si el atacante elige no hacerlo, el blanco no
    es presionado": Pass leaves Obryn where he is."""
    s, _, _ = attack(scenario({TARGOR: "d4", OBRYN: "d5"}), ("swords", "swords"), ("dodge",))
    s, ev = act(s, P1, {"type": "Pass"})
    assert fighter(s, OBRYN)["hex"] == "d5" and "DriveBackDeclined" in types(ev)


def test_drive_back_only_away_from_the_attacker():
    """Seed 000 l.868, 432: every drive-back hex is further from the attacker than the target's hex."""
    s, _, _ = attack(scenario({TARGOR: "d4", OBRYN: "d5"}), ("swords", "swords"), ("dodge",))
    d4, d5 = Hex.parse("d4"), Hex.parse("d5")
    assert drive_backs(s) and all(Hex.parse(h).distance(d4) > d5.distance(d4) for h in drive_backs(s))


def test_drive_back_blocked_hexes_and_fighters_leave_only_the_free_ones():
    """Seed 000 l.827, 846, 1816: blocked and occupied hexes are no drive-back hexes; with all of them taken the target
    is trapped and not driven back."""
    behind = [str(h) for h in steps_away(Hex.parse("d5"), Hex.parse("d4"))]
    s, _, _ = attack(scenario({TARGOR: "d4", OBRYN: "d5", SAEK: behind[0]},
                              tokens={"blocked-1": (behind[1], "blocked")}), ("swords", "swords"), ("dodge",))
    assert drive_backs(s) == [behind[2]]
    s, _, r = attack(scenario({TARGOR: "d4", OBRYN: "d5", SAEK: behind[0], ARNULF: behind[2]},
                              tokens={"blocked-1": (behind[1], "blocked")}), ("swords", "swords"), ("dodge",))
    assert r["trapped"] and drive_backs(s) == []


def test_drive_back_knockback_stops_when_the_same_direction_is_blocked():
    """Seed 000 l.1031: Knockback pushes further only in the same direction; "Si no es posible empujar más al blanco en
    esa dirección, no se le empuja más": with the second hex in that direction taken, one hex only."""
    d4, d5 = Hex.parse("d4"), Hex.parse("d5")
    first = steps_away(d5, d4)[0]
    direction = d5.direction_to(first)
    assert direction is not None
    second = first.neighbour(direction)
    s, _, _ = attack(scenario({OBRYN: "d4", GARREK: "d5", TARGOR: str(second)}, active=P2), ("hammer", "hammer"),
                     ("block",), by=OBRYN, target=GARREK, seat=P2)
    assert str(first) in drive_backs(s, P2) and str(second) not in drive_backs(s, P2)


# -- Stagger (seed 000 lines 1007-1009, 1041, 394) --------------------------------------------------------------------------


def test_stagger_a_staggered_target_gives_one_re_roll():
    """Seed 000 l.1009: when a staggered fighter is the target, the attacking player may re-roll one attack die."""
    s, _, _ = attack(scenario({TARGOR: "c3", OBRYN: "c4"}, stagger={OBRYN: 1}), ("hammer", "hammer"), ())
    assert sorted(a["die"] for a in legal(s, P1) if a["type"] == "Reroll") == [0, 1]
    s, _ = act(s, P1, {"type": "Reroll", "die": 0}, FixedRng(atk("swords") + dfn("dodge")))
    assert not [a for a in legal(s, P1) if a["type"] == "Reroll"]


def test_stagger_removes_guard_markers():
    """Seed 000 l.1009: a fighter given Stagger markers loses its Guard markers (a Stun on a guarded Obryn)."""
    s, _ = act(scenario({TARGOR: "c3", OBRYN: "c4"}, guard={OBRYN: 1}), P1,
               {"type": "Stun", "fighter": TARGOR, "target": OBRYN})
    assert fighter(s, OBRYN)["stagger"] == 1 and fighter(s, OBRYN)["guard"] == 0


def test_stagger_stun_only_an_adjacent_enemy_without_stagger():
    """Seed 000 l.1041: a Stun picks an adjacent enemy with no Stagger markers."""
    s = scenario({TARGOR: "c3", OBRYN: "c4", SEVERIN: "d3", ANGHARAD: "c6"}, stagger={SEVERIN: 1})
    assert {a["target"] for a in legal(s, P1) if a["type"] == "Stun" and a["fighter"] == TARGOR} == {OBRYN}


def test_stagger_trap_hex_staggers_a_fighter_moved_into_it():
    """Seed 000 l.394: a fighter that moves into a trap hex is staggered."""
    s, _ = act(scenario({TARGOR: "c3"}, tokens={"trap-1": ("c4", "trap")}), P1, {"type": "Move", "fighter": TARGOR,
                                                                                 "to": "c4"})
    assert fighter(s, TARGOR)["stagger"] == 1


# -- lethal hexes (seed 000 lines 386, 404, 916) ----------------------------------------------------------------------------


def test_lethal_drive_back_into_a_lethal_hex_deals_one_damage():
    """Seed 000 l.386, 916: a fighter pushed (driven back) into a lethal hex takes 1 damage, dealt by the hex."""
    s, _, _ = attack(scenario({TARGOR: "f8", OBRYN: "f9"}), ("swords", "swords"), ("dodge",))
    assert "f10" in drive_backs(s)
    s, ev = act(s, P1, {"type": "DriveBack", "to": "f10"})
    assert fighter(s, OBRYN)["hex"] == "f10" and fighter(s, OBRYN)["wounds"] == 2  # 1 from the hit, 1 from f10


def test_lethal_staying_or_leaving_deals_no_more_damage():
    """Seed 000 l.404: a fighter in a lethal hex takes no more damage from it by staying, or by moving out."""
    s = scenario({OBRYN: "g9"}, active=P2, wounds={OBRYN: 1})
    s, _ = act(s, P2, {"type": "Guard", "fighter": OBRYN})
    assert fighter(s, OBRYN)["wounds"] == 1
    s = scenario({OBRYN: "g9"}, active=P2, wounds={OBRYN: 1})
    s, _ = act(s, P2, {"type": "Move", "fighter": OBRYN, "to": "f8"})
    assert fighter(s, OBRYN)["wounds"] == 1


# -- Charge restrictions (seed 000 lines 727, 1059-1063) -------------------------------------------------------------------


def test_charge_not_with_a_move_marker():
    """Seed 000 l.727, 1059: a fighter with a Move marker cannot make a Charge."""
    s = scenario({TARGOR: "c3", OBRYN: "c6"}, move={TARGOR: 1})
    assert not [a for a in legal(s, P1) if a["type"] == "Charge"]
    assert [a for a in legal(scenario({TARGOR: "c3", OBRYN: "c6"}), P1) if a["type"] == "Charge"]


def test_charge_marker_fighter_waits_for_every_friend_to_have_one():
    """Seed 000 l.1063: a fighter with a Charge marker cannot be activated unless every surviving friendly fighter has
    one; when it is, it cannot Move nor make a super-action (it can attack or Guard)."""
    s = scenario({TARGOR: "c3", SAEK: "a1", OBRYN: "c4"}, charge={TARGOR: 1})
    assert not [a for a in legal(s, P1) if a.get("fighter") == TARGOR]
    s = scenario({TARGOR: "c3", SAEK: "a1", OBRYN: "c4"}, charge={TARGOR: 1, SAEK: 1})
    kinds = {a["type"] for a in legal(s, P1) if a.get("fighter") == TARGOR}
    assert "Attack" in kinds and not kinds & {"Move", "Charge", "Barge"}


# -- the power step's end (seed 000 line 1142) ------------------------------------------------------------------------------


def test_power_step_ends_only_when_both_pass_one_after_the_other():
    """Seed 000 l.1142, 1144: the players take turns until both pass consecutively: player1 passes, player2 plays
    Heaving Ground, so player1 acts again; then two passes in a row end the power step."""
    s = scenario({TARGOR: "c3", OBRYN: "h9"}, stage="power", hands={P2: ["48016"]})
    s, _ = act(s, P1, {"type": "Pass"})
    s, ev = act(s, P2, {"type": "PlayPloy", "card": "48016"})
    assert "PowerStepEnded" not in types(ev) and top(s)["kind"] == "power" and top(s)["to_act"] == P1
    s, _ = act(s, P1, {"type": "Pass"})
    s, ev = act(s, P2, {"type": "Pass"})
    assert "PowerStepEnded" in types(ev)


# -- empty decks and the end phase draw (seed 000 lines 630, 1432-1434, 1472) ------------------------------------------------


def test_empty_deck_venture_and_plan_need_a_card_to_draw():
    """Seed 000 l.630, 1890: a card cannot be drawn from an empty deck (the discards are not reshuffled); so Venture
    (draw a power card) and Plan (draw an objective, then discard one) are not offered with that deck empty."""
    st = load(scenario({TARGOR: "c3", OBRYN: "h9"}, objectives={P1: ["48003"]}))
    st.players[P1].power_deck, st.players[P1].objective_deck = [], []
    st.players[P1].power_discard = ["48013"]
    kinds = {a["type"] for a in legal(dump(st), P1)}
    assert not kinds & {"Venture", "Plan"}


def test_empty_deck_end_phase_draws_until_the_deck_is_empty():
    """Seed 000 l.1432, 1434: draw up to three objectives and five power cards "o hasta que tu mazo ... quede vacío":
    with one card in each deck, one of each is drawn and the discards stay discarded."""
    st = load(scenario({TARGOR: "c3", OBRYN: "h9"}))
    st.players[P1].objective_deck, st.players[P1].power_deck = ["48002"], ["48013"]
    st.players[P1].power_discard = ["48015"]
    st.stack = [{"kind": "round", "stage": "after_end"}, {"kind": "end", "order": [P1, P2], "idx": 0, "step": 0}]
    st.phase, st.active = "end", None
    s, _ = act(dump(st), P1, {"type": "FinishEndPhase"})
    p = s["players"][P1]
    assert (p["objectives"], p["power"], p["power_discard"]) == (["48002"], ["48013"], ["48015"])


def test_end_phase_round_three_only_scores():
    """Seed 000 l.1472: in the third end phase each player only scores; no discards, upgrades or draws."""
    st = load(scenario({TARGOR: "c3", OBRYN: "h9"}, round_=3, hands={P1: ["48013"]}))
    st.stack = [{"kind": "round", "stage": "after_end"}, {"kind": "end", "order": [P1, P2], "idx": 0, "step": 0}]
    st.phase, st.active = "end", None
    s = dump(st)
    assert legal(s, P1) == [{"type": "FinishEndPhase"}]
    s, _ = act(s, P1, {"type": "FinishEndPhase"})
    assert s["players"][P1]["power"] == ["48013"] and s["players"][P1]["objectives"] == []


def test_drive_back_knockback_only_after_a_successful_attack():
    """Seed 000 l.1023: Knockback adds hexes "en el paso de presionar de una acción de Ataque con éxito": Obryn's draw
    against Garrek allows the ordinary one-hex drive back (step 7), no more."""
    s, _, r = attack(scenario({OBRYN: "d4", GARREK: "d5"}, active=P2), ("hammer", "swords"), ("dodge",), by=OBRYN,
                     target=GARREK, seat=P2)
    assert r["result"] == "draw" and drive_backs(s, P2) == ["c5", "c6", "d6"]


def test_stagger_barge_moves_stuns_then_staggers_the_barger():
    """Seed 000 l.1045, 1922: a Barge is a Move action (a Move marker after it), then a Stun; then the barger is
    staggered, which ends the super-action."""
    s, _ = act(scenario({TARGOR: "c3", SEVERIN: "c6"}), P1, {"type": "Barge", "fighter": TARGOR, "to": "c5"})
    assert fighter(s, TARGOR)["move"] == 1
    s, ev = act(s, P1, {"type": "Stun", "fighter": TARGOR, "target": SEVERIN})
    assert fighter(s, SEVERIN)["stagger"] == 1 and fighter(s, TARGOR)["stagger"] == 1
    assert types(ev).index("FighterStunned") < types(ev).index("PowerStepStarted")


def test_stagger_trap_hex_staggers_a_fighter_driven_back_into_it():
    """Seed 000 l.394, 1828: a fighter pushed or driven back into a trap hex is staggered."""
    s, _, _ = attack(scenario({TARGOR: "d4", OBRYN: "d5"}, tokens={"trap-1": ("d6", "trap")}), ("swords", "swords"),
                     ("dodge",))
    s, _ = act(s, P1, {"type": "DriveBack", "to": "d6"})
    assert fighter(s, OBRYN)["stagger"] == 1


def test_delve_not_with_a_staggered_fighter():
    """Seed 000 l.1196: a player may delve a feature token under a friendly fighter that is not staggered; delving
    staggers that fighter."""
    s = scenario({TARGOR: "c3", OBRYN: "h9"}, stage="power", tokens={"1": ("c3", "objective")})
    assert {"type": "Delve", "fighter": TARGOR} in legal(s, P1)
    s, _ = act(s, P1, {"type": "Delve", "fighter": TARGOR})
    assert fighter(s, TARGOR)["stagger"] == 1
    staggered = scenario({TARGOR: "c3", OBRYN: "h9"}, stage="power", tokens={"1": ("c3", "objective")},
                         stagger={TARGOR: 1})
    assert not [a for a in legal(staggered, P1) if a["type"] == "Delve"]


def test_end_phase_no_gambits_only_upgrades():
    """Seed 000 l.1444: no gambits in the end phase; upgrades may be played (step 3, l.1430)."""
    st = load(scenario({TARGOR: "c3", OBRYN: "h9"}, hands={P1: ["48016", "48026"]}, glory={P1: 2}))
    st.stack = [{"kind": "round", "stage": "after_end"}, {"kind": "end", "order": [P1, P2], "idx": 0, "step": 0}]
    st.phase, st.active = "end", None
    kinds = {a["type"] for a in legal(dump(st), P1)}
    assert "PlayUpgrade" in kinds and not kinds & {"PlayPloy", "PlayReaction", "CastSpell"}


def test_upgrade_only_to_a_surviving_fighter():
    """Seed 000 l.1212: an upgrade cannot be given to a fighter out of action (Saek)."""
    st = load(scenario({TARGOR: "c3", OBRYN: "h9"}, stage="power", hands={P1: ["48026"]}, glory={P1: 2}))
    saek = st.fighter(SAEK)
    saek.deployed, saek.out_of_action = True, True
    assert {a["fighter"] for a in legal(dump(st), P1) if a["type"] == "PlayUpgrade"} == {TARGOR}


def test_empty_deck_recycle_discards_and_draws_nothing(monkeypatch):
    """Seed 000 l.1200, 630: a power card restricted to fighters who are all out of action may be recycled (discard
    it, draw another); with the power deck empty nothing is drawn. No shipped card names a fighter in its
    restrictions, so a test ploy restricted to Saek stands in."""
    from engine.underworlds.cards import load_cards
    base = load_cards()["48016"].model_dump()
    base.update(id="test-saek-only", name="Saek Only", restrictions=("Blooded Saek",))
    monkeypatch.setitem(load_cards(), "test-saek-only", type(load_cards()["48016"]).model_validate(base))
    st = load(scenario({TARGOR: "c3", OBRYN: "h9"}, stage="power", hands={P1: ["test-saek-only"]}))
    st.fighter(SAEK).deployed, st.fighter(SAEK).out_of_action = True, True
    st.players[P1].power_deck = []
    s = dump(st)
    assert {"type": "Recycle", "card": "test-saek-only"} in legal(s, P1)
    s, _ = act(s, P1, {"type": "Recycle", "card": "test-saek-only"})
    assert s["players"][P1]["power"] == [] and s["players"][P1]["power_discard"] == ["test-saek-only"]


def test_lethal_push_by_a_card_into_a_lethal_hex_deals_one_damage():
    """Seed 000 l.386: "Cuando un guerrero se mueve, se le coloca o empuja ... a un hexágono letal, inflige a ese
    guerrero 1 de daño": Brief Emergence (48013) pushes Obryn from g8 into the lethal g9."""
    s = scenario({TARGOR: "c3", OBRYN: "g8"}, stage="power", hands={P1: ["48013"]})
    s, ev = act(s, P1, {"type": "PlayPloy", "card": "48013", "target": OBRYN, "hex": "g9"})
    assert fighter(s, OBRYN)["hex"] == "g9" and fighter(s, OBRYN)["wounds"] == 1 and "FighterDamaged" in types(ev)


def test_charge_needs_a_target_after_its_move():
    """Seed 000 l.1069: if a condition of the Move or of the Attack of a Charge is not met, the fighter cannot Charge:
    with no enemy within reach of a Move and an attack, no Charge is offered."""
    assert not [a for a in legal(scenario({TARGOR: "c3", OBRYN: "h11"}), P1) if a["type"] == "Charge"]


def test_end_phase_draw_only_below_three_objectives():
    """Seed 000 l.1432: "Si tienes menos de tres cartas de objetivo en la mano, roba ..." : a player holding four
    objectives (surge draws) draws none and discards none."""
    st = load(scenario({TARGOR: "c3", OBRYN: "h9"}, objectives={P1: ["48003", "48004", "48005", "48006"]}))
    st.stack = [{"kind": "round", "stage": "after_end"}, {"kind": "end", "order": [P1, P2], "idx": 0, "step": 0}]
    st.phase, st.active = "end", None
    s, _ = act(dump(st), P1, {"type": "FinishEndPhase"})
    assert s["players"][P1]["objectives"] == ["48003", "48004", "48005", "48006"]
