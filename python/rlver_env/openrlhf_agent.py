"""OpenRLHF adapter: pass this file as ``--train.agent_func_path`` (older releases: ``--agent_func_path``).

``AgentExecutor`` is OpenRLHF's ``MultiTurnAgentExecutor`` over ``AgentInstance``: one rlver-serve episode per
sample. The dataset's label (``--label_key label``) is the episode spec as JSON, written by
``python -m rlver_env.prepare_dataset``; the prompt (``--input_key prompt`` with ``--apply_chat_template``) already
holds the opening. Each simulated-user answer is rendered through the policy's own chat template (the end of the
assistant turn the model did not generate, the user turn, and the generation prompt), so the token stream is exactly
what the model would see at inference. The server is ``$RLVER_SERVER_URL`` (default http://127.0.0.1:8800).
"""

from __future__ import annotations

import contextvars
import inspect
import json
from typing import Any, Dict, List, Optional

from openrlhf.utils.agent import AgentInstanceBase, MultiTurnAgentExecutor

from .chat_template import render_environment_turn, strip_special_tokens
from .client import AsyncRlverEnvClient, default_base_url

_TOKENIZER: contextvars.ContextVar[Any] = contextvars.ContextVar("rlver_tokenizer", default=None)


class _Scalar:
    """A number with ``.item()`` (what OpenRLHF reads from ``rewards``) when torch is not importable."""

    def __init__(self, value: float) -> None:
        self.value = float(value)

    def item(self) -> float:
        return self.value


def _scalar(value: float) -> Any:
    try:
        import torch  # type: ignore[import-not-found]
    except ImportError:
        return _Scalar(value)
    return torch.tensor(float(value))


def _spec_of(label: Any) -> Dict[str, Any]:
    if isinstance(label, dict):
        return dict(label)
    if isinstance(label, str) and label.strip().startswith("{"):
        return dict(json.loads(label))
    return {}


class AgentInstance(AgentInstanceBase):
    """One dialogue with the simulated user."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.client = AsyncRlverEnvClient.shared(default_base_url())
        self.tokenizer = _TOKENIZER.get()
        self.episode_id: Optional[str] = None
        self.history: List[Dict[str, str]] = []

    async def reset(self, states: Dict[str, Any], **kwargs: Any) -> Dict[str, Any]:
        start = await self.client.create_episode(_spec_of(states.get("label")))
        self.episode_id = start["episode_id"]
        opening = start["observation"]["content"] if start["observation"] else ""
        self.history = [{"role": "system", "content": start["system_prompt"]}, {"role": "user", "content": opening}]
        return {"observation": states["observation"]}

    async def step(self, states: Dict[str, Any], **kwargs: Any) -> Dict[str, Any]:
        assert self.episode_id is not None, "reset() must run before step()"
        action_text = str(states["action_text"])
        reply = strip_special_tokens(self.tokenizer, action_text) if self.tokenizer is not None else action_text.strip()
        result = await self.client.step(self.episode_id, reply)
        user_text = result["observation"]["content"] if result["observation"] else None
        done = bool(result["done"])
        feedback = (
            render_environment_turn(self.tokenizer, self.history, action_text, user_text, add_generation_prompt=not done)
            if self.tokenizer is not None
            else f"\n{user_text or ''}\n"
        )
        self.history += [{"role": "assistant", "content": reply}]
        if user_text is not None:
            self.history.append({"role": "user", "content": user_text})
        if done:
            await self.client.delete(self.episode_id)
        reward = float(result["reward"])
        return {
            "rewards": _scalar(reward),
            "scores": _scalar(reward),
            "environment_feedback": feedback,
            "done": done,
            "sampling_params": states.get("sampling_params"),
            "extra_logs": {"emotion": _scalar(result["info"]["emotion"]), "turn": _scalar(result["info"]["turn"])},
        }


class AgentExecutor(MultiTurnAgentExecutor):
    """OpenRLHF's multi-turn executor over :class:`AgentInstance`; hands the policy's tokenizer to each instance."""

    def __init__(self) -> None:
        super().__init__(AgentInstance)

    async def execute(self, prompt: Any, label: Any, sampling_params: Any, max_length: int, hf_tokenizer: Any, llm_engine: Any, images: Any = None) -> Dict[str, Any]:
        token = _TOKENIZER.set(hf_tokenizer)
        try:
            parent = super().execute
            if "images" in inspect.signature(parent).parameters:
                return await parent(prompt, label, sampling_params, max_length, hf_tokenizer, llm_engine, images=images)
            return await parent(prompt, label, sampling_params, max_length, hf_tokenizer, llm_engine)
        finally:
            _TOKENIZER.reset(token)
