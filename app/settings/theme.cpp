// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "theme.h"

#include <QApplication>
#include <QStyle>
#include <QStyleFactory>
#include <QToolTip>

#include <memory>

namespace facet::app {

namespace {

// What the platform gave before Facet changed anything, so "system" can put it back. Captured by
// the first applyTheme() call, which main() makes before any other code sets a palette.
struct SystemLook {
    QString styleName;
    QPalette palette;
    QPalette toolTips;
};

SystemLook &systemLook() {
    static SystemLook look = [] {
        SystemLook l;
        l.styleName = QApplication::style() ? QApplication::style()->name() : QString();
        // Its resolve mask is kept: an application palette nobody set explicitly (mask 0) is
        // resolved against the platform theme again when set back, so "system" keeps following
        // the theme plugin's palette changes.
        l.palette = QApplication::palette();
        l.toolTips = QToolTip::palette();
        return l;
    }();
    return look;
}

struct Colors {
    QColor window, windowText, base, alternateBase, text, button, buttonText, brightText;
    QColor light, midlight, mid, dark, shadow;
    QColor highlight, highlightedText, link, linkVisited, toolTipBase, toolTipText, placeholder;
    QColor disabledText, disabledButton, disabledHighlight, disabledHighlightedText;
};

QPalette makePalette(const Colors &c) {
    QPalette p;
    for (QPalette::ColorGroup g : {QPalette::Active, QPalette::Inactive, QPalette::Disabled}) {
        p.setColor(g, QPalette::Window, c.window);
        p.setColor(g, QPalette::WindowText, c.windowText);
        p.setColor(g, QPalette::Base, c.base);
        p.setColor(g, QPalette::AlternateBase, c.alternateBase);
        p.setColor(g, QPalette::Text, c.text);
        p.setColor(g, QPalette::Button, c.button);
        p.setColor(g, QPalette::ButtonText, c.buttonText);
        p.setColor(g, QPalette::BrightText, c.brightText);
        p.setColor(g, QPalette::Light, c.light);
        p.setColor(g, QPalette::Midlight, c.midlight);
        p.setColor(g, QPalette::Mid, c.mid);
        p.setColor(g, QPalette::Dark, c.dark);
        p.setColor(g, QPalette::Shadow, c.shadow);
        p.setColor(g, QPalette::Highlight, c.highlight);
        p.setColor(g, QPalette::HighlightedText, c.highlightedText);
        p.setColor(g, QPalette::Link, c.link);
        p.setColor(g, QPalette::LinkVisited, c.linkVisited);
        p.setColor(g, QPalette::ToolTipBase, c.toolTipBase);
        p.setColor(g, QPalette::ToolTipText, c.toolTipText);
        p.setColor(g, QPalette::PlaceholderText, c.placeholder);
    }
    p.setColor(QPalette::Disabled, QPalette::WindowText, c.disabledText);
    p.setColor(QPalette::Disabled, QPalette::Text, c.disabledText);
    p.setColor(QPalette::Disabled, QPalette::ButtonText, c.disabledText);
    p.setColor(QPalette::Disabled, QPalette::Button, c.disabledButton);
    p.setColor(QPalette::Disabled, QPalette::Highlight, c.disabledHighlight);
    p.setColor(QPalette::Disabled, QPalette::HighlightedText, c.disabledHighlightedText);
    p.setColor(QPalette::Disabled, QPalette::Link, c.disabledText);
    p.setColor(QPalette::Disabled, QPalette::LinkVisited, c.disabledText);
    // Disabled fields keep the window colour behind them, the cue Fusion users know.
    p.setColor(QPalette::Disabled, QPalette::Base, c.window);
    return p;
}

}  // namespace

QPalette darkPalette() {
    Colors c;
    c.window = QColor(0x2d, 0x2d, 0x30);
    c.windowText = QColor(0xe8, 0xe8, 0xe8);
    c.base = QColor(0x1e, 0x1e, 0x20);
    c.alternateBase = QColor(0x28, 0x28, 0x2b);
    c.text = QColor(0xe8, 0xe8, 0xe8);
    c.button = QColor(0x3a, 0x3a, 0x3e);
    c.buttonText = QColor(0xe8, 0xe8, 0xe8);
    c.brightText = QColor(0xff, 0x8a, 0x80);  // warnings drawn in "bright" text stay legible
    c.light = QColor(0x55, 0x55, 0x5a);
    c.midlight = QColor(0x46, 0x46, 0x4b);
    c.mid = QColor(0x34, 0x34, 0x38);
    c.dark = QColor(0x19, 0x19, 0x1b);
    c.shadow = QColor(0x0a, 0x0a, 0x0a);
    // A blue dark enough for white text (5.6:1), light enough to stand out from the window.
    c.highlight = QColor(0x2f, 0x65, 0xca);
    c.highlightedText = QColor(0xff, 0xff, 0xff);
    c.link = QColor(0x7c, 0xb7, 0xff);
    c.linkVisited = QColor(0xc5, 0x9b, 0xf5);
    c.toolTipBase = QColor(0x3c, 0x3c, 0x41);
    c.toolTipText = QColor(0xf0, 0xf0, 0xf0);
    c.placeholder = QColor(0x9a, 0x9a, 0xa0);
    c.disabledText = QColor(0x8c, 0x8c, 0x91);
    c.disabledButton = QColor(0x33, 0x33, 0x36);
    c.disabledHighlight = QColor(0x48, 0x48, 0x4d);
    c.disabledHighlightedText = QColor(0xb4, 0xb4, 0xb8);
    return makePalette(c);
}

QPalette lightPalette() {
    Colors c;
    c.window = QColor(0xef, 0xef, 0xf1);
    c.windowText = QColor(0x1a, 0x1a, 0x1c);
    c.base = QColor(0xff, 0xff, 0xff);
    c.alternateBase = QColor(0xf5, 0xf5, 0xf7);
    c.text = QColor(0x1a, 0x1a, 0x1c);
    c.button = QColor(0xe4, 0xe4, 0xe7);
    c.buttonText = QColor(0x1a, 0x1a, 0x1c);
    c.brightText = QColor(0xb0, 0x00, 0x20);
    c.light = QColor(0xff, 0xff, 0xff);
    c.midlight = QColor(0xf4, 0xf4, 0xf6);
    c.mid = QColor(0xb8, 0xb8, 0xbd);
    c.dark = QColor(0x9a, 0x9a, 0xa0);
    c.shadow = QColor(0x50, 0x50, 0x55);
    c.highlight = QColor(0x2f, 0x65, 0xca);
    c.highlightedText = QColor(0xff, 0xff, 0xff);
    c.link = QColor(0x0b, 0x57, 0xd0);
    c.linkVisited = QColor(0x6a, 0x1b, 0x9a);
    c.toolTipBase = QColor(0xff, 0xff, 0xe1);
    c.toolTipText = QColor(0x1a, 0x1a, 0x1c);
    c.placeholder = QColor(0x6e, 0x6e, 0x73);
    c.disabledText = QColor(0x80, 0x80, 0x86);
    c.disabledButton = QColor(0xea, 0xea, 0xec);
    c.disabledHighlight = QColor(0xc4, 0xc4, 0xca);
    c.disabledHighlightedText = QColor(0x40, 0x40, 0x44);
    return makePalette(c);
}

void applyTheme(const QString &theme) {
    const SystemLook &system = systemLook();
    const QString name = theme.trimmed().toLower();
    if (name == u"light" || name == u"dark") {
        if (QApplication::style()->name().compare(u"fusion", Qt::CaseInsensitive) != 0) {
            QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        }
        const QPalette palette = name == u"dark" ? darkPalette() : lightPalette();
        QApplication::setPalette(palette);
        QToolTip::setPalette(palette);
        return;
    }
    if (!system.styleName.isEmpty() &&
        QApplication::style()->name().compare(system.styleName, Qt::CaseInsensitive) != 0) {
        if (QStyle *style = QStyleFactory::create(system.styleName)) QApplication::setStyle(style);
    }
    QApplication::setPalette(system.palette);
    QToolTip::setPalette(system.toolTips);
}

}  // namespace facet::app
