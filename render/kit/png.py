"""PNG for palette images drawn over a cached layer, compressed band by band: the caller redraws and compresses only
the bands whose content changed, every other band reuses compressed bytes it already has (the layer's, or its own
cache's). The compressed bands also keep the layer itself, a twentieth of its pixels' size.

A board is a large static layer (the hexes) with a few pieces, tokens and arrows drawn over it; compressing the
whole image for every reply costs more than drawing it. Each band of rows is deflated on its own and ends on a
byte boundary (a sync flush), so the bands' outputs joined make one valid deflate stream, and any run of them
inflates alone. The zlib checksum of the whole stream is combined from the bands' checksums
(``adler32_combine``), so bands reused are not read again.
"""
from __future__ import annotations

import itertools
import struct
import threading
import zlib
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from PIL import Image

BAND_ROWS = 16
"""Rows per band: small enough that a piece dirties few rows, large enough to compress well."""
LEVEL = 3
_LAST_BLOCK = b"\x03\x00"
"""An empty final deflate block: ends the stream of bands (each ends with a sync flush, never final)."""
_BASE = 65521
_SERIALS = itertools.count()

Band = tuple[bytes, int, int]
"""One band compressed: its deflated bytes, the Adler-32 and the length of its filtered bytes (each row's filter
byte, 0, then its pixels)."""


def adler32_combine(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of two byte strings joined, from each one's checksum and the second's length (zlib's
    ``adler32_combine``)."""
    return _adler32_joined(first, ((b"", second, second_length),))


def _adler32_joined(first: int, bands: Iterable[Band]) -> int:
    """The Adler-32 of a byte string (``first``, its checksum) followed by each band's filtered bytes: zlib's
    ``adler32_combine`` band after band, its two sums kept apart (a call per band cost more than the sums)."""
    sum1, sum2 = first & 0xFFFF, (first >> 16) & 0xFFFF
    for _, checksum, length in bands:
        rem = length % _BASE
        sum2 = (sum2 + rem * sum1 + ((checksum >> 16) & 0xFFFF) + _BASE - rem) % _BASE
        sum1 = (sum1 + (checksum & 0xFFFF) + _BASE - 1) % _BASE
    return sum1 | (sum2 << 16)


def deflate_band(pixels: bytes, width: int) -> Band:
    """One band of rows (``pixels``, a whole number of rows ``width`` wide) compressed on its own."""
    return deflate_filtered(b"".join(b"\x00" + pixels[i:i + width] for i in range(0, len(pixels), width)))


def deflate_filtered(filtered: bytes | memoryview, level: int = LEVEL) -> Band:
    """One band of rows already filtered (each row its filter byte, 0, then its pixels) compressed on its own."""
    packer = _packer(level)
    return packer.compress(filtered) + packer.flush(zlib.Z_FULL_FLUSH), zlib.adler32(filtered), len(filtered)


_PACKERS = threading.local()


def _packer(level: int) -> "zlib._Compress":
    """This thread's compressor at ``level``, reused band after band: a full flush ends each band as a sync flush
    does (same bytes) and forgets it, so the next band compresses as with a new compressor, without paying for one
    (allocating and clearing its 256 KB of tables cost about a sixth of a band's compression)."""
    packers = getattr(_PACKERS, "by_level", None)
    if packers is None:
        packers = _PACKERS.by_level = {}
    packer = packers.get(level)
    if packer is None:
        packer = packers[level] = zlib.compressobj(level, zlib.DEFLATED, -15)
    return packer


def inflate_band(band: Band) -> bytes:
    """A band's filtered rows again (each row's filter byte, then its pixels)."""
    return zlib.decompress(band[0] + _LAST_BLOCK, -15)


def png(width: int, height: int, palette: Sequence[int], bands: Iterable[Band]) -> bytes:
    """PNG bytes of a palette image from its bands, top first (each ``BAND_ROWS`` rows, the last maybe fewer)."""
    bands = bands if isinstance(bands, (list, tuple)) else list(bands)
    stream = b"".join([b"\x78\x5e", *[band[0] for band in bands], _LAST_BLOCK,
                       struct.pack(">I", _adler32_joined(1, bands))])
    colours = len(palette) // 3
    return b"".join([b"\x89PNG\r\n\x1a\n", _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)),
                     _chunk(b"PLTE", bytes(palette[:colours * 3])), *_chunk_parts(b"IDAT", stream), _IEND])


@dataclass(frozen=True)
class BandedLayer:
    """A palette layer compressed band by band: for ``png`` to reuse under whatever is drawn over it, and to give
    the layer back (``image``, ``rows``) from a twentieth of its size."""

    width: int
    height: int
    palette: tuple[int, ...]
    bands: tuple[Band, ...]
    serial: int = field(default_factory=lambda: next(_SERIALS), compare=False)
    """Unique in this process, never reused: names this layer in cache keys (cheaper to hash than what made it)."""

    @classmethod
    def of(cls, layer: Image.Image) -> "BandedLayer":
        if layer.mode != "P":
            raise ValueError("a palette (P) image is expected")
        raw = layer.tobytes()
        step = layer.width * BAND_ROWS
        done: dict[bytes, Band] = {}  # bands alike (blank rows under the title and legend) deflated once
        bands = []
        for i in range(0, len(raw), step):
            pixels = raw[i:i + step]
            band = done.get(pixels)
            if band is None:
                band = done[pixels] = deflate_band(pixels, layer.width)
            bands.append(band)
        return cls(layer.width, layer.height, tuple(layer.getpalette() or ()), tuple(bands))

    @property
    def size(self) -> int:
        """Bytes held."""
        return sum(len(band[0]) for band in self.bands)

    def rows(self, first: int, last: int) -> Image.Image:
        """The pixels of bands ``first`` to ``last`` (excluded), without the palette: only those bands inflated."""
        filtered = self.filtered_rows(first, last)
        return filtered.crop((1, 0, self.width + 1, filtered.height))

    def filtered_rows(self, first: int, last: int) -> Image.Image:
        """``rows`` as PNG filters them: one column more on the left, each row's filter byte (0). Drawn over from
        column 1, its bytes are ready for ``deflate_filtered``."""
        bands = self.bands[first:last]
        if all(band is bands[0] for band in bands):  # rows alike (a blank layer's) were deflated once (``of``)
            filtered = inflate_band(bands[0]) * len(bands)
        else:
            filtered = zlib.decompress(b"".join(band[0] for band in bands) + _LAST_BLOCK, -15)
        return Image.frombytes("P", (self.width + 1, len(filtered) // (self.width + 1)), filtered)

    def image(self) -> Image.Image:
        """The layer's pixels and palette again."""
        img = self.rows(0, len(self.bands))
        img.putpalette(list(self.palette))
        return img


def _chunk(kind: bytes, data: bytes) -> bytes:
    return b"".join(_chunk_parts(kind, data))


def _chunk_parts(kind: bytes, data: bytes) -> tuple[bytes, bytes, bytes, bytes]:
    """A chunk's parts, its data not copied (an image's data is most of a PNG)."""
    return struct.pack(">I", len(data)), kind, data, struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))


_IEND = _chunk(b"IEND", b"")
