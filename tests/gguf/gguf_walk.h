// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Exercises everything a successfully parsed GGUF offers, the way a model loader would: every
// metadata value (recursively), every typed lookup, and every row of every tensor through the
// reference dequantiser. Shared by the mutation campaign test and the libFuzzer target, where
// AddressSanitizer turns any read outside the image into a crash.
#pragma once

#include "gguf/dequant.h"
#include "gguf/gguf.h"

#include <cstdint>
#include <string>
#include <vector>

namespace facet::gguf::testutil {

struct WalkResult {
    std::string problem;         // empty when every invariant held
    uint64_t valuesVisited = 0;  // metadata values, arrays counted with their elements
    uint64_t floatsDequantized = 0;
};

inline void walkValue(const Value &v, WalkResult &r, int depth) {
    ++r.valuesVisited;
    if (v.data.index() != static_cast<size_t>(v.type)) r.problem = "value type/data mismatch";
    (void)v.toInt();
    (void)v.toDouble();
    (void)v.toBool();
    if (const std::string *s = v.toString()) r.valuesVisited += s->empty() ? 0 : 1;
    if (const Array *a = v.toArray()) {
        if (depth > 8) r.problem = "arrays nested deeper than the reader allows";
        for (const Value &e : a->values) {
            if (e.type != a->elementType) r.problem = "array element of the wrong type";
            walkValue(e, r, depth + 1);
        }
    }
}

inline WalkResult walkFile(const File &f) {
    WalkResult r;
    const uint8_t *begin = f.bytes();
    const uint8_t *end = begin + f.fileSize();
    for (const KeyValue &kv : f.metadata()) {
        if (f.find(kv.key) != &kv.value) r.problem = "find() does not return the key's value";
        (void)f.getInt(kv.key);
        (void)f.getFloat(kv.key);
        (void)f.getString(kv.key);
        (void)f.getBool(kv.key);
        (void)f.getArray(kv.key);
        walkValue(kv.value, r, 0);
    }
    if (f.alignment() == 0 || (f.alignment() & (f.alignment() - 1)) != 0) {
        r.problem = "alignment is not a power of two";
    }
    std::vector<float> row;
    for (const TensorInfo &t : f.tensors()) {
        if (f.tensor(t.name) != &t) r.problem = "tensor() does not return the tensor";
        const auto traits = typeTraits(t.type);
        if (!traits || t.ne.empty() || t.ne.size() > 4 || t.nelements == 0) {
            r.problem = "tensor '" + t.name + "' has an invalid shape or type";
            continue;
        }
        if (t.rows() * t.rowBytes() != t.nbytes || t.offset % f.alignment() != 0 ||
            t.data != begin + f.dataOffset() + t.offset || t.data < begin ||
            t.nbytes > static_cast<uint64_t>(end - t.data)) {
            r.problem = "tensor '" + t.name + "' has an inconsistent data range";
            continue;
        }
        if (!canDequantize(t.type)) continue;
        // Rows are dequantised one at a time; their total is bounded by the file size.
        row.resize(t.ne[0]);
        for (uint64_t i = 0; i < t.rows(); ++i) {
            if (!dequantizeRow(t.type, t.data + i * t.rowBytes(), row.data(),
                               static_cast<int64_t>(t.ne[0]))) {
                r.problem = "dequantizeRow refused tensor '" + t.name + "'";
                break;
            }
            r.floatsDequantized += t.ne[0];
        }
    }
    return r;
}

}  // namespace facet::gguf::testutil
