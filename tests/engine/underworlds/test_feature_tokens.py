"""Feature tokens: sides, setup placement, flipping, moving and placing (digest §9.1, §12.3; rulebook p.26)."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction, InvalidInput
from engine.core.rng import SeededRng
from engine.underworlds.battlefield import Battlefield, Board, HexType
from engine.underworlds.feature_tokens import (
    FeatureSide, FeatureToken, available_tokens, becomes_trap_under_fighter, blocked_hexes, check_setup_placement,
    deal_setup_tokens, flip_token, has_line_of_sight, hex_types, move_token, objective_tokens, place_setup_token,
    place_token, remove_token, reveal_objectives, setup_hexes, setup_order, token_blocked_hexes, two_player_tokens,
)
from engine.underworlds.hexgrid import Hex

P = Hex.parse


def placed(*spots: tuple[str, str], side: FeatureSide = FeatureSide.COVER) -> tuple[FeatureToken, ...]:
    """The 2-player tokens with the given numbered ones placed (id, hex), ``side`` up."""
    where = dict(spots)
    return tuple(t.model_copy(update={"hex": P(where[t.id]), "face_up": side}) if t.id in where else t
                 for t in two_player_tokens())


def code_of(call, *args, **kwargs) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalAction) as err:
        call(*args, **kwargs)
    return err.value.code


# -- the tokens -------------------------------------------------------------------------------------


def test_two_player_tokens_are_five_numbered_and_two_blocked() -> None:
    """p.26: seven tokens with a cover side: five numbered 1-5, two with a blocked side."""
    tokens = two_player_tokens()
    assert [t.number for t in tokens if t.front is FeatureSide.OBJECTIVE] == [1, 2, 3, 4, 5]
    assert [t.id for t in tokens if t.front is FeatureSide.BLOCKED] == ["blocked-1", "blocked-2"]
    assert all(t.face_up is FeatureSide.COVER and t.hex is None for t in tokens)
    assert all(t.sides[1] is FeatureSide.COVER for t in tokens)


def test_token_value_only_while_numbered_side_up() -> None:
    """p.26: numbered side up it is an objective token worth its number; cover side up it has no value."""
    token = two_player_tokens()[2]
    assert token.value is None and not token.is_objective
    assert token.flipped().value == 3 and token.flipped().is_objective


@pytest.mark.parametrize(("raw", "message"), [
    ({"id": "1", "front": "objective"}, "exactly when its front is the objective side"),
    ({"id": "b", "front": "blocked", "number": 2}, "exactly when its front is the objective side"),
    ({"id": "c", "front": "cover"}, "the front is objective, blocked or trap"),
    ({"id": "t", "front": "trap", "face_up": "objective"}, "only the trap and cover sides"),
])
def test_token_with_impossible_sides_is_refused(raw: dict[str, object], message: str) -> None:
    """Every token has a cover side and one other; only numbered tokens carry a number."""
    with pytest.raises(ValueError, match=message):
        FeatureToken.model_validate(raw)


def test_token_round_trips_through_json() -> None:
    """Tokens live in the match snapshot: JSON in, same token out; the hex is written as notation."""
    token = placed(("4", "d6"))[3]
    raw = token.model_dump(mode="json")
    assert raw["hex"] == "d6"
    assert FeatureToken.model_validate(raw) == token


# -- setup (§12.3) ----------------------------------------------------------------------------------


def test_deal_gives_three_to_the_first_board_player_and_two_to_the_other() -> None:
    """p.26: shuffle the five numbered tokens cover side up; deal three to the first-board player, two to the other."""
    first, second = deal_setup_tokens(SeededRng(b"deal"))
    assert len(first) == 3 and len(second) == 2
    assert sorted(first + second) == ["1", "2", "3", "4", "5"]
    assert deal_setup_tokens(SeededRng(b"deal")) == (first, second)


@pytest.mark.parametrize(("first", "order"), [(0, (0, 1, 0, 1, 0)), (1, (1, 0, 1, 0, 1))])
def test_setup_order_alternates_from_the_first_board_player(first: int, order: tuple[int, ...]) -> None:
    """p.26: players take turns placing, starting with the player who chose the first board."""
    assert setup_order(first) == order


def test_setup_token_on_a_starting_hex_is_illegal(field: Battlefield) -> None:
    """p.26: not in a starting hex."""
    assert P("c3") in field.starting_hexes()
    assert code_of(check_setup_placement, field, two_player_tokens(), "1", P("c3")) == "uw.feature.setup.starting_hex"


def test_setup_token_on_a_blocked_hex_is_illegal(field: Battlefield) -> None:
    """p.26: not in a blocked hex."""
    assert code_of(check_setup_placement, field, two_player_tokens(), "1", P("d3")) == "uw.feature.setup.blocked_hex"


def test_setup_token_on_a_lethal_hex_is_illegal(field: Battlefield) -> None:
    """p.26: not in a hazardous hex (lethal, trap or cover)."""
    lethal = sorted(field.hexes_of(HexType.LETHAL) - field.edge_hexes)[0]
    assert code_of(check_setup_placement, field, two_player_tokens(), "1", lethal) == "uw.feature.setup.hazardous_hex"


def test_setup_token_on_an_edge_hex_is_illegal_while_other_hexes_remain(field: Battlefield) -> None:
    """p.26: not in an edge hex (unless no other hex is possible)."""
    assert code_of(check_setup_placement, field, two_player_tokens(), "1", P("a2")) == "uw.feature.setup.edge_hex"


@pytest.mark.parametrize(("hex_", "legal"), [("e7", False), ("c8", False), ("f7", False), ("d9", True), ("e10", True)])
def test_setup_token_within_two_hexes_of_another_is_illegal(field: Battlefield, hex_: str, legal: bool) -> None:
    """p.26: "no puede estar a dos hexágonos o menos de ningún otro marcador": distance 3 or more only."""
    tokens = placed(("1", "d6"))
    assert (P(hex_).distance(P("d6")) >= 3) == legal
    if legal:
        check_setup_placement(field, tokens, "2", P(hex_))
    else:
        assert code_of(check_setup_placement, field, tokens, "2", P(hex_)) == "uw.feature.setup.too_close"


def test_setup_tokens_go_cover_side_up_then_flip_to_objectives(field: Battlefield) -> None:
    """p.26: placed cover side up with the numbers hidden; when all five are placed, flip them: objectives 1-5."""
    tokens = two_player_tokens()
    for token_id, hex_ in zip("12345", ["d6", "d9", "b3", "f3", "f8"]):
        assert P(hex_) in setup_hexes(field, tokens)
        tokens = place_setup_token(field, tokens, token_id, P(hex_))
    assert all(t.face_up is FeatureSide.COVER for t in tokens if t.hex is not None)
    tokens = reveal_objectives(tokens)
    assert [t.value for t in objective_tokens(tokens)] == [1, 2, 3, 4, 5]
    assert [t.id for t in available_tokens(tokens)] == ["blocked-1", "blocked-2"]


def test_setup_blocked_tokens_are_not_placed(field: Battlefield) -> None:
    """p.26: the other two tokens are not placed in this step; they are the available feature tokens."""
    assert code_of(check_setup_placement, field, two_player_tokens(), "blocked-1", P("d6")) == "uw.feature.not_numbered"


def test_setup_token_already_placed_or_unknown(field: Battlefield) -> None:
    """A token goes down once; a token id that does not exist is an input error."""
    tokens = placed(("1", "d6"))
    assert code_of(check_setup_placement, field, tokens, "1", P("g6")) == "uw.feature.already_placed"
    with pytest.raises(InvalidInput) as err:
        check_setup_placement(field, tokens, "9", P("g6"))
    assert err.value.code == "uw.feature.unknown_token"


def _walled_board(boards: dict[str, Board], open_hexes: set[str]) -> Board:
    """A user board where every hex except ``open_hexes`` is blocked (never starting)."""
    board = boards["mirror-well"]
    cells = [h for h in board.hexes() if str(h) not in open_hexes]
    layout = {"starting": [], "blocked": [str(h) for h in cells], "lethal": [], "cover": [], "trap": []}
    return Board.model_validate({**board.model_dump(mode="json"), "id": "walled", "layout": layout,
                                 "unknown": ["back"]})


def test_setup_falls_back_to_edge_hexes_keeping_the_spacing(boards: dict[str, Board]) -> None:
    """p.26: "Si un marcador no puede colocarse debido a estas restricciones, puede colocarse en un hexágono de borde".

    A user board open only at c2, d3 (inner) and a3, h1 (edge), the other board all blocked; the
    completed row a6-g6 is open too. Tokens on d6 and d3 leave no inner hex 3 or more away: edge
    hexes become legal, still 3 or more hexes from every token.
    """
    field = Battlefield.build(_walled_board(boards, {"c2", "d3", "a3", "h1"}), _walled_board(boards, set()))
    assert code_of(check_setup_placement, field, two_player_tokens(), "1", P("a3")) == "uw.feature.setup.edge_hex"
    tokens = place_setup_token(field, two_player_tokens(), "1", P("d6"))
    tokens = place_setup_token(field, tokens, "2", P("d3"))
    legal = setup_hexes(field, tokens)
    assert legal == {P("a3"), P("h1"), P("a6"), P("g6")} and legal <= field.edge_hexes
    assert code_of(check_setup_placement, field, tokens, "3", P("c2")) == "uw.feature.setup.too_close"
    place_setup_token(field, tokens, "3", P("a3"))


def test_setup_last_resort_drops_the_spacing(boards: dict[str, Board]) -> None:
    """Our ruling: if no hex is left even among edge hexes, the spacing is dropped so setup can finish.

    Open: b2 and c2 on one board and the completed row. Tokens on b2, d6, a6 and g6 leave every open
    hex within 2 of a token; the fifth token may then go in any open hex without a token.
    """
    field = Battlefield.build(_walled_board(boards, {"b2", "c2"}), _walled_board(boards, set()))
    tokens = placed(("1", "b2"), ("2", "d6"), ("3", "a6"), ("4", "g6"))
    assert setup_hexes(field, tokens) == {P("c2"), P("b6"), P("c6"), P("e6"), P("f6")}
    place_setup_token(field, tokens, "5", P("c2"))
    assert code_of(check_setup_placement, field, tokens, "5", P("d6")) == "uw.feature.setup.hazardous_hex"


# -- during a round (§9.1) --------------------------------------------------------------------------


def test_flip_objective_gives_cover_and_back() -> None:
    """p.26: a flipped objective token becomes a cover hex token; flipped again, an objective token."""
    tokens = placed(("1", "d6"), side=FeatureSide.OBJECTIVE)
    once = flip_token(tokens, "1")
    assert once[0].face_up is FeatureSide.COVER
    assert flip_token(once, "1")[0].face_up is FeatureSide.OBJECTIVE


def test_flip_blocked_token_gives_cover_and_back(field: Battlefield) -> None:
    """p.26: a blocked hex token flips to a cover hex token, and back."""
    tokens = place_token(field, two_player_tokens(), "blocked-1", P("e6"), FeatureSide.BLOCKED)
    once = flip_token(tokens, "blocked-1")
    assert once[5].face_up is FeatureSide.COVER
    assert flip_token(once, "blocked-1")[5].face_up is FeatureSide.BLOCKED


def test_flip_to_blocked_with_a_fighter_on_it_is_illegal(field: Battlefield) -> None:
    """p.26: "No se le puede dar la vuelta a un marcador para convertirlo en un marcador de hexágono bloqueado si hay un guerrero sobre él"."""
    tokens = place_token(field, two_player_tokens(), "blocked-1", P("e6"), FeatureSide.COVER)
    assert code_of(flip_token, tokens, "blocked-1", occupied={P("e6")}) == "uw.feature.blocked_under_fighter"
    assert flip_token(tokens, "blocked-1", occupied={P("d6")})[5].face_up is FeatureSide.BLOCKED


def test_flip_into_a_trap_hex_under_a_fighter_staggers_it() -> None:
    """p.22: a fighter in a hex whose feature token becomes a trap hex is staggered."""
    trap = FeatureToken(id="trap-1", front=FeatureSide.TRAP, hex=P("d6"))
    assert becomes_trap_under_fighter(trap, occupied={P("d6")})
    assert not becomes_trap_under_fighter(trap, occupied={P("e6")})
    assert not becomes_trap_under_fighter(trap.flipped(), occupied={P("d6")})


def test_move_token_onto_a_blocked_hex_is_illegal(field: Battlefield) -> None:
    """p.26: a token is never moved or placed onto a blocked hex."""
    tokens = placed(("1", "d6"), side=FeatureSide.OBJECTIVE)
    assert code_of(move_token, field, tokens, "1", P("d3")) == "uw.feature.blocked_hex"


def test_move_token_onto_a_hazardous_hex_is_illegal(field: Battlefield) -> None:
    """p.26: nor onto a hazardous hex (lethal, trap or cover), a cover token's hex included."""
    tokens = placed(("1", "d6"), ("2", "g6"), side=FeatureSide.OBJECTIVE)
    lethal = sorted(field.hexes_of(HexType.LETHAL))[0]
    assert code_of(move_token, field, tokens, "1", lethal) == "uw.feature.hazardous_hex"


def test_move_token_onto_another_token_is_illegal(field: Battlefield) -> None:
    """p.26: nor onto a hex that already holds a feature token."""
    tokens = placed(("1", "d6"), ("2", "g6"), side=FeatureSide.OBJECTIVE)
    assert code_of(move_token, field, tokens, "1", P("g6")) == "uw.feature.holds_token"


def test_move_token_during_a_round_may_end_on_a_starting_or_edge_hex(field: Battlefield) -> None:
    """Only setup forbids starting and edge hexes; during a round only §9.1's restrictions apply."""
    tokens = placed(("1", "d6"), side=FeatureSide.OBJECTIVE)
    moved = move_token(field, tokens, "1", P("c3"))
    assert moved[0].hex == P("c3") and moved[0].face_up is FeatureSide.OBJECTIVE
    assert move_token(field, tokens, "1", P("a1"))[0].hex == P("a1")
    assert code_of(move_token, field, tokens, "2", P("a1")) == "uw.feature.not_placed"


def test_place_token_with_the_side_its_placer_chooses(field: Battlefield) -> None:
    """p.26: a player told to place a token during a round chooses which side is face up."""
    tokens = place_token(field, two_player_tokens(), "blocked-2", P("e6"), FeatureSide.COVER)
    assert tokens[6].hex == P("e6") and tokens[6].face_up is FeatureSide.COVER
    assert code_of(place_token, field, two_player_tokens(), "blocked-2", P("e6"), FeatureSide.OBJECTIVE) == \
        "uw.feature.no_such_side"
    assert code_of(place_token, field, tokens, "blocked-2", P("f6"), FeatureSide.COVER) == "uw.feature.already_placed"


def test_place_token_blocked_side_up_under_a_fighter_is_illegal(field: Battlefield) -> None:
    """Our ruling (from p.26's flip rule): a blocked side never goes face up under a fighter."""
    assert code_of(place_token, field, two_player_tokens(), "blocked-1", P("e6"), FeatureSide.BLOCKED,
                   occupied={P("e6")}) == "uw.feature.blocked_under_fighter"


def test_remove_token_makes_it_available(field: Battlefield) -> None:
    """p.26: a token removed from the battlefield becomes an available feature token."""
    tokens = remove_token(placed(("1", "d6"), side=FeatureSide.OBJECTIVE), "1")
    assert tokens[0].hex is None and tokens[0] in available_tokens(tokens)


# -- tokens change hexes (§9.1) ----------------------------------------------------------------------


def test_cover_token_makes_its_hex_a_cover_hex(field: Battlefield) -> None:
    """p.26: a hex holding a cover token is a cover hex as well as its other types (so hazardous)."""
    tokens = placed(("1", "a6"))
    assert hex_types(field, tokens, P("a6")) == {HexType.COVER, HexType.EDGE}
    assert hex_types(field, tokens.__class__(), P("a6")) == {HexType.EDGE}


def test_blocked_token_blocks_its_hex_and_line_of_sight(field: Battlefield) -> None:
    """p.26: a hex holding a blocked token is a blocked hex: it blocks line of sight like a printed one."""
    tokens = place_token(field, two_player_tokens(), "blocked-1", P("d6"), FeatureSide.BLOCKED)
    assert token_blocked_hexes(tokens) == {P("d6")}
    assert P("d6") in blocked_hexes(field, tokens)
    assert HexType.BLOCKED in hex_types(field, tokens, P("d6"))
    assert field.has_line_of_sight(P("d5"), P("d7"))
    assert not has_line_of_sight(field, tokens, P("d5"), P("d7"))


def test_objective_and_cover_tokens_do_not_block_line_of_sight(field: Battlefield) -> None:
    """Glossary (seed 000 lines 1874, 1878): objective and cover tokens block neither movement nor line of sight."""
    for side in (FeatureSide.OBJECTIVE, FeatureSide.COVER):
        tokens = placed(("1", "d6"), side=side)
        assert has_line_of_sight(field, tokens, P("d5"), P("d7"))
        assert not token_blocked_hexes(tokens)
