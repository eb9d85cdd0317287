"""Dragonbond: Batallas de Valerna data packs: the unit cards, powers and cards a community types in.

No unit card of the game is public (§28 of ``shared/rules/dragonbond.md``), so every profile comes
from a pack. A pack document is the shared envelope (the fields of :class:`~engine.core.pack.PackHeader`)
plus ``entries``, a :class:`DragonbondPack`: unit cards (heroes, dragons, mounts and Epic Creatures
are unit cards too, told apart by their keywords, §2.2, §23.1), powers, Vaala, Command and Artifact
cards, and force lists (§25.2) to play them with. Field names are English; each field's description
gives the rulebook's Spanish term. Any number no public source gives may be written ``unknown``
(``Maybe``); :func:`engine.core.pack.unknowns` lists them. A training pack lists its invented values
in ``training_values`` and its rulebook facts in ``sources`` (paths in the notation of ``unknowns``, relative
to ``entries``). :class:`DragonbondDocument` is the whole document.

:func:`check` finds what a schema cannot: references to entries that are not in the pack, duplicate
ids, force lists that break the list-building rules. "§" is a section of the rules digest.
"""
from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import Field

from engine.core.pack import Id, Maybe, PackHeader, Problem, Strict, Text, document_schema
from engine.dragonbond.dice import Colour

Count = Annotated[int, Field(ge=1, le=100)]
Points = Annotated[int, Field(ge=0, le=1000)]
Inches = Annotated[float, Field(ge=0, le=120)]
Name = Annotated[str, Field(min_length=1, max_length=100)]
Keyword = Annotated[str, Field(min_length=1, max_length=60)]

# Unit keywords the rules read (§23.1), spelled as the cards print them. ``Comandar`` and ``Vaala``
# may carry a parenthesised argument: "Comandar (Asesinos Shev)", "Vaala (Lanza Sueños)".
HERO = "Héroe"
DRAGON = "Dragón"
DRAGON_RIDER = "Jinete de Dragones"
MOUNT = "Montura"
EPIC = "Épica"
VAALA = "Vaala"
COMMAND = "Comandar"
GAME_SIZES = (50, 100, 150)
"""Skirmish, standard and full army (§25.1)."""
CARD_COST = 1
"""Points per Vaala, Command or Artifact card bought at list building (§16, §19.1, §25.2)."""


def keyword_name(keyword: str) -> str:
    """``"Comandar (Asesinos Shev)"`` -> ``"Comandar"``."""
    return keyword.split("(", 1)[0].strip()


def keyword_argument(keyword: str) -> str | None:
    """``"Comandar (Asesinos Shev)"`` -> ``"Asesinos Shev"``; None without parentheses."""
    if "(" not in keyword:
        return None
    return keyword.split("(", 1)[1].rsplit(")", 1)[0].strip()


class PowerType(StrEnum):
    """When a power is used (Tipo de poder, §15)."""

    PASSIVE = "passive"
    """Pasivo: always in effect."""
    ACTIVE = "active"
    """Activo: the unit's action (Activar Poder)."""
    REACTION = "reaction"
    """Reacción: when its trigger occurs, in any turn."""


class Trigger(StrEnum):
    """A reaction's trigger in a form the engine detects (detonante, §11.2, §16): it then asks the holder at
    that moment. For a power the unit concerned is the power's own unit; for a card, any unit of its player
    (a Vaala card played on an attack needs the attacker to be a *Vaala* unit, seed 003 l.172)."""

    ATTACK_DECLARED = "attack_declared"
    """After one of your units declares an attack (melee or ranged)."""
    RANGED_ATTACK_DECLARED = "ranged_attack_declared"
    """After one of your units declares a ranged attack ("tras declarar un ataque a distancia", l.172)."""
    MELEE_ATTACK_DECLARED = "melee_attack_declared"
    """After one of your units declares a melee attack (a charge's included)."""
    TARGETED = "targeted"
    """After an enemy declares an attack against one of your units."""
    CHARGED = "charged"
    """After an enemy declares a charge against one of your units."""
    WOUNDED = "wounded"
    """After one of your units suffers wounds."""
    DESTROYED = "destroyed"
    """After one of your units is destroyed."""


class EffectKind(StrEnum):
    """What a power's or card's effect does, in a form the engine applies (§15, §16). A text the kinds cannot say
    has no ``effects``: it is played and settled with referee actions."""

    DAMAGE = "damage"
    """Roll ``dice`` attack dice of ``colour``: each hit and critical a wound, no defence ("Inflige [N dados de
    ataque negros] heridas", seed 003 l.772, §10.4)."""
    HEAL = "heal"
    """Remove up to ``count`` wounds from the unit (never a model already removed)."""
    MOVE = "move"
    """The unit may move up to ``inches`` (its owner picks an offered destination, or stays), as a March."""
    SHIFT = "shift"
    """A buff or debuff: ``count`` upgrades (positive) or downgrades (negative) of the unit's ``roll`` (attack or
    defence dice colour, §3.4) until ``until``."""
    MARKER = "marker"
    """Add ``count`` ``marker`` markers to the unit (a negative count removes them, never below none; §14)."""
    EXTRA_ACTION = "extra_action"
    """The unit takes one more action at the end of its activation (no fatigue for it), if it can still act."""
    REROLL = "reroll"
    """The unit's next attack re-rolls up to ``count`` of its attack dice that missed."""


class EffectWho(StrEnum):
    """Which unit an effect acts on."""

    TARGET = "target"
    """The unit aimed at: an active power's chosen target, or the other unit of a reaction's trigger (the attacker
    or the attacked)."""
    SELF = "self"
    """The power's own unit, or the unit of the player's the card's trigger concerns."""


class Effect(Strict):
    """One structured effect of a power or card (efecto). Only the fields its ``kind`` reads are given."""

    kind: EffectKind
    who: EffectWho = Field(default=EffectWho.TARGET, description="The unit it acts on")
    dice: Maybe[Count] | None = Field(default=None, description="damage: attack dice rolled")
    colour: Maybe[Colour] | None = Field(default=None, description="damage: their colour")
    count: Maybe[Annotated[int, Field(ge=-20, le=20)]] | None = Field(
        default=None, description="heal: wounds removed; shift: upgrades (+) or downgrades (-); marker: markers added "
                                  "(-: removed); reroll: dice re-rolled")
    inches: Maybe[Inches] | None = Field(default=None, description="move: the most it moves")
    marker: Literal["slowed", "poison", "immobilized"] | None = Field(
        default=None, description="marker: which (ralentizado, veneno, inmovilizado, §14)")
    roll: Literal["attack", "defence"] | None = Field(default=None, description="shift: which dice")
    until: Literal["activation", "round"] | None = Field(
        default=None, description="shift: until the end of the unit's next activation, or of the round")
    condition: Literal["attack_wounds"] | None = Field(
        default=None, description="attack_wounds: only if the attack its trigger declared inflicts 1 or more wounds "
                                  "(applied once that attack is resolved)")


Effects = list[Effect] | None


class Attack(Strict):
    """A melee attack profile (Ataque cuerpo a cuerpo, §2.3, §10): dice per model."""

    dice: Maybe[Count] = Field(description="Attack dice per model (dados de ataque por miniatura)")
    colour: Maybe[Colour] = Field(description="Colour of those dice (color: negro, gris, blanco)")
    keywords: list[Keyword] = Field(default=[], description="Attack keywords (claves de ataque), e.g. Asesinar")


class RangedAttack(Attack):
    """A ranged attack profile (Ataque a distancia, §2.3, §10.1)."""

    range: Maybe[Inches] = Field(description='Range in inches (alcance)')


class Profile(Strict):
    """One side of a unit card: what the attack, defence and movement rules read."""

    health: Maybe[Count] = Field(description="Wounds that remove one model (salud, +)")
    speed: Maybe[Inches] = Field(description="Inches of movement (velocidad de movimiento)")
    defence: Maybe[Colour] = Field(description="Defence die colour, one die per standard hit (dado de defensa)")
    melee: Attack | None = Field(description="Melee attack (ataque cuerpo a cuerpo); null: none")
    ranged: RangedAttack | None = Field(description="Ranged attack (ataque a distancia); null: none")
    powers: list[Id] = Field(description="Ids of the card's powers (poderes), entries of `powers`")


class Unit(Profile):
    """A unit card (carta de unidad, §2.3; a Hero card or an Epic Creature card is one too)."""

    id: Id
    name: Name = Field(description="Unit name (nombre de la unidad)")
    faction: Maybe[Name] | None = Field(
        description="Faction (facción: Allaria, Tyveria, Nahuac, Ysval...); null: unaligned, e.g. Dragons")
    keywords: list[Keyword] = Field(
        description='Unit keywords as printed (claves): "Héroe", "Dragón", "Jinete de Dragones", "Montura", '
                    '"Épica", "Vaala (Lanza Sueños)", "Comandar (Asesinos Shev)"...')
    points: Maybe[Points] = Field(description="Force-list points cost (puntos de lista de fuerza)")
    models: Maybe[Count] = Field(description="Number of models (cantidad de miniaturas / tropas)")
    base_mm: Maybe[Annotated[int, Field(ge=1, le=300)]] = Field(
        description="Base diameter in millimetres (tamaño de peana); no public source gives one")
    unique: bool = Field(default=False, description="At most one per force (única, §2.2)")
    mercenary: bool = Field(default=False, description="A Mercenary (mercenario, §27.1)")
    command_power: Id | None = Field(
        default=None, description="A Hero's command power on the card's back (poder de comando, §19.2)")
    injured: Profile | None = Field(
        default=None, description="An Epic Creature's injured side (lado lesionado, §18)")


class Power(Strict):
    """A power printed on a unit, Hero or Artifact card (poder, §15)."""

    id: Id
    name: Name = Field(description="Power name (nombre del poder)")
    type: Maybe[PowerType] = Field(description="Power type (tipo de poder): passive, active or reaction")
    trigger: Text | None = Field(default=None, description="A reaction's trigger (detonante)")
    when: Trigger | None = Field(
        default=None, description="The trigger as the engine detects it (detonante); null: only the text says "
                                  "when, and it is played at any time and settled by referee")
    effects: Effects = Field(
        default=None, description="What the text does, as the engine applies it; null: settled by referee")
    target: Literal["enemy", "friend", "none"] = Field(
        default="enemy", description="An active power's target: an enemy unit in sight, a friendly one in sight "
                                     "(its own unit included), or none")
    ultimate: bool = Field(default=False, description="Once per game (definitiva)")
    extra_fatigue: Maybe[Annotated[int, Field(ge=0, le=10)]] = Field(
        default=0, description="Fatigue beyond the activation's (fatiga adicional; ambiguity A5)")
    text: Maybe[Text] = Field(description="The rule as printed (descripción de poder)")


class VaalaCard(Strict):
    """A Vaala card (carta de Vaala, §16.1): a one-shot reaction, unique, 1 point beyond the free ones."""

    id: Id
    name: Name = Field(description="Card name (nombre)")
    subtype: Keyword | None = Field(
        default=None, description='Vaala subtype it needs (subtipo), e.g. "Lanza Sueños"; null: any')
    trigger: Maybe[Text] = Field(description="When it is played (detonante)")
    text: Maybe[Text] = Field(description="Its effect (efecto)")
    when: Trigger | None = Field(
        default=None, description="The trigger as the engine detects it (detonante); null: only the text says "
                                  "when, and it is played at any time and settled by referee")
    effects: Effects = Field(
        default=None, description="What the text does, as the engine applies it; null: settled by referee")


class CommandCard(Strict):
    """A Command card (carta de Comando, §16.2): like a Vaala card, used by the General."""

    id: Id
    name: Name = Field(description="Card name (nombre)")
    trigger: Maybe[Text] = Field(description="When it is played (detonante)")
    text: Maybe[Text] = Field(description="Its effect (efecto)")
    when: Trigger | None = Field(
        default=None, description="The trigger as the engine detects it (detonante); null: only the text says "
                                  "when, and it is played at any time and settled by referee")
    effects: Effects = Field(
        default=None, description="What the text does, as the engine applies it; null: settled by referee")


class Artifact(Strict):
    """An Artifact card (carta de Artefacto, §19.1): one Hero's magic item, unique, 1 point."""

    id: Id
    name: Name = Field(description="Card name (nombre)")
    power: Id = Field(description="The power it grants (poder), an entry of `powers`")


class ForceUnit(Strict):
    """One unit of a force list (§25.2)."""

    id: Id = Field(description="This unit's id in the force (two units of one card need two ids)")
    unit: Id = Field(description="Its unit card, an entry of `units`")
    reserve: bool = Field(default=False, description="Starts in reserve (en la reserva, §25.6)")


class Mounted(Strict):
    """A Dragon Rider that starts mounted (montado, §20.1)."""

    rider: Id = Field(description="Force unit of a Hero with Jinete de Dragones (jinete)")
    mount: Id = Field(description="Force unit with Montura (montura)")


class Commanding(Strict):
    """A Hero that starts commanding a unit (comandar, §19.2)."""

    hero: Id = Field(description="Force unit of a Hero with Comandar (X) (héroe)")
    unit: Id = Field(description="Force unit it commands, matching X (unidad comandada)")


class Bond(Strict):
    """The Dragonbond pair (vinculados, §21): one Dragon Rider Hero and one Dragon."""

    hero: Id = Field(description="Force unit of a Hero with Jinete de Dragones")
    dragon: Id = Field(description="Force unit with Dragón")


class Carried(Strict):
    """An Artifact carried by a Hero (§19.1)."""

    artifact: Id = Field(description="An entry of `artifacts`")
    hero: Id = Field(description="Force unit of the Hero carrying it")


class Force(Strict):
    """A force list (lista de fuerza, §25.2)."""

    id: Id
    name: Name
    faction: Maybe[Name] = Field(description="Its one faction (facción)")
    size: Annotated[int, Field(ge=1, le=1000)] = Field(
        description="Game size in points (tamaño de la partida): 50, 100 or 150")
    units: Annotated[list[ForceUnit], Field(min_length=1)] = Field(description="Its units (unidades)")
    general: Id = Field(description="Force unit of its General (general, §22), a Hero")
    mounted: list[Mounted] = Field(default=[], description="Riders that start mounted")
    commanding: list[Commanding] = Field(default=[], description="Heroes that start commanding a unit")
    bond: Bond | None = Field(default=None, description="Its Dragonbond pair (vínculo), if any")
    artifacts: list[Carried] = Field(default=[], description="Artifacts bought, one per Hero")
    vaala_cards: list[Id] = Field(default=[], description="Vaala cards in its hand (mano), entries of `vaala_cards`")
    command_cards: list[Id] = Field(
        default=[], description="Command cards in its hand, entries of `command_cards`")


class TargetRule(StrEnum):
    """Whom a behaviour card's actions aim at, printed at the top of the card (blanco, §27.2; seed 003 l.1530).
    When no unit fits the rule, the target is the nearest unit ignoring line of sight; equal candidates: the
    winner of an opposed roll picks. A card drawn because the Monster was attacked always targets the attacker."""

    NEAREST = "nearest"
    """The nearest unit, line of sight ignored (la unidad más cercana)."""
    NEAREST_IN_SIGHT = "nearest_in_sight"
    """The nearest unit the Monster can see."""
    MOST_MODELS = "most_models"
    """The unit with the most models."""
    MOST_POINTS = "most_points"
    """The unit with the highest points cost."""
    ENGAGED = "engaged"
    """A unit engaged with the Monster."""


class BehaviourKind(StrEnum):
    """What one action of a behaviour card does, as a unit's action would (§27.2; seed 003 l.1528)."""

    MARCH_TOWARD = "march_toward"
    """March toward the target, stopping 1" short (§7.1)."""
    CHARGE = "charge"
    """Charge the target (§7.5)."""
    ATTACK = "attack"
    """A melee attack on the target, or on a unit engaged with the Monster if the target is not (§7.2)."""
    SHOOT = "shoot"
    """A ranged attack on the target (§7.2, §10.1)."""
    POWER = "power"
    """Use one of the Monster's powers on the target (§15)."""


class Condition(StrEnum):
    """The conditional sentence an action may start with ("si el Monstruo no está enfrentado", seed 003 l.1528);
    a failed condition skips the action and gives no fatigue."""

    ALWAYS = "always"
    NOT_ENGAGED = "not_engaged"
    ENGAGED = "engaged"
    TARGET_IN_RANGE = "target_in_range"
    """The target is within range and sight of the Monster's ranged attack."""
    TARGET_IN_SIGHT = "target_in_sight"


class BehaviourAction(Strict):
    """One action of a behaviour card, resolved top to bottom, 1 fatigue each (acción, §27.2)."""

    action: Maybe[BehaviourKind] = Field(description="What it does (acción)")
    condition: Maybe[Condition] = Field(default=Condition.ALWAYS, description="When it applies (condición)")
    power: Id | None = Field(default=None, description="The power it uses, an entry of `powers` (`power` only)")
    text: Maybe[Text] | None = Field(default=None, description="The action as printed (texto)")


class BehaviourCard(Strict):
    """A behaviour card (carta de comportamiento, §27.2): a target rule and actions."""

    id: Id
    name: Name = Field(description="Card name (nombre)")
    target: Maybe[TargetRule] = Field(description="Its target, printed at the top (blanco)")
    actions: Annotated[list[BehaviourAction], Field(min_length=1)] = Field(description="Its actions (acciones)")


class Monster(Profile):
    """A Monster card (carta de Monstruo, §27.2): a neutral unit, enemy of every player, never in a force."""

    id: Id
    name: Name = Field(description="Monster name (nombre)")
    keywords: list[Keyword] = Field(default=[], description="Unit keywords as printed (claves)")
    models: Maybe[Count] = Field(description="Number of models (cantidad de miniaturas)")
    base_mm: Maybe[Annotated[int, Field(ge=1, le=300)]] = Field(description="Base diameter in millimetres")
    trophy: Maybe[Points] | Literal["UPE"] = Field(
        description='Trophy value in VP for the player who defeats it (valor de trofeo); "UPE": the last '
                    "winning auction bid (última puja exitosa)")
    behaviour_deck: bool = Field(default=False, description="Its card makes a behaviour deck (mazo de comportamiento)")
    auction: bool = Field(default=False, description="Its control is auctioned each round (subasta)")
    behaviour: list[BehaviourCard] = Field(
        default=[], description="Its behaviour cards (cartas de comportamiento): 5 when it has a behaviour deck")


BEHAVIOUR_DECK = 5
"""Cards in a Monster's behaviour deck (§27.2; seed 003 l.1518)."""


class DragonbondPack(Strict):
    """The entries of a Dragonbond pack (the document's ``entries``)."""

    units: list[Unit] = Field(default=[], description="Unit cards (cartas de unidad, Héroe, Criatura Épica)")
    powers: list[Power] = Field(default=[], description="Powers the cards name (poderes)")
    vaala_cards: list[VaalaCard] = Field(default=[], description="Vaala cards (cartas de Vaala)")
    command_cards: list[CommandCard] = Field(default=[], description="Command cards (cartas de Comando)")
    artifacts: list[Artifact] = Field(default=[], description="Artifact cards (cartas de Artefacto)")
    forces: list[Force] = Field(default=[], description="Force lists to play with (listas de fuerza)")
    monsters: list[Monster] = Field(default=[], description="Monster cards (cartas de Monstruo, §27.2)")
    training_values: list[str] = Field(
        default=[], description="Paths in `entries` (as `unknowns` writes them) of values invented for training, "
                                "not printed")
    sources: dict[str, Text] = Field(
        default={}, description="Paths in `entries` of values taken from a public source, with the page or line "
                                "they come from")


class DragonbondDocument(PackHeader):
    """A whole pack document: the shared envelope's fields and the game's ``entries``."""

    entries: DragonbondPack



def _has(unit: Unit, keyword: str) -> bool:
    return any(keyword_name(k) == keyword for k in unit.keywords)


def _duplicates(entries: list[Any], path: str) -> list[Problem]:
    seen: set[str] = set()
    found = []
    for i, entry in enumerate(entries):
        if entry.id in seen:
            found.append(Problem(f"{path}[{i}].id", entry.id, "an id used once"))
        seen.add(entry.id)
    return found


def check(pack: DragonbondPack) -> list[Problem]:
    """Every cross-reference and list-building problem of a pack's entries (empty when they are sound); paths
    start with ``entries.``, as in the document."""
    return [Problem(f"entries.{p.path}", p.value, p.expected) for p in _check(pack)]


def _check(pack: DragonbondPack) -> list[Problem]:
    problems: list[Problem] = []
    for name in ("units", "powers", "vaala_cards", "command_cards", "artifacts", "forces", "monsters"):
        problems += _duplicates(getattr(pack, name), name)
    powers = {p.id: p for p in pack.powers}
    units = {u.id: u for u in pack.units}

    def power_ref(path: str, power_id: str) -> None:
        if power_id not in powers:
            problems.append(Problem(path, power_id, "a power id of `powers`"))

    for i, power in enumerate(pack.powers):
        if power.type == PowerType.REACTION and not power.trigger:
            problems.append(Problem(f"powers[{i}].trigger", "null", "a trigger: the power is a reaction"))
    for i, unit in enumerate(pack.units):
        for j, power_id in enumerate(unit.powers):
            power_ref(f"units[{i}].powers[{j}]", power_id)
        if unit.injured is not None:
            for j, power_id in enumerate(unit.injured.powers):
                power_ref(f"units[{i}].injured.powers[{j}]", power_id)
            if not _has(unit, EPIC):
                problems.append(Problem(f"units[{i}].injured", "an injured side", f"only on a unit with {EPIC}"))
        if unit.command_power is not None:
            power_ref(f"units[{i}].command_power", unit.command_power)
            if not _has(unit, HERO):
                problems.append(Problem(f"units[{i}].command_power", unit.command_power,
                                        f"only on a unit with {HERO}"))
        if _has(unit, HERO) and unit.models not in (1, "unknown"):
            problems.append(Problem(f"units[{i}].models", str(unit.models), "1: a Hero is a single model"))
    for i, artifact in enumerate(pack.artifacts):
        power_ref(f"artifacts[{i}].power", artifact.power)
    for i, monster in enumerate(pack.monsters):
        for j, power_id in enumerate(monster.powers):
            power_ref(f"monsters[{i}].powers[{j}]", power_id)
        if monster.behaviour_deck and len(monster.behaviour) != BEHAVIOUR_DECK:
            problems.append(Problem(f"monsters[{i}].behaviour", str(len(monster.behaviour)),
                                    f"{BEHAVIOUR_DECK} behaviour cards (§27.2)"))
        problems += _duplicates(monster.behaviour, f"monsters[{i}].behaviour")
        for j, card in enumerate(monster.behaviour):
            for k, act in enumerate(card.actions):
                at = f"monsters[{i}].behaviour[{j}].actions[{k}]"
                if act.action == BehaviourKind.POWER:
                    if act.power is None:
                        problems.append(Problem(f"{at}.power", "null", "a power id: the action uses a power"))
                    elif act.power not in monster.powers:
                        problems.append(Problem(f"{at}.power", act.power, "one of the Monster's powers"))
    for i, force in enumerate(pack.forces):
        problems += _check_force(pack, force, f"forces[{i}]", units)
    for i, path in enumerate(pack.training_values):
        if path in pack.sources:
            problems.append(Problem(f"training_values[{i}]", path, "not also in `sources`"))
    return problems


def _check_force(pack: DragonbondPack, force: Force, at: str, units: dict[str, Unit]) -> list[Problem]:
    problems = _duplicates(force.units, f"{at}.units")
    entries = {e.id: units.get(e.unit) for e in force.units}
    index = {e.id: j for j, e in enumerate(force.units)}
    reserve = {e.id for e in force.units if e.reserve}
    for j, entry in enumerate(force.units):
        if entry.unit not in units:
            problems.append(Problem(f"{at}.units[{j}].unit", entry.unit, "a unit id of `units`"))

    def member(path: str, entry_id: str, keyword: str | None) -> Unit | None:
        """The force unit ``entry_id`` (a problem if missing or without ``keyword``)."""
        if entry_id not in entries:
            problems.append(Problem(path, entry_id, f"a unit id of entries.{at}.units"))
            return None
        unit = entries[entry_id]
        if unit is not None and keyword is not None and not _has(unit, keyword):
            problems.append(Problem(path, entry_id, f"a unit with the keyword {keyword}"))
        return unit

    general = member(f"{at}.general", force.general, HERO)
    if general is not None and general.mercenary:
        problems.append(Problem(f"{at}.general", force.general, "a Hero that is not a Mercenary (§22)"))
    if force.general in reserve:
        problems.append(Problem(f"{at}.general", force.general, "a General that does not start in reserve (§22)"))
    for k, pair in enumerate(force.mounted):
        member(f"{at}.mounted[{k}].rider", pair.rider, DRAGON_RIDER)
        member(f"{at}.mounted[{k}].mount", pair.mount, MOUNT)
    for k, pair in enumerate(force.commanding):
        hero = member(f"{at}.commanding[{k}].hero", pair.hero, HERO)
        target = member(f"{at}.commanding[{k}].unit", pair.unit, None)
        if hero is not None and target is not None:
            can = {keyword_argument(kw) for kw in hero.keywords if keyword_name(kw) == COMMAND}
            if not can & ({target.name} | {keyword_name(kw) for kw in target.keywords} | set(target.keywords)):
                problems.append(Problem(f"{at}.commanding[{k}].unit", pair.unit,
                                        f"a unit the Hero's {COMMAND} (X) names (§19.2)"))
    for role in ("hero", "unit"):
        ids = [getattr(p, role) for p in force.commanding]
        for k, entry_id in enumerate(ids):
            if entry_id in ids[:k]:
                problems.append(Problem(f"{at}.commanding[{k}].{role}", entry_id, "in one command only"))
    riders = [e for e, u in entries.items() if u is not None and _has(u, HERO) and _has(u, DRAGON_RIDER)]
    if force.bond is not None:
        member(f"{at}.bond.hero", force.bond.hero, DRAGON_RIDER)
        member(f"{at}.bond.dragon", force.bond.dragon, DRAGON)
        if force.general != force.bond.hero:
            problems.append(Problem(f"{at}.general", force.general, "the bonded Hero (§22)"))
    elif riders and force.general not in riders:
        problems.append(Problem(f"{at}.general", force.general, "a Jinete de Dragones Hero (§22)"))
    artifacts = {a.id for a in pack.artifacts}
    carriers: list[str] = []
    for k, carried in enumerate(force.artifacts):
        if carried.artifact not in artifacts:
            problems.append(Problem(f"{at}.artifacts[{k}].artifact", carried.artifact, "an id of `artifacts`"))
        member(f"{at}.artifacts[{k}].hero", carried.hero, HERO)
        if carried.hero in carriers:
            problems.append(Problem(f"{at}.artifacts[{k}].hero", carried.hero, "a Hero without an Artifact yet"))
        carriers.append(carried.hero)
    vaala = {c.id: c for c in pack.vaala_cards}
    command = {c.id for c in pack.command_cards}
    for k, card in enumerate(force.vaala_cards):
        if card not in vaala:
            problems.append(Problem(f"{at}.vaala_cards[{k}]", card, "an id of `vaala_cards`"))
    for k, card in enumerate(force.command_cards):
        if card not in command:
            problems.append(Problem(f"{at}.command_cards[{k}]", card, "an id of `command_cards`"))
    vaala_units = [u for u in entries.values() if u is not None and _has(u, VAALA)]
    if force.vaala_cards and not vaala_units:
        problems.append(Problem(f"{at}.vaala_cards", str(len(force.vaala_cards)), f"a unit with {VAALA} (§16.1)"))
    # Unique cards: unique units, and every Artifact, Vaala and Command card (§2.2, §25.2).
    for label, ids in (("units", [e.unit for e in force.units if units.get(e.unit) and units[e.unit].unique]),
                       ("artifacts", [c.artifact for c in force.artifacts]),
                       ("vaala_cards", force.vaala_cards), ("command_cards", force.command_cards)):
        for card in sorted({c for c in ids if ids.count(c) > 1}):
            problems.append(Problem(f"{at}.{label}", card, "a unique card at most once (§2.2)"))
    for entry_id, unit in entries.items():
        if unit is None or unit.faction is None or unit.mercenary or "unknown" in (unit.faction, force.faction):
            continue
        if unit.faction != force.faction:
            problems.append(Problem(f"{at}.units[{index[entry_id]}].unit", unit.id,
                                    f"a unit of {force.faction}, unaligned or Mercenary (§25.2)"))
    mercenary, main = _split_points(force, entries)
    if mercenary is not None and main is not None and mercenary > main:
        problems.append(Problem(f"{at}.units", f"{mercenary} > {main}",
                                "Mercenary points at most the main force's (§27.1; seed 003 l.1482)"))
    costs = [u.points for u in entries.values() if u is not None]
    if costs and all(isinstance(c, int) for c in costs):
        spent = (sum(costs) + CARD_COST * (len(force.artifacts)  # type: ignore[arg-type]
                 + max(0, len(force.vaala_cards) - len(vaala_units)) + max(0, len(force.command_cards) - 1)))
        if spent > force.size:
            problems.append(Problem(f"{at}.size", str(force.size), f"at least the {spent} points spent (§25.1)"))
    return problems


def _split_points(force: Force, entries: dict[str, Unit | None]) -> tuple[int | None, int | None]:
    """(Mercenary points, main force points) of a force list, each unit with its Artifact's card; None when a
    cost is unknown (§27.1: the limit counts what is spent on each)."""
    carried = {c.hero for c in force.artifacts}
    totals = {True: 0, False: 0}
    for entry_id, unit in entries.items():
        if unit is None:
            continue
        if not isinstance(unit.points, int):
            return None, None
        totals[unit.mercenary] += unit.points + (CARD_COST if entry_id in carried else 0)
    return totals[True], totals[False]


def json_schema() -> dict[str, Any]:
    """The pack document's JSON Schema (draft 2020-12)."""
    return document_schema(DragonbondDocument)
