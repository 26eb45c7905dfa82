# Sourced by the Xvfb tests: `start_xvfb OUT WxHxD` starts a virtual X display
# with a screen of that size and sets `xvfb` (its pid, killed on exit) and
# `display` (":N"). Xvfb picks a free display and writes its number to fd 3, so
# runs side by side (or beside a display someone already has) never collide.
start_xvfb() {
  Xvfb -displayfd 3 -screen 0 "$2" 3>"$1/xvfb-display" >/dev/null 2>&1 &
  xvfb=$!
  trap 'kill $xvfb 2>/dev/null || true' EXIT
  for _ in $(seq 50); do [ -s "$1/xvfb-display" ] && break; sleep 0.1; done
  display=":$(cat "$1/xvfb-display")"
}
