// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "support/reference_answer.h"

#include "chat/output_parser.h"
#include "chat/renderer.h"
#include "generate/cpu_reference_backend.h"
#include "generate/generator.h"
#include "model/reference_model.h"
#include "tokenizer/tokenizer.h"

namespace facet::test {

ReferenceAnswer referenceGreedyAnswer(const model::ReferenceModel &model,
                                      const tokenizer::Tokenizer &tokenizer,
                                      const chat::Conversation &conversation, int maxTokens,
                                      int64_t contextLength, const media::EncodeFunction &encode) {
    ReferenceAnswer answer;
    std::vector<int32_t> prompt;
    std::vector<model::SoftEmbedding> soft;
    if (encode) {
        QString error;
        std::optional<media::MediaPrompt> built = media::buildMediaPrompt(
            tokenizer, chat::render(conversation), conversation, encode, &error);
        if (!built) {
            answer.content = "(error: " + error.toStdString() + ")";
            return answer;
        }
        prompt = std::move(built->tokens);
        soft = std::move(built->soft);
    } else {
        prompt = chat::tokenize(tokenizer, chat::render(conversation));
    }
    answer.promptTokens = int(prompt.size());
    generate::CpuReferenceBackend backend(model, contextLength);
    sampling::SamplingParams greedy;
    greedy.temperature = 0;
    generate::Generator generator(backend, tokenizer, greedy);
    generate::GenerateOptions options;
    options.maxTokens = maxTokens;
    options.soft = soft;
    chat::OutputParser parser(conversation);
    const auto take = [&](const std::vector<chat::ParserEvent> &events) {
        for (const chat::ParserEvent &e : events)
            if (e.kind == chat::ParserEvent::Kind::Content) answer.content += e.text;
    };
    const generate::GenerateResult r =
        generator.generate(prompt, options, [&](const generate::TokenEvent &e) {
            if (!e.text.empty()) take(parser.feed(e.text));
        });
    take(parser.finish());
    answer.generated = r.stats.generatedTokens;
    return answer;
}

}  // namespace facet::test
