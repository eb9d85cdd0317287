"""``/odds``: exact chances shown as an embed and a small bar chart (computed by the engine, never sampled).

Each game's table package writes its own odds reply with these helpers and registers it through
``table.dice_games.register``.
"""
from __future__ import annotations

from fractions import Fraction

from render.kit.chart import bar_chart, percent
from table.i18n import message
from table.reply import Embed, Field, File, Reply

__all__ = ["MAX_BARS", "FOOTER", "amount_bars", "odds_reply", "percent"]

MAX_BARS = 20
"""Bars in one chart; a longer tail is merged into one "N or more" bar."""

FOOTER = "Exact odds, counted over every face."


def amount_bars(distribution: dict[int, Fraction], unit: str, lang: str | None = None) -> list[tuple[str, Fraction]]:
    """One bar per amount, the rare tail merged so the chart stays readable; ``unit`` is a word, or with ``lang``
    the catalogue's ``odds.unit.<unit>`` (``{amount} damage``, ``{amount} de daño``)."""
    items = sorted(distribution.items())
    head, tail = items[:MAX_BARS - 1], items[MAX_BARS - 1:]

    def label(amount: str) -> str:
        return message(f"odds.unit.{unit}", lang, amount=amount) if lang else f"{amount} {unit}"
    bars = [(label(str(k)), p) for k, p in head]
    if tail:
        bars.append((label(f"{tail[0][0]}+"), sum((p for _, p in tail), Fraction(0))))
    return bars


def odds_reply(title: str, bars: list[tuple[str, Fraction]], fields: list[Field], footer: str = "",
               lang: str = "en") -> Reply:
    """The chances as an embed listing each bar, with the chart attached as ``odds.png``."""
    chart = bar_chart(title, bars)
    return Reply(embeds=[Embed(title=title, description="\n".join(f"{name}: **{percent(p)}**" for name, p in bars),
                               fields=fields, footer=footer or message("odds.footer", lang), image="odds.png")],
                 files=[File("odds.png", chart)])
