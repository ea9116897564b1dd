#!/usr/bin/env bash
# generate-fixtures.sh COUNT DIR: writes a mocks directory of COUNT fixtures into DIR (emptied
# first): Benchmarks/mocks/bench.json (GET /bench, the fixture under load) plus COUNT - 1
# generated ones in folders of 100, a realistic mix: literal paths with envelope bodies
# (8 in 10), `{id}` templates with a path capture (1 in 10), and literal paths with a query
# matcher (1 in 10).
set -euo pipefail

count=$1
dir=$2
rm -rf "$dir"
mkdir -p "$dir"
cp "$(dirname "${BASH_SOURCE[0]}")/../mocks/bench.json" "$dir/bench.json"

awk -v count="$count" -v dir="$dir" 'BEGIN {
    for (n = 1; n < count; n++) {
        folder = dir "/group" int(n / 100)
        if (n % 100 == 0 || n == 1) system("mkdir -p " folder)
        file = folder "/fixture" n ".json"
        if (n % 10 == 1) {
            request = "{ \"method\": \"GET\", \"path\": \"/resources" n "/{id}\" }"
            data = "{ \"id\": \"{{path.id}}\", \"kind\": \"resource\", \"index\": " n " }"
        } else if (n % 10 == 2) {
            request = "{ \"method\": \"GET\", \"path\": \"/search" n "\", \"query\": { \"q\": \"term" n "\" } }"
            data = "{ \"results\": [ { \"id\": " n ", \"title\": \"Result " n "\" } ], \"total\": 1 }"
        } else {
            request = "{ \"method\": \"" (n % 3 == 0 ? "POST" : "GET") "\", \"path\": \"/items/" n "\" }"
            data = "{ \"id\": " n ", \"name\": \"Item " n "\", \"price\": " (n % 97) ".5, \"tags\": [\"a\", \"b\"] }"
        }
        printf "{\n  \"request\": %s,\n  \"response\": {\n    \"headers\": { \"Cache-Control\": \"no-store\" },\n    \"envelope\": { \"data\": %s }\n  }\n}\n", request, data > file
        close(file)
    }
}'
