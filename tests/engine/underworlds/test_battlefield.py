"""Boards as data and the battlefield two of them make (digest §8, §9.2, §12.2, §14; rulebook pp.22-26, 31, 44)."""
from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from engine.core.errors import IllegalAction, InvalidInput
from engine.underworlds import battlefield as battlefield_module
from engine.underworlds import feature_tokens, hexgrid
from engine.underworlds.battlefield import (
    BOARDS_FILE, Battlefield, BattlefieldSpec, Board, HexType, Join, JoinEdge, Orientation, find_board,
    load_board_file, push_destinations, scatter_chain,
)
from engine.underworlds.fighters import InvalidDataFile
from engine.underworlds.hexgrid import Hex, HexDirection
from engine.underworlds.joins import face_layouts, legal_joins

P = Hex.parse
ROOT = Path(__file__).resolve().parents[3]


def hexes(*names: str) -> set[Hex]:
    return {P(n) for n in names}


@pytest.fixture(scope="module")
def stardial_tower(boards: dict[str, Board]) -> Battlefield:
    """Shyishian Stardial upright on top (player 0), The Shattered Tower upright below (player 1)."""
    return Battlefield.build(boards["shyishian-stardial"], boards["the-shattered-tower"])


# -- board data ---------------------------------------------------------------------------------


def test_boards_file_loads_every_face_and_ten_layouts(boards: dict[str, Board]) -> None:
    """data-sources README: 10 classic half-boards with layouts; 38 more faces known by name only."""
    assert len(boards) == 48
    assert sorted(b.id for b in boards.values() if b.playable) == [
        "abandoned-lair", "katophranes-reliquary", "living-rock", "mirror-well", "ruptured-seal",
        "shrine-of-the-silent-people", "shyishian-stardial", "soul-refractor", "the-shattered-tower", "wyrmgrave"]


def test_boards_file_matches_a_fresh_build() -> None:
    """The shipped file is what data/underworlds/build_boards.py writes (skipped without ../shared)."""
    source = ROOT.parent / "shared" / "data-sources" / "underworlds" / "boards.json"
    if not source.exists():
        pytest.skip("shared data sources not present")
    import importlib.util
    spec = importlib.util.spec_from_file_location("build_boards", ROOT / "data" / "underworlds" / "build_boards.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.render(module.build(source)) == BOARDS_FILE.read_text(encoding="utf-8")


def test_every_board_keeps_its_sources_and_lists_unknown_values(boards: dict[str, Board]) -> None:
    """Unknown values are null and listed, never invented; every face cites where it was read."""
    for board in boards.values():
        assert board.sources
        if board.layout is None:
            assert {"layout", "rows"} <= set(board.unknown)
        else:
            assert board.layout.cover is None and "layout.cover" in board.unknown
            assert board.layout.trap is None and "layout.trap" in board.unknown
        assert board.back is None and "back" in board.unknown


def test_wintermaw_faces_have_no_layout_but_their_spanish_names(boards: dict[str, Board]) -> None:
    """Digest §29: the four Wintermaw faces are named in the rulebook (seed 000 lines 1996-2008); no hexes anywhere."""
    wintermaw = {b.spanish_name for b in boards.values() if "Wintermaw Core Box" in b.released_in}
    assert wintermaw == {"Pozos caidagélida", "Madriguera de sierpes", "Cementerio glacial", "Criaderos de sierpescarchas"}
    assert find_board("Cementerio glacial", boards).id == "the-glacial-graveyard"
    with pytest.raises(IllegalAction) as err:
        Battlefield.build(boards["icefall-pits"], boards["mirror-well"])
    assert err.value.code == "uw.battlefield.no_layout"


def test_find_board_by_id_or_name_and_unknown_board(boards: dict[str, Board]) -> None:
    """Players name boards by id or name; an unknown one is an input error."""
    assert find_board("Shyishian Stardial", boards).id == "shyishian-stardial"
    assert find_board("wyrmgrave", boards).name == "Wyrmgrave"
    with pytest.raises(InvalidInput) as err:
        find_board("Nowhere", boards)
    assert err.value.code == "uw.board.unknown"


def test_stardial_layout_matches_the_source(boards: dict[str, Board]) -> None:
    """boards.json example (Shyishian Stardial, orientation 0): S and # as in the ASCII drawing."""
    layout = boards["shyishian-stardial"].layout
    assert layout is not None
    assert set(layout.starting or ()) == hexes("c1", "f1", "f2", "c3", "e4", "b5", "c5")
    assert set(layout.blocked or ()) == hexes("d3", "b4", "c4")


VALID_BOARD = {
    "id": "practice-yard", "name": "Practice Yard", "rows": [8, 7, 8, 7, 8],
    "layout": {"starting": ["a1", "c1", "e1", "b3", "d3", "f3", "h5"], "blocked": ["d2"], "lethal": ["f4"],
               "cover": ["b5"], "stagger": ["g2"]},
    "unknown": ["back"], "sources": [{"path": "tests", "note": "made up for a test"}],
}


def test_load_board_file_reads_a_players_own_board(tmp_path: Path) -> None:
    """Users can supply their own boards; ``stagger`` is accepted for trap hexes; YAML works too."""
    path = tmp_path / "yard.json"
    path.write_text(json.dumps(VALID_BOARD), encoding="utf-8")
    board = load_board_file(path)
    assert board.layout is not None and board.layout.trap == (P("g2"),)
    yaml_path = tmp_path / "yard.yaml"
    yaml_path.write_text("id: practice-yard\nname: Practice Yard\nrows: [8, 7, 8, 7, 8]\nunknown: [back]\n"
                         "layout: {starting: [a1], blocked: [], lethal: [], cover: [], trap: []}\n"
                         "sources: [{path: tests}]\n", encoding="utf-8")
    assert load_board_file(yaml_path).layout.starting == (P("a1"),)  # type: ignore[union-attr]


def test_load_board_file_lists_every_problem(tmp_path: Path) -> None:
    """A broken board file raises InvalidInput naming each problem in words (Red ``TRIVIA_LIST_SCHEMA`` style)."""
    bad = json.loads(json.dumps(VALID_BOARD))
    bad["layout"]["starting"] = ["a1", "a1", "h2", "d2"]  # duplicate; h2 is off an odd row; d2 is blocked
    bad["layout"]["lethal"] = ["zz9"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    with pytest.raises(InvalidDataFile) as err:
        load_board_file(path)
    assert isinstance(err.value, InvalidInput)
    assert err.value.code == "uw.data.invalid"
    text = str(err.value)
    assert "'zz9' is not a hex" in text
    bad["layout"]["lethal"] = []
    path.write_text(json.dumps(bad), encoding="utf-8")
    with pytest.raises(InvalidDataFile) as err:
        load_board_file(path)
    problems = "\n".join(err.value.problems)
    assert "h2 is not a hex of this board" in problems
    assert "lists a hex twice" in problems
    assert "d2 is both starting and blocked" in problems


@pytest.mark.parametrize(("change", "message"), [
    ({"rows": [8, 8, 8]}, "rows must alternate"),
    ({"unknown": []}, "back is null but not listed in unknown"),
    ({"back": "practice-yard"}, "cannot be its own back"),
    ({"layout": None}, "layout is null but not listed"),
    ({"colour": "red"}, "Extra inputs are not permitted"),
])
def test_load_board_file_refuses_inconsistent_boards(tmp_path: Path, change: dict[str, object], message: str) -> None:
    """Shape, unknown list and unknown keys are all checked, with readable messages."""
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({**VALID_BOARD, **change}), encoding="utf-8")
    with pytest.raises(InvalidDataFile) as err:
        load_board_file(path)
    assert message in str(err.value)


def test_load_board_file_unreadable_or_malformed(tmp_path: Path) -> None:
    """Missing files and broken JSON are input errors too."""
    with pytest.raises(InvalidDataFile) as err:
        load_board_file(tmp_path / "missing.json")
    assert err.value.code == "uw.data.unreadable"
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    with pytest.raises(InvalidDataFile) as err:
        load_board_file(broken)
    assert err.value.code == "uw.data.malformed"


# -- joins (§12.2, rulebook p.24 line 477) ---------------------------------------------------------


def test_long_edge_join_has_83_hexes(stardial_tower: Battlefield) -> None:
    """data-sources README: 38 + 7 completed + 38 = 83 hexes, rows 8,7,8,7,8,7,8,7,8,7,8."""
    assert len(stardial_tower) == 83
    rows = [sum(1 for h in stardial_tower.hexes if h.row == r) for r in range(11)]
    assert rows == [8, 7, 8, 7, 8, 7, 8, 7, 8, 7, 8]


def test_long_edge_join_completed_hexes_are_no_ones_territory(stardial_tower: Battlefield) -> None:
    """p.22: every hex completed by placing the boards is no one's territory (row 6, a6-g6)."""
    assert stardial_tower.no_ones_territory == hexes("a6", "b6", "c6", "d6", "e6", "f6", "g6")
    assert all(stardial_tower.owner(h) is None for h in stardial_tower.no_ones_territory)


def test_territories_are_each_players_own_board(stardial_tower: Battlefield) -> None:
    """p.22: a player's territory is every hex of their board; the rest is enemy or no one's territory."""
    top, bottom = stardial_tower.territory(0), stardial_tower.territory(1)
    assert len(top) == len(bottom) == 38
    assert top | bottom | stardial_tower.no_ones_territory == stardial_tower.hexes
    assert all(h.row <= 4 for h in top) and all(h.row >= 6 for h in bottom)
    assert stardial_tower.board_hex(P("b8")) == (stardial_tower.boards[1], P("b2"))
    assert stardial_tower.board_hex(P("d6")) is None


@pytest.mark.parametrize(("offset", "count"), [(0, 83), (1, 82), (-1, 82), (2, 81), (-2, 81), (3, 80), (-3, 80)])
def test_long_edge_join_slid_sideways_completes_seven_minus_shift(boards: dict[str, Board], offset: int,
                                                                 count: int) -> None:
    """p.24: at least four completed hexes on a long join: slides of 0-3 hexes complete 7-4 hexes."""
    field = Battlefield.build(boards["mirror-well"], boards["wyrmgrave"], join=Join(offset=offset))
    assert len(field) == count
    assert len(field.no_ones_territory) == 7 - abs(offset)
    assert min(h.col for h in field.hexes) == 0 and min(h.row for h in field.hexes) == 0


@pytest.mark.parametrize("offset", [4, -4, 7])
def test_long_edge_join_completing_fewer_than_four_is_illegal(boards: dict[str, Board], offset: int) -> None:
    """p.24: "al menos cuatro hexágonos completados al unir los tableros por sus extremos largos"."""
    with pytest.raises(IllegalAction) as err:
        Battlefield.build(boards["mirror-well"], boards["wyrmgrave"], join=Join(offset=offset))
    assert err.value.code == "uw.battlefield.too_few_completed"
    assert err.value.params["minimum"] == 4


def test_short_edge_join_has_78_hexes_and_two_completed(boards: dict[str, Board]) -> None:
    """p.24: two completed hexes on a short join: 38 + 2 + 38 = 78."""
    field = Battlefield.build(boards["mirror-well"], boards["wyrmgrave"], join=Join(edge=JoinEdge.SHORT))
    assert len(field) == 78
    assert field.no_ones_territory == hexes("h2", "h4")
    assert all(h.col <= 7 for h in field.territory(0)) and all(h.col >= 8 for h in field.territory(1))


@pytest.mark.parametrize(("offset", "code"), [(2, "uw.battlefield.too_few_completed"),
                                              (1, "uw.battlefield.join_misaligned")])
def test_short_edge_join_slid_is_illegal(boards: dict[str, Board], offset: int, code: str) -> None:
    """Sliding a short join two rows completes one hex (< 2); one row does not line the hexes up."""
    with pytest.raises(IllegalAction) as err:
        Battlefield.build(boards["mirror-well"], boards["wyrmgrave"], join=Join(edge=JoinEdge.SHORT, offset=offset))
    assert err.value.code == code


def test_legal_joins_are_seven_long_and_one_short(boards: dict[str, Board]) -> None:
    """Every arrangement the completed-hex minimum allows for two classic half-boards."""
    joins = legal_joins(boards["mirror-well"], boards["wyrmgrave"])
    assert [(j.edge, j.offset) for j in joins] == [(JoinEdge.LONG, k) for k in range(-3, 4)] + [(JoinEdge.SHORT, 0)]


def test_face_layouts_are_the_joins_check_join_allows(boards: dict[str, Board]) -> None:
    """The integer listing of set-up agrees with placing the faces for every join tried, either way round."""
    faces = [boards[b] for b in ("mirror-well", "wyrmgrave", "shyishian-stardial")]
    for first in faces:
        for second in faces:
            allowed = []
            for edge in JoinEdge:
                offsets = range(-first.rows[0], first.rows[0] + 1) if edge is JoinEdge.LONG else range(-4, 5, 2)
                for offset in offsets:
                    for o1 in Orientation:
                        for o2 in Orientation:
                            try:
                                Battlefield.check_join(first, second, join=Join(edge=edge, offset=offset),
                                                       first_orientation=o1, second_orientation=o2)
                            except IllegalAction:
                                continue
                            allowed.append((edge.value, offset, o1.value, o2.value))
            assert face_layouts(first, second) == tuple(allowed)


def test_turned_board_is_the_point_rotation_of_the_upright_board(boards: dict[str, Board]) -> None:
    """data-sources README: orientation 180 = (c, r) -> (7 - c, 4 - r) on even rows, (6 - c, 4 - r) on odd rows.

    The source's own 180 list for the Stardial has blocked hexes e2, f2 and e3 (its row 1 ". . S . # # ."
    and row 2 ". . . . # S . .").
    """
    stardial = boards["shyishian-stardial"]
    field = Battlefield.build(stardial, boards["mirror-well"], first_orientation=Orientation.TURNED)
    assert field.blocked_hexes == hexes("e2", "f2", "e3")
    assert field.starting_hexes(0) == {Hex.from_offset(7 - h.col if h.row % 2 == 0 else 6 - h.col, 4 - h.row)
                                       for h in stardial.layout.starting}  # type: ignore[union-attr]


def test_second_board_keeps_its_own_orientation_below_the_first(stardial_tower: Battlefield) -> None:
    """data-sources README: the bottom board uses its own orientation lists with row + 6, no extra rotation."""
    assert stardial_tower.blocked_hexes == hexes("d3", "b4", "c4", "g9", "d10", "f10")
    assert stardial_tower.starting_hexes(1) == hexes("b8", "d8", "f9", "a10", "b10", "e11", "g11")
    assert len(stardial_tower.starting_hexes(0)) == 7 and len(stardial_tower.starting_hexes()) == 14


# -- edge hexes (§8.2, p.22) ----------------------------------------------------------------------


def test_edge_hexes_are_those_with_fewer_than_six_neighbours(stardial_tower: Battlefield) -> None:
    """p.22 (advanced): a hex not adjacent to six hexes is an edge hex; incomplete hexes do not count."""
    for hex_ in stardial_tower.hexes:
        expected = len(stardial_tower.neighbours(hex_)) < 6
        assert stardial_tower.is_edge(hex_) == expected
        assert (HexType.EDGE in stardial_tower.types(hex_)) == expected
    assert len(stardial_tower.edge_hexes) == 34
    assert P("a6") in stardial_tower.edge_hexes and P("d6") not in stardial_tower.edge_hexes


def test_edge_hexes_appear_beside_incomplete_hexes_of_a_slid_join(boards: dict[str, Board]) -> None:
    """With a slid join, hexes next to the incomplete part of the join row are edge hexes too."""
    field = Battlefield.build(boards["mirror-well"], boards["wyrmgrave"], join=Join(offset=3))
    assert P("c6") not in field and P("c7") not in field
    assert P("c5") in field.edge_hexes and P("d7") in field.edge_hexes
    assert P("e5") not in field.edge_hexes


def test_edge_hex_can_also_have_other_types(boards: dict[str, Board]) -> None:
    """p.22: a hex can be an edge hex and any other type (Mirror Well's a4 is a starting edge hex)."""
    field = Battlefield.build(boards["mirror-well"], boards["wyrmgrave"])
    assert field.types(P("a4")) >= {HexType.STARTING, HexType.EDGE}


# -- identity and storage -----------------------------------------------------------------------


def test_battlefield_spec_round_trips_through_json(stardial_tower: Battlefield, boards: dict[str, Board]) -> None:
    """The match stores the spec; rebuilding it gives an equal battlefield (same hash: one render cache entry)."""
    raw = stardial_tower.spec.model_dump_json()
    again = Battlefield.from_spec(BattlefieldSpec.model_validate_json(raw), boards)
    assert again == stardial_tower and hash(again) == hash(stardial_tower)
    assert stardial_tower.key == "shyishian-stardial@0+the-shattered-tower@0/long+0"
    turned = Battlefield.build(boards["shyishian-stardial"], boards["the-shattered-tower"],
                               second_orientation=Orientation.TURNED)
    assert turned != stardial_tower


def test_from_spec_with_an_unknown_board_is_an_input_error(boards: dict[str, Board]) -> None:
    """A stored or typed spec naming a board we do not have."""
    spec = BattlefieldSpec.model_validate({"first": {"board": "mirror-well"}, "second": {"board": "no-such-board"}})
    with pytest.raises(InvalidInput) as err:
        Battlefield.from_spec(spec, boards)
    assert err.value.code == "uw.board.unknown"


def test_owner_of_a_hex_off_the_battlefield_is_an_input_error(stardial_tower: Battlefield) -> None:
    """h6 is not a hex (row 6 has seven hexes)."""
    with pytest.raises(InvalidInput) as err:
        stardial_tower.owner(P("h6"))
    assert err.value.code == "uw.hex.off_battlefield"


def test_distance_counts_through_blocked_hexes(stardial_tower: Battlefield) -> None:
    """p.23: distance may be a straight line through blocked hexes (a4 to d4 across b4 and c4)."""
    assert {P("b4"), P("c4")} <= stardial_tower.blocked_hexes
    assert P("a4").distance(P("d4")) == 3


# -- push (§14, rulebook p.31) and scatter (§9.2, p.44) -----------------------------------------------


def test_push_one_hex_away_from_attacker_offers_three_hexes(stardial_tower: Battlefield) -> None:
    """p.34: the attacker can drive the target back to one of the three hexes further away."""
    attacker, target = P("e7"), P("e8")
    assert push_destinations(stardial_tower, target, 1, away_from=attacker) == set(hexgrid.steps_away(target, attacker))
    assert len(push_destinations(stardial_tower, target, 1, away_from=attacker)) == 3


def test_push_cannot_enter_blocked_or_occupied_hexes(stardial_tower: Battlefield) -> None:
    """p.31 + p.22: a pushed fighter moves into adjacent hexes; none may be blocked or hold a fighter."""
    start = P("e10")
    around = set(stardial_tower.neighbours(start))
    assert P("f10") in around and P("f10") in stardial_tower.blocked_hexes
    got = push_destinations(stardial_tower, start, 1, occupied={P("d10")} | {P("e11")})
    assert got == around - {P("f10"), P("d10"), P("e11")} - {P("d10")}
    assert P("d3") not in push_destinations(stardial_tower, P("e3"), 1, blocked={P("d4")})


def test_push_cannot_end_where_it_began(stardial_tower: Battlefield) -> None:
    """p.31: "Un guerrero empujado no puede finalizar el empujón en el mismo hexágono donde se inició"."""
    start = P("e5")
    two = push_destinations(stardial_tower, start, 2)
    assert start not in two
    assert two == {h for h in hexgrid.within(start, 2) if h in stardial_tower and h != start
                   and h not in stardial_tower.blocked_hexes}


def test_push_towards_needs_every_step_closer(stardial_tower: Battlefield) -> None:
    """p.23: pushed towards a hex, each hex entered is closer than the one left."""
    got = push_destinations(stardial_tower, P("e5"), 2, towards=P("e9"))
    assert all(h.distance(P("e9")) == P("e5").distance(P("e9")) - 2 for h in got) and got


def test_scatter_chain_follows_directions_and_may_revisit_the_origin(stardial_tower: Battlefield) -> None:
    """p.44: each die moves one hex from the previous chain hex; the origin is not part of the chain but may be revisited."""
    chain = scatter_chain(stardial_tower, P("e5"), [HexDirection.EAST, HexDirection.WEST, HexDirection.WEST])
    assert chain.hexes == (P("f5"), P("e5"), P("d5")) and chain.final == P("d5") and not chain.interrupted


def test_scatter_chain_stops_at_the_battlefield_edge(stardial_tower: Battlefield) -> None:
    """p.44: a chain that would go beyond the edge ends at the last hex reached and is interrupted."""
    chain = scatter_chain(stardial_tower, P("b1"), [HexDirection.WEST, HexDirection.WEST, HexDirection.EAST])
    assert chain.hexes == (P("a1"),) and chain.interrupted
    nothing = scatter_chain(stardial_tower, P("a1"), [HexDirection.NORTH_EAST])
    assert nothing.hexes == () and nothing.final is None and nothing.interrupted


def test_scatter_chain_may_enter_blocked_hexes(stardial_tower: Battlefield) -> None:
    """Digest §35 #18 (recommendation): a chain is a set of hexes, not a move, so blocked hexes may be in it."""
    assert scatter_chain(stardial_tower, P("e3"), [HexDirection.WEST]).final == P("d3")


# -- architecture -----------------------------------------------------------------------------------


@pytest.mark.parametrize("module", [hexgrid, battlefield_module, feature_tokens])
def test_battlefield_modules_import_nothing_forbidden(module: object) -> None:
    """House style 1: engine/ never imports discord, redis, PIL, asyncio, time or random."""
    tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))  # type: ignore[attr-defined]
    names = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    names |= {node.module.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
    assert not names & {"discord", "redis", "PIL", "asyncio", "time", "random"}
    assert len(Path(module.__file__).read_text(encoding="utf-8").splitlines()) < 800  # type: ignore[attr-defined]
