"""pytest configuration of the model zoo (test/models): the symshape
package from PYTHONPATH (or this checkout's build), and this directory on
sys.path for the zoo's helper modules."""

import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))

try:
    import symshape  # noqa: F401
except ModuleNotFoundError:
    sys.path.insert(0, str(ROOT / "build" / "python_packages"))
