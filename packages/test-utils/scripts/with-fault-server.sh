#!/usr/bin/env bash
# Run a command against a fresh loopback fault server: with-fault-server.sh [fault-server flags] -- command…
# The command sees the server's base URL as $BASE_URL; the request log goes to $FAULT_LOG (default: stderr).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
server_args=()
while [[ $# -gt 0 && "$1" != "--" ]]; do server_args+=("$1"); shift; done
shift || true
url_file="$(mktemp)"
rm -f "$url_file"
log_args=()
if [[ -n "${FAULT_LOG:-}" ]]; then log_args=(--log "$FAULT_LOG"); fi
(cd "$here/.." && exec "$here/../../../node_modules/.bin/tsx" --conditions=source scripts/fault-server.ts "${server_args[@]}" "${log_args[@]}" --url-file "$url_file" >/dev/null) &
server_pid=$!
trap 'kill "$server_pid" 2>/dev/null || true; rm -f "$url_file"' EXIT
for _ in $(seq 1 200); do [[ -s "$url_file" ]] && break; sleep 0.1; done
[[ -s "$url_file" ]] || { echo "fault server did not start" >&2; exit 3; }
BASE_URL="$(cat "$url_file")" bash -c "$*"
