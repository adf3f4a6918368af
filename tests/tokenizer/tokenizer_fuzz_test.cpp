// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Bounded mutation campaign (label "fuzz"): corrupts the tokenizer metadata of a vocab-only GGUF
// in thousands of ways and feeds random bytes and ids to encode/decode. Whatever happens, loading
// either succeeds or fails with a message naming a tokenizer key, nothing crashes (run it under
// ASan/UBSan), and every tokenizer that does load keeps the round-trip and Literal-mode
// guarantees. Reproduce a failure with FACET_TEST_SEED=<printed seed>.
#include "gguf/gguf.h"
#include "support/test_support.h"
#include "tiny_vocab.h"
#include "tokenizer/tokenizer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <limits>
#include <random>

namespace facet::tokenizer {
namespace {

using gguf::Value;
using gguf::ValueType;
using Rng = std::mt19937_64;

int64_t pick(Rng &rng, int64_t lo, int64_t hi) {
    return std::uniform_int_distribution<int64_t>(lo, hi)(rng);
}

std::string randomBytes(Rng &rng, size_t maxLen) {
    std::string s(static_cast<size_t>(pick(rng, 0, static_cast<int64_t>(maxLen))), '\0');
    for (char &c : s)
        c = static_cast<char>(pick(rng, 0, 255));
    return s;
}

// An integer likely to sit on a boundary of the tiny vocabulary (304 tokens) or of a type.
int64_t nastyInt(Rng &rng) {
    switch (pick(rng, 0, 9)) {
        case 0:
            return -1;
        case 1:
            return 0;
        case 2:
            return 303;
        case 3:
            return 304;
        case 4:
            return std::numeric_limits<int32_t>::max();
        case 5:
            return std::numeric_limits<int32_t>::min();
        case 6:
            return pick(rng, 0, 7);
        case 7:
            return std::numeric_limits<int64_t>::max();
        default:
            return pick(rng, -1000, 1000);
    }
}

const ValueType kScalarTypes[] = {ValueType::U8,  ValueType::I8,   ValueType::U16,
                                  ValueType::I16, ValueType::U32,  ValueType::I32,
                                  ValueType::F32, ValueType::Bool, ValueType::String,
                                  ValueType::U64, ValueType::I64,  ValueType::F64};

Value randomScalar(Rng &rng, ValueType t) {
    const int64_t x = nastyInt(rng);
    switch (t) {
        case ValueType::U8:
            return Value::u8(static_cast<uint8_t>(x));
        case ValueType::I8:
            return Value::i8(static_cast<int8_t>(x));
        case ValueType::U16:
            return Value::u16(static_cast<uint16_t>(x));
        case ValueType::I16:
            return Value::i16(static_cast<int16_t>(x));
        case ValueType::U32:
            return Value::u32(static_cast<uint32_t>(x));
        case ValueType::I32:
            return Value::i32(static_cast<int32_t>(x));
        case ValueType::F32: {
            const float specials[] = {std::numeric_limits<float>::quiet_NaN(),
                                      std::numeric_limits<float>::infinity(), -0.0F, 1e30F,
                                      static_cast<float>(x)};
            return Value::f32(specials[pick(rng, 0, 4)]);
        }
        case ValueType::Bool:
            return Value::boolean(x & 1);
        case ValueType::U64:
            return Value::u64(static_cast<uint64_t>(x));
        case ValueType::I64:
            return Value::i64(x);
        case ValueType::F64:
            return Value::f64(pick(rng, 0, 1) ? static_cast<double>(x) : 1e300);
        default:
            return Value::string(randomBytes(rng, 12));
    }
}

ValueType randomScalarType(Rng &rng) {
    return kScalarTypes[pick(rng, 0, std::size(kScalarTypes) - 1)];
}

// A string close to a vocabulary piece or merge: edited, glued, split or random.
std::string mutateString(Rng &rng, std::string s, const std::vector<std::string> &pool) {
    switch (pick(rng, 0, 6)) {
        case 0:
            return randomBytes(rng, 10);
        case 1:
            return "";
        case 2:
            return pool[static_cast<size_t>(pick(rng, 0, static_cast<int64_t>(pool.size()) - 1))];
        case 3: {  // glue two pool strings with a space: a plausible merge
            const auto n = static_cast<int64_t>(pool.size()) - 1;
            return pool[static_cast<size_t>(pick(rng, 0, n))] + " " +
                   pool[static_cast<size_t>(pick(rng, 0, n))];
        }
        case 4:
            if (!s.empty())
                s.erase(static_cast<size_t>(pick(rng, 0, static_cast<int64_t>(s.size()) - 1)), 1);
            return s;
        case 5:
            s.insert(s.begin() + pick(rng, 0, static_cast<int64_t>(s.size())),
                     static_cast<char>(pick(rng, 0, 255)));
            return s;
        default:
            return s + s;
    }
}

Value mutateArray(Rng &rng, const gguf::Array &a, const std::vector<std::string> &pool) {
    if (a.elementType == ValueType::Array) {  // an earlier mutation nested it: start over
        return Value::stringArray({randomBytes(rng, 4), randomBytes(rng, 4)});
    }
    std::vector<Value> values = a.values;
    ValueType elem = a.elementType;
    const int64_t n = static_cast<int64_t>(values.size());
    switch (pick(rng, 0, 7)) {
        case 0:  // truncate
            values.resize(static_cast<size_t>(pick(rng, 0, n)));
            break;
        case 1:  // extend with values of the element type
            for (int64_t i = pick(rng, 1, 20); i > 0; --i) {
                values.push_back(elem == ValueType::String
                                     ? Value::string(mutateString(rng, "", pool))
                                     : randomScalar(rng, elem));
            }
            break;
        case 2:  // change the element type entirely
            elem = randomScalarType(rng);
            for (Value &v : values)
                v = randomScalar(rng, elem);
            break;
        case 3:  // nested arrays
            return Value::array(ValueType::Array,
                                {Value::i32Array({1, 2}), Value::stringArray({"a"})});
        case 4:  // swap two elements
            if (n > 1) {
                std::swap(values[static_cast<size_t>(pick(rng, 0, n - 1))],
                          values[static_cast<size_t>(pick(rng, 0, n - 1))]);
            }
            break;
        default:  // corrupt a few elements in place
            for (int64_t k = pick(rng, 1, 4); k > 0 && n > 0; --k) {
                Value &v = values[static_cast<size_t>(pick(rng, 0, n - 1))];
                if (elem == ValueType::String) {
                    v = Value::string(mutateString(rng, *v.toString(), pool));
                } else if (elem == ValueType::I32 && pick(rng, 0, 1)) {
                    v = Value::i32(static_cast<int32_t>(pick(rng, -2, 8)));  // token types
                } else {
                    v = randomScalar(rng, elem);
                }
            }
            break;
    }
    return Value::array(elem, std::move(values));
}

// Round trip, Literal mode and streaming on a handful of random inputs.
void exercise(const Tokenizer &t, Rng &rng, const std::vector<std::string> &pool) {
    for (int i = 0; i < 4; ++i) {
        std::string s;
        for (int64_t k = pick(rng, 0, 12); k > 0; --k) {
            s +=
                pick(rng, 0, 2)
                    ? pool[static_cast<size_t>(pick(rng, 0, static_cast<int64_t>(pool.size()) - 1))]
                    : randomBytes(rng, 3);
        }
        const std::vector<int32_t> parsed = t.encode(s, Special::Parse);
        const std::vector<int32_t> literal = t.encode(s, Special::Literal);
        ASSERT_EQ(t.decode(parsed), s) << ::testing::PrintToString(s);
        ASSERT_EQ(t.decode(literal), s) << ::testing::PrintToString(s);
        for (const int32_t id : literal)
            ASSERT_FALSE(t.isControl(id));
        StreamDecoder sd(t);
        std::string all;
        for (const int32_t id : parsed)
            all += sd.push(id);
        ASSERT_EQ(all + sd.finish(), s);
    }
    std::vector<int32_t> ids(static_cast<size_t>(pick(rng, 0, 16)));
    for (int32_t &id : ids)
        id = static_cast<int32_t>(pick(rng, -3, t.vocabSize() + 3));
    (void)t.decode(ids);
}

struct Campaign : ::testing::Test {
    void SetUp() override {
        const Vocabulary v = test::tinyVocabulary();
        pool = v.tokens;
        pool.insert(pool.end(), v.merges.begin(), v.merges.end());
        baseBytes = test::tinyVocabularyGguf(v);
        QString err;
        auto f = gguf::File::fromBytes(baseBytes, &err);
        ASSERT_TRUE(f) << err.toStdString();
        base = f->metadata();
    }
    std::vector<std::string> pool;
    QByteArray baseBytes;
    std::vector<gguf::KeyValue> base;
};

TEST_F(Campaign, CorruptedMetadataLoadsOrFailsClearly) {
    Rng rng = test::seededRng();
    const std::vector<std::string> keys = {
        "tokenizer.ggml.model",         "tokenizer.ggml.tokens",
        "tokenizer.ggml.scores",        "tokenizer.ggml.token_type",
        "tokenizer.ggml.merges",        "tokenizer.ggml.bos_token_id",
        "tokenizer.ggml.eos_token_id",  "tokenizer.ggml.padding_token_id",
        "tokenizer.ggml.eos_token_ids", "tokenizer.ggml.unknown_token_id"};
    int loaded = 0, rejected = 0;
    for (int iter = 0; iter < 4000; ++iter) {
        std::vector<gguf::KeyValue> kvs = base;
        for (int64_t m = pick(rng, 1, 3); m > 0; --m) {
            const std::string &key = keys[static_cast<size_t>(pick(rng, 0, keys.size() - 1))];
            auto it =
                std::find_if(kvs.begin(), kvs.end(), [&](const auto &kv) { return kv.key == key; });
            const int64_t what = pick(rng, 0, 9);
            if (it == kvs.end()) {
                kvs.push_back({key, randomScalar(rng, randomScalarType(rng))});
            } else if (what == 0) {
                kvs.erase(it);
            } else if (what == 1 || !it->value.toArray()) {
                it->value = randomScalar(rng, what == 1 ? randomScalarType(rng) : it->value.type);
            } else {
                it->value = mutateArray(rng, *it->value.toArray(), pool);
            }
        }
        gguf::Writer w;
        for (const gguf::KeyValue &kv : kvs)
            w.set(kv.key, kv.value);
        QString err;
        ASSERT_TRUE(w.validate(&err)) << err.toStdString();
        auto file = gguf::File::fromBytes(w.toBytes(), &err);
        ASSERT_TRUE(file) << "gguf::Writer output did not parse: " << err.toStdString();
        auto t = Tokenizer::fromGguf(*file, &err);
        if (!t) {
            ++rejected;
            ASSERT_TRUE(err.contains(QStringLiteral("tokenizer.ggml."))) << err.toStdString();
            continue;
        }
        ++loaded;
        exercise(*t, rng, pool);
        if (HasFatalFailure()) return;
    }
    std::printf("[ campaign ] %d loaded, %d rejected\n", loaded, rejected);
    EXPECT_GT(loaded, 100);
    EXPECT_GT(rejected, 100);
}

TEST_F(Campaign, RandomlyDamagedFileBytes) {
    Rng rng = test::seededRng();
    int parsed = 0;
    for (int iter = 0; iter < 2500; ++iter) {
        QByteArray bytes = baseBytes;
        switch (pick(rng, 0, 3)) {
            case 0:
                bytes.truncate(static_cast<qsizetype>(pick(rng, 0, bytes.size())));
                break;
            case 1:
                for (int64_t k = pick(rng, 1, 8); k > 0; --k) {
                    bytes[static_cast<qsizetype>(pick(rng, 0, bytes.size() - 1))] =
                        static_cast<char>(pick(rng, 0, 255));
                }
                break;
            case 2: {  // overwrite a little-endian length or count with a nasty value
                const qsizetype at = static_cast<qsizetype>(pick(rng, 0, bytes.size() - 8));
                const uint64_t v = static_cast<uint64_t>(nastyInt(rng));
                for (int b = 0; b < 8; ++b)
                    bytes[at + b] = static_cast<char>(v >> (8 * b));
                break;
            }
            default:
                bytes.insert(static_cast<qsizetype>(pick(rng, 0, bytes.size())),
                             QByteArray::fromStdString(randomBytes(rng, 16)));
                break;
        }
        QString err;
        auto file = gguf::File::fromBytes(bytes, &err);
        if (!file) {
            ASSERT_FALSE(err.isEmpty());
            continue;
        }
        ++parsed;
        auto t = Tokenizer::fromGguf(*file, &err);
        if (!t) {
            ASSERT_FALSE(err.isEmpty());
            continue;
        }
        exercise(*t, rng, pool);
        if (HasFatalFailure()) return;
    }
    std::printf("[ campaign ] %d of 2500 damaged files still parsed\n", parsed);
}

TEST_F(Campaign, RandomInputsToEncodeAndDecode) {
    Rng rng = test::seededRng();
    QString err;
    auto t = Tokenizer::fromVocabulary(test::tinyVocabulary(), &err);
    ASSERT_TRUE(t) << err.toStdString();
    auto scored = Tokenizer::fromVocabulary(test::tinyVocabulary(false), &err);
    ASSERT_TRUE(scored) << err.toStdString();
    for (int iter = 0; iter < 5000; ++iter) {
        exercise(iter % 2 ? *t : *scored, rng, pool);
        if (HasFatalFailure()) return;
    }
}

}  // namespace
}  // namespace facet::tokenizer
