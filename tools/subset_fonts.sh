#!/usr/bin/env bash
# Makes assets/fonts/NotoSansMono-Latin.ttf, the game's text face: Noto Sans Mono
# Regular (SIL OFL 1.1, no reserved font name, so a subset may keep its name) cut
# down to the characters the game writes: ASCII, Latin-1, the general punctuation
# (dashes, ellipsis), arrows, the minus sign and the geometric shapes (the
# triangles of the scroll marks). The full face is 510 kB; the cut one about a
# tenth of it, which is what the browser build downloads.
#
# Needs fontTools (`pip install fonttools`) and Debian's fonts-noto-mono. The
# display face, assets/fonts/Orbitron-Bold.ttf, ships whole: its licence reserves
# the name "Orbitron", so a cut copy would have to be renamed.
set -euo pipefail
cd "$(dirname "$0")/.."
src=${NOTO_SANS_MONO:-/usr/share/fonts/truetype/noto/NotoSansMono-Regular.ttf}
pyftsubset "$src" \
  --unicodes="U+0020-007E,U+00A0-00FF,U+2010-2027,U+2190-2195,U+2212,U+00D7,U+25A0-25FF" \
  --layout-features='' --no-hinting --desubroutinize \
  --output-file=assets/fonts/NotoSansMono-Latin.ttf
ls -l assets/fonts/NotoSansMono-Latin.ttf
