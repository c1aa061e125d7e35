#!/usr/bin/env bash
# The README's first command: installs what muster needs, builds it, runs it.
#   bash scripts/run.sh                      a sample: generate a Union division, 1863, East
#   bash scripts/run.sh ARGS...              muster ARGS...
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh build >&2
bash scripts/build.sh -DMUSTER_BUILD_TESTS=OFF >&2
if [ $# -eq 0 ]; then
  set -- generate --rules acw --side union --year 1863 --theater east --show-rolls
fi
exec build/src/muster "$@"
