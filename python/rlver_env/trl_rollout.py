"""TRL adapter: a multi-turn ``rollout_func`` for ``GRPOTrainer`` (``GRPOTrainer(..., rollout_func=...)``).

For the prompts of one generation batch it opens one rlver-serve episode per prompt (consecutive copies of a prompt,
TRL's ``num_generations``, form one group: same persona and opening), then alternates: the policy generates a reply
for every live dialogue at once (``trl.experimental.openenv.generate_rollout_completions``, vLLM), the simulated user
answers, its answer is rendered through the chat template and appended as environment tokens. It returns
``prompt_ids``, ``completion_ids`` and ``logprobs`` (required by TRL), ``env_mask`` (1 for model tokens, 0 for the
user's), and ``env_reward`` (final emotion / 100) which TRL forwards to reward functions such as
:func:`reward_from_env`.
"""

from __future__ import annotations

import uuid
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence

from .chat_template import render_environment_turn, strip_special_tokens
from .client import RlverEnvClient, default_base_url

GenerateFn = Callable[[Any, List[str]], List[Dict[str, Any]]]


def _default_generate(trainer: Any, prompts: List[str]) -> List[Dict[str, Any]]:
    from trl.experimental.openenv import generate_rollout_completions

    return list(generate_rollout_completions(trainer, prompts))


def _messages_of(prompt: Any) -> List[Dict[str, str]]:
    if isinstance(prompt, str):
        return [{"role": "user", "content": prompt}]
    return [{"role": str(message["role"]), "content": str(message["content"])} for message in prompt]


def make_rollout_func(
    base_url: Optional[str] = None,
    *,
    episode_specs: Optional[Mapping[str, Mapping[str, Any]]] = None,
    max_turns: int = 16,
    generate: Optional[GenerateFn] = None,
    client: Optional[RlverEnvClient] = None,
    max_concurrency: int = 256,
) -> Callable[[List[Any], Any], Dict[str, List[Any]]]:
    """Build the ``rollout_func``.

    ``episode_specs`` maps an opening message to its episode spec (``load_episode_specs`` of a prepare_dataset file);
    a prompt whose opening is not there gets a scenario drawn by the server with that opening pinned.
    ``generate(trainer, prompt_texts)`` returns one dict per prompt with ``prompt_ids``, ``completion_ids``,
    ``logprobs`` and ``text`` (default: TRL's vLLM helper). Server calls of different dialogues run in parallel
    (up to ``max_concurrency``), so an LLM-backed user costs one round of calls per turn, not one per dialogue.
    """
    rlver = client or RlverEnvClient(base_url or default_base_url())
    specs = episode_specs or {}
    generate_fn = generate or _default_generate

    def rollout_func(prompts: List[Any], trainer: Any) -> Dict[str, List[Any]]:
        tokenizer = trainer.processing_class
        batch_id = uuid.uuid4().hex[:12]
        specs_of_prompts: List[Dict[str, Any]] = []
        histories: List[List[Dict[str, str]]] = []
        previous_key: Optional[str] = None
        group = -1
        for prompt in prompts:
            messages = _messages_of(prompt)
            opening = messages[-1]["content"]
            key = repr(messages)
            group += 0 if key == previous_key else 1
            previous_key = key
            spec = dict(specs.get(opening, {}))
            spec.update(opening=opening, group_id=f"trl-{batch_id}-{group}")
            specs_of_prompts.append(spec)
            histories.append(messages)
        with ThreadPoolExecutor(max_workers=max(1, min(max_concurrency, len(prompts)))) as pool:
            starts = list(pool.map(rlver.create_episode, specs_of_prompts))
            episodes = [
                {"id": start["episode_id"], "messages": messages, "prompt_ids": None, "completion_ids": [], "logprobs": [], "env_mask": [], "reward": 0.0, "emotion": start["emotion"], "done": False}
                for start, messages in zip(starts, histories)
            ]
            try:
                for _ in range(max_turns):
                    live = [episode for episode in episodes if not episode["done"]]
                    if not live:
                        break
                    texts = [tokenizer.apply_chat_template(episode["messages"], tokenize=False, add_generation_prompt=True) for episode in live]
                    outputs = generate_fn(trainer, texts)
                    list(pool.map(lambda pair: _advance(rlver, tokenizer, pair[0], pair[1]), zip(live, outputs)))
            finally:
                list(pool.map(lambda episode: rlver.delete(episode["id"]), episodes))
        return {
            "prompt_ids": [episode["prompt_ids"] or [] for episode in episodes],
            "completion_ids": [episode["completion_ids"] for episode in episodes],
            "logprobs": [episode["logprobs"] for episode in episodes],
            "env_mask": [episode["env_mask"] for episode in episodes],
            "env_reward": [episode["reward"] for episode in episodes],
            "final_emotion": [episode["emotion"] for episode in episodes],
        }

    return rollout_func


def _advance(rlver: RlverEnvClient, tokenizer: Any, episode: Dict[str, Any], output: Mapping[str, Any]) -> None:
    """Append one generated reply, step the episode, and append the user's answer as environment tokens."""
    if episode["prompt_ids"] is None:
        episode["prompt_ids"] = list(output["prompt_ids"])
    completion = list(output["completion_ids"])
    episode["completion_ids"] += completion
    episode["logprobs"] += list(output.get("logprobs") or [0.0] * len(completion))
    episode["env_mask"] += [1] * len(completion)
    raw = str(output["text"])
    result = rlver.step(episode["id"], strip_special_tokens(tokenizer, raw))
    user_text = result["observation"]["content"] if result["observation"] else None
    episode.update(done=result["done"], reward=float(result["reward"]), emotion=result["info"]["emotion"])
    feedback = render_environment_turn(tokenizer, episode["messages"], raw, user_text, add_generation_prompt=not result["done"])
    episode["messages"] = [*episode["messages"], {"role": "assistant", "content": strip_special_tokens(tokenizer, raw)}]
    if user_text is not None:
        episode["messages"].append({"role": "user", "content": user_text})
    if not result["done"]:
        ids = list(tokenizer.encode(feedback, add_special_tokens=False))
        episode["completion_ids"] += ids
        episode["logprobs"] += [0.0] * len(ids)
        episode["env_mask"] += [0] * len(ids)


def reward_from_env(completions: Sequence[Any], env_reward: Optional[Sequence[float]] = None, **kwargs: Any) -> List[float]:
    """TRL reward function: the simulated user's final emotion / 100 that ``rollout_func`` returned."""
    if env_reward is None:
        raise ValueError("reward_from_env needs the env_reward column; pass rollout_func=make_rollout_func(...) to GRPOTrainer")
    return [float(reward) for reward in env_reward]
