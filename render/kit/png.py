"""PNG for palette images drawn over a cached layer, compressed band by band: bands the drawing left untouched
reuse their compressed bytes. The compressed bands also keep the layer itself, a twentieth of its pixels' size.

A board is a large static layer (the hexes) with a few pieces, tokens and arrows drawn over it; compressing the
whole image for every reply costs more than drawing it. Each band of rows is deflated on its own and ends on a
byte boundary (a sync flush), so the bands' outputs joined make one valid deflate stream; a band whose pixels
equal the layer's reuses the layer's compressed band. The zlib checksum of the whole stream is combined from the
bands' checksums (``adler32_combine``), so untouched bands are not read again.
"""
from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass

from PIL import Image

BAND_ROWS = 16
"""Rows per band: small enough that a piece dirties few rows, large enough to compress well."""
LEVEL = 3
_LAST_BLOCK = b"\x03\x00"
"""An empty final deflate block: ends the stream of bands (each ends with a sync flush, never final)."""
_BASE = 65521


def adler32_combine(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of two byte strings joined, from each one's checksum and the second's length (zlib's
    ``adler32_combine``)."""
    rem = second_length % _BASE
    sum1 = first & 0xFFFF
    sum2 = (rem * sum1) % _BASE
    sum1 += (second & 0xFFFF) + _BASE - 1
    sum2 += ((first >> 16) & 0xFFFF) + ((second >> 16) & 0xFFFF) + _BASE - rem
    sum1 %= _BASE
    sum2 %= _BASE
    return sum1 | (sum2 << 16)


def _deflate(raw: bytes, width: int) -> tuple[bytes, int, int, int]:
    filtered = b"".join(b"\x00" + raw[i:i + width] for i in range(0, len(raw), width))
    packer = zlib.compressobj(LEVEL, zlib.DEFLATED, -15)
    return (packer.compress(filtered) + packer.flush(zlib.Z_SYNC_FLUSH), zlib.adler32(filtered), len(filtered),
            zlib.crc32(raw))


@dataclass(frozen=True)
class BandedLayer:
    """A palette layer compressed band by band: for ``encode`` to reuse under whatever is drawn over it, and to
    give the layer back (``image``) from a twentieth of its size."""

    width: int
    height: int
    palette: tuple[int, ...]
    bands: tuple[tuple[bytes, int, int, int], ...]
    """Each band's deflated bytes, the Adler-32 and the length of its filtered bytes, the CRC-32 of its pixels (a
    band drawn over no longer matches it: the layer's pixels need not be kept to tell)."""

    @classmethod
    def of(cls, layer: Image.Image) -> "BandedLayer":
        if layer.mode != "P":
            raise ValueError("a palette (P) image is expected")
        raw = layer.tobytes()
        step = layer.width * BAND_ROWS
        return cls(layer.width, layer.height, tuple(layer.getpalette() or ()),
                   tuple(_deflate(raw[i:i + step], layer.width) for i in range(0, len(raw), step)))

    @property
    def size(self) -> int:
        """Bytes held."""
        return sum(len(band[0]) for band in self.bands)

    def image(self) -> Image.Image:
        """The layer's pixels and palette again."""
        filtered = zlib.decompress(b"".join(band[0] for band in self.bands) + _LAST_BLOCK, -15)
        # Each row is its filter byte (0) then its pixels: read as one column more, then cut that column off.
        img = Image.frombytes("P", (self.width + 1, self.height), filtered).crop((1, 0, self.width + 1, self.height))
        img.putpalette(list(self.palette))
        return img

    def encode(self, img: Image.Image) -> bytes:
        """``img`` (the layer with things drawn over it, the layer's size or cropped to fewer rows) as PNG bytes,
        its palette from ``img``."""
        if img.mode != "P" or img.width != self.width:
            raise ValueError("the image must be a palette image as wide as its layer")
        raw = img.tobytes()
        step = self.width * BAND_ROWS
        parts: list[bytes] = []
        adler = 1
        for number, start in enumerate(range(0, len(raw), step)):
            pixels = raw[start:start + step]
            band = self.bands[number] if number < len(self.bands) else None
            if band is None or len(pixels) != step or zlib.crc32(pixels) != band[3]:
                band = _deflate(pixels, self.width)
            deflated, checksum, length, _ = band
            parts.append(deflated)
            adler = adler32_combine(adler, checksum, length)
        stream = b"\x78\x5e" + b"".join(parts) + _LAST_BLOCK + struct.pack(">I", adler)
        palette = img.getpalette() or []
        colours = len(palette) // 3
        chunks = [_chunk(b"IHDR", struct.pack(">IIBBBBB", img.width, img.height, 8, 3, 0, 0, 0)),
                  _chunk(b"PLTE", bytes(palette[:colours * 3])), _chunk(b"IDAT", stream), _chunk(b"IEND", b"")]
        return b"\x89PNG\r\n\x1a\n" + b"".join(chunks)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
