#!/usr/bin/env bash
# Builds each libFuzzer target with AddressSanitizer and fuzzes it for SECONDS_PER_TARGET seconds (default 60),
# starting from its seed corpus in Fuzz/corpus/<target>/ and its dictionary Fuzz/<target>.dict where there is one.
# Prints libFuzzer's final line per target and exits 1 if any target crashed or stopped early. Crashing inputs are
# written to Fuzz/out/crashes/; new corpus entries to Fuzz/out/corpus/<target>/ (the seed corpus in git is never
# modified).
#
#   Fuzz/run.sh                      every target, 60 s each
#   Fuzz/run.sh fuzz-matcher         one target
#   SECONDS_PER_TARGET=600 Fuzz/run.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

SECONDS_PER_TARGET=${SECONDS_PER_TARGET:-60}
OUT=Fuzz/out
SCRATCH=.build-fuzz
COVERAGE=-sanitize-coverage=edge,indirect-calls,trace-cmp,inline-8bit-counters,pc-table
TARGETS=("$@")
if [[ ${#TARGETS[@]} -eq 0 ]]; then
    TARGETS=(fuzz-fixture-loader fuzz-matcher fuzz-record-namer)
fi

mkdir -p "$OUT/crashes"
failed=0
for target in "${TARGETS[@]}"; do
    corpus_name=${target#fuzz-}
    # The executable target behind a name (the fuzzers are targets, not products an app could depend on).
    case $target in
        fuzz-fixture-loader) executable=FixtureLoaderFuzz ;;
        fuzz-matcher) executable=MatcherFuzz ;;
        fuzz-record-namer) executable=RecordNamerFuzz ;;
        *) echo "$target: no such fuzz target (fuzz-fixture-loader, fuzz-matcher, fuzz-record-namer)" >&2; exit 2 ;;
    esac
    echo "== $target: building"
    # --sanitize=fuzzer makes SwiftPM link libFuzzer's main (-Xswiftc -sanitize=fuzzer would link an empty one),
    # but it does not instrument the Swift modules for coverage: COVERAGE does, in the form libFuzzer reads
    # (inline 8-bit counters; plain "edge" gives trace-pc-guard, which libFuzzer refuses).
    swift build --product "$executable" --sanitize=fuzzer --sanitize=address -Xswiftc "$COVERAGE" \
        --scratch-path "$SCRATCH" 2>&1 |
        grep -Ev "ld.gold: warning: Cannot export local symbol" || true
    binary="$SCRATCH/debug/$executable"
    [[ -x "$binary" ]] || { echo "$target: build failed" >&2; exit 1; }

    mkdir -p "$OUT/corpus/$corpus_name"
    log="$OUT/$target.log"
    echo "== $target: fuzzing for ${SECONDS_PER_TARGET}s"
    status=0
    dictionary=()
    [[ -f "Fuzz/$corpus_name.dict" ]] && dictionary=(-dict="Fuzz/$corpus_name.dict")
    LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan.supp" "$binary" "${dictionary[@]}" \
        -max_total_time="$SECONDS_PER_TARGET" -print_final_stats=1 \
        -artifact_prefix="$OUT/crashes/$corpus_name-" \
        "$OUT/corpus/$corpus_name" "Fuzz/corpus/$corpus_name" >"$log" 2>&1 || status=$?
    done_line=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -1 || true)
    if [[ $status -ne 0 || -z "$done_line" || "$done_line" != *"cov: "* ]]; then
        echo "$target: FAILED (exit $status); see $log" >&2
        grep -E "ERROR|Test unit written" "$log" >&2 || true
        failed=1
    else
        echo "$target: $done_line"
    fi
done
exit $failed
