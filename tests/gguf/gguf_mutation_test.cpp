// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Bounded mutation campaign against the GGUF reader (label `fuzz`).
//
// Valid seed files (written by the Writer, plus hand-built version 1 and 2 files) are mutated at
// random: bit flips, boundary-value bytes, boundary values written over the count and length
// fields, truncation, insertion, deletion and duplicated chunks. Every mutant is parsed from memory
// and from a file on disk; both must agree, a failure must explain itself, and a success must be
// fully usable (every value, every tensor row dequantised) without touching a byte outside the
// image, which AddressSanitizer checks in the sanitizer build.
//
// FACET_FUZZ_ITERATIONS overrides the number of mutants (default 20000); FACET_TEST_SEED replays;
// FACET_GGUF_SEED_DIR=dir writes the seed files to dir (a starting corpus for tests/fuzz).
#include "gguf/gguf.h"
#include "gguf_test_util.h"
#include "gguf_walk.h"
#include "support/test_support.h"

#include <QFile>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <map>

namespace facet::gguf {
namespace {

using testutil::Bytes;

// A count, length, type or offset field of a seed file, found by scanning its (valid) structure.
struct Field {
    uint64_t at;
    int width;  // 4 or 8 bytes
};

struct Seed {
    std::string name;
    QByteArray bytes;
    std::vector<Field> fields;
    uint64_t dataOffset = 0;
};

// Walks a valid GGUF and records where its structural fields are. Deliberately separate from the
// reader: it trusts its input and only needs to find offsets.
class FieldScanner {
public:
    FieldScanner(const QByteArray &b, uint32_t version) : m_b(b), m_wide(version != 1) {}

    std::vector<Field> scan() {
        m_pos = 8;
        const uint64_t nTensors = count();
        const uint64_t nKv = count();
        for (uint64_t i = 0; i < nKv; ++i) {
            string();
            value(static_cast<ValueType>(u32()));
        }
        for (uint64_t i = 0; i < nTensors; ++i) {
            string();
            const uint32_t nDims = u32();
            for (uint32_t d = 0; d < nDims; ++d)
                count();
            u32();
            mark(8);
            m_pos += 8;
        }
        return m_fields;
    }

private:
    void mark(int width) {
        // Long string arrays would swamp the list: keep every field of the first elements only.
        if (m_fields.size() < 4000) m_fields.push_back({m_pos, width});
    }
    uint64_t read(int width) {
        // Little-endian, byte by byte (the seeds are valid files, so the bytes exist).
        uint64_t v = 0;
        for (int i = 0; i < width; ++i) {
            v |= static_cast<uint64_t>(
                     static_cast<uint8_t>(m_b.at(static_cast<qsizetype>(m_pos) + i)))
                 << (8 * i);
        }
        m_pos += width;
        return v;
    }
    uint32_t u32() {
        mark(4);
        return static_cast<uint32_t>(read(4));
    }
    uint64_t count() {
        mark(m_wide ? 8 : 4);
        return read(m_wide ? 8 : 4);
    }
    void string() { m_pos += count(); }
    void value(ValueType t) {
        switch (t) {
            case ValueType::U8:
            case ValueType::I8:
            case ValueType::Bool:
                m_pos += 1;
                break;
            case ValueType::U16:
            case ValueType::I16:
                m_pos += 2;
                break;
            case ValueType::U32:
            case ValueType::I32:
            case ValueType::F32:
                m_pos += 4;
                break;
            case ValueType::U64:
            case ValueType::I64:
            case ValueType::F64:
                m_pos += 8;
                break;
            case ValueType::String:
                string();
                break;
            case ValueType::Array: {
                const auto et = static_cast<ValueType>(u32());
                const uint64_t n = count();
                for (uint64_t i = 0; i < n; ++i)
                    value(et);
                break;
            }
        }
    }

    const QByteArray &m_b;
    bool m_wide;
    uint64_t m_pos = 0;
    std::vector<Field> m_fields;
};

Seed makeSeed(const std::string &name, QByteArray bytes) {
    QString err;
    auto f = File::fromBytes(bytes, &err);
    EXPECT_TRUE(f) << name << ": " << err.toStdString();
    Seed s;
    s.name = name;
    s.dataOffset = f ? f->dataOffset() : static_cast<uint64_t>(bytes.size());
    s.fields = FieldScanner(bytes, f ? f->version() : 3).scan();
    s.bytes = std::move(bytes);
    return s;
}

// A version 1 file: u32 counts, lengths and dims; string and nested arrays; two tensors.
QByteArray versionOneSeed(std::mt19937_64 &rng) {
    Bytes b(1);
    b.header(3, 4);
    b.kvString("general.architecture", "gemma4");
    b.key("tokenizer.ggml.tokens", ValueType::Array).arrayHeader(ValueType::String, 50);
    for (int i = 0; i < 50; ++i)
        b.str(testutil::tokenLike(rng));
    b.key("nested", ValueType::Array).arrayHeader(ValueType::Array, 2);
    b.arrayHeader(ValueType::F32, 2).f32(1.0f).f32(2.0f).arrayHeader(ValueType::String, 1).str("x");
    b.kvU32("general.alignment", 16);
    const QByteArray q4 = testutil::tensorData(rng, TensorType::Q4_K, {256, 2});
    const QByteArray q8 = testutil::tensorData(rng, TensorType::Q8_0, {64});
    b.tensorInfo("a", {256, 2}, static_cast<uint32_t>(TensorType::Q4_K), 0);
    b.tensorInfo("b", {64}, static_cast<uint32_t>(TensorType::Q8_0), 288);
    b.tensorInfo("c", {4}, static_cast<uint32_t>(TensorType::F16), 368);
    b.pad(16).raw(q4).pad(16).raw(q8).pad(16).zeros(8);
    return b.b;
}

std::vector<Seed> makeSeeds(std::mt19937_64 &rng) {
    std::vector<Seed> seeds;
    seeds.push_back(makeSeed("fixture-a32", testutil::fixtureWriter(rng, 32, 300).toBytes()));
    seeds.push_back(makeSeed("fixture-a64", testutil::fixtureWriter(rng, 64, 40).toBytes()));
    seeds.push_back(makeSeed("fixture-a1", testutil::fixtureWriter(rng, 1, 20).toBytes()));
    QByteArray v2 = testutil::fixtureWriter(rng, 32, 30).toBytes();
    v2[4] = 2;  // versions 2 and 3 share the layout
    seeds.push_back(makeSeed("fixture-v2", v2));
    seeds.push_back(makeSeed("hand-v1", versionOneSeed(rng)));
    Writer deep(32);
    Value v = Value::stringArray({"a", "bb", ""});
    for (int i = 0; i < 7; ++i)
        v = Value::array(ValueType::Array, {v, Value::array(ValueType::Array, {})});
    deep.set("deep", v);
    QString err;
    deep.addTensor("t", TensorType::Q5_0, {64}, testutil::tensorData(rng, TensorType::Q5_0, {64}),
                   &err);
    seeds.push_back(makeSeed("deep-nesting", deep.toBytes()));
    return seeds;
}

class Mutator {
public:
    explicit Mutator(std::mt19937_64 &rng) : m_rng(rng) {}

    uint64_t below(uint64_t n) { return n == 0 ? 0 : m_rng() % n; }

    // Mostly inside the header/metadata/infos, where the parser makes its decisions.
    uint64_t position(const Seed &s, uint64_t size) {
        const uint64_t limit = std::min<uint64_t>(size, s.dataOffset);
        return (below(4) != 0 && limit > 0) ? below(limit) : below(size);
    }

    uint64_t boundary(int width, uint64_t original, uint64_t fileSize, uint64_t at) {
        const uint64_t all = width == 8 ? ~0ull : 0xffffffffull;
        switch (below(12)) {
            case 0:
                return 0;
            case 1:
                return 1;
            case 2:
                return all;
            case 3:
                return width == 8 ? 1ull << 63 : 1ull << 31;
            case 4:
                return all >> 1;
            case 5:
                return 0xffffffffull;
            case 6:
                return 0x100000000ull & all;
            case 7:
                return fileSize;
            case 8:
                return fileSize > at ? fileSize - at : 0;
            case 9:
                return original + 1;
            case 10:
                return original - 1;
            default:
                return original * (2 + below(1000));
        }
    }

    void mutate(const Seed &s, QByteArray &b, std::map<std::string, int> &stats) {
        const auto size = [&] { return static_cast<uint64_t>(b.size()); };
        switch (below(9)) {
            case 0: {  // flip one bit
                if (b.isEmpty()) return;
                b[static_cast<qsizetype>(position(s, size()))] ^= static_cast<char>(1 << below(8));
                ++stats["bit flip"];
                break;
            }
            case 1: {  // a boundary byte
                if (b.isEmpty()) return;
                static const uint8_t values[] = {0x00, 0xff, 0x80, 0x7f, 0x01, 0xfe};
                b[static_cast<qsizetype>(position(s, size()))] =
                    static_cast<char>(values[below(6)]);
                ++stats["byte overwrite"];
                break;
            }
            case 2:
            case 3: {  // a boundary value over a structural field
                const Field &f = s.fields[below(s.fields.size())];
                if (f.at + f.width > size()) return;
                uint64_t original = 0;
                std::memcpy(&original, b.constData() + f.at, f.width);
                const uint64_t v = boundary(f.width, original, size(), f.at);
                std::memcpy(b.data() + f.at, &v, f.width);
                ++stats["field overwrite"];
                break;
            }
            case 4: {  // a huge u64 anywhere
                if (size() < 8) return;
                const uint64_t at = std::min(position(s, size()), size() - 8);
                const uint64_t v = below(2) ? ~0ull - below(256) : (1ull << (32 + below(32)));
                std::memcpy(b.data() + at, &v, 8);
                ++stats["u64 overwrite"];
                break;
            }
            case 5: {  // truncate
                b.truncate(static_cast<qsizetype>(position(s, size())));
                ++stats["truncation"];
                break;
            }
            case 6: {  // insert random bytes
                QByteArray ins(static_cast<qsizetype>(1 + below(16)), '\0');
                for (char &c : ins)
                    c = static_cast<char>(m_rng());
                b.insert(static_cast<qsizetype>(position(s, size())), ins);
                ++stats["insertion"];
                break;
            }
            case 7: {  // delete bytes
                if (b.isEmpty()) return;
                const uint64_t at = position(s, size());
                b.remove(static_cast<qsizetype>(at), static_cast<qsizetype>(1 + below(16)));
                ++stats["deletion"];
                break;
            }
            default: {  // duplicate a chunk elsewhere
                if (b.isEmpty()) return;
                const uint64_t from = below(size());
                const QByteArray chunk =
                    b.mid(static_cast<qsizetype>(from), static_cast<qsizetype>(1 + below(64)));
                b.insert(static_cast<qsizetype>(position(s, size())), chunk);
                ++stats["duplicate chunk"];
                break;
            }
        }
    }

private:
    std::mt19937_64 &m_rng;
};

TEST(GgufMutation, ReaderSurvivesMutatedFiles) {
    auto rng = test::seededRng();
    int iterations = 20000;
    if (const char *env = std::getenv("FACET_FUZZ_ITERATIONS"); env && *env)
        iterations = std::atoi(env);

    const std::vector<Seed> seeds = makeSeeds(rng);
    // FACET_GGUF_SEED_DIR=dir also writes the seeds there, as a starting corpus for gguf_fuzz.
    if (const char *dir = std::getenv("FACET_GGUF_SEED_DIR"); dir && *dir) {
        for (const Seed &s : seeds) {
            QFile out(QString::fromUtf8(dir) + "/" + QString::fromStdString(s.name) + ".gguf");
            if (out.open(QIODevice::WriteOnly)) out.write(s.bytes);
        }
    }
    for (const Seed &s : seeds) {
        ASSERT_FALSE(s.fields.empty()) << s.name;
        auto f = File::fromBytes(s.bytes, nullptr);
        ASSERT_TRUE(f) << s.name;
        EXPECT_TRUE(testutil::walkFile(*f).problem.empty()) << s.name;
    }

    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString path = dir.filePath("mutant.gguf");
    Mutator mutator(rng);
    std::map<std::string, int> stats;
    int accepted = 0, rejected = 0, mutations = 0;
    uint64_t floats = 0;
    const auto start = std::chrono::steady_clock::now();

    for (int it = 0; it < iterations; ++it) {
        const Seed &seed = seeds[mutator.below(seeds.size())];
        QByteArray bytes = seed.bytes;
        bytes.detach();
        const int n = 1 + static_cast<int>(mutator.below(3));
        for (int k = 0; k < n; ++k)
            mutator.mutate(seed, bytes, stats);
        mutations += n;

        QString memError;
        auto fromMemory = File::fromBytes(bytes, &memError);
        {
            // A fresh file each time: truncating and rewriting an existing file makes ext4 flush
            // it to disk on close (auto_da_alloc), which would dominate the run time.
            QFile::remove(path);
            QFile out(path);
            ASSERT_TRUE(out.open(QIODevice::WriteOnly));
            ASSERT_EQ(out.write(bytes), bytes.size());
        }
        QString fileError;
        auto fromFile = File::open(path, &fileError);

        if (!fromMemory) {
            ++rejected;
            ASSERT_FALSE(memError.isEmpty()) << "iteration " << it << " (" << seed.name << ")";
            ASSERT_FALSE(fromFile) << "iteration " << it;
            if (!bytes.isEmpty()) {
                ASSERT_EQ(fileError, path + ": " + memError) << "iteration " << it;
            } else {
                ASSERT_EQ(fileError, path + ": file is empty");
            }
            continue;
        }
        ++accepted;
        ASSERT_TRUE(fromFile) << "iteration " << it << ": " << fileError.toStdString();
        ASSERT_EQ(fromFile->metadata().size(), fromMemory->metadata().size());
        ASSERT_EQ(fromFile->tensors().size(), fromMemory->tensors().size());
        for (const File *f : {fromMemory.get(), fromFile.get()}) {
            const testutil::WalkResult r = testutil::walkFile(*f);
            ASSERT_TRUE(r.problem.empty()) << "iteration " << it << ": " << r.problem;
            floats += r.floatsDequantized;
        }
    }

    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf(
        "[ campaign ] %d mutants (%d mutations) from %zu seeds in %.2f s: %d accepted, %d "
        "rejected, %llu floats dequantised\n",
        iterations, mutations, seeds.size(), seconds, accepted, rejected,
        static_cast<unsigned long long>(floats));
    for (const auto &[kind, count] : stats)
        std::printf("[ campaign ]   %-16s %d\n", kind.c_str(), count);
    RecordProperty("mutants", iterations);
    RecordProperty("mutations", mutations);
    RecordProperty("accepted", accepted);
    RecordProperty("seconds", std::to_string(seconds));
    EXPECT_GT(accepted, 0);  // some mutants (e.g. in tensor data) must still parse
    EXPECT_GT(rejected, 0);
}

}  // namespace
}  // namespace facet::gguf
