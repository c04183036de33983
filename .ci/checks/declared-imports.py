#!/usr/bin/env python3
"""Every module a target imports is one its manifest declares (a target, a product, or a
system module): a target that compiles only because a neighbour happened to pull a module in
breaks when the neighbour changes. Reads the three manifests (the store's, the kit's, the
integration tier's) through `swift package dump-package`, and each target's Swift files as text.
Exits 1 and names the target and the module otherwise."""
import json, os, re, subprocess, sys

REPOSITORY = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
PACKAGES = [".", "TerminalKit", "IntegrationTests"]
# What the toolchain and the platform give every target.
SYSTEM = {
    "Foundation", "FoundationEssentials", "FoundationNetworking", "Glibc", "Darwin", "os", "Dispatch", "Synchronization",
    "Testing", "XCTest", "_Concurrency", "_StringProcessing", "RegexBuilder", "Observation", "CoreFoundation",
}
IMPORT = re.compile(r"\s*(?:@\w+(?:\([^)]*\))?\s+)*import\s+(?:(?:struct|enum|class|protocol|func|var|let|typealias)\s+)?([A-Za-z_]\w*)")

def declared(target):
    names = set()
    for dependency in target["dependencies"]:
        for kind in ("byName", "product", "target"):
            if kind in dependency:
                names.add(dependency[kind][0])
    return names

def imports(folder):
    found = set()
    for root, _, files in os.walk(folder):
        for name in files:
            if name.endswith(".swift"):
                with open(os.path.join(root, name), encoding="utf-8") as source:
                    for line in source:
                        match = IMPORT.match(line)
                        if match:
                            found.add(match.group(1))
    return found

problems = []
for package in PACKAGES:
    directory = os.path.join(REPOSITORY, package)
    manifest = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=directory, check=True, capture_output=True, text=True).stdout)
    for target in manifest["targets"]:
        if target["type"] in ("system", "binary", "plugin", "macro"):
            continue
        default = ("Tests/" if target["type"] == "test" else "Sources/") + target["name"]
        folder = os.path.join(directory, target.get("path") or default)
        if not os.path.isdir(folder):
            continue
        missing = imports(folder) - declared(target) - SYSTEM - {target["name"]}
        for module in sorted(missing):
            problems.append(f"{os.path.relpath(folder, REPOSITORY)}: imports {module}, which target {target['name']} does not declare")

for problem in problems:
    print("error: " + problem, file=sys.stderr)
sys.exit(1 if problems else 0)
