#!/usr/bin/env bash
# Builds muster (Release, with the GUI) and makes its Debian package, build/muster_VERSION_ARCH.deb:
#   sudo apt install ./build/muster_*.deb
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh build gui >&2
bash scripts/build.sh -DMUSTER_BUILD_GUI=ON >&2
(cd build && cpack -G DEB >/dev/null)
ls build/muster_*.deb
