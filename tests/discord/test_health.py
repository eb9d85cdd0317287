"""The operator's health check and Prometheus metrics."""
from __future__ import annotations

import aiohttp

from tests.discord.bot_fixtures import running_bot


async def test_health_and_metrics_report_redis_gateway_and_commands(fake_discord, redis, prefix):
    fake = fake_discord
    ann = fake.add_user("ann")
    async with running_bot(fake, redis, prefix, health_port=0) as bot:
        await fake.slash(ann, fake.channel, "roll dice", expr="2d6")
        await fake.slash(ann, fake.channel, "roll dice", expr="2d6+")
        async with aiohttp.ClientSession() as http:
            async with http.get(f"http://127.0.0.1:{bot.health_port}/health") as response:
                body = await response.json()
                assert response.status == 200 and body["redis"] and body["gateway"]
            async with http.get(f"http://127.0.0.1:{bot.health_port}/metrics") as response:
                text = await response.text()
    assert 'gm_commands_total{command="roll dice"} 2' in text
    assert 'gm_command_errors_total{command="roll dice",kind="refused"} 1' in text
    assert "gm_up 1" in text
