// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "gpu/activation_allocator.h"

#include <algorithm>
#include <numeric>

namespace facet::gpu {

namespace {
uint64_t alignUp(uint64_t v) {
    return (v + ActivationAllocator::kAlignFloats - 1) / ActivationAllocator::kAlignFloats *
           ActivationAllocator::kAlignFloats;
}
}  // namespace

ActivationAllocator::Id ActivationAllocator::declare(const QString &name, uint64_t floats,
                                                     int first, int last, bool keep) {
    Tensor t;
    t.name = name;
    t.floats = std::max<uint64_t>(floats, 1);
    t.first = std::min(first, last);
    t.last = std::max(first, last);
    t.keep = keep;
    m_tensors.push_back(t);
    return Id{int(m_tensors.size()) - 1};
}

int ActivationAllocator::lastPhase() const {
    int last = 0;
    for (const Tensor &t : m_tensors)
        last = std::max(last, t.last);
    return last;
}

bool ActivationAllocator::overlapInTime(Id a, Id b) const {
    const Tensor &x = m_tensors[size_t(a.index)];
    const Tensor &y = m_tensors[size_t(b.index)];
    const int end = lastPhase();
    const int xLast = x.keep ? end : x.last;
    const int yLast = y.keep ? end : y.last;
    return x.first <= yLast && y.first <= xLast;
}

bool ActivationAllocator::overlapInMemory(Id a, Id b) const {
    const Tensor &x = m_tensors[size_t(a.index)];
    const Tensor &y = m_tensors[size_t(b.index)];
    return x.offset < y.offset + y.floats && y.offset < x.offset + x.floats;
}

uint64_t ActivationAllocator::unsharedTotal() const {
    uint64_t total = 0;
    for (const Tensor &t : m_tensors)
        total += alignUp(t.floats);
    return total;
}

void ActivationAllocator::place() {
    std::vector<int> order(m_tensors.size());
    std::iota(order.begin(), order.end(), 0);
    // Largest first (ties: declaration order), each at the lowest offset where it meets no
    // already placed tensor that is alive at the same time.
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return m_tensors[size_t(a)].floats > m_tensors[size_t(b)].floats;
    });
    std::vector<int> placed;
    m_total = 0;
    for (const int i : order) {
        Tensor &t = m_tensors[size_t(i)];
        // The intervals of the time-overlapping placed tensors, by offset.
        std::vector<std::pair<uint64_t, uint64_t>> busy;
        for (const int j : placed) {
            if (!overlapInTime(Id{i}, Id{j})) continue;
            const Tensor &u = m_tensors[size_t(j)];
            busy.push_back({u.offset, u.offset + alignUp(u.floats)});
        }
        std::sort(busy.begin(), busy.end());
        uint64_t at = 0;
        for (const auto &[begin, end] : busy) {
            if (at + t.floats <= begin) break;
            at = std::max(at, end);
        }
        t.offset = at;
        m_total = std::max(m_total, alignUp(at + t.floats));
        placed.push_back(i);
    }
}

}  // namespace facet::gpu
