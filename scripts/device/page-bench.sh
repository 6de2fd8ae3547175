#!/usr/bin/env bash
# The page bench on the device machine (issue #62 item 3): the production build in Chromium on the
# GPU, one JSON line {"pageBench": …} (scripts/device/page-bench.ts). Here, once:
#   npx tsx scripts/device/prepare-page-bench.ts    (.device-stage/part-NN, manifest.txt, calls.txt)
# there, the calls of .device-stage/calls.txt back to back (the machine stays warm about 30 s):
#   page-bench.sh stage part-NN   copies that part (carried) into $A0_STAGE and checks its sha256;
#   page-bench.sh run [ARGS]      checks every part is there, unpacks the debs, the libraries and the
#                                 app into $A0_STAGE, the Vulkan loader (.gl/) into / (as root on a
#                                 machine with /usr/local/nvidia, or A0_DEVICE_UNPACK_GL=1), and runs
#                                 the driver with ARGS and $A0_PAGE_BENCH_ARGS (e.g. --gpu=swiftshader
#                                 --preset=tiny, as rehearse-page-bench.ts does on a machine without a GPU).
# A0_STAGE: where the parts gather and unpack (default /tmp/a0-page-stage; kept between warm calls).
set -uo pipefail
cd "$(dirname "$0")/../.."
S=${A0_STAGE:-/tmp/a0-page-stage}
fail() { printf '{"pageBench":{"error":"%s"}}\n' "$1"; exit 1; }
mkdir -p "$S/parts"
case "${1:-}" in
stage)
  part=${2:?part name}
  [ -f ".device-stage/$part" ] || fail ".device-stage/$part did not travel"
  cp ".device-stage/$part" "$S/parts/$part" && cp .device-stage/manifest.txt "$S/manifest.txt" || fail "cannot copy $part"
  (cd "$S/parts" && grep " $part\$" ../manifest.txt | sha256sum -c --quiet) || fail "$part: checksum differs"
  echo "staged $part in $S/parts ($(ls "$S/parts" | wc -l) of $(wc -l <"$S/manifest.txt") parts)"
  ;;
run)
  shift
  (cd "$S/parts" && sha256sum -c --quiet ../manifest.txt) ||
    fail "parts missing in $S/parts (the machine went back between calls?): stage every part again"
  rm -rf "$S/payload" "$S/root" "$S/app" && mkdir -p "$S/payload" "$S/root/libs" "$S/app"
  cat $(awk '{print "'"$S"'/parts/"$2}' "$S/manifest.txt") | tar xf - -C "$S/payload" || fail "cannot unpack the parts"
  for d in "$S"/payload/debs/*.deb; do dpkg -x "$d" "$S/root" || fail "cannot unpack $d"; done
  tar xJf "$S/payload/libs.tar.xz" -C "$S/root/libs" && tar xJf "$S/payload/app.tar.xz" -C "$S/app" || fail "cannot unpack"
  if [ "${A0_DEVICE_UNPACK_GL:-}" = 1 ] || { [ "$(id -u)" = 0 ] && [ -d /usr/local/nvidia ]; }; then
    for f in .gl/*.deb; do dpkg -x "$f" /; done
    ldconfig
  fi
  icd=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
  if [ -z "${VK_ICD_FILENAMES:-}" ] && [ -f "$icd" ]; then export VK_DRIVER_FILES="$icd"; fi
  egl=/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json
  if [ -f "$egl" ]; then export __EGL_VENDOR_LIBRARY_FILENAMES="$egl"; fi
  chromium="$S/root/usr/lib/chromium/chromium-headless-shell"
  printf '#!/bin/sh\nLD_LIBRARY_PATH="%s" exec "%s" "$@"\n' "$S/root/libs" "$chromium" >"$S/chromium.sh"
  chmod +x "$S/chromium.sh"
  missing=$(LD_LIBRARY_PATH="$S/root/libs" ldd "$chromium" | grep 'not found')
  [ -z "$missing" ] || fail "libraries not found: $(echo $missing | tr -d '"')"
  echo "glibc here: $(getconf GNU_LIBC_VERSION); $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null)"
  node=$(command -v node || true)
  if [ -z "$node" ] || ! "$node" -e 'process.exit(+process.versions.node.split(".")[0] >= 20 ? 0 : 1)'; then
    node="$S/app/bin/node"
  fi
  exec "$node" "$S/app/page-bench.mjs" --dist="$S/app/dist" --chromium="$S/chromium.sh" ${A0_PAGE_BENCH_ARGS:-} "$@"
  ;;
*) fail "usage: page-bench.sh stage PART | run [ARGS]" ;;
esac
