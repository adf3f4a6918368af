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

// NeoX RoPE in place on rows of `heads` heads of headDim floats, per-row positions
// (shaders/rope.comp).
struct RopeParams {
    uint32_t rows = 0;        // number of rows (tokens)
    uint32_t heads = 0;       // heads per row
    uint32_t headDim = 0;     // floats per head
    uint32_t dims = 0;        // rotated values per head (even, <= headDim)
    uint32_t xOffset = 0;     // float offset of row 0
    uint32_t xStride = 0;     // floats between rows (>= heads * headDim)
    uint32_t posOffset = 0;   // int32 offset of row 0's position
    uint32_t fOffset = 0;     // float offset of the dims/2 frequency factors
    uint32_t useFactors = 0;  // 0: no factors (all 1; the factor buffer is not read)
    float base = 10000.0f;    // theta base
    uint32_t rowStep = 0;     // workgroups along x (filled by recordRope)
    static constexpr std::array<const char *, 11> kFields = {
        "rows",      "heads",   "headDim",    "dims", "xOffset", "xStride",
        "posOffset", "fOffset", "useFactors", "base", "rowStep"};
};

// out = gelu_tanh(gate) * up over rows of n floats (shaders/geglu.comp).
struct GegluParams {
    uint32_t n = 0;           // values per row
    uint32_t rows = 0;        // number of rows
    uint32_t gateOffset = 0;  // float offset of row 0 of gate
    uint32_t gateStride = 0;  // floats between rows of gate
    uint32_t upOffset = 0;    // float offset of row 0 of up
    uint32_t upStride = 0;    // floats between rows of up
    uint32_t outOffset = 0;   // float offset of row 0 of out
    uint32_t outStride = 0;   // floats between rows of out
    uint32_t gridStep = 0;    // invocations in the grid (filled by recordGeglu)
    static constexpr std::array<const char *, 9> kFields = {"n",          "rows",      "gateOffset",
                                                            "gateStride", "upOffset",  "upStride",
                                                            "outOffset",  "outStride", "gridStep"};
};

// Element-wise ops over rows of n floats (shaders/elementwise.comp).
enum class ElementwiseMode : uint32_t {
    AddScale = 0,  // out = (x + y) * s
    Scale = 1,     // out = x * s
    Softcap = 2,   // out = s * tanh(x / s), s > 0
};
struct ElementwiseParams {
    uint32_t n = 0;          // values per row
    uint32_t rows = 0;       // number of rows
    uint32_t xOffset = 0;    // float offset of row 0 of x
    uint32_t xStride = 0;    // floats between rows of x
    uint32_t yOffset = 0;    // float offset of row 0 of y (AddScale only)
    uint32_t yStride = 0;    // floats between rows of y
    uint32_t outOffset = 0;  // float offset of row 0 of out
    uint32_t outStride = 0;  // floats between rows of out
    uint32_t mode = 0;       // an ElementwiseMode
    float s = 1.0f;          // scale (AddScale, Scale) or cap (Softcap)
    uint32_t gridStep = 0;   // invocations in the grid (filled by recordElementwise)
    static constexpr std::array<const char *, 11> kFields = {
        "n",         "rows",      "xOffset", "xStride", "yOffset", "yStride",
        "outOffset", "outStride", "mode",    "s",       "gridStep"};
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
static_assert(isParamBlock<RopeParams>());
static_assert(isParamBlock<GegluParams>());
static_assert(isParamBlock<ElementwiseParams>());
// Spot checks of the std140 offsets the shaders rely on (member i at 4*i).
static_assert(offsetof(MatVecParams, accumulate) == 32 && offsetof(MatVecParams, rowStep) == 36);
static_assert(offsetof(GetRowsParams, scale) == 32 && offsetof(GetRowsParams, rowStep) == 36);
static_assert(offsetof(RmsNormParams, eps) == 32 && offsetof(RmsNormParams, rowStep) == 36);
static_assert(offsetof(ArgmaxParams, stage) == 12);
static_assert(offsetof(RopeParams, base) == 36 && offsetof(RopeParams, rowStep) == 40);
static_assert(offsetof(GegluParams, gridStep) == 32);
static_assert(offsetof(ElementwiseParams, s) == 36 && offsetof(ElementwiseParams, gridStep) == 40);

}  // namespace facet::gpu
