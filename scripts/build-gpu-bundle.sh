#!/bin/bash
# Build the self-contained WebGPU benchmark folder for the lent GPU machine (no Node, no network there):
#
#   bash scripts/build-gpu-bundle.sh [TARGET]        # default TARGET: .gpu in the repo root
#
# TARGET gets: node.xz (this machine's node binary), bin.tar.xz (bin/*.mjs: esbuild bundles of the project's benchmark
# scripts: packages/model/scripts/{matmul-rate,make-shaped-checkpoint,benchmark-real-checkpoint}.ts and
# packages/policy/scripts/benchmark-policy.ts, run on RLVER_TF_BACKEND=webgpu), node_modules/webgpu (Dawn's index.js; dist/linux-x64/dawn.node comes from dawn.node.xz at run time), node_modules/@tensorflow/
# tfjs-backend-webgpu (one CJS bundle with its tfjs-core), debs/ (libvulkan1 and the GL dispatch libraries), run.sh and its two Python
# helpers (scripts/gpu-bundle/). The two npm packages come from $RLVER_WEBGPU_MODULES, or are npm-installed
# into ~/.cache/rlver/webgpu-modules (51 MB download, once). Ignore TARGET in git (.git/info/exclude).
# Local check on lavapipe: VK_DRIVER_FILES=.../lvp_icd.json bash TARGET/run.sh --quick
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
TARGET=${1:-$ROOT/.gpu}
MODULES=${RLVER_WEBGPU_MODULES:-$HOME/.cache/rlver/webgpu-modules/node_modules}
[ "$(uname -m)" = x86_64 ] || { echo "build-gpu-bundle: the GPU machine is x86_64; build on x86_64 (this is $(uname -m))." >&2; exit 1; }
if [ ! -f "$MODULES/webgpu/dist/linux-x64/dawn.node" ]; then
  mkdir -p "$(dirname "$MODULES")"
  (cd "$(dirname "$MODULES")" && [ -f package.json ] || echo '{"private":true}' > package.json
   cd "$(dirname "$MODULES")" && npm install --no-audit --no-fund webgpu@0.6.2 @tensorflow/tfjs-backend-webgpu@4.22.0 @tensorflow/tfjs-core@4.22.0)
fi
ESBUILD=$(cd "$ROOT" && node -e "console.log(require.resolve('esbuild/bin/esbuild', {paths: [require.resolve('tsup')]}))")
rm -rf "$TARGET" && mkdir -p "$TARGET/bin" "$TARGET/assets" "$TARGET/node_modules/webgpu/dist/linux-x64" \
  "$TARGET/node_modules/@tensorflow/tfjs-backend-webgpu"

echo "[build-gpu-bundle] node $(node --version) → node.xz"
xz -T2 -6 -c "$(readlink -f "$(command -v node)")" > "$TARGET/node.xz"

ENTRIES=$(mktemp -d)
bundle() { # NAME SCRIPT: a wrapper that runs SCRIPT and exits (Dawn keeps the event loop alive).
  printf "import '%s';\nprocess.exit(0);\n" "$2" > "$ENTRIES/$1.ts"
  "$ESBUILD" "$ENTRIES/$1.ts" --bundle --platform=node --format=esm --target=node20 --conditions=source \
    --minify-syntax --minify-identifiers --ignore-annotations --log-level=error --outfile="$TARGET/bin/$1.mjs" \
    --external:webgpu --external:@tensorflow/tfjs-node --external:@tensorflow/tfjs-node-gpu \
    --banner:js="import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);"
}
bundle matmul-rate "$ROOT/packages/model/scripts/matmul-rate.ts"
bundle make-shaped-checkpoint "$ROOT/packages/model/scripts/make-shaped-checkpoint.ts"
bundle benchmark-real-checkpoint "$ROOT/packages/model/scripts/benchmark-real-checkpoint.ts"
bundle benchmark-policy "$ROOT/packages/policy/scripts/benchmark-policy.ts"
rm -rf "$ENTRIES"
# Compressed (64 MiB travel in all, the repo's tracked files included); run.sh unpacks. The embedded policy is
# not copied: the repo's packages/policy/assets/embedded travels anyway, and run.sh links it.
tar -C "$TARGET" -cf - bin | xz -T2 -6 > "$TARGET/bin.tar.xz" && rm -rf "$TARGET/bin" "$TARGET/assets"

cp "$MODULES/webgpu/index.js" "$MODULES/webgpu/package.json" "$TARGET/node_modules/webgpu/"
xz -T2 -6 -c "$MODULES/webgpu/dist/linux-x64/dawn.node" > "$TARGET/dawn.node.xz" # run.sh unpacks it
"$ESBUILD" "$MODULES/@tensorflow/tfjs-backend-webgpu/dist/tf-backend-webgpu.node.js" --bundle --platform=node \
  --format=cjs --log-level=error --outfile="$TARGET/node_modules/@tensorflow/tfjs-backend-webgpu/index.cjs"
echo '{"name":"@tensorflow/tfjs-backend-webgpu","version":"4.22.0","main":"index.cjs"}' \
  > "$TARGET/node_modules/@tensorflow/tfjs-backend-webgpu/package.json"

DEBS=$(mktemp -d)
# The Vulkan loader and the GL dispatch libraries NVIDIA's Vulkan driver loads (the device README's list).
mkdir -p "$TARGET/debs"
(cd "$DEBS" && apt-get download libvulkan1 libglvnd0 libglx0 libegl1 libgl1 libopengl0 libgles2 >/dev/null 2>&1) || true
cp "$DEBS"/*.deb "$TARGET/debs/" 2>/dev/null || echo "[build-gpu-bundle] warning: apt-get download of libvulkan1 and the GL libraries failed; the run needs a Vulkan loader on the device" >&2
rm -rf "$DEBS"
cp "$ROOT/scripts/gpu-bundle/run.sh" "$ROOT/scripts/gpu-bundle/torch-matmul.py" "$ROOT/scripts/gpu-bundle/gpu-memory-peaks.py" "$TARGET/"
du -sh "$TARGET"; du -sh "$TARGET"/* | sort -h | tail -5
