#!/usr/bin/env bash
# golden.sh regenerates the expected outputs of the golden tests with SBCL,
# the reference implementation: each testdata/cl/NAME.lisp and
# testdata/bench/NAME.lisp is loaded into a fresh SBCL and its standard
# output becomes NAME.out beside it. testdata/files/NAME.lisp (file
# streams) is loaded the same way with an empty temporary directory as the
# current one, as a session's working directory is in its test.
#
#   scripts/golden.sh                     regenerate every file
#   scripts/golden.sh closures tail-calls regenerate only these (a name, or a path)
#
# Only `make golden` needs SBCL; `make test` compares against the committed
# .out files. The prelude makes SBCL print the way nodelisp does: floats read
# as doubles (so no f0/d0 suffixes), no pretty printer. *print-case* keeps
# SBCL's default, :upcase, which is nodelisp's inside programs too (only
# the display of a result to a person or a model is in lower case:
# docs/language.md, "Case").
# A file that makes SBCL signal an unhandled error fails the run and leaves
# its .out untouched. GOLDEN_VERBOSE=1 also shows SBCL's warnings.
set -euo pipefail
shopt -s nullglob

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

if ! command -v sbcl >/dev/null 2>&1; then
	echo "golden.sh: sbcl not found (apt-get install -y sbcl)" >&2
	exit 2
fi

files=()
if [ $# -eq 0 ]; then
	files=(testdata/cl/*.lisp testdata/bench/*.lisp testdata/files/*.lisp)
else
	for arg in "$@"; do
		if [ -f "$arg" ]; then
			files+=("$arg")
		elif [ -f "testdata/cl/${arg%.lisp}.lisp" ]; then
			files+=("testdata/cl/${arg%.lisp}.lisp")
		elif [ -f "testdata/bench/${arg%.lisp}.lisp" ]; then
			files+=("testdata/bench/${arg%.lisp}.lisp")
		elif [ -f "testdata/files/${arg%.lisp}.lisp" ]; then
			files+=("testdata/files/${arg%.lisp}.lisp")
		else
			echo "golden.sh: no golden file named $arg" >&2
			exit 2
		fi
	done
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

failed=0
for f in "${files[@]}"; do
	out="${f%.lisp}.out"
	src=$f
	[[ $f = /* ]] || src=$root/$f
	rm -rf "$tmp/wd" && mkdir "$tmp/wd"
	if ! (cd "$tmp/wd" && sbcl --noinform --non-interactive --no-sysinit --no-userinit \
		--eval "(setf *read-default-float-format* 'double-float)" \
		--eval '(setf *print-pretty* nil)' \
		--eval "(load \"$src\")") \
		>"$tmp/out" 2>"$tmp/err" </dev/null; then
		echo "FAIL $f: sbcl signalled an error" >&2
		sed 's/^/    /' "$tmp/err" | head -40 >&2
		failed=1
		continue
	fi
	if [ "${GOLDEN_VERBOSE:-}" = 1 ] && [ -s "$tmp/err" ]; then
		echo "warnings from $f:" >&2
		sed 's/^/    /' "$tmp/err" >&2
	fi
	if [ -f "$out" ] && cmp -s "$tmp/out" "$out"; then
		echo "same $out"
	else
		cp "$tmp/out" "$out"
		echo "wrote $out"
	fi
done
exit $failed
