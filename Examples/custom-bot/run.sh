#!/usr/bin/env bash
# The custom-bot example, end to end (scripts/test runs it; so can you): builds the package once,
# its tests included, runs them, starts the example bot on a free port, and checks that
# `bot-parley` (Parley's command line with the `mybot` connector and `slowest` plugin added)
# validates, runs, fails, describes and refuses the way `parley` does for its own connectors.
# Prints each check; exits 1 if any failed.
#   run.sh          builds, then checks
#   run.sh build    only builds (scripts/test builds it with the rest, before any test runs)
#   run.sh check    only checks what is built
set -euo pipefail
cd "$(dirname "$0")"
mode="${1:-all}"
case "$mode" in
  all | build | check) ;;
  *) echo "usage: run.sh [build|check]" >&2; exit 2 ;;
esac

if [ "$mode" != check ]; then
  echo "== custom-bot: building (swift build --build-tests in Examples/custom-bot)"
  # SwiftPM keeps this package's build plan until its manifest changes, and does not notice a
  # file added to Parley (taken by path): after a pull that adds one, the build stopped with
  # "cannot find '…' in scope". A touched manifest makes it plan again, a few seconds.
  touch Package.swift
  swift build --build-tests
fi
[ "$mode" != build ] || exit 0
# What `swift build` made, used directly: each SwiftPM command first compiles every dependency's
# manifest, 5-15 s on a busy 2-core machine, where the test bundle itself starts in a tenth of one.
bin=.build/debug
parley="$bin/bot-parley"

work="$(mktemp -d)"
server=""
stop_server() {
  if [ -n "$server" ]; then
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap stop_server EXIT
# A signal ends the script through `exit`, so the EXIT trap stops the server then too.
trap 'exit 130' INT
trap 'exit 143' TERM

failures=0
ok() { echo "  ok: $1"; }
bad() {
  echo "  FAIL: $1"
  failures=$((failures + 1))
}

# Runs a command, keeps its output in $work/<name>.out, checks its exit code.
status_of() {
  local name=$1 want=$2
  shift 2
  local got=0
  "$@" >"$work/$name.out" 2>&1 || got=$?
  if [ "$got" -eq "$want" ]; then
    ok "$name exits $want"
  else
    bad "$name exits $got, expected $want; its output:"
    sed 's/^/      /' "$work/$name.out"
  fi
}

# Checks that the output of step $1 holds the text $2.
holds() {
  local name=$1
  if grep -qF -- "$2" "$work/$name.out"; then
    ok "$name says: $2"
  else
    bad "$name does not say: $2; its output:"
    sed 's/^/      /' "$work/$name.out"
  fi
}

echo "== custom-bot: the connector's own tests (its Swift Testing bundle)"
status_of unit-tests 0 "$bin/custom-botPackageTests.xctest" --testing-library swift-testing
holds unit-tests "2 suites passed"

# The token the bot demands and the flows send as ${secret.BOT_TOKEN} (a secret comes from the
# environment variable of its name, or the file named by BOT_TOKEN_FILE).
export BOT_TOKEN="bolt-token-$$-$RANDOM"

echo "== custom-bot: starting bot-server --port 0"
"$bin/bot-server" --port 0 >"$work/server.out" 2>"$work/server.err" &
server=$!
for _ in $(seq 1 300); do
  if grep -q "listening on" "$work/server.out"; then break; fi
  if ! kill -0 "$server" 2>/dev/null; then
    echo "bot-server exited before listening:"
    cat "$work/server.err"
    exit 1
  fi
  sleep 0.1
done
BOT_URL="$(sed -n 's/^bot-server listening on //p' "$work/server.out" | head -n 1)"
if [ -z "$BOT_URL" ]; then
  echo "bot-server did not say where it listens within 30s"
  exit 1
fi
export BOT_URL
echo "  bot at $BOT_URL (pid $server)"

echo "== custom-bot: bot-parley validate project"
status_of validate 0 "$parley" validate project

echo "== custom-bot: bot-parley run project"
rm -f project/reports/slowest.json
status_of run 0 "$parley" run project
holds run "3 flows: 3 passed"
holds run "is on its way, tracking 1Z999AA10123456784"
if grep -qF -- "$BOT_TOKEN" "$work/run.out"; then bad "run shows the token"; else ok "run never shows the token"; fi

echo "== custom-bot: the slowest plugin's file"
if python3 - project/reports/slowest.json <<'PY'; then ok "project/reports/slowest.json names each flow's slowest step"; else bad "project/reports/slowest.json"; fi
import json, re, sys
flows = json.load(open(sys.argv[1]))["flows"]
names = sorted(f["flow"] for f in flows)
assert names == ["Asking for a person gets two replies", "Greeting offers the menu", "Order status through the lookup tool"], names
for f in flows:
    assert re.fullmatch(r"project/\S+\.flow\.yaml:\d+:\d+", f["location"]), f
    assert f["duration_ms"] >= 0 and f["flow_passed"] is True, f
durations = [f["duration_ms"] for f in flows]
assert durations == sorted(durations, reverse=True), durations
PY

echo "== custom-bot: a failing flow (failing/)"
status_of failing 1 "$parley" run failing
holds failing "failing/wrong-order.flow.yaml:5:5: expected reply containing \"shipped\""
holds failing "I couldn't find order B-7777"
holds failing "1 flow: 0 passed, 0 flaky, 1 failed"

echo "== custom-bot: a wrong token is refused by the bot"
# In a copy of the project, so its reports do not replace the real run's.
mkdir -p "$work/token"
cp project/parley.yaml project/01-greeting.flow.yaml "$work/token/"
status_of wrong-token 1 env BOT_TOKEN=not-the-token "$parley" run "$work/token"
holds wrong-token "HTTP 401 Unauthorized"

echo "== custom-bot: an answer over the connector's 1 MiB limit is refused"
mkdir -p "$work/big"
cp project/parley.yaml "$work/big/"
printf 'flow: A huge answer\nsteps:\n  - send: send me 2 MiB\n  - expect: reply\n' >"$work/big/big.flow.yaml"
status_of big-answer 1 "$parley" run "$work/big"
holds big-answer "the bot's answer to POST /sessions/"
holds big-answer "is larger than 1 MiB (the limit); refused"

echo "== custom-bot: bot-parley schema project"
status_of schema 0 "$parley" schema project
holds schema '"mybot"'
holds schema "The bot's base address"
holds schema "The bot's API token, sent as X-Bot-Token"
holds schema '"slowest"'
holds schema "Writes each flow's slowest step"

# What an editor checks as you type: parley.yaml against bot-parley's schema, with the reference
# JSON Schema validator in the repository's .venv (scripts/test makes it before running this).
echo "== custom-bot: project/parley.yaml against bot-parley's schema"
python=../../.venv/bin/python
if [ -x "$python" ]; then
  cp "$work/schema.out" "$work/parley.schema.json"
  status_of schema-check 0 "$python" ../../scripts/check_schema.py "$work/parley.schema.json" project/parley.yaml failing/parley.yaml
else
  echo "  skipped (not a pass): no $python; scripts/test makes it"
fi

echo "== custom-bot: a misspelled mybot setting"
mkdir -p "$work/typo"
sed 's/^    timeout: 5s$/    timout: 5s/' project/parley.yaml >"$work/typo/parley.yaml"
cp project/01-greeting.flow.yaml "$work/typo/"
line="$(grep -n '^    timout:' "$work/typo/parley.yaml" | cut -d: -f1)"
status_of typo 2 "$parley" validate "$work/typo"
holds typo "parley.yaml:$line:5: error: unknown key 'timout' in 'mybot' agent; did you mean 'timeout'?"
if [ -x "$python" ]; then
  status_of typo-schema-check 1 "$python" ../../scripts/check_schema.py "$work/parley.schema.json" "$work/typo/parley.yaml"
  holds typo-schema-check "timout"
fi

echo "== custom-bot: stopping bot-server (pid $server)"
if kill -0 "$server" 2>/dev/null; then ok "bot-server still up"; else bad "bot-server died during the checks"; fi
kill "$server" 2>/dev/null || true
code=0
wait "$server" || code=$?
server=""
if [ "$code" -eq 0 ]; then ok "bot-server stops on SIGTERM with exit 0"; else bad "bot-server exits $code on SIGTERM"; fi

if [ "$failures" -gt 0 ]; then
  echo "== custom-bot: $failures check(s) failed"
  exit 1
fi
echo "== custom-bot: every check passed"
