// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The Gemma 4 image front end, exactly as Hugging Face's Gemma4ImageProcessor (transformers 5.17,
// TorchvisionBackend path) prepares an image:
//   1. an aspect-preserving target size whose sides are multiples of patch·pooling (48 pixels), as
//      large as the soft-token budget allows (get_aspect_ratio_preserving_size);
//   2. a bicubic resize with antialiasing on the uint8 RGB image, as torchvision's
//      resize(..., antialias=True) computes it on a uint8 CPU tensor (PyTorch's separable
//      antialiased kernel, PIL's maths: see resizeBicubicAntialias);
//   3. pixels to [0, 1] and patches of 16×16 in HF's order, with their (x, y) grid positions.
// One soft token covers 3×3 patches, i.e. 48×48 pixels of the resized image.
#pragma once

#include <QImage>
#include <QSize>
#include <QString>

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace facet::vision {

constexpr int kPatchSize = 16;     // pixels per patch side
constexpr int kPoolingKernel = 3;  // patches per soft-token side
constexpr int kDefaultSoftTokenBudget = 280;

// The soft-token budgets Gemma 4 was trained with: 70, 140, 280, 560, 1120.
std::span<const int> supportedSoftTokenBudgets();
bool isSupportedSoftTokenBudget(int budget);

// The size an image of `source` pixels is resized to for `softTokenBudget` (one of the supported
// budgets): f = sqrt(budget·9·256 / (W·H)), each side floor(f·side / 48)·48; when one side rounds
// to 0 it becomes 48 and the other floor(long/short)·48, at most (budget)·48 — HF's guard for
// extreme aspect ratios. Invalid QSize and *error for a bad budget or an empty source.
QSize targetSize(QSize source, int softTokenBudget, QString *error);

// Resizes an interleaved 8-bit image (`channels` values per pixel, rows of width·channels bytes,
// no padding) to outWidth × outHeight the way PyTorch's CPU kernel does for uint8 tensors with
// mode="bicubic", antialias=True, align_corners=False:
//   - per axis, scale s = in/out; the cubic filter (Keys, a = −0.5) is stretched by s when
//     shrinking (support 2·s input pixels instead of 2), so every input pixel contributes;
//   - output i takes inputs [xmin, xmin+xsize) around centre s·(i + 0.5) with weights
//     filter((j − centre + 0.5)/max(s,1)) normalised to sum 1, then turned into int16 fixed point
//     with the largest precision that keeps the biggest weight below 2^15;
//   - the width is resampled first, then the height, each pass rounding (+½, shift) and clamping
//     to 0..255; an axis whose size does not change is not resampled.
std::vector<uint8_t> resizeBicubicAntialias(std::span<const uint8_t> pixels, int width, int height,
                                            int channels, int outWidth, int outHeight);

// One resampling pass along one axis (the building block of resizeBicubicAntialias): the weights
// of output index i over the input, as PyTorch computes them in double before the fixed-point step.
struct AxisFilter {
    int inSize = 0, outSize = 0;
    int taps = 0;                 // weights stored per output (max_interp_size)
    std::vector<int> first;       // per output: first input index
    std::vector<int> count;       // per output: number of inputs used
    std::vector<double> weights;  // [outSize][taps], normalised (double)
    std::vector<int16_t> fixed;   // [outSize][taps], weights · 2^precision rounded
    int precision = 0;
};
AxisFilter bicubicAntialiasFilter(int inSize, int outSize);

// An image ready for the vision tower.
struct PreprocessedImage {
    int width = 0, height = 0;  // the resized image
    int patchSize = kPatchSize;
    int poolingKernel = kPoolingKernel;
    // The resized image, interleaved RGB rows of width·3 bytes: [height][width][3].
    std::vector<uint8_t> rgb;
    // Patches as one f32 buffer [numPatches][patchSize·patchSize·3], values v/255 in [0, 1].
    // Patch p = py·patchesX() + px (row-major over the patch grid); within a patch the value of
    // pixel (r, c), channel ch is at (r·patchSize + c)·3 + ch — HF's convert_image_to_patches.
    std::vector<float> patches;
    // Grid position of each patch: [numPatches][2] = (x, y) = (px, py), HF's image_position_ids.
    std::vector<int32_t> positions;

    int patchesX() const { return patchSize > 0 ? width / patchSize : 0; }
    int patchesY() const { return patchSize > 0 ? height / patchSize : 0; }
    int numPatches() const { return patchesX() * patchesY(); }
    int patchValues() const { return patchSize * patchSize * 3; }
    // Soft tokens this image becomes: one per poolingKernel × poolingKernel block of patches.
    int softTokens() const {
        return poolingKernel > 0 ? numPatches() / (poolingKernel * poolingKernel) : 0;
    }
};

struct PreprocessOptions {
    int softTokenBudget = kDefaultSoftTokenBudget;  // 70, 140, 280, 560 or 1120
};

// Resizes a decoded image (any QImage format; it is converted to RGB888 first) and cuts it into
// patches. nullopt and *error for an unsupported budget or an empty image.
std::optional<PreprocessedImage> preprocessImage(const QImage &image,
                                                 const PreprocessOptions &options, QString *error);

// Patches and positions for an image already at its target size (`rgb` interleaved
// [height][width][3]; both sides multiples of patchSize·poolingKernel). nullopt and *error for
// sizes that do not fit.
std::optional<PreprocessedImage> patchify(std::vector<uint8_t> rgb, int width, int height,
                                          QString *error);

}  // namespace facet::vision
