// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The adapter types fine-tuning works on. They live with the model (model/lora.h: the GPU
// decoder's linear() carries them too); training code names them without the prefix.
#pragma once

#include "model/lora.h"
#include "model/random.h"

namespace facet::train {

using model::kLoraTargetCount;
using model::LoraAdapter;
using model::LoraConfig;
using model::LoraMatrix;
using model::loraShape;
using model::LoraShape;
using model::LoraTarget;
using model::loraTargetByName;
using model::loraTargetName;
using model::splitMix64;
using model::unitFloat;

}  // namespace facet::train
