#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The Facet authors
# SPDX-License-Identifier: Apache-2.0
"""The package recipes that cannot be built offline (ctest package_recipes):

    check_recipes.py SOURCE_DIR VERSION

Checks that the Flatpak manifest parses and has what the app needs (the KDE runtime, the GPU,
audio, network, display sockets, the libraries the runtime lacks, the app built without tests),
that the AppImage script is valid shell, and that the application id names the same files
everywhere: the desktop file, the metainfo, the icons, the Flatpak manifest, CMake and main.cpp;
and that every screenshot the metainfo lists is a picture in the repository of the size it states.
"""
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from configparser import ConfigParser
from pathlib import Path

import yaml

APP_ID = "io.github.facet.Facet"
problems = []


def check(condition, message):
    if not condition:
        problems.append(message)


def main():
    source = Path(sys.argv[1])
    version = sys.argv[2]
    packaging = source / "packaging"

    # The application id, everywhere it appears.
    desktop_path = packaging / "linux" / f"{APP_ID}.desktop"
    metainfo_path = packaging / "linux" / f"{APP_ID}.metainfo.xml"
    check(desktop_path.is_file(), f"{desktop_path} is missing")
    check(metainfo_path.is_file(), f"{metainfo_path} is missing")
    desktop = ConfigParser(interpolation=None)
    desktop.optionxform = str
    desktop.read(desktop_path, encoding="utf-8")
    entry = desktop["Desktop Entry"]
    check(entry.get("Icon") == APP_ID, f"the desktop file's Icon is {entry.get('Icon')}, not {APP_ID}")
    exec_command = entry.get("Exec", "").split()[0]

    metainfo = ET.parse(metainfo_path).getroot()
    check(metainfo.findtext("id") == APP_ID, f"the metainfo's id is {metainfo.findtext('id')}")
    check(metainfo.findtext("launchable") == desktop_path.name,
          f"the metainfo launches {metainfo.findtext('launchable')}, not {desktop_path.name}")
    releases = metainfo.findall("releases/release")
    check(releases and releases[0].get("version") == version,
          f"the metainfo's newest release is not {version}")
    check(metainfo.findtext("project_license") == "Apache-2.0", "the metainfo's project_license")
    # Every screenshot: a URL of a picture in the repository, with its real size and a caption.
    shots = metainfo.findall("screenshots/screenshot")
    check(shots, "the metainfo lists no screenshot")
    for shot in shots:
        image = shot.find("image")
        url = image.text if image is not None and image.text else ""
        shot_file = source / url.rsplit("/main/", 1)[-1]
        if not (url.startswith("https://") and shot_file.is_file()):
            check(False, f"the metainfo's screenshot {url} is not a URL of a file in the repository")
            continue
        header = shot_file.read_bytes()[:24]
        size = (int.from_bytes(header[16:20], "big"), int.from_bytes(header[20:24], "big"))
        declared = (int(image.get("width", "0")), int(image.get("height", "0")))
        check(header[:8] == b"\x89PNG\r\n\x1a\n" and size == declared,
              f"{shot_file.name} is {size[0]}x{size[1]}, the metainfo says {declared[0]}x{declared[1]}")
        check(shot.findtext("caption"), f"the metainfo's screenshot {shot_file.name} has no caption")

    cmake = (packaging / "CMakeLists.txt").read_text(encoding="utf-8")
    check(f"set(FACET_APP_ID {APP_ID})" in cmake, "packaging/CMakeLists.txt sets another FACET_APP_ID")
    main_cpp = (source / "app" / "main.cpp").read_text(encoding="utf-8")
    check(f'setDesktopFileName(QStringLiteral("{APP_ID}"))' in main_cpp,
          "app/main.cpp sets another desktop file name")

    # The Flatpak manifest.
    manifest_path = packaging / "flatpak" / f"{APP_ID}.yml"
    manifest = yaml.safe_load(manifest_path.read_text(encoding="utf-8"))
    check(manifest.get("id") == APP_ID, f"the Flatpak id is {manifest.get('id')}")
    check(manifest.get("runtime") == "org.kde.Platform", "the Flatpak runtime is not KDE's")
    check(manifest.get("sdk") == "org.kde.Sdk", "the Flatpak SDK is not KDE's")
    check(re.fullmatch(r"6\.\d+", str(manifest.get("runtime-version", ""))),
          "the Flatpak runtime-version is not a Qt 6 one (a quoted '6.N')")
    check(manifest.get("command") == exec_command,
          f"the Flatpak command {manifest.get('command')} is not the desktop file's {exec_command}")
    finish = set(manifest.get("finish-args", []))
    for arg in ("--device=dri", "--socket=pulseaudio", "--share=network", "--socket=wayland",
                "--socket=fallback-x11", "--share=ipc"):
        check(arg in finish, f"the Flatpak finish-args lack {arg}")
    modules = manifest.get("modules", [])
    names = [m.get("name") for m in modules if isinstance(m, dict)]
    for needed in ("qcoro", "soxr", "kissfft", "facet"):
        check(needed in names, f"the Flatpak manifest has no {needed} module")
    check(names and names[-1] == "facet", "the Flatpak manifest does not build facet last")
    for module in modules:
        name = module.get("name")
        check(module.get("buildsystem") in ("cmake", "cmake-ninja", "meson", "autotools", "simple"),
              f"Flatpak module {name}: unknown buildsystem {module.get('buildsystem')}")
        sources = module.get("sources") or []
        check(sources, f"Flatpak module {name} has no sources")
        for src in sources:
            kind = src.get("type")
            if kind == "archive":
                check(re.fullmatch(r"[0-9a-f]{64}", src.get("sha256", "")) and
                      src.get("url", "").startswith("https://"),
                      f"Flatpak module {name}: an archive needs an https url and a sha256")
            elif kind == "git":
                # Flathub pins git sources to a commit (a tag can move); the tag documents it.
                check(src.get("url", "").startswith("https://") and
                      re.fullmatch(r"[0-9a-f]{40}", str(src.get("commit", ""))),
                      f"Flatpak module {name}: a git source needs an https url and a full commit")
            elif kind == "dir":
                check((manifest_path.parent / src.get("path", "")).resolve() == source.resolve(),
                      f"Flatpak module {name}: the dir source is not the repository root")
            else:
                check(False, f"Flatpak module {name}: unexpected source type {kind}")
    facet_module = modules[-1] if modules else {}
    check("-DFACET_BUILD_TESTS=OFF" in facet_module.get("config-opts", []),
          "the Flatpak build of facet builds the tests")

    # The AppImage script: valid shell, and the files it names exist under these names.
    appimage = packaging / "appimage" / "build-appimage.sh"
    result = subprocess.run(["bash", "-n", str(appimage)], capture_output=True, text=True)
    check(result.returncode == 0, f"{appimage}: {result.stderr.strip()}")
    script = appimage.read_text(encoding="utf-8")
    check(f"app_id={APP_ID}" in script, "the AppImage script uses another application id")
    check("--plugin qt" in script, "the AppImage script does not deploy Qt")

    for p in problems:
        print(f"FAIL: {p}", file=sys.stderr)
    if not problems:
        print(f"PASS: {manifest_path.name}, {appimage.name}, {desktop_path.name}, {metainfo_path.name}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
