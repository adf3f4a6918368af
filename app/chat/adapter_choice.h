// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// What the chat knows of a LoRA adapter before the engine loads it (QtCore only): a cheap check
// for the picker, and the names the chat shows for an adapter and its strength.
#pragma once

#include <QCoreApplication>
#include <QString>

namespace facet::app {

struct AdapterNames {
    Q_DECLARE_TR_FUNCTIONS(facet::app::AdapterNames)
public:
    // Empty when `path` looks like an adapter Facet can load: a PEFT folder (adapter_config.json
    // holding a JSON object, and adapter_model.safetensors) or a GGUF file whose general.type is
    // "adapter" (what llama.cpp and `facet-cli train` write). Otherwise what is wrong and what to
    // do, for the user. Reads the config and the GGUF header only: whether the adapter fits the
    // loaded model is the engine's to say when it runs (ChatController::adapterFailed).
    static QString problem(const QString &path);
    // "pirate" for /adapters/pirate (a folder) or /adapters/pirate.gguf.
    static QString name(const QString &path);
    // "pirate ×1.25": the adapter and its strength, as answers and the picker show them.
    static QString label(const QString &path, double strength);
};

}  // namespace facet::app
