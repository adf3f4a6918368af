// The compute kernels Facet ships (shaders/*.comp baked to :/shaders/<name>.qsb), their binding
// layouts, and the objects that make them dispatchable: a Kernel (pipeline, created once per
// context on first use) and Bindings (one kernel + a fixed set of buffers, created once per call
// site at load time and reused for every dispatch; parameters travel separately, see
// ComputeBatch).
#pragma once

#include "gguf/gguf.h"

#include <QString>

#include <array>
#include <memory>
#include <optional>
#include <vector>

QT_BEGIN_NAMESPACE
class QRhiComputePipeline;
class QRhiShaderResourceBindings;
QT_END_NAMESPACE

namespace facet::gpu {

class Buffer;
class GpuContext;

enum class KernelId : int {
    RmsNorm,
    Argmax,
    // rope: RopeParams; bindings 1 x (rotated in place), 2 positions (int32), 3 factors.
    Rope,
    // geglu: GegluParams; bindings 1 gate, 2 up, 3 out.
    Geglu,
    // elementwise: ElementwiseParams; bindings 1 x, 2 y, 3 out.
    Elementwise,
    // matvec_<type>: MatVecParams; bindings 1 weights (raw bytes), 2 x, 3 y, 4 norm weights (f32;
    // read by MatInputMode::AddNorm only, any buffer otherwise).
    MatVecF32,
    MatVecF16,
    MatVecBF16,
    MatVecQ4_0,
    MatVecQ4_1,
    MatVecQ5_0,
    MatVecQ5_1,
    MatVecQ8_0,
    MatVecQ4_K,
    MatVecQ5_K,
    MatVecQ6_K,
    // get_rows_<type>: GetRowsParams; bindings 1 weights, 2 ids (uint), 3 y.
    GetRowsF32,
    GetRowsF16,
    GetRowsBF16,
    GetRowsQ4_0,
    GetRowsQ4_1,
    GetRowsQ5_0,
    GetRowsQ5_1,
    GetRowsQ8_0,
    GetRowsQ4_K,
    GetRowsQ5_K,
    GetRowsQ6_K,
    // matmul_<type>: MatMulParams; bindings 1 weights, 2 x, 3 y (matmul_ops.h).
    MatMulF32,
    MatMulF16,
    MatMulBF16,
    MatMulQ4_0,
    MatMulQ4_1,
    MatMulQ5_0,
    MatMulQ5_1,
    MatMulQ8_0,
    MatMulQ4_K,
    MatMulQ5_K,
    MatMulQ6_K,
    // attention: AttentionParams; bindings 1 act (q in, o out), 2 K cache, 3 V cache, 4 scratch
    // (attention_ops.h).
    Attention,
    // attention_prefill: AttentionParams; the same bindings as attention (attention_ops.h).
    AttentionPrefill,
    // qkv_prep: QkvPrepParams; bindings 1 act, 2 norms (+ rope factors), 3 K cache, 4 V cache.
    QkvPrep,
    // add_rmsnorm: AddRmsNormParams; bindings 1 act, 2 norms (fused_ops.h).
    AddRmsNorm,
    // topk: TopKParams; bindings 1 x, 2 partials, 3 result (fused_ops.h).
    TopK,
    // matmul_reduce: MatMulParams; bindings 1 split-K partials, 2 y (both the matmul's y range;
    // matmul_ops.h).
    MatMulReduce,
    // attention_decode: DecodeAttentionParams; bindings 1 act (q, k, v in, o out), 2 norms (+ rope
    // factors), 3 K cache, 4 V cache, 5 scratch (split partials and counters;
    // attention_decode_ops.h).
    AttentionDecode,
    // matvec_dot_<type>: MatVecParams (input mode 0); bindings as matvec_<type>, x in the Q8A
    // layout (quantize_q8). The portable pack emulates the 8-bit dot products; the subgroup one
    // needs GpuInfo::integerDotProduct (GpuContext::kernel loads it only then).
    MatVecDotQ8_0,
    MatVecDotQ4_K,
    MatVecDotQ5_K,
    MatVecDotQ6_K,
    // matvec_dot_geglu_<type>: MatVecParams; bindings as matvec_dot_<type>; the FFN gate|up
    // GeGLU into the down's Q8A input (recordMatVecGegluQ8), 256 invocations per workgroup.
    MatVecDotGegluQ8_0,
    MatVecDotGegluQ4_K,
    MatVecDotGegluQ5_K,
    MatVecDotGegluQ6_K,
    // quantize_q8: QuantizeQ8Params; bindings 1 x (and x2), 2 Q8A output.
    QuantizeQ8,
    // --- more kernels: add above this line ---
    Count
};
inline constexpr int kKernelCount = static_cast<int>(KernelId::Count);

// What a kernel does with a storage binding. (QRhi's binding type is chosen per buffer, not per
// binding: Weights buffers are always bound as load, Storage buffers always as load-store,
// because QRhi does not allow one buffer with different access types within a pass — and a
// ping-pong activation buffer is read by one dispatch and written by the next. A binding the
// kernel writes therefore needs a Storage buffer.)
enum class Access { Load, Store, LoadStore };

// Resource name without prefix/suffix: "matvec_q4_k".
QString kernelName(KernelId id);
// The matvec / get_rows kernel for a GGUF weight type; nullopt for a type without one.
std::optional<KernelId> matVecKernel(gguf::TensorType type);
std::optional<KernelId> getRowsKernel(gguf::TensorType type);
// The integer-dot matvec (x in the Q8A layout) for a weight type; nullopt for types without one.
std::optional<KernelId> matVecDotKernel(gguf::TensorType type);
// Its GeGLU-into-Q8A variant (recordMatVecGegluQ8).
std::optional<KernelId> matVecDotGegluKernel(gguf::TensorType type);
std::optional<KernelId> matMulKernel(gguf::TensorType type);
// Weight type a matvec/get_rows kernel reads; nullopt for the others.
std::optional<gguf::TensorType> kernelWeightType(KernelId id);
// Values per "block" as the weight kernels see it: the GGUF block size, 4 for F32/F16/BF16 (whose
// rows must therefore hold a multiple of 4 values).
int kernelBlockValues(gguf::TensorType type);

class Kernel {
public:
    ~Kernel();
    Kernel(const Kernel &) = delete;
    Kernel &operator=(const Kernel &) = delete;

    KernelId id() const { return m_id; }
    const QString &name() const { return m_name; }
    GpuContext &context() const { return *m_context; }
    // Size of the parameter block (binding 0).
    int paramBytes() const { return m_paramBytes; }
    // Workgroup size declared by the shader (from its reflection).
    std::array<int, 3> localSize() const { return m_localSize; }
    // Storage bindings 1..n.
    const std::vector<Access> &storage() const { return m_storage; }
    QRhiComputePipeline *pipeline() const { return m_pipeline.get(); }

private:
    friend class GpuContext;
    Kernel() = default;

    GpuContext *m_context = nullptr;
    KernelId m_id = KernelId::RmsNorm;
    QString m_name;
    int m_paramBytes = 0;
    std::array<int, 3> m_localSize{1, 1, 1};
    std::vector<Access> m_storage;
    // Layout-only bindings (placeholder buffers) the pipeline is created against; every Bindings
    // of this kernel is layout-compatible with it.
    std::unique_ptr<QRhiShaderResourceBindings> m_layout;
    std::unique_ptr<QRhiComputePipeline> m_pipeline;
};

// One kernel with its buffers bound (QRhiShaderResourceBindings). Create once, dispatch many
// times. The buffers must outlive it; destroy it before the GpuContext.
class Bindings {
public:
    ~Bindings();
    Bindings(const Bindings &) = delete;
    Bindings &operator=(const Bindings &) = delete;

    const Kernel &kernel() const { return *m_kernel; }
    QRhiShaderResourceBindings *srb() const { return m_srb.get(); }
    // Bytes visible through storage binding i+1 (the recording helpers in ops.h check every
    // dispatch's index ranges against these, so a bad offset is an error, not a GPU fault).
    qint64 boundBytes(int storageIndex) const { return m_bound[size_t(storageIndex)]; }
    // The buffer behind storage binding i+1 and the byte offset of the bound range in it (so a
    // recording helper can tell whether two bindings alias the same memory).
    const Buffer *boundBuffer(int storageIndex) const { return m_buffers[size_t(storageIndex)]; }
    qint64 boundOffset(int storageIndex) const { return m_offsets[size_t(storageIndex)]; }
    // The Vulkan descriptor set of direct submission (vulkan_direct.h), 0 without it.
    quint64 nativeSet() const { return m_nativeSet; }

private:
    friend class GpuContext;
    Bindings() = default;

    const Kernel *m_kernel = nullptr;
    std::vector<qint64> m_bound;
    std::vector<const Buffer *> m_buffers;
    std::vector<qint64> m_offsets;
    quint64 m_nativeSet = 0;
    std::unique_ptr<QRhiShaderResourceBindings> m_srb;
};

}  // namespace facet::gpu
