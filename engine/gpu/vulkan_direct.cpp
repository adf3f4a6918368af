// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Direct Vulkan submission (see vulkan_direct.h).
#include "gpu/vulkan_direct.h"

#if FACET_HAVE_VULKAN

#include "gpu/compute_batch.h"
#include "gpu/gpu_buffer.h"

#include <QElapsedTimer>

#include <algorithm>
#include <array>
#include <cstring>
#include <limits>
#include <unordered_map>
#include <utility>

namespace facet::gpu {

namespace {

// Most storage bindings of any kernel (the table has up to 4).
constexpr int kMaxStorage = 8;
// Recorded command buffers kept for reuse (decode steps at a few different attention split
// counts, prefill chunks).
constexpr size_t kRecordedFrames = 8;
// Descriptor sets per pool; a model needs a few hundred Bindings, more pools are added on demand.
constexpr uint32_t kSetsPerPool = 512;

VkBuffer nativeBuffer(const Buffer &b) {
    const QRhiBuffer::NativeBuffer nb = b.rhiBuffer()->nativeBuffer();
    // Static and Immutable buffers have one slot.
    return nb.slotCount > 0 ? *static_cast<const VkBuffer *>(nb.objects[0]) : VK_NULL_HANDLE;
}

// Handles as opaque 64-bit values (VkDescriptorSet is a pointer on 64-bit platforms and a uint64_t
// on 32-bit ones).
template <typename H>
quint64 toHandle(H h) {
    static_assert(sizeof(H) <= sizeof(quint64));
    quint64 v = 0;
    std::memcpy(&v, &h, sizeof(H));
    return v;
}
template <typename H>
H fromHandle(quint64 v) {
    H h{};
    std::memcpy(&h, &v, sizeof(H));
    return h;
}

QString vkError(const char *what, VkResult r) {
    return QStringLiteral("Vulkan %1 failed (VkResult %2)").arg(QLatin1String(what)).arg(int(r));
}

// A Vulkan object of a device, destroyed (or freed) with `Destroy` when it goes, so that an
// owner's members release themselves in the reverse of their declaration order.
template <typename H,
          void (QVulkanDeviceFunctions::*Destroy)(VkDevice, H, const VkAllocationCallbacks *)>
class Owned {
public:
    Owned() = default;
    Owned(Owned &&o) noexcept : m_df(o.m_df), m_dev(o.m_dev), m_h(std::exchange(o.m_h, H{})) {}
    Owned &operator=(Owned &&o) noexcept {
        if (this != &o) {
            reset();
            m_df = o.m_df;
            m_dev = o.m_dev;
            m_h = std::exchange(o.m_h, H{});
        }
        return *this;
    }
    ~Owned() { reset(); }

    // Where a vkCreate* / vkAllocate* call on `dev` puts the new handle (the old one is
    // destroyed first). After a failed call, forget() drops what the call may have left there.
    H *receive(QVulkanDeviceFunctions *df, VkDevice dev) {
        reset();
        m_df = df;
        m_dev = dev;
        return &m_h;
    }
    void forget() { m_h = H{}; }
    void reset() {
        if (m_h != H{}) (m_df->*Destroy)(m_dev, m_h, nullptr);
        m_h = H{};
    }
    H get() const { return m_h; }
    const H *ptr() const { return &m_h; }
    explicit operator bool() const { return m_h != H{}; }

private:
    QVulkanDeviceFunctions *m_df = nullptr;
    VkDevice m_dev = VK_NULL_HANDLE;
    H m_h{};
};

}  // namespace

// Its Vulkan objects are Owned members: the implicit destruction releases them after the
// destructor body has waited for the device, in the reverse of their declaration order (the
// fence and the command pool with its command buffers, the host buffers, the descriptor pools
// with their sets, the pipelines), all before the device, which QRhi owns.
struct VulkanDirect::Impl {
    QVulkanDeviceFunctions *df = nullptr;
    VkDevice dev = VK_NULL_HANDLE;
    VkQueue queue = VK_NULL_HANDLE;
    VkPhysicalDeviceMemoryProperties memProps{};
    int uniformAlignment = 256;

    // Per kernel; the pipeline goes first, then its layout, then the set layout.
    struct Pipeline {
        Owned<VkDescriptorSetLayout, &QVulkanDeviceFunctions::vkDestroyDescriptorSetLayout>
            setLayout;
        Owned<VkPipelineLayout, &QVulkanDeviceFunctions::vkDestroyPipelineLayout> layout;
        Owned<VkPipeline, &QVulkanDeviceFunctions::vkDestroyPipeline> pipeline;
    };
    std::array<Pipeline, kKernelCount> pipelines{};
    std::vector<Owned<VkDescriptorPool, &QVulkanDeviceFunctions::vkDestroyDescriptorPool>> pools;
    uint32_t setsInLastPool = kSetsPerPool;
    std::unordered_map<VkDescriptorSet, VkDescriptorPool> setPools;  // to free a set

    // A host-visible, coherent, persistently mapped buffer (the buffer goes before its memory;
    // freeing the memory unmaps it).
    struct HostBuffer {
        Owned<VkDeviceMemory, &QVulkanDeviceFunctions::vkFreeMemory> memory;
        Owned<VkBuffer, &QVulkanDeviceFunctions::vkDestroyBuffer> buffer;
        char *mapped = nullptr;
        qint64 size = 0;
    };
    HostBuffer params, staging, readback;

    Owned<VkCommandPool, &QVulkanDeviceFunctions::vkDestroyCommandPool> cmdPool;
    Owned<VkFence, &QVulkanDeviceFunctions::vkDestroyFence> fence;
    // Recorded frames, reused while a batch has the same shape (see run()).
    struct Recorded {
        std::vector<quint64> signature;  // empty: invalid
        VkCommandBuffer cmd = VK_NULL_HANDLE;
        quint64 lastUse = 0;
    };
    std::vector<Recorded> recorded;
    quint64 useCounter = 0;
    // Bumped when something a recorded frame may refer to goes away (a descriptor set, a buffer,
    // the staging or readback memory, a timestamp pool): no recorded frame matches any more.
    quint64 generation = 0;
    // How long run() polls the fence before blocking, from the recent frames' times.
    FenceSpinBudget spin{FenceSpin::Off, 0, false};
    std::vector<uint32_t> offsets;   // this frame's parameter offsets
    std::vector<quint64> signature;  // this frame's shape

    ~Impl() {
        if (dev) df->vkDeviceWaitIdle(dev);
    }

    void freeHost(HostBuffer &h) {
        h.buffer.reset();
        h.memory.reset();
        h.mapped = nullptr;
        h.size = 0;
    }

    // (Re)creates h with at least `bytes` (the previous contents are dropped), in host-visible
    // coherent memory that also has the `prefer` properties where the device offers such a type
    // (host-cached for readbacks, which the CPU reads; device-local for the parameter blocks).
    bool ensureHost(HostBuffer &h, qint64 bytes, VkBufferUsageFlags usage,
                    VkMemoryPropertyFlags prefer, QString *error) {
        if (h.size >= bytes) return true;
        freeHost(h);
        qint64 size = 1 << 16;
        while (size < bytes)
            size *= 2;
        VkBufferCreateInfo bi{};
        bi.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO;
        bi.size = VkDeviceSize(size);
        bi.usage = usage;
        bi.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
        VkResult r = df->vkCreateBuffer(dev, &bi, nullptr, h.buffer.receive(df, dev));
        if (r != VK_SUCCESS) {
            h.buffer.forget();
            *error = vkError("vkCreateBuffer", r);
            return false;
        }
        VkMemoryRequirements req;
        df->vkGetBufferMemoryRequirements(dev, h.buffer.get(), &req);
        const VkMemoryPropertyFlags need =
            VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
        // Candidate memory types, those with the preferred properties first; an allocation that
        // fails in one (a small PCIe BAR heap, say) moves on to the next.
        std::vector<uint32_t> types;
        for (int pass = 0; pass < 2; ++pass) {
            const VkMemoryPropertyFlags want = need | (pass == 0 ? prefer : 0);
            for (uint32_t i = 0; i < memProps.memoryTypeCount; ++i) {
                if ((req.memoryTypeBits & (1u << i)) &&
                    (memProps.memoryTypes[i].propertyFlags & want) == want &&
                    std::find(types.begin(), types.end(), i) == types.end()) {
                    types.push_back(i);
                }
            }
        }
        if (types.empty()) {
            *error = QStringLiteral("the GPU has no host-visible coherent memory type");
            freeHost(h);
            return false;
        }
        r = VK_ERROR_OUT_OF_DEVICE_MEMORY;
        for (const uint32_t type : types) {
            VkMemoryAllocateInfo ai{};
            ai.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO;
            ai.allocationSize = req.size;
            ai.memoryTypeIndex = type;
            r = df->vkAllocateMemory(dev, &ai, nullptr, h.memory.receive(df, dev));
            if (r == VK_SUCCESS) break;
            h.memory.forget();
        }
        if (r == VK_SUCCESS) r = df->vkBindBufferMemory(dev, h.buffer.get(), h.memory.get(), 0);
        void *p = nullptr;
        if (r == VK_SUCCESS) r = df->vkMapMemory(dev, h.memory.get(), 0, VK_WHOLE_SIZE, 0, &p);
        if (r != VK_SUCCESS) {
            *error = vkError("host memory allocation", r);
            freeHost(h);
            return false;
        }
        h.mapped = static_cast<char *>(p);
        h.size = size;
        return true;
    }

    void barrier(VkCommandBuffer cmd, VkPipelineStageFlags src, VkAccessFlags srcAccess,
                 VkPipelineStageFlags dst, VkAccessFlags dstAccess) {
        VkMemoryBarrier mb{};
        mb.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER;
        mb.srcAccessMask = srcAccess;
        mb.dstAccessMask = dstAccess;
        df->vkCmdPipelineBarrier(cmd, src, dst, 0, 1, &mb, 0, nullptr, 0, nullptr);
    }
};

VulkanDirect::VulkanDirect(std::unique_ptr<Impl> impl) : d(std::move(impl)) {}
VulkanDirect::~VulkanDirect() = default;

std::unique_ptr<VulkanDirect> VulkanDirect::create(QRhi *rhi, QVulkanInstance *instance,
                                                   qint64 paramArenaBytes, int uniformAlignment,
                                                   const FenceSpinBudget &spin, QString *why) {
    const auto *nh = static_cast<const QRhiVulkanNativeHandles *>(rhi->nativeHandles());
    if (!nh || !nh->dev || !nh->physDev || !nh->gfxQueue || !instance) {
        *why = QStringLiteral("QRhi exposes no Vulkan device");
        return nullptr;
    }
    auto impl = std::make_unique<Impl>();
    impl->queue = nh->gfxQueue;
    impl->uniformAlignment = std::max(1, uniformAlignment);
    impl->df = instance->deviceFunctions(nh->dev);
    if (!impl->df) {
        *why = QStringLiteral("no Vulkan device functions");
        return nullptr;
    }
    impl->dev = nh->dev;
    impl->spin = spin;
    instance->functions()->vkGetPhysicalDeviceMemoryProperties(nh->physDev, &impl->memProps);

    QVulkanDeviceFunctions *df = impl->df;
    VkCommandPoolCreateInfo pi{};
    pi.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO;
    pi.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
    pi.queueFamilyIndex = nh->gfxQueueFamilyIdx;
    VkResult r =
        df->vkCreateCommandPool(impl->dev, &pi, nullptr, impl->cmdPool.receive(df, impl->dev));
    if (r != VK_SUCCESS) impl->cmdPool.forget();
    if (r == VK_SUCCESS) {
        VkFenceCreateInfo fi{};
        fi.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO;
        r = df->vkCreateFence(impl->dev, &fi, nullptr, impl->fence.receive(df, impl->dev));
        if (r != VK_SUCCESS) impl->fence.forget();
    }
    if (r != VK_SUCCESS) {
        *why = vkError("command buffer creation", r);
        return nullptr;
    }
    // The parameter blocks in device-local memory the CPU can write (a PCIe BAR window) where
    // there is some: every dispatch starts by reading its block, and from host memory that is a
    // round trip over PCIe before the kernel can do anything (H100 E2B decode 180 -> 194 tok/s).
    if (!impl->ensureHost(impl->params, paramArenaBytes, VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT,
                          VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, why)) {
        return nullptr;
    }
    return std::unique_ptr<VulkanDirect>(new VulkanDirect(std::move(impl)));
}

bool VulkanDirect::addKernel(const Kernel &k, const QByteArray &spirv, QString *error) {
    Impl::Pipeline &p = d->pipelines[size_t(k.id())];
    if (p.pipeline) return true;
    QVulkanDeviceFunctions *df = d->df;
    const int storage = int(k.storage().size());
    if (storage > kMaxStorage) {
        *error = QStringLiteral("kernel '%1' has too many bindings").arg(k.name());
        return false;
    }
    std::vector<VkDescriptorSetLayoutBinding> bindings(size_t(storage) + 1);
    for (int i = 0; i <= storage; ++i) {
        VkDescriptorSetLayoutBinding &b = bindings[size_t(i)];
        b.binding = uint32_t(i);
        b.descriptorType =
            i == 0 ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
        b.descriptorCount = 1;
        b.stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
    }
    VkDescriptorSetLayoutCreateInfo li{};
    li.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO;
    li.bindingCount = uint32_t(bindings.size());
    li.pBindings = bindings.data();
    VkResult r =
        df->vkCreateDescriptorSetLayout(d->dev, &li, nullptr, p.setLayout.receive(df, d->dev));
    if (r != VK_SUCCESS) p.setLayout.forget();
    if (r == VK_SUCCESS) {
        VkPipelineLayoutCreateInfo pli{};
        pli.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO;
        pli.setLayoutCount = 1;
        pli.pSetLayouts = p.setLayout.ptr();
        r = df->vkCreatePipelineLayout(d->dev, &pli, nullptr, p.layout.receive(df, d->dev));
        if (r != VK_SUCCESS) p.layout.forget();
    }
    VkShaderModule module = VK_NULL_HANDLE;
    if (r == VK_SUCCESS) {
        VkShaderModuleCreateInfo mi{};
        mi.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO;
        mi.codeSize = size_t(spirv.size());
        mi.pCode = reinterpret_cast<const uint32_t *>(spirv.constData());
        r = df->vkCreateShaderModule(d->dev, &mi, nullptr, &module);
    }
    if (r == VK_SUCCESS) {
        VkComputePipelineCreateInfo ci{};
        ci.sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO;
        ci.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
        ci.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
        ci.stage.module = module;
        ci.stage.pName = "main";
        ci.layout = p.layout.get();
        r = df->vkCreateComputePipelines(d->dev, VK_NULL_HANDLE, 1, &ci, nullptr,
                                         p.pipeline.receive(df, d->dev));
        if (r != VK_SUCCESS) p.pipeline.forget();
        df->vkDestroyShaderModule(d->dev, module, nullptr);
    }
    if (r != VK_SUCCESS) {
        *error = QStringLiteral("kernel '%1': %2").arg(k.name(), vkError("pipeline creation", r));
        return false;
    }
    return true;
}

quint64 VulkanDirect::createSet(const Bindings &b, QString *error) {
    const Kernel &k = b.kernel();
    const Impl::Pipeline &p = d->pipelines[size_t(k.id())];
    if (!p.setLayout) {
        *error = QStringLiteral("kernel '%1' has no direct pipeline").arg(k.name());
        return 0;
    }
    QVulkanDeviceFunctions *df = d->df;
    VkDescriptorSet set = VK_NULL_HANDLE;
    for (int attempt = 0; attempt < 2 && !set; ++attempt) {
        if (d->pools.empty() || d->setsInLastPool >= kSetsPerPool || attempt == 1) {
            const std::array<VkDescriptorPoolSize, 2> sizes{
                {{VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC, kSetsPerPool},
                 {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kSetsPerPool * kMaxStorage}}};
            VkDescriptorPoolCreateInfo pi{};
            pi.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO;
            pi.flags = VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT;
            pi.maxSets = kSetsPerPool;
            pi.poolSizeCount = uint32_t(sizes.size());
            pi.pPoolSizes = sizes.data();
            Owned<VkDescriptorPool, &QVulkanDeviceFunctions::vkDestroyDescriptorPool> pool;
            const VkResult r =
                df->vkCreateDescriptorPool(d->dev, &pi, nullptr, pool.receive(df, d->dev));
            if (r != VK_SUCCESS) {
                pool.forget();
                *error = vkError("vkCreateDescriptorPool", r);
                return 0;
            }
            d->pools.push_back(std::move(pool));
            d->setsInLastPool = 0;
        }
        VkDescriptorSetAllocateInfo ai{};
        ai.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO;
        ai.descriptorPool = d->pools.back().get();
        ai.descriptorSetCount = 1;
        ai.pSetLayouts = p.setLayout.ptr();
        // Freed sets leave holes the counter does not see; a full pool just gets a successor.
        if (df->vkAllocateDescriptorSets(d->dev, &ai, &set) != VK_SUCCESS) set = VK_NULL_HANDLE;
        ++d->setsInLastPool;
    }
    if (!set) {
        *error = QStringLiteral("could not allocate a Vulkan descriptor set");
        return 0;
    }

    const int storage = int(k.storage().size());
    std::array<VkDescriptorBufferInfo, kMaxStorage + 1> infos{};
    std::array<VkWriteDescriptorSet, kMaxStorage + 1> writes{};
    infos[0].buffer = d->params.buffer.get();
    infos[0].offset = 0;
    infos[0].range = VkDeviceSize(k.paramBytes());
    for (int i = 0; i < storage; ++i) {
        infos[size_t(i) + 1].buffer = nativeBuffer(*b.boundBuffer(i));
        infos[size_t(i) + 1].offset = VkDeviceSize(b.boundOffset(i));
        infos[size_t(i) + 1].range = VkDeviceSize(b.boundBytes(i));
    }
    for (int i = 0; i <= storage; ++i) {
        VkWriteDescriptorSet &w = writes[size_t(i)];
        w.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET;
        w.dstSet = set;
        w.dstBinding = uint32_t(i);
        w.descriptorCount = 1;
        w.descriptorType =
            i == 0 ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
        w.pBufferInfo = &infos[size_t(i)];
    }
    df->vkUpdateDescriptorSets(d->dev, uint32_t(storage + 1), writes.data(), 0, nullptr);
    d->setPools[set] = d->pools.back().get();
    return toHandle(set);
}

void VulkanDirect::destroySet(quint64 handle) {
    const auto set = fromHandle<VkDescriptorSet>(handle);
    const auto it = d->setPools.find(set);
    if (it == d->setPools.end()) return;
    // Nothing in flight uses it: every submission is waited for.
    d->df->vkFreeDescriptorSets(d->dev, it->second, 1, &set);
    d->setPools.erase(it);
    ++d->generation;
}

void VulkanDirect::forgetRecordedFrames() {
    ++d->generation;
}

bool VulkanDirect::run(const ComputeBatch &batch, size_t first, size_t end, bool withUploads,
                       bool withReadbacks, quint64 timestampPool, FrameTimes *times,
                       bool *deviceLost, QString *error,
                       const std::function<void()> &whileRunning) {
    QElapsedTimer timer;
    timer.start();
    QVulkanDeviceFunctions *df = d->df;
    const VkBufferUsageFlags transfer =
        VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;

    // Host side: the parameter blocks go straight into the mapped arena.
    const qint64 align = d->uniformAlignment;
    std::vector<uint32_t> &offsets = d->offsets;
    offsets.clear();
    qint64 at = 0;
    for (size_t i = first; i < end; ++i) {
        const auto &dp = batch.m_dispatches[i];
        if (at + dp.paramBytes > d->params.size) {
            *error = QStringLiteral("internal error: parameter blocks exceed the arena");
            return false;
        }
        std::memcpy(d->params.mapped + at, batch.m_params.constData() + dp.paramOffset,
                    size_t(dp.paramBytes));
        offsets.push_back(uint32_t(at));
        at += (dp.paramBytes + align - 1) / align * align;
    }
    qint64 uploadBytes = 0, readBytes = 0;
    if (withUploads) {
        for (const auto &u : batch.m_uploads)
            uploadBytes += (u.bytes.size() + 15) / 16 * 16;
    }
    if (withReadbacks) {
        for (const auto &rb : batch.m_readbacks)
            readBytes += (rb.bytes + 15) / 16 * 16;
    }
    if (uploadBytes > 0 && d->staging.size < uploadBytes) {
        if (!d->ensureHost(d->staging, uploadBytes, transfer, 0, error)) return false;
        ++d->generation;
    }
    if (readBytes > 0 && d->readback.size < readBytes) {
        if (!d->ensureHost(d->readback, readBytes, transfer, VK_MEMORY_PROPERTY_HOST_CACHED_BIT,
                           error))
            return false;
        ++d->generation;
    }
    if (uploadBytes > 0) {
        qint64 off = 0;
        for (const auto &u : batch.m_uploads) {
            std::memcpy(d->staging.mapped + off, u.bytes.constData(), size_t(u.bytes.size()));
            off += (u.bytes.size() + 15) / 16 * 16;
        }
    }

    // The frame's shape: everything the recorded commands depend on. Consecutive decode steps
    // have the same shape (their differences are in the parameter blocks and uploaded bytes), so
    // their command buffer is recorded once and submitted again.
    std::vector<quint64> &sig = d->signature;
    sig.clear();
    sig.push_back(d->generation);
    sig.push_back(timestampPool);
    sig.push_back(quint64(withUploads ? batch.m_uploads.size() : 0));
    if (withUploads) {
        for (const auto &u : batch.m_uploads) {
            sig.push_back(toHandle(nativeBuffer(*u.dst)));
            sig.push_back(quint64(u.offset));
            sig.push_back(quint64(u.bytes.size()));
        }
    }
    for (size_t i = first; i < end; ++i) {
        const auto &dp = batch.m_dispatches[i];
        sig.push_back(dp.bindings->nativeSet());
        sig.push_back(quint64(dp.bindings->kernel().id()) | quint64(dp.paramBytes) << 16);
        sig.push_back(quint64(dp.gx) | quint64(dp.gy) << 21 | quint64(dp.gz) << 42);
    }
    if (withReadbacks) {
        for (const auto &rb : batch.m_readbacks) {
            sig.push_back(toHandle(nativeBuffer(*rb.src)));
            sig.push_back(quint64(rb.offset));
            sig.push_back(quint64(rb.bytes));
        }
    }

    Impl::Recorded *rec = nullptr;
    for (auto &c : d->recorded) {
        if (c.signature == sig) rec = &c;
    }
    VkResult r = VK_SUCCESS;
    if (!rec) {
        if (d->recorded.size() < kRecordedFrames) {
            VkCommandBufferAllocateInfo ai{};
            ai.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO;
            ai.commandPool = d->cmdPool.get();
            ai.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
            ai.commandBufferCount = 1;
            VkCommandBuffer cb = VK_NULL_HANDLE;
            r = df->vkAllocateCommandBuffers(d->dev, &ai, &cb);
            if (r != VK_SUCCESS) {
                *error = vkError("vkAllocateCommandBuffers", r);
                return false;
            }
            d->recorded.push_back({{}, cb, 0});
            rec = &d->recorded.back();
        } else {
            rec = &*std::min_element(
                d->recorded.begin(), d->recorded.end(),
                [](const auto &x, const auto &y) { return x.lastUse < y.lastUse; });
        }
        rec->signature.clear();  // invalid until recorded successfully
        r = record(rec->cmd, batch, first, end, withUploads, withReadbacks,
                   fromHandle<VkQueryPool>(timestampPool));
        if (r != VK_SUCCESS) {
            *error = vkError("command recording", r);
            return false;
        }
        rec->signature = sig;
        if (times) ++times->recorded;
    }
    rec->lastUse = ++d->useCounter;
    if (times) times->recordNs += timer.nsecsElapsed();
    timer.restart();

    VkSubmitInfo si{};
    si.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO;
    si.commandBufferCount = 1;
    si.pCommandBuffers = &rec->cmd;
    df->vkResetFences(d->dev, 1, d->fence.ptr());
    r = df->vkQueueSubmit(d->queue, 1, &si, d->fence.get());
    QElapsedTimer sinceSubmit;
    sinceSubmit.start();
    if (r == VK_SUCCESS && whileRunning) {
        const qint64 submitted = timer.nsecsElapsed();
        whileRunning();
        timer.restart();
        if (times) times->submitNs += submitted;
    }
    if (r == VK_SUCCESS) {
        // Poll first, for about as long as the recent frames took (FenceSpinBudget): a blocking
        // wait can return tens of microseconds after the GPU finished (the thread is put to
        // sleep and woken by the driver), which a decode step of a few milliseconds notices.
        // Past the budget, block.
        bool signalled = false;
        const qint64 budget = d->spin.budgetNs();
        if (budget > 0) {
            QElapsedTimer poll;
            poll.start();
            do {
                r = df->vkGetFenceStatus(d->dev, d->fence.get());
            } while (r == VK_NOT_READY && sinceSubmit.nsecsElapsed() < budget);
            if (times) times->pollNs += poll.nsecsElapsed();
            signalled = r == VK_SUCCESS;
        }
        if (!signalled && (r == VK_SUCCESS || r == VK_NOT_READY)) {
            r = df->vkWaitForFences(d->dev, 1, d->fence.ptr(), VK_TRUE,
                                    std::numeric_limits<uint64_t>::max());
        }
        if (r == VK_SUCCESS) d->spin.addFrame(sinceSubmit.nsecsElapsed());
    }
    if (times) times->submitNs += timer.nsecsElapsed();
    if (r != VK_SUCCESS) {
        *deviceLost = r == VK_ERROR_DEVICE_LOST;
        *error = *deviceLost ? QStringLiteral(
                                   "the GPU device was lost (driver reset or GPU removed); "
                                   "restart Facet")
                             : vkError("queue submission", r);
        return false;
    }
    if (readBytes > 0) {
        qint64 off = 0;
        for (const auto &rb : batch.m_readbacks) {
            rb.out->resize(qsizetype(rb.bytes));
            std::memcpy(rb.out->data(), d->readback.mapped + off, size_t(rb.bytes));
            off += (rb.bytes + 15) / 16 * 16;
        }
    }
    return true;
}

VkResult VulkanDirect::record(VkCommandBuffer cmd, const ComputeBatch &batch, size_t first,
                              size_t end, bool withUploads, bool withReadbacks,
                              VkQueryPool timestamps) {
    QVulkanDeviceFunctions *df = d->df;
    VkCommandBufferBeginInfo bi{};
    bi.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO;
    df->vkResetCommandBuffer(cmd, 0);
    VkResult r = df->vkBeginCommandBuffer(cmd, &bi);
    if (r != VK_SUCCESS) return r;
    const VkPipelineStageFlags work =
        VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT;
    const VkAccessFlags rw = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT |
                             VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT;
    // Whatever ran before (QRhi frames included) is visible to this frame.
    d->barrier(cmd, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, VK_ACCESS_MEMORY_WRITE_BIT, work, rw);

    if (withUploads && !batch.m_uploads.empty()) {
        qint64 off = 0;
        for (const auto &u : batch.m_uploads) {
            VkBufferCopy c{VkDeviceSize(off), VkDeviceSize(u.offset), VkDeviceSize(u.bytes.size())};
            df->vkCmdCopyBuffer(cmd, d->staging.buffer.get(), nativeBuffer(*u.dst), 1, &c);
            off += (u.bytes.size() + 15) / 16 * 16;
        }
        d->barrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
                   VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                   VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT);
    }

    if (timestamps != VK_NULL_HANDLE) {
        df->vkCmdResetQueryPool(cmd, timestamps, 0, uint32_t(end - first) + 1);
        df->vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, timestamps, 0);
    }
    // Buffers written / read by the dispatches since the last barrier (a handful at a time).
    std::vector<VkBuffer> written, read;
    const auto contains = [](const std::vector<VkBuffer> &v, VkBuffer b) {
        return std::find(v.begin(), v.end(), b) != v.end();
    };
    VkPipeline current = VK_NULL_HANDLE;
    for (size_t i = first; i < end; ++i) {
        const auto &dp = batch.m_dispatches[i];
        const Bindings &b = *dp.bindings;
        const Kernel &k = b.kernel();
        const Impl::Pipeline &p = d->pipelines[size_t(k.id())];
        const int storage = int(k.storage().size());
        std::array<VkBuffer, kMaxStorage> bufs{};
        bool needBarrier = false;
        for (int s = 0; s < storage; ++s) {
            bufs[size_t(s)] = nativeBuffer(*b.boundBuffer(s));
            const bool writes = k.storage()[size_t(s)] != Access::Load;
            if (contains(written, bufs[size_t(s)]) || (writes && contains(read, bufs[size_t(s)])))
                needBarrier = true;
        }
        if (needBarrier) {
            d->barrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_WRITE_BIT,
                       VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                       VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT);
            written.clear();
            read.clear();
        }
        for (int s = 0; s < storage; ++s) {
            std::vector<VkBuffer> &list = k.storage()[size_t(s)] != Access::Load ? written : read;
            if (!contains(list, bufs[size_t(s)])) list.push_back(bufs[size_t(s)]);
        }
        if (p.pipeline.get() != current) {
            df->vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, p.pipeline.get());
            current = p.pipeline.get();
        }
        const auto set = fromHandle<VkDescriptorSet>(b.nativeSet());
        const uint32_t dyn = d->offsets[i - first];
        df->vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, p.layout.get(), 0, 1, &set,
                                    1, &dyn);
        df->vkCmdDispatch(cmd, uint32_t(dp.gx), uint32_t(dp.gy), uint32_t(dp.gz));
        if (timestamps != VK_NULL_HANDLE) {
            df->vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, timestamps,
                                    uint32_t(i - first) + 1);
        }
    }

    if (withReadbacks && !batch.m_readbacks.empty()) {
        d->barrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT,
                   VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT,
                   VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT);
        qint64 off = 0;
        for (const auto &rb : batch.m_readbacks) {
            VkBufferCopy c{VkDeviceSize(rb.offset), VkDeviceSize(off), VkDeviceSize(rb.bytes)};
            df->vkCmdCopyBuffer(cmd, nativeBuffer(*rb.src), d->readback.buffer.get(), 1, &c);
            off += (rb.bytes + 15) / 16 * 16;
        }
        d->barrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT,
                   VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT);
    }
    // This frame's writes are visible to whatever runs next (QRhi frames included).
    d->barrier(cmd, work, VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT,
               VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
               VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT);
    return df->vkEndCommandBuffer(cmd);
}

}  // namespace facet::gpu

#endif  // FACET_HAVE_VULKAN
