// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "support/gemma4_fixture.h"

#include "gguf/dequant.h"
#include "gguf/gguf_stream_writer.h"

#include <QSaveFile>

#include <algorithm>
#include <bit>
#include <cctype>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <limits>
#include <map>
#include <mutex>
#include <random>
#include <set>
#include <thread>
#include <utility>

namespace facet::test {

namespace {

using gguf::TensorType;
using gguf::Value;

// How a tensor's values are drawn. The in-memory builder (gemma4FixtureBytes) keeps its original
// laws so that its files stay byte for byte what they were:
//   Linear     U(-1/sqrt(ne0), 1/sqrt(ne0))
//   Embedding  U(-0.5, 0.5)
//   Norm       1 + U(-0.1, 0.1) (Gemma 4 norms multiply directly, no +1); QkNorm the same
//   Scale      U(0.5, 1.0)
//   RopeFreqs  1.0 for rotated pairs, 1e30 for the rest (exact); Clamp (-100, 100) quadruples
// The streaming generator uses the laws of streamLaw() below (documented at Gemma4Fill).
using Fill = Gemma4Fill;

struct TensorSpec {
    std::string name;
    std::vector<uint64_t> ne;
    TensorType type;
    Fill fill;
};

uint64_t elementCount(const std::vector<uint64_t> &ne) {
    uint64_t n = 1;
    for (uint64_t d : ne)
        n *= d;
    return n;
}

// FNV-1a: per-tensor seeds, so removing or reshaping one tensor leaves every other tensor's
// values unchanged.
uint64_t nameHash(const std::string &s) {
    uint64_t h = 1469598103934665603ull;
    for (unsigned char ch : s) {
        h ^= ch;
        h *= 1099511628211ull;
    }
    return h;
}

// IEEE binary16 and bfloat16 encodings, round to nearest even (local so the fixture only needs
// the GGUF library's quantiser for block types).
uint16_t toHalf(float f) {
    const uint32_t x = std::bit_cast<uint32_t>(f);
    const uint32_t sign = (x >> 16) & 0x8000u;
    const uint32_t absx = x & 0x7fffffffu;
    if (absx >= 0x7f800000u)
        return static_cast<uint16_t>(sign | 0x7c00u | (absx > 0x7f800000u ? 0x200u : 0));
    if (absx >= 0x477ff000u) return static_cast<uint16_t>(sign | 0x7c00u);  // overflow to inf
    if (absx < 0x38800000u) {                                               // subnormal or zero
        const float a = std::bit_cast<float>(absx);
        const uint32_t m = static_cast<uint32_t>(std::nearbyint(a * 16777216.0f));  // a / 2^-24
        return static_cast<uint16_t>(sign | m);
    }
    const uint32_t e = ((absx >> 23) - 112u) << 10;
    const uint32_t m = absx & 0x7fffffu;
    uint32_t h = e | (m >> 13);
    const uint32_t rest = m & 0x1fffu;
    if (rest > 0x1000u || (rest == 0x1000u && (h & 1u))) ++h;
    return static_cast<uint16_t>(sign | h);
}

uint16_t toBf16(float f) {
    uint32_t x = std::bit_cast<uint32_t>(f);
    if ((x & 0x7fffffffu) > 0x7f800000u) return static_cast<uint16_t>((x >> 16) | 0x40u);
    x += 0x7fffu + ((x >> 16) & 1u);
    return static_cast<uint16_t>(x >> 16);
}

// Encodes `values` (row length ne0) as `type`; a block type whose block does not divide ne0 falls
// back to F16 (what quantisers do for such rows). Returns the type actually used.
TensorType encode(TensorType type, const std::vector<float> &values, uint64_t ne0, QByteArray *out,
                  QString *error) {
    const auto traits = gguf::typeTraits(type);
    if (!traits) {
        *error = QStringLiteral("fixture: unknown tensor type %1").arg(static_cast<uint32_t>(type));
        return type;
    }
    if (traits->blockSize > 1 && ne0 % traits->blockSize != 0) type = TensorType::F16;
    out->clear();
    switch (type) {
        case TensorType::F32:
            out->resize(static_cast<qsizetype>(values.size() * 4));
            std::memcpy(out->data(), values.data(), values.size() * 4);
            return type;
        case TensorType::F16:
        case TensorType::BF16: {
            out->resize(static_cast<qsizetype>(values.size() * 2));
            for (size_t i = 0; i < values.size(); ++i) {
                const uint16_t h = type == TensorType::F16 ? toHalf(values[i]) : toBf16(values[i]);
                std::memcpy(out->data() + i * 2, &h, 2);
            }
            return type;
        }
        default:
            for (size_t row = 0; row < values.size(); row += ne0) {
                if (!gguf::quantizeRow(type, values.data() + row, static_cast<int64_t>(ne0), out)) {
                    *error = QStringLiteral("fixture: cannot quantise to %1")
                                 .arg(QString::fromUtf8(traits->name));
                    return type;
                }
            }
            return type;
    }
}

std::vector<float> makeValues(const TensorSpec &t, uint64_t seed, float ropeRotatedPairs) {
    const uint64_t n = elementCount(t.ne);
    std::vector<float> v(n);
    std::mt19937_64 rng(seed ^ nameHash(t.name));
    auto uniform = [&](float lo, float hi) {
        std::uniform_real_distribution<float> d(lo, hi);
        for (float &x : v)
            x = d(rng);
    };
    switch (t.fill) {
        case Fill::Linear: {
            const float a = 1.0f / std::sqrt(static_cast<float>(std::max<uint64_t>(t.ne[0], 1)));
            uniform(-a, a);
            break;
        }
        case Fill::Embedding:
            uniform(-0.5f, 0.5f);
            break;
        case Fill::Norm:
        case Fill::QkNorm:
            uniform(-0.1f, 0.1f);
            for (float &x : v)
                x += 1.0f;
            break;
        case Fill::Scale:
            uniform(0.5f, 1.0f);
            break;
        case Fill::RopeFreqs:
            for (uint64_t i = 0; i < n; ++i) {
                v[i] = static_cast<float>(i) < ropeRotatedPairs ? 1.0f : 1e30f;
            }
            break;
        case Fill::Clamp:
            for (uint64_t i = 0; i < n; ++i)
                v[i] = (i % 2 == 0) ? -100.0f : 100.0f;
            break;
    }
    return v;
}

// llama.cpp file type ids (general.file_type) for the weight type.
uint32_t fileTypeFor(TensorType t) {
    switch (t) {
        case TensorType::F32:
            return 0;
        case TensorType::F16:
            return 1;
        case TensorType::Q4_0:
            return 2;
        case TensorType::Q4_1:
            return 3;
        case TensorType::Q8_0:
            return 7;
        case TensorType::Q5_0:
            return 8;
        case TensorType::Q5_1:
            return 9;
        case TensorType::Q4_K:
            return 15;  // Q4_K_M
        case TensorType::Q5_K:
            return 17;  // Q5_K_M
        case TensorType::Q6_K:
            return 18;
        case TensorType::BF16:
            return 32;
        default:
            return 1;
    }
}

// A small English corpus from which the tokenizer learns its merges: enough repeated words that
// a few hundred merges are meaningful ("▁the", "ing", …).
const char *const kCorpus =
    "The quick brown fox jumps over the lazy dog. The dog sleeps in the sun, and the fox runs "
    "into the forest. A model reads the text and writes the next token. Tokens are pieces of "
    "words: the tokenizer merges the most frequent pairs first. Hello world! Hello again, world. "
    "This is a test of the tokenizer, and this is only a test. Testing, testing: one two three. "
    "Gemma models run on your own computer; they are small and fast. We think, we write, we "
    "read, and we learn. Reading and writing are the things that the model does best. It is "
    "interesting to see the merging of letters into words and of words into sentences. "
    "I can't stop, you won't stop, she doesn't stop. What time is it? It's nine o'clock.";

struct TokenizerData {
    std::vector<std::string> tokens;
    std::vector<float> scores;
    std::vector<int32_t> types;
    std::vector<std::string> merges;
};

// Splits UTF-8 into code points (the corpus is ASCII apart from '▁').
std::vector<std::string> codePoints(const std::string &s) {
    std::vector<std::string> out;
    for (size_t i = 0; i < s.size();) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        const size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : 4;
        out.push_back(s.substr(i, len));
        i += len;
    }
    return out;
}

// Token list layout (ids):
//   0 <pad>, 1 <eos>, 2 <bos>, 3 <unk>, 4 <mask>; Gemma 4's chat and tool specials at their real
//   ids (46–52, 98, 100, 101, 105, 106); 107 "\n", 108 "\n\n"; the other ids below 109 are
//   <unusedN>; 109–364 the byte tokens <0x00>..<0xFF>; then single characters and learned merges;
//   <|image>, <|audio>, <|image|>, <|audio|>, <image|>, <audio|> at their real ids when the
//   vocabulary is that large, otherwise as the last six ids; any ids left over are <unusedN>.
TokenizerData buildTokenizer(int vocab) {
    TokenizerData t;
    const size_t V = static_cast<size_t>(vocab);
    t.tokens.assign(V, std::string());
    t.types.assign(V, 5);
    t.scores.assign(V, 0.0f);
    auto put = [&](size_t id, std::string s, int type) {
        t.tokens[id] = std::move(s);
        t.types[id] = type;
    };
    put(0, "<pad>", 3);
    put(1, "<eos>", 3);
    put(2, "<bos>", 3);
    put(3, "<unk>", 2);
    put(4, "<mask>", 3);
    const std::pair<size_t, const char *> specials[] = {
        {46, "<|tool>"},      {47, "<tool|>"},          {48, "<|tool_call>"},
        {49, "<tool_call|>"}, {50, "<|tool_response>"}, {51, "<tool_response|>"},
        {52, "<|\"|>"},       {98, "<|think|>"},        {100, "<|channel>"},
        {101, "<channel|>"},  {105, "<|turn>"},         {106, "<turn|>"}};
    for (const auto &[id, s] : specials)
        put(id, s, 3);
    put(107, "\n", 1);
    put(108, "\n\n", 1);
    for (size_t id = 0; id < 109; ++id) {
        if (t.tokens[id].empty()) put(id, "<unused" + std::to_string(id) + ">", 5);
    }
    static const char hex[] = "0123456789ABCDEF";
    for (size_t b = 0; b < 256; ++b) {
        put(109 + b, std::string("<0x") + hex[b >> 4] + hex[b & 15] + ">", 6);
    }

    const std::pair<size_t, const char *> media[] = {{255999, "<|image>"},  {256000, "<|audio>"},
                                                     {258880, "<|image|>"}, {258881, "<|audio|>"},
                                                     {258882, "<image|>"},  {258883, "<audio|>"}};
    std::set<size_t> reserved;
    const bool realMediaIds = V > 258883;
    for (size_t i = 0; i < 6; ++i) {
        const size_t id = realMediaIds ? media[i].first : V - 6 + i;
        put(id, media[i].second, 3);
        reserved.insert(id);
    }

    // Ordinary pieces from id 365: characters first, then merges learned from the corpus.
    size_t next = 365;
    auto nextFree = [&]() {
        while (next < V && reserved.count(next))
            ++next;
        return next;
    };
    std::set<std::string> known;
    auto addPiece = [&](const std::string &s) {
        if (known.count(s)) return true;
        const size_t id = nextFree();
        if (id >= V) return false;
        put(id, s, 1);
        t.scores[id] = -static_cast<float>(id);
        known.insert(s);
        ++next;
        return true;
    };

    // Words as the model sees them: spaces become '▁' and stay attached to the following word.
    std::vector<std::vector<std::string>> words;
    {
        const std::string corpus(kCorpus);
        std::string word;
        for (size_t i = 0; i <= corpus.size(); ++i) {
            if (i == corpus.size() || corpus[i] == ' ') {
                if (!word.empty()) words.push_back(codePoints(word));
                word = "\xE2\x96\x81";  // '▁'
            } else {
                word += corpus[i];
            }
        }
    }
    std::set<std::string> chars;
    for (const auto &w : words)
        chars.insert(w.begin(), w.end());
    for (const std::string &c : chars)
        addPiece(c);

    // Greedy BPE training: repeatedly merge the most frequent adjacent pair (ties broken by the
    // pair's text, so the result is deterministic) while there is room.
    while (nextFree() < V) {
        std::map<std::pair<std::string, std::string>, int> counts;
        for (const auto &w : words) {
            for (size_t i = 0; i + 1 < w.size(); ++i)
                ++counts[{w[i], w[i + 1]}];
        }
        const std::pair<std::string, std::string> *best = nullptr;
        int bestCount = 1;
        for (const auto &[pair, count] : counts) {
            if (count > bestCount) {
                best = &pair;
                bestCount = count;
            }
        }
        if (!best) break;
        const std::pair<std::string, std::string> pair = *best;
        const std::string merged = pair.first + pair.second;
        if (!addPiece(merged)) break;
        t.merges.push_back(pair.first + " " + pair.second);
        for (auto &w : words) {
            std::vector<std::string> out;
            for (size_t i = 0; i < w.size(); ++i) {
                if (i + 1 < w.size() && w[i] == pair.first && w[i + 1] == pair.second) {
                    out.push_back(merged);
                    ++i;
                } else {
                    out.push_back(w[i]);
                }
            }
            w = std::move(out);
        }
    }
    for (size_t id = 0; id < V; ++id) {
        if (t.tokens[id].empty()) put(id, "<unused" + std::to_string(id) + ">", 5);
    }
    return t;
}

// The tokenizer depends only on the vocabulary size; tests build many fixtures, so it is built
// once per size.
const TokenizerData &cachedTokenizer(int vocab) {
    static std::mutex mutex;
    static std::map<int, TokenizerData> cache;
    const std::lock_guard<std::mutex> lock(mutex);
    auto it = cache.find(vocab);
    if (it == cache.end()) it = cache.emplace(vocab, buildTokenizer(vocab)).first;
    return it->second;  // std::map nodes are stable
}

}  // namespace

std::vector<std::string> gemma4FixtureTokens(int vocab) {
    if (vocab < 400) return {};
    return cachedTokenizer(vocab).tokens;
}

Gemma4FixtureLayout gemma4FixtureLayout(const Gemma4FixtureOptions &o) {
    Gemma4FixtureLayout lay;
    const int L = o.layers;
    lay.sliding = o.slidingPattern;
    if (lay.sliding.empty()) {
        for (int i = 0; i < L; ++i)
            lay.sliding.push_back((i + 1) % 3 != 0);
        if (L > 0) lay.sliding.back() = false;
    }
    lay.firstShared = L - o.sharedKvLayers;
    for (int i = 0; i < L; ++i) {
        const bool s =
            i < static_cast<int>(lay.sliding.size()) && lay.sliding[static_cast<size_t>(i)];
        lay.headDim.push_back(s ? o.headDimSliding : o.headDimGlobal);
        lay.kvHeads.push_back(s ? o.kvHeadsSliding : o.kvHeadsGlobal);
        if (!o.ffnWidths.empty()) {
            lay.ffnWidth.push_back(i < static_cast<int>(o.ffnWidths.size())
                                       ? o.ffnWidths[static_cast<size_t>(i)]
                                       : o.ffnWidth);
        } else {
            lay.ffnWidth.push_back(i >= lay.firstShared ? 2 * o.ffnWidth : o.ffnWidth);
        }
        int donor = -1;
        if (i >= lay.firstShared) {
            for (int j = lay.firstShared - 1; j >= 0; --j) {
                if (lay.sliding[static_cast<size_t>(j)] == s) {
                    donor = j;
                    break;
                }
            }
        }
        lay.kvDonor.push_back(donor);
    }
    return lay;
}

namespace {

// Metadata and tensor list of a fixture, before any value is drawn.
struct Assembled {
    std::vector<gguf::KeyValue> kv;
    std::vector<TensorSpec> tensors;  // final names, shapes and requested types, in file order
};

bool assemble(const Gemma4FixtureOptions &o, Assembled *result, QString *error) {
    if (o.layers < 1 || o.hidden < 1 || o.heads < 1 || o.kvHeadsSliding < 1 ||
        o.kvHeadsGlobal < 1 || o.headDimSliding < 2 || o.headDimGlobal < 2 || o.ffnWidth < 1 ||
        o.pleDim < 0 || o.sharedKvLayers < 0 || o.sharedKvLayers >= o.layers) {
        *error = QStringLiteral("fixture: invalid dimensions in Gemma4FixtureOptions");
        return false;
    }
    if (o.vocab < 400) {
        *error =
            QStringLiteral("fixture: vocab %1 is too small for the built-in tokenizer (>= 400)")
                .arg(o.vocab);
        return false;
    }
    if (!o.slidingPattern.empty() && static_cast<int>(o.slidingPattern.size()) != o.layers) {
        *error = QStringLiteral("fixture: slidingPattern has %1 entries for %2 layers")
                     .arg(o.slidingPattern.size())
                     .arg(o.layers);
        return false;
    }
    if (!o.ffnWidths.empty() && static_cast<int>(o.ffnWidths.size()) != o.layers) {
        *error = QStringLiteral("fixture: ffnWidths has %1 entries for %2 layers")
                     .arg(o.ffnWidths.size())
                     .arg(o.layers);
        return false;
    }
    const Gemma4FixtureLayout lay = gemma4FixtureLayout(o);
    const uint64_t L = static_cast<uint64_t>(o.layers);
    const uint64_t H = static_cast<uint64_t>(o.hidden);
    const uint64_t P = static_cast<uint64_t>(o.pleDim);
    const uint64_t V = static_cast<uint64_t>(o.vocab);
    const uint64_t nH = static_cast<uint64_t>(o.heads);

    // ---- metadata, in the converter's key names and value types ----
    std::vector<gguf::KeyValue> kv;
    auto set = [&](const std::string &k, Value v) { kv.push_back({k, std::move(v)}); };
    auto g = [](const char *k) { return std::string("gemma4.") + k; };
    auto u32 = [](int64_t x) { return Value::u32(static_cast<uint32_t>(x)); };

    set("general.architecture", Value::string("gemma4"));
    set("general.name", Value::string(o.name));
    set("general.file_type", Value::u32(o.fileType >= 0 ? static_cast<uint32_t>(o.fileType)
                                                        : fileTypeFor(o.weightType)));
    set("general.quantization_version", Value::u32(2));

    set(g("block_count"), u32(o.layers));
    set(g("embedding_length"), u32(o.hidden));
    {
        const bool uniform = std::all_of(lay.ffnWidth.begin(), lay.ffnWidth.end(),
                                         [&](int w) { return w == lay.ffnWidth[0]; });
        if (uniform) {
            set(g("feed_forward_length"), u32(lay.ffnWidth[0]));
        } else {
            set(g("feed_forward_length"),
                Value::i32Array(std::vector<int32_t>(lay.ffnWidth.begin(), lay.ffnWidth.end())));
        }
    }
    set(g("context_length"), u32(o.contextLength));
    set(g("attention.head_count"), u32(o.heads));
    if (o.kvHeadsSliding != o.kvHeadsGlobal) {
        set(g("attention.head_count_kv"),
            Value::i32Array(std::vector<int32_t>(lay.kvHeads.begin(), lay.kvHeads.end())));
    } else {
        set(g("attention.head_count_kv"), u32(o.kvHeadsSliding));
    }
    set(g("attention.key_length"), u32(o.headDimGlobal));
    set(g("attention.value_length"), u32(o.headDimGlobal));
    set(g("attention.key_length_swa"), u32(o.headDimSliding));
    set(g("attention.value_length_swa"), u32(o.headDimSliding));
    set(g("attention.layer_norm_rms_epsilon"), Value::f32(o.rmsEps));
    set(g("attention.sliding_window"), u32(o.slidingWindow));
    set(g("attention.sliding_window_pattern"), Value::boolArray(lay.sliding));
    set(g("attention.shared_kv_layers"), u32(o.sharedKvLayers));
    set(g("rope.freq_base"), Value::f32(o.ropeBase));
    set(g("rope.dimension_count"), u32(o.headDimGlobal));
    set(g("rope.freq_base_swa"), Value::f32(o.ropeBaseSliding));
    set(g("rope.dimension_count_swa"), u32(o.headDimSliding));
    if (o.softcap > 0) set(g("final_logit_softcapping"), Value::f32(o.softcap));
    set(g("embedding_length_per_layer_input"), u32(o.pleDim));
    if (o.vision) {
        set(g("vision.block_count"), u32(o.visionBlocks));
        set(g("vision.embedding_length"), u32(o.visionWidth));
        set(g("vision.attention.head_count"), u32(o.visionHeads));
        set(g("vision.feed_forward_length"), u32(o.visionFfn));
        set(g("vision.patch_size"), u32(o.visionPatch));
        set(g("vision.num_channels"), u32(3));
        set(g("vision.projector.scale_factor"), u32(o.visionMerge));
        set(g("vision.attention.layer_norm_epsilon"), Value::f32(1e-6f));
    }
    if (o.audio) {
        set(g("audio.block_count"), u32(o.audioBlocks));
        set(g("audio.embedding_length"), u32(o.audioWidth));
        set(g("audio.feed_forward_length"), u32(o.audioWidth * 4));
        set(g("audio.attention.head_count"), u32(o.audioHeads));
        set(g("audio.attention.layer_norm_epsilon"), Value::f32(1e-6f));
        set(g("audio.conv_kernel_size"), u32(5));
    }

    const TokenizerData &tok = cachedTokenizer(o.vocab);
    set("tokenizer.ggml.model", Value::string("llama"));
    set("tokenizer.ggml.pre", Value::string("gemma4"));
    set("tokenizer.ggml.tokens", Value::stringArray(tok.tokens));
    set("tokenizer.ggml.scores", Value::f32Array(tok.scores));
    set("tokenizer.ggml.token_type", Value::i32Array(tok.types));
    set("tokenizer.ggml.merges", Value::stringArray(tok.merges));
    set("tokenizer.ggml.add_bos_token", Value::boolean(false));
    set("tokenizer.ggml.add_eos_token", Value::boolean(false));
    set("tokenizer.ggml.bos_token_id", Value::u32(2));
    set("tokenizer.ggml.eos_token_id", Value::u32(1));
    set("tokenizer.ggml.eos_token_ids", Value::i32Array({1, 106, 50}));
    set("tokenizer.ggml.padding_token_id", Value::u32(0));
    set("tokenizer.ggml.unknown_token_id", Value::u32(3));

    for (const std::string &k : o.removeKeys) {
        kv.erase(std::remove_if(kv.begin(), kv.end(),
                                [&](const gguf::KeyValue &e) { return e.key == k; }),
                 kv.end());
    }
    for (const gguf::KeyValue &e : o.setKeys) {
        auto it = std::find_if(kv.begin(), kv.end(),
                               [&](const gguf::KeyValue &x) { return x.key == e.key; });
        if (it != kv.end()) {
            it->value = e.value;
        } else {
            kv.push_back(e);
        }
    }

    // ---- tensors: names and ggml ne exactly as in converted files ----
    std::vector<TensorSpec> ts;
    auto add = [&](std::string name, std::vector<uint64_t> ne, TensorType type, Fill fill) {
        ts.push_back({std::move(name), std::move(ne), type, fill});
    };
    const TensorType wt = o.weightType;
    const TensorType f32 = TensorType::F32;
    add("token_embd.weight", {H, V}, o.embeddingType, Fill::Embedding);
    if (P > 0) {
        add("per_layer_token_embd.weight", {L * P, V}, o.pleEmbeddingType, Fill::Embedding);
        add("per_layer_model_proj.weight", {H, L * P}, wt, Fill::Linear);
        add("per_layer_proj_norm.weight", {P}, f32, Fill::Norm);
    }
    for (int i = 0; i < o.layers; ++i) {
        const std::string p = "blk." + std::to_string(i) + ".";
        const uint64_t hd = static_cast<uint64_t>(lay.headDim[static_cast<size_t>(i)]);
        const uint64_t nKV = static_cast<uint64_t>(lay.kvHeads[static_cast<size_t>(i)]);
        const uint64_t F = static_cast<uint64_t>(lay.ffnWidth[static_cast<size_t>(i)]);
        const bool shared = i >= lay.firstShared;
        add(p + "attn_norm.weight", {H}, f32, Fill::Norm);
        add(p + "attn_q.weight", {H, nH * hd}, wt, Fill::Linear);
        add(p + "attn_q_norm.weight", {hd}, f32, Fill::QkNorm);
        if (!shared || o.sharedLayersHaveKv) {
            add(p + "attn_k.weight", {H, nKV * hd}, wt, Fill::Linear);
            add(p + "attn_k_norm.weight", {hd}, f32, Fill::QkNorm);
            add(p + "attn_v.weight", {H, nKV * hd}, wt, Fill::Linear);
        }
        add(p + "attn_output.weight", {nH * hd, H}, wt, Fill::Linear);
        add(p + "post_attention_norm.weight", {H}, f32, Fill::Norm);
        add(p + "ffn_norm.weight", {H}, f32, Fill::Norm);
        add(p + "ffn_gate.weight", {H, F}, wt, Fill::Linear);
        add(p + "ffn_up.weight", {H, F}, wt, Fill::Linear);
        add(p + "ffn_down.weight", {F, H}, wt, Fill::Linear);
        add(p + "post_ffw_norm.weight", {H}, f32, Fill::Norm);
        if (P > 0) {
            add(p + "inp_gate.weight", {H, P}, wt, Fill::Linear);
            add(p + "proj.weight", {P, H}, wt, Fill::Linear);
            add(p + "post_norm.weight", {H}, f32, Fill::Norm);
        }
        if (o.layerOutputScale) add(p + "layer_output_scale.weight", {1}, f32, Fill::Scale);
    }
    add("output_norm.weight", {H}, f32, Fill::Norm);
    if (o.ropeFreqs) {
        add("rope_freqs.weight", {static_cast<uint64_t>(o.headDimGlobal / 2)}, f32,
            Fill::RopeFreqs);
    }

    if (o.vision) {
        // Vision tower stubs: F16 linears, F32 norms and position table (as Ollama stores them).
        const uint64_t W = static_cast<uint64_t>(o.visionWidth);
        const uint64_t F = static_cast<uint64_t>(o.visionFfn);
        const uint64_t hd = W / static_cast<uint64_t>(std::max(o.visionHeads, 1));
        const uint64_t ps = static_cast<uint64_t>(o.visionPatch);
        const TensorType f16 = TensorType::F16;
        add("v.patch_embd.weight", {ps, ps, 3, W}, f16, Fill::Linear);
        add("v.position_embd.weight", {W, static_cast<uint64_t>(o.visionPositions), 2}, f32,
            Fill::Embedding);
        for (int b = 0; b < o.visionBlocks; ++b) {
            const std::string p = "v.blk." + std::to_string(b) + ".";
            for (const char *n : {"ln1", "ln2", "attn_post_norm", "ffn_post_norm"}) {
                add(p + n + ".weight", {W}, f32, Fill::Norm);
            }
            for (const char *n : {"attn_q", "attn_k", "attn_v", "attn_out"}) {
                add(p + n + ".weight", {W, W}, f16, Fill::Linear);
            }
            add(p + "attn_q_norm.weight", {hd}, f32, Fill::QkNorm);
            add(p + "attn_k_norm.weight", {hd}, f32, Fill::QkNorm);
            add(p + "ffn_gate.weight", {W, F}, f16, Fill::Linear);
            add(p + "ffn_up.weight", {W, F}, f16, Fill::Linear);
            add(p + "ffn_down.weight", {F, W}, f16, Fill::Linear);
        }
        add("v.clamp_data", {(static_cast<uint64_t>(o.visionBlocks) * 7 + 1) * 4}, f32,
            Fill::Clamp);
        add("mm.input_projection.weight", {W, H}, f16, Fill::Linear);
    }
    if (o.audio) {
        // Audio tower stubs: BF16 linears, F32 norms and convolutions. The subsampling convs keep
        // the real channel counts (1 -> 128 -> 32 over 128 -> 32 mel bins, so 32·32 inputs).
        const uint64_t W = static_cast<uint64_t>(o.audioWidth);
        const uint64_t F = W * 4;
        const uint64_t hd = W / static_cast<uint64_t>(std::max(o.audioHeads, 1));
        const uint64_t out = static_cast<uint64_t>(o.audioOutput);
        const TensorType bf16 = TensorType::BF16;
        add("a.conv1d.0.weight", {3, 3, 1, 128}, f32, Fill::Linear);
        add("a.conv1d.0.norm.weight", {128}, f32, Fill::Norm);
        add("a.conv1d.1.weight", {3, 3, 128, 32}, f32, Fill::Linear);
        add("a.conv1d.1.norm.weight", {32}, f32, Fill::Norm);
        add("a.pre_encode.out.weight", {32 * 32, W}, bf16, Fill::Linear);
        for (int b = 0; b < o.audioBlocks; ++b) {
            const std::string p = "a.blk." + std::to_string(b) + ".";
            for (const char *n : {"layer_pre_norm", "ffn_norm", "ffn_post_norm", "ffn_norm_1",
                                  "ffn_post_norm_1", "ln1", "ln2", "conv_norm", "norm_conv"}) {
                add(p + n + ".weight", {W}, f32, Fill::Norm);
            }
            add(p + "ffn_up.weight", {W, F}, bf16, Fill::Linear);
            add(p + "ffn_down.weight", {F, W}, bf16, Fill::Linear);
            add(p + "ffn_up_1.weight", {W, F}, bf16, Fill::Linear);
            add(p + "ffn_down_1.weight", {F, W}, bf16, Fill::Linear);
            for (const char *n : {"attn_q", "attn_k", "attn_v", "attn_out", "linear_pos"}) {
                add(p + n + ".weight", {W, W}, bf16, Fill::Linear);
            }
            add(p + "per_dim_scale.weight", {hd}, f32, Fill::Scale);
            add(p + "conv_pw1.weight", {W, 2 * W}, bf16, Fill::Linear);
            add(p + "conv_dw.weight", {5, W}, f32, Fill::Linear);
            add(p + "conv_pw2.weight", {W, W}, bf16, Fill::Linear);
        }
        add("mm.a.fc.weight", {W, out}, bf16, Fill::Linear);
        add("mm.a.fc.bias", {out}, f32, Fill::Norm);
        add("mm.a.input_projection.weight", {out, H}, bf16, Fill::Linear);
    }

    for (const std::string &name : o.removeTensors) {
        ts.erase(std::remove_if(ts.begin(), ts.end(),
                                [&](const TensorSpec &t) { return t.name == name; }),
                 ts.end());
    }
    for (const auto &[name, ne] : o.reshapeTensors) {
        for (TensorSpec &t : ts) {
            if (t.name == name) t.ne = ne;
        }
    }
    for (const auto &[name, ne] : o.addTensors)
        add(name, ne, f32, Fill::Norm);
    for (const auto &[name, type] : o.tensorTypes) {
        for (TensorSpec &t : ts) {
            if (t.name == name) t.type = type;
        }
    }

    for (const TensorSpec &t : ts) {
        if (t.ne.empty() || elementCount(t.ne) == 0) {
            *error = QStringLiteral("fixture: tensor %1 has an empty shape")
                         .arg(QString::fromStdString(t.name));
            return false;
        }
    }
    if (o.ollamaTensorOrder) {
        // Ollama's WriteGGUF: by block number (tensors outside blk.N. last), then by name.
        const auto block = [](const std::string &name) {
            int n = 0;
            if (std::sscanf(name.c_str(), "blk.%d.", &n) != 1)
                return std::numeric_limits<int>::max();
            return n;
        };
        std::stable_sort(ts.begin(), ts.end(), [&](const TensorSpec &x, const TensorSpec &y) {
            const int bx = block(x.name), by = block(y.name);
            return bx != by ? bx < by : x.name < y.name;
        });
    }
    result->kv = std::move(kv);
    result->tensors = std::move(ts);
    return true;
}

}  // namespace

QByteArray gemma4FixtureBytes(const Gemma4FixtureOptions &o, QString *error) {
    QString localError;
    if (!error) error = &localError;
    Assembled a;
    if (!assemble(o, &a, error)) return {};
    gguf::Writer w;
    for (gguf::KeyValue &e : a.kv)
        w.set(e.key, std::move(e.value));
    const float rotatedPairs = static_cast<float>(o.headDimGlobal) * o.partialRotaryFactor / 2.0f;
    for (const TensorSpec &t : a.tensors) {
        const std::vector<float> values = makeValues(t, o.seed, rotatedPairs);
        QByteArray data;
        error->clear();
        const TensorType used = encode(t.type, values, t.ne[0], &data, error);
        if (!error->isEmpty()) return {};
        if (!w.addTensor(t.name, used, t.ne, std::move(data), error)) return {};
    }
    QByteArray bytes = w.toBytes();
    if (bytes.isEmpty() && w.validate(error)) {
        *error = QStringLiteral("fixture: the GGUF writer produced no bytes");
    }
    return bytes;
}

bool writeGemma4Fixture(const QString &path, const Gemma4FixtureOptions &o, QString *error) {
    QString localError;
    if (!error) error = &localError;
    const QByteArray bytes = gemma4FixtureBytes(o, error);
    if (bytes.isEmpty()) return false;
    // Temp file + rename, like gguf::Writer::write: a failed write never leaves a partial file.
    QSaveFile out(path);
    if (!out.open(QIODevice::WriteOnly) || out.write(bytes) != bytes.size() || !out.commit()) {
        *error = QStringLiteral("fixture: cannot write %1: %2").arg(path, out.errorString());
        return false;
    }
    return true;
}

// ---- Real-size shapes ----------------------------------------------------------------------

const char *gemma4ShapeName(Gemma4Shape s) {
    switch (s) {
        case Gemma4Shape::Tiny:
            return "tiny";
        case Gemma4Shape::E2B:
            return "e2b";
        case Gemma4Shape::E4B:
            return "e4b";
    }
    return "?";
}

std::optional<Gemma4Shape> gemma4ShapeByName(std::string_view name) {
    for (Gemma4Shape s : {Gemma4Shape::Tiny, Gemma4Shape::E2B, Gemma4Shape::E4B}) {
        const std::string_view n = gemma4ShapeName(s);
        if (n.size() == name.size() &&
            std::equal(n.begin(), n.end(), name.begin(), [](char a, char b) {
                return a == static_cast<char>(std::tolower(static_cast<unsigned char>(b)));
            })) {
            return s;
        }
    }
    return std::nullopt;
}

// Sources: docs/gemma4.md §2 (from Hugging Face's Gemma4TextConfig and Ollama's converter), checked
// against what Ollama's code implies:
//  - convert/convert_gemma4.go (HEAD): feed_forward_length becomes a per-layer array exactly when
//    use_double_wide_mlp is set, with 2·intermediate_size on layers ≥ L − num_kv_shared_layers —
//    E2B's 6144 ×15 / 12288 ×20 is that rule (firstShared = 35 − 20 = 15); E4B's scalar 10240
//    means the flag is off there. head_count_kv is a scalar unless num_global_key_value_heads
//    differs from num_key_value_heads (neither model). rope.dimension_count = global head dim
//    (512), and rope_freqs has global_head_dim/2 = 256 entries of which
//    512·partial_rotary_factor(0.25)/2 = 64 are 1.0. key_length/_swa = 512/256.
//  - model/models/gemma4/model_text.go (9a3e1407e): donor of a shared layer = last layer below
//    firstShared of the same kind — E2B: sliding → 13, global → 14; E4B: sliding → 22, global → 23.
//    Defaults it falls back to (key_length 512, _swa 256, rope.freq_base 1e6, local 1e4) agree.
// Doubts (none of these numbers was read from a real file): E4B's KV heads on global layers (2,
// assumed equal to the sliding ones, so no per-layer array), E4B's uniform FFN width, and whether
// every layer of a real file carries layer_output_scale (assumed, as the doc says). Real Ollama
// files sort their metadata keys; the tokenizer here is the fixture's small BPE padded with
// <unusedN> tokens to 262144 entries.
// Towers (written only when o.vision / o.audio are set: facet-make-fixture --towers), from
// Hugging Face's Gemma4VisionConfig / Gemma4AudioConfig of the E2B and E4B checkpoints, which
// share them (only the projections into the text width differ):
//   vision: 16 blocks, width 768, 12 heads (head 64, no separate KV heads), FFN 3072, patch 16,
//     position table 10240 × 2, 3×3 pooling; F16 linears, F32 norms and table, v.clamp_data;
//     no standardisation tensors (doubt: not read from a real file).
//   audio: 12 Conformer blocks, width 1024, 8 heads, FFN 4096, SSCP channels 128/32, conv
//     kernel 5, output_proj 1536; BF16 linears, F32 norms and convolutions.
Gemma4FixtureOptions gemma4ShapeOptions(Gemma4Shape s) {
    Gemma4FixtureOptions o;
    if (s == Gemma4Shape::Tiny) return o;
    const bool e2b = s == Gemma4Shape::E2B;
    o.layers = e2b ? 35 : 42;
    o.hidden = e2b ? 1536 : 2560;
    o.heads = 8;
    o.kvHeadsSliding = o.kvHeadsGlobal = e2b ? 1 : 2;
    o.headDimSliding = 256;
    o.headDimGlobal = 512;
    const int period = e2b ? 5 : 6;  // (period − 1) sliding layers, then one global
    o.slidingPattern.clear();
    for (int i = 0; i < o.layers; ++i)
        o.slidingPattern.push_back(i % period != period - 1);
    o.sharedKvLayers = e2b ? 20 : 18;
    o.ffnWidth = e2b ? 6144 : 10240;
    o.ffnWidths.clear();
    for (int i = 0; i < o.layers; ++i) {
        const bool shared = i >= o.layers - o.sharedKvLayers;
        o.ffnWidths.push_back(e2b && shared ? 2 * o.ffnWidth : o.ffnWidth);
    }
    o.pleDim = 256;
    o.vocab = 262144;
    o.contextLength = 131072;
    o.slidingWindow = 512;
    o.rmsEps = 1e-6f;
    o.ropeBase = 1e6f;
    o.ropeBaseSliding = 1e4f;
    o.partialRotaryFactor = 0.25f;
    o.softcap = 30.0f;
    o.layerOutputScale = true;
    o.ropeFreqs = true;
    o.sharedLayersHaveKv = false;
    o.vision = o.audio = false;
    o.visionBlocks = 16;
    o.visionWidth = 768;
    o.visionHeads = 12;
    o.visionFfn = 3072;
    o.visionPatch = 16;
    o.visionPositions = 10240;
    o.visionMerge = 3;
    o.audioBlocks = 12;
    o.audioWidth = 1024;
    o.audioHeads = 8;
    o.audioOutput = 1536;
    o.name = std::string("facet-bench-gemma4-") + gemma4ShapeName(s);
    o.ollamaTensorOrder = true;
    return o;
}

// ---- Quantisation mixes --------------------------------------------------------------------

namespace {

struct MixInfo {
    Gemma4FileType fileType;
    const char *name;
    TensorType base;  // the mix's default type for quantised tensors
    uint32_t ftype;   // general.file_type (llama_ftype)
};

constexpr MixInfo kMixes[] = {
    {Gemma4FileType::F32, "f32", TensorType::F32, 0},
    {Gemma4FileType::F16, "f16", TensorType::F16, 1},
    {Gemma4FileType::BF16, "bf16", TensorType::BF16, 32},
    {Gemma4FileType::Q8_0, "q8_0", TensorType::Q8_0, 7},
    {Gemma4FileType::Q4_0, "q4_0", TensorType::Q4_0, 2},
    {Gemma4FileType::Q4_K_S, "q4_k_s", TensorType::Q4_K, 14},
    {Gemma4FileType::Q4_K_M, "q4_k_m", TensorType::Q4_K, 15},
    {Gemma4FileType::Q5_K_M, "q5_k_m", TensorType::Q5_K, 17},
    {Gemma4FileType::Q6_K, "q6_k", TensorType::Q6_K, 18},
};
constexpr std::string_view kLlamaCppSuffix = "-llamacpp";

const MixInfo &mixInfo(Gemma4FileType t) {
    for (const MixInfo &m : kMixes) {
        if (m.fileType == t) return m;
    }
    return kMixes[0];
}

uint32_t blockSizeOf(TensorType t) {
    const auto traits = gguf::typeTraits(t);
    return traits ? traits->blockSize : 1;
}

bool startsWith(std::string_view s, std::string_view prefix) {
    return s.substr(0, prefix.size()) == prefix;
}
bool endsWith(std::string_view s, std::string_view suffix) {
    return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}
bool contains(std::string_view s, std::string_view part) {
    return s.find(part) != std::string_view::npos;
}

// The layer number of "blk.N.…", -1 for other names.
int layerOf(const std::string &name) {
    int n = -1;
    if (std::sscanf(name.c_str(), "blk.%d.", &n) != 1) return -1;
    return n;
}

// llama.cpp's rule for spending more bits on some layers' attn_v and ffn_down (Q4_K_M, Q5_K_M):
// the first and the last eighth of them, and every third one in between.
bool useMoreBits(int i, int n) {
    return i < n / 8 || i >= 7 * n / 8 || (i - n / 8) % 3 == 2;
}

// What quantisers do when a block type does not divide the row length.
TensorType fallbackType(TensorType t, uint64_t ne0) {
    if (ne0 % blockSizeOf(t) == 0) return t;
    switch (t) {
        case TensorType::Q4_K:
            t = TensorType::Q5_0;
            break;
        case TensorType::Q5_K:
            t = TensorType::Q5_1;
            break;
        case TensorType::Q6_K:
            t = TensorType::Q8_0;
            break;
        default:
            t = TensorType::F16;
            break;
    }
    return ne0 % blockSizeOf(t) == 0 ? t : TensorType::F16;
}

}  // namespace

std::optional<Gemma4Mix> gemma4MixByName(std::string_view name) {
    std::string lower(name);
    for (char &c : lower)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    Gemma4Mix mix;
    std::string_view base = lower;
    if (endsWith(base, kLlamaCppSuffix)) {
        mix.quantizer = Gemma4Quantizer::LlamaCpp;
        base.remove_suffix(kLlamaCppSuffix.size());
    }
    for (const MixInfo &m : kMixes) {
        if (base == m.name) {
            mix.fileType = m.fileType;
            return mix;
        }
    }
    return std::nullopt;
}

std::string gemma4MixName(const Gemma4Mix &m) {
    std::string name = mixInfo(m.fileType).name;
    if (m.quantizer == Gemma4Quantizer::LlamaCpp) name += kLlamaCppSuffix;
    return name;
}

std::vector<std::string> gemma4MixNames() {
    std::vector<std::string> names;
    for (const MixInfo &m : kMixes)
        names.push_back(m.name);
    for (const MixInfo &m : kMixes)
        names.push_back(std::string(m.name) + std::string(kLlamaCppSuffix));
    return names;
}

uint32_t gemma4MixFileType(const Gemma4Mix &m) {
    return mixInfo(m.fileType).ftype;
}

std::map<std::string, TensorType> gemma4MixTypes(const Gemma4FixtureOptions &o,
                                                 const Gemma4Mix &mix) {
    std::map<std::string, TensorType> types;
    Assembled a;
    QString error;
    if (!assemble(o, &a, &error)) return types;
    const MixInfo &info = mixInfo(mix.fileType);
    const TensorType base = info.base;
    const bool quantizedMix = blockSizeOf(base) > 1;
    const bool ollama = mix.quantizer == Gemma4Quantizer::Ollama;
    const Gemma4FileType ft = mix.fileType;

    // Position of each attn_v / ffn_down tensor among its kind, in layer order (the quantisers
    // count them as they go through a file sorted by layer).
    std::vector<std::pair<int, std::string>> attnV, ffnDown;
    for (const TensorSpec &t : a.tensors) {
        const int layer = layerOf(t.name);
        if (layer < 0) continue;
        if (contains(t.name, "attn_v.weight")) attnV.emplace_back(layer, t.name);
        if (contains(t.name, "ffn_down")) ffnDown.emplace_back(layer, t.name);
    }
    std::sort(attnV.begin(), attnV.end());
    std::sort(ffnDown.begin(), ffnDown.end());
    const auto rankIn = [](const std::vector<std::pair<int, std::string>> &v,
                           const std::string &name) {
        for (size_t i = 0; i < v.size(); ++i) {
            if (v[i].second == name) return static_cast<int>(i);
        }
        return -1;
    };
    const int nAttnV = static_cast<int>(attnV.size());
    const int nFfnDown = o.layers;  // llama.cpp: n_layer; Ollama: the number of blk.N groups

    for (const TensorSpec &t : a.tensors) {
        TensorType type = t.type;
        const std::string &n = t.name;
        const bool tower = startsWith(n, "v.") || startsWith(n, "a.") || startsWith(n, "mm.");
        const bool quantizable =
            !tower && t.ne.size() >= 2 && endsWith(n, "weight") && !contains(n, "_norm.weight");
        if (!quantizable) {
            types[n] = type;
            continue;
        }
        if (!quantizedMix) {  // F32 / F16 / BF16: every text weight, embeddings included
            types[n] = base;
            continue;
        }
        const bool ple = n == "per_layer_token_embd.weight";
        if ((ple && ollama) || (n == "per_layer_model_proj.weight" && !ollama)) {
            types[n] = mix.sourceType;  // left alone by this quantiser
            continue;
        }
        type = base;
        if (n == "token_embd.weight" || ple) {
            // Output embedding tied to token_embd (and per_layer_token_embd for llama.cpp, which
            // counts it as a token embedding): the output tensor's rule.
            if (t.ne[0] % blockSizeOf(base) != 0) {
                type = TensorType::Q8_0;
            } else if (base != TensorType::Q8_0) {
                type = TensorType::Q6_K;
            }
        } else if (contains(n, "attn_v.weight")) {
            const int i = rankIn(attnV, n);
            if ((ft == Gemma4FileType::Q4_K_M || ft == Gemma4FileType::Q5_K_M) &&
                useMoreBits(i, nAttnV)) {
                type = TensorType::Q6_K;
            } else if (ft == Gemma4FileType::Q4_K_S && i < 4) {
                type = TensorType::Q5_K;
            }
        } else if (contains(n, "ffn_down")) {
            const int i = rankIn(ffnDown, n);
            if ((ft == Gemma4FileType::Q4_K_M || ft == Gemma4FileType::Q5_K_M) &&
                useMoreBits(i, nFfnDown)) {
                type = TensorType::Q6_K;
            } else if (ft == Gemma4FileType::Q4_K_S && i < nFfnDown / 8) {
                type = TensorType::Q5_K;
            }
        }
        types[n] = fallbackType(type, t.ne[0]);
    }
    return types;
}

void applyGemma4Mix(Gemma4FixtureOptions &o, const Gemma4Mix &mix) {
    const std::map<std::string, TensorType> types = gemma4MixTypes(o, mix);
    for (const auto &[name, type] : types)
        o.tensorTypes[name] = type;
    o.weightType = mixInfo(mix.fileType).base;
    if (auto it = types.find("token_embd.weight"); it != types.end()) o.embeddingType = it->second;
    if (auto it = types.find("per_layer_token_embd.weight"); it != types.end()) {
        o.pleEmbeddingType = it->second;
    }
    o.fileType = gemma4MixFileType(mix);
}

// ---- Plan and streaming generator ----------------------------------------------------------

std::vector<Gemma4TensorPlan> gemma4FixturePlan(const Gemma4FixtureOptions &o, QString *error) {
    QString localError;
    if (!error) error = &localError;
    Assembled a;
    if (!assemble(o, &a, error)) return {};
    std::vector<Gemma4TensorPlan> plan;
    plan.reserve(a.tensors.size());
    for (const TensorSpec &t : a.tensors) {
        const auto traits = gguf::typeTraits(t.type);
        if (!traits) {
            *error = QStringLiteral("fixture: tensor %1 has unknown type %2")
                         .arg(QString::fromStdString(t.name))
                         .arg(static_cast<uint32_t>(t.type));
            return {};
        }
        // As encode(): a block type that does not divide ne[0] is written as F16.
        const TensorType type =
            traits->blockSize > 1 && t.ne[0] % traits->blockSize != 0 ? TensorType::F16 : t.type;
        std::string sizeError;
        const std::optional<uint64_t> bytes = gguf::tensorDataSize(type, t.ne, &sizeError);
        if (!bytes) {
            *error = QStringLiteral("fixture: tensor %1: %2")
                         .arg(QString::fromStdString(t.name), QString::fromStdString(sizeError));
            return {};
        }
        plan.push_back(Gemma4TensorPlan{t.name, t.ne, type, t.fill, *bytes});
    }
    return plan;
}

namespace {

// The streaming generator's value laws (see Gemma4Fill in the header for the reasoning).
struct StreamLaw {
    enum class Kind { Uniform, RopeFreqs, Clamp };
    Kind kind = Kind::Uniform;
    float center = 0, half = 0;  // Uniform: U(center − half, center + half)
    float rotated = 0;           // RopeFreqs: number of rotated pairs
};

StreamLaw streamLaw(const Gemma4TensorPlan &t, const Gemma4FixtureOptions &o) {
    StreamLaw law;
    const auto unitStd = [](double fanIn) {  // half-width of a uniform law with std 1/sqrt(fanIn)
        return static_cast<float>(std::sqrt(3.0 / std::max(fanIn, 1.0)));
    };
    const double ne0 = static_cast<double>(t.ne[0]);
    switch (t.fill) {
        case Fill::Linear:
            // A 4-D weight is a convolution kernel (v.patch_embd [p, p, 3, W], a.conv1d.N
            // [3, 3, in, out]): each output sums over ne0·ne1·ne2 inputs, not ne0.
            law.half =
                unitStd(t.ne.size() == 4 ? ne0 * static_cast<double>(t.ne[1] * t.ne[2]) : ne0);
            break;
        case Fill::Embedding:
            // per_layer_token_embd rows hold L slices of P; each slice is scaled by sqrt(P).
            law.half = unitStd(t.name == "per_layer_token_embd.weight" && o.pleDim > 0
                                   ? static_cast<double>(o.pleDim)
                                   : ne0);
            break;
        case Fill::Norm:
            law.center = 1.0f;
            law.half = 0.1f;
            break;
        case Fill::QkNorm:
            law.center = static_cast<float>(std::pow(ne0, -0.25));
            law.half = 0.1f * law.center;
            break;
        case Fill::Scale:
            law.center = 0.9f;
            law.half = 0.05f;
            break;
        case Fill::RopeFreqs:
            law.kind = StreamLaw::Kind::RopeFreqs;
            law.rotated = static_cast<float>(o.headDimGlobal) * o.partialRotaryFactor / 2.0f;
            break;
        case Fill::Clamp:
            law.kind = StreamLaw::Kind::Clamp;
            break;
    }
    return law;
}

uint64_t mix64(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

// Row `row` (ne0 values) of a tensor whose stream key is `key`. Each row has its own splitmix64
// sequence, so any row can be generated on its own: the output does not depend on how rows are
// split among threads or work items. Two 24-bit uniforms per 64-bit draw.
void fillRow(const StreamLaw &law, uint64_t key, uint64_t row, uint64_t ne0, float *out) {
    switch (law.kind) {
        case StreamLaw::Kind::Uniform: {
            uint64_t state = mix64(key ^ mix64(row + 0x632be59bd9b4e019ull));
            const float lo = law.center - law.half;
            const float step = 2.0f * law.half * 0x1.0p-24f;
            uint64_t i = 0;
            for (; i + 1 < ne0; i += 2) {
                const uint64_t z = mix64(state += 0x9e3779b97f4a7c15ull);
                out[i] = lo + step * static_cast<float>(z >> 40);
                out[i + 1] = lo + step * static_cast<float>((z >> 16) & 0xffffffu);
            }
            if (i < ne0) {
                const uint64_t z = mix64(state += 0x9e3779b97f4a7c15ull);
                out[i] = lo + step * static_cast<float>(z >> 40);
            }
            break;
        }
        case StreamLaw::Kind::RopeFreqs:
            for (uint64_t i = 0; i < ne0; ++i) {
                out[i] = static_cast<float>(row * ne0 + i) < law.rotated ? 1.0f : 1e30f;
            }
            break;
        case StreamLaw::Kind::Clamp:
            for (uint64_t i = 0; i < ne0; ++i)
                out[i] = ((row * ne0 + i) % 2 == 0) ? -100.0f : 100.0f;
            break;
    }
}

// One work item: `rows` whole rows of one tensor.
struct Job {
    size_t tensor = 0;
    uint64_t firstRow = 0, rows = 0;
    bool first = false, last = false;  // first / last item of its tensor
};

}  // namespace

bool writeGemma4FixtureStreaming(const QString &path, const Gemma4FixtureOptions &o,
                                 const Gemma4StreamOptions &so, Gemma4StreamStats *stats,
                                 QString *error) {
    QString localError;
    if (!error) error = &localError;
    const auto started = std::chrono::steady_clock::now();
    Assembled a;
    if (!assemble(o, &a, error)) return false;
    const std::vector<Gemma4TensorPlan> plan = gemma4FixturePlan(o, error);
    if (plan.empty()) return false;

    gguf::StreamWriter w;
    for (gguf::KeyValue &e : a.kv)
        w.set(e.key, std::move(e.value));
    a.kv.clear();
    for (const Gemma4TensorPlan &t : plan) {
        if (!gguf::canDequantize(t.type)) {  // quantizeRow encodes exactly these types
            *error = QStringLiteral("fixture: cannot generate tensor %1 as %2")
                         .arg(QString::fromStdString(t.name),
                              QString::fromUtf8(gguf::typeTraits(t.type)->name));
            return false;
        }
        if (!w.declareTensor(t.name, t.type, t.ne, error)) return false;
    }

    // Work items of about chunkElements values (whole rows, at least one).
    std::vector<Job> jobs;
    std::vector<StreamLaw> laws;
    std::vector<uint64_t> keys;
    uint64_t maxJobElements = 1, maxJobBytes = 1, totalElements = 0, totalBytes = 0;
    for (size_t ti = 0; ti < plan.size(); ++ti) {
        const Gemma4TensorPlan &t = plan[ti];
        laws.push_back(streamLaw(t, o));
        keys.push_back(mix64(o.seed ^ nameHash(t.name)));
        const uint64_t ne0 = t.ne[0];
        const uint64_t rows = elementCount(t.ne) / ne0;
        const uint64_t rowsPerJob = std::max<uint64_t>(1, so.chunkElements / ne0);
        for (uint64_t r = 0; r < rows; r += rowsPerJob) {
            const uint64_t n = std::min(rowsPerJob, rows - r);
            jobs.push_back(Job{ti, r, n, r == 0, r + n == rows});
            maxJobElements = std::max(maxJobElements, n * ne0);
            maxJobBytes = std::max(maxJobBytes, n * (t.bytes / rows));
        }
        totalElements += elementCount(t.ne);
        totalBytes += t.bytes;
    }

    if (!w.begin(path, error)) return false;

    const int threads = so.threads > 0
                            ? so.threads
                            : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
    // A ring of 2 slots per worker: workers run ahead of the writer by at most that many items.
    const size_t slotCount = static_cast<size_t>(2 * threads);
    struct Slot {
        QByteArray bytes;
        size_t job = 0;
        bool ready = false;
    };
    std::vector<Slot> ring(slotCount);
    std::mutex mutex;
    std::condition_variable cv;
    size_t nextJob = 0;  // next item a worker takes
    size_t written = 0;  // items the writer has consumed
    bool abort = false;
    QString workerError;

    const auto worker = [&]() {
        std::vector<float> values(maxJobElements);
        for (;;) {
            size_t j = 0;
            {
                std::unique_lock<std::mutex> lock(mutex);
                cv.wait(lock, [&] {
                    return abort || nextJob >= jobs.size() || nextJob < written + slotCount;
                });
                if (abort || nextJob >= jobs.size()) return;
                j = nextJob++;
            }
            const Job &job = jobs[j];
            const Gemma4TensorPlan &t = plan[job.tensor];
            const uint64_t ne0 = t.ne[0];
            for (uint64_t r = 0; r < job.rows; ++r) {
                fillRow(laws[job.tensor], keys[job.tensor], job.firstRow + r, ne0,
                        values.data() + r * ne0);
            }
            Slot &slot = ring[j % slotCount];  // free: its previous item (j − slotCount) is written
            slot.bytes.resize(0);
            const bool ok = gguf::quantizeRow(t.type, values.data(),
                                              static_cast<int64_t>(job.rows * ne0), &slot.bytes);
            {
                const std::lock_guard<std::mutex> lock(mutex);
                if (!ok) {
                    abort = true;
                    workerError = QStringLiteral("fixture: cannot encode tensor %1 as %2")
                                      .arg(QString::fromStdString(t.name),
                                           QString::fromUtf8(gguf::typeTraits(t.type)->name));
                } else {
                    slot.job = j;
                    slot.ready = true;
                }
            }
            cv.notify_all();
            if (!ok) return;
        }
    };
    for (Slot &slot : ring)
        slot.bytes.reserve(static_cast<qsizetype>(maxJobBytes));
    std::vector<std::thread> pool;
    pool.reserve(static_cast<size_t>(threads));
    for (int i = 0; i < threads; ++i)
        pool.emplace_back(worker);

    bool ok = true;
    uint64_t doneBytes = 0;
    for (size_t j = 0; ok && j < jobs.size(); ++j) {
        Slot &slot = ring[j % slotCount];
        {
            std::unique_lock<std::mutex> lock(mutex);
            cv.wait(lock, [&] { return abort || (slot.ready && slot.job == j); });
            if (abort) {
                *error = workerError;
                ok = false;
                break;
            }
        }
        const Job &job = jobs[j];
        const Gemma4TensorPlan &t = plan[job.tensor];
        ok = (!job.first || w.beginTensor(t.name, error)) &&
             w.append(slot.bytes.constData(), static_cast<size_t>(slot.bytes.size()), error) &&
             (!job.last || w.endTensor(error));
        doneBytes += static_cast<uint64_t>(slot.bytes.size());
        {
            const std::lock_guard<std::mutex> lock(mutex);
            slot.ready = false;
            written = j + 1;
            if (!ok) abort = true;
        }
        cv.notify_all();
        if (ok && so.progress) so.progress(doneBytes, totalBytes);
    }
    {
        const std::lock_guard<std::mutex> lock(mutex);
        abort = abort || !ok;
    }
    cv.notify_all();
    for (std::thread &t : pool)
        t.join();
    if (!ok) {
        w.cancel();
        return false;
    }
    if (!w.finish(error)) return false;
    if (stats) {
        stats->fileBytes = w.fileSize();
        stats->elements = totalElements;
        stats->tensors = plan.size();
        stats->threads = threads;
        stats->seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    }
    return true;
}

}  // namespace facet::test
