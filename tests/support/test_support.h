// SPDX-FileCopyrightText: 2026 The Facet authors
// SPDX-License-Identifier: Apache-2.0
// Small helpers shared by Facet's tests.
#pragma once

#include <QString>

#include <cstdint>
#include <random>
#include <string>

namespace facet::test {

// Folder of checked-in test data (tests/data).
QString dataDir();
// Folder for data generated at build/test time (build/tests/generated); created on demand.
QString generatedDir();

// A seed for fresh random data: FACET_TEST_SEED if set, otherwise from the clock. Tests print it
// (via SCOPED_TRACE/RecordProperty) so a failure can be reproduced.
uint64_t freshSeed();

// Returns a std::mt19937_64 seeded with freshSeed() and records the seed in the test output.
std::mt19937_64 seededRng();

}  // namespace facet::test
