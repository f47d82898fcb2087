"""Test double of verifiers' multi-turn API (see tests/doubles/README.md).

Same shapes as verifiers' ``MultiTurnEnv``: ``setup_state(state, **kwargs) -> State``, ``env_response(messages,
state, **kwargs) -> Messages``, methods marked ``@stop`` are the stop conditions (checked before every model turn and
after every model reply), methods marked ``@cleanup`` run after the rollout, and ``Rubric(funcs, weights)`` calls
each function with the rollout arguments it names. ``rollout(client, model, prompt, ...)`` asks an
``AsyncOpenAI``-shaped client (``client.chat.completions.create``) for each reply.
"""

from __future__ import annotations

import inspect
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from .types import Messages, State

__rlver_test_double__ = True


def stop(function: Optional[Callable[..., Any]] = None, *, priority: int = 0) -> Any:
    def mark(inner: Callable[..., Any]) -> Callable[..., Any]:
        setattr(inner, "__vf_stop__", priority)
        return inner

    return mark(function) if function is not None else mark


def cleanup(function: Callable[..., Any]) -> Callable[..., Any]:
    setattr(function, "__vf_cleanup__", True)
    return function


class Rubric:
    def __init__(self, funcs: Optional[Sequence[Callable[..., Any]]] = None, weights: Optional[Sequence[float]] = None, **kwargs: Any) -> None:
        self.funcs = list(funcs or [])
        self.weights = list(weights or [1.0] * len(self.funcs))

    async def score_rollout(self, prompt: Messages, completion: Messages, answer: str, state: State, info: Optional[Dict[str, Any]] = None, **kwargs: Any) -> Dict[str, Any]:
        available = {"prompt": prompt, "completion": completion, "answer": answer, "state": state, "info": info or {}}
        metrics: Dict[str, float] = {}
        for function in self.funcs:
            parameters = inspect.signature(function).parameters
            arguments = {name: value for name, value in available.items() if name in parameters}
            value = function(**arguments)
            metrics[function.__name__] = float(await value if inspect.isawaitable(value) else value)
        reward = sum(weight * metrics[function.__name__] for function, weight in zip(self.funcs, self.weights))
        return {"reward": reward, "metrics": metrics}


class Environment:
    def __init__(self, dataset: Any = None, eval_dataset: Any = None, system_prompt: Optional[str] = None, rubric: Optional[Rubric] = None, **kwargs: Any) -> None:
        self.dataset = dataset
        self.eval_dataset = eval_dataset
        self.system_prompt = system_prompt
        self.rubric = rubric or Rubric()


class MultiTurnEnv(Environment):
    def __init__(self, max_turns: int = -1, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.max_turns = max_turns

    def _marked(self, marker: str) -> List[Callable[..., Any]]:
        methods = [getattr(self, name) for name in dir(type(self)) if not name.startswith("__")]
        return [method for method in methods if callable(method) and hasattr(method, marker)]

    async def setup_state(self, state: State, **kwargs: Any) -> State:
        return state

    async def env_response(self, messages: Messages, state: State, **kwargs: Any) -> Messages:
        raise NotImplementedError

    async def is_completed(self, state: State) -> bool:
        if self.max_turns > 0 and state["turn"] >= self.max_turns:
            return True
        for condition in sorted(self._marked("__vf_stop__"), key=lambda method: -getattr(method, "__vf_stop__")):
            if await condition(state):
                return True
        return False

    async def rollout(self, client: Any, model: str, prompt: Messages, answer: str = "", task: str = "default", info: Optional[Dict[str, Any]] = None, **kwargs: Any) -> Tuple[Messages, State]:
        state: State = {"prompt": prompt, "completion": [], "answer": answer, "task": task, "info": info or {}, "turn": 0, "responses": []}
        state = await self.setup_state(state)
        try:
            while not await self.is_completed(state):
                context = [*state["prompt"], *state["completion"]]
                response = await client.chat.completions.create(model=model, messages=context)
                state["responses"].append(response)
                state["completion"].append({"role": "assistant", "content": response.choices[0].message.content or ""})
                state["turn"] += 1
                if await self.is_completed(state):
                    break
                state["completion"] += await self.env_response([*state["prompt"], *state["completion"]], state)
        finally:
            for method in self._marked("__vf_cleanup__"):
                await method(state)
        return state["completion"], state
