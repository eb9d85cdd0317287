"""Dragonbond at ``/roll dragonbond`` and ``/odds dragonbond``: coloured attack and defence dice (§3, §10.2)."""
from __future__ import annotations

from engine.core.rng import Rng
from engine.dragonbond import dice as db
from engine.dragonbond import odds as db_odds
from table.commands import Option
from table.dice_games import DiceGame, register
from table.dice_readers import RollReading, faces_line
from table.i18n import message
from table.odds import amount_bars, odds_reply
from table.reply import Field, Reply

COLOURS = ("black", "gray", "white")


def read(rng: Rng, *, attack: int, colour: str = "black", defence_colour: str | None = None,
         upgrades: int = 0, downgrades: int = 0, lang: str = "en") -> RollReading:
    """An attack by colour and, given the defender's colour, one defence die per standard hit (§3, §10.2).

    How the faces were reconstructed from the rulebook (some icons were lost) is in docs/rulings/dragonbond.md,
    not in a player's reply."""
    hit = db.roll(rng, db.Kind.ATTACK, colour, attack, upgrades=upgrades, downgrades=downgrades)
    lines = [message("dice.read.attack", lang, count=attack, die=message(f"dice.colour.{hit.shift.colour.value}", lang),
                     faces=faces_line([f.face for f in hit.faces], {}, "dragonbond", lang)),
             message("dice.read.db_hits", lang, hits=hit.hits, crits=hit.crits)]
    rolls = [{"die": f"dragonbond.attack_{hit.shift.colour.value}", "faces": [f.face for f in hit.faces]}]
    blocks = 0
    if defence_colour:
        guard = db.roll(rng, db.Kind.DEFENCE, defence_colour, hit.hits)  # criticals get no defence die
        blocks = guard.blocks
        lines.append(message("dice.read.db_defence", lang, count=len(guard.faces),
                             die=message(f"dice.colour.{guard.shift.colour.value}", lang),
                             faces=faces_line([f.face for f in guard.faces], {}, "dragonbond", lang)))
        rolls.append({"die": f"dragonbond.defence_{guard.shift.colour.value}",
                      "faces": [f.face for f in guard.faces]})
    wounds = db.wounds(hit.hits, hit.crits, blocks)
    summary = f"{wounds} wounds" if defence_colour else f"{hit.hits} hits, {hit.crits} critical"
    title = (message("dice.read.db_wounds_title", lang, wounds=wounds) if defence_colour
             else message("dice.read.db_hits_title", lang, hits=hit.hits, crits=hit.crits))
    return RollReading(title, lines, summary, rolls)


def odds(*, attack: int, colour: str = "black", defence_colour: str = "gray",
         upgrades: int = 0, downgrades: int = 0, lang: str = "en") -> Reply:
    """Wounds of one attack by colour (§10.2)."""
    chances = db_odds.wound_odds(colour, attack, defence_colour, attack_upgrades=upgrades,
                                 attack_downgrades=downgrades)
    bars = amount_bars(chances.wounds, "wounds", lang)
    fields = [Field(message("odds.mean_wounds", lang), f"{float(chances.expected):.2f}")]
    title = message("odds.db_title", lang, attack=attack,
                    colour=message(f"dice.colour.{chances.attack.colour.value}", lang),
                    defence=message(f"dice.colour.{chances.defence.colour.value}", lang))
    return odds_reply(title, bars, fields, lang=lang)


COLOUR = Option("colour", "Attack dice colour", required=False, choices=COLOURS)
SHIFTS = (Option("upgrades", "Upgrades to the attack", int, required=False, min=0, max=10),
          Option("downgrades", "Downgrades to the attack", int, required=False, min=0, max=10))

DICE = register(DiceGame(
    key="dragonbond", name="Dragonbond",
    roll_description="Dragonbond attack dice by colour, and the defence dice",
    roll_options=(Option("attack", "Attack dice", int, min=0, max=30), COLOUR,
                  Option("defence_colour", "Defender's dice colour (rolls one die per standard hit)",
                         required=False, choices=COLOURS), *SHIFTS),
    read=read,
    odds_description="Wound odds of a Dragonbond attack by colour",
    odds_options=(Option("attack", "Attack dice", int, min=1, max=20), COLOUR,
                  Option("defence_colour", "Defender's colour", required=False, choices=COLOURS), *SHIFTS),
    odds=odds,
    roll_example="attack:4 colour:black defence_colour:gray",
    odds_example="attack:4 colour:black defence_colour:gray"))
