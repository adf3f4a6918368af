// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Encoding a rendered prompt: the trust boundary between template and data (see renderer.h).
#include "chat/gemma4_format.h"
#include "chat/renderer.h"
#include "tokenizer/tokenizer.h"

namespace facet::chat {

std::vector<TokenSegment> tokenSegments(const RenderedPrompt &p) {
    std::vector<TokenSegment> out;
    const std::string_view text = p.text;
    size_t runStart = 0;  // start of the literal run not yet emitted
    auto flushRun = [&](size_t end) {
        if (end > runStart) out.push_back({text.substr(runStart, end - runStart), false});
    };

    for (const RenderedPrompt::Span &span : p.spans) {
        if (span.media != MediaKind::None) {
            flushRun(span.begin);
            const std::string_view placeholder = span.media == MediaKind::Image
                                                     ? gemma4::kImagePlaceholder
                                                     : gemma4::kAudioPlaceholder;
            out.push_back({placeholder, true, span.media, span.message, span.item});
            runStart = span.end;
            continue;
        }
        if (!span.trusted) continue;  // data joins the literal run

        // Cut the template's control strings out of the trusted span; the text around them
        // stays in the literal run.
        size_t i = span.begin;
        while (i < span.end) {
            const std::string_view rest = text.substr(i, span.end - i);
            size_t best = std::string_view::npos;
            size_t bestLen = 0;
            for (std::string_view special : gemma4::kTemplateSpecials) {
                const size_t pos = rest.find(special);
                if (pos == std::string_view::npos) continue;
                if (pos < best || (pos == best && special.size() > bestLen)) {
                    best = pos;
                    bestLen = special.size();
                }
            }
            if (best == std::string_view::npos) break;
            flushRun(i + best);
            out.push_back({text.substr(i + best, bestLen), true});
            i += best + bestLen;
            runStart = i;
        }
    }
    flushRun(text.size());
    return out;
}

std::vector<int32_t> tokenize(const tokenizer::Tokenizer &tok, const RenderedPrompt &p) {
    std::vector<int32_t> ids;
    for (const TokenSegment &s : tokenSegments(p)) {
        const std::vector<int32_t> part = tok.encode(
            s.text, s.parseSpecials ? tokenizer::Special::Parse : tokenizer::Special::Literal);
        ids.insert(ids.end(), part.begin(), part.end());
    }
    return ids;
}

}  // namespace facet::chat
