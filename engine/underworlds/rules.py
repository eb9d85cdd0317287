"""Derived facts of a match position: hex types with tokens and cards, line of sight, fighter characteristics.

Pure functions of a ``State``. They read the battlefield (cached per layout), the feature tokens,
the fighters' cards and upgrades (modifiers from ``cards.json`` plus the answers of ``effects`` to
``card_hooks``: rules sits below the card effects, so it asks through that registry),
and never change anything.
"""
from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any, Sequence

from engine.underworlds import card_hooks
from engine.underworlds.battlefield import Battlefield, BattlefieldSpec, Board, HexType, boards_with
from engine.underworlds.cards import UpgradeCard, load_cards
from engine.underworlds.feature_tokens import FeatureSide
from engine.underworlds.fighters import LARGE_WOUNDS, Fighter, FighterSide, KeywordName, Warband, warbands_with
from engine.underworlds.hexgrid import Hex
from engine.underworlds.state import FighterState, State


BATTLEFIELDS_KEPT = 2048
"""Battlefields kept built (~50 KB each), the least recently asked for dropped first: a live match each, at most
(there are over ten thousand two-board layouts, and a long-running bot would meet most of them)."""
_BATTLEFIELDS: OrderedDict[str, Battlefield] = OrderedDict()
"""Battlefields by ``BattlefieldSpec.key`` (boards, orientations and join name a layout exactly)."""


_LAST: list[tuple[BattlefieldSpec, Battlefield]] = []
"""The latest spec asked for and its battlefield: most calls ask for the same spec object again."""


def battlefield_of(spec: BattlefieldSpec, pack_boards: Sequence[Board] = ()) -> Battlefield:
    """The battlefield of a spec, built once per layout (a hot path: no JSON dump per call). A match's own
    board faces (its data pack's) key the cache by their content, so packs never share a layout by id."""
    if _LAST and _LAST[0][0] is spec:
        return _LAST[0][1]
    used = tuple(b for b in pack_boards if b.id in spec.board_ids)
    key = f"{spec.key}#{hash(used)}" if used else spec.key
    bf = _BATTLEFIELDS.get(key)
    if bf is None:
        bf = _BATTLEFIELDS[key] = Battlefield.from_spec(spec, boards_with(pack_boards))
        if len(_BATTLEFIELDS) > BATTLEFIELDS_KEPT:
            _BATTLEFIELDS.popitem(last=False)
    else:
        try:
            _BATTLEFIELDS.move_to_end(key)
        except KeyError:  # dropped meanwhile by another thread (legal choices and boards run in threads too)
            pass
    _LAST[:] = [(spec, bf)]
    return bf


def battlefield(st: State) -> Battlefield:
    """The match's battlefield (rebuilt once per layout and cached)."""
    assert st.battlefield is not None
    if _LAST and _LAST[0][0] is st.battlefield:  # battlefield_of's fast path without the call (asked very often)
        return _LAST[0][1]
    return battlefield_of(st.battlefield, st.pack_boards)


def cards() -> dict[str, Any]:
    """Every card by id."""
    return load_cards()


def card(card_id: str) -> Any:
    """One card."""
    return load_cards()[card_id]


# -- hexes ------------------------------------------------------------------------------------------


def token_blocked(st: State) -> frozenset[Hex]:
    """Hexes blocked by a blocked-side feature token."""
    return frozenset(t.hex for t in st.feature_tokens if t.hex is not None and t.face_up is FeatureSide.BLOCKED)


def blocked(st: State) -> frozenset[Hex]:
    """Every blocked hex: printed and under blocked-side tokens (§8.2, §9.1)."""
    return battlefield(st).blocked_hexes | token_blocked(st)


def token_side_at(st: State, hex_: Hex) -> FeatureSide | None:
    """The face-up side of the feature token in a hex, if any."""
    for t in st.feature_tokens:
        if t.hex == hex_:
            return t.face_up
    return None


def is_lethal(st: State, hex_: Hex, fighter: FighterState | None = None) -> bool:
    """A lethal hex, printed or made lethal by a card in play (Deadly Wards, Earth-shattering Tread)."""
    if HexType.LETHAL in battlefield(st).types(hex_):
        return True
    return card_hooks.extra_lethal(st, hex_, fighter)


def lethal_hexes(st: State, fighter: FighterState | None = None) -> frozenset[Hex]:
    """Every hex ``is_lethal`` is true of, at once (for loops over many hexes)."""
    return battlefield(st).hexes_of(HexType.LETHAL) | card_hooks.extra_lethal_hexes(st, fighter)


def is_trap(st: State, hex_: Hex) -> bool:
    """A trap (stagger) hex, printed or a trap-side token (§8.2)."""
    return HexType.TRAP in battlefield(st).types(hex_) or token_side_at(st, hex_) is FeatureSide.TRAP


def trap_hexes(st: State) -> frozenset[Hex]:
    """Every hex ``is_trap`` is true of, at once."""
    tokens = {t.hex for t in st.feature_tokens if t.hex is not None and t.face_up is FeatureSide.TRAP}
    return battlefield(st).hexes_of(HexType.TRAP) | tokens


def is_cover(st: State, hex_: Hex) -> bool:
    """A cover hex, printed or a cover-side token (§8.2, §9.1)."""
    return HexType.COVER in battlefield(st).types(hex_) or token_side_at(st, hex_) is FeatureSide.COVER


def cover_hexes(st: State) -> frozenset[Hex]:
    """Every hex ``is_cover`` is true of, at once."""
    tokens = {t.hex for t in st.feature_tokens if t.hex is not None and t.face_up is FeatureSide.COVER}
    return battlefield(st).hexes_of(HexType.COVER) | tokens


def is_empty(st: State, hex_: Hex) -> bool:
    """On the battlefield, not occupied and not blocked (§8.2)."""
    return hex_ in battlefield(st) and hex_ not in blocked(st) and st.fighter_at(hex_) is None


def empty_hexes(st: State, among: Iterable[Hex]) -> list[Hex]:
    """The hexes of ``among`` that ``is_empty`` is true of, in reading order (the blocked and occupied hexes found
    once; sorted by the battlefield's numbering, which is reading order)."""
    bf = battlefield(st)
    taken, index = blocked(st) | st.occupied(), bf.graph()[1]
    return sorted((h for h in among if h in bf and h not in taken), key=index.__getitem__)


def in_reading_order(st: State, hexes: Iterable[Hex]) -> list[Hex]:
    """Battlefield hexes as ``sorted`` orders them, by the battlefield's numbering (integers compare faster)."""
    return sorted(hexes, key=battlefield(st).graph()[1].__getitem__)


@lru_cache(maxsize=200_000)
def _los(spec_key: str, walls: frozenset[Hex], a: Hex, b: Hex) -> bool:
    return _BATTLEFIELDS[spec_key].has_line_of_sight(a, b, blocked=walls)


def line_of_sight(st: State, a: Hex, b: Hex) -> bool:
    """Line of sight from ``a`` to ``b``, blocked-side tokens blocking (§8.5)."""
    bf = battlefield(st)
    return _los(bf.key, token_blocked(st), a, b)


def sight(st: State) -> Callable[[Hex, Hex], bool]:
    """``line_of_sight`` of this position as a function, its walls looked up once (for many queries)."""
    key, walls = battlefield(st).key, token_blocked(st)
    return lambda a, b: _los(key, walls, a, b)


def territory_of(st: State, hex_: Hex) -> str | None:
    """The seat whose territory the hex is, None for no one's territory (§8.3)."""
    owner = battlefield(st).owner(hex_)
    for seat, index in st.territory.items():
        if index == owner:
            return seat
    return None


def objective_tokens(st: State) -> list[Any]:
    """Placed feature tokens numbered side up."""
    return [t for t in st.feature_tokens if t.hex is not None and t.face_up is FeatureSide.OBJECTIVE]


def holds_objective(st: State, f: FighterState) -> bool:
    """The fighter stands on an objective token and can control it (Beasts cannot, §9.1)."""
    return f.on_battlefield and not is_beast(st, f) and any(t.hex == f.hex for t in objective_tokens(st))


# -- fighters ----------------------------------------------------------------------------------------


_CARDS_OF: dict[tuple[str, str], tuple[Warband, Fighter]] = {}
"""``card_of`` of the shipped warbands by (warband id, fighter card), the warband kept to check it is still the
shipped one (every characteristic read asks for the card)."""


def card_of(st: State, f: FighterState) -> Fighter:
    """The fighter card of a fighter in the match."""
    warband = st.players[f.seat].warband
    assert warband is not None
    if st.pack_warbands:
        return warbands_with(st.pack_warbands)[warband].fighter(f.card)
    shipped = warbands_with(())[warband]
    hit = _CARDS_OF.get((warband, f.card))
    if hit is None or hit[0] is not shipped:
        hit = _CARDS_OF[(warband, f.card)] = (shipped, shipped.fighter(f.card))
    return hit[1]


def side(st: State, f: FighterState) -> FighterSide:
    """The face-up side of the fighter card (§3.1)."""
    c = card_of(st, f)
    return c.inspired if f.inspired and c.inspired is not None else c.uninspired


def _upgrade_cards(f: FighterState) -> list[UpgradeCard]:
    if not f.upgrades:  # most fighters, read for every characteristic
        return []
    return [c for c in (load_cards().get(u) for u in f.upgrades) if isinstance(c, UpgradeCard)]


def _modified(base: int, deltas: list[tuple[int, int | None]], floor: int) -> int:
    value = base
    for delta, minimum in deltas:
        value += delta
        if minimum is not None:
            value = max(value, minimum)
    return max(value, floor)


def wounds(st: State, f: FighterState) -> int:
    """Wounds characteristic with modifiers; never below 1 (§11)."""
    base = side(st, f).wounds or 1
    deltas = [(m.delta, m.minimum) for c in _upgrade_cards(f) for m in c.modifiers if m.characteristic == "wounds"]
    return _modified(base, deltas, 1)


def move_value(st: State, f: FighterState) -> int:
    """Move characteristic with modifiers; floors at 0 (§11)."""
    base = side(st, f).move or 0
    deltas = [(m.delta, m.minimum) for c in _upgrade_cards(f) for m in c.modifiers if m.characteristic == "move"]
    return _modified(base, deltas, 0)


def defence(st: State, f: FighterState) -> tuple[int, str]:
    """(dice, symbol) of the Defence characteristic with modifiers."""
    d = side(st, f).defence
    dice, symbol = (d.dice, d.symbol.value) if d is not None else (1, "block")
    deltas = [(m.delta, m.minimum) for c in _upgrade_cards(f) for m in c.modifiers if m.characteristic == "defence"]
    return _modified(dice, deltas, 1), symbol


def is_large(st: State, f: FighterState) -> bool:
    """Large: Wounds with all modifiers of 5 or more (§5)."""
    return wounds(st, f) >= LARGE_WOUNDS


def is_beast(st: State, f: FighterState) -> bool:
    """Beast class (§5): cannot control objectives nor take attack-action upgrades."""
    return bool(card_of(st, f).beast)


def is_flyer(st: State, f: FighterState) -> bool:
    """Flyer class (§5), from the card or a card effect."""
    return bool(card_of(st, f).flyer) or card_hooks.grants_flying(st, f)


def wizard_level(st: State, f: FighterState) -> int:
    """Wizard level; 0 for a fighter that is not a wizard."""
    return card_of(st, f).wizard_level or 0


def is_vulnerable(st: State, f: FighterState) -> bool:
    """Wound tokens = Wounds - 1, never with Wounds 1 (§18.3)."""
    w = wounds(st, f)
    return w > 1 and f.wounds == w - 1


def can_be_staggered(st: State, f: FighterState) -> bool:
    """Whether a Stagger marker can be given to the fighter (cards such as Advancing Juggernaut forbid it)."""
    return f.on_battlefield and not card_hooks.cannot_be_staggered(st, f)


def attacks(st: State, f: FighterState) -> list[dict[str, Any]]:
    """The fighter's attack actions now: card side first, then attack-action upgrades, all modifiers applied.

    Each is a dict: name, range, dice, symbol, damage, cleave, ensnare, grievous, scything, stagger,
    knockback, source (``card`` or the upgrade id), spell (a spell attack: magic dice, §19.7).
    """
    card, wizard = card_of(st, f), wizard_level(st, f) >= 1
    key = (id(card), f.inspired, tuple(f.upgrades), wizard)
    printed = _PRINTED_ATTACKS.get(key)
    if printed is None or printed[0] is not card:
        if len(_PRINTED_ATTACKS) >= _PRINTED_KEPT:
            _PRINTED_ATTACKS.clear()
        printed = _PRINTED_ATTACKS[key] = (card, _printed_attacks(st, f, wizard))
    out = []
    for profile in printed[1]:
        profile = dict(profile)
        card_hooks.modify_attack(st, f, profile)  # what the cards in play change, asked each time
        out.append(profile)
    return out


def characteristics(st: State, fighters: Iterable[FighterState]) -> list[dict[str, Any]]:
    """Each fighter's characteristics now, as views show them: ``wounds_max``, ``move_value``, ``defence``
    (``dice``, ``symbol``), ``large``, ``vulnerable`` and ``attacks`` (none before it is deployed). Read only: they
    are remembered across positions (a view asks for every fighter's, and an action changes one or two fighters),
    keyed on all that they read: the fighter card, Inspired, upgrades, wound tokens, deployed, and what the cards in
    play change of attacks (``card_hooks.attack_modifiers_key``)."""
    if st.pack_warbands:  # a pack's fighter cards are the match's own objects, new in a state loaded afresh: not keyed
        return [_characteristics(st, f) for f in fighters]
    # Without a pack, a fighter's card is the shipped warband's (``card_of``): named by warband id and card id.
    shipped, cards, players = warbands_with(()), load_cards(), st.players
    in_play = (id(shipped), id(cards), card_hooks.attack_modifiers_key(st))
    out = []
    for f in fighters:
        key = (f.id, players[f.seat].warband, f.card, f.inspired, tuple(f.upgrades), f.wounds, f.deployed, in_play)
        hit = _CHARACTERISTICS.get(key)
        if hit is None or hit[0] is not shipped or hit[1] is not cards:
            if len(_CHARACTERISTICS) >= _CHARACTERISTICS_KEPT:
                _CHARACTERISTICS.clear()
            hit = _CHARACTERISTICS[key] = (shipped, cards, _characteristics(st, f))
        out.append(hit[2])
    return out


def _characteristics(st: State, f: FighterState) -> dict[str, Any]:
    return {"wounds_max": wounds(st, f), "move_value": move_value(st, f),
            "defence": dict(zip(("dice", "symbol"), defence(st, f))), "large": is_large(st, f),
            "vulnerable": is_vulnerable(st, f), "attacks": attacks(st, f) if f.deployed else []}


_CHARACTERISTICS: dict[tuple[Any, ...], tuple[dict[str, Warband], dict[str, Any], dict[str, Any]]] = {}
"""``characteristics`` by their key, with the shipped warbands and cards its ids name (kept so each id stays its
own)."""
_CHARACTERISTICS_KEPT = 4096


_PRINTED_ATTACKS: dict[tuple[int, bool, tuple[str, ...], bool], tuple[Fighter, tuple[dict[str, Any], ...]]] = {}
"""``_printed_attacks`` by (id of the fighter card, Inspired, upgrades, wizard), the card kept so the id stays its
own: the legal actions ask for every fighter's attacks at every activation step."""
_PRINTED_KEPT = 1024


def _printed_attacks(st: State, f: FighterState, wizard: bool) -> tuple[dict[str, Any], ...]:
    """``attacks`` before the cards in play change them: the card side's and the upgrades' attacks, with the
    upgrades' keywords and modifiers (read only; ``attacks`` copies them)."""
    out: list[dict[str, Any]] = []
    upgrades = _upgrade_cards(f)
    raw = [(a, "card") for a in (side(st, f).attacks or ())]
    raw += [(c.attack, c.id) for c in upgrades if c.attack is not None]
    if not wizard:
        raw = [(a, source) for a, source in raw if not a.spell]  # §22.1: only wizards make spell attacks
    extra_keywords = [k for c in upgrades for k in c.attack_keywords]
    for attack, source in raw:
        profile: dict[str, Any] = {
            "name": attack.name or "Attack", "range": attack.range or 1, "dice": attack.dice or 1,
            "symbol": attack.symbol.value if attack.symbol is not None else "hammer", "damage": attack.damage or 0,
            "cleave": False, "ensnare": False, "grievous": 0, "scything": False, "stagger": False,
            "knockback": 0, "source": source, "spell": attack.spell,
        }
        for k in (*attack.keywords, *extra_keywords):
            if k.name == KeywordName.GRIEVOUS:
                profile["grievous"] += k.amount or 1  # §20: several Grievous add up
            elif k.name == KeywordName.KNOCKBACK:
                profile["knockback"] += k.amount or 1
            else:
                profile[k.name.value] = True
        for c in upgrades:
            for m in c.modifiers:
                if m.characteristic.of_attack and not (m.except_scything and profile["scything"]):
                    key = m.characteristic.value
                    profile[key] = max(profile[key] + m.delta, m.minimum or (0 if key == "damage" else 1))
        out.append(profile)
    return tuple(out)


def push_paths(st: State, f: FighterState, distance: int) -> dict[Hex, list[Hex]]:
    """Where a push of 1 to ``distance`` hexes can take ``f`` (§14: each step to a free hex, never back to its
    start), each with its path: the shortest, through the safest middle hexes (not lethal, then not trap)."""
    from engine.underworlds.battlefield import push_destinations
    if f.hex is None or not f.on_battlefield:
        return {}
    bf, walls, taken = battlefield(st), blocked(st), st.occupied() - {f.hex}
    paths = {h: [h] for h in push_destinations(bf, f.hex, 1, blocked=walls, occupied=taken)}
    frontier = dict(paths)
    for _ in range(distance - 1):
        reached: dict[Hex, list[Hex]] = {}
        for here, path in sorted(frontier.items(), key=lambda kv: (is_lethal(st, kv[0], f), is_trap(st, kv[0]),
                                                                    str(kv[0]))):
            for nxt in push_destinations(bf, here, 1, blocked=walls, occupied=taken):
                if nxt != f.hex and nxt not in paths and nxt not in reached:
                    reached[nxt] = [*path, nxt]
        paths.update(reached)
        frontier = reached
    return paths


def friendly(a: FighterState, b: FighterState) -> bool:
    """Same warband."""
    return a.seat == b.seat


def supports(st: State, helper_seat: str, around: Hex, exclude: str) -> int:
    """Fighters of ``helper_seat`` adjacent to ``around``, not counting ``exclude`` (§19.5)."""
    return sum(1 for f in st.surviving(helper_seat) if f.id != exclude and f.hex is not None
               and f.hex.is_adjacent(around))


def attack_distance(st: State, attacker: FighterState, here: Hex, there: Hex) -> int:
    """The distance from ``here`` to ``there`` as ``attacker``'s Attack actions count it against their Range (§8.4),
    less what a card subtracts (Powerhouse)."""
    d = here.distance(there)
    return d - card_hooks.distance_reduction(st, attacker, here, there) if attacker.upgrades else d


def attack_distances(st: State, attacker: FighterState) -> Callable[[Hex, Hex], int]:
    """``attack_distance`` of one attacker as a function (for many queries): the plain distance when no card
    subtracts from it (it has no upgrades, or none that does)."""
    if not attacker.upgrades or not card_hooks.shortens_distance(st, attacker):
        return Hex.distance
    return lambda here, there: attack_distance(st, attacker, here, there)


def can_target(st: State, attacker: FighterState, target: FighterState, profile: dict[str, Any]) -> bool:
    """A target in range and visible; never a friendly fighter (§19.1)."""
    if not (attacker.on_battlefield and target.on_battlefield) or friendly(attacker, target):
        return False
    assert attacker.hex is not None and target.hex is not None
    if attack_distance(st, attacker, attacker.hex, target.hex) > profile["range"]:
        return False
    return line_of_sight(st, attacker.hex, target.hex)


def attack_targets(st: State, attacker: FighterState, profile: dict[str, Any], at: Hex | None = None,
                   enemies: list[FighterState] | None = None,
                   sees: Callable[[Hex, Hex], bool] | None = None) -> list[FighterState]:
    """Legal targets of an attack, optionally as if the attacker stood in ``at`` (for Charge); ``enemies`` and
    ``sees``: ``st.enemies(attacker.seat)`` and ``sight(st)`` when the caller has them already."""
    here = at or attacker.hex
    if here is None:
        return []
    sees = sight(st) if sees is None else sees
    out = []
    for target in st.enemies(attacker.seat) if enemies is None else enemies:
        assert target.hex is not None
        if profile["scything"] and not here.is_adjacent(target.hex):
            continue  # §35.22: Scything targets adjacent enemies only
        if attack_distance(st, attacker, here, target.hex) <= profile["range"] and sees(here, target.hex):
            out.append(target)
    return out
