// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The kind of a JSON value in words, for the messages that say a field has the wrong type
// (conversation files, the API server's requests).
#pragma once

#include <QJsonValue>
#include <QString>

namespace facet::util {

// "null", "a boolean", "a number", "a string", "an array", "an object"; `undefinedWord` for a
// value that is not there.
inline QString jsonTypeName(const QJsonValue &v, const QString &undefinedWord) {
    switch (v.type()) {
        case QJsonValue::Null:
            return QStringLiteral("null");
        case QJsonValue::Bool:
            return QStringLiteral("a boolean");
        case QJsonValue::Double:
            return QStringLiteral("a number");
        case QJsonValue::String:
            return QStringLiteral("a string");
        case QJsonValue::Array:
            return QStringLiteral("an array");
        case QJsonValue::Object:
            return QStringLiteral("an object");
        case QJsonValue::Undefined:
            break;
    }
    return undefinedWord;
}

}  // namespace facet::util
