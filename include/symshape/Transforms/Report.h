//===- Report.h - The symbolic facts report ---------------------*- C++ -*-===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_TRANSFORMS_REPORT_H
#define SYMSHAPE_TRANSFORMS_REPORT_H

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/Support/raw_ostream.h"

namespace symshape {

/// Prints what the shape analysis knows of `func`: its symbols with ranges
/// and divisors (as they hold at the end of the entry block), and the dims of
/// every ranked tensor value as expressions over them.
void printFactsReport(mlir::FunctionOpInterface func, llvm::raw_ostream &os);

} // namespace symshape

#endif // SYMSHAPE_TRANSFORMS_REPORT_H
