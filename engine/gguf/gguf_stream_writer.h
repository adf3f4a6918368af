// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Streaming GGUF writer: the file is written tensor by tensor, so a multi-gigabyte model never
// has to be in memory at once.
//
// Usage: set() the metadata and declareTensor() every tensor (name, type, shape) first — the
// header holds every tensor's offset, so everything must be known before the first byte of data
// is written — then begin(path), and for each tensor, in declaration order, beginTensor(name),
// append() its bytes in as many pieces as convenient, endTensor(); finally finish().
//
// The bytes are exactly those gguf::Writer::toBytes() produces for the same metadata and tensors
// (both use encodeHeader()). The file is written to a temporary file next to `path` and renamed
// over it only by finish(): a failed or abandoned write (error, destructor, cancel()) never
// leaves a partial file at `path`. The first error is sticky: every later call fails with it.
// Every tensor's byte count is checked — append() refuses bytes beyond the declared size and
// endTensor() a short tensor — so a generator bug cannot shift the data of the tensors after it.
#pragma once

#include "gguf/gguf.h"

#include <QString>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

class QSaveFile;

namespace facet::gguf {

class StreamWriter {
public:
    explicit StreamWriter(uint32_t alignment = 32);
    // An unfinished file is discarded.
    ~StreamWriter();
    StreamWriter(const StreamWriter &) = delete;
    StreamWriter &operator=(const StreamWriter &) = delete;

    // ---- declaration (before begin()) ----

    // Sets (or replaces) a metadata key; order of first insertion is kept (as Writer::set).
    void set(const std::string &key, Value value);
    // Declares the next tensor. Fails (and sets *error) on a duplicate or empty name, an unknown
    // type, bad dimensions (see tensorDataSize()), or after begin().
    bool declareTensor(const std::string &name, TensorType type, std::vector<uint64_t> ne,
                       QString *error);
    const std::vector<TensorDecl> &tensors() const { return m_decls; }
    uint32_t alignment() const { return m_alignment; }

    // ---- writing ----

    // Encodes the header and writes it to a new temporary file in the directory of `path`.
    // Fails on invalid metadata (see Writer::validate()), when the file cannot be created, when
    // the file system reports less free space than the file needs, or on a write error.
    bool begin(const QString &path, QString *error);
    // Starts the next declared tensor; `name` must be its name.
    bool beginTensor(std::string_view name, QString *error);
    // Appends bytes of the current tensor. Fails when they would exceed its declared size.
    bool append(const void *data, size_t size, QString *error);
    // Ends the current tensor: fails unless exactly its declared size was appended; writes the
    // alignment padding that follows it.
    bool endTensor(QString *error);
    // beginTensor(name), append(data), endTensor().
    bool writeTensor(std::string_view name, const QByteArray &data, QString *error);
    // After the last tensor: flushes, syncs and renames the temporary file to the path given to
    // begin(). Fails when a tensor is missing or unfinished, or when the file system does (a full
    // disk often shows up only here).
    bool finish(QString *error);
    // Discards the temporary file; the writer is then failed.
    void cancel();

    // Progress and sizes (valid after begin()).
    uint64_t fileSize() const { return m_fileSize; }          // size of the finished file
    uint64_t headerSize() const { return m_headerSize; }      // offset of the data section
    uint64_t bytesWritten() const { return m_bytesWritten; }  // header, data and padding so far
    size_t tensorsWritten() const { return m_nextTensor; }    // tensors ended so far
    bool failed() const { return !m_error.isEmpty(); }
    bool finished() const { return m_finished; }

private:
    enum class State { Declaring, Writing, InTensor, Done };

    bool fail(QString *error, const QString &message);
    bool failedEarlier(QString *error) const;
    bool writeRaw(const char *data, uint64_t size, QString *error);

    uint32_t m_alignment;
    std::vector<KeyValue> m_kv;
    std::vector<TensorDecl> m_decls;
    std::vector<uint64_t> m_sizes;  // data bytes of each declared tensor

    State m_state = State::Declaring;
    QString m_path;
    std::unique_ptr<QSaveFile> m_file;
    QString m_error;  // first error, sticky
    bool m_finished = false;
    size_t m_nextTensor = 0;       // index of the tensor being written / next to write
    uint64_t m_tensorWritten = 0;  // bytes appended to the current tensor
    uint64_t m_fileSize = 0;
    uint64_t m_headerSize = 0;
    uint64_t m_bytesWritten = 0;
};

}  // namespace facet::gguf
