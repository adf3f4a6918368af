// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "util/parallel.h"

#include <algorithm>
#include <thread>
#include <vector>

namespace facet::util {

void parallelFor(int n, int minChunk, const std::function<void(int, int)> &body) {
    if (n <= 0) return;
    const int hardware = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
    const int threads = std::clamp(n / std::max(minChunk, 1), 1, hardware);
    if (threads <= 1) {
        body(0, n);
        return;
    }
    const int chunk = (n + threads - 1) / threads;
    std::vector<std::thread> pool;
    pool.reserve(size_t(threads));
    // The first range runs on the calling thread.
    for (int b = chunk; b < n; b += chunk)
        pool.emplace_back(body, b, std::min(n, b + chunk));
    body(0, std::min(n, chunk));
    for (std::thread &t : pool)
        t.join();
}

}  // namespace facet::util
