#!/usr/bin/env python3
"""Writes or checks the public API listing of Trellis's library modules.

The listing is made from the symbol graphs the compiler emits (`-emit-symbol-graph`): one line
per public declaration (its path, kind and declaration, plus the constraints of the extension it
is in) and one per conformance, sorted, one file per module under `api/`. Members the compiler
synthesizes from protocol extensions are left out: they follow the standard library, not us.

    api_listing.py SYMBOL_GRAPH_DIR OUTPUT_DIR           write the listing
    api_listing.py --check SYMBOL_GRAPH_DIR OUTPUT_DIR   fail, with a diff, if it changed
"""
import difflib
import json
import os
import sys

MODULES = ["TrellisTracking", "TrellisGraph", "TrellisEnvironment", "TrellisViews", "TrellisTerminal"]


def spelled(fragments):
    return "".join(fragment["spelling"] for fragment in fragments or [])


def constraint(requirement):
    relation = {"conformance": ":", "superclass": ":", "sameType": "=="}[requirement["kind"]]
    return f'{requirement["lhs"]} {relation} {requirement["rhs"]}'


def listing(graph_dir, module):
    """The sorted lines for `module`, from its graph and its extensions of other modules."""
    lines = set()
    files = [name for name in os.listdir(graph_dir)
             if name == f"{module}.symbols.json" or name.startswith(f"{module}@")]
    if not files:
        sys.exit(f"api_listing: no symbol graph for {module} in {graph_dir}")
    for name in sorted(files):
        with open(os.path.join(graph_dir, name)) as handle:
            graph = json.load(handle)
        names = {}
        for symbol in graph["symbols"]:
            precise = symbol["identifier"]["precise"]
            names[precise] = ".".join(symbol["pathComponents"])
            if "::SYNTHESIZED::" in precise:
                continue
            if symbol["accessLevel"] not in ("public", "open"):
                continue
            line = f'{names[precise]} [{symbol["kind"]["identifier"].removeprefix("swift.")}] '
            line += " ".join(spelled(symbol.get("declarationFragments")).split())
            constraints = symbol.get("swiftExtension", {}).get("constraints", [])
            if constraints:
                line += " (where " + ", ".join(constraint(item) for item in constraints) + ")"
            lines.add(line)
        for relation in graph["relationships"]:
            if relation["kind"] != "conformsTo" or "::SYNTHESIZED::" in relation["source"]:
                continue
            source = names.get(relation["source"])
            if source is None:
                continue
            target = relation.get("targetFallback") or names.get(relation["target"], relation["target"])
            extra = ""
            constraints = relation.get("swiftConstraints", [])
            if constraints:
                extra = " (where " + ", ".join(constraint(item) for item in constraints) + ")"
            lines.add(f"{source} conforms to {target}{extra}")
    return sorted(lines)


def main(arguments):
    check = arguments[:1] == ["--check"]
    if check:
        arguments = arguments[1:]
    if len(arguments) != 2:
        sys.exit(__doc__)
    graph_dir, output_dir = arguments
    os.makedirs(output_dir, exist_ok=True)
    changed = False
    for module in MODULES:
        text = "\n".join(listing(graph_dir, module)) + "\n"
        path = os.path.join(output_dir, f"{module}.txt")
        old = open(path).read() if os.path.exists(path) else ""
        if check:
            if old != text:
                changed = True
                sys.stdout.writelines(difflib.unified_diff(
                    old.splitlines(True), text.splitlines(True), path, f"{path} (now)"))
        elif old != text:
            with open(path, "w") as handle:
                handle.write(text)
            print(f"api_listing: wrote {path}")
    if changed:
        print("\napi_listing: the public API changed. If that is intended, run "
              "Scripts/check-api.sh --update and commit api/.", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main(sys.argv[1:])
