// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The safetensors reader: round trip through the writer for every dtype, and corrupt images (bad
// header length, bad JSON, offsets outside the data, shape/size mismatch, truncation at every
// length, random bytes) give messages, never crashes.
#include "safetensors/safetensors.h"
#include "gguf/dequant.h"

#include <gtest/gtest.h>

#include <QTemporaryDir>

#include <cstring>
#include <random>

using namespace facet::safetensors;

namespace {

template <typename T>
QByteArray bytesOf(const std::vector<T> &v) {
    return QByteArray(reinterpret_cast<const char *>(v.data()),
                      static_cast<qsizetype>(v.size() * sizeof(T)));
}

QByteArray sample() {
    std::vector<TensorToWrite> ts;
    ts.push_back(
        {"a.weight", DType::F32, {2, 3}, bytesOf(std::vector<float>{1, -2, 3.5f, 4, 5, 6})});
    ts.push_back(
        {"b", DType::F16, {2}, bytesOf(std::vector<uint16_t>{0x3c00, 0xc000})});    // 1.0, -2.0
    ts.push_back({"c", DType::BF16, {1}, bytesOf(std::vector<uint16_t>{0x4040})});  // 3.0
    ts.push_back({"ids", DType::I64, {3}, bytesOf(std::vector<int64_t>{-1, 7, 1LL << 40})});
    ts.push_back({"px", DType::U8, {4}, bytesOf(std::vector<uint8_t>{0, 1, 128, 255})});
    ts.push_back({"d", DType::F64, {1}, bytesOf(std::vector<double>{0.25})});
    ts.push_back({"i", DType::I32, {2}, bytesOf(std::vector<int32_t>{-5, 9})});
    return write(ts, {{"format", "pt"}});
}

}  // namespace

TEST(Safetensors, RoundTripEveryDtype) {
    QString error;
    auto f = File::fromBytes(sample(), &error);
    ASSERT_TRUE(f) << error.toStdString();
    ASSERT_EQ(f->tensors().size(), 7u);
    EXPECT_EQ(f->metadata().at("format"), "pt");
    const Tensor *a = f->find("a.weight");
    ASSERT_TRUE(a);
    EXPECT_EQ(a->shape, (std::vector<int64_t>{2, 3}));
    EXPECT_EQ(a->toFloat(), (std::vector<float>{1, -2, 3.5f, 4, 5, 6}));
    EXPECT_EQ(f->find("b")->toFloat(), (std::vector<float>{1.0f, -2.0f}));
    EXPECT_EQ(f->find("c")->toFloat(), (std::vector<float>{3.0f}));
    EXPECT_EQ(f->find("ids")->toInt(), (std::vector<int64_t>{-1, 7, 1LL << 40}));
    EXPECT_EQ(f->find("px")->toInt(), (std::vector<int64_t>{0, 1, 128, 255}));
    EXPECT_EQ(f->find("d")->toFloat(), (std::vector<float>{0.25f}));
    EXPECT_EQ(f->find("i")->toFloat(), (std::vector<float>{-5.0f, 9.0f}));
    EXPECT_EQ(f->find("missing"), nullptr);
    for (const Tensor &t : f->tensors()) {
        EXPECT_EQ(reinterpret_cast<uintptr_t>(t.data) % 8, 0u) << t.name;
    }
}

TEST(Safetensors, OpensFromDisk) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("m.safetensors"));
    QFile out(path);
    ASSERT_TRUE(out.open(QIODevice::WriteOnly));
    out.write(sample());
    out.close();
    QString error;
    auto f = File::open(path, &error);
    ASSERT_TRUE(f) << error.toStdString();
    EXPECT_EQ(f->find("a.weight")->toFloat()[2], 3.5f);
    EXPECT_FALSE(File::open(dir.filePath(QStringLiteral("none")), &error));
    EXPECT_TRUE(error.contains(QLatin1String("Cannot open")));
}

TEST(Safetensors, CorruptHeadersAreRefusedWithMessages) {
    auto refuse = [](const QByteArray &bytes, const char *expect) {
        QString error;
        EXPECT_FALSE(File::fromBytes(bytes, &error)) << expect;
        EXPECT_TRUE(error.contains(QLatin1String(expect))) << error.toStdString();
    };
    refuse(QByteArray(), "shorter than");
    QByteArray huge(8, '\xff');
    refuse(huge, "header length");
    auto withHeader = [](const QByteArray &json, const QByteArray &data = QByteArray()) {
        QByteArray out(8, '\0');
        const uint64_t n = static_cast<uint64_t>(json.size());
        std::memcpy(out.data(), &n, 8);
        return out + json + data;
    };
    refuse(withHeader("{not json"), "does not parse");
    refuse(withHeader(R"({"t":{"dtype":"Q4","shape":[1],"data_offsets":[0,1]}})", "x"),
           "unknown dtype");
    refuse(withHeader(R"({"t":{"dtype":"F32","shape":[4],"data_offsets":[0,16]}})", "abcd"),
           "outside");
    refuse(withHeader(R"({"t":{"dtype":"F32","shape":[3],"data_offsets":[0,8]}})", "abcdefgh"),
           "need");
    refuse(withHeader(R"({"t":{"dtype":"F32","shape":[-1],"data_offsets":[0,4]}})", "abcd"),
           "invalid shape");
    refuse(withHeader(R"({"t":{"dtype":"F32","shape":[1]}})", "abcd"), "data_offsets");
}

TEST(Safetensors, TruncationAndRandomBytesNeverCrash) {
    const QByteArray good = sample();
    for (qsizetype n = 0; n < good.size(); ++n) {
        QString error;
        auto f = File::fromBytes(good.left(n), &error);
        if (!f) {
            EXPECT_FALSE(error.isEmpty());
        } else {
            for (const Tensor &t : f->tensors())
                (void)t.toFloat();
        }
    }
    std::mt19937 rng(7);
    for (int i = 0; i < 2000; ++i) {
        QByteArray b = good;
        for (int k = 0; k < 4; ++k)
            b[static_cast<qsizetype>(rng() % b.size())] = static_cast<char>(rng());
        QString error;
        auto f = File::fromBytes(b, &error);
        if (f) {
            for (const Tensor &t : f->tensors())
                (void)t.toFloat();
        }
    }
}
