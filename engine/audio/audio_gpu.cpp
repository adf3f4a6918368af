// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "audio/audio_gpu.h"

#include "audio/audio_ops.h"
#include "audio/log_mel.h"
#include "gpu/audio_kernels.h"
#include "gpu/compute_batch.h"
#include "gpu/kernels.h"
#include "gpu/matmul_ops.h"
#include "gpu/ops.h"
#include "model/reference_ops.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <map>

// Messages for the user are translated under the context "facet::audio", named in each call so that
// lupdate files them where they are looked up (it would file a tr() in a member function under
// its class).
namespace facet::audio {

namespace ref = model::ref;
using gpu::AudioRowsParams;

namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();

bool finiteBounds(float lo, float hi) {
    return lo > -kInf || hi < kInf;
}

// Float offsets of the activation regions, for inputs of up to melFrames frames. Every region
// starts on a 64-float boundary.
struct ActLayout {
    int melFrames = 0;
    int frames = 0;  // SSCP output frames (T2)
    uint32_t mel = 0, big = 0, sscp = 0, x = 0, h = 0, h2 = 0, tmp = 0, qkv = 0, att = 0, out = 0,
             embIn = 0, emb = 0, scratch = 0, scratchFloats = 0;
    uint64_t total = 0;
    // Mask buffer (uint32): the mel frames' mask, then the SSCP frames' mask.
    uint32_t mask2 = 0;
    uint64_t maskTotal = 0;
};

uint64_t align64(uint64_t v) {
    return (v + 63) / 64 * 64;
}

}  // namespace

// A linear layer as uploaded: which weight group, kernel and placement, and its clamps.
struct GpuLinear {
    int group = 0;
    gpu::KernelId kernel = gpu::KernelId::MatMulF32;
    uint32_t K = 0, N = 0, rowBytes = 0, wOffset = 0;  // wOffset in bytes
    bool hasBias = false;
    uint32_t bias = 0;  // float offset
    float inMin = -kInf, inMax = kInf, outMin = -kInf, outMax = kInf;
    bool clampsInput() const { return finiteBounds(inMin, inMax); }
    bool clampsOutput() const { return finiteBounds(outMin, outMax); }
};

struct GpuLayer {
    int group = 0;
    GpuLinear ffnUp, ffnDown, ffn2Up, ffn2Down, q, k, v, out, pw1, pw2;
    uint32_t ffnNorm = 0, ffnPostNorm = 0, ffn2Norm = 0, ffn2PostNorm = 0, attnPreNorm = 0,
             attnPostNorm = 0, outNorm = 0, convPreNorm = 0, convNorm = 0, relK = 0, perDim = 0,
             depthwise = 0;
};

struct WeightGroup {
    QByteArray host;  // while building
    std::unique_ptr<gpu::Buffer> buffer;
    // Bindings on the current activation buffer (rebuilt when it grows).
    std::map<gpu::KernelId, std::unique_ptr<gpu::Bindings>> matmul;
    std::unique_ptr<gpu::Bindings> rows, attention, conv1d, conv2d;

    // Appends bytes at a 16-byte boundary; returns their byte offset.
    uint32_t addBytes(const void *data, qint64 bytes) {
        const qint64 at = (host.size() + 15) / 16 * 16;
        host.resize(at);
        host.append(static_cast<const char *>(data), bytes);
        return uint32_t(at);
    }
    // Appends floats; returns their float offset.
    uint32_t addFloats(std::span<const float> v) {
        return addBytes(v.data(), qint64(v.size() * sizeof(float))) / 4;
    }
};

struct GpuAudioTower::Impl {
    gpu::GpuContext *ctx = nullptr;
    std::vector<WeightGroup> groups;  // 0: SSCP and projections; 1 + i: layer i
    std::vector<GpuLayer> layers;
    uint32_t conv0 = 0, conv0Norm = 0, conv1 = 0, conv1Norm = 0;
    GpuLinear sscp, fc, proj;
    float qScale = 1.0f, kScale = 1.0f;
    ActLayout layout;
    std::unique_ptr<gpu::Buffer> act, masks;
    std::unique_ptr<gpu::Bindings> reduce;

    ~Impl() { dropBindings(); }
    void dropBindings() {
        for (WeightGroup &g : groups) {
            g.matmul.clear();
            g.rows.reset();
            g.attention.reset();
            g.conv1d.reset();
            g.conv2d.reset();
        }
        reduce.reset();
    }
};

namespace {

// Places a linear's weight in `g`: the stored type when a matmul kernel reads it, else F32.
bool addLinear(WeightGroup &g, int group, const ClippedLinear &l, GpuLinear *out, QString *error) {
    const ref::WeightView &w = l.weight;
    GpuLinear r;
    r.group = group;
    r.K = uint32_t(w.cols);
    r.N = uint32_t(w.rows);
    r.inMin = l.inMin, r.inMax = l.inMax, r.outMin = l.outMin, r.outMax = l.outMax;
    const auto kernel = gpu::matMulKernel(w.type);
    const qint64 blockValues = gpu::kernelBlockValues(w.type);
    const bool native = kernel && w.cols % blockValues == 0 &&
                        qint64(w.rowBytes) == gpu::weightRowBytes(w.type, w.cols) &&
                        w.rowBytes % (w.type == gguf::TensorType::F32 ? 4 : 2) == 0;
    if (native) {
        r.kernel = *kernel;
        r.rowBytes = uint32_t(w.rowBytes);
        r.wOffset = g.addBytes(w.data, qint64(w.rowBytes) * w.rows);
    } else {
        if (w.cols % 4 != 0) {
            if (error)
                *error =
                    QCoreApplication::translate(
                        "facet::audio",
                        "The model's audio tower has a linear layer of width %1, which the GPU "
                        "kernels cannot take (a multiple of 4 is needed).")
                        .arg(w.cols);
            return false;
        }
        std::vector<float> values(size_t(w.cols) * size_t(w.rows));
        for (int64_t row = 0; row < w.rows; ++row)
            w.dequantizeRow(row,
                            std::span<float>(values).subspan(size_t(row * w.cols), size_t(w.cols)));
        r.kernel = gpu::KernelId::MatMulF32;
        r.rowBytes = uint32_t(w.cols * 4);
        r.wOffset = g.addFloats(values) * 4;
    }
    if (!l.bias.empty()) {
        r.hasBias = true;
        r.bias = g.addFloats(l.bias);
    }
    *out = r;
    return true;
}

}  // namespace

GpuAudioTower::~GpuAudioTower() = default;

qint64 GpuAudioTower::activationBytes() const {
    qint64 bytes = 0;
    if (m->act) bytes += m->act->allocatedSize();
    if (m->masks) bytes += m->masks->allocatedSize();
    return bytes;
}

std::unique_ptr<GpuAudioTower> GpuAudioTower::create(gpu::GpuContext &ctx,
                                                     const AudioReference &reference,
                                                     const GpuAudioOptions &options,
                                                     QString *error) {
    const AudioTowerConfig &c = reference.config();
    const AudioTowerWeights &w = reference.weights();
    auto fail = [&](const QString &message) -> std::unique_ptr<GpuAudioTower> {
        if (error) *error = message;
        return nullptr;
    };
    const int maxPast = c.contextLeft - 1;
    if (c.chunk <= 0 || uint32_t(c.chunk) > gpu::kAudioAttentionMaxChunk || maxPast < 0 ||
        uint32_t(c.chunk + maxPast) > gpu::kAudioAttentionMaxContext || c.contextRight != 0 ||
        uint32_t(c.sscpChannels0) > gpu::kAudioConv2dMaxCout ||
        uint32_t(c.sscpChannels1) > gpu::kAudioConv2dMaxCout || c.width % 4 != 0) {
        return fail(QCoreApplication::translate(
                        "facet::audio",
                        "The model's audio tower has a shape the GPU kernels do not support "
                        "(attention chunk %1, left context %2, right context %3, convolution "
                        "channels %4 and %5, width %6).")
                        .arg(c.chunk)
                        .arg(c.contextLeft)
                        .arg(c.contextRight)
                        .arg(c.sscpChannels0)
                        .arg(c.sscpChannels1)
                        .arg(c.width));
    }
    std::unique_ptr<GpuAudioTower> t(new GpuAudioTower);
    t->m = std::make_unique<Impl>();
    t->m_config = c;
    t->m_options = options;
    Impl &m = *t->m;
    m.ctx = &ctx;
    m.groups.resize(size_t(c.layers) + 1);
    m.qScale = float(std::pow(double(c.headDim), -0.5) / std::log(2.0));
    m.kScale = float(std::log(1.0 + std::exp(1.0)) / std::log(2.0));

    QString why;
    WeightGroup &g0 = m.groups[0];
    m.conv0 = g0.addFloats(gpu::audioConv2dWeightLayout(w.conv0, 1, c.sscpChannels0));
    m.conv0Norm = g0.addFloats(w.conv0Norm);
    m.conv1 = g0.addFloats(gpu::audioConv2dWeightLayout(w.conv1, c.sscpChannels0, c.sscpChannels1));
    m.conv1Norm = g0.addFloats(w.conv1Norm);
    if (!addLinear(g0, 0, w.sscpProjection, &m.sscp, &why) ||
        !addLinear(g0, 0, w.outputProjection, &m.fc, &why) ||
        !addLinear(g0, 0, w.embeddingProjection, &m.proj, &why)) {
        return fail(why);
    }
    const std::vector<float> table = ops::relativePositionTable(maxPast, c.width);
    m.layers.resize(size_t(c.layers));
    for (int i = 0; i < c.layers; ++i) {
        const AudioLayerWeights &L = w.layers[size_t(i)];
        WeightGroup &g = m.groups[size_t(i) + 1];
        GpuLayer &G = m.layers[size_t(i)];
        G.group = i + 1;
        const std::pair<const ClippedLinear *, GpuLinear *> linears[] = {
            {&L.ffnUp, &G.ffnUp},   {&L.ffnDown, &G.ffnDown},
            {&L.ffn2Up, &G.ffn2Up}, {&L.ffn2Down, &G.ffn2Down},
            {&L.q, &G.q},           {&L.k, &G.k},
            {&L.v, &G.v},           {&L.out, &G.out},
            {&L.convPw1, &G.pw1},   {&L.convPw2, &G.pw2}};
        for (const auto &[src, dst] : linears)
            if (!addLinear(g, i + 1, *src, dst, &why)) return fail(why);
        G.ffnNorm = g.addFloats(L.ffnNorm);
        G.ffnPostNorm = g.addFloats(L.ffnPostNorm);
        G.ffn2Norm = g.addFloats(L.ffn2Norm);
        G.ffn2PostNorm = g.addFloats(L.ffn2PostNorm);
        G.attnPreNorm = g.addFloats(L.attnPreNorm);
        G.attnPostNorm = g.addFloats(L.attnPostNorm);
        G.outNorm = g.addFloats(L.outNorm);
        G.convPreNorm = g.addFloats(L.convPreNorm);
        G.convNorm = g.addFloats(L.convNorm);
        G.perDim = g.addFloats(L.perDimScale);
        G.depthwise = g.addFloats(L.convDepthwise);
        // The relative keys depend on the weights only: computed once here, as the CPU
        // reference computes them for every encode.
        std::vector<float> relK(size_t(maxPast + 1) * size_t(c.width));
        ref::matmul(L.relativeK, table, maxPast + 1, relK);
        G.relK = g.addFloats(relK);
    }
    for (size_t i = 0; i < m.groups.size(); ++i) {
        WeightGroup &g = m.groups[i];
        const QString name =
            i == 0 ? QStringLiteral("audio tower") : QStringLiteral("audio layer %1").arg(i - 1);
        g.buffer = ctx.createBuffer(gpu::BufferKind::Weights, std::max<qint64>(g.host.size(), 16),
                                    name, &why);
        if (!g.buffer || !ctx.upload(*g.buffer, 0, g.host.constData(), g.host.size(), &why)) {
            return fail(QCoreApplication::translate(
                            "facet::audio",
                            "The GPU could not take the audio tower's weights (%1). Close other "
                            "programs that use the GPU, or use a smaller model.")
                            .arg(why));
        }
        t->m_weightBytes += g.buffer->allocatedSize();
        g.host = QByteArray();
    }
    return t;
}

bool GpuAudioTower::reserve(int melFrames, QString *error) {
    Impl &m = *this->m;
    const AudioTowerConfig &c = m_config;
    if (melFrames <= m.layout.melFrames && m.act) return true;
    ActLayout L;
    // Grow in steps of 10 s of audio, so a session of different lengths reallocates rarely.
    L.melFrames = (std::max(melFrames, 1) + 999) / 1000 * 1000;
    const uint64_t t1 = halveLength(L.melFrames), t2 = halveLength(t1);
    L.frames = int(t2);
    const uint64_t W = uint64_t(c.width), f1 = halveLength(c.melBins);
    const uint64_t sscpK = uint64_t(c.sscpFreqOut) * uint64_t(c.sscpChannels1);
    const uint64_t wide = std::max<uint64_t>({W, uint64_t(c.ffn), sscpK, uint64_t(c.outputDims)});
    uint64_t at = 0;
    auto region = [&](uint64_t floats) {
        const uint64_t r = at;
        at = align64(at + floats);
        return uint32_t(r);
    };
    L.mel = region(uint64_t(L.melFrames) * uint64_t(c.melBins));
    // The first SSCP block's output shares its space with the layers' wide activations.
    L.big =
        region(std::max({t1 * f1 * uint64_t(c.sscpChannels0), t2 * uint64_t(c.ffn), t2 * 2 * W}));
    L.sscp = region(t2 * sscpK);
    L.x = region(t2 * W);
    L.h = region(t2 * W);
    L.h2 = region(t2 * W);
    L.tmp = region(t2 * wide);
    L.qkv = region(t2 * 3 * W);
    L.att = region(t2 * W);
    L.out = region(t2 * uint64_t(c.outputDims));
    L.embIn = region(t2 * uint64_t(c.outputDims));
    L.emb = region(t2 * uint64_t(c.textWidth));
    L.scratchFloats = uint32_t(gpu::matMulSplitScratchFloats(uint32_t(t2)));
    L.scratch = region(L.scratchFloats);
    L.total = at;
    L.mask2 = uint32_t(align64(uint64_t(L.melFrames)));
    L.maskTotal = L.mask2 + t2;
    if (L.total * 4 > uint64_t(std::numeric_limits<int>::max() - 64)) {
        if (error)
            *error = QCoreApplication::translate(
                         "facet::audio",
                         "The audio clip is too long for the GPU audio tower (%1 frames); split it "
                         "into shorter clips.")
                         .arg(melFrames);
        return false;
    }

    QString why;
    m.dropBindings();
    m.act.reset();
    m.masks.reset();
    m.layout = ActLayout();
    gpu::GpuContext &ctx = *m.ctx;
    m.act = ctx.createBuffer(gpu::BufferKind::Storage, qint64(L.total) * 4,
                             QStringLiteral("audio activations"), &why);
    if (m.act)
        m.masks = ctx.createBuffer(gpu::BufferKind::Storage, qint64(L.maskTotal) * 4,
                                   QStringLiteral("audio masks"), &why);
    auto bind = [&](gpu::KernelId id, std::vector<gpu::BufferView> views) {
        std::unique_ptr<gpu::Bindings> b;
        if (why.isEmpty()) {
            const gpu::Kernel *k = ctx.kernel(id, &why);
            if (k) b = ctx.bind(*k, views, &why);
        }
        return b;
    };
    if (m.act && m.masks) {
        const gpu::Buffer &a = *m.act, &mk = *m.masks;
        m.reduce = bind(gpu::KernelId::MatMulReduce, {a, a});
        auto linearKernels = [&](WeightGroup &g, std::initializer_list<const GpuLinear *> list) {
            for (const GpuLinear *l : list)
                if (!g.matmul.count(l->kernel))
                    g.matmul[l->kernel] = bind(l->kernel, {*g.buffer, a, a});
        };
        for (size_t i = 0; i < m.groups.size(); ++i) {
            WeightGroup &g = m.groups[i];
            g.rows = bind(gpu::KernelId::AudioRows, {a, *g.buffer, a, a});
            if (i == 0) {
                g.conv2d = bind(gpu::KernelId::AudioConv2d, {a, *g.buffer, mk, a});
                linearKernels(g, {&m.sscp, &m.fc, &m.proj});
            } else {
                const GpuLayer &G = m.layers[i - 1];
                g.attention = bind(gpu::KernelId::AudioAttention, {a, *g.buffer, mk, a});
                g.conv1d = bind(gpu::KernelId::AudioConv1d, {a, *g.buffer, a});
                linearKernels(g, {&G.ffnUp, &G.ffnDown, &G.ffn2Up, &G.ffn2Down, &G.q, &G.k, &G.v,
                                  &G.out, &G.pw1, &G.pw2});
            }
        }
    }
    if (!why.isEmpty() || !m.act || !m.masks) {
        m.dropBindings();
        m.act.reset();
        m.masks.reset();
        if (error)
            *error =
                QCoreApplication::translate(
                    "facet::audio",
                    "The GPU could not prepare the audio tower (%1). Close other programs that "
                    "use the GPU, or record a shorter clip.")
                    .arg(why);
        return false;
    }
    m.layout = L;
    return true;
}

namespace {

// Records one encode's dispatches; the first recording error is kept.
class Recorder {
public:
    Recorder(GpuAudioTower::Impl &m, const AudioTowerConfig &c, gpu::ComputeBatch &batch)
        : m(m), c(c), batch(batch) {}

    GpuAudioTower::Impl &m;
    const AudioTowerConfig &c;
    gpu::ComputeBatch &batch;
    QString error;
    bool ok() const { return error.isEmpty(); }

    void rows(int group, AudioRowsParams p) {
        if (!ok()) return;
        gpu::recordAudioRows(batch, *m.groups[size_t(group)].rows, p, &error);
    }

    // A plain clamp of `rows` rows of n values, from x to out (in place when equal).
    void clamp(int group, uint32_t x, uint32_t out, uint32_t n, uint32_t count, float lo,
               float hi) {
        AudioRowsParams p;
        p.n = n;
        p.rows = count;
        p.xOffset = x;
        p.xStride = n;
        p.outOffset = out;
        p.outStride = n;
        p.lo1 = lo;
        p.hi1 = hi;
        rows(group, p);
    }

    // y = W x for `count` rows (x, y dense rows of K and N floats). No clamps or bias here.
    void matmul(const GpuLinear &l, uint32_t x, uint32_t y, uint32_t count) {
        if (!ok()) return;
        gpu::MatMulParams p;
        p.K = l.K;
        p.N = l.N;
        p.M = count;
        p.rowBytes = l.rowBytes;
        p.wOffset = l.wOffset;
        p.xOffset = x;
        p.xStride = l.K;
        p.yOffset = y;
        p.yStride = l.N;
        matmulWith(l, p);
    }
    void matmulWith(const GpuLinear &l, gpu::MatMulParams p) {
        if (!ok()) return;
        gpu::MatMulSplit split;
        split.reduce = m.reduce.get();
        split.scratchOffset = m.layout.scratch;
        split.scratchFloats = m.layout.scratchFloats;
        gpu::recordMatMul(batch, *m.groups[size_t(l.group)].matmul.at(l.kernel), p, &error, &split);
    }
};

}  // namespace

std::vector<float> GpuAudioTower::encode(const std::vector<float> &mel, int frames,
                                         std::span<const uint8_t> mask,
                                         const AudioEncodeControl &control, QString *error,
                                         AudioStages *stages) {
    const AudioTowerConfig &c = m_config;
    Impl &m = *this->m;
    auto fail = [&](const QString &message) {
        if (error) *error = message;
        return std::vector<float>();
    };
    if (frames <= 0 || mel.size() != size_t(frames) * size_t(c.melBins))
        return fail(QCoreApplication::translate(
                        "facet::audio",
                        "The audio features have the wrong size (%1 values for %2 frames of %3 "
                        "mel bins).")
                        .arg(mel.size())
                        .arg(frames)
                        .arg(c.melBins));
    if (!mask.empty() && mask.size() != size_t(frames))
        return fail(QCoreApplication::translate(
                        "facet::audio", "The audio feature mask has %1 entries for %2 frames.")
                        .arg(mask.size())
                        .arg(frames));
    QString why;
    if (!reserve(frames, &why)) return fail(why);
    const ActLayout &A = m.layout;

    // The frame masks as HF derives them: each SSCP block keeps every second entry.
    const int t1 = int(halveLength(frames)), t2 = int(halveLength(t1));
    std::vector<uint32_t> masks(size_t(A.maskTotal), 0);
    for (int t = 0; t < frames; ++t)
        masks[size_t(t)] = mask.empty() || mask[size_t(t)] ? 1 : 0;
    std::vector<uint8_t> valid(static_cast<size_t>(t2));
    for (int t = 0; t < t2; ++t) {
        valid[size_t(t)] = uint8_t(masks[size_t(4 * t)]);
        masks[A.mask2 + size_t(t)] = masks[size_t(4 * t)];
    }
    int tokens = 0;
    while (tokens < t2 && valid[size_t(tokens)])
        ++tokens;
    if (stages) {
        stages->frames = t2;
        stages->valid = valid;
        stages->sscp.clear();
        stages->layers.clear();
        stages->output.clear();
    }

    const uint32_t W = uint32_t(c.width), T = uint32_t(t2);
    const float gc = c.gradientClip;
    gpu::ComputeBatch batch;
    Recorder r(m, c, batch);
    batch.upload(
        *m.act, qint64(A.mel) * 4,
        QByteArray(reinterpret_cast<const char *>(mel.data()), qint64(mel.size() * sizeof(float))));
    batch.upload(*m.masks, 0,
                 QByteArray(reinterpret_cast<const char *>(masks.data()),
                            qint64(masks.size() * sizeof(uint32_t))));

    // SSCP: two conv blocks, then the linear into the width.
    {
        gpu::AudioConv2dParams p;
        p.frames = uint32_t(frames);
        p.freq = uint32_t(c.melBins);
        p.cin = 1;
        p.cout = uint32_t(c.sscpChannels0);
        p.inOffset = A.mel;
        p.wOffset = m.conv0;
        p.normOffset = m.conv0Norm;
        p.eps = c.eps;
        p.useMask = 1;
        p.maskOffset = 0;
        p.maskStride = 1;
        p.outOffset = A.big;
        if (r.ok()) gpu::recordAudioConv2d(batch, *m.groups[0].conv2d, p, &r.error);
        p.frames = uint32_t(t1);
        p.freq = uint32_t(halveLength(c.melBins));
        p.cin = uint32_t(c.sscpChannels0);
        p.cout = uint32_t(c.sscpChannels1);
        p.inOffset = A.big;
        p.wOffset = m.conv1;
        p.normOffset = m.conv1Norm;
        p.maskStride = 2;  // the first block's output frame t is input frame 2t's
        p.outOffset = A.sscp;
        if (r.ok()) gpu::recordAudioConv2d(batch, *m.groups[0].conv2d, p, &r.error);
        if (m.sscp.clampsInput())
            r.clamp(0, A.sscp, A.sscp, m.sscp.K, T, m.sscp.inMin, m.sscp.inMax);
        r.matmul(m.sscp, A.sscp, A.x, T);
        if (m.sscp.clampsOutput() || m.sscp.hasBias) {
            AudioRowsParams p2;
            p2.n = W;
            p2.rows = T;
            p2.xOffset = p2.outOffset = A.x;
            p2.xStride = p2.outStride = W;
            p2.flags = m.sscp.hasBias ? gpu::kAudioRowsBias : 0u;
            p2.bOffset = m.sscp.bias;
            p2.lo1 = m.sscp.outMin;
            p2.hi1 = m.sscp.outMax;
            r.rows(0, p2);
        }
    }

    // x → norm → out rows: the common shape of the norm sites.
    auto normRows = [&](uint32_t x, uint32_t out, uint32_t weight) {
        AudioRowsParams p;
        p.n = W;
        p.rows = T;
        p.xOffset = x;
        p.xStride = W;
        p.outOffset = out;
        p.outStride = W;
        p.flags = gpu::kAudioRowsNorm | gpu::kAudioRowsNormWeight;
        p.wOffset = weight;
        p.eps = c.eps;
        return p;
    };

    auto feedForward = [&](const GpuLayer &G, const GpuLinear &up, const GpuLinear &down,
                           uint32_t norm, uint32_t postNorm) {
        AudioRowsParams p = normRows(A.x, A.h, norm);
        p.lo2 = -gc, p.hi2 = gc;
        p.lo3 = up.inMin, p.hi3 = up.inMax;
        r.rows(G.group, p);
        r.matmul(up, A.h, A.big, T);
        AudioRowsParams s;
        s.n = up.N;
        s.rows = T;
        s.xOffset = s.outOffset = A.big;
        s.xStride = s.outStride = up.N;
        s.flags = gpu::kAudioRowsSilu;
        s.lo1 = up.outMin, s.hi1 = up.outMax;
        s.lo3 = down.inMin, s.hi3 = down.inMax;
        r.rows(G.group, s);
        r.matmul(down, A.big, A.h2, T);
        AudioRowsParams e = normRows(A.h2, A.x, postNorm);
        e.lo1 = down.outMin, e.hi1 = down.outMax;
        e.lo2 = -gc, e.hi2 = gc;
        e.scale = c.residualWeight;
        e.flags |= gpu::kAudioRowsResidual;
        e.resOffset = A.x;
        e.resStride = W;
        r.rows(G.group, e);
    };

    auto layer = [&](const GpuLayer &G) {
        feedForward(G, G.ffnUp, G.ffnDown, G.ffnNorm, G.ffnPostNorm);

        // Attention. The three projections share the normed input; their input bounds are
        // folded into the norm when they agree, else each clamps a copy.
        const bool sameIn = G.q.inMin == G.k.inMin && G.q.inMin == G.v.inMin &&
                            G.q.inMax == G.k.inMax && G.q.inMax == G.v.inMax;
        AudioRowsParams p = normRows(A.x, A.h, G.attnPreNorm);
        p.lo2 = -gc, p.hi2 = gc;
        if (sameIn) p.lo3 = G.q.inMin, p.hi3 = G.q.inMax;
        r.rows(G.group, p);
        const GpuLinear *proj[] = {&G.q, &G.k, &G.v};
        for (uint32_t j = 0; j < 3; ++j) {
            const GpuLinear &l = *proj[j];
            uint32_t src = A.h;
            if (!sameIn && l.clampsInput()) {
                r.clamp(G.group, A.h, A.tmp, W, T, l.inMin, l.inMax);
                src = A.tmp;
            }
            gpu::MatMulParams mp;
            mp.K = l.K;
            mp.N = l.N;
            mp.M = T;
            mp.rowBytes = l.rowBytes;
            mp.wOffset = l.wOffset;
            mp.xOffset = src;
            mp.xStride = W;
            mp.yOffset = A.qkv + j * W;
            mp.yStride = 3 * W;
            r.matmulWith(l, mp);
        }
        gpu::AudioAttentionParams ap;
        ap.frames = T;
        ap.heads = uint32_t(c.heads);
        ap.headDim = uint32_t(c.headDim);
        ap.chunk = uint32_t(c.chunk);
        ap.maxPast = uint32_t(c.contextLeft - 1);
        ap.window = uint32_t(c.contextLeft - 1);
        ap.softcap = c.logitCap;
        ap.invalidLogit = c.invalidLogit;
        ap.qScale = m.qScale;
        ap.kScale = m.kScale;
        ap.qOffset = A.qkv;
        ap.kOffset = A.qkv + W;
        ap.vOffset = A.qkv + 2 * W;
        ap.qStride = ap.kStride = ap.vStride = 3 * W;
        ap.relOffset = G.relK;
        ap.scaleOffset = G.perDim;
        ap.useMask = 1;
        ap.maskOffset = A.mask2;
        ap.outOffset = A.att;
        ap.outStride = W;
        ap.qMin = G.q.outMin, ap.qMax = G.q.outMax;
        ap.kMin = G.k.outMin, ap.kMax = G.k.outMax;
        ap.vMin = G.v.outMin, ap.vMax = G.v.outMax;
        if (r.ok())
            gpu::recordAudioAttention(batch, *m.groups[size_t(G.group)].attention, ap, &r.error);
        if (G.out.clampsInput()) r.clamp(G.group, A.att, A.att, W, T, G.out.inMin, G.out.inMax);
        r.matmul(G.out, A.att, A.h2, T);
        AudioRowsParams e = normRows(A.h2, A.x, G.attnPostNorm);
        e.lo1 = G.out.outMin, e.hi1 = G.out.outMax;
        e.lo2 = -gc, e.hi2 = gc;
        e.flags |= gpu::kAudioRowsResidual;
        e.resOffset = A.x;
        e.resStride = W;
        r.rows(G.group, e);

        // Light convolution: norm, pw1, GLU + causal depthwise, clip, norm, SiLU, pw2, residual.
        p = normRows(A.x, A.h, G.convPreNorm);
        p.lo3 = G.pw1.inMin, p.hi3 = G.pw1.inMax;
        r.rows(G.group, p);
        r.matmul(G.pw1, A.h, A.big, T);
        if (G.pw1.clampsOutput())
            r.clamp(G.group, A.big, A.big, 2 * W, T, G.pw1.outMin, G.pw1.outMax);
        gpu::AudioConv1dParams cp;
        cp.rows = T;
        cp.channels = W;
        cp.kernel = uint32_t(c.convKernel);
        cp.mode = uint32_t(gpu::AudioConv1dMode::GluDepthwise);
        cp.xOffset = A.big;
        cp.xStride = 2 * W;
        cp.wOffset = G.depthwise;
        cp.outOffset = A.h2;
        cp.outStride = W;
        if (r.ok()) gpu::recordAudioConv1d(batch, *m.groups[size_t(G.group)].conv1d, cp, &r.error);
        p = normRows(A.h2, A.h, G.convNorm);
        p.lo1 = -gc, p.hi1 = gc;
        p.flags |= gpu::kAudioRowsSilu;
        p.lo3 = G.pw2.inMin, p.hi3 = G.pw2.inMax;
        r.rows(G.group, p);
        r.matmul(G.pw2, A.h, A.h2, T);
        AudioRowsParams res;
        res.n = W;
        res.rows = T;
        res.xOffset = A.h2;
        res.xStride = W;
        res.outOffset = A.x;
        res.outStride = W;
        res.resOffset = A.x;
        res.resStride = W;
        res.flags = gpu::kAudioRowsResidual;
        res.lo1 = G.pw2.outMin, res.hi1 = G.pw2.outMax;
        r.rows(G.group, res);

        feedForward(G, G.ffn2Up, G.ffn2Down, G.ffn2Norm, G.ffn2PostNorm);
        p = normRows(A.x, A.x, G.outNorm);
        p.lo1 = -gc, p.hi1 = gc;
        r.rows(G.group, p);
    };

    // Batches: the whole tower at once, or groups of layers when progress is reported (and one
    // per layer when the stages are wanted: each is read back after its batch).
    const int perBatch = stages             ? 1
                         : control.progress ? std::max(1, m_options.layersPerBatch)
                                            : std::max(1, c.layers);
    auto submit = [&]() {
        if (!r.ok()) return false;
        if (!m.ctx->submit(batch, &why)) {
            r.error = why;
            return false;
        }
        return true;
    };
    auto readFloats = [](const QByteArray &bytes, std::vector<float> *out) {
        out->resize(size_t(bytes.size()) / sizeof(float));
        std::memcpy(out->data(), bytes.constData(), size_t(bytes.size()));
    };
    QByteArray stageBytes;
    if (stages) {
        batch.readBack(*m.act, qint64(A.x) * 4, qint64(T) * W * 4, &stageBytes);
        if (!submit())
            return fail(QCoreApplication::translate("facet::audio",
                                                    "The GPU failed while encoding the audio: %1")
                            .arg(r.error));
        readFloats(stageBytes, &stages->sscp);
    }
    for (int i = 0; i < c.layers; ++i) {
        layer(m.layers[size_t(i)]);
        const bool last = i + 1 == c.layers;
        if (!last && (i + 1) % perBatch != 0) continue;
        if (stages) batch.readBack(*m.act, qint64(A.x) * 4, qint64(T) * W * 4, &stageBytes);
        if (!last || stages) {
            if (!submit())
                return fail(QCoreApplication::translate(
                                "facet::audio", "The GPU failed while encoding the audio: %1")
                                .arg(r.error));
        }
        if (stages) {
            stages->layers.emplace_back();
            readFloats(stageBytes, &stages->layers.back());
        }
        // Progress is reported for the layers already run on the GPU; the last batch also holds
        // the projections, so its layers are reported once it ran.
        if (!last && control.progress && !control.progress(i + 1, c.layers))
            return fail(
                QCoreApplication::translate("facet::audio", "Encoding the audio was cancelled."));
    }

    // output_proj (+ bias) over every frame, then the valid tokens: weightless RMSNorm and the
    // projection into the text width.
    const uint32_t D = uint32_t(c.outputDims), E = uint32_t(c.textWidth);
    if (m.fc.clampsInput()) r.clamp(0, A.x, A.x, W, T, m.fc.inMin, m.fc.inMax);
    r.matmul(m.fc, A.x, A.out, T);
    {
        AudioRowsParams p;
        p.n = D;
        p.rows = T;
        p.xOffset = p.outOffset = A.out;
        p.xStride = p.outStride = D;
        p.flags = m.fc.hasBias ? gpu::kAudioRowsBias : 0u;
        p.bOffset = m.fc.bias;
        p.lo1 = m.fc.outMin, p.hi1 = m.fc.outMax;
        if (p.flags || m.fc.clampsOutput()) r.rows(0, p);
        p.rows = uint32_t(tokens);
        p.outOffset = A.embIn;
        p.flags = gpu::kAudioRowsNorm;
        p.lo1 = -kInf, p.hi1 = kInf;
        p.eps = c.eps;
        p.lo3 = m.proj.inMin, p.hi3 = m.proj.inMax;
        r.rows(0, p);
    }
    r.matmul(m.proj, A.embIn, A.emb, uint32_t(tokens));
    if (m.proj.clampsOutput() || m.proj.hasBias) {
        AudioRowsParams p;
        p.n = E;
        p.rows = uint32_t(tokens);
        p.xOffset = p.outOffset = A.emb;
        p.xStride = p.outStride = E;
        p.flags = m.proj.hasBias ? gpu::kAudioRowsBias : 0u;
        p.bOffset = m.proj.bias;
        p.lo1 = m.proj.outMin, p.hi1 = m.proj.outMax;
        r.rows(0, p);
    }
    QByteArray outBytes, embBytes;
    if (stages) batch.readBack(*m.act, qint64(A.out) * 4, qint64(T) * D * 4, &outBytes);
    if (tokens > 0) batch.readBack(*m.act, qint64(A.emb) * 4, qint64(tokens) * E * 4, &embBytes);
    if (!submit())
        return fail(QCoreApplication::translate("facet::audio",
                                                "The GPU failed while encoding the audio: %1")
                        .arg(r.error));
    if (stages) readFloats(outBytes, &stages->output);
    if (control.progress && !control.progress(c.layers, c.layers))
        return fail(
            QCoreApplication::translate("facet::audio", "Encoding the audio was cancelled."));
    std::vector<float> result;
    readFloats(embBytes, &result);
    return result;
}

}  // namespace facet::audio
