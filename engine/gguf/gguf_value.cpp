// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Metadata values, type names and tensor type traits: the parts of gguf.h that neither read nor
// write files.
#include "gguf/gguf.h"

#include <limits>

namespace facet::gguf {

// The variant's alternatives are listed in ValueType order, so a well-formed Value always has
// data.index() == type. The reader and writer rely on this.
static_assert(std::variant_size_v<Value::Storage> == 13);
static_assert(
    std::is_same_v<std::variant_alternative_t<uint32_t(ValueType::String), Value::Storage>,
                   std::string>);
static_assert(
    std::is_same_v<std::variant_alternative_t<uint32_t(ValueType::Array), Value::Storage>, Array>);
static_assert(
    std::is_same_v<std::variant_alternative_t<uint32_t(ValueType::F64), Value::Storage>, double>);

const char *valueTypeName(ValueType t) {
    switch (t) {
        case ValueType::U8:
            return "u8";
        case ValueType::I8:
            return "i8";
        case ValueType::U16:
            return "u16";
        case ValueType::I16:
            return "i16";
        case ValueType::U32:
            return "u32";
        case ValueType::I32:
            return "i32";
        case ValueType::F32:
            return "f32";
        case ValueType::Bool:
            return "bool";
        case ValueType::String:
            return "string";
        case ValueType::Array:
            return "array";
        case ValueType::U64:
            return "u64";
        case ValueType::I64:
            return "i64";
        case ValueType::F64:
            return "f64";
    }
    return "unknown";
}

std::optional<TypeTraits> typeTraits(TensorType t) {
    // Block sizes and byte counts follow ggml's block structs (ggml-common.h).
    switch (t) {
        case TensorType::F32:
            return TypeTraits{"F32", 1, 4};
        case TensorType::F16:
            return TypeTraits{"F16", 1, 2};
        case TensorType::Q4_0:
            return TypeTraits{"Q4_0", 32, 18};  // d, qs[16]
        case TensorType::Q4_1:
            return TypeTraits{"Q4_1", 32, 20};  // d, m, qs[16]
        case TensorType::Q5_0:
            return TypeTraits{"Q5_0", 32, 22};  // d, qh[4], qs[16]
        case TensorType::Q5_1:
            return TypeTraits{"Q5_1", 32, 24};  // d, m, qh[4], qs[16]
        case TensorType::Q8_0:
            return TypeTraits{"Q8_0", 32, 34};  // d, qs[32]
        case TensorType::Q8_1:
            return TypeTraits{"Q8_1", 32, 36};  // d, s, qs[32]
        case TensorType::Q2_K:
            return TypeTraits{"Q2_K", 256, 84};
        case TensorType::Q3_K:
            return TypeTraits{"Q3_K", 256, 110};
        case TensorType::Q4_K:
            return TypeTraits{"Q4_K", 256, 144};
        case TensorType::Q5_K:
            return TypeTraits{"Q5_K", 256, 176};
        case TensorType::Q6_K:
            return TypeTraits{"Q6_K", 256, 210};
        case TensorType::Q8_K:
            return TypeTraits{"Q8_K", 256, 292};  // d:f32, qs[256], bsums[16]
        case TensorType::I8:
            return TypeTraits{"I8", 1, 1};
        case TensorType::I16:
            return TypeTraits{"I16", 1, 2};
        case TensorType::I32:
            return TypeTraits{"I32", 1, 4};
        case TensorType::I64:
            return TypeTraits{"I64", 1, 8};
        case TensorType::F64:
            return TypeTraits{"F64", 1, 8};
        case TensorType::BF16:
            return TypeTraits{"BF16", 1, 2};
        case TensorType::MXFP4:
            return TypeTraits{"MXFP4", 32, 17};  // e:e8m0, qs[16]
    }
    return std::nullopt;
}

std::optional<TypeTraits> typeTraits(uint32_t rawTypeId) {
    // The switch above only matches declared enumerators, so any other id yields nullopt.
    return typeTraits(static_cast<TensorType>(rawTypeId));
}

uint64_t TensorInfo::rowBytes() const {
    const auto traits = typeTraits(type);
    if (!traits || ne.empty() || traits->blockSize == 0) return 0;
    return ne[0] / traits->blockSize * traits->bytesPerBlock;
}

// --- Value constructors ---------------------------------------------------------------------

namespace {
template <ValueType T, typename V>
Value make(V v) {
    Value out;
    out.type = T;
    out.data.emplace<static_cast<size_t>(T)>(std::move(v));
    return out;
}
}  // namespace

Value Value::u8(uint8_t v) {
    return make<ValueType::U8>(v);
}
Value Value::i8(int8_t v) {
    return make<ValueType::I8>(v);
}
Value Value::u16(uint16_t v) {
    return make<ValueType::U16>(v);
}
Value Value::i16(int16_t v) {
    return make<ValueType::I16>(v);
}
Value Value::u32(uint32_t v) {
    return make<ValueType::U32>(v);
}
Value Value::i32(int32_t v) {
    return make<ValueType::I32>(v);
}
Value Value::f32(float v) {
    return make<ValueType::F32>(v);
}
Value Value::boolean(bool v) {
    return make<ValueType::Bool>(v);
}
Value Value::string(std::string v) {
    return make<ValueType::String>(std::move(v));
}
Value Value::u64(uint64_t v) {
    return make<ValueType::U64>(v);
}
Value Value::i64(int64_t v) {
    return make<ValueType::I64>(v);
}
Value Value::f64(double v) {
    return make<ValueType::F64>(v);
}

Value Value::array(ValueType elementType, std::vector<Value> values) {
    Array a;
    a.elementType = elementType;
    a.values = std::move(values);
    return make<ValueType::Array>(std::move(a));
}

Value Value::stringArray(const std::vector<std::string> &values) {
    std::vector<Value> v;
    v.reserve(values.size());
    for (const auto &s : values)
        v.push_back(string(s));
    return array(ValueType::String, std::move(v));
}

Value Value::i32Array(const std::vector<int32_t> &values) {
    std::vector<Value> v;
    v.reserve(values.size());
    for (int32_t x : values)
        v.push_back(i32(x));
    return array(ValueType::I32, std::move(v));
}

Value Value::f32Array(const std::vector<float> &values) {
    std::vector<Value> v;
    v.reserve(values.size());
    for (float x : values)
        v.push_back(f32(x));
    return array(ValueType::F32, std::move(v));
}

Value Value::boolArray(const std::vector<bool> &values) {
    std::vector<Value> v;
    v.reserve(values.size());
    for (bool x : values)
        v.push_back(boolean(x));
    return array(ValueType::Bool, std::move(v));
}

// --- Value accessors ------------------------------------------------------------------------

bool Value::isInteger() const {
    switch (type) {
        case ValueType::U8:
        case ValueType::I8:
        case ValueType::U16:
        case ValueType::I16:
        case ValueType::U32:
        case ValueType::I32:
        case ValueType::U64:
        case ValueType::I64:
            return true;
        default:
            return false;
    }
}

bool Value::isNumber() const {
    return isInteger() || type == ValueType::F32 || type == ValueType::F64;
}

std::optional<int64_t> Value::toInt() const {
    // Checks the variant as well as `type`, so a hand-built inconsistent Value yields nullopt
    // instead of throwing std::bad_variant_access.
    if (data.index() != static_cast<size_t>(type)) return std::nullopt;
    switch (type) {
        case ValueType::U8:
            return std::get<uint8_t>(data);
        case ValueType::I8:
            return std::get<int8_t>(data);
        case ValueType::U16:
            return std::get<uint16_t>(data);
        case ValueType::I16:
            return std::get<int16_t>(data);
        case ValueType::U32:
            return std::get<uint32_t>(data);
        case ValueType::I32:
            return std::get<int32_t>(data);
        case ValueType::I64:
            return std::get<int64_t>(data);
        case ValueType::Bool:
            return std::get<bool>(data) ? 1 : 0;
        case ValueType::U64: {
            const uint64_t v = std::get<uint64_t>(data);
            if (v > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) return std::nullopt;
            return static_cast<int64_t>(v);
        }
        default:
            return std::nullopt;
    }
}

std::optional<double> Value::toDouble() const {
    if (data.index() != static_cast<size_t>(type)) return std::nullopt;
    switch (type) {
        case ValueType::F32:
            return std::get<float>(data);
        case ValueType::F64:
            return std::get<double>(data);
        case ValueType::U64:
            return static_cast<double>(std::get<uint64_t>(data));
        case ValueType::I64:
            return static_cast<double>(std::get<int64_t>(data));
        default:
            if (isInteger()) return static_cast<double>(*toInt());
            return std::nullopt;
    }
}

const std::string *Value::toString() const {
    return type == ValueType::String ? std::get_if<std::string>(&data) : nullptr;
}

const Array *Value::toArray() const {
    return type == ValueType::Array ? std::get_if<Array>(&data) : nullptr;
}

std::optional<bool> Value::toBool() const {
    if (type == ValueType::Bool) {
        if (const bool *b = std::get_if<bool>(&data)) return *b;
        return std::nullopt;
    }
    if (!isInteger()) return std::nullopt;
    const auto v = toInt();
    if (v == 0) return false;
    if (v == 1) return true;
    return std::nullopt;
}

}  // namespace facet::gguf
