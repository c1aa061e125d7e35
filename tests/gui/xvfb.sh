#!/usr/bin/env bash
# Runs a program on a virtual screen of its own (Xvfb, 1280x800), started afresh for each CTest
# entry. Xvfb picks a free display itself and names it on a pipe (-displayfd), so any number of
# these start side by side without two taking the same display (xvfb-run -a can race). -noreset:
# the server stays up when a test closes its window and opens another. Listing the cases needs
# no screen.
set -euo pipefail
for arg in "$@"; do
  case "$arg" in --list*) exec "$@" ;; esac
done
scratch=$(mktemp -d)
mkfifo "$scratch/display"
Xvfb -displayfd 3 -screen 0 1280x800x24 -noreset -nolisten tcp 3>"$scratch/display" 2>"$scratch/xvfb.log" &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; rm -rf "$scratch"' EXIT
if ! read -r -t 30 display <"$scratch/display"; then
  echo "xvfb.sh: Xvfb did not start:" >&2
  cat "$scratch/xvfb.log" >&2
  exit 1
fi
status=0
DISPLAY=":$display" "$@" || status=$?
exit "$status"
