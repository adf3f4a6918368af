// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "gguf/gguf_stream_writer.h"

#include <QDir>
#include <QFileInfo>
#include <QSaveFile>
#include <QStorageInfo>

#include <algorithm>
#include <array>

namespace facet::gguf {

namespace {

QString qs(std::string_view s) {
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

uint64_t alignUp(uint64_t n, uint64_t alignment) {
    return (n + alignment - 1) / alignment * alignment;
}

}  // namespace

StreamWriter::StreamWriter(uint32_t alignment) : m_alignment(alignment) {}

StreamWriter::~StreamWriter() {
    if (m_file && !m_finished) m_file->cancelWriting();  // QSaveFile removes the temporary file
}

void StreamWriter::set(const std::string &key, Value value) {
    for (KeyValue &kv : m_kv) {
        if (kv.key == key) {
            kv.value = std::move(value);
            return;
        }
    }
    m_kv.push_back(KeyValue{key, std::move(value)});
}

bool StreamWriter::declareTensor(const std::string &name, TensorType type, std::vector<uint64_t> ne,
                                 QString *error) {
    const auto failed = [&](const std::string &msg) {
        if (error) *error = QString::fromStdString("tensor '" + name + "': " + msg);
        return false;
    };
    if (m_state != State::Declaring) return failed("declared after begin()");
    if (name.empty()) return failed("empty tensor name");
    for (const TensorDecl &t : m_decls) {
        if (t.name == name) return failed("duplicate tensor name");
    }
    std::string sizeError;
    const std::optional<uint64_t> nbytes = tensorDataSize(type, ne, &sizeError);
    if (!nbytes) return failed(sizeError);
    m_decls.push_back(TensorDecl{name, type, std::move(ne)});
    m_sizes.push_back(*nbytes);
    return true;
}

bool StreamWriter::fail(QString *error, const QString &message) {
    if (m_error.isEmpty()) m_error = message;
    if (m_file && !m_finished) m_file->cancelWriting();
    m_file.reset();
    m_state = State::Done;
    if (error) *error = m_error;
    return false;
}

bool StreamWriter::failedEarlier(QString *error) const {
    if (m_error.isEmpty()) return false;
    if (error) *error = m_error;
    return true;
}

bool StreamWriter::begin(const QString &path, QString *error) {
    if (failedEarlier(error)) return false;
    if (m_state != State::Declaring) {
        return fail(error, path + QStringLiteral(": begin() called twice"));
    }
    m_path = path;
    QString invalid;
    if (!validateMetadata(m_alignment, m_kv, &invalid)) {
        return fail(error, path + QStringLiteral(": cannot write GGUF: ") + invalid);
    }
    const QByteArray header = encodeHeader(m_alignment, m_kv, m_decls);
    if (header.isEmpty()) {
        return fail(error,
                    path + QStringLiteral(": cannot write GGUF: the header does not encode"));
    }
    m_headerSize = static_cast<uint64_t>(header.size());
    m_fileSize = m_headerSize;
    for (uint64_t n : m_sizes)
        m_fileSize = alignUp(m_fileSize + n, m_alignment);

    // A clear message up front rather than a failed write minutes later. Other writers may
    // still fill the disk meanwhile; write errors are reported too.
    const QStorageInfo storage(QFileInfo(path).absoluteDir());
    if (storage.isValid() && storage.isReady()) {
        const qint64 available = storage.bytesAvailable();
        if (available >= 0 && static_cast<uint64_t>(available) < m_fileSize) {
            return fail(error, QStringLiteral("%1: not enough disk space: the file needs %2 bytes, "
                                              "%3 are available on %4")
                                   .arg(path)
                                   .arg(m_fileSize)
                                   .arg(available)
                                   .arg(storage.rootPath()));
        }
    }

    m_file = std::make_unique<QSaveFile>(path);
    if (!m_file->open(QIODevice::WriteOnly | QIODevice::Unbuffered)) {
        return fail(error, path + QStringLiteral(": cannot create file: ") + m_file->errorString());
    }
    m_state = State::Writing;
    return writeRaw(header.constData(), m_headerSize, error);
}

bool StreamWriter::writeRaw(const char *data, uint64_t size, QString *error) {
    // QIODevice::write takes a qint64; write in bounded pieces so a short write is reported with
    // the exact position.
    constexpr uint64_t kPiece = uint64_t{1} << 30;
    while (size > 0) {
        const uint64_t n = std::min(size, kPiece);
        const qint64 written = m_file->write(data, static_cast<qint64>(n));
        if (written != static_cast<qint64>(n)) {
            const QString where =
                m_state == State::InTensor
                    ? QStringLiteral("in tensor '%1' ").arg(qs(m_decls[m_nextTensor].name))
                    : QString();
            return fail(error, QStringLiteral("%1: write failed %2at byte %3 of %4: %5")
                                   .arg(m_path, where)
                                   .arg(m_bytesWritten +
                                        static_cast<uint64_t>(std::max<qint64>(written, 0)))
                                   .arg(m_fileSize)
                                   .arg(m_file->errorString()));
        }
        m_bytesWritten += n;
        data += n;
        size -= n;
    }
    return true;
}

bool StreamWriter::beginTensor(std::string_view name, QString *error) {
    if (failedEarlier(error)) return false;
    if (m_state != State::Writing) {
        return fail(error, QStringLiteral("%1: beginTensor('%2') %3")
                               .arg(m_path, qs(name),
                                    m_state == State::InTensor
                                        ? QStringLiteral("while tensor '%1' is unfinished")
                                              .arg(qs(m_decls[m_nextTensor].name))
                                        : QStringLiteral("before begin()")));
    }
    if (m_nextTensor >= m_decls.size()) {
        return fail(error, QStringLiteral("%1: tensor '%2' was not declared (all %3 declared "
                                          "tensors are written)")
                               .arg(m_path, qs(name))
                               .arg(m_decls.size()));
    }
    if (m_decls[m_nextTensor].name != name) {
        return fail(error, QStringLiteral("%1: tensor '%2' written where tensor #%3 '%4' is "
                                          "declared (tensors are written in declaration order)")
                               .arg(m_path, qs(name))
                               .arg(m_nextTensor)
                               .arg(qs(m_decls[m_nextTensor].name)));
    }
    m_state = State::InTensor;
    m_tensorWritten = 0;
    return true;
}

bool StreamWriter::append(const void *data, size_t size, QString *error) {
    if (failedEarlier(error)) return false;
    if (m_state != State::InTensor) {
        return fail(error, m_path + QStringLiteral(": append() outside a tensor"));
    }
    const uint64_t expected = m_sizes[m_nextTensor];
    if (size > expected - m_tensorWritten) {
        return fail(error, QStringLiteral("%1: tensor '%2' (%3, declared %4 bytes) got %5 bytes "
                                          "too many")
                               .arg(m_path, qs(m_decls[m_nextTensor].name),
                                    QString::fromUtf8(typeTraits(m_decls[m_nextTensor].type)->name))
                               .arg(expected)
                               .arg(m_tensorWritten + size - expected));
    }
    if (!writeRaw(static_cast<const char *>(data), size, error)) return false;
    m_tensorWritten += size;
    return true;
}

bool StreamWriter::endTensor(QString *error) {
    if (failedEarlier(error)) return false;
    if (m_state != State::InTensor) {
        return fail(error, m_path + QStringLiteral(": endTensor() outside a tensor"));
    }
    const TensorDecl &t = m_decls[m_nextTensor];
    const uint64_t expected = m_sizes[m_nextTensor];
    if (m_tensorWritten != expected) {
        return fail(error, QStringLiteral("%1: tensor '%2' (%3) ended after %4 of its %5 bytes")
                               .arg(m_path, qs(t.name), QString::fromUtf8(typeTraits(t.type)->name))
                               .arg(m_tensorWritten)
                               .arg(expected));
    }
    static const std::array<char, 4096> zeros{};
    uint64_t padding = alignUp(m_bytesWritten, m_alignment) - m_bytesWritten;
    while (padding > 0) {
        const uint64_t n = std::min<uint64_t>(padding, zeros.size());
        if (!writeRaw(zeros.data(), n, error)) return false;
        padding -= n;
    }
    m_state = State::Writing;
    ++m_nextTensor;
    return true;
}

bool StreamWriter::writeTensor(std::string_view name, const QByteArray &data, QString *error) {
    return beginTensor(name, error) &&
           append(data.constData(), static_cast<size_t>(data.size()), error) && endTensor(error);
}

bool StreamWriter::finish(QString *error) {
    if (failedEarlier(error)) return false;
    if (m_state == State::Declaring) {
        return fail(error, QStringLiteral("finish() before begin()"));
    }
    if (m_state == State::InTensor) {
        return fail(error, QStringLiteral("%1: finish() while tensor '%2' is unfinished")
                               .arg(m_path, qs(m_decls[m_nextTensor].name)));
    }
    if (m_nextTensor != m_decls.size()) {
        return fail(error, QStringLiteral("%1: finish() after %2 of %3 tensors (next: '%4')")
                               .arg(m_path)
                               .arg(m_nextTensor)
                               .arg(m_decls.size())
                               .arg(qs(m_decls[m_nextTensor].name)));
    }
    if (m_bytesWritten != m_fileSize) {  // cannot happen: every piece above is counted
        return fail(error, QStringLiteral("%1: wrote %2 bytes, the layout needs %3")
                               .arg(m_path)
                               .arg(m_bytesWritten)
                               .arg(m_fileSize));
    }
    // commit() flushes, syncs and renames; a full disk often shows up only here.
    if (!m_file->commit()) {
        return fail(error, QStringLiteral("%1: cannot finish writing %2 bytes: %3")
                               .arg(m_path)
                               .arg(m_fileSize)
                               .arg(m_file->errorString()));
    }
    m_finished = true;
    m_file.reset();
    m_state = State::Done;
    return true;
}

void StreamWriter::cancel() {
    if (m_finished) return;
    fail(nullptr, m_path + QStringLiteral(": writing was cancelled"));
}

}  // namespace facet::gguf
