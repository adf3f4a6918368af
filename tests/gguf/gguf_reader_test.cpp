// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Reader and writer: round trips of every value type, hand-built version 1/2/3 files, alignment
// variants, atomic writes, and one hand-crafted corrupt input per validation error.
#include "gguf/gguf.h"
#include "gguf_test_util.h"
#include "support/test_support.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <sys/resource.h>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstring>
#include <ctime>
#include <limits>

namespace facet::gguf {
namespace {

using testutil::Bytes;

std::unique_ptr<File> parse(const QByteArray &bytes, QString *error = nullptr) {
    QString err;
    auto f = File::fromBytes(bytes, &err);
    if (error) *error = err;
    return f;
}

// Parses bytes that must be rejected and returns the message.
std::string parseError(const QByteArray &bytes) {
    QString err;
    auto f = File::fromBytes(bytes, &err);
    EXPECT_EQ(f, nullptr) << "corrupt input was accepted";
    EXPECT_FALSE(err.isEmpty());
    return err.toStdString();
}

#define EXPECT_CONTAINS(haystack, needle)                            \
    EXPECT_NE(std::string(haystack).find(needle), std::string::npos) \
        << "message: " << (haystack) << "\nexpected to contain: " << (needle)

QByteArray bytesOf(const std::vector<float> &v) {
    return QByteArray(reinterpret_cast<const char *>(v.data()),
                      static_cast<qsizetype>(v.size() * sizeof(float)));
}

// --- round trips -------------------------------------------------------------------------------

TEST(GgufRoundTrip, EveryScalarType) {
    Writer w;
    w.set("u8", Value::u8(255));
    w.set("i8", Value::i8(-128));
    w.set("u16", Value::u16(65535));
    w.set("i16", Value::i16(-32768));
    w.set("u32", Value::u32(0xffffffffu));
    w.set("i32", Value::i32(std::numeric_limits<int32_t>::min()));
    w.set("f32", Value::f32(-1.5f));
    w.set("f32.inf", Value::f32(std::numeric_limits<float>::infinity()));
    w.set("f32.nan", Value::f32(std::numeric_limits<float>::quiet_NaN()));
    w.set("bool.t", Value::boolean(true));
    w.set("bool.f", Value::boolean(false));
    w.set("str", Value::string("h\xC3\xA9llo \xE2\x96\x81world"));
    w.set("str.empty", Value::string(""));
    w.set("str.nul", Value::string(std::string("a\0b", 3)));
    w.set("u64", Value::u64(std::numeric_limits<uint64_t>::max()));
    w.set("i64", Value::i64(std::numeric_limits<int64_t>::min()));
    w.set("f64", Value::f64(1e-300));
    w.set("u32", Value::u32(42));  // replacing keeps the first position

    QString err;
    auto f = parse(w.toBytes(), &err);
    ASSERT_TRUE(f) << err.toStdString();
    EXPECT_EQ(f->version(), 3u);
    ASSERT_EQ(f->metadata().size(), 17u);
    EXPECT_EQ(f->metadata()[4].key, "u32");
    EXPECT_EQ(f->find("u8")->type, ValueType::U8);
    EXPECT_EQ(std::get<uint8_t>(f->find("u8")->data), 255);
    EXPECT_EQ(std::get<int8_t>(f->find("i8")->data), -128);
    EXPECT_EQ(std::get<uint16_t>(f->find("u16")->data), 65535);
    EXPECT_EQ(std::get<int16_t>(f->find("i16")->data), -32768);
    EXPECT_EQ(std::get<uint32_t>(f->find("u32")->data), 42u);
    EXPECT_EQ(std::get<int32_t>(f->find("i32")->data), std::numeric_limits<int32_t>::min());
    EXPECT_EQ(std::get<float>(f->find("f32")->data), -1.5f);
    EXPECT_TRUE(std::isinf(std::get<float>(f->find("f32.inf")->data)));
    EXPECT_TRUE(std::isnan(std::get<float>(f->find("f32.nan")->data)));
    EXPECT_EQ(f->getBool("bool.t"), true);
    EXPECT_EQ(f->getBool("bool.f"), false);
    EXPECT_EQ(f->getString("str"), "h\xC3\xA9llo \xE2\x96\x81world");
    EXPECT_EQ(f->getString("str.empty"), "");
    EXPECT_EQ(f->getString("str.nul"), std::string("a\0b", 3));
    EXPECT_EQ(std::get<uint64_t>(f->find("u64")->data), std::numeric_limits<uint64_t>::max());
    EXPECT_EQ(f->getInt("i64"), std::numeric_limits<int64_t>::min());
    EXPECT_EQ(f->getFloat("f64"), 1e-300);
    for (const KeyValue &kv : f->metadata()) {
        EXPECT_EQ(kv.value.data.index(), static_cast<size_t>(kv.value.type)) << kv.key;
    }
}

TEST(GgufRoundTrip, TypedLookups) {
    Writer w;
    w.set("big", Value::u64(std::numeric_limits<uint64_t>::max()));
    w.set("one", Value::i32(1));
    w.set("two", Value::u8(2));
    w.set("f", Value::f32(0.25f));
    w.set("s", Value::string("x"));
    w.set("a", Value::i32Array({1, 2}));
    auto f = parse(w.toBytes());
    ASSERT_TRUE(f);
    EXPECT_EQ(f->getInt("big"), std::nullopt);  // does not fit in int64
    EXPECT_EQ(f->getFloat("big"), 18446744073709551615.0);
    EXPECT_EQ(f->getInt("one"), 1);
    EXPECT_EQ(f->getBool("one"), true);
    EXPECT_EQ(f->getBool("two"), std::nullopt);
    EXPECT_EQ(f->getFloat("two"), 2.0);
    EXPECT_EQ(f->getFloat("f"), 0.25);
    EXPECT_EQ(f->getInt("f"), std::nullopt);
    EXPECT_EQ(f->getString("one"), std::nullopt);
    EXPECT_EQ(f->getString("s"), "x");
    EXPECT_EQ(f->getArray("s"), nullptr);
    ASSERT_NE(f->getArray("a"), nullptr);
    EXPECT_EQ(f->getArray("a")->values.size(), 2u);
    EXPECT_EQ(f->find("missing"), nullptr);
    EXPECT_EQ(f->getInt("missing"), std::nullopt);
    EXPECT_EQ(f->tensor("missing"), nullptr);
    EXPECT_TRUE(f->find("one")->isInteger());
    EXPECT_TRUE(f->find("f")->isNumber());
    EXPECT_FALSE(f->find("f")->isInteger());
    EXPECT_FALSE(f->find("s")->isNumber());
}

TEST(GgufRoundTrip, ArraysEmptyAndNested) {
    Writer w;
    const ValueType scalarTypes[] = {
        ValueType::U8,  ValueType::I8,  ValueType::U16,  ValueType::I16,    ValueType::U32,
        ValueType::I32, ValueType::F32, ValueType::Bool, ValueType::String, ValueType::U64,
        ValueType::I64, ValueType::F64, ValueType::Array};
    for (ValueType t : scalarTypes)
        w.set(std::string("empty.") + valueTypeName(t), Value::array(t, {}));
    w.set("u8s", Value::array(ValueType::U8, {Value::u8(0), Value::u8(255)}));
    w.set("i8s", Value::array(ValueType::I8, {Value::i8(-1), Value::i8(127)}));
    w.set("i16s", Value::array(ValueType::I16, {Value::i16(-2)}));
    w.set("u32s", Value::array(ValueType::U32, {Value::u32(7)}));
    w.set("u64s", Value::array(ValueType::U64, {Value::u64(1ull << 63)}));
    w.set("i64s", Value::array(ValueType::I64, {Value::i64(-3)}));
    w.set("f64s", Value::array(ValueType::F64, {Value::f64(2.5)}));
    w.set("f32s", Value::f32Array({1.0f, -0.0f}));
    w.set("bools", Value::boolArray({true, false}));
    w.set("strings", Value::stringArray({"", "a", std::string(300, 'z')}));
    w.set("nested", Value::array(ValueType::Array,
                                 {Value::array(ValueType::U16, {Value::u16(1), Value::u16(2)}),
                                  Value::array(ValueType::String, {}),
                                  Value::array(ValueType::Array, {Value::stringArray({"deep", ""}),
                                                                  Value::i32Array({})})}));
    // Eight levels of nesting is the most the reader accepts.
    Value deep = Value::i32Array({5});
    for (int i = 0; i < 7; ++i)
        deep = Value::array(ValueType::Array, {deep});
    w.set("deep8", deep);

    QString err;
    auto f = parse(w.toBytes(), &err);
    ASSERT_TRUE(f) << err.toStdString();
    for (ValueType t : scalarTypes) {
        const Array *a = f->getArray(std::string("empty.") + valueTypeName(t));
        ASSERT_NE(a, nullptr);
        EXPECT_EQ(a->elementType, t);
        EXPECT_TRUE(a->values.empty());
    }
    EXPECT_EQ(std::get<uint8_t>(f->getArray("u8s")->values[1].data), 255);
    EXPECT_EQ(std::get<int8_t>(f->getArray("i8s")->values[0].data), -1);
    EXPECT_EQ(std::get<int16_t>(f->getArray("i16s")->values[0].data), -2);
    EXPECT_EQ(std::get<uint32_t>(f->getArray("u32s")->values[0].data), 7u);
    EXPECT_EQ(std::get<uint64_t>(f->getArray("u64s")->values[0].data), 1ull << 63);
    EXPECT_EQ(f->getArray("i64s")->values[0].toInt(), -3);
    EXPECT_EQ(f->getArray("f64s")->values[0].toDouble(), 2.5);
    EXPECT_TRUE(std::signbit(std::get<float>(f->getArray("f32s")->values[1].data)));
    EXPECT_EQ(f->getArray("bools")->values[0].toBool(), true);
    EXPECT_EQ(f->getArray("bools")->values[1].toBool(), false);
    const Array *strings = f->getArray("strings");
    ASSERT_EQ(strings->values.size(), 3u);
    EXPECT_EQ(*strings->values[0].toString(), "");
    EXPECT_EQ(*strings->values[2].toString(), std::string(300, 'z'));

    const Array *nested = f->getArray("nested");
    ASSERT_NE(nested, nullptr);
    EXPECT_EQ(nested->elementType, ValueType::Array);
    ASSERT_EQ(nested->values.size(), 3u);
    EXPECT_EQ(nested->values[0].toArray()->elementType, ValueType::U16);
    EXPECT_EQ(std::get<uint16_t>(nested->values[0].toArray()->values[1].data), 2);
    EXPECT_EQ(nested->values[1].toArray()->elementType, ValueType::String);
    EXPECT_TRUE(nested->values[1].toArray()->values.empty());
    const Array *inner = nested->values[2].toArray();
    EXPECT_EQ(*inner->values[0].toArray()->values[0].toString(), "deep");
    EXPECT_EQ(inner->values[1].toArray()->elementType, ValueType::I32);

    const Value *v = f->find("deep8");
    for (int level = 0; level < 7; ++level) {
        ASSERT_NE(v->toArray(), nullptr);
        v = &v->toArray()->values[0];
    }
    EXPECT_EQ(v->toArray()->values[0].toInt(), 5);
}

TEST(GgufRoundTrip, TensorsOfEveryTypeAndRank) {
    auto rng = test::seededRng();
    struct Spec {
        TensorType type;
        std::vector<uint64_t> ne;
    };
    const std::vector<Spec> specs = {
        {TensorType::F32, {5}},          {TensorType::F16, {3, 2}},
        {TensorType::BF16, {2, 2, 2}},   {TensorType::Q4_0, {32, 1, 1, 3}},
        {TensorType::Q4_1, {64, 2}},     {TensorType::Q5_0, {32, 2}},
        {TensorType::Q5_1, {96}},        {TensorType::Q8_0, {32, 3}},
        {TensorType::Q8_1, {32}},        {TensorType::Q2_K, {256}},
        {TensorType::Q3_K, {256, 2}},    {TensorType::Q4_K, {512, 2}},
        {TensorType::Q5_K, {256, 1, 2}}, {TensorType::Q6_K, {256, 3}},
        {TensorType::Q8_K, {256}},       {TensorType::I8, {3}},
        {TensorType::I16, {3}},          {TensorType::I32, {3}},
        {TensorType::I64, {3}},          {TensorType::F64, {3}},
        {TensorType::MXFP4, {64, 2}},
    };
    Writer w;
    std::vector<QByteArray> data;
    for (size_t i = 0; i < specs.size(); ++i) {
        data.push_back(testutil::tensorData(rng, specs[i].type, specs[i].ne));
        QString err;
        ASSERT_TRUE(
            w.addTensor("t" + std::to_string(i), specs[i].type, specs[i].ne, data.back(), &err))
            << err.toStdString();
    }
    const QByteArray bytes = w.toBytes();
    QString err;
    auto f = parse(bytes, &err);
    ASSERT_TRUE(f) << err.toStdString();
    ASSERT_EQ(f->tensors().size(), specs.size());
    EXPECT_EQ(f->dataOffset() % 32, 0u);
    for (size_t i = 0; i < specs.size(); ++i) {
        const TensorInfo *t = f->tensor("t" + std::to_string(i));
        ASSERT_NE(t, nullptr);
        EXPECT_EQ(t, &f->tensors()[i]);
        const auto traits = *typeTraits(specs[i].type);
        SCOPED_TRACE(traits.name);
        EXPECT_EQ(t->type, specs[i].type);
        EXPECT_EQ(t->ne, specs[i].ne);
        uint64_t n = 1;
        for (uint64_t d : specs[i].ne)
            n *= d;
        EXPECT_EQ(t->nelements, n);
        EXPECT_EQ(t->nbytes, static_cast<uint64_t>(data[i].size()));
        EXPECT_EQ(t->rowBytes(), specs[i].ne[0] / traits.blockSize * traits.bytesPerBlock);
        EXPECT_EQ(t->rows(), n / specs[i].ne[0]);
        EXPECT_EQ(t->dim(0), specs[i].ne[0]);
        EXPECT_EQ(t->dim(3), specs[i].ne.size() > 3 ? specs[i].ne[3] : 1u);
        EXPECT_EQ(t->offset % 32, 0u);
        EXPECT_EQ(t->data, f->bytes() + f->dataOffset() + t->offset);
        EXPECT_EQ(std::memcmp(t->data, data[i].constData(), data[i].size()), 0);
    }
}

TEST(GgufRoundTrip, AlignmentVariants) {
    auto rng = test::seededRng();
    for (uint32_t alignment : {1u, 2u, 8u, 16u, 32u, 64u, 256u, 4096u}) {
        SCOPED_TRACE(alignment);
        Writer w(alignment);
        w.set("general.name", Value::string("x"));
        const std::vector<float> a = testutil::randomFloats(rng, 3, 1.0f);
        const std::vector<float> b = testutil::randomFloats(rng, 5, 1.0f);
        ASSERT_TRUE(w.addTensor("a", TensorType::F32, {3}, bytesOf(a), nullptr));
        ASSERT_TRUE(w.addTensor("b", TensorType::F32, {5}, bytesOf(b), nullptr));
        QString err;
        auto f = parse(w.toBytes(), &err);
        ASSERT_TRUE(f) << err.toStdString();
        EXPECT_EQ(f->alignment(), alignment);
        EXPECT_EQ(f->getInt("general.alignment"),
                  alignment == 32 ? std::nullopt : std::optional<int64_t>(alignment));
        EXPECT_EQ(f->dataOffset() % alignment, 0u);
        EXPECT_EQ(f->tensor("b")->offset, (12 + alignment - 1) / alignment * alignment);
        EXPECT_EQ(std::memcmp(f->tensor("b")->data, b.data(), 20), 0);
    }
    // An explicit general.alignment is written as the writer's own value.
    Writer w(64);
    w.set("general.alignment", Value::u32(8));
    auto f = parse(w.toBytes());
    ASSERT_TRUE(f);
    EXPECT_EQ(f->alignment(), 64u);
}

// The same content hand-built as version 1 (u32 counts, lengths and dims), 2 and 3 (u64).
QByteArray handBuilt(uint32_t version) {
    Bytes b(version);
    b.header(2, 4);
    b.kvString("general.architecture", "gemma4");
    b.kvU32("general.alignment", 16);
    b.key("tokenizer.ggml.tokens", ValueType::Array).arrayHeader(ValueType::String, 3);
    b.str("<pad>").str("").str("\xE2\x96\x81the");
    b.key("nested", ValueType::Array).arrayHeader(ValueType::Array, 2);
    b.arrayHeader(ValueType::I32, 2).i32(-1).i32(2);
    b.arrayHeader(ValueType::String, 1).str("s");
    b.tensorInfo("w", {4, 2}, static_cast<uint32_t>(TensorType::F32), 0);
    b.tensorInfo("v", {32}, static_cast<uint32_t>(TensorType::Q8_0), 32);
    b.pad(16);
    for (int i = 0; i < 8; ++i)
        b.f32(static_cast<float>(i) * 0.5f);
    b.zeros(34);  // the Q8_0 block: d = 0
    return b.b;
}

TEST(GgufVersions, HandBuiltV1V2V3) {
    for (uint32_t version : {1u, 2u, 3u}) {
        SCOPED_TRACE(version);
        QString err;
        auto f = parse(handBuilt(version), &err);
        ASSERT_TRUE(f) << err.toStdString();
        EXPECT_EQ(f->version(), version);
        EXPECT_EQ(f->alignment(), 16u);
        EXPECT_EQ(f->getString("general.architecture"), "gemma4");
        const Array *tokens = f->getArray("tokenizer.ggml.tokens");
        ASSERT_NE(tokens, nullptr);
        ASSERT_EQ(tokens->values.size(), 3u);
        EXPECT_EQ(*tokens->values[2].toString(), "\xE2\x96\x81the");
        const Array *nested = f->getArray("nested");
        ASSERT_NE(nested, nullptr);
        EXPECT_EQ(nested->values[0].toArray()->values[0].toInt(), -1);
        EXPECT_EQ(*nested->values[1].toArray()->values[0].toString(), "s");
        ASSERT_EQ(f->tensors().size(), 2u);
        const TensorInfo *w = f->tensor("w");
        EXPECT_EQ(w->ne, (std::vector<uint64_t>{4, 2}));
        EXPECT_EQ(w->nbytes, 32u);
        EXPECT_EQ(f->dataOffset() % 16, 0u);
        float x;
        std::memcpy(&x, w->data + 4 * 7, 4);
        EXPECT_EQ(x, 3.5f);
        EXPECT_EQ(f->tensor("v")->data, f->bytes() + f->dataOffset() + 32);
    }
}

TEST(GgufVersions, WriterOutputMatchesHandBuiltV3) {
    Writer w(16);
    w.set("general.architecture", Value::string("gemma4"));
    w.set("general.alignment", Value::u32(16));
    w.set("tokenizer.ggml.tokens", Value::stringArray({"<pad>", "", "\xE2\x96\x81the"}));
    w.set("nested",
          Value::array(ValueType::Array, {Value::i32Array({-1, 2}), Value::stringArray({"s"})}));
    std::vector<float> x(8);
    for (int i = 0; i < 8; ++i)
        x[i] = static_cast<float>(i) * 0.5f;
    ASSERT_TRUE(w.addTensor("w", TensorType::F32, {4, 2}, bytesOf(x), nullptr));
    ASSERT_TRUE(w.addTensor("v", TensorType::Q8_0, {32}, QByteArray(34, '\0'), nullptr));
    QByteArray expected = handBuilt(3);
    expected.append(QByteArray(14, '\0'));  // the writer pads after the last tensor too
    EXPECT_EQ(w.toBytes(), expected);
}

TEST(GgufVersions, NoTensorsNoMetadata) {
    Bytes b;
    b.header(0, 0);
    auto f = parse(b.b);
    ASSERT_TRUE(f);
    EXPECT_TRUE(f->metadata().empty());
    EXPECT_TRUE(f->tensors().empty());
    EXPECT_EQ(Writer().toBytes().size(), 32);  // 24-byte header padded to 32
    EXPECT_TRUE(parse(Writer().toBytes()));
}

// --- writer ----------------------------------------------------------------------------------

TEST(GgufWriter, RejectsBadTensors) {
    Writer w;
    QString err;
    EXPECT_TRUE(w.addTensor("a", TensorType::F32, {2}, QByteArray(8, '\0'), &err));
    EXPECT_FALSE(w.addTensor("a", TensorType::F32, {2}, QByteArray(8, '\0'), &err));
    EXPECT_TRUE(err.contains("duplicate")) << err.toStdString();
    EXPECT_FALSE(w.addTensor("", TensorType::F32, {2}, QByteArray(8, '\0'), &err));
    EXPECT_FALSE(w.addTensor("b", TensorType::F32, {}, QByteArray(), &err));
    EXPECT_TRUE(err.contains("dimensions")) << err.toStdString();
    EXPECT_FALSE(w.addTensor("b", TensorType::F32, {1, 1, 1, 1, 1}, QByteArray(4, '\0'), &err));
    EXPECT_FALSE(w.addTensor("b", TensorType::F32, {2, 0}, QByteArray(), &err));
    EXPECT_TRUE(err.contains("is 0")) << err.toStdString();
    EXPECT_FALSE(w.addTensor("b", TensorType::F32, {2}, QByteArray(7, '\0'), &err));
    EXPECT_TRUE(err.contains("needs 8")) << err.toStdString();
    EXPECT_FALSE(w.addTensor("b", TensorType::Q4_0, {16}, QByteArray(9, '\0'), &err));
    EXPECT_TRUE(err.contains("block size 32")) << err.toStdString();
    EXPECT_FALSE(w.addTensor("b", static_cast<TensorType>(4), {32}, QByteArray(), &err));
    EXPECT_TRUE(err.contains("unknown tensor type id 4")) << err.toStdString();
    EXPECT_FALSE(w.addTensor("b", TensorType::F32, {1ull << 32, 1ull << 32}, QByteArray(), &err));
    EXPECT_TRUE(err.contains("overflows")) << err.toStdString();
}

TEST(GgufWriter, ValidateRejectsUnencodableValues) {
    QString err;
    EXPECT_FALSE(Writer(48).validate(&err));
    EXPECT_TRUE(err.contains("alignment 48")) << err.toStdString();
    EXPECT_TRUE(Writer(48).toBytes().isEmpty());
    EXPECT_FALSE(Writer(0).validate(&err));

    Writer mismatch;
    Value bad = Value::u32(1);
    bad.type = ValueType::I64;  // data still holds a u32
    mismatch.set("bad", bad);
    EXPECT_FALSE(mismatch.validate(&err));
    EXPECT_TRUE(err.contains("'bad'")) << err.toStdString();
    EXPECT_TRUE(mismatch.toBytes().isEmpty());

    Writer mixed;
    mixed.set("mixed", Value::array(ValueType::U8, {Value::u8(1), Value::i8(2)}));
    EXPECT_FALSE(mixed.validate(&err));
    EXPECT_TRUE(err.contains("[1]")) << err.toStdString();

    Writer nestedBad;
    nestedBad.set(
        "n", Value::array(ValueType::Array, {Value::array(ValueType::String, {Value::u8(1)})}));
    EXPECT_FALSE(nestedBad.validate(&err));
    EXPECT_TRUE(err.contains("[0][0]")) << err.toStdString();

    Writer emptyKey;
    emptyKey.set("", Value::u8(1));
    EXPECT_FALSE(emptyKey.validate(&err));
    EXPECT_FALSE(emptyKey.write(QDir::tempPath() + "/never-written.gguf", &err));
}

TEST(GgufWriter, WritesAtomicallyAndOpens) {
    auto rng = test::seededRng();
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString path = dir.filePath("model.gguf");
    Writer w = testutil::fixtureWriter(rng, 64, 100);
    QString err;
    ASSERT_TRUE(w.write(path, &err)) << err.toStdString();
    auto f = File::open(path, &err);
    ASSERT_TRUE(f) << err.toStdString();
    EXPECT_EQ(f->path(), path);
    EXPECT_EQ(f->fileSize(), static_cast<uint64_t>(w.toBytes().size()));
    EXPECT_EQ(std::memcmp(f->bytes(), w.toBytes().constData(), f->fileSize()), 0);
    EXPECT_EQ(f->alignment(), 64u);
    EXPECT_EQ(f->tensors().size(), 13u);
    EXPECT_EQ(f->getArray("tokenizer.ggml.tokens")->values.size(), 101u);
    // Only the target exists afterwards: no temp files left behind.
    EXPECT_EQ(QDir(dir.path()).entryList(QDir::Files), QStringList{"model.gguf"});
}

TEST(GgufWriter, ReportsUnwritablePaths) {
    QTemporaryDir dir;
    Writer w;
    w.set("k", Value::u8(1));
    QString err;
    const QString missing = dir.filePath("no/such/dir/model.gguf");
    EXPECT_FALSE(w.write(missing, &err));
    EXPECT_TRUE(err.startsWith(missing)) << err.toStdString();
    EXPECT_TRUE(err.contains("cannot create")) << err.toStdString();
    EXPECT_FALSE(w.write(dir.path(), &err));  // a directory
    EXPECT_FALSE(err.isEmpty());
}

// A full disk, simulated with a file size limit: writes past it fail with EFBIG. The previous
// file at the path must survive untouched.
TEST(GgufWriter, ReportsDiskFullAndKeepsOldFile) {
    QTemporaryDir dir;
    const QString path = dir.filePath("model.gguf");
    {
        QFile old(path);
        ASSERT_TRUE(old.open(QIODevice::WriteOnly));
        old.write("previous contents");
    }
    Writer w;
    w.set("big", Value::string(std::string(1 << 20, 'x')));

    rlimit saved{};
    ASSERT_EQ(getrlimit(RLIMIT_FSIZE, &saved), 0);
    auto previousHandler = std::signal(SIGXFSZ, SIG_IGN);
    rlimit limited = saved;
    limited.rlim_cur = 64 * 1024;
    ASSERT_EQ(setrlimit(RLIMIT_FSIZE, &limited), 0);
    QString err;
    const bool ok = w.write(path, &err);
    setrlimit(RLIMIT_FSIZE, &saved);
    std::signal(SIGXFSZ, previousHandler);

    EXPECT_FALSE(ok);
    EXPECT_TRUE(err.startsWith(path)) << err.toStdString();
    EXPECT_TRUE(err.contains("write failed") || err.contains("cannot finish")) << err.toStdString();
    QFile old(path);
    ASSERT_TRUE(old.open(QIODevice::ReadOnly));
    EXPECT_EQ(old.readAll(), QByteArray("previous contents"));
    EXPECT_EQ(QDir(dir.path()).entryList(QDir::Files), QStringList{"model.gguf"});
}

// --- File::open ----------------------------------------------------------------------------

TEST(GgufOpen, ErrorsNameThePath) {
    QTemporaryDir dir;
    QString err;
    const QString missing = dir.filePath("missing.gguf");
    EXPECT_FALSE(File::open(missing, &err));
    EXPECT_TRUE(err.startsWith(missing + ": cannot open")) << err.toStdString();

    const QString empty = dir.filePath("empty.gguf");
    QFile(empty).open(QIODevice::WriteOnly);
    EXPECT_FALSE(File::open(empty, &err));
    EXPECT_EQ(err, empty + ": file is empty");

    EXPECT_FALSE(File::open(dir.path(), &err));
    EXPECT_TRUE(err.startsWith(dir.path())) << err.toStdString();

    const QString corrupt = dir.filePath("corrupt.gguf");
    {
        QFile f(corrupt);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write("GGUF\x07\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0", 24);
    }
    EXPECT_FALSE(File::open(corrupt, &err));
    EXPECT_EQ(err, corrupt + ": unsupported GGUF version 7 at byte 4 (supported: 1-3)");
}

// --- validation errors -----------------------------------------------------------------------

TEST(GgufValidation, Header) {
    EXPECT_CONTAINS(parseError(QByteArray()), "too small to be a GGUF file (0 bytes)");
    EXPECT_CONTAINS(parseError(QByteArray("GGUF\3\0\0\0", 8)), "(8 bytes)");
    Bytes magic;
    magic.raw(std::string("GGML")).u32(3).u64(0).u64(0);
    EXPECT_CONTAINS(parseError(magic.b), "bad magic 'GGML' at byte 0");
    Bytes v0(0), v4(4), be(0x03000000);
    EXPECT_CONTAINS(parseError(v0.header(0, 0).b), "unsupported GGUF version 0 at byte 4");
    EXPECT_CONTAINS(parseError(v4.header(0, 0).b), "unsupported GGUF version 4");
    EXPECT_CONTAINS(parseError(be.header(0, 0).b), "big-endian");
    Bytes truncated;
    truncated.header(0, 0);
    truncated.b.chop(4);
    EXPECT_CONTAINS(parseError(truncated.b), "header: metadata key count at byte 16 runs past end");
}

TEST(GgufValidation, ImpossibleCounts) {
    Bytes kv;
    kv.header(0, 0xffffffffffffffffull).zeros(64);
    EXPECT_CONTAINS(parseError(kv.b),
                    "metadata key count 18446744073709551615 at byte 16 is impossible");
    Bytes tensors;
    tensors.header(1ull << 40, 0).zeros(64);
    EXPECT_CONTAINS(parseError(tensors.b), "tensor count 1099511627776 at byte 8 is impossible");
    // Each count fits on its own, but not both together.
    Bytes both(1);
    both.header(2, 4).zeros(60);
    EXPECT_CONTAINS(parseError(both.b), "cannot fit");
    // The tensor count is checked again once the metadata has been read.
    Bytes after;
    after.header(2, 1).kvString("k", std::string(100, 'x')).zeros(20);
    EXPECT_CONTAINS(parseError(after.b), "tensor infos: 2 tensor infos cannot fit");
}

TEST(GgufValidation, Keys) {
    Bytes pastEnd;
    pastEnd.header(0, 1).u64(1000).raw(std::string("abc")).zeros(20);
    EXPECT_CONTAINS(
        parseError(pastEnd.b),
        "metadata key #0 at byte 24: key of length 1000 at byte 24 runs past end of file "
        "(size 55)");
    Bytes empty;
    empty.header(0, 1).str("").u32(4).u32(0);
    EXPECT_CONTAINS(parseError(empty.b), "metadata key #0 at byte 24: empty key");
    Bytes dup;
    dup.header(0, 3).kvU32("a", 1).kvU32("b", 2).kvU32("a", 3);
    EXPECT_CONTAINS(parseError(dup.b),
                    "metadata key #2 'a': duplicate key (first defined by metadata key #0)");
    Bytes control;
    control.header(0, 2).kvU32("a", 1).key(std::string("x\ny", 3), ValueType::U8);
    EXPECT_CONTAINS(parseError(control.b), "metadata key #1 'x\\x0ay': u8 value at byte");
}

TEST(GgufValidation, Values) {
    Bytes type;
    type.header(0, 1).str("k").u32(13).u32(0);
    EXPECT_CONTAINS(parseError(type.b), "metadata key #0 'k': unknown value type 13 at byte 33");
    Bytes scalar;
    scalar.header(0, 1).key("k", ValueType::U64).u32(0);
    EXPECT_CONTAINS(parseError(scalar.b),
                    "metadata key #0 'k': u64 value at byte 37 runs past end of file (size 41)");
    Bytes str;
    str.header(0, 1).key("name", ValueType::String).u64(50).raw(std::string("short"));
    EXPECT_CONTAINS(parseError(str.b),
                    "metadata key #0 'name': string of length 50 at byte 40 runs past end of file");
    Bytes boolean;
    boolean.header(0, 1).key("b", ValueType::Bool).u8(2);
    EXPECT_CONTAINS(parseError(boolean.b),
                    "metadata key #0 'b': bool value 2 at byte 37 is not 0 or 1");
}

TEST(GgufValidation, Arrays) {
    Bytes elem;
    elem.header(0, 1).key("a", ValueType::Array).u32(42).u64(0);
    EXPECT_CONTAINS(parseError(elem.b),
                    "metadata key #0 'a': array at byte 37 has unknown element type 42");

    // The count is refused before anything is allocated for it.
    Bytes huge;
    huge.header(0, 1)
        .key("tokenizer.ggml.tokens", ValueType::Array)
        .arrayHeader(ValueType::String, 262144);
    huge.str("a").str("b");
    const std::string hugeMsg = parseError(huge.b);
    EXPECT_CONTAINS(
        hugeMsg,
        "metadata key #0 'tokenizer.ggml.tokens': array of 262144 strings is truncated at byte ");
    EXPECT_CONTAINS(hugeMsg, "need at least 8 bytes each");
    Bytes maxCount;
    maxCount.header(0, 1).key("a", ValueType::Array).arrayHeader(ValueType::U64, ~0ull).u64(1);
    EXPECT_CONTAINS(parseError(maxCount.b),
                    "array of 18446744073709551615 u64 values is truncated");

    // A count that passes the minimum-size check but whose strings are longer than the file.
    Bytes strings;
    strings.header(0, 1)
        .key("tokenizer.ggml.tokens", ValueType::Array)
        .arrayHeader(ValueType::String, 3);
    strings.str("abc").u64(1000).zeros(16);
    EXPECT_CONTAINS(
        parseError(strings.b),
        "metadata key #0 'tokenizer.ggml.tokens': array of 3 strings is truncated at byte 80 "
        "(element #1): string of length 1000 at byte 80 runs past end of file (size 104)");

    Bytes nestedBad;
    nestedBad.header(0, 1).key("n", ValueType::Array).arrayHeader(ValueType::Array, 2);
    nestedBad.arrayHeader(ValueType::U8, 1).u8(1).arrayHeader(ValueType::Bool, 1).u8(9);
    EXPECT_CONTAINS(parseError(nestedBad.b),
                    "array of 2 arrays at byte 37, element #1 at byte 62: "
                    "array of 1 bool values at byte 62, element #0 at byte 74: "
                    "bool value 9 at byte 74 is not 0 or 1");

    // Nine levels of nesting is one too many.
    Bytes deep;
    deep.header(0, 1).key("d", ValueType::Array);
    for (int i = 0; i < 8; ++i)
        deep.arrayHeader(ValueType::Array, 1);
    deep.arrayHeader(ValueType::U8, 0);
    EXPECT_CONTAINS(parseError(deep.b), "is nested deeper than 8 levels");
}

TEST(GgufValidation, Alignment) {
    Bytes type;
    type.header(0, 1).key("general.alignment", ValueType::U64).u64(32);
    EXPECT_CONTAINS(parseError(type.b),
                    "metadata key #0 'general.alignment': must be a u32, got u64");
    Bytes zero;
    zero.header(0, 1).kvU32("general.alignment", 0);
    EXPECT_CONTAINS(parseError(zero.b),
                    "'general.alignment': alignment 0 is not a non-zero power of two");
    Bytes odd;
    odd.header(0, 1).kvU32("general.alignment", 48);
    EXPECT_CONTAINS(parseError(odd.b), "alignment 48 is not a non-zero power of two");
}

// A valid single-tensor file as a starting point: one F32 tensor named `name`.
Bytes oneTensor(const std::string &name, std::vector<uint64_t> ne, uint32_t type, uint64_t offset,
                qsizetype dataBytes) {
    Bytes b;
    b.header(1, 0).tensorInfo(name, ne, type, offset).pad(32).zeros(dataBytes);
    return b;
}

TEST(GgufValidation, TensorInfos) {
    const auto f32 = static_cast<uint32_t>(TensorType::F32);
    Bytes name;
    name.header(1, 0).u64(99).raw(std::string("abc")).zeros(40);
    EXPECT_CONTAINS(parseError(name.b),
                    "tensor info #0 at byte 24: name of length 99 at byte 24 runs past end");
    Bytes empty;
    empty.header(1, 0).tensorInfo("", {1}, f32, 0).pad(32).zeros(4);
    EXPECT_CONTAINS(parseError(empty.b), "tensor info #0 at byte 24: empty tensor name");
    EXPECT_CONTAINS(parseError(oneTensor("t", {}, f32, 0, 4).b),
                    "tensor 't' (#0): n_dims 0 at byte 33 is out of range (1..4)");
    EXPECT_CONTAINS(parseError(oneTensor("t", {1, 1, 1, 1, 1}, f32, 0, 4).b),
                    "n_dims 5 at byte 33 is out of range");
    EXPECT_CONTAINS(parseError(oneTensor("t", {4, 0}, f32, 0, 16).b),
                    "tensor 't' (#0): dimension ne[1] at byte 45 is 0");
    EXPECT_CONTAINS(parseError(oneTensor("t", {1ull << 32, 1ull << 31}, f32, 0, 16).b),
                    "tensor 't' (#0): element count of ne=[4294967296, 2147483648] overflows");
    EXPECT_CONTAINS(parseError(oneTensor("t", {1ull << 31, 1ull << 31}, f32, 0, 16).b),
                    "tensor 't' (#0): byte size of F32 ne=[2147483648, 2147483648] overflows");
    EXPECT_CONTAINS(parseError(oneTensor("t", {32}, 4, 0, 32).b),
                    "tensor 't' (#0): unknown tensor type id 4 at byte 45");
    EXPECT_CONTAINS(parseError(oneTensor("t", {32}, 99, 0, 32).b), "unknown tensor type id 99");
    EXPECT_CONTAINS(
        parseError(oneTensor("t", {100, 2}, static_cast<uint32_t>(TensorType::Q4_K), 0, 1000).b),
        "tensor 't' (#0): ne[0] = 100 is not a multiple of the Q4_K block size 256");
    Bytes truncated;
    truncated.header(2, 0).tensorInfo("a", {1}, f32, 0).tensorInfo("b", {1}, f32, 32);
    truncated.b.chop(3);
    EXPECT_FALSE(parse(truncated.b));
}

TEST(GgufValidation, TensorData) {
    const auto f32 = static_cast<uint32_t>(TensorType::F32);
    EXPECT_CONTAINS(parseError(oneTensor("t", {4}, f32, 8, 64).b),
                    "tensor 't' (#0): data offset 8 is not a multiple of the alignment 32");

    // The example from the design: a 4096-byte tensor whose data runs past the end.
    Bytes past;
    past.header(2, 0);
    past.tensorInfo("token_embd.weight", {4}, f32, 0);
    past.tensorInfo("blk.3.attn_q.weight", {1024}, f32, 32);
    past.pad(32);
    const uint64_t dataStart = static_cast<uint64_t>(past.b.size());
    past.zeros(32 + 100);
    EXPECT_CONTAINS(parseError(past.b), "tensor 'blk.3.attn_q.weight' (#1): data [offset " +
                                            std::to_string(dataStart + 32) +
                                            ", 4096 bytes] runs past end of file (size " +
                                            std::to_string(past.b.size()) + ")");

    // Offsets so large that data section start + offset overflows.
    EXPECT_CONTAINS(parseError(oneTensor("t", {4}, f32, 0xffffffffffffffe0ull, 16).b),
                    "runs past end of file");
    // The data section begins at the aligned offset: a file without the padding is too short.
    Bytes noPad;
    noPad.header(1, 0).tensorInfo("t", {1}, f32, 0);
    EXPECT_CONTAINS(parseError(noPad.b), "runs past end of file");

    Bytes dup;
    dup.header(2, 0).tensorInfo("t", {1}, f32, 0).tensorInfo("t", {1}, f32, 32).pad(32).zeros(64);
    EXPECT_CONTAINS(parseError(dup.b),
                    "tensor 't' (#1): duplicate tensor name (first used by tensor #0)");

    Bytes overlap;
    overlap.header(2, 0)
        .tensorInfo("a", {16}, f32, 0)
        .tensorInfo("b", {4}, f32, 32)
        .pad(32)
        .zeros(96);
    EXPECT_CONTAINS(parseError(overlap.b), "tensor 'b' (#1): data [offset ");
    EXPECT_CONTAINS(parseError(overlap.b), "overlaps tensor 'a' (#0)");
}

TEST(GgufValidation, FromBytesAndOpenAgree) {
    QTemporaryDir dir;
    const QString path = dir.filePath("x.gguf");
    Bytes b;
    b.header(0, 1).kvU32("general.alignment", 3);
    {
        QFile f(path);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(b.b);
    }
    QString openErr;
    EXPECT_FALSE(File::open(path, &openErr));
    EXPECT_EQ(openErr, path + ": " + QString::fromStdString(parseError(b.b)));
}

// --- Gemma-sized arrays ----------------------------------------------------------------------

// Gemma-sized tokenizer arrays (262144 tokens, 514906 merges) parse completely and exactly. Their
// parse speed is reported by facet-tokenizer-bench (load time), not asserted here.
TEST(GgufLargeArrays, GemmaSizedTokenizerArraysParse) {
    auto rng = test::seededRng();
    Bytes b;
    constexpr uint64_t kTokens = 262144, kMerges = 514906;
    b.header(0, 2);
    std::vector<std::string> tokens(kTokens);
    for (auto &t : tokens)
        t = testutil::tokenLike(rng);
    b.key("tokenizer.ggml.tokens", ValueType::Array).arrayHeader(ValueType::String, kTokens);
    for (const auto &t : tokens)
        b.str(t);
    std::vector<std::string> merges(kMerges);
    b.key("tokenizer.ggml.merges", ValueType::Array).arrayHeader(ValueType::String, kMerges);
    for (auto &m : merges) {
        m = tokens[rng() % kTokens] + " " + tokens[rng() % kTokens];
        b.str(m);
    }

    QString err;
    auto f = File::fromBytes(b.b, &err);
    ASSERT_TRUE(f) << err.toStdString();
    const Array *parsedTokens = f->getArray("tokenizer.ggml.tokens");
    const Array *parsedMerges = f->getArray("tokenizer.ggml.merges");
    ASSERT_TRUE(parsedTokens && parsedMerges);
    ASSERT_EQ(parsedTokens->values.size(), kTokens);
    ASSERT_EQ(parsedMerges->values.size(), kMerges);
    for (uint64_t i = 0; i < kTokens; i += 997)
        ASSERT_EQ(*parsedTokens->values[i].toString(), tokens[i]) << "token " << i;
    for (uint64_t i = 0; i < kMerges; i += 997)
        ASSERT_EQ(*parsedMerges->values[i].toString(), merges[i]) << "merge " << i;
    EXPECT_EQ(*parsedMerges->values.back().toString(), merges.back());
}

}  // namespace
}  // namespace facet::gguf
