// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Internal data structures of the Gemma 4 tokenizer (engine/tokenizer only).
#pragma once

#include "tokenizer/tokenizer.h"

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace facet::tokenizer::detail {

// U+2581 LOWER ONE EIGHTH BLOCK, SentencePiece's stand-in for a space.
inline constexpr std::string_view kSpaceMark = "\xE2\x96\x81";

// Length (1..4) of the valid UTF-8 sequence starting at s[i], or 0 when the bytes there are not
// valid UTF-8 (stray continuation byte, overlong form, surrogate, > U+10FFFF, truncated).
size_t utf8SequenceAt(std::string_view s, size_t i);
bool isValidUtf8(std::string_view s);

// Hash of the concatenation a + b (FNV-1a with a final avalanche), without building it.
uint64_t hashParts(std::string_view a, std::string_view b);
inline uint64_t hashBytes(std::string_view s) {
    return hashParts(s, {});
}

// Open-addressing hash map from a 64-bit key to a 64-bit value (linear probing, power-of-two
// capacity, never more than half full). Used for the merge table (pair of ids -> rank and
// result) and the edges of the special-piece trie. Insert-only: that is all loading needs.
class U64Map {
public:
    void reserve(size_t n);
    // Inserts key -> value unless the key is present; returns false if it was.
    bool insert(uint64_t key, uint64_t value);
    const uint64_t *find(uint64_t key) const;
    void prefetch(uint64_t key) const;  // hint: find/insert of `key` comes soon
    size_t size() const { return m_size; }

private:
    static constexpr uint64_t kEmpty = ~uint64_t{0};  // never a valid key
    struct Slot {
        uint64_t key;
        uint64_t value;
    };
    void grow();
    std::vector<Slot> m_slots;
    size_t m_size = 0;
    size_t m_mask = 0;
};

}  // namespace facet::tokenizer::detail

namespace facet::tokenizer {

struct Tokenizer::Impl {
    // Vocabulary strings back to back: piece i is [offsets[i], offsets[i + 1]).
    std::string pieceData;
    std::vector<uint32_t> offsets;
    std::vector<TokenType> types;
    std::vector<float> scores;
    std::vector<int16_t> byteValue;  // per id: the byte a <0xHH> token stands for, else -1
    std::array<int32_t, 256> byteToken{};
    // Per id: may BPE produce this piece? (not control/unknown, not a byte token)
    std::vector<uint8_t> bpeUsable;
    bool useMerges = true;
    int32_t bos = -1, eos = -1, pad = -1;
    std::vector<int32_t> stopIds;

    // piece string -> lowest id with that string. A slot holds (hash >> 32) << 32 | (id + 1);
    // 0 = empty. The hash bits spare most string comparisons on a probe.
    std::vector<uint64_t> indexSlots;
    size_t indexMask = 0;

    // (left id << 32 | right id) -> (rank << 32 | result id)
    detail::U64Map merges;

    // Trie of the pieces that are cut out of the raw text before BPE. Node 0 is the root; edges
    // live in trieEdges keyed by (node << 8 | byte). A node's parseId / literalId is the token
    // that ends there in Special::Parse / Special::Literal mode (-1: none).
    struct TrieNode {
        int32_t parseId = -1;
        int32_t literalId = -1;
    };
    std::vector<TrieNode> trie;
    detail::U64Map trieEdges;
    std::array<bool, 256> startsParse{};    // bytes that can start a Parse-mode match
    std::array<bool, 256> startsLiteral{};  // ... a Literal-mode match

    int32_t size() const { return static_cast<int32_t>(types.size()); }
    std::string_view piece(int32_t id) const {
        return std::string_view(pieceData).substr(offsets[id], offsets[id + 1] - offsets[id]);
    }
    int32_t lookup(std::string_view s) const {  // -1 if absent
        return lookupParts(s, {}, detail::hashBytes(s));
    }
    // Id of the piece a + b (-1 if absent), given hashParts(a, b).
    int32_t lookupParts(std::string_view a, std::string_view b, uint64_t hash) const;
    void prefetchIndex(uint64_t hash) const {
        __builtin_prefetch(indexSlots.data() + (hash & indexMask));
    }
    int32_t bpeLookup(std::string_view s) const {
        const int32_t id = lookup(s);
        return id >= 0 && bpeUsable[id] ? id : -1;
    }

    // Scratch buffers reused across the segments of one encode() call.
    struct Scratch {
        std::string norm;
        std::vector<uint32_t> charEnds;
        struct Sym {
            uint32_t start, end;
            int32_t id;
            int32_t prev, next;  // next == -2: merged into its left neighbour
        };
        std::vector<Sym> syms;
        struct Cand {
            double prio;  // lower first: merge rank, or -score
            uint32_t start;
            int32_t left, right;
            uint32_t mid, end;  // extents when queued (to detect stale entries)
            int32_t result;
        };
        std::vector<Cand> heap;
    };

    // Longest trie match at text[pos]: returns its byte length (0: none) and sets *id.
    size_t matchSpecial(std::string_view text, size_t pos, bool parse, int32_t *id) const;
    void encodeSegment(std::string_view seg, Scratch &sc, std::vector<int32_t> &out) const;
    void encodeRun(Scratch &sc, std::vector<int32_t> &out) const;
    void emitBytes(std::string_view bytes, std::vector<int32_t> &out) const {
        for (const char c : bytes)
            out.push_back(byteToken[static_cast<uint8_t>(c)]);
    }
};

}  // namespace facet::tokenizer
