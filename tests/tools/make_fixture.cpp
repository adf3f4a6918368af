// facet-make-fixture OUT.gguf [--type F32|F16|BF16|Q8_0|Q4_0|Q4_K|Q5_K|Q6_K] [--vision] [--audio]
//                              [--seed N] [--vocab N]
// Writes a tiny Gemma 4 model with random weights that exercises every text feature.
#include "gguf/gguf.h"
#include "support/gemma4_fixture.h"

#include <QCoreApplication>
#include <QStringList>

#include <cstdio>

namespace {

std::optional<facet::gguf::TensorType> typeByName(const QString &name) {
    for (uint32_t id = 0; id < 64; ++id) {
        const auto traits = facet::gguf::typeTraits(id);
        if (traits && name.compare(QLatin1String(traits->name), Qt::CaseInsensitive) == 0)
            return static_cast<facet::gguf::TensorType>(id);
    }
    return std::nullopt;
}

int usage() {
    std::fputs(
        "usage: facet-make-fixture OUT.gguf [--type T] [--vision] [--audio] [--seed N] [--vocab "
        "N]\n",
        stderr);
    return 2;
}

}  // namespace

int main(int argc, char *argv[]) {
    QCoreApplication app(argc, argv);
    QStringList args = QCoreApplication::arguments().mid(1);
    facet::test::Gemma4FixtureOptions o;
    QString out;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString a = args[i];
        const bool hasValue = i + 1 < args.size();
        if (a == QStringLiteral("--type") && hasValue) {
            const auto t = typeByName(args[++i]);
            if (!t) return usage();
            o.weightType = o.embeddingType = o.pleEmbeddingType = *t;
        } else if (a == QStringLiteral("--vision")) {
            o.vision = true;
        } else if (a == QStringLiteral("--audio")) {
            o.audio = true;
        } else if (a == QStringLiteral("--seed") && hasValue) {
            o.seed = args[++i].toULongLong();
        } else if (a == QStringLiteral("--vocab") && hasValue) {
            o.vocab = args[++i].toInt();
        } else if (!a.startsWith(QStringLiteral("--")) && out.isEmpty()) {
            out = a;
        } else {
            return usage();
        }
    }
    if (out.isEmpty()) return usage();
    QString error;
    if (!facet::test::writeGemma4Fixture(out, o, &error)) {
        std::fprintf(stderr, "facet-make-fixture: %s\n", qPrintable(error));
        return 1;
    }
    return 0;
}
