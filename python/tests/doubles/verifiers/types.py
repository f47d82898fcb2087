"""Test double of ``verifiers.types``: chat messages and the rollout state dict."""

from typing import Any, Dict, List

Messages = List[Dict[str, Any]]
State = Dict[str, Any]
