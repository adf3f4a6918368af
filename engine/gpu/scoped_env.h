// Sets an environment variable for the lifetime of the object, then restores it (or unsets it
// when it was not set). GpuContext uses it for QT_VK_PHYSICAL_DEVICE_INDEX, the only
// device-selection input Qt 6.4's Vulkan backend reads (it cannot import a physical device
// without also importing a VkDevice), which Qt reads inside QRhi::create on the same thread; the
// GPU tests use it for the FACET_* switches a context or model reads when it is created.
#pragma once

#include <QByteArray>
#include <QtGlobal>

namespace facet::gpu {

class ScopedEnv {
public:
    ScopedEnv(const char *name, const QByteArray &value)
        : m_name(name), m_wasSet(qEnvironmentVariableIsSet(name)), m_old(qgetenv(name)) {
        qputenv(m_name, value);
    }
    ~ScopedEnv() {
        if (m_wasSet)
            qputenv(m_name, m_old);
        else
            qunsetenv(m_name);
    }
    ScopedEnv(const ScopedEnv &) = delete;
    ScopedEnv &operator=(const ScopedEnv &) = delete;

private:
    const char *m_name;
    bool m_wasSet;
    QByteArray m_old;
};

}  // namespace facet::gpu
