"""TRL adapter: the multi-turn rollout_func over a GRPO batch, with a scripted generation backend."""

from __future__ import annotations

import json
import tempfile
import unittest
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Dict, List

from _support import POLICY_REPLIES, ChatMLTokenizer, prepared_rows, server_url, use_framework

FRAMEWORK = use_framework("trl")

from rlver_env.client import RlverEnvClient  # noqa: E402
from rlver_env.prepare_dataset import load_episode_specs  # noqa: E402
from rlver_env.trl_rollout import make_rollout_func, reward_from_env  # noqa: E402


class ScriptedBackend:
    """Generation backend double: the scripted reply of the turn, ending with the end-of-turn token as vLLM does."""

    def generate_rollout_completions(self, prompts: List[str], processing_class: Any, **kwargs: Any) -> List[Any]:
        outputs = []
        for prompt in prompts:
            turn = prompt.count("<|im_start|>assistant\n") - 1
            text = POLICY_REPLIES[turn % len(POLICY_REPLIES)] + "<|im_end|>"
            ids = processing_class.encode(text)
            outputs.append(
                SimpleNamespace(prompt_ids=processing_class.encode(prompt), completion_ids=ids, logprobs=[-0.5] * len(ids), text=text)
            )
        return [{"prompt_ids": o.prompt_ids, "completion_ids": o.completion_ids, "logprobs": o.logprobs, "text": o.text} for o in outputs]


class TrlAdapterTest(unittest.TestCase):
    def test_should_return_token_aligned_multi_turn_rollouts_with_the_emotion_reward(self) -> None:
        print(f"\nTRL adapter test uses the {FRAMEWORK} generate_rollout_completions")
        rows = prepared_rows(count=2, max_turns=3, seed_start=150)
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "train.jsonl"
            path.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows), encoding="utf-8")
            specs = load_episode_specs(str(path))
        tokenizer = ChatMLTokenizer()
        trainer = SimpleNamespace(processing_class=tokenizer, generation_backend=ScriptedBackend(), args=SimpleNamespace(num_generations=2))
        client = RlverEnvClient(server_url())
        open_before = client.request("GET", "/v1/stats")["open_episodes"]
        rollout_func = make_rollout_func(server_url(), episode_specs=specs, max_turns=5)
        prompts = [rows[0]["prompt"], rows[0]["prompt"], rows[1]["prompt"], rows[1]["prompt"]]
        result: Dict[str, List[Any]] = rollout_func(prompts, trainer)

        for key in ("prompt_ids", "completion_ids", "logprobs", "env_mask", "env_reward"):
            self.assertEqual(len(result[key]), 4, key)
        for index, prompt in enumerate(prompts):
            completion, mask, logprobs = result["completion_ids"][index], result["env_mask"][index], result["logprobs"][index]
            self.assertEqual(len(completion), len(mask))
            self.assertEqual(len(completion), len(logprobs))
            self.assertIn(0, mask)
            self.assertEqual(mask[-1], 1)
            # Model tokens carry the policy's logprobs, environment tokens 0.
            self.assertTrue(all((lp == -0.5) == (m == 1) for lp, m in zip(logprobs, mask)))
            text = tokenizer.decode(result["prompt_ids"][index] + completion)
            self.assertTrue(text.startswith(tokenizer.apply_chat_template(prompt, add_generation_prompt=True)))
            turns = sum(1 for position, m in enumerate(mask) if m == 1 and (position == 0 or mask[position - 1] == 0))
            self.assertEqual(text.count("<|im_start|>assistant\n"), turns)
            self.assertTrue(0.0 <= result["env_reward"][index] <= 1.0)
        # Both members of a group start from the same persona and opening and, with the same replies, agree.
        self.assertEqual(result["env_reward"][0], result["env_reward"][1])
        self.assertEqual(reward_from_env([None] * 4, env_reward=result["env_reward"]), result["env_reward"])
        self.assertEqual(client.request("GET", "/v1/stats")["open_episodes"], open_before)


if __name__ == "__main__":
    unittest.main()
