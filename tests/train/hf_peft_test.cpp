// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// A PEFT adapter made by Hugging Face PEFT (tests/data/gemma4_lora, make_peft_reference.py there:
// rank 4, random A and B on q/k/v/o/gate/up/down of every text layer of the tiny Gemma 4 of
// tests/data/gemma4_mm) loads in Facet and gives the logits transformers + PEFT give, at every
// position: the CPU oracle's adapted forward within 1e-4 (transformers runs in float32, its own
// error ~1e-6 on these logits; the same bound as the base model's parity, HfFixtureText).
#include "model/reference_model.h"
#include "support/lora_support.h"
#include "train/reference_trainer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace facet::train {
namespace {

double worstAbs(const std::vector<float> &got, const std::vector<float> &want) {
    double worst = 0;
    for (size_t i = 0; i < want.size(); ++i)
        worst = std::max(worst, std::abs(double(got[i]) - double(want[i])));
    return worst;
}

TEST(HfPeftAdapter, LogitsMatchTransformersWithPeft) {
    QString error;
    const test::PeftReference peft = test::loadPeftReference(&error);
    ASSERT_TRUE(peft.adapter && !peft.logits.empty()) << error.toStdString();
    auto model = model::ReferenceModel::load(*peft.file, &error);
    ASSERT_TRUE(model) << error.toStdString();
    const LoraAdapter &adapter = *peft.adapter;
    EXPECT_EQ(adapter.config().rank, 4);
    EXPECT_FLOAT_EQ(adapter.config().scale(), 2.0f);
    // 6 layers x 7 projections, less k and v of the 2 KV-shared layers.
    EXPECT_EQ(adapter.matrices().size(), size_t(38));
    EXPECT_EQ(adapter.config().targets.size(), size_t(7));
    const std::vector<int32_t> &tokens = peft.tokens;
    const std::vector<float> &want = peft.logits;
    const std::vector<float> &base = peft.baseLogits;
    const size_t V = size_t(model->vocabSize());
    ASSERT_EQ(want.size(), tokens.size() * V);

    const std::vector<float> got = referenceLogits(*model, &adapter, tokens);
    const double err = worstAbs(got, want),
                 baseErr = worstAbs(referenceLogits(*model, nullptr, tokens), base);
    std::printf(
        "[ measured ] PEFT adapter: max |logit error| %.3g (base %.3g; the adapter moves "
        "logits by %.3g)\n",
        err, baseErr, worstAbs(want, base));
    EXPECT_LE(err, 1e-4);
    EXPECT_LE(baseErr, 1e-4);
    EXPECT_GT(worstAbs(want, base), 0.5);  // the adapter matters
    for (size_t t = 0; t < tokens.size(); ++t) {
        const auto row = [&](const std::vector<float> &v) {
            return std::max_element(v.begin() + ptrdiff_t(t * V),
                                    v.begin() + ptrdiff_t((t + 1) * V)) -
                   v.begin();
        };
        EXPECT_EQ(row(got), row(want)) << "position " << t;
    }
}

}  // namespace
}  // namespace facet::train
