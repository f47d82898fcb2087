#!/bin/bash
# The device run of the WebGPU benchmark (built by scripts/build-gpu-bundle.sh into .gpu/, which travels with
# `carry: [".gpu"]`). Each part runs under its own time limit and failure, so one failure still leaves the
# others' figures. Everything lands in $OUT (default .gpu/out): log.txt, torch.json, matmul.json, policy.json,
# real-0.5b.json, real-1.5b.json, gpu-memory.json, status.txt (each part's exit status).
#
#   bash .gpu/run.sh            # the device run (about 6 minutes)
#   bash .gpu/run.sh --quick    # tiny sizes, for a local check on a software Vulkan driver (lavapipe)
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
QUICK=0; [ "${1:-}" = "--quick" ] && QUICK=1
OUT=${OUT:-$HERE/out}; mkdir -p "$OUT"
WORK=${GPU7_WORK:-/tmp/gpu7-run}; mkdir -p "$WORK"
exec > >(tee -a "$OUT/log.txt") 2>&1
echo "[run] $(date -u +%FT%TZ) quick=$QUICK host=$(uname -m) $(uname -r)"

# Node (carried, xz) and the Vulkan loader (carried .deb, unpacked into $WORK, not /) when the machine has none.
if [ ! -x "$WORK/node" ]; then xz -dc "$HERE/node.xz" > "$WORK/node" && chmod +x "$WORK/node"; fi
[ -d "$HERE/bin" ] || tar -C "$HERE" -xJf "$HERE/bin.tar.xz"
# The bundles find the embedded policy at ../assets/embedded: the repo's copy (it travels with the tree).
[ -e "$HERE/assets/embedded" ] || { mkdir -p "$HERE/assets" && ln -s "$HERE/../packages/policy/assets/embedded" "$HERE/assets/embedded"; }
DAWN="$HERE/node_modules/webgpu/dist/linux-x64/dawn.node"
[ -f "$DAWN" ] || xz -dc "$HERE/dawn.node.xz" > "$DAWN"
NODE="$WORK/node"; "$NODE" --version || { echo "[run] node does not start"; exit 1; }
if [ $QUICK = 0 ] && [ "$(id -u)" = 0 ] && [ -d /usr/local/nvidia ]; then
  # The device README's recipe: the loader and GL dispatch packages unpacked into / (a bare machine, given back after).
  for deb in "$HERE"/debs/*.deb; do dpkg -x "$deb" /; done; ldconfig
  echo "[run] unpacked $(ls "$HERE"/debs | wc -l) .deb (Vulkan loader, GL dispatch) into /"
else
  for deb in "$HERE"/debs/*.deb; do dpkg -x "$deb" "$WORK/vk"; done
  export LD_LIBRARY_PATH="$WORK/vk/usr/lib/x86_64-linux-gnu:${LD_LIBRARY_PATH:-}"
  echo "[run] Vulkan loader and GL dispatch from the carried .deb files, in $WORK/vk"
fi
ldconfig -p | grep -E 'libvulkan.so.1|libGLX_nvidia|libGLdispatch|libnvidia-glcore' | head -5
NVIDIA_ICD=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
if [ -z "${VK_DRIVER_FILES:-}" ]; then
  for icd in "$NVIDIA_ICD" /usr/share/vulkan/icd.d/nvidia_icd.json /etc/vulkan/icd.d/nvidia_icd.json; do
    [ -f "$icd" ] && { export VK_DRIVER_FILES="$icd" VK_ICD_FILENAMES="$icd"; break; }
  done
fi
echo "[run] VK_DRIVER_FILES=${VK_DRIVER_FILES:-unset}"
export RLVER_TF_BACKEND=webgpu RLVER_WEBGPU_MODULES="$HERE/node_modules"
command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader

SMI_PID=
if command -v nvidia-smi >/dev/null; then
  nvidia-smi --query-gpu=timestamp,memory.used --format=csv,noheader,nounits -lms 250 > "$WORK/smi.csv" &
  SMI_PID=$!
fi
: > "$WORK/phases.txt"
# phase NAME SECONDS OUTFILE command...: run with a limit; stdout's JSON line (or the file the command writes) is kept.
BUDGET=${GPU7_BUDGET_S:-390}; T0=$(date +%s)
phase() {
  local name=$1 limit=$2; shift 2
  local left=$((BUDGET - ($(date +%s) - T0)))
  if [ $left -lt 15 ]; then echo "[run] $name skipped: ${left}s of the ${BUDGET}s budget left"; echo "$name skipped" >> "$WORK/status.txt"; return; fi
  [ $left -lt "$limit" ] && limit=$left
  local start; start=$(date +%s.%N)
  echo "[run] === $name (limit ${limit}s) ==="
  timeout --kill-after=5 "$limit" "$@"; local status=$?
  echo "$name $start $(date +%s.%N)" >> "$WORK/phases.txt"
  echo "[run] $name exit $status after $(awk "BEGIN{printf \"%.1f\", $(date +%s.%N) - $start}") s"
  echo "$name $status" >> "$WORK/status.txt"
}
: > "$WORK/status.txt"

if [ $QUICK = 1 ]; then
  SHAPES=256x224x896,512x512x512; SECONDS_PER=0.3; TINY=qwen2-tiny; BIG=""; POLICY_FLAGS="--quick --new-tokens 4 --train-batch 2"
else
  SHAPES=1024x896x3584,4096x4096x4096,512x512x512; SECONDS_PER=2; TINY=qwen2.5-0.5b; BIG=qwen2.5-1.5b; POLICY_FLAGS=""
fi

phase probe 30 "$NODE" --input-type=module -e "
  const { create, globals } = await import('$HERE/node_modules/webgpu/index.js');
  const adapter = await create([]).requestAdapter({ powerPreference: 'high-performance' });
  if (!adapter) { console.log('[probe] no adapter'); process.exit(3); }
  const l = adapter.limits;
  console.log('[probe] adapter', JSON.stringify({ ...Object.fromEntries(['vendor','architecture','device','description'].map((k) => [k, adapter.info[k]])),
    maxBufferSize: l.maxBufferSize, maxStorageBufferBindingSize: l.maxStorageBufferBindingSize, maxStorageBuffersPerShaderStage: l.maxStorageBuffersPerShaderStage,
    maxComputeWorkgroupStorageSize: l.maxComputeWorkgroupStorageSize, features: [...adapter.features] }));
  process.exit(0);"
if grep -q '^probe [^0]' "$WORK/status.txt" && [ -n "${VK_DRIVER_FILES:-}" ]; then
  echo "[run] no adapter with VK_DRIVER_FILES=$VK_DRIVER_FILES; trying the loader's default search"
  saved_icd=$VK_DRIVER_FILES; unset VK_DRIVER_FILES VK_ICD_FILENAMES
  if timeout 30 "$NODE" --input-type=module -e "const { create } = await import('$HERE/node_modules/webgpu/index.js'); const a = await create([]).requestAdapter(); console.log('[probe] default search:', a ? a.info.description : 'no adapter'); process.exit(a ? 0 : 3);"; then
    echo "probe-default 0" >> "$WORK/status.txt"
  else
    export VK_DRIVER_FILES=$saved_icd VK_ICD_FILENAMES=$saved_icd
  fi
fi
if grep -q '^probe [^0]' "$WORK/status.txt" && ! grep -q '^probe-default 0' "$WORK/status.txt"; then
  echo "[run] no adapter: the Vulkan loader's view follows"
  ldd "$DAWN" | grep -i 'not found' 
  ls -la /usr/local/nvidia/share/vulkan/icd.d/ 2>&1; cat "${VK_DRIVER_FILES:-/dev/null}" 2>&1 | head -20
  VK_LOADER_DEBUG=error,warn,driver timeout 30 "$NODE" --input-type=module -e "const { create } = await import('$HERE/node_modules/webgpu/index.js'); console.log(await create([]).requestAdapter()); process.exit(0);" 2>&1 | tail -40
fi
# GPU7_ONLY_BIG=1: only the probe and the 1.5B parts (a second, shorter device call).
if [ "${GPU7_ONLY_BIG:-0}" = 0 ]; then
phase torch 40 bash -c "python3 '$HERE/torch-matmul.py' $SHAPES > '$OUT/torch.json'"
phase matmul 70 bash -c "'$NODE' '$HERE/bin/matmul-rate.mjs' --shapes $SHAPES --seconds $SECONDS_PER | grep '^{' > '$OUT/matmul.json'"
phase policy 90 "$NODE" "$HERE/bin/benchmark-policy.mjs" $POLICY_FLAGS --out "$OUT/policy.json"
phase make-0.5b 40 "$NODE" "$HERE/bin/make-shaped-checkpoint.mjs" --shape $TINY --dtype BF16 --out "$WORK/ckpt-small"
phase real-0.5b 130 "$NODE" "$HERE/bin/benchmark-real-checkpoint.mjs" --model "$WORK/ckpt-small" \
  --modes load,forward,generate,lora --rows 1 --tokens 128 --new-tokens 16 --generate-batch 1,16 --repeats 2 \
  --max-rss-gib 60 --out "$OUT/real-0.5b.json"
fi
if [ -n "$BIG" ]; then
  phase make-1.5b 110 "$NODE" "$HERE/bin/make-shaped-checkpoint.mjs" --shape $BIG --dtype BF16 --out "$WORK/ckpt-big"
  phase real-1.5b 220 "$NODE" "$HERE/bin/benchmark-real-checkpoint.mjs" --model "$WORK/ckpt-big" \
    --modes load,forward,lora --rows 1 --tokens 128 --repeats 1 --max-rss-gib 60 --out "$OUT/real-1.5b.json"
fi

[ -n "$SMI_PID" ] && kill "$SMI_PID" 2>/dev/null
python3 "$HERE/gpu-memory-peaks.py" "$WORK/smi.csv" "$WORK/phases.txt" > "$OUT/gpu-memory.json" 2>/dev/null || echo '{}' > "$OUT/gpu-memory.json"
cp "$WORK/status.txt" "$OUT/status.txt" 2>/dev/null
echo "[run] done $(date -u +%FT%TZ)"; cat "$WORK/status.txt"
