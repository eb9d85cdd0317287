"""Rolling and reading each game's dice for ``/roll``: the rules come from the engine, the words from here.

Each reader takes a random source and the user's options and returns a ``RollReading``:
what to show and a one-line summary for the match log.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from engine.core import expr as dice_expr
from engine.core.dice import get_die, roll
from engine.core.errors import InvalidInput
from engine.core.rng import Rng
from engine.dragonbond import dice as db
from engine.magewars import dice as mw
from engine.underworlds import dice as uw

UW_EMOJI = {"critical": "✴️", "hammer": "🔨", "swords": "⚔️", "block": "🛡️", "dodge": "💨",
            "single_support": "👤", "double_support": "👥", "channel": "🌀", "focus": "🔮"}
MW_EMOJI = {"blank": "▫️", "normal_1": "1", "normal_2": "2", "critical_1": "1✦", "critical_2": "2✦"}
OUTCOME_NAMES = {"critical_hit": "Critical hit", "hit": "Hit", "draw": "Draw", "miss": "Miss",
                 "critical_defence": "Critical defence"}
SAVE_ALIASES = {"shield": "block", "block": "block", "dodge": "dodge"}


@dataclass(slots=True)
class RollReading:
    """What a roll showed, ready for an embed."""

    title: str
    lines: list[str] = field(default_factory=list)
    summary: str = ""
    rolls: list[dict] = field(default_factory=list)
    """``{"die": ..., "faces": [...]}`` for each pool, kept in the log."""


def faces_line(faces: list[str], emoji: dict[str, str]) -> str:
    """Faces as emoji with their names, in the order rolled."""
    return " ".join(f"{emoji.get(f, '')}`{f}`" for f in faces) or "—"


def read_expression(rng: Rng, expr: str) -> RollReading:
    """A polyhedral expression (``4d6kh3``) through the d20 library."""
    result = dice_expr.roll_expr(rng, expr)
    return RollReading(f"🎲 {expr} = {result.total}", [result.breakdown],
                       f"rolled {expr}: {result.total}")


def read_underworlds(rng: Rng, *, attack: int, symbol: str = "hammer", defence: int = 0, save: str = "block",
                     supports: int = 0, defence_supports: int = 0) -> RollReading:
    """An Underworlds attack roll, and the defence roll against it when ``defence`` > 0 (§19.2)."""
    save_symbol = SAVE_ALIASES.get(save.lower())
    if save_symbol is None:
        raise InvalidInput("roll.bad_save", save=save, example="save:block")
    combat = uw.Combat(dice_symbol=symbol.lower(), defence_symbol=save_symbol,
                       attack_supports=supports, defence_supports=defence_supports)
    attack_faces = roll(rng, get_die("underworlds", combat.attack_die), attack)
    lines = [f"**Attack** ({attack} × {symbol}): {faces_line(attack_faces, UW_EMOJI)}"]
    rolls = [{"die": f"underworlds.{combat.attack_die}", "faces": attack_faces}]
    if defence == 0 and attack:
        tally = uw.count_attack(attack_faces, combat)
        summary = f"{tally.successes} successes ({tally.crits} critical)"
        return RollReading(f"Underworlds attack roll: {summary}", lines, summary, rolls)
    defence_faces = roll(rng, get_die("underworlds", "defence"), defence)
    lines.append(f"**Defence** ({defence} × {save_symbol}): {faces_line(defence_faces, UW_EMOJI)}")
    rolls.append({"die": "underworlds.defence", "faces": defence_faces})
    result = uw.determine_successes(attack_faces, defence_faces, combat)
    lines.append(f"Successes: attack {result.attack.successes} ({result.attack.crits} critical) · "
                 f"defence {result.defence.successes} ({result.defence.crits} critical)")
    name = OUTCOME_NAMES[result.outcome.value]
    return RollReading(f"Underworlds combat: {name}", lines, name, rolls)


def read_magewars(rng: Rng, *, dice: int, armor: int = 0, effect: bool = False) -> RollReading:
    """A Mage Wars attack roll: normal damage reduced by armor, critical damage ignoring it (§10.3)."""
    if armor < 0:
        raise InvalidInput("roll.bad_armor", armor=armor, example="armor:2")
    faces = roll(rng, mw.attack_die(), dice)
    damage = mw.read_attack_roll(faces, armor=armor)
    lines = [f"**Attack dice** ({dice}): {faces_line(faces, MW_EMOJI)}",
             f"Normal {damage.normal_rolled} − armor {damage.armor} = **{damage.normal}** · "
             f"critical **{damage.critical}** (ignores armor)"]
    rolls = [{"die": "magewars.attack", "faces": faces}]
    if effect:
        d12 = roll(rng, mw.effect_die(), 1)
        lines.append(f"**Effect die**: {d12[0]}")
        rolls.append({"die": "magewars.effect", "faces": d12})
    summary = f"{damage.total} damage"
    return RollReading(f"Mage Wars attack: {summary}", lines, summary, rolls)


def read_dragonbond(rng: Rng, *, attack: int, colour: str = "black", defence_colour: str | None = None,
                    upgrades: int = 0, downgrades: int = 0) -> RollReading:
    """A Dragonbond attack by colour and, given the defender's colour, one defence die per standard hit (§3, §10.2)."""
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


READERS: dict[str, Callable[..., RollReading]] = {
    "expr": read_expression, "underworlds": read_underworlds, "magewars": read_magewars,
    "dragonbond": read_dragonbond}
"""Every reader by name: a logged roll names its reader and options, so it can be replayed."""


def read(name: str, rng: Rng, options: dict[str, Any]) -> RollReading:
    """Roll with the reader called ``name``."""
    return READERS[name](rng, **options)
