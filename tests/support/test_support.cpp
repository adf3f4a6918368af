// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
#include "support/test_support.h"

#include <QDir>

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>

namespace facet::test {

QString dataDir() {
    return QString::fromUtf8(FACET_TEST_DATA_DIR);
}

QString generatedDir() {
    const QString dir = QString::fromUtf8(FACET_TEST_BUILD_DIR);
    QDir().mkpath(dir);
    return dir;
}

uint64_t freshSeed() {
    if (const char *s = std::getenv("FACET_TEST_SEED"); s && *s) {
        return std::strtoull(s, nullptr, 10);
    }
    return static_cast<uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
}

std::mt19937_64 seededRng() {
    const uint64_t seed = freshSeed();
    ::testing::Test::RecordProperty("seed", std::to_string(seed));
    std::printf("[ seed     ] FACET_TEST_SEED=%llu\n", static_cast<unsigned long long>(seed));
    return std::mt19937_64(seed);
}

}  // namespace facet::test
