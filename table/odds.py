"""``/odds``: exact chances shown as an embed and a small bar chart (computed by the engine, never sampled)."""
from __future__ import annotations

from fractions import Fraction

from engine.core.errors import InvalidInput
from engine.dragonbond import odds as db_odds
from engine.magewars import dice as mw_dice
from engine.magewars import odds as mw_odds
from engine.underworlds import dice as uw
from engine.underworlds import odds as uw_odds
from render.kit.chart import bar_chart, percent
from table.dice_readers import OUTCOME_NAMES, SAVE_ALIASES
from table.reply import Embed, Field, File, Reply


MAX_BARS = 20
"""Bars in one chart; a longer tail is merged into one "N or more" bar."""


def _amount_bars(distribution: dict[int, Fraction], unit: str) -> list[tuple[str, Fraction]]:
    """One bar per amount, the rare tail merged so the chart stays readable."""
    items = sorted(distribution.items())
    head, tail = items[:MAX_BARS - 1], items[MAX_BARS - 1:]
    bars = [(f"{k} {unit}", p) for k, p in head]
    if tail:
        bars.append((f"{tail[0][0]}+ {unit}", sum((p for _, p in tail), Fraction(0))))
    return bars


def _reply(title: str, bars: list[tuple[str, Fraction]], fields: list[Field], footer: str = "") -> Reply:
    chart = bar_chart(title, bars)
    return Reply(embeds=[Embed(title=title, description="\n".join(f"{name}: **{percent(p)}**" for name, p in bars),
                               fields=fields, footer=footer or "Exact odds, counted over every face.",
                               image="odds.png")],
                 files=[File("odds.png", chart)])


def underworlds_odds(*, attack: int, symbol: str = "hammer", defence: int = 1, save: str = "block",
                     supports: int = 0, defence_supports: int = 0, cleave: bool = False, ensnare: bool = False,
                     guard: bool = False, cover: bool = False, trapped: bool = False, staggered: bool = False,
                     damage: int = 1, wounds: int = 0, grievous: int = 0) -> Reply:
    """Outcome chances of one Underworlds attack, with damage and take-out chances (§19)."""
    save_symbol = SAVE_ALIASES.get(save.lower())
    if save_symbol is None:
        raise InvalidInput("roll.bad_save", save=save, example="save:block")
    if damage < 0 or wounds < 0 or grievous < 0:
        raise InvalidInput("odds.bad_number", example="damage:2 wounds:3")
    combat = uw.Combat(dice_symbol=symbol.lower(), defence_symbol=save_symbol, attack_supports=supports,
                       defence_supports=defence_supports, cleave=cleave, ensnare=ensnare, on_guard=guard,
                       in_cover=cover, trapped=trapped)
    reroll = uw_odds.Reroll.BEST if staggered else uw_odds.Reroll.NONE
    odds = uw_odds.attack_odds(attack, defence, combat, reroll)
    bars = [(OUTCOME_NAMES[o.value], odds.outcomes[o]) for o in uw.Outcome]
    fields = [Field("Damage dealt", " · ".join(f"{k}: {percent(p)}" for k, p in
                                               odds.damage(damage, grievous=grievous).items())),
              Field("Chance to deal damage", percent(odds.success))]
    if wounds:
        fields.append(Field(f"Takes out a fighter with {wounds} wounds left",
                            percent(odds.take_out(wounds, damage, grievous=grievous))))
    if combat.spell:
        fields.append(Field("Backlash (2+ crits)", percent(odds.backlash)))
    extras = [n for n, on in (("cleave", cleave), ("ensnare", ensnare), ("guard", guard), ("cover", cover),
                              ("trapped", trapped), ("staggered: best re-roll of one die", staggered)) if on]
    title = f"{attack} {symbol} vs {defence} {save_symbol}" + (f" ({', '.join(extras)})" if extras else "")
    return _reply(title, bars, fields)


def magewars_odds(*, dice: int, armor: int = 0, piercing: int = 0, effects: str = "") -> Reply:
    """Damage after armor, criticals ignoring it, and the chance of each effect-table row (§10.3)."""
    table = mw_dice.parse_effect_table(effects) if effects else ()
    odds = mw_odds.attack_odds(dice, armor=armor, piercing=piercing, effects=table)
    bars = _amount_bars(odds.damage, "damage")
    fields = [Field("Mean damage", f"{float(odds.expected_damage):.2f}")]
    if table:
        fields.append(Field("Effects", "\n".join(f"{name}: {percent(p)}" for name, p in odds.effects.items()),
                            inline=False))
    return _reply(f"{dice} attack dice vs armor {armor}", bars, fields)


def dragonbond_odds(*, attack: int, colour: str = "black", defence_colour: str = "gray",
                    upgrades: int = 0, downgrades: int = 0) -> Reply:
    """Wounds of one Dragonbond attack by colour (§10.2); uncertain faces are flagged."""
    odds = db_odds.wound_odds(colour, attack, defence_colour, attack_upgrades=upgrades,
                              attack_downgrades=downgrades)
    bars = _amount_bars(odds.wounds, "wounds")
    fields = [Field("Mean wounds", f"{float(odds.expected):.2f}")]
    footer = "Exact odds, counted over every face."
    if odds.uncertain:
        footer += f" {percent(odds.uncertain)} of outcomes involve a reconstructed (uncertain) face."
    return _reply(f"{attack} {odds.attack.colour.value} vs {odds.defence.colour.value} defence", bars, fields, footer)
