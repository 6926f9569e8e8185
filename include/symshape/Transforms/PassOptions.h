//===- PassOptions.h - Values of symshape pass options ----------*- C++ -*-===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// The enumerated values of symshape's pass options, for compilers that set
// them or declare options of their own with the same values.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_TRANSFORMS_PASSOPTIONS_H
#define SYMSHAPE_TRANSFORMS_PASSOPTIONS_H

namespace symshape {

/// What the `checks=` option makes of stated facts and user assumptions.
enum class CheckMode {
  /// Run-time checks (`cf.assert`) that they hold.
  Assert,
  /// Nothing: they are trusted.
  None,
};

/// The format of symshape-infer's report (`report-format=`).
enum class ReportFormat { Text, Json };

} // namespace symshape

#endif // SYMSHAPE_TRANSFORMS_PASSOPTIONS_H
