#!/usr/bin/env bash
# Serves target/web/ (built by web/build.sh) on http://127.0.0.1:${PORT:-8080}/ only.
set -euo pipefail
cd "$(dirname "$0")/../target/web"
port="${PORT:-8080}"
echo "Arkanong at http://127.0.0.1:$port/ (Ctrl-C to stop)"
exec python3 -m http.server "$port" --bind 127.0.0.1
