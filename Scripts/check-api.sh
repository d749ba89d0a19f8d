#!/usr/bin/env bash
# Fails when the public API of a library module differs from the listing checked in under api/.
#
#     Scripts/check-api.sh            check (CI runs this)
#     Scripts/check-api.sh --update   rewrite api/ after an intended change; commit it
#
# The listing has one line per public declaration and conformance (see Scripts/api_listing.py),
# so a review shows exactly what the public surface gained and lost.
set -euo pipefail
cd "$(dirname "$0")/.."

graphs="$(Scripts/symbol-graphs.sh)"
if [[ "${1:-}" == "--update" ]]; then
  python3 Scripts/api_listing.py "$graphs" api
else
  python3 Scripts/api_listing.py --check "$graphs" api
  echo "check-api: the public API matches api/"
fi
