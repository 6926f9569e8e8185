#!/usr/bin/env python3
"""Differential fuzzer of `symshape-opt --symshape-pipeline`.

Generates random valid programs (see fuzzgen.py), runs each one unprocessed
and after symshape-pipeline in several variants (default, checks=none,
bind=NAME=VAL, profile=NAME:min:opt:max, max-clones=0) under mlir-runner,
each output lowered with the standard lowering, and compares the
printed numbers call by call. Failures are classified, minimized and saved as
lit-style reproducers. See docs/Reliability.md.

  symshape_fuzz.py --seed 1 --programs 200 --jobs 2          # a campaign
  symshape_fuzz.py --seed 1 --replay 37 -v                   # one program
  symshape_fuzz.py --seed 1 --emit 37                        # print it
  symshape_fuzz.py --check-reproducers test/fuzz/found       # re-run finds
"""

import argparse
import hashlib
import json
import multiprocessing
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fuzzgen as G  # noqa: E402
import fuzzcov  # noqa: E402

LOWER = ("builtin.module(one-shot-bufferize{bufferize-function-boundaries "
         "function-boundary-type-conversion=identity-layout-map},"
         "func.func(convert-linalg-to-loops),buffer-deallocation-pipeline,"
         "convert-bufferization-to-memref,expand-strided-metadata,lower-affine,"
         "arith-expand,convert-scf-to-cf,convert-to-llvm,reconcile-unrealized-casts)")
# The same lowering without in-place bufferization. Used only to confirm a
# mismatch: MLIR 22.1's one-shot-bufferize writes a function argument in place
# in a function of several blocks although its old value is read afterwards
# (found by this fuzzer), which silently changes the numbers of the
# *unprocessed* program.
LOWER_COPY = ("builtin.module(one-shot-bufferize{bufferize-function-boundaries "
              "function-boundary-type-conversion=identity-layout-map copy-before-write},"
              "func.func(convert-linalg-to-loops),buffer-deallocation-pipeline,"
              "convert-bufferization-to-memref,expand-strided-metadata,lower-affine,"
              "arith-expand,convert-scf-to-cf,convert-to-llvm,reconcile-unrealized-casts)")

# Bufferization and strided-metadata expansion alone, verified in between.
# Used only to confirm a mismatch: MLIR 22.1's expand-strided-metadata drops
# the wrong unit dims of a rank-reducing memref.subview whose kept sizes are
# dynamic (an insert_slice of 1x? into [1, n, 1, 1] becomes a
# reinterpret_cast of sizes [?, 1], which the verifier rejects); the standard
# lowering hides that behind later passes and silently writes a column as a
# contiguous row in the *unprocessed* program.
LOWER_STRIDED = ("builtin.module(one-shot-bufferize{bufferize-function-boundaries "
                 "function-boundary-type-conversion=identity-layout-map},"
                 "expand-strided-metadata)")

# Failure classes, in the order the summary prints them.
CLASSES = ["mismatch", "processed-abort-only", "missing-abort", "runtime-crash",
           "timeout", "opt-crash", "invalid-ir", "opt-error", "lowering-failure"]
# --same-output-as only: the two binaries' outputs differ.
COMPARE_CLASSES = ["output-differs"]

ADDR = re.compile(r"base@ = 0x[0-9a-f]+")


class Tools:
    def __init__(self, a):
        self.opt = a.symshape_opt
        self.mlir_opt = a.mlir_opt
        self.runner = a.mlir_runner
        self.libs = "%s,%s" % (a.runner_utils, a.c_runner_utils)
        self.runner_opt = getattr(a, "runner_opt", "O0")
        self.timeout = a.timeout


def run(cmd, timeout, stdin=None):
    """(returncode or 'timeout', stdout, stderr)."""
    try:
        for attempt in range(40):
            try:
                p = subprocess.run(cmd, input=stdin, capture_output=True,
                                   timeout=timeout, text=True, errors="replace")
            except OSError:
                # the binary is being relinked: wait for it
                if attempt == 39:
                    raise
                time.sleep(3)
                continue
            if p.returncode == 127 or ("error while loading shared libraries" in p.stderr):
                time.sleep(3)
                continue
            return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired as e:
        return "timeout", (e.stdout or b"").decode("utf8", "replace") \
            if isinstance(e.stdout, bytes) else (e.stdout or ""), ""


def snapshot_opt(orig, snapdir, stable_s=20):
    """A private copy of symshape-opt, taken once the binary has not changed
    for `stable_s` seconds: a rebuild may relink it while a campaign runs, and a
    half-written binary must not count as a crash. Returns the copy's path
    (named after the original's mtime and size), or None."""
    for _ in range(120):
        try:
            st = os.stat(orig)
        except OSError:
            time.sleep(3)
            continue
        age = time.time() - st.st_mtime
        if age < stable_s or not os.access(orig, os.X_OK):
            time.sleep(max(1.0, stable_s - age))
            continue
        name = os.path.join(snapdir, "symshape-opt.%d.%d" % (int(st.st_mtime), st.st_size))
        if os.path.exists(name):
            return name
        tmp = name + ".%d.tmp" % os.getpid()
        shutil.copy2(orig, tmp)
        st2 = os.stat(orig)
        if st2.st_mtime != st.st_mtime or st2.st_size != st.st_size:
            os.unlink(tmp)
            continue
        p = subprocess.run([tmp, "--version"], capture_output=True)
        if p.returncode != 0:
            os.unlink(tmp)
            time.sleep(3)
            continue
        os.rename(tmp, name)
        return name
    return None


# --------------------------------------------------------------------------
# Variants and expectations.

def declared(prog, name):
    """[(lo, hi|None, div)] of every declaration of `name`."""
    out = []
    for f in prog.funcs:
        for d in f.decls:
            if not d or not d.get("names"):
                continue
            for j, nm in enumerate(d["names"]):
                if nm == name:
                    rg = d["ranges"][j] if d.get("ranges") else None
                    dv = d["divs"][j] if d.get("divs") else 1
                    out.append((rg[0] if rg else 0, rg[1] if rg else None, dv))
    return out


def satisfies(x, decls):
    for lo, hi, dv in decls:
        if x < lo or (hi is not None and x > hi) or x % dv:
            return False
    return True


def choose_variants(prog, rng, which):
    vs = []
    if "default" in which:
        vs.append({"key": "default", "opts": ""})
    if "none" in which:
        vs.append({"key": "none", "opts": "checks=none"})
    if "noclones" in which:
        # Private functions are refined in place, not cloned per signature.
        vs.append({"key": "noclones", "opts": "max-clones=0"})
    names = []
    for f in prog.funcs:
        for d in f.decls:
            if d and d.get("names"):
                for nm in d["names"]:
                    if nm and nm not in names:
                        names.append(nm)
    ok = [c for c in prog.cases if c.status == "ok" and not c.violations]
    if "bind" in which and names:
        nm = rng.choice(names)
        vals = [v for c in ok for (_, _, n, v) in c.observed if n == nm]
        decls = declared(prog, nm)
        vals = [v for v in vals if satisfies(v, decls)]
        if vals:
            val = max(set(vals), key=lambda v: (vals.count(v), -v))
            checks = " checks=none" if rng.random() < 0.2 else ""
            vs.append({"key": "bind", "opts": "bind=%s=%d%s" % (nm, val, checks),
                       "bind": (nm, val), "none": bool(checks)})
    pub = []
    for f in prog.funcs:
        if f.private:
            continue
        for d in f.decls:
            if d and d.get("names"):
                for nm in d["names"]:
                    if nm and nm not in pub:
                        pub.append(nm)
    if "profile" in which and pub:
        nm = rng.choice(pub)
        decls = declared(prog, nm)
        vals = [v for c in ok for (_, priv, n, v) in c.observed
                if n == nm and not priv and satisfies(v, decls)]
        if vals:
            opt = max(set(vals), key=lambda v: (vals.count(v), -v))
            lo_d = max([lo for lo, _, _ in decls] + [0])
            his = [hi for _, hi, _ in decls if hi is not None]
            hi_d = min(his) if his else opt + 6
            lo = rng.randint(lo_d, opt) if lo_d <= opt else opt
            hi = rng.randint(opt, max(opt, hi_d))
            if rng.random() < 0.3:
                lo = opt if rng.random() < 0.5 else lo
            # every value of a profile must satisfy the declarations, as a
            # binding must (opt does)
            while not satisfies(lo, decls):
                lo += 1
            while not satisfies(hi, decls):
                hi -= 1
            vs.append({"key": "profile", "opts": "profile=%s:%d:%d:%d" % (nm, lo, opt, hi),
                       "profile": (nm, lo, opt, hi)})
    return vs


# --mode passes: each pass alone between symshape-infer and symshape-lower,
# compared with symshape-infer, symshape-lower (BASE). `canonicalize` is the
# upstream pass with the symshape dialect loaded (its fact-using patterns).
PASSES = ["symshape-simplify", "symshape-dynamic-to-static",
          "symshape-dynamic-to-static{max-clones=0}",
          "symshape-dynamic-to-static{max-iterations=1}",
          "symshape-fold-reshape-into-store", "symshape-fold-reshape-into-store{guard}",
          "symshape-repair-reshapes", "symshape-repair-reshapes{lowering-forms}",
          "symshape-specialize", "symshape-cleanup", "symshape-cleanup{cse}",
          "canonicalize"]
# ... and these with the bind=/profile= a pipeline variant of the program
# would use.
BIND_PASSES = ["symshape-specialize", "symshape-dynamic-to-static"]
BASE = "infer-lower"
# What symshape-pipeline runs after symshape-lower (docs/Passes.md): a pass
# alone whose output the standard lowering rejects is lowered with it.
PIPELINE_TAIL = ["--symshape-repair-reshapes=lowering-forms=0", "--symshape-cleanup",
                 "--symshape-repair-reshapes"]


def pass_flags(p):
    """symshape-opt flags of symshape-infer, p, symshape-lower ("p{opts}")."""
    mid = []
    if p:
        m = re.match(r"([\w-]+)(?:\{(.*)\})?$", p)
        mid = ["--" + m.group(1) + ("=" + m.group(2) if m.group(2) else "")]
    return ["--symshape-infer"] + mid + ["--symshape-lower"]


def base_variant():
    return {"key": BASE, "opts": "symshape-infer,symshape-lower", "flags": pass_flags("")}


def pass_variants(prog, rng, passes):
    """The baseline, each pass alone, and the passes that take bind=/profile=
    with the values choose_variants draws for the program."""
    vs = [base_variant()]
    for p in passes:
        vs.append({"key": "pass:" + p, "opts": p, "flags": pass_flags(p), "pass": p})
    for b in choose_variants(prog, rng, ("bind", "profile")):
        for name in BIND_PASSES:
            p = "%s{%s}" % (name, b["opts"])
            vs.append(dict(b, key="pass:" + p, opts=p, flags=pass_flags(p),
                           **{"pass": "%s{%s=}" % (name, b["key"])}))
    return vs


def option_key(v):
    """The coverage key of a variant."""
    if v["key"] == BASE:
        return "option symshape-infer,symshape-lower"
    if "pass" in v:
        return "option pass " + v["pass"]
    label = {"default": "default", "none": "checks=none", "bind": "bind=",
             "profile": "profile=", "noclones": "max-clones=0"}[v["key"]]
    return "option pipeline " + label + (" checks=none" if v.get("none") else "")


def option_universe():
    out = ["option pipeline default", "option pipeline checks=none",
           "option pipeline max-clones=0",
           "option pipeline bind=", "option pipeline bind= checks=none",
           "option pipeline profile=", "option symshape-infer,symshape-lower"]
    bound = ["%s{%s=}" % (n, k) for n in BIND_PASSES for k in ("bind", "profile")]
    for p in PASSES + bound:
        out += ["option pass " + p, "option changed by " + p]
    return out


def expectation(case, v):
    """same | both-abort | proc-abort | skip."""
    none = v["key"] == "none" or v.get("none")
    if none and case.violations:
        return "skip"
    if "bind" in v:
        nm, val = v["bind"]
        if any(n == nm and x != val for (_, _, n, x) in case.observed):
            return "skip" if none else "proc-abort"
    if "profile" in v:
        nm, lo, _, hi = v["profile"]
        if any(n == nm and not priv and not (lo <= x <= hi)
               for (_, priv, n, x) in case.observed):
            return "proc-abort"
    if case.violations and case.status == "ok":
        return "proc-abort"
    return "same" if case.status == "ok" else "both-abort"


def plan(prog, variants, rng, max_abort_runs=1):
    """Entries to emit and, per variant, the runs: (entry, [(case, expect)])."""
    entries = {}

    def entry(ids):
        key = tuple(ids)
        if key not in entries:
            entries[key] = "main_%d" % len(entries)
        return entries[key]
    ok_ids = [i for i, c in enumerate(prog.cases) if c.status == "ok"]
    ab_ids = [i for i, c in enumerate(prog.cases) if c.status == "abort"]
    ref_tail = [rng.choice(ab_ids)] if ab_ids else []
    ref = (entry(ok_ids + ref_tail), ok_ids + ref_tail)
    runs = {}
    shared = {}
    for v in variants:
        ex = {i: expectation(c, v) for i, c in enumerate(prog.cases)}
        sig = tuple(sorted(ex.items()))
        if v.get("flags") and sig in shared:
            # passes alone with the same expectations run the same calls
            runs[v["key"]] = shared[sig]
            continue
        same = [i for i in ok_ids if ex[i] == "same"]
        aborts = [i for i in range(len(prog.cases)) if ex[i] in ("both-abort", "proc-abort")]
        rng.shuffle(aborts)
        rs = []
        tails = aborts[:max_abort_runs]
        if not tails:
            rs.append((entry(same), [(i, "same") for i in same]))
        for k, t in enumerate(tails):
            ids = (same if k == 0 else []) + [t]
            rs.append((entry(ids), [(i, ex[i]) for i in ids]))
        runs[v["key"]] = rs
        if v.get("flags"):
            shared[sig] = rs
    return [(name, list(ids)) for ids, name in entries.items()], ref, runs


# --------------------------------------------------------------------------
# Running and comparing.

SIZES = re.compile(r"sizes = \[([0-9, ]*)\]")
LAYOUT = re.compile(r"(offset = [0-9]+ |strides = \[[0-9, ]*\])")


def split_chunks(stdout):
    """{case id: text} from the markers MARK + id that precede every call.
    printMemref prints elements of an empty memref from uninitialized memory:
    the data of a memref with a 0 in its sizes is dropped."""
    chunks, cur, order = {}, None, []
    empty = False
    for line in stdout.splitlines():
        s = line.strip()
        if s.isdigit() and G.MARK <= int(s) < G.MARK + 10000:
            cur = int(s) - G.MARK
            chunks[cur] = []
            order.append(cur)
            empty = False
            continue
        if s.startswith("Unranked Memref"):
            # offset and strides are the buffer's layout, which bufferization
            # may choose differently for the processed program: compare the
            # sizes and the elements only
            line = LAYOUT.sub("", line)
            m = SIZES.search(s)
            empty = bool(m) and "0" in [x.strip() for x in m.group(1).split(",")]
            if empty:
                # no element: the data means nothing
                line += " <empty>"
        elif s.startswith("[") and empty:
            continue
        else:
            empty = False
        if cur is not None:
            chunks[cur].append(ADDR.sub("", line))
    return {k: "\n".join(v) for k, v in chunks.items()}, order


def printed_numbers(chunk):
    """The integers and memref shapes a call printed, in order."""
    out = []
    for line in chunk.splitlines():
        s = line.strip()
        m = SIZES.search(s)
        if s.startswith("Unranked Memref") and m:
            out.append(tuple(int(x) for x in m.group(1).split(",") if x.strip()))
        elif re.fullmatch(r"-?[0-9]+", s):
            out.append(int(s))
    return out


def oracle_numbers(prog, case):
    """What the oracle computes for the results of a valid call: integers
    (with the exact semantics of each op) and tensor shapes."""
    saved = (case.status, case.violations, case.observed)
    rs = G.run_case(prog, case)
    case.status, case.violations, case.observed = saved
    f = prog.func(case.func)
    return [tuple(r) if G.is_tensor(v) else r for v, r in zip(f.returns, rs)]


def abort_message(chunk, err):
    """What a failing cf.assert printed (the last line of its call), else
    the first error of stderr."""
    lines = [l.strip() for l in chunk.splitlines() if l.strip()]
    if lines and not re.fullmatch(r"-?[0-9]+", lines[-1]) and lines[-1][0] not in "[U":
        return "aborts: " + lines[-1][:300]
    return first_error(err)


def is_abort(rc):
    return rc in (-signal.SIGABRT, 134)


ENTRY_START = re.compile(r"^(\s*)func\.func @(main_\d+)\(\) \{$")


def strip_entries(text, keep):
    """`text` (a module as emit_module or symshape-opt prints it) without the
    entry functions (@main_N, which nothing calls) that are not in `keep`."""
    out, skip_to = [], None
    for line in text.splitlines(keepends=True):
        if skip_to is not None:
            if line.rstrip("\n") == skip_to:
                skip_to = None
            continue
        m = ENTRY_START.match(line.rstrip("\n"))
        if m and m.group(2) not in keep:
            skip_to = m.group(1) + "}"
            continue
        out.append(line)
    return "".join(out)


def variant_flags(v):
    """symshape-opt's flags for variant `v`: its passes alone, or the
    pipeline with its options."""
    opts = v["opts"]
    return v.get("flags") or ["--symshape-pipeline" + ("=" + opts if opts else "")]


def runner_cmd(tools, lowered, entry):
    # An expected abort (a failing cf.assert) makes LLVM print a stack dump;
    # symbolizing it costs more than the run (nothing in JIT code has a name)
    # The JIT's optimization level: both sides of a comparison run at the
    # same one; O0 compiles a few times faster than mlir-runner's default
    # (O2), and compiling is most of a run.
    return ["env", "LLVM_DISABLE_SYMBOLIZATION=1", "stdbuf", "-o0", tools.runner, lowered,
            "-e", entry, "-entry-point-result=void", "-shared-libs=" + tools.libs,
            "--" + tools.runner_opt]


def classify_opt_failure(rc, err):
    if rc == "timeout":
        return "timeout"
    if rc < 0 or "Stack dump" in err or "PLEASE submit a bug report" in err:
        return "opt-crash"
    if re.search(r"error: '[\w.]+' op ", err) or "failed to verify" in err or \
            "does not dominate" in err or "operand #" in err:
        return "invalid-ir"
    return "opt-error"


def first_error(err):
    if "Stack dump" in err or "PLEASE submit" in err:
        frames = [l for l in err.splitlines() if re.match(r"\s*#\d+ 0x", l)]
        for l in frames:
            if "symshape" in l or "SymShape" in l:
                return "crash in " + re.sub(r"^\s*#\d+ 0x[0-9a-f]+ ", "", l).strip()[:300]
        if frames:
            return "crash in " + re.sub(r"^\s*#\d+ 0x[0-9a-f]+ ", "", frames[min(
                len(frames) - 1, 3)]).strip()[:300]
    for line in err.splitlines():
        if "error:" in line or "Assertion" in line or "Segmentation" in line:
            return line.strip()[:300]
    lines = [l for l in err.splitlines() if l.strip()]
    return lines[0][:300] if lines else ""


class Checker:
    """Runs one program against a set of variants."""

    def __init__(self, tools, workdir, verbose=False):
        self.t = tools
        self.w = workdir
        self.v = verbose
        self.stats = {"runs": 0, "executions": 0, "unprocessed_calls": 0, "identical": 0}
        self.seen = {}       # variant key -> {case: chunk} of its runs
        self.outputs = {}    # symshape-opt output text -> failure or None
        self.changed = set()  # passes whose output differs from BASE's

    def log(self, *a):
        if self.v:
            print(*a, file=sys.stderr)

    def write(self, name, text):
        p = os.path.join(self.w, name)
        with open(p, "w") as f:
            f.write(text)
        return p

    def lower(self, path, out, pipeline=LOWER, entries=None):
        """Lowers `path` to `out`; with `entries`, only those entry
        functions are kept (a module holds the entries of every variant, and
        compiling the ones a run does not call is most of its cost)."""
        if entries is not None:
            with open(path) as fh:
                text = strip_entries(fh.read(), set(entries))
            path = out + ".entries.mlir"
            with open(path, "w") as fh:
                fh.write(text)
        rc, _, err = run([self.t.mlir_opt, path, "--pass-pipeline=" + pipeline, "-o", out],
                         self.t.timeout)
        return rc, err

    def unprocessed_lowering_crashes(self, low0, tries=8):
        """True if lowering the unprocessed program crashes in one of `tries`
        more attempts (its first lowering succeeded)."""
        for _ in range(tries):
            rc, err = self.lower(self.plain_src, low0 + ".again")
            if rc != "timeout" and rc != 0 and (rc < 0 or "Stack dump" in err):
                return True
        return False

    def copy_run(self, mlir, entry, tries=8):
        """Chunks of `entry` run with the copy-before-write lowering, or None.
        A lowering that fails is tried again: MLIR 22.1's buffer deallocation
        crashes or fails verification nondeterministically on some programs
        (docs/Reliability.md)."""
        low = mlir + ".copy.ll.mlir"
        if mlir not in self.copy_lowered:
            for _ in range(tries):
                rc, _ = self.lower(mlir, low, LOWER_COPY)
                if rc == 0 or rc == "timeout":
                    break
            self.copy_lowered[mlir] = rc == 0
        if not self.copy_lowered[mlir]:
            return None
        rc, so, _ = run(runner_cmd(self.t, low, entry), self.t.timeout)
        self.stats["runs"] += 1
        return split_chunks(so)[0]

    def confirm_mismatch(self, plain, proc, entry, i, ref_chunk):
        """'genuine', 'input-miscompiled' (the standard lowering miscompiles
        the unprocessed program: its strided-metadata expansion is invalid, or
        copy-before-write bufferization agrees with the processed program),
        'output-miscompiled' (it miscompiles only the processed one), or
        'unconfirmed'."""
        rc_plain, _ = self.lower(plain, plain + ".strided.mlir", LOWER_STRIDED)
        rc_proc, _ = self.lower(proc, proc + ".strided.mlir", LOWER_STRIDED)
        if rc_plain != 0 and rc_proc == 0:
            return "input-miscompiled"
        r2 = self.copy_run(plain, self.ref_entry)
        p2 = self.copy_run(proc, entry)
        if r2 is None or p2 is None or i not in r2 or i not in p2:
            return "unconfirmed"
        if r2[i] != p2[i]:
            return "genuine"
        return "input-miscompiled" if r2[i] != ref_chunk else "output-miscompiled"

    def prepare(self, prog, variants, rng_seed):
        """The variants a program is checked with (BASE first where passes
        run alone, since they are checked against its numbers), its plan,
        and the module symshape-opt processes, written to src.mlir:
        (variants, entries, ref, runs, src)."""
        import random
        rng = random.Random(rng_seed)
        if any("pass" in v for v in variants) and variants[0]["key"] != BASE:
            variants = [base_variant()] + variants
        entries, ref, runs = plan(prog, variants, rng)
        src = self.write("src.mlir", G.emit_module(prog, entries, decls=True))
        return variants, entries, ref, runs, src

    def compare(self, prog, variants, rng_seed, other):
        """--same-output-as: the module check() would process, through this
        binary and `other` with each variant's flags; the outputs (and exit
        statuses) must be byte-identical. Nothing is executed: where they
        agree, so would every number a campaign compares."""
        variants, _, _, _, src = self.prepare(prog, variants, rng_seed)
        failures = []
        for v in variants:
            flags = variant_flags(v)
            got = [run([opt, src] + flags, self.t.timeout) for opt in (self.t.opt, other)]
            self.stats["executions"] += 1
            if got[0][0] != got[1][0] or got[0][1] != got[1][1]:
                failures.append({"variant": v, "flag": " ".join(flags),
                                 "cls": "output-differs",
                                 "detail": "rc %s and %s" % (got[0][0], got[1][0])})
        return {"status": "fail" if failures else "pass", "failures": failures}

    def check(self, prog, variants, rng_seed, only_entry=None):
        """Returns {"status": "pass"|"fail"|"skip", "failures": [...], ...}.
        Passes alone ("flags" variants) are checked after BASE, against its
        numbers."""
        self.seen, self.outputs, self.changed = {}, {}, set()
        self.base_text = None
        variants, entries, ref, runs, src = self.prepare(prog, variants, rng_seed)
        self.src = src
        plain = self.write("plain.mlir", G.emit_module(prog, entries, decls=False))
        low0 = os.path.join(self.w, "plain.ll.mlir")
        self.plain_src = plain
        rc, err = self.lower(plain, low0, entries=[ref[0]])
        if rc != 0:
            return {"status": "skip", "why": "unprocessed lowering: " + first_error(err)}
        rc, out, err = run(runner_cmd(self.t, low0, ref[0]), self.t.timeout)
        self.stats["runs"] += 1
        chunks, order = split_chunks(out)
        exp_tail = prog.cases[ref[1][-1]].status == "abort" if ref[1] else False
        ok_ids = [i for i in ref[1] if prog.cases[i].status == "ok"]
        if rc == "timeout" or (rc != 0 and not (exp_tail and is_abort(rc))) or \
                (rc == 0 and exp_tail) or any(i not in chunks for i in ok_ids):
            return {"status": "skip", "why": "unprocessed run disagrees with the oracle "
                    "(rc %s): %s" % (rc, first_error(err))}
        self.stats["unprocessed_calls"] += len(ref[1])
        refs = {i: chunks[i] for i in ok_ids}
        for i in ok_ids:
            if printed_numbers(refs[i]) != oracle_numbers(prog, prog.cases[i]):
                return {"status": "skip", "why": "the unprocessed program prints other "
                        "integers or shapes than the oracle computes (case %d)" % i}
        self.plain, self.ref_entry = plain, ref[0]
        self.copy_lowered = {}
        failures = []
        for v in variants:
            f = self.check_variant(prog, v, src, runs[v["key"]], self.expected(v, refs), low0)
            if f and f["cls"] == "skip":
                return {"status": "skip", "why": f["detail"]}
            if f:
                failures.append(f)
        return {"status": "fail" if failures else "pass", "failures": failures,
                "src": src}

    def expected(self, v, refs):
        """The numbers a variant must print: the unprocessed program's, or
        for a pass alone those of BASE where BASE printed them."""
        if "pass" not in v or BASE not in self.seen:
            return refs
        return {i: self.seen[BASE].get(i, r) for i, r in refs.items()}

    def check_variant(self, prog, v, src, vruns, refs, low0):
        name = re.sub(r"[^\w.-]", "_", v["key"])
        out = os.path.join(self.w, "proc-%s.mlir" % name)
        flags = variant_flags(v)
        rc, _, err = run([self.t.opt, src] + flags + ["-o", out], self.t.timeout)
        base = {"variant": v, "flag": " ".join(flags)}
        if rc != 0:
            return dict(base, cls=classify_opt_failure(rc, err), detail=first_error(err),
                        stderr=err[-4000:])
        if v.get("flags"):
            return self.check_output(prog, v, base, out, vruns, refs, low0)
        return self.lower_and_run(prog, v, base, out, vruns, refs, low0)

    def check_output(self, prog, v, base, out, vruns, refs, low0):
        """A pass alone: an output already checked (BASE's, another pass's)
        is not run again when the expectations are BASE's."""
        with open(out) as fh:
            text = fh.read()
        plain = "bind" not in v and "profile" not in v
        if v["key"] == BASE:
            self.base_text = text
        elif text != self.base_text:
            self.changed.add(v["pass"])
        elif plain:
            # the pass changed nothing: its numbers are BASE's
            self.stats["identical"] += sum(len(c) for _, c in vruns)
            return None
        if plain and text in self.outputs:
            self.stats["identical"] += sum(len(c) for _, c in vruns)
            f = self.outputs[text]
            return dict(f, variant=v, flag=base["flag"]) if f else None
        f = self.lower_and_run(prog, v, base, out, vruns, refs, low0)
        if plain:
            self.outputs[text] = f
        return f

    def lower_with_tail(self, v, out, low):
        """A pass alone whose output the standard lowering rejects: the
        output again with the tail of symshape-pipeline after
        symshape-lower (repairs and cleanups of the forms MLIR 22.1
        mishandles, such as code after a check that always fails), lowered.
        Returns (rc, err) of that lowering."""
        tail = out[:-len(".mlir")] + ".tail.mlir"
        rc, _, err = run([self.t.opt, self.src] + v["flags"] + PIPELINE_TAIL + ["-o", tail],
                         self.t.timeout)
        if rc != 0:
            return rc, err
        self.stats["tail"] = self.stats.get("tail", 0) + 1
        return self.lower(tail, low)

    def lower_and_run(self, prog, v, base, out, vruns, refs, low0):
        low = out[:-len(".mlir")] + ".ll.mlir"
        entries = [entry for entry, calls in vruns if calls]
        rc, err = self.lower(out, low, entries=entries)
        if rc != 0 and rc != "timeout" and v.get("flags"):
            rc, err = self.lower_with_tail(v, out, low)
        if rc != 0:
            crashed = rc != "timeout" and (rc < 0 or "Stack dump" in err)
            if crashed and self.unprocessed_lowering_crashes(low0):
                # Some upstream passes crash nondeterministically (the buffer
                # deallocation of scf.if results live across blocks, with
                # address-dependent iteration): not our bug when the
                # unprocessed program can crash the same way.
                return dict(base, cls="skip", detail="the standard lowering crashes "
                            "on the unprocessed program too (nondeterministically): "
                            + first_error(err))
            cls = "invalid-ir" if not crashed and "symshape" in err and (
                "Dialect" in err or "unregistered" in err) else "lowering-failure"
            if rc == "timeout":
                cls = "timeout"
            return dict(base, cls=cls, detail=first_error(err), stderr=err[-4000:])
        for entry, calls in vruns:
            if not calls:
                continue
            rc, so, err = run(runner_cmd(self.t, low, entry), self.t.timeout)
            self.stats["runs"] += 1
            chunks, order = split_chunks(so)
            last = order[-1] if order else None
            done = order[:-1] if rc != 0 else order
            self.seen.setdefault(v["key"], {}).update((i, chunks[i]) for i in done)
            for i, ex in calls:
                self.stats["executions"] += 1
                fb = dict(base, entry=entry, case=i, expect=ex, rc=rc,
                          stderr=err[-2000:])
                if ex == "same":
                    died_here = rc != 0 and last == i
                    if i not in chunks or died_here:
                        if rc == "timeout":
                            return dict(fb, cls="timeout", detail="run timed out")
                        if rc != 0 and not is_abort(rc) and "Error" in err and last is None:
                            return dict(fb, cls="lowering-failure",
                                        detail="mlir-runner: " + first_error(err))
                        if is_abort(rc):
                            return dict(fb, cls="processed-abort-only",
                                        detail=abort_message(chunks.get(i, ""), err),
                                        actual=chunks.get(i, ""), expected=refs[i])
                        return dict(fb, cls="runtime-crash", detail="rc %s %s" % (
                            rc, first_error(err)), actual=chunks.get(i, ""),
                            expected=refs[i])
                    if chunks[i] != refs[i]:
                        how = self.confirm_mismatch(self.plain, out, entry, i, refs[i])
                        if how == "input-miscompiled":
                            return dict(fb, cls="skip", detail="the standard lowering "
                                        "miscompiles the unprocessed program")
                        note = {"genuine": "", "unconfirmed": " (not confirmed with "
                                "copy-before-write bufferization)",
                                "output-miscompiled": " (only under the standard "
                                "lowering: the processed program triggers an upstream "
                                "bufferization miscompile)"}[how]
                        return dict(fb, cls="mismatch", detail="case %d differs%s" % (i, note),
                                    expected=refs[i], actual=chunks[i])
                else:
                    if rc == 0:
                        return dict(fb, cls="missing-abort",
                                    detail="case %d must abort (%s), completed" % (i, ex),
                                    actual=chunks.get(i, ""))
                    if rc == "timeout":
                        return dict(fb, cls="timeout", detail="run timed out")
                    if not is_abort(rc):
                        return dict(fb, cls="runtime-crash", detail="rc %s instead of an "
                                    "abort: %s" % (rc, first_error(err)))
        return None


# --------------------------------------------------------------------------
# Minimization (delta debugging on the program model).

def revalidate(prog, keep_uid):
    """Re-runs the oracle on every case; drops undefined ones. False if the
    case `keep_uid` became undefined or changed status."""
    keep = []
    for c in prog.cases:
        old = c.status
        try:
            G.run_case(prog, c)
        except (G.UB, G.TooBig):
            if c.uid == keep_uid:
                return False
            continue
        if c.uid == keep_uid and c.status != old:
            return False
        keep.append(c)
    prog.cases = keep
    return any(c.uid == keep_uid for c in prog.cases)


def used_names(prog):
    out = set()
    for f in prog.funcs:
        for d in f.decls:
            if d and d.get("names"):
                out.update(n for n in d["names"] if n)
    return out


def variant_valid(prog, v):
    names = used_names(prog)
    if "bind" in v and v["bind"][0] not in names:
        return False
    if "profile" in v and v["profile"][0] not in names:
        return False
    return True


class Minimizer:
    def __init__(self, checker, failure, prog, budget_s, verbose=False):
        self.c = checker
        self.cls = failure["cls"]
        self.v = failure["variant"]
        self.budget = time.time() + budget_s
        self.tests = 0
        self.verbose = verbose
        uid = prog.cases[failure["case"]].uid if "case" in failure else None
        self.uid = uid
        self.last = failure

    def still_fails(self, p):
        if time.time() > self.budget:
            return False
        p.cases = [c for c in p.cases if p.func(c.func) is not None]
        if self.uid is not None and not revalidate(p, self.uid):
            return False
        if self.uid is None:
            for c in p.cases:
                try:
                    G.run_case(p, c)
                except (G.UB, G.TooBig):
                    return False
        if not p.cases or not any(c.status == "ok" for c in p.cases) and self.cls in (
                "mismatch",):
            return False
        # every public function keeps at least one call checked by the oracle
        called = set(c.func for c in p.cases)
        if any(not f.private and f.name not in called for f in p.funcs):
            return False
        if not variant_valid(p, self.v):
            return False
        self.tests += 1
        r = self.c.check(p, [self.v], 0)
        if r["status"] != "fail":
            return False
        f = [x for x in r["failures"] if x["variant"]["key"] == self.v["key"]]
        f = f[0] if f else r["failures"][0]
        if f["cls"] != self.cls:
            return False
        if self.uid is not None and "case" in f and p.cases[f["case"]].uid != self.uid \
                and self.cls in ("mismatch", "processed-abort-only", "missing-abort",
                                 "runtime-crash"):
            # another case fails the same way: fine, follow it
            self.uid = p.cases[f["case"]].uid
        self.last = f
        return True

    def attempt(self, prog, edit):
        p = G.clone(prog)
        try:
            if edit(p) is False:
                return None
        except (IndexError, KeyError, ValueError, AttributeError):
            return None
        for f in p.funcs:
            G.dce(f)
        G.prune_private(p)
        if self.still_fails(p):
            return p
        return None

    def run(self, prog):
        # 1. whole public functions (with their calls)
        keep_f = None
        if self.uid is not None:
            keep_f = [c.func for c in prog.cases if c.uid == self.uid][0]
        for fname in [f.name for f in prog.funcs if not f.private]:
            if fname == keep_f:
                continue

            def drop(q, fname=fname):
                if len([f for f in q.funcs if not f.private]) < 2:
                    return False
                q.funcs = [f for f in q.funcs if f.name != fname]
                q.cases = [c for c in q.cases if c.func != fname]
            p = self.attempt(prog, drop)
            if p is not None:
                prog = p
        # 2. calls: only the failing one, or one per function
        if self.uid is not None:
            p = self.attempt(prog, lambda q: setattr(q, "cases", [
                c for c in q.cases if c.uid == self.uid]))
            if p is not None:
                prog = p
        else:
            def first_per_func(q):
                # one call per function, a valid one if there is one: every
                # function keeps a call, so the oracle keeps it well defined
                keep = {}
                for c in q.cases:
                    if c.func not in keep or (keep[c.func].status != "ok" and
                                              c.status == "ok"):
                        keep[c.func] = c
                q.cases = [c for c in q.cases if keep.get(c.func) is c]
            p = self.attempt(prog, first_per_func)
            if p is not None:
                prog = p
        i = 0
        while i < len(prog.cases) and len(prog.cases) > 1:
            uid = prog.cases[i].uid
            if uid == self.uid:
                i += 1
                continue
            p = self.attempt(prog, lambda q, u=uid: setattr(q, "cases", [
                c for c in q.cases if c.uid != u]))
            if p is not None:
                prog = p
            else:
                i += 1
        # 2. functions without cases are gone; now ops, to a fixpoint
        changed = True
        while changed and time.time() < self.budget:
            changed = False
            for fname in [f.name for f in prog.funcs]:
                for edit in self.edits(prog, fname):
                    p = self.attempt(prog, edit)
                    if p is not None:
                        prog = p
                        changed = True
                        break
                if changed:
                    break
        return prog

    def edits(self, prog, fname):
        """Candidate edits of one function, most reducing first."""
        f = prog.func(fname)
        if f is None:
            return
        paths = []

        def collect(block, path):
            for k, op in enumerate(block.ops):
                paths.append(path + [k])
                for ri, r in enumerate(op.regions):
                    collect(r, path + [k, ri])
        collect(f.body, [])

        def locate(q, path):
            g = q.func(fname)
            block = g.body
            for j in range(0, len(path) - 1, 2):
                block = block.ops[path[j]].regions[path[j + 1]]
            return g, block, path[-1]
        # drop extra returns
        if not f.private and len(f.returns) > 1:
            for k in range(len(f.returns)):
                def e(q, k=k):
                    g = q.func(fname)
                    del g.returns[k]
                yield e
        for path in reversed(paths):
            g0, b0, k0 = locate(prog, path)
            op = b0.ops[k0]
            if op.kind == "assert":
                def e(q, path=path):
                    g, b, k = locate(q, path)
                    del b.ops[k]
                yield e
            if op.kind in ("if", "condbr"):
                for side in (0, 1):
                    def e(q, path=path, side=side):
                        g, b, k = locate(q, path)
                        o = b.ops[k]
                        reg = o.regions[side]
                        b.ops[k:k + 1] = reg.ops
                        for r, y in zip(o.results, reg.yields):
                            G.replace_uses(g, r, y)
                    yield e
            if op.kind == "for":
                def e(q, path=path):
                    g, b, k = locate(q, path)
                    o = b.ops[k]
                    for r, y in zip(o.results, o.operands[3:]):
                        G.replace_uses(g, r, y)
                    del b.ops[k]
                yield e
            for ri, r in enumerate(op.results):
                for oi, x in enumerate(op.operands):
                    if x.type == r.type and x is not r:
                        def e(q, path=path, ri=ri, oi=oi):
                            g, b, k = locate(q, path)
                            o = b.ops[k]
                            G.replace_uses(g, o.results[ri], o.operands[oi])
                        yield e
        # unused arguments of public functions
        if not f.private:
            used = set(id(v) for v in G.all_uses(f))
            for i, a in enumerate(f.args):
                if id(a) in used:
                    continue

                def e(q, i=i):
                    g = q.func(fname)
                    a = g.args[i]
                    pos = sum(1 for x in g.args[:i] if G.is_tensor(x) == G.is_tensor(a))
                    del g.args[i]
                    del g.decls[i]
                    for c in q.cases:
                        if c.func == fname:
                            if G.is_tensor(a):
                                c.shapes = c.shapes[:pos] + c.shapes[pos + 1:]
                            else:
                                c.scalars = c.scalars[:pos] + c.scalars[pos + 1:]
                yield e
        # argument attributes
        for i, d in enumerate(f.decls):
            if d:
                def e(q, i=i):
                    q.func(fname).decls[i] = None
                yield e
                for key in ("ranges", "divs", "names"):
                    if d.get(key):
                        def e(q, i=i, key=key):
                            q.func(fname).decls[i][key] = []
                        yield e


def reproducer_text(prog, failure, seed, pidx):
    v = failure["variant"]
    flag = failure["flag"]
    entry_ids = list(range(len(prog.cases)))
    body = G.emit_module(prog, [("main", entry_ids)], decls=True)
    cls = failure["cls"]
    q = flag.replace("--symshape-pipeline=", "")
    pipe = '--symshape-pipeline="%s"' % q if "=" in flag else "--symshape-pipeline"
    if v.get("flags"):
        pipe = " ".join(shlex.quote(x) for x in v["flags"])
    lines = ["// Reproducer found by the symshape differential fuzzer (test/fuzz).",
             "// class: %s; variant: %s; campaign seed %s, program %s (%s)." % (
                 cls, v["opts"] or "default", seed, pidx, prog.family),
             "// %s" % failure.get("detail", "").replace("\n", " ")[:300],
             "// Re-run (RUN lines with the substitutions of test/lit.cfg.py):",
             "//   /usr/bin/python3 test/fuzz/symshape_fuzz.py --check-reproducers <this file> -v"]
    before = "// RUN: mlir-opt --load-dialect-plugin=%symshape_plugin %s %lower_to_llvm " \
             "| %run_cpu | %strip_addresses"
    if cls in ("opt-crash", "invalid-ir", "opt-error"):
        lines.append("// RUN: symshape-opt %%s %s -o %%t.mlir" % pipe)
    elif cls == "lowering-failure" and "mlir-runner" not in failure.get("detail", ""):
        lines.append("// RUN: symshape-opt %%s %s | mlir-opt %%lower_to_llvm -o %%t.ll.mlir" % pipe)
    else:
        exp = failure.get("expect", "same")
        if exp == "same":
            lines.append(before + " > %t.before")
            lines.append("// RUN: symshape-opt %%s %s | mlir-opt %%lower_to_llvm | %%run_cpu "
                         "| %%strip_addresses > %%t.after" % pipe)
            lines.append("// RUN: diff %t.before %t.after")
        elif exp == "both-abort":
            lines.append("// RUN: mlir-opt --load-dialect-plugin=%symshape_plugin %s "
                         "%lower_to_llvm | not --crash %run_cpu")
            lines.append("// RUN: symshape-opt %%s %s | mlir-opt %%lower_to_llvm | "
                         "not --crash %%run_cpu" % pipe)
        else:
            lines.append("// The processed program must abort (%s):" % exp)
            lines.append("// RUN: symshape-opt %%s %s | mlir-opt %%lower_to_llvm | "
                         "not --crash %%run_cpu" % pipe)
    if "expected" in failure or "actual" in failure:
        lines.append("//")
        lines.append("// Expected (unprocessed) output of the failing call:")
        for l in (failure.get("expected") or "").splitlines()[:30]:
            lines.append("//   " + l)
        lines.append("// Actual (after %s):" % (v["opts"] or "symshape-pipeline"))
        for l in (failure.get("actual") or "").splitlines()[:30]:
            lines.append("//   " + l)
    if failure.get("stderr") and cls not in ("mismatch",):
        lines.append("//")
        lines.append("// stderr (tail):")
        for l in failure["stderr"].strip().splitlines()[-12:]:
            lines.append("//   " + l[:200])
    return "\n".join(lines) + "\n\n" + body


# --------------------------------------------------------------------------
# Campaigns.

WHICH = ("default", "none", "bind", "profile", "noclones")


def program_seed(seed, i):
    return seed * 1000003 + i


def family_of(a, seed):
    """The program family of a program seed: fixed by --family, or drawn
    from the seed (--family mix, --negsize-share of "negsize"), so that a
    seed denotes the same program in a campaign and in a replay."""
    if a.family != "mix":
        return a.family
    import random
    return "negsize" if random.Random(seed * 31 + 7).random() < a.negsize_share \
        else "classic"


def generate(a, seed):
    prog = G.generate(seed, family=family_of(a, seed),
                      inputs=getattr(a, "inputs", 1))
    if prog is not None:
        for k, c in enumerate(prog.cases):
            c.uid = k
    return prog


def signature(f):
    d = f.get("detail") or ""
    d = re.sub(r"\S+\.mlir:\d+:\d+: ", "", d)
    d = re.sub(r" \(/\S+\)$", "", d)
    d = re.sub(r"[0-9]+", "N", d)
    d = re.sub(r"%\w+", "%V", d)
    if f["cls"] in ("mismatch", "processed-abort-only", "missing-abort", "runtime-crash",
                    "timeout"):
        d = ""
    return "%s|%s|%s" % (f["cls"], f["variant"]["key"], d[:120])


def claim(sigdir, sig, limit):
    """At most `limit` minimizations per signature, across workers."""
    h = hashlib.sha1(sig.encode()).hexdigest()[:12]
    for k in range(limit):
        try:
            fd = os.open(os.path.join(sigdir, "%s.%d" % (h, k)),
                         os.O_CREAT | os.O_EXCL | os.O_WRONLY)
            os.write(fd, sig.encode())
            os.close(fd)
            return True
        except FileExistsError:
            continue
    return False


def program_variants(a, prog, seed):
    """The variants a program is checked with (--mode, --variants)."""
    import random
    rng = random.Random(seed)
    if a.mode == "passes":
        return pass_variants(prog, rng, a.passes.split(",") if a.passes else [])
    variants = choose_variants(prog, rng, a.variants.split(","))
    if a.variants_per_program and len(variants) > a.variants_per_program:
        keep = [variants[0]] + rng.sample(variants[1:], a.variants_per_program - 1)
        variants = [v for v in variants if v in keep]
    return variants


def work(job):
    """One program: generate, check, minimize. Runs in a worker process."""
    a, i = job
    tools = Tools(a)
    seed = program_seed(a.seed, i)
    res = {"i": i, "seed": seed, "status": "gen-none", "failures": [], "runs": 0,
           "executions": 0, "unprocessed_calls": 0, "saved": [],
           "family": family_of(a, seed)}
    prog = generate(a, seed)
    if prog is None:
        return res
    variants = program_variants(a, prog, seed)
    if a.coverage:
        res["cov"] = sorted(fuzzcov.program_keys(prog) | set(option_key(v) for v in variants))
    if a.generate_only:
        res["status"] = "generated"
        return res
    wd = tempfile.mkdtemp(prefix="symshape-fuzz-")
    try:
        if a.snapshot:
            snap = snapshot_opt(a.symshape_opt, a.snapdir)
            if snap is None:
                res["status"] = "skip"
                res["why"] = "symshape-opt missing"
                return res
            tools.opt = snap
            res["binary"] = os.path.basename(snap)
        ch = Checker(tools, wd, a.verbose)
        r = ch.compare(prog, variants, seed, a.same_output_as) if a.same_output_as \
            else ch.check(prog, variants, seed)
        res.update(ch.stats)
        if a.coverage:
            res["cov"] += ["option changed by " + p for p in sorted(ch.changed)]
        res["status"] = r["status"]
        res["why"] = r.get("why")
        res["ncases"] = len(prog.cases)
        res["nvariants"] = len(variants)
        if r["status"] == "fail":
            for f in r["failures"]:
                slim = {k: f.get(k) for k in ("cls", "detail", "flag", "expect", "case",
                                              "expected", "actual")}
                slim["variant"] = f["variant"]["opts"] or "default"
                slim["sig"] = signature(f)
                res["failures"].append(slim)
            if a.minimize and a.found:
                os.makedirs(a.found, exist_ok=True)
                sigdir = os.path.join(tempfile.gettempdir(),
                                      "symshape-fuzz-signatures-%d" % a.seed)
                os.makedirs(sigdir, exist_ok=True)
                for f in r["failures"]:
                    if a.minimize_classes and f["cls"] not in a.minimize_classes.split(","):
                        continue
                    runtime = f["cls"] in ("mismatch", "processed-abort-only",
                                           "missing-abort", "runtime-crash")
                    if not claim(sigdir, signature(f),
                                 a.per_signature * (2 if runtime else 1)):
                        continue
                    mwd = tempfile.mkdtemp(prefix="symshape-min-", dir=wd)
                    mc = Checker(tools, mwd)
                    m = Minimizer(mc, f, prog, a.minimize_seconds)
                    small = m.run(G.clone(prog))
                    name = "%s-%s-%d.mlir" % (f["cls"], re.sub(r"[^\w.-]", "_",
                                                               f["variant"]["key"]), seed)
                    path = os.path.join(a.found, name)
                    with open(path, "w") as fh:
                        fh.write(reproducer_text(small, m.last, a.seed, i))
                    res["saved"].append(path)
        return res
    finally:
        if not a.keep:
            shutil.rmtree(wd, ignore_errors=True)


def summarize(a, results, elapsed, stopped):
    prog = sum(1 for r in results if r["status"] in ("pass", "fail"))
    skipped = sum(1 for r in results if r["status"] == "skip")
    gen_none = sum(1 for r in results if r["status"] == "gen-none")
    ex = sum(r["executions"] for r in results)
    runs = sum(r["runs"] for r in results)
    uc = sum(r["unprocessed_calls"] for r in results)
    classes = COMPARE_CLASSES if a.same_output_as else CLASSES
    counts = {c: 0 for c in classes}
    for r in results:
        for f in r["failures"]:
            counts[f["cls"]] = counts.get(f["cls"], 0) + 1
    nf = sum(counts.values())
    fail_progs = sum(1 for r in results if r["status"] == "fail")
    if a.generate_only:
        prog = sum(1 for r in results if r["status"] == "generated")
    print("symshape-fuzz%s: seed %d: %d programs, %d executions, %d failures "
          "(%d failing programs)" % (" (passes alone)" if a.mode == "passes" else "",
                                     a.seed, prog, ex, nf, fail_progs))
    print("  by class: " + " ".join("%s=%d" % (c, counts[c]) for c in classes))
    print("  %d mlir-runner runs, %d unprocessed calls; %d programs skipped "
          "(unprocessed program not runnable), %d seeds without a valid input; "
          "%.0f s%s" % (runs, uc, skipped, gen_none, elapsed,
                        "; stopped at the time limit" if stopped else ""))
    fams = dict((f, 0) for f in G.FAMILIES)
    for r in results:
        if r["status"] in ("pass", "fail", "generated"):
            fams[r["family"]] += 1
    print("  families: " + ", ".join("%s=%d" % (f, fams[f]) for f in G.FAMILIES) +
          ("; calls not run because a pass alone changed nothing: %d; outputs lowered "
           "with the pipeline's tail: %d" % (
               sum(r.get("identical") or 0 for r in results),
               sum(r.get("tail") or 0 for r in results)) if a.mode == "passes" else ""))
    if a.coverage:
        print_coverage(a, [r["cov"] for r in results if r.get("cov") and r["status"] in (
            "pass", "fail", "generated")])
    return nf


def print_coverage(a, key_sets):
    for line in fuzzcov.table(key_sets, option_universe(), a.coverage == "markdown"):
        print(line)


def campaign(a):
    t0 = time.time()
    results = []
    jobs = [(a, i) for i in range(a.start, a.start + a.programs)]
    stopped = False
    logf = open(a.log, "a") if a.log else None
    pool = multiprocessing.Pool(a.jobs) if a.jobs > 1 else None
    it = pool.imap_unordered(work, jobs) if pool else map(work, jobs)
    try:
        for r in it:
            results.append(r)
            if logf:
                logf.write(json.dumps({k: r.get(k) for k in (
                    "i", "seed", "family", "status", "why", "runs", "executions", "ncases",
                    "nvariants", "failures", "saved", "binary", "identical", "tail",
                    "cov")}) + "\n")
                logf.flush()
            if r["status"] == "fail":
                for f in r["failures"]:
                    print("FAIL program %d (seed %d, %s): %s [%s] %s" % (
                        r["i"], r["seed"], r["family"], f["cls"], f["variant"],
                        f["detail"]), flush=True)
            elif r["status"] == "skip" and a.verbose:
                print("skip program %d: %s" % (r["i"], r.get("why")), flush=True)
            if a.progress and len(results) % a.progress == 0:
                print("... %d programs, %d executions, %.0f s" % (
                    len(results), sum(x["executions"] for x in results),
                    time.time() - t0), flush=True)
            if a.time_limit and time.time() - t0 > a.time_limit:
                stopped = True
                break
    finally:
        if pool:
            pool.terminate()
            pool.join()
    nf = summarize(a, results, time.time() - t0, stopped)
    return 1 if nf else 0


def replay(a):
    seed = program_seed(a.seed, a.replay)
    prog = generate(a, seed)
    if prog is None:
        print("no program for this seed")
        return 0
    if a.emit_only:
        import random
        vs = program_variants(a, prog, seed)
        entries, ref, runs = plan(prog, vs, random.Random(seed))
        print(G.emit_module(prog, entries, decls=True))
        for c in prog.cases:
            print("// case %d %s %s %s: %s violations=%s observed=%s" % (
                c.uid, c.func, c.shapes, c.scalars, c.status, c.violations, c.observed))
        for v in vs:
            print("// variant", v["opts"], runs[v["key"]])
        return 0
    a.programs, a.start, a.jobs = 1, a.replay, 1
    a.verbose = True
    r = work((a, a.replay))
    print(json.dumps({k: r.get(k) for k in ("status", "why", "failures", "saved",
                                              "executions")}, indent=1))
    return 1 if r["failures"] else 0


def summarize_logs(paths, a=None):
    """Figures of one or more campaign logs (--log files); with --coverage,
    the table of the checked programs that logged their keys."""
    import collections
    res = {}
    for path in paths:
        for line in open(path):
            r = json.loads(line)
            res[r["seed"]] = r  # a program run twice counts once (the last run)
    st = collections.Counter(r["status"] for r in res.values())
    ex = sum(r.get("executions") or 0 for r in res.values())
    runs = sum(r.get("runs") or 0 for r in res.values())
    cls = collections.Counter()
    sig = collections.Counter()
    for r in res.values():
        for f in r.get("failures") or []:
            cls[f["cls"]] += 1
            sig[signature_of_slim(f)] += 1
    checked = st["pass"] + st["fail"]
    print("programs generated: %d; checked: %d (%d pass, %d fail); skipped: %d; "
          "no valid input: %d" % (len(res), checked, st["pass"], st["fail"], st["skip"],
                                  st["gen-none"]))
    print("executions: %d; mlir-runner runs: %d" % (ex, runs))
    print("failures by class: " + ", ".join("%s=%d" % (c, cls[c]) for c in CLASSES))
    print("signatures:")
    for k, v in sig.most_common():
        print("  %5d %s" % (v, k))
    if a is not None and a.coverage:
        print_coverage(a, [r["cov"] for r in res.values()
                           if r.get("cov") and r["status"] in ("pass", "fail")])
    return 0


def signature_of_slim(f):
    return signature(dict(f, variant={"key": f["variant"].split("=")[0]}))


def check_reproducers(a):
    """Re-runs saved reproducers (a directory or files) with lit semantics:
    each RUN line must succeed; a reproducer passes once the bug is fixed."""
    paths = []
    for p in a.check_reproducers:
        if os.path.isdir(p):
            paths += [os.path.join(p, n) for n in sorted(os.listdir(p)) if n.endswith(".mlir")]
        else:
            paths.append(p)
    bad = 0
    for path in paths:
        ok, why = run_lit_file(a, path)
        print("%s %s" % ("STILL FAILS" if not ok else "now passes ", path))
        if not ok and a.verbose:
            print("  " + why.replace("\n", "\n  "))
        bad += 0 if ok else 1
    print("%d of %d reproducers still fail" % (bad, len(paths)))
    return 0


def run_lit_file(a, path):
    """(all RUN lines succeed, what the failing line printed)."""
    bindir = os.path.dirname(os.path.abspath(a.symshape_opt))
    plugin = os.path.join(os.path.dirname(bindir), "lib", "SymShapePlugin.so")
    subst = [
        ("%lower_to_llvm", "--pass-pipeline='%s'" % LOWER),
        ("%run_cpu", "stdbuf -o0 %s -e main -entry-point-result=void -shared-libs=%s,%s" % (
            a.mlir_runner, a.runner_utils, a.c_runner_utils)),
        ("%strip_addresses", "sed -e 's/base@ = 0x[0-9a-f]*//'"),
        ("%symshape_plugin", plugin),
    ]
    tmp = tempfile.mkdtemp(prefix="symshape-repro-")
    try:
        for line in open(path):
            m = re.match(r"^// RUN: (.*)$", line)
            if not m:
                continue
            cmd = m.group(1)
            for k, v in subst:
                cmd = cmd.replace(k, v)
            cmd = cmd.replace("%s", path).replace("%t", os.path.join(tmp, "t"))
            cmd = re.sub(r"(^|\| )symshape-opt ", r"\1%s " % a.symshape_opt, cmd)
            cmd = re.sub(r"(^|\| )mlir-opt ", r"\1%s " % a.mlir_opt, cmd)
            cmd = cmd.replace("not --crash ", os.path.join(os.path.dirname(a.mlir_opt), "not") + " --crash ")
            p = subprocess.run(["bash", "-o", "pipefail", "-c", cmd], capture_output=True,
                               text=True, timeout=300)
            if p.returncode != 0:
                out = (p.stdout + p.stderr).strip().splitlines()
                return False, "RUN: %s\n%s" % (m.group(1), "\n".join(
                    [l for l in out if not re.match(r"\s*#\d+ 0x", l)][-12:]))
        return True, ""
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(here))
    llvm = "/usr/lib/llvm-22"
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--programs", type=int, default=100)
    ap.add_argument("--start", type=int, default=0, help="first program index")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--time-limit", type=float, default=0,
                    help="stop (and still pass) after this many seconds")
    ap.add_argument("--family", default="mix", choices=("mix",) + G.FAMILIES,
                    help="program family: classic (fuzzgen.py), negsize (negative size "
                    "arithmetic and the limits, fuzzneg.py), or a mix of both")
    ap.add_argument("--negsize-share", type=float, default=0.35,
                    help="share of negsize programs in --family mix")
    ap.add_argument("--mode", default="pipeline", choices=("pipeline", "passes"),
                    help="pipeline: symshape-pipeline in its variants against the "
                    "unprocessed program; passes: symshape-infer, P, symshape-lower "
                    "against symshape-infer, symshape-lower for each pass P of --passes")
    ap.add_argument("--passes", default=",".join(PASSES),
                    help="passes checked alone in --mode passes (comma-separated, "
                    "options in braces); the bind=/profile= forms of %s are added "
                    "where the program has names" % " and ".join(BIND_PASSES))
    ap.add_argument("--coverage", nargs="?", const="text", default=None,
                    choices=("text", "markdown"),
                    help="count what the checked programs exercise and print the table")
    ap.add_argument("--generate-only", action="store_true",
                    help="only generate the programs (with --coverage: the table of "
                    "what they would exercise)")
    ap.add_argument("--same-output-as", default="", metavar="BIN",
                    help="run nothing: check that --symshape-opt and BIN (another "
                    "build) print byte-identical output for every program and variant "
                    "of the campaign (a refactor's check; 'executions' counts the "
                    "comparisons)")
    ap.add_argument("--runner-opt", default="O0", choices=("O0", "O1", "O2", "O3"),
                    help="mlir-runner's optimization level for every run (O0 compiles "
                    "a few times faster than its default, O2)")
    ap.add_argument("--inputs", type=int, default=1,
                    help="draw this many times the default number of valid inputs "
                    "per function (5 classic, 12 negsize): they run in one "
                    "mlir-runner call, so long campaigns get more executions per "
                    "compilation; replay a program with the same value")
    ap.add_argument("--variants", default=",".join(WHICH))
    ap.add_argument("--variants-per-program", type=int, default=0,
                    help="run at most this many variants per program (default first)")
    ap.add_argument("--minimize", action="store_true")
    ap.add_argument("--minimize-seconds", type=float, default=300)
    ap.add_argument("--minimize-classes", default="",
                    help="comma-separated classes to minimize (default: all)")
    ap.add_argument("--per-signature", type=int, default=3)
    ap.add_argument("--found", default=os.path.join(here, "found"))
    ap.add_argument("--log", default="")
    ap.add_argument("--progress", type=int, default=0)
    ap.add_argument("--keep", action="store_true", help="keep work directories")
    ap.add_argument("--no-snapshot", dest="snapshot", action="store_false",
                    help="run symshape-opt in place instead of a stable private copy")
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--replay", type=int, default=None)
    ap.add_argument("--emit", dest="emit", type=int, default=None)
    ap.add_argument("--check-reproducers", nargs="+", default=None,
                    help="re-run saved reproducers (files or directories) and exit")
    ap.add_argument("--summarize-logs", nargs="+", default=None,
                    help="print the figures of campaign logs and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("--symshape-opt", default=os.environ.get(
        "SYMSHAPE_OPT", os.path.join(root, "build", "bin", "symshape-opt")),
        help="the binary under test (default: $SYMSHAPE_OPT, else build/bin)")
    ap.add_argument("--mlir-opt", default=os.path.join(llvm, "bin", "mlir-opt"))
    ap.add_argument("--mlir-runner", default=os.path.join(llvm, "bin", "mlir-runner"))
    ap.add_argument("--runner-utils", default=os.path.join(llvm, "lib",
                                                           "libmlir_runner_utils.so"))
    ap.add_argument("--c-runner-utils", default=os.path.join(llvm, "lib",
                                                             "libmlir_c_runner_utils.so"))
    a = ap.parse_args()
    a.emit_only = False
    a.snapdir = tempfile.mkdtemp(prefix="symshape-fuzz-bin-")
    try:
        if a.summarize_logs:
            return summarize_logs(a.summarize_logs, a)
        if a.check_reproducers:
            return check_reproducers(a)
        if a.emit is not None:
            a.replay, a.emit_only = a.emit, True
        if a.replay is not None:
            return replay(a)
        return campaign(a)
    finally:
        shutil.rmtree(a.snapdir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
