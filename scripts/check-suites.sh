#!/usr/bin/env bash
# Fails when a test suite does not declare `.threadPerTest` (ServerTestSupport): its tests would run on Swift
# concurrency's shared threads, as many as cores, and one of them busy or blocked stalls the timers and answers of
# every other test in the run (docs/TESTING.md, "Hold no shared thread while waiting").
set -euo pipefail
cd "$(dirname "$0")/.."

command -v python3 >/dev/null || { echo "check-suites.sh needs python3" >&2; exit 2; }

python3 - <<'PYTHON'
import pathlib, sys

missing = []
for path in sorted(pathlib.Path("Tests").rglob("*.swift")):
    text = path.read_text()
    start = 0
    while (at := text.find("@Suite", start)) >= 0:
        end = at + len("@Suite")
        arguments = ""
        if text[end:end + 1] == "(":
            depth, close = 0, end
            while True:
                depth += {"(": 1, ")": -1}.get(text[close], 0)
                if depth == 0:
                    break
                close += 1
            arguments, end = text[end + 1:close], close + 1
        if ".threadPerTest" not in arguments:
            missing.append(f"{path}:{text.count(chr(10), 0, at) + 1}: @Suite without .threadPerTest")
        start = end
for line in missing:
    print(line, file=sys.stderr)
sys.exit(1 if missing else 0)
PYTHON
