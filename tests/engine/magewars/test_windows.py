"""The other player's say inside an action (engine/magewars/windows.py): the defender chooses its defense in
the avoid step; a reveal window opens after an attack is declared and in a spell's Counter step, whatever the
player holds; a face-down Nullify is answered there. "§" is a section of shared/rules/magewars.md, "l.N" a
line of seed 001 (the Spanish rulebook)."""
from __future__ import annotations

import json
import random

import pytest

from engine.core.errors import IllegalAction
from engine.core.rng import SeededRng
from engine.magewars import stats
from engine.magewars.cards import card, kind_of
from engine.magewars.state import new_object
from engine.magewars.system import SYSTEM
from tests.engine.magewars.duel_support import duel_at_turn

SEATS = ("player1", "player2")


def duel(spells=(), seed=b"w" * 32):
    """A full duel at player1's action turn, the windows on, no creature active yet."""
    s, rng = duel_at_turn({}, spells, seed, windows=True)
    s["activation"] = None
    return s, rng


def put(s, name, seat, zone=None, **extra):
    return new_object(s, name, kind_of(card(name)), seat, zone=zone, **extra)["id"]


def sleep_at_fox(enchantment: str | None = None):
    """A duel where player1's mage, activated, may cast Sleep at player2's Bitterwood Fox in A1, the fox carrying
    ``enchantment`` face down: (state, rng, fox, the Cast action, the enchantment's id or None)."""
    s, rng = duel(["Sleep"])
    me = s["mages"]["player1"]
    s, _ = SYSTEM.apply(s, "player1", {"type": "Activate", "creature": me}, rng)
    fox = put(s, "Bitterwood Fox", "player2", "A1")
    held = put(s, enchantment, "player2", attached_to=fox, face_down=True) if enchantment else None
    cast = next(a for a in legal(s, "player1", "Cast") if a["spell"] == "Sleep" and a.get("target") == fox)
    return s, rng, fox, cast, held


def legal(s, seat, kind=None):
    return [a for a in SYSTEM.legal_actions(s, seat) if kind is None or a["type"] == kind]


def types(events):
    return [e["type"] for e in events]


def mana(s, seat):
    return s["objects"][s["mages"][seat]]["mana"]


def wolf_attacks(s, rng, target):
    """player1's Timber Wolf, in the target's zone, declares its melee attack on it."""
    wolf = put(s, "Timber Wolf", "player1", s["objects"][target]["zone"], ready=True)
    s, _ = SYSTEM.apply(s, "player1", {"type": "Activate", "creature": wolf}, rng)
    attack = {"type": "Attack", "attack": 0, "target": target}
    assert attack in legal(s, "player1")
    s, events = SYSTEM.apply(s, "player1", attack, rng)
    return s, events


def armed_foe(s):
    """player2's mage with two defenses good against melee (seed l.761: Force Sword and Deflection Bracers)."""
    foe = s["mages"]["player2"]
    put(s, "Force Sword", "player2", attached_to=foe)
    put(s, "Deflection Bracers", "player2", attached_to=foe)
    return foe, {d["source"]: d["index"] for d in stats.defenses(s, foe)}


def past_window(s, rng):
    """The declare step's reveal window answered: player2 lets it pass."""
    assert s["pending"][0]["type"] == "window" and s["pending"][0]["seat"] == "player2"
    return SYSTEM.apply(s, "player2", {"type": "Skip"}, rng)


def test_defense_is_chosen_by_the_defender_before_the_attacker_rolls():
    """Seed l.743 ("el defensor deberá decidir si desea emplear una defensa antes de que el atacante tire"), l.761
    (the Warlock chooses between Force Sword and Deflection Bracers), §10.3 step 4, §10.4: the attack waits for
    the defender's controller, who is offered each usable defense or none; the roll follows its answer."""
    s, rng = duel()
    foe, defenses = armed_foe(s)
    s, _ = wolf_attacks(s, rng, foe)
    s, asked = past_window(s, rng)
    assert s["pending"][0]["type"] == "defend" and SYSTEM.awaiting(s) == ["player2"]
    assert types(asked) == ["ResponseGiven", "ResponseAsked"] and "AttackRolled" not in types(asked)
    offered = legal(s, "player2", "Defend")
    assert {a["defense"] for a in offered} == {defenses["Force Sword"], defenses["Deflection Bracers"], None}
    s, events = SYSTEM.apply(s, "player2", {"type": "Defend", "defense": defenses["Deflection Bracers"]}, rng)
    rolled = next(e for e in events if e["type"] == "DefenseRolled")
    assert rolled["source"] == "Deflection Bracers" and "AttackEnded" in types(events)
    assert not s.get("pending")


def test_defense_is_optional_the_defender_may_use_none():
    """§10.4 ("Most defenses are optional, even unlimited ones"): answering no defense rolls none and the attack
    dice are rolled."""
    s, rng = duel()
    foe, _ = armed_foe(s)
    s, _ = wolf_attacks(s, rng, foe)
    s, _ = past_window(s, rng)
    s, events = SYSTEM.apply(s, "player2", {"type": "Defend", "defense": None}, rng)
    assert "DefenseRolled" not in types(events) and "AttackRolled" in types(events)


def test_no_pause_in_the_avoid_step_without_a_choice():
    """§10.4, §9: with no usable defense and no face-down enchantment of its controller (a Block or not) there is
    nothing to choose: the attack goes on after the declare step's window without asking again."""
    s, rng = duel()
    foe = s["mages"]["player2"]
    assert not stats.defenses(s, foe)
    s, _ = wolf_attacks(s, rng, foe)
    s, events = past_window(s, rng)
    assert not s.get("pending") and "AttackRolled" in types(events) and "ResponseAsked" not in types(events)


def test_the_attackers_seat_is_offered_nothing_while_the_defender_decides():
    """§10.3 step 4: only the defender answers; the attacker's seat is refused and the state does not change."""
    s, rng = duel()
    foe, defenses = armed_foe(s)
    s, _ = wolf_attacks(s, rng, foe)
    s, _ = past_window(s, rng)
    assert {a["type"] for a in legal(s, "player1")} <= {"Reveal", "Concede"}
    before = json.dumps(s, sort_keys=True)
    with pytest.raises(IllegalAction):
        SYSTEM.apply(s, "player1", {"type": "Defend", "defense": None}, rng)
    with pytest.raises(IllegalAction):  # a defense it does not have
        SYSTEM.apply(s, "player2", {"type": "Defend", "defense": 99}, rng)
    assert json.dumps(s, sort_keys=True) == before


def test_the_pending_attack_survives_a_json_round_trip():
    """§19 (the state is JSON): the attack waiting for the defender is kept in the state; answered after a JSON
    round trip it gives the same result as answered at once."""
    s, rng = duel()
    foe, defenses = armed_foe(s)
    s, _ = wolf_attacks(s, rng, foe)
    s, _ = past_window(s, rng)
    answer = {"type": "Defend", "defense": defenses["Force Sword"]}
    a, ev_a = SYSTEM.apply(s, "player2", answer, SeededRng(rng.seed, rng.counter))
    b, ev_b = SYSTEM.apply(json.loads(json.dumps(s)), "player2", answer, SeededRng(rng.seed, rng.counter))
    assert a == b and ev_a == ev_b


def test_the_question_shows_the_attacker_only_what_it_may_know():
    """§9.7 (hidden enchantments), issue #15 (secrets stay secret): the waiting question shows the attacker and
    spectators who is asked and about what, never the defender's private part (a hidden Block, a Nullify) nor the
    engine's replay data; the defender sees its own part."""
    s, rng = duel()
    foe, _ = armed_foe(s)
    put(s, "Block", "player2", attached_to=foe, face_down=True)
    s, _ = wolf_attacks(s, rng, foe)
    s, _ = past_window(s, rng)
    for viewer in ("player1", None):
        question = SYSTEM.view(s, viewer)["pending"][0]
        assert question["type"] == "defend" and not {"private", "tape", "action", "answers"} & set(question)
        assert "Block" not in json.dumps(SYSTEM.view(s, viewer))
    assert SYSTEM.view(s, "player2")["pending"][0]["private"]["block"]["card"] == "Block"


def test_a_hidden_block_may_be_paid_or_declined():
    """Seed l.657, §9.7, §10.4: Block must be revealed when the creature is attacked, but its controller may
    decline to pay; paid, the attack is avoided; declined, Block is destroyed and a defense may still be tried."""
    for pay in (True, False):
        s, rng = duel()
        foe = s["mages"]["player2"]
        block = put(s, "Block", "player2", attached_to=foe, face_down=True)
        s, _ = wolf_attacks(s, rng, foe)
        s, _ = past_window(s, rng)
        assert {"type": "Defend", "defense": None, "block": True} in legal(s, "player2")
        before = mana(s, "player2")
        s, events = SYSTEM.apply(s, "player2", {"type": "Defend", "defense": None, "block": pay}, rng)
        revealed = next(e for e in events if e["type"] == "BlockRevealed")
        assert revealed["avoided"] is pay and block not in s["objects"]
        assert mana(s, "player2") == before - (card("Block").reveal_cost if pay else 0)
        assert ("AttackRolled" in types(events)) is not pay


def test_reveal_window_opens_for_holder_and_non_holder_alike():
    """§9.7 ("at the end of any step of an attack"), seed l.627: after the attack is declared the defender's
    controller gets a window whether or not it holds a face-down enchantment, and the question looks the same to
    the attacker either way, so its opening tells nothing."""
    seen = []
    for holds in (False, True):
        s, rng = duel()
        foe = s["mages"]["player2"]
        if holds:
            put(s, "Rhino Hide", "player2", attached_to=foe, face_down=True)
        s, asked = wolf_attacks(s, rng, foe)
        assert s["pending"][0]["type"] == "window" and SYSTEM.awaiting(s) == ["player2"]
        assert {"type": "Skip"} in legal(s, "player2")
        assert bool(legal(s, "player2", "Reveal")) is holds
        wolf = s["activation"]["object"]  # its id differs by the enchantment's one: named alike here
        seen.append(json.dumps((SYSTEM.view(s, "player1")["pending"], asked)).replace(f'"{wolf}"', '"wolf"'))
    assert seen[0] == seen[1]


def test_an_enchantment_revealed_in_the_window_applies_to_the_attack():
    """Seed l.631 (Rhino Hide revealed after the avoid step reduces the damage of that attack), §9.7: revealed in
    the window before the dice are rolled, its Armor +2 counts in the roll; revealing is not retroactive."""
    s, rng = duel()
    foe = s["mages"]["player2"]
    hide = put(s, "Rhino Hide", "player2", attached_to=foe, face_down=True)
    armor = stats.armor(s, foe)
    s, _ = wolf_attacks(s, rng, foe)
    s, _ = SYSTEM.apply(s, "player2", {"type": "Reveal", "enchantment": hide}, rng)
    assert s["pending"][0]["type"] == "window"  # the window stays open until let pass
    s, events = SYSTEM.apply(s, "player2", {"type": "Skip"}, rng)
    rolled = next(e for e in events if e["type"] == "AttackRolled")
    assert rolled["armor"] == armor + 2


def test_a_counterspell_cancels_the_spell_and_its_mana_is_lost():
    """Seed l.481 ("perderás los puntos de maná que hubieras gastado"), §9.2 step 3, §9.7: a face-down Nullify on
    the target must be revealed in the Counter step's window; paid, the spell is countered and discarded, the
    caster's mana is lost and Nullify's controller pays its reveal cost."""
    s, rng, fox, cast, null = sleep_at_fox("Nullify")
    mine, theirs = mana(s, "player1"), mana(s, "player2")
    s, asked = SYSTEM.apply(s, "player1", cast, rng)
    assert s["pending"][0]["type"] == "window" and s["pending"][0]["timing"] == "spell"
    assert "Nullify" not in json.dumps(SYSTEM.view(s, "player1")) + json.dumps(asked)
    assert legal(s, "player2", "Skip") == []  # mandatory: it must be revealed now (§9.7)
    s, events = SYSTEM.apply(s, "player2", {"type": "Counter", "enchantment": null, "pay": True}, rng)
    assert "SpellCountered" in types(events) and not s["objects"][fox]["conditions"].get("Sleep")
    assert mana(s, "player1") == mine - 4 and mana(s, "player2") == theirs - card("Nullify").reveal_cost
    assert null not in s["objects"] and "Sleep" in s["discard"]["player1"]


def test_an_unpaid_counterspell_is_destroyed_and_the_spell_resolves():
    """§9.7 ("You may decline to pay the reveal cost, in which case the enchantment is destroyed"): Nullify
    declined is destroyed without effect and the spell resolves."""
    s, rng, fox, cast, null = sleep_at_fox("Nullify")
    theirs = mana(s, "player2")
    s, _ = SYSTEM.apply(s, "player1", cast, rng)
    s, events = SYSTEM.apply(s, "player2", {"type": "Counter", "enchantment": null, "pay": False}, rng)
    assert "SpellCountered" not in types(events) and s["objects"][fox]["conditions"].get("Sleep")
    assert null not in s["objects"] and mana(s, "player2") == theirs


def test_a_spell_on_an_object_without_a_counterspell_opens_a_window_to_let_pass():
    """§9.2 step 3 (seed l.481: "normalmente no hay nada que tu rival pueda hacer"): the Counter step's window
    opens all the same; let pass, the spell resolves."""
    s, rng, fox, cast, _ = sleep_at_fox()
    s, _ = SYSTEM.apply(s, "player1", cast, rng)
    assert legal(s, "player2", "Skip") == [{"type": "Skip"}] and not legal(s, "player2", "Counter")
    s, _ = SYSTEM.apply(s, "player2", {"type": "Skip"}, rng)
    assert s["objects"][fox]["conditions"].get("Sleep")


def test_refused_answers_change_nothing():
    """§9.7: an answer that is not offered (a Skip while Nullify must be revealed, another player's answer) is
    refused and the state is unchanged."""
    s, rng, fox, cast, null = sleep_at_fox("Nullify")
    s, _ = SYSTEM.apply(s, "player1", cast, rng)
    before = json.dumps(s, sort_keys=True)
    for seat, answer in (("player2", {"type": "Skip"}), ("player1", {"type": "Counter", "enchantment": null,
                                                                      "pay": True})):
        with pytest.raises(IllegalAction):
            SYSTEM.apply(s, seat, answer, rng)
    assert json.dumps(s, sort_keys=True) == before


def test_random_play_answers_every_question():
    """§19 (random legal play): random players choosing among legal_actions answer the new questions and the duel
    still reaches a winner; the waiting state is always JSON."""
    asked = 0
    for seed in range(2):
        rng = SeededRng(bytes([seed]) * 32)
        s = SYSTEM.setup({"mode": "full"}, SEATS, rng)
        pick = random.Random(seed)
        for _ in range(3000):
            if s["over"]:
                break
            seat = SYSTEM.awaiting(s)[0]
            s, events = SYSTEM.apply(s, seat, pick.choice([a for a in SYSTEM.legal_actions(s, seat)
                                                           if a["type"] != "Concede"]), rng)
            asked += types(events).count("ResponseAsked")
            assert json.loads(json.dumps(s)) == s
        assert s["over"]
    assert asked > 0


def test_counterstrike_is_the_defenders_choice():
    """§10.8, §10.3 step 9 ("The defender may make one free counterstrike"): after a melee attack the defender's
    controller chooses its Counterstrike attack or none; declined, no counterstrike is made."""
    for strike in (True, False):
        s, rng = duel()
        zone = s["objects"][s["mages"]["player2"]]["zone"]
        hydra = put(s, "Darkfenne Hydra", "player2", zone)
        s, _ = wolf_attacks(s, rng, hydra)
        s, _ = past_window(s, rng)
        while s["pending"][0]["type"] == "defend":
            s, _ = SYSTEM.apply(s, "player2", {"type": "Defend", "defense": None}, rng)
        question = s["pending"][0]
        assert question["type"] == "counterstrike" and question["seat"] == "player2"
        bite = next(a for a in legal(s, "player2", "Counterstrike") if a["attack"] is not None)
        assert {"type": "Counterstrike", "attack": None} in legal(s, "player2")
        s, events = SYSTEM.apply(s, "player2", bite if strike else {"type": "Counterstrike", "attack": None}, rng)
        while s.get("pending") and s["pending"][0]["type"] == "defend":  # the wolf's own avoid step
            s, more = SYSTEM.apply(s, "player1", {"type": "Defend", "defense": None}, rng)
            events += more
        assert ("Counterstrike" in types(events)) is strike


def test_actions_with_questions_replay_from_the_seed_and_log():
    """§19 (a match replays from its seed and log, table/replay.py; every draw logged once, table/fairness.py):
    rolls made before a question are played back from the tape when it is answered, never drawn again; each
    action, applied again from the state and generator position it started at, gives the same state."""
    rng = SeededRng(b"f" * 32)
    s = SYSTEM.setup({"mode": "full"}, SEATS, rng)
    pick = random.Random(3)
    asked = 0
    for _ in range(1500):
        if s["over"]:
            break
        seat = SYSTEM.awaiting(s)[0]
        action = pick.choice([a for a in SYSTEM.legal_actions(s, seat) if a["type"] != "Concede"])
        start = rng.counter
        after, events = SYSTEM.apply(s, seat, action, rng)
        again, events_again = SYSTEM.apply(s, seat, action, SeededRng(rng.seed, start))
        assert again == after and events_again == events
        asked += types(events).count("ResponseAsked")
        s = after
    assert asked > 0


def answer_for(question):
    """The plain answer: let a window pass, use no defense."""
    return {"type": "Defend", "defense": None} if question["type"] == "defend" else {"type": "Skip"}


def hydra_attacks(s, rng, target, bite=1):
    """player1's Darkfenne Hydra, in the target's zone, declares its Triple Bite (three strikes, §10.3 step 7)
    or its Snapping Bite (``bite`` 0) on it; the declare step's window is let pass."""
    hydra = put(s, "Darkfenne Hydra", "player1", s["objects"][target]["zone"], ready=True)
    s, _ = SYSTEM.apply(s, "player1", {"type": "Activate", "creature": hydra}, rng)
    s, declared = SYSTEM.apply(s, "player1", {"type": "Attack", "attack": bite, "target": target}, rng)
    s, passed = past_window(s, rng)
    return s, declared + passed, hydra


def test_earlier_strikes_are_published_before_the_defender_answers_the_next():
    """§10.3 step 7 ("one strike at a time": Avoid → Roll → Damage for each), step 4 (the defender decides before
    the attacker rolls, seed l.743): when the second strike waits for the defender, the first strike's dice and
    damage are published with the question; the reply to the answer carries only the new events, so each event
    of the action is posted once, in order."""
    s, rng = duel()
    foe, _ = armed_foe(s)
    s, posted, _ = hydra_attacks(s, rng, foe)
    while s.get("pending"):
        question = s["pending"][0]
        assert question["type"] == "defend" or question["timing"] == "strike"
        if question.get("strike", 1) > 1:  # the defender has seen every earlier strike's roll
            rolled = [e["strike"] for e in posted if e["type"] == "AttackRolled"]
            assert rolled == list(range(1, question["strike"]))
        answer = {"type": "Defend", "defense": None} if question["type"] == "defend" else {"type": "Skip"}
        s, events = SYSTEM.apply(s, "player2", answer, rng)
        posted += events
    assert [e["strike"] for e in posted if e["type"] == "AttackRolled"] == [1, 2, 3]
    assert types(posted).count("AttackDeclared") == 1 and types(posted).count("AttackEnded") == 1
    dealt = sum(e["damage"] for e in posted if e["type"] == "AttackRolled")
    assert stats.damage(s["objects"][foe]) == dealt  # what was posted is what the state holds


def test_the_attack_is_published_before_the_counterstrike_is_chosen():
    """§10.3 step 9, §10.8 ("always optional"): the defender chooses whether to counterstrike having seen the
    attack's roll; the answer's reply holds the counterstrike only, not the attack again."""
    s, rng = duel()
    zone = s["objects"][s["mages"]["player2"]]["zone"]
    hydra = put(s, "Darkfenne Hydra", "player2", zone)
    s, _ = wolf_attacks(s, rng, hydra)
    s, events = past_window(s, rng)
    while s["pending"][0]["type"] != "counterstrike":
        s, events = SYSTEM.apply(s, "player2", answer_for(s["pending"][0]), rng)
    assert "AttackRolled" in types(events)
    s, events = SYSTEM.apply(s, "player2", {"type": "Counterstrike", "attack": None}, rng)
    assert "AttackRolled" not in types(events) and "AttackDeclared" not in types(events)


def test_revealing_is_not_retroactive():
    """§9.7 ("Revealing is not retroactive... you cannot reveal Rhino Hide after damage has been applied to reduce
    that damage"), seed l.631: Rhino Hide revealed while the second strike waits adds its Armor +2 to the second
    and third strikes only; the first strike's roll and damage stay as published."""
    s, rng = duel()
    foe, _ = armed_foe(s)
    hide = put(s, "Rhino Hide", "player2", attached_to=foe, face_down=True)
    armor = stats.armor(s, foe)
    s, posted, _ = hydra_attacks(s, rng, foe)
    s, events = SYSTEM.apply(s, "player2", {"type": "Defend", "defense": None}, rng)
    posted += events
    assert (s["pending"][0]["timing"], s["pending"][0]["strike"]) == ("strike", 2)
    s, events = SYSTEM.apply(s, "player2", {"type": "Reveal", "enchantment": hide}, rng)
    posted += events
    while s.get("pending"):
        s, events = SYSTEM.apply(s, "player2", answer_for(s["pending"][0]), rng)
        posted += events
    rolls = {e["strike"]: e for e in posted if e["type"] == "AttackRolled"}
    assert rolls[1]["armor"] == armor and rolls[2]["armor"] == rolls[3]["armor"] == armor + 2
    assert stats.damage(s["objects"][foe]) == sum(e["damage"] for e in rolls.values())
    assert s["objects"][hide]["face_down"] is False


def test_an_attack_cancelled_by_a_reveal_is_lost():
    """§10.3 step 1, seed l.737 ("si el atacante o el defensor se mueven durante el ataque (por ejemplo, al revelar
    un encantamiento que les tele-transportara), el ataque quedará anulado ... perderás la acción"): the defender
    moved while the declare step's window was open (as Divine Intervention's teleport does), the attack is
    cancelled and the wolf's action is spent: its turn ends and it may not attack again."""
    s, rng = duel()
    foe = s["mages"]["player2"]
    s, _ = wolf_attacks(s, rng, foe)
    wolf = s["activation"]["object"]
    s["objects"][foe]["zone"] = next(z for z in ("A1", "D3", "A3", "D1") if z != s["objects"][foe]["zone"])
    s, events = SYSTEM.apply(s, "player2", {"type": "Skip"}, rng)
    assert "ActionCancelled" in types(events) and "AttackRolled" not in types(events)
    assert "ActionTurnEnded" in types(events) and s["activation"] is None
    assert not s["objects"][wolf]["ready"] and {"type": "Activate", "creature": wolf} not in legal(s, "player1")


def test_a_cast_cancelled_by_a_reveal_is_lost_and_countered():
    """§9.2 steps 1-4, seed l.471 ("si más adelante quedara interrumpido por cualquier motivo, perderás la
    acción"), l.481 (a countered spell is discarded, its mana lost): the target moved away while the Counter step
    waited; the spell is countered, its mana spent and the card discarded, and the mage's action is used."""
    s, rng, fox, cast, _ = sleep_at_fox()
    me = s["mages"]["player1"]
    mine = mana(s, "player1")
    s, _ = SYSTEM.apply(s, "player1", cast, rng)
    s["objects"][fox]["zone"] = "D3" if s["objects"][me]["zone"] != "D3" else "A1"  # out of Sleep's range
    s, events = SYSTEM.apply(s, "player2", {"type": "Skip"}, rng)
    assert "ActionCancelled" in types(events) and "SpellCountered" in types(events)
    assert mana(s, "player1") == mine - 4 and "Sleep" in s["discard"]["player1"]
    assert "Sleep" not in s["planned"]["player1"] and not s["objects"][fox]["conditions"].get("Sleep")
    assert s["activation"] is None or s["activation"]["object"] != me


def test_a_counterstrike_opens_a_reveal_window_for_the_attacker():
    """§10.8 (a counterstrike is "a normal attack from step 1 (declare)"), §9.7 ("at the end of any step of an
    attack"): once the defender counterstrikes, the original attacker's controller gets the declare step's window,
    holding anything or not."""
    s, rng = duel()
    zone = s["objects"][s["mages"]["player2"]]["zone"]
    hydra = put(s, "Darkfenne Hydra", "player2", zone)
    s, _ = wolf_attacks(s, rng, hydra)
    wolf = s["activation"]["object"]
    s, _ = past_window(s, rng)
    while s["pending"][0]["type"] == "defend":
        s, _ = SYSTEM.apply(s, "player2", {"type": "Defend", "defense": None}, rng)
    bite = next(a for a in legal(s, "player2", "Counterstrike") if a["attack"] is not None)
    s, events = SYSTEM.apply(s, "player2", bite, rng)
    question = s["pending"][0]
    assert (question["type"], question["seat"], question["object"], question["timing"]) == \
        ("window", "player1", wolf, "attack")
    assert "Counterstrike" in types(events) and legal(s, "player1", "Skip") == [{"type": "Skip"}]
    s, events = SYSTEM.apply(s, "player1", {"type": "Skip"}, rng)
    assert "Counterstrike" not in types(events) and "AttackEnded" in types(events)


def test_a_zone_attack_opens_a_reveal_window_for_the_player_with_objects_there():
    """§9.7 ("at the end of any step of an attack"), §10.6 (a zone attack targets no object: no "when attacked"
    trigger, but its steps end like any attack's): after a zone attack is declared, the other player with an
    object in the zone gets one window; a zone holding none of theirs opens none."""
    s, rng = duel(["Hail of Stones"])
    me = s["mages"]["player1"]
    s, _ = SYSTEM.apply(s, "player1", {"type": "Activate", "creature": me}, rng)
    fox = put(s, "Bitterwood Fox", "player2", "B1")
    put(s, "Timber Wolf", "player2", "B1")
    hail = {"type": "Cast", "caster": me, "spell": "Hail of Stones", "zone": "B1"}
    assert hail in legal(s, "player1", "Cast")
    s, events = SYSTEM.apply(s, "player1", hail, rng)
    assert s["pending"][0]["type"] == "window" and s["pending"][0]["seat"] == "player2"
    assert s["pending"][0]["object"] in s["objects"] and "AttackDeclared" in types(events)
    s, events = SYSTEM.apply(s, "player2", {"type": "Skip"}, rng)
    assert not s.get("pending") and types(events).count("AttackRolled") == 2 and fox
    s, rng = duel(["Hail of Stones"])
    s, _ = SYSTEM.apply(s, "player1", {"type": "Activate", "creature": me}, rng)
    s, events = SYSTEM.apply(s, "player1", {**hail, "zone": "A2"}, rng)
    assert not s.get("pending") and "ResponseAsked" not in types(events)


def test_reverse_magic_is_revealed_in_the_counter_step_paid_or_not_by_its_holder():
    """Reverse Magic's text ("you must reveal Reverse Magic during the Counter Spell Step"), §9.7 (mandatory:
    revealed at its trigger, "you may decline to pay"): the spell targeting its creature waits for its holder, who
    must reveal it (no Skip); paid, the spell is turned on its caster; declined, it is destroyed and the spell
    resolves on its target."""
    for pay in (True, False):
        s, rng, fox, cast, magic = sleep_at_fox("Reverse Magic")
        s, _ = SYSTEM.apply(s, "player1", cast, rng)
        assert legal(s, "player2", "Skip") == [] and \
            {"type": "Counter", "enchantment": magic, "pay": pay} in legal(s, "player2", "Counter")
        assert "Reverse Magic" not in json.dumps(SYSTEM.view(s, "player1"))
        s, events = SYSTEM.apply(s, "player2", {"type": "Counter", "enchantment": magic, "pay": pay}, rng)
        assert magic not in s["objects"] and ("SpellRedirected" in types(events)) is pay
        assert bool(s["objects"][fox]["conditions"].get("Sleep")) is not pay


def test_a_sprung_trap_is_revealed_and_its_holder_pays_or_declines():
    """§9.7 (Traps: "always mandatory", resolved "immediately after the creature enters"; mandatory enchantments
    must be revealed at their trigger, but "you may decline to pay"), seed l.667: a creature moving into a zone
    with an enemy's hidden trap waits for the trap's controller, who must reveal it (no Skip): paid, it attacks;
    declined, it is destroyed without effect. The move so far is published with the question."""
    for pay in (True, False):
        s, rng = duel()
        trap = put(s, "Hellfire Trap", "player2", attached_zone="B2", face_down=True)
        wolf = put(s, "Timber Wolf", "player1", "B1", ready=True)
        s, _ = SYSTEM.apply(s, "player1", {"type": "Activate", "creature": wolf}, rng)
        s, asked = SYSTEM.apply(s, "player1", {"type": "Move", "to": "B2"}, rng)
        question = s["pending"][0]
        assert (question["type"], question["seat"], question["timing"]) == ("window", "player2", "trap")
        seen = SYSTEM.view(s, "player1")
        assert "Moved" in types(asked) and "Hellfire" not in json.dumps([seen["objects"], seen["pending"], asked])
        assert legal(s, "player2", "Skip") == []
        theirs = mana(s, "player2")
        s, events = SYSTEM.apply(s, "player2", {"type": "Counter", "enchantment": trap, "pay": pay}, rng)
        if s["pending"][0]["timing"] == "attack":  # the trap's attack declared: the wolf's controller's window
            assert pay and s["pending"][0]["seat"] == "player1"
            s, more = SYSTEM.apply(s, "player1", {"type": "Skip"}, rng)
            events += more
        assert (s["pending"][0]["seat"], s["pending"][0]["timing"]) == ("player2", "move")  # seed l.627
        s, more = SYSTEM.apply(s, "player2", {"type": "Skip"}, rng)
        events += more
        assert "Moved" not in types(events) and trap not in s["objects"] and s["objects"][wolf]["zone"] == "B2"
        assert any(e["type"] == "AttackRolled" and e["attacker"] == trap for e in events) is pay
        assert mana(s, "player2") == theirs - (card("Hellfire Trap").reveal_cost if pay else 0)


def test_a_teleport_revealed_in_the_window_resolves_first_and_the_attack_is_lost():
    """§9.7 ("each enchantment resolves at the moment it is revealed"), §10.3 step 1, seed l.737 (the defender
    teleported by an enchantment revealed mid-attack: "el ataque quedará anulado ... perderás la acción"):
    Divine Intervention revealed in the declare step's window offers its teleport at once; once made, letting
    the window pass cancels the attack and the wolf's action is spent."""
    s, rng = duel()
    foe = s["mages"]["player2"]
    intervention = put(s, "Divine Intervention", "player2", attached_to=foe, face_down=True)
    s, _ = wolf_attacks(s, rng, foe)
    wolf = s["activation"]["object"]
    s, _ = SYSTEM.apply(s, "player2", {"type": "Reveal", "enchantment": intervention}, rng)
    assert s["pending"][0]["type"] == "teleport" and SYSTEM.awaiting(s) == ["player2"]
    away = next(z for z in ("A1", "D3", "A3", "D1") if z != s["objects"][foe]["zone"])
    s, _ = SYSTEM.apply(s, "player2", {"type": "Teleport", "object": foe, "zone": away}, rng)
    assert s["objects"][foe]["zone"] == away and s["pending"][0]["type"] == "window"
    s, events = SYSTEM.apply(s, "player2", {"type": "Skip"}, rng)
    assert "ActionCancelled" in types(events) and "AttackRolled" not in types(events)
    assert s["activation"] is None and not s["objects"][wolf]["ready"]


def test_nullify_and_reverse_magic_on_one_target_are_each_asked_in_the_holders_order():
    """§9.7 (mandatory enchantments "must be revealed" at their trigger, "you may decline to pay"; simultaneous
    reveals are made "one at a time, each fully resolved"; several traps triggered together: "their controller
    chooses the order"): with Nullify and Reverse Magic on the target, the holder chooses which to answer first;
    declined, it is destroyed and the other is asked; paid, it answers the spell and the other stays hidden."""
    for first, pay in (("Reverse Magic", False), ("Reverse Magic", True), ("Nullify", False)):
        s, rng, fox, cast, null = sleep_at_fox("Nullify")
        magic = put(s, "Reverse Magic", "player2", attached_to=fox, face_down=True)
        ids = {"Nullify": null, "Reverse Magic": magic}
        other = ids["Nullify" if first == "Reverse Magic" else "Reverse Magic"]
        s, _ = SYSTEM.apply(s, "player1", cast, rng)
        offered = legal(s, "player2", "Counter")
        assert {a["enchantment"] for a in offered} == {null, magic} and legal(s, "player2", "Skip") == []
        s, events = SYSTEM.apply(s, "player2", {"type": "Counter", "enchantment": ids[first], "pay": pay}, rng)
        if pay:  # Reverse Magic paid: the spell is turned away, Nullify is never triggered
            assert "SpellRedirected" in types(events) and s["objects"][other]["face_down"] and not s.get("pending")
            assert ids[first] not in s["objects"]
            continue
        assert s["pending"][0]["type"] == "window" and [a["enchantment"] for a in legal(s, "player2", "Counter")] \
            == [other, other]
        s, events = SYSTEM.apply(s, "player2", {"type": "Counter", "enchantment": other, "pay": True}, rng)
        assert ids[first] not in s["objects"] and other not in s["objects"]
        assert ("SpellCountered" in types(events)) is (other == null)
        assert ("SpellRedirected" in types(events)) is (other == magic)


def test_a_trap_sprung_by_a_push_or_teleport_chosen_on_its_own_asks_its_holder():
    """§9.7 (Traps: "always mandatory", sprung when an enemy creature enters the zone "by moving, being pushed or
    teleporting"; "you may decline to pay"), §7.6, §7.7: a push or a teleport whose direction or zone is chosen
    outside an action (``Push``, ``Teleport``) springs the trap as a move does: the match waits for the trap's
    holder (no Skip), who pays (it attacks) or declines (destroyed without effect)."""
    for kind, pay in (("Push", True), ("Push", False), ("Teleport", False)):
        s, rng = duel()
        trap = put(s, "Hellfire Trap", "player2", attached_zone="B2", face_down=True)
        wolf = put(s, "Timber Wolf", "player1", "B1", ready=True)
        if kind == "Push":
            s["pending"] = [{"type": "push", "seat": "player2", "object": wolf, "directions": ["south", "east"]}]
            choice = {"type": "Push", "object": wolf, "direction": "south"}
        else:
            s["pending"] = [{"type": "teleport", "seat": "player2", "object": wolf, "zones": ["B2", "C3"]}]
            choice = {"type": "Teleport", "object": wolf, "zone": "B2"}
        s, asked = SYSTEM.apply(s, "player2", choice, rng)
        question = s["pending"][0]
        assert (question["type"], question["seat"], question["timing"]) == ("window", "player2", "trap")
        assert "Hellfire" not in json.dumps([SYSTEM.view(s, "player1")["pending"], asked])
        assert legal(s, "player2", "Skip") == [] and SYSTEM.awaiting(s) == ["player2"]
        theirs = mana(s, "player2")
        s, events = SYSTEM.apply(s, "player2", {"type": "Counter", "enchantment": trap, "pay": pay}, rng)
        if s.get("pending") and s["pending"][0]["type"] == "window":  # the trap's attack: the wolf's window
            s, more = SYSTEM.apply(s, "player1", {"type": "Skip"}, rng)
            events += more
        assert trap not in s["objects"] and not s.get("pending")
        assert any(e["type"] == "AttackRolled" and e["attacker"] == trap for e in events) is pay
        assert mana(s, "player2") == theirs - (card("Hellfire Trap").reveal_cost if pay else 0)


def test_a_reveal_window_opens_between_strikes_for_holder_and_non_holder_alike():
    """§9.7 ("at the end of any step of an attack"), §10.3 step 7 (each further strike runs Avoid → Roll →
    Damage), seed l.627: before each strike after the first the defender's controller gets a window, whatever it
    holds and whether or not it has a defense to choose; the strikes before it are published with it."""
    for held in (None, "Rhino Hide"):
        s, rng = duel()
        foe = s["mages"]["player2"]
        if held:
            put(s, held, "player2", attached_to=foe, face_down=True)
        s, posted, _ = hydra_attacks(s, rng, foe)
        seen = []
        while s.get("pending"):
            question = s["pending"][0]
            if question["type"] == "window":
                seen.append((question["seat"], question["timing"], question["strike"]))
                rolled = [e["strike"] for e in posted if e["type"] == "AttackRolled"]
                assert rolled == list(range(1, question["strike"]))
            s, events = SYSTEM.apply(s, "player2", answer_for(question), rng)
            posted += events
        assert seen == [("player2", "strike", 2), ("player2", "strike", 3)]


def test_a_reveal_window_opens_after_each_move_for_holder_and_non_holder_alike():
    """§9.7 ("immediately after a creature finishes an action", "at the end of any step of ... a move"), seed
    l.627 ("después de que una criatura entre en una zona, pero antes de que pueda atacar, podrías revelar
    Terreno Sagrado"), §7.1: after each move action the other player gets a window, whatever it holds; the move is
    published with it and the creature's turn goes on after it passes."""
    for held in (None, "Rhino Hide"):
        s, rng = duel()
        if held:
            put(s, held, "player2", attached_to=s["mages"]["player2"], face_down=True)
        wolf = put(s, "Timber Wolf", "player1", "B1", ready=True)
        s, _ = SYSTEM.apply(s, "player1", {"type": "Activate", "creature": wolf}, rng)
        for to in ("B2", "C2"):
            s, asked = SYSTEM.apply(s, "player1", {"type": "Move", "to": to}, rng)
            question = s["pending"][0]
            assert (question["type"], question["seat"], question["timing"], question["object"]) == \
                ("window", "player2", "move", wolf)
            assert "Moved" in types(asked) and SYSTEM.awaiting(s) == ["player2"]
            assert "Rhino" not in json.dumps([SYSTEM.view(s, "player1")["pending"], asked])
            s, _ = SYSTEM.apply(s, "player2", {"type": "Skip"}, rng)
            assert s["objects"][wolf]["zone"] == to and not s.get("pending")


def test_hidden_information_the_defense_question_is_the_same_for_a_block_or_another_face_down_enchantment():
    """§9 (hidden information: a face-down enchantment is public as a card back, its name is not), §10.4 (the
    avoid step), seed l.657 (Block must be revealed when its creature is attacked): a defender with no usable
    defense carrying a face-down Block, or a face-down Rhino Hide, is asked the same defense question; the
    attacker and spectators see it identically; only the defender sees the Block choice, "no defense" is
    always offered."""
    seen = {}
    for hidden in ("Block", "Rhino Hide"):
        s, rng = duel()
        foe = s["mages"]["player2"]
        assert not stats.defenses(s, foe)
        put(s, hidden, "player2", attached_to=foe, face_down=True)
        s, _ = wolf_attacks(s, rng, foe)
        s, asked = past_window(s, rng)
        assert s["pending"][0]["type"] == "defend" and SYSTEM.awaiting(s) == ["player2"]
        assert {"type": "Defend", "defense": None, **({"block": False} if hidden == "Block" else {})} \
            in legal(s, "player2", "Defend")
        assert ({"type": "Defend", "defense": None, "block": True} in legal(s, "player2")) is (hidden == "Block")
        wolf = s["activation"]["object"]
        seen[hidden] = [json.dumps((SYSTEM.view(s, viewer)["pending"], asked)).replace(f'"{wolf}"', '"wolf"')
                        for viewer in ("player1", None)]
        assert hidden not in json.dumps(SYSTEM.view(s, "player1")["pending"])
    assert seen["Block"] == seen["Rhino Hide"]


def test_hidden_information_an_enemy_curse_face_down_asks_nothing():
    """§9, §10.4: only the defender's controller's face-down enchantments make it asked (the attacker's own hidden
    curse on the defender gives the defender no choice)."""
    s, rng = duel()
    foe = s["mages"]["player2"]
    put(s, "Rhino Hide", "player1", attached_to=foe, face_down=True)
    s, _ = wolf_attacks(s, rng, foe)
    s, events = past_window(s, rng)
    assert not s.get("pending") and "AttackRolled" in types(events)


def test_avoid_step_random_answers_settle_every_strike_against_face_down_enchantments():
    """§10.4 (avoid step, each strike its own: §10.3 step 7), §9 (hidden information): against a Triple Bite, a
    defender carrying a face-down Block and a face-down Rhino Hide is asked its defense on every strike while a
    card back is still there; random legal answers (a reveal included) settle every question and the attack
    ends."""
    for seed in range(6):
        s, rng = duel()
        foe = s["mages"]["player2"]
        put(s, "Block", "player2", attached_to=foe, face_down=True)
        put(s, "Rhino Hide", "player2", attached_to=foe, face_down=True)
        s, _, _ = hydra_attacks(s, rng, foe)
        pick, defended = random.Random(seed), set()
        for _ in range(50):
            if not s.get("pending"):
                break
            question = s["pending"][0]
            if question["type"] == "defend":
                defended.add(question["strike"])
            choices = [a for a in legal(s, question["seat"]) if a["type"] != "Concede"]
            assert choices
            s, _ = SYSTEM.apply(s, question["seat"], pick.choice(choices), rng)
        assert not s.get("pending") and 1 in defended


def test_the_creature_stands_in_its_new_zone_while_the_window_after_its_move_waits():
    """§7.3 steps 5-6 (the creature is put in the new zone, then entering effects resolve) and §9.7 (a window
    "at the end of any step of ... a move"): while the other player's window after a move waits, the state (and so
    every view and board) shows the creature where the published ``Moved`` put it, not in its old zone (issue 34:
    "after a move, several boards in a row still showed the creature in its old zone"). Answered, the move is
    rerun from the old zone and ends in the same place; a trap's question after the move works the same way."""
    s, rng = duel()
    wolf = put(s, "Timber Wolf", "player1", "B1", ready=True)
    s, _ = SYSTEM.apply(s, "player1", {"type": "Activate", "creature": wolf}, rng)
    s, asked = SYSTEM.apply(s, "player1", {"type": "Move", "to": "B2"}, rng)
    assert s["pending"][0]["timing"] == "move" and "Moved" in types(asked)
    assert s["objects"][wolf]["zone"] == "B2"
    assert SYSTEM.view(s, None)["objects"][wolf]["zone"] == "B2" == SYSTEM.view(s, "player2")["objects"][wolf]["zone"]
    assert "placed" not in SYSTEM.view(s, "player2")["pending"][0]
    s, events = SYSTEM.apply(s, "player2", {"type": "Skip"}, rng)
    assert s["objects"][wolf]["zone"] == "B2" and "Moved" not in types(events) and not s.get("pending")

    s, rng = duel()
    put(s, "Hellfire Trap", "player2", attached_zone="B2", face_down=True)
    wolf = put(s, "Timber Wolf", "player1", "B1", ready=True)
    s, _ = SYSTEM.apply(s, "player1", {"type": "Activate", "creature": wolf}, rng)
    s, _ = SYSTEM.apply(s, "player1", {"type": "Move", "to": "B2"}, rng)
    assert s["pending"][0]["timing"] == "trap" and s["objects"][wolf]["zone"] == "B2"
