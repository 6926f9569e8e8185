"""The package: its version, its layout, and an installed copy."""

import os
import re
import subprocess
import sys

import symshape


def test_version_is_the_project_version(root):
    cmake = (root / "CMakeLists.txt").read_text()
    version = re.search(r"project\(symshape VERSION ([0-9.]+)", cmake).group(1)
    assert symshape.__version__ == version
    assert symshape._symshape.__version__ == version


def test_submodules():
    import symshape.sympy  # noqa: F401
    assert symshape.expr.Symbol and symshape.ir.Module
    assert "sympy" not in symshape.__all__  # imported on request only


def test_installed_package_imports(build_dir, tmp_path):
    """`cmake --install` puts a working package under
    <prefix>/lib/python3/dist-packages."""
    prefix = tmp_path / "prefix"
    subprocess.run(["cmake", "--install", str(build_dir), "--prefix",
                    str(prefix), "--component", "SymShapePython"],
                   check=True, capture_output=True)
    site = prefix / "lib" / "python3" / "dist-packages"
    assert (site / "symshape" / "_config.py").exists()
    code = ("import symshape, symshape.sympy;"
            "from symshape.expr import Symbol, smax;"
            "from symshape import ir;"
            "print(symshape.__file__, symshape.__version__,"
            " smax(Symbol('a', range=(1, 4)), 4).simplify());"
            "ir.Module.parse('func.func @f() { return }').run('canonicalize')")
    env = dict(os.environ, PYTHONPATH=str(site))
    out = subprocess.run([sys.executable, "-c", code], env=env, check=True,
                         capture_output=True, text=True).stdout
    path, version, simplified = out.split()
    assert path.startswith(str(site)) and version == symshape.__version__
    assert simplified == "4"


def test_bench_runs(root, tmp_path):
    """bench/python_engine_bench.py keeps working (a tiny corpus; no
    timing is checked)."""
    env = dict(os.environ, PYTHONPATH=os.path.dirname(
        os.path.dirname(symshape.__file__)))
    p = subprocess.run([sys.executable,
                        str(root / "bench" / "python_engine_bench.py"),
                        "--cases", "12", "--passes", "1"],
                       env=env, capture_output=True, text=True, cwd=tmp_path)
    assert "| symshape from Python: parse + simplify + range |" in p.stdout, \
        p.stderr
    assert "faster than sympy" in p.stdout
