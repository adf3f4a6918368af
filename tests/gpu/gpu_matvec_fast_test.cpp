// Placeholder: tests land with the kernels.
#include <gtest/gtest.h>
