"""The round-trip bounds of one action (tests/table/test_round_trips.py) again on a three-primary Redis Cluster."""
from __future__ import annotations

import pytest

from table.redis_server import client_for
from tests.support.redis_cluster import redis_cluster_url  # noqa: F401 - the session's cluster
from tests.table.test_round_trips import (  # noqa: F401 - run again on the cluster
    test_a_button_pressed_on_a_match_this_process_kept_costs_one_round_trip,
    test_a_panel_id_is_saved_in_one_round_trip,
    test_a_panel_never_creates_a_match,
    test_a_panel_saved_inside_an_older_snapshot_is_still_the_previous_one,
    test_an_action_carrying_its_match_id_skips_the_where_lookup,
    test_a_press_on_a_copy_another_process_made_stale_is_played_on_the_stored_match,
    test_an_action_in_a_thread_this_process_knows_skips_the_where_lookup,
    test_an_action_in_its_thread_costs_at_most_three_round_trips,
)


@pytest.fixture
async def redis(redis_cluster_url: str):  # noqa: F811 - the cluster in place of the single server
    client = client_for(redis_cluster_url)
    yield client
    await client.aclose()
