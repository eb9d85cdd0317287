"""Dragonbond at ``/roll dragonbond`` and ``/odds dragonbond``: coloured attack and defence dice (§3, §10.2)."""
from __future__ import annotations

from engine.core.rng import Rng
from engine.dragonbond import dice as db
from engine.dragonbond import odds as db_odds
from table.commands import Option
from table.dice_games import DiceGame, register
from table.dice_readers import RollReading
from table.odds import FOOTER, amount_bars, odds_reply, percent
from table.reply import Field, Reply

COLOURS = ("black", "gray", "white")


def read(rng: Rng, *, attack: int, colour: str = "black", defence_colour: str | None = None,
         upgrades: int = 0, downgrades: int = 0) -> RollReading:
    """An attack by colour and, given the defender's colour, one defence die per standard hit (§3, §10.2)."""
    hit = db.roll(rng, db.Kind.ATTACK, colour, attack, upgrades=upgrades, downgrades=downgrades)
    lines = [f"**Attack** ({attack} × {hit.shift.colour.value}): " + " ".join(f"`{f.face}`" for f in hit.faces),
             f"Hits {hit.hits} · critical hits {hit.crits}"]
    rolls = [{"die": f"dragonbond.attack_{hit.shift.colour.value}", "faces": [f.face for f in hit.faces]}]
    uncertain = list(hit.uncertain)
    blocks = 0
    if defence_colour:
        guard = db.roll(rng, db.Kind.DEFENCE, defence_colour, hit.hits)  # criticals get no defence die
        blocks = guard.blocks
        lines.append(f"**Defence** ({len(guard.faces)} × {guard.shift.colour.value}, one per standard hit): "
                     + " ".join(f"`{f.face}`" for f in guard.faces))
        rolls.append({"die": f"dragonbond.defence_{guard.shift.colour.value}",
                      "faces": [f.face for f in guard.faces]})
        uncertain += guard.uncertain
    wounds = db.wounds(hit.hits, hit.crits, blocks)
    if uncertain:
        lines.append("⚠️ Uncertain faces (reconstructed; the rulebook's icons were lost): " + "; ".join(uncertain))
    summary = f"{wounds} wounds" if defence_colour else f"{hit.hits} hits, {hit.crits} critical"
    return RollReading(f"Dragonbond attack: {summary}", lines, summary, rolls)


def odds(*, attack: int, colour: str = "black", defence_colour: str = "gray",
         upgrades: int = 0, downgrades: int = 0) -> Reply:
    """Wounds of one attack by colour (§10.2); uncertain faces are flagged."""
    chances = db_odds.wound_odds(colour, attack, defence_colour, attack_upgrades=upgrades,
                                 attack_downgrades=downgrades)
    bars = amount_bars(chances.wounds, "wounds")
    fields = [Field("Mean wounds", f"{float(chances.expected):.2f}")]
    footer = FOOTER
    if chances.uncertain:
        footer += f" {percent(chances.uncertain)} of outcomes involve a reconstructed (uncertain) face."
    return odds_reply(f"{attack} {chances.attack.colour.value} vs {chances.defence.colour.value} defence",
                      bars, fields, footer)


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
