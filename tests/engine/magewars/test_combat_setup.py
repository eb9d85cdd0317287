"""Helpers for the Mage Wars combat tests: a scripted generator and small states; and the checks that they script
what they say. "§" = shared/rules/magewars.md; "seed 001 l.N" = the Spanish rulebook text, line N."""
from __future__ import annotations

from typing import Any

from engine.magewars.dice import attack_die, effect_die

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


def creature_card(name: str, *, life: int, armor: int = 0, dice: int = 3, traits: tuple[str, ...] = (),
                  attack_traits: tuple[dict, ...] = (), damage_type: str | None = None, table: list | None = None,
                  action: str = "Quick", range_type: str = "Melee", rng: tuple[int, int] = (0, 0),
                  defense: str | None = None, text: str = "", subtypes: tuple[str, ...] = ()) -> dict:
    """A creature card in the data's shape, for rulebook examples whose card the data does not have."""
    stats: dict = {"armor": armor, "life": life}
    if defense:
        stats["defense"] = defense
    return {"name": name, "type": "Creature", "subtypes": list(subtypes), "traits": list(traits), "text": text,
            "levels": [2], "stats": stats,
            "attacks": [{"name": f"{name} attack", "action": action, "range_type": range_type, "range": list(rng),
                         "damage_type": damage_type, "dice": dice, "effect_table": table,
                         "traits": list(attack_traits), "notes": []}]}


def test_scripted_rng_reads_faces_and_d12():
    """The script's names are the attack die's faces (§10.5, §22.1) and its numbers the d12's."""
    rng = Scripted("critical_2", 7)
    assert FACES[rng.randbelow(6)] == "critical_2"
    assert rng.randbelow(12) + 1 == 7 and rng.done()
