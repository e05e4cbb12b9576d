#!/usr/bin/env bash
# The browser tests drive Debian's chromium-headless-shell and Lighthouse drives its chromium (playwright-core cannot
# download its own here): install what is missing, so the README's test line works on a fresh machine. CHROMIUM_PATH
# names one browser for both instead.
set -euo pipefail
if [ -n "${CHROMIUM_PATH:-}" ]; then
  [ -x "$CHROMIUM_PATH" ] && exit 0
  echo "CHROMIUM_PATH names $CHROMIUM_PATH, which is not an executable." >&2
  exit 1
fi
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing ${missing[*]} for the browser tests (apt-get install)..."
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  exit 0
fi
echo "The browser tests need ${missing[*]}: install it (Debian: sudo apt-get install ${missing[*]}) or set CHROMIUM_PATH." >&2
exit 1
