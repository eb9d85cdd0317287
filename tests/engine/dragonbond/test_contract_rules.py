"""Regression tests for what seeded random battles found (issue 32): each named after the rule it keeps, with its
digest section (shared/rules/dragonbond.md) or rulebook line (seed 003). Riders, Mounts, commanded units, reserves
and reaction cards come from the drill pack of ``engine/dragonbond/samples.py`` (the training pack has none)."""
from __future__ import annotations

import copy

import pytest

from engine.core.errors import IllegalAction
from engine.core.rng import SeededRng
from engine.dragonbond import actions, board, combat, geometry, links, turns
from engine.dragonbond.samples import drill_document
from engine.dragonbond.state import Ctx
from tests.engine.dragonbond.support import SYSTEM, Script, battle, by_card, clear_table

SEATS = ("player1", "player2")


def drill(seed: int = 3, **options) -> dict:
    return SYSTEM.setup({"deployment": "auto", "pack": drill_document(), **options}, SEATS,
                        SeededRng(seed.to_bytes(32, "big")))


def put(st: dict, uid: str, x: float, y: float) -> None:
    st["units"][uid].update(where="battlefield", x=x, y=y)


def touching(st: dict, a: str, b: str) -> bool:
    return geometry.in_contact(board.token(st["units"][a]), board.token(st["units"][b]))


def beside(st: dict, a: str, b: str) -> tuple[float, float]:
    """A spot for ``b`` in base contact with ``a``, east of it."""
    ua, ub = st["units"][a], st["units"][b]
    return ua["x"] + ua["radius"] + ub["radius"], ua["y"]


def rider_and_mount(st: dict) -> tuple[dict, dict]:
    rider = next(u for u in st["units"].values() if u.get("mounted_on"))
    return rider, st["units"][rider["mounted_on"]]


# -- a Rider whose Mount is off the table (§20.3, §25.6, §26.2) --------------------------------------------------------

@pytest.mark.parametrize("options", [{"scenario": "quest"}, {"forces": {"player1": "lucy-reserva"}}])
def test_a_rider_on_a_mount_off_the_table_waits_with_it(options):
    """Digest §20.3 (a mounted Hero occupies its Mount's position), §25.6 (reserves), §26.2 (the Quest starts every
    unit in reserve): while its Mount is off the table the Rider is too: it is not activated, targeted or measured,
    and both seats' legal actions are listed (they crashed at the first ``legal_actions``)."""
    st = drill(**options)
    rider, mount = rider_and_mount(st)
    assert mount["where"] == "reserve"
    for seat in SEATS:
        offered = SYSTEM.legal_actions(st, seat)
        assert all(a.get("unit") != rider["id"] and a.get("target") != rider["id"] for a in offered)
    assert not turns.can_activate(st, rider)


def test_a_mount_destroyed_in_reserve_takes_its_rider():
    """Digest §6.5, §25.6 (units still in reserve at the end are destroyed): a Rider on a Mount in reserve goes
    with it, never thrown onto the table at no position."""
    st = drill(forces={"player1": "lucy-reserva"})
    rider, mount = rider_and_mount(st)
    c = Ctx(st, SeededRng(bytes(32)))
    turns.end_game(c, "rounds")
    assert mount["where"] == "destroyed" and rider["where"] == "destroyed"


def test_a_mount_home_with_its_treasure_takes_its_rider_home():
    """Digest §26.2 (a carrier touching its own edge leaves the table and scores), §20.3: its Rider leaves on it."""
    st = drill(scenario="quest")
    rider, mount = rider_and_mount(st)
    st["phase"] = "battle"
    mount.update(where="battlefield", x=20.0, y=mount["radius"], treasures=["minor"])
    from engine.dragonbond import quest
    c = Ctx(st, SeededRng(bytes(32)))
    edge_seat = mount["side"]
    st["edges"] = {edge_seat: "south", [s for s in SEATS if s != edge_seat][0]: "north"}
    assert quest.bring_home(c, mount)
    assert mount["where"] == "home" and rider["where"] == "home"


# -- the Rider/Mount double activation (§20.5) ------------------------------------------------------------------------

def test_partner_activation_is_offered_only_when_the_partner_can_act():
    """Digest §20.5, §20.3: after the Mount's activation its Rider may be activated, but a mounted Rider only
    attacks or uses an active power; with no target and no such power it has nothing to do, so the activation is
    not offered (chosen, nothing was legal and Pass was refused: a dead end)."""
    st = drill()
    rider, mount = rider_and_mount(st)
    clear_table(st, keep=(mount["id"],))
    st["active"] = mount["side"]
    st["pending_queue"] = []
    assert links.after_activation_options(st, mount["id"]) == {}
    enemy = next(u for u in st["units"].values() if u["side"] != mount["side"] and u["ranged"] is None
                 and u["models"] > 1)
    put(st, enemy["id"], *beside(st, mount["id"], enemy["id"]))
    combat_state = copy.deepcopy(st)
    combat_state["units"][enemy["id"]]["engaged_with"] = [mount["id"]]
    combat_state["units"][mount["id"]]["engaged_with"] = [enemy["id"]]
    # Engaged, the mounted Rider may attack its Mount's enemy in melee: now it has something to do.
    assert links.after_activation_options(combat_state, mount["id"]) == {"partner": [rider["id"]]}


def test_partner_activation_offered_is_a_turn_with_something_to_do():
    """Digest §20.5: when the Rider can shoot... a mounted Hero has no ranged attack here, so the Mount is the
    partner: after the Rider acts, ActivatePartner leads to the Mount's own actions, never to an empty turn."""
    st = drill()
    rider, mount = rider_and_mount(st)
    opts = links.after_activation_options(st, rider["id"])
    assert opts.get("partner") == [mount["id"]]
    st["pending_queue"] = [{"seat": rider["side"], "kind": "after", "unit": rider["id"], **opts}]
    st["active"] = rider["side"]
    new, _ = SYSTEM.apply(st, rider["side"], {"type": "ActivatePartner", "unit": mount["id"]}, SeededRng(bytes(32)))
    assert SYSTEM.legal_actions(new, rider["side"])


# -- hidden information (§16.1, §25.2) -------------------------------------------------------------------------------

def _window_state():
    st = battle()
    hunters = by_card(st, "cazadores-del-fai")
    target = by_card(st, "skorpikones-de-asalto")
    clear_table(st, keep=(hunters["id"], target["id"]))
    hunters.update(x=20.0, y=10.0, fatigue=0)
    target.update(x=20.0, y=20.0)
    st["active"] = "lucy"
    st["pending_queue"] = []
    return SYSTEM.apply(st, "lucy", {"type": "Attack", "unit": hunters["id"], "target": target["id"],
                                     "kind": "ranged"}, SeededRng(bytes(32)))[0]


def test_the_other_seat_never_sees_the_card_offered_in_a_reaction_window():
    """Digest §16.1: Vaala and Command cards are chosen in secret and only their count is told. A window for a
    card shows its holder the card; the other seat and spectators see only that the holder is asked."""
    st = _window_state()
    assert st["pending_queue"][0]["kind"] == "reaction"
    assert SYSTEM.view(st, "lucy")["pending"]["offers"][0]["card"] == "vaala-fig-4"
    for viewer in ("jason", None):
        assert "offers" not in SYSTEM.view(st, viewer)["pending"]
        assert "vaala-fig-4" not in str(SYSTEM.view(st, viewer)["pending"])


def test_a_window_opens_whatever_card_the_holder_has():
    """Digest §16.1: the window opens when the holder could hold a card for the trigger (a card of a kind it may
    play, and such a card in the pack), so whether it opens tells the other seat nothing; a hand without a fitting
    card is asked too, and may only decline."""
    st = _window_state()
    other = copy.deepcopy(st)
    other["hands"]["lucy"]["vaala"] = ["not-this-one"]
    from engine.dragonbond import reactions
    reactions.redeal_windows(other, "lucy")
    assert SYSTEM.legal_actions(other, "lucy") == [{"type": "Decline"}]
    assert SYSTEM.view(other, "jason") == SYSTEM.view(st, "jason")


def test_a_secret_force_choice_is_not_in_the_other_seats_last_events():
    """Digest §25.2: force lists are chosen in secret; ForceChosenPrivately is for its chooser only, in the view's
    ``last`` as in the events."""
    st = SYSTEM.setup({}, SEATS, SeededRng(bytes(32)))
    rng = SeededRng(bytes(32))
    while st["setup"]["step"] != "forces":
        seat = SYSTEM.view(st, None)["awaiting"][0]
        st, _ = SYSTEM.apply(st, seat, SYSTEM.legal_actions(st, seat)[0], rng)
    seat = SYSTEM.view(st, None)["awaiting"][0]
    st, _ = SYSTEM.apply(st, seat, SYSTEM.legal_actions(st, seat)[0], rng)
    other = next(s for s in SEATS if s != seat)
    assert any(e["type"] == "ForceChosenPrivately" for e in SYSTEM.view(st, seat)["last"])
    for viewer in (other, None):
        assert all(e["type"] != "ForceChosenPrivately" for e in SYSTEM.view(st, viewer)["last"])


def test_redeal_draws_only_the_seats_secrets_again():
    """Engine contract (engine/core/system.py, Secrets): the hand is drawn again among the pack's cards, counts
    kept; everything the other seat and spectators see stays the same."""
    st = drill()
    seen = set()
    for n in range(12):
        new = SYSTEM.redeal(st, "player1", SeededRng(bytes([n]) * 32))
        assert {k: len(v) for k, v in new["hands"]["player1"].items()} == \
            {k: len(v) for k, v in st["hands"]["player1"].items()}
        seen.add(tuple(new["hands"]["player1"]["vaala"]))
        for viewer in ("player2", None):
            assert SYSTEM.view(new, viewer) == SYSTEM.view(st, viewer)
        assert SYSTEM.legal_actions(new, "player2") == SYSTEM.legal_actions(st, "player2")
    assert len(seen) > 1


# -- one reaction per trigger; cards at their trigger (§11.2, §16) ---------------------------------------------------

def test_no_card_is_played_while_an_opportunity_attack_is_open():
    """Digest §11.1, §16 ("only one Vaala card per trigger"): while an opportunity-attack decision is open only its
    answers are legal; a card played then is refused and changes nothing."""
    st = battle()
    st["cards"]["vaala"]["vaala-fig-4"]["when"] = None      # a card playable whenever its text says
    hunters = by_card(st, "cazadores-del-fai")
    st["pending_queue"] = [{"seat": "lucy", "kind": "opportunity", "mover": "B2", "eligible": [hunters["id"]],
                            "then": {"move": "March", "to": [1, 1]}}]
    assert all(a["type"] in ("OpportunityAttack", "Decline") for a in SYSTEM.legal_actions(st, "lucy"))
    before = copy.deepcopy(st)
    with pytest.raises(IllegalAction):
        SYSTEM.apply(st, "lucy", {"type": "PlayCard", "card": "vaala-fig-4"}, Script())
    assert st == before


def test_a_card_with_a_trigger_waits_for_it():
    """Digest §16 (each card states its trigger; played as a reaction), seed 003 l.172 ("tras declarar un ataque a
    distancia"): the training card is neither offered nor accepted before a ranged attack is declared."""
    st = battle()
    st["pending_queue"] = []
    st["active"] = "lucy"
    assert all(a["type"] != "PlayCard" for a in SYSTEM.legal_actions(st, "lucy"))
    with pytest.raises(IllegalAction):
        SYSTEM.apply(st, "lucy", {"type": "PlayCard", "card": "vaala-fig-4"}, Script())


def test_a_reaction_power_with_a_trigger_waits_for_it():
    """Digest §11.2, §15 (a reaction power is used when its trigger occurs): the drill Rider's shield, triggered
    by being targeted, is not offered at any time, while a reaction whose text alone says when is."""
    st = drill()
    st["pending_queue"] = []
    offered = SYSTEM.legal_actions(st, "player1") + SYSTEM.legal_actions(st, "player2")
    assert not any(a["type"] == "UsePower" and a["power"] == "escudo-de-prueba" for a in offered)
    assert any(a["type"] == "UsePower" and a["power"] == "grito-de-prueba" for a in offered)


# -- the General and its bonded Dragon (§21, §22) ---------------------------------------------------------------------

def test_a_general_is_destroyed_and_scored_once_when_its_dragon_fails_morale(monkeypatch):
    """Digest §21 (the bonded pair dies together), §22 (models within the defeated General's aura test morale):
    the Dragon failing its test takes the General with it; the General's cost is scored once, not twice."""
    st = drill()
    rider, mount = rider_and_mount(st)
    assert rider["general"] and rider["bonded_with"] == mount["id"]
    monkeypatch.setattr(combat, "morale_test", lambda ctx, u, reason, *, non_heroes, hero, aura: non_heroes + hero)
    c = Ctx(st, SeededRng(bytes(32)))
    combat.destroy(c, rider["id"], by=None, kind="melee")
    kills = [e for e in c.events if e["type"] == "VictoryPoints" and e["reason"] == "kill"]
    assert sorted(e["unit"] for e in kills) == sorted({e["unit"] for e in kills})
    assert [e["unit"] for e in c.events if e["type"] == "UnitDestroyed"].count(rider["id"]) == 1


# -- treasures (§26.2) -------------------------------------------------------------------------------------------------

def _carrier(kind: str):
    st = battle(scenario="quest")
    st["phase"] = "battle"
    esg = by_card(st, "esgrimistas-oniricos")
    garras = by_card(st, "garras-sangrientas")
    put(st, esg["id"], 20.0, 20.0)
    put(st, garras["id"], *beside(st, esg["id"], garras["id"]))
    esg.update(engaged_with=[garras["id"]], treasures=["major"])
    garras.update(engaged_with=[esg["id"]])
    c = Ctx(st, SeededRng(bytes(32)))
    combat.take_wounds(c, esg["id"], 99, by=garras["id"], kind=kind)
    return st, c.events, garras


def test_a_melee_kill_hands_the_treasure_to_the_attacker():
    """Digest §26.2; seed 003 l.1452: a carrier destroyed in melee gives its treasures to the attacker (an ordinary
    melee Attack too, which never marked the attacker as the last in melee)."""
    st, events, garras = _carrier("melee")
    assert garras["treasures"] == ["major"]
    assert any(e["type"] == "TreasureTaken" for e in events)


def test_a_ranged_kill_drops_the_treasure():
    """Digest §26.2: destroyed any other way (here by shooting), the carrier drops its treasures where it stood,
    whatever melee happened before."""
    st, events, garras = _carrier("ranged")
    assert garras["treasures"] == []
    assert any(e["type"] == "TreasureDropped" for e in events)


# -- placements (§19.2, §20.3) ----------------------------------------------------------------------------------------

def test_a_rider_thrown_in_melee_is_placed_in_contact_with_the_killer():
    """Digest §20.3: "Mount defeated in melee: remove the Mount and place the Hero in base contact with the unit
    that defeated it" (left where the Mount stood, it was engaged but 0.4" away)."""
    st = drill()
    rider, mount = rider_and_mount(st)
    rider["bonded_with"] = mount["bonded_with"] = None      # bonded, the Rider would die with its Dragon (§21)
    enemy = by_card(st, "carniceros-ogerron")
    clear_table(st, keep=(mount["id"], enemy["id"]))
    put(st, enemy["id"], *beside(st, mount["id"], enemy["id"]))
    c = Ctx(st, SeededRng(bytes(32)))
    combat.destroy(c, mount["id"], by=enemy["id"], kind="melee")
    assert rider["where"] == "battlefield" and rider["engaged_with"] == [enemy["id"]]
    assert touching(st, rider["id"], enemy["id"])


def test_a_hero_whose_commanded_unit_falls_stays_in_contact_with_its_enemies():
    """Digest §19.2: the commanded unit reduced to its Hero is defeated; "if the unit was engaged, the Hero stays
    engaged with the same enemies": placed in base contact with them."""
    st = drill()
    unit = next(u for u in st["units"].values() if u.get("hero"))
    hero = st["units"][unit["hero"]]
    enemy = by_card(st, "carniceros-ogerron")
    clear_table(st, keep=(unit["id"], enemy["id"]))
    put(st, enemy["id"], *beside(st, unit["id"], enemy["id"]))
    unit["engaged_with"], enemy["engaged_with"] = [enemy["id"]], [unit["id"]]
    c = Ctx(st, SeededRng(bytes(32)))
    combat.take_wounds(c, unit["id"], unit["models"] * unit["health"], by=enemy["id"], kind="melee", morale=False)
    assert unit["where"] == "destroyed" and hero["where"] == "battlefield"
    assert hero["engaged_with"] == [enemy["id"]] and touching(st, hero["id"], enemy["id"])


def test_taking_command_moves_the_unit_into_contact_with_the_heros_enemies():
    """Digest §19.2: "if either was engaged, move the merged unit's models so they are engaged": the unit is placed
    in base contact with the Hero's enemy and engaged with it."""
    st = drill()
    unit = next(u for u in st["units"].values() if u.get("hero"))
    hero = st["units"][unit["hero"]]
    c = Ctx(st, SeededRng(bytes(32)))
    combat.leave_command(c, unit, collapsed=False)
    enemy = by_card(st, "carniceros-ogerron")
    clear_table(st, keep=(unit["id"], enemy["id"]))
    put(st, hero["id"], unit["x"] + unit["radius"] + hero["radius"] + 0.5, unit["y"])
    put(st, enemy["id"], *beside(st, hero["id"], enemy["id"]))
    hero["engaged_with"], enemy["engaged_with"] = [enemy["id"]], [hero["id"]]
    links.take_command(c, hero["id"], unit["id"])
    assert unit["engaged_with"] == [enemy["id"]] and touching(st, unit["id"], enemy["id"])
    assert enemy["engaged_with"] == [unit["id"]]


# -- offered moves are accepted, exactly (§8, §19.2, §20.2) -----------------------------------------------------------

def test_named_destinations_are_exact_and_only_those_offered_are_taken():
    """Digest §8 (a move is at most the unit's Speed): each named destination offered is the point geometry
    checked, accepted by apply; the same destination key with its point moved is refused (it was rounded to
    0.01" and could land past the allowance)."""
    st = battle(4)
    st["pending_queue"] = []
    seat = st["active"]
    moves = [a for a in SYSTEM.legal_actions(st, seat) if a["type"] in ("March", "Shoot") and "dest" in a]
    assert moves
    for a in moves[:12]:
        SYSTEM.apply(st, seat, a, SeededRng(bytes(32)))
        u = st["units"][a["unit"]]
        speed = actions.allowance(u, 0.5 if a["type"] == "Shoot" else 1.0)
        check = geometry.check_move(board.token(u), tuple(a["to"]), speed, board.tokens(st, exclude=(u["id"],)),
                                    board.field(st), ignore_slowing=False)
        assert check.ok and check.cost <= speed
        with pytest.raises(IllegalAction):
            SYSTEM.apply(st, seat, {**a, "to": [a["to"][0] + 0.01, a["to"][1]]}, SeededRng(bytes(32)))


def test_dismount_and_abandon_command_spots_offered_are_accepted():
    """Digest §19.2 (the Hero leaving command is placed within 1"), §20.2 (dismounting: within 1" of the Mount): the
    spots offered are checked exactly as they are placed (offered with 1.1" of slack, placed with 1")."""
    st = drill()
    seat = "player1"
    st["active"] = seat
    st["pending_queue"] = []
    offered = [a for a in SYSTEM.legal_actions(st, seat) if a["type"] in ("Dismount", "AbandonCommand")]
    assert {a["type"] for a in offered} == {"Dismount", "AbandonCommand"}
    for a in offered:
        SYSTEM.apply(st, seat, a, SeededRng(bytes(32)))
    rider, mount = rider_and_mount(st)
    for k in range(8):
        for hero, by in ((rider, mount),):
            gap = by["radius"] + hero["radius"] + 0.5
            import math
            p = [round(by["x"] + gap * math.cos(k * math.pi / 4), 1), round(by["y"] + gap * math.sin(k * math.pi / 4), 1)]
            ok = links._place_check(st, hero, by, tuple(p)).ok
            assert ok == (p in links.spots_near(st, hero, by))


def test_a_move_of_an_offered_shape_is_one_offered_and_a_free_point_is_judged():
    """Digest §7.4, §8, §25.6: every move offered names its destination (``dest``: a shooting move that stays
    carries ``db.move.dest.stay``; an entry its edge point ``from``; a deployment its slot): one of that shape with a
    field changed is refused, while a move to a typed point (only ``unit`` and ``to``) is judged by geometry."""
    st = battle(4)
    st["pending_queue"] = []
    hunters = by_card(st, "cazadores-del-fai")
    st["active"] = hunters["side"]
    offered = SYSTEM.legal_actions(st, hunters["side"])
    stay = next(a for a in offered if a["type"] == "Shoot" and a.get("dest") == actions.STAY)
    assert stay["to"] == [hunters["x"], hunters["y"]]
    SYSTEM.apply(st, hunters["side"], stay, SeededRng(bytes(32)))
    moved = {**stay, "to": [hunters["x"], hunters["y"] + 1.0]}
    with pytest.raises(IllegalAction):
        SYSTEM.apply(st, hunters["side"], moved, SeededRng(bytes(32)))
    free = {"type": "Shoot", "unit": hunters["id"], "to": moved["to"]}
    SYSTEM.apply(st, hunters["side"], free, SeededRng(bytes(32)))


@pytest.mark.parametrize("action", [
    {"type": "Heal", "unit": "A2", "states": {"slowed": "x"}}, {"type": "Heal", "unit": "A2", "states": [1]},
    {"type": "AdjustVP", "seat": "lucy", "delta": float("inf")}, {"type": "AdjustWounds", "unit": "A2", "delta": 10**9},
    {"type": "AdjustFatigue", "unit": "A2", "delta": True}, {"type": "AdjustFatigue", "unit": "A2", "delta": 1.5},
])
def test_a_malformed_referee_number_is_refused_as_malformed(action):
    """Engine contract (apply raises only IllegalAction or InvalidInput), digest §17 (heal N wounds or markers): a
    referee action's numbers are whole and at most 1000; anything else is malformed input, the state unchanged."""
    from engine.core.errors import InvalidInput
    st = battle()
    before = copy.deepcopy(st)
    with pytest.raises(InvalidInput):
        SYSTEM.apply(st, "lucy", action, SeededRng(bytes(32)))
    assert st == before


def test_a_flanked_split_counts_models_in_whole_numbers():
    """Digest §9 (a flanked unit's models each pick an engaged enemy): a split of anything but whole numbers of
    models is refused (a text crashed ``int``)."""
    st = battle()
    esg = by_card(st, "esgrimistas-oniricos")
    a, b = by_card(st, "garras-sangrientas"), by_card(st, "skorpikones-de-asalto")
    clear_table(st, keep=(esg["id"], a["id"], b["id"]))
    put(st, esg["id"], 20.0, 20.0)
    put(st, a["id"], *beside(st, esg["id"], a["id"]))
    put(st, b["id"], esg["x"] - esg["radius"] - b["radius"], esg["y"])
    esg["engaged_with"] = sorted([a["id"], b["id"]])
    a["engaged_with"], b["engaged_with"] = [esg["id"]], [esg["id"]]
    st["active"], st["pending_queue"] = esg["side"], []
    with pytest.raises(IllegalAction):
        SYSTEM.apply(st, esg["side"], {"type": "Attack", "unit": esg["id"], "target": a["id"], "kind": "melee",
                                       "split": {a["id"]: "x"}}, SeededRng(bytes(32)))


def test_only_game_sizes_some_force_fits_are_offered():
    """Digest §25.1 (a force may spend less than the game size, never more), §25.3: the size chosen in the match is
    one that a force of the pack fits; with the drill pack's 100-point forces, 50 left the force choice with
    nothing to offer (a dead end at the third step of the in-game set-up)."""
    st = SYSTEM.setup({"pack": drill_document(), "scenario": "pitched_battle"}, SEATS, SeededRng(bytes(32)))
    seat = SYSTEM.view(st, None)["awaiting"][0]
    sizes = [a["size"] for a in SYSTEM.legal_actions(st, seat)]
    assert 50 not in sizes and sizes
    with pytest.raises(IllegalAction):
        SYSTEM.apply(st, seat, {"type": "ChooseSize", "size": 50}, SeededRng(bytes(32)))
    st, _ = SYSTEM.apply(st, seat, {"type": "ChooseSize", "size": sizes[0]}, SeededRng(bytes(32)))
    assert all(SYSTEM.legal_actions(st, s) for s in SYSTEM.view(st, None)["awaiting"])
