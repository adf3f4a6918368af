// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "chat/tool_call_syntax.h"

#include "chat/gemma4_format.h"
#include "chat/go_text.h"

#include <QJsonDocument>
#include <QJsonParseError>

#include <set>

namespace facet::chat {

using namespace facet::chat::detail;

namespace {

constexpr std::string_view kQ = gemma4::kQuote;
constexpr size_t npos = std::string_view::npos;

// End (one past the closing quote) of a JSON string starting at s[start] == '"', honouring
// backslash escapes; npos when unterminated. Works on bytes and on argsToJson's units.
template <class Seq>
size_t jsonQuotedStringEnd(const Seq &s, size_t start) {
    bool escaped = false;
    for (size_t i = start + 1; i < s.size(); ++i) {
        if (s[i] == '"' && !escaped) return i + 1;
        escaped = s[i] == '\\' && !escaped;
    }
    return npos;
}

size_t trimRightSpaceIndex(std::string_view s) {
    return trimRightSpace(s).size();
}

// ---- Gemma arguments -> JSON -------------------------------------------------------------------
//
// Pass 1 replaces each `<|"|>…<|"|>` string (leftmost, shortest) by a placeholder; pass 2 quotes
// bare keys (a word followed by ':' right after '{' or ',' and optional space), skipping JSON
// strings; pass 3 puts the strings back JSON-quoted. The text is held as "units": bytes 0..255,
// placeholders as -(k + 1), so a placeholder can never be confused with input bytes.

using Units = std::vector<int>;

Rune unitRune(const Units &u, size_t i) {
    if (u[i] < 0) return {0xFFFE, 1};  // a placeholder: neither space nor letter
    char buf[4];
    size_t n = 0;
    while (n < 4 && i + n < u.size() && u[i + n] >= 0) {
        buf[n] = static_cast<char>(u[i + n]);
        ++n;
    }
    return decodeRune(std::string_view(buf, n), 0);
}

size_t unitSkipSpace(const Units &u, size_t i) {
    while (i < u.size()) {
        const Rune r = unitRune(u, i);
        if (!isSpace(r.cp)) break;
        i += r.size;
    }
    return i;
}

Units quoteBareKeys(const Units &s) {
    Units out;
    out.reserve(s.size() + 16);
    for (size_t i = 0; i < s.size();) {
        if (s[i] == '"') {
            const size_t end = jsonQuotedStringEnd(s, i);
            if (end != npos) {
                out.insert(out.end(), s.begin() + static_cast<long>(i),
                           s.begin() + static_cast<long>(end));
                i = end;
                continue;
            }
        }
        if (s[i] != '{' && s[i] != ',') {
            out.push_back(s[i++]);
            continue;
        }
        out.push_back(s[i++]);
        const size_t spaceStart = i;
        i = unitSkipSpace(s, i);
        out.insert(out.end(), s.begin() + static_cast<long>(spaceStart),
                   s.begin() + static_cast<long>(i));
        size_t keyEnd = i;
        while (keyEnd < s.size()) {
            const Rune r = unitRune(s, keyEnd);
            if (!isKeyRune(r.cp)) break;
            keyEnd += r.size;
        }
        if (keyEnd > i && keyEnd < s.size() && s[keyEnd] == ':') {
            out.push_back('"');
            out.insert(out.end(), s.begin() + static_cast<long>(i),
                       s.begin() + static_cast<long>(keyEnd));
            out.push_back('"');
            out.push_back(':');
            i = keyEnd + 1;
        }
    }
    return out;
}

// ---- Repairs -----------------------------------------------------------------------------------

// The value of a single-quoted string starting at s[start] == '\'' (backslashes kept as they are)
// and the index after its closing quote.
std::optional<std::pair<std::string, size_t>> singleQuotedValue(std::string_view s, size_t start) {
    std::string value;
    bool escaped = false;
    for (size_t i = start + 1; i < s.size(); ++i) {
        if (s[i] == '\'' && !escaped) return std::make_pair(value, i + 1);
        value.push_back(s[i]);
        escaped = s[i] == '\\' && !escaped;
    }
    return std::nullopt;
}

const std::optional<std::vector<NamedToolProperty>> *toolProperties(
    std::string_view toolName, const std::vector<Tool> &tools) {
    for (const Tool &t : tools) {
        if (t.name == toolName) return &t.properties;
    }
    return nullptr;
}

bool equalsIgnoringAsciiCase(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
        auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; };
        if (lower(a[i]) != lower(b[i])) return false;
    }
    return true;
}

bool acceptsString(const ToolProperty &p) {
    for (const std::string &t : p.type) {
        if (equalsIgnoringAsciiCase(t, "string")) return true;
    }
    for (const ToolProperty &alt : p.anyOf) {
        if (acceptsString(alt)) return true;
    }
    return false;
}

bool hasProperty(const std::vector<NamedToolProperty> &props, std::string_view name) {
    for (const NamedToolProperty &p : props) {
        if (p.name == name) return true;
    }
    return false;
}

bool looksLikeJsonLiteralStart(char c) {
    return c == '-' || (c >= '0' && c <= '9') || c == 't' || c == 'f' || c == 'n';
}

bool valueStartsStructured(std::string_view s, size_t pos) {
    if (pos >= s.size()) return false;
    if (s.substr(pos).starts_with(kQ)) return true;
    switch (s[pos]) {
        case '\'':
        case '"':
        case '{':
        case '[':
            return true;
        default:
            return looksLikeJsonLiteralStart(s[pos]);
    }
}

// Index just after `key:` where key follows '{' or ',' outside of strings, searching from `from`.
std::optional<size_t> findValueStartForKey(std::string_view s, std::string_view key, size_t from) {
    for (size_t i = from; i < s.size(); ++i) {
        if (s.substr(i).starts_with(kQ)) {
            const size_t end = s.find(kQ, i + kQ.size());
            if (end == npos) return std::nullopt;
            i = end + kQ.size() - 1;
            continue;
        }
        if (s[i] == '"') {
            const size_t end = jsonQuotedStringEnd(s, i);
            if (end != npos) {
                i = end - 1;
                continue;
            }
        }
        if (s[i] != '{' && s[i] != ',') continue;
        const size_t keyStart = skipSpace(s, i + 1);
        if (!s.substr(keyStart).starts_with(key)) continue;
        const size_t colon = skipSpace(s, keyStart + key.size());
        if (colon < s.size() && s[colon] == ':') return colon + 1;
    }
    return std::nullopt;
}

// Where a raw string value starting at `start` ends: before `,known_key:` or the final '}'.
size_t rawStringValueEnd(std::string_view s, size_t start,
                         const std::vector<NamedToolProperty> &props) {
    for (size_t i = start; i < s.size(); ++i) {
        if (s[i] != ',') continue;
        const size_t keyStart = skipSpace(s, i + 1);
        size_t keyEnd = keyStart;
        while (keyEnd < s.size()) {
            const Rune r = decodeRune(s, keyEnd);
            if (!isKeyRune(r.cp)) break;
            keyEnd += r.size;
        }
        if (keyEnd == keyStart) continue;
        const size_t colon = skipSpace(s, keyEnd);
        if (colon < s.size() && s[colon] == ':' &&
            hasProperty(props, s.substr(keyStart, keyEnd - keyStart))) {
            return i;
        }
    }
    const size_t end = trimRightSpaceIndex(s);
    if (end > start && s[end - 1] == '}') return end - 1;
    return s.size();
}

std::optional<std::string> repairRawValueForKey(std::string_view s, std::string_view key,
                                                const std::vector<NamedToolProperty> &props) {
    for (size_t from = 0; from < s.size();) {
        const std::optional<size_t> valueStart = findValueStartForKey(s, key, from);
        if (!valueStart) return std::nullopt;
        const size_t check = skipSpace(s, *valueStart);
        if (check < s.size() && valueStartsStructured(s, check)) {
            from = *valueStart;
            continue;
        }
        const size_t valueEnd = rawStringValueEnd(s, *valueStart, props);
        std::string out(s.substr(0, *valueStart));
        out += kQ;
        out += s.substr(*valueStart, valueEnd - *valueStart);
        out += kQ;
        out += s.substr(valueEnd);
        return out;
    }
    return std::nullopt;
}

std::optional<QJsonObject> parseArgs(std::string_view args) {
    const std::string json = sanitizeUtf8(gemmaArgsToJson(args));
    QJsonParseError err;
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(json), &err);
    if (err.error != QJsonParseError::NoError || !doc.isObject()) return std::nullopt;
    return doc.object();
}

}  // namespace

namespace detail {

std::string gemmaArgsToJson(std::string_view args) {
    std::vector<std::string_view> strings;
    Units units;
    units.reserve(args.size());
    for (size_t i = 0; i < args.size();) {
        if (args.substr(i).starts_with(kQ)) {
            const size_t close = args.find(kQ, i + kQ.size());
            if (close != npos) {
                strings.push_back(args.substr(i + kQ.size(), close - i - kQ.size()));
                units.push_back(-static_cast<int>(strings.size()));
                i = close + kQ.size();
                continue;
            }
        }
        units.push_back(static_cast<unsigned char>(args[i++]));
    }
    std::string out;
    for (int u : quoteBareKeys(units)) {
        if (u >= 0) {
            out.push_back(static_cast<char>(u));
        } else {
            out += goJsonQuote(strings[static_cast<size_t>(-u - 1)]);
        }
    }
    return out;
}

std::string repairSingleQuotedValues(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (size_t i = 0; i < s.size();) {
        if (s.substr(i).starts_with(kQ)) {
            const size_t close = s.find(kQ, i + kQ.size());
            if (close == npos) {
                out += s.substr(i);
                break;
            }
            out += s.substr(i, close + kQ.size() - i);
            i = close + kQ.size();
            continue;
        }
        if (s[i] == '"') {
            const size_t end = jsonQuotedStringEnd(s, i);
            if (end != npos) {
                out += s.substr(i, end - i);
                i = end;
                continue;
            }
        }
        if (s[i] != ':') {
            out.push_back(s[i++]);
            continue;
        }
        out.push_back(s[i++]);
        const size_t spaceEnd = skipSpace(s, i);
        out += s.substr(i, spaceEnd - i);
        i = spaceEnd;
        if (i >= s.size() || s[i] != '\'') continue;
        const auto value = singleQuotedValue(s, i);
        if (!value) continue;
        out += kQ;
        out += value->first;
        out += kQ;
        i = value->second;
        if (s.substr(i).starts_with(kQ)) i += kQ.size();  // a stray delimiter after the quote
    }
    return out;
}

std::string repairMissingStringDelimiter(std::string_view s) {
    size_t count = 0;
    for (size_t pos = s.find(kQ); pos != npos; pos = s.find(kQ, pos + kQ.size()))
        ++count;
    if (count % 2 == 0) return std::string(s);
    size_t insertAt = trimRightSpaceIndex(s);
    if (insertAt > 0 && (s[insertAt - 1] == '}' || s[insertAt - 1] == ']')) --insertAt;
    std::string out(s.substr(0, insertAt));
    out += kQ;
    out += s.substr(insertAt);
    return out;
}

std::string repairMissingObjectClose(std::string_view s) {
    if (!trimLeftSpace(s).starts_with('{')) return std::string(s);
    const size_t end = trimRightSpaceIndex(s);
    if (end > 0 && s[end - 1] == '}') return std::string(s);
    std::string out(s.substr(0, end));
    out += '}';
    out += s.substr(end);
    return out;
}

std::optional<std::string> repairRawTerminalStringValue(std::string_view args,
                                                        std::string_view toolName,
                                                        const std::vector<Tool> &tools) {
    const auto *props = toolProperties(toolName, tools);
    if (!props || !*props) return std::nullopt;
    for (const NamedToolProperty &p : **props) {
        if (!acceptsString(p.schema)) continue;
        if (auto repaired = repairRawValueForKey(args, p.name, **props)) return repaired;
    }
    return std::nullopt;
}

std::vector<std::string> repairCandidates(std::string_view args, std::string_view toolName,
                                          const std::vector<Tool> &tools) {
    std::vector<std::string> out;
    std::set<std::string> seen;
    auto add = [&](std::string_view original, bool allowMissingObjectClose) {
        std::string c = repairMissingStringDelimiter(repairSingleQuotedValues(original));
        if (allowMissingObjectClose || c != original) c = repairMissingObjectClose(c);
        if (seen.insert(c).second) out.push_back(std::move(c));
    };
    add(args, false);
    if (const auto raw = repairRawTerminalStringValue(args, toolName, tools)) add(*raw, true);
    return out;
}

}  // namespace detail

std::optional<ToolCall> parseToolCall(std::string_view text, const std::vector<Tool> &tools,
                                      QString *error) {
    auto failWith = [&](const char *why) -> std::optional<ToolCall> {
        if (error) *error = QString::fromLatin1(why);
        return std::nullopt;
    };
    constexpr std::string_view kCall = "call:";
    if (!text.starts_with(kCall)) return failWith("expected 'call:' prefix");
    text.remove_prefix(kCall.size());
    const size_t brace = text.find('{');
    if (brace == npos) return failWith("expected '{' in tool call");
    ToolCall call;
    call.name = std::string(trimSpace(text.substr(0, brace)));
    const std::string_view args = text.substr(brace);
    if (auto parsed = parseArgs(args)) {
        call.arguments = *parsed;
        return call;
    }
    for (const std::string &candidate : detail::repairCandidates(args, call.name, tools)) {
        if (auto parsed = parseArgs(candidate)) {
            call.arguments = *parsed;
            return call;
        }
    }
    return failWith("tool call arguments are not valid (even after repair)");
}

}  // namespace facet::chat
