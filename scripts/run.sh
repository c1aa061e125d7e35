#!/usr/bin/env bash
# The README's first command: installs what muster needs, builds it, runs it.
#   bash scripts/run.sh                      muster-gui on a display; else a sample Union division
#   bash scripts/run.sh gui [DATABASE]       muster-gui
#   bash scripts/run.sh ARGS...              muster ARGS...
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh build gui >&2
bash scripts/build.sh -DMUSTER_BUILD_GUI=ON -DMUSTER_BUILD_TESTS=OFF >&2
if [ "${1:-}" = gui ]; then
  shift
  exec build/imgui_ui/muster-gui "$@"
fi
if [ $# -eq 0 ]; then
  # With a display, the GUI; without one, a sample division on the command line.
  if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then exec build/imgui_ui/muster-gui; fi
  build/src/muster generate --rules acw --side union --year 1863 --theater east --show-rolls
  echo
  echo "A whole campaign to look at: bash scripts/run.sh campaign new Gettysburg --sample gettysburg; then bash scripts/run.sh oob"
  exit 0
fi
exec build/src/muster "$@"
