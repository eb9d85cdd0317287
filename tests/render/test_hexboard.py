"""The battlefield image: valid, small, deterministic, readable, and pieces where the engine says they are."""
from __future__ import annotations

import ast
import dataclasses
import io
import math
import zlib
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFont

import render.underworlds.hexboard as hexboard
from engine.underworlds.battlefield import Battlefield, Board, HexType, Join, JoinEdge
from engine.underworlds.feature_tokens import FeatureSide
from engine.underworlds.hexgrid import Hex
from render.underworlds.hexboard import (
    DEFAULT_THEME, MIN_TEXT_PX, Arrow, ArrowKind, Marker, Piece, TokenMark, hex_centre, hex_radius, render_battlefield,
)

P = Hex.parse


@pytest.fixture(scope="module")
def every_type(boards: dict[str, Board]) -> Battlefield:
    """A player's own board with every printed hex type, joined to the Stardial."""
    layout = {"starting": ["a1", "c1"], "blocked": ["d3"], "lethal": ["f3"], "cover": ["b3"], "trap": ["g2"]}
    own = Board.model_validate({"id": "every-type", "name": "Every Type", "rows": [8, 7, 8, 7, 8],
                                "layout": layout, "unknown": ["back"], "sources": [{"path": "tests"}]})
    return Battlefield.build(own, boards["shyishian-stardial"])


def ten_pieces() -> list[Piece]:
    blue, gold = "#3b6fd8", "#c9a23a"
    return [
        Piece(P("c2"), "PF", blue, wounds=2, markers=frozenset({Marker.MOVE, Marker.GUARD}), inspired=True),
        Piece(P("e4"), "2", blue), Piece(P("b2"), "3", blue, markers=frozenset({Marker.STAGGER})),
        Piece(P("d5"), "4", blue), Piece(P("g3"), "5", blue, wounds=1),
        Piece(P("b8"), "GT", gold, markers=frozenset({Marker.CHARGE})), Piece(P("d8"), "2", gold),
        Piece(P("f9"), "3", gold), Piece(P("a10"), "4", gold), Piece(P("e11"), "5", gold, wounds=3)]


def pixels(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


def test_render_gives_a_valid_png_under_200_kb_at_1280(field: Battlefield) -> None:
    """A full board with ten pieces, tokens and arrows: a PNG 1280 px wide and under 200 KB."""
    png = render_battlefield(field, pieces=ten_pieces(),
                             tokens=[TokenMark(P("d6"), FeatureSide.OBJECTIVE, 3), TokenMark(P("g5"), FeatureSide.COVER)],
                             arrows=[Arrow((P("d5"), P("d6"), P("c7")))], highlights={P("e6"): "#ffee55"})
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(io.BytesIO(png))
    image.verify()
    assert image.size[0] == 1280
    assert len(png) < 200_000


def test_render_is_deterministic(field: Battlefield) -> None:
    """Same inputs, same bytes, with or without the cached static layer and bands."""
    first = render_battlefield(field, pieces=ten_pieces())
    hexboard._static_layer.cache_clear()
    hexboard._HEXES.clear()
    hexboard._HEX_BANDS.clear()
    hexboard._BOARD_BANDS.clear()
    hexboard._layout.cache_clear()
    assert render_battlefield(field, pieces=ten_pieces()) == first


def test_static_layer_is_drawn_once_per_battlefield(field: Battlefield, boards: dict[str, Board],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The boards are drawn once and cached by battlefield; a rebuilt equal battlefield (another match's, with its
    own names) hits the cache."""
    hexboard._static_layer.cache_clear()
    hexboard._HEXES.clear()
    hexboard._HEX_BANDS.clear()
    hexboard._NAMES.clear()
    drawn = []
    real = hexboard._hexes
    monkeypatch.setattr(hexboard, "_hexes", lambda *a: drawn.append(a) or real(*a))
    render_battlefield(field)
    again = Battlefield.from_spec(field.spec, boards)
    render_battlefield(again, pieces=ten_pieces(), labels=("Ann", "Bob"))
    info = hexboard._static_layer.cache_info()
    assert (info.misses, info.hits) == (1, 1) and len(drawn) == 1


def test_a_new_battlefield_takes_the_bands_it_shares_with_others(boards: dict[str, Board],
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Battlefields sharing a board face (or rows of plain hexes) share the hexes' bands: a new one draws only its
    own, and is the same image as when drawn with nothing kept."""
    fields = [Battlefield.build(boards["shyishian-stardial"], boards[b], join=Join(edge=edge))
              for b in ("the-shattered-tower", "mirror-well", "wyrmgrave") for edge in (JoinEdge.LONG, JoinEdge.SHORT)]
    afresh = []
    for f in fields:
        for cache in (hexboard._HEXES, hexboard._HEX_BANDS, hexboard._NAMES, hexboard._BOARD_BANDS):
            cache.clear()
        hexboard._static_layer.cache_clear()
        afresh.append(render_battlefield(f, pieces=ten_pieces()))
    hexboard._HEXES.clear()
    hexboard._HEX_BANDS.clear()
    hexboard._static_layer.cache_clear()
    drawn: list[int] = []
    real = hexboard._hexes
    monkeypatch.setattr(hexboard, "_hexes", lambda *a: drawn.append(len(a[3])) or real(*a))
    assert [render_battlefield(f, pieces=ten_pieces()) for f in fields] == afresh
    bands = len(hexboard._static_layer(fields[0], 1280, DEFAULT_THEME).bands)
    assert drawn[0] == bands  # nothing kept: every band drawn
    assert drawn[2] < bands / 2  # the first board's rows and the blank ones kept (same face, same join)
    hexboard._HEXES.clear()
    hexboard._static_layer.cache_clear()
    drawn.clear()
    assert [render_battlefield(f, pieces=ten_pieces()) for f in fields] == afresh
    assert drawn == []  # every band kept


def test_a_match_takes_the_legend_bands_another_match_drew_alike(field: Battlefield) -> None:
    """The legend's rows below the players' names recur from match to match: taken from the other match's, the
    board is the same image as when drawn with nothing kept."""
    render_battlefield(field, labels=("Ann", "Bob"))
    shared = render_battlefield(field, labels=("Cy", "Dee"))
    first = hexboard._names_layer(field, 1280, DEFAULT_THEME, ("Ann", "Bob"), hexboard.ENGLISH)
    second = hexboard._names_layer(field, 1280, DEFAULT_THEME, ("Cy", "Dee"), hexboard.ENGLISH)
    hexes = hexboard._static_layer(field, 1280, DEFAULT_THEME).bands
    assert any(a is b and a not in hexes for a, b in zip(first.bands, second.bands))
    for cache in (hexboard._NAMES, hexboard._NAME_BANDS, hexboard._BOARD_BANDS):
        cache.clear()
    assert render_battlefield(field, labels=("Cy", "Dee")) == shared


@pytest.mark.parametrize("hex_", ["c2", "e4", "a10", "e11"])
def test_piece_is_drawn_at_the_pixel_centre_of_its_hex(field: Battlefield, hex_: str) -> None:
    """The piece's circle covers its hex's centre; without the piece the same pixels show the board."""
    colour = (59, 111, 216)
    x, y = hex_centre(field, P(hex_))
    radius = hex_radius(field)
    probe = [(x, round(y + radius * 0.4)), (round(x - radius * 0.4), y)]  # inside the circle, off the label
    with_piece = pixels(render_battlefield(field, pieces=[Piece(P(hex_), "1", "#3b6fd8")]))
    without = pixels(render_battlefield(field))
    for point in probe:
        assert with_piece.getpixel(point) == colour
        assert without.getpixel(point) != colour
    # And nowhere near another hex's centre.
    other = hex_centre(field, P("h1"))
    assert with_piece.getpixel(other) != colour


def test_hex_types_are_drawn_in_distinct_colours(every_type: Battlefield) -> None:
    """Starting, blocked, lethal, cover, trap, each territory and no one's territory: each its own fill."""
    image = pixels(render_battlefield(every_type))
    radius = hex_radius(every_type)

    def fill(name: str) -> tuple[int, int, int]:
        x, y = hex_centre(every_type, P(name))
        return image.getpixel((round(x - radius * 0.45), y))  # type: ignore[return-value]

    samples = {"plain, player 1": "e2", "starting": "a1", "blocked": "d3", "lethal": "f3", "cover": "b3",
               "trap": "g2", "no one's": "d6", "plain, player 2": "e8"}
    assert every_type.types(P("b3")) >= {HexType.COVER} and every_type.types(P("g2")) >= {HexType.TRAP}
    colours = {kind: fill(name) for kind, name in samples.items()}
    assert len(set(colours.values())) == len(colours), colours
    assert colours["blocked"] == DEFAULT_THEME.blocked and colours["lethal"] == DEFAULT_THEME.lethal


def test_starting_hexes_of_each_territory_are_distinct(field: Battlefield) -> None:
    """Players see whose starting hexes are whose: each territory's starting hexes have their own tint."""
    image = pixels(render_battlefield(field))
    radius = hex_radius(field)
    top, bottom = sorted(field.starting_hexes(0))[0], sorted(field.starting_hexes(1))[0]
    x0, y0 = hex_centre(field, top)
    x1, y1 = hex_centre(field, bottom)
    assert image.getpixel((round(x0 - radius * 0.45), y0)) == DEFAULT_THEME.starting[0]
    assert image.getpixel((round(x1 - radius * 0.45), y1)) == DEFAULT_THEME.starting[1]


def test_text_is_never_smaller_than_14_px(boards: dict[str, Board], monkeypatch: pytest.MonkeyPatch) -> None:
    """Readable on a phone: every font requested is 14 px or more, even on the wide short-edge layout."""
    sizes: list[float] = []
    real = hexboard.font

    def spy(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
        sizes.append(size or 0)
        return real(size)

    monkeypatch.setattr(hexboard, "font", spy)
    for cache in (hexboard._font, hexboard._static_layer, hexboard._text_bands, hexboard._layout):
        cache.cache_clear()
    wide = Battlefield.build(boards["mirror-well"], boards["wyrmgrave"], join=Join(edge=JoinEdge.SHORT))
    png = render_battlefield(wide, width=1024, pieces=[Piece(P("c2"), "PF", "red", wounds=1,
                                                             markers=frozenset(Marker))],
                             tokens=[TokenMark(P("h2"), FeatureSide.OBJECTIVE, 4)])
    assert sizes and min(sizes) >= MIN_TEXT_PX == 14
    assert Image.open(io.BytesIO(png)).size[0] == 1024
    for cache in (hexboard._font, hexboard._static_layer, hexboard._text_bands):
        cache.cache_clear()


def test_feature_token_ring_and_arrow_are_drawn(field: Battlefield) -> None:
    """A token shows its side's colour around its hex; an attack arrow crosses the hexes between."""
    token_colour = DEFAULT_THEME.of(DEFAULT_THEME.token, "objective")
    attack_colour = DEFAULT_THEME.of(DEFAULT_THEME.arrow, "attack")
    png = render_battlefield(field, tokens=[TokenMark(P("d6"), FeatureSide.OBJECTIVE, 3)],
                             arrows=[Arrow((P("d4"), P("d8")), kind=ArrowKind.ATTACK)])
    image = pixels(png)
    x, y = hex_centre(field, P("d6"))
    radius = hex_radius(field)
    left_side = round(x - radius * 0.86 * 0.866)  # the ring's left edge, clear of the arrow
    ring = [image.getpixel((left_side + dx, y)) for dx in range(-3, 4)]
    assert token_colour in ring
    ax, ay = hex_centre(field, P("d4"))
    bx, by = hex_centre(field, P("d8"))
    middle = ((ax + bx) // 2, (ay + by) // 2 - round(radius * 0.3))  # off the token's badge
    assert image.getpixel(middle) == attack_colour


def test_highlighted_hexes_get_an_outline(field: Battlefield) -> None:
    """Highlights (legal moves, targets) outline the hex in the colour given."""
    image = pixels(render_battlefield(field, highlights={P("e6"): (255, 0, 255)}))
    x, y = hex_centre(field, P("e6"))
    radius = hex_radius(field)
    assert (255, 0, 255) in [image.getpixel((x, round(y - radius * 0.94) + dy)) for dy in range(0, 5)]


def test_highlight_without_a_colour_uses_the_theme(field: Battlefield) -> None:
    """``None`` picks the theme's highlight colour."""
    image = pixels(render_battlefield(field, highlights={P("e6"): None}))
    x, y = hex_centre(field, P("e6"))
    radius = hex_radius(field)
    top = [image.getpixel((x, round(y - radius * 0.94) + dy)) for dy in range(0, 5)]
    assert DEFAULT_THEME.highlight in top


def test_render_narrower_than_1024_px_is_refused(field: Battlefield) -> None:
    """Readable on a phone: images are at least 1024 px wide."""
    with pytest.raises(ValueError, match="at least 1024"):
        render_battlefield(field, width=800)


def test_pieces_off_the_battlefield_are_skipped(field: Battlefield) -> None:
    """A piece in a hex that is not part of the battlefield draws nothing rather than failing."""
    assert render_battlefield(field, pieces=[Piece(P("h6"), "X", "red")]) == render_battlefield(field)


def test_renderer_depends_on_engine_hexes_and_battlefield_only() -> None:
    """The renderer takes plain dataclasses: no game-state module, no Discord, no table."""
    tree = ast.parse(Path(hexboard.__file__).read_text(encoding="utf-8"))
    modules = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
    modules |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    engine = {m for m in modules if m.startswith("engine")}
    assert engine <= {"engine.underworlds.battlefield", "engine.underworlds.hexgrid", "engine.underworlds.feature_tokens"}
    assert not {m.split(".")[0] for m in modules} & {"discord", "table", "cogs", "redis"}


def random_scene(field: Battlefield, pick: "random.Random") -> dict:
    """Pieces (every look: labels, wounds, markers, Inspired), tokens, arrows and highlights at random hexes."""
    hexes = sorted(field.hexes)
    colours = ["#3b6fd8", "#c9a23a", "#f0f0f0", (20, 200, 90)]
    pieces = [Piece(pick.choice(hexes), pick.choice(["PF", "2", "ABC", ""]), pick.choice(colours),
                    wounds=pick.choice([0, 0, 1, 12]), markers=frozenset(pick.sample(list(Marker), pick.randrange(5))),
                    inspired=pick.random() < 0.3) for _ in range(pick.randrange(1, 12))]
    tokens = [TokenMark(pick.choice(hexes), side, pick.choice([None, 1, 3]) if side is FeatureSide.OBJECTIVE else None)
              for side in pick.sample(list(FeatureSide), pick.randrange(len(FeatureSide) + 1))]
    arrows = [Arrow(tuple(pick.sample(hexes, pick.randrange(2, 5))), pick.choice(list(ArrowKind)),
                    pick.choice([None, "#ff2fd0"])) for _ in range(pick.randrange(3))]
    highlights = {pick.choice(hexes): pick.choice([None, "#ffee55"]) for _ in range(pick.randrange(4))}
    return {"pieces": pieces, "tokens": tokens, "arrows": arrows, "highlights": highlights}


@pytest.mark.parametrize("width", [1024, 1280, 1900])
def test_each_drawing_stays_in_the_rows_its_bands_are_keyed_by(field: Battlefield, width: int) -> None:
    """A band is redrawn only when what is drawn over it changes: every drawing must touch no row outside its own
    (a drawing reaching further would leave a stale band)."""
    import random

    pick = random.Random(width)
    layout = hexboard._layout(field, width)
    below = hexboard._below(field, width, DEFAULT_THEME, ("Ann", "Bob"), hexboard.ENGLISH)
    for _ in range(15):
        scene = random_scene(field, pick)
        names = hexboard._names_layer(field, width, DEFAULT_THEME, ("Ann", "Bob"), hexboard.ENGLISH)
        height = hexboard._with_key(names, below, len(scene["pieces"]), layout.margin, 0).height
        pal = hexboard._theme_palette(DEFAULT_THEME).copy()
        drawings = hexboard._drawings(field, layout, below, height, pal, DEFAULT_THEME, hexboard.ENGLISH,
                                      scene["pieces"], scene["tokens"], scene["highlights"], scene["arrows"],
                                      ("#3b6fd8", None))
        for drawing in drawings:
            canvas = Image.new("P", (width, height), 255)
            drawing.draw(canvas, ImageDraw.Draw(canvas))
            touched = ImageChops.invert(Image.frombytes("L", canvas.size, canvas.tobytes())).getbbox()  # not 255
            assert touched is not None and drawing.top <= touched[1] and touched[3] <= drawing.bottom, drawing.key


def test_boards_drawn_from_kept_bands_equal_boards_drawn_afresh(field: Battlefield) -> None:
    """Boards after boards (pieces moving, arrows coming and going) reuse the bands whose drawings are unchanged:
    each is the same image as when drawn with nothing kept."""
    import random

    pick = random.Random(3)
    scenes = [random_scene(field, pick) for _ in range(6)]
    scenes += [dict(s, arrows=[]) for s in scenes] + [dict(s, pieces=s["pieces"][1:]) for s in scenes]
    warm = [render_battlefield(field, **s) for s in scenes]
    for scene, png in zip(scenes, warm):
        hexboard._BOARD_BANDS.clear()
        assert render_battlefield(field, **scene) == png


def test_a_board_drawn_on_the_kept_canvas_shows_nothing_of_what_it_held(field: Battlefield) -> None:
    """Boards are drawn on one kept canvas, its rows outside a board's redrawn bands left as earlier boards (or
    anything) left them: a board is the same image whatever the canvas held."""
    import random

    from render.kit import sketch

    pick = random.Random(5)
    scenes = [random_scene(field, pick) for _ in range(6)]
    fresh = []
    for scene in scenes:
        hexboard._BOARD_BANDS.clear()
        vars(sketch._CANVASES).clear()
        fresh.append(render_battlefield(field, **scene))
    for n, (scene, png) in enumerate(zip(scenes, fresh)):
        canvas, _ = sketch.canvas_for(1280, 1)
        canvas.paste(n * 37 % 256, (0, 0, *canvas.size))  # a colour of no board, or of some
        hexboard._BOARD_BANDS.clear()
        assert render_battlefield(field, **scene) == png


def test_a_piece_moving_compresses_only_the_bands_it_left_and_entered(field: Battlefield,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    before = ten_pieces()
    after = [dataclasses.replace(before[3], hex=P("f5")), *before[:3], *before[4:]]
    render_battlefield(field, pieces=before)
    compressed: list[int] = []
    real = hexboard.deflate_filtered
    monkeypatch.setattr(hexboard, "deflate_filtered", lambda filtered: compressed.append(1) or real(filtered))
    png = render_battlefield(field, pieces=after)
    reach = math.ceil(2 * hex_radius(field) / hexboard.BAND_ROWS) + 1
    assert 0 < len(compressed) <= 2 * reach
    hexboard._BOARD_BANDS.clear()
    assert render_battlefield(field, pieces=after) == png


def test_a_board_holds_only_its_own_rows(field: Battlefield) -> None:
    """The hexes' last band may hold rows past the board's height (the legend is cropped): neither the match's
    layer nor a redrawn last band carries them into the PNG (too much image data for a strict decoder)."""
    for player_colours in ((), ("#3b6fd8", "#c9a23a")):  # the last band the layer's own, then drawn over
        hexboard._BOARD_BANDS.clear()
        png = render_battlefield(field, player_colours=player_colours)
        image = Image.open(io.BytesIO(png))
        chunks, at = [], 8
        while at < len(png):
            length = int.from_bytes(png[at:at + 4], "big")
            if png[at + 4:at + 8] == b"IDAT":
                chunks.append(png[at + 8:at + 8 + length])
            at += 12 + length
        assert len(zlib.decompress(b"".join(chunks))) == image.height * (image.width + 1)


@pytest.mark.parametrize("width", [1024, 1280, 1900])
def test_the_hexes_layer_is_the_hexes_drawn_whole_in_rgb_and_quantized(every_type: Battlefield, field: Battlefield,
                                                                       width: int) -> None:
    """Labels are pasted from their masks' coverage looked up (on a hex's fill alone) or cut from the few hexes
    around them drawn in RGB: the same pixels as every hex and label drawn on one RGB image, then quantized."""
    for battlefield in (every_type, field):
        layout = hexboard._layout(battlefield, width)
        whole = Image.new("RGB", (layout.width, layout.height), DEFAULT_THEME.background)
        draw = ImageDraw.Draw(whole)
        for xy, text, px, fg, _ in hexboard._draw_hexes(draw, battlefield, layout, DEFAULT_THEME, lambda c: c):
            draw.text(xy, text, fill=fg, font=hexboard._font(px), anchor="mm")
        count = -(-layout.height // hexboard.BAND_ROWS)
        drawn, top = hexboard._hexes(battlefield, width, DEFAULT_THEME, tuple(range(count)))
        expected = hexboard._quantized(whole, DEFAULT_THEME).crop((0, top, layout.width, top + drawn.height))
        assert drawn.tobytes() == expected.tobytes()
