"""``/db coverage`` (issue 32 deliverable 3): every power and card of the shipped pack, automated or referee, with
the count, in English and Spanish."""
from __future__ import annotations

from engine.dragonbond.setup import shipped_coverage
from table.presenter import find_presenter
from table.games import load_games


def test_db_coverage_lists_every_power_and_card_of_the_shipped_pack_with_the_count():
    """Issue 32: `/db coverage` names each entry of the training pack under automated or by referee, and says how
    many of how many the bot applies."""
    load_games()
    presenter = find_presenter("dragonbond")
    [command] = [c for c in presenter.info_commands if c.name == "coverage"]
    rows = shipped_coverage()
    automated = sum(r["automated"] for r in rows)
    for lang in ("en", "es"):
        reply = command.run(lang)
        embed = reply.embeds[0]
        body = "\n".join(f.value for f in embed.fields)
        assert all(r["name"] in body for r in rows)
        assert f"{automated}" in embed.description and f"{len(rows)}" in embed.description
        assert reply.ephemeral
