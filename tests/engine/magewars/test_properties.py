"""Property: every action ``legal_actions`` offers applies (digest §19: the engine offers only legal actions, and
the same checks decide what it offers and what it accepts). Random duels, apprentice (§3.2) and full (§3.3) with
random mages and their suggested books (§20.4); at each step every offered action of the seat to act is applied to
a copy of the state and must not raise.
"""
import copy
import random

import pytest

from engine.core.rng import SeededRng
from engine.magewars import mages, movement
from engine.magewars.state import new_object
from engine.magewars.system import SYSTEM
from tests.engine.magewars.duel_support import duel_at_turn

SEATS = ("player1", "player2")
BOLD = ("Attack", "Cast", "Move")
PLANS = 12
"""Planning offers every pair of castable spells (hundreds): this many of them are tried at each plan step."""


def _play(options: dict, seed: int, rounds: int):
    """The random play that found the known failures (test_duel.random_duel): Cast/Attack/Move 80% of the time;
    before each step every offered action of the seat to act is tried on a copy."""
    rng = SeededRng(seed.to_bytes(32, "big"))
    pick, sample = random.Random(seed), random.Random(-seed - 1)
    s = SYSTEM.setup(options, SEATS, rng)
    while not s["over"] and s["round"] <= rounds:
        seat = SYSTEM.awaiting(s)[0]
        offered = [a for a in SYSTEM.legal_actions(s, seat) if a["type"] != "Concede"]
        plans = [a for a in offered if a["type"] == "Prepare"]
        for a in [a for a in offered if a["type"] != "Prepare"] + sample.sample(plans, min(PLANS, len(plans))):
            try:
                SYSTEM.apply(s, seat, a, copy.deepcopy(rng))
            except Exception as e:  # noqa: BLE001 - the property: nothing offered is refused
                raise AssertionError(f"seed {seed}, round {s['round']} {s['step']}: {seat} offered {a}, "
                                     f"refused: {e!r}") from e
        acts = [a for a in offered if a["type"] != "Reveal"]
        bold = [a for a in acts if a["type"] in BOLD]
        s, _ = SYSTEM.apply(s, seat, pick.choice(bold if bold and pick.random() < 0.8 else acts), rng)


@pytest.mark.parametrize("seed", [58, 77, 84, *range(0, 120, 20)])
def test_every_offered_action_applies_apprentice(seed):
    """Digest §19; seed 001 line 87 (Apprentice mode): whatever ``legal_actions`` offers, ``apply`` accepts
    (seeds 58, 77 and 84 once offered a Jet Stream whose push then attacked a destroyed creature)."""
    _play({"mode": "apprentice"}, seed, 12)


@pytest.mark.parametrize("seed", range(6))
def test_every_offered_action_applies_full_game(seed):
    """Digest §19, §3.3, §20.4: random mages with their suggested books; whatever is offered applies."""
    chosen = {"player1": random.Random(seed).choice(mages.mage_ids()),
              "player2": random.Random(seed + 1000).choice(mages.mage_ids())}
    _play({"mode": "full", "mages": chosen}, seed, 8)


def test_a_creature_destroyed_by_a_pushing_attack_is_not_pushed():
    """Digest §7.6 (Push) and §9.2 (a destroyed object leaves play): Jet Stream that destroys a creature against
    the arena wall makes no collision attack (the refusal ``mw.combat.not_attackable`` of random seed 77)."""
    s, rng = duel_at_turn({"player1": "wizard", "player2": "beastmaster"})
    fox = new_object(s, "Bitterwood Fox", "creature", "player2", zone="A1")["id"]
    s["objects"][fox]["destroyed"] = True
    assert movement.push(s, fox, "north", rng) == [] and movement.push_away(s, fox, None, rng) == []


def test_a_stunned_creature_pushed_into_the_wall_still_collides():
    """Digest §7.6 (a push into the arena's wall is an Unavoidable 3-die collision) and §12.2 (an incapacitated
    creature can't attack): the collision is no attack of the pushed creature, so a Stunned one still suffers it
    (random full duel seed 22 offered a Force Push that was then refused ``mw.combat.attacker_incapacitated``)."""
    s, rng = duel_at_turn({"player1": "wizard", "player2": "beastmaster"})
    wolf = new_object(s, "Timber Wolf", "creature", "player2", zone="A1")["id"]
    s["objects"][wolf]["conditions"]["Stun"] = 1
    events = movement.push(s, wolf, "north", rng)
    assert events[0]["type"] == "Collided" and any(e["type"] == "AttackRolled" for e in events)
