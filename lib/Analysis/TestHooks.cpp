//===- TestHooks.cpp - Wrong rules for the certificate tests --------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#include "TestHooks.h"

std::atomic<bool> symshape::testing::unsoundMax{false};
std::atomic<bool> symshape::testing::unsoundSizeOperands{false};
