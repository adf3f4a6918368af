// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Merged models. With the base's F32 weights the merged file, read back by the reference model,
// gives the adapted model's logits (the CPU oracle's forward with the adapter) within 1e-4 of each
// position's largest |logit| (exact up to summation order; measured 3e-6 .. 2e-5). Re-encoded to
// F16 or Q8_0, every adapted weight is W + strength·s·B·A (summed in double) rounded once by the
// format: within 2^-11 of its magnitude (F16) or half a quantisation step, block max / 127 / 2
// (Q8_0). (Whole-model logits are no test for those: the fixture's random weights amplify the
// format's own rounding to 1e-2 .. 6e-1, with or without an adapter.) Every other tensor and the
// metadata are copied unchanged.
#include "train/merge.h"

#include "gguf/dequant.h"
#include "gguf/gguf.h"
#include "model/reference_model.h"
#include "support/gemma4_fixture.h"
#include "support/lora_support.h"
#include "support/test_support.h"
#include "train/reference_trainer.h"

#include <QDir>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <random>

namespace facet::train {
namespace {

double worstRelative(const std::vector<float> &got, const std::vector<float> &want, int vocab) {
    double worst = 0;
    for (size_t r = 0; r < want.size() / size_t(vocab); ++r) {
        double maxRef = 0, maxDiff = 0;
        for (size_t j = 0; j < size_t(vocab); ++j) {
            const size_t i = r * size_t(vocab) + j;
            maxRef = std::max(maxRef, std::abs(double(want[i])));
            maxDiff = std::max(maxDiff, std::abs(double(got[i]) - double(want[i])));
        }
        worst = std::max(worst, maxDiff / std::max(maxRef, 1e-30));
    }
    return worst;
}

TEST(MergedGguf, GivesTheAdaptedModelsLogits) {
    QString error;
    auto base = gguf::File::fromBytes(
        test::gemma4FixtureBytes(test::Gemma4FixtureOptions{}, &error), &error);
    ASSERT_TRUE(base) << error.toStdString();
    auto ref = model::ReferenceModel::load(*base, &error);
    ASSERT_TRUE(ref) << error.toStdString();
    const model::Gemma4Config &c = ref->config();
    LoraConfig cfg;
    cfg.rank = 4;
    cfg.alpha = 8;
    cfg.targets = {LoraTarget::AttnQ,      LoraTarget::AttnK,   LoraTarget::AttnV,
                   LoraTarget::AttnOutput, LoraTarget::FfnGate, LoraTarget::FfnUp,
                   LoraTarget::FfnDown,    LoraTarget::InpGate, LoraTarget::Proj};
    auto adapter = LoraAdapter::create(c, cfg, 2, &error);
    ASSERT_TRUE(adapter) << error.toStdString();
    auto rng = test::seededRng();
    test::randomizeLoraB(*adapter, rng, 0.3f);
    std::uniform_int_distribution<int32_t> tokenDist(0, c.vocabSize - 1);
    std::vector<int32_t> tokens(24);
    for (int32_t &t : tokens)
        t = tokenDist(rng);
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const std::vector<float> plain = ref->forward(tokens);
    const auto mergedLogits = [&](MergedType type, float strength) {
        const QString path = dir.filePath(QStringLiteral("merged.gguf"));
        qint64 lastDone = -1, lastTotal = 0;
        error.clear();
        const bool ok = exportMergedGguf(*base, c, *adapter, strength, type, path, &error,
                                         [&](qint64 done, qint64 total) {
                                             EXPECT_GE(done, lastDone);
                                             lastDone = done;
                                             lastTotal = total;
                                             return true;
                                         });
        EXPECT_TRUE(ok) << error.toStdString();
        EXPECT_EQ(lastDone, lastTotal);
        std::vector<float> logits;
        auto merged = gguf::File::open(path, &error);
        EXPECT_TRUE(merged) << error.toStdString();
        if (!merged) return logits;
        // Adapted tensors in the chosen type (proj's 16-value rows take F16 under Q8_0), the rest
        // and the metadata as they were.
        const gguf::TensorType want = type == MergedType::F16    ? gguf::TensorType::F16
                                      : type == MergedType::Q8_0 ? gguf::TensorType::Q8_0
                                                                 : gguf::TensorType::F32;
        EXPECT_EQ(merged->tensor("blk.0.attn_q.weight")->type, want);
        EXPECT_EQ(merged->tensor("blk.0.proj.weight")->type,
                  type == MergedType::Base ? gguf::TensorType::F32 : gguf::TensorType::F16);
        EXPECT_EQ(merged->tensor("blk.0.attn_norm.weight")->type, gguf::TensorType::F32);
        EXPECT_EQ(merged->tensors().size(), base->tensors().size());
        EXPECT_EQ(merged->getString("general.architecture"), "gemma4");
        auto mref = model::ReferenceModel::load(*merged, &error);
        EXPECT_TRUE(mref) << error.toStdString();
        if (mref) logits = mref->forward(tokens);
        return logits;
    };
    struct Case {
        MergedType type;
        float strength;
        const char *name;
    };
    for (const Case &k : {Case{MergedType::Base, 1.0f, "base types (F32)"},
                          Case{MergedType::Base, 0.5f, "base types, strength 0.5"}}) {
        SCOPED_TRACE(k.name);
        const std::vector<float> got = mergedLogits(k.type, k.strength);
        ASSERT_EQ(got.size(), plain.size());
        const double rel =
            worstRelative(got, referenceLogits(*ref, &*adapter, tokens, k.strength), c.vocabSize);
        std::printf("[ measured ] merged %s: worst relative logit error %.3g\n", k.name, rel);
        EXPECT_LE(rel, 1e-4);
        EXPECT_GT(worstRelative(got, plain, c.vocabSize), 1e-2);  // the merge did something
    }
    for (const MergedType type : {MergedType::F16, MergedType::Q8_0}) {
        SCOPED_TRACE(type == MergedType::F16 ? "F16" : "Q8_0");
        ASSERT_FALSE(mergedLogits(type, 1.0f).empty());
        auto merged = gguf::File::open(dir.filePath(QStringLiteral("merged.gguf")), &error);
        ASSERT_TRUE(merged) << error.toStdString();
        double worst = 0;
        for (int i = 0; i < c.layerCount; ++i) {
            for (int t = 0; t < kLoraTargetCount; ++t) {
                const LoraMatrix *m = adapter->find(i, LoraTarget(t));
                if (!m) continue;
                const std::string name = "blk." + std::to_string(i) + "." +
                                         std::string(loraTargetName(LoraTarget(t))) + ".weight";
                const gguf::TensorInfo *w0 = base->tensor(name);
                const gguf::TensorInfo *w1 = merged->tensor(name);
                ASSERT_TRUE(w0 && w1);
                std::vector<float> r0(size_t(m->in)), r1(size_t(m->in));
                const double s = adapter->config().scale();
                for (int o = 0; o < m->out; ++o) {
                    ASSERT_TRUE(gguf::dequantizeRow(w0->type, w0->data + o * w0->rowBytes(),
                                                    r0.data(), m->in));
                    ASSERT_TRUE(gguf::dequantizeRow(w1->type, w1->data + o * w1->rowBytes(),
                                                    r1.data(), m->in));
                    std::vector<double> want(size_t(m->in));
                    for (int j = 0; j < m->in; ++j) {
                        double acc = 0;
                        for (int q = 0; q < cfg.rank; ++q)
                            acc += double(m->b[size_t(o * cfg.rank + q)]) *
                                   double(m->a[size_t(q * m->in + j)]);
                        want[size_t(j)] = double(r0[size_t(j)]) + s * acc;
                    }
                    for (int j0 = 0; j0 < m->in; j0 += 32) {
                        const int j1 = std::min(m->in, j0 + 32);
                        double blockMax = 0;
                        for (int j = j0; j < j1; ++j)
                            blockMax = std::max(blockMax, std::abs(want[size_t(j)]));
                        for (int j = j0; j < j1; ++j) {
                            const double err = std::abs(double(r1[size_t(j)]) - want[size_t(j)]);
                            // Q8_0 only where the row holds whole blocks (else F16).
                            const bool q8 = w1->type == gguf::TensorType::Q8_0;
                            const double bound =
                                q8 ? blockMax / 127.0 * 0.5 * (1 + 1e-3) + 1e-7
                                   : std::ldexp(std::abs(want[size_t(j)]), -11) + 1e-7;
                            worst = std::max(worst, err / bound);
                            ASSERT_LE(err, bound) << name << " row " << o << " col " << j;
                        }
                    }
                }
            }
        }
        std::printf("[ measured ] merged %s: worst weight error / rounding bound %.3g\n",
                    type == MergedType::F16 ? "F16" : "Q8_0", worst);
    }

    // An adapter of another model is refused, nothing written.
    test::Gemma4FixtureOptions wide;
    wide.hidden = 96;
    auto other = gguf::File::fromBytes(test::gemma4FixtureBytes(wide, &error), &error);
    ASSERT_TRUE(other);
    auto otherConfig = model::Gemma4Config::fromGguf(*other, &error);
    ASSERT_TRUE(otherConfig);
    auto foreign = LoraAdapter::create(*otherConfig, cfg, 1, &error);
    ASSERT_TRUE(foreign);
    const QString never = dir.filePath(QStringLiteral("never.gguf"));
    EXPECT_FALSE(exportMergedGguf(*base, c, *foreign, 1.0f, MergedType::Base, never, &error));
    EXPECT_TRUE(error.contains(QStringLiteral("another model"))) << error.toStdString();
    EXPECT_FALSE(QFileInfo::exists(never));
    // Cancelled half way: no file.
    EXPECT_FALSE(exportMergedGguf(*base, c, *adapter, 1.0f, MergedType::Base, never, &error,
                                  [](qint64 done, qint64 total) { return done < total / 2; }));
    EXPECT_FALSE(QFileInfo::exists(never));
}

}  // namespace
}  // namespace facet::train
