//===- IRBindings.cpp - MLIR modules and pass pipelines from Python -------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// symshape.ir over MLIR's C++ API (MLIR's own Python bindings are not part
// of Debian's packages). One process-wide MLIRContext holds every dialect
// and pass symshape-opt knows (symshape/InitAll.h). Every operation on it
// (parse, verify, print, run a pipeline) holds one lock, with the GIL
// released, and collects the diagnostics it emits with their locations;
// nothing is printed. A failed operation returns its diagnostics, which the
// Python side raises as symshape.ir.DiagnosticError.
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"

#include "symshape/InitAll.h"
#include "symshape/Transforms/Passes.h"
#include "symshape/Transforms/Report.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/raw_ostream.h"

#include <pybind11/stl.h>

#include <cstdio>
#include <memory>
#include <mutex>

#include <unistd.h>

namespace py = pybind11;
using namespace mlir;

namespace {

/// The process-wide context. Never destroyed: modules may outlive the
/// extension's teardown.
struct IRState {
  IRState() {
    DialectRegistry registry;
    symshape::registerAllDialects(registry);
    symshape::registerAllPasses();
    context = std::make_unique<MLIRContext>(registry);
  }
  std::unique_ptr<MLIRContext> context;
  std::mutex mutex;
};

IRState &state() {
  static IRState *s = new IRState();
  return *s;
}

/// One diagnostic: severity, location (file:line:col when the location has
/// one), message, and the file, line and column (empty/0 otherwise).
struct DiagRecord {
  std::string severity;
  std::string location;
  std::string message;
  std::string file;
  unsigned line = 0;
  unsigned column = 0;
};

const char *severityName(DiagnosticSeverity s) {
  switch (s) {
  case DiagnosticSeverity::Error:
    return "error";
  case DiagnosticSeverity::Warning:
    return "warning";
  case DiagnosticSeverity::Note:
    return "note";
  case DiagnosticSeverity::Remark:
    return "remark";
  }
  return "error";
}

DiagRecord makeRecord(Location loc, StringRef severity, std::string message) {
  DiagRecord r;
  r.severity = severity.str();
  r.message = std::move(message);
  if (auto flc = loc->findInstanceOf<FileLineColLoc>()) {
    r.file = flc.getFilename().str();
    r.line = flc.getLine();
    r.column = flc.getColumn();
    r.location =
        r.file + ":" + std::to_string(r.line) + ":" + std::to_string(r.column);
  } else if (!isa<UnknownLoc>(loc)) {
    llvm::raw_string_ostream os(r.location);
    loc.print(os);
  }
  return r;
}

/// Collects every diagnostic emitted on the context while alive, notes
/// following the diagnostic they belong to.
class Collector {
public:
  explicit Collector(MLIRContext *ctx)
      : handler(ctx, [this](Diagnostic &d) {
          records.push_back(makeRecord(d.getLocation(),
                                       severityName(d.getSeverity()), d.str()));
          for (Diagnostic &note : d.getNotes())
            records.push_back(
                makeRecord(note.getLocation(), "note", note.str()));
          return success();
        }) {}

  bool hasError() const {
    return llvm::any_of(
        records, [](const DiagRecord &r) { return r.severity == "error"; });
  }
  void addError(std::string location, std::string message) {
    DiagRecord r;
    r.severity = "error";
    r.location = std::move(location);
    r.message = std::move(message);
    records.push_back(std::move(r));
  }

  std::vector<DiagRecord> records;

private:
  ScopedDiagnosticHandler handler;
};

py::list toPy(const std::vector<DiagRecord> &records) {
  py::list l;
  for (const DiagRecord &r : records)
    l.append(py::make_tuple(r.severity, r.location, r.message, r.file, r.line,
                            r.column));
  return l;
}

struct PyModule {
  OwningOpRef<ModuleOp> op;
};

/// Runs `fn(collector)` with the GIL released and the context locked.
template <typename Fn> std::vector<DiagRecord> locked(Fn fn) {
  IRState &s = state();
  py::gil_scoped_release release;
  std::lock_guard<std::mutex> lock(s.mutex);
  Collector collector(s.context.get());
  fn(collector);
  return std::move(collector.records);
}

/// (module or None, diagnostics)
py::tuple parseModule(const std::string &text, const std::string &name) {
  std::unique_ptr<PyModule> module;
  std::vector<DiagRecord> diags = locked([&](Collector &c) {
    ParserConfig config(state().context.get());
    OwningOpRef<ModuleOp> op = parseSourceString<ModuleOp>(text, config, name);
    if (!op) {
      if (!c.hasError())
        c.addError(name, "cannot parse the module");
      return;
    }
    module = std::make_unique<PyModule>();
    module->op = std::move(op);
  });
  py::object m = module ? py::cast(std::move(module)) : py::none();
  return py::make_tuple(m, toPy(diags));
}

/// (ok, diagnostics)
py::tuple verifyModule(PyModule &m) {
  bool ok = true;
  std::vector<DiagRecord> diags = locked([&](Collector &c) {
    ok = succeeded(verify(*m.op));
    if (!ok && !c.hasError())
      c.addError("", "the module does not verify");
  });
  return py::make_tuple(ok, toPy(diags));
}

std::string printModule(PyModule &m, bool generic, bool debugInfo) {
  std::string text;
  (void)locked([&](Collector &) {
    OpPrintingFlags flags;
    if (generic)
      flags.printGenericOpForm();
    if (debugInfo)
      flags.enableDebugInfo();
    llvm::raw_string_ostream os(text);
    m.op->print(os, flags);
  });
  return text;
}

std::unique_ptr<PyModule> cloneModule(PyModule &m) {
  auto copy = std::make_unique<PyModule>();
  (void)locked([&](Collector &) { copy->op = m.op->clone(); });
  return copy;
}

/// Runs `fn` with file descriptor 2 redirected to a temporary file, whose
/// contents end up in `captured`.
template <typename Fn>
auto withStderrCaptured(std::string &captured, Fn fn) -> decltype(fn()) {
  llvm::errs().flush();
  std::fflush(stderr);
  std::FILE *tmp = std::tmpfile();
  int saved = tmp ? ::dup(2) : -1;
  if (saved < 0 || ::dup2(::fileno(tmp), 2) < 0) {
    if (saved >= 0)
      ::close(saved);
    if (tmp)
      std::fclose(tmp);
    return fn();
  }
  auto result = fn();
  llvm::errs().flush();
  std::fflush(stderr);
  ::dup2(saved, 2);
  ::close(saved);
  std::rewind(tmp);
  char buffer[4096];
  size_t n;
  while ((n = std::fread(buffer, 1, sizeof(buffer), tmp)) > 0)
    captured.append(buffer, n);
  std::fclose(tmp);
  return result;
}

/// Parses a pipeline, in the textual form `builtin.module(...)` or as the
/// bare list of passes on the module, into `pm`.
LogicalResult parsePipeline(StringRef pipeline, PassManager &pm, Collector &c) {
  StringRef text = pipeline.trim();
  StringRef inner = text;
  if (inner.consume_front("builtin.module")) {
    inner = inner.ltrim();
    if (inner.consume_front("(") && inner.consume_back(")"))
      text = inner;
  }
  std::string error;
  llvm::raw_string_ostream os(error);
  // Pass options are parsed by llvm::cl, which reports a bad option on
  // stderr: capture it for the diagnostic.
  std::string optionErrors;
  LogicalResult parsed = withStderrCaptured(
      optionErrors, [&] { return parsePassPipeline(text, pm, os); });
  if (succeeded(parsed))
    return success();
  std::string message = StringRef(error).trim().str();
  StringRef extra = StringRef(optionErrors).trim();
  if (!extra.empty())
    message += (message.empty() ? "" : ": ") + extra.str();
  c.addError("pipeline", message.empty()
                             ? "invalid pass pipeline '" + pipeline.str() + "'"
                             : message);
  return failure();
}

/// Runs `pipeline` on a copy of the module; on success the copy replaces
/// it, on failure the module is left as it was. (ok, diagnostics)
py::tuple runPipeline(PyModule &m, const std::string &pipeline) {
  bool ok = false;
  std::vector<DiagRecord> diags = locked([&](Collector &c) {
    MLIRContext *ctx = state().context.get();
    PassManager pm(ctx, ModuleOp::getOperationName(),
                   OpPassManager::Nesting::Implicit);
    if (failed(parsePipeline(pipeline, pm, c)))
      return;
    OwningOpRef<ModuleOp> work = m.op->clone();
    if (failed(pm.run(*work))) {
      if (!c.hasError())
        c.addError("", "the pass pipeline '" + pipeline + "' failed");
      return;
    }
    m.op = std::move(work);
    ok = true;
  });
  return py::make_tuple(ok, toPy(diags));
}

/// The facts report of the module's public functions as JSON text, as
/// `symshape-infer{report report-format=json}` writes it. (json or None,
/// diagnostics)
py::tuple factsReport(PyModule &m) {
  std::string json;
  bool ok = false;
  std::vector<DiagRecord> diags = locked([&](Collector &c) {
    MLIRContext *ctx = state().context.get();
    OwningOpRef<ModuleOp> work = m.op->clone();
    PassManager pm(ctx, ModuleOp::getOperationName());
    pm.addPass(symshape::createSymShapeInferPass());
    if (failed(pm.run(*work))) {
      if (!c.hasError())
        c.addError("", "symshape-infer failed");
      return;
    }
    SmallVector<FunctionOpInterface> funcs;
    work->walk([&](FunctionOpInterface f) {
      if (!f.isExternal())
        funcs.push_back(f);
    });
    llvm::raw_string_ostream os(json);
    symshape::writeFactsReportJSON(funcs, os);
    ok = true;
  });
  py::object text = ok ? py::object(py::str(json)) : py::object(py::none());
  return py::make_tuple(text, toPy(diags));
}

} // namespace

void symshape::python::bindIR(py::module_ &m) {
  py::class_<PyModule>(m, "_Module")
      .def("verify", &verifyModule)
      .def("print", &printModule, py::arg("generic") = false,
           py::arg("debug_info") = false)
      .def("clone", &cloneModule)
      .def("run", &runPipeline, py::arg("pipeline"))
      .def("facts_json", &factsReport);
  m.def("_parse_module", &parseModule, py::arg("text"),
        py::arg("name") = "<string>");
}
