#!/usr/bin/env bash
# Renders the notes app's live dependency graph into docs/graph/: the DOT that
# `NotesDemo --graph` writes after step 5 (editing note B's title) and its SVG, for the
# four notes in docs/graph/sample-notes.json (the full 2,000-note list makes a graph too large to
# read). Installs Graphviz from the Debian archive when `dot` is missing; nothing else in the
# repository needs it.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v dot >/dev/null; then
  echo "render-graph: installing Graphviz" >&2
  sudo=""
  if [[ "$(id -u)" != 0 ]]; then sudo="sudo"; fi
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq graphviz >/dev/null
fi

swift run NotesDemo --notes docs/graph/sample-notes.json --graph docs/graph/notes-graph.dot \
  --quiet >/dev/null
dot -Tsvg docs/graph/notes-graph.dot -o docs/graph/notes-graph.svg
echo "render-graph: wrote docs/graph/notes-graph.dot and docs/graph/notes-graph.svg"
