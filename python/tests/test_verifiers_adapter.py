"""verifiers adapter: RlverUserEnv rolled out by a MultiTurnEnv loop against an AsyncOpenAI-shaped policy."""

from __future__ import annotations

import asyncio
import unittest
from types import SimpleNamespace
from typing import Any, Dict, List

from _support import POLICY_REPLIES, prepared_rows, server_url, use_framework

FRAMEWORK = use_framework("verifiers")

from rlver_env.client import RlverEnvClient, RlverServerError  # noqa: E402
from rlver_env.verifiers_env import RlverUserEnv, load_environment  # noqa: E402


class ScriptedOpenAI:
    """``AsyncOpenAI`` double: ``client.chat.completions.create(model=..., messages=...)`` answers scripted replies."""

    def __init__(self) -> None:
        self.seen: List[List[Dict[str, Any]]] = []
        self.chat = SimpleNamespace(completions=SimpleNamespace(create=self._create))

    async def _create(self, model: str, messages: List[Dict[str, Any]], **kwargs: Any) -> Any:
        self.seen.append(list(messages))
        reply = POLICY_REPLIES[(len(self.seen) - 1) % len(POLICY_REPLIES)]
        return SimpleNamespace(choices=[SimpleNamespace(message=SimpleNamespace(content=reply, tool_calls=None))])


class VerifiersAdapterTest(unittest.TestCase):
    def test_should_roll_out_until_the_user_ends_the_dialogue_and_score_the_final_emotion(self) -> None:
        print(f"\nverifiers adapter test uses the {FRAMEWORK} MultiTurnEnv")
        row = prepared_rows(count=1, max_turns=3, seed_start=120)[0]
        env = load_environment(base_url=server_url(), dataset=None, max_turns=10)
        self.assertIsInstance(env, RlverUserEnv)
        policy = ScriptedOpenAI()

        async def scenario() -> Any:
            completion, state = await env.rollout(policy, "policy", row["prompt"], info=row["info"])
            score = await env.rubric.score_rollout(row["prompt"], completion, "", state, info=row["info"])
            return completion, state, score

        completion, state, score = asyncio.run(scenario())
        rlver = state["rlver"]
        self.assertTrue(rlver["done"])
        self.assertIsNotNone(rlver["end_reason"])
        self.assertLessEqual(rlver["turn"], 3)
        self.assertEqual([message["role"] for message in completion[:2]], ["assistant", "user"])
        self.assertEqual(completion[0]["content"], POLICY_REPLIES[0])
        self.assertEqual(len(policy.seen), rlver["turn"])
        self.assertAlmostEqual(score["reward"], max(rlver["emotion"] / 100, 0.0))
        self.assertEqual(score["metrics"]["dialogue_turns"], rlver["turn"])
        # The policy saw the pre-generated opening, and cleanup deleted the episode.
        self.assertEqual(policy.seen[0][1]["content"], row["info"]["opening"])
        with self.assertRaises(RlverServerError):
            RlverEnvClient(server_url()).get(rlver["episode_id"])


if __name__ == "__main__":
    unittest.main()
