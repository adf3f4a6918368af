// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Helpers of the attachment tests: WAV files in every encoding the reader knows (written here
// independently of app/attachments/audio_pcm.cpp), a minimal FLAC encoder, and measurements of
// 16 kHz mono s16le PCM.
#pragma once

#include <QByteArray>
#include <QImage>
#include <QString>

namespace facet::test {

enum class WavEncoding { Pcm, Float, ALaw, MuLaw };

struct WavSpec {
    int rate = 16000;
    int channels = 1;
    WavEncoding encoding = WavEncoding::Pcm;
    int bits = 16;            // Pcm: 8, 16, 24, 32; Float: 32, 64; A-law/mu-law: 8
    bool extensible = false;  // WAVE_FORMAT_EXTENSIBLE header
};

// `seconds` of a sine at `frequency` Hz with peak `amplitude` (0..1) on every channel.
QByteArray makeWav(const WavSpec &spec, double seconds, double frequency, double amplitude = 0.5);

// A FLAC file (verbatim subframes, 16-bit) of a sine around a DC offset of 0.3 (peak 0.25),
// flacSamples(rate, seconds) samples long (rate below 65536 Hz). The samples stay positive and
// below 0x4000 so no byte pair inside the sample data looks like a frame's sync code: GStreamer's
// flacparse finds frame ends by searching for the next one, and verbatim data near zero (-8 is
// 0xFFF8) is full of false ones.
QByteArray makeFlac(int rate, int channels, double seconds, double frequency);
// The samples makeFlac writes: seconds · rate, rounded.
qint64 flacSamples(int rate, double seconds);

// 16 kHz mono s16le PCM of a sine.
QByteArray sinePcm16k(double seconds, double frequency, double amplitude = 0.5);

qsizetype sampleCount(const QByteArray &pcm16k);
// Sign changes between consecutive samples (skipping the first and last `margin` samples, where
// the resampling filter starts and ends).
int zeroCrossings(const QByteArray &pcm16k, int margin = 0);
// Crossings of the signal's mean (for signals with a DC offset, like makeFlac's).
int meanCrossings(const QByteArray &pcm16k, int margin = 0);
// Root mean square of the samples, 0..1, over the middle part (margin samples off each end).
double rms(const QByteArray &pcm16k, int margin = 0);

// An image of `size` in `format` ("PNG", "JPEG") as file bytes.
QByteArray encodeImage(const QImage &image, const char *format, int quality = -1);
// A colourful test picture (gradients, so JPEG has something to compress).
QImage testPicture(int width, int height);

bool writeFile(const QString &path, const QByteArray &bytes);

}  // namespace facet::test
