// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The application's colour theme.
//
// "system" leaves the platform's style and palette as they were when Facet started (restoring
// them after "light" or "dark"). Qt 6.4 has no API to read or follow the desktop's light/dark
// colour scheme (QStyleHints::colorScheme() arrived in Qt 6.5), so "system" looks dark exactly
// when the platform theme plugin (GNOME/KDE integration, Windows, macOS) hands Qt a dark palette.
//
// "light" and "dark" use the Fusion style, which draws everything from the palette, with the
// palettes below: every text role against its background meets WCAG's 4.5:1 contrast (disabled
// text 3:1), links and visited links included, and tooltips get the same treatment.
#pragma once

#include <QPalette>
#include <QString>

namespace facet::app {

// Applies "system", "light" or "dark" to the whole application (anything else: "system").
void applyTheme(const QString &theme);

// The palettes "light" and "dark" install (for tests and previews).
QPalette lightPalette();
QPalette darkPalette();

}  // namespace facet::app
