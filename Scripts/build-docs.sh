#!/usr/bin/env bash
# Builds the documentation as a static site: one DocC archive for the umbrella module `Trellis`
# (its symbol graph holds the public symbols of Tracking, Graph, Environment and Views) with
# the articles of Sources/Trellis/Trellis.docc, one for TrellisTerminal, merged into one site.
#
#     Scripts/build-docs.sh                          into .build/docs, served under /Trellis
#     Scripts/build-docs.sh OUTPUT                   into OUTPUT
#     HOSTING_BASE_PATH=docs Scripts/build-docs.sh   served under /docs
#
# Warnings are errors: every symbol link in the articles and doc comments must resolve.
set -euo pipefail
cd "$(dirname "$0")/.."

start=$SECONDS
output="${1:-.build/docs}"
base_path="${HOSTING_BASE_PATH:-Trellis}"

graphs="$(Scripts/symbol-graphs.sh)"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/trellis-graphs" "$work/terminal-graphs"
# Only the umbrella's graphs: the per-module graphs of the layers repeat the same symbols.
cp "$graphs"/Trellis.symbols.json "$work/trellis-graphs"/
shopt -s nullglob
for extension in "$graphs"/Trellis@*.symbols.json; do cp "$extension" "$work/trellis-graphs"/; done
for graph in "$graphs"/TrellisTerminal.symbols.json "$graphs"/TrellisTerminal@*.symbols.json; do
  cp "$graph" "$work/terminal-graphs"/
done
shopt -u nullglob

convert() {
  docc convert "$@" \
    --transform-for-static-hosting \
    --hosting-base-path "$base_path" \
    --warnings-as-errors
}

convert Sources/Trellis/Trellis.docc \
  --additional-symbol-graph-dir "$work/trellis-graphs" \
  --fallback-display-name Trellis \
  --fallback-bundle-identifier org.trellis.Trellis \
  --output-path "$work/Trellis.doccarchive"
convert \
  --additional-symbol-graph-dir "$work/terminal-graphs" \
  --fallback-display-name TrellisTerminal \
  --fallback-bundle-identifier org.trellis.TrellisTerminal \
  --output-path "$work/TrellisTerminal.doccarchive"

rm -rf "$output"
mkdir -p "$(dirname "$output")"
docc merge "$work/Trellis.doccarchive" "$work/TrellisTerminal.doccarchive" \
  --synthesized-landing-page-name Trellis \
  --synthesized-landing-page-kind Package \
  --output-path "$output"

# Static hosting serves the site under /$base_path: a directory holding a link of that name
# to the output lets a local server show it as it will be hosted.
serve_root=.build/docs-serve
mkdir -p "$serve_root"
ln -sfn "$(cd "$output" && pwd)" "$serve_root/$base_path"

echo
echo "build-docs: wrote $output in $((SECONDS - start)) s. To read it:"
echo "  python3 -m http.server --directory $serve_root 8000"
echo "  then open http://localhost:8000/$base_path/documentation/trellis/"
echo "  (TrellisTerminal: http://localhost:8000/$base_path/documentation/trellisterminal/)"
