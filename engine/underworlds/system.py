"""``UnderworldsSystem``: the GameSystem of Warhammer Underworlds: Wintermaw for two, three or four players.

The table drives a match through ``setup``, ``legal_actions``, ``apply``, ``view``, ``outcome`` and
``describe``. States, actions and events are JSON dicts; inside, the state is the pydantic ``State``
(``state.py``) and the rules run as frames (``flow.py``). Checks run in a fixed order: match over,
unknown seat, action shape, referee actions (any seat), then whose decision it is, then the rule.
"""
from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from typing import Any

from engine.core.errors import IllegalAction
from engine.core.rng import Rng, SeededRng, choice, shuffled
from engine.core.system import JSON, Outcome, Sample, SystemInfo
# Imported for what they register: frame kinds (flow), card hooks' answers (effects), objective conditions.
from engine.underworlds import practice
from engine.underworlds import (  # noqa: F401
    activation, choices, combat, effects, end_phase, objectives, power, rules, scatter, setup, turns,
)
from engine.underworlds.actions import REFEREE_TYPES, ScoreObjective, parse_action
from engine.underworlds.flow import Ctx, act, advance, awaiting, legal
from engine.underworlds.referee import apply_referee
from engine.underworlds.state import State

INFO = SystemInfo("underworlds", "Warhammer Underworlds: Wintermaw", ("player1", "player2", "player3", "player4"),
                  aliases=("uw", "whu", "wintermaw"), summary="Hex-board skirmish, two to four warbands",
                  min_seats=2, max_seats=4)


_FREE_FORM = ("stack", "persisting", "step_log", "phase_log", "last_action", "outcome")
"""State fields typed ``Any`` inside: validation keeps their nested values, so ``load`` copies them first."""


def _copy_json(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy_json(v) for v in value]
    return value


_FROZEN = ("battlefield", "feature_tokens", "pack_warbands", "pack_boards")
"""State fields of frozen models (replaced, never changed): the copies ``load`` makes of a remembered state share
them with it, and ``dump`` makes each one's JSON once."""
_FROZEN_DUMPS: dict[int, tuple[Any, JSON]] = {}
"""id(frozen model) -> (the model, kept so the id stays its own; its JSON, shared by the dumps: read only)."""
_FROZEN_DUMPS_KEPT = 4096


def load(state: JSON) -> State:
    """A fresh ``State`` from JSON (never sharing objects with the input, so it is never changed).

    Typed fields are rebuilt by validation; the free-form ones are copied (faster than a JSON round trip); the
    frozen ones of a dict already loaded are taken from its remembered ``State`` (they cannot change).
    """
    data = dict(state)
    for key in _FREE_FORM:
        if key in data:
            data[key] = _copy_json(data[key])
    known = _recall(_LOADED, id(state), state)
    if known is not None:
        for key in _FROZEN:
            data[key] = getattr(known, key)
    return State.model_validate(data)


def dump(st: State) -> JSON:
    """The JSON form of a state."""
    data = st.model_dump(mode="json", exclude=set(_FROZEN))
    return {key: data[key] if key in data else _frozen_dump(getattr(st, key)) for key in State.model_fields}


def _frozen_dump(value: Any) -> Any:
    """The JSON of a frozen model, or of each in a list (None as it is), made once per model."""
    if value is None:
        return None
    if isinstance(value, (list, tuple)):
        return [_frozen_dump(v) for v in value]
    hit = _FROZEN_DUMPS.get(id(value))
    if hit is None or hit[0] is not value:
        if len(_FROZEN_DUMPS) >= _FROZEN_DUMPS_KEPT:
            _FROZEN_DUMPS.clear()
        hit = _FROZEN_DUMPS[id(value)] = (value, value.model_dump(mode="json"))
    return hit[1]


_MEMO_SIZE = 256
"""State dicts whose ``State`` (and views) are kept (~50 KB each): the table asks about the same dict several times
per command, and the commands in flight at once (tens, under load) each keep a few in between."""
_LOADED: OrderedDict[int, tuple[JSON, State]] = OrderedDict()
"""id(state dict) -> (the dict, kept alive so the id stays its own; its ``State``), most recent last."""
_DUMPS: OrderedDict[int, tuple[JSON, JSON]] = OrderedDict()
"""id(state dict) -> (the dict; its ``State``'s dump, which views are made from): the dict itself when it is that dump
(made by ``_dump_known``; a dict read from elsewhere may differ, as one stored by an older version lacks new fields)."""
_VIEWS: OrderedDict[tuple[int, str | None], tuple[JSON, JSON]] = OrderedDict()
"""(id(state dict), viewer) -> (the dict; its view)."""
_MEMO_LOCK = threading.Lock()  # legal actions are worked out in threads too


def _recall(memo: OrderedDict[Any, tuple[JSON, Any]], key: Any, state: JSON) -> Any:
    with _MEMO_LOCK:
        hit = memo.get(key)
        if hit is None or hit[0] is not state:
            return None
        memo.move_to_end(key)
        return hit[1]


def _remember(memo: OrderedDict[Any, tuple[JSON, Any]], key: Any, state: JSON, value: Any) -> None:
    with _MEMO_LOCK:
        memo[key] = (state, value)
        memo.move_to_end(key)
        while len(memo) > _MEMO_SIZE:
            memo.popitem(last=False)


def loaded(state: JSON) -> State:
    """The ``State`` of a state dict, validated once per dict and shared: read it, never change it (``load`` gives
    one to change). A state dict is never changed once made (the table keeps each one as it is)."""
    st = _recall(_LOADED, id(state), state)
    if st is None:
        st = load(state)
        _remember(_LOADED, id(state), state, st)
    return st  # type: ignore[no-any-return]


def _dump_known(st: State) -> JSON:
    """``dump`` of a state no one changes any more, remembered as the dict's ``State`` (the next look at the dict
    costs no validation)."""
    state = dump(st)
    _remember(_LOADED, id(state), state, st)
    _remember(_DUMPS, id(state), state, state)
    return state


def apply_state(st: State, seat: str, action: JSON, rng: Rng) -> list[JSON]:
    """``UnderworldsSystem.apply`` on a loaded ``State``, changed in place; the events.

    :raises IllegalAction: as ``UnderworldsSystem.apply`` (the state may then be partly changed: callers
        that must keep it apply to a copy, as ``apply`` does)
    :raises InvalidInput: uw.action.invalid, uw.action.unknown_type
    """
    if st.phase == "over":
        raise IllegalAction("uw.match.over")
    if seat not in st.seats:
        raise IllegalAction("uw.turn.unknown_seat", seat=seat, seats=", ".join(st.seats))
    if st.players[seat].conceded:
        raise IllegalAction("uw.match.conceded")
    parsed = parse_action(action)
    ctx = Ctx(st, rng)
    kind = parsed.type  # type: ignore[attr-defined]  # every action's, as its JSON names it
    if kind in REFEREE_TYPES:
        apply_referee(ctx, seat, parsed)
        advance(ctx)
    elif isinstance(parsed, ScoreObjective) and st.phase == "action":
        turns.reveal(ctx, seat, parsed)
    else:
        act(ctx, seat, parsed)
    settle_conceded(ctx)
    return ctx.events


def settle_conceded(ctx: Ctx) -> None:
    """Decisions left to a player who conceded are taken for them: pass where they may, else the first choice."""
    st = ctx.st
    if not any(p.conceded for p in st.players.values()):
        return
    for _ in range(1000):
        pending = [s for s in awaiting(st) if st.players[s].conceded]
        if not pending or st.phase == "over":
            return
        options = legal(st, pending[0])
        if not options:
            return
        choice = {"type": "Pass"} if {"type": "Pass"} in options else options[0]
        ctx.emit("ChoiceTakenForConceded", player=pending[0], action=choice["type"])
        act(ctx, pending[0], parse_action(choice))
    raise RuntimeError("the decisions of a conceded player did not settle")  # a bug, never a rule


def concede(state: JSON, seat: str) -> JSON:
    """Three or four players: ``seat`` concedes and the others play on (the table's ``Concedes`` hook). The rulebook
    has no concession: by ruling the player's turns are skipped, their fighters stay where they stand, they lose, and
    the last player left wins (``docs/rulings/underworlds.md``). The chance this may need (a roll-off the skipped
    decisions lead to) is drawn from the state itself, so the concession replays exactly from the log.

    :raises IllegalAction: uw.match.over, uw.match.concede_in_setup, uw.match.conceded
    """
    st = load(state)
    if st.phase == "over":
        raise IllegalAction("uw.match.over")
    if st.phase == "setup":
        raise IllegalAction("uw.match.concede_in_setup")
    if st.players[seat].conceded:
        raise IllegalAction("uw.match.conceded")
    digest = hashlib.sha256(json.dumps(state, sort_keys=True, separators=(",", ":")).encode()).digest()
    ctx = Ctx(st, SeededRng(digest))
    st.players[seat].conceded = True
    ctx.emit("PlayerConceded", player=seat)
    if len(st.in_play()) == 1:
        turns.finish(ctx)
    else:
        advance(ctx)  # a step that waited for them alone (a reaction step) goes on
        settle_conceded(ctx)
    return _dump_known(st)


def redeal(state: JSON, seat: str, rng: Rng) -> JSON:
    """``state`` with ``seat``'s hidden information drawn again (the ``Secrets`` protocol), as a new dict.

    - Its objective hand and objective deck are shuffled together and dealt again, as many cards to the hand as it
      holds; the same for its power hand and power deck (a deck's order is hidden from everyone, a hand from the
      others; revealed, scored, discarded and assigned cards are public and stay).
    - Before the warbands are revealed (§12.1), a warband and a Rivals deck it has chosen are chosen again among those
      it could choose (a built deck, given by the options with its warband, stays).
    - An opening redraw decided while another player has not decided (hidden until all have, §12.4) is decided again
      among the four; the cards it drew are dealt anew above anyway.

    Everything public (fighters, tokens, glory, counts, discards, the stack) is unchanged."""
    st = load(state)
    player = st.players.get(seat)
    if player is None:
        return dump(st)
    if st.phase == "setup" and st.setup.stage == "choose_warbands":
        if player.warband is not None and player.deck not in setup.BUILT_FORMATS:
            player.warband = choice(rng, setup.playable_warbands(st))
            if player.deck is not None:
                player.deck = choice(rng, setup.allowed_decks(st, player.warband))
        return dump(st)
    for hand, deck in (("objectives", "objective_deck"), ("power", "power_deck")):
        held = getattr(player, hand)
        pool = shuffled(rng, sorted([*held, *getattr(player, deck)]))  # sorted: the draw cannot tell which card was where
        setattr(player, hand, pool[:len(held)])
        setattr(player, deck, pool[len(held):])
    if (st.phase == "setup" and st.setup.stage == "redraw" and player.redraw is not None
            and any(p.redraw is None for p in st.players.values())):
        player.redraw = choice(rng, ("none", "objectives", "power", "all"))
    return dump(st)


TWO = ("player1", "player2")
RELIC_DECK = {"format": "relic", "objectives": [str(n) for n in range(48001, 48013)] + ["47001", "47002", "47003"],
              "power": [str(n) for n in range(48013, 48033)] + ["47023", "47024"]}
"""A Relic deck (§7) of universal cards for the samples: Rimewyrm's Bite's and five of Hungering Parasite's (its plot
then applies); 15 objectives, 6 of them surge, 22 power cards, 10 gambits."""


class UnderworldsSystem:
    """Warhammer Underworlds: Wintermaw, two to four players (seed 000 lines 1550-1670), Rivals decks."""

    info = INFO
    samples = (
        Sample("two-players", {}, 2, 3000),
        Sample("three-players", {}, 3, 3000),
        Sample("four-players", {}, 4, 3000),
        Sample("parasite-vs-rimewyrm", {"warbands": {TWO[0]: "garreks-reavers", TWO[1]: "steelhearts-champions"},
                                        "decks": {TWO[0]: "hungering-parasite-rivals",
                                                  TWO[1]: "rimewyrms-bite-rivals"}}, 2, 3000),
        Sample("relic-deck", {"warbands": {TWO[0]: "steelhearts-champions", TWO[1]: "garreks-reavers"},
                              "built_decks": {TWO[0]: RELIC_DECK}, "decks": {TWO[1]: "hungering-parasite-rivals"}},
               2, 3000),
    )
    """Two, three and four players choosing their warbands and decks in the game (secretly, §12.1) among the shipped
    ones (Garrek's Reavers and Steelheart's Champions are the complete warbands; the Brethren of the Bolt and
    Skinnerkin decks need their own warbands, whose values are unknown); the two universal Rivals decks against each
    other (the Hungering Parasite plot); a built Relic deck (§7). Random play ends within ~250 actions (3000 allowed)."""

    def redeal(self, state: JSON, seat: str, rng: Rng) -> JSON:
        """``seat``'s hidden information drawn again (``redeal``)."""
        return redeal(state, seat, rng)

    def setup(self, options: JSON, seats: tuple[str, ...], rng: Rng) -> JSON:
        """The match before deployment; ``options`` may give by seat ``warbands``, ``decks`` (whole Rivals decks) and
        ``built_decks`` (Nemesis or Relic decks, card by card: ``setup.new_state``).

        :raises IllegalAction: uw.setup.* for an unknown or incomplete warband, a deck it may not use; uw.deck.* for a
            built deck that breaks its format's rules
        """
        if not INFO.min_seats <= len(seats) <= INFO.max_seats or len(set(seats)) != len(seats):
            raise IllegalAction("uw.setup.players", seats=len(seats))
        st = setup.new_state(options or {}, tuple(seats), rng)
        ctx = Ctx(st, rng)
        advance(ctx)
        return _dump_known(st)

    def legal_actions(self, state: JSON, seat: str) -> list[JSON]:
        """Every concrete action ``seat`` may take now, in a stable order (referee actions excluded): the innermost
        step's choices if it waits for ``seat``, and in the action phase, whether it waits for ``seat`` or not, the
        surge objectives the player may reveal (``ScoreObjective``, which ``apply`` takes from any player then)."""
        st = loaded(state)
        if seat not in st.seats or st.players[seat].conceded:
            return []
        out = legal(st, seat)
        if st.phase == "action":  # revealing a surge objective is never a turn's decision: any player, any time
            out += [a for a in turns.reveal_options(st, seat) if a not in out]
        return out

    def concede(self, state: JSON, seat: str) -> JSON:
        """Three or four players: ``seat`` concedes, the others play on (``concede``)."""
        return concede(state, seat)

    def apply(self, state: JSON, seat: str, action: JSON, rng: Rng) -> tuple[JSON, list[JSON]]:
        """The new state and its events.

        :raises IllegalAction: uw.match.over, uw.turn.unknown_seat, uw.turn.not_yours and each rule's codes
        :raises InvalidInput: uw.action.invalid, uw.action.unknown_type
        """
        st = load(state)  # a copy to change (cheaper than copying the remembered one)
        events = apply_state(st, seat, action, rng)
        return _dump_known(st), events

    def view(self, state: JSON, seat: str | None) -> JSON:
        """What ``seat`` may see (``None``: a spectator): hands, deck order and secret choices removed."""
        return view(state, seat)

    def evaluate(self, state: JSON, seat: str) -> float:
        """The practice opponent's score of a position (``engine.core.practice.Evaluates``)."""
        return practice.evaluate(state, seat, loaded(state))

    def outcome(self, state: JSON) -> Outcome | None:
        """The result once round 3's end phase is over (§28.2)."""
        result = state.get("outcome")
        if not result:
            return None
        detail = {"glory": result.get("glory", {}), "score": result.get("glory", {}), "decided_by": result.get("reason")}
        if result.get("drawn"):
            detail["drawn"] = result["drawn"]  # three or four players: the draw is between these; the others lost
        return Outcome(result.get("winner"), "victory" if result.get("winner") else "draw", detail)


# ---------------------------------------------------------------------------------------------
# view


def _prompt(st: State) -> JSON | None:
    top = st.top()
    if top is None:
        return None
    prompt: JSON = {"kind": top["kind"], "seats": awaiting(st)}
    for key in ("stage", "tags", "fighter", "attacker", "target", "active", "to_act", "step"):
        if key in top:
            prompt[key] = top[key]
    if top["kind"] == "attack":
        prompt["attack"] = top["profile"]["name"]
        prompt["dice"] = top["roll"]
        prompt["defence_dice"] = top["defence"]
    if top["kind"] == "scatter":  # the dice rolled (public), by direction: what the player orders
        from engine.underworlds.scatter import scatter_directions
        prompt["directions"] = [scatter_directions()[d].name.lower() for d in top["dice"]]
    return prompt


def _player_view(player: JSON, mine: bool, secret_setup: bool, redraw_done: bool) -> JSON:
    """``player`` (a copy of the player's dump, changed here) as their seat (``mine``) or another may see it."""
    for deck in ("objective_deck", "power_deck"):
        player[deck] = len(player[deck])  # order is hidden from everyone: counts only
    if not mine:
        player["objectives"] = ["hidden"] * len(player["objectives"])
        player["power"] = ["hidden"] * len(player["power"])
        if secret_setup:
            player["warband"] = "chosen" if player["warband"] else None
            player["deck"] = "chosen" if player["deck"] else None
            # A built deck's cards are its decks before the reveal (a Rivals deck's are dealt then): hide them.
            player["objective_deck"] = player["power_deck"] = 0
            player["plot_decks"] = []
        if not redraw_done and player["redraw"] is not None:
            player["redraw"] = "decided"
    return player


def _fighters_view(st: State, dumped: JSON) -> list[JSON]:
    """The fighters of ``dumped`` (``st``'s dump) with their characteristics now."""
    chosen = [i for i, f in enumerate(st.fighters) if st.players[f.seat].warband is not None]
    out = list(dumped["fighters"])  # a fighter of a warband not chosen yet has no characteristics
    for i, values in zip(chosen, rules.characteristics(st, [st.fighters[i] for i in chosen])):
        out[i] = {**out[i], **values}
    return out


def next_turn(st: State) -> str | None:
    """Who plays the round's next turn (after the one under way), in play order; None when the round's turns are
    done (then the end phase) or before the action phase."""
    if st.phase != "action" or st.first_player is None:
        return None
    nxt = st.turns_taken + (1 if st.active is not None and any(f["kind"] == "turn" for f in st.stack) else 0)
    order = st.rotation(st.first_player)
    return next((order[i % len(order)] for i in range(nxt, st.turns_in_round())
                 if not st.players[order[i % len(order)]].conceded), None)  # a conceded player's turn is skipped


def view(state: JSON, seat: str | None) -> JSON:
    """The state as ``seat`` may see it, plus what the renderer needs (prompt, characteristics); made once per state
    dict and viewer and shared: read it, never change it."""
    out = _recall(_VIEWS, (id(state), seat), state)
    if out is None:
        st = loaded(state)
        dumped = _recall(_DUMPS, id(state), state)
        if dumped is None:  # one dump per state dict, whoever views it
            dumped = dump(st)
            _remember(_DUMPS, id(state), state, dumped)
        out = _view(st, seat, dumped, None if seat is None else view(state, None))
        _remember(_VIEWS, (id(state), seat), state, out)
    return out  # type: ignore[no-any-return]


def _view(st: State, seat: str | None, data: JSON, spectators: JSON | None = None) -> JSON:
    """The view of ``st`` for ``seat``, made from ``data`` (``st``'s dump, read only) and, for a seat, from the
    spectators' view (``seat`` None; made here when not given): it shares what it does not change with them (none is
    ever changed) and copies the rest. A seat sees what spectators see, and its own hand."""
    if seat is not None:
        spectators = spectators or _view(st, None, data)
        out = dict(spectators)
        if seat in data["players"]:
            out["players"] = {**spectators["players"], seat: _player_view(dict(data["players"][seat]), True,
                                                                           False, False)}
        out["view_of"] = seat
        return out
    out = dict(data)
    secret_setup = st.phase == "setup" and st.setup.stage == "choose_warbands"
    redraw_done = all(p.redraw is not None for p in st.players.values())
    out["players"] = {s: _player_view(dict(player), False, secret_setup, redraw_done)
                      for s, player in data["players"].items()}
    out["setup"] = {**data["setup"], "token_deal": {s: len(v) for s, v in st.setup.token_deal.items()}}
    if st.phase == "setup" and st.setup.stage in ("feature_deal", "feature_tokens"):
        # §12.3: the numbers stay hidden until every token is placed, even from their placer.
        tokens = [dict(t) for t in data["feature_tokens"]]
        for i, t in enumerate(tok for tok in tokens if tok["front"] == "objective"):
            if t["face_up"] == "cover":
                t["id"], t["number"] = f"hidden-{i + 1}", None
        out["feature_tokens"] = [t for t in tokens if t["front"] != "objective" or t["hex"]]
    out["fighters"] = _fighters_view(st, data) if not secret_setup else []
    out["view_of"] = seat
    out["awaiting"] = awaiting(st)
    out["next_turn"] = next_turn(st)
    out["prompt"] = _prompt(st)
    return out
