#!/usr/bin/env bash
# Emits the symbol graphs of Trellis's library modules into .build/symbol-graphs, for the API
# listing (Scripts/check-api.sh) and the documentation (Scripts/build-docs.sh).
# Builds in its own scratch path, so that the flags do not invalidate the main build.
set -euo pipefail
cd "$(dirname "$0")/.."

out="$PWD/.build/symbol-graphs"
# Not emptied first: a build that is already up to date emits nothing, and the graphs its
# last run wrote are still the current ones.
mkdir -p "$out"
for target in Trellis TrellisTerminal; do
  swift build --scratch-path .build/symbols --target "$target" \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$out" \
    -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public >&2
done
echo "$out"
