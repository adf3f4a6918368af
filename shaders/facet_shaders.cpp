// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Registers the baked compute shader packs (:/shaders/*.qsb) with Qt's resource system.
#include <QtCore/qglobal.h>

// Declared in engine/gpu/kernels.cpp. Must live in the global namespace: Q_INIT_RESOURCE declares
// the rcc-generated initialiser there.
void facetInitShaderResources();

void facetInitShaderResources() {
    Q_INIT_RESOURCE(facet_shaders);
}
