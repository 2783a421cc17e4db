#!/usr/bin/env bash
# Builds every Mojo file given (default: the catalog's starters and Mojo solutions) into an
# sm_90 shared library and checks that it exports `solve`. One TSV row per file:
# path, exit status of the build, whether `nm -D` lists a defined `solve`, build seconds.
# Each build gets an empty Mojo cache (XDG_CACHE_HOME; mojo keeps compiled code in
# $XDG_CACHE_HOME/modular/.mojo_cache), so the seconds are a cold build's.
# MOJO: the compiler (default: mojo on PATH). Usage: compile_all.sh [FILE...] > rows.tsv
set -u
MOJO=${MOJO:-mojo}
cd "$(git rev-parse --show-toplevel)"
if [ $# -eq 0 ]; then
    set -- problems/catalog/*/starters/solution.mojo problems/catalog/*/solutions/*.mojo
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf 'file\tbuild_rc\texports_solve\tseconds\n'
for src in "$@"; do
    lib="$work/out.so"
    rm -rf "$lib" "$work/cache"
    start=$(date +%s.%N)
    XDG_CACHE_HOME="$work/cache" "$MOJO" build --emit shared-lib --target-accelerator sm_90 -o "$lib" "$src" \
        >"$work/log" 2>&1
    rc=$?
    end=$(date +%s.%N)
    exports=no
    if [ -f "$lib" ] && nm -D --defined-only "$lib" | grep -qE ' T solve$'; then
        exports=yes
    fi
    printf '%s\t%s\t%s\t%.2f\n' "$src" "$rc" "$exports" "$(echo "$end - $start" | bc)"
    if [ $rc -ne 0 ] || grep -q warning "$work/log"; then
        sed "s|^|    # |" "$work/log" | head -20 >&2
    fi
done
