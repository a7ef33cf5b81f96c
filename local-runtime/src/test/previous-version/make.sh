#!/usr/bin/env bash
# Makes ../resources/previous-version/ (data-folder.zip and manifest.json): a data folder written by an earlier
# version of this repository through its own local runtime and API, as that version's users would have left it.
#
#   local-runtime/src/test/previous-version/make.sh [commit]     (default: the last commit before pattern 14)
#
# Needs Maven (offline is fine once the earlier version has been built here before), Java 17 and python3.
set -euo pipefail

commit=${1:-1aaa88ac}
here=$(cd "$(dirname "$0")" && pwd)
repo=$(git -C "$here" rev-parse --show-toplevel)
out=$(cd "$here/.." && pwd)/resources/previous-version
work=$(mktemp -d)
api_port=18080

cleanup() {
  if [[ -n "${runtime:-}" ]]; then kill "$runtime" 2>/dev/null || true; wait "$runtime" 2>/dev/null || true; fi
  git -C "$repo" worktree remove --force "$work/source" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

git -C "$repo" worktree add --quiet --detach "$work/source" "$commit"
cd "$work/source"
echo "building $(git log --oneline -1)"
mvn -B -q package -DskipTests > "$work/build.log"

# Its request limits off, so the writes are not held to one business's share.
java -Dentity-table.rate-limit.per-business=0 -Dentity-table.stage-throttle.rate=100000 \
  -Dentity-table.stage-throttle.burst=100000 -jar local-runtime/target/local-runtime.jar start \
  --data "$work/data" --api-port $api_port --dynamodb-port 18000 --sqs-port 18324 --search-port 19200 \
  > "$work/runtime.log" 2>&1 &
runtime=$!
until grep -q "Entity Table is running locally" "$work/runtime.log"; do
  kill -0 "$runtime" || { cat "$work/runtime.log"; exit 1; }
  sleep 1
done
token=$(java -jar local-runtime/target/local-runtime.jar token --operator --data "$work/data" | tail -1)
python3 "$here/write.py" "http://localhost:$api_port" "$token" "$work/manifest.json"

# The stream consumers are done when the table's journal has not grown for ten seconds.
last=-1
while size=$(du -sb "$work/data/dynamodb" | cut -f1) && [[ $size != "$last" ]]; do
  last=$size
  sleep 10
done
kill "$runtime" && wait "$runtime" || true
runtime=

# The folder as its user would keep it, without what every start makes again (the unpacked functions, the logs).
mkdir -p "$out"
cp "$work/manifest.json" "$out/manifest.json"
(cd "$work/data" && python3 - "$out/data-folder.zip" <<'PY'
import os, sys, zipfile
with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
    for top in sorted(os.listdir(".")):
        if top in ("functions", "logs"):
            continue
        for folder, _, files in os.walk(top):
            for name in sorted(files):
                archive.write(os.path.join(folder, name))
PY
)
echo "wrote $out/data-folder.zip ($(du -h "$out/data-folder.zip" | cut -f1)) and manifest.json from $commit"
