// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The activation allocator (engine/gpu/activation_allocator.h) and the text decoder's activation
// layout planned with it (engine/model/gpu_plan.h).
#include "gpu/activation_allocator.h"
#include "model/gpu_plan.h"
#include "support/gemma4_fixture.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

#include <QTemporaryDir>

#include <random>

namespace facet {
namespace {

using gpu::ActivationAllocator;

// Random declarations: tensors alive at the same phase never share memory, every offset is
// aligned, the total covers every tensor, and sharing never needs more than no sharing.
TEST(ActivationAllocator, TensorsAliveTogetherNeverOverlap) {
    auto rng = test::seededRng();
    for (int round = 0; round < 200; ++round) {
        ActivationAllocator alloc;
        std::vector<ActivationAllocator::Id> ids;
        const int n = 1 + int(rng() % 24);
        for (int i = 0; i < n; ++i) {
            const int first = int(rng() % 8);
            const int last = first + int(rng() % 4);
            ids.push_back(alloc.declare(QStringLiteral("t%1").arg(i), 1 + rng() % 5000, first, last,
                                        rng() % 7 == 0));
        }
        alloc.place();
        for (int i = 0; i < n; ++i) {
            EXPECT_EQ(alloc.offset(ids[size_t(i)]) % ActivationAllocator::kAlignFloats, 0u);
            EXPECT_LE(alloc.offset(ids[size_t(i)]) + alloc.floats(ids[size_t(i)]), alloc.total());
            for (int j = i + 1; j < n; ++j) {
                if (alloc.overlapInTime(ids[size_t(i)], ids[size_t(j)])) {
                    EXPECT_FALSE(alloc.overlapInMemory(ids[size_t(i)], ids[size_t(j)]))
                        << "round " << round << ": " << i << " and " << j;
                }
            }
        }
        EXPECT_LE(alloc.total(), alloc.unsharedTotal());
    }
}

// Lifetimes: tensors of disjoint phases share memory; `keep` extends a tensor to the end, so it
// shares with nothing declared after its phase.
TEST(ActivationAllocator, DisjointLifetimesShareAndKeptTensorsDoNot) {
    ActivationAllocator alloc;
    const auto a = alloc.declare(QStringLiteral("a"), 1000, 0, 1);
    const auto b = alloc.declare(QStringLiteral("b"), 1000, 2, 3);
    const auto kept = alloc.declare(QStringLiteral("kept"), 500, 0, 0, true);
    const auto c = alloc.declare(QStringLiteral("c"), 500, 3, 3);
    alloc.place();
    EXPECT_TRUE(alloc.overlapInMemory(a, b));  // never alive together: one region
    EXPECT_TRUE(alloc.overlapInTime(kept, c));
    EXPECT_FALSE(alloc.overlapInMemory(kept, c));
    EXPECT_EQ(alloc.total(), 1024u + 512u + 512u);
}

// The decoder's plan: short-lived tensors share memory (the plan needs less than the sum of its
// tensors), the residual stream meets no other tensor, and the estimate counts the shared size.
TEST(GpuPlan, ActivationsShareMemoryAcrossPhases) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("m.gguf"));
    QString error;
    ASSERT_TRUE(test::writeGemma4Fixture(path, test::Gemma4FixtureOptions{}, &error))
        << error.toStdString();
    const auto file = gguf::File::open(path, &error);
    ASSERT_TRUE(file) << error.toStdString();
    model::GpuModelOptions opt;
    opt.contextLength = 64;
    opt.maxChunk = 16;
    const auto plan = model::planGpuModel(*file, opt, model::GpuDeviceLimits(), &error);
    ASSERT_TRUE(plan) << error.toStdString();
    const model::ActivationLayout &a = plan->act;
    EXPECT_LT(a.total, a.unsharedTotal);
    const auto disjoint = [](uint64_t o1, uint64_t n1, uint64_t o2, uint64_t n2) {
        return o1 + n1 <= o2 || o2 + n2 <= o1;
    };
    const uint64_t H = uint64_t(plan->config.hidden) * a.tokens;
    for (const uint32_t other : {a.a, a.b, a.qkv, a.o, a.gu, a.logits})
        EXPECT_TRUE(disjoint(a.x, H, other, 1)) << other;
    const auto est = model::estimateGpuMemory(*file, opt, &error);
    ASSERT_TRUE(est) << error.toStdString();
    EXPECT_EQ(est->activationBytes, plan->memory.activationBytes);
    EXPECT_GE(est->activationBytes, qint64(a.total) * 4);
}

}  // namespace
}  // namespace facet
