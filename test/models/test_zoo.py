"""The model zoo end to end: each model is exported from the command line
(``python3 -m symshape.torch zoo_models:<factory>``), run through
``symshape-pipeline`` (default, ``bind=``, ``profile=``), lowered with the
standard CPU pipeline, executed under mlir-runner at shapes other than the
traced one and compared with PyTorch eager."""

import json
import os
import re
import subprocess
import sys

import numpy as np
import pytest
import torch

import zoo
import zoo_models
from zoo_models import ZOO

HERE = os.path.dirname(os.path.abspath(__file__))
_EXPORTS = {}


def export(name):
    """The exported text and export report of a zoo model (cached)."""
    if name not in _EXPORTS:
        spec = ZOO[name]
        factory = spec["factory"].__name__
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(
            [HERE] + [p for p in sys.path if p.endswith("python_packages")] +
            ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
        cmd = [sys.executable, "-m", "symshape.torch",
               f"zoo_models:{factory}", "--input", spec["input"],
               "--report", "-"]
        for r in spec["ranges"]:
            cmd += ["--range", r]
        done = subprocess.run(cmd, capture_output=True, text=True, env=env,
                              timeout=900)
        assert done.returncode == 0, done.stderr[-3000:]
        report = json.loads(done.stderr[:done.stderr.rindex("}") + 1])
        _EXPORTS[name] = (done.stdout, report)
    return _EXPORTS[name]


def eager(name, x):
    model = ZOO[name]["factory"]()
    with torch.no_grad():
        return model(x).numpy()


def assert_close(got, want):
    atol = 1e-5 * float(np.abs(want).max())
    assert got.shape == want.shape
    assert np.allclose(got, want, rtol=1e-4, atol=atol), (
        f"max |diff| {np.abs(got - want).max()} (max |eager| "
        f"{np.abs(want).max()})")


def pipeline(name, variant):
    spec = ZOO[name]
    options = {"default": "", "bind": f"{{bind={spec['bind']}}}",
               "profile": f"{{profile={spec['profile']}}}"}[variant]
    return f"builtin.module(symshape-pipeline{options})"


def shapes(name, variant):
    spec = ZOO[name]
    if variant != "bind":
        return spec["runs"]
    bound = dict(kv.split("=") for kv in spec["bind"].split(","))
    dims = spec["input"].split(":")[0].split(",")
    return [tuple(int(bound.get(d, d)) for d in dims)]


@pytest.mark.parametrize("name", list(ZOO))
def test_export_keeps_no_guard_and_emits_checks(name):
    text, report = export(name)
    kept = [g for g in report["guards"] if g["status"] == "kept"]
    assert kept == [], kept
    assert report["asserts"] == text.count("cf.assert")
    assert "symshape.dim_names" in text
    assert "dense_resource<" in text


@pytest.mark.parametrize("name", list(ZOO))
def test_pipeline_removes_every_emitted_check(name):
    """Every cf.assert the frontend wrote (broadcasts, matrix products,
    concatenations) is proven and removed; what remains are symshape's
    own entry checks of the declared ranges."""
    text, _ = export(name)
    out = subprocess.run([zoo.symshape_opt(), "-",
                          f"--pass-pipeline={pipeline(name, 'default')}"],
                         input=text, capture_output=True, text=True,
                         check=True).stdout
    messages = re.findall(r'cf\.assert %\w+, "([^"]*)"', out)
    assert messages, "the declared ranges are checked at entry"
    assert all(m.startswith("symshape: ") for m in messages), messages


def test_resnet18_facts():
    """The report states the conv output sizes as torch computes them, and
    their ranges from the declared ones."""
    text, _ = export("resnet18")
    done = subprocess.run(
        [zoo.symshape_opt(), "-", "-o", os.devnull,
         "--pass-pipeline=builtin.module(symshape-pipeline{report-full})"],
        input=text, capture_output=True, text=True, check=True)
    convs = [line for line in done.stderr.splitlines()
             if "(linalg.conv_2d_nchw_fchw at " in line]
    assert len(convs) == 20
    # conv1: 7x7, stride 2, pad 3 on [32, 96] -> (H + 1) floordiv 2.
    assert ("[batch, 64, (height + 1) floordiv 2 (in [16, 48]), "
            "(width + 1) floordiv 2 (in [16, 48])]") in convs[0]
    # The default listing: each stage once; the last one's sizes in one
    # division.
    default = subprocess.run(
        [zoo.symshape_opt(), "-", "-o", os.devnull,
         "--pass-pipeline=builtin.module(symshape-pipeline{report})"],
        input=text, capture_output=True, text=True, check=True).stderr
    assert ("and 36 more of this shape : tensor<?x512x?x?xf32> = [batch, "
            "512, (height + 31) floordiv 32 (in [1, 3]), (width + 31) "
            "floordiv 32 (in [1, 3])]") in default, default
    from symshape import ir
    result = ir.Module.parse(text).facts()["functions"][0]["results"][0]["dims"]
    assert [d["expr"] for d in result] == ["batch", "1000"]
    assert result[0]["range"] == [1, 4]


@pytest.mark.parametrize("variant", ["default", "bind", "profile"])
@pytest.mark.parametrize("name", list(ZOO))
def test_runs_equal_to_eager(name, variant):
    text, report = export(name)
    traced = report["trace_values"]
    spec = ZOO[name]
    for shape in shapes(name, variant):
        x = spec["make"](*shape)
        dims = spec["input"].split(":")[0].split(",")
        assert any(not d.isdigit() and traced[d] != s
                   for d, s in zip(dims, shape)), "not the traced shape"
        (got,) = zoo.run_mlir(text, [x.numpy()],
                              pipeline=pipeline(name, variant))
        assert_close(got, eager(name, x))


def test_resnet18_height_33_is_accepted():
    """max_pool's meta records a guard on the parity of (H - 1) floordiv 2
    that would reject H = 33; the frontend shows it is an artifact (the
    graph traced at 33 is the same) and drops it."""
    _, report = export("resnet18")
    parity = [g for g in report["guards"]
              if "Mod(FloorDiv(height - 1, 2), 2)" in g["guard"]]
    assert parity and all(g["status"] == "artifact" for g in parity)


def test_factories_are_deterministic():
    a = zoo_models.resnet18().state_dict()
    b = zoo_models.resnet18().state_dict()
    assert all(torch.equal(a[k], b[k]) for k in a)
    assert float(a["bn1.running_var"].min()) >= 0.5


def test_a_network_no_test_names_runs_from_the_command_line(tmp_path):
    """regnet_x_400mf (grouped convolutions, which the zoo does not have),
    by name from the command line with its default random weights."""
    out = tmp_path / "regnet.mlir"
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
    done = subprocess.run(
        [sys.executable, "-m", "symshape.torch", "regnet_x_400mf",
         "--input", "batch,3,height,width", "--range", "batch=1:4",
         "--range", "height=64:128", "--range", "width=64:128",
         "--seed", "3", "-o", str(out)],
        capture_output=True, text=True, env=env, timeout=900)
    assert done.returncode == 0, done.stderr[-2000:]
    import torchvision
    torch.manual_seed(3)
    model = torchvision.models.regnet_x_400mf(weights=None).eval()
    x = torch.randn(2, 3, 67, 90, generator=torch.Generator().manual_seed(2))
    (got,) = zoo.run_mlir(out.read_text(), [x.numpy()],
                          pipeline="builtin.module(symshape-pipeline)")
    with torch.no_grad():
        assert_close(got, model(x).numpy())


class _Branchy(torch.nn.Module):
    def forward(self, x):
        if x.shape[0] > 10:
            return x * 2
        return x + 1


def test_a_kept_guard_is_checked_at_run_time():
    from symshape import torch as sst
    text = sst.export(_Branchy(), [torch.randn(20, 3)],
                      dynamic_shapes=[{0: ("n", 2, 64)}])
    x = torch.randn(17, 3)
    (got,) = zoo.run_mlir(text, [x.numpy()],
                          pipeline="builtin.module(symshape-pipeline)")
    assert_close(got, (x * 2).numpy())
    with pytest.raises(RuntimeError, match="guard from tracing: n > 10"):
        zoo.run_mlir(text, [torch.randn(5, 3).numpy()],
                     pipeline="builtin.module(symshape-pipeline)")
    # The report says why the guard stays: what was not proven, with the
    # range of n where the guard is.
    done = subprocess.run(
        [zoo.symshape_opt(), "-", "-o", os.devnull,
         "--pass-pipeline=builtin.module(symshape-pipeline{report})"],
        input=text, capture_output=True, text=True, check=True)
    assert re.search(r'kept at "guard": check "guard from tracing: n > 10": '
                     r'not proven: 10 < n \(n in \[2, 64\]\)\n',
                     done.stderr), done.stderr


# What symshape-pipeline's summary says of each model (golden): checks in
# the input / removed by proof / kept, max-min in the input / decided /
# kept, copies introduced.
SUMMARY = {
    "resnet18": (24, 24, 0, 0, 0, 0, 0),
    "mobilenet_v2": (30, 30, 0, 0, 0, 0, 0),
    "vit_small": (9, 9, 0, 14, 14, 0, 0),
    "transformer_encoder_layer": (7, 7, 0, 6, 6, 0, 0),
    "gpt2_block": (10, 10, 0, 10, 10, 0, 0),
}


@pytest.mark.parametrize("name", list(ZOO))
def test_report_summary_and_ceilings(name):
    """The default report starts with the summary (symbols, exact counts),
    and stays readable on a whole model: at most 40 lines of report and 30
    remarks (explain) for the one public function."""
    text, _ = export(name)
    done = subprocess.run(
        [zoo.symshape_opt(), "-", "-o", os.devnull,
         "--pass-pipeline=builtin.module(symshape-pipeline{report explain})"],
        input=text, capture_output=True, text=True, check=True)
    err = done.stderr
    report = err[err.index("symshape summary for @forward:"):]
    summary = report[:report.index("  tensor dims:")]
    # The summary starts with the declared symbols, their ranges as the
    # export declared them and where they are declared (at the argument).
    for spec in ZOO[name]["ranges"]:
        sym, bounds = spec.split("=")
        lo, hi = bounds.split(":")[:2]
        assert re.search(r"\n    %s : size in \[%s, %s\].* \(declared at "
                         % (sym, lo, hi), summary), summary
    checks = re.search(r"checks: (\d+) in the input, (\d+) removed by proof, "
                       r"(\d+) kept", summary).groups()
    extrema = re.search(r"max/min: (\d+) in the input, (\d+) decided, (\d+) "
                        r"kept", summary).groups()
    copies = re.search(r"copies introduced: (\d+)", summary).groups()
    got = tuple(int(v) for v in checks + extrema + copies)
    assert got == SUMMARY[name], summary
    assert len(report.splitlines()) <= 40, report
    remarks = err.count(": remark: ")
    assert 1 <= remarks <= 30, err
    assert "stays dynamic" not in err
