"""verl ``custom_reward_function``: the sample reward is the simulated user's final emotion / 100.

The interaction scores every turn 0 until the dialogue ends and final / 100 on the last one, so the sum of the turn
scores is the episode reward. verl hands them over as ``extra_info["turn_scores"]`` (agent loop) or
``extra_info["rollout_reward_scores"]["user_turn_rewards"]`` (SGLang rollout); both are read here.
"""

from __future__ import annotations

from typing import Any, Dict, Iterable, Optional


def _turn_scores(extra_info: Dict[str, Any], kwargs: Dict[str, Any]) -> Optional[Iterable[Any]]:
    candidates = [
        extra_info.get("turn_scores"),
        (extra_info.get("rollout_reward_scores") or {}).get("user_turn_rewards")
        if isinstance(extra_info.get("rollout_reward_scores"), dict)
        else None,
        kwargs.get("turn_scores"),
        (kwargs.get("reward_scores") or {}).get("user_turn_rewards") if isinstance(kwargs.get("reward_scores"), dict) else None,
    ]
    return next((scores for scores in candidates if scores is not None), None)


def compute_score(
    data_source: str,
    solution_str: str,
    ground_truth: Any,
    extra_info: Optional[Dict[str, Any]] = None,
    **kwargs: Any,
) -> float:
    """Sum of the interaction's turn scores (= final emotion / 100 when the user ended the dialogue, else 0)."""
    scores = _turn_scores(extra_info or {}, kwargs)
    if scores is None:
        return 0.0
    return float(sum(float(score) for score in scores if score is not None))
