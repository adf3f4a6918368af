// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "safetensors/safetensors.h"

#include "gguf/dequant.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

#include <algorithm>
#include <cstring>
#include <limits>

namespace facet::safetensors {

namespace {

struct DTypeInfo {
    DType type;
    const char *name;
    int size;
};

constexpr DTypeInfo kTypes[] = {
    {DType::F64, "F64", 8},   {DType::F32, "F32", 4}, {DType::F16, "F16", 2},
    {DType::BF16, "BF16", 2}, {DType::I64, "I64", 8}, {DType::I32, "I32", 4},
    {DType::I16, "I16", 2},   {DType::I8, "I8", 1},   {DType::U8, "U8", 1},
    {DType::Bool, "BOOL", 1},
};

std::optional<DType> parseDType(const QString &s) {
    for (const DTypeInfo &t : kTypes) {
        if (s == QLatin1String(t.name)) return t.type;
    }
    return std::nullopt;
}

template <typename T>
T load(const uint8_t *p) {
    T v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

double elementAt(const Tensor &t, int64_t i) {
    const uint8_t *p = t.data + i * dtypeSize(t.dtype);
    switch (t.dtype) {
        case DType::F64:
            return load<double>(p);
        case DType::F32:
            return load<float>(p);
        case DType::F16:
            return gguf::halfToFloat(load<uint16_t>(p));
        case DType::BF16:
            return gguf::bf16ToFloat(load<uint16_t>(p));
        case DType::I64:
            return double(load<int64_t>(p));
        case DType::I32:
            return load<int32_t>(p);
        case DType::I16:
            return load<int16_t>(p);
        case DType::I8:
            return load<int8_t>(p);
        case DType::U8:
            return *p;
        case DType::Bool:
            return *p ? 1.0 : 0.0;
    }
    return 0.0;
}

}  // namespace

int dtypeSize(DType t) {
    for (const DTypeInfo &i : kTypes) {
        if (i.type == t) return i.size;
    }
    return 1;
}

const char *dtypeName(DType t) {
    for (const DTypeInfo &i : kTypes) {
        if (i.type == t) return i.name;
    }
    return "?";
}

int64_t Tensor::elements() const {
    int64_t n = 1;
    for (int64_t d : shape)
        n *= d;
    return n;
}

std::vector<float> Tensor::toFloat() const {
    const int64_t n = elements();
    std::vector<float> out(static_cast<size_t>(n));
    if (dtype == DType::F32) {
        std::memcpy(out.data(), data, static_cast<size_t>(n) * 4);
        return out;
    }
    for (int64_t i = 0; i < n; ++i)
        out[size_t(i)] = static_cast<float>(elementAt(*this, i));
    return out;
}

std::vector<int64_t> Tensor::toInt() const {
    const int64_t n = elements();
    std::vector<int64_t> out(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) {
        if (dtype == DType::I64) {
            out[size_t(i)] = load<int64_t>(data + i * 8);
        } else {
            out[size_t(i)] = static_cast<int64_t>(elementAt(*this, i));
        }
    }
    return out;
}

File::~File() = default;

std::unique_ptr<File> File::open(const QString &path, QString *error) {
    std::unique_ptr<File> f(new File);
    f->m_path = path;
    f->m_file = std::make_unique<QFile>(path);
    if (!f->m_file->open(QIODevice::ReadOnly)) {
        if (error) {
            *error = QStringLiteral("Cannot open %1: %2").arg(path, f->m_file->errorString());
        }
        return nullptr;
    }
    f->m_size = static_cast<uint64_t>(f->m_file->size());
    if (f->m_size > 0) {
        f->m_base = f->m_file->map(0, f->m_file->size());
        if (!f->m_base) {
            if (error) {
                *error = QStringLiteral("Cannot map %1: %2").arg(path, f->m_file->errorString());
            }
            return nullptr;
        }
    }
    if (!f->parse(error)) return nullptr;
    return f;
}

std::unique_ptr<File> File::fromBytes(QByteArray bytes, QString *error) {
    std::unique_ptr<File> f(new File);
    f->m_path = QStringLiteral("<memory>");
    f->m_owned = std::move(bytes);
    f->m_base = reinterpret_cast<const uint8_t *>(f->m_owned.constData());
    f->m_size = static_cast<uint64_t>(f->m_owned.size());
    if (!f->parse(error)) return nullptr;
    return f;
}

const Tensor *File::find(std::string_view name) const {
    auto it = m_index.find(name);
    return it == m_index.end() ? nullptr : &m_tensors[it->second];
}

bool File::parse(QString *error) {
    auto fail = [&](const QString &why) {
        if (error) {
            *error = QStringLiteral("%1 is not a valid safetensors file: %2").arg(m_path, why);
        }
        return false;
    };
    if (m_size < 8) return fail(QStringLiteral("it is shorter than its 8-byte header length"));
    const uint64_t headerLen = load<uint64_t>(m_base);
    // The format caps the header at 100 MB; anything larger is corrupt, not big.
    if (headerLen > 100'000'000 || headerLen > m_size - 8) {
        return fail(QStringLiteral("the header length %1 does not fit the file's %2 bytes")
                        .arg(headerLen)
                        .arg(m_size));
    }
    QJsonParseError perr{};
    const QJsonDocument doc =
        QJsonDocument::fromJson(QByteArray::fromRawData(reinterpret_cast<const char *>(m_base + 8),
                                                        static_cast<qsizetype>(headerLen)),
                                &perr);
    if (perr.error != QJsonParseError::NoError || !doc.isObject()) {
        return fail(QStringLiteral("the JSON header does not parse (%1)").arg(perr.errorString()));
    }
    const uint64_t dataStart = 8 + headerLen;
    const uint64_t dataSize = m_size - dataStart;
    const QJsonObject root = doc.object();
    for (auto it = root.begin(); it != root.end(); ++it) {
        const std::string name = it.key().toStdString();
        if (it.key() == QLatin1String("__metadata__")) {
            const QJsonObject meta = it.value().toObject();
            for (auto m = meta.begin(); m != meta.end(); ++m) {
                m_metadata[m.key().toStdString()] = m.value().toString().toStdString();
            }
            continue;
        }
        const QJsonObject o = it.value().toObject();
        const std::optional<DType> dt = parseDType(o.value(QLatin1String("dtype")).toString());
        if (!dt) {
            return fail(QStringLiteral("tensor %1 has an unknown dtype \"%2\"")
                            .arg(it.key(), o.value(QLatin1String("dtype")).toString()));
        }
        Tensor t;
        t.name = name;
        t.dtype = *dt;
        uint64_t elements = 1;
        for (const QJsonValue &d : o.value(QLatin1String("shape")).toArray()) {
            const double v = d.toDouble(-1);
            if (v < 0 || v > 1e15 || v != static_cast<double>(static_cast<int64_t>(v))) {
                return fail(QStringLiteral("tensor %1 has an invalid shape").arg(it.key()));
            }
            t.shape.push_back(static_cast<int64_t>(v));
            if (t.shape.back() != 0 &&
                elements > std::numeric_limits<uint64_t>::max() / uint64_t(t.shape.back())) {
                return fail(QStringLiteral("tensor %1's shape overflows").arg(it.key()));
            }
            elements *= static_cast<uint64_t>(t.shape.back());
        }
        const QJsonArray off = o.value(QLatin1String("data_offsets")).toArray();
        if (off.size() != 2) {
            return fail(QStringLiteral("tensor %1 has no data_offsets pair").arg(it.key()));
        }
        const double b = off[0].toDouble(-1), e = off[1].toDouble(-1);
        if (b < 0 || e < b || e > static_cast<double>(dataSize)) {
            return fail(QStringLiteral("tensor %1's data [%2, %3) lies outside the %4 data bytes "
                                       "(the file may be truncated)")
                            .arg(it.key())
                            .arg(b)
                            .arg(e)
                            .arg(dataSize));
        }
        t.bytes = static_cast<uint64_t>(e - b);
        if (elements > t.bytes || elements * uint64_t(dtypeSize(t.dtype)) != t.bytes) {
            return fail(QStringLiteral("tensor %1 holds %2 bytes, but its shape and dtype need %3")
                            .arg(it.key())
                            .arg(t.bytes)
                            .arg(elements * uint64_t(dtypeSize(t.dtype))));
        }
        t.data = m_base + dataStart + static_cast<uint64_t>(b);
        m_index[name] = m_tensors.size();
        m_tensors.push_back(std::move(t));
    }
    return true;
}

QByteArray write(const std::vector<TensorToWrite> &tensors,
                 const std::map<std::string, std::string> &metadata) {
    QJsonObject header;
    if (!metadata.empty()) {
        QJsonObject meta;
        for (const auto &[k, v] : metadata)
            meta.insert(QString::fromStdString(k), QString::fromStdString(v));
        header.insert(QStringLiteral("__metadata__"), meta);
    }
    QByteArray data;
    for (const TensorToWrite &t : tensors) {
        while (data.size() % 8)
            data.append('\0');
        QJsonArray shape;
        for (int64_t d : t.shape)
            shape.append(static_cast<double>(d));
        const qint64 begin = data.size();
        data.append(t.data);
        QJsonObject o;
        o.insert(QStringLiteral("dtype"), QLatin1String(dtypeName(t.dtype)));
        o.insert(QStringLiteral("shape"), shape);
        o.insert(QStringLiteral("data_offsets"),
                 QJsonArray{static_cast<double>(begin), static_cast<double>(data.size())});
        header.insert(QString::fromStdString(t.name), o);
    }
    QByteArray json = QJsonDocument(header).toJson(QJsonDocument::Compact);
    while ((json.size() + 8) % 8)
        json.append(' ');
    QByteArray out(8, '\0');
    const uint64_t len = static_cast<uint64_t>(json.size());
    std::memcpy(out.data(), &len, 8);
    return out + json + data;
}

}  // namespace facet::safetensors
