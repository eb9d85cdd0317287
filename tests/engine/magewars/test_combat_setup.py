"""Helpers for the Mage Wars combat tests: a scripted generator and small states; and the checks that they script
what they say. "§" = shared/rules/magewars.md; "seed 001 l.N" = the Spanish rulebook text, line N."""
from __future__ import annotations

from typing import Any

from engine.magewars.dice import attack_die, effect_die
from engine.magewars.pack import Card

FACES = [f.face for f in attack_die().faces]


class Scripted:
    """An Rng that answers a fixed script: attack-die face names and d12 numbers, in the order they are drawn."""

    def __init__(self, *draws: str | int) -> None:
        self.draws = list(draws)
        self.counter = 0

    def randbelow(self, n: int) -> int:
        assert self.draws, "the attack asked for more rolls than scripted"
        self.counter += 1
        x = self.draws.pop(0)
        if n == attack_die().sides:
            assert isinstance(x, str), f"an attack die was rolled, the script has {x!r}"
            return FACES.index(x)
        assert n == effect_die().sides and isinstance(x, int), f"a d12 was rolled, the script has {x!r}"
        return x - 1

    def done(self) -> bool:
        """Every scripted roll was used."""
        return not self.draws


def obj(oid: str, card: str, *, kind: str = "creature", owner: int = 0, zone: str = "A1", **more: Any) -> dict:
    """One object in the shared shape (engine/magewars/state.py)."""
    base = {"id": oid, "card": card, "owner": owner, "controller": owner, "kind": kind, "zone": zone, "damage": 0,
            "conditions": {}, "ready": True, "guard": False, "face_down": False, "defenses_used": [], "counters": {}}
    if kind in ("enchantment", "equipment"):
        base.pop("zone")
    base.update(more)
    return base


def attached(oid: str, card: str, host: str, *, kind: str = "enchantment", owner: int = 0, **more: Any) -> dict:
    """An enchantment or equipment attached to ``host``."""
    return obj(oid, card, kind=kind, owner=owner, attached_to=host, **more)


def state(*objects: dict, cards: dict | None = None) -> dict:
    """A state holding these objects (and the match's own cards, if any)."""
    out: dict = {"objects": {o["id"]: o for o in objects}}
    if cards:
        out["cards"] = cards
    return out


def _defense(text: str) -> dict:
    """A golden shield written as printed ("7+ 1x", "8+ inf") in the pack's shape."""
    threshold, uses = text.split()
    return {"threshold": int(threshold.rstrip("+")), "uses": "unlimited" if uses == "inf" else int(uses.rstrip("x"))}


def creature_card(name: str, *, life: int, armor: int = 0, dice: int = 3, traits: tuple[str, ...] = (),
                  attack_traits: tuple[dict, ...] = (), damage_type: str | None = None, table: list | None = None,
                  action: str = "Quick", range_type: str = "Melee", rng: tuple[int, int] = (0, 0),
                  defense: str | None = None, text: str = "", subtypes: tuple[str, ...] = ()) -> dict:
    """A level 2 creature card in the pack's shape (engine/magewars/pack.py ``Card``, as ``data/magewars/cards.json``
    writes it), for rulebook examples whose card the data does not have; ``action``, ``range_type`` and
    ``damage_type`` as printed ("Quick", "Melee", "Flame")."""
    bar = {"name": f"{name} attack", "speed": action.lower(), "range_type": range_type.lower().replace(" ", "_"),
           "range": {"min": rng[0], "max": rng[1]} if range_type == "Ranged" else None,
           "damage_type": damage_type.lower() if damage_type else None, "dice": dice, "effect_table": table or [],
           "traits": list(attack_traits)}
    raw = {"id": name.lower().replace(" ", "-"), "name": name, "type": "creature", "subtypes": list(subtypes),
           "schools": [{"school": "unknown", "level": 2}], "cost": "unknown", "casting_speed": "full",
           "range": {"min": 0, "max": 0}, "target": "Zone", "life": life, "armor": armor,
           "defense": _defense(defense) if defense else None, "attacks": [bar], "traits": list(traits),
           "text": text or None}
    return Card.model_validate(raw).model_dump(mode="json", exclude_none=True)


def test_scripted_rng_reads_faces_and_d12():
    """The script's names are the attack die's faces (§10.5, §22.1) and its numbers the d12's."""
    rng = Scripted("critical_2", 7)
    assert FACES[rng.randbelow(6)] == "critical_2"
    assert rng.randbelow(12) + 1 == 7 and rng.done()
