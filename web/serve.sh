#!/usr/bin/env bash
# Serves target/web/ (built by web/build.sh) on http://127.0.0.1:${PORT:-8080}/ only.
set -euo pipefail
cd "$(dirname "$0")/../target/web"
port="${PORT:-8080}"
# The page meets on its own origin unless told: point it at `arkanong server`'s port.
echo "Arkanong at http://127.0.0.1:$port/?server=ws://127.0.0.1:3536 (Ctrl-C to stop)"
exec python3 -m http.server "$port" --bind 127.0.0.1
