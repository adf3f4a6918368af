// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Importing attachments: images judged by content with their limits checked before decoding,
// every kind of bad file refused with a message that names it, clipboard/drag data, WAV through
// Facet's reader, FLAC and non-audio through QAudioDecoder (GStreamer here), the 8-attachment
// limit and the order of asynchronous imports.
#include "attachment_importer.h"
#include "audio_file_decoder.h"
#include "audio_pcm.h"
#include "audio_test_util.h"
#include "pending_attachments.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QImageReader>
#include <QMimeData>
#include <QTemporaryDir>
#include <QTest>
#include <QThreadPool>
#include <QUrl>
#include <QtEndian>

#include <gtest/gtest.h>

#include <functional>

namespace facet::app {
namespace {

using test::encodeImage;
using test::makeFlac;
using test::makeWav;
using test::sampleCount;
using test::testPicture;
using test::WavEncoding;
using test::writeFile;
using test::zeroCrossings;

// How long QTest::qWaitFor waits for an import: a generous ceiling, not a timing assertion (these
// imports take milliseconds).
constexpr int kWaitMs = 30000;

quint32 crc32(const QByteArray &data) {
    quint32 crc = 0xffffffffu;
    for (char c : data) {
        crc ^= quint8(c);
        for (int i = 0; i < 8; ++i)
            crc = (crc & 1) ? (crc >> 1) ^ 0xedb88320u : crc >> 1;
    }
    return ~crc;
}

// A small PNG whose IHDR claims width × height (with a correct CRC, so the header reads fine).
QByteArray pngClaiming(int width, int height) {
    QByteArray png = encodeImage(testPicture(8, 8), "PNG");
    // Signature (8) + IHDR length (4) + "IHDR" (4): width and height follow.
    auto *d = reinterpret_cast<uchar *>(png.data());
    qToBigEndian<quint32>(quint32(width), d + 16);
    qToBigEndian<quint32>(quint32(height), d + 20);
    qToBigEndian<quint32>(crc32(png.mid(12, 17)), d + 29);
    return png;
}

// A JPEG with an EXIF APP1 segment whose Orientation tag is `orientation` (6: rotate 90° right).
QByteArray jpegWithOrientation(const QImage &image, quint16 orientation) {
    const QByteArray jpeg = encodeImage(image, "JPEG", 90);
    QByteArray tiff = QByteArray::fromHex("49492a0008000000");  // "II*\0", first IFD at 8
    tiff += QByteArray::fromHex("0100");                        // one entry
    tiff += QByteArray::fromHex("1201030001000000");  // tag 0x0112 Orientation, SHORT, count 1
    tiff += char(orientation & 0xff);
    tiff += char(orientation >> 8);
    tiff += QByteArray(2, '\0');
    tiff += QByteArray(4, '\0');  // no next IFD
    const QByteArray payload = QByteArray("Exif\0\0", 6) + tiff;
    QByteArray app1 = QByteArray::fromHex("ffe1");
    app1 += char((payload.size() + 2) >> 8);
    app1 += char((payload.size() + 2) & 0xff);
    app1 += payload;
    return jpeg.left(2) + app1 + jpeg.mid(2);
}

class ImportTest : public ::testing::Test {
protected:
    QString path(const QString &name) const { return m_dir.filePath(name); }
    QString file(const QString &name, const QByteArray &bytes) const {
        const QString p = path(name);
        EXPECT_TRUE(writeFile(p, bytes));
        return p;
    }
    QTemporaryDir m_dir;
};

TEST_F(ImportTest, ImagesAreRecognisedByContentAndThumbnailedWithTheirAspect) {
    const QByteArray png = encodeImage(testPicture(1000, 500), "PNG");
    // A PNG named .jpg is still a PNG.
    const ImportResult r = AttachmentImporter::importFileSync(file("photo.jpg", png));
    ASSERT_TRUE(r.ok()) << r.error.toStdString();
    const Attachment &a = r.attachment;
    EXPECT_EQ(a.kind, Attachment::Kind::Image);
    EXPECT_EQ(a.name, QStringLiteral("photo.jpg"));
    EXPECT_EQ(a.mimeType, QStringLiteral("image/png"));
    EXPECT_EQ(a.data, png);  // the original bytes, not a re-encoding
    EXPECT_EQ(a.imageSize, QSize(1000, 500));
    EXPECT_EQ(a.thumbnail.size(), QSize(256, 128));
    // The thumbnail shows the picture: the red circle in the middle, the gradient's blue corner.
    const QColor centre = a.thumbnail.pixelColor(128, 64);
    EXPECT_GT(centre.red(), 200);
    EXPECT_LT(centre.green(), 60);
    EXPECT_GT(a.thumbnail.pixelColor(2, 2).blue(), 150);

    const QByteArray jpeg = encodeImage(testPicture(120, 200), "JPEG", 85);
    const ImportResult j = AttachmentImporter::importFileSync(file("small.jpeg", jpeg));
    ASSERT_TRUE(j.ok()) << j.error.toStdString();
    EXPECT_EQ(j.attachment.mimeType, QStringLiteral("image/jpeg"));
    EXPECT_EQ(j.attachment.thumbnail.size(), QSize(120, 200));  // small images are not enlarged
}

TEST_F(ImportTest, ExifOrientationIsApplied) {
    // 400 × 200, left half red and right half blue; orientation 6 turns it 90° clockwise, so it
    // becomes 200 × 400 with red on top.
    QImage image(400, 200, QImage::Format_RGB32);
    image.fill(Qt::blue);
    for (int y = 0; y < 200; ++y)
        for (int x = 0; x < 200; ++x)
            image.setPixel(x, y, qRgb(255, 0, 0));
    const ImportResult r = AttachmentImporter::importImageBytes(jpegWithOrientation(image, 6),
                                                                QStringLiteral("p.jpg"));
    ASSERT_TRUE(r.ok()) << r.error.toStdString();
    EXPECT_EQ(r.attachment.imageSize, QSize(200, 400));
    EXPECT_EQ(r.attachment.thumbnail.size(), QSize(128, 256));
    EXPECT_GT(r.attachment.thumbnail.pixelColor(64, 20).red(), 200);
    EXPECT_GT(r.attachment.thumbnail.pixelColor(64, 236).blue(), 200);
}

TEST_F(ImportTest, BadFilesAreRefusedWithAMessageNamingThem) {
    const QByteArray png = encodeImage(testPicture(300, 200), "PNG");
    const QByteArray jpeg = encodeImage(testPicture(300, 200), "JPEG", 90);
    QByteArray big = png;
    big.append(QByteArray(21 * 1024 * 1024, '\0'));  // a valid header, then 21 MB
    QDir(m_dir.path()).mkdir(QStringLiteral("folder.png"));
    struct Case {
        QString name;
        QByteArray bytes;      // null: do not create the file
        const char *expected;  // a part of the message
    };
    const QList<Case> cases = {
        {QStringLiteral("empty.png"), QByteArray(""), "is empty"},
        {QStringLiteral("notes.png"), QByteArray("These are my notes, not a picture.\n"),
         "is not an image or audio file"},
        {QStringLiteral("cut.png"), png.left(png.size() / 2), "could not be decoded"},
        {QStringLiteral("cut.jpg"), jpeg.left(jpeg.size() * 2 / 3), "is cut off"},
        {QStringLiteral("huge.png"), pngClaiming(60000, 60000), "60000 × 60000 pixels"},
        {QStringLiteral("big.png"), big, "images can be at most 20.0 MB"},
        {QStringLiteral("missing.png"), QByteArray(), "was not found"},
        {QStringLiteral("folder.png"), QByteArray(), "is a folder"},
        {QStringLiteral("broken.wav"), makeWav({}, 0.5, 440).left(30), "is a damaged WAV file"},
        {QStringLiteral("long.wav"), makeWav({8000, 1, WavEncoding::Pcm, 8}, 601, 440),
         "is 10:01 long"},
    };
    for (const Case &c : cases) {
        SCOPED_TRACE(c.name.toStdString());
        const QString p = c.bytes.isNull() ? path(c.name) : file(c.name, c.bytes);
        const ImportResult r = AttachmentImporter::importFileSync(p);
        EXPECT_FALSE(r.ok());
        EXPECT_FALSE(r.needsDecoder);
        EXPECT_TRUE(r.error.contains(c.name)) << r.error.toStdString();
        EXPECT_TRUE(r.error.contains(QString::fromUtf8(c.expected))) << r.error.toStdString();
    }
}

TEST_F(ImportTest, TruncatedJpegIsRecognisedFromItsMarkers) {
    const QByteArray jpeg = encodeImage(testPicture(64, 48), "JPEG", 80);
    EXPECT_TRUE(AttachmentImporter::jpegIsComplete(jpeg));
    EXPECT_TRUE(AttachmentImporter::jpegIsComplete(jpeg + QByteArray("trailing bytes")));
    EXPECT_TRUE(AttachmentImporter::jpegIsComplete(jpegWithOrientation(testPicture(64, 48), 3)));
    for (qsizetype cut = 0; cut < jpeg.size() - 1; cut += 7)
        EXPECT_FALSE(AttachmentImporter::jpegIsComplete(jpeg.left(cut))) << cut;
    EXPECT_FALSE(AttachmentImporter::jpegIsComplete(QByteArray("\xff\xd8\x00\x00", 4)));
}

TEST_F(ImportTest, WavFilesConvertToSixteenKilohertzMono) {
    const QString p =
        file(QStringLiteral("voice.wav"), makeWav({44100, 2, WavEncoding::Pcm, 24}, 1.5, 440, 0.5));
    const ImportResult r = AttachmentImporter::importFileSync(p);
    ASSERT_TRUE(r.ok()) << r.error.toStdString();
    const Attachment &a = r.attachment;
    EXPECT_EQ(a.kind, Attachment::Kind::Audio);
    EXPECT_EQ(a.mimeType, QString::fromLatin1(kPcmMimeType));
    EXPECT_EQ(sampleCount(a.data), 24000);
    EXPECT_EQ(a.durationMs, 1500);
    EXPECT_NEAR(zeroCrossings(a.data, 64), 1320 * (24000 - 128) / 24000.0, 3);
    EXPECT_FALSE(a.thumbnail.isNull());
    // A WAV in an encoding our reader does not decode is handed to QAudioDecoder.
    QByteArray adpcm = makeWav({}, 0.2, 440);
    adpcm[20] = 2;
    const ImportResult d = AttachmentImporter::importFileSync(file(QStringLiteral("a.wav"), adpcm));
    EXPECT_TRUE(d.needsDecoder);
    EXPECT_FALSE(d.ok());
}

TEST_F(ImportTest, CompressedAudioGoesToTheDecoderAndTextNamedMp3IsRefused) {
    const ImportResult flac = AttachmentImporter::importFileSync(
        file(QStringLiteral("song.flac"), makeFlac(44100, 2, 0.2, 440)));
    EXPECT_TRUE(flac.needsDecoder);
    EXPECT_EQ(flac.attachment.name, QStringLiteral("song.flac"));
    const ImportResult text = AttachmentImporter::importFileSync(
        file(QStringLiteral("song.mp3"), QByteArray("just some words in a text file\n")));
    EXPECT_FALSE(text.needsDecoder);
    EXPECT_TRUE(text.error.contains(QStringLiteral("“song.mp3” is not an image or audio file")))
        << text.error.toStdString();
}

// --- QAudioDecoder (GStreamer on this platform; packaging/install-deps.sh installs its base and
// good plugins, which read WAV, FLAC, OGG and MP3). ---

struct DecodeOutcome {
    bool done = false;
    Attachment attachment;
    QString error;
};

DecodeOutcome decode(AudioFileDecoder &decoder, const std::function<void()> &start) {
    DecodeOutcome out;
    QObject context;
    QObject::connect(&decoder, &AudioFileDecoder::finished, &context, [&](const Attachment &a) {
        out.attachment = a;
        out.done = true;
    });
    QObject::connect(&decoder, &AudioFileDecoder::failed, &context, [&](const QString &m) {
        out.error = m;
        out.done = true;
    });
    start();
    EXPECT_TRUE(QTest::qWaitFor([&] { return out.done; }, kWaitMs));
    return out;
}

TEST_F(ImportTest, DecoderReadsFlacAndWav) {
    AudioFileDecoder decoder;
    const QString flacPath = file(QStringLiteral("tone.flac"), makeFlac(48000, 2, 1.0, 440));
    const DecodeOutcome flac = decode(decoder, [&] { decoder.start(flacPath); });
    ASSERT_TRUE(flac.error.isEmpty()) << flac.error.toStdString();
    EXPECT_EQ(flac.attachment.kind, Attachment::Kind::Audio);
    EXPECT_EQ(flac.attachment.name, QStringLiteral("tone.flac"));
    EXPECT_EQ(flac.attachment.sourceMimeType, QStringLiteral("audio/flac"));
    // GStreamer's resampler and ours may differ by a few samples at the ends.
    const double samples = double(test::flacSamples(48000, 1.0)) / 3;
    EXPECT_NEAR(double(sampleCount(flac.attachment.data)), samples, 32);
    EXPECT_NEAR(test::meanCrossings(flac.attachment.data, 100), 880 * (samples - 200) / 16000.0, 4);
    EXPECT_NEAR(double(flac.attachment.durationMs), samples / 16, 3);

    const QString wavPath =
        file(QStringLiteral("tone.wav"), makeWav({22050, 1, WavEncoding::Pcm, 16}, 0.5, 1000));
    const DecodeOutcome wav = decode(decoder, [&] { decoder.start(wavPath); });
    ASSERT_TRUE(wav.error.isEmpty()) << wav.error.toStdString();
    EXPECT_NEAR(double(sampleCount(wav.attachment.data)), 8000, 32);
    EXPECT_NEAR(zeroCrossings(wav.attachment.data, 100), 1000 * (8000 - 200) / 8000.0, 4);
}

TEST_F(ImportTest, DecoderFailsCleanlyOnNonAudio) {
    AudioFileDecoder decoder;
    // Starts like an MP3 (an ID3 tag), then nonsense.
    QByteArray junk = QByteArray("ID3\x03\x00\x00\x00\x00\x00\x0a", 10) + QByteArray(10, 'x');
    for (int i = 0; i < 2000; ++i)
        junk += char((i * 37) % 251);
    const QString junkPath = file(QStringLiteral("broken.mp3"), junk);
    const DecodeOutcome bad = decode(decoder, [&] { decoder.start(junkPath); });
    EXPECT_FALSE(bad.error.isEmpty());
    EXPECT_TRUE(bad.error.contains(QStringLiteral("broken.mp3"))) << bad.error.toStdString();
    EXPECT_TRUE(bad.attachment.data.isEmpty());

    const QString textPath = file(QStringLiteral("readme.txt"), QByteArray("hello\n"));
    const DecodeOutcome text = decode(decoder, [&] { decoder.start(textPath); });
    EXPECT_TRUE(text.error.contains(QStringLiteral("readme.txt"))) << text.error.toStdString();
}

// A device that never delivers a byte: the decoder waits for data that never comes.
class StalledDevice : public QIODevice {
public:
    StalledDevice() { open(QIODevice::ReadOnly); }
    bool isSequential() const override { return true; }

protected:
    qint64 readData(char *, qint64) override { return 0; }
    qint64 writeData(const char *, qint64) override { return -1; }
};

TEST_F(ImportTest, DecoderGivesUpWhenTheBackendNeverAnswers) {
    AudioFileDecoder decoder;
    decoder.setTimeoutMs(500);
    StalledDevice device;
    const DecodeOutcome out =
        decode(decoder, [&] { decoder.start(&device, QStringLiteral("stream.ogg")); });
    EXPECT_TRUE(out.error.contains(QStringLiteral("“stream.ogg”"))) << out.error.toStdString();
    EXPECT_TRUE(out.error.contains(QStringLiteral("gave no answer for 0.5 s")))
        << out.error.toStdString();
    EXPECT_TRUE(out.attachment.data.isEmpty());
    decoder.cancel();
}

TEST_F(ImportTest, DecoderRefusesAudioLongerThanTheLimit) {
    AudioFileDecoder decoder;
    decoder.setMaxDurationMs(500);
    const QString p = file(QStringLiteral("long.flac"), makeFlac(16000, 1, 2.0, 440));
    const DecodeOutcome out = decode(decoder, [&] { decoder.start(p); });
    EXPECT_TRUE(out.error.contains(QStringLiteral("long.flac"))) << out.error.toStdString();
    EXPECT_TRUE(out.error.contains(QStringLiteral("audio attachments can be at most")))
        << out.error.toStdString();
}

// --- The asynchronous path through PendingAttachments ---

TEST_F(ImportTest, PendingImportsKeepTheirOrderAndReportFailures) {
    PendingAttachments pending;
    QList<bool> importing;
    QObject::connect(&pending, &PendingAttachments::importingChanged,
                     [&](bool busy) { importing << busy; });
    QStringList refused;
    QObject::connect(&pending, &PendingAttachments::refused,
                     [&](const QString &m) { refused << m; });
    pending.importFiles({
        file(QStringLiteral("a.png"), encodeImage(testPicture(50, 40), "PNG")),
        file(QStringLiteral("b.flac"), makeFlac(44100, 1, 0.5, 440)),
        file(QStringLiteral("c.txt"), QByteArray("text")),
        file(QStringLiteral("d.wav"), makeWav({48000, 2, WavEncoding::Float, 32}, 0.25, 440)),
    });
    EXPECT_TRUE(pending.isImporting());
    ASSERT_TRUE(QTest::qWaitFor([&] { return !pending.isImporting(); }, kWaitMs));
    ASSERT_EQ(pending.count(), 3);
    EXPECT_EQ(pending.at(0).name, QStringLiteral("a.png"));
    EXPECT_EQ(pending.at(1).name, QStringLiteral("b.flac"));
    EXPECT_EQ(pending.at(1).kind, Attachment::Kind::Audio);
    EXPECT_NEAR(double(pending.at(1).durationMs), test::flacSamples(44100, 0.5) * 1000 / 44100.0,
                3);
    EXPECT_EQ(pending.at(2).name, QStringLiteral("d.wav"));
    EXPECT_EQ(sampleCount(pending.at(2).data), 4000);
    ASSERT_EQ(refused.size(), 1);
    EXPECT_TRUE(refused.first().contains(QStringLiteral("c.txt")));
    // busy once, idle once
    EXPECT_EQ(importing, (QList<bool>{true, false}));

    const QList<Attachment> taken = pending.take();
    EXPECT_EQ(taken.size(), 3);
    EXPECT_TRUE(pending.isEmpty());
}

TEST_F(ImportTest, AtMostEightAttachmentsPerMessage) {
    PendingAttachments pending;
    QStringList refused;
    QObject::connect(&pending, &PendingAttachments::refused,
                     [&](const QString &m) { refused << m; });
    QStringList files;
    for (int i = 0; i < 10; ++i)
        files << file(QStringLiteral("img%1.png").arg(i),
                      encodeImage(testPicture(20 + i, 20), "PNG"));
    pending.importFiles(files);
    ASSERT_TRUE(QTest::qWaitFor([&] { return !pending.isImporting(); }, kWaitMs));
    EXPECT_EQ(pending.count(), 8);
    EXPECT_TRUE(pending.isFull());
    ASSERT_EQ(refused.size(), 1);
    EXPECT_TRUE(refused.first().contains(QStringLiteral("“img8.png” and 1 more were not added")))
        << refused.first().toStdString();
    EXPECT_TRUE(refused.first().contains(QStringLiteral("at most 8 attachments")));

    // add() refuses too, and keeps the list as it was.
    const Attachment extra = pending.at(0);
    EXPECT_FALSE(pending.add(extra));
    EXPECT_EQ(pending.count(), 8);
    EXPECT_EQ(refused.size(), 2);
    // Removing one frees a place.
    pending.remove(3);
    EXPECT_EQ(pending.at(3).name, QStringLiteral("img4.png"));
    EXPECT_TRUE(pending.add(extra));
    pending.remove(-1);
    pending.remove(99);
    EXPECT_EQ(pending.count(), 8);
}

TEST_F(ImportTest, ClipboardAndDragData) {
    PendingAttachments pending;
    QStringList refused;
    QObject::connect(&pending, &PendingAttachments::refused,
                     [&](const QString &m) { refused << m; });

    // A QImage only (what a screenshot tool puts on the clipboard).
    QMimeData image;
    image.setImageData(testPicture(64, 32));
    EXPECT_TRUE(AttachmentImporter::canImport(&image));
    pending.importMimeData(&image);
    // Encoded JPEG bytes (a browser's "copy image"): kept as they are.
    const QByteArray jpeg = encodeImage(testPicture(40, 30), "JPEG", 80);
    QMimeData encoded;
    encoded.setData(QStringLiteral("image/jpeg"), jpeg);
    EXPECT_TRUE(AttachmentImporter::canImport(&encoded));
    pending.importMimeData(&encoded, QStringLiteral("Dropped image"));
    // Files from a file manager.
    QMimeData files;
    files.setUrls({QUrl::fromLocalFile(
        file(QStringLiteral("x.png"), encodeImage(testPicture(10, 10), "PNG")))});
    EXPECT_TRUE(AttachmentImporter::canImport(&files));
    pending.importMimeData(&files);
    ASSERT_TRUE(QTest::qWaitFor([&] { return !pending.isImporting(); }, kWaitMs));
    ASSERT_EQ(pending.count(), 3);
    EXPECT_EQ(pending.at(0).name, QStringLiteral("Pasted image.png"));
    EXPECT_EQ(pending.at(0).imageSize, QSize(64, 32));
    EXPECT_EQ(pending.at(1).name, QStringLiteral("Dropped image.jpg"));
    EXPECT_EQ(pending.at(1).data, jpeg);
    EXPECT_EQ(pending.at(2).name, QStringLiteral("x.png"));
    EXPECT_TRUE(refused.isEmpty());

    // Nothing usable: plain text, a web address, a folder.
    QMimeData text;
    text.setText(QStringLiteral("hello"));
    EXPECT_FALSE(AttachmentImporter::canImport(&text));
    QMimeData web;
    web.setUrls({QUrl(QStringLiteral("https://example.org/cat.png"))});
    EXPECT_FALSE(AttachmentImporter::canImport(&web));
    QMimeData folder;
    folder.setUrls({QUrl::fromLocalFile(m_dir.path())});
    EXPECT_FALSE(AttachmentImporter::canImport(&folder));
    EXPECT_FALSE(AttachmentImporter::canImport(nullptr));
    pending.importMimeData(&text);
    pending.importMimeData(&web);
    ASSERT_TRUE(QTest::qWaitFor([&] { return !pending.isImporting(); }, kWaitMs));
    ASSERT_EQ(refused.size(), 2);
    EXPECT_TRUE(refused.at(0).contains(QStringLiteral("no image, audio or file")));
    EXPECT_TRUE(refused.at(1).contains(QStringLiteral("https://example.org/cat.png")));
    EXPECT_TRUE(refused.at(1).contains(QStringLiteral("not a file on this computer")));
    EXPECT_EQ(pending.count(), 3);
}

TEST_F(ImportTest, DestroyingThePendingListMidImportIsSafe) {
    auto *pending = new PendingAttachments;
    pending->importFiles(
        {file(QStringLiteral("a.png"), encodeImage(testPicture(2000, 1500), "PNG")),
         file(QStringLiteral("b.flac"), makeFlac(44100, 2, 0.5, 440))});
    QCoreApplication::processEvents();
    delete pending;
    // The worker finishing later must not touch the deleted objects (ASan would see it).
    QThreadPool::globalInstance()->waitForDone();
    QCoreApplication::processEvents();
    // And importing still works afterwards.
    PendingAttachments again;
    again.importFiles({path(QStringLiteral("a.png"))});
    ASSERT_TRUE(QTest::qWaitFor([&] { return !again.isImporting(); }, kWaitMs));
    EXPECT_EQ(again.count(), 1);
}

}  // namespace
}  // namespace facet::app
