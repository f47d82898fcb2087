"""Test double of verl's ``BaseInteraction`` with the same method signatures (see tests/doubles/README.md)."""

from __future__ import annotations

import uuid
from typing import Any, Dict, List, Optional, Tuple


class BaseInteraction:
    def __init__(self, config: Dict[str, Any]) -> None:
        self.config = config
        self.name: str = config.get("name", "interaction_agent")

    async def start_interaction(self, instance_id: Optional[str] = None, **kwargs: Any) -> str:
        return instance_id if instance_id is not None else str(uuid.uuid4())

    async def generate_response(
        self, instance_id: str, messages: List[Dict[str, Any]], **kwargs: Any
    ) -> Tuple[bool, str, float, Dict[str, Any]]:
        return False, "", 0.0, {}

    async def calculate_score(self) -> float:
        return 0.0

    async def finalize_interaction(self) -> None:
        return None
