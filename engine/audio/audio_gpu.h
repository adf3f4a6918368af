// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// The Gemma 4 audio tower (the Conformer) and its projection into the text width on the GPU: the
// same contract and the same maths as the CPU reference AudioReference (audio_tower.h), recorded
// into a few compute batches.
//
// Weights are uploaded once, when the tower is created: the linears keep the type the GGUF stores
// them in (the matmul kernels read F32, F16, BF16 and the quantised types; another type is
// dequantised to F32 on the way), the SSCP kernels are re-laid out for the GPU
// (audioConv2dWeightLayout), and each layer's relative-position keys (linear_pos applied to the
// fixed sinusoid table: weights only) are computed on the CPU and uploaded as F32. One weight
// buffer per Conformer layer plus one for the rest keeps every buffer far below the binding size
// limits.
//
// Activations live in one storage buffer sized for the longest input seen so far (grown on
// demand; reserve() sizes it ahead). An encode records: upload of the mel frames and masks, the
// two SSCP blocks (audio_conv2d), the SSCP linear, per layer ~20 dispatches (matmul, audio_rows,
// audio_attention, audio_conv1d), the output projection, the weightless norm and the input
// projection of the valid tokens, then one readback.
//
// Threading: like the GpuContext it is made from, a tower belongs to the thread that created it.
#pragma once

#include "audio/audio_tower.h"
#include "gpu/gpu_context.h"

#include <QString>

#include <memory>
#include <span>
#include <vector>

namespace facet::audio {

struct GpuAudioOptions {
    // With a progress callback, the layers are submitted in batches of this many (progress is
    // reported and cancellation checked between batches); without one the whole tower is one
    // batch.
    int layersPerBatch = 4;
};

class GpuAudioTower {
public:
    // Uploads the tower that `reference` describes (its weights are read from the GGUF mapping it
    // views; neither needs to outlive the returned tower). `ctx` must outlive the tower. nullptr
    // with *error set on failure (a width the kernels cannot take, GPU out of memory).
    static std::unique_ptr<GpuAudioTower> create(gpu::GpuContext &ctx,
                                                 const AudioReference &reference,
                                                 const GpuAudioOptions &options, QString *error);
    static std::unique_ptr<GpuAudioTower> create(gpu::GpuContext &ctx,
                                                 const AudioReference &reference, QString *error) {
        return create(ctx, reference, GpuAudioOptions(), error);
    }
    ~GpuAudioTower();
    GpuAudioTower(const GpuAudioTower &) = delete;
    GpuAudioTower &operator=(const GpuAudioTower &) = delete;

    const AudioTowerConfig &config() const { return m_config; }

    // AudioReference::encode's contract: mel [frames][melBins], mask [frames] (1 = real frame) or
    // empty for all valid; returns the valid soft tokens, [tokens][textWidth], or an empty vector
    // with *error set (bad sizes, cancelled, a GPU failure). `stages`, when given, receives the
    // same intermediate results as the CPU reference's (this costs a copy per layer and a larger
    // readback).
    std::vector<float> encode(const std::vector<float> &mel, int frames,
                              std::span<const uint8_t> mask, const AudioEncodeControl &control,
                              QString *error, AudioStages *stages = nullptr);

    // Sizes the activations for inputs of up to `melFrames` frames now (encode grows them on
    // demand otherwise). False with *error when the GPU cannot allocate them.
    bool reserve(int melFrames, QString *error);

    // GPU memory held: the uploaded weights, and the activations for the longest input so far.
    qint64 weightBytes() const { return m_weightBytes; }
    qint64 activationBytes() const;
    qint64 memoryBytes() const { return weightBytes() + activationBytes(); }

    // The uploaded weights, bindings and activations (audio_gpu.cpp).
    struct Impl;

private:
    GpuAudioTower() = default;
    std::unique_ptr<Impl> m;
    AudioTowerConfig m_config;
    GpuAudioOptions m_options;
    qint64 m_weightBytes = 0;
};

}  // namespace facet::audio
