//===- Specialize.cpp - symshape-specialize: bind= and profile= -----------===//
//
// Part of the symshape project.
//
//===----------------------------------------------------------------------===//
//
// User assumptions about named sizes, applied before any proof-driven
// refinement: `bind=` gives a name one value in every function (the
// argument is cast to the static type and, with checks, its dims are checked
// with cf.assert at the entry); `profile=` versions each public function
// with profiled argument dims into a specialized copy at `opt`, a generic
// copy checked against [min, max], and a dispatch. Names are symshape.symbol
// names and argument dims named by `symshape.dim_names`; an unknown name or
// a value outside a declared range or divisor is an error at the
// declaration.
//
// symshape-specialize runs this alone; symshape-dynamic-to-static runs it
// first when given bind=/profile= (and the pipeline so), with its own name
// in the diagnostics.
//
//===----------------------------------------------------------------------===//

#include "Specialize.h"
#include "ArgDimFacts.h"
#include "symshape/IR/SymShapeOps.h"
#include "symshape/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/StringMap.h"

namespace symshape {
#define GEN_PASS_DEF_SYMSHAPESPECIALIZEPASS
#include "symshape/Transforms/Passes.h.inc"
} // namespace symshape

using namespace mlir;
using namespace symshape;

namespace {

//===----------------------------------------------------------------------===//
// User assumptions: bind= and profile=
//===----------------------------------------------------------------------===//

/// One declaration of a name: a symshape.symbol or a named argument dim,
/// with its range and divisor and where it is.
struct Declaration {
  Interval range = Interval::nonNegative();
  int64_t divisor = 1;
  Location loc;
};

/// Every declaration of every name in the module. A binding or a profile
/// applies to every function that uses the name, so it must satisfy each.
llvm::StringMap<SmallVector<Declaration, 1>> collectNames(ModuleOp module) {
  llvm::StringMap<SmallVector<Declaration, 1>> names;
  module.walk([&](SymbolOp symbol) {
    RangeAttr r = symbol.getRangeOrDefault();
    names[symbol.getName()].push_back(
        {Interval::nonNegative().intersect(Interval(r.getLo(), r.getHi())),
         symbol.getDivisor(), symbol.getLoc()});
  });
  module.walk([&](FunctionOpInterface func) {
    if (func.isExternal())
      return;
    for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i) {
      auto dimNames = func.getArgAttrOfType<ArrayAttr>(i, "symshape.dim_names");
      if (!dimNames)
        continue;
      for (auto [d, attr] : llvm::enumerate(dimNames)) {
        auto name = dyn_cast<StringAttr>(attr);
        if (!name || name.getValue().empty())
          continue;
        Declaration decl{Interval::nonNegative(), 1,
                         func.getArgument(i).getLoc()};
        auto [range, divisor] = getArgDimFacts(func, i, d);
        if (range)
          decl.range =
              decl.range.intersect(Interval(range.getLo(), range.getHi()));
        if (divisor)
          decl.divisor = std::max<int64_t>(1, divisor.getInt());
        names[name.getValue()].push_back(decl);
      }
    }
  });
  return names;
}

/// The name of dim `d` of argument `i` of `func`, from symshape.dim_names or
/// from a binding at the entry to a named symbol.
std::string argDimName(FunctionOpInterface func, unsigned i, unsigned d) {
  if (auto dimNames = func.getArgAttrOfType<ArrayAttr>(i, "symshape.dim_names"))
    if (d < dimNames.size())
      if (auto name = dyn_cast<StringAttr>(dimNames[d]);
          name && !name.getValue().empty())
        return name.getValue().str();
  Value arg = func.getArgument(i);
  for (Operation *user : arg.getUsers()) {
    auto bind = dyn_cast<BindShapeOp>(user);
    if (!bind || bind.getTensor() != arg || d >= bind.getDims().size())
      continue;
    Expr e = bind.getDimExpr(d);
    if (!e.isSymbol())
      continue;
    if (auto symbol =
            bind.getSymbols()[e.getSymbolPosition()].getDefiningOp<SymbolOp>())
      return symbol.getName().str();
  }
  return "";
}

/// Asserts `ok` at the entry of `func`, with the message "symshape: 'name'
/// (dim d of arg i of @func) must be <what>".
void assertArgDim(OpBuilder &b, Location loc, Value ok,
                  FunctionOpInterface func, BlockArgument arg, int64_t d,
                  StringRef name, const Twine &what) {
  cf::AssertOp::create(b, loc, ok,
                       b.getStringAttr("symshape: '" + name + "' (dim " +
                                       Twine(d) + " of arg " +
                                       Twine(arg.getArgNumber()) + " of @" +
                                       func.getName() + ") must be " + what));
}

/// Checks `dim d of arg == value` at the entry of `func` (if `checks`) and
/// makes the argument's uses see a tensor whose dim is static.
void bindArgumentDims(FunctionOpInterface func,
                      const llvm::StringMap<int64_t> &values, bool checks,
                      StringRef origin) {
  Block &entry = func.getFunctionBody().front();
  OpBuilder b = OpBuilder::atBlockBegin(&entry);
  for (BlockArgument arg : entry.getArguments()) {
    auto type = dyn_cast<RankedTensorType>(arg.getType());
    if (!type)
      continue;
    SmallVector<int64_t> shape(type.getShape());
    // The shape bindings see every bound dim static, 0 included: the entry
    // checked them (or the dispatch decided, or the user trusts them).
    SmallVector<int64_t> boundShape(type.getShape());
    SmallVector<std::pair<int64_t, std::string>> boundDims;
    for (int64_t d = 0; d < type.getRank(); ++d) {
      if (!type.isDynamicDim(d))
        continue;
      std::string name = argDimName(func, arg.getArgNumber(), d);
      auto it = values.find(name);
      if (name.empty() || it == values.end())
        continue;
      // For the other uses, a bound 0 is checked but stays dynamic (see
      // Refiner::refineSize).
      if (it->second != 0)
        shape[d] = it->second;
      boundShape[d] = it->second;
      boundDims.push_back({d, name});
    }
    if (boundDims.empty())
      continue;
    // The checks read the argument itself and come first.
    SmallPtrSet<Operation *, 4> checkOps;
    for (auto &[d, name] : boundDims) {
      auto it = values.find(name);
      Location loc = arg.getLoc();
      if (!checks)
        continue;
      auto dim = tensor::DimOp::create(b, loc, arg, d);
      checkOps.insert(dim);
      Value expected = arith::ConstantIndexOp::create(b, loc, it->second);
      Value ok = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, dim,
                                       expected);
      assertArgDim(b, loc, ok, func, arg, d, name,
                   Twine(it->second) + " (" + origin + name + "=" +
                       Twine(it->second) + ")");
    }
    // Then every other use sees the static type, cast back to the argument's
    // type so that each user stays valid until it is rebuilt. A binding of
    // the argument's dims to symbols sees the static type itself: the entry
    // checked (or the dispatch decided, or the user trusts) those dims, so
    // lowering must not check them a second time. With a dim bound to 0 the
    // binding reads a cast of its own, which nothing else reads: a static 0
    // there goes when lowering erases the binding.
    auto cast = tensor::CastOp::create(b, arg.getLoc(), type.clone(shape), arg);
    auto back = tensor::CastOp::create(b, arg.getLoc(), type, cast);
    checkOps.insert(cast);
    auto bound = cast;
    if (boundShape != shape) {
      bound =
          tensor::CastOp::create(b, arg.getLoc(), type.clone(boundShape), arg);
      checkOps.insert(bound);
    }
    arg.replaceUsesWithIf(bound.getResult(), [&](OpOperand &use) {
      return isa<BindShapeOp>(use.getOwner());
    });
    arg.replaceUsesWithIf(back.getResult(), [&](OpOperand &use) {
      return !checkOps.contains(use.getOwner());
    });
  }
  // Named symbols take the bound value.
  func.walk([&](SymbolOp symbol) {
    auto it = values.find(symbol.getName());
    if (it == values.end())
      return;
    OpBuilder sb(symbol);
    Value c = arith::ConstantIndexOp::create(sb, symbol.getLoc(), it->second);
    symbol.getResult().replaceAllUsesWith(c);
    symbol.erase();
  });
}

/// Checks `lo <= dim d of arg <= hi` at the entry for every profiled name:
/// the facts the generic version is compiled with. A range that every
/// declaration of the name already confines the dim to is not checked a
/// second time (lowering checks the declarations).
void checkProfileRanges(
    FunctionOpInterface func, const llvm::StringMap<Interval> &ranges,
    const llvm::StringMap<SmallVector<Declaration, 1>> &known, bool checks) {
  if (!checks)
    return;
  Block &entry = func.getFunctionBody().front();
  OpBuilder b = OpBuilder::atBlockBegin(&entry);
  for (BlockArgument arg : entry.getArguments()) {
    auto type = dyn_cast<RankedTensorType>(arg.getType());
    if (!type)
      continue;
    for (int64_t d = 0; d < type.getRank(); ++d) {
      std::string name = argDimName(func, arg.getArgNumber(), d);
      auto it = ranges.find(name);
      if (!type.isDynamicDim(d) || name.empty() || it == ranges.end())
        continue;
      auto declared = known.find(name);
      if (declared != known.end() &&
          llvm::all_of(declared->second, [&](const Declaration &decl) {
            return it->second.contains(decl.range);
          }))
        continue;
      Location loc = arg.getLoc();
      Value dim = tensor::DimOp::create(b, loc, arg, d);
      Value lo = arith::ConstantIndexOp::create(b, loc, *it->second.getLo());
      Value hi = arith::ConstantIndexOp::create(b, loc, *it->second.getHi());
      Value ge =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, dim, lo);
      Value le =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sle, dim, hi);
      Value ok = arith::AndIOp::create(b, loc, ge, le);
      std::string range;
      llvm::raw_string_ostream os(range);
      os << it->second;
      assertArgDim(b, loc, ok, func, arg, d, name,
                   "in " + range + ", the profile's range");
    }
  }
}

//===----------------------------------------------------------------------===//
// Options
//===----------------------------------------------------------------------===//

/// Where a diagnostic about a name goes: its first declaration, else the
/// module.
using NameLocator = llvm::function_ref<Location(StringRef)>;

/// Parses `name=value,...`. A name bound twice is an error.
LogicalResult parseBindings(StringRef pass, Location loc, NameLocator locate,
                            ArrayRef<std::string> entries,
                            llvm::StringMap<int64_t> &out) {
  for (const std::string &entry : entries) {
    auto [name, value] = StringRef(entry).split('=');
    name = name.trim();
    int64_t v;
    if (name.empty() || value.trim().getAsInteger(10, v))
      return emitError(loc) << pass << ": malformed binding '" << entry
                            << "' (expected name=value)";
    if (!out.try_emplace(name, v).second)
      return emitError(locate(name))
             << pass << ": bind gives '" << name << "' two values ("
             << out[name] << " and " << v << ")";
  }
  return success();
}

struct Profile {
  int64_t min, opt, max;
};

/// Parses `name:min:opt:max,...`. A name profiled twice is an error.
LogicalResult parseProfiles(StringRef pass, Location loc, NameLocator locate,
                            ArrayRef<std::string> entries,
                            llvm::StringMap<Profile> &out) {
  for (const std::string &entry : entries) {
    SmallVector<StringRef> parts;
    StringRef(entry).split(parts, ':');
    Profile p;
    if (parts.size() != 4 || parts[0].trim().empty() ||
        parts[1].trim().getAsInteger(10, p.min) ||
        parts[2].trim().getAsInteger(10, p.opt) ||
        parts[3].trim().getAsInteger(10, p.max))
      return emitError(loc) << pass << ": malformed profile '" << entry
                            << "' (expected name:min:opt:max)";
    if (!(p.min <= p.opt && p.opt <= p.max) || p.min < 0)
      return emitError(loc) << pass << ": profile '" << entry
                            << "' needs 0 <= min <= opt <= max";
    if (!out.try_emplace(parts[0].trim(), p).second)
      return emitError(locate(parts[0].trim()))
             << pass << ": profile names '" << parts[0].trim() << "' twice";
  }
  return success();
}

/// Unknown names and values outside a declaration's range are errors,
/// located at the module (unknown names) or at the declaration that
/// excludes the value. Diagnostics carry locations, never the module.
LogicalResult
checkAssumption(StringRef pass, Location moduleLoc,
                const llvm::StringMap<SmallVector<Declaration, 1>> &known,
                StringRef name, const Interval &values, StringRef what) {
  auto it = known.find(name);
  if (it == known.end()) {
    SmallVector<StringRef> names;
    for (const auto &entry : known)
      names.push_back(entry.getKey());
    llvm::sort(names);
    std::string list;
    llvm::raw_string_ostream os(list);
    llvm::interleaveComma(names, os);
    return emitError(moduleLoc)
           << pass << ": " << what << " names an unknown symbol '" << name
           << "' (known: " << (names.empty() ? "none" : list) << ")";
  }
  for (const Declaration &decl : it->second) {
    if (values.getHi() && *values.getHi() >= kSizeLimit)
      return emitError(decl.loc)
             << pass << ": " << what << " gives '" << name << "' the value "
             << *values.getHi() << ", past the no-overflow limit of sizes "
             << "(2^62) for the size declared here";
    if (!decl.range.contains(values)) {
      std::string text, rangeText;
      llvm::raw_string_ostream os(text), rs(rangeText);
      if (values.isPoint())
        os << *values.getPoint();
      else
        os << values;
      rs << decl.range;
      return emitError(decl.loc)
             << pass << ": " << what << " gives '" << name << "' the value "
             << text << ", outside its range " << rangeText << " declared here";
    }
    if (decl.divisor > 1 && values.isPoint() &&
        *values.getPoint() % decl.divisor != 0)
      return emitError(decl.loc)
             << pass << ": " << what << " gives '" << name << "' the value "
             << *values.getPoint() << ", not a multiple of " << decl.divisor
             << " declared here";
  }
  return success();
}

/// For every public function with profiled argument dims: a private
/// specialized version at `opt`, a private generic version checked
/// against [min, max], and a dispatch in the public function.
void applyProfiles(ModuleOp module, const llvm::StringMap<Profile> &profiles,
                   const llvm::StringMap<SmallVector<Declaration, 1>> &known,
                   bool withChecks) {
  SmallVector<func::FuncOp> publics;
  module.walk([&](func::FuncOp func) {
    if (func.isPublic() && !func.isExternal())
      publics.push_back(func);
  });
  SymbolTable symbols(module);
  for (func::FuncOp func : publics) {
    // The profiled dims of the arguments.
    SmallVector<std::tuple<unsigned, unsigned, Profile>> dims;
    for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i) {
      auto type = dyn_cast<RankedTensorType>(func.getArgument(i).getType());
      if (!type)
        continue;
      for (int64_t d = 0; d < type.getRank(); ++d) {
        auto it = profiles.find(argDimName(func, i, d));
        if (type.isDynamicDim(d) && it != profiles.end())
          dims.push_back({i, static_cast<unsigned>(d), it->getValue()});
      }
    }
    if (dims.empty())
      continue;
    llvm::StringMap<int64_t> optValues;
    llvm::StringMap<Interval> ranges;
    for (auto &[i, d, p] : dims) {
      std::string name = argDimName(func, i, d);
      optValues[name] = p.opt;
      ranges[name] = Interval(p.min, p.max);
    }
    // The generic version checks the profile's range at its entry; the
    // specialized one assumes `opt` (the dispatch checked it).
    auto generic = cast<func::FuncOp>(func->clone());
    generic.setName((func.getName() + ".generic").str());
    generic.setPrivate();
    symbols.insert(generic);
    checkProfileRanges(generic, ranges, known, withChecks);
    auto special = cast<func::FuncOp>(func->clone());
    special.setName((func.getName() + ".opt").str());
    special.setPrivate();
    symbols.insert(special);
    bindArgumentDims(special, optValues, /*checks=*/false, "");
    // The public function dispatches on the inputs' dims: its whole body
    // (every block of it, not only the entry) is replaced.
    Region &oldBody = func.getBody();
    oldBody.dropAllReferences();
    oldBody.getBlocks().clear();
    Block *body = func.addEntryBlock();
    OpBuilder b = OpBuilder::atBlockBegin(body);
    Location loc = func.getLoc();
    Value match;
    for (auto &[i, d, p] : dims) {
      Value dim = tensor::DimOp::create(b, loc, body->getArgument(i), d);
      Value opt = arith::ConstantIndexOp::create(b, loc, p.opt);
      Value eq =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, dim, opt);
      match = match ? arith::AndIOp::create(b, loc, match, eq).getResult() : eq;
    }
    auto ifOp = scf::IfOp::create(b, loc, func.getResultTypes(), match,
                                  /*withElse=*/true);
    for (auto [block, callee] : {std::make_pair(ifOp.thenBlock(), special),
                                 std::make_pair(ifOp.elseBlock(), generic)}) {
      OpBuilder cb = OpBuilder::atBlockBegin(block);
      auto call = func::CallOp::create(cb, loc, callee, body->getArguments());
      if (func.getNumResults() != 0)
        scf::YieldOp::create(cb, loc, call.getResults());
    }
    func::ReturnOp::create(b, loc, ifOp.getResults());
  }
}

class SymShapeSpecializePass
    : public symshape::impl::SymShapeSpecializePassBase<
          SymShapeSpecializePass> {
public:
  using Base::Base;

  void runOnOperation() override {
    if (failed(specializeModule(getOperation(), bind, profile,
                                checks == CheckMode::Assert,
                                "symshape-specialize")))
      return signalPassFailure();
  }
};

} // namespace

LogicalResult symshape::specializeModule(ModuleOp module,
                                         ArrayRef<std::string> bind,
                                         ArrayRef<std::string> profile,
                                         bool withChecks, StringRef pass) {
  if (bind.empty() && profile.empty())
    return success();
  // An option string has no place in the source: its errors carry none.
  Location loc = UnknownLoc::get(module.getContext());
  llvm::StringMap<SmallVector<Declaration, 1>> known = collectNames(module);
  auto locate = [&](StringRef name) -> Location {
    auto it = known.find(name);
    return it == known.end() ? loc : it->second.front().loc;
  };
  llvm::StringMap<int64_t> bound;
  llvm::StringMap<Profile> profiles;
  if (failed(parseBindings(pass, loc, locate, bind, bound)) ||
      failed(parseProfiles(pass, loc, locate, profile, profiles)))
    return failure();
  for (const auto &entry : bound) {
    // The specialized version of a profile would always fail a binding
    // that differs from its opt value, and the generic one never runs it.
    if (profiles.count(entry.getKey()))
      return emitError(locate(entry.getKey()))
             << pass << ": '" << entry.getKey()
             << "' is both bound (bind=) and profiled "
             << "(profile=); give it one of the two";
  }
  for (const auto &entry : bound)
    if (failed(checkAssumption(pass, loc, known, entry.getKey(),
                               Interval::point(entry.getValue()), "bind")))
      return failure();
  // Every value of a profile is checked like a binding: the generic
  // version assumes [min, max] and the specialized one computes at opt.
  for (const auto &entry : profiles) {
    const Profile &p = entry.getValue();
    if (failed(checkAssumption(pass, loc, known, entry.getKey(),
                               Interval(p.min, p.max), "profile")))
      return failure();
    for (auto [value, what] : {std::make_pair(p.min, "profile's min"),
                               std::make_pair(p.opt, "profile's opt"),
                               std::make_pair(p.max, "profile's max")})
      if (failed(checkAssumption(pass, loc, known, entry.getKey(),
                                 Interval::point(value), what)))
        return failure();
  }
  if (!bound.empty()) {
    std::string origin = "bind=";
    module.walk([&](FunctionOpInterface func) {
      if (!func.isExternal())
        bindArgumentDims(func, bound, withChecks, origin);
    });
  }
  if (!profiles.empty())
    applyProfiles(module, profiles, known, withChecks);
  return success();
}
