// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The validating GGUF reader.
//
// Layout (little-endian): magic "GGUF", version u32, n_tensors, n_kv, n_kv × (key, type, value),
// n_tensors × (name, n_dims u32, ne[n_dims], type u32, offset u64), padding to the alignment,
// tensor data. Version 1 stores counts, string lengths, array lengths and dims as u32; versions 2
// and 3 use u64 (version 3 only added big-endian files, which announce themselves by a
// byte-swapped version and are refused).
//
// Every read goes through a bounds check against the image size before any byte is touched, and
// every count is checked against the bytes left before anything is allocated for it. Errors are
// built only on the failure path, with the context (key, tensor, byte offset) added as the error
// travels up, so the happy path stays cheap.
#include "gguf/gguf.h"

#include <QFile>

#include <algorithm>
#include <bit>
#include <cstring>
#include <limits>
#include <numeric>

namespace facet::gguf {

static_assert(std::endian::native == std::endian::little,
              "the GGUF reader maps little-endian files directly");

namespace {

constexpr uint32_t kMaxDims = 4;
constexpr int kMaxArrayDepth = 8;  // arrays of arrays nest at most this deep
constexpr uint64_t kDefaultAlignment = 32;
constexpr const char *kAlignmentKey = "general.alignment";

std::string num(uint64_t v) {
    return std::to_string(v);
}

// A name taken from the file, made safe to embed in a message: control bytes are escaped and very
// long names are shortened.
std::string nameText(std::string_view s) {
    constexpr size_t kMax = 96;
    std::string out = "'";
    for (size_t i = 0; i < s.size() && i < kMax; ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c < 0x20 || c == 0x7f || c == '\\') {
            static const char *hex = "0123456789abcdef";
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 15];
        } else {
            out += static_cast<char>(c);
        }
    }
    if (s.size() > kMax) out += "...";
    out += "'";
    return out;
}

bool knownValueType(uint32_t t) {
    return t <= static_cast<uint32_t>(ValueType::F64);
}

// Encoded size of a fixed-size value type; 0 for string and array.
uint64_t scalarSize(ValueType t) {
    switch (t) {
        case ValueType::U8:
        case ValueType::I8:
        case ValueType::Bool:
            return 1;
        case ValueType::U16:
        case ValueType::I16:
            return 2;
        case ValueType::U32:
        case ValueType::I32:
        case ValueType::F32:
            return 4;
        case ValueType::U64:
        case ValueType::I64:
        case ValueType::F64:
            return 8;
        case ValueType::String:
        case ValueType::Array:
            return 0;
    }
    return 0;
}

// "3 u32 values", "262144 strings", "2 arrays".
std::string describeArray(uint64_t count, ValueType t) {
    if (t == ValueType::String) return num(count) + " strings";
    if (t == ValueType::Array) return num(count) + " arrays";
    return num(count) + " " + valueTypeName(t) + " values";
}

std::string dimsText(const std::vector<uint64_t> &ne) {
    std::string s = "[";
    for (size_t i = 0; i < ne.size(); ++i)
        s += (i ? ", " : "") + num(ne[i]);
    return s + "]";
}

// Everything the parser learns; File::parse moves it into the File.
struct Parsed {
    uint32_t version = 0;
    uint64_t alignment = kDefaultAlignment;
    uint64_t dataOffset = 0;
    std::vector<KeyValue> kv;
    std::unordered_map<std::string, size_t> kvIndex;
    std::vector<TensorInfo> tensors;
    std::unordered_map<std::string, size_t> tensorIndex;
};

class Parser {
public:
    Parser(const uint8_t *base, uint64_t size) : m_base(base), m_size(size) {}

    bool run(Parsed &out);
    const std::string &error() const { return m_err; }

private:
    uint64_t left() const { return m_size - m_pos; }

    // Reads a fixed-size little-endian field the caller has already bounds-checked.
    template <typename T>
    T take() {
        T v;
        std::memcpy(&v, m_base + m_pos, sizeof v);
        m_pos += sizeof v;
        return v;
    }

    bool fail(std::string msg) {
        m_err = std::move(msg);
        return false;
    }
    // Prepends context to the error set by a nested call.
    bool failWith(const std::string &context) {
        m_err = context + m_err;
        return false;
    }
    std::string pastEnd() const { return "runs past end of file (size " + num(m_size) + ")"; }

    bool readU32(uint32_t &v, const char *what);
    bool readU64(uint64_t &v, const char *what);
    // A count/length field: u32 in version 1, u64 afterwards.
    bool readCount(uint64_t &v, const char *what);
    bool readString(std::string_view &s, const char *what);

    bool readHeader(uint64_t &nTensors, uint64_t &nKv);
    bool readKeyValue(uint64_t index, Parsed &out);
    bool readValue(ValueType t, Value &out, int depth);
    bool readArray(Array &out, int depth);
    bool readTensorInfo(uint64_t index, Parsed &out);
    bool placeTensors(Parsed &out);

    const uint8_t *m_base;
    uint64_t m_size;
    uint64_t m_pos = 0;
    uint32_t m_version = 0;
    uint64_t m_countSize = 8;  // bytes of a count or string length field
    std::string m_err;
};

bool Parser::readU32(uint32_t &v, const char *what) {
    if (left() < 4) return fail(std::string(what) + " at byte " + num(m_pos) + " " + pastEnd());
    v = take<uint32_t>();
    return true;
}

bool Parser::readU64(uint64_t &v, const char *what) {
    if (left() < 8) return fail(std::string(what) + " at byte " + num(m_pos) + " " + pastEnd());
    v = take<uint64_t>();
    return true;
}

bool Parser::readCount(uint64_t &v, const char *what) {
    if (m_countSize == 8) return readU64(v, what);
    uint32_t v32 = 0;
    if (!readU32(v32, what)) return false;
    v = v32;
    return true;
}

bool Parser::readString(std::string_view &s, const char *what) {
    const uint64_t at = m_pos;
    uint64_t len = 0;
    if (left() < m_countSize) {
        return fail(std::string(what) + " length at byte " + num(at) + " " + pastEnd());
    }
    if (m_countSize == 8) {
        len = take<uint64_t>();
    } else {
        len = take<uint32_t>();
    }
    if (len > left()) {
        return fail(std::string(what) + " of length " + num(len) + " at byte " + num(at) + " " +
                    pastEnd());
    }
    s = std::string_view(reinterpret_cast<const char *>(m_base + m_pos), len);
    m_pos += len;
    return true;
}

bool Parser::readHeader(uint64_t &nTensors, uint64_t &nKv) {
    // Smallest possible header: magic, version and two u32 counts (version 1).
    if (m_size < 16) return fail("file is too small to be a GGUF file (" + num(m_size) + " bytes)");
    if (std::memcmp(m_base, "GGUF", 4) != 0) {
        return fail("bad magic " +
                    nameText(std::string_view(reinterpret_cast<const char *>(m_base), 4)) +
                    " at byte 0 (expected 'GGUF'); not a GGUF file");
    }
    m_pos = 4;
    m_version = take<uint32_t>();
    if (m_version < 1 || m_version > 3) {
        std::string msg =
            "unsupported GGUF version " + num(m_version) + " at byte 4 (supported: 1-3)";
        const uint32_t swapped = __builtin_bswap32(m_version);
        if (swapped >= 1 && swapped <= 3) {
            msg += "; this looks like a big-endian GGUF file, which is not supported";
        }
        return fail(msg);
    }
    m_countSize = m_version == 1 ? 4 : 8;
    if (!readCount(nTensors, "tensor count") || !readCount(nKv, "metadata key count")) {
        return failWith("header: ");
    }

    // Each key/value needs at least a key length, one key byte, a type and a one-byte value; each
    // tensor info at least a name length, one name byte, n_dims, one dim, type and offset. Counts
    // that cannot possibly fit are refused before anything is reserved for them.
    const uint64_t minKv = m_countSize + 1 + 4 + 1;
    const uint64_t minTensor = m_countSize + 1 + 4 + m_countSize + 4 + 8;
    if (nKv > left() / minKv) {
        return fail("header: metadata key count " + num(nKv) + " at byte " +
                    num(m_pos - m_countSize) + " is impossible: " + num(left()) +
                    " bytes follow the header, each key needs at least " + num(minKv));
    }
    if (nTensors > left() / minTensor) {
        return fail("header: tensor count " + num(nTensors) + " at byte " +
                    num(m_pos - 2 * m_countSize) + " is impossible: " + num(left()) +
                    " bytes follow the header, each tensor info needs at least " + num(minTensor));
    }
    if (nKv * minKv + nTensors * minTensor > left()) {
        return fail("header: " + num(nKv) + " metadata keys and " + num(nTensors) +
                    " tensor infos cannot fit in the " + num(left()) +
                    " bytes that follow the header");
    }
    return true;
}

bool Parser::readArray(Array &out, int depth) {
    const uint64_t at = m_pos;
    if (depth > kMaxArrayDepth) {
        return fail("array at byte " + num(at) + " is nested deeper than " + num(kMaxArrayDepth) +
                    " levels");
    }
    uint32_t rawType = 0;
    uint64_t count = 0;
    if (!readU32(rawType, "array element type")) return false;
    if (!knownValueType(rawType)) {
        return fail("array at byte " + num(at) + " has unknown element type " + num(rawType));
    }
    const auto et = static_cast<ValueType>(rawType);
    if (!readCount(count, "array length")) return false;

    // Smallest encoding of one element: its fixed size, a string's length field, or a nested
    // array's type and count.
    uint64_t minElem = scalarSize(et);
    if (et == ValueType::String) minElem = m_countSize;
    if (et == ValueType::Array) minElem = 4 + m_countSize;
    if (count > left() / minElem) {
        return fail("array of " + describeArray(count, et) + " is truncated at byte " +
                    num(m_size) + " (the elements start at byte " + num(m_pos) +
                    " and need at least " + num(minElem) + " bytes each; " + num(left()) +
                    " bytes remain)");
    }

    out.elementType = et;
    out.values.clear();
    out.values.reserve(count);

    // Tight loops for the common element types keep big tokenizer arrays fast.
    if (et == ValueType::String) {
        for (uint64_t i = 0; i < count; ++i) {
            const uint64_t elemAt = m_pos;
            std::string_view s;
            if (!readString(s, "string")) {
                return failWith("array of " + describeArray(count, et) + " is truncated at byte " +
                                num(elemAt) + " (element #" + num(i) + "): ");
            }
            Value &v = out.values.emplace_back();
            v.type = ValueType::String;
            v.data.emplace<std::string>(s);
        }
        return true;
    }
    for (uint64_t i = 0; i < count; ++i) {
        const uint64_t elemAt = m_pos;
        Value &v = out.values.emplace_back();
        if (!readValue(et, v, depth)) {
            return failWith("array of " + describeArray(count, et) + " at byte " + num(at) +
                            ", element #" + num(i) + " at byte " + num(elemAt) + ": ");
        }
    }
    return true;
}

bool Parser::readValue(ValueType t, Value &out, int depth) {
    out.type = t;
    const uint64_t at = m_pos;
    const uint64_t size = scalarSize(t);
    if (size != 0 && left() < size) {
        return fail(std::string(valueTypeName(t)) + " value at byte " + num(at) + " " + pastEnd());
    }
    switch (t) {
        case ValueType::U8:
            out.data.emplace<uint8_t>(take<uint8_t>());
            return true;
        case ValueType::I8:
            out.data.emplace<int8_t>(take<int8_t>());
            return true;
        case ValueType::U16:
            out.data.emplace<uint16_t>(take<uint16_t>());
            return true;
        case ValueType::I16:
            out.data.emplace<int16_t>(take<int16_t>());
            return true;
        case ValueType::U32:
            out.data.emplace<uint32_t>(take<uint32_t>());
            return true;
        case ValueType::I32:
            out.data.emplace<int32_t>(take<int32_t>());
            return true;
        case ValueType::F32:
            out.data.emplace<float>(take<float>());
            return true;
        case ValueType::U64:
            out.data.emplace<uint64_t>(take<uint64_t>());
            return true;
        case ValueType::I64:
            out.data.emplace<int64_t>(take<int64_t>());
            return true;
        case ValueType::F64:
            out.data.emplace<double>(take<double>());
            return true;
        case ValueType::Bool: {
            const uint8_t b = take<uint8_t>();
            if (b > 1)
                return fail("bool value " + num(b) + " at byte " + num(at) + " is not 0 or 1");
            out.data.emplace<bool>(b != 0);
            return true;
        }
        case ValueType::String: {
            std::string_view s;
            if (!readString(s, "string")) return false;
            out.data.emplace<std::string>(s);
            return true;
        }
        case ValueType::Array:
            return readArray(out.data.emplace<Array>(), depth + 1);
    }
    return fail("unknown value type " + num(static_cast<uint32_t>(t)) + " at byte " + num(at));
}

bool Parser::readKeyValue(uint64_t index, Parsed &out) {
    const uint64_t at = m_pos;
    const std::string where = "metadata key #" + num(index);
    std::string_view key;
    if (!readString(key, "key")) return failWith(where + " at byte " + num(at) + ": ");
    if (key.empty()) return fail(where + " at byte " + num(at) + ": empty key");
    const auto context = [&] { return where + " " + nameText(key) + ": "; };

    const uint64_t typeAt = m_pos;
    uint32_t rawType = 0;
    if (!readU32(rawType, "value type")) return failWith(context());
    if (!knownValueType(rawType)) {
        return fail(context() + "unknown value type " + num(rawType) + " at byte " + num(typeAt));
    }

    KeyValue &kv = out.kv.emplace_back();
    kv.key.assign(key);
    if (!readValue(static_cast<ValueType>(rawType), kv.value, 0)) return failWith(context());

    const auto [it, inserted] = out.kvIndex.emplace(kv.key, out.kv.size() - 1);
    if (!inserted) {
        return fail(context() + "duplicate key (first defined by metadata key #" + num(it->second) +
                    ")");
    }

    if (kv.key == kAlignmentKey) {
        if (kv.value.type != ValueType::U32) {
            return fail(context() + "must be a u32, got " + valueTypeName(kv.value.type));
        }
        const uint32_t a = std::get<uint32_t>(kv.value.data);
        if (a == 0 || !std::has_single_bit(a)) {
            return fail(context() + "alignment " + num(a) + " is not a non-zero power of two");
        }
        out.alignment = a;
    }
    return true;
}

bool Parser::readTensorInfo(uint64_t index, Parsed &out) {
    const uint64_t at = m_pos;
    std::string_view name;
    if (!readString(name, "name")) {
        return failWith("tensor info #" + num(index) + " at byte " + num(at) + ": ");
    }
    if (name.empty()) {
        return fail("tensor info #" + num(index) + " at byte " + num(at) + ": empty tensor name");
    }
    const auto context = [&] { return "tensor " + nameText(name) + " (#" + num(index) + "): "; };

    TensorInfo &t = out.tensors.emplace_back();
    t.name.assign(name);

    const uint64_t dimsAt = m_pos;
    uint32_t nDims = 0;
    if (!readU32(nDims, "n_dims")) return failWith(context());
    if (nDims < 1 || nDims > kMaxDims) {
        return fail(context() + "n_dims " + num(nDims) + " at byte " + num(dimsAt) +
                    " is out of range (1.." + num(kMaxDims) + ")");
    }
    t.ne.resize(nDims);
    uint64_t nelements = 1;
    bool overflow = false;
    for (uint32_t d = 0; d < nDims; ++d) {
        const uint64_t dimAt = m_pos;
        if (!readCount(t.ne[d], "dimension")) return failWith(context());
        if (t.ne[d] == 0) {
            return fail(context() + "dimension ne[" + num(d) + "] at byte " + num(dimAt) + " is 0");
        }
        // ggml counts elements in int64_t.
        overflow = overflow || __builtin_mul_overflow(nelements, t.ne[d], &nelements) ||
                   nelements > static_cast<uint64_t>(std::numeric_limits<int64_t>::max());
    }
    if (overflow) return fail(context() + "element count of ne=" + dimsText(t.ne) + " overflows");
    t.nelements = nelements;

    const uint64_t typeAt = m_pos;
    uint32_t rawType = 0;
    if (!readU32(rawType, "type")) return failWith(context());
    const auto traits = typeTraits(rawType);
    if (!traits) {
        return fail(context() + "unknown tensor type id " + num(rawType) + " at byte " +
                    num(typeAt));
    }
    t.type = static_cast<TensorType>(rawType);
    if (t.ne[0] % traits->blockSize != 0) {
        return fail(context() + "ne[0] = " + num(t.ne[0]) + " is not a multiple of the " +
                    traits->name + " block size " + num(traits->blockSize));
    }
    uint64_t nbytes = 0;
    if (__builtin_mul_overflow(t.ne[0] / traits->blockSize, uint64_t{traits->bytesPerBlock},
                               &nbytes) ||
        __builtin_mul_overflow(nbytes, nelements / t.ne[0], &nbytes)) {
        return fail(context() + "byte size of " + traits->name + " ne=" + dimsText(t.ne) +
                    " overflows");
    }
    t.nbytes = nbytes;

    if (!readU64(t.offset, "data offset")) return failWith(context());

    const auto [it, inserted] = out.tensorIndex.emplace(t.name, out.tensors.size() - 1);
    if (!inserted) {
        return fail(context() + "duplicate tensor name (first used by tensor #" + num(it->second) +
                    ")");
    }
    return true;
}

// Checks the tensors' data ranges once the data section's start is known.
bool Parser::placeTensors(Parsed &out) {
    for (size_t i = 0; i < out.tensors.size(); ++i) {
        TensorInfo &t = out.tensors[i];
        const std::string context = "tensor " + nameText(t.name) + " (#" + num(i) + "): ";
        if (t.offset % out.alignment != 0) {
            return fail(context + "data offset " + num(t.offset) +
                        " is not a multiple of the alignment " + num(out.alignment));
        }
        uint64_t start = 0;
        if (__builtin_add_overflow(out.dataOffset, t.offset, &start) || start > m_size ||
            t.nbytes > m_size - start) {
            return fail(
                context + "data [offset " +
                (start >= out.dataOffset ? num(start) : num(out.dataOffset) + "+" + num(t.offset)) +
                ", " + num(t.nbytes) + " bytes] " + pastEnd());
        }
        t.data = m_base + start;
    }

    // Tensors must not share bytes: sort by offset and compare neighbours.
    std::vector<size_t> order(out.tensors.size());
    std::iota(order.begin(), order.end(), size_t{0});
    std::sort(order.begin(), order.end(),
              [&](size_t a, size_t b) { return out.tensors[a].offset < out.tensors[b].offset; });
    for (size_t k = 1; k < order.size(); ++k) {
        const TensorInfo &prev = out.tensors[order[k - 1]];
        const TensorInfo &cur = out.tensors[order[k]];
        if (prev.offset + prev.nbytes > cur.offset) {
            return fail("tensor " + nameText(cur.name) + " (#" + num(order[k]) +
                        "): data [offset " + num(out.dataOffset + cur.offset) + ", " +
                        num(cur.nbytes) + " bytes] overlaps tensor " + nameText(prev.name) + " (#" +
                        num(order[k - 1]) + ") [offset " + num(out.dataOffset + prev.offset) +
                        ", " + num(prev.nbytes) + " bytes]");
        }
    }
    return true;
}

bool Parser::run(Parsed &out) {
    uint64_t nTensors = 0, nKv = 0;
    if (!readHeader(nTensors, nKv)) return false;
    out.version = m_version;

    out.kv.reserve(nKv);
    out.kvIndex.reserve(nKv);
    for (uint64_t i = 0; i < nKv; ++i) {
        if (!readKeyValue(i, out)) return false;
    }

    // Re-check the tensor count against what is actually left now that the metadata is known.
    const uint64_t infosAt = m_pos;
    const uint64_t minTensor = m_countSize + 1 + 4 + m_countSize + 4 + 8;
    if (nTensors > left() / minTensor) {
        return fail("tensor infos: " + num(nTensors) + " tensor infos cannot fit in the " +
                    num(left()) + " bytes after the metadata (byte " + num(infosAt) +
                    "); each needs at least " + num(minTensor));
    }
    out.tensors.reserve(nTensors);
    out.tensorIndex.reserve(nTensors);
    for (uint64_t i = 0; i < nTensors; ++i) {
        if (!readTensorInfo(i, out)) return false;
    }

    // The data section starts at the first aligned offset after the infos. A file without tensors
    // may end before that point; the offset is still reported as the aligned one.
    const uint64_t a = out.alignment;
    out.dataOffset = (m_pos + (a - 1)) / a * a;
    return placeTensors(out);
}

}  // namespace

// --- File ------------------------------------------------------------------------------------

File::~File() = default;

std::unique_ptr<File> File::open(const QString &path, QString *error) {
    std::unique_ptr<File> f(new File());
    f->m_path = path;
    f->m_file = std::make_unique<QFile>(path);
    const auto failed = [&](const QString &msg) {
        if (error) *error = path + QStringLiteral(": ") + msg;
        return nullptr;
    };
    if (!f->m_file->open(QIODevice::ReadOnly)) {
        return failed(QStringLiteral("cannot open: ") + f->m_file->errorString());
    }
    const qint64 size = f->m_file->size();
    if (size <= 0) return failed(QStringLiteral("file is empty"));
    // The mapping stays valid until the QFile is destroyed (with the File).
    uchar *p = f->m_file->map(0, size);
    if (!p) return failed(QStringLiteral("cannot memory-map: ") + f->m_file->errorString());
    f->m_base = p;
    f->m_size = static_cast<uint64_t>(size);
    if (!f->parse(error)) return nullptr;
    return f;
}

std::unique_ptr<File> File::fromBytes(QByteArray bytes, QString *error) {
    std::unique_ptr<File> f(new File());
    f->m_owned = std::move(bytes);
    f->m_base = reinterpret_cast<const uint8_t *>(f->m_owned.constData());
    f->m_size = static_cast<uint64_t>(f->m_owned.size());
    if (!f->parse(error)) return nullptr;
    return f;
}

bool File::parse(QString *error) {
    Parsed parsed;
    Parser parser(m_base, m_size);
    if (!parser.run(parsed)) {
        if (error) {
            const QString msg = QString::fromStdString(parser.error());
            *error = m_path.isEmpty() ? msg : m_path + QStringLiteral(": ") + msg;
        }
        return false;
    }
    m_version = parsed.version;
    m_alignment = parsed.alignment;
    m_dataOffset = parsed.dataOffset;
    m_kv = std::move(parsed.kv);
    m_kvIndex = std::move(parsed.kvIndex);
    m_tensors = std::move(parsed.tensors);
    m_tensorIndex = std::move(parsed.tensorIndex);
    return true;
}

const Value *File::find(std::string_view key) const {
    const auto it = m_kvIndex.find(std::string(key));
    return it == m_kvIndex.end() ? nullptr : &m_kv[it->second].value;
}

std::optional<int64_t> File::getInt(std::string_view key) const {
    const Value *v = find(key);
    return v ? v->toInt() : std::nullopt;
}

std::optional<double> File::getFloat(std::string_view key) const {
    const Value *v = find(key);
    return v ? v->toDouble() : std::nullopt;
}

std::optional<std::string> File::getString(std::string_view key) const {
    const Value *v = find(key);
    if (!v || !v->toString()) return std::nullopt;
    return *v->toString();
}

std::optional<bool> File::getBool(std::string_view key) const {
    const Value *v = find(key);
    return v ? v->toBool() : std::nullopt;
}

const Array *File::getArray(std::string_view key) const {
    const Value *v = find(key);
    return v ? v->toArray() : nullptr;
}

const TensorInfo *File::tensor(std::string_view name) const {
    const auto it = m_tensorIndex.find(std::string(name));
    return it == m_tensorIndex.end() ? nullptr : &m_tensors[it->second];
}

}  // namespace facet::gguf
