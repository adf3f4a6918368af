// Kernel registry: which shader pack each kernel comes from, its binding layout and parameter
// struct; loading (with reflection checks) and binding.
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

struct KernelSpec {
    KernelId id;
    const char *name;  // :/shaders/<name>.qsb
    std::vector<Access> storage;
    const char *const *fields;  // parameter block member names, in order
    int fieldCount;
    std::optional<TensorType> weightType;
};

template <typename P>
KernelSpec spec(KernelId id, const char *name, std::vector<Access> storage,
                std::optional<TensorType> weightType = std::nullopt) {
    return {id, name, std::move(storage), P::kFields.data(), int(P::kFields.size()), weightType};
}

// The weight types with matvec/get_rows kernels, in KernelId order (see shaders/CMakeLists.txt).
constexpr TensorType kWeightTypes[] = {TensorType::F32,  TensorType::F16,  TensorType::BF16,
                                       TensorType::Q4_0, TensorType::Q4_1, TensorType::Q5_0,
                                       TensorType::Q5_1, TensorType::Q8_0, TensorType::Q4_K,
                                       TensorType::Q5_K, TensorType::Q6_K};
constexpr int kWeightTypeCount = int(std::size(kWeightTypes));
// The weight types with an integer-dot mat-vec, in KernelId order (shaders/CMakeLists.txt).
constexpr TensorType kDotTypes[] = {TensorType::Q8_0, TensorType::Q4_K, TensorType::Q5_K,
                                    TensorType::Q6_K};
static_assert(int(KernelId::MatVecDotQ6_K) - int(KernelId::MatVecDotQ8_0) + 1 ==
              int(std::size(kDotTypes)));
static_assert(int(KernelId::MatVecDotGegluQ6_K) - int(KernelId::MatVecDotGegluQ8_0) + 1 ==
              int(std::size(kDotTypes)));
static_assert(int(KernelId::MatVecQ6_K) - int(KernelId::MatVecF32) + 1 == kWeightTypeCount);
static_assert(int(KernelId::GetRowsQ6_K) - int(KernelId::GetRowsF32) + 1 == kWeightTypeCount);
static_assert(int(KernelId::MatMulQ6_K) - int(KernelId::MatMulF32) + 1 == kWeightTypeCount);

const std::vector<KernelSpec> &specs() {
    static const std::vector<KernelSpec> table = [] {
        std::vector<KernelSpec> t;
        t.push_back(spec<RmsNormParams>(KernelId::RmsNorm, "rmsnorm",
                                        {Access::Load, Access::Load, Access::LoadStore}));
        t.push_back(spec<ArgmaxParams>(KernelId::Argmax, "argmax",
                                       {Access::Load, Access::LoadStore, Access::Store}));
        t.push_back(spec<RopeParams>(KernelId::Rope, "rope",
                                     {Access::LoadStore, Access::Load, Access::Load}));
        t.push_back(spec<GegluParams>(KernelId::Geglu, "geglu",
                                      {Access::Load, Access::Load, Access::LoadStore}));
        t.push_back(spec<ElementwiseParams>(KernelId::Elementwise, "elementwise",
                                            {Access::Load, Access::Load, Access::LoadStore}));
        static const char *const matvecNames[] = {"matvec_f32",  "matvec_f16",  "matvec_bf16",
                                                  "matvec_q4_0", "matvec_q4_1", "matvec_q5_0",
                                                  "matvec_q5_1", "matvec_q8_0", "matvec_q4_k",
                                                  "matvec_q5_k", "matvec_q6_k"};
        static const char *const getRowsNames[] = {
            "get_rows_f32",  "get_rows_f16",  "get_rows_bf16", "get_rows_q4_0",
            "get_rows_q4_1", "get_rows_q5_0", "get_rows_q5_1", "get_rows_q8_0",
            "get_rows_q4_k", "get_rows_q5_k", "get_rows_q6_k"};
        for (int i = 0; i < kWeightTypeCount; ++i) {
            t.push_back(spec<MatVecParams>(
                KernelId(int(KernelId::MatVecF32) + i), matvecNames[i],
                {Access::Load, Access::Load, Access::LoadStore, Access::Load}, kWeightTypes[i]));
        }
        for (int i = 0; i < kWeightTypeCount; ++i) {
            t.push_back(
                spec<GetRowsParams>(KernelId(int(KernelId::GetRowsF32) + i), getRowsNames[i],
                                    {Access::Load, Access::Load, Access::Store}, kWeightTypes[i]));
        }
        static const char *const matmulNames[] = {"matmul_f32",  "matmul_f16",  "matmul_bf16",
                                                  "matmul_q4_0", "matmul_q4_1", "matmul_q5_0",
                                                  "matmul_q5_1", "matmul_q8_0", "matmul_q4_k",
                                                  "matmul_q5_k", "matmul_q6_k"};
        for (int i = 0; i < kWeightTypeCount; ++i) {
            t.push_back(spec<MatMulParams>(KernelId(int(KernelId::MatMulF32) + i), matmulNames[i],
                                           {Access::Load, Access::Load, Access::LoadStore},
                                           kWeightTypes[i]));
        }
        t.push_back(spec<AttentionParams>(
            KernelId::Attention, "attention",
            {Access::LoadStore, Access::Load, Access::Load, Access::LoadStore}));
        t.push_back(spec<AttentionParams>(
            KernelId::AttentionPrefill, "attention_prefill",
            {Access::LoadStore, Access::Load, Access::Load, Access::LoadStore}));
        t.push_back(spec<QkvPrepParams>(
            KernelId::QkvPrep, "qkv_prep",
            {Access::LoadStore, Access::Load, Access::LoadStore, Access::LoadStore}));
        t.push_back(spec<AddRmsNormParams>(KernelId::AddRmsNorm, "add_rmsnorm",
                                           {Access::LoadStore, Access::Load}));
        t.push_back(spec<TopKParams>(KernelId::TopK, "topk",
                                     {Access::Load, Access::LoadStore, Access::LoadStore}));
        t.push_back(spec<MatMulParams>(KernelId::MatMulReduce, "matmul_reduce",
                                       {Access::Load, Access::LoadStore}));
        t.push_back(spec<DecodeAttentionParams>(KernelId::AttentionDecode, "attention_decode",
                                                {Access::LoadStore, Access::Load, Access::LoadStore,
                                                 Access::LoadStore, Access::LoadStore}));
        static const char *const dotNames[] = {"matvec_dot_q8_0", "matvec_dot_q4_k",
                                               "matvec_dot_q5_k", "matvec_dot_q6_k"};
        for (int i = 0; i < int(std::size(kDotTypes)); ++i) {
            t.push_back(spec<MatVecParams>(
                KernelId(int(KernelId::MatVecDotQ8_0) + i), dotNames[i],
                {Access::Load, Access::Load, Access::LoadStore, Access::Load}, kDotTypes[i]));
        }
        static const char *const dotGegluNames[] = {
            "matvec_dot_geglu_q8_0", "matvec_dot_geglu_q4_k", "matvec_dot_geglu_q5_k",
            "matvec_dot_geglu_q6_k"};
        for (int i = 0; i < int(std::size(kDotTypes)); ++i) {
            t.push_back(spec<MatVecParams>(
                KernelId(int(KernelId::MatVecDotGegluQ8_0) + i), dotGegluNames[i],
                {Access::Load, Access::Load, Access::LoadStore, Access::Load}, kDotTypes[i]));
        }
        t.push_back(spec<QuantizeQ8Params>(KernelId::QuantizeQ8, "quantize_q8",
                                           {Access::Load, Access::Store}));
        // --- more kernels: add above this line ---
        return t;
    }();
    return table;
}

// The spec of `id` (the table is in any order; looked up through an index built once).
const KernelSpec &specOf(KernelId id) {
    static const std::array<int, kKernelCount> index = [] {
        std::array<int, kKernelCount> ix{};
        ix.fill(-1);
        const auto &t = specs();
        for (size_t i = 0; i < t.size(); ++i)
            ix[size_t(t[i].id)] = int(i);
        return ix;
    }();
    const int i = index[size_t(id)];
    Q_ASSERT_X(i >= 0, "specOf", "kernel without a registry entry");
    return specs()[size_t(i)];
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

std::optional<KernelId> matVecKernel(gguf::TensorType type) {
    for (int i = 0; i < kWeightTypeCount; ++i) {
        if (kWeightTypes[i] == type) return KernelId(int(KernelId::MatVecF32) + i);
    }
    return std::nullopt;
}

std::optional<KernelId> matVecDotKernel(gguf::TensorType type) {
    for (int i = 0; i < int(std::size(kDotTypes)); ++i) {
        if (kDotTypes[i] == type) return KernelId(int(KernelId::MatVecDotQ8_0) + i);
    }
    return std::nullopt;
}

std::optional<KernelId> matVecDotGegluKernel(gguf::TensorType type) {
    for (int i = 0; i < int(std::size(kDotTypes)); ++i) {
        if (kDotTypes[i] == type) return KernelId(int(KernelId::MatVecDotGegluQ8_0) + i);
    }
    return std::nullopt;
}

std::optional<KernelId> getRowsKernel(gguf::TensorType type) {
    for (int i = 0; i < kWeightTypeCount; ++i) {
        if (kWeightTypes[i] == type) return KernelId(int(KernelId::GetRowsF32) + i);
    }
    return std::nullopt;
}

std::optional<KernelId> matMulKernel(gguf::TensorType type) {
    for (int i = 0; i < kWeightTypeCount; ++i) {
        if (kWeightTypes[i] == type) return KernelId(int(KernelId::MatMulF32) + i);
    }
    return std::nullopt;
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

// Kernels with a subgroup variant (:/shaders/<name>_sg.qsb, see shaders/CMakeLists.txt).
bool hasSubgroupVariant(KernelId id) {
    return int(id) >= int(KernelId::MatVecF32) && int(id) <= int(KernelId::MatVecQ6_K);
}

bool isDotKernel(KernelId id) {
    return int(id) >= int(KernelId::MatVecDotQ8_0) && int(id) <= int(KernelId::MatVecDotGegluQ6_K);
}

}  // namespace

bool GpuContext::subgroupPacksBuilt() {
    registerShaderResources();
    return QFile::exists(QStringLiteral(":/shaders/matvec_q4_k_sg.qsb"));
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
    const bool subgroupPack =
        hasSubgroupVariant(id) || (isDotKernel(id) && m_info.integerDotProduct);
    if (m_info.kernelVariant == KernelVariant::Subgroup && subgroupPack) {
        QString why;
        if (const Kernel *k = loadKernel(id, true, &why)) return k;
        qWarning("facet::gpu: %s; using the portable variant", qPrintable(why));
    }
    return loadKernel(id, false, error);
}

const Kernel *GpuContext::loadKernel(KernelId id, bool subgroupVariant, QString *error) {
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
