"""Movement (digest §7): hindering, walls' passage attacks, Passage Blocked, push and the pusher's choice,
collision, teleport, flyers in melee; and the quickcast window right after a creature's turn (§5.4).

Seed 001 lines: hindering 353-361, the move sequence 363-369, flying 531-533, quickcast 297-323 and 439, push
1197, collision 1189, teleport 1209.
"""
from engine.core.rng import SeededRng
from engine.magewars import movement
from engine.magewars.cards import card, kind_of
from engine.magewars.state import new_object
from engine.magewars.system import SYSTEM

SEATS = ("player1", "player2")


def duel(seed=b"m" * 32):
    """A full-arena duel at the start of player1's action turn, nothing planned."""
    rng = SeededRng(seed)
    s = SYSTEM.setup({"mode": "full", "windows": False}, SEATS, rng)  # nobody asked inside an action
    while s["step"] != "plan":
        seat = SYSTEM.awaiting(s)[0]
        s, _ = SYSTEM.apply(s, seat, SYSTEM.legal_actions(s, seat)[0], rng)
    for seat in SEATS:
        s, _ = SYSTEM.apply(s, seat, {"type": "Prepare", "spells": [], "assign": {}}, rng)
    s["step"], s["turn"] = "turn", "player1"
    return s, rng


def put(s, name, seat, zone, **extra):
    return new_object(s, name, kind_of(card(name)), seat, zone=zone, ready=True, **extra)["id"]


def wall(s, name, seat, border):
    oid = new_object(s, name, "conjuration", seat, border=border)["id"]
    movement.settle(s, [], None)  # rebuilds state["barriers"]
    return oid


def act(s, rng, seat, action):
    return SYSTEM.apply(s, seat, action, rng)


def moves(s, seat="player1"):
    return [a["to"] for a in SYSTEM.legal_actions(s, seat) if a["type"] == "Move"]


def types(events):
    return [e["type"] for e in events]


# ---- hindering (§7.2) -------------------------------------------------------------------------------------

def test_hindering_leaving_a_zone_with_an_enemy_stops_after_one_move():
    """Digest §7.2, §22.12; seed 001 l.355: a creature leaving a zone with an enemy creature is hindered: one
    move out, then no more move actions this turn, though a quick action other than a move remains."""
    s, rng = duel()
    wolf = put(s, "Timber Wolf", "player1", "B2")
    put(s, "Timber Wolf", "player2", "B2")
    s, _ = act(s, rng, "player1", {"type": "Activate", "creature": wolf})
    assert "C2" in moves(s)
    s, ev = act(s, rng, "player1", {"type": "Move", "to": "C2"})
    assert "Hindered" in types(ev) and s["objects"][wolf]["zone"] == "C2"
    assert moves(s) == [] and {"type": "Guard"} in SYSTEM.legal_actions(s, "player1")


def test_hindering_entering_a_zone_with_an_enemy_stops_the_creature_there():
    """Digest §7.2; seed 001 l.355: entering a zone that holds an enemy creature hinders too."""
    s, rng = duel()
    wolf = put(s, "Timber Wolf", "player1", "B2")
    put(s, "Timber Wolf", "player2", "C2")
    s, _ = act(s, rng, "player1", {"type": "Activate", "creature": wolf})
    s, ev = act(s, rng, "player1", {"type": "Move", "to": "C2"})
    assert "Hindered" in types(ev) and moves(s) == []


def test_an_unhindered_creature_moves_twice_and_the_second_move_ends_its_turn():
    """Digest §7.1; seed 001 l.411: without enemies around, the quick action may be a second move, which ends
    the turn."""
    s, rng = duel()
    wolf = put(s, "Timber Wolf", "player1", "B2")
    s, _ = act(s, rng, "player1", {"type": "Activate", "creature": wolf})
    s, ev = act(s, rng, "player1", {"type": "Move", "to": "C2"})
    assert "Hindered" not in types(ev) and moves(s)
    s, ev = act(s, rng, "player1", {"type": "Move", "to": "C1"})
    assert "ActionTurnEnded" in types(ev) and s["activation"] is None


def test_hindering_flyers_and_non_flyers_ignore_each_other():
    """Digest §7.2, §7.4; seed 001 l.533: flying and non-flying creatures never hinder each other."""
    s, rng = duel()
    falcon = put(s, "Thunderift Falcon", "player1", "B2")
    put(s, "Timber Wolf", "player2", "B2")
    put(s, "Timber Wolf", "player2", "C2")
    s, _ = act(s, rng, "player1", {"type": "Activate", "creature": falcon})
    s, ev = act(s, rng, "player1", {"type": "Move", "to": "C2"})
    assert "Hindered" not in types(ev) and moves(s)


def test_hindering_bugs_and_incapacitated_enemies_do_not_hinder():
    """Digest §7.2, §7.5; seed 001 l.361: an Incapacitated or Restrained enemy, or one with Bug (Pest in the
    card data), cannot hinder."""
    s, rng = duel()
    wolf = put(s, "Timber Wolf", "player1", "B2")
    put(s, "Sosruko, Ferret Companion", "player2", "B2")
    stunned = put(s, "Timber Wolf", "player2", "C2")
    s["objects"][stunned]["conditions"]["Stun"] = 1
    s, _ = act(s, rng, "player1", {"type": "Activate", "creature": wolf})
    s, ev = act(s, rng, "player1", {"type": "Move", "to": "C2"})
    assert "Hindered" not in types(ev) and moves(s)


def test_hindering_an_elusive_creature_ignores_enemy_creatures():
    """Digest §7.5: Elusive ignores enemy creatures, so it is never hindered."""
    s, rng = duel()
    cervere = put(s, "Cervere, The Forest Shadow", "player1", "B2")
    put(s, "Timber Wolf", "player2", "B2")
    s, _ = act(s, rng, "player1", {"type": "Activate", "creature": cervere})
    s, ev = act(s, rng, "player1", {"type": "Move", "to": "C2"})
    assert "Hindered" not in types(ev) and moves(s)


# ---- barriers on the way (§7.3 step 4, §9.6) ----------------------------------------------------------------

def test_passage_attack_wall_attacks_a_creature_crossing_it():
    """Digest §7.3 step 4, §9.6; seed 001 l.369: crossing a Passage Attacks wall (Wall of Fire), the creature
    first suffers the wall's attack, then moves."""
    s, rng = duel()
    fire = wall(s, "Wall of Fire", "player2", "B2|C2")
    wolf = put(s, "Timber Wolf", "player1", "B2")
    s, _ = act(s, rng, "player1", {"type": "Activate", "creature": wolf})
    s, ev = act(s, rng, "player1", {"type": "Move", "to": "C2"})
    rolled = [e for e in ev if e["type"] == "AttackRolled"]
    assert rolled and rolled[0]["attacker"] == fire
    assert types(ev).index("AttackRolled") < types(ev).index("Moved")
    assert wolf not in s["objects"] or s["objects"][wolf]["zone"] == "C2"


def test_passage_attack_that_incapacitates_leaves_the_creature_in_its_zone(monkeypatch):
    """Digest §7.3, §9.6: a creature Incapacitated (here: Stunned) by the Passage Attack stays in its starting
    zone and the move is cancelled."""
    s, rng = duel()
    fire = wall(s, "Wall of Fire", "player2", "B2|C2")
    wolf = put(s, "Timber Wolf", "player1", "B2")

    def stunning(state, attacker, index, target, rng_, declared=None):
        assert attacker == fire
        state["objects"][target]["conditions"]["Stun"] = 1
        return [{"type": "AttackRolled", "attacker": attacker}]
    monkeypatch.setattr(movement, "attack", stunning)
    s, _ = act(s, rng, "player1", {"type": "Activate", "creature": wolf})
    s, ev = act(s, rng, "player1", {"type": "Move", "to": "C2"})
    assert "MoveStopped" in types(ev) and s["objects"][wolf]["zone"] == "B2"


def test_passage_attack_wall_does_not_attack_a_flyer():
    """Digest §7.4; seed 001 l.533: a flying creature ignores every barrier when moving."""
    s, rng = duel()
    wall(s, "Wall of Fire", "player2", "B2|C2")
    falcon = put(s, "Thunderift Falcon", "player1", "B2")
    s, _ = act(s, rng, "player1", {"type": "Activate", "creature": falcon})
    s, ev = act(s, rng, "player1", {"type": "Move", "to": "C2"})
    assert "AttackRolled" not in types(ev) and s["objects"][falcon]["zone"] == "C2"


def test_passage_blocked_wall_stops_walkers_but_not_flyers():
    """Digest §9.6, §7.4: creatures cannot cross a Passage Blocked barrier (Wall of Stone) unless they fly."""
    s, rng = duel()
    wall(s, "Wall of Stone", "player2", "B2|C2")
    wolf = put(s, "Timber Wolf", "player1", "B2")
    falcon = put(s, "Thunderift Falcon", "player1", "B2")
    assert "C2" not in movement.move_destinations(s, wolf)
    assert "C2" in movement.move_destinations(s, falcon)


# ---- push (§7.6) ----------------------------------------------------------------------------------------------

def test_push_moves_one_zone_and_the_pushed_creature_is_not_hindered():
    """Digest §7.6; seed 001 l.1197: a push moves the target 1 zone; it ignores enemy creatures."""
    s, rng = duel()
    wolf = put(s, "Timber Wolf", "player2", "B2")
    put(s, "Timber Wolf", "player1", "C2")
    ev = movement.push(s, wolf, "east", rng)
    assert types(ev) == ["Pushed"] and s["objects"][wolf]["zone"] == "C2"


def test_push_through_a_passage_attack_wall_suffers_its_attack():
    """Digest §7.6: a creature may be pushed through a barrier without Passage Blocked; a Passage Attack hits
    it on the way."""
    s, rng = duel()
    fire = wall(s, "Wall of Fire", "player1", "B2|C2")
    wolf = put(s, "Timber Wolf", "player2", "B2")
    ev = movement.push(s, wolf, "east", rng)
    assert any(e["type"] == "AttackRolled" and e["attacker"] == fire for e in ev)


def test_collision_pushed_into_a_passage_blocked_wall_suffers_an_unavoidable_3_die_attack():
    """Digest §7.6; seed 001 l.1189: pushed into a Passage Blocked barrier, the creature collides: an
    Unavoidable 3-die attack, and it stays where it is."""
    s, rng = duel()
    wall(s, "Wall of Stone", "player1", "B2|C2")
    wolf = put(s, "Timber Wolf", "player2", "B2")
    ev = movement.push(s, wolf, "east", rng)
    assert ev[0] == {"type": "Collided", "object": wolf, "with": "blocked"}
    rolled = next(e for e in ev if e["type"] == "AttackRolled")
    assert len(rolled["faces"]) == 3 and s["objects"][wolf]["zone"] == "B2"


def test_collision_with_the_arena_wall_flyers_included():
    """Digest §2.3, §7.6: the arena's walls count as Passage Blocked and stop flyers too."""
    s, rng = duel()
    falcon = put(s, "Thunderift Falcon", "player2", "A2")
    ev = movement.push(s, falcon, "west", rng)
    assert ev[0]["type"] == "Collided" and ev[0]["with"] == "wall"


def test_push_flyers_pass_over_a_passage_blocked_barrier():
    """Digest §7.6: flying creatures ignore barriers when pushed, except the arena's walls."""
    s, rng = duel()
    wall(s, "Wall of Stone", "player1", "B2|C2")
    falcon = put(s, "Thunderift Falcon", "player2", "B2")
    assert types(movement.push(s, falcon, "east", rng)) == ["Pushed"]


def test_push_unmovable_objects_and_conjurations_stay():
    """Digest §7.6; seed 001 l.1199: Unmovable objects cannot be pushed; every conjuration is Unmovable."""
    s, rng = duel()
    crystal = put(s, "Mana Crystal", "player2", "B2")
    assert movement.push(s, crystal, "east", rng) == [{"type": "PushIgnored", "object": crystal}]


def test_push_the_pusher_chooses_when_the_source_is_diagonal():
    """Digest §7.6; seed 001 l.1197: when more than one way leads away (a diagonal source), the pusher chooses:
    the match waits for its ``Push`` choice, then the turn goes on."""
    s, rng = duel()
    wolf = put(s, "Timber Wolf", "player1", "A1")
    target = put(s, "Timber Wolf", "player2", "B2")
    s, _ = act(s, rng, "player1", {"type": "Activate", "creature": wolf})
    ev = movement.settle(s, [{"type": "PushPending", "object": target, "source": wolf}], rng)
    s["activation"]["quick"] = True  # the attack that pushed was the wolf's quick action
    assert ev == [{"type": "PushChoice", "seat": "player1", "object": target, "directions": ["east", "south"]}]
    assert SYSTEM.awaiting(s) == ["player1"]
    choices = [a for a in SYSTEM.legal_actions(s, "player1") if a["type"] == "Push"]
    assert [a["direction"] for a in choices] == ["east", "south"]
    s, ev = act(s, rng, "player1", {"type": "Push", "object": target, "direction": "south"})
    assert s["objects"][target]["zone"] == "B3" and "ActionTurnEnded" in types(ev)
    assert "pending" not in s


def test_push_straight_away_needs_no_choice():
    """Digest §7.6: a source in line leaves one way away: the push is made at once."""
    s, rng = duel()
    wolf = put(s, "Timber Wolf", "player1", "A2")
    target = put(s, "Timber Wolf", "player2", "B2")
    ev = movement.settle(s, [{"type": "PushPending", "object": target, "source": wolf}], rng)
    assert types(ev) == ["Pushed"] and s["objects"][target]["zone"] == "C2" and not s.get("pending")


def _force_push_ready(s, rng):
    s["planned"]["player1"] = ["Force Push"]
    me = s["mages"]["player1"]
    s, _ = act(s, rng, "player1", {"type": "Activate", "creature": me})
    return s, me


def test_force_push_the_caster_chooses_any_direction():
    """Force Push's card text ("in the direction of your choice"), digest §7.6: every direction is offered."""
    s, rng = duel()
    target = put(s, "Timber Wolf", "player2", "B1")
    s, me = _force_push_ready(s, rng)
    dirs = sorted(a["direction"] for a in SYSTEM.legal_actions(s, "player1")
                  if a["type"] == "Cast" and a.get("target") == target)
    assert dirs == ["east", "north", "south", "west"]
    s, ev = act(s, rng, "player1", {"type": "Cast", "caster": me, "spell": "Force Push", "target": target,
                                    "direction": "south"})
    assert s["objects"][target]["zone"] == "B2"


def test_force_push_into_the_arena_wall_collides():
    """Digest §7.6, §2.3: Force Push north from row 1 hits the arena's wall: a collision attack."""
    s, rng = duel()
    target = put(s, "Timber Wolf", "player2", "B1")
    s, me = _force_push_ready(s, rng)
    s, ev = act(s, rng, "player1", {"type": "Cast", "caster": me, "spell": "Force Push", "target": target,
                                    "direction": "north"})
    assert "Collided" in types(ev)


def test_force_push_through_a_passage_attacks_wall_only_for_3_more_mana():
    """Force Push's card text: it will not push through a Passage Attacks wall unless 3 more mana is paid."""
    s, rng = duel()
    wall(s, "Wall of Fire", "player1", "B1|C1")
    target = put(s, "Timber Wolf", "player2", "B1")
    s, me = _force_push_ready(s, rng)
    mana = s["objects"][me]["mana"]
    plain = {"type": "Cast", "caster": me, "spell": "Force Push", "target": target, "direction": "east"}
    paid = {**plain, "extra": True}
    assert plain in SYSTEM.legal_actions(s, "player1") and paid in SYSTEM.legal_actions(s, "player1")
    s2, ev = act(s, rng, "player1", plain)
    assert s2["objects"][target]["zone"] == "B1" and "PushIgnored" in types(ev)
    s3, ev = act(s, rng, "player1", paid)
    assert s3["objects"][me]["mana"] == mana - card("Force Push").cost - 3
    assert "AttackRolled" in types(ev)


# ---- teleport (§7.7) -------------------------------------------------------------------------------------------

def test_teleport_ignores_barriers_and_enemies_and_destroys_attached_conjurations():
    """Digest §7.7; seed 001 l.1209: a teleport goes straight to the zone, across walls and past enemies, is not
    hindered, and attached conjurations (Tanglevine) are destroyed; enchantments and damage travel with it."""
    s, rng = duel()
    wall(s, "Wall of Stone", "player2", "A1|B1")
    wolf = put(s, "Timber Wolf", "player1", "A1", damage=3)
    vine = new_object(s, "Tanglevine", "conjuration", "player2", attached_to=wolf)["id"]
    hide = new_object(s, "Rhino Hide", "enchantment", "player1", attached_to=wolf)["id"]
    put(s, "Timber Wolf", "player2", "B1")
    ev = movement.teleport(s, wolf, "B1", rng)
    assert s["objects"][wolf]["zone"] == "B1" and s["objects"][wolf]["damage"] == 3
    assert vine not in s["objects"] and hide in s["objects"]
    assert "Hindered" not in types(ev) and ev[0]["type"] == "Teleported"


def test_teleport_costs_3_mana_per_zone_at_least_3():
    """Teleport's card text, digest §7.7 (12 mana for 4 zones): X = 3 per zone moved, at least 3."""
    s, rng = duel()
    s["planned"]["player1"] = ["Teleport"]
    me = s["mages"]["player1"]
    s, _ = act(s, rng, "player1", {"type": "Activate", "creature": me})
    casts = {a["zone"]: a for a in SYSTEM.legal_actions(s, "player1") if a.get("spell") == "Teleport"
             and a["target"] == me}
    mana = s["objects"][me]["mana"]
    s2, _ = act(s, rng, "player1", casts["A1"])
    assert s2["objects"][me]["mana"] == mana - 3
    s3, _ = act(s, rng, "player1", casts["C1"])
    assert s3["objects"][me]["mana"] == mana - 6 and s3["objects"][me]["zone"] == "C1"


# ---- the quickcast window right after a creature's turn (§5.4) ------------------------------------------------

def test_after_turn_quickcast_window_opens_for_the_creatures_controller():
    """Digest §5.4 b; seed 001 l.319, 439: right after a creature it controls ends its turn, its mage may use the
    quickcast action; then the other seat takes its turn."""
    s, rng = duel()
    s["planned"]["player1"] = ["Minor Heal"]
    wolf = put(s, "Timber Wolf", "player1", "A1", damage=2)
    s, _ = act(s, rng, "player1", {"type": "Activate", "creature": wolf})
    s, _ = act(s, rng, "player1", {"type": "EndTurn"})
    assert (s["step"], s["turn"]) == ("after_turn", "player1")
    heal = {"type": "Cast", "caster": s["mages"]["player1"], "spell": "Minor Heal", "target": wolf}
    assert heal in SYSTEM.legal_actions(s, "player1") and {"type": "Skip"} in SYSTEM.legal_actions(s, "player1")
    s, ev = act(s, rng, "player1", heal)
    assert "QuickcastUsed" in types(ev) and s["objects"][s["mages"]["player1"]]["quickcast"] is False
    assert (s["step"], s["turn"]) == ("turn", "player2")


def test_after_turn_window_is_skipped_once_quickcast_is_used():
    """Digest §5.4: one quickcast action per round: with it spent, the turn passes straight on."""
    s, rng = duel()
    s["objects"][s["mages"]["player1"]]["quickcast"] = False
    wolf = put(s, "Timber Wolf", "player1", "A1")
    s, _ = act(s, rng, "player1", {"type": "Activate", "creature": wolf})
    s, _ = act(s, rng, "player1", {"type": "EndTurn"})
    assert (s["step"], s["turn"]) == ("turn", "player2")


# ---- flyers in melee (§7.4) -----------------------------------------------------------------------------------

def _targets(s, seat="player1"):
    return {a["target"] for a in SYSTEM.legal_actions(s, seat) if a["type"] == "Attack"}


def test_flyer_melee_a_non_flyer_cannot_melee_a_flying_creature_without_reach():
    """Digest §7.4; seed 001 l.533: non-flying creatures cannot melee a flying creature unless they have
    Reach."""
    s, rng = duel()
    wolf = put(s, "Timber Wolf", "player1", "B2")
    falcon = put(s, "Thunderift Falcon", "player2", "B2")
    s, _ = act(s, rng, "player1", {"type": "Activate", "creature": wolf})
    assert falcon not in _targets(s)


def test_flyer_melee_a_flyer_may_melee_a_non_flyer():
    """Digest §7.4; seed 001 l.533: a flying creature may melee a non-flying one (giving up Flying for that
    attack)."""
    s, rng = duel()
    falcon = put(s, "Thunderift Falcon", "player1", "B2")
    wolf = put(s, "Timber Wolf", "player2", "B2")
    s, _ = act(s, rng, "player1", {"type": "Activate", "creature": falcon})
    assert wolf in _targets(s)


def test_flyer_melee_a_guarding_flyer_loses_flying_and_can_be_meleed():
    """Digest §7.4: a flying creature on guard loses Flying, so non-flyers may melee it."""
    s, rng = duel()
    wolf = put(s, "Timber Wolf", "player1", "B2")
    falcon = put(s, "Thunderift Falcon", "player2", "B2", guard=True)
    s, _ = act(s, rng, "player1", {"type": "Activate", "creature": wolf})
    assert falcon in _targets(s)


def test_flyer_melee_between_flyers_ignores_guards():
    """Digest §7.4, §11: melee attacks against flying objects ignore guards; a non-flyer must attack the
    guard."""
    s, rng = duel()
    falcon = put(s, "Thunderift Falcon", "player1", "B2")
    bat = put(s, "Darkfenne Bat", "player2", "B2")
    guard = put(s, "Timber Wolf", "player2", "B2", guard=True)
    mage_target = put(s, "Emerald Tegu", "player2", "B2")
    s, _ = act(s, rng, "player1", {"type": "Activate", "creature": falcon})
    targets = _targets(s)
    assert bat in targets and guard in targets and mage_target not in targets
