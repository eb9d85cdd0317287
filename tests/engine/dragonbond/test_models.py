"""Units made of models (issue 32, deliverable 2): formations, coherency, engagement by base contact, dice from the
models that fight, the owner's choice of casualties, objectives and the General's aura counted by models.
"§" is a section of shared/rules/dragonbond.md, "l." a line of the Spanish rulebook (seed 003)."""
from __future__ import annotations

import math

import pytest

from engine.core.errors import IllegalAction
from engine.core.rng import SeededRng
from engine.dragonbond import combat, models, turns
from engine.dragonbond.models import coherent, layout
from tests.engine.dragonbond.support import SYSTEM, Script, battle, by_card, clear_table, ctx

BLACK_HIT, MISS = 4, 0


def _five(u: dict, kind: str = "ranks", facing: float = 90.0) -> dict:
    """The unit with five models (the rulebook's charge example, l.624)."""
    u["models"] = u["models_start"] = 5
    models.form(u, kind, facing)
    return u


def _gap(p, q, d):
    return math.hypot(p[0] - q[0], p[1] - q[1]) - d


def test_deployment_in_coherency_line_centred_and_facing():
    """§4.2, §25.6; p. 8 l.360 (every model within 1" of another) and l.1395 (each unit deploys in coherency): a
    unit deployed in a line is centred on the point, its rank across the facing, every model within 1"."""
    st = SYSTEM.setup({"deployment": "alternate", "setup": "options"}, ("lucy", "jason"), SeededRng(b"\x07" * 32))
    seat = st["deploy"]["turn"]
    offered = SYSTEM.legal_actions(st, seat)
    line = next(a for a in offered if a.get("formation") == "line"
                and st["units"][a["unit"]]["models"] > 1)
    new, _ = SYSTEM.apply(st, seat, line, Script())
    u = new["units"][line["unit"]]
    pts = models.points(u)
    assert len(pts) == u["models"] and coherent(pts, models.base_inches(u))
    assert math.isclose(sum(p[0] for p in pts) / len(pts), line["to"][0], abs_tol=0.01)
    assert len({round(p[1], 3) for p in pts}) == 1          # one rank, across a facing toward the far edge
    view = next(v for v in SYSTEM.view(new, None)["units"] if v["id"] == u["id"])
    assert view["model_points"] == [[round(x, 2), round(y, 2)] for x, y in pts] and view["formation"] == "line"


def test_typed_deploy_names_formation_and_facing():
    """§4.2; l.1395: a typed deployment may name the formation and the facing (degrees); ranks of about √n; an
    unknown formation is refused."""
    offsets = layout("ranks", 5, 25, 0.0)
    assert len(offsets) == 5 and coherent(offsets, 25 / 25.4)
    assert len({round(x, 3) for x, _ in offsets}) == 2      # facing +x: two ranks stacked along x
    assert layout("line", 3, 25, 90.0)[0] == (0.0, 0.0)      # the middle model first
    st = SYSTEM.setup({"deployment": "alternate", "setup": "options"}, ("lucy", "jason"), SeededRng(b"\x07" * 32))
    seat = st["deploy"]["turn"]
    slot = next(a for a in SYSTEM.legal_actions(st, seat) if a["type"] == "Deploy" and a.get("formation") == "ranks"
                and st["units"][a["unit"]]["models"] == 3 and st["units"][a["unit"]]["base_mm"] == 25
                and a["to"][0] >= 6)   # a 3-model line of 25 mm bases across a 4" deep zone
    typed = {"type": "Deploy", "unit": slot["unit"], "to": slot["to"], "formation": "line", "facing": 0}
    new, _ = SYSTEM.apply(st, seat, typed, Script())
    pts = models.points(new["units"][slot["unit"]])
    assert len({round(p[0], 3) for p in pts}) == 1          # facing +x: the line runs along y
    with pytest.raises(IllegalAction):
        SYSTEM.apply(st, seat, {**typed, "formation": "wedge"}, Script())


def test_march_moves_the_whole_formation():
    """§8; l.648: models move and end in coherency; the engine moves the formation (a translation)."""
    st = battle()
    esg = by_card(st, "esgrimistas-oniricos")
    before = models.points(esg)
    esg.update(x=esg["x"] + 3.0, y=esg["y"] + 1.0)
    after = models.points(esg)
    assert all(math.isclose(b[0] + 3.0, a[0]) and math.isclose(b[1] + 1.0, a[1]) for a, b in zip(after, before))


def _charge_five_on_three():
    st = battle()
    esg, garras = by_card(st, "esgrimistas-oniricos"), by_card(st, "garras-sangrientas")
    clear_table(st, (esg["id"], garras["id"]))
    st["field"]["terrain"] = []
    _five(esg)
    models.form(garras, "line", 270.0)
    esg.update(x=20.0, y=5.0, fatigue=0)
    garras.update(x=20.0, y=5.0 + esg["radius"] + garras["radius"] + 4.0)
    st.update(active="lucy", pending_queue=[])
    rng = Script(*[MISS] * 3, *[MISS] * 40)
    new, events = SYSTEM.apply(st, "lucy", {"type": "Charge", "unit": esg["id"], "target": garras["id"]}, rng)
    return new, events, esg["id"], garras["id"]


def test_charge_five_models_on_three_one_on_each_target_model_first():
    """§7.5; p. 12 l.624: 5 chargers on 3 targets: one in contact with each target model, the other two in contact
    with any; all in coherency (l.626)."""
    new, _, eid, gid = _charge_five_on_three()
    esg, garras = new["units"][eid], new["units"][gid]
    mine, theirs = models.points(esg), models.points(garras)
    d = models.base_inches(esg) / 2 + models.base_inches(garras) / 2
    assert all(any(_gap(p, q, d) <= models.CONTACT for p in mine) for q in theirs)
    assert coherent(mine, models.base_inches(esg))
    assert not any(_gap(p, q, d) < -0.02 for p in mine for q in theirs)      # never on an enemy base


def test_model_engaged_in_contact_or_touching_an_engaged_model_of_its_unit():
    """§4.4; p. 9 l.426: a model is engaged in base contact with an enemy model or with a model of its own unit
    that is; a unit with any engaged model is engaged. Models standing apart from the fight are not."""
    st = battle()
    esg, garras = by_card(st, "esgrimistas-oniricos"), by_card(st, "garras-sangrientas")
    clear_table(st, (esg["id"], garras["id"]))
    _five(esg, "line", 90.0)          # a line along x at y = 10: models at x = 20, 20 ± d, 20 ± 2d (d: a base)
    models.form(garras, "line", 270.0)
    d = models.base_inches(esg)
    esg.update(x=20.0, y=10.0, engaged_with=[garras["id"]])
    # the Garras' line at y = 10 + d, its first model right above the Esgrimistas' end model (x = 20 + 2d)
    garras.update(x=20.0 + 3 * d, y=10.0 + d, engaged_with=[esg["id"]])
    engaged = models.engaged_models(st, esg)
    pts = models.points(esg)
    touching = [i for i, p in enumerate(pts) if any(_gap(p, q, d) <= models.CONTACT for q in models.points(garras))]
    assert len(touching) == 1 and len(engaged) == 2 and set(touching) < set(engaged)


def _lines_half_in_contact():
    """Five Esgrimistas in a line engaged with the Garras' line, offset so only some models touch: (state, the
    Esgrimistas, the Garras, a base's width in inches)."""
    st = battle()
    esg, garras = by_card(st, "esgrimistas-oniricos"), by_card(st, "garras-sangrientas")
    clear_table(st, (esg["id"], garras["id"]))
    _five(esg, "line", 90.0)
    models.form(garras, "line", 270.0)
    d = models.base_inches(esg)
    esg.update(x=20.0, y=10.0, engaged_with=[garras["id"]])
    garras.update(x=20.0 + 3 * d, y=10.0 + d, engaged_with=[esg["id"]])
    return st, esg, garras, d


def test_melee_dice_from_the_engaged_models_only():
    """§10.2 step 2; p. 16 l.736: melee dice from every model engaged with a model of the target."""
    st, esg, garras, d = _lines_half_in_contact()
    n = len(models.engaged_models(st, esg, [garras["id"]]))
    assert 0 < n < 5
    c = ctx(st, Script(*[MISS] * 40))
    combat.resolve_attack(c, esg["id"], garras["id"], "melee")
    rolled = next(e for e in c.events if e["type"] == "AttackRolled")
    assert rolled["models"] == n and rolled["dice"] == n * esg["melee"]["dice"]


def test_ranged_dice_from_the_models_in_range():
    """§10.2 step 2; p. 16 l.736: ranged dice from the models with a target model within range."""
    st = battle()
    caz, garras = by_card(st, "cazadores-del-fai"), by_card(st, "garras-sangrientas")
    clear_table(st, (caz["id"], garras["id"]))
    st["field"]["terrain"] = []
    caz["models"] = 3
    garras["models"] = 1
    models.form(caz, "line", 90.0)     # along x: models at 10, 10 ± d
    models.form(garras)
    reach = caz["ranged"]["range"]
    caz.update(x=10.0, y=10.0)
    d = models.base_inches(caz)
    # in range of the model at 10 + d only
    garras.update(x=10.0 + d + d / 2 + reach - 0.02 + models.base_inches(garras) / 2, y=10.0)
    expected = models.within(st, caz, garras, reach)
    assert expected == 1
    c = ctx(st, Script(*[MISS] * 40))
    combat.resolve_attack(c, caz["id"], garras["id"], "ranged")
    rolled = next(e for e in c.events if e["type"] == "AttackRolled")
    assert rolled["models"] == expected


def test_owner_chooses_which_model_is_removed():
    """§10.2 step 5; p. 17 l.760 ("El dueño de la unidad elige cuál miniatura remover"): the rear model falls at
    once, then its owner is asked which model fell; naming a front model puts the rear one back."""
    st = battle()
    esg = by_card(st, "esgrimistas-oniricos")
    st.update(pending_queue=[])
    front, rear = models.points(esg)[0], models.points(esg)[-1]
    new, _ = SYSTEM.apply(st, "lucy", {"type": "AdjustWounds", "unit": esg["id"], "delta": esg["health"]}, Script())
    # a referee action asks nothing: the rear model fell
    assert new["units"][esg["id"]]["models"] == 2
    c = ctx(st, Script(*[5] * 10))
    combat.take_wounds(c, esg["id"], esg["health"], by=None)
    models.ask_owners(st)
    pending = st["pending_queue"][0]
    assert pending == {"seat": esg["side"], "kind": "casualty", "unit": esg["id"]}
    offered = SYSTEM.legal_actions(st, esg["side"])
    assert offered == [{"type": "RemoveModel", "unit": esg["id"], "model": i} for i in range(3)]
    new, events = SYSTEM.apply(st, esg["side"], offered[0], Script())
    left = models.points(new["units"][esg["id"]])
    assert len(left) == 2 and front not in left and rear in left and not new["pending_queue"]
    assert any(e["type"] == "ModelChosen" for e in events)


def test_no_choice_when_the_last_model_falls():
    """§10.2 step 5: a unit wiped out leaves nothing to choose (one outcome only)."""
    st = battle()
    esg = by_card(st, "esgrimistas-oniricos")
    st.update(pending_queue=[])
    c = ctx(st, Script(*[5] * 10))
    combat.take_wounds(c, esg["id"], esg["health"] * esg["models"], by=None, morale=False)
    models.ask_owners(st)
    assert not st["pending_queue"] and esg["where"] == "destroyed"


def test_objective_counts_the_models_within_three_inches():
    """§26.1; l.1358 ("miniaturas (no unidades)", within 3"): a line across the 3" ring counts only its models
    inside it."""
    st = battle()
    esg, garras = by_card(st, "esgrimistas-oniricos"), by_card(st, "garras-sangrientas")
    clear_table(st, (esg["id"], garras["id"]))
    _five(esg, "line", 0.0)                      # facing +x: along y
    obj = tuple(st["field"]["objectives"][0])
    esg.update(x=obj[0] - 3.0 - models.base_inches(esg) / 2 + 0.01, y=obj[1])
    assert turns.on_objective(st, esg["id"], obj) == 1
    esg.update(x=obj[0])
    assert turns.on_objective(st, esg["id"], obj) == 5


def test_general_defeated_tests_the_models_within_its_aura():
    """§13, §22; p. 18 l.851: before removing the General, one morale test per model within its aura."""
    st = battle()
    general = next(u for u in st["units"].values() if u["general"] and u["where"] == "battlefield")
    friend = next(u for u in st["units"].values() if u["side"] == general["side"] and u["id"] != general["id"]
                  and u["where"] == "battlefield" and not u.get("rider"))
    clear_table(st, (general["id"], friend["id"]))
    _five(friend, "line", 90.0)                  # along x
    d = models.base_inches(friend)
    general.update(x=10.0, y=10.0)
    # the line's middle model 11.9" from the General: the two on the General's side are nearer, the other two
    # one and two bases farther, beyond 12"
    friend.update(x=10.0 + general["radius"] + 11.9 + d / 2, y=10.0)
    n = models.within(st, friend, general, 12.0)
    assert 0 < n < 5
    c = ctx(st, Script(*[0] * 20))
    combat.general_defeated(c, general)
    test = next(e for e in c.events if e["type"] == "MoraleTest" and e["unit"] == friend["id"])
    assert test["dice"] == n


def test_unknown_base_takes_the_bot_default():
    """§28.2 (no base sizes in the rulebook): a unit whose data says ``unknown`` stands on 25 mm bases."""
    from engine.dragonbond.setup import build_unit, training_document
    from engine.dragonbond.pack import DragonbondDocument
    doc = DragonbondDocument.model_validate(training_document())
    card = doc.entries.units[1].model_copy(update={"base_mm": "unknown"})
    u = build_unit("A9", "lucy", "x", card, 1, doc.entries)
    assert u["base_mm"] == models.DEFAULT_BASE_MM and u["radius"] > 0


def test_reserve_unit_arrives_in_the_formation_named():
    """§25.6, §4.2; l.1395 (coherency when placed): a typed entry may name the formation; the unit arrives in a
    line facing the enemy, its models in coherency."""
    from engine.dragonbond import actions
    st = battle()
    esg = by_card(st, "esgrimistas-oniricos")
    clear_table(st, ())
    keep = by_card(st, "garras-sangrientas")
    keep.update(where="battlefield", x=40.0, y=30.0)
    esg.update(where="reserve", x=None, y=None, fatigue=0)
    st.update(active=esg["side"], round=2, pending_queue=[], passed={s: False for s in st["seats"]})
    entry = actions.entry_moves(st, esg)[0]
    new, _ = SYSTEM.apply(st, esg["side"], {"type": "March", "unit": esg["id"], "to": entry["to"],
                                             "formation": "line"}, Script())
    u = new["units"][esg["id"]]
    pts = models.points(u)
    assert u["where"] == "battlefield" and u["formation_kind"] == "line"
    assert len({round(p[1], 3) for p in pts}) == 1 and coherent(pts, models.base_inches(u))


def test_consolidation_brings_the_models_not_engaged_into_contact():
    """§10.5; p. 17 l.780-784: after a melee attack, the attacking models no longer engaged move to engage, as many
    enemy models as possible, in coherency; the models already in contact stay."""
    st, esg, garras, d = _lines_half_in_contact()
    touching = [p for p in models.points(esg)
                if any(_gap(p, q, d) <= models.CONTACT for q in models.points(garras))]
    assert len(models.engaged_models(st, esg)) == 2
    models.consolidate(st, esg, garras)
    assert models.engaged_models(st, esg) == list(range(5))
    assert set(touching) <= set(models.points(esg)) and coherent(models.points(esg), d)


def test_a_move_never_ends_on_a_base_a_charge_left_outside_its_token():
    """§8; l.649-650 (no moving through or onto enemy bases, end 1" from enemy models): a base a charge placed
    outside its unit's token still counts for the moves of others."""
    from engine.core.errors import IllegalAction as Refused
    from engine.dragonbond import actions
    st = battle()
    esg, caz, garras = (by_card(st, c) for c in ("esgrimistas-oniricos", "cazadores-del-fai", "garras-sangrientas"))
    clear_table(st, (esg["id"], caz["id"], garras["id"]))
    st["field"]["terrain"] = []
    esg.update(x=20.0, y=10.0)
    garras.update(x=40.0, y=30.0)
    caz.update(x=30.0, y=10.0)
    stray = [esg["x"] + 5.0, esg["y"]]            # far outside the Esgrimistas' token
    esg["placed"] = [stray] + [[p[0], p[1]] for p in models.points(esg)[1:]]
    esg["placed_at"] = [esg["x"], esg["y"]]
    with pytest.raises(Refused) as refused:
        actions.check(st, caz, (stray[0], stray[1] + 0.5), 12.0)
    assert refused.value.code == "db.move.overlaps"
    offered = actions.named_moves(st, caz, "March")
    assert all(models.stray_problem(st, caz, tuple(m["to"])) is None for m in offered)
    garras.update(x=stray[0] + 0.5, y=stray[1] + 3.0)   # an enemy of the stray base: it must end 1" away
    with pytest.raises(Refused) as refused:
        actions.check(st, garras, (stray[0], stray[1] + models.base_inches(esg) + 0.5), 12.0)
    assert refused.value.code == "db.move.too_close"


def test_flanked_split_gives_a_foe_no_more_models_than_are_engaged_with_it():
    """§9 (each model of a flanked unit picks an engaged enemy), §10.2 step 2; l.736: a foe touched by two of the
    unit's models takes at most two models' attacks."""
    st = battle()
    esg, garras = by_card(st, "esgrimistas-oniricos"), by_card(st, "garras-sangrientas")
    sko = by_card(st, "skorpikones-de-asalto")
    clear_table(st, (esg["id"], garras["id"], sko["id"]))
    st["field"]["terrain"] = []
    _five(esg, "line", 90.0)
    models.form(garras, "line", 270.0)
    d = models.base_inches(esg)
    esg.update(x=20.0, y=10.0, engaged_with=[garras["id"], sko["id"]], fatigue=0)
    garras.update(x=20.0 + 3 * d, y=10.0 + d, engaged_with=[esg["id"]])
    sko.update(x=20.0, y=10.0 - d - sko["radius"], engaged_with=[esg["id"]])
    st.update(active=esg["side"], pending_queue=[])
    assert len(models.engaged_models(st, esg, [garras["id"]])) == 2
    attack = {"type": "Attack", "unit": esg["id"], "target": garras["id"], "kind": "melee"}
    with pytest.raises(IllegalAction):
        SYSTEM.apply(st, esg["side"], {**attack, "split": {garras["id"]: 3}}, Script(*[MISS] * 40))
    new, events = SYSTEM.apply(st, esg["side"], {**attack, "split": {garras["id"]: 2, sko["id"]: 3}},
                               Script(*[MISS] * 40))
    rolled = [e for e in events if e["type"] == "AttackRolled"]
    assert {e["target"]: e["models"] for e in rolled} == {garras["id"]: 2, sko["id"]: 3}


def test_ranged_dice_only_from_models_that_see_a_target_model():
    """§10.2 step 2, §4.3; l.736 (models with a target model within range and line of sight): a unit standing
    right in front of one shooting model blocks that model's sight; the others still shoot."""
    st = battle()
    caz, garras, ogerron = (by_card(st, c) for c in ("cazadores-del-fai", "garras-sangrientas", "carniceros-ogerron"))
    clear_table(st, (caz["id"], garras["id"], ogerron["id"]))
    st["field"]["terrain"] = []
    caz["models"] = 3
    models.form(caz, "line", 0.0)      # facing +x: the line runs along y
    garras["models"] = ogerron["models"] = 1
    models.form(garras)
    models.form(ogerron)               # one 50 mm base: the blocker
    caz.update(x=10.0, y=10.0)
    top = max(models.points(caz), key=lambda p: p[1])
    garras.update(x=16.0, y=top[1])
    ogerron.update(x=top[0] + 1.6, y=top[1])       # just in front of the top model, clear of its base
    reach = caz["ranged"]["range"]
    assert models.within(st, caz, garras, reach) == 3
    assert models.shooters(st, caz, garras, reach) == 2
    c = ctx(st, Script(*[MISS] * 40))
    combat.resolve_attack(c, caz["id"], garras["id"], "ranged")
    assert next(e for e in c.events if e["type"] == "AttackRolled")["models"] == 2


def test_charging_models_never_stand_in_impassable_terrain():
    """§7.5, §24 (the charge goes around impassable terrain; l.626: models that cannot reach contact for the
    terrain go beside those in contact): with a deep river on the far side of the target, no charging base is
    placed in it."""
    from shapely.geometry import Point as SPoint

    from engine.dragonbond import board, geometry
    st = battle()
    esg, garras = by_card(st, "esgrimistas-oniricos"), by_card(st, "garras-sangrientas")
    clear_table(st, (esg["id"], garras["id"]))
    _five(esg)
    models.form(garras, "line", 270.0)
    esg.update(x=20.0, y=5.0, engaged_with=[garras["id"]])
    garras.update(x=20.0, y=5.0 + esg["radius"] + garras["radius"], engaged_with=[esg["id"]])
    far = garras["y"] + models.base_inches(garras) / 2
    st["field"]["terrain"] = [{"id": "river", "kinds": ["impassable"], "name": "deep river", "shape": "rect",
                               "points": [[10.0, far], [30.0, far + 3.0]], "danger": 0}]
    touching = models.close_in(st, esg, garras)
    river = geometry._polygon(board.field(st).terrain[0])
    r = models.base_inches(esg) / 2
    assert touching >= 3
    assert all(river.distance(SPoint(p)) >= r - 0.02 for p in models.points(esg))
    assert coherent(models.points(esg), models.base_inches(esg))
