"""Render the simulated user's answer through the policy's chat template (OpenRLHF and TRL append it as tokens)."""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence

Message = Dict[str, str]


def strip_special_tokens(tokenizer: Any, text: str) -> str:
    """The reply without the tokenizer's special tokens (``<|im_end|>``, ``</s>``, …), trimmed."""
    for token in getattr(tokenizer, "all_special_tokens", None) or []:
        if token:
            text = text.replace(token, "")
    return text.strip()


def _unclosed_part(raw_action: str, closing: str) -> str:
    """The part of the assistant turn's closing (e.g. ``<|im_end|>\\n``) that the generated text does not end with."""
    for length in range(len(closing), 0, -1):
        if raw_action.endswith(closing[:length]):
            return closing[length:]
    return closing


def render_environment_turn(
    tokenizer: Any,
    history: Sequence[Message],
    raw_action: str,
    user_text: Optional[str],
    *,
    add_generation_prompt: bool,
) -> str:
    """Text to append after the model's raw output so that prompt + outputs + this text equals the chat template of
    ``history + [assistant, user]`` (and the generation prompt when the dialogue goes on).

    It is the closing of the assistant turn that the model did not generate itself, then the user turn, both as the
    tokenizer's own template writes them (``apply_chat_template``), so any model family renders correctly.
    """
    reply = strip_special_tokens(tokenizer, raw_action)
    with_reply: List[Message] = [*history, {"role": "assistant", "content": reply}]
    base: str = tokenizer.apply_chat_template(with_reply, tokenize=False)
    full_messages = with_reply if user_text is None else [*with_reply, {"role": "user", "content": user_text}]
    full: str = tokenizer.apply_chat_template(full_messages, tokenize=False, add_generation_prompt=add_generation_prompt)
    tail = full[len(base) :] if full.startswith(base) else ""
    position = base.rfind(reply) if reply else -1
    closing = base[position + len(reply) :] if position >= 0 else ""
    return _unclosed_part(raw_action, closing) + tail
