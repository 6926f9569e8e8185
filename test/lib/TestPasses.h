//===- TestPasses.h - symshape-opt's test-only passes -----------*- C++ -*-===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_TEST_LIB_TESTPASSES_H
#define SYMSHAPE_TEST_LIB_TESTPASSES_H

namespace symshape {

/// Registers the test-only passes (symshape-opt only).
void registerTestPasses();

} // namespace symshape

#endif // SYMSHAPE_TEST_LIB_TESTPASSES_H
