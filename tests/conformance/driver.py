"""A whole match of any game driven through the local table by random players, as people would play it: commands,
buttons and menu options pressed by their labels, autocomplete asked with part of a label typed, status, log and the
private view now and then. Shared by the conformance suite's table side and the transcript sweep."""
from __future__ import annotations

import io
import random
import time
from pathlib import Path
from typing import Any, Iterator

from engine.core.errors import GameError
from engine.core.system import find_system
from table.guard import error_reply
from table.local_app import open_local_table
from table.presenter import find_presenter
from table.reply import Reply

NAMES = ("alice", "bob", "carol", "dave")


async def drive(services: Any, game: str, *, seed: Any, boards: Path, players: int | None = None,
                first_lines: tuple[str, ...] = (), seconds: float | None = 240, steps: int = 3000,
                lang: str = "en",
                prefer: tuple[dict[str, Any], ...] = (), concede: bool = False,
                mistakes: float = 0.0, out: Any = None, practice: str | None = None,
                free_at: int | None = None) -> tuple[list[Reply], Any]:
    """Play one match of ``game`` to its end (or ``steps`` choices, or ``seconds``: ``None`` plays the same match on
    any machine) at a local table speaking ``lang``; every reply and
    the final match. ``prefer``: choices taken whenever offered (a mode: ``{"type": "ChooseMode", "mode": "full"}``,
    matched by the fields given); ``concede``: a match still going after ``seconds`` ends by a concession;
    ``mistakes``: how often a player gets something wrong, as new players do (a command out of turn, a game command
    with nonsense or no values), to hear the errors; ``out``: where the table prints, as a player reads it;
    ``practice``: alice plays the practice opponent at that level (it holds every other seat); ``free_at``: at that
    choice, the awaited player types each of the game's free commands (the referee's) once, with values taken from
    its menus (their replies are swept with the rest: they are never offered as choices)."""
    system = find_system(game)
    ids = random.Random(f"ids:{seed}")
    services.table.new_id = lambda: f"{ids.getrandbits(40):010x}"  # the same match, dice included, on every run
    local = open_local_table(services, out=out or io.StringIO(), boards_dir=boards, player="alice", lang=lang)
    players = players or system.info.min_seats
    replies: list[Reply] = []

    async def say(line: str) -> None:
        try:
            got = await local.run_line(line)
        except GameError as error:
            got = [error_reply(error, lang)]
        for reply in got:
            local.show(reply, line)  # as typed at the table: its buttons become the ones to press
        replies.extend(got)

    for line in first_lines:
        await say(line)
    if practice:
        await say(f"/match new {game} vs:practice level:{practice} players:{players}")
    else:
        await say("/match new " + game + " " + " ".join(f"{'vs' if i == 1 else f'vs{i}'}:{NAMES[i]}"
                                                       for i in range(1, players)))
    for i in range(1, 1 if practice else players):
        local.player = NAMES[i]
        await say("/press 1")  # Accept, in any language
    match_id = await services.store.match_in(local.channel)
    pick = random.Random(str(seed))
    table = services.play.games[game]
    command = find_presenter(game).command
    private = find_presenter(game).private_command
    deadline = time.monotonic() + (seconds if seconds is not None else float("inf"))
    for step in range(steps):
        match = await services.store.load(match_id)
        if match.status.over or time.monotonic() > deadline:
            break
        if step == free_at:
            await _free_commands(say, local, table, find_presenter(game), pick)
        names = {h.seat: h.name for h in match.seats}
        legal = {s: system.legal_actions(match.state, s) for s in names}
        people = [s for s in names if legal[s] and s not in match.practice]
        if not people:  # only the practice opponent may act: it has acted already, so nobody can
            break
        seat = pick.choice(people)
        local.player = names[seat]
        by_type: dict[str, list[int]] = {}
        for i, a in enumerate(legal[seat]):
            by_type.setdefault(a["type"], []).append(i)
        index = pick.choice(by_type[pick.choice(sorted(by_type))])
        wanted = [i for i, a in enumerate(legal[seat]) if any(all(a.get(k) == v for k, v in p.items()) for p in prefer)]
        if wanted:
            index = wanted[0]
        roll = pick.random()
        if roll < 0.05:
            await say("/match status")
        elif roll < 0.08 and private:
            await say(f"/{command} {private}")
        elif roll < 0.10:
            await say("/match log")
        if 0.10 <= roll < 0.15:  # autocomplete of /<game> do, with a piece of a label typed
            scene = table.scene(match, seat, lang)
            typed = table.presenter.action_label(scene, legal[seat][index])[: pick.randint(0, 6)]
            got = await table.choices(local.context(), "do", "action", {}, typed)
            assert f"{match.log_length}:{index}" in {value for _, value in got} or len(got) >= 25, (typed, got[:3])
        if mistakes and pick.random() < mistakes:
            await _mistake(say, local, pick, find_presenter(game), names, legal, seat)
            local.player = names[seat]
        mark = f"g:{match.id}:{match.log_length}:"
        pressed = [label for label, custom, value in local.buttons if custom.startswith(mark) and (
            custom.endswith(f":{index}") if value is None else value == str(index))] if roll < 0.5 else []
        if pressed:
            await say(f"/press {pressed[0]}")
        else:
            await say(f"/{command} do action:{match.log_length}:{index}")
    match = await services.store.load(match_id)
    if concede and not match.status.over:
        awaited = system.view(match.state, None).get("awaiting") or [match.seats[0].seat]
        local.player = match.holder(awaited[0]).name
        await say("/match concede")
        await say("/press 1")  # the confirmation, only its asker's
    await say("/match status")
    await say("/match log")
    return replies, await services.store.load(match_id)


async def _free_commands(say: Any, local: Any, table: Any, presenter: Any, pick: random.Random) -> None:
    """Each free command of the game (a referee's: the engine checks it, nothing offers it), typed once by the
    current player with a value of each option from its menu, its choices, its default or its range."""
    for spec in presenter.commands:
        if not spec.free:
            continue
        typed = []
        for option in spec.options:
            if option.autocomplete:
                menu = await table.choices(local.context(), spec.name, option.name, {}, "")
                value = pick.choice(menu)[1] if menu else None
            elif option.choices:
                value = pick.choice(option.choices)
            elif option.kind is int:
                value = max(option.min if option.min is not None else 1, min(1, option.max or 1))
            elif option.kind is bool:
                value = "yes"
            else:
                value = option.default or "x"
            if value is not None and " " not in str(value):
                typed.append(f"{option.name}:{value}")
        await say(f"/{presenter.command} {spec.name} {' '.join(typed)}".strip())


async def _mistake(say: Any, local: Any, pick: random.Random, presenter: Any, names: dict[str, str],
                   legal: dict[str, list], seat: str) -> None:
    """One thing a new player gets wrong: a choice out of turn, or one of the game's commands with nonsense or
    nothing in its options."""
    idle = [s for s in names if not legal[s]]
    if idle and pick.random() < 0.4:
        local.player = names[pick.choice(idle)]
        await say(f"/{presenter.command} do action:0")
        return
    specs = [spec for spec in presenter.commands if not getattr(spec, "query", False)] or list(presenter.commands)
    spec = pick.choice(specs)
    values = " ".join(f"{option.name}:{pick.choice(['zz99', '-3', '99999999999', 'x'])}" for option in spec.options
                      if pick.random() < 0.7)
    await say(f"/{presenter.command} {spec.name} {values}".strip())


def every(replies: list[Reply]) -> Iterator[Reply]:
    """Each reply and what it posted elsewhere."""
    for reply in replies:
        yield reply
        for _, posted in reply.posts or ():
            yield from every([posted])
