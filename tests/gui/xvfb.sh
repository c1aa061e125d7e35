#!/usr/bin/env bash
# Runs a GUI test program on a virtual screen of its own (Xvfb, 1280x800), started afresh
# for each CTest entry. -noreset: the server stays up when a test closes its window and
# opens another (a restart), instead of racing its own reset. Listing the cases needs no screen.
set -euo pipefail
for arg in "$@"; do
  case "$arg" in --list*) exec "$@" ;; esac
done
exec xvfb-run -a -s "-screen 0 1280x800x24 -noreset" "$@"
