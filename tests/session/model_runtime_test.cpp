// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// session::ModelRuntime, the one model loader of the Engine and facet-cli, on a generated fixture
// (GPU: lavapipe on CI): what open() refuses and why, the context it resolves, both backends, the
// options it passes through, and cancellation.
#include "session/model_runtime.h"

#include "generate/cpu_reference_backend.h"
#include "generate/forward_backend.h"
#include "gguf/gguf.h"
#include "support/gemma4_fixture.h"
#include "support/gpu_process.h"
#include "tokenizer/tokenizer.h"

#include <QFile>
#include <QGuiApplication>
#include <QTemporaryDir>

#include <gtest/gtest.h>

namespace facet {
namespace {

using session::Compute;
using session::ModelRuntime;
using session::RuntimeError;
using session::RuntimeOptions;

class ModelRuntimeTest : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_TRUE(dir.isValid());
        modelPath = dir.filePath(QStringLiteral("tiny.gguf"));
        QString error;
        ASSERT_TRUE(test::writeGemma4Fixture(modelPath, fixture, &error)) << error.toStdString();
    }

    test::Gemma4FixtureOptions fixture;
    QTemporaryDir dir;
    QString modelPath;
};

// Each refusal has its kind, so that a front end can say what to do in its own words.
TEST_F(ModelRuntimeTest, OpenSaysWhyItRefuses) {
    RuntimeError error;
    EXPECT_FALSE(ModelRuntime::open(dir.filePath(QStringLiteral("missing.gguf")), &error));
    EXPECT_EQ(error.kind, RuntimeError::Kind::File);
    EXPECT_FALSE(error.message().isEmpty());

    const QString junk = dir.filePath(QStringLiteral("junk.gguf"));
    QFile j(junk);
    ASSERT_TRUE(j.open(QIODevice::WriteOnly));
    j.write("this is not a model");
    j.close();
    EXPECT_FALSE(ModelRuntime::open(junk, &error));
    EXPECT_EQ(error.kind, RuntimeError::Kind::File);

    gguf::Writer w;
    w.set("general.architecture", gguf::Value::string("llama"));
    const QString llama = dir.filePath(QStringLiteral("llama.gguf"));
    QString why;
    ASSERT_TRUE(w.write(llama, &why)) << why.toStdString();
    EXPECT_FALSE(ModelRuntime::open(llama, &error));
    EXPECT_EQ(error.kind, RuntimeError::Kind::NotGemma4);
    EXPECT_EQ(error.detail, QStringLiteral("llama"));
    EXPECT_TRUE(error.message().contains(QLatin1String("not a Gemma 4 model")));

    // Gemma 4 by name, but no configuration.
    gguf::Writer bare;
    bare.set("general.architecture", gguf::Value::string("gemma4"));
    const QString empty = dir.filePath(QStringLiteral("empty.gguf"));
    ASSERT_TRUE(bare.write(empty, &why)) << why.toStdString();
    EXPECT_FALSE(ModelRuntime::open(empty, &error));
    EXPECT_EQ(error.kind, RuntimeError::Kind::Model);
    EXPECT_TRUE(error.message().startsWith(QLatin1String("empty.gguf: ")))
        << error.message().toStdString();
}

// open() reads the configuration and the tokenizer and nothing else; the context resolves as
// documented; the CPU reference starts with that context.
TEST_F(ModelRuntimeTest, OpensAndStartsOnTheCpu) {
    RuntimeError error;
    const auto rt = ModelRuntime::open(modelPath, &error);
    ASSERT_TRUE(rt) << error.message().toStdString();
    EXPECT_EQ(rt->config().contextLength, fixture.contextLength);
    EXPECT_EQ(rt->tokenizer().vocabSize(), fixture.vocab);
    EXPECT_EQ(rt->templateVariant(), chat::TemplateVariant::Small);
    EXPECT_FALSE(rt->name().isEmpty());
    EXPECT_EQ(rt->backend(), nullptr);
    EXPECT_EQ(rt->resolveContextLength(0), std::min<int64_t>(8192, fixture.contextLength));
    EXPECT_EQ(rt->resolveContextLength(300), 300);

    RuntimeOptions options;
    options.compute = Compute::Cpu;
    options.contextLength = 300;
    ASSERT_TRUE(rt->start(options, &error)) << error.message().toStdString();
    ASSERT_NE(rt->backend(), nullptr);
    EXPECT_EQ(rt->backend()->name(), QStringLiteral("cpu-reference"));
    EXPECT_EQ(rt->backend()->contextLength(), 300);
    EXPECT_EQ(rt->cpuBackend(), rt->backend());
    EXPECT_EQ(rt->gpu(), nullptr);
    EXPECT_EQ(rt->gpuModel(), nullptr);
    QString why;
    EXPECT_FALSE(rt->backend()->prefill(std::vector<int32_t>{2, 105}, {}, 0, &why).empty());

    // Once per runtime.
    EXPECT_FALSE(rt->start(options, &error));
    EXPECT_EQ(error.kind, RuntimeError::Kind::Model);
}

// On the GPU the options structs arrive as given (here: the portable kernels, the context), the
// backend answers, and the GPU objects are released before the context when the runtime goes.
TEST_F(ModelRuntimeTest, StartsOnTheGpuWithTheGivenOptions) {
    RuntimeError error;
    auto rt = ModelRuntime::open(modelPath, &error);
    ASSERT_TRUE(rt) << error.message().toStdString();
    RuntimeOptions options;
    options.contextLength = 256;
    options.gpu.portableKernels = true;
    options.gpuModel.contextLength = 99;  // replaced by options.contextLength
    qint64 lastDone = -1, lastTotal = -1;
    const auto progress = [&](qint64 done, qint64 total) {
        lastDone = done;
        lastTotal = total;
    };
    ASSERT_TRUE(rt->start(options, &error, progress)) << error.message().toStdString();
    ASSERT_NE(rt->gpu(), nullptr);
    ASSERT_NE(rt->gpuModel(), nullptr);
    EXPECT_EQ(rt->cpuBackend(), nullptr);
    EXPECT_EQ(rt->gpu()->info().kernelVariant, gpu::KernelVariant::Portable);
    EXPECT_EQ(rt->backend()->contextLength(), 256);
    EXPECT_EQ(rt->gpuModel()->contextLength(), 256);
    EXPECT_GT(lastTotal, 0);
    EXPECT_EQ(lastDone, lastTotal);
    QString why;
    EXPECT_FALSE(rt->backend()->prefill(std::vector<int32_t>{2, 105}, {}, 1, &why).empty())
        << why.toStdString();
    rt.reset();
}

// A cancel asked for during the load ends it as cancelled, with no backend left; the same file
// still starts afterwards.
TEST_F(ModelRuntimeTest, GpuStartCanBeCancelled) {
    RuntimeError error;
    const auto rt = ModelRuntime::open(modelPath, &error);
    ASSERT_TRUE(rt) << error.message().toStdString();
    int asked = 0;
    EXPECT_FALSE(rt->start(RuntimeOptions(), &error, {}, [&] { return ++asked >= 2; }));
    EXPECT_EQ(error.kind, RuntimeError::Kind::Cancelled);
    EXPECT_GE(asked, 2);
    EXPECT_EQ(rt->backend(), nullptr);
    EXPECT_EQ(rt->gpu(), nullptr);

    const auto again = ModelRuntime::open(modelPath, &error);
    ASSERT_TRUE(again);
    EXPECT_TRUE(again->start(RuntimeOptions(), &error)) << error.message().toStdString();
}

}  // namespace
}  // namespace facet

FACET_GPU_TEST_MAIN()
