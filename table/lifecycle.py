"""The match lifecycle at the table, for any registered game system.

Each operation is load -> authorize -> change (a pure function of the stored match) ->
compare-and-set save with its log entries -> reply. When another writer saved first,
the change is recomputed on the new state, so no update is lost and a change that is
no longer legal is refused with the state untouched.
"""
from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any, Awaitable, Callable, Iterable, Sequence

from engine.core import system as systems
from engine.core.errors import GameError, IllegalAction, NotAllowed, NotFound
from engine.core.rng import match_seed, seed_commitment
from table.blocks import Blocks
from table.context import Actor, Context, safe
from table.fairness import RecordingRng, verify_draws
from table.logs import match_id_var
from table.match import Match, SeatHolder, Status, mention
from table.replay import with_events
from table.reply import Button, Embed, Field, Reply
from table.store import StaleVersion, Store

if TYPE_CHECKING:
    from table.presenter import Scene

Change = Callable[[Match], tuple[Match, list[dict[str, Any]], Any]]
Show = Callable[[Context, Match, str], Awaitable[Reply]]
"""Shows a match as its game presents it, under a headline (the turn panel after an accept)."""

MAX_OPEN_MATCHES = 20
"""Invitations and active matches one user may have at once."""
MAX_CAS_RETRIES = 50

COLOR = {Status.INVITED: 0xF1C40F, Status.ACTIVE: 0x2ECC71, Status.FINISHED: 0x3498DB,
         Status.ABANDONED: 0x95A5A6, Status.DECLINED: 0x95A5A6}


class Table:
    """The game-agnostic application layer: matches, seats, lifecycle, log."""

    def __init__(self, store: Store, secret: bytes, *, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self._secret = secret
        self.clock = clock
        self.new_id: Callable[[], str] = Match.new_id
        """Names a new match (its seed comes from its id): a test that must replay a match exactly names its own."""
        self.show: Show | None = None
        """Set by the games' table (``Play``): shows a match with its game's panel; without it, the
        match's status."""
        self.blocks = Blocks(store.redis, store.prefix)
        """Each player's block list: a challenge to someone who blocks the challenger is refused."""
        self.finished_listeners: list[Callable[[Match], Awaitable[None]]] = []
        """Called with the saved match once it is over (a league records its result); a failing
        listener is logged and never undoes the end of the match."""
        store.recompute = self._with_events  # the log stores no events: reading it replays them

    async def _with_events(self, match_id: str, entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The match's whole log with its actions' events, replayed from the seed (as stored if it won't replay)."""
        try:
            return with_events(await self.store.load(match_id), self.seed(match_id), entries)
        except Exception:  # noqa: BLE001 - a log that doesn't replay is still shown, without its events
            logging.getLogger(__name__).warning("match %s: the log does not replay; events not shown", match_id,
                                                exc_info=True)
            return entries

    # plumbing ---------------------------------------------------------------
    def seed(self, match_id: str) -> bytes:
        """The match's seed (kept secret until the match is over)."""
        return match_seed(self._secret, match_id)

    async def match_id_for(self, ctx: Context, match_id: str | None = None) -> str:
        """The id of the match named, or of the one played in the current thread (not loaded: cheap).

        :raises NotFound: core.no_match_here
        """
        if match_id:
            return match_id.strip().lower()
        found = await self.store.match_in(ctx.channel_id)
        if found is None:
            raise NotFound("core.no_match_here")
        return found

    async def match_for(self, ctx: Context, match_id: str | None = None) -> Match:
        """The match named, or the one played in the current thread.

        :raises NotFound: core.no_match_here, core.no_such_match
        """
        match = await self.store.load(await self.match_id_for(ctx, match_id))
        match_id_var.set(match.id)
        return match

    async def update(self, match_id: str, change: Change, *, loaded: Match | None = None) -> tuple[Match, Any]:
        """Apply ``change`` with compare-and-set, recomputing it if someone saved first.

        ``loaded``: the match as the caller just read it, used for the first attempt (one Redis
        read fewer); a stale copy only costs a retry, since the save compares versions.
        """
        match_id_var.set(match_id)
        for _ in range(MAX_CAS_RETRIES):
            if loaded is not None and loaded.id == match_id:
                match, loaded = loaded, None
            else:
                match = await self.store.load(match_id)
            new, entries, result = change(match)
            new = new.model_copy(update={"updated_at": self.clock()})
            numbered = [{"n": match.log_length + i + 1, "at": round(new.updated_at, 3), **e}
                        for i, e in enumerate(entries)]
            try:
                saved = await self.store.save(new, numbered)
            except StaleVersion:
                continue
            if saved.status.over and not match.status.over:
                await self._finished(saved)
            return saved, result
        raise GameError("core.busy")

    async def _finished(self, match: Match) -> None:
        for listener in self.finished_listeners:
            try:
                await listener(match)
            except Exception:  # noqa: BLE001 - the match is over whatever a listener does
                logging.getLogger(__name__).exception("match %s: a finished-match listener failed", match.id)

    def _finish(self, match: Match, status: Status, winner: str | None, reason: str,
                detail: dict[str, Any] | None = None) -> Match:
        """The match ended; ``detail`` is the game's account of it (``Outcome.detail``: its ``score`` by seat)."""
        outcome = {"winner": winner, "reason": reason, **({"detail": detail} if detail else {})}
        return match.model_copy(update={
            "status": status, "finished_at": self.clock(), "seed": self.seed(match.id).hex(), "outcome": outcome})

    @staticmethod
    def _seated(match: Match, actor: Actor) -> str:
        seat = match.seat_of(actor.user_id)
        if seat is None:
            raise NotAllowed("core.not_seated", match=match.id)
        return seat

    @staticmethod
    def _require(match: Match, *statuses: Status) -> None:
        if match.status not in statuses:
            code = "core.match_over" if match.status.over else f"core.match_{match.status.value}"
            raise IllegalAction(code, match=match.id)

    # opening ----------------------------------------------------------------
    async def new_match(self, ctx: Context, game: str, opponent: Actor | Sequence[Actor],
                        options: dict[str, Any] | None = None, *, blocks: bool = True,
                        practice: str | None = None) -> Reply:
        """Challenge ``opponent`` (or several, for a game of more players): the match gets its own thread
        and waits for every invited player's answer. Seats are taken in order, the challenger's first. An
        opponent who blocks the challenger (``/block``) refuses it, unless ``blocks`` is False (a league's
        pairing: the organiser paired them). ``practice``: the opponents are the practice opponent at that level
        (``table/practice.py``), who then accepts.

        :raises NotFound: core.unknown_system
        :raises IllegalAction: core.system_not_available, core.opponent_is_self, core.opponent_is_bot,
            core.table.player_twice, core.table.player_count, core.too_many_matches
        :raises NotAllowed: core.blocked_you
        """
        info = systems.find_info(game)
        systems.find_system(info.key)
        actor = ctx.actor
        opponents = [opponent] if isinstance(opponent, Actor) else list(opponent)
        self._check_players(info, actor, opponents, practice is not None)
        if blocks:
            refusing = set(await self.blocks.blocked_by([o.user_id for o in opponents], actor.user_id))
            if refusing:
                raise NotAllowed("core.blocked_you", name=safe(next(o.name for o in opponents
                                                                    if o.user_id in refusing)))
        open_ = [m for m in await self.store.matches_of(actor.user_id, limit=MAX_OPEN_MATCHES + 5)
                 if not m.status.over]
        if len(open_) >= MAX_OPEN_MATCHES:
            raise IllegalAction("core.too_many_matches", limit=MAX_OPEN_MATCHES)
        match_id = self.new_id()
        thread_id = None
        if ctx.open_thread is not None:
            width = 20 if len(opponents) == 1 else 12
            rivals = " vs ".join(o.name[:width] for o in opponents)
            thread_id = await ctx.open_thread(f"{info.name[:40]} · {actor.name[:width]} vs {rivals}"[:100])
        now = self.clock()
        players = [actor, *opponents]
        match = Match(
            id=match_id, game=info.key, guild_id=ctx.guild_id, channel_id=ctx.channel_id, thread_id=thread_id,
            seats=[SeatHolder(seat=seat, user_id=p.user_id, name=p.name)
                   for seat, p in zip(info.seats_for(len(players)), players)],
            created_at=now, updated_at=now, seed_hash=seed_commitment(self.seed(match_id)), lang=ctx.lang,
            options=dict(options or {}),
            practice={seat: practice for seat, p in zip(info.seats_for(len(players)), players) if p.bot} if practice
            else {})
        match = await self.store.create(match, [{"n": 1, "at": round(now, 3), "kind": "lifecycle",
                                                 "event": "MatchCreated", "by": actor.user_id}])
        invite = self._invite(ctx, match)
        where = f"<#{thread_id}>" if thread_id else ctx.say("match.this_channel")
        invited = mentions(match.seats[1:])
        reply = Reply(content=ctx.say("match.opened" if len(opponents) == 1 else "match.opened_many",
                                      match=match_id, game=info.name, where=where, opponent=invited))
        if thread_id:
            reply.posts.append((thread_id, invite))
        else:
            reply.buttons, reply.mentions = invite.buttons, invite.mentions
            reply.content += "\n" + invite.content
        return reply

    @staticmethod
    def _check_players(info: systems.SystemInfo, actor: Actor, opponents: list[Actor], practice: bool = False) -> None:
        """Each opponent a person, none twice nor the challenger, and as many players as the game takes."""
        seen = {actor.user_id}
        for opponent in opponents:
            if opponent.user_id == actor.user_id:
                raise IllegalAction("core.opponent_is_self")
            if opponent.bot and not practice:
                raise IllegalAction("core.opponent_is_bot", name=safe(opponent.name))
            if opponent.user_id in seen:
                raise IllegalAction("core.table.player_twice", name=safe(opponent.name))
            seen.add(opponent.user_id)
        players = 1 + len(opponents)
        if not info.min_seats <= players <= info.max_seats:
            count = (str(info.min_seats) if info.min_seats == info.max_seats
                     else f"{info.min_seats}-{info.max_seats}")
            raise IllegalAction("core.table.player_count", game=info.name, count=count, players=players)

    def _invite(self, ctx: Context, match: Match) -> Reply:
        """The challenge with its Accept / Decline buttons, mentioning the invited players yet to answer
        (and, with several, who has accepted so far)."""
        info = systems.find_info(match.game)
        challenger = f"<@{match.seats[0].user_id}>"
        invited = match.seats[1:]
        waiting = [h for h in invited if h.seat not in match.accepted]
        if len(invited) == 1:
            content = ctx.say("match.challenge", opponent=mentions(invited), challenger=challenger, game=info.name)
        else:
            content = ctx.say("match.challenge_many", opponents=mentions(invited), challenger=challenger,
                              game=info.name, players=len(match.seats))
            if match.accepted:
                content += "\n" + ctx.say("match.accepted_so_far", count=len(match.accepted), of=len(invited),
                                          accepted=mentions(h for h in invited if h.seat in match.accepted),
                                          waiting=mentions(waiting))
        return Reply(content=content,
                     buttons=[Button(f"m:accept:{match.id}", ctx.say("match.button_accept"), "success"),
                              Button(f"m:decline:{match.id}", ctx.say("match.button_decline"), "danger")],
                     mentions=[h.user_id for h in waiting])

    async def answer_invite(self, ctx: Context, match_id: str, accept: bool) -> Reply:
        """An invited player accepts or declines; the match starts once every invited player has accepted,
        and one decline cancels it. The challenger may withdraw before that.

        :raises NotAllowed: core.not_seated, core.not_invited
        :raises IllegalAction: core.table.already_accepted, core.match_active, core.match_over
        """
        def change(match: Match):
            seat = self._seated(match, ctx.actor)
            self._require(match, Status.INVITED)
            invited = [h.seat for h in match.seats[1:]]
            if accept:
                waiting = [s for s in invited if s not in match.accepted]
                if seat not in invited:
                    raise NotAllowed("core.not_invited", name=", ".join(safe(match.holder(s).name) for s in waiting))
                if seat in match.accepted:
                    raise IllegalAction("core.table.already_accepted",
                                        name=", ".join(safe(match.holder(s).name) for s in waiting))
                accepted = [s for s in invited if s in match.accepted or s == seat]
                if len(accepted) < len(invited):
                    new = match.model_copy(update={"accepted": accepted})
                    return new, [{"kind": "lifecycle", "event": "InviteAccepted", "by": ctx.actor.user_id,
                                  "seat": seat}], "waiting"
                system = systems.find_system(match.game)
                rng = RecordingRng(self.seed(match.id), match.rng_counter)
                state = system.setup(match.options, tuple(h.seat for h in match.seats), rng)
                new = match.model_copy(update={"status": Status.ACTIVE, "state": state, "rng_counter": rng.counter,
                                               "accepted": accepted})
                entry = {"kind": "lifecycle", "event": "MatchStarted", "by": ctx.actor.user_id, "draws": rng.draws}
                return new, [entry], "accepted"
            new = match.model_copy(update={"status": Status.DECLINED, "finished_at": self.clock(),
                                           "outcome": {"winner": None, "reason": "declined"}})
            event = "InviteDeclined" if seat in invited else "InviteWithdrawn"
            return new, [{"kind": "lifecycle", "event": event, "by": ctx.actor.user_id}], event

        match, what = await self.update(match_id, change)
        if what == "waiting":
            return self._invite(ctx, match)
        if what == "accepted":
            headline = ctx.say("match.accepted", player=mention(ctx.actor.user_id, ctx.actor.name),
                               commitment=match.seed_hash)
            return await self.present(ctx, match, headline)
        if len(match.seats) > 2:
            return Reply(content=ctx.say("match.declined_by" if what == "InviteDeclined" else "match.withdrawn",
                                         player=f"<@{ctx.actor.user_id}>"))
        return Reply(content=ctx.say("match.declined" if what == "InviteDeclined" else "match.withdrawn"))

    async def present(self, ctx: Context, match: Match, headline: str) -> Reply:
        """The match under a headline: its game's panel (whose decision, with its buttons), or its status."""
        if self.show is not None:
            return await self.show(ctx, match, headline)
        return Reply(content=headline, embeds=[self.status_embed(match, ctx.lang)])

    # reading ----------------------------------------------------------------
    def status_embed(self, match: Match, lang: str = "en") -> Embed:
        """The match at a glance, in the game's words (no hidden information): status, players, the result or whom
        it waits for and the step, and the game's panel."""
        from table.i18n import message
        from table.presenter import Scene, find_presenter

        info = systems.find_info(match.game)
        players = "\n".join(h.mention for h in match.seats)
        embed = Embed(title=f"{info.name} · {message('status.match', lang, match=match.id)}", color=COLOR[match.status],
                      fields=[Field(message("status.field.status", lang), message(f"status.{match.status.value}", lang)),
                              Field(message("status.field.players", lang), players)],
                      footer=message("status.footer", lang, commitment=match.seed_hash[:16], version=match.version))
        if match.state is not None:
            presenter = find_presenter(match.game)
            scene = Scene(systems.find_system(match.game).view(match.state, None),
                          {h.seat: h.name for h in match.seats}, lang=lang, match_id=match.id)
            if match.outcome:
                result = presenter.result(scene, match.outcome, None)
                embed.fields.append(Field(message("status.field.result", lang),
                                          "\n".join(t for t in (result.title, result.description) if t)[:1000]))
            elif match.status is Status.ACTIVE:
                waiting = ", ".join(match.holder(s).mention for s in scene.awaiting)
                embed.fields.append(Field(message("status.field.waiting", lang),
                                          f"{waiting} · {presenter.step(scene)}" if waiting else presenter.step(scene)))
                embed.fields += presenter.panel(scene, {h.seat: h.user_id for h in match.seats}, None).fields
        if match.status is Status.INVITED and len(match.seats) > 2:
            embed.fields.append(Field(message("status.field.accepted", lang),
                                      ", ".join(f"<@{match.holder(s).user_id}>" for s in match.accepted) or "—"))
        if match.abandon_requests and match.status is Status.ACTIVE:
            embed.fields.append(Field(message("status.field.abandon", lang),
                                      ", ".join(f"<@{match.holder(s).user_id}>" for s in match.abandon_requests)))
        return embed

    async def status(self, ctx: Context, match_id: str | None = None) -> Reply:
        """The public status of a match (anyone may ask)."""
        match = await self.match_for(ctx, match_id)
        return Reply(embeds=[self.status_embed(match, ctx.lang)])

    async def my_matches(self, ctx: Context) -> Reply:
        """The caller's matches, active first."""
        matches = await self.store.matches_of(ctx.actor.user_id)
        if not matches:
            return Reply(content=ctx.say("match.none_yet"), ephemeral=True)
        matches.sort(key=lambda m: (m.status.over, -m.updated_at))
        lines = []
        for m in matches:
            where = f" <#{m.thread_id}>" if m.thread_id else ""
            lines.append(f"`{m.id}` {systems.find_info(m.game).name} vs {rivals(m, ctx.actor.user_id)} · "
                         f"**{m.status.value}**{where}")
        return Reply(embeds=[Embed(title="Your matches", description="\n".join(lines))], ephemeral=True)

    async def log(self, ctx: Context, last: int = 10, match_id: str | None = None) -> Reply:
        """The last entries of the match log, with what the caller may not see removed."""
        if not 1 <= last <= 50:
            raise IllegalAction("core.log_range", low=1, high=50)
        match = await self.match_for(ctx, match_id)
        viewer = match.seat_of(ctx.actor.user_id)
        narrator = Narrator(match, viewer, ctx)
        lines = [narrator.entry(e, before, after) for e, before, after in await self._told(match, last)]
        return Reply(embeds=[Embed(title=ctx.say("log.title", match=match.id, count=len(lines)),
                                   description="\n".join(lines)[-4000:] or ctx.say("log.empty"))], ephemeral=True)

    async def _told(self, match: Match, last: int) -> list[tuple[dict[str, Any], Any, Any]]:
        """The last ``last`` log entries with their events, each with the game state before and after it (replayed
        from the seed: an action is told in the words of the state it was chosen in); both None for a log that
        does not replay."""
        from table.replay import ReplayMismatch, replayed

        entries = await self.store.log(match.id, events=False)
        try:
            told, before = [], None
            for entry, events, state, _ in replayed(match, self.seed(match.id), entries):
                told.append(({**entry, "events": events} if events is not None and "events" not in entry else entry,
                             before, state))
                before = state
            return told[-last:]
        except (ReplayMismatch, GameError, KeyError, TypeError, ValueError):
            logging.getLogger(__name__).warning("match %s: the log does not replay; told from the last state",
                                                match.id, exc_info=True)
            return [(e, None, None) for e in await self.store.log(match.id, last)]

    async def verify(self, ctx: Context, match_id: str | None = None) -> Reply:
        """Recompute every logged roll from the revealed seed."""
        match = await self.match_for(ctx, match_id)
        if match.seed is None:
            return Reply(content=ctx.say("match.seed_not_revealed", match=match.id, commitment=match.seed_hash),
                         ephemeral=True)
        ok, checked, problem = verify_draws(bytes.fromhex(match.seed), match.seed_hash,
                                            await self.store.log(match.id, events=False))
        text = (ctx.say("match.verified", count=checked, match=match.id, seed=match.seed) if ok
                else ctx.say("match.verify_failed", count=checked, problem=problem))
        return Reply(content=text)

    # playing ----------------------------------------------------------------
    async def act(self, ctx: Context, action: dict[str, Any], match_id: str | None = None, *,
                  expect: int | None = None, loaded: Match | None = None) -> tuple[Match, list]:
        """Apply one game action for the caller's seat; returns the saved match and the events.

        ``expect``: the log length the choice was offered at (a button, an autocomplete pick); the
        action is refused if anything happened since, even if it would still be legal.

        :raises NotAllowed: core.not_seated
        :raises IllegalAction: core.match_invited, core.match_over, core.stale_choice, and the game's own codes
        """
        target_id = loaded.id if loaded is not None else await self.match_id_for(ctx, match_id)

        def change(match: Match):
            seat = self._seated(match, ctx.actor)
            self._require(match, Status.ACTIVE)
            if expect is not None and match.log_length != expect:
                raise IllegalAction("core.stale_choice")
            system = systems.find_system(match.game)
            rng = RecordingRng(self.seed(match.id), match.rng_counter)
            state, events = system.apply(match.state, seat, action, rng)
            new = match.model_copy(update={"state": state, "rng_counter": rng.counter, "undo_request": None})
            outcome = system.outcome(state)
            if outcome is not None:
                new = self._finish(new, Status.FINISHED, outcome.winner, outcome.reason, outcome.detail)
            entry = {"kind": "action", "by": ctx.actor.user_id, "seat": seat, "action": action,
                     "events": events, "draws": rng.draws}
            return new, [entry], events

        return await self.update(target_id, change, loaded=loaded)

    async def set_panel(self, match_id: str, message_id: int) -> int | None:
        """Remember the message that is the match's turn panel; returns the panel whose buttons are stale now (the
        previous one, or this one when a later panel was recorded first: ``Store.set_panel``)."""
        return await self.store.set_panel(match_id, message_id)

    # ending -----------------------------------------------------------------
    async def ask_concede(self, ctx: Context, match_id: str | None = None) -> Reply:
        """``/match concede`` asks once: what conceding does, with a button only the caller may press
        (``m:concede:<match>:<user>``, ``Play.press``), at any step of any game, set-up included.

        :raises IllegalAction: core.table.concede_not_offered (as ``concede``)
        """
        match = await self.match_for(ctx, match_id)
        self._seated(match, ctx.actor)
        self._require(match, Status.ACTIVE)
        if len(match.seats) > 2 and getattr(systems.find_system(match.game), "concede", None) is None:
            raise IllegalAction("core.table.concede_not_offered", game=systems.find_info(match.game).name)
        others = [h for h in match.seats if h.user_id != ctx.actor.user_id]
        text = (ctx.say("match.concede_confirm", match=match.id, winner=mentions(others)) if len(others) == 1
                else ctx.say("match.concede_confirm_many", match=match.id))
        return Reply(content=text, ephemeral=True, buttons=[
            Button(f"m:concede:{match.id}:{ctx.actor.user_id}", ctx.say("match.button_concede"), "danger")])

    async def ask_abandon(self, ctx: Context, match_id: str | None = None) -> Reply:
        """``/match abandon`` asks once, with a button only the caller may press (``m:abandon:<match>:<user>``).

        :raises NotAllowed: core.abandon_not_allowed
        :raises IllegalAction: core.abandon_already_asked, and a match not being played
        """
        match = await self.match_for(ctx, match_id)
        self._require(match, Status.ACTIVE, Status.INVITED)
        seat = match.seat_of(ctx.actor.user_id)
        if seat is None and not ctx.actor.moderator:
            raise NotAllowed("core.abandon_not_allowed")
        if seat in match.abandon_requests and not ctx.actor.moderator:
            raise IllegalAction("core.abandon_already_asked")
        return Reply(content=ctx.say("match.abandon_confirm", match=match.id), ephemeral=True, buttons=[
            Button(f"m:abandon:{match.id}:{ctx.actor.user_id}", ctx.say("match.button_abandon_confirm"), "danger")])

    async def concede(self, ctx: Context, match_id: str | None = None) -> Reply:
        """The caller concedes. Between two players the other one wins; among more, the caller's seat is
        out and the game says what follows (its ``concede`` hook: the game goes on, or its outcome).

        :raises IllegalAction: core.table.concede_not_offered (more than two players, a game without the hook)
        """
        target_id = await self.match_id_for(ctx, match_id)

        def change(match: Match):
            seat = self._seated(match, ctx.actor)
            self._require(match, Status.ACTIVE)
            entry = {"kind": "lifecycle", "by": ctx.actor.user_id, "seat": seat}
            if len(match.seats) == 2:
                winner = next(h.seat for h in match.seats if h.seat != seat)
                new = self._finish(match, Status.FINISHED, winner, "concede")
                return new, [{**entry, "event": "MatchConceded"}], winner
            system = systems.find_system(match.game)
            hook = getattr(system, "concede", None)  # the optional systems.Concedes
            if hook is None:
                raise IllegalAction("core.table.concede_not_offered", game=systems.find_info(match.game).name)
            after = hook(match.state, seat)
            outcome = after if isinstance(after, systems.Outcome) else system.outcome(after)
            new = match if isinstance(after, systems.Outcome) else match.model_copy(
                update={"state": after, "undo_request": None})
            if outcome is not None:
                new = self._finish(new, Status.FINISHED, outcome.winner, "concede", outcome.detail)
            return new, [{**entry, "event": "SeatConceded"}], None if outcome is None else outcome.winner

        match, winner = await self.update(target_id, change)
        player = f"<@{ctx.actor.user_id}>"
        if match.status is Status.ACTIVE:  # among several players, the others play on
            return await self.present(ctx, match, ctx.say("match.seat_conceded", player=player))
        text = (ctx.say("match.conceded", player=player, winner=match.holder(winner).mention, seed=match.seed)
                if winner else ctx.say("match.conceded_no_winner", player=player, seed=match.seed))
        return Reply(content=text, embeds=[self.status_embed(match, ctx.lang)], panel=match.id)  # the last panel's choices go

    async def abandon(self, ctx: Context, match_id: str | None = None) -> Reply:
        """Abandon a match: every player must ask, or one moderator."""
        target_id = await self.match_id_for(ctx, match_id)

        def change(match: Match):
            self._require(match, Status.ACTIVE, Status.INVITED)
            seat = match.seat_of(ctx.actor.user_id)
            if seat is None and not ctx.actor.moderator:
                raise NotAllowed("core.abandon_not_allowed")
            asked = sorted(set(match.abandon_requests) | ({seat} if seat else set()))
            entry = {"kind": "lifecycle", "by": ctx.actor.user_id, "seat": seat}
            if ctx.actor.moderator or len(asked) == len(match.seats):
                new = self._finish(match, Status.ABANDONED, None, "abandon")
                return new, [{**entry, "event": "MatchAbandoned"}], "abandoned"
            if seat in match.abandon_requests:
                raise IllegalAction("core.abandon_already_asked")
            new = match.model_copy(update={"abandon_requests": asked})
            return new, [{**entry, "event": "AbandonRequested"}], "asked"

        match, what = await self.update(target_id, change)
        if what == "abandoned":
            return Reply(content=ctx.say("match.abandoned", match=match.id, seed=match.seed), panel=match.id)
        others = [h for h in match.seats if h.seat not in match.abandon_requests]
        return Reply(content=ctx.say("match.abandon_asked" if len(others) == 1 else "match.abandon_asked_many",
                                     player=f"<@{ctx.actor.user_id}>", match=match.id, other=mentions(others)),
                     buttons=[Button(f"m:abandon:{match.id}", ctx.say("match.button_abandon"), "danger")],
                     mentions=[h.user_id for h in others])


def mentions(holders: Iterable[SeatHolder]) -> str:
    """Players as Discord mentions, in seat order: ``<@1>, <@2>``."""
    return ", ".join(h.mention for h in holders)


def rivals(match: Match, user_id: int) -> str:
    """Whom ``user_id`` plays against in a match, by name: ``A, B`` (their own name if they play alone)."""
    others = [h for h in match.seats if h.user_id != user_id] or match.seats[:1]
    return ", ".join(safe(h.name) for h in others)


class Narrator:
    """The match log in players' words, one entry at a time: what each player did and what came of it, as the
    game's presenter tells it (the public post's headline and event lines), with only what ``viewer`` may see."""

    def __init__(self, match: Match, viewer: str | None, ctx: Context, scene: Scene | None = None) -> None:
        """``scene``: the match as the presenter reads its names (default: its state now, as ``viewer`` sees it;
        a replay's caption gives the state of its step)."""
        from table.presenter import find_presenter

        self.match, self.viewer, self.ctx = match, viewer, ctx
        self.presenter = find_presenter(match.game)
        self.system = systems.find_system(match.game)
        self.scene = scene if scene is not None else self._scene(match.state)

    def _scene(self, state: Any) -> Any:
        from table.presenter import Scene

        view = self.system.view(state, self.viewer) if state is not None else {}
        return Scene(view, {h.seat: h.name for h in self.match.seats}, lang=self.ctx.lang, viewer=self.viewer,
                     match_id=self.match.id)

    def entry(self, entry: dict[str, Any], before: Any = None, after: Any = None) -> str:
        """One entry in words; ``before`` and ``after``: the game state around it (None: the match's last)."""
        from table.presenter import announcement

        who = next((safe(h.name) for h in self.match.seats if h.user_id == entry.get("by")), None)
        head = f"`#{entry.get('n')}` "
        if entry.get("kind") == "lifecycle":
            return head + self.ctx.say(f"log.{entry.get('event')}", player=who or self.ctx.say("log.moderator"))
        if entry.get("kind") == "roll":
            visible = entry.get("visible_to")
            text = entry.get("text") if visible is None or self.viewer in visible else self.ctx.say("log.secret_roll")
            return head + f"**{who or self.ctx.say('log.moderator')}**: {text}"
        seat = next((h.seat for h in self.match.seats if h.user_id == entry.get("by")), "")
        events = entry.get("events") or []
        seen = [e for e in events if e.get("visible_to") is None or self.viewer in e["visible_to"]]
        chosen_in = self._scene(before) if before is not None else self.scene
        lines = [announcement(self.presenter, chosen_in, seat, entry.get("action") or {}, events)]
        lines += self.presenter.event_lines(self._scene(after) if after is not None else self.scene, seen)
        told = " ".join(line for line in lines if line)
        return head + (told or self.ctx.say("log.secret_action", player=who or self.ctx.say("log.moderator")))
