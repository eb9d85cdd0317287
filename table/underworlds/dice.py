"""Underworlds at ``/roll underworlds`` and ``/odds underworlds``: attack and defence rolls, exact odds (§19)."""
from __future__ import annotations

from engine.core.dice import get_die, roll
from engine.core.errors import InvalidInput
from engine.core.rng import Rng
from engine.underworlds import dice as uw
from engine.underworlds import odds as uw_odds
from table.commands import Option
from table.dice_games import DiceGame, register
from table.dice_readers import RollReading, face_name, faces_line
from table.i18n import message
from table.odds import odds_reply, percent
from table.reply import Field, Reply

EMOJI = {"critical": "✴️", "hammer": "🔨", "swords": "⚔️", "block": "🛡️", "dodge": "💨",
         "single_support": "👤", "double_support": "👥", "channel": "🌀", "focus": "🔮"}
OUTCOME_NAMES = {"critical_hit": "Critical hit", "hit": "Hit", "draw": "Draw", "miss": "Miss",
                 "critical_defence": "Critical defence"}
SAVE_ALIASES = {"shield": "block", "block": "block", "dodge": "dodge"}
"""Defence symbols as typed (the local table also takes ``shield``) and as the engine names them."""

ATTACK_SYMBOLS = ("hammer", "swords", "channel", "focus")
SAVES = ("block", "dodge")


def _save_symbol(save: str) -> str:
    symbol = SAVE_ALIASES.get(save.lower())
    if symbol is None:
        raise InvalidInput("roll.bad_save", save=save, example="save:block")
    return symbol


def read(rng: Rng, *, attack: int, symbol: str = "hammer", defence: int = 0, save: str = "block",
         supports: int = 0, defence_supports: int = 0, lang: str = "en") -> RollReading:
    """An attack roll, and the defence roll against it when ``defence`` > 0 (§19.2)."""
    save_symbol = _save_symbol(save)
    combat = uw.Combat(dice_symbol=symbol.lower(), defence_symbol=save_symbol,
                       attack_supports=supports, defence_supports=defence_supports)
    attack_faces = roll(rng, get_die("underworlds", combat.attack_die), attack)
    lines = [message("dice.read.attack", lang, count=attack, die=face_name("underworlds", symbol.lower(), lang),
                     faces=faces_line(attack_faces, EMOJI, "underworlds", lang))]
    rolls = [{"die": f"underworlds.{combat.attack_die}", "faces": attack_faces}]
    if defence == 0 and attack:
        tally = uw.count_attack(attack_faces, combat)
        summary = f"{tally.successes} successes ({tally.crits} critical)"
        title = message("dice.read.uw_attack_title", lang, successes=tally.successes, crits=tally.crits)
        return RollReading(title, lines, summary, rolls)
    defence_faces = roll(rng, get_die("underworlds", "defence"), defence)
    lines.append(message("dice.read.defence", lang, count=defence, die=face_name("underworlds", save_symbol, lang),
                         faces=faces_line(defence_faces, EMOJI, "underworlds", lang)))
    rolls.append({"die": "underworlds.defence", "faces": defence_faces})
    result = uw.determine_successes(attack_faces, defence_faces, combat)
    lines.append(message("dice.read.uw_successes", lang, attack=result.attack.successes,
                         attack_crits=result.attack.crits, defence=result.defence.successes,
                         defence_crits=result.defence.crits))
    name = OUTCOME_NAMES[result.outcome.value]
    title = message("dice.read.uw_combat_title", lang,
                    outcome=message(f"dice.outcome.underworlds.{result.outcome.value}", lang))
    return RollReading(title, lines, name, rolls)


def odds(*, attack: int, symbol: str = "hammer", defence: int = 1, save: str = "block",
         supports: int = 0, defence_supports: int = 0, cleave: bool = False, ensnare: bool = False,
         guard: bool = False, cover: bool = False, trapped: bool = False, staggered: bool = False,
         damage: int = 1, wounds: int = 0, grievous: int = 0, lang: str = "en") -> Reply:
    """Outcome chances of one attack, with damage and take-out chances (§19)."""
    save_symbol = _save_symbol(save)
    if damage < 0 or wounds < 0 or grievous < 0:
        raise InvalidInput("odds.bad_number", example="damage:2 wounds:3")
    combat = uw.Combat(dice_symbol=symbol.lower(), defence_symbol=save_symbol, attack_supports=supports,
                       defence_supports=defence_supports, cleave=cleave, ensnare=ensnare, on_guard=guard,
                       in_cover=cover, trapped=trapped)
    reroll = uw_odds.Reroll.BEST if staggered else uw_odds.Reroll.NONE
    chances = uw_odds.attack_odds(attack, defence, combat, reroll)
    bars = [(message(f"dice.outcome.underworlds.{o.value}", lang), chances.outcomes[o]) for o in uw.Outcome]
    fields = [Field(message("odds.uw_damage_dealt", lang),
                    " · ".join(f"{k}: {percent(p)}" for k, p in chances.damage(damage, grievous=grievous).items())),
              Field(message("odds.uw_chance_to_damage", lang), percent(chances.success))]
    if wounds:
        fields.append(Field(message("odds.uw_takes_out", lang, wounds=wounds),
                            percent(chances.take_out(wounds, damage, grievous=grievous))))
    if combat.spell:
        fields.append(Field(message("odds.uw_backlash", lang), percent(chances.backlash)))
    extras = [message(f"odds.uw_extra.{n}", lang) for n, on in (
        ("cleave", cleave), ("ensnare", ensnare), ("guard", guard), ("cover", cover), ("trapped", trapped),
        ("staggered", staggered)) if on]
    title = message("odds.uw_title", lang, attack=attack, symbol=face_name("underworlds", symbol.lower(), lang),
                    defence=defence, save=face_name("underworlds", save_symbol, lang))
    title += f" ({', '.join(extras)})" if extras else ""
    return odds_reply(title, bars, fields, lang=lang)


def _small(name: str, description: str) -> Option:
    return Option(name, description, int, required=False, min=0, max=10)


def _flag(name: str, description: str) -> Option:
    return Option(name, description, bool, required=False)


SYMBOL = Option("symbol", "The attack's symbol", required=False, choices=ATTACK_SYMBOLS)
SAVE = Option("save", "The target's defence symbol", required=False, choices=SAVES)
SUPPORTS = (_small("supports", "Attacker's supporting fighters"),
            _small("defence_supports", "Target's supporting fighters"))

DICE = register(DiceGame(
    key="underworlds", name="Warhammer Underworlds",
    roll_description="Underworlds attack roll, and the defence roll against it",
    roll_options=(Option("attack", "Attack dice", int, min=0, max=30), SYMBOL,
                  Option("defence", "Defence dice", int, required=False, min=0, max=30), SAVE, *SUPPORTS),
    read=read,
    odds_description="Exact outcome odds of an Underworlds attack",
    odds_options=(Option("attack", "Attack dice", int, min=1, max=20),
                  Option("defence", "Defence dice", int, required=False, min=0, max=20), SYMBOL, SAVE, *SUPPORTS,
                  _flag("cleave", "The attack has Cleave"), _flag("ensnare", "The attack has Ensnare"),
                  _flag("guard", "The target is on Guard"), _flag("cover", "The target is in cover"),
                  _flag("trapped", "The target is trapped"),
                  _flag("staggered", "The target is staggered (re-roll one attack die)"),
                  _small("damage", "The attack's Damage"), _small("wounds", "Wounds the target has left"),
                  _small("grievous", "Grievous X of the attack")),
    odds=odds,
    roll_example="attack:3 symbol:hammer defence:2 save:block supports:1",
    odds_example="attack:3 defence:2 supports:1 staggered:yes damage:2 wounds:3"))
