// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Reader for the safetensors format (Hugging Face): an 8-byte little-endian header length, a JSON
// header mapping tensor names to {dtype, shape, data_offsets}, then the raw little-endian data.
// Facet reads it for Hugging Face checkpoints and reference data (tests) and, later, PEFT LoRA
// adapters (adapter_model.safetensors). The file is memory-mapped; every offset and shape is
// validated against the file before a tensor is handed out, so a corrupt or truncated file gives
// a message instead of a crash.
#pragma once

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

class QFile;

namespace facet::safetensors {

enum class DType { F64, F32, F16, BF16, I64, I32, I16, I8, U8, Bool };

// Bytes per element of a dtype.
int dtypeSize(DType t);
// The format's own spelling ("F32", "BF16", …).
const char *dtypeName(DType t);

struct Tensor {
    std::string name;
    DType dtype = DType::F32;
    std::vector<int64_t> shape;  // PyTorch order: the last dimension is contiguous
    const uint8_t *data = nullptr;
    uint64_t bytes = 0;

    int64_t elements() const;
    // The values converted to float (F64/F32/F16/BF16 and the integer types).
    std::vector<float> toFloat() const;
    // The values as integers (integer and bool types; floats are truncated).
    std::vector<int64_t> toInt() const;
};

class File {
public:
    ~File();
    File(const File &) = delete;
    File &operator=(const File &) = delete;

    // Opens and validates a file, memory-mapping it. On failure returns nullptr and sets *error
    // to a message naming the file and what is wrong.
    static std::unique_ptr<File> open(const QString &path, QString *error);
    // Parses an in-memory image (tests, fuzzing); the bytes are kept alive by the File.
    static std::unique_ptr<File> fromBytes(QByteArray bytes, QString *error);

    QString path() const { return m_path; }
    const std::vector<Tensor> &tensors() const { return m_tensors; }
    const Tensor *find(std::string_view name) const;
    // The "__metadata__" string map (empty when absent).
    const std::map<std::string, std::string> &metadata() const { return m_metadata; }

private:
    File() = default;
    bool parse(QString *error);

    QString m_path;
    std::unique_ptr<QFile> m_file;
    QByteArray m_owned;
    const uint8_t *m_base = nullptr;
    uint64_t m_size = 0;
    std::vector<Tensor> m_tensors;
    std::map<std::string, size_t, std::less<>> m_index;
    std::map<std::string, std::string> m_metadata;
};

// Writes tensors as a safetensors image (tests and the fixture tools). Tensors are written in the
// given order, each aligned to 8 bytes.
struct TensorToWrite {
    std::string name;
    DType dtype = DType::F32;
    std::vector<int64_t> shape;
    QByteArray data;  // little-endian, elements × dtypeSize bytes
};
QByteArray write(const std::vector<TensorToWrite> &tensors,
                 const std::map<std::string, std::string> &metadata = {});

}  // namespace facet::safetensors
