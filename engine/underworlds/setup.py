"""Deployment (§12): warbands and decks, boards, feature tokens, cards and redraw, fighters, roll-offs.

One ``setup`` frame at the bottom of the stack walks the stages in the rulebook's order. Choices are
actions (ChooseWarband, ChooseDeck, ChooseBoardPlayer, ChooseBoard, PlaceBoards, PlaceFeatureToken,
Redraw, ChooseFirstToDeploy, PlaceFighter); chance (shuffles, roll-offs) is drawn from the match rng.
The table may make the warband and deck choices beforehand (``new_state``'s options): a whole Rivals deck, or a deck
built for the Nemesis or Relic format (a league's registered list), checked here with that format's rules (§7).
With three or four players the multiplayer chapter's order applies (seed 000 lines 1554-1591): roll-off losers
choose and place the boards (PlaceExtraBoard for the third and fourth), 1-7 or 1-9 numbered tokens are dealt and
placed in play order, redraw and deployment go in play order.
When every fighter is placed the setup frame gives way to round 1 (``turns.py``).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from engine.core.errors import IllegalAction
from engine.core.rng import shuffled
from engine.underworlds import rules
from engine.underworlds.actions import (
    Action, ChooseBoard, ChooseBoardPlayer, ChooseDeck, ChooseFirstToDeploy, ChooseWarband, PlaceBoards,
    PlaceExtraBoard, PlaceFeatureToken, PlaceFighter, Redraw,
)
from engine.underworlds.battlefield import (
    Battlefield, BattlefieldSpec, Board, BoardPlacement, BoardSide, ExtraBoard, Join, JoinEdge, Orientation,
    boards_with,
)
from engine.underworlds.cards import DeckFormat, deck_cards, load_cards, load_rivals_decks, validate_deck
from engine.underworlds.feature_tokens import (
    FeatureSide, FeatureToken, deal_setup_tokens, place_setup_token, reveal_objectives, setup_hexes, setup_order,
    two_player_tokens,
)
from engine.underworlds.fighters import Warband, warbands_with
from engine.underworlds.flow import Ctx, bad_action, draw_cards, frame, pop, push
from engine.underworlds.joins import face_layouts
from engine.underworlds.roll_offs import roll_off, roll_off_loser
from engine.underworlds.state import OBJECTIVE_HAND, POWER_HAND, FighterState, PlayerState, State

JSON = dict[str, Any]


BUILT_FORMATS: tuple[str, ...] = (DeckFormat.NEMESIS.value, DeckFormat.RELIC.value)
"""Formats whose decks are built card by card (§7); in Rivals play a whole Rivals deck is chosen (``ChooseDeck``)."""


def new_state(options: JSON, seats: tuple[str, ...], ctx_rng: Any) -> State:
    """The state before deployment; ``options`` may pre-set by seat ``warbands``, ``decks`` (a whole Rivals deck's id)
    and ``built_decks`` (``{"format": "nemesis" | "relic", "objectives": [card id...], "power": [card id...]}``).

    :raises IllegalAction: uw.setup.* for an unknown or incomplete warband, a deck it may not use; uw.deck.illegal and
        uw.deck.unknown_card for a built deck
    """
    st = State(seats=list(seats), players={s: PlayerState(seat=s) for s in seats},
               pack_warbands=pack_warbands(options), pack_boards=pack_boards(options))
    push(st, "setup")
    for seat, warband in (options.get("warbands") or {}).items():
        _choose_warband(st, seat, warband)
    for seat, deck in (options.get("decks") or {}).items():
        _choose_deck(st, seat, deck)
    for seat, built in (options.get("built_decks") or {}).items():
        _build_deck(st, seat, built)
    return st


# -- warbands and decks (§12.1, §7) ---------------------------------------------------------------


def pack_warbands(options: JSON) -> list[Warband]:
    """The warbands of the match's data pack (``options["pack"]``, a copy kept by the match), if any."""
    pack = options.get("pack") or {}
    return [Warband.model_validate(w) for w in (pack.get("entries") or {}).get("warbands") or []]


def playable_warbands(st: State) -> list[str]:
    """Warbands whose every fighter value is known (the engine refuses the others), the pack's included."""
    return sorted(w.id for w in warbands_with(st.pack_warbands).values() if w.complete and w.edition.wintermaw_rules)


def _choose_warband(st: State, seat: str, warband: str) -> None:
    if seat not in st.players:
        raise IllegalAction("uw.setup.unknown_player", player=seat, players=", ".join(st.seats))
    known = warbands_with(st.pack_warbands)
    if warband not in known:
        raise IllegalAction("uw.setup.unknown_warband", warband=warband, warbands=", ".join(playable_warbands(st)))
    w = known[warband]
    if not w.complete or not w.edition.wintermaw_rules:
        missing = w.missing
        raise IllegalAction("uw.setup.warband_incomplete", warband=w.name, count=len(missing),
                            missing=", ".join(missing[:8]) + (" ..." if len(missing) > 8 else ""),
                            warbands=", ".join(playable_warbands(st)))
    st.players[seat].warband = warband
    deck = st.players[seat].deck
    # A built deck is never met here: it needs its warband chosen first, and a warband is chosen once.
    if deck is not None and deck not in BUILT_FORMATS and not _deck_allowed(st, warband, deck):
        st.players[seat].deck = None


def _deck_allowed(st: State, warband: str, deck: str) -> bool:
    d = load_rivals_decks()[deck]
    return d.universal or d.faction == warbands_with(st.pack_warbands)[warband].faction


def _choose_deck(st: State, seat: str, deck: str) -> None:
    if seat not in st.players:
        raise IllegalAction("uw.setup.unknown_player", player=seat, players=", ".join(st.seats))
    decks = load_rivals_decks()
    if deck not in decks:
        raise IllegalAction("uw.setup.unknown_deck", deck=deck, decks=", ".join(sorted(decks)))
    warband = st.players[seat].warband
    if warband is None:
        raise IllegalAction("uw.setup.warband_first")
    if not _deck_allowed(st, warband, deck):
        # §7 Rivals: a warband may not use another warband's own Rivals deck.
        raise IllegalAction("uw.setup.deck_not_allowed", deck=decks[deck].name, faction=decks[deck].faction or "",
                            decks=", ".join(allowed_decks(st, warband)))
    st.players[seat].deck = deck


def _build_deck(st: State, seat: str, built: Any) -> None:
    """A deck built for the Nemesis or Relic format, refused unless it keeps that format's deck-building rules for the
    seat's warband (§6.1, §7). It counts as the seat's deck chosen (``deck`` is then the format's name) and its cards
    are the seat's objective and power decks from now on, shuffled when the cards are drawn (§12.4); the Rivals decks
    whose plot card it brings are kept (§6.2, ``plot_decks``)."""
    _check_player(st, seat)
    player = st.players[seat]
    if player.warband is None:
        raise IllegalAction("uw.setup.warband_first")
    if player.deck:
        raise IllegalAction("uw.setup.already_chosen", what="deck")
    built = built if isinstance(built, dict) else {}
    format = built.get("format")
    if format not in BUILT_FORMATS:
        raise IllegalAction("uw.setup.unknown_deck_format", format=str(format), formats=", ".join(BUILT_FORMATS))
    objectives, power = ([str(c) for c in built.get(pile) or ()] for pile in ("objectives", "power"))
    cards = load_cards()
    unknown = [c for c in objectives + power if c not in cards]
    if unknown:
        raise IllegalAction("uw.deck.unknown_card", deck=format, cards=unknown)
    validate_deck([cards[c] for c in objectives], [cards[c] for c in power], format=DeckFormat(format),
                  warband=warbands_with(st.pack_warbands)[player.warband])
    decks = load_rivals_decks()
    player.deck, player.objective_deck, player.power_deck = format, objectives, power
    player.plot_decks = sorted({cards[c].deck for c in objectives + power
                                if cards[c].deck in decks and decks[cards[c].deck].plot is not None})


def allowed_decks(st: State, warband: str) -> list[str]:
    """Rivals decks the warband may use: its own and the universal ones (§7)."""
    return sorted(d for d in load_rivals_decks() if _deck_allowed(st, warband, d))


def _reveal(ctx: Ctx) -> None:
    """§12.1: every warband and deck is revealed at once; the fighters join the match and a Rivals deck's cards become
    its seat's two decks (a built deck's are already). The event names a built deck by its format: its cards stay
    secret, as a Rivals deck's order does."""
    st = ctx.st
    for seat in st.seats:
        player = st.players[seat]
        assert player.warband is not None and player.deck is not None
        w = warbands_with(st.pack_warbands)[player.warband]
        st.fighters += [FighterState(id=f"{seat}:{f.id}", seat=seat, card=f.id, name=f.name) for f in w.fighters]
        if player.deck in BUILT_FORMATS:
            continue  # a built deck's cards are its decks since it was chosen (``_build_deck``)
        objectives, power = deck_cards(load_rivals_decks()[player.deck], load_cards())
        player.objective_deck = [c.id for c in objectives]
        player.power_deck = [c.id for c in power]
    ctx.emit("WarbandsRevealed", warbands={s: st.players[s].warband for s in st.seats},
             decks={s: st.players[s].deck for s in st.seats})


# -- boards (§12.2) ------------------------------------------------------------------------------------


def pack_boards(options: JSON) -> list[Board]:
    """The board faces of the match's data pack (``options["pack"]``, a copy kept by the match), if any."""
    pack = options.get("pack") or {}
    return [Board.model_validate(b) for b in (pack.get("entries") or {}).get("boards") or []]


def playable_boards(st: State) -> list[str]:
    """Board faces whose hexes are known, the pack's included."""
    return sorted(b.id for b in boards_with(st.pack_boards).values() if b.playable)


def board_layouts(st: State, first: str, second: str) -> tuple[tuple[str, int, int, int], ...]:
    """Every (edge, offset, first orientation, second orientation) that joins the two faces legally."""
    boards = boards_with(st.pack_boards)
    return face_layouts(boards[first], boards[second])


def extra_board_places(st: State, board: str) -> list[JSON]:
    """Three or four players: every place for ``board`` against a placed board (seed 000 lines 1554-1560; the
    book's diagrams are lost, so each joins one placed board as two boards join, §12.2, overlapping none)."""
    assert st.battlefield is not None
    return [dict(place) for place in _extra_board_places(st.battlefield, board, tuple(st.pack_boards))]


@lru_cache(maxsize=64)
def _extra_board_places(placed: BattlefieldSpec, board: str, pack_boards: tuple[Board, ...]) -> tuple[JSON, ...]:
    """Cached by the placed boards, the board and the match's own faces (asked again at every keystroke)."""
    boards = boards_with(pack_boards)
    out = []
    for to in range(len(placed.placements)):
        rows = boards[placed.board_ids[to]].rows or ()
        for side in BoardSide:
            long = side in (BoardSide.BELOW, BoardSide.ABOVE)
            offsets = range(-rows[0], rows[0] + 1) if long else range(-len(rows) + 1, len(rows), 2)
            for offset in offsets:
                for o in Orientation:
                    extra = ExtraBoard(board=board, orientation=o, to=to, side=side, offset=offset)
                    spec = placed.model_copy(update={"more": (*placed.more, extra)})
                    try:
                        Battlefield.check_spec(spec, boards)
                    except IllegalAction:
                        continue
                    out.append({"type": "PlaceExtraBoard", "to": to, "side": side.value, "offset": offset,
                                "orientation": o.value})
    return tuple(out)


def multiplayer_tokens(players: int) -> tuple[FeatureToken, ...]:
    """Three or four players (seed 000 lines 1579-1583): numbered tokens 1-7 (three players) or 1-9 (four), cover
    side up, and as many trap/cover tokens as players set aside as the available tokens."""
    top = 7 if players == 3 else 9
    numbered = [FeatureToken(id=str(n), front=FeatureSide.OBJECTIVE, number=n) for n in range(1, top + 1)]
    trap = [FeatureToken(id=f"trap-{n}", front=FeatureSide.TRAP) for n in range(1, players + 1)]
    return tuple(numbered + trap)


def deal_multiplayer_tokens(ctx: Ctx, first: str) -> None:
    """Deal the numbered tokens: three to the first-board player, two to each other player; they place them one at
    a time in play order from the first-board player (seed 000 line 1581)."""
    st, su = ctx.st, ctx.st.setup
    st.feature_tokens = list(multiplayer_tokens(len(st.seats)))
    numbered = shuffled(ctx.rng, [t.id for t in st.feature_tokens if t.front is FeatureSide.OBJECTIVE])
    order = st.play_order(first)
    su.token_deal = {first: numbered[:3]}
    for i, seat in enumerate(order[1:]):
        su.token_deal[seat] = numbered[3 + 2 * i:5 + 2 * i]
    left = {s: len(v) for s, v in su.token_deal.items()}
    su.token_order = []
    while any(left.values()):
        for seat in order:
            if left[seat]:
                su.token_order.append(seat)
                left[seat] -= 1


# -- the setup frame -------------------------------------------------------------------------------------


def _run(ctx: Ctx, fr: JSON) -> bool:
    st, su = ctx.st, ctx.st.setup
    if su.stage == "choose_warbands":
        if all(p.warband and p.deck for p in st.players.values()):
            _reveal(ctx)
            if len(st.seats) > 2:
                # Seed 000 line 1556: the roll-off's loser chooses the first board.
                su.board_player = roll_off_loser(ctx, "boards", st.seats)
                st.territory = {su.board_player: 0}
                su.board_turn = su.board_player
                su.stage = "first_board"
                return True
            su.roll_winner = roll_off(ctx, "boards")
            su.stage = "board_player"
            return True
        return False
    if su.stage == "next_board" and su.board_turn is None:
        # Seed 000 line 1556: the players without a board roll off again; the loser chooses and places one.
        su.board_turn = roll_off_loser(ctx, "boards", [s for s in st.seats if s not in st.territory])
        return True
    if su.stage == "feature_deal" and len(st.seats) > 2:
        assert su.board_player is not None
        deal_multiplayer_tokens(ctx, su.board_player)
        su.stage = "feature_tokens"
        ctx.emit("FeatureTokensDealt", counts={s: len(v) for s, v in su.token_deal.items()})
        return True
    if su.stage == "feature_deal":
        deal = deal_setup_tokens(ctx.rng, two_player_tokens())
        first = su.board_player
        assert first is not None
        st.feature_tokens = list(two_player_tokens())
        su.token_deal = {first: list(deal[0]), st.other(first): list(deal[1])}
        su.token_order = [first if i == 0 else st.other(first) for i in setup_order(0)]
        su.stage = "feature_tokens"
        ctx.emit("FeatureTokensDealt", counts={s: len(v) for s, v in su.token_deal.items()})
        return True
    if su.stage == "feature_tokens" and not su.token_order:
        st.feature_tokens = list(reveal_objectives(st.feature_tokens))
        ctx.emit("FeatureTokensRevealed", tokens={t.id: str(t.hex) for t in st.feature_tokens if t.hex})
        su.stage = "draw"
        return True
    if su.stage == "draw":
        for seat in st.play_order(su.board_player or st.seats[0]):
            player = st.players[seat]
            player.objective_deck = shuffled(ctx.rng, player.objective_deck)
            player.power_deck = shuffled(ctx.rng, player.power_deck)
            draw_cards(ctx, seat, "objective", OBJECTIVE_HAND)
            draw_cards(ctx, seat, "power", POWER_HAND)
        su.stage = "redraw"
        return True
    if su.stage == "redraw" and all(p.redraw is not None for p in st.players.values()):
        ctx.emit("RedrawsRevealed", decisions={s: st.players[s].redraw for s in st.seats})
        su.roll_winner = roll_off(ctx, "deployment")
        su.stage = "deploy_player"
        return True
    if su.stage == "deploy" and all(f.deployed for f in st.fighters):
        su.stage = "done"
        pop(st, fr)
        st.phase = "action"
        st.round = 1
        push(st, "round", stage="start")
        ctx.emit("DeploymentFinished", finished_first=su.finished_first)
        return True
    return False


def _awaiting(st: State, fr: JSON) -> list[str]:
    su = st.setup
    bp = su.board_player
    if su.stage == "choose_warbands":
        return [s for s in st.seats if not (st.players[s].warband and st.players[s].deck)]
    if su.stage in ("board_player", "deploy_player"):
        return [su.roll_winner] if su.roll_winner else []
    if su.stage == "first_board":
        return [bp] if bp else []
    if su.stage in ("next_board", "place_extra_board") or (su.stage == "place_boards" and len(st.seats) > 2):
        return [su.board_turn] if su.board_turn else []
    if su.stage in ("second_board", "place_boards"):
        return [st.other(bp)] if bp else []
    if su.stage == "feature_tokens":
        return su.token_order[:1]
    if su.stage == "redraw":
        # Seed 000 line 1587: in play order from the first-board player.
        undecided = [s for s in st.play_order(bp or st.seats[0]) if st.players[s].redraw is None]
        return undecided[:1] if bp else undecided
    if su.stage == "deploy":
        return [su.deploy_turn] if su.deploy_turn else []
    return []


def _legal(st: State, fr: JSON, seat: str) -> list[JSON]:
    su = st.setup
    player = st.players[seat]
    if su.stage == "choose_warbands":
        out = [] if player.warband else [{"type": "ChooseWarband", "warband": w} for w in playable_warbands(st)]
        if player.warband and not player.deck:
            out += [{"type": "ChooseDeck", "deck": d} for d in allowed_decks(st, player.warband)]
        return out
    if su.stage in ("board_player", "deploy_player"):
        kind = "ChooseBoardPlayer" if su.stage == "board_player" else "ChooseFirstToDeploy"
        return [{"type": kind, "player": s} for s in st.seats]
    if su.stage in ("first_board", "second_board", "next_board"):
        taken = set(su.boards.values())
        return [{"type": "ChooseBoard", "board": b} for b in playable_boards(st) if b not in taken]
    if su.stage == "place_extra_board":
        return extra_board_places(st, su.boards[seat])
    if su.stage == "place_boards":
        first, second = su.boards[su.board_player or ""], su.boards[seat]
        return [{"type": "PlaceBoards", "edge": e, "offset": o, "first_orientation": o1, "second_orientation": o2}
                for e, o, o1, o2 in board_layouts(st, first, second)]
    if su.stage == "feature_tokens":
        hexes = setup_hexes(rules.battlefield(st), st.feature_tokens)
        return [{"type": "PlaceFeatureToken", "hex": str(h)} for h in rules.in_reading_order(st, hexes)]
    if su.stage == "redraw":
        return [{"type": "Redraw", "cards": c} for c in ("none", "objectives", "power", "all")]
    if su.stage == "deploy":
        hexes = _deploy_hexes(st, seat)
        return [{"type": "PlaceFighter", "fighter": f.id, "hex": str(h)}
                for f in st.warband_of(seat) if not f.deployed for h in hexes]
    return []


def _deploy_hexes(st: State, seat: str) -> list[Any]:
    return rules.empty_hexes(st, rules.battlefield(st).starting_hexes(st.territory[seat]))


def _act(ctx: Ctx, fr: JSON, seat: str, action: Action) -> None:
    st, su = ctx.st, ctx.st.setup
    if isinstance(action, ChooseWarband) and su.stage == "choose_warbands":
        if st.players[seat].warband:
            raise IllegalAction("uw.setup.already_chosen", what="warband")
        _choose_warband(st, seat, action.warband)
        ctx.emit("WarbandChosen", player=seat)
        ctx.emit("WarbandChosenPrivately", player=seat, warband=action.warband, visible_to=[seat])
    elif isinstance(action, ChooseDeck) and su.stage == "choose_warbands":
        if st.players[seat].deck:
            raise IllegalAction("uw.setup.already_chosen", what="deck")
        _choose_deck(st, seat, action.deck)
        ctx.emit("DeckChosen", player=seat)
        ctx.emit("DeckChosenPrivately", player=seat, deck=action.deck, visible_to=[seat])
    elif isinstance(action, ChooseBoardPlayer) and su.stage == "board_player":
        _check_player(st, action.player)
        su.board_player = action.player
        st.territory = {action.player: 0, st.other(action.player): 1}
        su.stage = "first_board"
        ctx.emit("BoardPlayerChosen", player=action.player, by=seat)
    elif isinstance(action, ChooseBoard) and su.stage in ("first_board", "second_board", "next_board"):
        if action.board not in playable_boards(st):
            raise IllegalAction("uw.setup.unknown_board", board=action.board, boards=", ".join(playable_boards(st)))
        if action.board in su.boards.values():
            raise IllegalAction("uw.setup.board_taken", board=action.board)
        su.boards[seat] = action.board
        if len(st.seats) > 2:
            su.stage = ("next_board" if su.stage == "first_board" else
                        "place_boards" if len(su.boards) == 2 else "place_extra_board")
            su.board_turn = None if su.stage == "next_board" else seat
        else:
            su.stage = "second_board" if su.stage == "first_board" else "place_boards"
        ctx.emit("BoardChosen", player=seat, board=action.board)
    elif isinstance(action, PlaceBoards) and su.stage == "place_boards":
        first, second = su.boards[su.board_player or ""], su.boards[seat]
        key = (action.edge, action.offset, action.first_orientation, action.second_orientation)
        if key not in board_layouts(st, first, second):
            raise IllegalAction("uw.setup.bad_board_layout", edge=action.edge, offset=action.offset)
        st.battlefield = BattlefieldSpec(
            first=BoardPlacement(board=first, orientation=Orientation(action.first_orientation)),
            second=BoardPlacement(board=second, orientation=Orientation(action.second_orientation)),
            join=Join(edge=JoinEdge(action.edge), offset=action.offset))
        _board_placed(ctx, seat)
    elif isinstance(action, PlaceExtraBoard) and su.stage == "place_extra_board":
        if action.to_json() not in extra_board_places(st, su.boards[seat]):
            raise IllegalAction("uw.setup.bad_board_layout", edge=action.side, offset=action.offset)
        assert st.battlefield is not None
        extra = ExtraBoard(board=su.boards[seat], orientation=Orientation(action.orientation), to=action.to,
                           side=BoardSide(action.side), offset=action.offset)
        st.battlefield = st.battlefield.model_copy(update={"more": (*st.battlefield.more, extra)})
        _board_placed(ctx, seat)
    elif isinstance(action, PlaceFeatureToken) and su.stage == "feature_tokens":
        token_id = su.token_deal[seat][0]
        st.feature_tokens = list(place_setup_token(rules.battlefield(st), st.feature_tokens, token_id, action.hex))
        su.token_deal[seat].pop(0)
        su.token_order.pop(0)
        ctx.emit("FeatureTokenPlaced", player=seat, hex=str(action.hex), side="cover")
    elif isinstance(action, Redraw) and su.stage == "redraw":
        _redraw(ctx, seat, action.cards)
    elif isinstance(action, ChooseFirstToDeploy) and su.stage == "deploy_player":
        _check_player(st, action.player)
        su.deploy_turn = action.player
        su.stage = "deploy"
        ctx.emit("FirstToDeployChosen", player=action.player, by=seat)
    elif isinstance(action, PlaceFighter) and su.stage == "deploy":
        _place_fighter(ctx, seat, action)
    else:
        raise bad_action(action, f"setup:{su.stage}")


def _board_placed(ctx: Ctx, seat: str) -> None:
    """A board was placed: its player's territory; with three or four players, the next board, else the tokens."""
    st, su = ctx.st, ctx.st.setup
    assert st.battlefield is not None
    if len(st.seats) > 2:
        st.territory[seat] = len(st.battlefield.placements) - 1
        su.board_turn = None
    ctx.emit("BoardsPlaced", battlefield=st.battlefield.key, by=seat)
    su.stage = "feature_deal" if len(st.territory) == len(st.seats) else "next_board"


def _check_player(st: State, player: str) -> None:
    if player not in st.seats:
        raise IllegalAction("uw.setup.unknown_player", player=player, players=", ".join(st.seats))


def _redraw(ctx: Ctx, seat: str, which: str) -> None:
    """§12.4: discard the chosen cards, draw as many, shuffle the discarded back into their decks."""
    player = ctx.st.players[seat]
    player.redraw = which
    for deck, hand_name, pile_name in (("objective", "objectives", "objective_deck"), ("power", "power", "power_deck")):
        if which not in ("all", "objectives" if deck == "objective" else "power"):
            continue
        hand = getattr(player, hand_name)
        old = list(hand)
        hand.clear()
        draw_cards(ctx, seat, deck, len(old))
        setattr(player, pile_name, shuffled(ctx.rng, getattr(player, pile_name) + old))
    ctx.emit("RedrawDecided", player=seat)
    ctx.emit("RedrawDecidedPrivately", player=seat, cards=which, visible_to=[seat])


def _place_fighter(ctx: Ctx, seat: str, action: PlaceFighter) -> None:
    st, su = ctx.st, ctx.st.setup
    f = st.find_fighter(action.fighter)
    if f is None or f.seat != seat:
        raise IllegalAction("uw.fighter.not_yours", fighter=action.fighter)
    if f.deployed:
        raise IllegalAction("uw.setup.already_placed", fighter=f.name)
    if action.hex not in _deploy_hexes(st, seat):
        raise IllegalAction("uw.setup.not_a_starting_hex", fighter=f.name, hex=str(action.hex))
    f.hex, f.deployed = action.hex, True
    ctx.emit("FighterPlaced", player=seat, fighter=f.id, name=f.name, hex=str(action.hex))
    left = {s: sum(1 for x in st.warband_of(s) if not x.deployed) for s in st.seats}
    if left[seat] == 0 and su.finished_first is None:
        su.finished_first = seat  # §12.5: for the +1 in round 1's roll-off
    # Seed 000 line 1591: one fighter at a time in play order; a player who has placed every fighter is skipped.
    su.deploy_turn = next((s for s in st.opponents(seat) + [seat] if left[s]), None)


frame("setup", run=_run, awaiting=_awaiting, legal=_legal, act=_act)
