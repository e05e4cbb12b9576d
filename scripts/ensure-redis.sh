#!/usr/bin/env bash
# The scale-out and rate-limit tests run a real redis-server (Debian's package): install it when missing, so the
# README's test line works on a fresh machine.
set -euo pipefail
server="${REDIS_SERVER_PATH:-redis-server}"
if command -v "$server" >/dev/null; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing redis-server for the scale-out tests (apt-get install redis-server)..."
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null
  exit 0
fi
echo "The scale-out tests need redis-server: install it (Debian: sudo apt-get install redis-server) or set REDIS_SERVER_PATH." >&2
exit 1
