"""``table.fit``: every reply within Discord's limits, whatever its texts and lists.

Unit tests for each limit; a property test that fits random replies with texts of tens of
thousands of characters and checks the JSON payload the bot would send with
``tests/discord/limits.check_message``; and the same check over the real reply builders (dice
rolls, a match of the test game ``ttt``) fed maximal inputs.

The payload is built as in production: ``cogs.send.message_kwargs`` (the adapter) then discord.py's
own ``handle_message_parameters``, which ``send``/``send_message`` call to make the request body.
"""
from __future__ import annotations

import copy
import io
import itertools
import json

import pytest
from discord.http import handle_message_parameters
from discord import MessageFlags
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import tests.support.ttt as ttt
from cogs.send import message_kwargs
from table.context import Actor, Context
from table.fit import (BLANK_NAME, ELLIPSIS, EMPTY_VALUE, MAX_EMBED_TOTAL, common_cap, embed_chars, fit,
                       shorten)
from table.local import LocalTable
from table.play import Play
from table.reply import Button, Embed, Field, File, MenuOption, Reply, Select
from table.rolls import Rolls
from tests.discord.limits import check_message


# payloads --------------------------------------------------------------------------------------
def payload(reply: Reply) -> dict:
    """The JSON body the bot sends for ``reply`` (the adapter's kwargs through discord.py).

    With files the body is multipart, and the JSON is its ``payload_json`` part.
    """
    kwargs = message_kwargs(reply)
    if kwargs.pop("silent", False):  # send()'s own word for the flag the payload carries
        kwargs["flags"] = MessageFlags(suppress_notifications=True)
    with handle_message_parameters(**kwargs) as params:
        if params.payload is not None:
            return params.payload
        return next(json.loads(part["value"]) for part in params.multipart if part["name"] == "payload_json")


def assert_sent_as_fitted(reply: Reply) -> None:
    """``fit(reply)`` is within every limit, and the adapter sends its texts unchanged.

    The second half shows that ``fit`` did the work: the adapter's own cuts (``[:100]``...) are no-ops.
    """
    fitted = fit(reply)
    assert fit(fitted) is fitted  # fitting is idempotent: a fitted reply is already fine
    for message in [fitted, *(post for _, post in fitted.posts)]:
        body = payload(message)
        assert check_message(body) == [], check_message(body)
        assert body.get("content") == (message.content or None)
        sent_embeds = body.get("embeds") or []
        assert [e.get("title") for e in sent_embeds] == [e.title or None for e in message.embeds]
        assert [e.get("description") for e in sent_embeds] == [e.description or None for e in message.embeds]
        assert [(f["name"], f["value"]) for e in sent_embeds for f in e.get("fields", [])] == [
            (f.name, f.value) for e in message.embeds for f in e.fields]
        rows = body.get("components") or []
        parts = [c for row in rows for c in row["components"]]
        assert [c.get("label") for c in parts if c["type"] == 2] == [b.label for b in message.buttons]
        menus = [c for c in parts if c["type"] == 3]
        assert [c.get("placeholder") for c in menus] == [s.placeholder or None for s in message.selects]
        assert [(o["label"], o["value"], o.get("description")) for c in menus for o in c["options"]] == [
            (o.label, o.value, o.description or None) for s in message.selects for o in s.options]


# unit tests: texts -------------------------------------------------------------------------------
def test_a_reply_that_fits_is_returned_as_it_is():
    reply = Reply(content="x" * 2000, embeds=[Embed("t", "d", [Field("n", "v")], footer="f")],
                  buttons=[Button("a", "A")], posts=[(5, Reply(content="post"))])
    assert fit(reply) is reply


def test_fit_never_changes_the_reply_it_is_given():
    reply = Reply(content="x" * 3000, embeds=[Embed("t" * 300, fields=[Field("", "")] * 30)],
                  buttons=[Button(str(i), "b" * 90) for i in range(30)], posts=[(5, Reply(content="y" * 3000))])
    before = copy.deepcopy(reply)
    fit(reply)
    assert reply == before


def test_long_content_keeps_its_start_and_ends_with_an_ellipsis():
    content = fit(Reply(content="a" * 2500)).content
    assert len(content) == 2000 and content == "a" * 1999 + ELLIPSIS


def test_long_content_is_cut_at_a_line_break_near_the_end():
    lines = [f"line {i:04d} " + "x" * 40 for i in range(100)]  # 50 characters a line
    content = fit(Reply(content="\n".join(lines))).content
    assert len(content) <= 2000 and content.endswith("\n" + ELLIPSIS)
    assert content[:-2].split("\n") == lines[:len(content[:-2].split("\n"))]  # whole lines only


def test_no_line_break_near_the_end_means_a_hard_cut():
    text = "short\n" + "y" * 3000
    assert fit(Reply(content=text)).content == text[:1999] + ELLIPSIS


def test_a_cut_inside_a_code_block_closes_the_block():
    content = fit(Reply(content="Rolls:\n```\n" + "6, " * 1000 + "\n```")).content
    assert len(content) <= 2000 and content.endswith(ELLIPSIS + "\n```") and content.count("```") == 2


def test_unicode_is_counted_in_code_points_as_the_limits_do():
    content = fit(Reply(content="🎲👨‍👩‍👧é字" * 1000)).content
    assert len(content) == 2000 and check_message({"content": content}) == []


@pytest.mark.parametrize("text,limit,expected", [("abc", 3, "abc"), ("abcd", 3, "ab…"), ("abcd", 1, "…"),
                                                 ("ab  cd", 5, "ab…"), ("", 0, "")])
def test_shorten(text, limit, expected):
    assert shorten(text, limit) == expected


# unit tests: embeds ------------------------------------------------------------------------------
@pytest.mark.parametrize("embed,cut,limit", [
    (Embed(title="t" * 300), lambda e: e.title, 256),
    (Embed(description="d" * 5000), lambda e: e.description, 4096),
    (Embed(footer="f" * 3000), lambda e: e.footer, 2048),
    (Embed(fields=[Field("n" * 300, "v")]), lambda e: e.fields[0].name, 256),
    (Embed(fields=[Field("n", "v" * 2000)]), lambda e: e.fields[0].value, 1024)])
def test_embed_texts_are_cut_to_their_limits(embed, cut, limit):
    [fitted] = fit(Reply(embeds=[embed])).embeds
    assert len(cut(fitted)) == limit and cut(fitted).endswith(ELLIPSIS) and cut(fitted)[:-1] == cut(embed)[:limit - 1]


def test_blank_field_names_and_values_are_filled():
    [embed] = fit(Reply(embeds=[Embed(fields=[Field("", ""), Field("  ", "\n")])])).embeds
    assert [(f.name, f.value) for f in embed.fields] == [(BLANK_NAME, EMPTY_VALUE)] * 2


def test_fields_beyond_twenty_five_are_folded_into_a_last_one():
    fields = [Field(f"n{i}", f"v{i}") for i in range(30)]
    [embed] = fit(Reply(embeds=[Embed(fields=fields)])).embeds
    assert len(embed.fields) == 25 and embed.fields[:24] == fields[:24]
    assert embed.fields[24].name == f"{ELLIPSIS} 6 more"
    assert embed.fields[24].value == "\n".join(f"n{i}: v{i}" for i in range(24, 30))


def test_only_ten_embeds_are_kept():
    embeds = [Embed(title=str(i)) for i in range(12)]
    assert [e.title for e in fit(Reply(embeds=embeds)).embeds] == [str(i) for i in range(10)]


def test_the_longest_descriptions_and_values_are_cut_first_to_fit_six_thousand():
    short = Embed("short", "s" * 100)
    long = Embed("long", "d" * 4096, [Field("f", "v" * 1024) for _ in range(5)], footer="footer")
    fitted = fit(Reply(embeds=[short, long])).embeds
    assert embed_chars(fitted) <= MAX_EMBED_TOTAL
    assert fitted[0] == short and fitted[1].title == "long" and fitted[1].footer == "footer"
    cut = [fitted[1].description, *(f.value for f in fitted[1].fields)]
    assert all(t.endswith(ELLIPSIS) for t in cut) and len({len(t) for t in cut}) == 1  # a common length


def test_titles_and_footers_are_cut_only_when_bodies_are_not_enough():
    embeds = [Embed(title="t" * 256, footer="f" * 2048) for _ in range(10)]
    fitted = fit(Reply(embeds=embeds)).embeds
    assert embed_chars(fitted) <= MAX_EMBED_TOTAL and len(fitted) == 10
    assert check_message(payload(fit(Reply(embeds=embeds)))) == []


def test_common_cap():
    assert common_cap([10, 20], 100) == 20
    assert common_cap([10, 50, 100], 100) == 45
    assert common_cap([5, 5], 3) == 1
    assert common_cap([1], -1) == -1


# unit tests: components ----------------------------------------------------------------------------
def test_buttons_beyond_five_rows_are_dropped_keeping_the_first():
    buttons = [Button(f"b{i}", str(i)) for i in range(30)]
    assert fit(Reply(buttons=buttons)).buttons == buttons[:25]


def test_each_menu_takes_a_row_from_the_buttons():
    menus = [Select(f"s{i}", "pick", [MenuOption("a", "1")]) for i in range(2)]
    fitted = fit(Reply(selects=menus, buttons=[Button(f"b{i}", str(i)) for i in range(30)]))
    assert fitted.selects == menus and [b.custom_id for b in fitted.buttons] == [f"b{i}" for i in range(15)]


def test_beyond_five_menus_the_first_five_stay_and_no_button():
    menus = [Select(f"s{i}", "pick", [MenuOption("a", "1")]) for i in range(7)]
    fitted = fit(Reply(selects=menus, buttons=[Button("b", "B")]))
    assert fitted.selects == menus[:5] and fitted.buttons == []


def test_button_labels_and_ids_are_cut():
    [button] = fit(Reply(buttons=[Button("c" * 150, "l" * 100)])).buttons
    assert button.label == "l" * 79 + ELLIPSIS and button.custom_id == "c" * 100
    assert fit(Reply(buttons=[Button("x", "")])).buttons[0].label == EMPTY_VALUE


def test_components_with_empty_or_repeated_custom_ids_are_dropped():
    fitted = fit(Reply(selects=[Select("same", "p", [MenuOption("a", "1")])],
                       buttons=[Button("same", "A"), Button("", "B"), Button("c" * 120 + "1", "C"),
                                Button("c" * 120 + "2", "D"), Button("ok", "E")]))
    assert [s.custom_id for s in fitted.selects] == ["same"]
    assert [b.label for b in fitted.buttons] == ["C", "E"]


def test_menus_are_cut_to_their_limits():
    options = [MenuOption("l" * 150, f"{i}" + "v" * 150, "d" * 150) for i in range(30)]
    [menu] = fit(Reply(selects=[Select("m", "p" * 200, options)])).selects
    assert len(menu.placeholder) == 150 and len(menu.options) == 25
    assert all(len(o.label) == len(o.value) == len(o.description) == 100 for o in menu.options)


def test_menu_options_keep_distinct_values_and_a_menu_without_options_goes():
    menus = [Select("m", "p", [MenuOption("a", "1"), MenuOption("b", "1"), MenuOption("", "2"), MenuOption("c", "")]),
             Select("empty", "p", [])]
    [menu] = fit(Reply(selects=menus)).selects
    assert [(o.label, o.value) for o in menu.options] == [("a", "1"), (EMPTY_VALUE, "2")]


# unit tests: the rest --------------------------------------------------------------------------------
def test_only_ten_files_are_attached():
    files = [File(f"{i}.png", b"x") for i in range(12)]
    assert fit(Reply(files=files)).files == files[:10]


def test_a_reply_with_nothing_to_show_says_so():
    assert fit(Reply()).content == EMPTY_VALUE
    assert fit(Reply(content="  \n", ephemeral=True)).content == EMPTY_VALUE
    assert fit(Reply(files=[File("a.png", b"x")])).content == ""


def test_posts_are_fitted_too_and_keep_their_channel():
    fitted = fit(Reply(content="ok", posts=[(42, Reply(content="z" * 5000, buttons=[Button(str(i), "b")
                                                                                     for i in range(40)]))]))
    [(channel, post)] = fitted.posts
    assert channel == 42 and len(post.content) == 2000 and len(post.buttons) == 25


def test_the_local_table_prints_what_discord_would_show():
    out = io.StringIO()
    local = LocalTable(None, out=out)
    local.show(Reply(content="w" * 3000, buttons=[Button(f"b{i}", f"B{i}") for i in range(30)]), "/x")
    printed = out.getvalue()
    assert "w" * 1999 + ELLIPSIS in printed and "w" * 2000 not in printed
    assert len(local.buttons) == 25 and "[B25]" not in printed


# property: any reply --------------------------------------------------------------------------------
pieces = st.one_of(st.text(max_size=30), st.sampled_from(["🎲", "👨‍👩‍👧", "🇪🇸", "\n", "\n\n", "```", "`", " ", "é",
                                                          "字", "**", "<@123>", "@everyone", "\u200b", "\r\n"]))
long_texts = st.builds(lambda parts, times: "".join(parts) * times, st.lists(pieces, max_size=6),
                       st.integers(min_value=1, max_value=3000)).map(lambda t: t[:40_000])
texts = st.one_of(st.text(max_size=60), long_texts, st.sampled_from(["", " ", "\n", "—"]),
                  st.integers(min_value=0, max_value=8).map(lambda i: "x" * (80, 100, 150, 256, 1024, 2000, 2048,
                                                                          4096, 6000)[i]))
ids = st.one_of(st.sampled_from(["a", "b", "c", "", "g:1:2:0:3"]), st.text(min_size=1, max_size=150))
fields = st.builds(Field, texts, texts, st.booleans())
embeds = st.builds(Embed, texts, texts, st.lists(fields, max_size=40), st.none(), texts,
                   st.sampled_from([None, "chart.png"]))
options = st.builds(MenuOption, texts, ids, texts)
selects = st.builds(Select, ids, texts, st.lists(options, max_size=40), st.booleans())
buttons = st.builds(Button, ids, texts, st.sampled_from(["primary", "secondary", "success", "danger"]), st.booleans())
files = st.builds(File, st.sampled_from(["chart.png", "a.png"]), st.just(b"\x89PNG"))  # boards: the fake checks alt text


def replies(posts=st.just([])):
    return st.builds(Reply, content=texts, embeds=st.lists(embeds, max_size=14), files=st.lists(files, max_size=12),
                     buttons=st.lists(buttons, max_size=40), selects=st.lists(selects, max_size=8),
                     ephemeral=st.booleans(), silent=st.booleans(),
                     mentions=st.lists(st.integers(min_value=1, max_value=2 ** 40), max_size=3), posts=posts)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(reply=replies(st.lists(st.tuples(st.integers(min_value=1, max_value=10 ** 18), replies()), max_size=2)))
def test_any_fitted_reply_is_a_message_discord_accepts(reply):
    assert_sent_as_fitted(reply)


# property: the real reply builders at their largest ------------------------------------------------------
_ids = itertools.count(10_000)


def person(name: str) -> Actor:
    return Actor(next(_ids), name)


def here(actor: Actor, thread: int) -> Context:
    async def open_thread(name: str) -> int:
        return thread
    return Context(actor, thread, guild_id=9, open_thread=open_thread)


expressions = st.one_of(
    st.text("123456789", min_size=150, max_size=193).map(lambda digits: f"1d1000*{digits}"),  # a 400-character title
    st.integers(min_value=1, max_value=999).map(lambda n: f"{n}d1000"),
    st.integers(min_value=1, max_value=28).map(lambda n: "+".join(["1d1000"] * n)),
    st.integers(min_value=1, max_value=90).map(lambda n: "(" * n + "1000d6kh1" + ")" * n))
names = st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=100)


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(expr=expressions, name=names, secret=st.booleans())
async def test_dice_rolls_at_their_largest_fit(table, expr, name, secret):
    assume(len(expr) <= 200)
    reply = await Rolls(table).roll(here(person(name), next(_ids)), "expr", {"expr": expr}, secret=secret)
    assert_sent_as_fitted(reply)


@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(first=names, second=names, card=long_texts.filter(lambda t: t.strip() and t != "block"))
async def test_a_match_with_long_names_and_a_long_card_fits(table, monkeypatch, first, second, card):
    monkeypatch.setattr(ttt, "CARDS", (card,))  # every secret card is this one (it erases a mark)
    thread = next(_ids)
    alice, bob = person(first), person(second)
    play = Play(table)
    opened = await table.new_match(here(alice, thread), "ttt", bob)
    assert_sent_as_fitted(opened)
    match_id = await table.store.match_in(thread)
    accepted = await play.press(here(bob, thread), f"m:accept:{match_id}")
    assert_sent_as_fitted(accepted)
    match = await table.store.load(match_id)
    assert_sent_as_fitted(Reply(embeds=[table.status_embed(match)]))
    game = play.game("ttt")
    mover, other = (alice, bob) if match.holder(match.state["turn"]).user_id == alice.user_id else (bob, alice)
    marked = await game.act(here(mover, thread), {"type": "Mark", "cell": "a1"})  # the card is told privately
    assert_sent_as_fitted(marked)
    assert_sent_as_fitted(await game.private(here(other, thread)))
    played = await game.act(here(other, thread), {"type": "PlayCard", "card": card, "cell": "a1"})
    assert_sent_as_fitted(played)
    assert_sent_as_fitted(await game.show(here(alice, thread), await table.store.load(match_id)))
