// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Gemma 4 tokenizer: SentencePiece-style BPE over Unicode code points, loaded from the
// `tokenizer.ggml.*` metadata of a GGUF file.
//
// Encoding (docs/gemma4.md §6):
//   1. Control / unknown / user-defined pieces are cut out of the raw text first (leftmost,
//      longest match), exactly like the Hugging Face "added tokens" splitter. Which kinds are cut
//      out depends on the Special mode (see below).
//   2. Every other stretch of text is normalised (only ' ' -> U+2581 '▁'; no pre-split, no dummy
//      prefix) and run through BPE as one sequence: repeatedly merge the adjacent pair with the
//      lowest rank in `tokenizer.ggml.merges` (ties: leftmost). Without merges the file's scores
//      drive the merging instead (SentencePiece BPE: highest score of the merged piece first).
//   3. Symbols left that are not in the vocabulary become `<0xHH>` byte tokens, one per UTF-8 byte.
//
// Round trip: decode(encode(s)) == s for ANY byte string s, in both modes. Two deliberate
// deviations from the reference (Hugging Face / SentencePiece) make that hold:
//   * bytes that are not valid UTF-8 become byte tokens (the reference cannot even represent them);
//   * a literal U+2581 '▁' in the input is encoded as its three byte tokens instead of being
//     conflated with a space (the reference turns it into a space on decode). Pieces that contain
//     '▁' are therefore never matched literally either.
// Everything else matches the Hugging Face `tokenizers` algorithm id for id (tests/tokenizer).
//
// Byte tokens are recognised by their "<0xHH>" spelling whatever their type (Ollama's converter
// types them Normal, llama.cpp's Byte); all 256 must exist.
//
// A Tokenizer is immutable after construction; all const methods are thread-safe.
#pragma once

#include <QString>

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace facet::gguf {
class File;
}

namespace facet::tokenizer {

// Values of `tokenizer.ggml.token_type` (llama.cpp / SentencePiece numbering).
enum class TokenType : int32_t {
    Undefined = 0,
    Normal = 1,
    Unknown = 2,
    Control = 3,
    UserDefined = 4,
    Unused = 5,
    Byte = 6,
};

// How strings in the text that spell special tokens are treated by encode().
enum class Special {
    // Control, unknown and user-defined pieces in the text become their tokens (use this for
    // text produced by the chat template).
    Parse,
    // For untrusted text (what the user typed, file contents): a control or unknown piece such as
    // "<turn|>" is tokenized as ordinary text, and the result never contains a Control or Unknown
    // token. User-defined pieces ("\n\n", runs of tabs, "<table>", "<unused0>", …) are still
    // cut out and become their tokens: they are ordinary text to the model (the reference
    // tokenizer always splits them out), so plain text tokenizes identically in both modes, and
    // none of them can change the structure of a conversation.
    Literal,
};

// An in-memory vocabulary (tests, tools). Same meaning and validation as the GGUF keys.
struct Vocabulary {
    std::string model = "llama";      // tokenizer.ggml.model
    std::vector<std::string> tokens;  // tokenizer.ggml.tokens
    std::vector<float> scores;        // tokenizer.ggml.scores (optional if merges are given)
    std::vector<int32_t> types;       // tokenizer.ggml.token_type (values of TokenType)
    std::vector<std::string> merges;  // tokenizer.ggml.merges, "left right"
    std::optional<int64_t> bosId, eosId, padId, unknownId;
    std::vector<int64_t> eosIds;  // tokenizer.ggml.eos_token_ids
};

class Tokenizer {
public:
    ~Tokenizer();
    Tokenizer(const Tokenizer &) = delete;
    Tokenizer &operator=(const Tokenizer &) = delete;

    // Builds the tokenizer from the `tokenizer.ggml.*` keys of a GGUF (a vocab-only file is
    // enough). On failure returns nullptr and sets *error to a message that names the offending
    // key and, for arrays, the index.
    static std::unique_ptr<Tokenizer> fromGguf(const gguf::File &file, QString *error);
    static std::unique_ptr<Tokenizer> fromFile(const QString &ggufPath, QString *error);
    static std::unique_ptr<Tokenizer> fromVocabulary(const Vocabulary &vocab, QString *error);

    // UTF-8 (or arbitrary bytes) -> token ids. Adds no BOS; the chat template writes "<bos>".
    std::vector<int32_t> encode(std::string_view utf8, Special special = Special::Parse) const;
    // Token ids -> the exact bytes they stand for: byte tokens become their byte, '▁' becomes ' ',
    // control tokens render as their text. Ids outside [0, vocabSize()) are skipped.
    std::string decode(std::span<const int32_t> ids) const;
    // Appends the bytes of one token to *out (what decode() does per id).
    void appendDecoded(int32_t id, std::string *out) const;

    std::string_view piece(int32_t id) const;  // raw vocabulary string; empty if out of range
    std::optional<int32_t> tokenId(std::string_view piece) const;
    TokenType type(int32_t id) const;  // Undefined if out of range
    bool isControl(int32_t id) const;  // Control or Unknown
    int32_t vocabSize() const;
    int32_t bosId() const;  // -1 when the vocabulary has none
    int32_t eosId() const;
    int32_t padId() const;
    // eos + tokenizer.ggml.eos_token_ids + the end-of-turn token "<turn|>" when present.
    const std::vector<int32_t> &stopIds() const;
    bool isStop(int32_t id) const;
    // True when `tokenizer.ggml.merges` drives BPE; false for the score-ordered fallback.
    bool usesMerges() const;

private:
    struct Impl;
    struct Source;
    explicit Tokenizer(std::unique_ptr<Impl> impl);
    static std::unique_ptr<Tokenizer> build(const Source &src, QString *error);
    std::unique_ptr<Impl> m_impl;
};

// Incremental detokenisation for streaming output. push() returns the text that became complete
// with this token; it never splits a UTF-8 character: bytes that may still become a valid
// character are held back until the next token (or finish()). Bytes that can never be part of a
// valid character are passed through at once, so the concatenation of every push() and finish()
// is exactly decode(ids); every chunk is valid UTF-8 whenever that whole text is.
// Converting chunks to QString: QString::fromUtf8() silently drops a U+FEFF at the start of its
// input, so a chunk that begins with one loses it; use a QStringDecoder with
// QStringConverter::Flag::ConvertInitialBom (or accumulate bytes) where that matters.
class StreamDecoder {
public:
    explicit StreamDecoder(const Tokenizer &t) : m_tok(&t) {}
    std::string push(int32_t id);
    std::string finish();  // whatever is held back (an incomplete, hence invalid, tail)
    void reset() { m_pending.clear(); }

private:
    const Tokenizer *m_tok;
    std::string m_pending;
};

// Length of the tail of `s` that is an incomplete but still possibly valid UTF-8 sequence
// (0..3). Exposed for tests.
size_t incompleteUtf8Tail(std::string_view s);

}  // namespace facet::tokenizer
