"""Dragonbond images: the battlefield in inches (``render.dragonbond.battlefield.render``).

The renderer reads the engine's view (``engine/dragonbond/system.py``, "The view") and draws only what is
in it; it measures nothing itself. The keys it uses, all optional except ``field``:

```
{"field": {"width": 48, "height": 36,
           "terrain": [{"id", "kinds": ["dark", "slowing"], "name", "shape": "rect"|"circle"|"polygon",
                        "points": [[x, y], ...], "danger": 0}],
           "objectives": [[x, y], ...],            # numbered 1.. in this order
           "zones": {seat: [[x, y], ...]}},         # deployment zone polygons
 "sides": {seat: "A" | "B"},                        # colours: A blue, B red (default: seat order)
 "units": [{"id", "code", "name", "side", "x", "y", "radius", "models", "wounds", "health", "fatigue",
            "states": {"poison": n, "slowed": n, "immobilized": n}, "activated": n, "engaged_with": [ids],
            "where": "battlefield", "flanked": bool, "general": bool, "exhausted": bool,
            "model_points": [[x, y], ...], "base": inches, "engaged_models": [indices]}],   # each model a disc
 "objectives": [{"n", "x", "y", "controller": seat | None}],
 "last": [events]}                                  # the last action, unless ``events`` is given
```

Events drawn: ``Moved {unit, kind, from, to, path, cost, allowance}`` (the path, a charge in orange),
``MoveRefused {unit, to, distance, allowance}`` (the measured line and the allowance ring in red),
``AttackRolled {unit, target, kind, hits, crits}`` and ``Wounded {unit, wounds}`` (the attack line and its
result), ``Engaged``/``Separated`` (shown by the units' ``engaged_with``). Units with no ``x`` (reserve,
destroyed) are not drawn. Coordinates are inches, origin at side A's left corner, y toward side B (§5.2).
"""
