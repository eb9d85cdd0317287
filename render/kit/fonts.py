"""The one typeface every image uses: Roboto (Apache 2.0, the ``font-roboto`` package).

Pillow's built-in font has no accented letters, so "José" or "hexágono" drew as boxes; Roboto covers
Latin with its accents and ñ. Pillow's own font stays as the fallback should the package be missing.
"""
from __future__ import annotations

from functools import lru_cache

from PIL import ImageFont

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


@lru_cache(maxsize=64)
def font(px: int) -> Font:
    """The typeface at ``px`` pixels."""
    try:
        import font_roboto

        return ImageFont.truetype(font_roboto.font_files["Roboto"], px)
    except (ImportError, KeyError, OSError):
        return ImageFont.load_default(size=px)
