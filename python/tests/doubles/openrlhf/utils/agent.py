"""Test double of OpenRLHF's agent API (``AgentInstanceBase``, ``MultiTurnAgentExecutor``) with the same signatures.

``execute`` follows the real executor's loop: reset the instance with ``{"observation": prompt, "label": label}``,
tokenize the observation, then generate an action, call ``step`` with ``observation_text``/``action_text``/``label``/
``sampling_params``, add ``rewards.item()``, append the action and the environment feedback tokens, until ``done`` or
the length budget is spent. ``llm_engine.generate(prompt_token_ids, sampling_params)`` returns ``token_ids`` and
``text`` here (vLLM's request output in the real one).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Dict, List, Tuple


class AgentExecutorBase(ABC):
    @abstractmethod
    async def execute(self, prompt, label, sampling_params, max_length: int, hf_tokenizer, llm_engine, images=None):  # type: ignore[no-untyped-def]
        raise NotImplementedError


class AgentInstanceBase(ABC):
    @abstractmethod
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        pass

    async def reset(self, states: dict, **kwargs: Any) -> dict:
        return states

    @abstractmethod
    async def step(self, state_dict: dict, **kwargs: Any) -> dict:
        raise NotImplementedError


class MultiTurnAgentExecutor(AgentExecutorBase):
    def __init__(self, agent_instance_cls: type) -> None:
        assert issubclass(agent_instance_cls, AgentInstanceBase), "AgentInstance must inherit from AgentInstanceBase"
        self.agent_instance_cls = agent_instance_cls

    async def execute(self, prompt, label, sampling_params, max_length: int, hf_tokenizer, llm_engine, images=None):  # type: ignore[no-untyped-def]
        agent_instance = self.agent_instance_cls()
        reset_result = await agent_instance.reset({"observation": prompt, "label": label})
        observation_text: str = reset_result["observation"]
        tokens: List[int] = hf_tokenizer(observation_text, add_special_tokens=False)["input_ids"]
        action_ranges: List[Tuple[int, int]] = []
        total_reward = 0.0
        extra_logs: Dict[str, Any] = {}
        while len(tokens) < max_length:
            output = await llm_engine.generate(tokens, sampling_params)
            action_tokens: List[int] = output["token_ids"]
            action_text: str = output["text"]
            action_ranges.append((len(tokens), len(tokens) + len(action_tokens)))
            step_result = await agent_instance.step(
                {"observation_text": observation_text, "action_text": action_text, "label": label, "sampling_params": sampling_params}
            )
            total_reward += step_result["rewards"].item()
            feedback: str = step_result["environment_feedback"]
            extra_logs = step_result.get("extra_logs", {})
            observation_text = observation_text + action_text + feedback
            tokens = tokens + action_tokens + hf_tokenizer(feedback, add_special_tokens=False)["input_ids"]
            if step_result["done"]:
                break
        return {
            "prompt": prompt,
            "label": label,
            "reward": total_reward,
            "scores": total_reward,
            "observation_tokens": tokens,
            "observation_text": observation_text,
            "action_ranges": action_ranges,
            "extra_logs": extra_logs,
        }
