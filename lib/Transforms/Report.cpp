//===- Report.cpp - The symbolic facts report -----------------------------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//

#include "symshape/Transforms/Report.h"
#include "symshape/Analysis/ShapeAnalysis.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace symshape;

void symshape::printFactsReport(FunctionOpInterface func,
                                llvm::raw_ostream &os) {
  ShapeAnalysis analysis(func->getContext());
  AsmState state(func);
  std::string dimsText;
  llvm::raw_string_ostream dims(dimsText);
  llvm::SetVector<unsigned> used;
  std::string symbolsText;
  llvm::raw_string_ostream syms(symbolsText);
  Block *entry = &func.getFunctionBody().front();

  auto describeShape = [&](Value v) {
    SmallVector<Expr> shape = analysis.getShape(v);
    dims << "[";
    llvm::interleaveComma(shape, dims, [&](Expr e) {
      Expr n = analysis.getSolver().normalize(e);
      used.insert(n.getSymbolsUsed().begin(), n.getSymbolsUsed().end());
      dims << analysis.describe(n);
      // A derived dim with its range under the facts that hold here.
      if (!n.isConstant() && !n.isSymbol())
        dims << " (in " << analysis.getSolver().getRange(n) << ")";
    });
    dims << "]";
  };
  auto describeValue = [&](Value v, StringRef what) {
    auto type = dyn_cast<RankedTensorType>(v.getType());
    if (!type)
      return;
    dims << "    ";
    v.printAsOperand(dims, state);
    dims << " (" << what << ") : " << type << " = ";
    describeShape(v);
    dims << "\n";
  };
  // Facts are described as they hold at the end of the entry block, where
  // the facts of the entry block (bindings, asserts) all hold.
  auto describeSymbols = [&] {
    Solver &solver = analysis.getSolver();
    for (unsigned pos : used) {
      Expr s = analysis.getExprContext().getSymbol(pos);
      SymbolFacts f = analysis.getFacts().getSymbol(pos);
      syms << "    " << analysis.getSymbolName(pos) << " : "
           << (f.isSize ? "size" : "integer") << " in " << solver.getRange(s);
      int64_t d = solver.getDivisor(s);
      if (d > 1)
        syms << ", multiple of " << d;
      syms << "\n";
    }
  };
  (void)analysis.run(func, [&](Operation *op) {
    for (Value result : op->getResults())
      describeValue(result, op->getName().getStringRef());
    if (op->getBlock() == entry && op == entry->getTerminator()) {
      for (BlockArgument arg : entry->getArguments())
        describeValue(arg, ("argument " + Twine(arg.getArgNumber())).str());
      describeSymbols();
    }
  });
  // A function without symbols (a test harness on static shapes) has no
  // facts to report.
  if (symbolsText.empty())
    return;
  os << "symshape facts for @" << func.getName() << ":\n";
  os << "  symbols:\n" << symbolsText;
  os << "  tensor dims:\n" << dimsText;
}
