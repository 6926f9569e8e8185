//===- Certify.h - Decisions as SMT proof obligations -----------*- C++ -*-===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// A pass that decides from facts can write each decision it takes as a
// proof obligation: the facts stated in scope (as the analysis received
// them, before the engine derived anything) and the declarations of the
// symbols they use, together with the negated claim. The obligation holds
// when that is unsatisfiable over the mathematical integers (the
// no-overflow assumption of docs/Dialect.md). Obligations are built as
// MLIR's `smt` dialect and written in SMT-LIB by MLIR's exporter;
// scripts/check-certificates.py runs z3 on the file.
//
//===----------------------------------------------------------------------===//

#ifndef SYMSHAPE_LIB_TRANSFORMS_CERTIFY_H
#define SYMSHAPE_LIB_TRANSFORMS_CERTIFY_H

#include "symshape/Analysis/ShapeAnalysis.h"

#include "mlir/IR/Location.h"

#include <string>
#include <vector>

namespace symshape {

/// What a decision claims and the facts it was taken under.
struct Obligation {
  /// "decided max(...) = ...", for the comment above the query.
  std::string what;
  mlir::Location loc;
  /// All of them hold (a conjunction).
  SmallVector<Relation, 2> claim;
  std::vector<ShapeAnalysis::StatedFactLog> facts;
  /// The declaration of every symbol used by the facts or the claim.
  std::vector<std::pair<unsigned, SymbolFacts>> declarations;
  /// The assumptions of the analysis's models logged since the previous
  /// obligation of the same analysis (ShapeAnalysis::Assumption): written
  /// once each, before the first obligation that may rest on them.
  std::vector<ShapeAnalysis::Assumption> assumptions;
};

/// "lhs rel rhs" (rel one of ==, !=, <, <=), with symbols named as the user
/// knows them.
std::string describeRelation(ShapeAnalysis &analysis, const Relation &r);

/// "lhs rel rhs;" for each relation of `claim`, with symbols named as the
/// user knows them (for the comment above a query).
std::string describeClaim(ShapeAnalysis &analysis, ArrayRef<Relation> claim);

/// Snapshots the facts `analysis` holds at the current point of its walk
/// (it must log stated facts) for a decision claiming `claim`.
Obligation makeObligation(ShapeAnalysis &analysis, mlir::Location loc,
                          std::string what, ArrayRef<Relation> claim);

/// Writes `obligations` to `path` (or appends them) as SMT-LIB, one
/// `smt.solver` (a `check-sat` expected `unsat`) each, with a comment
/// naming the decision, preceded by the model assumptions it may rest on
/// (`; assumption: ...`). A claim that holds by the ops' definitions alone
/// (`X == X`: a select of a constant condition) needs no fact and gets a
/// comment instead of a query. The file's header states the no-overflow
/// contract that the queries over the integers assume.
mlir::LogicalResult writeObligations(mlir::MLIRContext *context,
                                     ArrayRef<Obligation> obligations,
                                     llvm::StringRef path, bool append);

/// The obligations of each analysis unit (the functions of a module,
/// gathered in parallel), written in the order of the units.
mlir::LogicalResult
writeUnitObligations(mlir::MLIRContext *context,
                     llvm::MutableArrayRef<std::vector<Obligation>> perUnit,
                     llvm::StringRef path, bool append);

} // namespace symshape

#endif // SYMSHAPE_LIB_TRANSFORMS_CERTIFY_H
