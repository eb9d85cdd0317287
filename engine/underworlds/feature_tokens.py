"""Feature tokens: objective, cover, blocked and trap sides, setup placement, flipping and moving (§9.1, §12.3).

Every feature token has a cover side. Its other side is a number (an objective token), a blocked hex
or a trap hex. A placed token adds its face-up side's hex type to its hex. This module checks and
applies the token rules on an immutable tuple of tokens; the match state owns that tuple, knows
where fighters stand, and hides the numbers of face-down tokens from players (``view``).
"""
from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from enum import StrEnum
from typing import Any

from pydantic import Field, model_validator

from engine.core.errors import IllegalAction, InvalidInput
from engine.core.rng import Rng, shuffled
from engine.underworlds.battlefield import HAZARDOUS_TYPES, Battlefield, HexType
from engine.underworlds.fighters import Frozen
from engine.underworlds.hexgrid import Hex, within

# Rulebook p.26 (seed 000 lines 576-582): seven tokens with a cover side, five numbered 1-5 and two
# with a blocked side; three numbered tokens to the player who chose the first board, two to the other.
TWO_PLAYER_NUMBERED = 5
"""Numbered (objective/cover) tokens in a 2-player game."""
TWO_PLAYER_BLOCKED = 2
"""Blocked/cover tokens in a 2-player game; they start as available tokens."""
TWO_PLAYER_DEAL = (3, 2)
"""Numbered tokens dealt to the first-board player and to the other player."""
SETUP_MIN_SPACING = 3
"""At setup a token may not be within 2 hexes of another token (p.26): distance 3 or more."""


class FeatureSide(StrEnum):
    """A side of a feature token; it names what the token is while that side is up (§9.1)."""

    OBJECTIVE = "objective"
    """The numbered side: an objective token worth its number."""
    COVER = "cover"
    """A cover hex token: its hex is a cover hex."""
    BLOCKED = "blocked"
    """A blocked hex token: its hex is a blocked hex."""
    TRAP = "trap"
    """A trap hex token: its hex is a trap hex (multiplayer tokens, p.54)."""

    @property
    def hex_type(self) -> HexType | None:
        """The hex type this side gives its hex; None for the objective side."""
        return _SIDE_TYPES.get(self)


_SIDE_TYPES = {FeatureSide.COVER: HexType.COVER, FeatureSide.BLOCKED: HexType.BLOCKED, FeatureSide.TRAP: HexType.TRAP}


class FeatureToken(Frozen):
    """One feature token: its two sides, which is face up, and its hex (None: an available token)."""

    id: str = Field(pattern=r"^[a-z0-9-]+$")
    """``"1"`` ... ``"9"`` for numbered tokens, ``"blocked-1"``, ``"trap-1"`` ... for the others."""
    front: FeatureSide
    """The side other than cover: objective, blocked or trap."""
    number: int | None = Field(default=None, ge=1)
    """The printed number of an objective side."""
    face_up: FeatureSide = FeatureSide.COVER
    hex: Hex | None = None

    @model_validator(mode="after")
    def _sides(self) -> FeatureToken:
        if self.front is FeatureSide.COVER:
            raise ValueError("front: every token's back is its cover side; the front is objective, blocked or trap")
        if (self.number is not None) != (self.front is FeatureSide.OBJECTIVE):
            raise ValueError("number: a token has a number exactly when its front is the objective side")
        if self.face_up not in (self.front, FeatureSide.COVER):
            raise ValueError(f"face_up: this token has only the {self.front} and cover sides")
        return self

    @property
    def sides(self) -> tuple[FeatureSide, FeatureSide]:
        """Its two sides: front, then cover."""
        return (self.front, FeatureSide.COVER)

    @property
    def is_objective(self) -> bool:
        """Numbered side up: an objective token."""
        return self.face_up is FeatureSide.OBJECTIVE

    @property
    def value(self) -> int | None:
        """The objective value while numbered side up; None otherwise."""
        return self.number if self.is_objective else None

    @property
    def on_battlefield(self) -> bool:
        """Placed in a hex; otherwise it is an available feature token."""
        return self.hex is not None

    @property
    def other_side(self) -> FeatureSide:
        """The side flipping the token puts up."""
        return FeatureSide.COVER if self.face_up is self.front else self.front

    def flipped(self) -> FeatureToken:
        """The token with its other side up (no rule checked; see ``flip_token``)."""
        return self.model_copy(update={"face_up": self.other_side})


def two_player_tokens() -> tuple[FeatureToken, ...]:
    """The seven 2-player tokens, cover side up and not placed: numbered 1-5, then the blocked ones."""
    numbered = [FeatureToken(id=str(n), front=FeatureSide.OBJECTIVE, number=n) for n in range(1, TWO_PLAYER_NUMBERED + 1)]
    blocked = [FeatureToken(id=f"blocked-{n}", front=FeatureSide.BLOCKED) for n in range(1, TWO_PLAYER_BLOCKED + 1)]
    return tuple(numbered + blocked)


def deal_setup_tokens(rng: Rng, tokens: Sequence[FeatureToken] | None = None) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Shuffle the numbered tokens cover side up and deal them (§12.3): ids for player 0, then player 1.

    Player 0 chose the first board and gets three; player 1 gets two.
    """
    tokens = two_player_tokens() if tokens is None else tokens
    numbered = shuffled(rng, [t.id for t in tokens if t.front is FeatureSide.OBJECTIVE])
    first = TWO_PLAYER_DEAL[0]
    return tuple(numbered[:first]), tuple(numbered[first:first + TWO_PLAYER_DEAL[1]])


def setup_order(first: int = 0) -> tuple[int, ...]:
    """Who places each setup token, alternating from the first-board player: ``(0, 1, 0, 1, 0)``."""
    counts = dict(zip((first, 1 - first), TWO_PLAYER_DEAL))
    order: list[int] = []
    player = first
    while counts[first] or counts[1 - first]:
        if counts[player]:
            order.append(player)
            counts[player] -= 1
        player = 1 - player
    return tuple(order)


# ---------------------------------------------------------------------------------------------
# Hex types with tokens


def token_at(tokens: Iterable[FeatureToken], hex_: Hex) -> FeatureToken | None:
    """The token in ``hex_``, if any (a hex holds at most one)."""
    return next((t for t in tokens if t.hex == hex_), None)


def hex_types(battlefield: Battlefield, tokens: Iterable[FeatureToken], hex_: Hex) -> frozenset[HexType]:
    """The hex's printed and edge types plus the type of a token's face-up side on it (§9.1, p.26)."""
    types = battlefield.types(hex_)
    token = token_at(tokens, hex_)
    extra = token.face_up.hex_type if token is not None else None
    return types | {extra} if extra is not None else types


def token_blocked_hexes(tokens: Iterable[FeatureToken]) -> frozenset[Hex]:
    """Hexes blocked by a blocked-side token (add them to the printed ones for movement and sight)."""
    return frozenset(t.hex for t in tokens if t.hex is not None and t.face_up is FeatureSide.BLOCKED)


def blocked_hexes(battlefield: Battlefield, tokens: Iterable[FeatureToken]) -> frozenset[Hex]:
    """Every blocked hex: printed, and under blocked-side tokens."""
    return battlefield.blocked_hexes | token_blocked_hexes(tokens)


def has_line_of_sight(battlefield: Battlefield, tokens: Iterable[FeatureToken], origin: Hex, target: Hex) -> bool:
    """Line of sight with blocked-side tokens blocking it; other sides never block it (§9.1)."""
    return battlefield.has_line_of_sight(origin, target, blocked=token_blocked_hexes(tokens))


def _token(tokens: Sequence[FeatureToken], token_id: str) -> FeatureToken:
    for token in tokens:
        if token.id == token_id:
            return token
    raise InvalidInput("uw.feature.unknown_token", token=token_id)


def _replace(tokens: Sequence[FeatureToken], new: FeatureToken) -> tuple[FeatureToken, ...]:
    return tuple(new if t.id == new.id else t for t in tokens)


# ---------------------------------------------------------------------------------------------
# Setup placement (§12.3, rulebook p.26)


class _Placed:
    """The placed tokens by hex, for ``_setup_problem`` (a listing asks about every hex of the battlefield)."""

    def __init__(self, placed: Sequence[FeatureToken]) -> None:
        self.at: dict[Hex, FeatureToken] = {}
        """Hex -> the token in it (the first one listed, as ``token_at`` finds it)."""
        self.close: dict[Hex, Hex] = {}
        """Hex -> the hex of the first token listed closer than ``SETUP_MIN_SPACING`` to it."""
        for t in placed:
            if t.hex is not None:
                self.at.setdefault(t.hex, t)
                for h in within(t.hex, SETUP_MIN_SPACING - 1):
                    self.close.setdefault(h, t.hex)


def _setup_problem(battlefield: Battlefield, placed: _Placed, hex_: Hex,
                   tier: int) -> tuple[str, dict[str, object]] | None:
    token = placed.at.get(hex_)
    types = hex_types(battlefield, () if token is None else (token,), hex_)
    if HexType.STARTING in types:
        return "uw.feature.setup.starting_hex", {}
    if HexType.BLOCKED in types:
        return "uw.feature.setup.blocked_hex", {}
    if types & HAZARDOUS_TYPES:
        return "uw.feature.setup.hazardous_hex", {"type": sorted(types & HAZARDOUS_TYPES)[0].value}
    other = placed.close.get(hex_)
    if other is not None and tier < _LAST_RESORT:
        return "uw.feature.setup.too_close", {"other": str(other), "distance": other.distance(hex_)}
    if tier == _STRICT and HexType.EDGE in types:
        return "uw.feature.setup.edge_hex", {}
    return None


# The tiers of §12.3: every restriction; then edge hexes allowed (p.26); then, only if even that
# leaves no hex, the spacing dropped too, so setup can always finish (our recommendation: no shipped
# pairing of boards was found to reach it).
_STRICT, _EDGE_ALLOWED, _LAST_RESORT = 0, 1, 2


_TIERS: dict[tuple[int, tuple[Any, ...]], tuple[Battlefield, tuple[int, frozenset[Hex]]]] = {}
"""``_setup_tier`` by (id(battlefield), the placed tokens' hexes and sides), the battlefield kept so the id stays its
own: the placement applied is checked against the tier its listing worked out."""
_TIERS_LIMIT = 64


def _token_free_setup_hexes(battlefield: Battlefield) -> tuple[frozenset[Hex], frozenset[Hex]]:
    """The hexes whose printed and edge types allow a setup token (``_setup_problem`` without tokens), without and
    with edge hexes: a listing then only looks at the tokens' hexes and their spacing."""
    barred = frozenset().union(*(battlefield.hexes_of(t) for t in (HexType.STARTING, HexType.BLOCKED,
                                                                  *HAZARDOUS_TYPES)))
    edge_allowed = battlefield.hexes - barred
    return edge_allowed - battlefield.hexes_of(HexType.EDGE), edge_allowed


def _setup_tier(battlefield: Battlefield, placed: Sequence[FeatureToken]) -> tuple[int, frozenset[Hex]]:
    key = (id(battlefield), tuple((t.hex, t.face_up) for t in placed))  # all _setup_problem reads of the tokens
    hit = _TIERS.get(key)
    if hit is not None and hit[0] is battlefield:
        return hit[1]
    found: tuple[int, frozenset[Hex]] = (_LAST_RESORT, frozenset())
    by_hex = _Placed(placed)
    strict, edge_allowed = _token_free_setup_hexes(battlefield)
    tokens = {h for h in by_hex.at if h in battlefield}  # only these hexes' types depend on the tokens
    for tier, free in ((_STRICT, strict), (_EDGE_ALLOWED, edge_allowed), (_LAST_RESORT, edge_allowed)):
        hexes = frozenset((free - tokens).difference(by_hex.close if tier < _LAST_RESORT else ()).union(
            h for h in tokens if _setup_problem(battlefield, by_hex, h, tier) is None))
        if hexes:
            found = tier, hexes
            break
    if len(_TIERS) >= _TIERS_LIMIT:
        _TIERS.clear()
    _TIERS[key] = (battlefield, found)
    return found


def setup_hexes(battlefield: Battlefield, tokens: Iterable[FeatureToken]) -> frozenset[Hex]:
    """Where the next setup token may go, given the tokens already on the battlefield.

    Not a starting, blocked, hazardous or edge hex, nor within 2 hexes of another token. Only when no
    such hex is left may it go in an edge hex, the other restrictions still applying (p.26: "Si un
    marcador no puede colocarse debido a estas restricciones, puede colocarse en un hexágono de borde").
    """
    return _setup_tier(battlefield, [t for t in tokens if t.hex is not None])[1]


def check_setup_placement(battlefield: Battlefield, tokens: Sequence[FeatureToken], token_id: str, hex_: Hex) -> None:
    """Refuse a setup placement that §12.3 forbids.

    :raises InvalidInput: uw.feature.unknown_token
    :raises IllegalAction: uw.feature.already_placed, uw.feature.not_numbered, uw.hex.off_battlefield,
        uw.feature.setup.starting_hex, uw.feature.setup.blocked_hex, uw.feature.setup.hazardous_hex,
        uw.feature.setup.too_close, uw.feature.setup.edge_hex
    """
    token = _token(tokens, token_id)
    if token.hex is not None:
        raise IllegalAction("uw.feature.already_placed", token=token.id, hex=str(token.hex))
    if token.front is not FeatureSide.OBJECTIVE:  # p.26: the blocked tokens are not placed at setup
        raise IllegalAction("uw.feature.not_numbered", token=token.id)
    if hex_ not in battlefield:
        raise IllegalAction("uw.hex.off_battlefield", hex=str(hex_))
    placed = [t for t in tokens if t.hex is not None]
    tier, _ = _setup_tier(battlefield, placed)
    problem = _setup_problem(battlefield, _Placed(placed), hex_, tier)
    if problem is not None:
        code, params = problem
        raise IllegalAction(code, token=token.id, hex=str(hex_), **params)


def place_setup_token(battlefield: Battlefield, tokens: Sequence[FeatureToken], token_id: str,
                      hex_: Hex) -> tuple[FeatureToken, ...]:
    """Place a dealt token cover side up at setup (§12.3 step 3).

    :raises IllegalAction: as ``check_setup_placement``
    """
    check_setup_placement(battlefield, tokens, token_id, hex_)
    token = _token(tokens, token_id)
    return _replace(tokens, token.model_copy(update={"hex": hex_, "face_up": FeatureSide.COVER}))


def reveal_objectives(tokens: Sequence[FeatureToken]) -> tuple[FeatureToken, ...]:
    """Flip every placed numbered token to its numbered side: they become objective tokens (§12.3 step 5)."""
    return tuple(t.model_copy(update={"face_up": FeatureSide.OBJECTIVE})
                 if t.hex is not None and t.front is FeatureSide.OBJECTIVE else t for t in tokens)


# ---------------------------------------------------------------------------------------------
# During a round (§9.1, rulebook p.26)


def _check_destination(battlefield: Battlefield, tokens: Sequence[FeatureToken], moving: FeatureToken,
                       hex_: Hex) -> None:
    if hex_ not in battlefield:
        raise IllegalAction("uw.hex.off_battlefield", hex=str(hex_))
    others = [t for t in tokens if t.id != moving.id]
    if token_at(others, hex_) is not None:
        raise IllegalAction("uw.feature.holds_token", token=moving.id, hex=str(hex_))
    types = hex_types(battlefield, others, hex_)
    if HexType.BLOCKED in types:
        raise IllegalAction("uw.feature.blocked_hex", token=moving.id, hex=str(hex_))
    if types & HAZARDOUS_TYPES:
        raise IllegalAction("uw.feature.hazardous_hex", token=moving.id, hex=str(hex_),
                            type=sorted(types & HAZARDOUS_TYPES)[0].value)


def place_token(battlefield: Battlefield, tokens: Sequence[FeatureToken], token_id: str, hex_: Hex,
                side: FeatureSide, *, occupied: Collection[Hex] = ()) -> tuple[FeatureToken, ...]:
    """Place an available token during a round, with the side its placer chooses face up (§9.1).

    Never onto a blocked hex, a hazardous hex or a hex holding a token. Not blocked side up under a
    fighter: a token cannot be flipped to that side with a fighter on it (p.26), and a placed blocked
    token would leave a fighter in a blocked hex.

    :raises InvalidInput: uw.feature.unknown_token
    :raises IllegalAction: uw.feature.already_placed, uw.feature.no_such_side, uw.hex.off_battlefield,
        uw.feature.holds_token, uw.feature.blocked_hex, uw.feature.hazardous_hex, uw.feature.blocked_under_fighter
    """
    token = _token(tokens, token_id)
    if token.hex is not None:
        raise IllegalAction("uw.feature.already_placed", token=token.id, hex=str(token.hex))
    if side not in token.sides:
        raise IllegalAction("uw.feature.no_such_side", token=token.id, side=side.value)
    _check_destination(battlefield, tokens, token, hex_)
    if side is FeatureSide.BLOCKED and hex_ in occupied:
        raise IllegalAction("uw.feature.blocked_under_fighter", token=token.id, hex=str(hex_))
    return _replace(tokens, token.model_copy(update={"hex": hex_, "face_up": side}))


def move_token(battlefield: Battlefield, tokens: Sequence[FeatureToken], token_id: str, hex_: Hex,
               *, occupied: Collection[Hex] = ()) -> tuple[FeatureToken, ...]:
    """Move a placed token to another hex, same side up (§9.1); the card decides the route.

    :raises InvalidInput: uw.feature.unknown_token
    :raises IllegalAction: uw.feature.not_placed, uw.hex.off_battlefield, uw.feature.holds_token,
        uw.feature.blocked_hex, uw.feature.hazardous_hex, uw.feature.blocked_under_fighter
    """
    token = _token(tokens, token_id)
    if token.hex is None:
        raise IllegalAction("uw.feature.not_placed", token=token.id)
    _check_destination(battlefield, tokens, token, hex_)
    if token.face_up is FeatureSide.BLOCKED and hex_ in occupied:
        raise IllegalAction("uw.feature.blocked_under_fighter", token=token.id, hex=str(hex_))
    return _replace(tokens, token.model_copy(update={"hex": hex_}))


def flip_token(tokens: Sequence[FeatureToken], token_id: str, *,
               occupied: Collection[Hex] = ()) -> tuple[FeatureToken, ...]:
    """Turn a token over (§9.1). Objective <-> cover, blocked <-> cover, trap <-> cover.

    Never to its blocked side while a fighter is on it (p.26). A fighter on a token that becomes a trap
    hex is staggered (p.22): the caller checks ``becomes_trap_under_fighter`` first.

    :raises InvalidInput: uw.feature.unknown_token
    :raises IllegalAction: uw.feature.blocked_under_fighter
    """
    token = _token(tokens, token_id)
    new = token.flipped()
    if new.face_up is FeatureSide.BLOCKED and token.hex is not None and token.hex in occupied:
        raise IllegalAction("uw.feature.blocked_under_fighter", token=token.id, hex=str(token.hex))
    return _replace(tokens, new)


def becomes_trap_under_fighter(token: FeatureToken, *, occupied: Collection[Hex]) -> bool:
    """Whether flipping ``token`` turns an occupied hex into a trap hex, staggering its fighter (p.22)."""
    return token.hex is not None and token.hex in occupied and token.other_side is FeatureSide.TRAP


def remove_token(tokens: Sequence[FeatureToken], token_id: str) -> tuple[FeatureToken, ...]:
    """Take a token off the battlefield: it becomes an available feature token (p.26).

    :raises InvalidInput: uw.feature.unknown_token
    :raises IllegalAction: uw.feature.not_placed
    """
    token = _token(tokens, token_id)
    if token.hex is None:
        raise IllegalAction("uw.feature.not_placed", token=token.id)
    return _replace(tokens, token.model_copy(update={"hex": None}))


def available_tokens(tokens: Iterable[FeatureToken]) -> tuple[FeatureToken, ...]:
    """Tokens not on the battlefield: the available feature tokens (§9.1)."""
    return tuple(t for t in tokens if t.hex is None)


def objective_tokens(tokens: Iterable[FeatureToken]) -> tuple[FeatureToken, ...]:
    """Placed tokens numbered side up, by value."""
    return tuple(sorted((t for t in tokens if t.hex is not None and t.is_objective), key=lambda t: t.number or 0))
