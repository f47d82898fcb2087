"""verl adapter: the simulated user as a ``BaseInteraction`` (multi-turn rollouts with ``tool_agent``).

Register it in an interaction config (``configs/verl_interaction.yaml``) and give every dataset row
``extra_info.interaction_kwargs`` = ``{"name": "rlver_user", "scenario_id": ..., "seed": ..., "opening": ...}``
(``python -m rlver_env.prepare_dataset`` writes such rows). The reward of a turn is 0 until the simulated user ends
the dialogue, then its final emotion / 100; ``rlver_env.verl_reward.compute_score`` turns it into the sample reward.
"""

from __future__ import annotations

import uuid
from collections import deque
from typing import Any, Dict, List, Optional, Tuple

from verl.interactions.base import BaseInteraction

from .client import AsyncRlverEnvClient, default_base_url


def last_assistant_content(messages: List[Dict[str, Any]]) -> str:
    """Text of the last assistant message (content parts are joined)."""
    for message in reversed(messages):
        if message.get("role") == "assistant":
            content = message.get("content") or ""
            if isinstance(content, list):
                return "".join(str(part.get("text", "")) for part in content if isinstance(part, dict))
            return str(content)
    return ""


class RlverUserInteraction(BaseInteraction):
    """One rlver-serve episode per verl interaction instance.

    Config keys (all optional): ``base_url`` (default ``$RLVER_SERVER_URL`` or http://127.0.0.1:8800),
    ``timeout`` (seconds per request, default 300), ``preset``/``lang``/``max_turns`` (defaults for rows that do not
    set them).
    """

    def __init__(self, config: Dict[str, Any]) -> None:
        super().__init__(config)
        self.client = AsyncRlverEnvClient(config.get("base_url") or default_base_url(), timeout=float(config.get("timeout", 300)))
        self._defaults = {key: config[key] for key in ("preset", "lang", "max_turns") if config.get(key) is not None}
        self._instances: Dict[str, Dict[str, Any]] = {}
        self._latest: Optional[str] = None
        # Finished instances whose score may still be read; the oldest are forgotten past this many.
        self._finished: deque = deque()
        self._keep_finished = int(config.get("keep_finished", 10_000))

    async def start_interaction(self, instance_id: Optional[str] = None, **kwargs: Any) -> str:
        """Create the episode from the row's ``interaction_kwargs`` (scenario_id, seed, opening, preset, …)."""
        if instance_id is None:
            instance_id = str(uuid.uuid4())
        start = await self.client.create_episode({**self._defaults, **kwargs})
        self._instances[instance_id] = {
            "episode_id": start["episode_id"],
            "done": False,
            "reward": 0.0,
            "emotion": start["emotion"],
        }
        self._latest = instance_id
        return instance_id

    async def generate_response(
        self, instance_id: str, messages: List[Dict[str, Any]], **kwargs: Any
    ) -> Tuple[bool, str, float, Dict[str, Any]]:
        """Step with the last assistant message: ``(done, user_text, turn_score, extra)``."""
        instance = self._instances[instance_id]
        self._latest = instance_id
        if instance["done"]:
            return True, "", float(instance["reward"]), {"episode_id": instance["episode_id"]}
        result = await self.client.step(instance["episode_id"], last_assistant_content(messages))
        instance.update(done=result["done"], reward=float(result["reward"]), emotion=result["info"]["emotion"])
        if result["done"]:
            # verl's ToolAgentLoop never calls finalize_interaction: free the server's episode as soon as it ends.
            await self.client.delete(instance["episode_id"])
            self._finished.append(instance_id)
            while len(self._finished) > self._keep_finished:
                self._instances.pop(self._finished.popleft(), None)
        observation = result["observation"]
        extra = {"episode_id": instance["episode_id"], **result["info"]}
        return result["done"], observation["content"] if observation else "", float(result["reward"]), extra

    async def calculate_score(self, instance_id: Optional[str] = None, **kwargs: Any) -> float:
        """The instance's reward so far (final emotion / 100 once done); without an id, the latest instance's."""
        key = instance_id or self._latest
        return float(self._instances[key]["reward"]) if key in self._instances else 0.0

    async def finalize_interaction(self, instance_id: Optional[str] = None, **kwargs: Any) -> None:
        """Delete the instance's episode on the server; without an id, every episode this interaction opened."""
        keys = [instance_id] if instance_id is not None else list(self._instances)
        for key in keys:
            instance = self._instances.pop(key, None)
            if instance is not None:
                await self.client.delete(instance["episode_id"])
