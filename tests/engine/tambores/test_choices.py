"""The setup choices asked in the game when the options fix none (a match opened at the table): the mode, each
player's army deck and, in a skirmish, each player's hero (digest §7, §15; seed 002 l.201-202, l.407-415)."""
from __future__ import annotations

import json

from tests.engine.tambores.support import HUMAN, ORC, SYSTEM, new, pack_with, play


def asked(pack=None, seed: int = 0):
    return new({"pack": pack} if pack else {}, seed=seed)


def choose(st, mode, human="humans", orc="orcs"):
    st, _ = play(st, HUMAN, {"type": "ChooseMode", "mode": mode})
    if st["step"] == "choose_army":
        st, _ = play(st, HUMAN, {"type": "ChooseArmy", "deck": human})
        st, _ = play(st, ORC, {"type": "ChooseArmy", "deck": orc})
    return st


def test_the_challenger_chooses_the_mode_of_the_match():
    """Digest §15; seed 002 l.407-415 (three modes: skirmish, duel, campaign); ruling "Choosing the mode": the first
    seat (the challenger) chooses, the other waits."""
    st = asked()
    assert st["step"] == "choose_mode" and SYSTEM.view(st, None)["awaiting"] == [HUMAN]
    assert SYSTEM.legal_actions(st, ORC) == []
    assert [a["mode"] for a in SYSTEM.legal_actions(st, HUMAN)] == ["skirmish", "duel", "campaign"]
    view = SYSTEM.view(st, ORC)
    assert view["players"] == {HUMAN: None, ORC: None} and view["decks"]["orcs"]["army"] == "orc"
    st, events = play(st, HUMAN, {"type": "ChooseMode", "mode": "duel"})
    assert events == [{"type": "ModeChosen", "seat": HUMAN, "mode": "duel", "battles": 2}]
    assert st["step"] == "choose_army" and SYSTEM.view(st, None)["battles"] == 2


def test_a_mode_no_deck_of_the_pack_can_play_is_not_offered():
    """Digest §15.3 (a campaign needs a gold, a silver and a bronze hero per army; l.409): a pack whose decks lack a
    colour offers no campaign; a mode only one deck can play gives both players that deck, unasked."""
    def no_gold_orc(entries):
        orcs = next(d for d in entries["decks"] if d["id"] == "orcs")
        orcs["heroes"] = [h for h in orcs["heroes"] if h != "thugg"]
        entries["decks"] = [orcs]
    st = asked(pack_with(no_gold_orc))
    assert [a["mode"] for a in SYSTEM.legal_actions(st, HUMAN)] == ["skirmish", "duel"]
    st, events = play(st, HUMAN, {"type": "ChooseMode", "mode": "skirmish"})
    assert st["step"] == "choose_heroes" and st["series"]["armies"] == {HUMAN: "orcs", ORC: "orcs"}
    assert any(e["type"] == "ArmiesRevealed" for e in events)


def test_each_player_chooses_an_army_deck_secretly_until_both_have():
    """Digest §7 step 2; seed 002 l.201: "cada jugador escoge un mazo de ejército, a su elección o al azar": both
    choose at once; a choice is told only to its chooser until both are made, then both are revealed."""
    st, _ = play(asked(), HUMAN, {"type": "ChooseMode", "mode": "skirmish"})
    assert SYSTEM.view(st, None)["awaiting"] == [HUMAN, ORC]
    assert SYSTEM.legal_actions(st, HUMAN) == SYSTEM.legal_actions(st, ORC) == [
        {"type": "ChooseArmy", "deck": d} for d in ("humans", "orcs", "random")]
    st, events = play(st, ORC, {"type": "ChooseArmy", "deck": "humans"})
    public = [e for e in events if not e.get("visible_to")]
    assert public == [{"type": "ArmyDecided", "seat": ORC}] and "humans" not in json.dumps(SYSTEM.view(st, HUMAN)["secret"])
    assert [e for e in events if e.get("visible_to")] == [
        {"type": "ArmyDecidedPrivately", "seat": ORC, "deck": "humans", "visible_to": [ORC]}]
    assert SYSTEM.view(st, ORC)["secret"][ORC] == "humans" and SYSTEM.view(st, HUMAN)["secret"][ORC] == "decided"
    st, events = play(st, HUMAN, {"type": "ChooseArmy", "deck": "random"})
    revealed = next(e for e in events if e["type"] == "ArmiesRevealed")
    assert revealed["armies"][ORC] == "humans" and revealed["armies"][HUMAN] in ("humans", "orcs")
    assert st["players"][ORC]["deck"] == "humans" and st["step"] == "choose_heroes"


def test_each_player_chooses_a_skirmish_hero_secretly_until_both_have():
    """Digest §7 step 3; seed 002 l.202: "cada jugador elige un héroe, a su elección o al azar": at once, secret
    until both have chosen, then placed; the battle then starts (marker toss, five cards each, §8)."""
    st = choose(asked(), "skirmish")
    assert [a["hero"] for a in SYSTEM.legal_actions(st, ORC)] == ["thugg", "krangg", "borrunn", "random"]
    st, events = play(st, HUMAN, {"type": "ChooseHero", "hero": "aiden"})
    assert [e["type"] for e in events if not e.get("visible_to")] == ["HeroDecided"]
    other = SYSTEM.view(st, ORC)
    assert other["secret"][HUMAN] == "decided" and other["players"][HUMAN]["hero"] is None
    assert SYSTEM.view(st, HUMAN)["secret"][HUMAN] == "aiden"
    st, events = play(st, ORC, {"type": "ChooseHero", "hero": "random"})
    chosen = {e["seat"]: e["hero"] for e in events if e["type"] == "HeroChosen"}
    assert chosen[HUMAN] == "aiden" and chosen[ORC] in ("thugg", "krangg", "borrunn")
    assert st["step"] == "deploy" and all(len(st["players"][s]["hand"]) == 5 for s in (HUMAN, ORC))


def test_a_duel_chosen_in_the_game_draws_its_heroes_at_random():
    """Digest §15.2; seed 002 l.411: in a duel the heroes are drawn at random (no hero is asked); the armies chosen
    play battle 1 and swap for battle 2."""
    st = choose(asked(), "duel", human="orcs", orc="humans")
    assert st["step"] in ("deploy", "remove") and st["players"][HUMAN]["deck"] == "orcs"
    assert st["players"][HUMAN]["hero"] in ("thugg", "krangg", "borrunn")


def test_a_campaign_chosen_in_the_game_reveals_its_heroes_in_turn():
    """Digest §15.3; seed 002 l.415: the marker is tossed and its winner reveals a hero first, publicly, then the
    other (the campaign's own choice, ``ChooseHero`` in turn)."""
    st = choose(asked(), "campaign")
    assert st["step"] == "choose_hero" and SYSTEM.view(st, None)["awaiting"] == [st["series"]["first_revealer"]]
    seat = st["current"]
    hero = SYSTEM.legal_actions(st, seat)[0]
    st, events = play(st, seat, hero)
    assert any(e["type"] == "HeroChosen" and e["hero"] == hero["hero"] and not e.get("visible_to") for e in events)


def test_options_that_fix_the_setup_ask_nothing():
    """The options mode, armies and heroes (tests, scripts) keep fixing the setup: the battle starts at once."""
    for options in ({"mode": "duel"}, {"armies": {HUMAN: "orcs", ORC: "humans"}}, {"heroes": {HUMAN: "aiden"}}):
        st = new(options)
        assert st["step"] in ("deploy", "remove") and st["players"][HUMAN]["hero"]
