"""Playing Underworlds through the fake gateway as a player would: choose among what autocomplete offers."""
from __future__ import annotations

import random


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
