// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "model/gemma4_config.h"

#include "gguf/gguf.h"

#include <QStringList>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <set>

namespace facet::model {

const char *attentionKindName(AttentionKind k) {
    return k == AttentionKind::Sliding ? "sliding" : "global";
}

namespace {

// Upper bounds that no real Gemma 4 file comes near; they keep later size arithmetic (products of
// dims) far from overflow and turn absurd values into clear errors.
constexpr int64_t kMaxLayers = 4096;
constexpr int64_t kMaxDim = 1 << 20;
constexpr int64_t kMaxContext = int64_t{1} << 26;

QString qs(std::string_view s) {
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

QString shapeString(const std::vector<uint64_t> &ne) {
    QStringList parts;
    for (uint64_t d : ne)
        parts << QString::number(d);
    return QStringLiteral("[%1]").arg(parts.join(QStringLiteral(", ")));
}

// ne with trailing 1s dropped (a [H] norm may be stored as [H, 1]); at least one entry remains.
std::vector<uint64_t> trimmed(std::vector<uint64_t> ne) {
    while (ne.size() > 1 && ne.back() == 1)
        ne.pop_back();
    return ne;
}

// Collects the first error and short-circuits everything after it: parsing code reads as a
// straight sequence of checks, each of which may fail.
class Checker {
public:
    Checker(const gguf::File &f, QString *error) : m_f(f), m_error(error) {}

    bool ok() const { return m_ok; }
    const gguf::File &file() const { return m_f; }

    bool fail(const QString &message) {
        if (m_ok && m_error) *m_error = message;
        m_ok = false;
        return false;
    }

    static std::string key(std::string_view k) { return "gemma4." + std::string(k); }

    // A tower's width must split evenly into its heads: an error naming both keys otherwise.
    bool divisible(const std::string &widthKey, int width, const std::string &headsKey, int heads) {
        if (width % heads == 0) return true;
        return fail(QStringLiteral("key %1 = %2 is not divisible by %3 = %4")
                        .arg(qs(widthKey))
                        .arg(width)
                        .arg(qs(headsKey))
                        .arg(heads));
    }

    // An integer key. Missing: `def` when given, otherwise an error naming the key. Present with a
    // non-integer type or outside [lo, hi]: an error naming the key and the value.
    int64_t integer(const std::string &k, std::optional<int64_t> def, int64_t lo, int64_t hi) {
        if (!m_ok) return def.value_or(0);
        const gguf::Value *v = m_f.find(k);
        if (!v) {
            if (def) return *def;
            fail(QStringLiteral("required key %1 is missing").arg(qs(k)));
            return 0;
        }
        if (!v->isInteger()) {
            fail(QStringLiteral("key %1 has type %2, expected an integer")
                     .arg(qs(k), qs(gguf::valueTypeName(v->type))));
            return 0;
        }
        const std::optional<int64_t> x = v->toInt();
        if (!x || *x < lo || *x > hi) {
            fail(QStringLiteral("key %1 = %2 is out of range (expected %3..%4)")
                     .arg(qs(k), x ? QString::number(*x) : QStringLiteral("(huge)"))
                     .arg(lo)
                     .arg(hi));
            return 0;
        }
        return *x;
    }

    // A float key (any numeric type is accepted); must be finite and within [lo, hi].
    double number(const std::string &k, std::optional<double> def, double lo, double hi) {
        if (!m_ok) return def.value_or(0);
        const gguf::Value *v = m_f.find(k);
        if (!v) {
            if (def) return *def;
            fail(QStringLiteral("required key %1 is missing").arg(qs(k)));
            return 0;
        }
        const std::optional<double> x = v->isNumber() ? v->toDouble() : std::nullopt;
        if (!x) {
            fail(QStringLiteral("key %1 has type %2, expected a number")
                     .arg(qs(k), qs(gguf::valueTypeName(v->type))));
            return 0;
        }
        if (!std::isfinite(*x) || *x < lo || *x > hi) {
            fail(QStringLiteral("key %1 = %2 is out of range (expected %3..%4)")
                     .arg(qs(k))
                     .arg(*x)
                     .arg(lo)
                     .arg(hi));
            return 0;
        }
        return *x;
    }

    // A per-layer integer: a scalar (same for every layer) or an integer array of exactly `n`
    // entries. `isArray` tells which form the file used.
    std::vector<int64_t> perLayer(const std::string &k, size_t n, int64_t lo, int64_t hi,
                                  bool *isArray = nullptr) {
        if (isArray) *isArray = false;
        if (!m_ok) return {};
        const gguf::Value *v = m_f.find(k);
        if (!v) {
            fail(QStringLiteral("required key %1 is missing").arg(qs(k)));
            return {};
        }
        const gguf::Array *a = v->toArray();
        if (!a) {
            const int64_t x = integer(k, std::nullopt, lo, hi);
            return m_ok ? std::vector<int64_t>(n, x) : std::vector<int64_t>{};
        }
        if (isArray) *isArray = true;
        if (a->values.size() != n) {
            fail(QStringLiteral("key %1 has %2 entries, expected %3 (one per layer, %4)")
                     .arg(qs(k))
                     .arg(a->values.size())
                     .arg(n)
                     .arg(qs(key("block_count"))));
            return {};
        }
        std::vector<int64_t> out;
        out.reserve(n);
        for (size_t i = 0; i < n; ++i) {
            const gguf::Value &e = a->values[i];
            const std::optional<int64_t> x = e.isInteger() ? e.toInt() : std::nullopt;
            if (!x) {
                fail(QStringLiteral("key %1[%2] has type %3, expected an integer")
                         .arg(qs(k))
                         .arg(i)
                         .arg(qs(gguf::valueTypeName(e.type))));
                return {};
            }
            if (*x < lo || *x > hi) {
                fail(QStringLiteral("key %1[%2] = %3 is out of range (expected %4..%5)")
                         .arg(qs(k))
                         .arg(i)
                         .arg(*x)
                         .arg(lo)
                         .arg(hi));
                return {};
            }
            out.push_back(*x);
        }
        return out;
    }

    // The tensor `name`, which must exist and have exactly the dims `ne` (trailing 1s ignored).
    // `why` explains where the expectation comes from and is appended to a shape error.
    const gguf::TensorInfo *tensor(const std::string &name, const std::vector<uint64_t> &ne,
                                   const QString &why = {}) {
        if (!m_ok) return nullptr;
        const gguf::TensorInfo *t = m_f.tensor(name);
        if (!t) {
            fail(QStringLiteral("tensor %1 is missing").arg(qs(name)));
            return nullptr;
        }
        return shape(*t, ne, why) ? t : nullptr;
    }

    // Like tensor(), but absence is fine (returns nullptr without an error).
    const gguf::TensorInfo *optionalTensor(const std::string &name, const std::vector<uint64_t> &ne,
                                           const QString &why = {}) {
        if (!m_ok) return nullptr;
        const gguf::TensorInfo *t = m_f.tensor(name);
        if (!t) return nullptr;
        return shape(*t, ne, why) ? t : nullptr;
    }

    // A tensor that must exist with `dims` dimensions; the caller checks the individual dims.
    const gguf::TensorInfo *tensorDims(const std::string &name, size_t dims) {
        if (!m_ok) return nullptr;
        const gguf::TensorInfo *t = m_f.tensor(name);
        if (!t) {
            fail(QStringLiteral("tensor %1 is missing").arg(qs(name)));
            return nullptr;
        }
        if (trimmed(t->ne).size() > dims) {
            fail(QStringLiteral("tensor %1 has shape %2, expected %3 dimensions")
                     .arg(qs(name), shapeString(t->ne))
                     .arg(dims));
            return nullptr;
        }
        return t;
    }

    bool shape(const gguf::TensorInfo &t, const std::vector<uint64_t> &ne, const QString &why) {
        if (trimmed(t.ne) == trimmed(ne)) return true;
        QString msg = QStringLiteral("tensor %1 has shape %2, expected %3")
                          .arg(qs(t.name), shapeString(t.ne), shapeString(ne));
        if (!why.isEmpty()) msg += QStringLiteral(" (%1)").arg(why);
        return fail(msg);
    }

private:
    const gguf::File &m_f;
    QString *m_error;
    bool m_ok = true;
};

// "H=64" style fragments used to explain expected shapes.
QString eq(const char *what, int64_t v) {
    return QStringLiteral("%1=%2").arg(qs(what)).arg(v);
}

// Parses the number after `prefix` in tensor names like "blk.12.attn_q.weight"; -1 if none.
int64_t blockIndex(const std::string &name, std::string_view prefix) {
    if (name.size() <= prefix.size() || name.compare(0, prefix.size(), prefix) != 0) return -1;
    const char *begin = name.data() + prefix.size();
    const char *end = name.data() + name.size();
    int64_t idx = -1;
    const auto [p, ec] = std::from_chars(begin, end, idx);
    if (ec != std::errc() || p == begin || p == end || *p != '.') return -1;
    return idx;
}

bool hasPrefix(const std::string &s, std::string_view prefix) {
    return s.size() >= prefix.size() && s.compare(0, prefix.size(), prefix) == 0;
}

bool anyTensorWithPrefix(const gguf::File &f, std::string_view prefix) {
    return std::any_of(f.tensors().begin(), f.tensors().end(),
                       [&](const gguf::TensorInfo &t) { return hasPrefix(t.name, prefix); });
}

// Metadata stage: everything the header says, checked for internal consistency. Fills `c`
// completely, using metadata FFN widths and the tokenizer's count as the vocabulary size.
bool parseMetadata(Checker &ck, Gemma4Config &c) {
    const gguf::File &f = ck.file();

    const gguf::Value *arch = f.find("general.architecture");
    if (!arch) return ck.fail(QStringLiteral("required key general.architecture is missing"));
    if (!arch->toString()) {
        return ck.fail(QStringLiteral("key general.architecture has type %1, expected a string")
                           .arg(qs(gguf::valueTypeName(arch->type))));
    }
    if (*arch->toString() != "gemma4") {
        return ck.fail(QStringLiteral("not a Gemma 4 model: general.architecture is '%1'")
                           .arg(qs(*arch->toString())));
    }
    if (const auto name = f.getString("general.name")) c.name = *name;
    if (const gguf::Value *ft = f.find("general.file_type"); ft && ft->isInteger()) {
        c.fileType = ft->toInt().value_or(-1);
    }

    using K = Checker;
    c.layerCount = static_cast<int>(ck.integer(K::key("block_count"), std::nullopt, 1, kMaxLayers));
    c.hidden = static_cast<int>(ck.integer(K::key("embedding_length"), std::nullopt, 1, kMaxDim));
    if (!ck.ok()) return false;
    const size_t L = static_cast<size_t>(c.layerCount);

    // Query heads: Ollama's converter writes a scalar; an array is accepted when uniform.
    const std::vector<int64_t> heads = ck.perLayer(K::key("attention.head_count"), L, 1, 4096);
    if (!ck.ok()) return false;
    for (size_t i = 1; i < L; ++i) {
        if (heads[i] != heads[0]) {
            return ck.fail(QStringLiteral("key %1 differs between layers (%2 at layer 0, %3 at "
                                          "layer %4); Gemma 4 uses one query head count")
                               .arg(qs(K::key("attention.head_count")))
                               .arg(heads[0])
                               .arg(heads[i])
                               .arg(i));
        }
    }
    c.heads = static_cast<int>(heads[0]);

    // Head dims: key_length is the global head dim, key_length_swa the sliding one (Ollama's
    // defaults 512 / 256). value_length(_swa), when present, must agree.
    c.headDimGlobal = static_cast<int>(ck.integer(K::key("attention.key_length"), 512, 2, 65536));
    c.headDimSliding =
        static_cast<int>(ck.integer(K::key("attention.key_length_swa"), 256, 2, 65536));
    const std::pair<const char *, const char *> valueKeys[] = {
        {"attention.value_length", "attention.key_length"},
        {"attention.value_length_swa", "attention.key_length_swa"}};
    for (const auto &[vk, kk] : valueKeys) {
        if (!ck.ok()) return false;
        if (!f.find(K::key(vk))) continue;
        const int64_t v = ck.integer(K::key(vk), std::nullopt, 1, 65536);
        const int64_t k =
            std::string_view(kk) == "attention.key_length" ? c.headDimGlobal : c.headDimSliding;
        if (ck.ok() && v != k) {
            return ck.fail(QStringLiteral("key %1 = %2 differs from %3 = %4; Gemma 4 uses equal "
                                          "key and value head dims")
                               .arg(qs(K::key(vk)))
                               .arg(v)
                               .arg(qs(K::key(kk)))
                               .arg(k));
        }
    }
    if (!ck.ok()) return false;
    for (const auto &[k, v] : {std::pair{"attention.key_length", c.headDimGlobal},
                               std::pair{"attention.key_length_swa", c.headDimSliding}}) {
        if (v % 2 != 0) {
            return ck.fail(QStringLiteral("key %1 = %2 must be even (RoPE rotates pairs)")
                               .arg(qs(K::key(k)))
                               .arg(v));
        }
    }

    c.rmsEps =
        static_cast<float>(ck.number(K::key("attention.layer_norm_rms_epsilon"), 1e-6, 1e-12, 1.0));

    // Layer kinds: bool array, true = sliding. Integer 0/1 arrays are tolerated.
    std::vector<bool> pattern;
    {
        const std::string k = K::key("attention.sliding_window_pattern");
        const gguf::Value *v = f.find(k);
        if (!v) return ck.fail(QStringLiteral("required key %1 is missing").arg(qs(k)));
        const gguf::Array *a = v->toArray();
        if (!a) {
            return ck.fail(QStringLiteral("key %1 has type %2, expected an array of bool (one per "
                                          "layer)")
                               .arg(qs(k), qs(gguf::valueTypeName(v->type))));
        }
        if (a->values.size() != L) {
            return ck.fail(QStringLiteral("key %1 has %2 entries, expected %3 (one per layer, %4)")
                               .arg(qs(k))
                               .arg(a->values.size())
                               .arg(L)
                               .arg(qs(K::key("block_count"))));
        }
        for (size_t i = 0; i < L; ++i) {
            const std::optional<bool> b = a->values[i].toBool();
            if (!b) {
                return ck.fail(QStringLiteral("key %1[%2] has type %3, expected bool")
                                   .arg(qs(k))
                                   .arg(i)
                                   .arg(qs(gguf::valueTypeName(a->values[i].type))));
            }
            pattern.push_back(*b);
        }
    }
    const bool anySliding = std::find(pattern.begin(), pattern.end(), true) != pattern.end();
    c.slidingWindow = static_cast<int>(ck.integer(
        K::key("attention.sliding_window"), anySliding ? std::nullopt : std::optional<int64_t>(0),
        anySliding ? 1 : 0, kMaxContext));
    c.contextLength =
        static_cast<int>(ck.integer(K::key("context_length"), std::nullopt, 1, kMaxContext));
    if (!ck.ok()) return false;

    // KV heads: scalar (sliding layers; global layers use global_head_count_kv when set) or a
    // per-layer array, which is authoritative; a global_head_count_kv next to an array must agree.
    bool kvIsArray = false;
    const std::vector<int64_t> kv =
        ck.perLayer(K::key("attention.head_count_kv"), L, 1, c.heads, &kvIsArray);
    const int64_t globalKv = ck.integer(K::key("attention.global_head_count_kv"), 0, 0, c.heads);
    if (!ck.ok()) return false;

    c.sharedKvLayers =
        static_cast<int>(ck.integer(K::key("attention.shared_kv_layers"), 0, 0, c.layerCount - 1));
    if (!ck.ok()) return false;
    c.firstSharedLayer = c.layerCount - c.sharedKvLayers;
    QString donorError;
    const auto donors = Gemma4Config::kvDonorMap(pattern, c.sharedKvLayers, &donorError);
    if (!donors) return ck.fail(donorError);

    // RoPE. Ollama: freq_base (default 1e6); freq_base_swa, falling back to rope.local.freq_base
    // and then 1e4 (a stored 0 counts as absent); dimension_count, falling back to
    // partial_rotary_factor × key_length (factor default 1: rope_freqs does the partial rotation).
    c.ropeBaseGlobal = static_cast<float>(ck.number(K::key("rope.freq_base"), 1e6, 1e-6, 1e30));
    double swa = f.find(K::key("rope.freq_base_swa"))
                     ? ck.number(K::key("rope.freq_base_swa"), std::nullopt, 0, 1e30)
                     : 0.0;
    if (swa == 0) swa = ck.number(K::key("rope.local.freq_base"), 1e4, 1e-6, 1e30);
    c.ropeBaseSliding = static_cast<float>(swa);
    int64_t ropeDims = f.find(K::key("rope.dimension_count"))
                           ? ck.integer(K::key("rope.dimension_count"), std::nullopt, 0, 65536)
                           : 0;
    if (ropeDims == 0) {
        const double factor = ck.number(K::key("rope.partial_rotary_factor"), 1.0, 0.0, 1.0);
        ropeDims = static_cast<int64_t>(static_cast<float>(c.headDimGlobal) * factor);
    }
    c.ropeDimsGlobal = static_cast<int>(ropeDims);
    c.ropeDimsSliding = static_cast<int>(
        ck.integer(K::key("rope.dimension_count_swa"), c.headDimSliding, 0, 65536));
    if (!ck.ok()) return false;
    for (const auto &[k, dims, hd] :
         {std::tuple{"rope.dimension_count", c.ropeDimsGlobal, c.headDimGlobal},
          std::tuple{"rope.dimension_count_swa", c.ropeDimsSliding, c.headDimSliding}}) {
        if (dims <= 0 || dims % 2 != 0 || dims > hd) {
            return ck.fail(QStringLiteral("RoPE dimensions %1 (from %2) must be even and within "
                                          "1..%3 (the head dim)")
                               .arg(dims)
                               .arg(qs(K::key(k)))
                               .arg(hd));
        }
    }

    c.finalLogitSoftcap =
        static_cast<float>(ck.number(K::key("final_logit_softcapping"), 0.0, 0.0, 1e9));
    c.pleDim =
        static_cast<int>(ck.integer(K::key("embedding_length_per_layer_input"), 0, 0, kMaxDim));
    if (const int64_t experts = ck.integer(K::key("expert_count"), 0, 0, 1 << 20); experts > 0) {
        return ck.fail(QStringLiteral("key %1 = %2: mixture-of-experts Gemma 4 models are not "
                                      "supported (Facet runs the dense E2B/E4B models)")
                           .arg(qs(K::key("expert_count")))
                           .arg(experts));
    }

    const std::vector<int64_t> ffn = ck.perLayer(K::key("feed_forward_length"), L, 1, kMaxDim);
    if (!ck.ok()) return false;

    // Tokenizer: the token list must exist; its length is the vocabulary the file can decode.
    {
        const std::string k = "tokenizer.ggml.tokens";
        const gguf::Value *v = f.find(k);
        if (!v) return ck.fail(QStringLiteral("required key %1 is missing").arg(qs(k)));
        const gguf::Array *a = v->toArray();
        if (!a || a->elementType != gguf::ValueType::String) {
            return ck.fail(QStringLiteral("key %1 has type %2, expected an array of strings")
                               .arg(qs(k), qs(gguf::valueTypeName(v->type))));
        }
        if (a->values.empty() || a->values.size() > static_cast<size_t>(kMaxDim) * 16) {
            return ck.fail(
                QStringLiteral("key %1 has %2 entries").arg(qs(k)).arg(a->values.size()));
        }
        c.tokenizerTokens = static_cast<int>(a->values.size());
        c.vocabSize = c.tokenizerTokens;
    }

    c.layers.resize(L);
    for (size_t i = 0; i < L; ++i) {
        Gemma4LayerConfig &l = c.layers[i];
        l.index = static_cast<int>(i);
        l.kind = pattern[i] ? AttentionKind::Sliding : AttentionKind::Global;
        l.headDim = l.isSliding() ? c.headDimSliding : c.headDimGlobal;
        if (kvIsArray) {
            l.kvHeads = static_cast<int>(kv[i]);
            if (!l.isSliding() && globalKv > 0 && kv[i] != globalKv) {
                return ck.fail(QStringLiteral("key %1[%2] = %3 disagrees with %4 = %5 for global "
                                              "layer %2")
                                   .arg(qs(K::key("attention.head_count_kv")))
                                   .arg(i)
                                   .arg(kv[i])
                                   .arg(qs(K::key("attention.global_head_count_kv")))
                                   .arg(globalKv));
            }
        } else {
            l.kvHeads = static_cast<int>((!l.isSliding() && globalKv > 0) ? globalKv : kv[i]);
        }
        if (c.heads % l.kvHeads != 0) {
            return ck.fail(QStringLiteral("layer %1: %2 = %3 is not divisible by its KV head "
                                          "count %4")
                               .arg(i)
                               .arg(qs(K::key("attention.head_count")))
                               .arg(c.heads)
                               .arg(l.kvHeads));
        }
        l.kvDonor = (*donors)[i];
        l.hasKvWeights = l.kvDonor < 0;
        l.ffnWidth = static_cast<int>(ffn[i]);
        l.ropeBase = l.isSliding() ? c.ropeBaseSliding : c.ropeBaseGlobal;
        l.ropeDims = l.isSliding() ? c.ropeDimsSliding : c.ropeDimsGlobal;
    }
    for (const Gemma4LayerConfig &l : c.layers) {
        if (l.kvDonor < 0) continue;
        const Gemma4LayerConfig &d = c.layers[static_cast<size_t>(l.kvDonor)];
        if (d.kvHeads != l.kvHeads) {
            return ck.fail(QStringLiteral("layer %1 reads the KV cache of layer %2 but their KV "
                                          "head counts differ (%3 vs %4, %5)")
                               .arg(l.index)
                               .arg(d.index)
                               .arg(l.kvHeads)
                               .arg(d.kvHeads)
                               .arg(qs(K::key("attention.head_count_kv"))));
        }
    }
    for (const Gemma4LayerConfig &l : c.layers) {
        if (l.isSliding()) {
            if (!c.kvHeadsSliding) c.kvHeadsSliding = l.kvHeads;
        } else if (!c.kvHeadsGlobal) {
            c.kvHeadsGlobal = l.kvHeads;
        }
    }

    // Vision metadata (tensors are checked later; here only the keys, when there are any).
    if (f.find(K::key("vision.block_count"))) {
        Gemma4VisionConfig &v = c.vision;
        v.blockCount =
            static_cast<int>(ck.integer(K::key("vision.block_count"), std::nullopt, 1, kMaxLayers));
        v.width = static_cast<int>(
            ck.integer(K::key("vision.embedding_length"), std::nullopt, 1, kMaxDim));
        v.heads = static_cast<int>(
            ck.integer(K::key("vision.attention.head_count"), std::nullopt, 1, 4096));
        v.ffnWidth = static_cast<int>(
            ck.integer(K::key("vision.feed_forward_length"), std::nullopt, 1, kMaxDim));
        v.patchSize = static_cast<int>(ck.integer(K::key("vision.patch_size"), 16, 1, 4096));
        v.channels = static_cast<int>(ck.integer(K::key("vision.num_channels"), 3, 1, 64));
        v.mergeFactor =
            static_cast<int>(ck.integer(K::key("vision.projector.scale_factor"), 3, 1, 64));
        v.eps = static_cast<float>(
            ck.number(K::key("vision.attention.layer_norm_epsilon"), 1e-6, 1e-12, 1.0));
        if (!ck.ok()) return false;
        if (!ck.divisible(K::key("vision.embedding_length"), v.width,
                          K::key("vision.attention.head_count"), v.heads))
            return false;
        v.headDim = v.width / v.heads;
    }

    // Audio metadata. Defaults as in Ollama's reader: 8 heads, FFN 4×width, kernel 5, 128 mels.
    if (f.find(K::key("audio.block_count"))) {
        Gemma4AudioConfig &a = c.audio;
        a.blockCount =
            static_cast<int>(ck.integer(K::key("audio.block_count"), std::nullopt, 1, kMaxLayers));
        a.width = static_cast<int>(
            ck.integer(K::key("audio.embedding_length"), std::nullopt, 1, kMaxDim));
        a.heads = static_cast<int>(ck.integer(K::key("audio.attention.head_count"), 8, 1, 4096));
        if (!ck.ok()) return false;
        a.ffnWidth = static_cast<int>(
            ck.integer(K::key("audio.feed_forward_length"), int64_t{a.width} * 4, 1, kMaxDim));
        a.convKernel = static_cast<int>(ck.integer(K::key("audio.conv_kernel_size"), 5, 1, 4096));
        a.melBins = static_cast<int>(ck.integer(K::key("audio.num_mel_bins"), 128, 1, 4096));
        a.eps = static_cast<float>(
            ck.number(K::key("audio.attention.layer_norm_epsilon"), 1e-6, 1e-12, 1.0));
        if (!ck.ok()) return false;
        if (!ck.divisible(K::key("audio.embedding_length"), a.width,
                          K::key("audio.attention.head_count"), a.heads))
            return false;
        a.headDim = a.width / a.heads;
    }
    return ck.ok();
}

// Every tensor named "<prefix><N>.…" must have N < count: weights for blocks the metadata does
// not know about mean the metadata is wrong.
bool checkBlockRange(Checker &ck, std::string_view prefix, int count, const std::string &countKey) {
    for (const gguf::TensorInfo &t : ck.file().tensors()) {
        const int64_t idx = blockIndex(t.name, prefix);
        if (idx >= count) {
            return ck.fail(QStringLiteral("tensor %1 belongs to block %2 but %3 = %4")
                               .arg(qs(t.name))
                               .arg(idx)
                               .arg(qs(countKey))
                               .arg(count));
        }
    }
    return true;
}

bool checkTextTensors(Checker &ck, Gemma4Config &c) {
    const gguf::File &f = ck.file();
    const uint64_t H = static_cast<uint64_t>(c.hidden);
    const uint64_t L = static_cast<uint64_t>(c.layerCount);
    const uint64_t P = static_cast<uint64_t>(c.pleDim);
    const uint64_t nH = static_cast<uint64_t>(c.heads);
    const QString hWhy = eq("H", c.hidden);

    // Embedding table [H, V]: V is the model's vocabulary; the tokenizer may list fewer tokens
    // (a padded table) but never more.
    const gguf::TensorInfo *embd = ck.tensorDims("token_embd.weight", 2);
    if (!embd) return false;
    if (embd->dim(0) != H) {
        return ck.fail(QStringLiteral("tensor token_embd.weight has shape %1, expected [%2, vocab] "
                                      "(%3 = %2)")
                           .arg(shapeString(embd->ne))
                           .arg(H)
                           .arg(qs(Checker::key("embedding_length"))));
    }
    if (embd->dim(1) < 1 || embd->dim(1) > static_cast<uint64_t>(kMaxDim) * 16) {
        return ck.fail(QStringLiteral("tensor token_embd.weight has shape %1: bad vocabulary size")
                           .arg(shapeString(embd->ne)));
    }
    c.vocabSize = static_cast<int>(embd->dim(1));
    if (c.tokenizerTokens > c.vocabSize) {
        return ck.fail(QStringLiteral("key tokenizer.ggml.tokens has %1 entries but "
                                      "token_embd.weight has only %2 rows (shape %3)")
                           .arg(c.tokenizerTokens)
                           .arg(c.vocabSize)
                           .arg(shapeString(embd->ne)));
    }
    const uint64_t V = static_cast<uint64_t>(c.vocabSize);
    c.hasSeparateOutput =
        ck.optionalTensor("output.weight", {H, V}, hWhy + QStringLiteral(", vocab=%1").arg(V));
    ck.tensor("output_norm.weight", {H}, hWhy);

    if (const gguf::TensorInfo *rf = f.tensor("rope_freqs.weight")) {
        ck.shape(*rf, {static_cast<uint64_t>(c.ropeDimsGlobal / 2)},
                 QStringLiteral("one factor per rotated pair: %1 = %2, halved")
                     .arg(qs(Checker::key("rope.dimension_count")))
                     .arg(c.ropeDimsGlobal));
        c.hasRopeFreqs = true;
        c.ropeFreqsLength = static_cast<int>(rf->nelements);
    }

    // Per-layer embeddings: all three global tensors when P > 0, none otherwise.
    static const char *const kPleGlobal[] = {
        "per_layer_token_embd.weight", "per_layer_model_proj.weight", "per_layer_proj_norm.weight"};
    if (P > 0) {
        const QString why = QStringLiteral("L=%1, P=%2 (%3), H=%4, vocab=%5")
                                .arg(L)
                                .arg(P)
                                .arg(qs(Checker::key("embedding_length_per_layer_input")))
                                .arg(H)
                                .arg(V);
        ck.tensor(kPleGlobal[0], {L * P, V}, why);
        ck.tensor(kPleGlobal[1], {H, L * P}, why);
        ck.tensor(kPleGlobal[2], {P}, why);
        c.hasPle = ck.ok();
    } else {
        for (const char *name : kPleGlobal) {
            if (f.tensor(name)) {
                return ck.fail(
                    QStringLiteral("tensor %1 is present but %2 is 0")
                        .arg(qs(name), qs(Checker::key("embedding_length_per_layer_input"))));
            }
        }
    }
    if (!ck.ok()) return false;

    if (!checkBlockRange(ck, "blk.", c.layerCount, Checker::key("block_count"))) return false;

    for (Gemma4LayerConfig &l : c.layers) {
        const std::string p = "blk." + std::to_string(l.index) + ".";
        const uint64_t hd = static_cast<uint64_t>(l.headDim);
        const uint64_t nKV = static_cast<uint64_t>(l.kvHeads);
        const QString hdKey =
            qs(Checker::key(l.isSliding() ? "attention.key_length_swa" : "attention.key_length"));
        const QString hdWhy = QStringLiteral("%1 = %2 for %3 layer %4")
                                  .arg(hdKey)
                                  .arg(hd)
                                  .arg(qs(attentionKindName(l.kind)))
                                  .arg(l.index);
        const QString qWhy =
            QStringLiteral("H=%1, %2 heads × head dim %3; %4").arg(H).arg(nH).arg(hd).arg(hdWhy);
        const QString kvWhy = QStringLiteral("H=%1, %2 KV heads × head dim %3; %4")
                                  .arg(H)
                                  .arg(nKV)
                                  .arg(hd)
                                  .arg(hdWhy);

        for (const char *norm : {"attn_norm", "post_attention_norm", "ffn_norm", "post_ffw_norm"}) {
            ck.tensor(p + norm + ".weight", {H}, hWhy);
        }
        ck.tensor(p + "attn_q.weight", {H, nH * hd}, qWhy);
        ck.tensor(p + "attn_q_norm.weight", {hd}, hdWhy);
        ck.tensor(p + "attn_output.weight", {nH * hd, H}, qWhy);
        if (l.kvDonor < 0) {
            ck.tensor(p + "attn_k.weight", {H, nKV * hd}, kvWhy);
            ck.tensor(p + "attn_v.weight", {H, nKV * hd}, kvWhy);
            ck.tensor(p + "attn_k_norm.weight", {hd}, hdWhy);
        } else {
            // Shared layers normally carry no K/V weights; if a file has them they must still
            // have the right shape (they are ignored).
            const bool k = ck.optionalTensor(p + "attn_k.weight", {H, nKV * hd}, kvWhy);
            const bool v = ck.optionalTensor(p + "attn_v.weight", {H, nKV * hd}, kvWhy);
            ck.optionalTensor(p + "attn_k_norm.weight", {hd}, hdWhy);
            l.hasKvWeights = k && v;
        }
        if (!ck.ok()) return false;

        if (f.tensor(p + "ffn_gate_inp.weight")) {
            return ck.fail(QStringLiteral("tensor %1 is present: mixture-of-experts Gemma 4 models "
                                          "are not supported")
                               .arg(qs(p + "ffn_gate_inp.weight")));
        }

        // FFN width: read from ffn_gate, checked against ffn_up/ffn_down and the metadata.
        const gguf::TensorInfo *gate = ck.tensorDims(p + "ffn_gate.weight", 2);
        if (!gate) return false;
        if (gate->dim(0) != H || gate->dim(1) < 1 ||
            gate->dim(1) > static_cast<uint64_t>(kMaxDim)) {
            return ck.fail(QStringLiteral("tensor %1 has shape %2, expected [%3, ffn width] (%4)")
                               .arg(qs(gate->name), shapeString(gate->ne))
                               .arg(H)
                               .arg(hWhy));
        }
        const uint64_t F = gate->dim(1);
        const QString fWhy =
            QStringLiteral("H=%1, FFN width %2 from %3").arg(H).arg(F).arg(qs(gate->name));
        ck.tensor(p + "ffn_up.weight", {H, F}, fWhy);
        ck.tensor(p + "ffn_down.weight", {F, H}, fWhy);
        if (!ck.ok()) return false;
        if (F != static_cast<uint64_t>(l.ffnWidth)) {
            return ck.fail(QStringLiteral("tensor %1 has shape %2 (FFN width %3) but %4 says %5 "
                                          "for layer %6")
                               .arg(qs(gate->name), shapeString(gate->ne))
                               .arg(F)
                               .arg(qs(Checker::key("feed_forward_length")))
                               .arg(l.ffnWidth)
                               .arg(l.index));
        }

        if (c.hasPle) {
            const QString why = QStringLiteral("H=%1, P=%2").arg(H).arg(P);
            ck.tensor(p + "inp_gate.weight", {H, P}, why);
            ck.tensor(p + "proj.weight", {P, H}, why);
            ck.tensor(p + "post_norm.weight", {H}, why);
        } else {
            for (const char *name : {"inp_gate.weight", "proj.weight"}) {
                if (f.tensor(p + name)) {
                    return ck.fail(QStringLiteral("tensor %1 is present but %2 is 0")
                                       .arg(qs(p + name),
                                            qs(Checker::key("embedding_length_per_layer_input"))));
                }
            }
        }

        // Output scale: Ollama's converter and llama.cpp write "layer_output_scale.weight";
        // Ollama's reader also accepts the Hugging Face name "layer_scalar".
        for (const char *name : {"layer_output_scale.weight", "layer_scalar"}) {
            if (ck.optionalTensor(p + name, {1}, QStringLiteral("a single scalar"))) {
                l.outputScaleTensor = p + name;
                break;
            }
        }
        if (!ck.ok()) return false;
    }
    return ck.ok();
}

bool checkVisionTensors(Checker &ck, Gemma4Config &c) {
    const gguf::File &f = ck.file();
    Gemma4VisionConfig &v = c.vision;
    const bool hasWeights = f.tensor("v.patch_embd.weight") || anyTensorWithPrefix(f, "v.blk.") ||
                            f.tensor("mm.input_projection.weight");
    if (!hasWeights) {
        v.metadataOnly = v.blockCount > 0;
        return true;
    }
    if (v.blockCount == 0) {
        return ck.fail(QStringLiteral("the file has vision weights (v.*) but required key %1 is "
                                      "missing")
                           .arg(qs(Checker::key("vision.block_count"))));
    }
    const uint64_t W = static_cast<uint64_t>(v.width);
    const uint64_t F = static_cast<uint64_t>(v.ffnWidth);
    const uint64_t hd = static_cast<uint64_t>(v.headDim);
    const uint64_t ps = static_cast<uint64_t>(v.patchSize);
    const QString wWhy =
        QStringLiteral("%1 = %2").arg(qs(Checker::key("vision.embedding_length"))).arg(W);

    ck.tensor("v.patch_embd.weight", {ps, ps, static_cast<uint64_t>(v.channels), W},
              QStringLiteral("patch %1, %2 channels, %3").arg(ps).arg(v.channels).arg(wWhy));
    if (const gguf::TensorInfo *pos = ck.tensorDims("v.position_embd.weight", 3)) {
        if (pos->dim(0) != W || pos->dim(2) != 2 || pos->dim(1) < 1) {
            return ck.fail(QStringLiteral("tensor v.position_embd.weight has shape %1, expected "
                                          "[%2, positions, 2] (%3)")
                               .arg(shapeString(pos->ne))
                               .arg(W)
                               .arg(wWhy));
        }
        v.positionSlots = static_cast<int>(pos->dim(1));
    }
    if (!ck.ok()) return false;
    if (!checkBlockRange(ck, "v.blk.", v.blockCount, Checker::key("vision.block_count"))) {
        return false;
    }
    const QString fWhy =
        wWhy +
        QStringLiteral(", %1 = %2").arg(qs(Checker::key("vision.feed_forward_length"))).arg(F);
    const QString hdWhy = QStringLiteral("head dim %1 = %2 / %3 heads").arg(hd).arg(W).arg(v.heads);
    for (int b = 0; b < v.blockCount && ck.ok(); ++b) {
        const std::string p = "v.blk." + std::to_string(b) + ".";
        for (const char *n : {"ln1", "ln2", "attn_post_norm", "ffn_post_norm"}) {
            ck.tensor(p + n + ".weight", {W}, wWhy);
        }
        for (const char *n : {"attn_q", "attn_k", "attn_v", "attn_out"}) {
            ck.tensor(p + n + ".weight", {W, W}, wWhy);
        }
        ck.tensor(p + "attn_q_norm.weight", {hd}, hdWhy);
        ck.tensor(p + "attn_k_norm.weight", {hd}, hdWhy);
        ck.tensor(p + "ffn_gate.weight", {W, F}, fWhy);
        ck.tensor(p + "ffn_up.weight", {W, F}, fWhy);
        ck.tensor(p + "ffn_down.weight", {F, W}, fWhy);
    }
    ck.tensor("mm.input_projection.weight", {W, static_cast<uint64_t>(c.hidden)},
              wWhy + QStringLiteral(", text H=%1").arg(c.hidden));
    if (f.tensor("v.clamp_data")) {
        const uint64_t n = (static_cast<uint64_t>(v.blockCount) * 7 + 1) * 4;
        ck.tensor(
            "v.clamp_data", {n},
            QStringLiteral("(7 linears × %1 blocks + projector) × 4 bounds").arg(v.blockCount));
        v.hasClampData = true;
    }
    if (f.tensor("v.std_bias") || f.tensor("v.std_scale")) {
        ck.tensor("v.std_bias", {W}, wWhy);
        ck.tensor("v.std_scale", {W}, wWhy);
        v.hasStandardize = true;
    }
    v.present = ck.ok();
    return ck.ok();
}

bool checkAudioTensors(Checker &ck, Gemma4Config &c) {
    const gguf::File &f = ck.file();
    Gemma4AudioConfig &a = c.audio;
    const bool hasWeights = anyTensorWithPrefix(f, "a.") || anyTensorWithPrefix(f, "mm.a.");
    if (!hasWeights) {
        a.metadataOnly = a.blockCount > 0;
        return true;
    }
    if (a.blockCount == 0) {
        return ck.fail(QStringLiteral("the file has audio weights (a.*) but required key %1 is "
                                      "missing")
                           .arg(qs(Checker::key("audio.block_count"))));
    }
    if (!checkBlockRange(ck, "a.blk.", a.blockCount, Checker::key("audio.block_count"))) {
        return false;
    }
    const uint64_t W = static_cast<uint64_t>(a.width);
    const uint64_t F = static_cast<uint64_t>(a.ffnWidth);
    const QString wWhy =
        QStringLiteral("%1 = %2").arg(qs(Checker::key("audio.embedding_length"))).arg(W);
    const QString fWhy =
        wWhy +
        QStringLiteral(", %1 = %2").arg(qs(Checker::key("audio.feed_forward_length"))).arg(F);
    // The Conformer blocks' core weights; the rest (conv, relative position) is checked by the
    // audio tower when it loads.
    for (int b = 0; b < a.blockCount && ck.ok(); ++b) {
        const std::string p = "a.blk." + std::to_string(b) + ".";
        for (const char *n : {"ln1", "ln2", "layer_pre_norm", "ffn_norm", "ffn_post_norm",
                              "ffn_norm_1", "ffn_post_norm_1"}) {
            ck.tensor(p + n + ".weight", {W}, wWhy);
        }
        for (const char *n : {"attn_q", "attn_k", "attn_v", "attn_out"}) {
            ck.tensor(p + n + ".weight", {W, W}, wWhy);
        }
        ck.tensor(p + "ffn_up.weight", {W, F}, fWhy);
        ck.tensor(p + "ffn_up_1.weight", {W, F}, fWhy);
        ck.tensor(p + "ffn_down.weight", {F, W}, fWhy);
        ck.tensor(p + "ffn_down_1.weight", {F, W}, fWhy);
    }
    if (const gguf::TensorInfo *fc = ck.tensorDims("mm.a.fc.weight", 2)) {
        if (fc->dim(0) != W || fc->dim(1) < 1) {
            return ck.fail(QStringLiteral("tensor mm.a.fc.weight has shape %1, expected [%2, "
                                          "output dim] (%3)")
                               .arg(shapeString(fc->ne))
                               .arg(W)
                               .arg(wWhy));
        }
        a.outputDim = static_cast<int>(fc->dim(1));
        ck.tensor("mm.a.input_projection.weight", {fc->dim(1), static_cast<uint64_t>(c.hidden)},
                  QStringLiteral("mm.a.fc output %1, text H=%2").arg(fc->dim(1)).arg(c.hidden));
    }
    a.present = ck.ok();
    return ck.ok();
}

QString layerRange(int first, int last) {
    return first == last ? QStringLiteral("layer %1").arg(first)
                         : QStringLiteral("layers %1-%2").arg(first).arg(last);
}

std::string num(double v) {
    return QString::number(v, 'g', 7).toStdString();
}

}  // namespace

std::optional<std::vector<int>> Gemma4Config::kvDonorMap(const std::vector<bool> &slidingPattern,
                                                         int sharedKvLayers, QString *error) {
    const int n = static_cast<int>(slidingPattern.size());
    if (sharedKvLayers < 0 || (sharedKvLayers > 0 && sharedKvLayers >= n)) {
        if (error) {
            *error = QStringLiteral(
                         "key gemma4.attention.shared_kv_layers = %1 must be in 0..%2 "
                         "(fewer than gemma4.block_count = %3)")
                         .arg(sharedKvLayers)
                         .arg(std::max(n - 1, 0))
                         .arg(n);
        }
        return std::nullopt;
    }
    const int first = n - sharedKvLayers;
    std::vector<int> donors(static_cast<size_t>(n), -1);
    for (int i = first; i < n; ++i) {
        const bool sliding = slidingPattern[static_cast<size_t>(i)];
        for (int j = first - 1; j >= 0; --j) {
            if (slidingPattern[static_cast<size_t>(j)] == sliding) {
                donors[static_cast<size_t>(i)] = j;
                break;
            }
        }
        if (donors[static_cast<size_t>(i)] < 0) {
            if (error) {
                *error = QStringLiteral(
                             "layer %1 (%2) shares its KV cache but no %2 layer "
                             "precedes the first shared layer %3 "
                             "(gemma4.attention.shared_kv_layers = %4)")
                             .arg(i)
                             .arg(qs(sliding ? "sliding" : "global"))
                             .arg(first)
                             .arg(sharedKvLayers);
            }
            return std::nullopt;
        }
    }
    return donors;
}

std::optional<Gemma4Config> Gemma4Config::fromMetadata(const gguf::File &f, QString *error) {
    Checker ck(f, error);
    Gemma4Config c;
    if (!parseMetadata(ck, c)) return std::nullopt;
    return c;
}

std::optional<Gemma4Config> Gemma4Config::fromGguf(const gguf::File &f, QString *error) {
    Checker ck(f, error);
    Gemma4Config c;
    if (!parseMetadata(ck, c)) return std::nullopt;
    if (!checkTextTensors(ck, c)) return std::nullopt;
    if (!checkVisionTensors(ck, c)) return std::nullopt;
    if (!checkAudioTensors(ck, c)) return std::nullopt;
    c.tensorsChecked = true;
    return c;
}

std::vector<std::string> Gemma4Config::describe() const {
    std::vector<std::string> out;
    auto add = [&](const QString &s) { out.push_back(s.toStdString()); };

    add(QStringLiteral(
            "Gemma 4%1: %2 layers, hidden %3, %4 heads, vocab %5 (%6 tokens), context %7")
            .arg(name.empty() ? QString() : QStringLiteral(" '%1'").arg(qs(name)))
            .arg(layerCount)
            .arg(hidden)
            .arg(heads)
            .arg(vocabSize)
            .arg(tokenizerTokens)
            .arg(contextLength));
    add(QStringLiteral("attention: head dim %1 sliding / %2 global, KV heads %3 sliding / %4 "
                       "global, sliding window %5")
            .arg(headDimSliding)
            .arg(headDimGlobal)
            .arg(kvHeadsSliding)
            .arg(kvHeadsGlobal)
            .arg(slidingWindow));
    add(QStringLiteral("rope: sliding theta %1 over %2 dims; global theta %3 over %4 dims%5")
            .arg(qs(num(ropeBaseSliding)))
            .arg(ropeDimsSliding)
            .arg(qs(num(ropeBaseGlobal)))
            .arg(ropeDimsGlobal)
            .arg(!tensorsChecked ? QString()
                 : hasRopeFreqs
                     ? QStringLiteral(" with rope_freqs (%1 factors)").arg(ropeFreqsLength)
                     : QStringLiteral(", no rope_freqs")));
    if (sharedKvLayers > 0) {
        std::set<int> donorSet;
        for (const auto &l : layers) {
            if (l.kvDonor >= 0) donorSet.insert(l.kvDonor);
        }
        QStringList donorNames;
        for (int d : donorSet) {
            donorNames << QStringLiteral("%1 (%2)").arg(d).arg(
                qs(attentionKindName(layers[static_cast<size_t>(d)].kind)));
        }
        add(QStringLiteral("KV sharing: %1 reuse the caches of layer %2; %3 layers hold a cache")
                .arg(layerRange(firstSharedLayer, layerCount - 1))
                .arg(donorNames.join(QStringLiteral(", ")))
                .arg(firstSharedLayer));
    } else {
        add(QStringLiteral("KV sharing: none"));
    }
    // Before the tensors are checked, the key alone tells whether the model has per-layer inputs.
    add((tensorsChecked ? hasPle : pleDim > 0)
            ? QStringLiteral("per-layer embeddings: %1 per layer").arg(pleDim)
            : QStringLiteral("per-layer embeddings: none"));
    add(QStringLiteral("rms eps %1, final logit softcap %2%3")
            .arg(qs(num(rmsEps)))
            .arg(finalLogitSoftcap > 0 ? qs(num(finalLogitSoftcap)) : QStringLiteral("none"))
            .arg(hasSeparateOutput ? QStringLiteral(", separate output matrix")
                                   : QStringLiteral(", output tied to token_embd")));

    // Layer table, consecutive layers with identical properties merged into one line.
    auto label = [this](const Gemma4LayerConfig &l) {
        QString s = QStringLiteral("%1 hd%2 kv%3 ffn%4")
                        .arg(qs(attentionKindName(l.kind)))
                        .arg(l.headDim)
                        .arg(l.kvHeads)
                        .arg(l.ffnWidth);
        if (l.kvDonor >= 0) s += QStringLiteral(" kv-from-%1").arg(l.kvDonor);
        if (tensorsChecked && !l.hasOutputScale()) s += QStringLiteral(" no-scale");
        return s;
    };
    for (size_t i = 0; i < layers.size();) {
        const QString lab = label(layers[i]);
        size_t j = i + 1;
        while (j < layers.size() && label(layers[j]) == lab)
            ++j;
        add(QStringLiteral("%1 %2").arg(layerRange(static_cast<int>(i), static_cast<int>(j - 1)),
                                        lab));
        i = j;
    }

    if (!tensorsChecked) {
        if (vision.blockCount > 0) {
            add(QStringLiteral("vision (metadata): %1 blocks, width %2, %3 heads")
                    .arg(vision.blockCount)
                    .arg(vision.width)
                    .arg(vision.heads));
        }
        if (audio.blockCount > 0) {
            add(QStringLiteral("audio (metadata): %1 blocks, width %2, %3 heads")
                    .arg(audio.blockCount)
                    .arg(audio.width)
                    .arg(audio.heads));
        }
        return out;
    }
    if (vision.present) {
        add(QStringLiteral("vision: %1 blocks, width %2, %3 heads of %4, ffn %5, patch %6, merge "
                           "%7, %8 position slots")
                .arg(vision.blockCount)
                .arg(vision.width)
                .arg(vision.heads)
                .arg(vision.headDim)
                .arg(vision.ffnWidth)
                .arg(vision.patchSize)
                .arg(vision.mergeFactor)
                .arg(vision.positionSlots));
    } else {
        add(vision.metadataOnly ? QStringLiteral("vision: metadata only (weights expected in a "
                                                 "separate projector file)")
                                : QStringLiteral("vision: none"));
    }
    if (audio.present) {
        add(QStringLiteral("audio: %1 blocks, width %2, %3 heads of %4, ffn %5, conv kernel %6, "
                           "output %7")
                .arg(audio.blockCount)
                .arg(audio.width)
                .arg(audio.heads)
                .arg(audio.headDim)
                .arg(audio.ffnWidth)
                .arg(audio.convKernel)
                .arg(audio.outputDim));
    } else {
        add(audio.metadataOnly ? QStringLiteral("audio: metadata only (weights expected in a "
                                                "separate projector file)")
                               : QStringLiteral("audio: none"));
    }

    return out;
}

}  // namespace facet::model
