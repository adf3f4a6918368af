#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Facet authors
# SPDX-License-Identifier: Apache-2.0
# The Debian package end to end (ctest package_deb; see CMakeLists.txt):
#   deb_package_test.sh CPACK BUILD_DIR MAKE_FIXTURE VERSION
# Packs BUILD_DIR with CPack's DEB generator (stripped, as a release package is), unpacks the .deb
# with dpkg -x into a scratch root and checks what a user would get. The executables run from that
# root with LD_LIBRARY_PATH unset and HOME in the scratch folder.
set -euo pipefail
cpack=$1 build=$2 make_fixture=$3 version=$4
app_id=io.github.facet.Facet

scratch=$(mktemp -d "${TMPDIR:-/tmp}/facet-package-test.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
fail() {
  echo "FAIL: $*" >&2
  exit 1
}
step() { echo "--- $*"; }

step "cpack -G DEB"
if ! "$cpack" -G DEB --config "$build/CPackConfig.cmake" -B "$scratch/out" -D CPACK_STRIP_FILES=ON \
  >"$scratch/cpack.log" 2>&1; then
  cat "$scratch/cpack.log"
  fail "cpack could not build the package"
fi
deb=$scratch/out/facet_${version}_$(dpkg --print-architecture).deb
[ -f "$deb" ] || fail "no $(basename "$deb") in $(ls "$scratch/out")"

step "control fields"
dpkg-deb --info "$deb" | sed -n '/Package:/,$p'
for field in Package Version Architecture Maintainer Section Description Depends; do
  [ -n "$(dpkg-deb --field "$deb" "$field")" ] || fail "the control field $field is empty"
done
[ "$(dpkg-deb --field "$deb" Version)" = "$version" ] || fail "Version is not $version"
depends=$(dpkg-deb --field "$deb" Depends)
# dpkg-shlibdeps' part (the libraries the executables link) and ours (what Qt loads at run time).
for dep in libqt6core6 libqt6gui6 libqt6widgets6 libc6 libvulkan1 libqt6sql6-sqlite libqt6svg6; do
  grep -Eq "(^|, )$dep( |,|$)" <<<"$depends" || fail "Depends lacks $dep: $depends"
done

step "contents"
root=$scratch/root
dpkg -x "$deb" "$root"
expected=(
  usr/bin/facet
  usr/bin/facet-cli
  usr/share/applications/$app_id.desktop
  usr/share/metainfo/$app_id.metainfo.xml
  usr/share/icons/hicolor/scalable/apps/$app_id.svg
  usr/share/man/man1/facet-cli.1.gz
  usr/share/doc/facet/copyright
)
sizes=(16 32 48 64 128 256 512)
for size in "${sizes[@]}"; do
  expected+=("usr/share/icons/hicolor/${size}x${size}/apps/$app_id.png")
done
for f in "${expected[@]}"; do
  [ -s "$root/$f" ] || fail "the package has no $f"
done
# Nothing else: no test programs, headers or build leftovers.
extra=$(cd "$root" && find . -type f -printf '%P\n' | sort | comm -23 - <(printf '%s\n' "${expected[@]}" | sort))
[ -z "$extra" ] || fail "files the package should not have: $extra"
for size in "${sizes[@]}"; do
  png=$root/usr/share/icons/hicolor/${size}x${size}/apps/$app_id.png
  # The PNG header's width and height (big-endian 32-bit at bytes 16 and 20).
  read -r w h < <(od -An -tu4 --endian=big -j16 -N8 "$png")
  [ "$w" = "$size" ] && [ "$h" = "$size" ] || fail "$png is ${w}x${h}, not ${size}x${size}"
done
for exe in facet facet-cli; do
  [ -x "$root/usr/bin/$exe" ] || fail "usr/bin/$exe is not executable"
  # No RPATH into the build tree: the installed executables find only system libraries.
  if readelf -d "$root/usr/bin/$exe" | grep -Eq 'RPATH|RUNPATH'; then
    fail "usr/bin/$exe has an RPATH: $(readelf -d "$root/usr/bin/$exe" | grep -E 'RPATH|RUNPATH')"
  fi
done

step "AppStream metainfo and desktop file"
appstreamcli validate --no-net "$root/usr/share/metainfo/$app_id.metainfo.xml"
# The whole tree: the metainfo's launchable, the desktop file and its icon agree.
appstreamcli validate-tree --no-net "$root"
desktop-file-validate "$root/usr/share/applications/$app_id.desktop"
newest=$(grep -o '<release version="[^"]*"' "$root/usr/share/metainfo/$app_id.metainfo.xml" |
  head -n1 | cut -d'"' -f2)
[ "$newest" = "$version" ] || fail "the metainfo's newest release is $newest, the project is $version"

step "facet-cli(1)"
gzip -t "$root/usr/share/man/man1/facet-cli.1.gz"
zcat "$root/usr/share/man/man1/facet-cli.1.gz" >"$scratch/facet-cli.1"
groff -z -ww -man -Tutf8 "$scratch/facet-cli.1" 2>"$scratch/groff.log"
[ ! -s "$scratch/groff.log" ] || fail "groff warns about the manual page: $(cat "$scratch/groff.log")"
# Every command facet-cli's help lists has its own entry (the first word after .TP or .TQ).
documented=$(awk '/^\.T[PQ]$/ { getline; sub(/^\.[A-Z]+ /, ""); gsub(/"/, ""); print $1 }' \
  "$scratch/facet-cli.1")

run_installed() {  # the unpacked executables, as an installed package runs them
  env -u LD_LIBRARY_PATH -u XDG_CONFIG_HOME -u XDG_DATA_HOME -u XDG_CACHE_HOME \
    HOME="$scratch/home" XDG_RUNTIME_DIR="$scratch/runtime" "$@"
}
mkdir -p "$scratch/home" "$scratch/runtime"
chmod 700 "$scratch/runtime"
commands=$(run_installed "$root/usr/bin/facet-cli" --help | awk '/^  [a-z]/ { print $1 }')
[ -n "$commands" ] || fail "facet-cli --help lists no commands"
for c in $commands; do
  grep -qx -- "$c" <<<"$documented" || fail "facet-cli $c is missing from the manual page"
done

step "facet-cli info on a fixture"
"$make_fixture" "$scratch/tiny.gguf" >/dev/null
run_installed "$root/usr/bin/facet-cli" info "$scratch/tiny.gguf" | tee "$scratch/info.txt"
grep -q '^architecture: *gemma4' "$scratch/info.txt" || fail "facet-cli info did not describe the model"

step "facet --smoke-test"
# The display the suite runs under (xvfb-run); without one, Qt's offscreen platform.
platform=()
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then platform=(QT_QPA_PLATFORM=offscreen); fi
status=0
run_installed "${platform[@]}" timeout 120 "$root/usr/bin/facet" --smoke-test >"$scratch/smoke.log" 2>&1 ||
  status=$?
cat "$scratch/smoke.log"
[ "$status" -eq 0 ] || fail "facet --smoke-test exited with $status"
grep -q 'smoke test: the main window is shown' "$scratch/smoke.log" || fail "the window was not shown"
echo "PASS: $(basename "$deb")"
