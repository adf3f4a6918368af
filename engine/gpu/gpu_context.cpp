// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// GpuContext: backend and device selection, capability checks, buffers, uploads and readbacks.
// Kernel loading lives in kernels.cpp, frame submission in compute_batch.cpp.
#include "gpu/gpu_context.h"

#include "gpu/compute_batch.h"
#include "gpu/rhi_compat.h"
#include "gpu/vulkan_direct.h"

#include <QCoreApplication>
#include <QGuiApplication>
#include <QMetaObject>
#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <QOpenGLExtraFunctions>
#include <QOpenGLFunctions>
#include <QStringList>
#include <QThread>

#include <algorithm>
#include <cstring>
#include <limits>
#include <mutex>

#ifndef GL_MAX_SHADER_STORAGE_BLOCK_SIZE
#define GL_MAX_SHADER_STORAGE_BLOCK_SIZE 0x90DE
#endif
#ifndef GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT
#define GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT 0x90DF
#endif

namespace facet::gpu {

namespace {

// QRhi takes buffer sizes as quint32 and update offsets/sizes as int.
constexpr qint64 kMaxBufferBytes = (qint64(std::numeric_limits<int>::max()) + 1) - 32;

qint64 roundUp(qint64 v, qint64 a) {
    return (v + a - 1) / a * a;
}

QString mib(qint64 bytes) {
    return QStringLiteral("%1 MiB").arg(double(bytes) / double(1 << 20), 0, 'f', 1);
}

// Runs f on the GUI thread (directly when already there) and returns its result.
template <typename F>
auto onGuiThread(F f) -> decltype(f()) {
    QCoreApplication *app = QCoreApplication::instance();
    if (QThread::currentThread() == app->thread()) return f();
    decltype(f()) result{};
    QMetaObject::invokeMethod(app, std::move(f), Qt::BlockingQueuedConnection, &result);
    return result;
}

QString platformHint() {
    const QString platform = QGuiApplication::platformName();
    if (platform == QLatin1String("offscreen") || platform == QLatin1String("minimal")) {
        return QStringLiteral(
                   " The Qt platform '%1' cannot create GPU contexts in Qt 6.4; for "
                   "headless use run with QT_QPA_PLATFORM=vkkhrdisplay (Vulkan).")
            .arg(platform);
    }
    return {};
}

}  // namespace

QString backendName(Backend backend) {
    switch (backend) {
        case Backend::Vulkan:
            return QStringLiteral("vulkan");
        case Backend::OpenGL:
            return QStringLiteral("opengl");
        case Backend::Metal:
            return QStringLiteral("metal");
        case Backend::D3D11:
            return QStringLiteral("d3d11");
    }
    return QStringLiteral("unknown");
}

std::optional<Backend> parseBackend(const QString &name) {
    const QString n = name.trimmed().toLower();
    if (n == QLatin1String("vulkan") || n == QLatin1String("vk")) return Backend::Vulkan;
    if (n == QLatin1String("opengl") || n == QLatin1String("gl")) return Backend::OpenGL;
    if (n == QLatin1String("metal")) return Backend::Metal;
    if (n == QLatin1String("d3d11") || n == QLatin1String("d3d")) return Backend::D3D11;
    return std::nullopt;
}

Backend platformDefaultBackend() {
#if defined(Q_OS_MACOS) || defined(Q_OS_IOS)
    return Backend::Metal;
#else
    return Backend::Vulkan;
#endif
}

QString kernelVariantName(KernelVariant variant) {
    return variant == KernelVariant::Subgroup ? QStringLiteral("subgroup")
                                              : QStringLiteral("portable");
}

QString GpuInfo::summary() const {
    QString s = QStringLiteral("%1 on %2 (%3), %4; storage range %5; %6 kernels")
                    .arg(backendName(backend), deviceName, deviceType, apiVersion,
                         mib(maxStorageBufferRange), kernelVariantName(kernelVariant));
    if (subgroupSize > 0) s += QStringLiteral(" (subgroup size %1)").arg(subgroupSize);
    if (maxComputeSharedMemory > 0)
        s += QStringLiteral("; %1 KiB shared memory").arg(maxComputeSharedMemory / 1024);
    if (directSubmission) s += QStringLiteral("; direct Vulkan submission");
    if (integerDotProduct) {
        s += integerDotAccelerated ? QStringLiteral("; int8 dot product (accelerated)")
                                   : QStringLiteral("; int8 dot product");
    }
    if (cooperativeMatrixNV) s += QStringLiteral("; tensor cores (NV cooperative matrix)");
    if (!fallbackReason.isEmpty()) s += QStringLiteral("; ") + fallbackReason;
    return s;
}

// --- Buffer --------------------------------------------------------------------------------------

Buffer::Buffer(GpuContext *context, BufferKind kind, qint64 size, qint64 allocated, QString name,
               QRhiBuffer *buffer)
    : m_context(context),
      m_kind(kind),
      m_size(size),
      m_allocated(allocated),
      m_name(std::move(name)),
      m_buffer(buffer) {
    ++m_context->m_liveBuffers;
}

Buffer::~Buffer() {
    Q_ASSERT_X(m_context->isOwnerThread(), "facet::gpu::Buffer",
               "destroyed on a thread other than its GpuContext's");
    m_buffer.reset();
    --m_context->m_liveBuffers;
#if FACET_HAVE_VULKAN
    // Recorded frames may name it (uploads, readbacks): they must be recorded again.
    if (m_context->m_direct) m_context->m_direct->forgetRecordedFrames();
#endif
}

// --- creation ------------------------------------------------------------------------------------

GpuContext::GpuContext(const GpuOptions &options)
    : m_options(options),
      m_thread(QThread::currentThread()),
      m_uploadChunkBytes(std::clamp<qint64>(options.uploadChunkBytes, 16, kMaxBufferBytes)),
      m_matVecSplit(options.matVecSplit) {}

GpuContext::~GpuContext() {
    Q_ASSERT_X(isOwnerThread(), "facet::gpu::GpuContext",
               "destroyed on a thread other than the one that created it");
    if (m_liveBuffers > 0) {
        qWarning(
            "facet::gpu: GpuContext destroyed while %d buffer(s) still exist; destroy "
            "Buffers and Bindings first",
            m_liveBuffers);
    }
    // The members release the resources, in the order their declaration gives (gpu_context.h).
}

void GpuContext::SurfaceDeleter::operator()(QOffscreenSurface *surface) const {
    if (QThread::currentThread() == surface->thread())
        delete surface;
    else
        surface->deleteLater();
}

bool GpuContext::isOwnerThread() const {
    return QThread::currentThread() == m_thread;
}

bool GpuContext::checkThread(QString *error) const {
    if (isOwnerThread()) return true;
    if (error) {
        *error = QStringLiteral(
            "internal error: the GPU context was used from a thread other "
            "than the one that created it");
    }
    return false;
}

std::unique_ptr<GpuContext> GpuContext::create(const GpuOptions &options, QString *error) {
    auto fail = [error](const QString &message) {
        if (error) *error = message;
        return std::unique_ptr<GpuContext>();
    };
    if (!qobject_cast<QGuiApplication *>(QCoreApplication::instance())) {
        return fail(
            QStringLiteral("internal error: the GPU needs a QGuiApplication (none exists)"));
    }

    const std::optional<Backend> requested = options.backend;
    const bool explicitChoice = requested.has_value();
    const Backend first = requested.value_or(platformDefaultBackend());

    std::unique_ptr<GpuContext> ctx(new GpuContext(options));
    QString why;
    InitResult r = ctx->init(first, &why);
    if (r == InitResult::Ok) return ctx;
    if (r == InitResult::Failed || explicitChoice || first != Backend::Vulkan) return fail(why);

    // Automatic choice: Vulkan could not be brought up at all; OpenGL 4.3 is the fallback.
    ctx.reset(new GpuContext(options));
    QString glWhy;
    r = ctx->init(Backend::OpenGL, &glWhy);
    if (r == InitResult::Ok) {
        ctx->m_info.fallbackReason =
            QStringLiteral("Vulkan is not available: %1 Using OpenGL instead.").arg(why);
        qWarning("facet::gpu: %s", qPrintable(ctx->m_info.fallbackReason));
        return ctx;
    }
    return fail(QStringLiteral("No usable GPU backend. Vulkan: %1 OpenGL: %2").arg(why, glWhy));
}

GpuContext::InitResult GpuContext::init(Backend backend, QString *why) {
    m_info.backend = backend;
    switch (backend) {
        case Backend::Vulkan:
            return initVulkan(why);
        case Backend::OpenGL:
            return initOpenGL(why);
        case Backend::Metal:
        case Backend::D3D11:
            return initOther(backend, why);
    }
    *why = QStringLiteral("unknown backend");
    return InitResult::Failed;
}

#if FACET_HAVE_VULKAN
namespace {

struct VulkanDevice {
    VkPhysicalDevice handle = VK_NULL_HANDLE;
    VkPhysicalDeviceProperties props{};
    bool graphicsCompute = false;  // has a queue family with graphics + compute (what QRhi uses)
};

QString vulkanTypeName(VkPhysicalDeviceType t) {
    switch (t) {
        case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU:
            return QStringLiteral("discrete GPU");
        case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU:
            return QStringLiteral("integrated GPU");
        case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU:
            return QStringLiteral("virtual GPU");
        case VK_PHYSICAL_DEVICE_TYPE_CPU:
            return QStringLiteral("CPU (software)");
        default:
            return QStringLiteral("other device");
    }
}

// Lower is preferred.
int vulkanTypeRank(VkPhysicalDeviceType t) {
    switch (t) {
        case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU:
            return 0;
        case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU:
            return 1;
        case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU:
            return 2;
        case VK_PHYSICAL_DEVICE_TYPE_CPU:
            return 4;
        default:
            return 3;
    }
}

QString vulkanVersion(uint32_t v) {
#ifdef VK_API_VERSION_MAJOR
    return QStringLiteral("%1.%2.%3")
        .arg(VK_API_VERSION_MAJOR(v))
        .arg(VK_API_VERSION_MINOR(v))
        .arg(VK_API_VERSION_PATCH(v));
#else
    return QStringLiteral("%1.%2.%3")
        .arg(VK_VERSION_MAJOR(v))
        .arg(VK_VERSION_MINOR(v))
        .arg(VK_VERSION_PATCH(v));
#endif
}

// The process-wide QVulkanInstance, created on first use and destroyed with the last context
// that holds it. Qt 6.4's Vulkan backend stores the instance of the most recently created QRhi
// in a global and routes every QRhi's memory allocations through it (qrhivulkan.cpp,
// globalVulkanInstance), so two contexts with two instances would crash once the newer instance
// is gone. The first context's options (validation layer) decide the instance's configuration.
std::shared_ptr<QVulkanInstance> sharedVulkanInstance(bool debugLayer, QString *why) {
    static std::mutex mutex;
    static std::weak_ptr<QVulkanInstance> shared;
    std::lock_guard<std::mutex> lock(mutex);
    if (auto existing = shared.lock()) return existing;
    auto inst = std::make_shared<QVulkanInstance>();
    inst->setExtensions(QRhiVulkanInitParams::preferredInstanceExtensions());
    if (debugLayer) inst->setLayers({QByteArrayLiteral("VK_LAYER_KHRONOS_validation")});
    // Ask for the newest API the loader offers, so later SPIR-V 1.3 (subgroup) kernel variants
    // can be used on devices that have them, and the Vulkan 1.1-1.3 features createOwnDevice
    // enables (Qt 6.4 itself only enables Vulkan 1.0 features).
    const QVersionNumber supported = inst->supportedApiVersion();
    if (supported >= QVersionNumber(1, 1)) inst->setApiVersion(supported);
    if (!inst->create()) {
        *why = QStringLiteral(
                   "no Vulkan instance could be created (VkResult %1); is a Vulkan "
                   "driver installed?%2")
                   .arg(int(inst->errorCode()))
                   .arg(platformHint());
        return nullptr;
    }
    shared = inst;
    return inst;
}

// Subgroup arithmetic in compute shaders needs SPIR-V 1.3, i.e. Vulkan 1.1 on both the instance
// (its API version, which sharedVulkanInstance raises to what the loader offers) and the device;
// the operations themselves need no feature to be enabled, only to be reported here
// (VkPhysicalDeviceSubgroupProperties, a Vulkan 1.1 query).
void querySubgroupSupport(QVulkanInstance &inst, VkPhysicalDevice physDev, uint32_t deviceApi,
                          GpuInfo *info) {
    info->subgroupSize = 0;
    info->subgroupArithmetic = false;
    if (inst.apiVersion() < QVersionNumber(1, 1) || deviceApi < VK_API_VERSION_1_1) return;
    auto getProperties2 = reinterpret_cast<PFN_vkGetPhysicalDeviceProperties2>(
        inst.getInstanceProcAddr("vkGetPhysicalDeviceProperties2"));
    if (!getProperties2) return;
    VkPhysicalDeviceSubgroupProperties subgroup{};
    subgroup.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES;
    VkPhysicalDeviceProperties2 props2{};
    props2.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2;
    props2.pNext = &subgroup;
    getProperties2(physDev, &props2);
    info->subgroupSize = int(subgroup.subgroupSize);
    const VkSubgroupFeatureFlags needed =
        VK_SUBGROUP_FEATURE_BASIC_BIT | VK_SUBGROUP_FEATURE_ARITHMETIC_BIT;
    info->subgroupArithmetic = (subgroup.supportedStages & VK_SHADER_STAGE_COMPUTE_BIT) != 0 &&
                               (subgroup.supportedOperations & needed) == needed &&
                               subgroup.subgroupSize >= 1;
}

#ifdef VK_VERSION_1_3
// The device features Facet enables beyond Qt's, in the structs that carry them for the API
// version the instance and the device both support ("effective" version, 1.1 at least): the
// Vulkan11/12/13 aggregates where that version has them, else the per-feature structs (core 1.1
// or an extension). Valid usage forbids chaining an aggregate together with the per-feature
// structs it covers. One instance holds what the device reports, another what is enabled; the
// pointers name the fields of whichever struct link() chained (null: not available).
struct FeatureChain {
    // Extension structs link() may chain below 1.2 / 1.3.
    enum : unsigned {
        Ext8Bit = 1,
        ExtFloat16Int8 = 2,
        ExtDot = 4,
        ExtSizeControl = 8,
        ExtCoopMatNV = 16
    };

    VkPhysicalDeviceFeatures2 core{};
    VkPhysicalDeviceVulkan11Features v11{};
    VkPhysicalDeviceVulkan12Features v12{};
    VkPhysicalDeviceVulkan13Features v13{};
    VkPhysicalDevice16BitStorageFeatures storage16{};
    VkPhysicalDevice8BitStorageFeatures storage8{};
    VkPhysicalDeviceShaderFloat16Int8Features float16Int8{};
    VkPhysicalDeviceShaderIntegerDotProductFeatures dot{};
    VkPhysicalDeviceSubgroupSizeControlFeatures sizeControl{};
    VkPhysicalDeviceCooperativeMatrixFeaturesNV coopMatNV{};

    VkBool32 *storage16Bit = nullptr;
    VkBool32 *storage8Bit = nullptr;
    VkBool32 *shaderInt8 = nullptr;
    VkBool32 *shaderFloat16 = nullptr;
    VkBool32 *integerDot = nullptr;
    VkBool32 *subgroupSizeControl = nullptr;
    VkBool32 *computeFullSubgroups = nullptr;
    VkBool32 *memoryModel = nullptr;  // vulkanMemoryModel (1.2 and later only)
    VkBool32 *memoryModelDeviceScope = nullptr;
    VkBool32 *cooperativeMatrixNV = nullptr;

    FeatureChain() = default;
    FeatureChain(const FeatureChain &) = delete;  // the chain points into the object itself
    FeatureChain &operator=(const FeatureChain &) = delete;

    // `minor`: the effective Vulkan 1.x version; `ext`: which extension structs to chain.
    void link(int minor, unsigned ext) {
        core.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2;
        void **tail = &core.pNext;
        auto append = [&tail](auto &s, VkStructureType type) {
            s.sType = type;
            *tail = &s;
            tail = &s.pNext;
        };
        if (minor >= 2) {
            append(v11, VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES);
            append(v12, VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES);
            storage16Bit = &v11.storageBuffer16BitAccess;
            storage8Bit = &v12.storageBuffer8BitAccess;
            shaderInt8 = &v12.shaderInt8;
            shaderFloat16 = &v12.shaderFloat16;
            memoryModel = &v12.vulkanMemoryModel;
            memoryModelDeviceScope = &v12.vulkanMemoryModelDeviceScope;
        } else {
            append(storage16, VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_16BIT_STORAGE_FEATURES);
            storage16Bit = &storage16.storageBuffer16BitAccess;
            if (ext & Ext8Bit) {
                append(storage8, VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_8BIT_STORAGE_FEATURES);
                storage8Bit = &storage8.storageBuffer8BitAccess;
            }
            if (ext & ExtFloat16Int8) {
                append(float16Int8, VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_FLOAT16_INT8_FEATURES);
                shaderInt8 = &float16Int8.shaderInt8;
                shaderFloat16 = &float16Int8.shaderFloat16;
            }
        }
        if (minor >= 3) {
            append(v13, VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES);
            integerDot = &v13.shaderIntegerDotProduct;
            subgroupSizeControl = &v13.subgroupSizeControl;
            computeFullSubgroups = &v13.computeFullSubgroups;
        } else {
            if (ext & ExtDot) {
                append(dot, VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_INTEGER_DOT_PRODUCT_FEATURES);
                integerDot = &dot.shaderIntegerDotProduct;
            }
            if (ext & ExtSizeControl) {
                append(sizeControl,
                       VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_FEATURES);
                subgroupSizeControl = &sizeControl.subgroupSizeControl;
                computeFullSubgroups = &sizeControl.computeFullSubgroups;
            }
        }
        if (ext & ExtCoopMatNV) {
            append(coopMatNV, VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COOPERATIVE_MATRIX_FEATURES_NV);
            cooperativeMatrixNV = &coopMatNV.cooperativeMatrix;
        }
    }
};

// Whether the device's VK_NV_cooperative_matrix offers the one shape the tensor-core kernels are
// built for: 16 x 16 x 16, f16 x f16 + f32 -> f32, subgroup scope.
bool hasCoopMatShape(QVulkanInstance &inst, VkPhysicalDevice physDev) {
    auto getProps = reinterpret_cast<PFN_vkGetPhysicalDeviceCooperativeMatrixPropertiesNV>(
        inst.getInstanceProcAddr("vkGetPhysicalDeviceCooperativeMatrixPropertiesNV"));
    if (!getProps) return false;
    uint32_t count = 0;
    if (getProps(physDev, &count, nullptr) != VK_SUCCESS || count == 0) return false;
    std::vector<VkCooperativeMatrixPropertiesNV> props(count);
    for (auto &p : props)
        p.sType = VK_STRUCTURE_TYPE_COOPERATIVE_MATRIX_PROPERTIES_NV;
    if (getProps(physDev, &count, props.data()) != VK_SUCCESS) return false;
    return std::any_of(props.begin(), props.begin() + count, [](const auto &p) {
        return p.MSize == 16 && p.NSize == 16 && p.KSize == 16 &&
               p.AType == VK_COMPONENT_TYPE_FLOAT16_NV && p.BType == VK_COMPONENT_TYPE_FLOAT16_NV &&
               p.CType == VK_COMPONENT_TYPE_FLOAT32_NV && p.DType == VK_COMPONENT_TYPE_FLOAT32_NV &&
               p.scope == VK_SCOPE_SUBGROUP_NV;
    });
}

bool isOn(const VkBool32 *feature) {
    return feature && *feature == VK_TRUE;
}
#endif

// A VkDevice Facet made on the chosen physical device, and what it enabled.
struct OwnDevice {
    VkDevice device = VK_NULL_HANDLE;
    int queueFamily = -1;
    bool integerDot = false;
    bool integerDotAccelerated = false;
    bool shaderInt8 = false;
    bool shaderFloat16 = false;
    bool storage16Bit = false;
    bool storage8Bit = false;
    bool subgroupSizeControl = false;
    bool cooperativeMatrixNV = false;
};

// Creates the VkDevice QRhi will run on. withFeatures: also the features Facet's kernels may use
// that Qt 6.4 never enables (it enables Vulkan 1.0 features only): the integer dot product (int8
// mat-vec kernels), 8/16-bit storage, int8/float16 arithmetic and subgroup size control, each
// where the device has it (needs Vulkan 1.1 on the instance and the device, and headers of 1.3;
// below that the device is made as without). Without: the Vulkan 1.0 features only, what Qt would
// create, but on the physical device Facet chose. The rest is what Qt would do itself: one queue
// of the first family with graphics and compute (Qt's choice; QRhi's compute needs that
// combination), VK_KHR_swapchain and VK_KHR_portability_subset when offered, and `extra`
// (GpuOptions::vulkanDeviceExtensions) where the device has them. withCoopMat: with
// withFeatures, also VK_NV_cooperative_matrix (GpuOptions::cooperativeMatrix). False with *why on
// failure.
bool createOwnDevice(QVulkanInstance &inst, VkPhysicalDevice physDev,
                     const VkPhysicalDeviceProperties &props, const QByteArrayList &extra,
                     bool withFeatures, bool withCoopMat, OwnDevice *out, QString *why) {
    QVulkanFunctions *f = inst.functions();
    uint32_t extCount = 0;
    f->vkEnumerateDeviceExtensionProperties(physDev, nullptr, &extCount, nullptr);
    std::vector<VkExtensionProperties> extProps(extCount);
    if (extCount)
        f->vkEnumerateDeviceExtensionProperties(physDev, nullptr, &extCount, extProps.data());
    auto hasExt = [&extProps](const char *name) {
        return std::any_of(extProps.begin(), extProps.end(),
                           [name](const VkExtensionProperties &e) {
                               return std::strcmp(e.extensionName, name) == 0;
                           });
    };
    std::vector<QByteArray> extensions;
    auto addExt = [&extensions, &hasExt](const QByteArray &name) {
        if (!name.isEmpty() && hasExt(name.constData()) &&
            std::find(extensions.begin(), extensions.end(), name) == extensions.end())
            extensions.push_back(name);
    };
    addExt(QByteArrayLiteral("VK_KHR_swapchain"));
    // Valid usage: a device that offers it must have it enabled.
    addExt(QByteArrayLiteral("VK_KHR_portability_subset"));

    VkDeviceCreateInfo info{};
    info.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO;
    // Every Vulkan 1.0 feature the device reports, as Qt 6.5 and later enable themselves: Qt 6.4
    // derives some capabilities (wide lines, texture compression) from the reported features
    // rather than the enabled ones, so enabling them all keeps those true, and a later kernel may
    // use shaderInt16/shaderInt64 without touching this. Except robustBufferAccess, which no Qt
    // version enables: bounds checks on every storage access, and Facet's kernels stay in bounds.
    VkPhysicalDeviceFeatures features{};
    f->vkGetPhysicalDeviceFeatures(physDev, &features);
    features.robustBufferAccess = VK_FALSE;
#ifdef VK_VERSION_1_3
    const QVersionNumber instApi = inst.apiVersion();
    const int instMinor = instApi.majorVersion() == 1 ? instApi.minorVersion() : 0;
    const int devMinor = VK_API_VERSION_MAJOR(props.apiVersion) == 1
                             ? int(VK_API_VERSION_MINOR(props.apiVersion))
                             : 0;
    const int minor = std::min({instMinor, devMinor, 3});
    const bool chained = withFeatures && minor >= 1;
    auto getFeatures2 = reinterpret_cast<PFN_vkGetPhysicalDeviceFeatures2>(
        inst.getInstanceProcAddr("vkGetPhysicalDeviceFeatures2"));
    auto getProperties2 = reinterpret_cast<PFN_vkGetPhysicalDeviceProperties2>(
        inst.getInstanceProcAddr("vkGetPhysicalDeviceProperties2"));
    if (chained && (!getFeatures2 || !getProperties2)) {
        *why = QStringLiteral("the Vulkan loader has no vkGetPhysicalDeviceFeatures2");
        return false;
    }
    FeatureChain supported, enabled;
    if (chained) {
        // Which extension structs the device can be asked about (only those of extensions it
        // has).
        unsigned available = 0;
        if (minor < 2 && hasExt(VK_KHR_8BIT_STORAGE_EXTENSION_NAME))
            available |= FeatureChain::Ext8Bit;
        if (minor < 2 && hasExt(VK_KHR_SHADER_FLOAT16_INT8_EXTENSION_NAME))
            available |= FeatureChain::ExtFloat16Int8;
        if (minor < 3 && hasExt(VK_KHR_SHADER_INTEGER_DOT_PRODUCT_EXTENSION_NAME))
            available |= FeatureChain::ExtDot;
        if (minor < 3 && hasExt(VK_EXT_SUBGROUP_SIZE_CONTROL_EXTENSION_NAME))
            available |= FeatureChain::ExtSizeControl;
        // Tensor cores (matmul's MM_COOPMAT build): its SPIR-V also uses the Vulkan memory model,
        // a Vulkan 1.2 feature here.
        if (withCoopMat && minor >= 2 && hasExt(VK_NV_COOPERATIVE_MATRIX_EXTENSION_NAME))
            available |= FeatureChain::ExtCoopMatNV;
        supported.link(minor, available);
        getFeatures2(physDev, &supported.core);

        // Extension structs of the create chain: only for the extensions that end up enabled.
        unsigned used = 0;
        if ((available & FeatureChain::Ext8Bit) && isOn(supported.storage8Bit))
            used |= FeatureChain::Ext8Bit;
        if ((available & FeatureChain::ExtFloat16Int8) &&
            (isOn(supported.shaderInt8) || isOn(supported.shaderFloat16)))
            used |= FeatureChain::ExtFloat16Int8;
        if ((available & FeatureChain::ExtDot) && isOn(supported.integerDot))
            used |= FeatureChain::ExtDot;
        if ((available & FeatureChain::ExtSizeControl) && isOn(supported.subgroupSizeControl))
            used |= FeatureChain::ExtSizeControl;
        if ((available & FeatureChain::ExtCoopMatNV) && isOn(supported.cooperativeMatrixNV) &&
            isOn(supported.memoryModel) && isOn(supported.memoryModelDeviceScope) &&
            isOn(supported.shaderFloat16) && hasCoopMatShape(inst, physDev))
            used |= FeatureChain::ExtCoopMatNV;
        enabled.link(minor, used);
        enabled.core.features = features;
        auto enable = [](VkBool32 *dst, const VkBool32 *src) {
            if (dst) *dst = isOn(src) ? VK_TRUE : VK_FALSE;
        };
        enable(enabled.storage16Bit, supported.storage16Bit);
        enable(enabled.storage8Bit, supported.storage8Bit);
        enable(enabled.shaderInt8, supported.shaderInt8);
        enable(enabled.shaderFloat16, supported.shaderFloat16);
        enable(enabled.integerDot, supported.integerDot);
        enable(enabled.subgroupSizeControl, supported.subgroupSizeControl);
        enable(enabled.computeFullSubgroups, supported.computeFullSubgroups);
        enable(enabled.cooperativeMatrixNV, supported.cooperativeMatrixNV);
        // The Vulkan memory model only with tensor cores (their SPIR-V declares it): enabled, it
        // also binds the other kernels, whose barriers use Device scope, hence that one too.
        if (used & FeatureChain::ExtCoopMatNV) {
            enable(enabled.memoryModel, supported.memoryModel);
            enable(enabled.memoryModelDeviceScope, supported.memoryModelDeviceScope);
        }
        if (used & FeatureChain::Ext8Bit) addExt(VK_KHR_8BIT_STORAGE_EXTENSION_NAME);
        if (used & FeatureChain::ExtFloat16Int8) addExt(VK_KHR_SHADER_FLOAT16_INT8_EXTENSION_NAME);
        if (used & FeatureChain::ExtDot) addExt(VK_KHR_SHADER_INTEGER_DOT_PRODUCT_EXTENSION_NAME);
        if (used & FeatureChain::ExtSizeControl)
            addExt(VK_EXT_SUBGROUP_SIZE_CONTROL_EXTENSION_NAME);
        if (used & FeatureChain::ExtCoopMatNV) addExt(VK_NV_COOPERATIVE_MATRIX_EXTENSION_NAME);
        // Features through VkPhysicalDeviceFeatures2: no pEnabledFeatures.
        info.pNext = &enabled.core;
    } else {
        info.pEnabledFeatures = &features;
    }
#else
    Q_UNUSED(props);
    Q_UNUSED(withFeatures);
    Q_UNUSED(withCoopMat);
    info.pEnabledFeatures = &features;
#endif
    for (const QByteArray &name : extra)
        addExt(name.trimmed());
    std::vector<const char *> extNames;
    for (const QByteArray &e : extensions)
        extNames.push_back(e.constData());

    uint32_t familyCount = 0;
    f->vkGetPhysicalDeviceQueueFamilyProperties(physDev, &familyCount, nullptr);
    std::vector<VkQueueFamilyProperties> families(familyCount);
    f->vkGetPhysicalDeviceQueueFamilyProperties(physDev, &familyCount, families.data());
    int family = -1;
    for (uint32_t i = 0; i < familyCount && family < 0; ++i) {
        const VkQueueFlags need = VK_QUEUE_GRAPHICS_BIT | VK_QUEUE_COMPUTE_BIT;
        if ((families[i].queueFlags & need) == need && families[i].queueCount > 0) family = int(i);
    }
    if (family < 0) {
        *why = QStringLiteral("no queue family with graphics and compute");
        return false;
    }
    const float priority = 1.0f;
    VkDeviceQueueCreateInfo queue{};
    queue.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO;
    queue.queueFamilyIndex = uint32_t(family);
    queue.queueCount = 1;
    queue.pQueuePriorities = &priority;
    info.queueCreateInfoCount = 1;
    info.pQueueCreateInfos = &queue;
    info.enabledExtensionCount = uint32_t(extNames.size());
    info.ppEnabledExtensionNames = extNames.data();
    VkDevice device = VK_NULL_HANDLE;
    const VkResult r = f->vkCreateDevice(physDev, &info, nullptr, &device);
    if (r != VK_SUCCESS || !device) {
        *why = QStringLiteral("vkCreateDevice failed (VkResult %1)").arg(int(r));
        return false;
    }

    *out = OwnDevice();
    out->device = device;
    out->queueFamily = family;
#ifdef VK_VERSION_1_3
    if (!chained) return true;
    out->integerDot = isOn(enabled.integerDot);
    out->shaderInt8 = isOn(enabled.shaderInt8);
    out->shaderFloat16 = isOn(enabled.shaderFloat16);
    out->storage16Bit = isOn(enabled.storage16Bit);
    out->storage8Bit = isOn(enabled.storage8Bit);
    out->subgroupSizeControl =
        isOn(enabled.subgroupSizeControl) && isOn(enabled.computeFullSubgroups);
    // (Only chained when the extension is enabled.)
    out->cooperativeMatrixNV = isOn(enabled.cooperativeMatrixNV) && isOn(enabled.memoryModel) &&
                               isOn(enabled.memoryModelDeviceScope) && isOn(enabled.shaderFloat16);
    if (out->integerDot) {
        VkPhysicalDeviceShaderIntegerDotProductProperties dotProps{};
        dotProps.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_INTEGER_DOT_PRODUCT_PROPERTIES;
        VkPhysicalDeviceProperties2 props2{};
        props2.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2;
        props2.pNext = &dotProps;
        getProperties2(physDev, &props2);
        out->integerDotAccelerated = dotProps.integerDotProduct4x8BitPackedSignedAccelerated;
    }
#endif
    return true;
}

QString deviceList(const std::vector<VulkanDevice> &devices) {
    QStringList parts;
    for (size_t i = 0; i < devices.size(); ++i) {
        parts << QStringLiteral("%1: '%2' (%3)")
                     .arg(i)
                     .arg(QString::fromUtf8(devices[i].props.deviceName),
                          vulkanTypeName(devices[i].props.deviceType));
    }
    return parts.join(QStringLiteral(", "));
}

}  // namespace
#endif

GpuContext::InitResult GpuContext::initVulkan(QString *why) {
#if FACET_HAVE_VULKAN
    m_vulkan = sharedVulkanInstance(m_options.debugLayer, why);
    if (!m_vulkan) return InitResult::Unavailable;

    // Enumerate the physical devices ourselves: to validate an explicit choice with a useful
    // message, and because Qt's default (the first one) may be a software rasteriser or an
    // integrated GPU on a machine that also has a discrete one.
    QVulkanFunctions *f = m_vulkan->functions();
    uint32_t count = 0;
    f->vkEnumeratePhysicalDevices(m_vulkan->vkInstance(), &count, nullptr);
    std::vector<VkPhysicalDevice> handles(count);
    if (count) f->vkEnumeratePhysicalDevices(m_vulkan->vkInstance(), &count, handles.data());
    std::vector<VulkanDevice> devices(count);
    for (uint32_t i = 0; i < count; ++i) {
        devices[i].handle = handles[i];
        f->vkGetPhysicalDeviceProperties(handles[i], &devices[i].props);
        uint32_t families = 0;
        f->vkGetPhysicalDeviceQueueFamilyProperties(handles[i], &families, nullptr);
        std::vector<VkQueueFamilyProperties> fp(families);
        f->vkGetPhysicalDeviceQueueFamilyProperties(handles[i], &families, fp.data());
        for (const auto &q : fp) {
            const VkQueueFlags need = VK_QUEUE_GRAPHICS_BIT | VK_QUEUE_COMPUTE_BIT;
            if ((q.queueFlags & need) == need) devices[i].graphicsCompute = true;
        }
    }
    if (devices.empty()) {
        *why = QStringLiteral(
            "the Vulkan driver reports no device (Debian: install "
            "mesa-vulkan-drivers or your GPU vendor's driver)");
        return InitResult::Unavailable;
    }

    const int requested = m_options.deviceIndex;
    int chosen = -1;
    if (requested >= 0) {
        if (requested >= int(devices.size())) {
            *why = QStringLiteral("Vulkan device %1 does not exist; this machine has %2")
                       .arg(requested)
                       .arg(deviceList(devices));
            return InitResult::Failed;
        }
        if (!devices[requested].graphicsCompute) {
            *why = QStringLiteral(
                       "Vulkan device %1 ('%2') has no queue for graphics and compute, "
                       "which Qt's Vulkan backend needs; devices: %3")
                       .arg(requested)
                       .arg(QString::fromUtf8(devices[requested].props.deviceName),
                            deviceList(devices));
            return InitResult::Failed;
        }
        chosen = requested;
    } else {
        for (int i = 0; i < int(devices.size()); ++i) {
            if (!devices[i].graphicsCompute) continue;
            if (chosen < 0 || vulkanTypeRank(devices[i].props.deviceType) <
                                  vulkanTypeRank(devices[chosen].props.deviceType)) {
                chosen = i;
            }
        }
        if (chosen < 0) {
            *why = QStringLiteral("no Vulkan device has a graphics+compute queue; devices: %1")
                       .arg(deviceList(devices));
            return InitResult::Unavailable;
        }
    }

    const VulkanDevice &dev = devices[chosen];
    QRhiVulkanInitParams params;
    params.inst = m_vulkan.get();
    // Facet's own VkDevice on the chosen physical device, handed to QRhi: with the features Qt
    // does not enable (and tensor cores, GpuOptions::cooperativeMatrix), or, when that fails,
    // with those features but no tensor cores, and last with the Vulkan 1.0 features Qt would
    // enable (the kernels that need the others are then not used).
    OwnDevice own;
    if (m_options.ownVulkanDevice) {
        struct Attempt {
            bool features, coopMat;
        };
        std::vector<Attempt> attempts{{true, m_options.cooperativeMatrix}};
        if (m_options.cooperativeMatrix) attempts.push_back({true, false});
        attempts.push_back({false, false});
        for (const Attempt &attempt : attempts) {
            const bool withFeatures = attempt.features;
            QString whyNot;
            if (createOwnDevice(*m_vulkan, dev.handle, dev.props, m_options.vulkanDeviceExtensions,
                                withFeatures, attempt.coopMat, &own, &whyNot)) {
                // From here on, every exit path destroys it.
                m_ownedDevice = decltype(m_ownedDevice)(own.device, {m_vulkan.get()});
                QRhiVulkanNativeHandles import;
                import.physDev = dev.handle;
                import.dev = own.device;
                import.gfxQueueFamilyIdx = own.queueFamily;
                import.gfxQueueIdx = 0;
                m_rhi.reset(QRhi::create(QRhi::Vulkan, &params, QRhi::Flags(), &import));
                if (m_rhi) break;
                m_ownedDevice.reset();
                whyNot = QStringLiteral("QRhi could not be created on it");
            }
            own = OwnDevice();
            qWarning("facet::gpu: Facet's own Vulkan device on '%s'%s could not be set up (%s)",
                     dev.props.deviceName,
                     !withFeatures     ? " (Vulkan 1.0 features only)"
                     : attempt.coopMat ? " (with tensor cores)"
                                       : "",
                     qPrintable(whyNot));
        }
    }
    if (!m_rhi) {
        // Qt creates the device (GpuOptions::ownVulkanDevice off, or ours failed). Qt 6.4 picks
        // the physical device itself: the one QT_VK_PHYSICAL_DEVICE_INDEX names when it is set,
        // else the first. It cannot be given another without a VkDevice, and setting the
        // variable here would race with the other threads of the process reading the
        // environment; so the device Qt took is checked below.
        m_rhi.reset(QRhi::create(QRhi::Vulkan, &params, QRhi::Flags()));
    }
    if (!m_rhi) {
        *why = QStringLiteral("could not create a Vulkan device on '%1'")
                   .arg(QString::fromUtf8(dev.props.deviceName));
        return InitResult::Unavailable;
    }
    const auto *native = static_cast<const QRhiVulkanNativeHandles *>(m_rhi->nativeHandles());
    VkPhysicalDeviceProperties props = dev.props;
    if (native && native->physDev && native->physDev != dev.handle) {
        int taken = -1;
        for (int i = 0; i < int(devices.size()); ++i) {
            if (devices[i].handle == native->physDev) taken = i;
        }
        if (requested >= 0) {
            *why = QStringLiteral(
                       "Qt created its Vulkan device on device %1, not on the requested device "
                       "%2: when Qt creates the device (Facet's own device creation off or "
                       "failed) it takes the device QT_VK_PHYSICAL_DEVICE_INDEX names, else the "
                       "first; devices: %3")
                       .arg(taken)
                       .arg(requested)
                       .arg(deviceList(devices));
            return InitResult::Failed;
        }
        // An automatic choice: report the device in use.
        f->vkGetPhysicalDeviceProperties(native->physDev, &props);
        chosen = taken;
    }
    m_info.deviceIndex = chosen;
    m_info.deviceName = QString::fromUtf8(props.deviceName);
    m_info.deviceType = vulkanTypeName(props.deviceType);
    m_info.softwareDevice = props.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU;
    m_info.apiVersion = QStringLiteral("Vulkan ") + vulkanVersion(props.apiVersion);
    m_info.maxStorageBufferRange = props.limits.maxStorageBufferRange;
    m_info.maxComputeSharedMemory = qint64(props.limits.maxComputeSharedMemorySize);
    m_info.storageBufferOffsetAlignment =
        std::max<qint64>(4, qint64(props.limits.minStorageBufferOffsetAlignment));
    querySubgroupSupport(*m_vulkan, native && native->physDev ? native->physDev : dev.handle,
                         props.apiVersion, &m_info);
    m_info.ownDevice = m_ownedDevice != nullptr;
    m_info.integerDotProduct = own.integerDot;
    m_info.integerDotAccelerated = own.integerDotAccelerated;
    m_info.shaderInt8 = own.shaderInt8;
    m_info.shaderFloat16 = own.shaderFloat16;
    m_info.storage16Bit = own.storage16Bit;
    m_info.storage8Bit = own.storage8Bit;
    m_info.subgroupSizeControl = own.subgroupSizeControl;
    m_info.cooperativeMatrixNV = own.cooperativeMatrixNV;
    return checkAndFinish(why);
#else
    *why = QStringLiteral("this build of Qt has no Vulkan support");
    return InitResult::Unavailable;
#endif
}

GpuContext::InitResult GpuContext::initOpenGL(QString *why) {
    // Default format: on desktop drivers that yields the highest compatibility-profile version
    // (4.5/4.6 on Mesa and NVIDIA), which is what compute needs (4.3). The fallback surface must
    // be created on the GUI thread.
    const QSurfaceFormat format = QSurfaceFormat::defaultFormat();
    m_surface.reset(
        onGuiThread([format] { return QRhiGles2InitParams::newFallbackSurface(format); }));
    if (!m_surface || !m_surface->isValid()) {
        *why = QStringLiteral("no OpenGL surface could be created on the Qt platform '%1'.%2")
                   .arg(QGuiApplication::platformName(), platformHint());
        return InitResult::Unavailable;
    }
    QRhiGles2InitParams params;
    params.format = format;
    params.fallbackSurface = m_surface.get();
    m_rhi.reset(QRhi::create(QRhi::OpenGLES2, &params, QRhi::Flags()));
    if (!m_rhi) {
        *why = QStringLiteral("no OpenGL context could be created on the Qt platform '%1'.%2")
                   .arg(QGuiApplication::platformName(), platformHint());
        return InitResult::Unavailable;
    }
    const auto *native = static_cast<const QRhiGles2NativeHandles *>(m_rhi->nativeHandles());
    QOpenGLContext *gl = native ? native->context : nullptr;
    if (!gl || !m_rhi->makeThreadLocalNativeContextCurrent()) {
        *why = QStringLiteral("the OpenGL context cannot be made current");
        return InitResult::Unavailable;
    }
    const QSurfaceFormat actual = gl->format();
    const QString api = gl->isOpenGLES() ? QStringLiteral("OpenGL ES") : QStringLiteral("OpenGL");
    QOpenGLFunctions *f = gl->functions();
    const auto *version = reinterpret_cast<const char *>(f->glGetString(GL_VERSION));
    m_info.apiVersion = version ? api + QLatin1Char(' ') + QString::fromLatin1(version)
                                : QStringLiteral("%1 %2.%3")
                                      .arg(api)
                                      .arg(actual.majorVersion())
                                      .arg(actual.minorVersion());
    const auto *renderer = reinterpret_cast<const char *>(f->glGetString(GL_RENDERER));
    m_info.deviceName = renderer ? QString::fromLatin1(renderer)
                                 : QString::fromUtf8(m_rhi->driverInfo().deviceName);
    m_info.softwareDevice = m_info.deviceName.contains(QLatin1String("llvmpipe")) ||
                            m_info.deviceName.contains(QLatin1String("softpipe"));
    m_info.deviceType =
        m_info.softwareDevice ? QStringLiteral("CPU (software)") : QStringLiteral("OpenGL device");
    if (!m_rhi->isFeatureSupported(QRhi::Compute)) {
        *why = QStringLiteral(
                   "this GPU driver does not support compute shaders (%1 %2.%3; compute "
                   "needs OpenGL 4.3); update the driver or choose Vulkan")
                   .arg(api)
                   .arg(actual.majorVersion())
                   .arg(actual.minorVersion());
        return InitResult::Failed;
    }
    GLint64 range = 0;
    gl->extraFunctions()->glGetInteger64v(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &range);
    GLint align = 0;
    f->glGetIntegerv(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT, &align);
    m_info.maxStorageBufferRange = range;
    m_info.storageBufferOffsetAlignment = std::max<qint64>(4, align);
    return checkAndFinish(why);
}

GpuContext::InitResult GpuContext::initOther(Backend backend, QString *why) {
#if defined(Q_OS_WIN)
    if (backend == Backend::D3D11) {
        QRhiD3D11InitParams params;
        m_rhi.reset(QRhi::create(QRhi::D3D11, &params, QRhi::Flags()));
        if (!m_rhi) {
            *why = QStringLiteral("no Direct3D 11 device could be created");
            return InitResult::Unavailable;
        }
        // D3D11 guarantees 128 MiB resources (D3D11_REQ_RESOURCE_SIZE_IN_MEGABYTES term A).
        m_info.maxStorageBufferRange = qint64(128) << 20;
        m_info.storageBufferOffsetAlignment = 256;
    }
#endif
#if defined(Q_OS_MACOS) || defined(Q_OS_IOS)
    if (backend == Backend::Metal) {
        QRhiMetalInitParams params;
        m_rhi.reset(QRhi::create(QRhi::Metal, &params, QRhi::Flags()));
        if (!m_rhi) {
            *why = QStringLiteral("no Metal device could be created");
            return InitResult::Unavailable;
        }
        // Every Metal device allows buffers of at least 256 MiB (MTLDevice.maxBufferLength).
        m_info.maxStorageBufferRange = qint64(256) << 20;
        m_info.storageBufferOffsetAlignment = 256;
    }
#endif
    if (!m_rhi) {
        *why = QStringLiteral("the %1 backend is not available on this platform")
                   .arg(backendName(backend));
        return InitResult::Failed;
    }
    const QRhiDriverInfo driver = m_rhi->driverInfo();
    m_info.deviceName = QString::fromUtf8(driver.deviceName);
    m_info.deviceType = driver.deviceType == QRhiDriverInfo::DiscreteDevice
                            ? QStringLiteral("discrete GPU")
                            : QStringLiteral("GPU");
    m_info.softwareDevice = driver.deviceType == QRhiDriverInfo::CpuDevice;
    m_info.apiVersion = QString::fromLatin1(m_rhi->backendName());
    return checkAndFinish(why);
}

// Checks what every kernel needs and creates the context-wide resources.
GpuContext::InitResult GpuContext::checkAndFinish(QString *why) {
    const QString device = QStringLiteral("'%1' (%2)").arg(m_info.deviceName, m_info.apiVersion);
    if (!m_rhi->isFeatureSupported(QRhi::Compute)) {
        *why = QStringLiteral(
                   "this GPU driver does not support compute shaders on %1; update the "
                   "driver or choose another backend")
                   .arg(device);
        return InitResult::Failed;
    }
    if (!m_rhi->isFeatureSupported(QRhi::ReadBackNonUniformBuffer)) {
        *why = QStringLiteral("the GPU driver cannot read storage buffers back to the CPU on %1")
                   .arg(device);
        return InitResult::Failed;
    }
    // The subgroup variants run on Vulkan only (their SPIR-V is the only subgroup code in the
    // packs) and are all built for workgroups of 128 invocations.
    m_info.kernelVariant = m_info.backend == Backend::Vulkan && m_info.subgroupArithmetic &&
                                   m_info.subgroupSize <= 128 && !m_options.portableKernels &&
                                   subgroupPacksBuilt()
                               ? KernelVariant::Subgroup
                               : KernelVariant::Portable;
    m_info.maxWorkgroupSize = m_rhi->resourceLimit(QRhi::MaxThreadsPerThreadGroup);
    m_info.maxWorkgroupsPerDimension = m_rhi->resourceLimit(QRhi::MaxThreadGroupsPerDimension);
    m_info.uniformBufferAlignment = std::max(1, m_rhi->ubufAlignment());
    // The largest workgroup Facet's kernels use is 256 invocations (argmax).
    if (m_info.maxWorkgroupSize < 256 || m_info.maxWorkgroupsPerDimension < 1) {
        *why = QStringLiteral(
                   "the GPU allows only %1 invocations per compute workgroup on %2; "
                   "Facet needs 256")
                   .arg(m_info.maxWorkgroupSize)
                   .arg(device);
        return InitResult::Failed;
    }
    if (m_info.maxStorageBufferRange < (qint64(16) << 20)) {
        *why = QStringLiteral("the GPU allows storage buffers of only %1 on %2")
                   .arg(mib(m_info.maxStorageBufferRange), device);
        return InitResult::Failed;
    }

    const int arenaBytes =
        int(roundUp(std::max(m_options.paramArenaBytes, 256), m_info.uniformBufferAlignment));
    m_paramArena.reset(
        m_rhi->newBuffer(QRhiBuffer::Dynamic, QRhiBuffer::UniformBuffer, quint32(arenaBytes)));
    m_placeholder.reset(m_rhi->newBuffer(QRhiBuffer::Static, QRhiBuffer::StorageBuffer, 16));
    m_paramArena->setName(QByteArrayLiteral("facet parameter arena"));
    m_placeholder->setName(QByteArrayLiteral("facet layout placeholder"));
    if (!m_paramArena->create() || !m_placeholder->create()) {
        *why = QStringLiteral("could not allocate GPU buffers on %1").arg(device);
        return InitResult::Failed;
    }
#if FACET_HAVE_VULKAN
    if (m_info.backend == Backend::Vulkan && m_options.directVulkan) {
        QString whyNot;
        const FenceSpinBudget spin(m_options.fenceSpin, qint64(m_options.fenceSpinUs) * 1000,
                                   m_info.softwareDevice);
        m_direct.reset(VulkanDirect::create(m_rhi.get(), m_vulkan.get(), arenaBytes,
                                            m_info.uniformBufferAlignment, spin, &whyNot)
                           .release());
        // Without it everything still runs through QRhi, only with more host time per batch.
        if (!m_direct) qWarning("facet::gpu: direct Vulkan submission off: %s", qPrintable(whyNot));
    }
    m_info.directSubmission = m_direct != nullptr;
#endif
    return InitResult::Ok;
}

void GpuContext::VulkanDeviceDeleter::operator()(VkDevice_T *device) const {
#if FACET_HAVE_VULKAN
    QVulkanDeviceFunctions *df = instance->deviceFunctions(device);
    df->vkDeviceWaitIdle(device);  // fails harmlessly on a lost device
    df->vkDestroyDevice(device, nullptr);
    // QVulkanInstance caches functions per VkDevice handle; a later device may reuse the value.
    instance->resetDeviceFunctions(device);
#else
    Q_UNUSED(device);
#endif
}

void GpuContext::DirectDeleter::operator()(VulkanDirect *v) const {
#if FACET_HAVE_VULKAN
    delete v;
#else
    Q_UNUSED(v);
#endif
}

void GpuContext::releaseNativeSet(quint64 set) {
#if FACET_HAVE_VULKAN
    if (m_direct) m_direct->destroySet(set);
#else
    Q_UNUSED(set);
#endif
}

// --- buffers -------------------------------------------------------------------------------------

void GpuContext::setUploadChunkBytes(qint64 bytes) {
    m_uploadChunkBytes = std::clamp<qint64>(bytes, 16, kMaxBufferBytes);
}

std::unique_ptr<Buffer> GpuContext::createBuffer(BufferKind kind, qint64 bytes, const QString &name,
                                                 QString *error) {
    if (!checkThread(error)) return nullptr;
    if (bytes <= 0 || bytes > kMaxBufferBytes) {
        if (error) {
            *error = QStringLiteral(
                         "GPU buffer '%1' of %2 bytes is out of range (1 byte .. 2 GiB "
                         "per buffer)")
                         .arg(name)
                         .arg(bytes);
        }
        return nullptr;
    }
    // 16 bytes of slack: the weight readers fetch one word past the bytes they decode.
    const qint64 allocated = roundUp(bytes, 16) + 16;
    const QRhiBuffer::Type type =
        kind == BufferKind::Weights ? QRhiBuffer::Immutable : QRhiBuffer::Static;
    std::unique_ptr<QRhiBuffer> buf(
        m_rhi->newBuffer(type, QRhiBuffer::StorageBuffer, quint32(allocated)));
    buf->setName(name.toUtf8());
    if (!buf->create()) {
        if (error) {
            *error = QStringLiteral("the GPU could not allocate %1 for '%2' (out of GPU memory?)")
                         .arg(mib(allocated), name);
        }
        return nullptr;
    }
    return std::unique_ptr<Buffer>(new Buffer(this, kind, bytes, allocated, name, buf.release()));
}

bool GpuContext::upload(Buffer &dst, qint64 offset, const void *data, qint64 bytes,
                        QString *error) {
    if (!checkThread(error)) return false;
    if (offset < 0 || bytes < 0 || offset + bytes > dst.allocatedSize()) {
        if (error) {
            *error = QStringLiteral(
                         "upload of %1 bytes at %2 does not fit GPU buffer '%3' (%4 "
                         "bytes)")
                         .arg(bytes)
                         .arg(offset)
                         .arg(dst.name())
                         .arg(dst.size());
        }
        return false;
    }
    const auto *src = static_cast<const char *>(data);
    qint64 done = 0;
    while (done < bytes) {
        const qint64 n = std::min(m_uploadChunkBytes, bytes - done);
        // uploadStaticBuffer copies the bytes into the batch; the frame below is synchronous, so
        // at most this chunk (plus the backend's staging copy) is held at a time.
        ComputeBatch batch;
        batch.upload(dst, offset + done, QByteArray(src + done, qsizetype(n)));
        if (!submit(batch, error)) return false;
        done += n;
    }
    return true;
}

bool GpuContext::readBack(const Buffer &src, qint64 offset, qint64 bytes, void *out,
                          QString *error) {
    if (!checkThread(error)) return false;
    ComputeBatch batch;
    QByteArray result;
    batch.readBack(src, offset, bytes, &result);
    if (!submit(batch, error)) return false;
    if (result.size() != bytes) {
        if (error) {
            *error = QStringLiteral("readback of '%1' returned %2 bytes instead of %3")
                         .arg(src.name())
                         .arg(result.size())
                         .arg(bytes);
        }
        return false;
    }
    if (bytes) std::memcpy(out, result.constData(), size_t(bytes));
    return true;
}

}  // namespace facet::gpu
