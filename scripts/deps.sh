#!/usr/bin/env bash
# Installs the Debian packages muster needs, only those that are missing.
# Usage: scripts/deps.sh [build|gui|test|fuzz]...   (build is always included)
set -euo pipefail

build=(cmake ninja-build pkg-config g++ libsqlitecpp-dev libsqlite3-dev libcereal-dev
       libfmt-dev libcli11-dev zlib1g-dev libmicrohttpd-dev libssl-dev fonts-dejavu-core)
gui=(libimgui-dev libstb-dev libglfw3-dev libgl-dev fonts-dejavu-core fonts-font-awesome)
test=(catch2 libbenchmark-dev poppler-utils chromium chromium-driver xvfb xauth libgl1-mesa-dri time curl
      lintian desktop-file-utils appstream man-db zsh openssl xdotool)
fuzz=(clang libclang-rt-14-dev)

want=("${build[@]}")
for group in "$@"; do
  case "$group" in
    build) ;;
    gui) want+=("${gui[@]}") ;;
    test) want+=("${test[@]}") ;;
    fuzz) want+=("${fuzz[@]}") ;;
    *) echo "deps.sh: unknown group '$group' (expected build, gui, test or fuzz)" >&2; exit 2 ;;
  esac
done

missing=()
for pkg in "${want[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing: ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
