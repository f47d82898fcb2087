"""OpenRLHF adapter: AgentExecutor run by the multi-turn executor loop, with a ChatML tokenizer."""

from __future__ import annotations

import asyncio
import unittest
from typing import Any, Dict, List

from _support import POLICY_REPLIES, ChatMLTokenizer, prepared_rows, server_url, use_framework

FRAMEWORK = use_framework("openrlhf")

from rlver_env import openrlhf_agent  # noqa: E402
from rlver_env.client import RlverEnvClient, RlverServerError  # noqa: E402


class ScriptedEngine:
    """vLLM-engine double: answers the scripted replies, ending each with the end-of-turn token as vLLM does."""

    def __init__(self, tokenizer: ChatMLTokenizer) -> None:
        self.tokenizer = tokenizer
        self.calls = 0
        self.prompts: List[str] = []

    async def generate(self, prompt_token_ids: List[int], sampling_params: Any) -> Dict[str, Any]:
        self.prompts.append(self.tokenizer.decode(prompt_token_ids))
        text = POLICY_REPLIES[self.calls % len(POLICY_REPLIES)] + "<|im_end|>"
        self.calls += 1
        return {"token_ids": self.tokenizer.encode(text), "text": text}


class OpenRLHFAdapterTest(unittest.TestCase):
    def test_should_run_a_dialogue_with_feedback_rendered_through_the_chat_template(self) -> None:
        print(f"\nOpenRLHF adapter test uses the {FRAMEWORK} MultiTurnAgentExecutor")
        import os

        os.environ["RLVER_SERVER_URL"] = server_url()
        row = prepared_rows(count=1, max_turns=3, seed_start=90)[0]
        tokenizer = ChatMLTokenizer()
        prompt = tokenizer.apply_chat_template(row["prompt"], tokenize=False, add_generation_prompt=True)
        engine = ScriptedEngine(tokenizer)
        client = RlverEnvClient(server_url())
        open_before = client.request("GET", "/v1/stats")["open_episodes"]
        executor = openrlhf_agent.AgentExecutor()
        sampling_params = type("SamplingParams", (), {"max_tokens": 256, "logprobs": None})()
        result = asyncio.run(executor.execute(prompt, row["label"], sampling_params, 8192, tokenizer, engine))

        turns = len(result["action_ranges"])
        self.assertTrue(1 <= turns <= 3)
        self.assertGreaterEqual(result["reward"], 0.0)
        self.assertLessEqual(result["reward"], 1.0)
        text = result["observation_text"]
        # Every simulated-user answer sits in its own ChatML user turn, followed by the generation prompt.
        self.assertEqual(text.count("<|im_start|>user\n"), 1 + turns)
        self.assertEqual(text.count("<|im_start|>assistant\n"), turns)
        for later_prompt in engine.prompts[1:]:
            self.assertTrue(later_prompt.endswith("<|im_end|>\n<|im_start|>assistant\n"))
            self.assertNotIn("<|im_end|><|im_end|>", later_prompt)
        # The sequence equals the chat template of the whole dialogue.
        episode_text = tokenizer.decode(result["observation_tokens"])
        self.assertEqual(episode_text, text)
        self.assertTrue(text.startswith(prompt))
        # The episode is deleted once the user ended the dialogue.
        self.assertEqual(client.request("GET", "/v1/stats")["open_episodes"], open_before)

    def test_should_report_rewards_only_at_the_end(self) -> None:
        import os

        os.environ["RLVER_SERVER_URL"] = server_url()
        row = prepared_rows(count=1, max_turns=2, seed_start=91)[0]
        tokenizer = ChatMLTokenizer()
        instance = openrlhf_agent.AgentInstance()
        instance.tokenizer = tokenizer

        async def scenario() -> List[Dict[str, Any]]:
            await instance.reset({"observation": "prompt", "label": row["label"]})
            steps = []
            for turn in range(2):
                result = await instance.step({"action_text": POLICY_REPLIES[turn] + "<|im_end|>", "sampling_params": None})
                steps.append(result)
                if result["done"]:
                    break
            return steps

        steps = asyncio.run(scenario())
        self.assertTrue(steps[-1]["done"])
        self.assertTrue(all(step["rewards"].item() == 0.0 for step in steps[:-1]))
        self.assertEqual(steps[-1]["rewards"].item(), steps[-1]["scores"].item())
        self.assertTrue(steps[-1]["environment_feedback"].startswith("\n"))
        self.assertFalse(steps[-1]["environment_feedback"].endswith("<|im_start|>assistant\n"))
        with self.assertRaises(RlverServerError):
            RlverEnvClient(server_url()).get(instance.episode_id or "")


if __name__ == "__main__":
    unittest.main()
