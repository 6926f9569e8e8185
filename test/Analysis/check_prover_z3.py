#!/usr/bin/env python3
"""Checks the claims of prover fuzzing (`symshape-engine-check
--prover-claims`) with z3. Each line holds one set of facts (symbols with
kinds, ranges, divisors and equalities; ranges of expressions, which are
relational facts in random spellings) and the claims the engine made under
them: every "true" and "false" verdict of proveLE/proveLT/proveEQ/
proveNonNegative, every computed range and every simplification. Each claim
must be valid over the mathematical integers (floor division and modulo with
Python semantics) wherever the facts hold and the expressions are defined.
Prints counts; exits 1 on an invalid claim.

Usage: check_prover_z3.py [--jobs N] CLAIMS.jsonl
"""

import argparse
import json
import multiprocessing
import os
import sys

import z3

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_z3 import parse  # noqa: E402

RELATIONS = {
    "le": lambda a, b: a <= b,
    "lt": lambda a, b: a < b,
    "eq": lambda a, b: a == b,
}


def case_facts(case, syms):
    facts = []
    for sym, spec in zip(syms, case["symbols"]):
        if spec["size"]:
            facts.append(sym >= 0)
        if spec["lo"] is not None:
            facts.append(sym >= spec["lo"])
        if spec["hi"] is not None:
            facts.append(sym <= spec["hi"])
        if spec["divisor"] > 1:
            facts.append(sym % spec["divisor"] == 0)
        if spec["equality"]:
            eq, eq_defined = parse(spec["equality"], syms)
            facts += [eq_defined, sym == eq]
    # A fact on an expression also says that the expression is defined there
    # (the program would have divided by zero before asserting it).
    for fact in case["facts"]:
        e, defined = parse(fact["e"], syms)
        facts.append(defined)
        if fact["lo"] is not None:
            facts.append(e >= fact["lo"])
        if fact["hi"] is not None:
            facts.append(e <= fact["hi"])
    return facts


def claim_formula(claim, syms):
    op = claim["op"]
    a, a_def = parse(claim["a"], syms)
    if op == "range":
        bounds = []
        if claim["lo"] is not None:
            bounds.append(a >= claim["lo"])
        if claim["hi"] is not None:
            bounds.append(a <= claim["hi"])
        return z3.Implies(a_def, z3.And(*bounds))
    b, b_def = parse(claim["b"], syms)
    if op == "simplify":
        return z3.Implies(a_def, z3.And(b_def, a == b))
    rel = RELATIONS[op](a, b)
    if claim["verdict"] == "false":
        rel = z3.Not(rel)
    return z3.Implies(z3.And(a_def, b_def), rel)


def check_line(line):
    """Returns (counts, failure messages) for one set of facts."""
    counts = {"claims": 0, "true": 0, "false": 0, "range": 0, "simplify": 0,
              "proven": 0, "z3 unknown": 0, "invalid": 0}
    failures = []
    case = json.loads(line)
    syms = [z3.Int(f"s{i}") for i in range(len(case["symbols"]))]
    solver = z3.Solver()
    solver.set("timeout", 4000)
    solver.add(*case_facts(case, syms))
    for claim in case["claims"]:
        counts["claims"] += 1
        kind = claim.get("verdict", claim["op"])
        counts[kind] += 1
        solver.push()
        solver.add(z3.Not(claim_formula(claim, syms)))
        r = solver.check()
        solver.pop()
        if r == z3.unsat:
            counts["proven"] += 1
        elif r == z3.sat:
            counts["invalid"] += 1
            failures.append(f"INVALID {json.dumps(claim)} under "
                            f"{json.dumps({k: case[k] for k in ('symbols', 'facts')})}")
        else:
            counts["z3 unknown"] += 1
    return counts, failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("claims")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    total = {}
    lines = 0
    ok = True
    with open(args.claims) as f:
        work = (line for line in f if line.strip())
        if args.jobs > 1:
            pool = multiprocessing.Pool(args.jobs)
            results = pool.imap_unordered(check_line, work, chunksize=16)
        else:
            results = map(check_line, work)
        for counts, failures in results:
            lines += 1
            for k, v in counts.items():
                total[k] = total.get(k, 0) + v
            for msg in failures:
                ok = False
                print(msg)
    print(f"z3: {lines} sets of facts, {total.get('claims', 0)} claims "
          f"({total.get('true', 0)} true, {total.get('false', 0)} false, "
          f"{total.get('range', 0)} ranges, {total.get('simplify', 0)} "
          f"simplifications): {total.get('proven', 0)} proven, "
          f"{total.get('z3 unknown', 0)} undecided by z3, "
          f"{total.get('invalid', 0)} invalid")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
