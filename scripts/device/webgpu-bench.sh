#!/usr/bin/env bash
# The WebGPU bench on a machine with a GPU (issue #27 item 5), as the device tool runs it:
#   here, once:  npx tsx scripts/device/prepare-webgpu-bench.ts     (makes .device/ and .gl/)
#   there:       run(command: "bash scripts/device/webgpu-bench.sh", carry: [".device", ".gl"],
#                    timeout_s: 300)
# There it unpacks the Vulkan loader and libglvnd from .gl/ (into /, as the device tool's README says; only when
# A0_DEVICE_UNPACK_GL=1 or when it runs as root on a machine with /usr/local/nvidia), points Vulkan
# at the NVIDIA driver when the machine has one, unpacks .device/runtime.tar.xz (Dawn's binding, and
# a Node used unless Node 20 or newer is on the PATH), and runs .device/webgpu-bench.mjs
# (scripts/device/webgpu-bench.ts): the model on tfjs's WebGPU backend in Node through Dawn, the
# WebGPU implementation Chromium uses. Its last line is one JSON object:
# {"webgpuDevice":{node, gpu, webgpu}}. What travels: about 11 MiB of tracked files and 32 MiB of
# .device/ and .gl/, within the tool's 64 MiB.
#
# Chromium itself (348 MiB installed) cannot travel within the tool's 64 MiB, and the machine fetches
# nothing, so the tab is not timed there. Tried on a machine without a GPU with Chromium's
# SwiftShader in place of a driver:
#   LD_LIBRARY_PATH=/usr/lib/chromium VK_ICD_FILENAMES=/usr/lib/chromium/vk_swiftshader_icd.json \
#     bash scripts/device/webgpu-bench.sh
set -uo pipefail
cd "$(dirname "$0")/../.."
for f in .device/webgpu-bench.mjs .device/runtime.tar.xz; do
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
DAWN_NODE="$runtime/dawn.node" exec "$node" .device/webgpu-bench.mjs
