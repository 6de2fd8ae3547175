#!/usr/bin/env bash
# The WebGPU bench on a machine with a GPU (issue #27 item 5), as the device tool runs it:
#   here, once:  npx tsx scripts/device/prepare-webgpu-bench.ts     (makes .device/ and .gl/)
#   there:       run(command: "bash scripts/device/webgpu-bench.sh",
#                    carry: [".device/webgpu-bench.mjs", ".device/runtime.tar.xz", ".gl"], timeout_s: 300)
# There it unpacks the Vulkan loader and libglvnd from .gl/ (into /, as the device tool's README says;
# only when A0_DEVICE_UNPACK_GL=1 or when it runs as root on a machine with /usr/local/nvidia), points
# Vulkan at the NVIDIA driver when the machine has one, unpacks .device/runtime.tar.xz (Dawn's
# binding, and a Node used unless Node 20 or newer is on the PATH), and runs
# .device/webgpu-bench.mjs (scripts/device/webgpu-bench.ts): the model on tfjs's WebGPU backend in
# Node through Dawn, the WebGPU implementation Chromium uses. Its last line is one JSON object:
# {"webgpuDevice":{node, gpu, webgpu}}.
# `webgpu-bench.sh engine` runs .device/engine/engine-bench.mjs instead: `npm run bench -- engine` on WebGPU
# through Dawn (a classroom iteration in Node, Python in Pyodide from .device/pyodide.tar.xz), one
# JSON line {"engineDevice": …}:
#   run(command: "bash scripts/device/webgpu-bench.sh engine", carry: [".device/engine",
#       ".device/runtime.tar.xz", ".device/pyodide.tar.xz", ".gl"],
#       timeout_s: 600)
# Each call carries only its files: .device/ whole would not fit beside the tree in 64 MiB.
# The page itself in Chromium: page-bench.sh (README.md beside this file). Tried on a machine
# without a GPU with Chromium's SwiftShader in place of a driver:
#   LD_LIBRARY_PATH=/usr/lib/chromium VK_ICD_FILENAMES=/usr/lib/chromium/vk_swiftshader_icd.json \
#     bash scripts/device/webgpu-bench.sh [engine]
set -uo pipefail
cd "$(dirname "$0")/../.."
entry=webgpu-bench
if [ "${1:-}" = engine ]; then
  entry=engine/engine-bench
  export A0_SANDBOX_WORKER="file://$PWD/.device/engine/sandbox-worker.mjs"
  mkdir -p .device/node_modules && tar xJf .device/pyodide.tar.xz -C .device/node_modules || exit 1
fi
for f in ".device/$entry.mjs" .device/runtime.tar.xz; do
  [ -f "$f" ] || { echo "{\"webgpuDevice\":{\"error\":\"$f is missing: run npx tsx scripts/device/prepare-webgpu-bench.ts first\"}}"; exit 1; }
done
if [ "${A0_DEVICE_UNPACK_GL:-}" = 1 ] || { [ "$(id -u)" = 0 ] && [ -d /usr/local/nvidia ]; }; then
  for f in .gl/*.deb; do dpkg -x "$f" /; done
  ldconfig
fi
icd=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
if [ -z "${VK_ICD_FILENAMES:-}" ] && [ -f "$icd" ]; then export VK_DRIVER_FILES="$icd"; fi
runtime=/tmp/a0-runtime
mkdir -p "$runtime" && tar xJf .device/runtime.tar.xz -C "$runtime" || exit 1
node=$(command -v node || true)
if [ -z "$node" ] || ! "$node" -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 20 ? 0 : 1)'; then
  node="$runtime/bin/node"
fi
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null || true
DAWN_NODE="$runtime/dawn.node" exec "$node" ".device/$entry.mjs"
