// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// GGUF container: a validating, memory-mapped reader and a writer.
//
// The reader maps the file read-only and never copies tensor data: TensorInfo::data points into the
// mapping. Every count, length, offset and size is checked against the file length (with overflow
// checks) before it is used, so a corrupt or truncated file produces a precise error message
// instead of a crash, a hang or a huge allocation.
#pragma once

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <variant>
#include <vector>

class QFile;

namespace facet::gguf {

// Metadata value type ids, as stored in the file.
enum class ValueType : uint32_t {
    U8 = 0,
    I8 = 1,
    U16 = 2,
    I16 = 3,
    U32 = 4,
    I32 = 5,
    F32 = 6,
    Bool = 7,
    String = 8,
    Array = 9,
    U64 = 10,
    I64 = 11,
    F64 = 12,
};

const char *valueTypeName(ValueType t);

// Tensor (ggml) type ids, as stored in the file.
enum class TensorType : uint32_t {
    F32 = 0,
    F16 = 1,
    Q4_0 = 2,
    Q4_1 = 3,
    Q5_0 = 6,
    Q5_1 = 7,
    Q8_0 = 8,
    Q8_1 = 9,
    Q2_K = 10,
    Q3_K = 11,
    Q4_K = 12,
    Q5_K = 13,
    Q6_K = 14,
    Q8_K = 15,
    I8 = 24,
    I16 = 25,
    I32 = 26,
    I64 = 27,
    F64 = 28,
    BF16 = 30,
    MXFP4 = 39,
};

struct TypeTraits {
    const char *name;    // "Q4_K"
    uint32_t blockSize;  // elements per block (1 for plain types)
    uint32_t bytesPerBlock;
};

// Traits of a known tensor type; nullopt for an id this build does not know.
std::optional<TypeTraits> typeTraits(TensorType t);
std::optional<TypeTraits> typeTraits(uint32_t rawTypeId);

struct Value;

struct Array {
    ValueType elementType = ValueType::U8;
    std::vector<Value> values;
};

// One metadata value. Arrays may nest (an array of arrays).
struct Value {
    using Storage = std::variant<uint8_t, int8_t, uint16_t, int16_t, uint32_t, int32_t, float, bool,
                                 std::string, Array, uint64_t, int64_t, double>;
    ValueType type = ValueType::U8;
    Storage data;

    // Constructors for the writer and tests.
    static Value u8(uint8_t v);
    static Value i8(int8_t v);
    static Value u16(uint16_t v);
    static Value i16(int16_t v);
    static Value u32(uint32_t v);
    static Value i32(int32_t v);
    static Value f32(float v);
    static Value boolean(bool v);
    static Value string(std::string v);
    static Value u64(uint64_t v);
    static Value i64(int64_t v);
    static Value f64(double v);
    static Value array(ValueType elementType, std::vector<Value> values);
    static Value stringArray(const std::vector<std::string> &values);
    static Value i32Array(const std::vector<int32_t> &values);
    static Value f32Array(const std::vector<float> &values);
    static Value boolArray(const std::vector<bool> &values);

    bool isInteger() const;  // any of the 8 integer types (not bool)
    bool isNumber() const;   // integer or float
    // Integer value if the type is an integer type (or bool) and it fits in int64.
    std::optional<int64_t> toInt() const;
    // Numeric value for any integer or float type.
    std::optional<double> toDouble() const;
    const std::string *toString() const;  // nullptr unless type == String
    const Array *toArray() const;         // nullptr unless type == Array
    std::optional<bool> toBool() const;   // Bool, or an integer 0/1
};

struct KeyValue {
    std::string key;
    Value value;
};

struct TensorInfo {
    std::string name;
    std::vector<uint64_t> ne;  // ggml dims, ne[0] contiguous; 1..4 entries
    TensorType type = TensorType::F32;
    uint64_t offset = 0;  // relative to the data section
    uint64_t nelements = 0;
    uint64_t nbytes = 0;
    const uint8_t *data = nullptr;  // points into the mapping (valid while the File lives)

    uint64_t dim(size_t i) const { return i < ne.size() ? ne[i] : 1; }
    uint64_t rows() const { return nelements / (ne.empty() ? 1 : ne[0]); }
    uint64_t rowBytes() const;  // bytes of one ne[0] row
};

class File {
public:
    ~File();
    File(const File &) = delete;
    File &operator=(const File &) = delete;

    // Opens and validates a GGUF file, memory-mapping it. On failure returns nullptr and sets
    // *error to a precise message naming what is wrong and where (byte offset, key or tensor).
    static std::unique_ptr<File> open(const QString &path, QString *error);
    // Parses an in-memory image (tests, fuzzing). The bytes are kept alive by the File.
    static std::unique_ptr<File> fromBytes(QByteArray bytes, QString *error);

    QString path() const { return m_path; }
    uint32_t version() const { return m_version; }
    uint64_t alignment() const { return m_alignment; }
    uint64_t fileSize() const { return m_size; }
    // Start of the tensor data section: the first multiple of alignment() after the tensor infos.
    // A file without tensors may end before it.
    uint64_t dataOffset() const { return m_dataOffset; }

    const std::vector<KeyValue> &metadata() const { return m_kv; }
    const Value *find(std::string_view key) const;
    // Convenience typed lookups: nullopt when missing or of an incompatible type.
    std::optional<int64_t> getInt(std::string_view key) const;
    std::optional<double> getFloat(std::string_view key) const;
    std::optional<std::string> getString(std::string_view key) const;
    std::optional<bool> getBool(std::string_view key) const;
    const Array *getArray(std::string_view key) const;

    const std::vector<TensorInfo> &tensors() const { return m_tensors; }
    const TensorInfo *tensor(std::string_view name) const;

    // Whole file image (mapping); valid while the File lives.
    const uint8_t *bytes() const { return m_base; }

private:
    File() = default;
    bool parse(QString *error);

    QString m_path;
    std::unique_ptr<QFile> m_file;
    QByteArray m_owned;
    const uint8_t *m_base = nullptr;
    uint64_t m_size = 0;
    uint32_t m_version = 0;
    uint64_t m_alignment = 32;
    uint64_t m_dataOffset = 0;
    std::vector<KeyValue> m_kv;
    std::unordered_map<std::string, size_t> m_kvIndex;
    std::vector<TensorInfo> m_tensors;
    std::unordered_map<std::string, size_t> m_tensorIndex;
};

// Shape and type of one tensor, without its data.
struct TensorDecl {
    std::string name;
    TensorType type = TensorType::F32;
    std::vector<uint64_t> ne;  // ggml dims, ne[0] contiguous; 1..4 entries
};

// Encoding building blocks shared by Writer and StreamWriter (gguf_stream_writer.h), so both
// produce the same bytes for the same content.
//
// Data size in bytes of a tensor of `type` and shape `ne`. nullopt, with *error naming the
// problem, for an unknown type, no or more than 4 dimensions, a zero dimension, an element count
// that overflows int64 or an ne[0] that is not a multiple of the type's block size.
std::optional<uint64_t> tensorDataSize(TensorType type, const std::vector<uint64_t> &ne,
                                       std::string *error = nullptr);
// Checks what the encoder cannot write: see Writer::validate().
bool validateMetadata(uint32_t alignment, const std::vector<KeyValue> &kv, QString *error);
// The bytes in front of the data section of a version 3 file with this metadata and these tensors:
// header, metadata (general.alignment written as `alignment`, as Writer does), tensor infos
// whose offsets place each tensor's data at the next multiple of `alignment` after the previous
// one, and the padding up to the data section. Empty when validateMetadata() fails or a
// declaration is invalid (tensorDataSize()).
QByteArray encodeHeader(uint32_t alignment, const std::vector<KeyValue> &kv,
                        const std::vector<TensorDecl> &tensors);

// Builds a GGUF (version 3) file in memory and writes it atomically.
class Writer {
public:
    explicit Writer(uint32_t alignment = 32);

    // Sets (or replaces) a metadata key; order of first insertion is kept.
    void set(const std::string &key, Value value);
    // Adds a tensor: `data` holds exactly the block-encoded bytes for `type` and `ne`.
    // Returns false (and sets *error) on a duplicate name, bad dims or a size mismatch.
    bool addTensor(const std::string &name, TensorType type, std::vector<uint64_t> ne,
                   QByteArray data, QString *error);

    // The file image. general.alignment is written as this writer's alignment (added when it is
    // not the default 32, overridden when set by the caller). Empty when validate() fails.
    QByteArray toBytes() const;
    // Writes through QSaveFile (temp file + rename): a failure never leaves a partial file.
    bool write(const QString &path, QString *error) const;

    // Checks what toBytes() cannot encode: an alignment that is not a non-zero power of two, an
    // empty key, a Value whose data does not match its type, an array element of the wrong type.
    bool validate(QString *error) const;
    uint32_t alignment() const { return m_alignment; }

private:
    struct PendingTensor {
        std::string name;
        TensorType type;
        std::vector<uint64_t> ne;
        QByteArray data;
    };
    uint32_t m_alignment;
    std::vector<KeyValue> m_kv;
    std::vector<PendingTensor> m_tensors;
};

}  // namespace facet::gguf
