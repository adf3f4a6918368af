// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "model/kv_cache.h"

#include "gguf/gguf.h"
#include "gpu/gpu_buffer.h"
#include "gpu/gpu_context.h"

#include <QCryptographicHash>
#include <QDataStream>
#include <QFile>
#include <QFloat16>
#include <QSaveFile>

#include <algorithm>
#include <cstring>

namespace facet::model {

namespace {
constexpr char kStateMagic[8] = {'F', 'A', 'C', 'E', 'T', 'K', 'V', '1'};

bool fail(QString *error, const QString &message) {
    if (error) *error = message;
    return false;
}
}  // namespace

QByteArray modelFingerprint(const gguf::File &file) {
    QCryptographicHash h(QCryptographicHash::Sha256);
    auto add64 = [&](uint64_t v) {
        h.addData(QByteArrayView(reinterpret_cast<const char *>(&v), 8));
    };
    add64(file.fileSize());
    add64(file.tensors().size());
    for (const gguf::TensorInfo &t : file.tensors()) {
        h.addData(QByteArrayView(t.name.data(), qsizetype(t.name.size())));
        add64(uint64_t(t.type));
        add64(t.offset);
        add64(t.nelements);
        // A sample of each tensor's bytes: files that differ only in weight values differ here.
        const qint64 n = std::min<qint64>(qint64(t.nbytes), 256);
        h.addData(QByteArrayView(reinterpret_cast<const char *>(t.data), n));
        if (qint64(t.nbytes) > 512) {
            h.addData(QByteArrayView(reinterpret_cast<const char *>(t.data + t.nbytes - 256), 256));
        }
    }
    return h.result();
}

KvCache::~KvCache() = default;

std::unique_ptr<KvCache> KvCache::create(gpu::GpuContext &ctx,
                                         const std::vector<KvCacheShape> &shapes, int ringSlack,
                                         bool f16, QString *error) {
    std::unique_ptr<KvCache> cache(new KvCache());
    cache->m_ctx = &ctx;
    cache->m_ringSlack = ringSlack;
    cache->m_f16 = f16;
    for (size_t i = 0; i < shapes.size(); ++i) {
        Layer layer;
        layer.rows = shapes[i].rows;
        layer.width = shapes[i].width;
        const qint64 bytes = qint64(layer.rows) * layer.width * (f16 ? 2 : 4);
        QString why;
        layer.k = ctx.createBuffer(gpu::BufferKind::Storage, bytes,
                                   QStringLiteral("K cache %1").arg(i), &why);
        if (layer.k) {
            layer.v = ctx.createBuffer(gpu::BufferKind::Storage, bytes,
                                       QStringLiteral("V cache %1").arg(i), &why);
        }
        if (!layer.k || !layer.v) {
            fail(error, why);
            return nullptr;
        }
        cache->m_layers.push_back(std::move(layer));
    }
    return cache;
}

bool KvCache::canRewind(int64_t from, int64_t to) const {
    if (to < 0 || to > from) return false;
    for (const Layer &layer : m_layers) {
        // Slot p % rows holds position p. Positions to … from − 1 overwrote the slots of
        // p − rows; the next query (at `to`) of a sliding layer needs the keys after to − window,
        // which are intact while from − 1 − rows < to − window + 1. A cache with rows ≥ every
        // position written never wrapped.
        if (from <= int64_t(layer.rows)) continue;
        const int64_t window = int64_t(layer.rows) - m_ringSlack;
        if (from - 1 - int64_t(layer.rows) >= to - window + 1) return false;
    }
    return true;
}

bool KvCache::save(const QString &path, int64_t position, const QByteArray &identity,
                   QString *error) const {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        return fail(error, QStringLiteral("cannot write %1: %2").arg(path, file.errorString()));
    }
    QDataStream out(&file);
    out.setByteOrder(QDataStream::LittleEndian);
    out.writeRawData(kStateMagic, 8);
    out << quint32(1);
    out.writeRawData(identity.constData(), int(identity.size()));
    out << qint64(position) << quint32(m_layers.size());
    for (const Layer &layer : m_layers) {
        // The rows the sequence still needs, oldest first.
        const int64_t count = std::min<int64_t>(position, layer.rows);
        out << quint32(layer.width) << qint64(count);
        for (const gpu::Buffer *buf : {layer.k.get(), layer.v.get()}) {
            // Slots 0 .. count − 1 hold the rows (the whole ring once it has wrapped).
            std::vector<float> all(size_t(count) * size_t(layer.width));
            if (count > 0 && m_f16) {
                std::vector<qfloat16> halves(all.size());
                if (!m_ctx->readBack(*buf, 0, qint64(halves.size()) * 2, halves.data(), error))
                    return false;
                qFloatFromFloat16(all.data(), halves.data(), qsizetype(all.size()));
            } else if (count > 0 &&
                       !m_ctx->readBack(*buf, 0, qint64(all.size()) * 4, all.data(), error)) {
                return false;
            }
            for (int64_t p = position - count; p < position; ++p) {
                const size_t slot = size_t(p % layer.rows);
                out.writeRawData(
                    reinterpret_cast<const char *>(all.data() + slot * size_t(layer.width)),
                    layer.width * 4);
            }
        }
    }
    if (out.status() != QDataStream::Ok || !file.commit()) {
        return fail(error, QStringLiteral("could not write %1: %2 (is the disk full?)")
                               .arg(path, file.errorString()));
    }
    return true;
}

bool KvCache::restore(const QString &path, const QByteArray &identity, int64_t contextLength,
                      int64_t *positionOut, QString *error) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return fail(error, QStringLiteral("cannot read %1: %2").arg(path, file.errorString()));
    }
    QDataStream in(&file);
    in.setByteOrder(QDataStream::LittleEndian);
    auto bad = [&](const QString &why) {
        return fail(error,
                    QStringLiteral("%1 is not a usable conversation state: %2").arg(path, why));
    };
    char magic[8] = {};
    quint32 version = 0;
    if (in.readRawData(magic, 8) != 8 || std::memcmp(magic, kStateMagic, 8) != 0) {
        return bad(QStringLiteral("not a Facet KV state file"));
    }
    in >> version;
    if (version != 1) return bad(QStringLiteral("written by another version of Facet"));
    QByteArray fp(identity.size(), '\0');
    if (in.readRawData(fp.data(), int(fp.size())) != fp.size())
        return bad(QStringLiteral("truncated"));
    if (fp != identity) {
        return fail(error,
                    QStringLiteral("%1 belongs to another model file; it cannot be used with "
                                   "this one (the conversation will be recomputed)")
                        .arg(path));
    }
    qint64 position = 0;
    quint32 caches = 0;
    in >> position >> caches;
    if (in.status() != QDataStream::Ok) return bad(QStringLiteral("truncated"));
    if (position < 0 || position > contextLength) {
        return fail(error,
                    QStringLiteral("%1 holds %2 tokens, more than the current context of %3; "
                                   "choose a longer context length")
                        .arg(path)
                        .arg(position)
                        .arg(contextLength));
    }
    if (caches != m_layers.size()) return bad(QStringLiteral("layer count differs"));
    // Read and check everything before touching the GPU state.
    std::vector<std::vector<float>> k(m_layers.size()), v(m_layers.size());
    std::vector<int64_t> counts(m_layers.size());
    for (size_t i = 0; i < m_layers.size(); ++i) {
        const Layer &layer = m_layers[i];
        quint32 width = 0;
        qint64 count = 0;
        in >> width >> count;
        if (in.status() != QDataStream::Ok) return bad(QStringLiteral("truncated"));
        if (int(width) != layer.width || count < 0 || count > position) {
            return bad(QStringLiteral("layer %1 does not match this model").arg(i));
        }
        // Positions this session needs from the file: all of them for a full cache, the window
        // for a ring.
        if (count < std::min<int64_t>(position, layer.rows)) {
            return bad(QStringLiteral("layer %1 holds too few positions").arg(i));
        }
        counts[i] = count;
        for (auto *dst : {&k[i], &v[i]}) {
            dst->resize(size_t(count) * width);
            const qint64 bytes = qint64(dst->size()) * 4;
            if (bytes > 0 &&
                in.readRawData(reinterpret_cast<char *>(dst->data()), int(bytes)) != bytes) {
                return bad(QStringLiteral("truncated"));
            }
        }
    }
    // Each cache as an image of its slots (position p in slot p % rows), uploaded at once.
    for (size_t i = 0; i < m_layers.size(); ++i) {
        const Layer &layer = m_layers[i];
        const int64_t count = counts[i];
        const int64_t keep = std::min<int64_t>(count, layer.rows);
        if (keep == 0) continue;
        const size_t w = size_t(layer.width);
        const int64_t usedSlots = std::min<int64_t>(position, layer.rows);
        for (int which = 0; which < 2; ++which) {
            const std::vector<float> &src = which == 0 ? k[i] : v[i];
            std::vector<float> image(size_t(usedSlots) * w, 0.0f);
            for (int64_t j = count - keep; j < count; ++j) {
                const int64_t p = position - count + j;
                std::copy_n(src.begin() + ptrdiff_t(size_t(j) * w), w,
                            image.begin() + ptrdiff_t(size_t(p % layer.rows) * w));
            }
            if (m_f16) {
                // Rounded to nearest f16, as qkv_prep_f16 stores them.
                std::vector<qfloat16> halves(image.size());
                qFloatToFloat16(halves.data(), image.data(), qsizetype(image.size()));
                if (!m_ctx->upload(which == 0 ? *layer.k : *layer.v, 0, halves.data(),
                                   qint64(halves.size()) * 2, error)) {
                    return false;
                }
            } else if (!m_ctx->upload(which == 0 ? *layer.k : *layer.v, 0, image.data(),
                                      qint64(image.size()) * 4, error)) {
                return false;
            }
        }
    }
    *positionOut = position;
    return true;
}

}  // namespace facet::model
