// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The GPU runtime: one QRhi (Vulkan, Metal, D3D11 or OpenGL 4.3+) used purely for compute.
//
// Typical use, on the engine's worker thread:
//   auto ctx = GpuContext::create(GpuOptions(), &error);            // backend, device, checks
//   auto w = ctx->createBuffer(BufferKind::Weights, bytes, name, &error);
//   ctx->upload(*w, 0, info.data, info.nbytes, &error);              // chunked, bounded memory
//   const Kernel *k = ctx->kernel(*matVecKernel(info.type), &error); // pipeline, once
//   auto b = ctx->bind(*k, {*w, *x, *y}, &error);                    // bindings, once at load
//   ComputeBatch batch;                                               // per token:
//   recordRmsNorm(batch, ...); recordMatVec(batch, *b, params, 1, &error); ...
//   argmax->record(batch, vocab, 0, &error); batch.readBack(argmax->result(), 0, 8, &out);
//   ctx->submit(batch, &error);                // one frame, one compute pass, waits
//
// Threading: a GpuContext, and every Buffer, Kernel and Bindings made from it, belongs to the
// thread that created it (the engine's worker thread). QRhi is not thread-safe; every entry point
// checks the calling thread. A QGuiApplication must exist (no window is needed); with the OpenGL
// backend the fallback QOffscreenSurface is created on the GUI thread on the caller's behalf
// (blocking), so do not create an OpenGL context from a worker while the GUI thread waits for
// that worker.
//
// Several contexts may exist at once (tests do that); Vulkan ones share one QVulkanInstance,
// because Qt 6.4's Vulkan backend keeps a process-global pointer to the instance of the most
// recently created QRhi and uses it for every QRhi's memory allocations.
//
// Destruction order: Bindings and Buffers first (their owners), then the context, which releases
// its kernels and internal buffers, then the QRhi, then the VkDevice when Facet created it
// (GpuInfo::ownDevice), then the QOffscreenSurface / QVulkanInstance (the other order crashes
// inside the driver); the context's member declaration order encodes the second part.
#pragma once

#include "gpu/fence_spin.h"
#include "gpu/gpu_buffer.h"
#include "gpu/kernels.h"

#include <QByteArrayList>
#include <QString>
#include <QtGlobal>

#include <array>
#include <functional>
#include <initializer_list>
#include <memory>
#include <optional>
#include <vector>

QT_BEGIN_NAMESPACE
class QRhi;
class QRhiBuffer;
class QRhiCommandBuffer;
class QOffscreenSurface;
class QThread;
class QVulkanInstance;
QT_END_NAMESPACE
struct VkDevice_T;  // a VkDevice is a VkDevice_T * (vulkan_core.h)

namespace facet::gpu {

class ComputeBatch;
class VulkanDirect;

enum class Backend { Vulkan, OpenGL, Metal, D3D11 };

// "vulkan", "opengl", "metal", "d3d11".
QString backendName(Backend backend);
// Parses a backend name (case-insensitive; "gl" and "d3d" are accepted too). nullopt for anything
// else.
std::optional<Backend> parseBackend(const QString &name);
// Vulkan on Linux and Windows, Metal on macOS.
Backend platformDefaultBackend();

// How recordMatVec spreads a product over workgroups (see matVecWorkSplit in ops.h).
enum class MatVecSplitPolicy { Auto, OneUnit, TwoUnits, Rows };

// Every choice the GPU runtime makes that is not forced by the device. The app, facet-cli and the
// tests set these; gpuOptionsFromEnvironment (gpu_environment.h) lays the documented environment
// switches over them at the front ends' start-up.
struct GpuOptions {
    // The backend. nullopt: platformDefaultBackend(), falling back to OpenGL when no Vulkan
    // instance or device can be created (GpuInfo::fallbackReason says why). An explicit choice
    // never falls back.
    std::optional<Backend> backend;
    // Vulkan physical device, as numbered by vulkaninfo. -1: the first discrete GPU, then
    // integrated, virtual, other, and CPU (software) devices last.
    int deviceIndex = -1;
    // Enables VK_LAYER_KHRONOS_validation (when installed).
    bool debugLayer = false;
    // Largest host→GPU copy in one resource update (bounds host memory during weight uploads).
    qint64 uploadChunkBytes = qint64(64) << 20;
    // Uniform memory for the parameter blocks of one frame. A batch whose blocks do not fit is
    // split into several frames transparently (each block takes a multiple of the device's
    // uniform-offset alignment, 16..256 bytes).
    int paramArenaBytes = 1 << 20;
    // Use the portable variant of every kernel even where a faster one (subgroup operations,
    // SPIR-V 1.3) would run. For tests and for ruling out a driver problem.
    bool portableKernels = false;
    // Vulkan: use tensor cores where the device offers them (VK_NV_cooperative_matrix: the
    // matmul's f16 build, GpuInfo::cooperativeMatrixNV); false: the f32 kernels everywhere (A/B
    // runs, ruling out a driver problem).
    bool cooperativeMatrix = true;
    // Vulkan: submit batches through our own command buffers (see GpuInfo::directSubmission);
    // false: through QRhi's command lists, as the other backends always do.
    bool directVulkan = true;
    // Vulkan: create the VkDevice ourselves, with the features Qt 6.4 does not enable (see
    // GpuInfo::ownDevice); false: Qt creates it (without them, and on the physical device Qt
    // picks: QT_VK_PHYSICAL_DEVICE_INDEX's, else the first, so a deviceIndex naming another one
    // fails).
    bool ownVulkanDevice = true;
    // Vulkan: further device extensions Facet's own device enables where the device has them (as
    // Qt does for QT_VULKAN_DEVICE_EXTENSIONS when it creates the device).
    QByteArrayList vulkanDeviceExtensions;
    // Direct Vulkan submission: how the wait for a frame polls its fence before it blocks
    // (fence_spin.h). fenceSpinUs: Adaptive's longest poll, Fixed's poll.
    FenceSpin fenceSpin = FenceSpin::Adaptive;
    int fenceSpinUs = 20'000;
    // The mat-vec work split policy a new context starts with (GpuContext::setMatVecSplitPolicy
    // changes it; matVecWorkSplit in ops.h).
    MatVecSplitPolicy matVecSplit = MatVecSplitPolicy::Auto;
    // Split-K matmuls (matmul_ops.h): the target workgroup count; 0: kMatMulSplitTarget, 1: never
    // split.
    uint32_t matMulSplitTarget = 0;
};

// Which build of the kernels that have several (today: matvec) a context loads.
enum class KernelVariant {
    Portable,  // SPIR-V 1.0 / GLSL / HLSL / MSL, shared-memory reductions: every backend
    Subgroup,  // SPIR-V 1.3 with subgroup arithmetic: Vulkan 1.1 devices that support it
};
// "portable", "subgroup".
QString kernelVariantName(KernelVariant variant);

struct GpuInfo {
    Backend backend = Backend::Vulkan;
    QString deviceName;
    QString deviceType;  // "discrete GPU", "integrated GPU", "CPU (software)", ...
    bool softwareDevice = false;
    QString apiVersion;    // "Vulkan 1.3.230", "OpenGL 4.5 (Core Profile) Mesa 22.3.6", ...
    int deviceIndex = -1;  // Vulkan physical device index in use
    // Set when the automatic choice fell back from Vulkan to OpenGL: why Vulkan was not usable.
    QString fallbackReason;
    // Largest byte range one storage binding may cover, and the alignment of binding offsets.
    qint64 maxStorageBufferRange = 0;
    qint64 storageBufferOffsetAlignment = 256;
    int maxWorkgroupSize = 0;  // invocations per workgroup
    // Vulkan: bytes of shared memory a compute workgroup may declare (0 where unknown: kernels
    // keep to the portable 32 KiB).
    qint64 maxComputeSharedMemory = 0;
    int maxWorkgroupsPerDimension = 0;  // dispatch limit per axis
    int uniformBufferAlignment = 256;   // dynamic uniform offsets are multiples of this
    // Vulkan: the device's default subgroup size and whether compute shaders may use subgroup
    // arithmetic (both a Vulkan 1.1 instance and device needed; 0 / false elsewhere).
    int subgroupSize = 0;
    bool subgroupArithmetic = false;
    // The kernel variant in use (Subgroup when the device supports it, the build has the packs
    // and GpuOptions::portableKernels does not ask otherwise).
    KernelVariant kernelVariant = KernelVariant::Portable;
    // Vulkan: batches are recorded straight into Vulkan command buffers (vulkan_direct.h) rather
    // than through QRhi's command list (GpuOptions::directVulkan).
    bool directSubmission = false;
    // Vulkan: Facet created the VkDevice itself and handed it to QRhi, with the features below
    // where the device has them (a Vulkan 1.1 instance and device) and the creation with them
    // worked (a failure is logged, and the device is made with Vulkan 1.0 features instead).
    // False when QRhi created it (GpuOptions::ownVulkanDevice off, or both our creations
    // failed). The features below are false unless Facet enabled them: Qt 6.4 enables none.
    bool ownDevice = false;
    // Device features enabled on the VkDevice in use (Vulkan; false elsewhere). Kernels that need
    // one of them may only be loaded when it is true (their SPIR-V declares the capability).
    bool integerDotProduct = false;      // shaderIntegerDotProduct: OpSDot and friends (int8 dot)
    bool integerDotAccelerated = false;  // integerDotProduct4x8BitPackedSignedAccelerated: packed
                                         // signed int8 dot runs in hardware (only with the above)
    bool shaderInt8 = false;             // 8-bit integer arithmetic in shaders
    bool shaderFloat16 = false;          // 16-bit float arithmetic in shaders
    bool storage16Bit = false;           // storageBuffer16BitAccess: 16-bit loads/stores in SSBOs
    bool storage8Bit = false;            // storageBuffer8BitAccess: 8-bit loads/stores in SSBOs
    // subgroupSizeControl + computeFullSubgroups (Vulkan 1.3 or VK_EXT_subgroup_size_control).
    bool subgroupSizeControl = false;
    // VK_NV_cooperative_matrix with the 16 x 16 x 16 f16 shape, the Vulkan memory model and f16
    // arithmetic: the matmul's tensor-core build (shaders/matmul_coopmat.glsl) may be loaded.
    bool cooperativeMatrixNV = false;
    // One line for logs and the about box.
    QString summary() const;
};

class GpuContext {
public:
    // Creates the context on the calling thread. On failure returns nullptr and sets *error to a
    // message fit for the user (what is missing and what to do about it).
    static std::unique_ptr<GpuContext> create(const GpuOptions &options, QString *error);
    ~GpuContext();
    GpuContext(const GpuContext &) = delete;
    GpuContext &operator=(const GpuContext &) = delete;

    const GpuInfo &info() const { return m_info; }
    // The options it was created with.
    const GpuOptions &options() const { return m_options; }
    // The mat-vec work split policy recordMatVec applies (GpuOptions::matVecSplit at creation).
    // It may change between recordings (a benchmark compares the splits on one context).
    MatVecSplitPolicy matVecSplitPolicy() const { return m_matVecSplit; }
    void setMatVecSplitPolicy(MatVecSplitPolicy policy) { m_matVecSplit = policy; }
    QRhi *rhi() const { return m_rhi.get(); }
    // False when called from another thread than the one that created the context.
    bool isOwnerThread() const;

    // --- buffers -------------------------------------------------------------------------------
    // Allocates a device-local storage buffer of `bytes` (contents undefined until written).
    // Limit: 2 GiB - 32 per buffer (QRhi sizes and offsets are ints).
    std::unique_ptr<Buffer> createBuffer(BufferKind kind, qint64 bytes, const QString &name,
                                         QString *error);
    // Copies host memory into `dst` at `offset`, synchronously, in resource updates of at most
    // uploadChunkBytes() each (each chunk is submitted and waited for before the next is copied),
    // so uploading a model from a memory-mapped GGUF never holds more than a few chunks in host
    // memory.
    bool upload(Buffer &dst, qint64 offset, const void *data, qint64 bytes, QString *error);
    // Reads `bytes` of `src` at `offset` into `out`, synchronously. Meant for small results.
    bool readBack(const Buffer &src, qint64 offset, qint64 bytes, void *out, QString *error);
    qint64 uploadChunkBytes() const { return m_uploadChunkBytes; }
    void setUploadChunkBytes(qint64 bytes);

    // --- kernels -------------------------------------------------------------------------------
    // The kernel, loading its shader pack and creating its pipeline on first use (and checking
    // the pack's reflection against the C++ parameter struct). Owned by the context.
    const Kernel *kernel(KernelId id, QString *error);
    // Binds buffers to storage bindings 1..n of `kernel` (in order; the parameter block at
    // binding 0 is the context's). Validates count, alignment and ranges.
    std::unique_ptr<Bindings> bind(const Kernel &kernel, const std::vector<BufferView> &storage,
                                   QString *error);
    std::unique_ptr<Bindings> bind(const Kernel &kernel, std::initializer_list<BufferView> storage,
                                   QString *error) {
        return bind(kernel, std::vector<BufferView>(storage), error);
    }

    // --- submission ----------------------------------------------------------------------------
    // Runs the batch (uploads, one compute pass with all dispatches, readbacks) as one offscreen
    // frame, or as several consecutive frames when its parameter blocks exceed the arena, and
    // waits for it. Clears the batch. False (with *error) on a recording error, a device loss or
    // a failed frame; readback targets are then unspecified.
    // whileRunning, when given, is called once while the GPU runs the batch (with direct Vulkan
    // submission: right after the last frame is queued, before the wait; otherwise after the
    // batch completed), on this thread: host work that can overlap the GPU's (a decode step
    // records the next step's batch there). It must not use this context's submission, uploads
    // or readbacks, nor the batch's buffers' contents.
    bool submit(ComputeBatch &batch, QString *error,
                const std::function<void()> &whileRunning = {});

    // --- profiling (facet-cli bench --profile) ---------------------------------------------------
    // GPU timestamps after every dispatch (Vulkan only; false with *why elsewhere). While on,
    // every dispatch runs in its own compute pass followed by a timestamp (with direct submission:
    // a timestamp after every dispatch of the frame's command buffer), which makes frames a
    // little slower; each time is the GPU time from the end of the previous dispatch to the end
    // of this one: its barrier, launch and execution.
    bool setDispatchTiming(bool on, QString *why);
    struct DispatchTime {
        QString kernel;
        QByteArray params;  // the dispatch's parameter block (e.g. a MatVecParams)
        double ns = 0;
    };
    // The times of the dispatches submitted since the last call, in submission order.
    std::vector<DispatchTime> takeDispatchTimes();

    struct Stats {
        qint64 frames = 0;
        qint64 dispatches = 0;
        qint64 uploadBatches = 0;  // resource updates carrying host data
        qint64 uploadedBytes = 0;
        qint64 readBackBytes = 0;
        // Host time of the frames: recording and ending them (submission and the wait for the
        // GPU). Through QRhi, recording is beginOffscreenFrame up to the end of the compute pass
        // (QRhi's per-dispatch work) and prepareNs the building of its update batches (uploads
        // are copied there). With direct submission, recording is copying the parameter blocks
        // and uploads into mapped memory plus, for a frame of a new shape, recording its command
        // buffer; prepareNs stays 0.
        qint64 prepareNs = 0;
        qint64 recordNs = 0;
        qint64 endFrameNs = 0;
        // Direct submission: frames whose command buffer was recorded anew (the others replayed
        // a recorded one).
        qint64 recordedFrames = 0;
        // Direct submission: the part of endFrameNs spent polling fences (GpuOptions::fenceSpin).
        qint64 fencePollNs = 0;
    };
    const Stats &stats() const { return m_stats; }

private:
    friend class Buffer;
    friend class Bindings;
    // Frees a Bindings' direct-submission descriptor set (Bindings' destructor).
    void releaseNativeSet(quint64 set);
    enum class InitResult { Ok, Unavailable, Failed };

    explicit GpuContext(const GpuOptions &options);
    InitResult init(Backend backend, QString *why);
    InitResult initVulkan(QString *why);
    InitResult initOpenGL(QString *why);
    InitResult initOther(Backend backend, QString *why);
    InitResult checkAndFinish(QString *why);
    // Whether this build has the subgroup packs (kernels.cpp; glslangValidator at build time).
    static bool subgroupPacksBuilt();
    // Loads kernel `id` from its portable or subgroup pack into m_kernels (kernels.cpp).
    Kernel *loadKernel(KernelId id, bool subgroupVariant, QString *error);
    bool checkThread(QString *error) const;
    bool runFrame(ComputeBatch &batch, size_t firstDispatch, size_t endDispatch, bool withUploads,
                  bool withReadbacks, QString *error,
                  const std::function<void()> &whileRunning = {});
    // Adds a completed frame's uploads and readbacks (those it carried) to m_stats.
    void countTransfers(const ComputeBatch &batch, bool uploads, bool readbacks);
    struct Timing;  // dispatch_timing.cpp
    void recordTimedDispatches(QRhiCommandBuffer *cb, ComputeBatch &batch, size_t begin, size_t end,
                               const std::vector<quint32> &offsets);
    void collectDispatchTimes(ComputeBatch &batch, size_t begin, size_t end);
    // A timestamp query pool with at least `needed` queries (a VkQueryPool; 0 when it could not
    // be created), marked as holding this frame's timestamps.
    quint64 prepareTimingPool(uint32_t needed);

    GpuOptions m_options;
    GpuInfo m_info;
    QThread *m_thread = nullptr;
    qint64 m_uploadChunkBytes = 0;
    Stats m_stats;
    int m_liveBuffers = 0;
    bool m_deviceLost = false;
    MatVecSplitPolicy m_matVecSplit = MatVecSplitPolicy::Auto;

    // The resources, declared in creation order so that the implicit member destruction (reverse
    // declaration order) releases them in the order the driver needs: the dispatch-timing pool,
    // kernels, direct submission and context buffers, then the QRhi, then the VkDevice Facet
    // created under it, then the OpenGL surface and the QVulkanInstance (the other order crashes
    // inside the driver). A new resource goes where its dependencies put it in this list.
    //
    // The QVulkanInstance is shared by all contexts of the process (see sharedVulkanInstance in
    // gpu_context.cpp) and outlives each context's QRhi.
    std::shared_ptr<QVulkanInstance> m_vulkan;
    struct SurfaceDeleter {
        void operator()(QOffscreenSurface *s) const;  // on the GUI thread, where it lives
    };
    std::unique_ptr<QOffscreenSurface, SurfaceDeleter> m_surface;  // OpenGL only
    // The VkDevice Facet created and QRhi imported (GpuInfo::ownDevice); QRhi never destroys an
    // imported device, so the context does (vkDeviceWaitIdle + vkDestroyDevice), after the QRhi.
    struct VulkanDeviceDeleter {
        // No default member initialiser: with one, GCC does not see the deleter as default-
        // constructible inside the incomplete GpuContext (unique_ptr value-initialises it).
        QVulkanInstance *instance;
        void operator()(VkDevice_T *device) const;
    };
    std::unique_ptr<VkDevice_T, VulkanDeviceDeleter> m_ownedDevice;
    std::unique_ptr<QRhi> m_rhi;
    std::unique_ptr<QRhiBuffer> m_paramArena;   // Dynamic uniform buffer, binding 0 of all kernels
    std::unique_ptr<QRhiBuffer> m_placeholder;  // tiny storage buffer for layout-only bindings
    struct DirectDeleter {
        void operator()(VulkanDirect *v) const;  // gpu_context.cpp, where it is complete
    };
    std::unique_ptr<VulkanDirect, DirectDeleter> m_direct;  // Vulkan direct submission
    std::array<std::unique_ptr<Kernel>, kKernelCount> m_kernels;
    struct TimingDeleter {
        void operator()(Timing *t) const;  // dispatch_timing.cpp, where Timing is complete
    };
    std::unique_ptr<Timing, TimingDeleter> m_timing;  // only while dispatch timing is on
};

}  // namespace facet::gpu
