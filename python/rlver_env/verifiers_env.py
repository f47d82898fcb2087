"""verifiers adapter: the simulated user as a ``vf.MultiTurnEnv``.

``setup_state`` opens an rlver-serve episode from the row's ``info`` (the spec written by
``python -m rlver_env.prepare_dataset``: scenario_id, seed, opening, …); ``env_response`` steps it with the model's
reply and answers with the user's message; the ``user_ended_dialogue`` stop condition fires when the simulated user
ends the dialogue (goodbye, emotion floor or ceiling, turn cap); the rubric's reward is final emotion / 100, with the
final emotion and the turn count as zero-weight metrics. ``load_environment`` builds it the verifiers way.
"""

from __future__ import annotations

from typing import Any, List, Optional

import verifiers as vf
from verifiers.types import Messages, State

from .client import AsyncRlverEnvClient, default_base_url


def _text(content: Any) -> str:
    if isinstance(content, list):
        return "".join(str(part.get("text", "")) for part in content if isinstance(part, dict))
    return str(content or "")


class RlverUserEnv(vf.MultiTurnEnv):
    """A multi-turn dialogue whose user is rlver-serve's simulated user."""

    def __init__(self, base_url: Optional[str] = None, max_turns: int = 20, **kwargs: Any) -> None:
        super().__init__(max_turns=max_turns, **kwargs)
        self.rlver = AsyncRlverEnvClient(base_url or default_base_url())

    async def setup_state(self, state: State, **kwargs: Any) -> State:
        info = state.get("info") or {}
        spec = info.get("rlver", info) if isinstance(info, dict) else {}
        start = await self.rlver.create_episode(spec)
        state["rlver"] = {
            "episode_id": start["episode_id"],
            "done": False,
            "reward": 0.0,
            "emotion": start["emotion"],
            "turn": 0,
            "end_reason": None,
        }
        return await super().setup_state(state, **kwargs)

    @vf.stop
    async def user_ended_dialogue(self, state: State) -> bool:
        return bool(state.get("rlver", {}).get("done"))

    async def env_response(self, messages: Messages, state: State, **kwargs: Any) -> Messages:
        rlver = state["rlver"]
        reply = next((_text(message.get("content")) for message in reversed(messages) if message.get("role") == "assistant"), "")
        result = await self.rlver.step(rlver["episode_id"], reply)
        info = result["info"]
        rlver.update(done=result["done"], reward=float(result["reward"]), emotion=info["emotion"], turn=info["turn"], end_reason=info["end_reason"])
        observation = result["observation"]
        return [] if observation is None else [{"role": "user", "content": observation["content"]}]

    @vf.cleanup
    async def delete_episode(self, state: State) -> None:
        rlver = state.get("rlver")
        if rlver:
            await self.rlver.delete(rlver["episode_id"])


async def emotion_reward(state: State, **kwargs: Any) -> float:
    """Final emotion / 100 once the user ended the dialogue (0 for a dialogue cut off by max_turns)."""
    return float(state.get("rlver", {}).get("reward", 0.0))


async def final_emotion(state: State, **kwargs: Any) -> float:
    return float(state.get("rlver", {}).get("emotion", 0.0))


async def dialogue_turns(state: State, **kwargs: Any) -> float:
    return float(state.get("rlver", {}).get("turn", 0))


def load_environment(base_url: Optional[str] = None, dataset: Any = None, max_turns: int = 20, **kwargs: Any) -> RlverUserEnv:
    """The environment with the emotion rubric; ``dataset`` rows need ``prompt`` and ``info`` (see prepare_dataset)."""
    rubric = vf.Rubric(funcs=[emotion_reward, final_emotion, dialogue_turns], weights=[1.0, 0.0, 0.0])
    return RlverUserEnv(base_url=base_url, max_turns=max_turns, dataset=dataset, rubric=rubric, **kwargs)


__all__: List[str] = ["RlverUserEnv", "dialogue_turns", "emotion_reward", "final_emotion", "load_environment"]
