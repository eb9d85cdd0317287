"""The render kit's banded PNG encoder (bands untouched reuse compressed bytes) and its byte-bounded
cache (issue #20: board caches that scale with the matches live)."""
from __future__ import annotations

import io
import random
import zlib

from PIL import Image, ImageDraw

from render.kit.cache import ByteCache
from render.kit.png import BAND_ROWS, BandedLayer, adler32_combine, deflate_band, png


def layer(width: int = 200, height: int = 150) -> Image.Image:
    img = Image.new("P", (width, height), 0)
    img.putpalette([0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255] + [9, 9, 9] * 252)
    draw = ImageDraw.Draw(img)
    for i in range(0, width, 17):
        draw.line((i, 0, width - i, height), fill=1 + i % 3)
    return img


def test_adler32_of_two_parts_combines_to_the_whole():
    pick = random.Random(1)
    for _ in range(20):
        a, b = (bytes(pick.randrange(256) for _ in range(pick.randrange(0, 3000))) for _ in range(2))
        assert adler32_combine(zlib.adler32(a), zlib.adler32(b), len(b)) == zlib.adler32(a + b)


def test_a_drawn_over_layer_encodes_to_the_same_pixels_and_palette():
    """The layer's bands reused where nothing was drawn, the others compressed again: one PNG of the drawn image."""
    base = layer()
    banded = BandedLayer.of(base)
    img = base.crop((0, 0, base.width, base.height - 7))  # fewer rows, as a board cropped under its legend
    ImageDraw.Draw(img).ellipse((40, 60, 90, 110), fill=3)
    raw, step = img.tobytes(), img.width * BAND_ROWS
    bands = [old if raw[i:i + step] == base.tobytes()[i:i + step] else deflate_band(raw[i:i + step], img.width)
             for old, i in zip(banded.bands, range(0, len(raw), step))]
    assert bands[0] is banded.bands[0] and bands[-1] is not banded.bands[-1]
    decoded = Image.open(io.BytesIO(png(img.width, img.height, img.getpalette(), bands)))
    decoded.load()
    assert decoded.mode == "P" and decoded.size == img.size
    assert decoded.tobytes() == img.tobytes()
    assert decoded.convert("RGB").tobytes() == img.convert("RGB").tobytes()


def test_a_run_of_bands_inflates_alone():
    base = layer(height=BAND_ROWS * 6)
    banded = BandedLayer.of(base)
    rows = banded.rows(2, 4)
    assert rows.size == (base.width, BAND_ROWS * 2)
    assert rows.tobytes() == base.crop((0, BAND_ROWS * 2, base.width, BAND_ROWS * 4)).tobytes()


def test_the_compressed_bands_give_the_layer_back_at_a_fraction_of_its_size():
    base = layer(width=320, height=BAND_ROWS * 5 + 3)
    banded = BandedLayer.of(base)
    again = banded.image()
    assert again.mode == "P" and again.size == base.size and again.tobytes() == base.tobytes()
    assert again.getpalette() == base.getpalette()
    assert banded.size < len(base.tobytes()) / 4


def test_the_byte_cache_keeps_the_recent_values_within_its_budget():
    cache: ByteCache[bytes] = ByteCache(100, len)
    for i in range(10):
        cache.put(i, bytes(30))
        assert cache.bytes <= 100
    assert len(cache) == 3 and cache.get(9) is not None and cache.get(0) is None
    cache.get(7)  # now the most recent: 8 goes first
    cache.put("big", bytes(50))
    assert 7 in cache and 8 not in cache and cache.bytes <= 100
    cache.put("huge", bytes(500))  # over budget on its own: kept alone
    assert len(cache) == 1 and cache.get("huge") is not None


def test_boards_of_many_battlefields_are_drawn_from_the_compressed_hexes(monkeypatch):
    """More battlefields than the pixel cache holds (every match has its own): each one's hexes are drawn once,
    then given back from the compressed cache; the images are the same."""
    from engine.underworlds.battlefield import Battlefield, Join, JoinEdge, load_boards
    from render.underworlds import hexboard

    from engine.core.errors import IllegalAction

    boards = load_boards()
    fields = []
    for a in sorted(boards):
        for b in sorted(boards):
            for edge in (JoinEdge.LONG, JoinEdge.SHORT):
                try:
                    fields.append(Battlefield.build(boards[a], boards[b], join=Join(edge=edge)))
                except IllegalAction:  # faces that can't be joined so
                    continue
    fields = fields[:20]
    assert len(fields) > hexboard._static_layer.cache_info().maxsize
    first = [hexboard.render_battlefield(f) for f in fields]
    drawn = []
    real = hexboard._hexes
    monkeypatch.setattr(hexboard, "_hexes", lambda *a: drawn.append(a) or real(*a))
    assert [hexboard.render_battlefield(f) for f in fields] == first
    assert drawn == []
