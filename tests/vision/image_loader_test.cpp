// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Decoding: formats, EXIF orientation, alpha on white, and clear messages for bad files.
#include "vision/image_loader.h"
#include "support/test_support.h"

#include <QBuffer>
#include <QImageReader>
#include <QImageWriter>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace facet::vision {
namespace {

QImage randomRgb(int w, int h, std::mt19937_64 &rng) {
    QImage img(w, h, QImage::Format_RGB888);
    std::uniform_int_distribution<int> d(0, 255);
    for (int y = 0; y < h; ++y) {
        uchar *line = img.scanLine(y);
        for (int x = 0; x < 3 * w; ++x)
            line[x] = static_cast<uchar>(d(rng));
    }
    return img;
}

QByteArray encode(const QImage &img, const char *format, int quality = -1,
                  QImageIOHandler::Transformations t = QImageIOHandler::TransformationNone) {
    QByteArray bytes;
    QBuffer buf(&bytes);
    buf.open(QIODevice::WriteOnly);
    QImageWriter writer(&buf, format);
    writer.setQuality(quality);
    writer.setTransformation(t);
    EXPECT_TRUE(writer.write(img)) << format << ": " << writer.errorString().toStdString();
    return bytes;
}

TEST(ImageLoader, LosslessFormatsDecodeToTheSamePixels) {
    auto rng = test::seededRng();
    const QImage img = randomRgb(37, 23, rng);
    for (const char *format : {"png", "bmp"}) {
        QString error;
        const auto decoded = decodeImage(encode(img, format), &error);
        ASSERT_TRUE(decoded) << format << ": " << error.toStdString();
        EXPECT_EQ(decoded->format(), QImage::Format_RGB888);
        EXPECT_EQ(*decoded, img) << format;
    }
}

TEST(ImageLoader, JpegAndWebpDecode) {
    auto rng = test::seededRng();
    // Smooth content so that lossy codecs stay close: a gradient plus a little noise.
    QImage img(64, 40, QImage::Format_RGB888);
    std::uniform_int_distribution<int> noise(-3, 3);
    for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < img.width(); ++x)
            img.setPixel(x, y,
                         qRgb(std::clamp(4 * x + noise(rng), 0, 255),
                              std::clamp(6 * y + noise(rng), 0, 255), 128));
    ASSERT_TRUE(QImageReader::supportedImageFormats().contains("webp"))
        << "Qt's WebP plugin (Debian qt6-image-formats-plugins) is not installed";
    for (const char *format : {"jpeg", "webp"}) {
        QString error;
        const auto decoded = decodeImage(encode(img, format, 95), &error);
        ASSERT_TRUE(decoded) << format << ": " << error.toStdString();
        ASSERT_EQ(decoded->size(), img.size()) << format;
        double sum = 0;
        for (int y = 0; y < img.height(); ++y)
            for (int x = 0; x < img.width(); ++x)
                sum += std::abs(qRed(decoded->pixel(x, y)) - qRed(img.pixel(x, y))) +
                       std::abs(qGreen(decoded->pixel(x, y)) - qGreen(img.pixel(x, y)));
        // Mean absolute error of a quality-95 encode of smooth content: a few levels at most.
        EXPECT_LT(sum / (2.0 * img.width() * img.height()), 6.0) << format;
    }
}

TEST(ImageLoader, GifGivesItsFirstFrame) {
    // A hand-made two-frame 1×1 GIF89a (Qt cannot write GIF): palette red, blue; frame 1 is
    // palette index 0, frame 2 index 1. LZW with minimum code size 2: clear (4), pixel, end (5)
    // in 3-bit codes, least significant bit first.
    const unsigned char gif[] = {
        'G',  'I',  'F', '8', '9', 'a', 1, 0, 1, 0, 0x80, 0, 0,  // screen, 2-colour table
        255,  0,    0,   0,   0,   255,                          // red, blue
        0x21, 0xF9, 4,   0,   10,  0,   0, 0,                    // graphic control (delay)
        0x2C, 0,    0,   0,   0,   1,   0, 1, 0, 0, 2,    2, 0x44, 0x01, 0,  // frame 1: index 0
        0x21, 0xF9, 4,   0,   10,  0,   0, 0,                                //
        0x2C, 0,    0,   0,   0,   1,   0, 1, 0, 0, 2,    2, 0x4C, 0x01, 0,  // frame 2: index 1
        0x3B};
    QString error;
    const auto decoded =
        decodeImage(QByteArray(reinterpret_cast<const char *>(gif), sizeof gif), &error);
    ASSERT_TRUE(decoded) << error.toStdString();
    ASSERT_EQ(decoded->size(), QSize(1, 1));
    EXPECT_EQ(decoded->pixel(0, 0), qRgb(255, 0, 0));
}

TEST(ImageLoader, ExifOrientationIsApplied) {
    // Left half black, right half white; stored with an EXIF "rotate 90° clockwise" tag, the
    // upright image is 32 wide and 64 tall with black on top.
    QImage img(64, 32, QImage::Format_RGB888);
    for (int y = 0; y < 32; ++y)
        for (int x = 0; x < 64; ++x)
            img.setPixel(x, y, x < 32 ? qRgb(0, 0, 0) : qRgb(255, 255, 255));
    QString error;
    const auto decoded =
        decodeImage(encode(img, "jpeg", 95, QImageIOHandler::TransformationRotate90), &error);
    ASSERT_TRUE(decoded) << error.toStdString();
    ASSERT_EQ(decoded->size(), QSize(32, 64));
    EXPECT_LT(qGray(decoded->pixel(16, 10)), 40);
    EXPECT_GT(qGray(decoded->pixel(16, 54)), 215);
}

TEST(ImageLoader, AlphaIsCompositedOnWhite) {
    auto rng = test::seededRng();
    std::uniform_int_distribution<int> d(0, 255);
    QImage img(19, 11, QImage::Format_RGBA8888);
    for (int y = 0; y < img.height(); ++y) {
        uchar *line = img.scanLine(y);
        for (int x = 0; x < 4 * img.width(); ++x)
            line[x] = static_cast<uchar>(d(rng));
    }
    QString error;
    const auto decoded = decodeImage(encode(img, "png"), &error);
    ASSERT_TRUE(decoded) << error.toStdString();
    ASSERT_EQ(decoded->format(), QImage::Format_RGB888);
    for (int y = 0; y < img.height(); ++y) {
        for (int x = 0; x < img.width(); ++x) {
            const uchar *s = img.constScanLine(y) + 4 * x;
            const uchar *o = decoded->constScanLine(y) + 3 * x;
            const double a = s[3] / 255.0;
            for (int c = 0; c < 3; ++c) {
                const double expected = s[c] * a + 255.0 * (1.0 - a);
                EXPECT_LE(std::abs(o[c] - expected), 0.5 + 1e-9) << x << "," << y << " c" << c;
            }
        }
    }
}

TEST(ImageLoader, AlphaCanBeDroppedAsHuggingFaceDoes) {
    auto rng = test::seededRng();
    std::uniform_int_distribution<int> d(0, 255);
    QImage img(13, 7, QImage::Format_RGBA8888);
    for (int y = 0; y < img.height(); ++y) {
        uchar *line = img.scanLine(y);
        for (int x = 0; x < 4 * img.width(); ++x)
            line[x] = static_cast<uchar>(d(rng));
    }
    DecodeOptions hf;
    hf.compositeAlphaOnWhite = false;
    QString error;
    const auto decoded = decodeImage(encode(img, "png"), &error, hf);
    ASSERT_TRUE(decoded) << error.toStdString();
    ASSERT_EQ(decoded->format(), QImage::Format_RGB888);
    for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < img.width(); ++x)
            for (int c = 0; c < 3; ++c)
                ASSERT_EQ(decoded->constScanLine(y)[3 * x + c], img.constScanLine(y)[4 * x + c]);
}

TEST(ImageLoader, BadInputsGiveMessages) {
    auto rng = test::seededRng();
    const QByteArray png = encode(randomRgb(64, 64, rng), "png");
    struct Case {
        const char *name;
        QByteArray bytes;
    };
    QByteArray garbage(4096, '\0');
    for (char &ch : garbage)
        ch = static_cast<char>(rng());
    const Case cases[] = {
        {"empty", QByteArray()},
        {"garbage", garbage},
        {"truncated png", png.left(png.size() / 2)},
        {"png header only", png.left(40)},
    };
    for (const Case &c : cases) {
        QString error;
        const auto decoded = decodeImage(c.bytes, &error);
        EXPECT_FALSE(decoded) << c.name;
        EXPECT_FALSE(error.isEmpty()) << c.name;
    }
    QString error;
    EXPECT_FALSE(decodeImage(QByteArray(), &error));
    EXPECT_TRUE(error.contains(QLatin1String("empty"))) << error.toStdString();
}

TEST(ImageLoader, FilesAndTheAllocationLimit) {
    auto rng = test::seededRng();
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QImage img = randomRgb(1024, 600, rng);
    const QString path = dir.filePath(QStringLiteral("big.png"));
    ASSERT_TRUE(img.save(path));
    QString error;
    const auto ok = decodeImageFile(path, &error);
    ASSERT_TRUE(ok) << error.toStdString();
    EXPECT_EQ(*ok, img);

    DecodeOptions tight;
    tight.allocationLimitMiB = 1;  // 1024×600×4 bytes is 2.3 MiB
    EXPECT_FALSE(decodeImageFile(path, &error, tight));
    EXPECT_TRUE(error.contains(QLatin1String("too large"))) << error.toStdString();
    EXPECT_TRUE(error.contains(QLatin1String("big.png"))) << error.toStdString();

    const QString empty = dir.filePath(QStringLiteral("empty.png"));
    QFile f(empty);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.close();
    EXPECT_FALSE(decodeImageFile(empty, &error));
    EXPECT_TRUE(error.contains(QLatin1String("empty"))) << error.toStdString();
    EXPECT_FALSE(decodeImageFile(dir.filePath(QStringLiteral("missing.png")), &error));
    EXPECT_FALSE(error.isEmpty());
}

}  // namespace
}  // namespace facet::vision
