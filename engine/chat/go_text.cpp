// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "chat/go_text.h"

#include <QChar>
#include <QJsonArray>
#include <QJsonObject>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <vector>

namespace facet::chat::detail {
namespace {

constexpr char32_t kRuneError = 0xFFFD;

// Number of bytes a sequence starting with lead byte b has, and the allowed range of its second
// byte (Go's utf8 "first" and "acceptRanges" tables); 0 for bytes that cannot start a sequence.
struct Lead {
    int size;
    unsigned char lo, hi;
};

Lead leadInfo(unsigned char b) {
    if (b < 0x80) return {1, 0, 0};
    if (b >= 0xC2 && b <= 0xDF) return {2, 0x80, 0xBF};
    if (b == 0xE0) return {3, 0xA0, 0xBF};
    if ((b >= 0xE1 && b <= 0xEC) || b == 0xEE || b == 0xEF) return {3, 0x80, 0xBF};
    if (b == 0xED) return {3, 0x80, 0x9F};
    if (b == 0xF0) return {4, 0x90, 0xBF};
    if (b >= 0xF1 && b <= 0xF3) return {4, 0x80, 0xBF};
    if (b == 0xF4) return {4, 0x80, 0x8F};
    return {0, 0, 0};
}

}  // namespace

Rune decodeRune(std::string_view s, size_t i) {
    if (i >= s.size()) return {kRuneError, 0};
    const auto b0 = static_cast<unsigned char>(s[i]);
    const Lead lead = leadInfo(b0);
    if (lead.size == 1) return {b0, 1};
    if (lead.size == 0 || s.size() - i < static_cast<size_t>(lead.size)) return {kRuneError, 1};
    const auto b1 = static_cast<unsigned char>(s[i + 1]);
    if (b1 < lead.lo || b1 > lead.hi) return {kRuneError, 1};
    char32_t cp = static_cast<char32_t>(b0 & (0xFF >> (lead.size + 1)));
    cp = (cp << 6) | (b1 & 0x3F);
    for (int k = 2; k < lead.size; ++k) {
        const auto b = static_cast<unsigned char>(s[i + static_cast<size_t>(k)]);
        if ((b & 0xC0) != 0x80) return {kRuneError, 1};
        cp = (cp << 6) | (b & 0x3F);
    }
    return {cp, static_cast<size_t>(lead.size)};
}

Rune decodeLastRune(std::string_view s) {
    if (s.empty()) return {kRuneError, 0};
    const size_t end = s.size();
    if (static_cast<unsigned char>(s[end - 1]) < 0x80) {
        return {static_cast<unsigned char>(s[end - 1]), 1};
    }
    // Walk back to the byte that may start the last character (at most 4 bytes back).
    const size_t lim = end >= 4 ? end - 4 : 0;
    size_t start = end - 1;
    while (start > lim && (static_cast<unsigned char>(s[start]) & 0xC0) == 0x80)
        --start;
    const Rune r = decodeRune(s.substr(0, end), start);
    if (start + r.size != end) return {kRuneError, 1};
    return r;
}

void appendUtf8(std::string *out, char32_t cp) {
    if (cp < 0x80) {
        out->push_back(static_cast<char>(cp));
    } else if (cp < 0x800) {
        out->push_back(static_cast<char>(0xC0 | (cp >> 6)));
        out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
        out->push_back(static_cast<char>(0xE0 | (cp >> 12)));
        out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
        out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else {
        out->push_back(static_cast<char>(0xF0 | (cp >> 18)));
        out->push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
        out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
        out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    }
}

bool isSpace(char32_t cp) {
    // Go's unicode.White_Space table.
    switch (cp) {
        case '\t':
        case '\n':
        case '\v':
        case '\f':
        case '\r':
        case ' ':
        case 0x85:
        case 0xA0:
        case 0x1680:
        case 0x2028:
        case 0x2029:
        case 0x202F:
        case 0x205F:
        case 0x3000:
            return true;
        default:
            return cp >= 0x2000 && cp <= 0x200A;
    }
}

bool isLetterOrDigit(char32_t cp) {
    if (cp < 0x80) {
        return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') || (cp >= '0' && cp <= '9');
    }
    if (cp == kRuneError) return false;
    return QChar::isLetter(cp) || QChar::category(cp) == QChar::Number_DecimalDigit;
}

bool isKeyRune(char32_t cp) {
    return cp == '_' || isLetterOrDigit(cp);
}

std::string_view trimLeftSpace(std::string_view s) {
    size_t i = 0;
    while (i < s.size()) {
        const Rune r = decodeRune(s, i);
        if (!isSpace(r.cp)) break;
        i += r.size;
    }
    return s.substr(i);
}

std::string_view trimRightSpace(std::string_view s) {
    while (!s.empty()) {
        const Rune r = decodeLastRune(s);
        if (!isSpace(r.cp)) break;
        s.remove_suffix(r.size);
    }
    return s;
}

std::string_view trimSpace(std::string_view s) {
    return trimRightSpace(trimLeftSpace(s));
}

size_t skipSpace(std::string_view s, size_t i) {
    while (i < s.size()) {
        const Rune r = decodeRune(s, i);
        if (!isSpace(r.cp)) return i;
        i += r.size;
    }
    return i;
}

std::string toUpper(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (size_t i = 0; i < s.size();) {
        const Rune r = decodeRune(s, i);
        i += r.size;
        if (r.cp < 0x80) {
            out.push_back(static_cast<char>(r.cp >= 'a' && r.cp <= 'z' ? r.cp - 32 : r.cp));
        } else {
            appendUtf8(&out, r.cp == kRuneError ? kRuneError : QChar::toUpper(r.cp));
        }
    }
    return out;
}

std::string goFloat(double f) {
    if (std::isnan(f)) return "NaN";
    if (std::isinf(f)) return f > 0 ? "+Inf" : "-Inf";
    if (f == 0) return std::signbit(f) ? "-0" : "0";
    // Shortest round-trip digits and decimal exponent, from the scientific form "d.ddde±XX".
    char buf[64];
    const auto res = std::to_chars(buf, buf + sizeof buf, f, std::chars_format::scientific);
    const std::string_view sci(buf, static_cast<size_t>(res.ptr - buf));
    const size_t e = sci.find('e');
    std::string digits;
    bool negative = false;
    for (char c : sci.substr(0, e)) {
        if (c == '-') negative = true;
        if (c >= '0' && c <= '9') digits.push_back(c);
    }
    const int exp = std::atoi(std::string(sci.substr(e + 1)).c_str());
    const int nd = static_cast<int>(digits.size());
    std::string out = negative ? "-" : "";
    if (exp < -4 || exp >= 6) {
        out += digits[0];
        if (nd > 1) out += '.' + digits.substr(1);
        out += exp < 0 ? "e-" : "e+";
        const int a = std::abs(exp);
        if (a < 10) out += '0';
        out += std::to_string(a);
        return out;
    }
    const int dp = exp + 1;  // digits before the decimal point
    if (dp <= 0) {
        out += "0." + std::string(static_cast<size_t>(-dp), '0') + digits;
    } else if (dp >= nd) {
        out += digits + std::string(static_cast<size_t>(dp - nd), '0');
    } else {
        out += digits.substr(0, static_cast<size_t>(dp)) + '.' +
               digits.substr(static_cast<size_t>(dp));
    }
    return out;
}

std::string goNumber(double f) {
    // Go: `if v == float64(int64(v))` prints "%d"; out-of-range conversions never compare equal.
    constexpr double kTwo63 = 9223372036854775808.0;
    if (std::isfinite(f) && f >= -kTwo63 && f < kTwo63 && std::trunc(f) == f) {
        return std::to_string(static_cast<long long>(f));
    }
    return goFloat(f);
}

std::string goSprintV(const QJsonValue &v) {
    switch (v.type()) {
        case QJsonValue::Null:
        case QJsonValue::Undefined:
            return "<nil>";
        case QJsonValue::Bool:
            return v.toBool() ? "true" : "false";
        case QJsonValue::Double:
            return goFloat(v.toDouble());
        case QJsonValue::String:
            return v.toString().toStdString();
        case QJsonValue::Array: {
            std::string out = "[";
            const QJsonArray a = v.toArray();
            for (qsizetype i = 0; i < a.size(); ++i) {
                if (i > 0) out += ' ';
                out += goSprintV(a.at(i));
            }
            return out + "]";
        }
        case QJsonValue::Object: {
            const QJsonObject o = v.toObject();
            std::vector<std::pair<std::string, QJsonValue>> entries;
            for (auto it = o.begin(); it != o.end(); ++it) {
                entries.emplace_back(it.key().toStdString(), it.value());
            }
            std::sort(entries.begin(), entries.end(),
                      [](const auto &a, const auto &b) { return a.first < b.first; });
            std::string out = "map[";
            for (size_t i = 0; i < entries.size(); ++i) {
                if (i > 0) out += ' ';
                out += entries[i].first + ':' + goSprintV(entries[i].second);
            }
            return out + "]";
        }
    }
    return {};
}

std::string goJsonQuote(std::string_view s) {
    static const char kHex[] = "0123456789abcdef";
    std::string out = "\"";
    for (size_t i = 0; i < s.size();) {
        const auto b = static_cast<unsigned char>(s[i]);
        if (b < 0x80) {
            switch (b) {
                case '\\':
                case '"':
                    out += '\\';
                    out += static_cast<char>(b);
                    break;
                case '\b':
                    out += "\\b";
                    break;
                case '\f':
                    out += "\\f";
                    break;
                case '\n':
                    out += "\\n";
                    break;
                case '\r':
                    out += "\\r";
                    break;
                case '\t':
                    out += "\\t";
                    break;
                default:
                    if (b < 0x20 || b == '<' || b == '>' || b == '&') {
                        out += "\\u00";
                        out += kHex[b >> 4];
                        out += kHex[b & 0xF];
                    } else {
                        out += static_cast<char>(b);
                    }
            }
            ++i;
            continue;
        }
        const Rune r = decodeRune(s, i);
        if (r.cp == kRuneError && r.size == 1) {
            out += "\\ufffd";
        } else if (r.cp == 0x2028 || r.cp == 0x2029) {
            out += r.cp == 0x2028 ? "\\u2028" : "\\u2029";
        } else {
            out.append(s.substr(i, r.size));
        }
        i += r.size;
    }
    return out + '"';
}

std::string sanitizeUtf8(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (size_t i = 0; i < s.size();) {
        const Rune r = decodeRune(s, i);
        if (r.cp == kRuneError && r.size == 1) {
            appendUtf8(&out, kRuneError);
        } else {
            out.append(s.substr(i, r.size));
        }
        i += r.size;
    }
    return out;
}

}  // namespace facet::chat::detail
