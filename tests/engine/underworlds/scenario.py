"""Scenario helpers for the Underworlds rules tests: build a position, script the dice, act.

``scenario(...)`` returns a JSON state in the action phase (player1's activation step by default) on
Mirror Well (player1's territory, rows 1-5) joined above Ruptured Seal (player2's, rows 7-11; lethal
hexes g9, f10, b11); row 6 is no one's territory. Fighters not placed are not deployed and take no part.
``FixedRng`` returns scripted ``randbelow`` results; ``atk``/``dfn``/``mag`` turn face names into them.
"""
from __future__ import annotations

from typing import Any

from engine.core.dice import get_die
from engine.underworlds.battlefield import BattlefieldSpec, BoardPlacement, Join
from engine.underworlds.feature_tokens import FeatureSide, FeatureToken
from engine.underworlds.hexgrid import Hex
from engine.underworlds.state import FighterState, PlayerState, State
from engine.underworlds.system import UnderworldsSystem, dump, load

SYSTEM = UnderworldsSystem()
P1, P2 = "player1", "player2"


class FixedRng:
    """Scripted ``randbelow`` results; running out is an error (the test scripted too few)."""

    def __init__(self, values: list[int] | None = None) -> None:
        self.values = list(values or [])
        self.counter = 0

    def randbelow(self, n: int) -> int:
        assert self.values, "FixedRng ran out of scripted values"
        value = self.values.pop(0)
        assert 0 <= value < n, f"scripted {value} not below {n}"
        self.counter += 1
        return value


def _faces(die: str, faces: tuple[str, ...]) -> list[int]:
    names = get_die("underworlds", die).face_names
    return [names.index(f) for f in faces]


def atk(*faces: str) -> list[int]:
    """Draws that roll these attack-die faces."""
    return _faces("attack", faces)


def dfn(*faces: str) -> list[int]:
    """Draws that roll these defence-die faces."""
    return _faces("defence", faces)


def mag(*faces: str) -> list[int]:
    """Draws that roll these magic-die faces."""
    return _faces("magic", faces)


def scenario(fighters: dict[str, str], *, warbands: tuple[str, str] = ("garreks-reavers", "steelhearts-champions"),
             decks: tuple[str, str] = ("rimewyrms-bite-rivals", "rimewyrms-bite-rivals"), active: str = P1,
             hands: dict[str, list[str]] | None = None, objectives: dict[str, list[str]] | None = None,
             tokens: dict[str, tuple[str, str]] | None = None, glory: dict[str, int] | None = None,
             round_: int = 1, turns_taken: int = 0, stage: str = "activation", **fighter_fields: Any) -> dict:
    """A position in the action phase.

    ``fighters`` maps ``"player1:targor"`` to a hex; ``tokens`` maps a feature token id (``"1"``..``"5"``,
    ``"blocked-1"``, ``"trap-1"``) to (hex, face-up side); ``fighter_fields`` like
    ``stagger={"player2:obryn-the-bold": 1}`` set fields of fighters.
    """
    from engine.underworlds.fighters import load_warbands

    st = State(seats=[P1, P2], players={P1: PlayerState(seat=P1), P2: PlayerState(seat=P2)})
    st.battlefield = BattlefieldSpec(first=BoardPlacement(board="mirror-well"),
                                     second=BoardPlacement(board="ruptured-seal"), join=Join(edge="long", offset=0))
    st.territory = {P1: 0, P2: 1}
    for seat, warband, deck in zip((P1, P2), warbands, decks):
        p = st.players[seat]
        p.warband, p.deck, p.redraw = warband, deck, "none"
        p.power = list((hands or {}).get(seat, []))
        p.objectives = list((objectives or {}).get(seat, []))
        p.glory = (glory or {}).get(seat, 0)
        p.power_deck = ["48013", "48015"]
        p.objective_deck = ["48001", "48002"]
        for f in load_warbands()[warband].fighters:
            fid = f"{seat}:{f.id}"
            hex_ = fighters.get(fid)
            st.fighters.append(FighterState(id=fid, seat=seat, card=f.id, name=f.name,
                                            hex=Hex.parse(hex_) if hex_ else None, deployed=hex_ is not None))
    for field, values in fighter_fields.items():
        for fid, value in values.items():
            setattr(st.fighter(fid), field, value)
    for token_id, (hex_, side) in (tokens or {}).items():
        if token_id.isdigit():
            front, number = FeatureSide.OBJECTIVE, int(token_id)
        else:
            front, number = FeatureSide(token_id.split("-")[0]), None
        st.feature_tokens.append(FeatureToken(id=token_id, front=front, number=number, face_up=FeatureSide(side),
                                              hex=Hex.parse(hex_)))
    st.phase, st.round, st.first_player, st.active = "action", round_, P1, active
    st.turns_taken = turns_taken
    st.setup.stage = "done"
    st.stack = [{"kind": "round", "stage": "turns"}]
    if stage == "activation":
        st.stack.append({"kind": "turn", "seat": active, "stage": "activation"})
    elif stage == "power":
        st.stack.append({"kind": "turn", "seat": active, "stage": "after_power"})
        st.stack.append({"kind": "power", "active": active, "to_act": active, "passes": 0, "delved": {}})
    return dump(st)


def act(state: dict, seat: str, action: dict, rng: FixedRng | None = None) -> tuple[dict, list[dict]]:
    """Apply one action with scripted dice."""
    return SYSTEM.apply(state, seat, action, rng or FixedRng())


def fighter(state: dict, fighter_id: str) -> dict:
    """A fighter's JSON."""
    return next(f for f in state["fighters"] if f["id"] == fighter_id)


def types(events: list[dict]) -> list[str]:
    """The event types, in order."""
    return [e["type"] for e in events]


def legal(state: dict, seat: str) -> list[dict]:
    """The legal actions of a seat."""
    return SYSTEM.legal_actions(state, seat)


def top(state: dict) -> dict:
    """The innermost frame."""
    return load(state).stack[-1]
