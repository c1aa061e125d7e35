#!/usr/bin/env bash
# Renders muster's icon (assets/desktop/muster.svg) at the hicolor sizes the install puts in
# place (assets/desktop/icons/muster-SIZE.png). Run after editing the SVG; needs librsvg2-bin.
set -euo pipefail
cd "$(dirname "$0")/../assets/desktop"
mkdir -p icons
for size in 16 24 32 48 64 128 256; do
  rsvg-convert -w "$size" -h "$size" muster.svg -o "icons/muster-$size.png"
done
