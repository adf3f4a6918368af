#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Facet authors
# SPDX-License-Identifier: Apache-2.0
# Builds Facet as an AppImage with linuxdeploy and linuxdeploy-plugin-qt, which it downloads (this
# needs network; CI only checks this script, tests/packaging/check_recipes.py). Build on the oldest
# distribution the AppImage should run on: it carries that system's Qt and libraries, but uses the
# host's Vulkan loader and GPU drivers, and the host's GStreamer plugins for audio decoding.
#   bash packaging/appimage/build-appimage.sh
# The AppImage's path is the last line printed.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
app_id=io.github.facet.Facet
arch=$(uname -m)
version=$(sed -n 's/^project(Facet VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
work=$root/build/appimage
tools=$work/tools
mkdir -p "$tools"

fetch() {  # fetch NAME URL: a tool, downloaded once
  if [ ! -x "$tools/$1" ]; then
    curl -fL --retry 3 -o "$tools/$1.part" "$2"
    chmod +x "$tools/$1.part"
    mv "$tools/$1.part" "$tools/$1"
  fi
}
fetch "linuxdeploy-$arch.AppImage" \
  "https://github.com/linuxdeploy/linuxdeploy/releases/download/continuous/linuxdeploy-$arch.AppImage"
fetch "linuxdeploy-plugin-qt-$arch.AppImage" \
  "https://github.com/linuxdeploy/linuxdeploy-plugin-qt/releases/download/continuous/linuxdeploy-plugin-qt-$arch.AppImage"

# A release build installed under /usr in the AppDir, as the Debian package lays it out.
cmake -S . -B "$work/build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=/usr \
  -DFACET_BUILD_TESTS=OFF
cmake --build "$work/build"
rm -rf "$work/AppDir"
DESTDIR="$work/AppDir" cmake --install "$work/build" --strip

# linuxdeploy-plugin-qt finds Qt through qmake and bundles the plugins the linked Qt modules need
# (platforms, image formats, the SQLite driver, multimedia); the SVG plugins (the window icon) and
# Wayland are not linked, so they are named here.
export QMAKE=${QMAKE:-$(command -v qmake6 || echo /usr/lib/qt6/bin/qmake)}
export EXTRA_QT_MODULES="svg;waylandcompositor"
export EXTRA_QT_PLUGINS="$EXTRA_QT_MODULES"  # the name older plugin builds read
export EXTRA_PLATFORM_PLUGINS="libqwayland-egl.so;libqwayland-generic.so"
export LINUXDEPLOY_OUTPUT_VERSION=$version
export APPIMAGE_EXTRACT_AND_RUN=1  # no FUSE needed (containers, CI)
export PATH="$tools:$PATH"
cd "$work"
"$tools/linuxdeploy-$arch.AppImage" \
  --appdir "$work/AppDir" \
  --desktop-file "$work/AppDir/usr/share/applications/$app_id.desktop" \
  --icon-file "$work/AppDir/usr/share/icons/hicolor/256x256/apps/$app_id.png" \
  --executable "$work/AppDir/usr/bin/facet" \
  --executable "$work/AppDir/usr/bin/facet-cli" \
  --plugin qt \
  --output appimage
realpath "$work/Facet-$version-$arch.AppImage"
