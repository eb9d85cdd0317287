"""The contract's table side, for every registered game: what the generic table posts in public never depends on a
seat's hidden information, and a whole match driven by random players through the local table never meets the
internal-error answer.

The public parts of a reply come from the spectator's view (equal for any redeal: ``test_contract``), the public
events (likewise), the headline naming what a player did, and the buttons and menu offered to the awaited seats.
The last two are checked here the way the table builds them (``GameTable.headline`` and ``GameTable.components``).
"""
from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from engine.core.rng import SeededRng
from engine.core.system import Secrets, find_system
from table.game_table import GameTable
from table.match import Match, SeatHolder, Status
from table.presenter import find_presenter
from tests.conformance.driver import NAMES, drive, every
from tests.conformance.harness import CASE_PARAMS, CASES, canon, fork, matches, samples_of, seen_by
from tests.discord.bot_fixtures import services_for

STEPS_CHECKED = 25
"""Positions checked per match (spread over it): each costs a redeal per seat and the alternatives' applies."""


def _table(game: str) -> GameTable:
    return GameTable(SimpleNamespace(store=None), find_presenter(game))


def _match(game: str, state: dict, seats: tuple[str, ...], n: int) -> Match:
    return Match(id=f"conf{n}", game=game, status=Status.ACTIVE, channel_id=1, created_at=0, updated_at=0,
                 seed_hash="", log_length=n,
                 seats=[SeatHolder(seat=s, user_id=i + 1, name=NAMES[i]) for i, s in enumerate(seats)], state=state)


def _public(game: str, match: Match) -> str:
    """Everything the public panel offers: button and menu labels, the hint, the step and the panel itself (a table
    of its own each time: the tables keep what they worked out by match id and log length)."""
    table = _table(game)
    scene = table.scene(match, None)
    buttons, menus, hint = table.components(match, scene)
    panel = table.presenter.panel(scene, {h.seat: h.user_id for h in match.seats}, None)
    return canon([[b.label for b in buttons], [[o.label for o in m.options] for m in menus], hint,
                  table.presenter.step(scene), repr(panel)])


def _observed(system, state, events, seats, hider) -> str:
    """What everyone but ``hider`` observes of a new state and its events."""
    return canon([[system.view(state, v), seen_by(events, v)] for v in [*seats, None] if v != hider])


@pytest.mark.parametrize(("game", "sample"), CASE_PARAMS)
def test_public_posts_name_no_hidden_information(game, sample):
    """No public button label, menu option, panel or headline changes with a seat's hidden information (its
    ``redeal``); and the headline naming what a player did is the same for every choice the others cannot tell
    apart by what they observe (a secret plan is told by its public events only)."""
    system = find_system(game)
    leaks: list[str] = []
    for m, played in enumerate(matches(game, sample, False)[:2]):
        if not played.log:
            continue
        sample_obj = next(s for s in samples_of(system) if s.name == sample)
        seats = system.info.seats_for(sample_obj.players)
        rng = SeededRng(played.report.seed.to_bytes(32, "big"))
        state = system.setup(sample_obj.options, seats, rng)
        every = max(1, len(played.log) // STEPS_CHECKED)
        for n, (seat, action) in enumerate(played.log):
            if n % every == 0:
                leaks += _check_position(system, game, state, seats, seat, action, rng, n)
            state, _ = system.apply(state, seat, action, rng)
        assert not leaks, "\n".join(leaks[:5])


def _check_position(system, game, state, seats, seat, action, rng, n) -> list[str]:
    found: list[str] = []
    match = _match(game, state, seats, n)
    public = _public(game, match)
    if isinstance(system, Secrets):
        for hider in seats:
            other = _match(game, system.redeal(state, hider, SeededRng(bytes(32), n)), seats, n)
            if _public(game, other) != public:
                found.append(f"{game} step {n}: the public panel changes with {hider}'s hidden information:\n"
                             f"  {public[:300]}\n  {_public(game, other)[:300]}")
    after, events = system.apply(state, seat, action, fork(rng))
    before = _table(game).scene(match, None)  # an action is named in the state it was chosen in
    told = _table(game).headline(before, seat, action, events)
    seen = _observed(system, after, events, seats, seat)
    for other_action in random.Random(n).sample(system.legal_actions(state, seat),
                                                k=min(8, len(system.legal_actions(state, seat)))):
        try:
            after2, events2 = system.apply(state, seat, other_action, fork(rng))
        except Exception:  # noqa: BLE001 - test_contract reports it
            continue
        # the others cannot tell the two choices apart, yet the choices differ for their maker (a secret plan); two
        # choices that change nothing at all (a push into a wall either way) hide nothing by being named
        if _observed(system, after2, events2, seats, seat) == seen and canon(system.view(after2, seat)) != canon(
                system.view(after, seat)):
            told2 = _table(game).headline(before, seat, other_action, events2)
            if told2 != told:
                found.append(f"{game} step {n}: the public headline tells {seat}'s secret choice: "
                             f"{told!r} / {told2!r}")
    return found


GAMES = sorted({g for g, _ in CASES})


@pytest.mark.parametrize("game", GAMES)
async def test_a_whole_match_through_the_local_table_never_answers_an_internal_error(game, redis, prefix, tmp_path):
    """Random players drive a whole match through the table (commands, buttons, menus, autocomplete, status, log,
    private view) to its result: no reply, private or posted, is the internal-error answer."""
    services = services_for(redis, prefix, rate_limit_per_minute=1_000_000)
    replies, match = await drive(services, game, seed=game, boards=tmp_path)
    crashes = [r.content for r in every(replies) if r.error == "crash"]
    assert not crashes, crashes[:3]
    assert match.status.over, f"{game}: no result after the driver's budget"
