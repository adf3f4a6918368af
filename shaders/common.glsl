// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Shared helpers for Facet's compute kernels (GLSL 450, baked by qsb; included through
// GL_GOOGLE_include_directive, which qsb's glslang resolves relative to the including file).
//
// Conventions every kernel follows:
//   - binding 0 is the kernel's parameter block (std140, only 4-byte scalars, so member i sits at
//     byte 4*i; the C++ mirror in engine/gpu/kernel_params.h static_asserts the same layout and
//     the kernel registry checks it against the shader's reflection at load);
//   - storage buffers follow at bindings 1, 2, ...; offsets into them are passed as parameters
//     (elements for float buffers, bytes for raw weight buffers), so one buffer can hold many
//     tensors and bindings are created once;
//   - storage blocks carry no readonly/writeonly qualifiers: for HLSL, SPIRV-Cross turns a
//     readonly block into an SRV (and qsb 6.4 gives several of them the same register) while
//     QRhi's D3D11 backend binds every storage buffer as a UAV; what a kernel reads or writes is
//     declared in the C++ registry (engine/gpu/kernels.cpp) instead;
//   - shared-memory reductions use plain barrier()s (no subgroup operations: qsb 6.4 emits
//     SPIR-V 1.0; subgroup variants can be added later next to these portable ones).
#ifndef FACET_COMMON_GLSL
#define FACET_COMMON_GLSL

// Sign-extends the low 8 bits of b (0..255) to -128..127.
int signExtend8(uint b) {
    return int(b ^ 0x80u) - 128;
}

// The four bytes of a little-endian word, as 0..255.
uvec4 bytesOf(uint w) {
    return (uvec4(w) >> uvec4(0u, 8u, 16u, 24u)) & 0xFFu;
}

// gelu_tanh(x) = 0.5 x (1 + tanh z), z = sqrt(2/pi) (x + 0.044715 x^3), evaluated as
// x / (1 + exp(-2z)) (as shaders/geglu.comp, whose comment says why).
float geluTanh1(float x) {
    const float z = 0.7978845608028654 * (x + 0.044715 * x * x * x);
    return x / (1.0 + exp(-2.0 * z));
}

#endif  // FACET_COMMON_GLSL
