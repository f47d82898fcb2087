"""Pre-generate the opening messages of a training set from rlver-serve, as one JSONL file usable by every adapter.

Each row has
- ``prompt``: ``[system, user opener]`` chat messages (what the policy sees first),
- ``extra_info.interaction_kwargs`` (verl: ``name``, ``scenario_id``, ``seed``, ``preset``, ``opening``),
- ``agent_name: tool_agent`` (verl's agent loop), ``data_source``, ``reward_model`` (verl's reward manager),
- ``label``: the same episode spec as a JSON string (OpenRLHF ``--label_key label``),
- ``info``: the episode spec as a dict (verifiers, TRL ``load_episode_specs``).
The ``opening`` is replayed on every rollout of the row, so the LLM simulator's generated openers stay fixed.

    python -m rlver_env.prepare_dataset --server http://127.0.0.1:8800 --count 1000 --lang zh --out data/train.jsonl
    (add --parquet to also write data/train.parquet with pandas, for verl)
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Dict, List, Optional

from .client import RlverEnvClient, default_base_url

INTERACTION_NAME = "rlver_user"


def prepare_rows(
    client: RlverEnvClient,
    *,
    count: int,
    seed_start: int = 0,
    lang: Optional[str] = None,
    preset: Optional[str] = None,
    max_turns: Optional[int] = None,
) -> List[Dict[str, Any]]:
    """Open ``count`` episodes (seeds ``seed_start``…), read their openers, delete them, and return dataset rows."""
    rows: List[Dict[str, Any]] = []
    for index in range(count):
        seed = seed_start + index
        start = client.create_episode(seed=seed, lang=lang, preset=preset, max_turns=max_turns)
        try:
            view = client.get(start["episode_id"])
        finally:
            client.delete(start["episode_id"])
        opening = start["observation"]["content"] if start["observation"] else ""
        spec: Dict[str, Any] = {"scenario_id": start["scenario_id"], "seed": seed, "preset": view["preset"], "opening": opening}
        if max_turns is not None:
            spec["max_turns"] = max_turns
        rows.append(
            {
                "data_source": "rlver",
                "prompt": [
                    {"role": "system", "content": start["system_prompt"]},
                    {"role": "user", "content": opening},
                ],
                "ability": "empathetic_dialogue",
                "reward_model": {"style": "rule", "ground_truth": ""},
                "agent_name": "tool_agent",
                "extra_info": {
                    "index": index,
                    "scenario_id": start["scenario_id"],
                    "interaction_kwargs": {"name": INTERACTION_NAME, **spec},
                },
                "label": json.dumps(spec, ensure_ascii=False),
                "info": spec,
            }
        )
    return rows


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="rlver-prepare-dataset", description=__doc__.split("\n\n")[0])
    parser.add_argument("--server", default=default_base_url(), help="rlver-serve URL (default $RLVER_SERVER_URL or :8800)")
    parser.add_argument("--count", type=int, default=1000, help="rows to write (one scenario draw per seed)")
    parser.add_argument("--seed-start", type=int, default=0, help="first seed")
    parser.add_argument("--lang", choices=["zh", "en"], help="scenario language (default: the server's --lang)")
    parser.add_argument("--preset", choices=["sage", "rlver-train"], help="default: the server's --preset")
    parser.add_argument("--max-turns", type=int, help="turn cap of every episode (default: the preset's)")
    parser.add_argument("--out", required=True, help="output JSONL file")
    parser.add_argument("--parquet", action="store_true", help="also write <out>.parquet (needs pandas + pyarrow)")
    args = parser.parse_args(argv)
    if args.count < 1:
        parser.error(f"--count is {args.count}; it must be at least 1")
    client = RlverEnvClient(args.server)
    rows = prepare_rows(
        client, count=args.count, seed_start=args.seed_start, lang=args.lang, preset=args.preset, max_turns=args.max_turns
    )
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows), encoding="utf-8")
    print(f"wrote {len(rows)} rows to {out}", file=sys.stderr)
    if args.parquet:
        try:
            import pandas  # type: ignore[import-not-found]
        except ImportError:
            parser.error("--parquet needs pandas and pyarrow (pip install pandas pyarrow)")
        parquet = out.with_suffix(".parquet")
        pandas.DataFrame(rows).to_parquet(parquet)
        print(f"wrote {parquet}", file=sys.stderr)
    return 0


def load_episode_specs(path: str) -> Dict[str, Dict[str, Any]]:
    """Map each row's opening message to its episode spec (TRL's ``rollout_func`` sees only the prompts)."""
    specs: Dict[str, Dict[str, Any]] = {}
    for number, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            specs[row["info"]["opening"]] = dict(row["info"])
        except (ValueError, KeyError, TypeError) as error:
            raise ValueError(f"{path} line {number}: not a prepare_dataset row ({error})") from error
    return specs


if __name__ == "__main__":
    raise SystemExit(main())
