#!/usr/bin/env bash
# Check the W&B offline run we write with wandb's own transaction-log reader (`wandb-core leet --inspect`, the Go
# core that `wandb sync` uploads through). Needs the wandb wheel (pip install wandb; only its bundled wandb-core
# binary is used, so its Python dependencies need not import). Set WANDB_CORE=/path/to/wandb-core to choose one.
# Not part of CI (CI installs no Python packages); the vitest suite checks the same files with its own reader.
set -euo pipefail
cd "$(dirname "$0")/.."
core="${WANDB_CORE:-}"
if [ -z "$core" ]; then
  core="$(python3 -c 'import importlib.util, os; s = importlib.util.find_spec("wandb"); print(os.path.join(s.submodule_search_locations[0], "bin", "wandb-core") if s else "")' 2>/dev/null || true)"
fi
if [ -z "$core" ] || [ ! -x "$core" ]; then
  echo "check-wandb-offline: no wandb-core found; pip install wandb, or set WANDB_CORE=/path/to/wandb-core" >&2
  exit 2
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
npx tsx --conditions=source scripts/write-sample-wandb-run.ts "$work/wandb"
run_file="$(ls "$work"/wandb/offline-run-*/run-sample01.wandb)"
"$core" leet --inspect --run-file "$run_file" "$work/wandb" > "$work/records.txt"
records="$(grep -c '^# record' "$work/records.txt")"
history="$(grep -c '^# record .*: history' "$work/records.txt")"
if grep -q 'corrupt' "$work/records.txt"; then
  grep 'corrupt' "$work/records.txt" >&2
  echo "check-wandb-offline: FAILED: wandb-core found corrupt chunks" >&2
  exit 1
fi
for kind in header run config summary exit final; do
  grep -q "^# record [0-9]*: $kind\$" "$work/records.txt" || { echo "check-wandb-offline: FAILED: no $kind record" >&2; exit 1; }
done
if [ "$records" != 3006 ] || [ "$history" != 3000 ]; then
  echo "check-wandb-offline: FAILED: wandb-core read $records records ($history history), expected 3006 (3000)" >&2
  exit 1
fi
echo "check-wandb-offline: wandb-core ($("$core" --help 2>&1 | sed -n 's/^Version: //p')) read $records records, $history history, $(wc -c < "$run_file") bytes, no corrupt chunk"
