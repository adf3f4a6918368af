// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The GGUF writer: version 3, u64 counts, every tensor's data aligned to the file's alignment.
#include "gguf/gguf.h"

#include <QSaveFile>

#include <bit>
#include <cstring>
#include <limits>

namespace facet::gguf {

namespace {

constexpr uint32_t kDefaultAlignment = 32;
constexpr const char *kAlignmentKey = "general.alignment";

bool validAlignment(uint32_t a) {
    return a != 0 && std::has_single_bit(a);
}

// Checks that a Value can be encoded: its variant matches its type, array elements match the
// array's element type (recursively). `where` names the value for the message.
bool checkValue(const Value &v, const std::string &where, std::string *err) {
    if (static_cast<uint32_t>(v.type) > static_cast<uint32_t>(ValueType::F64)) {
        *err = where + ": unknown value type " + std::to_string(static_cast<uint32_t>(v.type));
        return false;
    }
    if (v.data.index() != static_cast<size_t>(v.type)) {
        *err = where + ": value of type " + valueTypeName(v.type) + " holds different data";
        return false;
    }
    if (const Array *a = v.toArray()) {
        for (size_t i = 0; i < a->values.size(); ++i) {
            const Value &e = a->values[i];
            const std::string at = where + "[" + std::to_string(i) + "]";
            if (e.type != a->elementType) {
                *err = at + ": element of type " + valueTypeName(e.type) + " in an array of " +
                       valueTypeName(a->elementType);
                return false;
            }
            if (!checkValue(e, at, err)) return false;
        }
    }
    return true;
}

// Little-endian append helpers.
template <typename T>
void put(QByteArray &out, T v) {
    out.append(reinterpret_cast<const char *>(&v), sizeof v);
}

void putString(QByteArray &out, const std::string &s) {
    put<uint64_t>(out, s.size());
    out.append(s.data(), static_cast<qsizetype>(s.size()));
}

void putPadding(QByteArray &out, uint64_t alignment) {
    const uint64_t rem = static_cast<uint64_t>(out.size()) % alignment;
    if (rem != 0) out.append(static_cast<qsizetype>(alignment - rem), '\0');
}

// Writes the payload of a value (no type tag); the value has been checked.
void putValue(QByteArray &out, const Value &v) {
    switch (v.type) {
        case ValueType::U8:
            put(out, std::get<uint8_t>(v.data));
            break;
        case ValueType::I8:
            put(out, std::get<int8_t>(v.data));
            break;
        case ValueType::U16:
            put(out, std::get<uint16_t>(v.data));
            break;
        case ValueType::I16:
            put(out, std::get<int16_t>(v.data));
            break;
        case ValueType::U32:
            put(out, std::get<uint32_t>(v.data));
            break;
        case ValueType::I32:
            put(out, std::get<int32_t>(v.data));
            break;
        case ValueType::F32:
            put(out, std::get<float>(v.data));
            break;
        case ValueType::Bool:
            put<uint8_t>(out, std::get<bool>(v.data) ? 1 : 0);
            break;
        case ValueType::String:
            putString(out, std::get<std::string>(v.data));
            break;
        case ValueType::U64:
            put(out, std::get<uint64_t>(v.data));
            break;
        case ValueType::I64:
            put(out, std::get<int64_t>(v.data));
            break;
        case ValueType::F64:
            put(out, std::get<double>(v.data));
            break;
        case ValueType::Array: {
            const Array &a = std::get<Array>(v.data);
            put<uint32_t>(out, static_cast<uint32_t>(a.elementType));
            put<uint64_t>(out, a.values.size());
            for (const Value &e : a.values)
                putValue(out, e);
            break;
        }
    }
}

}  // namespace

std::optional<uint64_t> tensorDataSize(TensorType type, const std::vector<uint64_t> &ne,
                                       std::string *error) {
    const auto failed = [&](const std::string &msg) -> std::optional<uint64_t> {
        if (error) *error = msg;
        return std::nullopt;
    };
    const auto traits = typeTraits(type);
    if (!traits) {
        return failed("unknown tensor type id " + std::to_string(static_cast<uint32_t>(type)));
    }
    if (ne.empty() || ne.size() > 4) {
        return failed("needs 1 to 4 dimensions, got " + std::to_string(ne.size()));
    }
    uint64_t nelements = 1;
    for (size_t d = 0; d < ne.size(); ++d) {
        if (ne[d] == 0) return failed("dimension ne[" + std::to_string(d) + "] is 0");
        if (__builtin_mul_overflow(nelements, ne[d], &nelements) ||
            nelements > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) {
            return failed("element count overflows");
        }
    }
    if (ne[0] % traits->blockSize != 0) {
        return failed("ne[0] = " + std::to_string(ne[0]) + " is not a multiple of the " +
                      traits->name + " block size " + std::to_string(traits->blockSize));
    }
    // At most 8 bytes per element (F64, I64): this fails only for absurd shapes.
    uint64_t nbytes = 0;
    if (__builtin_mul_overflow(ne[0] / traits->blockSize, traits->bytesPerBlock, &nbytes) ||
        __builtin_mul_overflow(nbytes, nelements / ne[0], &nbytes)) {
        return failed("byte size overflows");
    }
    return nbytes;
}

bool validateMetadata(uint32_t alignment, const std::vector<KeyValue> &kv, QString *error) {
    std::string err;
    if (!validAlignment(alignment)) {
        err = "alignment " + std::to_string(alignment) + " is not a non-zero power of two";
    }
    for (size_t i = 0; err.empty() && i < kv.size(); ++i) {
        if (kv[i].key.empty()) {
            err = "metadata key #" + std::to_string(i) + " is empty";
            break;
        }
        checkValue(kv[i].value, "metadata key '" + kv[i].key + "'", &err);
    }
    if (err.empty()) return true;
    if (error) *error = QString::fromStdString(err);
    return false;
}

QByteArray encodeHeader(uint32_t alignment, const std::vector<KeyValue> &kv,
                        const std::vector<TensorDecl> &tensors) {
    if (!validateMetadata(alignment, kv, nullptr)) return {};
    std::vector<uint64_t> sizes;
    sizes.reserve(tensors.size());
    for (const TensorDecl &t : tensors) {
        const std::optional<uint64_t> n = tensorDataSize(t.type, t.ne);
        if (!n) return {};
        sizes.push_back(*n);
    }

    // general.alignment is always written as the writer's own alignment: replaced when the caller
    // set it, added when the alignment is not the default.
    bool hasAlignmentKey = false;
    for (const KeyValue &e : kv)
        hasAlignmentKey = hasAlignmentKey || e.key == kAlignmentKey;
    const bool addAlignmentKey = !hasAlignmentKey && alignment != kDefaultAlignment;

    QByteArray out;
    out.append("GGUF", 4);
    put<uint32_t>(out, 3);
    put<uint64_t>(out, tensors.size());
    put<uint64_t>(out, kv.size() + (addAlignmentKey ? 1 : 0));
    for (const KeyValue &e : kv) {
        putString(out, e.key);
        if (e.key == kAlignmentKey) {
            put<uint32_t>(out, static_cast<uint32_t>(ValueType::U32));
            put<uint32_t>(out, alignment);
        } else {
            put<uint32_t>(out, static_cast<uint32_t>(e.value.type));
            putValue(out, e.value);
        }
    }
    if (addAlignmentKey) {
        putString(out, kAlignmentKey);
        put<uint32_t>(out, static_cast<uint32_t>(ValueType::U32));
        put<uint32_t>(out, alignment);
    }

    // Tensor infos; each tensor's data starts at the next aligned offset.
    uint64_t offset = 0;
    for (size_t i = 0; i < tensors.size(); ++i) {
        const TensorDecl &t = tensors[i];
        putString(out, t.name);
        put<uint32_t>(out, static_cast<uint32_t>(t.ne.size()));
        for (uint64_t d : t.ne)
            put<uint64_t>(out, d);
        put<uint32_t>(out, static_cast<uint32_t>(t.type));
        put<uint64_t>(out, offset);
        offset += sizes[i];
        offset = (offset + alignment - 1) / alignment * alignment;
    }
    putPadding(out, alignment);
    return out;
}

Writer::Writer(uint32_t alignment) : m_alignment(alignment) {}

void Writer::set(const std::string &key, Value value) {
    for (KeyValue &kv : m_kv) {
        if (kv.key == key) {
            kv.value = std::move(value);
            return;
        }
    }
    m_kv.push_back(KeyValue{key, std::move(value)});
}

bool Writer::addTensor(const std::string &name, TensorType type, std::vector<uint64_t> ne,
                       QByteArray data, QString *error) {
    const auto failed = [&](const std::string &msg) {
        if (error) *error = QString::fromStdString("tensor '" + name + "': " + msg);
        return false;
    };
    if (name.empty()) return failed("empty tensor name");
    for (const PendingTensor &t : m_tensors) {
        if (t.name == name) return failed("duplicate tensor name");
    }
    std::string sizeError;
    const std::optional<uint64_t> nbytes = tensorDataSize(type, ne, &sizeError);
    if (!nbytes) return failed(sizeError);
    if (static_cast<uint64_t>(data.size()) != *nbytes) {
        return failed("data has " + std::to_string(data.size()) + " bytes, " +
                      typeTraits(type)->name + " of this shape needs " + std::to_string(*nbytes));
    }
    m_tensors.push_back(PendingTensor{name, type, std::move(ne), std::move(data)});
    return true;
}

bool Writer::validate(QString *error) const {
    return validateMetadata(m_alignment, m_kv, error);
}

QByteArray Writer::toBytes() const {
    std::vector<TensorDecl> decls;
    decls.reserve(m_tensors.size());
    for (const PendingTensor &t : m_tensors)
        decls.push_back(TensorDecl{t.name, t.type, t.ne});
    QByteArray out = encodeHeader(m_alignment, m_kv, decls);
    if (out.isEmpty()) return {};
    for (const PendingTensor &t : m_tensors) {
        out.append(t.data);
        putPadding(out, m_alignment);
    }
    return out;
}

bool Writer::write(const QString &path, QString *error) const {
    const auto failed = [&](const QString &msg) {
        if (error) *error = path + QStringLiteral(": ") + msg;
        return false;
    };
    QString invalid;
    if (!validate(&invalid)) return failed(QStringLiteral("cannot write GGUF: ") + invalid);
    const QByteArray bytes = toBytes();

    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        return failed(QStringLiteral("cannot create file: ") + file.errorString());
    }
    const qint64 written = file.write(bytes);
    if (written != bytes.size()) {
        const QString reason = file.errorString();
        file.cancelWriting();
        return failed(QStringLiteral("write failed after %1 of %2 bytes: %3")
                          .arg(written < 0 ? 0 : written)
                          .arg(bytes.size())
                          .arg(reason));
    }
    // commit() flushes, syncs and renames; a full disk often shows up only here.
    if (!file.commit()) {
        return failed(QStringLiteral("cannot finish writing %1 bytes: %2")
                          .arg(bytes.size())
                          .arg(file.errorString()));
    }
    return true;
}

}  // namespace facet::gguf
