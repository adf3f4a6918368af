// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Helpers for the GGUF tests: a byte builder for hand-crafted (and deliberately corrupt) files in
// any version, and builders for realistic valid fixtures.
#pragma once

#include "gguf/dequant.h"
#include "gguf/gguf.h"

#include <QByteArray>

#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace facet::gguf::testutil {

// Appends little-endian GGUF fields. Counts and string lengths are u32 in version 1 and u64
// afterwards, exactly as the format says; the raw u32()/u64() calls let a test break the rules.
struct Bytes {
    explicit Bytes(uint32_t v = 3) : version(v) {}

    uint32_t version;
    QByteArray b;

    template <typename T>
    Bytes &put(T v) {
        b.append(reinterpret_cast<const char *>(&v), sizeof v);
        return *this;
    }
    Bytes &u8(uint8_t v) { return put(v); }
    Bytes &u16(uint16_t v) { return put(v); }
    Bytes &u32(uint32_t v) { return put(v); }
    Bytes &u64(uint64_t v) { return put(v); }
    Bytes &i32(int32_t v) { return put(v); }
    Bytes &f32(float v) { return put(v); }
    Bytes &raw(const QByteArray &data) {
        b.append(data);
        return *this;
    }
    Bytes &raw(const std::string &data) {
        b.append(data.data(), static_cast<qsizetype>(data.size()));
        return *this;
    }
    // A count, string length, array length or dimension.
    Bytes &count(uint64_t v) { return version == 1 ? u32(static_cast<uint32_t>(v)) : u64(v); }
    Bytes &str(const std::string &s) { return count(s.size()).raw(s); }

    Bytes &header(uint64_t nTensors, uint64_t nKv) {
        b.append("GGUF", 4);
        u32(version);
        return count(nTensors).count(nKv);
    }
    // Key + type tag; the caller appends the value.
    Bytes &key(const std::string &k, gguf::ValueType t) {
        return str(k).u32(static_cast<uint32_t>(t));
    }
    Bytes &kvU32(const std::string &k, uint32_t v) { return key(k, gguf::ValueType::U32).u32(v); }
    Bytes &kvString(const std::string &k, const std::string &v) {
        return key(k, gguf::ValueType::String).str(v);
    }
    Bytes &arrayHeader(gguf::ValueType elem, uint64_t n) {
        return u32(static_cast<uint32_t>(elem)).count(n);
    }
    Bytes &tensorInfo(const std::string &name, const std::vector<uint64_t> &ne, uint32_t type,
                      uint64_t offset) {
        str(name).u32(static_cast<uint32_t>(ne.size()));
        for (uint64_t d : ne)
            count(d);
        return u32(type).u64(offset);
    }
    Bytes &pad(uint64_t alignment) {
        while (static_cast<uint64_t>(b.size()) % alignment)
            b.append('\0');
        return *this;
    }
    Bytes &zeros(qsizetype n) {
        b.append(n, '\0');
        return *this;
    }
};

inline std::vector<float> randomFloats(std::mt19937_64 &rng, size_t n, float amplitude) {
    std::uniform_real_distribution<float> dist(-amplitude, amplitude);
    std::vector<float> v(n);
    for (float &x : v)
        x = dist(rng);
    return v;
}

// Block-encoded data for a tensor: quantised random values for the types quantizeRow knows,
// random bytes otherwise (enough for the reader, which never looks inside).
inline QByteArray tensorData(std::mt19937_64 &rng, gguf::TensorType type,
                             const std::vector<uint64_t> &ne) {
    uint64_t n = 1;
    for (uint64_t d : ne)
        n *= d;
    if (gguf::canDequantize(type)) {
        const std::vector<float> x = randomFloats(rng, n, 1.0f);
        QByteArray out;
        gguf::quantizeRow(type, x.data(), static_cast<int64_t>(n), &out);
        return out;
    }
    const auto traits = *gguf::typeTraits(type);
    QByteArray out(static_cast<qsizetype>(n / traits.blockSize * traits.bytesPerBlock), '\0');
    for (char &c : out)
        c = static_cast<char>(rng());
    return out;
}

// A token-like string: 1..12 bytes, mostly letters, sometimes a SentencePiece space marker.
inline std::string tokenLike(std::mt19937_64 &rng) {
    static const char *alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    const size_t len = 1 + rng() % 12;
    std::string s;
    if (rng() % 3 == 0) s = "\xE2\x96\x81";  // U+2581
    for (size_t i = 0; i < len; ++i)
        s += alphabet[rng() % 62];
    return s;
}

// A writer holding a small but realistic model file: tokenizer-like string arrays, scores and
// types, nested arrays, scalars of every type, and tensors of several types and ranks.
inline gguf::Writer fixtureWriter(std::mt19937_64 &rng, uint32_t alignment, size_t vocab) {
    using gguf::Value;
    using gguf::ValueType;
    gguf::Writer w(alignment);
    w.set("general.architecture", Value::string("gemma4"));
    w.set("general.name", Value::string("fixture"));
    w.set("gemma4.block_count", Value::u32(2));
    w.set("gemma4.embedding_length", Value::u64(256));
    w.set("gemma4.rope.freq_base", Value::f32(10000.0f));
    w.set("gemma4.attention.layer_norm_rms_epsilon", Value::f64(1e-6));
    w.set("gemma4.flag", Value::boolean(true));
    w.set("test.i8", Value::i8(-5));
    w.set("test.u8", Value::u8(200));
    w.set("test.i16", Value::i16(-300));
    w.set("test.u16", Value::u16(60000));
    w.set("test.i32", Value::i32(-70000));
    w.set("test.i64", Value::i64(-(int64_t{1} << 40)));

    std::vector<std::string> tokens, merges;
    std::vector<float> scores;
    std::vector<int32_t> types;
    for (size_t i = 0; i < vocab; ++i) {
        tokens.push_back(tokenLike(rng));
        scores.push_back(-static_cast<float>(i));
        types.push_back(static_cast<int32_t>(i % 6));
    }
    for (size_t i = 0; i < vocab * 3 / 2; ++i) {
        merges.push_back(tokens[rng() % vocab] + " " + tokens[rng() % vocab]);
    }
    tokens.push_back("");  // an empty string is legal
    w.set("tokenizer.ggml.model", Value::string("llama"));
    w.set("tokenizer.ggml.tokens", Value::stringArray(tokens));
    w.set("tokenizer.ggml.scores", Value::f32Array(scores));
    w.set("tokenizer.ggml.token_type", Value::i32Array(types));
    w.set("tokenizer.ggml.merges", Value::stringArray(merges));
    w.set("test.bools", Value::boolArray({true, false, true}));
    w.set("test.empty", Value::array(ValueType::U64, {}));
    // Nested: [[1, 2], [], [3]] as u16, and [["a", ""], ["bc"]].
    w.set("test.nested_u16",
          Value::array(
              ValueType::Array,
              {Value::array(ValueType::U16, {Value::u16(1), Value::u16(2)}),
               Value::array(ValueType::U16, {}), Value::array(ValueType::U16, {Value::u16(3)})}));
    w.set("test.nested_str", Value::array(ValueType::Array, {Value::stringArray({"a", ""}),
                                                             Value::stringArray({"bc"})}));

    struct Spec {
        const char *name;
        gguf::TensorType type;
        std::vector<uint64_t> ne;
    };
    const std::vector<Spec> specs = {
        {"token_embd.weight", gguf::TensorType::Q6_K, {256, 3}},
        {"blk.0.attn_norm.weight", gguf::TensorType::F32, {64}},
        {"blk.0.attn_q.weight", gguf::TensorType::Q4_K, {256, 2}},
        {"blk.0.attn_k.weight", gguf::TensorType::Q5_K, {256, 2}},
        {"blk.0.attn_v.weight", gguf::TensorType::Q8_0, {64, 3}},
        {"blk.0.ffn_up.weight", gguf::TensorType::Q4_0, {32, 2, 2}},
        {"blk.0.ffn_gate.weight", gguf::TensorType::Q4_1, {64, 2}},
        {"blk.0.ffn_down.weight", gguf::TensorType::Q5_0, {32, 3}},
        {"blk.1.ffn_down.weight", gguf::TensorType::Q5_1, {32, 1, 2, 2}},
        {"per_layer_token_embd.weight", gguf::TensorType::BF16, {16, 5}},
        {"v.patch_embd.weight", gguf::TensorType::F16, {8, 3, 2}},
        {"blk.1.attn_q.weight", gguf::TensorType::Q2_K, {256, 1}},
        {"rope_freqs.weight", gguf::TensorType::I32, {7}},
    };
    for (const Spec &s : specs) {
        QString err;
        w.addTensor(s.name, s.type, s.ne, tensorData(rng, s.type, s.ne), &err);
    }
    return w;
}

}  // namespace facet::gguf::testutil
