#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Facet authors
# SPDX-License-Identifier: Apache-2.0
# Runs a GPU test binary with the Khronos validation layer, synchronization validation included,
# and fails on anything the layer reports: a Vulkan API misuse, or a missing barrier (a hazard
# lavapipe's serial execution would never show as a wrong result). Facet records its own Vulkan
# command buffers (engine/gpu/vulkan_direct.cpp), so this is their check.
#   run_validated.sh TEST_BINARY [gtest arguments...]
set -uo pipefail
binary=$1
shift
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat > "$dir/vk_layer_settings.txt" <<SETTINGS
khronos_validation.debug_action = VK_DBG_LAYER_ACTION_LOG_MSG
khronos_validation.report_flags = error,warn,info
khronos_validation.log_filename = $dir/validation.log
khronos_validation.enables = VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT
SETTINGS
export VK_LAYER_SETTINGS_PATH="$dir/vk_layer_settings.txt"
export VK_INSTANCE_LAYERS=VK_LAYER_KHRONOS_validation
"$binary" "$@"
status=$?
if ! grep -q "Khronos Validation Layer Active" "$dir/validation.log" 2>/dev/null; then
  echo "run_validated.sh: the Khronos validation layer did not load (Debian package" \
       "vulkan-validationlayers; packaging/install-deps.sh installs it)" >&2
  exit 1
fi
if grep -E "VUID-|SYNC-|Validation (Error|Warning)" "$dir/validation.log" >&2; then
  echo "run_validated.sh: the validation layer reported the problems above" >&2
  exit 1
fi
exit $status
