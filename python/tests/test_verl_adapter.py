"""verl adapter: RlverUserInteraction driven the way verl's multi-turn rollout drives an interaction."""

from __future__ import annotations

import asyncio
import unittest
from typing import Any, Dict, List

from _support import POLICY_REPLIES, prepared_rows, server_url, use_framework

FRAMEWORK = use_framework("verl")

from rlver_env.client import RlverEnvClient, RlverServerError  # noqa: E402
from rlver_env.verl_interaction import RlverUserInteraction  # noqa: E402
from rlver_env.verl_reward import compute_score  # noqa: E402


async def run_dialogue(interaction: RlverUserInteraction, row: Dict[str, Any], instance_id: str) -> Dict[str, Any]:
    """verl's loop: start from the row's interaction_kwargs, then policy turn / generate_response until terminate."""
    kwargs = dict(row["extra_info"]["interaction_kwargs"])
    await interaction.start_interaction(instance_id, **kwargs)
    messages: List[Dict[str, Any]] = list(row["prompt"])
    turn_scores: List[float] = []
    for turn in range(10):
        messages.append({"role": "assistant", "content": POLICY_REPLIES[turn % len(POLICY_REPLIES)]})
        done, user_text, score, extra = await interaction.generate_response(instance_id, messages)
        turn_scores.append(score)
        if done:
            return {"turn_scores": turn_scores, "extra": extra, "messages": messages}
        messages.append({"role": "user", "content": user_text})
    raise AssertionError("the simulated user never ended the dialogue")


class VerlAdapterTest(unittest.TestCase):
    def test_should_play_a_dataset_row_to_the_end_and_score_it(self) -> None:
        print(f"\nverl adapter test uses the {FRAMEWORK} BaseInteraction")
        rows = prepared_rows(count=2, max_turns=3)
        interaction = RlverUserInteraction({"name": "rlver_user", "base_url": server_url()})

        async def scenario() -> None:
            first, second = await asyncio.gather(run_dialogue(interaction, rows[0], "a"), run_dialogue(interaction, rows[1], "b"))
            for result in (first, second):
                scores = result["turn_scores"]
                self.assertTrue(all(score == 0.0 for score in scores[:-1]))
                self.assertAlmostEqual(scores[-1], max(result["extra"]["emotion"] / 100, 0.0))
                self.assertLessEqual(len(scores), 3)
                self.assertAlmostEqual(compute_score("rlver", "", "", {"turn_scores": scores}), scores[-1])
                self.assertAlmostEqual(
                    compute_score("rlver", "", "", {"rollout_reward_scores": {"user_turn_rewards": scores}}), scores[-1]
                )
            self.assertAlmostEqual(await interaction.calculate_score("a"), first["turn_scores"][-1])
            # A finished instance answers without a server call; calculate_score() then reads that latest instance.
            done_again = await interaction.generate_response("b", second["messages"])
            self.assertEqual(done_again[:3], (True, "", second["turn_scores"][-1]))
            self.assertAlmostEqual(await interaction.calculate_score(), second["turn_scores"][-1])
            episode_a = interaction._instances["a"]["episode_id"]
            await interaction.finalize_interaction("a")
            await interaction.finalize_interaction()
            self.assertEqual(interaction._instances, {})
            with self.assertRaises(RlverServerError):
                RlverEnvClient(server_url()).get(episode_a)

        asyncio.run(scenario())

    def test_should_open_with_the_pre_generated_opening_of_the_row(self) -> None:
        row = prepared_rows(count=1, max_turns=3, seed_start=77)[0]
        interaction = RlverUserInteraction({"base_url": server_url()})

        async def scenario() -> None:
            await interaction.start_interaction("x", **row["extra_info"]["interaction_kwargs"])
            view = RlverEnvClient(server_url()).get(interaction._instances["x"]["episode_id"])
            self.assertEqual(view["transcript"][0]["content"], row["prompt"][1]["content"])
            self.assertEqual(view["scenario_id"], row["extra_info"]["scenario_id"])
            await interaction.finalize_interaction("x")

        asyncio.run(scenario())


if __name__ == "__main__":
    unittest.main()
