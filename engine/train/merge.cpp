// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "train/merge.h"

#include "gguf/dequant.h"
#include "gguf/gguf.h"
#include "gguf/gguf_stream_writer.h"

#include <map>

namespace facet::train {

namespace {

bool fail(QString *error, const QString &why) {
    if (error) *error = why;
    return false;
}

}  // namespace

bool exportMergedGguf(const gguf::File &base, const model::Gemma4Config &c,
                      const LoraAdapter &adapter, float strength, MergedType type,
                      const QString &path, QString *error, const MergeProgressFn &progress) {
    if (adapter.layerCount() != c.layerCount)
        return fail(error, QStringLiteral("the adapter was made for another model"));
    // Which tensor carries which factors.
    std::map<std::string, const LoraMatrix *> adapted;
    for (int i = 0; i < c.layerCount; ++i) {
        for (int t = 0; t < kLoraTargetCount; ++t) {
            const LoraMatrix *m = adapter.find(i, LoraTarget(t));
            if (!m) continue;
            const std::string name = "blk." + std::to_string(i) + "." +
                                     std::string(loraTargetName(LoraTarget(t))) + ".weight";
            const gguf::TensorInfo *info = base.tensor(name);
            if (!info || info->ne.size() != 2 || int64_t(info->ne[0]) != m->in ||
                int64_t(info->ne[1]) != m->out) {
                return fail(error, QStringLiteral("the model has no %1 of the adapter's shape: the "
                                                  "adapter was made for another model")
                                       .arg(QString::fromStdString(name)));
            }
            adapted[name] = m;
        }
    }
    // (A row length that is not a multiple of Q8_0's 32-value blocks takes F16 instead.)
    const auto typeOf = [&](const gguf::TensorInfo &t) {
        if (!adapted.count(t.name)) return t.type;
        switch (type) {
            case MergedType::Base:
                return t.type;
            case MergedType::Q8_0:
                return t.ne[0] % 32 == 0 ? gguf::TensorType::Q8_0 : gguf::TensorType::F16;
            case MergedType::F16:
                return gguf::TensorType::F16;
        }
        return t.type;
    };

    gguf::StreamWriter w(uint32_t(base.alignment()));
    for (const gguf::KeyValue &kv : base.metadata()) {
        if (kv.key == "general.alignment") continue;
        w.set(kv.key, kv.value);
    }
    const auto name = base.getString("general.name");
    w.set("general.name", gguf::Value::string(name.value_or("gemma4") + " (merged adapter)"));
    for (const gguf::TensorInfo &t : base.tensors()) {
        const gguf::TensorType out = typeOf(t);
        const auto traits = gguf::typeTraits(out);
        if (adapted.count(t.name) &&
            (!traits || t.ne[0] % traits->blockSize != 0 || !gguf::canDequantize(t.type))) {
            return fail(error, QStringLiteral("%1 cannot be re-quantised to that type")
                                   .arg(QString::fromStdString(t.name)));
        }
        if (!w.declareTensor(t.name, out, t.ne, error)) return false;
    }
    if (!w.begin(path, error)) return false;
    const qint64 total = qint64(w.fileSize());
    const float s = strength * adapter.config().scale();
    const int r = adapter.config().rank;
    for (const gguf::TensorInfo &t : base.tensors()) {
        const auto it = adapted.find(t.name);
        if (it == adapted.end()) {
            if (!w.writeTensor(t.name,
                               QByteArray::fromRawData(reinterpret_cast<const char *>(t.data),
                                                       qsizetype(t.nbytes)),
                               error))
                return false;
        } else {
            // Row by row: W'[o][:] = W[o][:] + s·Σ_k B[o][k]·A[k][:], summed in double.
            const LoraMatrix &m = *it->second;
            const int64_t in = m.in;
            if (!w.beginTensor(t.name, error)) return false;
            std::vector<float> row(static_cast<size_t>(in));
            std::vector<double> acc(static_cast<size_t>(in));
            QByteArray encoded;
            for (int64_t o = 0; o < m.out; ++o) {
                if (!gguf::dequantizeRow(t.type, t.data + uint64_t(o) * t.rowBytes(), row.data(),
                                         in))
                    return fail(
                        error,
                        QStringLiteral("cannot decode %1").arg(QString::fromStdString(t.name)));
                std::fill(acc.begin(), acc.end(), 0.0);
                for (int k = 0; k < r; ++k) {
                    const double b = double(m.b[size_t(o) * size_t(r) + size_t(k)]);
                    if (b == 0.0) continue;
                    const float *a = m.a.data() + size_t(k) * size_t(in);
                    for (int64_t j = 0; j < in; ++j)
                        acc[size_t(j)] += b * double(a[j]);
                }
                for (int64_t j = 0; j < in; ++j)
                    row[size_t(j)] = float(double(row[size_t(j)]) + double(s) * acc[size_t(j)]);
                encoded.clear();
                if (!gguf::quantizeRow(typeOf(t), row.data(), in, &encoded)) {
                    return fail(
                        error,
                        QStringLiteral("cannot encode %1").arg(QString::fromStdString(t.name)));
                }
                if (!w.append(encoded.constData(), size_t(encoded.size()), error)) return false;
            }
            if (!w.endTensor(error)) return false;
        }
        if (progress && !progress(qint64(w.bytesWritten()), total)) {
            w.cancel();
            return fail(error, QStringLiteral("cancelled"));
        }
    }
    return w.finish(error);
}

}  // namespace facet::train
