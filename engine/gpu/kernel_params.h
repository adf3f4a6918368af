// C++ mirrors of the kernels' parameter blocks (binding 0 of every shader in shaders/*.comp).
//
// Every block holds only 4-byte scalars, so under std140 member i sits at byte 4*i and the block
// is 4*count bytes; the static_asserts below pin the C++ side to that, and the kernel registry
// compares each struct's field list with the shader's reflection (names, offsets, block size)
// when it loads the kernel, so a shader and its struct cannot drift apart silently.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace facet::gpu {

// y[m][n] (+)= sum_k W[k,n] x[m][k] for a GGUF weight of N rows of K values (shaders/matvec.comp).
struct MatVecParams {
    uint32_t K = 0;           // values per weight row (multiple of the type's block size)
    uint32_t N = 0;           // weight rows = outputs per column
    uint32_t rowBytes = 0;    // bytes between weight rows
    uint32_t wOffset = 0;     // byte offset of the tensor in the weight buffer (multiple of 4)
    uint32_t xOffset = 0;     // float offset of input column 0
    uint32_t xStride = 0;     // floats between input columns
    uint32_t yOffset = 0;     // float offset of output column 0
    uint32_t yStride = 0;     // floats between output columns
    uint32_t accumulate = 0;  // 0: overwrite y; 1: add to y
    uint32_t rowStep = 0;     // workgroups along x (filled by recordMatVec)
    static constexpr std::array<const char *, 10> kFields = {
        "K",       "N",       "rowBytes", "wOffset",    "xOffset",
        "xStride", "yOffset", "yStride",  "accumulate", "rowStep"};
};

// y[r] = scale * dequant(W row ids[r]) (shaders/get_rows.comp).
struct GetRowsParams {
    uint32_t K = 0;          // values per weight row
    uint32_t rows = 0;       // number of ids
    uint32_t rowBytes = 0;   // bytes between weight rows
    uint32_t wOffset = 0;    // byte offset of the tensor (multiple of 4)
    uint32_t wRows = 0;      // rows in the tensor; larger ids give zero rows
    uint32_t idsOffset = 0;  // uint offset of the first id
    uint32_t yOffset = 0;    // float offset of output row 0
    uint32_t yStride = 0;    // floats between output rows
    float scale = 1.0f;      // multiplies every value
    uint32_t rowStep = 0;    // workgroups along x (filled by recordGetRows)
    static constexpr std::array<const char *, 10> kFields = {
        "K",         "rows",    "rowBytes", "wOffset", "wRows",
        "idsOffset", "yOffset", "yStride",  "scale",   "rowStep"};
};

// y = x / sqrt(mean(x^2) + eps) [* w] per row (shaders/rmsnorm.comp).
struct RmsNormParams {
    uint32_t n = 0;         // values per row
    uint32_t rows = 0;      // number of rows
    uint32_t xOffset = 0;   // float offset of row 0 of x
    uint32_t xStride = 0;   // floats between rows of x
    uint32_t yOffset = 0;   // float offset of row 0 of y
    uint32_t yStride = 0;   // floats between rows of y
    uint32_t wOffset = 0;   // float offset of the weight
    uint32_t weighted = 1;  // 0: no weight
    float eps = 1e-6f;
    uint32_t rowStep = 0;  // workgroups along x (filled by recordRmsNorm)
    static constexpr std::array<const char *, 10> kFields = {
        "n",       "rows",    "xOffset",  "xStride", "yOffset",
        "yStride", "wOffset", "weighted", "eps",     "rowStep"};
};

// Two-stage argmax (shaders/argmax.comp).
struct ArgmaxParams {
    uint32_t n = 0;        // stage 0: elements; stage 1: partials
    uint32_t xOffset = 0;  // float offset of x[0]
    uint32_t chunk = 0;    // elements per stage-0 workgroup
    uint32_t stage = 0;    // 0 or 1
    static constexpr std::array<const char *, 4> kFields = {"n", "xOffset", "chunk", "stage"};
};

// The layout rule: standard layout, only 4-byte scalars, no padding.
template <typename P>
constexpr bool isParamBlock() {
    return std::is_standard_layout_v<P> && std::is_trivially_copyable_v<P> &&
           sizeof(P) == 4 * P::kFields.size() && alignof(P) == 4;
}
static_assert(isParamBlock<MatVecParams>());
static_assert(isParamBlock<GetRowsParams>());
static_assert(isParamBlock<RmsNormParams>());
static_assert(isParamBlock<ArgmaxParams>());
// Spot checks of the std140 offsets the shaders rely on (member i at 4*i).
static_assert(offsetof(MatVecParams, accumulate) == 32 && offsetof(MatVecParams, rowStep) == 36);
static_assert(offsetof(GetRowsParams, scale) == 32 && offsetof(GetRowsParams, rowStep) == 36);
static_assert(offsetof(RmsNormParams, eps) == 32 && offsetof(RmsNormParams, rowStep) == 36);
static_assert(offsetof(ArgmaxParams, stage) == 12);

}  // namespace facet::gpu
