#!/usr/bin/env bash
# Builds the documentation: one DocC archive for the umbrella module `Trellis` (its symbol
# graph holds the public symbols of Tracking, Graph, Environment and Views) with the articles
# of Sources/Trellis/Trellis.docc, transformed for static hosting.
#
#     Scripts/build-docs.sh                       into .build/docs, served under /Trellis
#     Scripts/build-docs.sh OUTPUT                into OUTPUT
#     HOSTING_BASE_PATH=docs Scripts/build-docs.sh   served under /docs
#
# Warnings are errors: every symbol link in the articles and doc comments must resolve.
set -euo pipefail
cd "$(dirname "$0")/.."

start=$SECONDS
output="${1:-.build/docs}"
base_path="${HOSTING_BASE_PATH:-Trellis}"

graphs="$(Scripts/symbol-graphs.sh)"

# Only the umbrella's graphs: the per-module graphs repeat the same symbols.
umbrella="$(mktemp -d)"
trap 'rm -rf "$umbrella"' EXIT
cp "$graphs"/Trellis.symbols.json "$umbrella"/
shopt -s nullglob
for extension in "$graphs"/Trellis@*.symbols.json; do cp "$extension" "$umbrella"/; done
shopt -u nullglob

rm -rf "$output"
docc convert Sources/Trellis/Trellis.docc \
  --additional-symbol-graph-dir "$umbrella" \
  --fallback-display-name Trellis \
  --fallback-bundle-identifier org.trellis.Trellis \
  --output-path "$output" \
  --transform-for-static-hosting \
  --hosting-base-path "$base_path" \
  --warnings-as-errors

# Static hosting serves the site under /$base_path: a directory holding a link of that name
# to the output lets a local server show it as it will be hosted.
serve_root=.build/docs-serve
mkdir -p "$serve_root"
ln -sfn "$(cd "$output" && pwd)" "$serve_root/$base_path"

echo
echo "build-docs: wrote $output in $((SECONDS - start)) s. To read it:"
echo "  python3 -m http.server --directory $serve_root 8000"
echo "  then open http://localhost:8000/$base_path/documentation/trellis/"
