#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Facet authors
# SPDX-License-Identifier: Apache-2.0
# One command to install what Facet needs (Debian 12 packages), build an optimised Facet and start it.
#   bash packaging/run.sh [arguments for facet]
set -euo pipefail
cd "$(dirname "$0")/.."
bash packaging/install-deps.sh
cmake --preset release
cmake --build --preset release
exec ./build/release/app/facet "$@"
