"""The Underworlds table's words come from the message catalogue (``uw.text.*``) in the players' language.

Whole seeded matches are written out in English and in Spanish (steps, action labels, event lines, the panel,
combat, hand, victory and coverage embeds, the board) along with one event of every kind: every key asked
for exists in both languages, no raw ``uw.text.`` key reaches a player, Spanish comes out Spanish, and the
English stays what it was.
"""
from __future__ import annotations

import dataclasses
import io
import random
import re
from pathlib import Path
from typing import Any, Iterator

import pytest
from PIL import Image, ImageFont

import table.underworlds.text as uwtext
from engine.core.rng import SeededRng
from engine.underworlds.system import UnderworldsSystem
from render.underworlds.hexboard import BoardWords
from table.i18n import fill, message, messages
from table.reply import Embed
from table.underworlds.board import board_words, render_view
from table.underworlds.text import (
    Names, action_label, combat_embeds, coverage_reply, event_line, face, hand_embed, panel_embed,
    step_text, victory_embed,
)

SYSTEM = UnderworldsSystem()
PLAYERS = {"player1": "Alicia", "player2": "Bruno"}
TEXT_PY = Path(uwtext.__file__)


def play(seed: int) -> Iterator[tuple[dict, dict, list[dict], list[dict]]]:
    """(view before, view of the seat that acted, its legal actions, events) for each decision of a seeded match."""
    rng, pick = SeededRng(bytes([seed + 1]) * 32), random.Random(seed)
    state = SYSTEM.setup({}, ("player1", "player2"), rng)
    for _ in range(400):
        if state["phase"] == "over":
            return
        seat = SYSTEM.view(state, None)["awaiting"][0]
        actions = SYSTEM.legal_actions(state, seat)
        view = SYSTEM.view(state, seat)
        state, events = SYSTEM.apply(state, seat, pick.choice(actions), rng)
        yield state, view, actions, events


def every_event(view: dict) -> list[dict]:
    """One event of every kind written as a line (and each variant), with fighters of the view."""
    f0, f1 = view["fighters"][0]["id"], view["fighters"][-1]["id"]
    return [
        {"type": "WarbandChosen", "player": "player1"},
        {"type": "TurnSkipped", "player": "player2", "round": 1},
        {"type": "WarbandChosenPrivately", "warband": "garreks-reavers"},
        {"type": "DeckChosen", "player": "player2"},
        {"type": "DeckChosenPrivately", "deck": "rimewyrms-bite-rivals"},
        {"type": "BoardPlayerChosen", "player": "player1"},
        {"type": "BoardChosen", "player": "player1", "board": "mirror-well"},
        {"type": "BoardsPlaced"},
        {"type": "FeatureTokenPlaced", "player": "player2", "hex": "c4"},
        {"type": "FeatureTokensRevealed"},
        {"type": "RedrawDecided", "player": "player2"},
        *({"type": "RedrawDecidedPrivately", "cards": c} for c in ("none", "objectives", "power", "all")),
        {"type": "RedrawsRevealed", "decisions": {"player1": "none", "player2": "all"}},
        {"type": "RedrawsRevealed", "decisions": {"player1": "objectives", "player2": "power"}},
        {"type": "CardsDrawnPrivately", "cards": ["45001"]},
        {"type": "CardsDrawn", "player": "player1", "count": 1, "deck": "objective"},
        {"type": "CardsDrawn", "player": "player1", "count": 3, "deck": "power"},
        {"type": "FirstToDeployChosen", "player": "player1"},
        {"type": "HaunchGained", "player": "player1", "amount": 1, "total": 3, "by": "referee"},
        {"type": "HaunchDiscarded", "player": "player1", "amount": 2, "total": 1, "by": "46017"},
        {"type": "BaneOfHeroesGiven", "player": "player1", "fighter": f1, "previous": f0, "by": "referee"},
        {"type": "BaneOfHeroesBroken", "player": "player1", "fighter": f1, "by": "47013"},
        {"type": "FighterPlaced", "fighter": f0, "hex": "b2"},
        {"type": "DeploymentFinished"},
        {"type": "RoundStarted", "round": 2},
        {"type": "FirstTurnChosen", "player": "player2"},
        {"type": "FighterMoved", "fighter": f0, "from": "a1", "to": "a2"},
        {"type": "FighterPushed", "fighter": f0, "from": "a1", "to": "a2", "how": "drive_back"},
        {"type": "FighterPushed", "fighter": f0, "from": "a1", "to": "a2", "how": "push"},
        {"type": "FighterCharged", "fighter": f0},
        {"type": "FighterGuarded", "fighter": f0},
        {"type": "FighterStunned", "fighter": f0, "target": f1},
        {"type": "FighterStaggered", "fighter": f0},
        {"type": "FighterDamaged", "fighter": f0, "amount": 2, "wounds": 3},
        {"type": "FighterHealed", "fighter": f0},
        {"type": "FighterOutOfAction", "fighter": f0},
        {"type": "FighterInspired", "fighter": f0},
        {"type": "FighterUninspired", "fighter": f0}, {"type": "MarkerGiven", "fighter": f0, "marker": "charge"},
        {"type": "ObjectiveDrawDeclined", "player": "player1"},
        {"type": "CardChoiceMade", "player": "player2", "name": "Brief Emergence"},
        {"type": "CardChoiceDeclined", "player": "player2", "name": "Brief Emergence"},
        {"type": "AttackFailed", "fighter": f0, "why": "target not in range or not visible"},
        {"type": "Backlash", "fighter": f0},
        {"type": "Ventured", "player": "player1"},
        {"type": "Planned", "player": "player1"},
        {"type": "PloyPlayed", "player": "player1", "name": "Ploy"},
        {"type": "SpellCast", "player": "player1", "name": "Spell"},
        {"type": "SpellFailed", "player": "player1", "name": "Spell"},
        {"type": "UpgradePlayed", "player": "player1", "name": "Upgrade", "fighter": f0},
        {"type": "ReactionDeclared", "player": "player1", "name": "Reaction"},
        *({"type": "Delved", "player": "player1", "fighter": f0, "token": "3", "side": s}
          for s in ("objective", "cover", "blocked")),
        {"type": "CardRecycled", "player": "player1", "name": "Card"},
        {"type": "ObjectiveRevealed", "player": "player1", "name": "Objective"},
        {"type": "ObjectiveScored", "player": "player1", "name": "Objective", "glory": 2},
        {"type": "ObjectiveDiscarded", "player": "player1", "name": "Objective"},
        {"type": "PowerCardDiscarded", "player": "player1", "name": "Power"},
        *({"type": "GloryGained", "player": "player1", "amount": 1, "reason": r}
          for r in ("bounty", "objective", "card", "referee")),
        {"type": "CardTextToSettle", "name": "Card", "text": "Its text."},
        {"type": "EndPhaseStarted", "round": 1},
        {"type": "RoundEnded", "round": 3},
        {"type": "MatchEnded"},
        *({"type": "RefereeAction", "by": "player1", "action": a, "reason": r} for a, r in referee_actions(f0)),
        *({"type": "RollOff", "why": w, "rolls": {"player1": ["critical", "hammer"], "player2": ["block", "swords"]},
           "winner": "player1"} for w in (*uwtext.ROLL_OFF_WHY, "Here it Comes!")),
        {"type": "RollOff", "why": "action phase", "rolls": {"player1": ["hammer"], "player2": ["hammer"]},
         "bonus": "player2", "winner": "player2"},
        {"type": "RollOff", "why": "boards", "rolls": {"player1": ["hammer"], "player2": ["critical"]}, "loser": "player1"},
        {"type": "RollOff", "why": "boards", "rolls": {"player1": ["hammer"], "player2": ["hammer"]}},
        {"type": "FirstToReactChosen", "player": "player2", "by": "player1", "step": "round_start"},
    ]


def referee_actions(fighter: str) -> list[tuple[dict, str | None]]:
    """Each referee action (``engine/underworlds/referee.py``) in each of its wordings, with a reason or not."""
    return [({"type": "AdjustWounds", "fighter": fighter, "delta": 2}, "Blazing Fury"),
            ({"type": "SetFighterHex", "fighter": fighter, "hex": "c4"}, None),
            ({"type": "SetFighterHex", "fighter": fighter, "hex": "c4", "hazards": False}, None),
            *(({"type": "AdjustMarker", "fighter": fighter, "marker": m, "delta": -1}, None)
              for m in ("move", "charge", "guard", "stagger")),
            ({"type": "FlipFeatureToken", "token": "3"}, None),
            ({"type": "MoveFeatureToken", "token": "3", "hex": "d5", "side": "cover"}, None),
            ({"type": "MoveFeatureToken", "token": "3"}, None),
            ({"type": "AdjustGlory", "player": "player2", "delta": 1, "spent": 0}, None),
            ({"type": "SetInspired", "fighter": fighter}, None),
            ({"type": "SetInspired", "fighter": fighter, "inspired": False}, None),
            ({"type": "BreakUpgrade", "fighter": fighter, "card": "Upgrade"}, None),
            *(({"type": "MoveCard", "to": to}, None) for to in ("hand", "discard", "deck_top")),
            ({"type": "MoveCard", "to": "deck_bottom", "card": "Card"}, None),
            ({"type": "AdjustHaunch", "player": "player1", "delta": 1}, None),
            ({"type": "SetTrait", "fighter": fighter, "trait": "Flying"}, None),
            ({"type": "SetTrait", "fighter": fighter, "trait": "Flying", "has": False}, None),
            ({"type": "HolyVessels", "subtracted": 1}, None),
            ({"type": "BaneOfHeroes", "fighter": fighter}, None),
            ({"type": "BaneOfHeroes"}, None),
            ({"type": "RefereeNote", "text": "Its text."}, None)]


def every_combat(view: dict) -> list[dict]:
    """An attack with every field of the combat embed."""
    f0, f1 = view["fighters"][0]["id"], view["fighters"][-1]["id"]
    return [
        {"type": "AttackDeclared", "fighter": f0, "target": f1, "attack": "Axe"},
        {"type": "AttackRolled", "dice": list(uwtext.FACES)},
        {"type": "AttackDieRerolled", "dice": []},
        {"type": "DefenceRolled", "dice": ["block", "dodge"]},
        *({"type": "AttackResolved", "result": r, "supports": 1, "defence_supports": 0, "attack_successes": 2,
           "attack_crits": 1, "defence_successes": 1, "defence_crits": 0, "trapped": True} for r in uwtext.OUTCOMES),
        {"type": "FighterDamaged", "fighter": f1, "amount": 2, "wounds": 2},
        {"type": "FighterPushed", "fighter": f1, "from": "a1", "to": "a2", "how": "drive_back"},
        {"type": "DriveBackDeclined"},
        {"type": "FighterOutOfAction", "fighter": f1},
        {"type": "GloryGained", "player": "player1", "amount": 1, "reason": "bounty"},
        {"type": "AttackFailed", "why": "target not in range or not visible"},
    ]


def every_action(view: dict) -> list[dict]:
    """One action of every kind (and each variant) labelled by ``action_label``."""
    f0, f1 = view["fighters"][0]["id"], view["fighters"][-1]["id"]
    card = next(iter(uwtext.cards()))
    actions = [{"type": t, "fighter": f0, "to": "c3"} for t in ("Move", "Charge", "Barge")]
    actions += [{"type": "Attack", "fighter": f0, "target": f1, "attack": 0},
                {"type": "Stun", "fighter": f0, "target": f1}, {"type": "DriveBack", "to": "c3"}]
    actions += [{"type": t, "fighter": f0} for t in ("Guard", "Delve")]
    actions += [{"type": t} for t in ("Venture", "Plan", "Pass", "FinishEndPhase", "DrawObjective")]
    actions += [{"type": "ChooseForCard", "card": card, "territory": t} for t in ("player1", "none")]
    actions += [{"type": "PlayPloy", "card": card, "target": f1, "pick": p} for p in ("player2", "heal")]
    actions += [{"type": t, "card": card, "fighter": f0, "target": f1, "hex": "c3"} for t in uwtext.CARD_ACTIONS]
    actions += [{"type": "ChooseWarband", "warband": "garreks-reavers"},
                {"type": "ChooseDeck", "deck": "rimewyrms-bite-rivals"}, {"type": "ChooseBoard", "board": "mirror-well"}]
    actions += [{"type": t, "player": "player2"}
                for t in ("ChooseBoardPlayer", "ChooseFirstToDeploy", "ChooseFirstTurn", "ChooseFirstToReact")]
    actions += [{"type": "PlaceBoards", "edge": e, "offset": 1, "first_orientation": 180} for e in ("long", "short")]
    actions += [{"type": "PlaceExtraBoard", "to": 1, "side": s, "offset": 2} for s in ("below", "above", "right", "left")]
    actions += [{"type": "PlaceFeatureToken", "hex": "c3"}, {"type": "PlaceFighter", "fighter": f0, "hex": "c3"}]
    actions += [{"type": "Redraw", "cards": c} for c in ("none", "objectives", "power", "all", "other")]
    actions += [{"type": "Reroll", "die": 0}, {"type": "Loot", "token": "blocked-1", "side": "cover"}]
    return actions


def every_attack_view() -> dict:
    """A view with one fighter whose attacks show every keyword and every attack symbol."""
    attacks = [{"name": f"Attack {i}", "dice": 2, "symbol": symbol, "range": 1, "damage": 2, "cleave": True,
                "ensnare": True, "scything": True, "stagger": True, "grievous": 1, "knockback": 1}
               for i, symbol in enumerate(("hammer", "swords", "channel", "focus"))]
    return {"fighters": [{"id": "player1:x", "name": "Xandire", "seat": "player1", "attacks": attacks}]}


def outcome_views(view: dict) -> list[dict]:
    """The view at the end of a match decided by each tie-breaker, with no winner."""
    return [{**view, "outcome": {"winner": None, "reason": reason, "glory": {"player1": 3, "player2": 3}}}
            for reason in ("glory", "survivors", "objectives", "draw")]


def strings(value: Any) -> Iterator[str]:
    """Every string inside embeds, replies, lists and dicts."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, Embed):
        yield from strings(dataclasses.asdict(value))
    elif hasattr(value, "to_json"):
        yield from strings(value.to_json())
    elif isinstance(value, dict):
        for v in value.values():
            yield from strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from strings(v)


def write_everything(lang: str) -> list[str]:
    """Every text the module writes over two seeded matches and every event kind, in one language."""
    out: list[Any] = []
    for seed in (1, 2):
        state = None
        for state, view, actions, events in play(seed):
            names = Names(view, PLAYERS, lang=lang)
            out.append(step_text(view, lang=lang))
            out += [action_label(a, names) for a in actions[:40]] + [action_label(a, names, costs=False)
                                                                     for a in actions[:40]]
            out += [line for e in events for line in [event_line(e, names)] if line]
            out += combat_embeds(events, names)
            out.append(panel_embed(view, names, match_id="m1"))
            if isinstance(view["players"]["player1"].get("power"), list):
                out.append(hand_embed(view, "player1", names))
        final = SYSTEM.view(state, None)
        names = Names(final, PLAYERS, lang=lang)
        out += [victory_embed(final, names, {"winner": None, "reason": reason}, "seed")
                for reason in ("concede", "abandon")]
        out += [event_line(e, names) for e in every_event(final)]
        out += combat_embeds(every_combat(final), names)
        out += [names.attack(f["id"], i) for f in final["fighters"] for i in range(-1, 3)]
        out += [action_label(a, names) for a in every_action(final)]
        out.append(panel_embed(final, names, match_id="m1"))
        haunch = {s: {**p, "haunch": 2} for s, p in final["players"].items()}  # Haunch counters, when any
        out.append(panel_embed({**final, "players": haunch}, names, match_id="m1"))
        for bane in ({"holder": final["fighters"][0]["id"], "broken": False}, {"holder": None, "broken": True}):
            players = {s: {**p, "bane": bane} for s, p in final["players"].items()}  # Bane of Heroes, when any
            out.append(panel_embed({**final, "players": players}, names, match_id="m1"))
        out += [victory_embed(v, names, None, None) for v in outcome_views(final)]
        # Three or four players: whose turn is next on the panel, a draw between some of them.
        out.append(panel_embed({**final, "seats": [*final["seats"], "player3"], "next_turn": "player2",
                                "players": {**final["players"], "player3": {**final["players"]["player1"],
                                                                            "conceded": True}}},
                               names, match_id="m1"))
        out.append(victory_embed({**final, "outcome": {"winner": None, "reason": "draw", "glory": {},
                                                      "drawn": final["seats"]}}, names, None, None))
    attackers = Names(every_attack_view(), PLAYERS, lang=lang)
    out += [attackers.attack("player1:x", i) for i in range(4)]
    by_type = {card.type: c for c, card in uwtext.cards().items()}
    hand = {"seats": ["player1"], "players": {"player1": {"objectives": [by_type["objective"]],
                                                          "power": [by_type["ploy"], by_type["upgrade"], "nope"]}}}
    out.append(hand_embed(hand, "player1", Names({}, PLAYERS, lang=lang)))
    out += [step_text({"prompt": {"kind": "setup"}, "setup": {"stage": s}}, lang=lang) for s in uwtext.STEPS]
    out += [step_text({"prompt": {"kind": s}}, lang=lang) for s in uwtext.STEPS]
    out += [step_text({"prompt": {"kind": "attack", "dice": ["hammer"], "attack": "Axe"}}, lang=lang)]
    out += [face(f, lang=lang) for f in uwtext.FACES]
    out.append(coverage_reply(lang=lang))
    return [s for s in strings(out) if s]


@pytest.fixture(scope="module")
def asked(request: pytest.FixtureRequest) -> dict[str, tuple[set[str], list[str]]]:
    """Per language: the catalogue keys text.py asked for, and every string it wrote."""
    out = {}
    for lang in ("en", "es"):
        keys: set[str] = set()

        def recording(code: str, lang: str = "en", **params: Any) -> str:
            keys.add(code)
            return message(code, lang, **params)

        def recording_fill(code: str, lang: str, params: dict[str, Any]) -> str:
            keys.add(code)
            return fill(code, lang, params)

        uwtext.recurring.cache_clear()  # words kept from earlier tests would not be asked for again
        uwtext._word.cache_clear()
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(uwtext, "message", recording)
            mp.setattr(uwtext, "fill", recording_fill)
            written = write_everything(lang)
        out[lang] = (keys, written)
    return out


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_key_asked_for_exists_in_both_languages(asked, lang: str):
    keys, _ = asked[lang]
    assert keys, "nothing went through the catalogue"
    for other in ("en", "es"):
        missing = sorted(k for k in keys if k not in messages(other))
        assert missing == [], f"keys asked for in {lang} but missing in {other}: {missing}"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_no_key_reaches_a_player(asked, lang: str):
    _, written = asked[lang]
    leaked = sorted({s for s in written if "uw.text." in s})
    assert leaked == []


UNREACHED = {"uw.text.coverage.other", "uw.text.card_type.objective", "uw.text.card_type.spell",
             "uw.text.coverage.pending"} | {f"uw.text.direction.{d}" for d in (
                 "east", "north_east", "north_west", "west", "south_west", "south_east")}
"""Keys for data that never occurs with the shipped cards: a card of no deck, an objective among power cards, a
spell card (none shipped yet), a card not automated (all 128 are; test_underworlds_table checks the list); and the
scatter dice's directions, which the matches above roll only some of (a scatter die to order needs two or more
directions rolled: the transcript sweep meets them)."""


def test_every_uw_text_key_is_written_somewhere(asked):
    """The matches above reach every key of the catalogue (the board's words are checked below)."""
    keys = asked["en"][0] | asked["es"][0]
    unused = sorted(k for k in messages("en") if k.startswith("uw.text.") and not k.startswith("uw.text.board.")
                    and k not in keys | UNREACHED)
    assert unused == []


def test_every_literal_key_in_text_py_exists():
    """``text("panel.title", ...)`` (or ``recurring(...)``) in text.py names ``uw.text.panel.title``; so do the
    tables of values."""
    source = TEXT_PY.read_text(encoding="utf-8")
    literal = set(re.findall(r'\b(?:text|recurring)\(\s*"([a-z_A-Z.]+)"', source))
    assert len(literal) > 30
    keys = {f"uw.text.{k}" for k in literal if not k.endswith(".")}
    prefixes = {f"uw.text.{k}" for k in literal if k.endswith(".")}  # text("action.cost." + ...)
    keys |= {f"uw.text.step.{s}" for s in uwtext.STEPS} | {f"uw.text.face.{f}" for f in uwtext.FACES}
    keys |= {f"uw.text.outcome.{o}" for o in uwtext.OUTCOMES} | {f"uw.text.why.{w}" for w in uwtext.WHY.values()}
    keys |= {f"uw.text.action.{a}" for a in uwtext.CARD_ACTIONS}
    keys |= {f"uw.text.board.{m}_letter" for m in uwtext.MARKERS}
    keys |= {f"uw.text.event.{e}" for e in uwtext.EVENTS if e not in ("CardsDrawn", "FighterPushed")}
    for lang in ("en", "es"):
        assert sorted(keys - messages(lang).keys()) == [], lang
        assert sorted(p for p in prefixes if not any(k.startswith(p) for k in messages(lang))) == [], lang


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_board_words_are_in_the_catalogue_and_drawable(lang: str):
    """One key per field of BoardWords, and every letter of them in the image's built-in font."""
    fields = [f.name for f in dataclasses.fields(BoardWords)]
    assert sorted(f"uw.text.board.{f}" for f in fields if f"uw.text.board.{f}" not in messages(lang)) == []
    font = ImageFont.load_default(size=20)

    def glyph(ch: str) -> tuple:
        mask = font.getmask(ch)
        return mask.size, Image.Image()._new(mask).tobytes()

    missing = glyph("\u0378")  # an unassigned code point: the font's missing-glyph box
    words = board_words(lang)
    bad = {f: getattr(words, f) for f in fields
           if any(ch != " " and glyph(ch) == missing for ch in getattr(words, f))}
    assert bad == {}, f"letters the board's font can't draw: {bad}"


def test_the_english_board_words_are_the_default_ones():
    assert board_words("en") == BoardWords()


def test_the_spanish_board_differs_from_the_english_one():
    for _, view, _, _ in play(1):
        if view.get("battlefield") and view["phase"] == "action":
            break
    english, spanish = render_view(view, names=PLAYERS), render_view(view, names=PLAYERS, lang="es")
    assert english == render_view(view, names=PLAYERS, lang="en")
    assert spanish != english
    assert Image.open(io.BytesIO(spanish)).size[0] == Image.open(io.BytesIO(english)).size[0]


def _action_view() -> tuple[dict, list[dict], list[dict]]:
    for _, view, actions, events in play(1):
        if view["phase"] == "action" and (view.get("prompt") or {}).get("kind") == "turn":
            return view, actions, events
    raise AssertionError("no activation step reached")


def test_spanish_steps_events_and_panel_read_spanish():
    view, actions, _ = _action_view()
    es, en = Names(view, PLAYERS, lang="es"), Names(view, PLAYERS)
    assert es.lang == "es" and en.lang == "en"
    assert step_text(view) == "activation: a fighter action or a player action"
    assert step_text(view, lang="es") == "activación: una acción de guerrero o una acción de jugador"
    fighter = view["fighters"][0]["id"]
    moved = {"type": "FighterMoved", "fighter": fighter, "from": "a1", "to": "b2"}
    assert event_line(moved, es) == f"{es.fighter(fighter)} se ha movido: a1 → b2."
    assert event_line(moved, en) == f"{en.fighter(fighter)} moved a1 → b2."
    out = {"type": "FighterOutOfAction", "fighter": fighter}
    assert "fuera de combate" in event_line(out, es)
    scored = {"type": "ObjectiveScored", "player": "player1", "name": "Seek the Cure", "glory": 1}
    assert event_line(scored, es) == "🏆 Alicia ha puntuado **Seek the Cure** (+1 de gloria)."
    panel = panel_embed(view, es, match_id="m1")
    assert panel.title == f"Underworlds · ronda {view['round']} · fase de acción"
    assert panel.description.startswith("**Se espera a:** ") and "**Paso:** activación" in panel.description
    lines = panel.fields[0].value
    assert "Banda: " in lines and "Gloria: **" in lines and "Activaciones restantes: **" in lines
    assert panel.fields[-1].name == "Guerreros (etiqueta · hexágono · heridas · marcadores)"
    assert panel.footer == "partida m1 · los comandos aceptan las coordenadas del tablero"
    english = panel_embed(view, en, match_id="m1")
    assert english.title == f"Underworlds · round {view['round']} · action"
    assert english.fields[-1].name == "Fighters (label · hex · wounds · markers)"
    labels = [action_label(a, es) for a in actions]
    assert any(label.startswith("Mover a ") and "hexágono" in label for label in labels)
    assert "Pasar" in labels and "Pass" in [action_label(a, en) for a in actions]


def test_spanish_combat_victory_hand_and_coverage():
    view, _, _ = _action_view()
    es = Names(view, PLAYERS, lang="es")
    combat = combat_embeds(every_combat(view), es)[0]
    names = [f.name for f in combat.fields]
    assert names[:3] == ["Dados de ataque", "Dados de ataque (tras repetir)", "Dados de defensa"]
    assert {"Éxitos", "Resultado", "Daño", "Presionado", "Fuera de combate", "Gloria"} <= set(names)
    assert "🔨golpe" in combat.fields[0].value and "⚔furia" in combat.fields[0].value
    assert " ataca a " in combat.title
    victory = victory_embed(view, es, {"winner": "player2"}, "abc")
    assert victory.title == "🏆 ¡Bruno gana!"
    assert "de gloria" in victory.description and victory.footer.startswith("semilla de dados abc")
    assert victory_embed(view, Names(view, PLAYERS), {"winner": "player2"}, None).title == "🏆 Bruno wins!"
    hand = hand_embed(view, "player1", es)
    assert hand.title == "Tu mano · Alicia"
    coverage = coverage_reply(lang="es").embeds[0]
    assert coverage.title == "Automatización de cartas" and " de 128 cartas automatizadas" in coverage.description
    assert coverage_reply().embeds[0].title == "Card automation"


def test_the_english_coverage_summary_is_the_engines():
    from engine.underworlds.effects import automation_coverage

    assert coverage_reply().embeds[0].description == automation_coverage()["summary"]


def test_an_attack_profile_in_both_languages():
    view, _, _ = _action_view()
    fighter = next(f for f in view["fighters"] if f.get("attacks"))
    a = fighter["attacks"][0]
    en, es = Names(view, PLAYERS).attack(fighter["id"], 0), Names(view, PLAYERS, lang="es").attack(fighter["id"], 0)
    assert en.startswith(f"{a['name']} ({a['dice']}×{a['symbol']}, range {a['range']}, {a['damage']} dmg")
    assert es.startswith(f"{a['name']} ({a['dice']}×") and f"alcance {a['range']}, {a['damage']} de daño" in es
    assert Names(view, PLAYERS, lang="es").attack(fighter["id"], 9) == "ataque 9"


def test_a_card_played_on_a_card_names_both_cards():
    """Issue 37: "Play Re-emergence · → 48014": a card action whose target is a card (Re-emergence brings back a
    discarded one) names the target card, never its number."""
    names = Names(every_attack_view(), PLAYERS)
    label = action_label({"type": "PlayPloy", "card": "48016", "target": "48014"}, names)
    assert "Deadly Wards" in label and "48014" not in label and "Heaving Ground" in label
    assert "Xandire" in action_label({"type": "PlayPloy", "card": "48016", "target": "player1:x"}, names)
