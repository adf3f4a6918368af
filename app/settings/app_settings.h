// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// AppSettings: Facet's persistent preferences, a typed wrapper over QSettings.
//
// The organisation and application names come from main() (QApplication::setOrganizationName /
// setApplicationName), so the default constructor reads and writes the user's Facet settings. The
// file can be edited by hand, so every getter validates what it finds: a value of the wrong type,
// a number that does not parse or is not finite, or a name Facet does not know gives the default;
// a finite number outside its range is clamped to the range. No stored value can crash Facet or
// reach the engine as an invalid parameter.
//
// Setters write the value as given after the same validation (an invalid value is stored as the
// getter would read it), so a round trip through the settings is exact for every valid value.
#pragma once

#include "sampling/sampler.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <QtGlobal>

#include <array>
#include <memory>

class QSettings;

namespace facet::app {

// The sampling parameters a new conversation starts with (and a conversation's own settings).
// Defaults are Gemma 4's generation_config.json: temperature 1.0, top-k 64, top-p 0.95.
struct SamplingDefaults {
    double temperature = 1.0;        // 0 = greedy
    int topK = 64;                   // 0 = off
    double topP = 0.95;              // (0, 1]; 1 = off
    double minP = 0.0;               // [0, 1]; 0 = off
    double repetitionPenalty = 1.0;  // > 0; 1 = off
    double presencePenalty = 0.0;    // 0 = off
    double frequencyPenalty = 0.0;   // 0 = off
    bool fixedSeed = false;          // false: a new random seed for every answer
    quint64 seed = 0;                // used when fixedSeed
    int maxTokens = 0;   // most tokens per answer; 0 = unlimited (until the context is full)
    bool think = false;  // ask the model to think before it answers

    bool operator==(const SamplingDefaults &) const = default;

    // The engine's parameters (penalty window and the rest stay at the engine's defaults).
    sampling::SamplingParams toParams() const;
};

// Limits the settings and the SamplingEditor share. The engine accepts wider ranges (any
// temperature >= 0, any top-k); these are the ranges that make sense to offer.
struct SamplingLimits {
    static constexpr double temperatureMax = 2.0;
    // Smallest positive top-p and repetition penalty: below it a value is 0 in the engine's
    // float, and the form's two decimals cannot show it. (0 itself is invalid for both.)
    static constexpr double topPMin = 0.01;
    static constexpr double penaltyMin = 0.01;
    static constexpr int topKMax = 1000;
    static constexpr double penaltyMax = 2.0;  // repetition penalty: (0, 2]
    static constexpr double presenceMin = -2.0,
                            presenceMax = 2.0;  // also frequency (OpenAI's range)
    static constexpr int maxTokensMax = 131072;
};

class AppSettings {
public:
    // Every key Facet stores, in one place. models/contextLength is shared with the Models dock.
    struct Keys {
        static constexpr const char *gpuBackend = "gpu/backend";
        static constexpr const char *gpuDevice = "gpu/device";
        static constexpr const char *int8Activations = "gpu/int8Activations";
        static constexpr const char *gpuWait = "gpu/wait";
        static constexpr const char *contextLength = "models/contextLength";
        static constexpr const char *temperature = "sampling/temperature";
        static constexpr const char *topK = "sampling/topK";
        static constexpr const char *topP = "sampling/topP";
        static constexpr const char *minP = "sampling/minP";
        static constexpr const char *repetitionPenalty = "sampling/repetitionPenalty";
        static constexpr const char *presencePenalty = "sampling/presencePenalty";
        static constexpr const char *frequencyPenalty = "sampling/frequencyPenalty";
        static constexpr const char *fixedSeed = "sampling/fixedSeed";
        static constexpr const char *seed = "sampling/seed";
        static constexpr const char *maxTokens = "sampling/maxTokens";
        static constexpr const char *think = "sampling/think";
        static constexpr const char *theme = "appearance/theme";
        static constexpr const char *language = "appearance/language";
        static constexpr const char *showThinking = "chat/showThinking";
        static constexpr const char *imageTokens = "media/imageTokens";
        static constexpr const char *keepTowersLoaded = "media/keepTowersLoaded";
        static constexpr const char *registryUrl = "downloads/registryUrl";
        static constexpr const char *trainingDataPath = "finetune/trainingDataPath";
        static constexpr const char *recentAdapters = "chat/recentAdapters";
        static constexpr const char *serverEnabled = "server/enabled";
        static constexpr const char *serverPort = "server/port";
    };

    static constexpr int kDefaultContextLength = 8192;
    static constexpr int kMinContextLength = 512;
    static constexpr int kMaxContextLength = 131072;
    static constexpr int kMaxGpuDevice = 63;  // larger stored indices are garbage: -1 (default)
    // The context lengths Facet offers, in the Settings dialog and the Models dock alike: the
    // powers of two over [kMinContextLength, kMaxContextLength]. A model whose own context is
    // shorter is loaded with its own (the engine caps the length and says so).
    static constexpr std::array<int, 9> kContextLengthChoices = {512,   1024,  2048,  4096,  8192,
                                                                 16384, 32768, 65536, 131072};
    static_assert(kContextLengthChoices.front() == kMinContextLength &&
                  kContextLengthChoices.back() == kMaxContextLength);
    // kContextLengthChoices with `current` sorted in when it is none of them (a hand-edited
    // file), so that showing the choices never changes the setting.
    static QList<int> contextLengthChoices(int current);

    // The user's settings (QSettings() with the names main() set).
    AppSettings();
    // Settings kept in `store` (not owned; it must outlive this object). For tests and tools.
    explicit AppSettings(QSettings &store);
    ~AppSettings();
    AppSettings(const AppSettings &) = delete;
    AppSettings &operator=(const AppSettings &) = delete;

    // GPU API: "auto" or one of availableBackends(). A stored name this platform does not offer
    // (e.g. "metal" on Linux) reads as "auto". Takes effect when the next model is loaded.
    QString gpuBackend() const;
    void setGpuBackend(const QString &backend);
    // "auto" first, then the APIs Qt's RHI offers on this platform and Qt version: Vulkan and
    // OpenGL on Linux; D3D11, Vulkan, OpenGL (and D3D12 from Qt 6.6) on Windows; Metal and OpenGL
    // on macOS.
    static QStringList availableBackends();

    // GPU index as the engine lists the devices; -1 = the default device.
    int gpuDevice() const;
    void setGpuDevice(int index);

    // 8-bit activations for the large matrix-vector products (model::GpuModelOptions::eightBit):
    // "auto" (the default: on GPUs with a fast int8 dot product; faster decoding, results change
    // slightly) or "off" (every product in float). Takes effect when the next model is loaded.
    QString int8Activations() const;
    void setInt8Activations(const QString &mode);
    static QStringList availableInt8Modes();  // "auto", "off"

    // How the engine waits for the GPU (gpu::GpuOptions::fenceSpin): "adaptive" (the default:
    // polls for about a frame's time, lowest latency; or what FACET_VK_SPIN_US says) or "off"
    // (sleeps at once, least CPU). Takes effect when the next model is loaded.
    QString gpuWait() const;
    void setGpuWait(const QString &mode);
    static QStringList availableGpuWaits();  // "adaptive", "off"

    // Tokens a conversation can hold: default 8192, clamped to [512, 131072].
    int contextLength() const;
    void setContextLength(int tokens);

    SamplingDefaults sampling() const;
    void setSampling(const SamplingDefaults &s);
    // s with every field brought into the range sampling() would read it as (non-finite values
    // and an invalid top-p / repetition penalty become the defaults; the rest is clamped).
    static SamplingDefaults sanitized(const SamplingDefaults &s);

    // "system" (the platform's look, untouched), "light" or "dark".
    QString theme() const;
    void setTheme(const QString &theme);
    static QStringList availableThemes();

    // "" = the system's language; otherwise one of LanguageManager::available() ("en", "de",
    // "fr", "es", "ja", "zh_CN", "pt_BR"). "zh-cn" and the like are read as "zh_CN".
    QString language() const;
    void setLanguage(const QString &language);
    static QStringList availableLanguages();
    // `language` in canonical spelling, or a null QString when Facet has no such language ("" stays
    // "", the system's language).
    static QString normalizedLanguage(const QString &language);

    // The Ollama registry downloads come from: an http(s) URL with a host. Default
    // https://registry.ollama.ai.
    QString registryUrl() const;
    void setRegistryUrl(const QString &url);
    static QString defaultRegistryUrl();
    // An absolute http or https URL with a host (surrounding spaces ignored).
    static bool isValidRegistryUrl(const QString &url);

    // Show the model's thinking in the chat (collapsed). Default true.
    bool showThinking() const;

    // Soft tokens per image (Gemma 4's budgets 70, 140, 280, 560, 1120; default 280): more see
    // finer detail (documents, small text) and take more context. Applies at once.
    int imageTokens() const;
    void setImageTokens(int tokens);
    static QList<int> imageTokenChoices();
    // Keep the vision and audio towers in memory after use (default) or release them after each
    // message (less memory, slower attachments). Applies at once.
    bool keepTowersLoaded() const;
    void setKeepTowersLoaded(bool keep);
    void setShowThinking(bool show);

    // The JSONL file the Fine-tune dock starts with; "" = none. Any string is kept as it is.
    // The local API server (app/server): off unless the user turns it on; it serves the loaded
    // model to programs on this computer (127.0.0.1) at this port.
    static constexpr int kDefaultServerPort = 8080;
    bool serverEnabled() const;
    void setServerEnabled(bool enabled);
    int serverPort() const;  // 1 .. 65535; a stored value outside reads as the default
    void setServerPort(int port);

    QString trainingDataPath() const;
    void setTrainingDataPath(const QString &path);

    // The LoRA adapters (PEFT folders, GGUF LoRA files) chosen for conversations lately, newest
    // first, at most kMaxRecentAdapters, no duplicates or empty entries: the chat's adapter
    // picker offers them. A history, not a preference: resetToDefaults() keeps it.
    static constexpr int kMaxRecentAdapters = 8;
    QStringList recentAdapters() const;
    void addRecentAdapter(const QString &path);  // to the front (moved there if listed)
    void removeRecentAdapter(const QString &path);

    // Removes every key above (the getters then give the defaults). Other keys (window geometry,
    // the Models dock's opened files) stay.
    void resetToDefaults();

    QSettings &store() const { return *m_store; }

private:
    std::unique_ptr<QSettings> m_owned;
    QSettings *m_store;
};

}  // namespace facet::app
