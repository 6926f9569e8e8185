"""symshape: symbolic shapes for MLIR, from Python.

* ``symshape.expr``: the symbolic engine (expressions, symbols with ranges
  and divisors, facts, the three-valued prover);
* ``symshape.ir``: MLIR modules (parse, verify, print), pass pipelines
  (``symshape-pipeline`` and upstream passes), diagnostics as exceptions,
  the facts report as dicts;
* ``symshape.sympy``: the bridge from sympy and PyTorch's symbolic shapes
  (import it explicitly: it imports sympy).

docs/Python.md has a worked example.
"""

import os as _os

from ._config import SANITIZER_RUNTIME as _SANITIZER_RUNTIME
from ._config import __version__


def _runtime_loaded(path):
    """True if the shared library `path` is mapped into this process."""
    name = _os.path.basename(path)
    try:
        with open("/proc/self/maps") as maps:
            return any(line.rstrip().endswith(name) for line in maps)
    except OSError:
        return True  # Cannot tell: let the loader decide.


if _SANITIZER_RUNTIME and not _runtime_loaded(_SANITIZER_RUNTIME):
    _error = ImportError(
        "this symshape build is instrumented with sanitizers; run Python "
        f"with LD_PRELOAD={_SANITIZER_RUNTIME} "
        "ASAN_OPTIONS=detect_leaks=0:allow_user_poisoning=0")
    _error.sanitizer_runtime = _SANITIZER_RUNTIME
    raise _error

from . import _symshape  # noqa: E402,F401
from . import expr, ir  # noqa: E402,F401

__all__ = ["__version__", "expr", "ir"]
