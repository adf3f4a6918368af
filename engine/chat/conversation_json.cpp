// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// parseConversationJson: the Ollama /api/chat request shape -> Conversation. Field rules follow
// Ollama's api types (api/types.go): what Go's encoding/json accepts for a field is accepted here,
// JSON null counts as absent, and a value of the wrong type is an error naming the field.
#include "chat/chat_types.h"
#include "util/json_type.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

namespace facet::chat {
namespace {

// Thrown inside the reader and turned into the *error message.
struct ParseError {
    QString message;
};

[[noreturn]] void fail(const QString &path, const QString &what) {
    throw ParseError{path + QStringLiteral(": ") + what};
}

QString jsonTypeName(const QJsonValue &v) {
    return util::jsonTypeName(v, QStringLiteral("nothing"));
}

[[noreturn]] void wrongType(const QString &path, const char *expected, const QJsonValue &v) {
    fail(path, QStringLiteral("expected %1, got %2").arg(QLatin1String(expected), jsonTypeName(v)));
}

bool absent(const QJsonValue &v) {
    return v.isUndefined() || v.isNull();
}

QString sub(const QString &path, const char *key) {
    return path.isEmpty() ? QString::fromLatin1(key) : path + '.' + QLatin1String(key);
}

QString at(const QString &path, qsizetype i) {
    return path + '[' + QString::number(i) + ']';
}

std::string getString(const QJsonObject &o, const char *key, const QString &path) {
    const QJsonValue v = o.value(QLatin1String(key));
    if (absent(v)) return {};
    if (!v.isString()) wrongType(sub(path, key), "a string", v);
    return v.toString().toStdString();
}

QJsonObject getObject(const QJsonObject &o, const char *key, const QString &path) {
    const QJsonValue v = o.value(QLatin1String(key));
    if (absent(v)) return {};
    if (!v.isObject()) wrongType(sub(path, key), "an object", v);
    return v.toObject();
}

QJsonArray getArray(const QJsonObject &o, const char *key, const QString &path) {
    const QJsonValue v = o.value(QLatin1String(key));
    if (absent(v)) return {};
    if (!v.isArray()) wrongType(sub(path, key), "an array", v);
    return v.toArray();
}

std::vector<std::string> getStrings(const QJsonObject &o, const char *key, const QString &path) {
    std::vector<std::string> out;
    const QJsonArray a = getArray(o, key, path);
    for (qsizetype i = 0; i < a.size(); ++i) {
        if (!a.at(i).isString()) wrongType(at(sub(path, key), i), "a string", a.at(i));
        out.push_back(a.at(i).toString().toStdString());
    }
    return out;
}

QJsonObject objectAt(const QJsonArray &a, qsizetype i, const QString &path) {
    if (!a.at(i).isObject()) wrongType(at(path, i), "an object", a.at(i));
    return a.at(i).toObject();
}

ToolProperty readProperty(const QJsonObject &o, const QString &path);

std::optional<std::vector<NamedToolProperty>> readProperties(const QJsonObject &o,
                                                             const QString &path) {
    const QJsonValue v = o.value(QLatin1String("properties"));
    if (absent(v)) return std::nullopt;
    const QString p = sub(path, "properties");
    if (!v.isObject()) wrongType(p, "an object", v);
    std::vector<NamedToolProperty> out;
    const QJsonObject props = v.toObject();
    for (auto it = props.begin(); it != props.end(); ++it) {
        const QString itemPath = p + '.' + it.key();
        if (!it.value().isObject()) wrongType(itemPath, "an object", it.value());
        out.push_back({it.key().toStdString(), readProperty(it.value().toObject(), itemPath)});
    }
    return out;
}

ToolProperty readProperty(const QJsonObject &o, const QString &path) {
    ToolProperty p;
    const QJsonValue type = o.value(QLatin1String("type"));
    if (type.isNull()) {
        p.type = {""};  // what Ollama's PropertyType makes of null
    } else if (type.isString()) {
        p.type = {type.toString().toStdString()};
    } else if (type.isArray()) {
        p.type = getStrings(o, "type", path);
    } else if (!type.isUndefined()) {
        wrongType(sub(path, "type"), "a string or an array of strings", type);
    }
    const QJsonArray anyOf = getArray(o, "anyOf", path);
    for (qsizetype i = 0; i < anyOf.size(); ++i) {
        const QString itemPath = at(sub(path, "anyOf"), i);
        p.anyOf.push_back(readProperty(objectAt(anyOf, i, sub(path, "anyOf")), itemPath));
    }
    const QJsonValue items = o.value(QLatin1String("items"));
    if (!absent(items)) p.items = items;
    p.description = getString(o, "description", path);
    p.enumValues = getArray(o, "enum", path);
    p.properties = readProperties(o, path);
    p.required = getStrings(o, "required", path);
    return p;
}

Tool readTool(const QJsonObject &o, const QString &path) {
    Tool t;
    const QString fpath = sub(path, "function");
    const QJsonObject f = getObject(o, "function", path);
    t.name = getString(f, "name", fpath);
    t.description = getString(f, "description", fpath);
    const QString ppath = sub(fpath, "parameters");
    const QJsonObject params = getObject(f, "parameters", fpath);
    t.parametersType = getString(params, "type", ppath);
    t.required = getStrings(params, "required", ppath);
    t.properties = readProperties(params, ppath);
    return t;
}

Role readRole(const QJsonObject &o, const QString &path) {
    const QJsonValue v = o.value(QLatin1String("role"));
    if (absent(v)) fail(sub(path, "role"), QStringLiteral("missing"));
    if (!v.isString()) wrongType(sub(path, "role"), "a string", v);
    const QString role = v.toString().toLower();
    if (role == QLatin1String("system") || role == QLatin1String("developer")) return Role::System;
    if (role == QLatin1String("user")) return Role::User;
    if (role == QLatin1String("assistant")) return Role::Assistant;
    if (role == QLatin1String("tool")) return Role::Tool;
    fail(sub(path, "role"), QStringLiteral("unknown role \"%1\"").arg(v.toString()));
}

// Ollama's rule (llm.DetectMediaKind) plus FLAC and Ogg, which Facet decodes too.
bool looksLikeAudio(const QByteArray &b) {
    if (b.size() >= 12 && b.startsWith("RIFF") && b.mid(8, 4) == "WAVE") return true;
    if (b.startsWith("ID3") || b.startsWith("fLaC") || b.startsWith("OggS")) return true;
    return b.size() >= 2 && static_cast<unsigned char>(b[0]) == 0xFF &&
           (static_cast<unsigned char>(b[1]) & 0xE0) == 0xE0;
}

ToolCall readToolCall(const QJsonObject &o, const QString &path) {
    ToolCall tc;
    tc.id = getString(o, "id", path);
    const QString fpath = sub(path, "function");
    const QJsonObject f = getObject(o, "function", path);
    tc.name = getString(f, "name", fpath);
    tc.arguments = getObject(f, "arguments", fpath);
    return tc;
}

Message readMessage(const QJsonObject &o, const QString &path) {
    Message m;
    m.role = readRole(o, path);
    m.content = getString(o, "content", path);
    m.thinking = getString(o, "thinking", path);
    m.toolName = getString(o, "tool_name", path);
    m.toolCallId = getString(o, "tool_call_id", path);
    const QJsonArray calls = getArray(o, "tool_calls", path);
    for (qsizetype i = 0; i < calls.size(); ++i) {
        const QString callPath = at(sub(path, "tool_calls"), i);
        m.toolCalls.push_back(readToolCall(objectAt(calls, i, sub(path, "tool_calls")), callPath));
    }
    const QJsonArray media = getArray(o, "images", path);
    for (qsizetype i = 0; i < media.size(); ++i) {
        const QString itemPath = at(sub(path, "images"), i);
        if (!media.at(i).isString()) wrongType(itemPath, "a base64 string", media.at(i));
        auto decoded = QByteArray::fromBase64Encoding(media.at(i).toString().toLatin1(),
                                                      QByteArray::AbortOnBase64DecodingErrors);
        if (!decoded) fail(itemPath, QStringLiteral("invalid base64"));
        if (looksLikeAudio(*decoded)) {
            m.audioData.push_back(*decoded);
        } else {
            m.imageData.push_back(*decoded);
        }
    }
    m.images = static_cast<int>(m.imageData.size());
    m.audios = static_cast<int>(m.audioData.size());
    return m;
}

bool readThink(const QJsonValue &v) {
    if (absent(v)) return false;
    if (v.isBool()) return v.toBool();
    if (v.isString()) {
        const QString s = v.toString();
        if (s == QLatin1String("high") || s == QLatin1String("medium") ||
            s == QLatin1String("low") || s == QLatin1String("max")) {
            return true;
        }
        fail(QStringLiteral("think"),
             QStringLiteral("invalid value \"%1\" (expected true, false, \"high\", \"medium\", "
                            "\"low\" or \"max\")")
                 .arg(s));
    }
    wrongType(QStringLiteral("think"), "a boolean or a string", v);
}

}  // namespace

Conversation parseConversationJson(const QByteArray &json, QString *error) {
    try {
        QJsonParseError perr;
        const QJsonDocument doc = QJsonDocument::fromJson(json, &perr);
        if (perr.error != QJsonParseError::NoError) {
            fail(QStringLiteral("invalid JSON at offset %1").arg(perr.offset), perr.errorString());
        }
        if (!doc.isObject()) {
            throw ParseError{QStringLiteral("expected a JSON object at the top level")};
        }
        const QJsonObject root = doc.object();
        Conversation c;
        const QJsonArray messages = getArray(root, "messages", QString());
        for (qsizetype i = 0; i < messages.size(); ++i) {
            const QString path = at(QStringLiteral("messages"), i);
            c.messages.push_back(
                readMessage(objectAt(messages, i, QStringLiteral("messages")), path));
        }
        const QJsonArray tools = getArray(root, "tools", QString());
        for (qsizetype i = 0; i < tools.size(); ++i) {
            const QString path = at(QStringLiteral("tools"), i);
            c.tools.push_back(readTool(objectAt(tools, i, QStringLiteral("tools")), path));
        }
        c.think = readThink(root.value(QLatin1String("think")));
        if (error) error->clear();
        return c;
    } catch (const ParseError &e) {
        if (error) *error = e.message;
        return {};
    }
}

const char *roleName(Role role) {
    switch (role) {
        case Role::System:
            return "system";
        case Role::User:
            return "user";
        case Role::Assistant:
            return "assistant";
        case Role::Tool:
            return "tool";
    }
    return "user";
}

}  // namespace facet::chat
