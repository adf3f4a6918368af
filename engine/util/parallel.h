// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Data-parallel loops on the CPU for the front ends and the CPU references: body(begin, end) over
// [0, n) split into contiguous ranges, one per hardware thread (at most), each at least
// `minChunk` long; ranges run on their own threads and the call returns when all are done. Plain
// std::thread: the loops are coarse (a few ranges of milliseconds each), so a pool would save
// nothing measurable, and the engine links no QtConcurrent.
#pragma once

#include <functional>

namespace facet::util {

void parallelFor(int n, int minChunk, const std::function<void(int begin, int end)> &body);

}  // namespace facet::util
