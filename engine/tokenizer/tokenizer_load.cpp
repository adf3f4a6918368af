// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Gemma 4 tokenizer: loading and validating the vocabulary (GGUF `tokenizer.ggml.*` keys or an
// in-memory Vocabulary) and building the lookup structures.
//
// Everything read from the file is checked before use; a bad value produces an error naming the
// key and, for arrays, the index. Loading the real vocabulary (262,144 tokens, 514,906 merges)
// builds three flat hash tables and a small trie, without per-token allocations.
#include "gguf/gguf.h"
#include "tokenizer/tokenizer.h"
#include "tokenizer/tokenizer_impl.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace facet::tokenizer {

namespace {

using detail::kSpaceMark;

constexpr const char *kModelKey = "tokenizer.ggml.model";
constexpr const char *kTokensKey = "tokenizer.ggml.tokens";
constexpr const char *kScoresKey = "tokenizer.ggml.scores";
constexpr const char *kTypesKey = "tokenizer.ggml.token_type";
constexpr const char *kMergesKey = "tokenizer.ggml.merges";
constexpr const char *kBosKey = "tokenizer.ggml.bos_token_id";
constexpr const char *kEosKey = "tokenizer.ggml.eos_token_id";
constexpr const char *kPadKey = "tokenizer.ggml.padding_token_id";
constexpr const char *kUnkKey = "tokenizer.ggml.unknown_token_id";
constexpr const char *kEosIdsKey = "tokenizer.ggml.eos_token_ids";

QString key(const char *k) {
    return QString::fromLatin1(k);
}

// A piece quoted for an error message: control characters and bytes that are not UTF-8 escaped,
// long pieces shortened.
QString quoted(std::string_view s) {
    static const char *hex = "0123456789abcdef";
    std::string out = "\"";
    size_t chars = 0;
    for (size_t i = 0; i < s.size();) {
        if (++chars > 48) {
            out += "\xE2\x80\xA6";  // …
            break;
        }
        const auto c = static_cast<uint8_t>(s[i]);
        const size_t n = detail::utf8SequenceAt(s, i);
        if (c == '\n') {
            out += "\\n";
        } else if (c == '\t') {
            out += "\\t";
        } else if (c == '"' || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
        } else if (n == 0 || c < 0x20 || c == 0x7f) {
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 15];
        } else {
            out.append(s.substr(i, n));
            i += n;
            continue;
        }
        ++i;
    }
    out += '"';
    return QString::fromStdString(out);
}

std::unique_ptr<Tokenizer> fail(QString *error, const QString &message) {
    if (error) *error = message;
    return nullptr;
}

// "<0xHH>" (either case, as the Hugging Face ByteFallback decoder accepts) -> byte, else -1.
int parseBytePiece(std::string_view p) {
    if (p.size() != 6 || p.substr(0, 3) != "<0x" || p[5] != '>') return -1;
    int v = 0;
    for (size_t i = 3; i < 5; ++i) {
        const char c = p[i];
        v *= 16;
        if (c >= '0' && c <= '9') {
            v += c - '0';
        } else if (c >= 'A' && c <= 'F') {
            v += c - 'A' + 10;
        } else if (c >= 'a' && c <= 'f') {
            v += c - 'a' + 10;
        } else {
            return -1;
        }
    }
    return v;
}

bool specialIdValid(const std::optional<int64_t> &id, const char *k, int64_t n, QString *error) {
    if (!id || (*id >= 0 && *id < n)) return true;
    if (error) {
        *error = QStringLiteral("%1 = %2 is out of range (the vocabulary has %3 tokens)")
                     .arg(key(k))
                     .arg(*id)
                     .arg(n);
    }
    return false;
}

}  // namespace

// The vocabulary as read, before validation. Views point into the GGUF File or the Vocabulary,
// which outlive the build.
struct Tokenizer::Source {
    std::optional<std::string_view> model;
    std::vector<std::string_view> tokens;
    bool hasTypes = false;
    std::vector<int64_t> types;
    bool hasScores = false;
    std::vector<double> scores;
    std::vector<std::string_view> merges;
    std::optional<int64_t> bos, eos, pad, unk;
    std::vector<int64_t> eosIds;
};

std::unique_ptr<Tokenizer> Tokenizer::build(const Source &src, QString *error) {
    // --- model -------------------------------------------------------------------------------
    if (!src.model) return fail(error, QStringLiteral("missing key %1").arg(key(kModelKey)));
    if (*src.model != "llama" && *src.model != "gemma4") {
        return fail(error, QStringLiteral("%1 is %2; only \"llama\" and \"gemma4\" (SentencePiece-"
                                          "style BPE, as written for Gemma 4) are supported")
                               .arg(key(kModelKey), quoted(*src.model)));
    }

    // --- tokens, types, scores -----------------------------------------------------------------
    const size_t n = src.tokens.size();
    if (n == 0) return fail(error, QStringLiteral("%1 is empty").arg(key(kTokensKey)));
    if (n >= static_cast<size_t>(std::numeric_limits<int32_t>::max())) {
        return fail(error,
                    QStringLiteral("%1 has %2 entries: too many").arg(key(kTokensKey)).arg(n));
    }
    if (!src.hasTypes) return fail(error, QStringLiteral("missing key %1").arg(key(kTypesKey)));
    if (src.types.size() != n) {
        return fail(error, QStringLiteral("%1 has %2 entries but %3 has %4")
                               .arg(key(kTypesKey))
                               .arg(src.types.size())
                               .arg(key(kTokensKey))
                               .arg(n));
    }
    if (src.hasScores && src.scores.size() != n) {
        return fail(error, QStringLiteral("%1 has %2 entries but %3 has %4")
                               .arg(key(kScoresKey))
                               .arg(src.scores.size())
                               .arg(key(kTokensKey))
                               .arg(n));
    }

    auto d = std::make_unique<Impl>();
    d->offsets.resize(n + 1);
    d->types.resize(n);
    d->scores.assign(n, 0.0F);
    size_t total = 0;
    for (const std::string_view t : src.tokens)
        total += t.size();
    if (total >= std::numeric_limits<uint32_t>::max()) {
        return fail(
            error,
            QStringLiteral("%1 holds %2 bytes of text: too large").arg(key(kTokensKey)).arg(total));
    }
    d->pieceData.reserve(total);
    for (size_t i = 0; i < n; ++i) {
        d->offsets[i] = static_cast<uint32_t>(d->pieceData.size());
        d->pieceData.append(src.tokens[i]);
        const int64_t t = src.types[i];
        if (t < 0 || t > static_cast<int64_t>(TokenType::Byte)) {
            return fail(error, QStringLiteral("%1[%2] = %3 is not a token type (0..6)")
                                   .arg(key(kTypesKey))
                                   .arg(i)
                                   .arg(t));
        }
        d->types[i] = static_cast<TokenType>(t);
        if (src.hasScores) {
            const double s = src.scores[i];
            if (!std::isfinite(s) || std::fabs(s) > std::numeric_limits<float>::max()) {
                return fail(error, QStringLiteral("%1[%2] = %3 is not a finite number")
                                       .arg(key(kScoresKey))
                                       .arg(i)
                                       .arg(s));
            }
            d->scores[i] = static_cast<float>(s);
        }
    }
    d->offsets[n] = static_cast<uint32_t>(d->pieceData.size());

    // --- piece index: string -> lowest id ----------------------------------------------------
    size_t cap = 16;
    while (cap < n * 2)
        cap *= 2;
    d->indexSlots.assign(cap, 0);
    d->indexMask = cap - 1;
    for (size_t i = 0; i < n; ++i) {
        const std::string_view p = d->piece(static_cast<int32_t>(i));
        const uint64_t h = detail::hashBytes(p);
        const uint64_t tag = h >> 32;
        for (size_t s = h & d->indexMask;; s = (s + 1) & d->indexMask) {
            const uint64_t slot = d->indexSlots[s];
            if (slot == 0) {
                d->indexSlots[s] = tag << 32 | (i + 1);
                break;
            }
            // A duplicate string keeps its first id.
            if ((slot >> 32) == tag &&
                d->piece(static_cast<int32_t>((slot & 0xffffffffU) - 1)) == p) {
                break;
            }
        }
    }

    // --- byte tokens -----------------------------------------------------------------------------
    // Byte tokens are recognised by their "<0xHH>" spelling: Ollama's converter types them Normal,
    // llama.cpp's Byte. A control or user-defined "<0xHH>" is not a byte token.
    d->byteValue.assign(n, -1);
    d->byteToken.fill(-1);
    for (size_t i = 0; i < n; ++i) {
        const TokenType t = d->types[i];
        const std::string_view p = d->piece(static_cast<int32_t>(i));
        const int b = parseBytePiece(p);
        if (t == TokenType::Byte && b < 0) {
            return fail(error, QStringLiteral("%1[%2] is 6 (byte) but token %3 is %4, not <0xHH>")
                                   .arg(key(kTypesKey))
                                   .arg(i)
                                   .arg(i)
                                   .arg(quoted(p)));
        }
        if (b < 0 || t == TokenType::Control || t == TokenType::Unknown ||
            t == TokenType::UserDefined) {
            continue;
        }
        d->byteValue[i] = static_cast<int16_t>(b);
        if (d->byteToken[b] < 0) d->byteToken[b] = static_cast<int32_t>(i);
    }
    for (int b = 0; b < 256; ++b) {
        if (d->byteToken[b] < 0) {
            const QString hex =
                QString::number(b, 16).toUpper().rightJustified(2, QLatin1Char('0'));
            return fail(error,
                        QStringLiteral("%1 has no byte-fallback token <0x%2>; all 256 are required")
                            .arg(key(kTokensKey), hex));
        }
    }

    // BPE may produce ordinary and user-defined pieces, never control/unknown ones or byte
    // tokens: in Parse mode every control piece in the text was cut out before BPE, so this
    // changes nothing there, and in Literal mode it is what keeps control tokens out.
    d->bpeUsable.resize(n);
    for (size_t i = 0; i < n; ++i) {
        const TokenType t = d->types[i];
        d->bpeUsable[i] = t != TokenType::Control && t != TokenType::Unknown &&
                          t != TokenType::Byte && d->byteValue[i] < 0;
    }

    // --- merges ------------------------------------------------------------------------------
    if (!src.merges.empty()) {
        d->useMerges = true;
        d->merges.reserve(src.merges.size());
        // Loading is dominated by hash-table cache misses, so merges go in batches: hash a batch
        // and prefetch its slots, then resolve it, then insert it.
        struct Pending {
            std::string_view left, right;
            uint64_t hl, hr, hj;
            int32_t l, r, result;
        };
        constexpr size_t kBatch = 64;
        Pending batch[kBatch];
        for (size_t base = 0; base < src.merges.size(); base += kBatch) {
            const size_t count = std::min(kBatch, src.merges.size() - base);
            for (size_t k = 0; k < count; ++k) {
                const std::string_view m = src.merges[base + k];
                const size_t sp = m.find(' ');
                if (sp == std::string_view::npos || sp == 0 || sp + 1 == m.size()) {
                    return fail(error,
                                QStringLiteral("%1[%2] = %3 is not of the form \"left right\"")
                                    .arg(key(kMergesKey))
                                    .arg(base + k)
                                    .arg(quoted(m)));
                }
                Pending &q = batch[k];
                q.left = m.substr(0, sp);
                q.right = m.substr(sp + 1);
                q.hl = detail::hashBytes(q.left);
                q.hr = detail::hashBytes(q.right);
                q.hj = detail::hashParts(q.left, q.right);
                d->prefetchIndex(q.hl);
                d->prefetchIndex(q.hr);
                d->prefetchIndex(q.hj);
            }
            for (size_t k = 0; k < count; ++k) {
                Pending &q = batch[k];
                q.l = d->lookupParts(q.left, {}, q.hl);
                q.r = d->lookupParts(q.right, {}, q.hr);
                q.result = q.l >= 0 && q.r >= 0 ? d->lookupParts(q.left, q.right, q.hj) : -1;
                if (q.result < 0) {
                    // Pieces never contain ' ' (spaces are '▁'), but if one did, the first
                    // split whose halves and concatenation all exist wins.
                    const std::string_view m = src.merges[base + k];
                    for (size_t sp = m.find(' ', q.left.size() + 1);
                         sp != std::string_view::npos && q.result < 0; sp = m.find(' ', sp + 1)) {
                        const std::string_view l = m.substr(0, sp), r = m.substr(sp + 1);
                        q.l = d->lookup(l);
                        q.r = d->lookup(r);
                        if (q.l >= 0 && q.r >= 0) {
                            q.result = d->lookupParts(l, r, detail::hashParts(l, r));
                        }
                    }
                }
                if (q.result < 0) {
                    const std::string_view m = src.merges[base + k];
                    QString what;
                    if (d->lookup(q.left) < 0) {
                        what = QStringLiteral("the left piece %1 is not in the vocabulary")
                                   .arg(quoted(q.left));
                    } else if (d->lookup(q.right) < 0) {
                        what = QStringLiteral("the right piece %1 is not in the vocabulary")
                                   .arg(quoted(q.right));
                    } else {
                        what = QStringLiteral("the merged piece %1 is not in the vocabulary")
                                   .arg(quoted(std::string(q.left) + std::string(q.right)));
                    }
                    return fail(error, QStringLiteral("%1[%2] = %3: %4")
                                           .arg(key(kMergesKey))
                                           .arg(base + k)
                                           .arg(quoted(m), what));
                }
                if (d->bpeUsable[q.result]) {
                    d->merges.prefetch(uint64_t(uint32_t(q.l)) << 32 | uint32_t(q.r));
                }
            }
            for (size_t k = 0; k < count; ++k) {
                const Pending &q = batch[k];
                if (!d->bpeUsable[q.result]) continue;  // would produce a control or byte token
                // A repeated pair keeps its first (lowest) rank.
                d->merges.insert(uint64_t(uint32_t(q.l)) << 32 | uint32_t(q.r),
                                 uint64_t(base + k) << 32 | uint32_t(q.result));
            }
        }
    } else if (src.hasScores) {
        d->useMerges = false;  // SentencePiece BPE: merge by score
    } else {
        return fail(error, QStringLiteral("neither %1 nor %2 is present: nothing orders the BPE "
                                          "merges")
                               .arg(key(kMergesKey), key(kScoresKey)));
    }

    // --- special-piece trie ----------------------------------------------------------------------
    d->trie.emplace_back();
    for (size_t i = 0; i < n; ++i) {
        const TokenType t = d->types[i];
        const bool control = t == TokenType::Control || t == TokenType::Unknown;
        if (!control && t != TokenType::UserDefined) continue;
        const std::string_view p = d->piece(static_cast<int32_t>(i));
        // Only pieces that can be matched and decoded back to the same bytes: valid UTF-8
        // (so a match starts and ends on character boundaries) and without '▁' (which decodes
        // to a space).
        if (p.empty() || !detail::isValidUtf8(p) || p.find(kSpaceMark) != std::string_view::npos) {
            continue;
        }
        uint64_t node = 0;
        for (const char c : p) {
            const uint64_t edge = node << 8 | static_cast<uint8_t>(c);
            if (const uint64_t *child = d->trieEdges.find(edge)) {
                node = *child;
            } else {
                d->trie.emplace_back();
                const uint64_t next = d->trie.size() - 1;
                d->trieEdges.insert(edge, next);
                node = next;
            }
        }
        Impl::TrieNode &end = d->trie[node];
        if (end.parseId < 0) end.parseId = static_cast<int32_t>(i);
        if (!control && end.literalId < 0) end.literalId = static_cast<int32_t>(i);
        d->startsParse[static_cast<uint8_t>(p[0])] = true;
        if (!control) d->startsLiteral[static_cast<uint8_t>(p[0])] = true;
    }

    // --- special ids -------------------------------------------------------------------------
    const auto nn = static_cast<int64_t>(n);
    if (!specialIdValid(src.bos, kBosKey, nn, error) ||
        !specialIdValid(src.eos, kEosKey, nn, error) ||
        !specialIdValid(src.pad, kPadKey, nn, error) ||
        !specialIdValid(src.unk, kUnkKey, nn, error)) {
        return nullptr;
    }
    // Without the key, fall back to the conventional Gemma spelling.
    const auto pick = [&](const std::optional<int64_t> &id, std::string_view spelling) {
        return id ? static_cast<int32_t>(*id) : d->lookup(spelling);
    };
    d->bos = pick(src.bos, "<bos>");
    d->eos = pick(src.eos, "<eos>");
    d->pad = pick(src.pad, "<pad>");
    const auto addStop = [&](int32_t id) {
        if (id < 0) return;
        for (const int32_t s : d->stopIds) {
            if (s == id) return;
        }
        d->stopIds.push_back(id);
    };
    addStop(d->eos);
    for (size_t i = 0; i < src.eosIds.size(); ++i) {
        const int64_t id = src.eosIds[i];
        if (id < 0 || id >= nn) {
            return fail(error, QStringLiteral("%1[%2] = %3 is out of range (the vocabulary has %4 "
                                              "tokens)")
                                   .arg(key(kEosIdsKey))
                                   .arg(i)
                                   .arg(id)
                                   .arg(n));
        }
        addStop(static_cast<int32_t>(id));
    }
    addStop(d->lookup("<turn|>"));  // Gemma 4 end of turn (id 106)

    return std::unique_ptr<Tokenizer>(new Tokenizer(std::move(d)));
}

// --- GGUF --------------------------------------------------------------------------------------

namespace {

// The array under `k`: nullptr if absent (then *error stays empty) or not an array (error set).
const gguf::Array *arrayAt(const gguf::File &f, const char *k, QString *error) {
    const gguf::Value *v = f.find(k);
    if (!v) return nullptr;
    const gguf::Array *a = v->toArray();
    if (!a) {
        *error = QStringLiteral("%1 is a %2, expected an array")
                     .arg(key(k), QString::fromLatin1(gguf::valueTypeName(v->type)));
    }
    return a;
}

// Reads array `k` element by element through `convert` (nullopt: wrong element type, reported as
// "expected <what>"). A missing key is not an error here: *present says whether it exists.
template <typename T, typename Convert>
bool readArray(const gguf::File &f, const char *k, std::vector<T> *out, bool *present,
               QString *error, const char *what, Convert convert) {
    const gguf::Array *a = arrayAt(f, k, error);
    *present = a != nullptr;
    if (!a) return error->isEmpty();
    out->reserve(a->values.size());
    for (size_t i = 0; i < a->values.size(); ++i) {
        const gguf::Value &v = a->values[i];
        std::optional<T> x = convert(v);
        if (!x) {
            *error = QStringLiteral("%1[%2] is a %3, expected %4")
                         .arg(key(k))
                         .arg(i)
                         .arg(QString::fromLatin1(gguf::valueTypeName(v.type)),
                              QString::fromLatin1(what));
            return false;
        }
        out->push_back(std::move(*x));
    }
    return true;
}

bool readStrings(const gguf::File &f, const char *k, std::vector<std::string_view> *out,
                 bool *present, QString *error) {
    // Views into the File's metadata: no copies of the 262,144 pieces.
    return readArray(f, k, out, present, error, "a string",
                     [](const gguf::Value &v) -> std::optional<std::string_view> {
                         const std::string *s = v.toString();
                         return s ? std::optional<std::string_view>(*s) : std::nullopt;
                     });
}

bool readInts(const gguf::File &f, const char *k, std::vector<int64_t> *out, bool *present,
              QString *error) {
    return readArray(f, k, out, present, error, "an integer",
                     [](const gguf::Value &v) { return v.isInteger() ? v.toInt() : std::nullopt; });
}

bool readNumbers(const gguf::File &f, const char *k, std::vector<double> *out, bool *present,
                 QString *error) {
    return readArray(f, k, out, present, error, "a number", [](const gguf::Value &v) {
        return v.isNumber() ? v.toDouble() : std::nullopt;
    });
}

bool readId(const gguf::File &f, const char *k, std::optional<int64_t> *out, QString *error) {
    const gguf::Value *v = f.find(k);
    if (!v) return true;
    *out = v->isInteger() ? v->toInt() : std::nullopt;
    if (!*out) {
        *error = QStringLiteral("%1 is a %2, expected an integer")
                     .arg(key(k), QString::fromLatin1(gguf::valueTypeName(v->type)));
        return false;
    }
    return true;
}

}  // namespace

std::unique_ptr<Tokenizer> Tokenizer::fromGguf(const gguf::File &file, QString *error) {
    Tokenizer::Source src;
    QString err;
    if (const gguf::Value *m = file.find(kModelKey)) {
        const std::string *s = m->toString();
        if (!s) {
            return fail(
                error, QStringLiteral("%1 is a %2, expected a string")
                           .arg(key(kModelKey), QString::fromLatin1(gguf::valueTypeName(m->type))));
        }
        src.model = *s;
    }
    bool present = false;
    if (!readStrings(file, kTokensKey, &src.tokens, &present, &err)) return fail(error, err);
    if (!present) return fail(error, QStringLiteral("missing key %1").arg(key(kTokensKey)));
    if (!readInts(file, kTypesKey, &src.types, &src.hasTypes, &err)) return fail(error, err);
    if (!readNumbers(file, kScoresKey, &src.scores, &src.hasScores, &err)) return fail(error, err);
    if (!readStrings(file, kMergesKey, &src.merges, &present, &err)) return fail(error, err);
    if (!readInts(file, kEosIdsKey, &src.eosIds, &present, &err)) return fail(error, err);
    if (!readId(file, kBosKey, &src.bos, &err) || !readId(file, kEosKey, &src.eos, &err) ||
        !readId(file, kPadKey, &src.pad, &err) || !readId(file, kUnkKey, &src.unk, &err)) {
        return fail(error, err);
    }
    return build(src, error);
}

std::unique_ptr<Tokenizer> Tokenizer::fromFile(const QString &ggufPath, QString *error) {
    QString err;
    const std::unique_ptr<gguf::File> file = gguf::File::open(ggufPath, &err);
    if (!file) return fail(error, QStringLiteral("%1: %2").arg(ggufPath, err));
    std::unique_ptr<Tokenizer> t = fromGguf(*file, &err);
    if (!t) return fail(error, QStringLiteral("%1: %2").arg(ggufPath, err));
    return t;
}

std::unique_ptr<Tokenizer> Tokenizer::fromVocabulary(const Vocabulary &v, QString *error) {
    Tokenizer::Source src;
    src.model = v.model;
    src.tokens.assign(v.tokens.begin(), v.tokens.end());
    src.hasTypes = true;
    src.types.assign(v.types.begin(), v.types.end());
    src.hasScores = !v.scores.empty();
    src.scores.assign(v.scores.begin(), v.scores.end());
    src.merges.assign(v.merges.begin(), v.merges.end());
    src.bos = v.bosId;
    src.eos = v.eosId;
    src.pad = v.padId;
    src.unk = v.unknownId;
    src.eosIds = v.eosIds;
    return build(src, error);
}

}  // namespace facet::tokenizer
