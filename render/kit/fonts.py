"""The one typeface every image uses: Roboto (Apache 2.0, the ``font-roboto`` package), regular and bold.

Pillow's built-in font has no accented letters, so "José" or "hexágono" drew as boxes; Roboto covers
Latin with its accents and ñ. Bold is Roboto Bold itself: a regular face thickened with a stroke filled the
counters of small accented letters, so "Fûror" read "F▯ror" at 16 px. Pillow's own font stays as the fallback
should the package be missing.
"""
from __future__ import annotations

from functools import lru_cache

from PIL import ImageFont

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


@lru_cache(maxsize=64)
def font(px: int, bold: bool = False) -> Font:
    """The typeface at ``px`` pixels (``bold``: Roboto Bold)."""
    try:
        import font_roboto

        return ImageFont.truetype(font_roboto.font_files["RobotoBold" if bold else "Roboto"], px)
    except (ImportError, KeyError, OSError):
        return ImageFont.load_default(size=px)


_NOT_A_CHARACTER = "\U0010fffd"
"""A code point no font has: what the font draws for it is its "missing glyph" box."""


@lru_cache(maxsize=4096)
def has_glyph(char: str, bold: bool = False) -> bool:
    """Whether the typeface draws ``char`` itself rather than its missing-glyph box (spaces and controls: yes)."""
    if not char.strip() or not char.isprintable():
        return True
    f = font(32, bold)
    if not isinstance(f, ImageFont.FreeTypeFont):
        return char.isascii()
    missing = f.getmask(_NOT_A_CHARACTER, features=["-kern"])
    drawn = f.getmask(char, features=["-kern"])
    return not (drawn.size == missing.size and bytes(drawn) == bytes(missing))


def missing_glyphs(text: str, bold: bool = False) -> set[str]:
    """The characters of ``text`` the typeface has no glyph for."""
    return {c for c in set(text) if not has_glyph(c, bold)}
