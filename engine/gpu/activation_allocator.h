// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Activation memory with lifetimes: a graph declares each activation tensor with the span of
// graph phases in which it is alive, and the allocator places tensors whose spans overlap at
// disjoint offsets while letting tensors that are never alive together share memory.
//
// A forward pass for inference declares its tensors with short spans (the FFN's gate|up columns
// reuse the attention's q|k|v memory); a training step marks the tensors its backward pass needs
// with `keep` (alive to the end of the step), or leaves them short-lived and records their
// recomputation (gradient checkpointing). Offsets are in floats, aligned to 64 floats (256 bytes,
// every storage-offset alignment Vulkan devices report), so any region may start a binding.
//
// Placement is greedy first-fit by decreasing size over the lifetime intervals (the classic
// interval-colouring heuristic for static memory planning; optimal packing is NP-hard and the
// graphs here have a few dozen tensors). It is deterministic: the same declarations always give
// the same offsets.
#pragma once

#include <QString>

#include <cstdint>
#include <vector>

namespace facet::gpu {

class ActivationAllocator {
public:
    // A tensor's handle: its index in declaration order.
    struct Id {
        int index = -1;
        bool valid() const { return index >= 0; }
    };

    // Declares `floats` floats alive from phase `first` through phase `last` (inclusive; phases
    // are the graph's own ordinals, e.g. 0 = embedding, 1 = attention, ...). `keep`: alive until
    // the end (last phase of any tensor), whatever `last` says.
    Id declare(const QString &name, uint64_t floats, int first, int last, bool keep = false);

    // Places every tensor; after this, offset() and total() are valid. Declaring more tensors
    // afterwards requires another place().
    void place();

    // The tensor's first float (64-float aligned) and the floats all tensors need together.
    uint32_t offset(Id id) const { return uint32_t(m_tensors[size_t(id.index)].offset); }
    uint64_t floats(Id id) const { return m_tensors[size_t(id.index)].floats; }
    uint64_t total() const { return m_total; }
    // The floats the tensors would need without sharing (for reports).
    uint64_t unsharedTotal() const;

    // Whether two tensors may both be alive at some phase (then they never overlap in memory).
    bool overlapInTime(Id a, Id b) const;
    // Whether their memory overlaps (only ever for tensors not alive together).
    bool overlapInMemory(Id a, Id b) const;

    int count() const { return int(m_tensors.size()); }
    const QString &name(Id id) const { return m_tensors[size_t(id.index)].name; }

    static constexpr uint64_t kAlignFloats = 64;

private:
    struct Tensor {
        QString name;
        uint64_t floats = 0;
        int first = 0, last = 0;
        bool keep = false;
        uint64_t offset = 0;
    };
    int lastPhase() const;
    std::vector<Tensor> m_tensors;
    uint64_t m_total = 0;
};

}  // namespace facet::gpu
