// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Gemma 4 tokenizer: encoding, decoding and streaming detokenisation. Loading and validation live
// in tokenizer_load.cpp.
#include "tokenizer/tokenizer.h"

#include "tokenizer/tokenizer_impl.h"

#include <algorithm>

namespace facet::tokenizer {

namespace detail {

size_t utf8SequenceAt(std::string_view s, size_t i) {
    const auto c = static_cast<uint8_t>(s[i]);
    if (c < 0x80) return 1;
    size_t need = 0;
    uint8_t lo = 0x80, hi = 0xBF;  // allowed range of the second byte
    if (c >= 0xC2 && c <= 0xDF) {
        need = 2;
    } else if (c == 0xE0) {
        need = 3, lo = 0xA0;  // no overlong forms
    } else if ((c >= 0xE1 && c <= 0xEC) || c == 0xEE || c == 0xEF) {
        need = 3;
    } else if (c == 0xED) {
        need = 3, hi = 0x9F;  // no UTF-16 surrogates
    } else if (c == 0xF0) {
        need = 4, lo = 0x90;
    } else if (c >= 0xF1 && c <= 0xF3) {
        need = 4;
    } else if (c == 0xF4) {
        need = 4, hi = 0x8F;  // nothing above U+10FFFF
    } else {
        return 0;  // continuation byte, C0/C1 (overlong) or F5..FF
    }
    if (s.size() - i < need) return 0;
    const auto c1 = static_cast<uint8_t>(s[i + 1]);
    if (c1 < lo || c1 > hi) return 0;
    for (size_t k = 2; k < need; ++k) {
        if ((static_cast<uint8_t>(s[i + k]) & 0xC0) != 0x80) return 0;
    }
    return need;
}

bool isValidUtf8(std::string_view s) {
    for (size_t i = 0; i < s.size();) {
        const size_t n = utf8SequenceAt(s, i);
        if (n == 0) return false;
        i += n;
    }
    return true;
}

uint64_t hashParts(std::string_view a, std::string_view b) {
    // FNV-1a with a final avalanche (the low bits pick the slot, the high bits are the tag).
    uint64_t h = 1469598103934665603ULL;
    for (const char c : a) {
        h ^= static_cast<uint8_t>(c);
        h *= 1099511628211ULL;
    }
    for (const char c : b) {
        h ^= static_cast<uint8_t>(c);
        h *= 1099511628211ULL;
    }
    h ^= h >> 32;
    h *= 0xd6e8feb86659fd93ULL;
    h ^= h >> 32;
    return h;
}

namespace {
uint64_t mix64(uint64_t x) {
    // splitmix64 finaliser
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return x;
}
}  // namespace

void U64Map::reserve(size_t n) {
    size_t cap = 16;
    while (cap < n * 2)
        cap *= 2;
    if (cap <= m_slots.size()) return;
    std::vector<Slot> old = std::move(m_slots);
    m_slots.assign(cap, Slot{kEmpty, 0});
    m_mask = cap - 1;
    m_size = 0;
    for (const Slot &s : old) {
        if (s.key != kEmpty) insert(s.key, s.value);
    }
}

void U64Map::grow() {
    reserve(std::max<size_t>(16, m_size * 2 + 2));
}

bool U64Map::insert(uint64_t key, uint64_t value) {
    if ((m_size + 1) * 2 > m_slots.size()) grow();
    for (size_t i = mix64(key) & m_mask;; i = (i + 1) & m_mask) {
        Slot &s = m_slots[i];
        if (s.key == kEmpty) {
            s = Slot{key, value};
            ++m_size;
            return true;
        }
        if (s.key == key) return false;
    }
}

void U64Map::prefetch(uint64_t key) const {
    if (!m_slots.empty()) __builtin_prefetch(m_slots.data() + (mix64(key) & m_mask));
}

const uint64_t *U64Map::find(uint64_t key) const {
    if (m_slots.empty()) return nullptr;
    for (size_t i = mix64(key) & m_mask;; i = (i + 1) & m_mask) {
        const Slot &s = m_slots[i];
        if (s.key == key) return &s.value;
        if (s.key == kEmpty) return nullptr;
    }
}

}  // namespace detail

using detail::kSpaceMark;

int32_t Tokenizer::Impl::lookupParts(std::string_view a, std::string_view b, uint64_t hash) const {
    const uint64_t tag = hash >> 32;
    for (size_t i = hash & indexMask;; i = (i + 1) & indexMask) {
        const uint64_t slot = indexSlots[i];
        if (slot == 0) return -1;
        if ((slot >> 32) != tag) continue;
        const auto id = static_cast<int32_t>((slot & 0xffffffffU) - 1);
        const std::string_view p = piece(id);
        if (p.size() == a.size() + b.size() && p.substr(0, a.size()) == a &&
            p.substr(a.size()) == b) {
            return id;
        }
    }
}

size_t Tokenizer::Impl::matchSpecial(std::string_view text, size_t pos, bool parse,
                                     int32_t *id) const {
    size_t best = 0;
    uint64_t node = 0;
    for (size_t i = pos; i < text.size(); ++i) {
        const uint64_t *child = trieEdges.find(node << 8 | static_cast<uint8_t>(text[i]));
        if (!child) break;
        node = *child;
        const int32_t hit = parse ? trie[node].parseId : trie[node].literalId;
        if (hit >= 0) {
            best = i + 1 - pos;
            *id = hit;
        }
    }
    return best;
}

// One stretch of text between special pieces. Splits it into runs of characters that can take
// part in BPE; bytes that cannot (invalid UTF-8, a literal U+2581) become byte tokens on the spot.
// Such bytes can never be part of a merge, so cutting the run there changes nothing else.
void Tokenizer::Impl::encodeSegment(std::string_view seg, Scratch &sc,
                                    std::vector<int32_t> &out) const {
    sc.norm.clear();
    sc.charEnds.clear();
    auto flush = [&] {
        if (!sc.charEnds.empty()) encodeRun(sc, out);
        sc.norm.clear();
        sc.charEnds.clear();
    };
    for (size_t i = 0; i < seg.size();) {
        const size_t n = detail::utf8SequenceAt(seg, i);
        if (n == 0 || (n == 3 && seg.substr(i, 3) == kSpaceMark)) {
            flush();
            emitBytes(seg.substr(i, n == 0 ? 1 : n), out);
            i += n == 0 ? 1 : n;
            continue;
        }
        if (seg[i] == ' ') {
            sc.norm += kSpaceMark;  // the only normalisation
        } else {
            sc.norm.append(seg.data() + i, n);
        }
        sc.charEnds.push_back(static_cast<uint32_t>(sc.norm.size()));
        i += n;
    }
    flush();
}

// BPE over one run of normalised characters (sc.norm, character ends in sc.charEnds).
// Symbols form a doubly linked list over the run; candidate merges of adjacent symbols sit in a
// binary heap ordered by (merge rank | -score, start position), so the leftmost of equally ranked
// pairs merges first, as in the reference. A heap entry is stale when either symbol changed
// since it was queued; stale entries are skipped when popped. O(n log n) for a run of n chars.
void Tokenizer::Impl::encodeRun(Scratch &sc, std::vector<int32_t> &out) const {
    const std::string_view norm = sc.norm;
    using Sym = Scratch::Sym;
    using Cand = Scratch::Cand;
    auto &syms = sc.syms;
    const size_t n = sc.charEnds.size();
    syms.resize(n);
    uint32_t start = 0;
    for (size_t i = 0; i < n; ++i) {
        const uint32_t end = sc.charEnds[i];
        syms[i] = Sym{start, end, bpeLookup(norm.substr(start, end - start)),
                      static_cast<int32_t>(i) - 1, i + 1 < n ? static_cast<int32_t>(i) + 1 : -1};
        start = end;
    }

    auto &heap = sc.heap;
    heap.clear();
    const auto later = [](const Cand &a, const Cand &b) {
        return a.prio != b.prio ? a.prio > b.prio : a.start > b.start;
    };
    const auto consider = [&](int32_t l, int32_t r) {
        const Sym &a = syms[l];
        const Sym &b = syms[r];
        double prio = 0;
        int32_t result = -1;
        if (useMerges) {
            // Merge operands are always vocabulary pieces, so unknown symbols never pair up.
            if (a.id < 0 || b.id < 0) return;
            const uint64_t *m = merges.find(uint64_t(uint32_t(a.id)) << 32 | uint32_t(b.id));
            if (!m) return;
            prio = static_cast<double>(*m >> 32);
            result = static_cast<int32_t>(*m & 0xffffffffU);
        } else {
            result = bpeLookup(norm.substr(a.start, b.end - a.start));
            if (result < 0) return;
            prio = -static_cast<double>(scores[result]);
        }
        heap.push_back(Cand{prio, a.start, l, r, a.end, b.end, result});
        std::push_heap(heap.begin(), heap.end(), later);
    };
    for (size_t i = 0; i + 1 < n; ++i)
        consider(static_cast<int32_t>(i), static_cast<int32_t>(i) + 1);

    while (!heap.empty()) {
        std::pop_heap(heap.begin(), heap.end(), later);
        const Cand c = heap.back();
        heap.pop_back();
        Sym &a = syms[c.left];
        if (a.next != c.right || a.end != c.mid || syms[c.right].end != c.end) continue;  // stale
        Sym &b = syms[c.right];
        a.end = b.end;
        a.id = c.result;
        a.next = b.next;
        if (a.next >= 0) syms[a.next].prev = c.left;
        b.next = -2;
        if (a.prev >= 0) consider(a.prev, c.left);
        if (a.next >= 0) consider(c.left, a.next);
    }

    // Symbol 0 only ever absorbs its right neighbours, so it heads the list.
    for (int32_t i = 0; i >= 0; i = syms[i].next) {
        const Sym &s = syms[i];
        if (s.id >= 0) {
            out.push_back(s.id);
            continue;
        }
        const std::string_view text = norm.substr(s.start, s.end - s.start);
        if (text == kSpaceMark) {
            out.push_back(byteToken[' ']);  // a '▁' symbol here always came from a space
        } else {
            emitBytes(text, out);
        }
    }
}

Tokenizer::Tokenizer(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}
Tokenizer::~Tokenizer() = default;

std::vector<int32_t> Tokenizer::encode(std::string_view text, Special special) const {
    const Impl &d = *m_impl;
    std::vector<int32_t> out;
    out.reserve(text.size() / 3 + 4);
    Impl::Scratch sc;
    const bool parse = special == Special::Parse;
    const std::array<bool, 256> &starts = parse ? d.startsParse : d.startsLiteral;
    size_t segStart = 0;
    for (size_t pos = 0; pos < text.size();) {
        int32_t id = -1;
        const size_t len =
            starts[static_cast<uint8_t>(text[pos])] ? d.matchSpecial(text, pos, parse, &id) : 0;
        if (len == 0) {
            ++pos;
            continue;
        }
        if (pos > segStart) d.encodeSegment(text.substr(segStart, pos - segStart), sc, out);
        out.push_back(id);
        pos += len;
        segStart = pos;
    }
    if (segStart < text.size()) d.encodeSegment(text.substr(segStart), sc, out);
    return out;
}

void Tokenizer::appendDecoded(int32_t id, std::string *out) const {
    const Impl &d = *m_impl;
    if (id < 0 || id >= d.size()) return;
    if (d.byteValue[id] >= 0) {
        out->push_back(static_cast<char>(d.byteValue[id]));
        return;
    }
    std::string_view p = d.piece(id);
    for (size_t at = p.find(kSpaceMark); at != std::string_view::npos; at = p.find(kSpaceMark)) {
        out->append(p.substr(0, at));
        out->push_back(' ');
        p.remove_prefix(at + kSpaceMark.size());
    }
    out->append(p);
}

std::string Tokenizer::decode(std::span<const int32_t> ids) const {
    std::string out;
    out.reserve(ids.size() * 4);
    for (const int32_t id : ids)
        appendDecoded(id, &out);
    return out;
}

std::string_view Tokenizer::piece(int32_t id) const {
    return id >= 0 && id < m_impl->size() ? m_impl->piece(id) : std::string_view();
}

std::optional<int32_t> Tokenizer::tokenId(std::string_view piece) const {
    const int32_t id = m_impl->lookup(piece);
    if (id < 0) return std::nullopt;
    return id;
}

TokenType Tokenizer::type(int32_t id) const {
    return id >= 0 && id < m_impl->size() ? m_impl->types[id] : TokenType::Undefined;
}

bool Tokenizer::isControl(int32_t id) const {
    const TokenType t = type(id);
    return t == TokenType::Control || t == TokenType::Unknown;
}

int32_t Tokenizer::vocabSize() const {
    return m_impl->size();
}
int32_t Tokenizer::bosId() const {
    return m_impl->bos;
}
int32_t Tokenizer::eosId() const {
    return m_impl->eos;
}
int32_t Tokenizer::padId() const {
    return m_impl->pad;
}
const std::vector<int32_t> &Tokenizer::stopIds() const {
    return m_impl->stopIds;
}
bool Tokenizer::usesMerges() const {
    return m_impl->useMerges;
}

bool Tokenizer::isStop(int32_t id) const {
    const auto &s = m_impl->stopIds;
    return std::find(s.begin(), s.end(), id) != s.end();
}

size_t incompleteUtf8Tail(std::string_view s) {
    // Walk back over at most three continuation bytes to the lead byte.
    for (size_t back = 1; back <= std::min<size_t>(3, s.size()); ++back) {
        const size_t i = s.size() - back;
        const auto c = static_cast<uint8_t>(s[i]);
        if ((c & 0xC0) == 0x80) continue;
        // A lead byte: is s[i..] a proper prefix of some valid sequence? Complete the sequence
        // with the smallest continuation bytes allowed and ask the validator.
        size_t need = 0;
        if (c >= 0xC2 && c <= 0xDF) {
            need = 2;
        } else if (c >= 0xE0 && c <= 0xEF) {
            need = 3;
        } else if (c >= 0xF0 && c <= 0xF4) {
            need = 4;
        } else {
            return 0;  // ASCII or a byte that never starts a sequence
        }
        if (back >= need) return 0;  // complete (valid or not): nothing to hold back
        std::string probe(s.substr(i));
        if (probe.size() == 1) {
            // Second byte: the lowest one the lead accepts.
            probe.push_back(c == 0xE0 ? '\xA0' : c == 0xF0 ? '\x90' : '\x80');
        }
        while (probe.size() < need)
            probe.push_back('\x80');
        return detail::utf8SequenceAt(probe, 0) == need ? back : 0;
    }
    return 0;
}

std::string StreamDecoder::push(int32_t id) {
    m_tok->appendDecoded(id, &m_pending);
    const size_t keep = incompleteUtf8Tail(m_pending);
    std::string ready = m_pending.substr(0, m_pending.size() - keep);
    m_pending.erase(0, m_pending.size() - keep);
    return ready;
}

std::string StreamDecoder::finish() {
    std::string rest;
    rest.swap(m_pending);
    return rest;
}

}  // namespace facet::tokenizer
