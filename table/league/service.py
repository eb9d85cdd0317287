"""Leagues at the table, for Discord and the local table alike: each command loads the league's log,
builds the new events, checks them by applying them (engine.league.log), and saves by compare-and-set,
recomputing on a conflict. Standings and ratings are always recomputed from the log.
"""
from __future__ import annotations

import secrets
from datetime import date
from typing import Any, Callable

from pydantic import ValidationError

from engine.core import system as systems
from engine.core.errors import GameError, IllegalAction, InvalidInput, NotAllowed, NotFound
from engine.league import roundrobin, swiss, times
from engine.league.config import MID_SEASON, ByeCredit, LeagueConfig, Pairing, Points, parse_tiebreakers
from engine.league.log import Event, Game, GameStatus, League, apply
from engine.league.ratings import ratings
from engine.league.results import Result, claimed, parse_pair
from engine.league.rolloff import commitment
from engine.league.standings import Line, standings
from table.context import Actor, Context, safe
from table.i18n import message
from table.league import present
from table.league.registry import league_game, list_check, problem_lines
from table.league.store import LeagueStore, StaleLeague, Stored
from table.leases import Leases
from table.lifecycle import Table
from table.match import Match, Status
from table.packs import PackCommands, PackStore
from table.reply import Button, Embed, Field, File, Reply

MAX_RETRIES = 50
MAX_LIST_CHARS = 20_000
DAY = 86400.0
HOUR = 3600.0


def _today(clock: float, tz: str = "UTC") -> date:
    """The calendar day it is in the zone ``tz``."""
    return times.local_date(clock, times.zone(tz))


def _date(text: str | None, default: date, what: str) -> date:
    if not text:
        return default
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        raise InvalidInput("league.bad_date", what=what, value=text[:20]) from None


def _deadline(text: str, tz: str, now: float) -> float:
    """A round's new deadline as the organiser typed it, in the league's time zone ``tz``: ``Sunday 23:59``,
    ``2027-03-28`` (23:59 that day), ``2027-03-28 18:00`` (``engine.league.times.parse_deadline``).

    :raises InvalidInput: league.bad_deadline
    """
    try:
        return times.parse_deadline(text, times.zone(tz), now)
    except ValueError:
        raise InvalidInput("league.bad_deadline", value=text[:30], timezone=tz) from None


def _zone(text: str | None) -> str:
    """An IANA time zone's name as typed (``Europe/Madrid``); UTC when none is given.

    :raises InvalidInput: league.bad_timezone
    """
    name = (text or "").strip() or "UTC"
    try:
        times.zone(name)
    except ValueError:
        raise InvalidInput("league.bad_timezone", value=name[:40]) from None
    return name


def when(ts: float, league: League, style: str = "f") -> str:
    """A deadline for every reader (a Discord timestamp, shown in each one's own time) and in the league's zone:
    ``<t:…:f> (Sun 2027-03-28 23:59 CEST)``."""
    return f"<t:{int(ts)}:{style}> ({times.shown(ts, times.zone(league.config.timezone))})"


def next_due(league: League) -> float | None:
    """When the poller should next look at the league: a claim to auto-confirm, the reminder, the deadline."""
    times = [g.claimed_at + league.config.confirm_hours * HOUR for g in league.games.values()
             if g.status is GameStatus.CLAIMED and g.claimed_at is not None]
    current = league.current
    if current and not current.closed and not league.closed:
        pending = any(g.status is GameStatus.PENDING for g in league.games_of(current.number))
        if pending and league.config.remind_hours and not current.reminded:
            times.append(current.deadline - league.config.remind_hours * HOUR)
        if pending:
            times.append(current.deadline)
    return min(times) if times else None


class Leagues:
    """The ``/league`` commands, the bot-match listener and the deadline poller."""

    def __init__(self, store: LeagueStore, table: Table, packs: PackCommands | None = None) -> None:
        self.store = store
        self.table = table
        self.packs = packs or PackCommands(PackStore(store.redis, prefix=store.prefix, clock=table.clock))
        """The server's data packs: a league may name one (``/league create ... pack:``)."""
        table.finished_listeners.append(self.match_finished)
        self.leases = Leases(store.redis, prefix=store.prefix)
        """Claims on each league's due work, so one bot process of many applies and announces it."""
        self.outbox: list[tuple[int, Reply]] = []
        """Announcements made outside a command (a round a bot match completed), posted with the next ``due``."""

    # plumbing ---------------------------------------------------------------------------------------------------
    def seed(self, league_id: str) -> str:
        """The league's roll-off seed (secret until the league closes)."""
        return self.table.seed(f"league-{league_id}").hex()

    async def find(self, ctx: Context, league_id: str | None) -> Stored:
        """The league named, or the server's only open league.

        :raises NotFound: league.not_found, league.none_here
        :raises IllegalAction: league.which
        """
        if league_id:
            league_id = league_id.strip().lower()
            if league_id not in await self.store.ids(ctx.guild_id):
                raise NotFound("league.not_found", league=safe(league_id, 20))
            return await self.store.load(league_id)
        open_ = [s for s in [await self.store.load(i) for i in await self.store.ids(ctx.guild_id)]
                 if not s.league.closed]
        if not open_:
            raise NotFound("league.none_here")
        if len(open_) > 1:
            raise IllegalAction("league.which", leagues=", ".join(f"`{s.id}`" for s in open_))
        return open_[0]

    def _stamp(self, ctx: Context | None, event: Event) -> Event:
        by = {"by": ctx.actor.user_id, "moderator": ctx.actor.moderator} if ctx else {"by": 0}
        return {"at": self.table.clock(), **by, **event}

    async def update(self, league_id: str, make: Callable[[League], list[Event]],
                     guild_id: int | None = None) -> tuple[League, list[Event]]:
        """Append the events ``make`` builds from the current league, by compare-and-set (rebuilt on a conflict),
        and the next round's pairings when they complete the current round (``_next_round``).

        :raises GameError: league.busy, and whatever ``make`` or the events' rules refuse
        """
        for _ in range(MAX_RETRIES):
            stored = await self.store.load(league_id)
            events = make(stored.league)
            league = stored.league
            for event in events:
                league = apply(league, event)
            following = self._next_round(league)
            if following is not None:  # saved with the result that completed the round: one process pairs it
                league = apply(league, following)
                events = [*events, following]
            try:
                await self.store.save(stored, events, guild_id)
            except StaleLeague:
                continue
            await self.store.arm(league_id, next_due(league))
            return league, events
        raise GameError("league.busy", league=league_id)

    def _organiser(self, ctx: Context, league: League) -> None:
        if not (ctx.actor.moderator or ctx.actor.user_id == league.organiser):
            raise NotAllowed("league.organiser_only")

    # creating and joining ---------------------------------------------------------------------------------------
    async def create(self, ctx: Context, name: str, game: str, format: str, *, starts: str | None = None,
                     ends: str | None = None, pairing: str = "swiss", round_days: int = 7, points: str = "3/1/0",
                     tiebreakers: str | None = None, bye_games: int | None = None,
                     bye_score: int | None = None, confirm_hours: int = 48, pack: str | None = None,
                     timezone: str | None = None) -> Reply:
        """``/league create`` (moderators): a league for one game and format, with one of the server's data
        packs if ``pack`` names one (the league keeps a copy of it, as a match does). ``tiebreakers`` names them
        in order (``"losses, score, roll"``); without it the game's organised-play preset applies. ``timezone``
        (IANA, ``Europe/Madrid``; UTC by default) is where its days and deadlines are read and shown.

        :raises NotAllowed: league.moderators_create
        :raises InvalidInput: league.bad_date, league.bad_points, league.bad_tiebreakers, league.bad_settings,
            league.bad_timezone
        :raises NotFound: league.no_league_game, league.unknown_format, core.unknown_system, pack.not_found
        :raises IllegalAction: pack.wrong_game
        """
        if not ctx.actor.moderator:
            raise NotAllowed("league.moderators_create")
        info = systems.find_info(game)
        registered = league_game(info.key)
        list_check(info.key, format.strip().lower())
        tz = _zone(timezone)
        today = _today(self.table.clock(), tz)
        start = _date(starts, today, "starts")
        try:
            win, draw, loss = (int(x) for x in points.replace("-", "/").split("/"))
        except ValueError:
            raise InvalidInput("league.bad_points", value=points[:20]) from None
        try:
            order = parse_tiebreakers(tiebreakers) if (tiebreakers or "").strip() else registered.tiebreakers
        except ValueError:
            raise InvalidInput("league.bad_tiebreakers", value=(tiebreakers or "")[:40]) from None
        bye = ByeCredit(games=bye_games if bye_games is not None else registered.bye.games,
                        score=bye_score if bye_score is not None else registered.bye.score)
        try:
            config = LeagueConfig(name=name.strip(), game=info.key, format=format.strip().lower(),
                                  pairing=Pairing(pairing), starts=start,
                                  ends=_date(ends, date.fromordinal(start.toordinal() + 56), "ends"),
                                  round_days=round_days, points=Points(win=win, draw=draw, loss=loss),
                                  tiebreakers=order, bye=bye, confirm_hours=confirm_hours, timezone=tz)
        except (ValidationError, ValueError) as exc:
            problem = exc.errors()[0]["msg"] if isinstance(exc, ValidationError) else str(exc)
            raise InvalidInput("league.bad_settings", problem=problem[:200]) from None
        options, unknown = await self.packs.match_options(ctx, info.key, (pack or "").strip() or None)
        league_id = secrets.token_hex(3)
        event = self._stamp(ctx, {"type": "LeagueCreated", "league": league_id, "config": config.model_dump(mode="json"),
                                  "seed_hash": commitment(self.seed(league_id)), "channel": ctx.channel_id,
                                  "lang": ctx.lang, "pack": options.get("pack")})
        league = apply(None, event)
        await self.store.save(Stored(league_id, 0, []), [event], ctx.guild_id)
        return Reply(content=ctx.say("league.created", league=league_id, name=safe(config.name), game=info.name,
                                     format=config.format, pairing=config.pairing.value, starts=config.starts,
                                     ends=config.ends, days=config.round_days,
                                     points=f"{win}/{draw}/{loss}",
                                     tiebreakers=" > ".join(t.value for t in league.config.tiebreakers),
                                     bye=f"{bye.games}-0 +{bye.score}", commitment=league.seed_hash[:16],
                                     timezone=config.timezone)
                     + self._pack_line(ctx, league, unknown))

    @staticmethod
    def _pack_line(ctx: Context, league: League, unknown: list[str] | None = None) -> str:
        """The league's pack in words (nothing without one)."""
        if not league.pack:
            return ""
        text = "\n" + ctx.say("league.uses_pack", pack=league.pack["id"], name=safe(league.pack["name"]),
                               version=safe(league.pack["version"], 32))
        if unknown:
            text += "\n" + ctx.say("league.pack_unknowns", count=len(unknown))
        return text

    async def join(self, ctx: Context, league_id: str | None, list_text: str) -> Reply:
        """``/league join``: register with a list, checked for the league's format (one message per problem).

        :raises InvalidInput: league.no_list, league.list_too_long, league.list_refused
        """
        stored = await self.find(ctx, league_id)
        config = stored.league.config
        text = (list_text or "").strip()
        if not text:
            raise InvalidInput("league.no_list")
        if len(text) > MAX_LIST_CHARS:
            raise InvalidInput("league.list_too_long", limit=MAX_LIST_CHARS)
        problems = list_check(config.game, config.format, stored.league.pack)(text)
        if problems:
            raise InvalidInput("league.list_refused", format=config.format, problems=problem_lines(problems, ctx.say),
                               codes=[p["code"] for p in problems])
        event = self._stamp(ctx, {"type": "PlayerJoined", "user": ctx.actor.user_id, "name": ctx.actor.name[:40],
                                  "list": text})
        await self.update(stored.id, lambda league: [event], ctx.guild_id)
        describe = league_game(config.game).describe
        summary = describe(text, stored.league.pack) if describe else ""
        return Reply(content=ctx.say("league.joined", player=f"<@{ctx.actor.user_id}>", name=safe(config.name),
                                     league=stored.id, summary=safe(summary, 80) or "—"))

    async def drop(self, ctx: Context, league_id: str | None, user: Actor | None = None) -> Reply:
        """``/league drop``: leave the league (the organiser may drop anyone); past results stay."""
        stored = await self.find(ctx, league_id)
        target = user.user_id if user else ctx.actor.user_id
        await self.update(stored.id, lambda league: [self._stamp(ctx, {"type": "PlayerDropped", "user": target})],
                          ctx.guild_id)
        return Reply(content=ctx.say("league.dropped", player=f"<@{target}>", league=stored.id))

    async def publish(self, ctx: Context, league_id: str | None) -> Reply:
        """``/league publish`` (organiser): everyone may now see every list."""
        stored = await self.find(ctx, league_id)
        self._organiser(ctx, stored.league)
        await self.update(stored.id, lambda league: [self._stamp(ctx, {"type": "ListsPublished"})], ctx.guild_id)
        return Reply(content=ctx.say("league.published", league=stored.id))

    async def lists(self, ctx: Context, league_id: str | None) -> Reply:
        """The registered lists: everyone's once published (or round 1 started), otherwise only one's own."""
        stored = await self.find(ctx, league_id)
        league = stored.league
        mine = ctx.actor.user_id
        seen = league.lists_visible() or ctx.actor.user_id == league.organiser or ctx.actor.moderator
        players = [p for p in league.players.values() if seen or p.user == mine]
        if not players:
            return Reply(content=ctx.say("league.lists_hidden"), ephemeral=True)
        body = "\n\n".join(f"**{safe(p.name)}**\n```\n{p.list_text[:900]}\n```" for p in players)
        note = "" if seen else ctx.say("league.lists_hidden")
        return Reply(content=note, embeds=[Embed(title=ctx.say("league.lists_title", name=safe(league.config.name)),
                                                 description=body[:4000])], ephemeral=True)

    # rounds -----------------------------------------------------------------------------------------------------
    def _pair(self, league: League) -> list[tuple[int, int | None]]:
        active = league.active_players
        if len(active) < 2:
            raise IllegalAction("league.too_few_players", count=len(active))
        number = len(league.rounds) + 1
        if league.config.pairing is Pairing.ROUND_ROBIN:
            order = sorted(league.players, key=lambda u: league.players[u].joined_at)
            plan = roundrobin.schedule(order)
            if number > len(plan):
                raise IllegalAction("league.no_more_rounds", rounds=len(plan))
            dropped = {u for u, p in league.players.items() if p.dropped}
            out: list[tuple[int, int | None]] = []
            for a, b in plan[number - 1]:
                live = [x for x in (a, b) if x is not None and x not in dropped]
                if live:
                    out.append((live[0], live[1] if len(live) > 1 else None))
            return out
        lines = [l for l in standings(league, self.seed(league.id)) if not l.dropped]
        met = {frozenset((g.a, g.b)) for g in league.games.values() if not g.bye}
        had_bye = {g.a for g in league.games.values() if g.bye}
        return swiss.pair([l.user for l in lines], {l.user: l.points for l in lines}, met, had_bye)

    async def start_round(self, ctx: Context, league_id: str | None) -> Reply:
        """``/league next`` (organiser): close the round (every result in) and pair the next one."""
        stored = await self.find(ctx, league_id)
        self._organiser(ctx, stored.league)

        league, events = await self.update(stored.id, lambda league: [self._stamp(ctx, self._round(league))],
                                           ctx.guild_id)
        number = events[0]["round"]
        return Reply(content=ctx.say("league.round_started", round=number, name=safe(league.config.name),
                                     deadline=when(events[0]["deadline"], league)) + "\n" + present.pairings_text(league, number, ctx.lang),
                     mentions=sorted(u for g in league.games_of(number) for u in (g.a, g.b) if u))

    def _round(self, league: League) -> Event:
        """The next round's ``RoundStarted``, paired now (its deadline ``round_days`` of the league's calendar days
        from now, at the same wall-clock time there).

        :raises IllegalAction: league.too_few_players, league.no_more_rounds
        """
        pairs = self._pair(league)
        number = len(league.rounds) + 1
        deadline = times.days_later(self.table.clock(), league.config.round_days, times.zone(league.config.timezone))
        return {"type": "RoundStarted", "round": number, "deadline": deadline,
                "pairings": [{"id": f"{number}.{i}", "a": a, "b": b} for i, (a, b) in enumerate(pairs, 1)]}

    def _next_round(self, league: League) -> Event | None:
        """The bot's ``RoundStarted`` when the league's rounds advance by themselves and the current round's last
        result is final (confirmed, settled, reported by a bot match, auto-confirmed or forfeited), while the new
        round's deadline falls within the season; None otherwise (nothing to pair: no more round-robin rounds,
        too few players)."""
        current = league.current
        if (league.closed or not league.config.auto_advance or current is None or current.closed
                or any(g.status not in (GameStatus.FINAL, GameStatus.VOID) for g in league.games_of(current.number))):
            return None
        tz = times.zone(league.config.timezone)
        if times.local_date(times.days_later(self.table.clock(), league.config.round_days, tz), tz) > league.config.ends:
            return None
        try:
            event = self._round(league)
        except IllegalAction:
            return None
        return {"at": self.table.clock(), "by": 0, "auto": True, **event}

    @staticmethod
    def _announce(league: League, events: list[Event], lang: str | None = None) -> Reply | None:
        """The announcement of a round the bot paired among ``events`` (None without one)."""
        started = next((e for e in events if e["type"] == "RoundStarted" and e.get("auto")), None)
        if started is None:
            return None
        number = started["round"]
        lang = lang or league.lang
        text = message("league.round_auto_started", lang, previous=number - 1, round=number,
                       name=safe(league.config.name), deadline=when(started["deadline"], league))
        return Reply(content=text + "\n" + present.pairings_text(league, number, lang),
                     mentions=sorted(u for g in league.games_of(number) for u in (g.a, g.b) if u))

    @classmethod
    def _with_round(cls, reply: Reply, league: League, events: list[Event], lang: str) -> Reply:
        """``reply``, followed by the announcement of the round its result let the bot pair (if it did)."""
        announced = cls._announce(league, events, lang)
        if announced is not None:
            reply.content += "\n\n" + announced.content
            reply.mentions = sorted(set(reply.mentions or []) | set(announced.mentions))
        return reply

    async def pairings(self, ctx: Context, league_id: str | None, round_number: int | None = None) -> Reply:
        """``/league pairings``: a round's pairings and where each result stands."""
        stored = await self.find(ctx, league_id)
        league = stored.league
        if not league.rounds:
            return Reply(content=ctx.say("league.no_rounds", league=stored.id), ephemeral=True)
        number = round_number or league.current.number
        if not 1 <= number <= len(league.rounds):
            raise NotFound("league.no_such_round", round=number, rounds=len(league.rounds))
        deadline = league.rounds[number - 1].deadline
        return Reply(embeds=[Embed(title=ctx.say("league.pairings_title", round=number, name=safe(league.config.name)),
                                   description=present.pairings_text(league, number, ctx.lang),
                                   footer=ctx.say("league.pairings_footer", league=stored.id),
                                   fields=[Field(ctx.say("league.deadline"), when(deadline, league))])])

    def _my_game(self, league: League, user: int, pairing: str | None) -> Game:
        if pairing:
            game = league.games.get(pairing.strip())
            if game is None:
                raise NotFound("league.no_such_pairing", pairing=safe(pairing, 10))
            return game
        game = league.game_of(user)
        if game is None:
            raise NotFound("league.not_paired")
        return game

    async def play(self, ctx: Context, league_id: str | None) -> Reply:
        """``/league play``: challenge your opponent of this round to a match here; its result reports itself."""
        stored = await self.find(ctx, league_id)
        league = stored.league
        game = self._my_game(league, ctx.actor.user_id, None)
        if game.bye:
            raise IllegalAction("league.you_have_the_bye")
        if game.status is GameStatus.FINAL:
            raise IllegalAction("league.result_exists", pairing=game.id, status=game.status.value)
        opponent = game.opponent(ctx.actor.user_id)
        options = self._match_options(league, [ctx.actor.user_id, opponent])
        reply = await self.table.new_match(ctx, league.config.game, Actor(opponent, league.players[opponent].name),
                                           options or None)
        reply.content += "\n" + ctx.say("league.play_counts", pairing=game.id, league=stored.id)
        if league_game(league.config.game).match_options:
            reply.content += "\n" + self._lists_line(ctx, league, [ctx.actor.user_id, opponent])
        if league.pack:
            reply.content += "\n" + ctx.say("pack.match_uses", pack=league.pack["id"],
                                             version=safe(league.pack["version"], 32))
        return reply

    @staticmethod
    def _match_options(league: League, users: list[int]) -> dict[str, Any]:
        """The options of a bot match between ``users`` (the challenger first, as seats are taken): the league's
        pack, and each seat's registered list when the game can start a match with it."""
        options: dict[str, Any] = {"pack": league.pack} if league.pack else {}
        registered = league_game(league.config.game)
        if registered.match_options:
            seats = systems.find_info(league.config.game).seats_for(len(users))
            lists = {seat: league.players[u].list_text for seat, u in zip(seats, users)}
            options |= registered.match_options(league.config.format, lists, league.pack)
        return options

    @staticmethod
    def _lists_line(ctx: Context, league: League, users: list[int]) -> str:
        """The match plays the registered lists; their summaries only once the organiser published the lists
        (before that a list stays its player's secret, as a pre-game choice in the match would)."""
        if not league.lists_published:
            return ctx.say("league.play_lists")
        describe = league_game(league.config.game).describe
        shown = "; ".join(f"{present.who(u)}: {safe(describe(league.players[u].list_text, league.pack), 80)}"
                          for u in users) if describe else "—"
        return ctx.say("league.play_lists_public", lists=shown)

    # results ----------------------------------------------------------------------------------------------------
    def _buttons(self, ctx: Context, league_id: str, pairing: str) -> list[Button]:
        return [Button(f"l:confirm:{league_id}:{pairing}", ctx.say("league.button_confirm"), "success"),
                Button(f"l:dispute:{league_id}:{pairing}", ctx.say("league.button_dispute"), "danger")]

    async def report(self, ctx: Context, league_id: str | None, outcome: str, games: str | None = None,
                     score: str | None = None, pairing: str | None = None) -> Reply:
        """``/league report``: claim the result of a game played elsewhere; the opponent confirms or disputes.

        When the opponent already claimed the same result, this confirms it.

        :raises IllegalAction: league.claim_differs, league.result_exists
        """
        stored = await self.find(ctx, league_id)
        told = claimed(outcome, games, score)
        me = ctx.actor.user_id

        def make(league: League) -> list[Event]:
            game = self._my_game(league, me, pairing)
            if game.status is GameStatus.CLAIMED and game.claim_by not in (None, me):
                mine = game.claim if game.side(me) == "a" else game.claim.swapped()
                if mine != told:
                    raise IllegalAction("league.claim_differs", pairing=game.id, claimed=mine.text())
                return [self._stamp(ctx, {"type": "ResultConfirmed", "pairing": game.id})]
            return [self._stamp(ctx, {"type": "ResultClaimed", "pairing": game.id, "result": told.to_json()})]

        league, events = await self.update(stored.id, make, ctx.guild_id)
        game = league.games[events[0]["pairing"]]
        if events[0]["type"] == "ResultConfirmed":
            return self._with_round(Reply(content=ctx.say("league.confirmed", pairing=game.id,
                                                          result=game.result.text(), a=present.who(game.a),
                                                          b=present.who(game.b))), league, events, ctx.lang)
        opponent = game.opponent(me)
        hours = league.config.confirm_hours
        return Reply(content=ctx.say("league.claimed", player=f"<@{me}>", opponent=f"<@{opponent}>",
                                     pairing=game.id, result=told.text(), hours=hours),
                     buttons=self._buttons(ctx, stored.id, game.id), mentions=[opponent])

    async def confirm(self, ctx: Context, league_id: str | None, pairing: str | None = None) -> Reply:
        """The opponent confirms a claimed result: it is final."""
        stored = await self.find(ctx, league_id)

        def make(league: League) -> list[Event]:
            game = self._my_game(league, ctx.actor.user_id, pairing)
            return [self._stamp(ctx, {"type": "ResultConfirmed", "pairing": game.id})]

        league, events = await self.update(stored.id, make, ctx.guild_id)
        game = league.games[events[0]["pairing"]]
        return self._with_round(Reply(content=ctx.say("league.confirmed", pairing=game.id, result=game.result.text(),
                                                      a=present.who(game.a), b=present.who(game.b)), retire=True),
                                league, events, ctx.lang)

    async def dispute(self, ctx: Context, league_id: str | None, pairing: str | None = None, reason: str = "") -> Reply:
        """The opponent disputes a claimed result: the organiser settles it."""
        stored = await self.find(ctx, league_id)

        def make(league: League) -> list[Event]:
            game = self._my_game(league, ctx.actor.user_id, pairing)
            return [self._stamp(ctx, {"type": "ResultDisputed", "pairing": game.id, "reason": reason[:200]})]

        league, events = await self.update(stored.id, make, ctx.guild_id)
        return Reply(content=ctx.say("league.disputed", pairing=events[0]["pairing"], player=f"<@{ctx.actor.user_id}>",
                                     organiser=f"<@{league.organiser}>", league=stored.id),
                     mentions=[league.organiser], retire=True)

    async def settle(self, ctx: Context, league_id: str | None, pairing: str, games: str,
                     score: str | None = None) -> Reply:
        """``/league settle`` (organiser): set any pairing's result (a dispute, an edit, a forfeit overturned).
        ``games`` and ``score`` are told from the pairing's first player."""
        stored = await self.find(ctx, league_id)
        self._organiser(ctx, stored.league)
        ga, gb = parse_pair(games, "games")
        sa, sb = parse_pair(score, "score") if score else (0, 0)
        result = Result(ga, gb, sa, sb)
        league, events = await self.update(stored.id, lambda league: [self._stamp(ctx, {
            "type": "ResultSettled", "pairing": pairing.strip(), "result": result.to_json()})], ctx.guild_id)
        game = league.games[pairing.strip()]
        return self._with_round(Reply(content=ctx.say("league.settled", pairing=game.id, result=result.text(),
                                                      a=present.who(game.a), b=present.who(game.b))),
                                league, events, ctx.lang)

    async def void(self, ctx: Context, league_id: str | None, pairing: str) -> Reply:
        """``/league void`` (organiser): strike a pairing's result out (the pairing still counts as played)."""
        stored = await self.find(ctx, league_id)
        self._organiser(ctx, stored.league)
        league, events = await self.update(stored.id, lambda league: [self._stamp(ctx, {
            "type": "ResultVoided", "pairing": pairing.strip()})], ctx.guild_id)
        return self._with_round(Reply(content=ctx.say("league.voided", pairing=pairing.strip())), league, events,
                                ctx.lang)

    async def press(self, ctx: Context, custom_id: str) -> Reply:
        """A league button: ``l:confirm:<league>:<pairing>`` or ``l:dispute:<league>:<pairing>``.

        :raises NotFound: core.unknown_button
        """
        parts = custom_id.split(":")
        if len(parts) == 4 and parts[0] == "l":
            if parts[1] == "confirm":
                return await self.confirm(ctx, parts[2], parts[3])
            if parts[1] == "dispute":
                return await self.dispute(ctx, parts[2], parts[3])
        raise NotFound("core.unknown_button")

    # reading ----------------------------------------------------------------------------------------------------
    def lines(self, league: League) -> list[Line]:
        return standings(league, self.seed(league.id))

    async def standings(self, ctx: Context, league_id: str | None, image: bool = True) -> Reply:
        """``/league standings``: the table as an embed, and as a picture."""
        stored = await self.find(ctx, league_id)
        league = stored.league
        lines = self.lines(league)
        if not lines:
            return Reply(content=ctx.say("league.no_players", league=stored.id), ephemeral=True)
        title = ctx.say("league.standings_title", name=league.config.name, rounds=len(league.rounds))
        tiebreakers = league.config.tiebreakers
        embed = Embed(title=safe(title), description=present.standings_text(lines, tiebreakers),
                      footer=ctx.say("league.standings_footer", tiebreakers=" > ".join(
                          t.value for t in league.config.tiebreakers), commitment=league.seed_hash[:16]))
        reply = Reply(embeds=[embed])
        if image:
            reply.files.append(File("standings.png", present.standings_png(title, lines, tiebreakers)))
            embed.image = "standings.png"
        return reply

    async def history(self, ctx: Context, league_id: str | None, user: Actor | None = None) -> Reply:
        """``/league history``: one player's pairings and results, and their rating in this game."""
        stored = await self.find(ctx, league_id)
        league = stored.league
        target = user.user_id if user else ctx.actor.user_id
        if target not in league.players:
            raise NotFound("league.not_a_player")
        games = sorted((g for g in league.games.values() if g.side(target)), key=lambda g: g.round)
        text = "\n".join(present.game_line(g, ctx.lang) for g in games) or ctx.say("league.no_games_yet")
        rating = (await self.ratings_of(ctx.guild_id, league.config.game)).get(target)
        rated = (ctx.say("league.rating_line", mu=f"{rating.mu:.1f}", sigma=f"{rating.sigma:.1f}",
                         ordinal=f"{rating.ordinal:.1f}", games=rating.games) if rating else ctx.say("league.unrated"))
        return Reply(embeds=[Embed(title=ctx.say("league.history_title", name=safe(league.players[target].name),
                                                 league=safe(league.config.name)),
                                   description=text, fields=[Field(ctx.say("league.rating"), rated)])])

    async def ratings_of(self, guild_id: int | None, game: str) -> dict[int, Any]:
        """Every player's rating in ``game`` on this server: each final played result of every league of that
        game, in the order the leagues were created and the results became final."""
        played = []
        for league_id in await self.store.ids(guild_id):
            league = (await self.store.load(league_id)).league
            if league.config.game != game:
                continue
            played += [(league.created_at, g.final_seq, g.a, g.b, g.result) for g in league.games.values()
                       if g.status is GameStatus.FINAL and not g.bye and g.result is not None]
        played.sort(key=lambda p: (p[0], p[1]))
        return ratings((a, b, r) for _, _, a, b, r in played)

    async def ratings(self, ctx: Context, game: str) -> Reply:
        """``/league ratings``: the server's ratings in one game (mu ± sigma; ordered by mu - 3 sigma)."""
        info = systems.find_info(game)
        rated = sorted((await self.ratings_of(ctx.guild_id, info.key)).values(), key=lambda r: -r.ordinal)
        if not rated:
            return Reply(content=ctx.say("league.no_ratings", game=info.name), ephemeral=True)
        lines = [ctx.say("league.rating_row", rank=i, player=present.who(r.user), mu=f"{r.mu:.1f}",
                         sigma=f"{r.sigma:.1f}", ordinal=f"{r.ordinal:.1f}", games=r.games)
                 for i, r in enumerate(rated[:25], 1)]
        return Reply(embeds=[Embed(title=ctx.say("league.ratings_title", game=info.name), description="\n".join(lines))])

    async def export(self, ctx: Context, league_id: str | None) -> Reply:
        """``/league export``: results and standings as CSV files (only the caller sees them)."""
        stored = await self.find(ctx, league_id)
        league = stored.league
        return Reply(content=ctx.say("league.exported", league=stored.id),
                     files=[File(f"league-{stored.id}-results.csv", present.results_csv(league)),
                            File(f"league-{stored.id}-standings.csv", present.standings_csv(self.lines(league)))],
                     ephemeral=True)

    async def audit(self, ctx: Context, league_id: str | None, last: int = 20) -> Reply:
        """``/league log``: the last changes, each with who made it."""
        stored = await self.find(ctx, league_id)
        start = max(0, len(stored.events) - last)
        lines = [present.event_line(i + 1, e, ctx.lang) for i, e in enumerate(stored.events[start:], start)]
        return Reply(embeds=[Embed(title=ctx.say("league.log_title", league=stored.id),
                                   description="\n".join(lines)[-4000:])], ephemeral=True)

    async def info(self, ctx: Context, league_id: str | None) -> Reply:
        """``/league info``: the league's settings."""
        stored = await self.find(ctx, league_id)
        league = stored.league
        c = league.config
        text = ctx.say("league.info", league=stored.id, name=safe(c.name), game=systems.find_info(c.game).name,
                       format=c.format, pairing=c.pairing.value, starts=c.starts, ends=c.ends, days=c.round_days,
                       points=f"{c.points.win}/{c.points.draw}/{c.points.loss}",
                       tiebreakers=" > ".join(t.value for t in c.tiebreakers), bye=f"{c.bye.games}-0 +{c.bye.score}",
                       players=len(league.active_players), rounds=len(league.rounds), organiser=present.who(league.organiser),
                       commitment=league.seed_hash, hours=c.confirm_hours, timezone=c.timezone) + self._pack_line(ctx, league)
        text += "\n" + ctx.say("league.info_auto_on" if c.auto_advance else "league.info_auto_off")
        if league.seed:
            text += "\n" + ctx.say("league.seed_revealed", seed=league.seed)
        return Reply(content=text, ephemeral=True)

    async def settings(self, ctx: Context, league_id: str | None, *, deadline: str | None = None,
                       **changes: Any) -> Reply:
        """``/league settings`` (organiser): change settings mid-season (``MID_SEASON``: name, last day, round
        length, claim and reminder hours, whether rounds advance by themselves, time zone) and/or move the current
        round's deadline, typed in the league's time zone (the new one if it changes too): ``Sunday 23:59``,
        ``YYYY-MM-DD`` (23:59 that day) or ``YYYY-MM-DD HH:MM``. Any other setting (game, format, pairing system,
        points...) is refused: it shapes the rounds already played.

        :raises InvalidInput: league.no_settings, league.bad_date, league.bad_deadline, league.bad_timezone,
            league.bad_settings
        :raises IllegalAction: league.setting_fixed, league.no_open_round, league.deadline_passed
        """
        stored = await self.find(ctx, league_id)
        self._organiser(ctx, stored.league)
        changes = {k: v for k, v in changes.items() if v is not None}
        if "ends" in changes:
            changes["ends"] = _date(changes["ends"], stored.league.config.ends, "ends").isoformat()
        if "timezone" in changes:
            changes["timezone"] = _zone(changes["timezone"])
        if not changes and deadline is None:
            raise InvalidInput("league.no_settings", settings=", ".join(MID_SEASON))
        event: Event = {"type": "SettingsChanged", "settings": changes}
        if deadline is not None:
            event["deadline"] = _deadline(deadline, changes.get("timezone") or stored.league.config.timezone,
                                          self.table.clock())
        league, events = await self.update(stored.id, lambda league: [self._stamp(ctx, event)], ctx.guild_id)
        shown = [f"`{k}`: {safe(str(v), 60)}" for k, v in changes.items()]
        if deadline is not None:
            shown.append(f"{ctx.say('league.deadline')}: {when(event['deadline'], league)}")
        return self._with_round(Reply(content=ctx.say("league.settings_changed", league=stored.id,
                                                      changes="; ".join(shown))),
                                league, events, ctx.lang)

    async def close(self, ctx: Context, league_id: str | None) -> Reply:
        """``/league close`` (organiser): the season is over; the roll-off seed is revealed."""
        stored = await self.find(ctx, league_id)
        self._organiser(ctx, stored.league)
        seed = self.seed(stored.id)
        await self.update(stored.id, lambda league: [self._stamp(ctx, {"type": "LeagueClosed", "seed": seed})],
                          ctx.guild_id)
        await self.store.arm(stored.id, None)
        return Reply(content=ctx.say("league.closed_now", league=stored.id, seed=seed))

    async def choices(self, guild_id: int | None, current: str) -> list[tuple[str, str]]:
        """Autocomplete: (label, id) of the server's leagues."""
        out = []
        for league_id in await self.store.ids(guild_id):
            league = (await self.store.load(league_id)).league
            label = f"{league_id} · {league.config.name} ({league.config.game}, {league.config.format})"
            if current.lower() in label.lower():
                out.append((label[:100], league_id))
        return out[:25]

    # the bot's own matches --------------------------------------------------------------------------------------
    async def match_finished(self, match: Match) -> None:
        """A match the bot refereed ended: if its players are paired in an open league of its game (this round,
        no final result yet, the match created after the round started), its result is that pairing's result."""
        if match.status is not Status.FINISHED or not match.outcome or len(match.seats) != 2:
            return
        users = [h.user_id for h in match.seats]
        winner = match.outcome.get("winner")
        for league_id in await self.store.ids(match.guild_id):
            stored = await self.store.load(league_id)
            league = stored.league
            if league.closed or league.config.game != match.game or not league.current:
                continue
            game = league.game_of(users[0])
            if (game is None or game.opponent(users[0]) != users[1] or game.status is GameStatus.FINAL
                    or match.created_at < league.current.started_at):
                continue
            score = (match.outcome.get("detail") or {}).get("score") or {}
            seat_a = next(h.seat for h in match.seats if h.user_id == game.a)
            seat_b = next(h.seat for h in match.seats if h.user_id != game.a)
            sa, sb = int(score.get(seat_a, 0)), int(score.get(seat_b, 0))
            if winner is None:
                result = Result(1, 1, sa, sb)
            else:
                result = Result(1, 0, sa, sb) if winner == seat_a else Result(0, 1, sa, sb)
            event = {"type": "ResultRecorded", "at": self.table.clock(), "by": 0, "pairing": game.id,
                     "match": match.id, "result": result.to_json()}
            try:
                league, events = await self.update(league_id, lambda league, e=event: [e], match.guild_id)
            except GameError:
                continue
            announced = self._announce(league, events)
            if announced is not None and league.channel:  # posted by the poller (no reply to attach it to)
                self.outbox.append((league.channel, announced))

    # deadlines --------------------------------------------------------------------------------------------------
    def _due_events(self, league: League, now: float) -> tuple[list[Event], list[int]]:
        """What is due by ``now``: claims to auto-confirm, the reminder, forfeits; and whom to remind."""
        events: list[Event] = []
        for g in league.games.values():
            if g.status is GameStatus.CLAIMED and g.claimed_at + league.config.confirm_hours * HOUR <= now:
                events.append({"type": "ResultAutoConfirmed", "at": now, "by": 0, "pairing": g.id})
        remind: list[int] = []
        current = league.current
        if current and not current.closed and not league.closed:
            pending = [g for g in league.games_of(current.number) if g.status is GameStatus.PENDING]
            if now >= current.deadline:
                events += [{"type": "ResultForfeited", "at": now, "by": 0, "pairing": g.id} for g in pending]
            elif (pending and league.config.remind_hours and not current.reminded
                  and now >= current.deadline - league.config.remind_hours * HOUR):
                events.append({"type": "RoundReminded", "at": now, "by": 0, "round": current.number})
                remind = sorted(u for g in pending for u in (g.a, g.b) if u)
        return events, remind

    async def due(self, now: float | None = None) -> list[tuple[int, Reply]]:
        """Everything due in every league, applied; returns the announcements as (channel, reply)."""
        now = self.table.clock() if now is None else now
        posts, self.outbox = self.outbox, []
        for league_id in await self.store.due(now):
            found: dict[str, Any] = {}

            def make(league: League) -> list[Event]:
                found["events"], found["remind"] = self._due_events(league, now)
                return found["events"]
            # One process at a time (table/leases.py); the events are rebuilt from the league under the lease, so
            # what another process applied first is not due any more.
            async with self.leases.held("league", league_id) as lease:
                if lease is None:
                    continue
                try:
                    league, events = await self.update(league_id, make)
                except GameError:
                    await self.store.arm(league_id, None)
                    continue
            lines = []
            for e in events:
                if e["type"] == "ResultAutoConfirmed":
                    g = league.games[e["pairing"]]
                    lines.append(present_say(league, "league.auto_confirmed", pairing=g.id, result=g.result.text(),
                                             a=present.who(g.a), b=present.who(g.b)))
                elif e["type"] == "ResultForfeited":
                    g = league.games[e["pairing"]]
                    lines.append(present_say(league, "league.forfeited", pairing=g.id, a=present.who(g.a),
                                             b=present.who(g.b)))
                elif e["type"] == "RoundReminded":
                    lines.append(present_say(league, "league.reminder", round=e["round"],
                                             players=" ".join(present.who(u) for u in found["remind"]),
                                             deadline=when(league.current.deadline, league, "R"), league=league.id))
            if lines and league.channel:
                mentions = sorted({u for g in league.games.values() for u in (g.a, g.b) if u
                                   and any(g.id == e.get("pairing") for e in events)} | set(found["remind"]))
                posts.append((league.channel, Reply(content="\n".join(lines), mentions=mentions)))
            announced = self._announce(league, events)
            if announced is not None and league.channel:
                posts.append((league.channel, announced))
        return posts


def present_say(league: League, key: str, /, **params: Any) -> str:
    """A message in the league's language (positional-only: a message may have a ``league`` parameter too)."""
    return message(key, league.lang, **params)
