// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The compute kernels Facet ships (the table shaders/kernels.def: shaders/*.comp baked to
// :/shaders/<name>.qsb), their binding layouts, and the objects that make them dispatchable: a
// Kernel (pipeline, created once per context on first use) and Bindings (one kernel + a fixed set
// of buffers, created once per call site at load time and reused for every dispatch; parameters
// travel separately, see ComputeBatch).
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

// One id per kernel of the table in shaders/kernels.def (its header describes the entries; the
// comment above each entry names its parameter struct and bindings). A typed family makes one id
// per weight type: MatVecF32 ... MatVecQ6_K.
enum class KernelId : int {
#define FACET_KERNEL(Id, ...) Id,
#define FACET_KERNEL_TYPED_ID(Type, suffix, Family) Family##Type,
#define FACET_TYPED_KERNELS(Family, name, source, Params, types, ...) \
    types(FACET_KERNEL_TYPED_ID, Family)
#include "kernels.def"
#undef FACET_KERNEL_TYPED_ID
    Count
};
inline constexpr int kKernelCount = static_cast<int>(KernelId::Count);

// What a kernel does with a storage binding. (QRhi's binding type is chosen per buffer, not per
// binding: Weights buffers are always bound as load, Storage buffers always as load-store,
// because QRhi does not allow one buffer with different access types within a pass — and a
// ping-pong activation buffer is read by one dispatch and written by the next. A binding the
// kernel writes therefore needs a Storage buffer.)
enum class Access { Load, Store, LoadStore };

// The typed families of shaders/kernels.def (FACET_TYPED_KERNELS); None for the other kernels.
enum class KernelFamily : int {
    None,
#define FACET_TYPED_KERNELS(Family, ...) Family,
#include "kernels.def"
};

// Resource name without prefix/suffix: "matvec_q4_k".
QString kernelName(KernelId id);
KernelFamily kernelFamily(KernelId id);
// The kernel of `family` for a GGUF weight type; nullopt when the family has none for it.
std::optional<KernelId> typedKernel(KernelFamily family, gguf::TensorType type);
// The matvec / get_rows kernel for a GGUF weight type; nullopt for a type without one.
std::optional<KernelId> matVecKernel(gguf::TensorType type);
std::optional<KernelId> getRowsKernel(gguf::TensorType type);
// The integer-dot matvec (x in the Q8A layout) for a weight type; nullopt for types without one.
std::optional<KernelId> matVecDotKernel(gguf::TensorType type);
// Its GeGLU-into-Q8A variant (recordMatVecGegluQ8).
std::optional<KernelId> matVecDotGegluKernel(gguf::TensorType type);
std::optional<KernelId> matMulKernel(gguf::TensorType type);
// The weight staging pass of the staged prefill product (matmul_ops.h recordDequantF16).
std::optional<KernelId> dequantF16Kernel(gguf::TensorType type);
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
    // The tensor-core build was loaded (f16 inputs; the matmul's 128 x 64 tiles, matmul_ops.h).
    bool tensorCores() const { return m_tensorCores; }

private:
    friend class GpuContext;
    Kernel() = default;

    GpuContext *m_context = nullptr;
    KernelId m_id = KernelId::RmsNorm;
    QString m_name;
    int m_paramBytes = 0;
    std::array<int, 3> m_localSize{1, 1, 1};
    std::vector<Access> m_storage;
    bool m_tensorCores = false;
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
