"""pytest setup for the fake-Discord harness (import it as ``tests.discord.fake_discord``;
the project runs pytest with ``--import-mode=importlib`` and ``pythonpath = ["."]``).

Fixture ``fake_discord`` (in tests/conftest.py, so any test may use it): a started :class:`FakeDiscord` (default guild ``.guild`` with
channel ``.channel``), stopped after the test, which then fails if the bot called a route
the fake does not know or broke one of Discord's rules. A test that provokes violations
on purpose clears ``fake_discord.violations`` after asserting them.

The launcher folder holds a ``sitecustomize.py`` meant only for subprocesses: keep
``--doctest-modules`` from importing it into the test process.
"""
collect_ignore = ["launcher"]
