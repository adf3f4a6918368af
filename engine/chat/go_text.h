// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Text primitives with the exact semantics of the Go standard library functions that Ollama's
// Gemma 4 renderer and parser use (unicode.IsSpace, strings.TrimSpace, utf8.DecodeRune, fmt's %v
// for numbers, encoding/json string quoting). Reproducing Ollama byte for byte depends on these
// details: which characters count as white space, how invalid UTF-8 is treated, when a float is
// printed with an exponent.
#pragma once

#include <QJsonValue>

#include <cstddef>
#include <string>
#include <string_view>

namespace facet::chat::detail {

struct Rune {
    char32_t cp;  // U+FFFD for invalid input
    size_t size;  // bytes consumed (1 for invalid input, 0 at the end)
};

// utf8.DecodeRuneInString(s[i:]) / utf8.DecodeLastRuneInString(s).
Rune decodeRune(std::string_view s, size_t i);
Rune decodeLastRune(std::string_view s);
void appendUtf8(std::string *out, char32_t cp);

bool isSpace(char32_t cp);          // unicode.IsSpace
bool isLetterOrDigit(char32_t cp);  // unicode.IsLetter || unicode.IsDigit
bool isKeyRune(char32_t cp);        // '_' or a letter or a digit (Gemma 4 bare keys)

std::string_view trimSpace(std::string_view s);       // strings.TrimSpace
std::string_view trimLeftSpace(std::string_view s);   // strings.TrimLeftFunc(s, unicode.IsSpace)
std::string_view trimRightSpace(std::string_view s);  // strings.TrimRightFunc(s, unicode.IsSpace)
size_t skipSpace(std::string_view s, size_t i);       // first non-space index at or after i

std::string toUpper(std::string_view s);  // strings.ToUpper (invalid bytes become U+FFFD)

// fmt.Sprintf("%v", f) for a float64: the shortest digits that round-trip, in exponent form when
// the decimal exponent is < -4 or >= 6 (Go's rule for shortest 'g'): 1e+06, 123456, 1e-05.
std::string goFloat(double f);
// The renderer's number form: integral values in int64 range as "%d", the rest as goFloat.
std::string goNumber(double f);
// fmt.Sprintf("%v", v) for a value decoded from JSON (map keys sorted, arrays space-separated).
std::string goSprintV(const QJsonValue &v);
// encoding/json.Marshal of a string (HTML-safe escaping, invalid UTF-8 as \ufffd).
std::string goJsonQuote(std::string_view s);
// s with every invalid UTF-8 sequence replaced by U+FFFD (what Go's JSON decoder does inside
// strings), so that Qt's stricter parser accepts what Go accepts.
std::string sanitizeUtf8(std::string_view s);

}  // namespace facet::chat::detail
