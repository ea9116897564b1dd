#!/usr/bin/env bash
# Fails when a target's imports and the dependencies Package.swift declares for it differ: a module imported but not
# declared builds only through another target's dependency, and one declared but never imported is dead weight.
# Executable targets a test depends on (to build the binary it runs) are not imported, so they are exempt.
# It also keeps the C boundary in one target: only StandInEngine may depend on or import CLibevent and CZlib; and it
# fails when a module apps link reaches the command line's tooling.
set -euo pipefail
cd "$(dirname "$0")/.."

command -v python3 >/dev/null || { echo "check-imports.sh needs python3" >&2; exit 2; }

# A scratch path of its own: the check runs beside a build without waiting for its lock.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
swift package --scratch-path "$scratch" dump-package | python3 -c '
import json, os, re, sys

package = json.load(sys.stdin)
# Modules that come with the toolchain or the system, never declared as dependencies.
SYSTEM = {"Foundation", "FoundationNetworking", "FoundationEssentials", "Glibc", "Darwin", "Dispatch", "Testing",
          "XCTest", "Synchronization", "os", "Musl", "WinSDK", "Security"}
IMPORT = re.compile(r"^(?:@_exported\s+|@testable\s+|@preconcurrency\s+)*(?:public\s+|package\s+|internal\s+)?"
                    r"import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)")

# The C libraries, and the one target that may use them.
C_LIBRARIES, ENGINE = {"CLibevent", "CZlib"}, "StandInEngine"

targets = {target["name"]: target for target in package["targets"]}
executables = {name for name, target in targets.items() if target["type"] == "executable"}

def declared(target):
    names = set()
    for dependency in target.get("dependencies", []):
        for kind in ("byName", "target", "product"):
            if kind in dependency:
                names.add(dependency[kind][0])
    return names

def imported(target):
    default = "Tests" if target["type"] == "test" else "Sources"
    path = target.get("path") or os.path.join(default, target["name"])
    names = set()
    for root, _, files in os.walk(path):
        for file in files:
            if file.endswith(".swift"):
                with open(os.path.join(root, file), encoding="utf-8") as source:
                    names.update(match.group(1) for line in source if (match := IMPORT.match(line)))
    return names - SYSTEM

sep = ", "
failed = False
for name, target in sorted(targets.items()):
    if target["type"] == "system":
        continue
    have, used = declared(target), imported(target)
    undeclared = sorted(used - have)
    unused = sorted(have - used - executables)
    if undeclared:
        print(f"{name} imports {sep.join(undeclared)} without declaring it in Package.swift")
    if unused:
        print(f"{name} declares {sep.join(unused)} in Package.swift but never imports it")
    c_libraries = sorted((have | used) & C_LIBRARIES) if name != ENGINE else []
    if c_libraries:
        print(f"{name} uses {sep.join(c_libraries)}; only {ENGINE} may (MockServer goes through the engine)")
    failed = failed or bool(undeclared or unused or c_libraries)

# What an app and its tests link builds none of the tooling of the command line: no importer or drift, no YAML parser, no
# blocking socket transport.
SHIPPED = ("NetworkCore", "StandInFixtures", "StandInClient")
TOOLING = {"StandInTooling", "StandInSocket", "Yams"}
for name in SHIPPED:
    reached, pending = set(), [name]
    while pending:
        for dependency in declared(targets.get(pending.pop(), {})) - reached:
            reached.add(dependency)
            pending.append(dependency)
    if reached & TOOLING:
        print(f"{name} ships to apps but depends on {sep.join(sorted(reached & TOOLING))}")
        failed = True
sys.exit(1 if failed else 0)
'
