"""Attack keywords (digest §20): Grievous, Cleave, Ensnare, Knockback, Scything, Stagger; drive back hazards."""
from __future__ import annotations

from engine.underworlds import effects
from tests.engine.underworlds.scenario import P1, P2, FixedRng, act, atk, dfn, fighter, legal, scenario, top, types

TARGOR, SAEK, ARNULF, GARREK = "player1:targor", "player1:blooded-saek", "player1:arnulf", "player1:garrek-gorebeard"
OBRYN, SEVERIN, ANGHARAD = "player2:obryn-the-bold", "player2:severin-steelheart", "player2:angharad-brightshield"


def _resolved(ev):
    return next(e for e in ev if e["type"] == "AttackResolved")


def test_grievous_adds_damage_on_critical_hit():
    """§20 Doloroso: +X Damage on a critical hit (Arnulf's Grievous 1: 1 + 1)."""
    s, ev = act(scenario({ARNULF: "c3", OBRYN: "c4"}), P1, {"type": "Attack", "fighter": ARNULF, "attack": 0,
                                                             "target": OBRYN}, FixedRng(atk("critical", "swords") + dfn("block")))
    assert _resolved(ev)["result"] == "critical_hit" and fighter(s, OBRYN)["wounds"] == 2


def test_grievous_not_applied_on_plain_hit():
    """§20: Grievous is a critical ability; a hit without crits deals the printed Damage."""
    s, _ = act(scenario({ARNULF: "c3", OBRYN: "c4"}), P1, {"type": "Attack", "fighter": ARNULF, "attack": 0,
                                                            "target": OBRYN}, FixedRng(atk("swords", "swords") + dfn("block")))
    assert fighter(s, OBRYN)["wounds"] == 1


def test_cleave_block_results_are_not_successes():
    """§20 Romper: block faces don't count in the defence roll (inspired Blooded Saek's Great Axe)."""
    rolls = atk("hammer", "single_support") + dfn("block", "block")
    base = {SAEK: "c3", OBRYN: "c4"}
    _, ev = act(scenario(base, inspired={SAEK: True, OBRYN: True}), P1,
                {"type": "Attack", "fighter": SAEK, "attack": 0, "target": OBRYN}, FixedRng(list(rolls)))
    assert _resolved(ev)["result"] == "hit" and _resolved(ev)["defence_successes"] == 0
    _, ev = act(scenario(base, inspired={OBRYN: True}), P1,
                {"type": "Attack", "fighter": SAEK, "attack": 0, "target": OBRYN}, FixedRng(list(rolls)))
    assert _resolved(ev)["result"] == "miss"


def test_ensnare_dodge_results_are_not_successes(monkeypatch):
    """§20 Apresar: dodge faces don't count in the defence roll."""
    monkeypatch.setattr(effects, "modify_attack", lambda st, f, p: p.update(ensnare=True))
    s = scenario({TARGOR: "c3", OBRYN: "c4"}, guard={OBRYN: 1})
    _, ev = act(s, P1, {"type": "Attack", "fighter": TARGOR, "attack": 0, "target": OBRYN},
                FixedRng(atk("swords", "hammer") + dfn("dodge")))
    assert _resolved(ev)["defence_successes"] == 0 and _resolved(ev)["result"] == "hit"


def test_knockback_drives_back_up_to_x_more_hexes_in_a_line():
    """§20 Rechazar X: on a successful attack, up to X more hexes in the same direction."""
    s = scenario({OBRYN: "c4", GARREK: "c5"}, active=P2)
    s, _ = act(s, P2, {"type": "Attack", "fighter": OBRYN, "attack": 0, "target": GARREK},
               FixedRng(atk("hammer", "hammer") + dfn("block")))
    from engine.underworlds.hexgrid import Hex
    dests = {Hex.parse(a["to"]) for a in legal(s, P2) if a["type"] == "DriveBack"}
    c4, c5 = Hex.parse("c4"), Hex.parse("c5")
    firsts = {h for h in dests if h.distance(c5) == 1}
    seconds = {h for h in dests if h.distance(c5) == 2}
    assert firsts and seconds and all(h.distance(c4) > c5.distance(c4) for h in dests)
    assert all(any(f.neighbour(c5.direction_to(f)) == h for f in firsts) for h in seconds)  # straight lines
    far = sorted(seconds)[0]
    s, ev = act(s, P2, {"type": "DriveBack", "to": str(far)})
    assert fighter(s, GARREK)["hex"] == str(far) and fighter(s, GARREK)["move"] == 0


def test_knockback_drives_back_a_target_on_guard():
    """§16.1, §20: Guard does not stop driving back when the attack has Knockback."""
    s = scenario({OBRYN: "c4", GARREK: "c5"}, active=P2, guard={GARREK: 1})
    s, _ = act(s, P2, {"type": "Attack", "fighter": OBRYN, "attack": 0, "target": GARREK},
               FixedRng(atk("hammer", "hammer", ) + dfn("critical") + []))
    assert top(s)["kind"] == "turn" or top(s)["kind"] == "power"
    s = scenario({OBRYN: "c4", GARREK: "c5"}, active=P2, guard={GARREK: 1})
    s, _ = act(s, P2, {"type": "Attack", "fighter": OBRYN, "attack": 0, "target": GARREK},
               FixedRng(atk("hammer", "hammer") + dfn("single_support")))
    assert [a for a in legal(s, P2) if a["type"] == "DriveBack"]


def test_drive_back_into_lethal_hex_deals_damage():
    """§19.3, §8.2: driving a fighter into a lethal hex deals 1 damage (the hex inflicts it)."""
    s = scenario({TARGOR: "g7", OBRYN: "g8"})
    s, _ = act(s, P1, {"type": "Attack", "fighter": TARGOR, "attack": 0, "target": OBRYN},
               FixedRng(atk("swords", "hammer") + dfn("block")))
    s, ev = act(s, P1, {"type": "DriveBack", "to": "g9"})
    assert fighter(s, OBRYN)["wounds"] == 1
    assert next(e for e in ev if e["type"] == "FighterDamaged")["source"] == "lethal"


def test_scything_attacks_each_adjacent_enemy():
    """§20 Segar: one attack against each adjacent enemy, targets fixed at the start (inspired Severin)."""
    s = scenario({SEVERIN: "c4", TARGOR: "c5", ARNULF: "c3"}, active=P2, inspired={SEVERIN: True})
    opts = [a for a in legal(s, P2) if a["type"] == "Attack" and a["attack"] == 1]
    assert {a["target"] for a in opts} == {TARGOR, ARNULF}
    s, ev = act(s, P2, opts[0], FixedRng(atk("hammer", "hammer") + dfn("block") + atk("hammer", "hammer") + dfn("block")))
    declared = [e for e in ev if e["type"] == "AttackDeclared"]
    assert len(declared) == 2 and {d["target"] for d in declared} == {TARGOR, ARNULF}
    assert fighter(s, TARGOR)["out_of_action"] and fighter(s, ARNULF)["out_of_action"]


def test_stagger_keyword_staggers_target_after_success(monkeypatch):
    """§20 Tambalear: a successful attack staggers its target before the after-attack step."""
    monkeypatch.setattr(effects, "modify_attack", lambda st, f, p: p.update(stagger=True))
    s = scenario({GARREK: "c3", OBRYN: "c4"})
    s, ev = act(s, P1, {"type": "Attack", "fighter": GARREK, "attack": 0, "target": OBRYN},
                FixedRng(atk("hammer", "hammer") + dfn("dodge")))
    s, ev2 = act(s, P1, {"type": "Pass"})
    assert fighter(s, OBRYN)["stagger"] == 1 and "FighterStaggered" in types(ev2)
