#!/usr/bin/env bash
# The size figures the clean-up work is measured by, from the tracked files of the current checkout:
# lines of TypeScript source (generated SDK code excluded), files over 200 lines, eslint-disable comments, and
# dependency-cruiser's module count (needs node_modules).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
src="$(git ls-files '*.ts' '*.tsx' | grep -v '/generated/')"
echo "source lines:        $(cat $src | wc -l)"
echo "files over 200 lines: $(for f in $src; do [ "$(wc -l <"$f")" -gt 200 ] && echo "$f"; done | wc -l)"
echo "eslint-disable:      $(git grep -c 'eslint-disable' -- '*.ts' '*.tsx' '*.js' '*.cjs' | awk -F: '{s+=$2} END {print s+0}')"
if [ -x node_modules/.bin/depcruise ]; then
  echo "depcruise modules:   $(npx depcruise packages services workflows tools test --config .dependency-cruiser.cjs --output-type json | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).summary.totalCruised))')"
fi
