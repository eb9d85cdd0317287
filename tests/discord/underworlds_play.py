"""Playing Underworlds through the fake gateway as a player would: choose among what autocomplete offers."""
from __future__ import annotations

import random

from engine.underworlds.cards import load_cards


async def pick_action(fake, user, thread, warband: str, stage: str | None, rng: random.Random) -> str | None:
    """Ask autocomplete for the legal actions and choose one (attacks first, most of the time); ``warband`` is
    the one this player takes when warbands are chosen."""
    if stage == "choose_warbands":
        offered = await fake.autocomplete(user, thread, "uw do", focused="action", action=warband)
        if offered:
            return offered[0]["value"]
    if rng.random() < 0.85:
        attacks = await fake.autocomplete(user, thread, "uw do", focused="action", action="Attack")
        if attacks:
            return rng.choice(attacks)["value"]
    offered = await fake.autocomplete(user, thread, "uw do", focused="action", action="")
    if not offered:
        return None
    fighting = [c for c in offered if c["name"].split()[0] in ("Charge", "Move", "Drive", "Deploy")]
    if fighting and rng.random() < 0.7:
        return rng.choice(fighting)["value"]
    return rng.choice(offered)["value"]


async def hidden_card_names(store, match_id: str, match) -> set[str]:
    """The names of the cards that stayed hidden through a finished match: none may appear in a public message.
    Revealed: scored, discarded, revealed or upgrade cards, and cards named by a public event of the log."""
    revealed = set()
    for p in match.state["players"].values():
        revealed |= set(p["scored"] + p["objective_discard"] + p["power_discard"] + p["revealed"])
    revealed |= {u for f in match.state["fighters"] for u in f["upgrades"]}
    revealed |= {e.get("card") for entry in await store.log(match_id) for e in entry.get("events", ())
                 if e.get("card") and not e.get("visible_to")}
    cards = load_cards()
    return {c.name for cid, c in cards.items() if cid not in revealed} - {cards[c].name for c in revealed if c in cards}
