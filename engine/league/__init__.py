"""Leagues as pure data: configuration, the result log and its replay, Swiss and round-robin pairings,
standings with tiebreakers, seeded roll-offs and ratings.

No I/O and no game: a league names its game by key only, and the game's own rules (which lists are
legal) are checked by the table layer through a registry. Every function here is a function of the
league's configuration and its event log, so standings are always a recomputation of that log.
"""
