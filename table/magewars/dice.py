"""Mage Wars at ``/roll magewars`` and ``/odds magewars``: attack dice against armor, the effect die (§10.3)."""
from __future__ import annotations

from engine.core.dice import roll
from engine.core.errors import InvalidInput
from engine.core.rng import Rng
from engine.magewars import dice as mw
from engine.magewars import odds as mw_odds
from table.commands import Option
from table.dice_games import DiceGame, register
from table.dice_readers import RollReading, faces_line
from table.i18n import message
from table.odds import amount_bars, odds_reply, percent
from table.reply import Field, Reply

EMOJI = {"blank": "▫️", "normal_1": "1", "normal_2": "2", "critical_1": "1✦", "critical_2": "2✦"}


def read(rng: Rng, *, dice: int, armor: int = 0, effect: bool = False, lang: str = "en") -> RollReading:
    """An attack roll: normal damage reduced by armor, critical damage ignoring it (§10.3)."""
    if armor < 0:
        raise InvalidInput("roll.bad_armor", armor=armor, example="armor:2")
    faces = roll(rng, mw.attack_die(), dice)
    damage = mw.read_attack_roll(faces, armor=armor)
    lines = [message("dice.read.mw_attack", lang, count=dice, faces=faces_line(faces, EMOJI, "magewars", lang)),
             message("dice.read.mw_damage", lang, rolled=damage.normal_rolled, armor=damage.armor,
                     normal=damage.normal, critical=damage.critical)]
    rolls = [{"die": "magewars.attack", "faces": faces}]
    if effect:
        d12 = roll(rng, mw.effect_die(), 1)
        lines.append(message("dice.read.mw_effect", lang, face=d12[0]))
        rolls.append({"die": "magewars.effect", "faces": d12})
    summary = f"{damage.total} damage"
    return RollReading(message("dice.read.mw_title", lang, damage=damage.total), lines, summary, rolls)


def odds(*, dice: int, armor: int = 0, piercing: int = 0, effects: str = "", lang: str = "en") -> Reply:
    """Damage after armor, criticals ignoring it, and the chance of each effect-table row (§10.3)."""
    table = mw.parse_effect_table(effects) if effects else ()
    chances = mw_odds.attack_odds(dice, armor=armor, piercing=piercing, effects=table)
    bars = amount_bars(chances.damage, "damage", lang)
    fields = [Field(message("odds.mean_damage", lang), f"{float(chances.expected_damage):.2f}")]
    if table:
        fields.append(Field(message("odds.effects", lang),
                            "\n".join(f"{name}: {percent(p)}" for name, p in chances.effects.items()), inline=False))
    return odds_reply(message("odds.mw_title", lang, dice=dice, armor=armor), bars, fields, lang=lang)


ARMOR = Option("armor", "The target's armor", int, required=False, min=0, max=10)

DICE = register(DiceGame(
    key="magewars", name="Mage Wars",
    roll_description="Mage Wars attack dice against armor, and the effect die",
    roll_options=(Option("dice", "Attack dice", int, min=0, max=30), ARMOR,
                  Option("effect", "Also roll the d12 effect die", bool, required=False)),
    read=read,
    odds_description="Damage after armor and effect chances of a Mage Wars attack",
    odds_options=(Option("dice", "Attack dice", int, min=1, max=20), ARMOR,
                  Option("piercing", "Piercing of the attack", int, required=False, min=0, max=10),
                  Option("effects", "The effect table, e.g. 6-10 = Daze; 11+ = Stun", required=False, min=0, max=100)),
    odds=odds,
    roll_example="dice:5 armor:2 effect:yes",
    odds_example='dice:4 armor:2 effects:"6-10 = Daze; 11+ = Stun"'))
