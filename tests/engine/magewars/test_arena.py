"""The arena (digest §2, §7.6): zones, range, walls, line of sight, push directions."""
from engine.magewars import arena

FULL = arena.FULL


def test_full_arena_has_12_zones_and_apprentice_6():
    """Digest §2.1, §3.2; seed 001 line 87: 12 zones, Apprentice mode plays on half (2 × 3)."""
    assert len(arena.zones(arena.FULL)) == 12 and len(arena.zones(arena.APPRENTICE)) == 6


def test_mages_start_in_opposite_corners_distance_3_in_apprentice():
    """Digest §2.1, §21.1: the doors are opposite corners; in Apprentice mode they are 3 zones apart."""
    a, b = arena.start_zones(arena.APPRENTICE)
    assert (a, b) == ("A1", "B3") and arena.distance(a, b) == 3
    assert arena.distance(*arena.start_zones(FULL)) == 5


def test_adjacency_is_orthogonal_only():
    """Digest §2.1: diagonal zones are not adjacent."""
    assert arena.adjacent("B2", FULL) == ["A2", "B1", "B3", "C2"]
    assert "B2" not in arena.adjacent("A1", FULL)


def test_range_min_max_too_close_is_illegal():
    """Digest §2.2: a target is legal only if min ≤ distance ≤ max; own zone is range 0."""
    assert arena.in_range("A1", "A1", 0, 1) and arena.in_range("A1", "B1", 1, 2)
    assert not arena.in_range("A1", "A1", 1, 2) and not arena.in_range("A1", "C2", 0, 2)


def test_wall_of_stone_blocks_line_of_sight_fireball_example():
    """Digest §2.4, §20.2 (Fireball blocked by Walls of Stone): a LoS-blocking barrier on a crossed border
    blocks; other borders do not."""
    walls = {"B1|C1": {arena.BLOCKS_LOS}}
    assert not arena.line_of_sight("A1", "C1", walls, FULL)
    assert arena.line_of_sight("A2", "C2", walls, FULL)


def test_line_of_sight_through_a_corner_blocked_only_when_both_ways_are():
    """Digest §2.4, §22.10: a line through a corner point is blocked only if both ways round it are."""
    one = {"A1|B1": {arena.BLOCKS_LOS}}
    both = {"A1|B1": {arena.BLOCKS_LOS}, "A1|A2": {arena.BLOCKS_LOS}}
    assert arena.line_of_sight("A1", "B2", one, FULL)
    assert not arena.line_of_sight("A1", "B2", both, FULL)


def test_flyers_always_have_line_of_sight():
    """Digest §2.4, §7.4: barriers never block LoS from or to a flying creature."""
    assert arena.line_of_sight("A1", "C1", {"B1|C1": {arena.BLOCKS_LOS}}, FULL, flying=True)


def test_line_of_sight_to_a_border_ends_at_its_centre():
    """Digest §2.4: to target a barrier the line runs to the centre of the border (its own wall not counted)."""
    walls = {"B1|C1": {arena.BLOCKS_LOS}}
    assert arena.line_of_sight("A1", "B1|C1", walls, FULL, target_border=True)


def test_perimeter_walls_stop_movement_and_flyers():
    """Digest §2.3, §7.4: the arena's walls block passage, flyers included."""
    assert arena.crossing("A1", "north", {}, FULL, flying=True) == (None, "wall")


def test_passage_blocked_and_passage_attack_barriers():
    """Digest §9.6: Passage Blocked stops non-flyers; Passage Attack lets them cross after its attack."""
    assert arena.crossing("A1", "east", {"A1|B1": {arena.PASSAGE_BLOCKED}}, FULL) == (None, "blocked")
    assert arena.crossing("A1", "east", {"A1|B1": {arena.PASSAGE_BLOCKED}}, FULL, flying=True) == ("B1", "free")
    assert arena.crossing("A1", "east", {"A1|B1": {arena.PASSAGE_ATTACK}}, FULL) == ("B1", "attack")


def test_push_goes_away_from_the_source_and_the_pusher_chooses_when_diagonal():
    """Digest §7.6: away from the source; diagonal or same zone, the pusher chooses."""
    assert arena.push_directions("A1", "B1") == ["east"]
    assert sorted(arena.push_directions("A1", "B2")) == ["east", "south"]
    assert len(arena.push_directions("B2", "B2")) == 4


def test_random_push_d12_table():
    """Digest §7.6: 1–3 north, 4–6 east, 7–9 south, 10–12 west."""
    assert [arena.random_push_direction(d) for d in (1, 3, 4, 6, 7, 9, 10, 12)] == \
        ["north", "north", "east", "east", "south", "south", "west", "west"]
