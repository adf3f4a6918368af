// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The GPU runtime's environment switches, read in one place.
//
// Nothing else in engine/gpu reads the environment: every choice is a GpuOptions field that the
// app, facet-cli and the tests set. The front ends call gpuOptionsFromEnvironment() once at
// start-up, on the main thread, and hand the result (with their own settings laid over it) to
// GpuContext::create. The switches, each overriding the base's field when set:
//
//   FACET_RHI_BACKEND=vulkan|opengl|metal|d3d11  backend (an explicit choice never falls back)
//   FACET_GPU_DEVICE=N                           deviceIndex, numbered as vulkaninfo lists them;
//   QT_VK_PHYSICAL_DEVICE_INDEX=N                Qt's name for the same, used when FACET_GPU_DEVICE
//                                                is not set
//   QT_VULKAN_DEVICE_EXTENSIONS=a;b              vulkanDeviceExtensions (Qt's variable, for
//                                                Facet's own device)
//   FACET_GPU_PORTABLE=1                         portableKernels (rule out a driver problem)
//   FACET_VK_DIRECT=0|1                          directVulkan
//   FACET_VK_COOPMAT=0|1                         cooperativeMatrix (tensor cores)
//   FACET_VK_OWN_DEVICE=0|1                      ownVulkanDevice
//   FACET_VK_SPIN_US=N                           fenceSpin: 0 Off; N > 0 Fixed, polling N us
//   FACET_MATVEC_SPLIT=auto|one|two|rows         matVecSplit (benchmarks compare the splits)
//   FACET_MATMUL_SPLIT=auto|old|N                matMulSplitTarget (benchmarks: old = never
//                                                split, N = target workgroup count)
#pragma once

#include "gpu/gpu_context.h"

#include <QProcessEnvironment>
#include <QStringList>

namespace facet::gpu {

// `base` with the switches above that are set laid over it. A value that does not parse leaves
// the base's field as it is and adds a message naming the variable and the accepted values to
// *problems (or, without problems, logs it as a warning).
GpuOptions gpuOptionsFromEnvironment(GpuOptions base = {}, QStringList *problems = nullptr);
// The same, from `env` instead of the process environment (tests).
GpuOptions gpuOptionsFromEnvironment(const QProcessEnvironment &env, GpuOptions base = {},
                                     QStringList *problems = nullptr);

}  // namespace facet::gpu
