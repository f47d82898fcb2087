"""Typed shapes of the rlver-serve REST API (mirrors apps/serve/src/api/rest-schemas.ts)."""

from __future__ import annotations

from typing import Any, Dict, List, Optional, TypedDict


class UserObservation(TypedDict):
    role: str
    content: str


class EpisodeStart(TypedDict):
    """Answer of create and fork."""

    episode_id: str
    observation: Optional[UserObservation]
    emotion: float
    done: bool
    scenario_id: str
    seed: int
    group_id: Optional[str]
    system_prompt: str


class StepInfo(TypedDict):
    emotion: float
    delta: float
    turn: int
    end_reason: Optional[str]
    inner_thoughts: str


class StepResult(TypedDict):
    """Answer of a step: `reward` is final emotion / 100 when done, else 0."""

    observation: Optional[UserObservation]
    reward: float
    done: bool
    info: StepInfo


class TranscriptMessage(TypedDict):
    role: str
    content: str


class EpisodeView(TypedDict):
    episode_id: str
    status: str
    done: bool
    scenario_id: str
    seed: int
    group_id: Optional[str]
    preset: str
    lang: str
    system_prompt: str
    transcript: List[TranscriptMessage]
    emotion: float
    emotion_trajectory: List[float]
    turn: int
    end_reason: Optional[str]
    reward: Optional[float]
    created_at: str
    last_active_at: str


class EpisodeSpec(TypedDict, total=False):
    """Fields of `POST /v1/episodes` (all optional): which simulated user to talk to."""

    profile: Dict[str, Any]
    scenario_id: str
    lang: str
    preset: str
    seed: int
    max_turns: int
    group_id: str
    opening: str


EPISODE_SPEC_FIELDS = ("profile", "scenario_id", "lang", "preset", "seed", "max_turns", "group_id", "opening")

__all__ = [
    "EPISODE_SPEC_FIELDS",
    "EpisodeSpec",
    "EpisodeStart",
    "EpisodeView",
    "StepInfo",
    "StepResult",
    "TranscriptMessage",
    "UserObservation",
]
