#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Facet authors
# SPDX-License-Identifier: Apache-2.0
# Builds the Debian 12 package: installs what is needed (packaging/install-deps.sh), builds the
# release preset (the same build folder as packaging/run.sh) and packs it with CPack's DEB
# generator. The .deb's path is the last line printed.
#   bash packaging/deb.sh
#   sudo apt install ./build/release/packages/facet_<version>_amd64.deb
set -euo pipefail
cd "$(dirname "$0")/.."
bash packaging/install-deps.sh

export CCACHE_DIR=${CCACHE_DIR:-$HOME/.cache/facet-ccache}
cmake --preset release
cmake --build --preset release -j "${FACET_JOBS:-$(nproc)}"
out=build/release/packages
rm -f "$out"/*.deb
cpack -G DEB --config build/release/CPackConfig.cmake -B "$out"
deb=$(ls "$out"/*.deb)
dpkg-deb --info "$deb" | sed -n '/Package:/,$p'
realpath "$deb"
