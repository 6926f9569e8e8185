"""The "negsize" program family of the symshape fuzzer.

The classic generator (fuzzgen.py) keeps every size non-negative by
construction, so it never asked symshape about a negative expression built
from sizes (`0 - a + b`, `(2 - a) floordiv 4`), which is where its
canonicalization once took such an expression for a size. This family
writes exactly that, on the same program model, printer and oracle:

* size arithmetic whose values are negative or cross zero: `c - a`,
  `0 - a + b`, `b - a`, negations, `-k * a`, `c - k * a`, `min(a, 1 - a)`,
  offsets; `floordivsi ceildivsi divsi remsi` (and `divui remui`) of negative
  values by positive and negative divisors; `affine.apply/min/max` with
  `floordiv ceildiv mod` of negative expressions (symshape's own floor
  semantics); `maxsi minsi maxui minui`; selects of a `cmpi` (every
  predicate); `scf.if` yielding such values; in `index`, and in `i64` or
  `i32` behind `arith.index_cast` (torch-mlir style);
* values near the limits: dims of 0 and 1 everywhere, zero-element inputs
  with other dims of 2^31 to 2^61 (static 0 dims too), integer unknowns
  (`index` and `i64` arguments) near 2^31, 2^62 and 2^63;
* the forms frontends write: torch-mlir broadcast guards (`cf.assert` of
  `a == b or a == 1` on `i64`) and the broadcast size, conv and pool output
  sizes `(H + 2p - d(k - 1) - 1) / s + 1` (floor, trunc or ceil division,
  in `i64`, `index` or an `affine.apply`);
* negative values made sizes: guarded by a `cf.assert` (`x >= 0`) or clamped
  (`max(x, 0)`, `min(max(x, 0), E)`), then used as `tensor.empty` sizes and
  as `extract_slice` offsets and sizes.

Every integer computed is returned and printed, so the differential
comparison checks each one. The oracle (fuzzgen.Interp) evaluates them with
Python integers and the ops' exact semantics (wrap-around at the type's
width, truncating `divsi`/`remsi`, floor `floordivsi`, `index_cast` to `i32`
truncating); an input on which the program is undefined (a division by zero
or `INT_MIN / -1`, an overflow inside an `affine.apply`, whose lowering marks
products `nsw`) is never run, nor one on which an expression built from sizes
only reaches 2^62 (outside symshape's stated no-overflow contract).
"""

import random

import fuzzgen as G
from fuzzgen import INDEX, I1, I64, I32, Iv, Op, WILD

SMALL_CONSTS = [0, 1, 2, 3, -1, -2, 5, 7]
DIVISORS = [1, 2, 3, 4, 5, 8, -1, -2, -3]
# Constants of i32 chains: none that upstream canonicalization folds away
# (x * 1, x + 0, x / 1), since MLIR 22.1 then folds the round trip
# index_cast(index_cast(x : index to i32) : i32 to index) to x, dropping the
# truncation (the oracle's check of the unprocessed program's numbers skips
# such a program).
NO_FOLD = [2, 3, 5, 7, -1, -2]
PREDS = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]
NAMES = ["a", "b", "h", "w", "n"]
I32_IV = Iv(-(1 << 31), (1 << 31) - 1)

# Dims and integer unknowns near the limits (the sampler adds small offsets).
HUGE_DIMS = [(1 << 31) - 1, 1 << 31, (1 << 32) + 1, (1 << 40) + 3, (1 << 61) + 1]
LIMIT_SCALARS = [(1 << 62) - 1, 1 << 62, -(1 << 62), (1 << 63) - 1, -(1 << 63),
                 (1 << 31) - 1, -(1 << 31), 1 << 32]


# --------------------------------------------------------------------------
# Choosing inputs: the classic sampler, with dims of 0 and 1 more often,
# zero-element tensors with huge other dims, and integers near the limits.

def near(r, x):
    """x or a neighbour of it, kept in int64."""
    y = x + r.choice([0, 0, 1, -1, 2, -3])
    return max(-(1 << 63), min((1 << 63) - 1, y))


def draw_shape(r, arg, shape):
    """Dims of 0 and 1 more often; sometimes a huge dim after a 0 (loops run
    over the dims in order: a 0 before the huge dim keeps them short)."""
    shape = list(shape)
    dyn = [j for j, d in enumerate(arg.type.shape) if d is None]
    for j in dyn:
        m = r.random()
        if m < 0.15:
            shape[j] = 0
        elif m < 0.3:
            shape[j] = 1
    after0 = [j for j in dyn if 0 in arg.type.shape[:j]]
    if len(dyn) >= 2 and r.random() < 0.15:
        z, h = sorted(r.sample(dyn, 2))
        shape[z], shape[h] = 0, near(r, r.choice(HUGE_DIMS))
    elif after0 and r.random() < 0.3:
        shape[r.choice(after0)] = near(r, r.choice(HUGE_DIMS))
    return tuple(shape)


def draw(r, f, shapes, scalars):
    targs = [a for a in f.args if G.is_tensor(a)]
    shapes = [draw_shape(r, a, s) for a, s in zip(targs, shapes)]
    scalars = [near(r, r.choice(LIMIT_SCALARS)) if r.random() < 0.4 else x
               for x in scalars]
    return shapes, scalars


SAMPLING = {"want_ok": 12, "want_abort": 3, "tries": 600, "draw": draw}


# --------------------------------------------------------------------------
# Intervals of affine expressions (generation hints only).

def affine_iv(e, ivs):
    k = e[0]
    if k == "s":
        return ivs[e[1]]
    if k == "c":
        return Iv(e[1], e[1])
    x = affine_iv(e[1], ivs)
    if k == "+":
        return G.iv_bin("addi", x, affine_iv(e[2], ivs))
    n = Iv(e[2], e[2])
    if k == "*":
        return G.iv_bin("muli", x, n)
    if k == "mod":
        return Iv(0, e[2] - 1)
    return G.iv_bin("floordivsi" if k == "floordiv" else "ceildivsi", x, n)


# --------------------------------------------------------------------------
# The generator.

class NegGen(G.Gen):
    weights = {"neg": 10, "div": 6, "affine": 5, "minmax": 4, "choose": 4,
               "narrow": 6, "bcast": 2, "conv": 3, "use_size": 4, "cut": 2,
               "ifv": 2, "fact": 2, "negfact": 2}

    probes = None

    # -- keeping asserts satisfiable -------------------------------------------
    def make_probes(self, f, n=32):
        """Inputs drawn like the sampler's (half with one shared dim value,
        so that broadcast guards and equalities can hold)."""
        r = random.Random(self.r.random())
        targs = [a for a in f.args if G.is_tensor(a)]
        nscalar = len(f.args) - len(targs)
        self.probes = []
        for k in range(n):
            v = r.choice([0, 1, 2, 3, 4, 6, 8])
            shapes = [tuple((v if k % 2 else r.randint(0, G.MAXD)) if d is None else d
                            for d in a.type.shape) for a in targs]
            scalars = [r.randint(G.SCALAR_LO, G.SCALAR_HI) for _ in range(nscalar)]
            self.probes.append(draw(r, f, shapes, scalars))

    def satisfiable(self):
        """Some probe runs the function built so far to its end."""
        for shapes, scalars in self.probes:
            c = G.Case(self.f.name, shapes, scalars)
            try:
                G.run_case(self.prog, c)
            except (G.UB, G.TooBig):
                continue
            if c.status == "ok":
                return True
        return False

    def assert_(self, sc, cond, what):
        """cf.assert; one that no probe passes (with the asserts before it)
        is taken back: a function that always aborts has no valid input."""
        G.Gen.assert_(self, sc, cond, what)
        if self.probes and not self.satisfiable():
            sc.block.ops.pop()
            raise G.Infeasible(what)

    # -- picking values ------------------------------------------------------
    def pick_any(self, sc):
        """Any index value here (negative ones, sizes, integer unknowns near
        the limits), recent ones more often, or a small constant."""
        vs = sc.all_values()
        if not vs or self.chance(0.15):
            return self.r.choice(SMALL_CONSTS)
        neg = [v for v in vs if sc.ivs(v)[0].lo < 0]
        if neg and self.chance(0.5):
            return self.r.choice(neg[-4:] if self.chance(0.5) else neg)
        return self.r.choice(vs[-5:] if self.chance(0.4) else vs)

    def pick_dim(self, sc, exclude=()):
        return self.pick_size(sc, allow_const=False, exclude=exclude)

    def new_int(self, sc, t, tiv, siv, pool=True):
        v = self.f.new(t)
        v.t, v.s = tiv, siv.meet(tiv)
        if pool and t == INDEX:
            self.add_index(sc, v)
        return v

    # -- typed arithmetic (i64/i32 behind index_cast) --------------------------
    def tconst(self, sc, n, t):
        return self.const(sc, n, t) if t != INDEX else self.val(sc, n)

    def cast(self, sc, x, t):
        """x (an int or a Value) as a value of type t."""
        if not isinstance(x, G.Value):
            return self.tconst(sc, x, t)
        if x.type == t:
            return x
        tx, sx = sc.ivs(x) if x.type == INDEX else (x.t, x.s)
        if t == I32 and not (I32_IV.lo <= tx.lo and tx.hi <= I32_IV.hi):
            tx, sx = I32_IV, I32_IV
        v = self.new_int(sc, t, tx, sx)
        self.emit(sc, Op("icast", [v], [x]))
        return v

    def tbin(self, sc, op, a, b):
        """`arith.op a, b` in the type of a (b an int or a Value of it)."""
        if a.type == INDEX:
            return self.binop(sc, op, a, b)
        b = self.tconst(sc, b, a.type) if not isinstance(b, G.Value) else b
        t = G.iv_bin(op, a.t, b.t)
        s = G.iv_bin(op, a.s, b.s)
        if a.type == I32 and not (I32_IV.lo <= t.lo and t.hi <= I32_IV.hi):
            t, s = I32_IV, I32_IV
        v = self.new_int(sc, a.type, t, s)
        self.emit(sc, Op("bin", [v], [a, b], op=op))
        return v

    # -- statements ------------------------------------------------------------
    def negation(self, sc, x):
        m = self.r.randrange(3)
        if m == 0:
            return self.binop(sc, "subi", 0, x)
        return self.binop(sc, "muli", x, -1) if m == 1 else self.binop(sc, "muli", -1, x)

    def s_neg(self, sc):
        """One of the negative forms of sizes (returns its value)."""
        B = self.binop
        a, x = self.pick_dim(sc), self.pick_any(sc)
        b = self.pick_dim(sc, exclude=(a,))
        c = self.r.choice([0, 1, 2, 3, -1, 7])
        k = self.r.choice([2, 3, 5])
        m = self.r.randrange(10)
        if m == 0:
            return B(sc, "subi", c, a)
        if m == 1:
            t = B(sc, "subi", 0, a)
            return B(sc, "addi", t, b) if self.chance(0.5) else B(sc, "addi", b, t)
        if m == 2:
            return B(sc, "subi", b, a)
        if m == 3:
            return self.negation(sc, x)
        if m == 4:
            return B(sc, "muli", a, -k) if self.chance(0.5) else B(sc, "muli", -k, a)
        if m == 5:
            return B(sc, "subi", c, B(sc, "muli", a, k))
        if m == 6:
            return B(sc, "minsi", a, B(sc, "subi", 1, a))
        if m == 7:
            return B(sc, "addi", x, self.r.choice([-1, -2, -3, -7, 1, 2]))
        if m == 8:
            return B(sc, "subi", x, self.pick_any(sc))
        u = self.pick_unknown(sc)
        return B(sc, self.r.choice(["addi", "muli", "subi"]), u, self.r.choice([2, 3, -2, 7]))

    def pick_unknown(self, sc):
        """An integer unknown (a scalar argument) if the function has one."""
        return self.r.choice(self.unknowns) if self.unknowns else self.pick_any(sc)

    def divisor(self, sc, t=INDEX):
        """A non-zero divisor: a constant of either sign, a clamp, or a value
        guarded `!= 0` (inputs where it is 0 abort)."""
        m = self.r.random()
        if m < 0.6:
            return self.r.choice(DIVISORS if t != I32 else NO_FOLD)
        y = self.cast(sc, self.pick_any(sc), t)
        if m < 0.75:
            return self.tbin(sc, "maxsi", y, 1)
        if m < 0.85:
            return self.tbin(sc, "minsi", y, -1)
        zero = self.tconst(sc, 0, t)
        if y is zero:
            return 2
        c = self.cmp(sc, self.r.choice(["ne", "ne", "ugt"]), y, zero)
        self.assert_(sc, c, "divisor != 0")
        return y

    def s_div(self, sc):
        op = self.r.choice(["floordivsi", "ceildivsi", "divsi", "remsi", "floordivsi",
                            "remsi", "divui", "remui"])
        x = self.pick_any(sc) if self.chance(0.6) else self.s_neg(sc)
        d = self.divisor(sc)
        return self.binop(sc, op, x, d)

    def affine_lin(self, n):
        e = ("c", self.r.choice([0, 1, -1, 2, -3, 7]))
        for _ in range(self.r.randint(1, 2)):
            i = self.r.randrange(n)
            k = self.r.choice([1, 1, -1, 2, -2, 3])
            e = ("+", ("s", i) if k == 1 else ("*", ("s", i), k), e)
        return e

    def affine_expr(self, n):
        e = self.affine_lin(n)
        if self.chance(0.7):
            e = (self.r.choice(G.AFFINE_DIVS), e, self.r.choice([2, 3, 4, 5]))
            if self.chance(0.3):
                e = ("+", e, self.affine_lin(n))
            if self.chance(0.2):
                e = (self.r.choice(G.AFFINE_DIVS), e, self.r.choice([2, 3]))
        return e

    def s_affine(self, sc):
        """affine.apply/min/max of floordiv/ceildiv/mod of expressions that
        may be negative (at the top level only: operands are symbols)."""
        if sc.depth:
            return None
        cands = self.ints(sc)
        if not cands:
            return None
        ops = [self.r.choice(cands[-6:] if self.chance(0.5) else cands)
               for _ in range(self.r.randint(1, 3))]
        fn = self.r.choice(["apply", "apply", "min", "max"])
        exprs = [self.affine_expr(len(ops))
                 for _ in range(1 if fn == "apply" else self.r.randint(2, 3))]
        tivs = [affine_iv(e, [sc.ivs(v)[0] for v in ops]) for e in exprs]
        sivs = [affine_iv(e, [sc.ivs(v)[1] for v in ops]) for e in exprs]
        join = {"apply": lambda xs: xs[0],
                "min": lambda xs: Iv(min(x.lo for x in xs), min(x.hi for x in xs)),
                "max": lambda xs: Iv(max(x.lo for x in xs), max(x.hi for x in xs))}[fn]
        v = self.new_int(sc, INDEX, join(tivs), join(sivs))
        self.emit(sc, Op("affine", [v], ops, fn=fn, exprs=exprs))
        return v

    def s_minmax(self, sc):
        op = self.r.choice(["maxsi", "minsi", "maxsi", "minsi", "maxui", "minui"])
        a = self.pick_any(sc) if self.chance(0.6) else self.s_neg(sc)
        b = self.r.choice([0, 1]) if self.chance(0.3) else self.pick_any(sc)
        a, b = (a, b) if self.chance(0.5) else (b, a)
        return self.binop(sc, op, a, b)

    def s_choose(self, sc):
        """A select of a cmpi: of its own operands (a max or min as frontends
        write it) or of two other values."""
        x, y = self.val(sc, self.pick_any(sc)), self.val(sc, self.pick_any(sc))
        c = self.cmp(sc, self.r.choice(PREDS), x, y)
        u, w = (x, y) if self.chance(0.5) else \
            (self.val(sc, self.pick_any(sc)), self.val(sc, self.pick_any(sc)))
        u, w = (u, w) if self.chance(0.5) else (w, u)
        tu, su = sc.ivs(u)
        tw, sw = sc.ivs(w)
        v = self.new_int(sc, INDEX, tu.join(tw), su.join(sw))
        self.emit(sc, Op("select", [v], [c, u, w]))
        return v

    def s_narrow(self, sc):
        """Arithmetic in i64 (or i32) on values cast from index, cast back."""
        t = I64 if self.chance(0.7) else I32
        x = self.cast(sc, self.pick_unknown(sc) if self.chance(0.3) else self.pick_any(sc), t)
        y = self.cast(sc, self.pick_any(sc), t)
        for _ in range(self.r.randint(1, 3)):
            op = self.r.choice(G.ARITH_OPS + ["subi", "subi", "floordivsi"])
            if op in G.DIV_OPS:
                d = self.divisor(sc, t)
                x = self.tbin(sc, op, x, d)
            elif op == "subi" and self.chance(0.4):
                x = self.tbin(sc, op, self.tconst(sc, self.r.choice([0, 1, 2]), t), x)
            else:
                x = self.tbin(sc, op, x, y if self.chance(0.6) else
                              self.r.choice(SMALL_CONSTS if t != I32 else NO_FOLD))
        if self.chance(0.4):
            x = self.tselect(sc, x, y)
        return self.back(sc, x)

    def tselect(self, sc, x, y):
        """select(cmpi(pred, x, y), x, y) (either arm order) in x's type."""
        c = self.cmp(sc, self.r.choice(PREDS), x, y)
        u, w = (x, y) if self.chance(0.5) else (y, x)
        v = self.new_int(sc, x.type, u.t.join(w.t), u.s.join(w.s))
        self.emit(sc, Op("select", [v], [c, u, w]))
        return v

    def back(self, sc, x):
        """An i64/i32 value cast back to index, in the pool."""
        v = self.new_int(sc, INDEX, x.t, x.s)
        self.emit(sc, Op("icast", [v], [x]))
        return v

    def s_bcast(self, sc):
        """torch-mlir's broadcast guard of two dims and the broadcast size."""
        a = self.pick_dim(sc)
        b = self.pick_dim(sc, exclude=(a,))
        if not isinstance(a, G.Value):
            return None
        t = I64 if self.chance(0.7) else INDEX
        a, b = self.cast(sc, a, t), self.cast(sc, b, t)
        one = self.tconst(sc, 1, t)
        eq, a1 = self.cmp(sc, "eq", a, b), self.cmp(sc, "eq", a, one)
        cond = self.ori(sc, eq, a1)
        if self.chance(0.5):
            cond = self.ori(sc, cond, self.cmp(sc, "eq", b, one))
        self.assert_(sc, cond, "mismatched size for broadcast")
        self.prog.forms.add("torch-mlir broadcast guard (%s)" % t)
        m = self.r.randrange(3)
        if m == 2:
            return self.back_if(sc, self.tbin(sc, "maxsi", a, b))
        s = self.f.new(t)
        s.t = G.iv_bin("maxsi", a.t if t != INDEX else sc.ivs(a)[0],
                       b.t if t != INDEX else sc.ivs(b)[0])
        s.s = WILD
        self.emit(sc, Op("select", [s], [a1, b, a] if m == 0 else [eq, a, b]))
        return self.back_if(sc, s)

    def back_if(self, sc, x):
        if x.type == INDEX:
            return self.add_index(sc, x) if x not in sc.values else x
        return self.back(sc, x)

    def ori(self, sc, p, q):
        v = self.f.new(I1)
        p, q = (p, q) if self.chance(0.5) else (q, p)
        self.emit(sc, Op("ori", [v], [p, q]))
        return v

    def s_conv(self, sc):
        """A conv or pool output size (H + 2p - d(k - 1) - 1) / s + 1, which
        is negative before the last addition when H is small."""
        H = self.pick_dim(sc)
        p, k = self.r.choice([0, 0, 1, 2, 3]), self.r.choice([1, 2, 3, 5, 7])
        s, d = self.r.choice([1, 2, 2, 3]), self.r.choice([1, 1, 2])
        span = d * (k - 1) + 1
        m = self.r.random()
        if m < 0.3 and not sc.depth:
            v = self.val(sc, H)
            e = ("+", (self.r.choice(["floordiv", "ceildiv"]),
                       ("+", ("s", 0), ("c", 2 * p - span)), s), ("c", 1))
            out = self.new_int(sc, INDEX, WILD, affine_iv(e, [sc.ivs(v)[1]]))
            self.emit(sc, Op("affine", [out], [v], fn="apply", exprs=[e]))
            self.prog.forms.add("conv output size (affine)")
        else:
            t = I64 if m < 0.75 else INDEX
            x = self.cast(sc, H, t)
            x = self.tbin(sc, "addi", x, 2 * p)
            x = self.tbin(sc, "subi", x, span - 1)
            x = self.tbin(sc, "subi", x, 1)
            x = self.tbin(sc, self.r.choice(["divsi", "floordivsi", "ceildivsi"]), x, s)
            out = self.back_if(sc, self.tbin(sc, "addi", x, 1))
            self.prog.forms.add("conv output size (%s)" % t)
        if self.chance(0.6):
            self.use_as_size(sc, out)
        return out

    def use_as_size(self, sc, x):
        """x (maybe negative) made a size: guarded `x >= 0` (inputs where it
        is negative abort) or clamped; then the size of a new tensor."""
        m = self.r.random()
        if m < 0.4:
            self.guard(sc, "le", 0, x, "size >= 0")
            s = x
        elif m < 0.7:
            s = self.binop(sc, "maxsi", x, 0) if self.chance(0.5) else \
                self.binop(sc, "maxsi", 0, x)
        else:
            s = self.binop(sc, "minsi", self.binop(sc, "maxsi", x, 0), self.r.choice([3, 6]))
        s = self.val(sc, s)
        ts, ss = sc.ivs(s)
        if ss.hi > 40:
            s = self.binop(sc, "minui", s, 12)
            ts, ss = sc.ivs(s)
        shape, exts, ops = [None], [s], [s]
        if self.chance(0.4):
            shape, exts = [None, 2], [s, 2]
        e = self.new_tensor(sc, shape, exts, [ts] + [Iv(2, 2)] * (len(shape) - 1),
                            [ss] + [Iv(2, 2)] * (len(shape) - 1), pool=False)
        self.emit(sc, Op("empty", [e], ops))
        t = self.fill(sc, e)
        if self.chance(0.5):
            d = self.f.new(INDEX)
            d.t, d.s = ts, ss
            self.emit(sc, Op("dim", [d], [t, self.const(sc, 0)]))
            self.add_index(sc, d)
        return t

    def s_use_size(self, sc):
        x = self.pick_any(sc) if self.chance(0.6) else self.s_neg(sc)
        return self.use_as_size(sc, x)

    def cut_dim(self, sc, t, i):
        """(offset, size) along dim i from a value that may be negative."""
        E = self.ext(sc, t, i)
        x = self.pick_any(sc)
        clamp = self.binop(sc, "maxsi", x, 0)
        m = self.r.random()
        if m < 0.5:
            s = self.binop(sc, "minsi", clamp, E)
            off = 0 if self.chance(0.5) else self.binop(sc, "subi", E, s)
            return off, s
        off = self.binop(sc, "minsi", clamp, E)
        return off, self.binop(sc, "subi", E, off)

    def s_cut(self, sc):
        """extract_slice with offsets and sizes clamped from negative values."""
        ts = [t for t in sc.all_tensors() if 0 not in t.type.shape]
        if not ts:
            return None
        t = self.r.choice(ts)
        offs, sizes = [], []
        for i in range(t.type.rank):
            o, s = self.cut_dim(sc, t, i)
            offs.append(o)
            sizes.append(s)
        tivs = [sc.ivs(s) for s in sizes]
        if not self.elems_ok([x[1] for x in tivs]):
            return None
        v = self.new_tensor(sc, [None] * t.type.rank, sizes, [x[0] for x in tivs],
                            [x[1] for x in tivs])
        self.emit(sc, Op("slice", [v], [t], offs=offs, sizes=sizes,
                         strides=[1] * t.type.rank, dropped=[]))
        return v

    def s_ifv(self, sc):
        """scf.if on a comparison, each branch computing a negative form."""
        if sc.depth:
            return None
        x, y = self.val(sc, self.pick_any(sc)), self.val(sc, self.pick_any(sc))
        c = self.cmp(sc, self.r.choice(PREDS), x, y)
        blocks, ivs = [], []
        for _ in range(2):
            b = G.Block()
            bs = G.Scope(sc, b, sc.depth + 1)
            v = self.r.choice([self.s_neg, self.s_div, self.s_minmax])(bs)
            b.yields = [self.val(bs, v)]
            blocks.append(b)
            ivs.append(bs.ivs(b.yields[0]))
        r = self.new_int(sc, INDEX, ivs[0][0].join(ivs[1][0]), ivs[0][1].join(ivs[1][1]))
        self.emit(sc, Op("if", [r], [c], regions=blocks))
        return r

    def s_negfact(self, sc):
        """A user fact on a value that may be negative (`b - a < 0`, ...),
        in index, or in i64 (two facts joined by `andi`)."""
        x = self.s_neg(sc) if self.chance(0.5) else self.pick_any(sc)
        rel = self.r.choice(["le", "lt", "eq", "ne"])
        c = self.r.choice([0, -1, 1, 2])
        if self.chance(0.3):
            return self.wide_fact(sc, x, c)
        if self.chance(0.5):
            self.guard(sc, rel, x, c, "fact on a negative form")
        else:
            self.guard(sc, rel, c, x, "fact on a negative form")

    def wide_fact(self, sc, x, c):
        """cf.assert of `x pred c and x pred' c'` on i64 (inputs that break
        it abort; an empty conjunction leaves the function no valid input,
        and the sampler drops it)."""
        x64 = self.cast(sc, x, I64)
        p = self.cmp(sc, self.r.choice(PREDS), x64, self.tconst(sc, c, I64))
        q = self.cmp(sc, self.r.choice(PREDS), x64, self.tconst(sc, c + 3, I64))
        v = self.f.new(I1)
        self.emit(sc, Op("andi", [v], [p, q] if self.chance(0.5) else [q, p]))
        self.assert_(sc, v, "fact on i64")

    # -- functions ---------------------------------------------------------------
    def tensor_arg(self, f, names):
        r = self.r
        rank = r.choice([1, 2, 2, 3])
        shape = [None if r.random() < 0.8 else r.choice([0, 1, 1, 3]) for _ in range(rank)]
        if rank == 1 or all(d is not None for d in shape):
            shape = [None if d == 0 else d for d in shape]
        v = f.new(G.TType(shape), "arg")
        v.ext = [None] * rank
        v.t = [Iv(0, G.INF) if d is None else Iv(d, d) for d in shape]
        v.s = [Iv(0, G.MAXD) if d is None else Iv(d, d) for d in shape]
        f.args.append(v)
        f.decls.append(self.decl(v, names))
        return v

    def decl(self, v, names):
        """Names (and sometimes ranges) for the dynamic dims, or None."""
        if self.r.random() < 0.5:
            return None
        d = {"names": [], "ranges": [], "divs": [], "mirrored": self.r.random() < 0.85}
        for j, st in enumerate(v.type.shape):
            free = [n for n in NAMES if n not in names]
            nm = self.r.choice(free) if st is None and free else ""
            names.add(nm)
            rg = None
            if nm and self.r.random() < 0.3:
                rg = (self.r.choice([0, 1, 2]), self.r.choice([None, 4, 8, 16]))
                v.t[j] = v.t[j].meet(Iv(rg[0], G.INF if rg[1] is None else rg[1]))
            d["names"].append(nm)
            d["ranges"].append(rg)
        if not any(d["names"]):
            return None
        if not any(d["ranges"]):
            d["ranges"] = []
        return d

    def mirror(self, sc, f):
        """cf.asserts of the declared ranges, in mirrored declarations."""
        for i, d in enumerate(f.decls):
            if not d or not d["ranges"] or not d["mirrored"]:
                continue
            for j, rg in enumerate(d["ranges"]):
                if rg is None:
                    continue
                E = self.ext(sc, f.args[i], j)
                if rg[0] > 0:
                    self.guard(sc, "le", rg[0], E, "declared lower bound")
                if rg[1] is not None:
                    self.guard(sc, "le", E, rg[1], "declared upper bound")

    def scalar_arg(self, sc, f):
        t = INDEX if self.chance(0.5) else I64
        v = f.new(t, "arg")
        v.t = v.s = WILD
        f.args.append(v)
        f.decls.append(None)
        self.unknowns.append(self.add_index(sc, v) if t == INDEX else self.back(sc, v))

    def gen_func(self, name, nstmts):
        f = G.Func(name)
        self.f = f
        self.prog.funcs.append(f)
        sc = G.Scope(None, f.body, 0)
        names = set()
        self.unknowns = []
        for _ in range(self.r.choice([1, 1, 2])):
            sc.tensors.append(self.tensor_arg(f, names))
        for _ in range(self.r.choice([0, 1, 1, 2])):
            self.scalar_arg(sc, f)
        for t in list(sc.tensors):
            for j, d in enumerate(t.type.shape):
                if d is None:
                    self.ext(sc, t, j)
        self.probes = None
        self.mirror(sc, f)
        self.make_probes(f)
        for _ in range(nstmts):
            self.stmt(sc)
        self.set_returns(sc, f)
        G.dce(f)
        return f

    def set_returns(self, sc, f):
        """Every recent integer (up to 12) and up to two new tensors."""
        vals = [v for v in sc.values if v not in f.args and v not in self.unknowns]
        if len(vals) > 12:
            keep = set(id(v) for v in self.r.sample(vals, 12))
            vals = [v for v in vals if id(v) in keep]
        ts = [t for t in sc.tensors if t not in f.args][-2:]
        f.returns = ts + vals


def gen_program(seed):
    r = random.Random(seed)
    prog = G.Program(seed)
    g = NegGen(r, prog, {})
    for i in range(r.choice([1, 1, 2])):
        g.gen_func("f%d" % i, r.randint(6, 14))
        if not prog.funcs[-1].returns:
            prog.funcs.pop()
    return prog
