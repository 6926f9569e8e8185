//===- Report.h - The symbolic facts report ---------------------*- C++ -*-===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_TRANSFORMS_REPORT_H
#define SYMSHAPE_TRANSFORMS_REPORT_H

#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/Support/raw_ostream.h"

namespace symshape {

/// Prints what the shape analysis knows of `func`: its symbols with ranges
/// and divisors (as they hold at the end of the entry block), and the dims of
/// every ranked tensor value as expressions over them. `symbols`, if given,
/// is a symbol table of the module that calls are resolved in (see
/// ShapeAnalysis::setSymbolTable).
void printFactsReport(mlir::FunctionOpInterface func, llvm::raw_ostream &os,
                      const mlir::SymbolTable *symbols = nullptr);

/// Writes the facts of the public functions among `funcs` as one JSON
/// document (docs/Passes.md, "The facts report as JSON"): per function, each
/// ranked tensor argument and result with its dims (expression over the
/// symbols, range [lo, hi] with "inf"/"-inf" for an unbounded end, divisor),
/// and the symbols used with their kind, range and divisor, as the facts
/// hold at the end of the entry block.
void writeFactsReportJSON(llvm::ArrayRef<mlir::FunctionOpInterface> funcs,
                          llvm::raw_ostream &os,
                          const mlir::SymbolTable *symbols = nullptr);

} // namespace symshape

#endif // SYMSHAPE_TRANSFORMS_REPORT_H
