#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Facet authors
# SPDX-License-Identifier: Apache-2.0
# One command to install what Facet needs (Debian 12 packages), build it and run the whole test
# suite twice: a normal debug build, then an AddressSanitizer + UBSan build.
#   bash packaging/test.sh
# FACET_TEST_PRESETS="dev" limits it to the named presets.
set -euo pipefail
cd "$(dirname "$0")/.."
bash packaging/install-deps.sh

presets=${FACET_TEST_PRESETS:-"dev asan"}
jobs=${FACET_JOBS:-$(nproc)}
# ccache keeps rebuilds cheap between runs (CI and local).
export CCACHE_DIR=${CCACHE_DIR:-$HOME/.cache/facet-ccache}
export CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-5G}

status=0
for preset in $presets; do
  echo "=== Facet: configure, build and test preset '$preset' ==="
  cmake --preset "$preset"
  cmake --build --preset "$preset" -j "$jobs"
  # Tests that need a display run under Xvfb; GPU tests use Mesa's lavapipe (no GPU needed).
  # -noreset: by default Xvfb resets when its last client disconnects, and a test connecting
  # during that reset fails ("could not connect to display") — with tests in parallel that races.
  if ! xvfb-run -a -s "-screen 0 1280x1024x24 -noreset" ctest --preset "$preset" -j "$jobs"; then
    status=1
  fi
done
exit $status
