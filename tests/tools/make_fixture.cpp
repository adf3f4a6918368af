// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// facet-make-fixture OUT.gguf [--shape tiny|e2b|e4b] [--mix MIX | --type T] [--seed N]
//                              [--vocab N] [--threads N] [--stream] [--towers | --vision | --audio]
// facet-make-fixture --from-hf DIR OUT.gguf [--towers f32|published]
//
// Writes a Gemma 4 model with random weights (never committed):
//   --shape tiny (default): the small test model that exercises every text feature, built in
//     memory exactly as before (--type T: every weight as T; --vision/--audio: tower stubs).
//   --shape e2b | e4b: the real text decoder dimensions (6–9 GB), streamed to disk with bounded
//     memory and quantised on --threads workers (default: all cores). Default mix q4_k_m.
//   --towers (= --vision --audio): with e2b | e4b, the real-size towers as Ollama stores them
//     (vision: 16 blocks × 768, F16 linears, position table [768, 10240, 2]; audio: 12 Conformer
//     blocks × 1024, BF16 linears, F32 convolutions; see gemma4ShapeOptions), random values by
//     the streaming laws, about 1 GB more; the mix never touches them. With tiny: the stubs.
//   --mix MIX: a quantiser's per-tensor type choice (f32, f16, bf16, q8_0, q4_0, q4_k_s, q4_k_m,
//     q5_k_m, q6_k; suffix -llamacpp for llama.cpp's rules instead of Ollama's, which differ in
//     the per-layer-embedding tensors). See tests/support/gemma4_fixture.h.
//   --stream: use the streaming generator (and its value laws) for the tiny shape too.
//   --from-hf DIR: converts a Hugging Face Gemma 4 checkpoint (config.json + model.safetensors,
//     e.g. tests/data/gemma4_mm) into Ollama's GGUF layout with the test tokenizer
//     (support/hf_gemma4_convert.h); --towers published stores the tower weights as the
//     published files do (F16 vision, BF16 audio) instead of F32.
// Prints the file size and the time taken.
#include "gguf/gguf.h"
#include "support/gemma4_fixture.h"
#include "support/hf_gemma4_convert.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QStringList>

#include <unistd.h>
#include <cstdio>
#include <string>

namespace {

using facet::test::Gemma4Shape;

std::optional<facet::gguf::TensorType> typeByName(const QString &name) {
    for (uint32_t id = 0; id < 64; ++id) {
        const auto traits = facet::gguf::typeTraits(id);
        if (traits && name.compare(QLatin1String(traits->name), Qt::CaseInsensitive) == 0)
            return static_cast<facet::gguf::TensorType>(id);
    }
    return std::nullopt;
}

int usage() {
    std::string mixes;
    for (const std::string &m : facet::test::gemma4MixNames())
        mixes += (mixes.empty() ? "" : "|") + m;
    std::fprintf(stderr,
                 "usage: facet-make-fixture OUT.gguf [--shape tiny|e2b|e4b] [--mix MIX | --type T] "
                 "[--seed N] [--vocab N] [--threads N] [--stream] [--towers | --vision | "
                 "--audio]\n"
                 "       facet-make-fixture --from-hf DIR OUT.gguf [--towers f32|published]\n"
                 "  MIX: %s\n"
                 "  T: F32|F16|BF16|Q8_0|Q4_0|Q4_1|Q5_0|Q5_1|Q4_K|Q5_K|Q6_K\n",
                 mixes.c_str());
    return 2;
}

QString humanBytes(double b) {
    const char *units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    int u = 0;
    while (b >= 1024.0 && u < 4) {
        b /= 1024.0;
        ++u;
    }
    return QStringLiteral("%1 %2").arg(b, 0, 'f', u == 0 ? 0 : 2).arg(QLatin1String(units[u]));
}

}  // namespace

int main(int argc, char *argv[]) {
    QCoreApplication app(argc, argv);
    QStringList args = QCoreApplication::arguments().mid(1);
    Gemma4Shape shape = Gemma4Shape::Tiny;
    std::optional<facet::test::Gemma4Mix> mix;
    std::optional<facet::gguf::TensorType> type;
    std::optional<uint64_t> seed;
    std::optional<int> vocab;
    bool vision = false, audio = false, stream = false, hfTowers = false;
    facet::test::Gemma4StreamOptions so;
    QString out, fromHf;
    facet::test::HfGemma4ConvertOptions hfOptions;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString a = args[i];
        const bool hasValue = i + 1 < args.size();
        if (a == QStringLiteral("--type") && hasValue) {
            type = typeByName(args[++i]);
            if (!type) return usage();
        } else if (a == QStringLiteral("--shape") && hasValue) {
            const auto s = facet::test::gemma4ShapeByName(args[++i].toStdString());
            if (!s) return usage();
            shape = *s;
        } else if (a == QStringLiteral("--mix") && hasValue) {
            mix = facet::test::gemma4MixByName(args[++i].toStdString());
            if (!mix) return usage();
        } else if (a == QStringLiteral("--from-hf") && hasValue) {
            fromHf = args[++i];
        } else if (a == QStringLiteral("--towers")) {
            // With a storage name it is --from-hf's option, alone the generator's.
            const QString t = hasValue ? args[i + 1] : QString();
            if (t == QStringLiteral("f32")) {
                hfOptions.towers = facet::test::HfGemma4ConvertOptions::TowerStorage::F32;
                hfTowers = true;
                ++i;
            } else if (t == QStringLiteral("published")) {
                hfOptions.towers = facet::test::HfGemma4ConvertOptions::TowerStorage::Published;
                hfTowers = true;
                ++i;
            } else {
                vision = audio = true;
            }
        } else if (a == QStringLiteral("--vision")) {
            vision = true;
        } else if (a == QStringLiteral("--audio")) {
            audio = true;
        } else if (a == QStringLiteral("--stream")) {
            stream = true;
        } else if (a == QStringLiteral("--seed") && hasValue) {
            seed = args[++i].toULongLong();
        } else if (a == QStringLiteral("--vocab") && hasValue) {
            vocab = args[++i].toInt();
        } else if (a == QStringLiteral("--threads") && hasValue) {
            bool ok = false;
            so.threads = args[++i].toInt(&ok);
            if (!ok || so.threads < 1) return usage();
        } else if (!a.startsWith(QStringLiteral("--")) && out.isEmpty()) {
            out = a;
        } else {
            return usage();
        }
    }
    if (out.isEmpty()) return usage();
    if (fromHf.isEmpty() && hfTowers) {
        std::fputs(
            "facet-make-fixture: --towers f32|published is for --from-hf; use --towers "
            "alone to generate towers\n",
            stderr);
        return 2;
    }
    if (!fromHf.isEmpty()) {
        if (vision || audio) {
            std::fputs(
                "facet-make-fixture: --from-hf converts the checkpoint's towers; give "
                "--towers f32|published to choose their storage\n",
                stderr);
            return 2;
        }
        QString error;
        if (!facet::test::convertHfGemma4ToFile(fromHf, out, hfOptions, &error)) {
            std::fprintf(stderr, "facet-make-fixture: %s\n", qPrintable(error));
            return 1;
        }
        std::printf("%s: %s\n", qPrintable(out),
                    qPrintable(humanBytes(static_cast<double>(QFileInfo(out).size()))));
        return 0;
    }
    if (mix && type) {
        std::fputs("facet-make-fixture: --mix and --type exclude each other\n", stderr);
        return 2;
    }
    if (shape != Gemma4Shape::Tiny) {
        stream = true;
        if (!mix && !type) mix = facet::test::gemma4MixByName("q4_k_m");
    }

    facet::test::Gemma4FixtureOptions o = facet::test::gemma4ShapeOptions(shape);
    o.vision = vision;
    o.audio = audio;
    if (seed) o.seed = *seed;
    if (vocab) o.vocab = *vocab;
    if (type) o.weightType = o.embeddingType = o.pleEmbeddingType = *type;
    if (mix) facet::test::applyGemma4Mix(o, *mix);
    const std::string mixName = mix    ? facet::test::gemma4MixName(*mix)
                                : type ? std::string("all ") + facet::gguf::typeTraits(*type)->name
                                       : std::string("f32");

    QElapsedTimer timer;
    timer.start();
    QString error;
    int threads = 1;
    if (stream) {
        const bool tty = isatty(STDERR_FILENO) != 0;
        int lastPercent = -1;
        if (tty) {
            so.progress = [&](uint64_t done, uint64_t total) {
                const int percent = total ? static_cast<int>(done * 100 / total) : 100;
                if (percent != lastPercent) {
                    std::fprintf(stderr, "\r%3d%%", percent);
                    lastPercent = percent;
                }
            };
        }
        facet::test::Gemma4StreamStats stats;
        const bool ok = facet::test::writeGemma4FixtureStreaming(out, o, so, &stats, &error);
        if (tty) std::fputs("\r    \r", stderr);
        if (!ok) {
            std::fprintf(stderr, "facet-make-fixture: %s\n", qPrintable(error));
            return 1;
        }
        threads = stats.threads;
    } else if (!facet::test::writeGemma4Fixture(out, o, &error)) {
        std::fprintf(stderr, "facet-make-fixture: %s\n", qPrintable(error));
        return 1;
    }
    const double seconds = static_cast<double>(timer.nsecsElapsed()) / 1e9;
    const qint64 size = QFileInfo(out).size();
    std::printf("%s: %s (%lld bytes), shape %s, mix %s, seed %llu, %.1f s, %d thread%s\n",
                qPrintable(out), qPrintable(humanBytes(static_cast<double>(size))),
                static_cast<long long>(size), facet::test::gemma4ShapeName(shape), mixName.c_str(),
                static_cast<unsigned long long>(o.seed), seconds, threads, threads == 1 ? "" : "s");
    return 0;
}
