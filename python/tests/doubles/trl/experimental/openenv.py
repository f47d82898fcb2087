"""Test double of ``trl.experimental.openenv.generate_rollout_completions`` (same signature).

The real helper generates with the trainer's vLLM backend; this one asks ``trainer.generation_backend`` (a scripted
policy in the tests) and returns the same fields: ``prompt_ids``, ``completion_ids``, ``logprobs``, ``text``.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional


def generate_rollout_completions(
    trainer: Any,
    prompts: List[Any],
    *,
    generation_overrides: Optional[Dict[str, Any]] = None,
    as_chat: Optional[bool] = None,
) -> List[Dict[str, Any]]:
    if not prompts:
        return []
    return list(
        trainer.generation_backend.generate_rollout_completions(
            prompts=prompts,
            processing_class=trainer.processing_class,
            generation_overrides=generation_overrides,
            as_chat=as_chat,
        )
    )
