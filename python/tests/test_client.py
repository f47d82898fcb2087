"""The stdlib client against the live rlver-serve."""

from __future__ import annotations

import asyncio
import os
import unittest

from _support import POLICY_REPLIES, server_url

from rlver_env.client import AsyncRlverEnvClient, RlverEnvClient, RlverServerError


class ClientTest(unittest.TestCase):
    def setUp(self) -> None:
        self.client = RlverEnvClient(server_url())

    def test_should_create_step_read_and_delete_an_episode(self) -> None:
        self.assertEqual(self.client.health(), {"status": "ok"})
        start = self.client.create_episode(seed=5, max_turns=2)
        self.assertFalse(start["done"])
        self.assertEqual(start["observation"]["role"], "user")
        step = self.client.step(start["episode_id"], POLICY_REPLIES[0])
        self.assertEqual(step["info"]["turn"], 1)
        view = self.client.get(start["episode_id"])
        self.assertEqual(view["transcript"][1], {"role": "assistant", "content": "听起来你真的很辛苦，后来怎么样了？"})
        self.client.delete(start["episode_id"])
        with self.assertRaises(RlverServerError) as caught:
            self.client.get(start["episode_id"])
        self.assertEqual((caught.exception.status, caught.exception.code), (404, "not_found"))

    def test_should_not_advance_an_episode_when_a_step_is_retried(self) -> None:
        start = self.client.create_episode(seed=6)
        first = self.client.step(start["episode_id"], POLICY_REPLIES[1], request_id="same-step")
        again = self.client.step(start["episode_id"], "something else", request_id="same-step")
        self.assertEqual(first, again)
        self.assertEqual(self.client.get(start["episode_id"])["turn"], 1)
        self.client.delete(start["episode_id"])

    def test_should_raise_the_field_of_a_bad_request_and_give_up_on_a_dead_server(self) -> None:
        with self.assertRaises(RlverServerError) as caught:
            self.client.create_episode(seed=-3)
        self.assertEqual((caught.exception.status, caught.exception.field), (400, "seed"))
        dead = RlverEnvClient("http://127.0.0.1:9", retries=1, backoff=0.01, timeout=2)
        with self.assertRaises(ConnectionError):
            dead.health()


    def test_should_keep_many_async_requests_in_flight_at_once(self) -> None:
        client = AsyncRlverEnvClient(server_url(), max_concurrency=64)

        async def scenario() -> list:
            starts = await asyncio.gather(*(client.create_episode(seed=300 + index) for index in range(64)))
            await asyncio.gather(*(client.delete(start["episode_id"]) for start in starts))
            return starts

        starts = asyncio.run(scenario())
        self.assertEqual(len({start["episode_id"] for start in starts}), 64)
        # A pool wider than asyncio's default (min(32, cores + 4)), so requests are not queued behind it. The pool's
        # size, not its live thread count: idle threads are reused, so fast answers need fewer than 64 threads.
        self.assertEqual(client._executor._max_workers, 64)
        self.assertGreater(client._executor._max_workers, min(32, (os.cpu_count() or 1) + 4))
        self.assertIs(AsyncRlverEnvClient.shared(server_url()), AsyncRlverEnvClient.shared(server_url()))


if __name__ == "__main__":
    unittest.main()
