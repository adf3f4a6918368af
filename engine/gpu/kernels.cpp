// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Kernel registry, made from the kernel table (shaders/kernels.def): which shader pack each kernel
// comes from, its binding layout and parameter struct; loading (with reflection checks) and
// binding.
#include "gpu/kernels.h"

#include "gpu/gpu_context.h"
#include "gpu/kernel_params.h"
#include "gpu/rhi_compat.h"
#include "gpu/vulkan_direct.h"

#include <QFile>

#include <mutex>

// shaders/facet_shaders.cpp: registers the :/shaders resources (global namespace, see there).
void facetInitShaderResources();

namespace facet::gpu {

namespace {

using gguf::TensorType;

// What a kernel's subgroup pack needs beyond subgroup arithmetic (kernels.def: SubgroupNeeds).
// CoopMatNV: VK_NV_cooperative_matrix with 32-lane subgroups (GpuInfo::cooperativeMatrixNV; the
// matmul's tensor-core build, which F32 weights do not use: their product stays f32).
enum class SubgroupNeeds { None, IntegerDot, CoopMatNV };

// One entry of shaders/kernels.def.
struct KernelSpec {
    KernelId id;
    const char *name;  // :/shaders/<name>.qsb
    KernelFamily family;
    std::optional<TensorType> weightType;
    bool subgroupPack;  // :/shaders/<name>_sg.qsb exists (when the build has glslangValidator)
    SubgroupNeeds subgroupNeeds;
    std::vector<Access> storage;
    const char *const *fields;  // parameter block member names, in order
    int fieldCount;
};

template <typename P>
KernelSpec spec(KernelId id, const char *name, KernelFamily family,
                std::optional<TensorType> weightType, const char *subgroupDefines,
                SubgroupNeeds needs, std::vector<Access> storage) {
    return {id,
            name,
            family,
            weightType,
            subgroupDefines[0] != '\0',
            needs,
            std::move(storage),
            P::kFields.data(),
            int(P::kFields.size())};
}

// Every parameter struct of the table follows the layout rule (kernel_params.h).
#define FACET_KERNEL(Id, name, source, Params, ...) \
    static_assert(isParamBlock<Params>(), #Params " breaks the parameter block layout rule");
#define FACET_TYPED_KERNELS(Family, name, source, Params, ...) \
    static_assert(isParamBlock<Params>(), #Params " breaks the parameter block layout rule");
#include "kernels.def"

// The registry, in KernelId order (both come from kernels.def in the same order).
const std::vector<KernelSpec> &specs() {
    static const std::vector<KernelSpec> table = [] {
        using enum Access;
        using enum SubgroupNeeds;
        std::vector<KernelSpec> t;
#define FACET_KERNEL(Id, name, source, Params, defines, subgroupDefines, needs, ...) \
    t.push_back(spec<Params>(KernelId::Id, name, KernelFamily::None, std::nullopt,   \
                             subgroupDefines, needs, {__VA_ARGS__}));
#define FACET_KERNEL_TYPED_SPEC(Type, suffix, Family, name, Params, subgroupDefines, needs, ...) \
    t.push_back(spec<Params>(KernelId::Family##Type, name "_" #suffix, KernelFamily::Family,     \
                             TensorType::Type, subgroupDefines, needs, {__VA_ARGS__}));
#define FACET_TYPED_KERNELS(Family, name, source, Params, types, defines, subgroupDefines, needs, \
                            ...)                                                                  \
    types(FACET_KERNEL_TYPED_SPEC, Family, name, Params, subgroupDefines, needs, __VA_ARGS__)
#include "kernels.def"
#undef FACET_KERNEL_TYPED_SPEC
        for (size_t i = 0; i < t.size(); ++i)
            Q_ASSERT_X(int(t[i].id) == int(i), "kernel table", "not in KernelId order");
        return t;
    }();
    return table;
}

const KernelSpec &specOf(KernelId id) {
    return specs()[size_t(id)];
}

// The binding type follows the buffer (see Access): read-only Weights as load, the rest as
// load-store. QRhi derives its barriers from it: a load-store buffer counts as written by every
// dispatch that binds it, which is conservative but never misses a dependency.
QRhiShaderResourceBinding storageBinding(int binding, bool readOnlyBuffer, QRhiBuffer *buf,
                                         qint64 offset, qint64 size) {
    const auto stage = QRhiShaderResourceBinding::ComputeStage;
    if (readOnlyBuffer) {
        return QRhiShaderResourceBinding::bufferLoad(binding, stage, buf, int(offset), int(size));
    }
    return QRhiShaderResourceBinding::bufferLoadStore(binding, stage, buf, int(offset), int(size));
}

}  // namespace

QString kernelName(KernelId id) {
    return QString::fromLatin1(specOf(id).name);
}

KernelFamily kernelFamily(KernelId id) {
    return specOf(id).family;
}

std::optional<KernelId> typedKernel(KernelFamily family, gguf::TensorType type) {
    if (family == KernelFamily::None) return std::nullopt;
    for (const KernelSpec &s : specs()) {
        if (s.family == family && s.weightType == type) return s.id;
    }
    return std::nullopt;
}

std::optional<KernelId> matVecKernel(gguf::TensorType type) {
    return typedKernel(KernelFamily::MatVec, type);
}

std::optional<KernelId> matVecDotKernel(gguf::TensorType type) {
    return typedKernel(KernelFamily::MatVecDot, type);
}

std::optional<KernelId> matVecDotGegluKernel(gguf::TensorType type) {
    return typedKernel(KernelFamily::MatVecDotGeglu, type);
}

std::optional<KernelId> getRowsKernel(gguf::TensorType type) {
    return typedKernel(KernelFamily::GetRows, type);
}

std::optional<KernelId> matMulKernel(gguf::TensorType type) {
    return typedKernel(KernelFamily::MatMul, type);
}

std::optional<KernelId> dequantF16Kernel(gguf::TensorType type) {
    return typedKernel(KernelFamily::DequantF16, type);
}

std::optional<gguf::TensorType> kernelWeightType(KernelId id) {
    return specOf(id).weightType;
}

int kernelBlockValues(gguf::TensorType type) {
    switch (type) {
        case TensorType::F32:
        case TensorType::F16:
        case TensorType::BF16:
            return 4;
        default:
            break;
    }
    const auto traits = gguf::typeTraits(type);
    return traits ? int(traits->blockSize) : 0;
}

Kernel::~Kernel() = default;
Bindings::~Bindings() {
    if (m_nativeSet) m_kernel->context().releaseNativeSet(m_nativeSet);
}

namespace {

std::once_flag resourcesRegistered;

void registerShaderResources() {
    std::call_once(resourcesRegistered, [] { facetInitShaderResources(); });
}

}  // namespace

bool GpuContext::subgroupPacksBuilt() {
    registerShaderResources();
    for (const KernelSpec &s : specs()) {
        if (s.subgroupPack) return QFile::exists(QStringLiteral(":/shaders/%1_sg.qsb").arg(s.name));
    }
    return false;
}

const Kernel *GpuContext::kernel(KernelId id, QString *error) {
    if (!checkThread(error)) return nullptr;
    if (int(id) < 0 || int(id) >= kKernelCount) {
        if (error) *error = QStringLiteral("internal error: unknown kernel id %1").arg(int(id));
        return nullptr;
    }
    std::unique_ptr<Kernel> &slot = m_kernels[size_t(id)];
    if (slot) return slot.get();

    registerShaderResources();

    // The variant chosen for this context (GpuInfo::kernelVariant). A subgroup pipeline that the
    // driver rejects falls back to the portable pack (with a warning): slower, still correct.
    // The integer-dot kernels' subgroup pack uses OpSDot, which needs the device feature too.
    const KernelSpec &s = specOf(id);
    const bool tensorCores = s.subgroupNeeds == SubgroupNeeds::CoopMatNV &&
                             m_info.cooperativeMatrixNV && m_info.subgroupSize == 32 &&
                             s.weightType != TensorType::F32;
    const bool subgroupPack =
        s.subgroupPack &&
        (s.subgroupNeeds == SubgroupNeeds::None || tensorCores ||
         (s.subgroupNeeds == SubgroupNeeds::IntegerDot && m_info.integerDotProduct));
    if (m_info.kernelVariant == KernelVariant::Subgroup && subgroupPack) {
        QString why;
        if (Kernel *k = loadKernel(id, true, &why)) {
            k->m_tensorCores = tensorCores;
            return k;
        }
        qWarning("facet::gpu: %s; using the portable variant", qPrintable(why));
    }
    return loadKernel(id, false, error);
}

Kernel *GpuContext::loadKernel(KernelId id, bool subgroupVariant, QString *error) {
    std::unique_ptr<Kernel> &slot = m_kernels[size_t(id)];
    const KernelSpec &s = specOf(id);
    const QString name = QString::fromLatin1(s.name);
    const QString pack = subgroupVariant ? name + QStringLiteral("_sg") : name;
    auto fail = [&](const QString &why) {
        if (error) *error = QStringLiteral("GPU kernel '%1': %2").arg(pack, why);
        return nullptr;
    };

    const QString path = QStringLiteral(":/shaders/%1.qsb").arg(pack);
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return fail(QStringLiteral("shader pack %1 is missing (build problem)").arg(path));
    }
    const QShader shader = QShader::fromSerialized(file.readAll());
    if (!shader.isValid() || shader.stage() != QShader::ComputeStage) {
        return fail(QStringLiteral("%1 is not a valid compute shader pack").arg(path));
    }

    // The shader's parameter block must be exactly the C++ struct (names and std140 offsets).
    const QShaderDescription desc = shader.description();
    const auto blocks = desc.uniformBlocks();
    if (blocks.size() != 1 || blocks[0].binding != 0) {
        return fail(QStringLiteral("expected one uniform block at binding 0"));
    }
    const auto &block = blocks[0];
    if (block.size != 4 * s.fieldCount || block.members.size() != s.fieldCount) {
        return fail(QStringLiteral("parameter block is %1 bytes / %2 members in the shader but "
                                   "%3 / %4 in C++")
                        .arg(block.size)
                        .arg(block.members.size())
                        .arg(4 * s.fieldCount)
                        .arg(s.fieldCount));
    }
    for (int i = 0; i < s.fieldCount; ++i) {
        const auto &m = block.members[i];
        if (m.name != s.fields[i] || m.offset != 4 * i || m.size != 4) {
            return fail(QStringLiteral("parameter %1 is '%2' at byte %3 in the shader but '%4' at "
                                       "byte %5 in C++")
                            .arg(i)
                            .arg(QString::fromLatin1(m.name))
                            .arg(m.offset)
                            .arg(QString::fromLatin1(s.fields[i]))
                            .arg(4 * i));
        }
    }
    const auto storageBlocks = desc.storageBlocks();
    if (storageBlocks.size() != int(s.storage.size())) {
        return fail(QStringLiteral("shader has %1 storage buffers, the registry %2")
                        .arg(storageBlocks.size())
                        .arg(s.storage.size()));
    }
    for (const auto &sb : storageBlocks) {
        if (sb.binding < 1 || sb.binding > int(s.storage.size())) {
            return fail(QStringLiteral("storage buffer '%1' at unexpected binding %2")
                            .arg(QString::fromLatin1(sb.blockName))
                            .arg(sb.binding));
        }
    }
    const auto local = desc.computeShaderLocalSize();
    const int invocations = int(local[0] * local[1] * local[2]);
    if (invocations > m_info.maxWorkgroupSize) {
        return fail(QStringLiteral("workgroup of %1 invocations exceeds the device limit %2")
                        .arg(invocations)
                        .arg(m_info.maxWorkgroupSize));
    }

    std::unique_ptr<Kernel> k(new Kernel);
    k->m_context = this;
    k->m_id = id;
    k->m_name = name;
    k->m_paramBytes = 4 * s.fieldCount;
    k->m_localSize = {int(local[0]), int(local[1]), int(local[2])};
    k->m_storage = s.storage;

    std::vector<QRhiShaderResourceBinding> layout;
    layout.push_back(QRhiShaderResourceBinding::uniformBufferWithDynamicOffset(
        0, QRhiShaderResourceBinding::ComputeStage, m_paramArena.get(), k->m_paramBytes));
    for (size_t i = 0; i < s.storage.size(); ++i) {
        layout.push_back(storageBinding(int(i) + 1, false, m_placeholder.get(), 0, 16));
    }
    k->m_layout.reset(m_rhi->newShaderResourceBindings());
    k->m_layout->setBindings(layout.begin(), layout.end());
    if (!k->m_layout->create()) return fail(QStringLiteral("could not create its binding layout"));

    k->m_pipeline.reset(m_rhi->newComputePipeline());
    k->m_pipeline->setShaderStage(QRhiShaderStage(QRhiShaderStage::Compute, shader));
    k->m_pipeline->setShaderResourceBindings(k->m_layout.get());
    k->m_pipeline->setName(pack.toLatin1());
    if (!k->m_pipeline->create()) {
        return fail(QStringLiteral("the GPU driver rejected the compute pipeline"));
    }
#if FACET_HAVE_VULKAN
    if (m_direct) {
        // The pack's SPIR-V entry (the subgroup packs replace it with their SPIR-V 1.3 build).
        const QShaderCode code =
            shader.shader(QShaderKey(QShader::SpirvShader, QShaderVersion(100)));
        QString why;
        if (code.shader().isEmpty()) return fail(QStringLiteral("the pack has no SPIR-V"));
        if (!m_direct->addKernel(*k, code.shader(), &why)) return fail(why);
    }
#endif
    slot = std::move(k);
    return slot.get();
}

std::unique_ptr<Bindings> GpuContext::bind(const Kernel &kernel,
                                           const std::vector<BufferView> &storage, QString *error) {
    if (!checkThread(error)) return nullptr;
    auto fail = [&](const QString &why) {
        if (error) *error = QStringLiteral("binding GPU kernel '%1': %2").arg(kernel.name(), why);
        return nullptr;
    };
    if (&kernel.context() != this) return fail(QStringLiteral("kernel of another context"));
    if (storage.size() != kernel.storage().size()) {
        return fail(QStringLiteral("%1 buffers given, the kernel has %2 storage bindings")
                        .arg(storage.size())
                        .arg(kernel.storage().size()));
    }
    std::vector<QRhiShaderResourceBinding> list;
    list.push_back(QRhiShaderResourceBinding::uniformBufferWithDynamicOffset(
        0, QRhiShaderResourceBinding::ComputeStage, m_paramArena.get(), kernel.paramBytes()));
    for (size_t i = 0; i < storage.size(); ++i) {
        const BufferView &v = storage[i];
        if (!v.buffer) return fail(QStringLiteral("binding %1 has no buffer").arg(i + 1));
        const qint64 size = v.size < 0 ? v.buffer->allocatedSize() - v.offset : v.size;
        if (v.offset < 0 || size <= 0 || v.offset + size > v.buffer->allocatedSize()) {
            return fail(QStringLiteral("binding %1: range [%2, +%3) is outside buffer '%4'")
                            .arg(i + 1)
                            .arg(v.offset)
                            .arg(size)
                            .arg(v.buffer->name()));
        }
        if (v.offset % m_info.storageBufferOffsetAlignment != 0) {
            return fail(QStringLiteral("binding %1: offset %2 is not a multiple of the device's "
                                       "storage offset alignment %3")
                            .arg(i + 1)
                            .arg(v.offset)
                            .arg(m_info.storageBufferOffsetAlignment));
        }
        if (size > m_info.maxStorageBufferRange) {
            return fail(QStringLiteral("binding %1: %2 bytes of '%3' exceed the device's storage "
                                       "range limit of %4 bytes; bind it in parts")
                            .arg(i + 1)
                            .arg(size)
                            .arg(v.buffer->name())
                            .arg(m_info.maxStorageBufferRange));
        }
        const bool readOnly = v.buffer->kind() == BufferKind::Weights;
        if (readOnly && kernel.storage()[i] != Access::Load) {
            return fail(QStringLiteral("binding %1 is written by the kernel, but '%2' is a "
                                       "read-only Weights buffer")
                            .arg(i + 1)
                            .arg(v.buffer->name()));
        }
        list.push_back(storageBinding(int(i) + 1, readOnly, v.buffer->rhiBuffer(), v.offset, size));
    }
    std::unique_ptr<Bindings> b(new Bindings);
    b->m_kernel = &kernel;
    for (const BufferView &v : storage) {
        b->m_bound.push_back(v.size < 0 ? v.buffer->allocatedSize() - v.offset : v.size);
        b->m_buffers.push_back(v.buffer);
        b->m_offsets.push_back(v.offset);
    }
    b->m_srb.reset(m_rhi->newShaderResourceBindings());
    b->m_srb->setBindings(list.begin(), list.end());
    if (!b->m_srb->create()) return fail(QStringLiteral("could not create the bindings"));
#if FACET_HAVE_VULKAN
    if (m_direct) {
        QString why;
        b->m_nativeSet = m_direct->createSet(*b, &why);
        if (!b->m_nativeSet) return fail(why);
    }
#endif
    return b;
}

}  // namespace facet::gpu
