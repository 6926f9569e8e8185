"""pytest configuration of the symshape Python tests.

The package comes from PYTHONPATH (scripts/test.sh sets it to the build's
python_packages); without it, from build/python_packages of this checkout.
"""

import os
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]

try:
    import symshape  # noqa: F401
except ModuleNotFoundError:
    sys.path.insert(0, str(ROOT / "build" / "python_packages"))
    import symshape  # noqa: F401


@pytest.fixture(scope="session")
def root():
    """The source tree."""
    return ROOT


@pytest.fixture(scope="session")
def build_dir():
    """The build tree the package was imported from (skips the test when
    the package does not come from a build tree)."""
    pkg = pathlib.Path(symshape.__file__).resolve().parent
    build = pkg.parent.parent
    if pkg.parent.name != "python_packages" or not (
            build / "CMakeCache.txt").exists():
        pytest.skip("symshape is not imported from a build tree")
    return build


def pytest_report_header(config):
    return [f"symshape {symshape.__version__} from "
            f"{os.path.dirname(symshape.__file__)}"]
