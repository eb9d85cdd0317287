"""The end of a battle and of the match (§14; seed 002 l.396-404) and the duel and campaign scores (§15).

A battle ends when a hero has wounds ≥ its life (checked at the end of combat, before replenishment: §21.13)
or when a player cannot refill their hand (§12). Both at once: the hero with more wounds loses; equal wounds,
the higher printed life loses; equal life, a draw (l.402-404; §21.13 for two defeated heroes).
"""
from __future__ import annotations

from engine.core.rng import Rng
from engine.tambores.setup import COLOURS
from engine.tambores.state import JSON, other


def decide(st: JSON) -> str | None:
    """The tie-break of l.402-404: the winner, or None for a draw."""
    a, b = st["seats"]
    pa, pb = st["players"][a], st["players"][b]
    if pa["hero_wounds"] != pb["hero_wounds"]:
        return b if pa["hero_wounds"] > pb["hero_wounds"] else a
    la, lb = (st["catalogue"]["heroes"][p["hero"]]["life"] for p in (pa, pb))
    if la != lb:
        return b if la > lb else a
    return None


def check_heroes(st: JSON, rng: Rng, events: list[JSON]) -> bool:
    """End the battle if a hero is defeated (l.398); True if it ended."""
    cat = st["catalogue"]
    down = [s for s in st["seats"] if st["players"][s]["hero_wounds"] >= cat["heroes"][st["players"][s]["hero"]]["life"]]
    if not down:
        return False
    for s in down:
        events.append({"type": "HeroDefeated", "seat": s, "hero": st["players"][s]["hero"]})
    if len(down) == 1:
        end_battle(st, other(st, down[0]), "hero_defeated", rng, events)
    else:
        end_battle(st, decide(st), "both_heroes_defeated", rng, events)
    return True


def points(winner_colour: str, loser_colour: str) -> int:
    """Campaign points of a win (§15.3, l.423-425): same colour 1, one colour higher beaten 2, two 3; a higher
    colour beating a lower one 1 (§21.17)."""
    diff = COLOURS.index(winner_colour) - COLOURS.index(loser_colour)
    return 1 + diff if diff > 0 else 1


def end_battle(st: JSON, winner: str | None, reason: str, rng: Rng, events: list[JSON]) -> None:
    """Record the battle; start the next battle of a duel or campaign, or end the match."""
    cat, series = st["catalogue"], st["series"]
    heroes = {s: st["players"][s]["hero"] for s in st["seats"]}
    colours = {s: cat["heroes"][h]["colour"] for s, h in heroes.items()}
    gained = dict.fromkeys(st["seats"], 0)
    if st["mode"] == "campaign" and winner is not None:
        gained[winner] = points(colours[winner], colours[other(st, winner)])
        series["points"][winner] += gained[winner]
    result = {"battle": series["battle"], "winner": winner, "reason": reason, "heroes": heroes, "colours": colours,
              "points": gained, "turn": st["turn"]}
    series["results"].append(result)
    st["result"] = {"winner": winner, "reason": reason}
    events.append({"type": "BattleEnded", **result})
    if series["battle"] < series["battles"]:
        st["step"] = "next_battle"  # flow: setup.start_battle
        return
    winner, reason = series_winner(st)
    st.update(phase="over", step="over", current=None, pending=[],
              outcome={"winner": winner, "reason": reason, "results": series["results"], "points": series["points"]})
    events.append({"type": "MatchEnded", "winner": winner, "reason": reason})


def series_winner(st: JSON) -> tuple[str | None, str]:
    """Skirmish: the battle's result. Duel (l.413): two wins; one each, the win with the lower colour; else a
    draw (§21.18; a drawn battle counts as no win). Campaign (l.430): most points."""
    series, results = st["series"], st["series"]["results"]
    if st["mode"] == "skirmish":
        return results[0]["winner"], results[0]["reason"]
    a, b = st["seats"]
    if st["mode"] == "campaign":
        pa, pb = series["points"][a], series["points"][b]
        return (a if pa > pb else b if pb > pa else None), "points"
    wins = {s: [r for r in results if r["winner"] == s] for s in (a, b)}
    if len(wins[a]) != len(wins[b]):
        return (a if len(wins[a]) > len(wins[b]) else b), "battles_won"
    if not wins[a]:
        return None, "battles_won"
    ca, cb = (COLOURS.index(wins[s][0]["colours"][s]) for s in (a, b))
    return (a if ca > cb else b if cb > ca else None), "lower_colour"
