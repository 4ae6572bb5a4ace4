#!/usr/bin/env bash
# ansi-test.sh runs the chapters of the ANSI Common Lisp test suite
# (pfdietz/ansi-test) that nodelisp claims, under nodelisp and SBCL, and
# prints the per-chapter table docs/language.md quotes. The suite is not
# part of this repository: pass the path of a checkout.
#
#   scripts/ansi-test.sh /path/to/ansi-test [OUTDIR]
#
# OUTDIR (default ./ansi-results) receives CHAPTER.tsv (each test's
# outcome under nodelisp and SBCL), CHAPTER-wrong.lisp (the tests nodelisp
# answers wrongly without an error, where SBCL passes) and table.md.
# NODELISP_ANSI_CHAPTERS=cons,numbers limits the chapters. Needs sbcl.
set -euo pipefail
if [ $# -lt 1 ]; then
	echo "usage: scripts/ansi-test.sh /path/to/ansi-test [OUTDIR]" >&2
	exit 2
fi
suite=$(cd "$1" && pwd)
out=${2:-ansi-results}
mkdir -p "$out"
out=$(cd "$out" && pwd)
cd "$(dirname "$0")/.."
NODELISP_ANSI_TEST="$suite" NODELISP_ANSI_SBCL=1 NODELISP_ANSI_OUT="$out" \
	go test -tags ansi -count=1 -run '^TestANSISuite$' -timeout 2h -v ./interp
cat "$out/table.md"
