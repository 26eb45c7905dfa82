#!/usr/bin/env bash
# Makes the game's two faces in assets/fonts/, cut down to the characters the
# game writes, so the browser build downloads a fraction of them (both are
# compiled in):
#
# - NotoSansMono-Latin.ttf, the text face: Noto Sans Mono Regular (SIL OFL 1.1,
#   no reserved font name, so a subset may keep its name): ASCII, Latin-1, the
#   general punctuation (dashes, ellipsis), arrows, the minus sign and the
#   geometric shapes (the triangles of the scroll marks). 510 kB -> 23 kB.
# - ArkanongDisplay-Bold.ttf, the display face: Orbitron Bold
#   (tools/font-sources/, SIL OFL 1.1 with the reserved font name "Orbitron",
#   so the cut copy is renamed "Arkanong Display"): every Latin character the
#   face has (its private-use logo glyphs go), its kerning pairs in the old
#   `kern` table that macroquad's text drawing reads, no hinting (fontdue
#   rasterises without it: the glyphs draw the same). 51.9 kB -> 14.3 kB.
#
# Needs fontTools (`pip install fonttools`) and Debian's fonts-noto-mono.
set -euo pipefail
cd "$(dirname "$0")/.."
src=${NOTO_SANS_MONO:-/usr/share/fonts/truetype/noto/NotoSansMono-Regular.ttf}
pyftsubset "$src" \
  --unicodes="U+0020-007E,U+00A0-00FF,U+2010-2027,U+2190-2195,U+2212,U+00D7,U+25A0-25FF" \
  --layout-features='' --no-hinting --desubroutinize \
  --output-file=assets/fonts/NotoSansMono-Latin.ttf
display=assets/fonts/ArkanongDisplay-Bold.ttf
pyftsubset tools/font-sources/Orbitron-Bold.ttf \
  --unicodes="U+0020-007E,U+00A0-00FF,U+0131,U+0152-0153,U+0160-0161,U+0178,U+017D-017E,U+02C6-02DC,U+2013-2026,U+20AC,U+2212" \
  --layout-features='' --legacy-kern --no-hinting --name-IDs='*' --name-legacy \
  --drop-tables+=LTSH,VDMX,hdmx,GPOS,GSUB \
  --output-file="$display"
# The licence's reserved name leaves the face's names; its designer's and the
# copyright and licence (added: the face travels alone in the browser build)
# say where it came from.
python3 - "$display" <<'PY'
import sys
from fontTools.ttLib import TTFont
path = sys.argv[1]
font = TTFont(path)
names = {
    1: "Arkanong Display",
    3: "Arkanong Display Bold: 2009, cut for Arkanong",
    4: "Arkanong Display Bold",
    6: "ArkanongDisplay-Bold",
    18: "Arkanong Display",
}
for record in font["name"].names:
    if record.nameID in names:
        record.string = names[record.nameID]
    assert "Orbitron" not in record.toUnicode(), record.nameID
copyright = (
    "Copyright (c) 2009, Matt McInerney <matt@pixelspread.com>, "
    "with Reserved Font Name Orbitron. Cut and renamed for Arkanong."
)
licence = "SIL Open Font License 1.1"
for platform, encoding, language in ((3, 1, 0x409),):
    font["name"].setName(copyright, 0, platform, encoding, language)
    font["name"].setName(licence, 13, platform, encoding, language)
    font["name"].setName("https://openfontlicense.org", 14, platform, encoding, language)
font.save(path)
PY
ls -l assets/fonts/NotoSansMono-Latin.ttf "$display"
