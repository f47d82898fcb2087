"""Shared test support: the live rlver-serve on loopback, framework test doubles, a ChatML tokenizer double.

The adapter tests talk to the real TypeScript server. ``RLVER_SERVER_URL`` names a running one (the TS test suite
starts one and passes it); otherwise the first test starts ``apps/serve/src/cli.ts --port 0`` with node + tsx and
stops it at exit. Run them with ``python3 -m unittest discover -s python/tests`` or ``pytest python/tests``.
"""

from __future__ import annotations

import atexit
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, List, Optional

PYTHON_ROOT = Path(__file__).resolve().parents[1]
REPO_ROOT = PYTHON_ROOT.parent
DOUBLES = Path(__file__).resolve().parent / "doubles"
if str(PYTHON_ROOT) not in sys.path:
    sys.path.insert(0, str(PYTHON_ROOT))

_server_url: Optional[str] = None


def use_framework(module: str) -> str:
    """Import the real framework when installed; else put the test doubles (same signatures) on the path.

    Returns ``"real"`` or ``"double"``. The doubles are appended to ``sys.path``, so an installed framework wins.
    """
    try:
        __import__(module)
        return "real" if not getattr(sys.modules[module], "__rlver_test_double__", False) else "double"
    except ImportError:
        if str(DOUBLES) not in sys.path:
            sys.path.append(str(DOUBLES))
        __import__(module)
        return "double"


def server_url() -> str:
    """URL of a live rlver-serve (offline simulated user)."""
    global _server_url
    if _server_url:
        return _server_url
    if os.environ.get("RLVER_SERVER_URL"):
        _server_url = os.environ["RLVER_SERVER_URL"].rstrip("/")
        return _server_url
    command = ["node", "--conditions=source", "--import", "tsx", "src/cli.ts", "--port", "0", "--preset", "rlver-train"]
    process = subprocess.Popen(command, cwd=REPO_ROOT / "apps" / "serve", stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None

    def stop() -> None:
        process.terminate()
        process.wait(timeout=10)
        if process.stdout is not None:
            process.stdout.close()

    atexit.register(stop)
    line = process.stdout.readline().strip()
    if not line.startswith("listening on "):
        raise RuntimeError(f"rlver-serve did not start: {line!r}")
    _server_url = line[len("listening on ") :]
    os.environ["RLVER_SERVER_URL"] = _server_url
    return _server_url


class ChatMLTokenizer:
    """Tokenizer double: a ChatML chat template (as Qwen's) and one token per character."""

    all_special_tokens = ["<|im_start|>", "<|im_end|>", "<|endoftext|>"]
    eos_token = "<|im_end|>"

    def apply_chat_template(
        self, messages: List[Dict[str, Any]], tokenize: bool = False, add_generation_prompt: bool = False, **kwargs: Any
    ) -> Any:
        text = "".join(f"<|im_start|>{m['role']}\n{m['content']}<|im_end|>\n" for m in messages)
        if add_generation_prompt:
            text += "<|im_start|>assistant\n"
        return self.encode(text) if tokenize else text

    def encode(self, text: str, add_special_tokens: bool = False) -> List[int]:
        return [ord(character) for character in text]

    def decode(self, ids: List[int], skip_special_tokens: bool = False) -> str:
        text = "".join(chr(token) for token in ids)
        if skip_special_tokens:
            for token in self.all_special_tokens:
                text = text.replace(token, "")
        return text

    def __call__(self, text: str, add_special_tokens: bool = False, **kwargs: Any) -> Dict[str, List[int]]:
        return {"input_ids": self.encode(text)}


# Replies of a scripted policy (Chinese: the server draws zh scenarios by default); the first carries a think block.
POLICY_REPLIES = [
    "<think>先共情</think>听起来你真的很辛苦，后来怎么样了？",
    "我能感觉到这件事让你很难受。",
    "你会这样想太正常了，换谁都会难过。",
    "你一直扛着这么多，现在还好吗？",
]


def prepared_rows(count: int = 2, max_turns: int = 3, seed_start: int = 40) -> List[Dict[str, Any]]:
    """Dataset rows from ``prepare_dataset`` against the live server."""
    from rlver_env.client import RlverEnvClient
    from rlver_env.prepare_dataset import prepare_rows

    return prepare_rows(RlverEnvClient(server_url()), count=count, seed_start=seed_start, max_turns=max_turns)
