"""symshape.ir: parsing, verifying, printing, pass pipelines, diagnostics
and the facts report."""

import importlib.util
import json
import subprocess
import threading

import pytest

from symshape import ir
from symshape.ir import DiagnosticError, Module

MODEL = """\
func.func @model(%x: tensor<?x4xf32> {symshape.dim_names = ["batch", ""],
                                      symshape.dim_ranges = [#symshape.range<[1, 8]>, unit]},
                 %y: tensor<?xf32> {symshape.dim_names = ["seq"],
                                    symshape.dim_ranges = [#symshape.range<[1, 512]>],
                                    symshape.dim_divisors = [16]})
    -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %b = tensor.dim %x, %c0 : tensor<?x4xf32>
  %s = tensor.dim %y, %c0 : tensor<?xf32>
  %b1 = arith.addi %b, %c1 : index
  %s2 = arith.muli %s, %c2 : index
  %e = tensor.empty(%b1, %s2) : tensor<?x?xf32>
  return %e : tensor<?x?xf32>
}
"""


def test_parse_print_round_trip():
    m = Module.parse(MODEL)
    text = str(m)
    assert "func.func @model" in text and text.startswith("module {")
    assert str(Module.parse(text)) == text
    generic = m.print(generic=True)
    assert '"func.func"()' in generic
    assert str(Module.parse(generic)) == text
    assert "loc(" in m.print(debug_info=True)
    m.verify()
    copy = m.clone()
    copy.run("symshape-pipeline")
    assert str(m) == text and str(copy) != text


def test_parse_file(tmp_path, root):
    path = tmp_path / "model.mlir"
    path.write_text(MODEL)
    m = ir.parse_file(path)
    assert str(m) == str(ir.parse(MODEL))
    m = Module.parse_file(root / "examples" / "max_merge.mlir")
    assert "@max_merge" in str(m)
    with pytest.raises(OSError):
        Module.parse_file(tmp_path / "missing.mlir")


def test_pipelines_by_string():
    m = Module.parse(MODEL)
    m.run("symshape-pipeline{bind=batch=2}")
    out = str(m)
    assert "symshape." not in out
    assert "tensor.empty(%{}) : tensor<3x?xf32>".format(
        out.split("tensor.empty(%")[1].split(")")[0]) in out
    assert "must be 2 (bind=batch=2)" in out
    # The textual form with the anchor, upstream passes, nested pipelines.
    for pipeline in ("builtin.module(symshape-pipeline{bind=batch=2 "
                     "checks=none})",
                     "symshape-infer,symshape-simplify,canonicalize,cse",
                     "builtin.module(func.func(canonicalize),cse)",
                     " canonicalize "):
        Module.parse(MODEL).run(pipeline)
    m = Module.parse(MODEL)
    m.run("symshape-pipeline{bind=batch=2,seq=32 checks=none}")
    assert "tensor<3x64xf32>" in str(m)


def test_run_pipeline_helper():
    out = ir.run_pipeline(MODEL, "symshape-pipeline{checks=none}")
    assert "func.func @model" in out and "symshape." not in out


def test_explain_remarks_come_back():
    m = Module.parse(MODEL, name="model.mlir")
    diags = m.run("symshape-pipeline{explain}")
    assert diags and diags is m.diagnostics
    remarks = [d for d in diags if d.severity == "remark"]
    assert remarks and all(d.file == "model.mlir" and d.line > 0
                           for d in remarks)
    assert any("stay symbolic" in d.message or "stays symbolic" in d.message
               for d in remarks)
    assert not any("stays dynamic" in d.message for d in remarks)
    assert str(remarks[0]).startswith("model.mlir:")


def test_explain_all_remarks_every_dim():
    m = Module.parse(MODEL, name="model.mlir")
    remarks = [d for d in m.run("symshape-pipeline{explain-all}")
               if d.severity == "remark"]
    assert any("stays dynamic" in d.message for d in remarks)


def test_bad_text():
    with pytest.raises(DiagnosticError) as info:
        Module.parse("func.func @f(%x: index) -> index {\n  return %y : index\n}",
                     name="bad.mlir")
    (d,) = info.value.errors
    assert (d.severity, d.file, d.line, d.column) == ("error", "bad.mlir", 2, 10)
    assert d.location == "bad.mlir:2:10"
    assert "undeclared SSA value name" in d.message
    assert "bad.mlir:2:10: error: use of undeclared" in str(info.value)


def test_invalid_ir_is_a_diagnostic_with_notes():
    with pytest.raises(DiagnosticError) as info:
        Module.parse("func.func @f(%x: index) -> i32 {\n"
                     "  return %x : index\n}")
    diags = info.value.diagnostics
    assert diags[0].severity == "error" and diags[0].line == 2
    assert "doesn't match function result type" in diags[0].message
    assert diags[1].severity == "note"


def test_symshape_verifier_errors():
    with pytest.raises(DiagnosticError, match="range"):
        Module.parse('func.func @f() {\n'
                     '  %b = symshape.symbol "b" range [10, 1] : index\n'
                     '  return\n}')
    with pytest.raises(DiagnosticError, match="dim_divisors"):
        Module.parse('func.func @f(%x: tensor<6xf32> '
                     '{symshape.dim_divisors = [4]}) {\n  return\n}')


@pytest.mark.parametrize("pipeline, message", [
    ("no-such-pass", "does not refer to a registered pass"),
    ("symshape-pipeline{bogus=1}", "no such option bogus"),
    ("canonicalize{max-iterations=x}", "'x' value invalid"),
    ("builtin.module(cse", "unbalanced parentheses"),
])
def test_bad_pipeline(pipeline, message):
    m = Module.parse(MODEL)
    before = str(m)
    with pytest.raises(DiagnosticError, match=message) as info:
        m.run(pipeline)
    assert info.value.errors[0].location == "pipeline"
    assert str(m) == before


def test_failing_pipeline_leaves_the_module_unchanged():
    m = Module.parse(MODEL, name="model.mlir")
    before = str(m)
    with pytest.raises(DiagnosticError) as info:
        m.run("symshape-pipeline{bind=nosuch=2}")
    assert "unknown symbol 'nosuch'" in str(info.value)
    # An option string has no place in the source: no location is invented.
    assert info.value.errors[0].file == ""
    assert info.value.errors[0].location == ""
    assert str(m) == before
    with pytest.raises(DiagnosticError, match="outside its range"):
        m.run("symshape-pipeline{bind=batch=100}")
    with pytest.raises(DiagnosticError, match="Cannot find option named 'maybe'"):
        m.run("symshape-pipeline{checks=maybe}")
    assert str(m) == before


def test_garbage_never_crashes():
    for text in ["", "\x00\x01", "module {", "}}}}", "%0 = ", "func.func",
                 '"x"() : () -> ()', "builtin.module @m { }",
                 "func.func @f(%x: tensor<?x?xf32>) -> tensor<?xf32> { "
                 "%c = tensor.collapse_shape %x [[0, 1]] : tensor<?x?xf32> "
                 "into tensor<?xf32> return %c : tensor<?xf32> }"]:
        try:
            m = Module.parse(text)
        except DiagnosticError as e:
            assert e.errors
        else:
            m.run("symshape-pipeline")


def test_no_output_on_stderr(capfd):
    with pytest.raises(DiagnosticError):
        Module.parse("func.func @f( {")
    with pytest.raises(DiagnosticError):
        Module.parse(MODEL).run("symshape-pipeline{bogus=1}")
    Module.parse(MODEL).run("symshape-pipeline{explain}")
    out, err = capfd.readouterr()
    assert out == "" and err == ""


def _check_facts_json(root):
    path = root / "test" / "Transforms" / "check_facts_json.py"
    spec = importlib.util.spec_from_file_location("check_facts_json", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_facts_report_as_dicts(root):
    m = Module.parse(MODEL)
    report = m.facts()
    schema = json.loads((root / "docs" / "facts-report.schema.json")
                        .read_text())
    _check_facts_json(root).check(report, schema, "$",
                                  schema.get("definitions", {}))
    assert report["format"] == "symshape-facts" and report["version"] == 1
    (f,) = report["functions"]
    assert f["name"] == "model"
    assert f["arguments"][1]["dims"] == [
        {"expr": "seq", "range": [16, 512], "divisor": 16}]
    assert f["results"][0]["dims"] == [
        {"expr": "batch + 1", "range": [2, 9], "divisor": 1},
        {"expr": "2 * seq", "range": [32, 1024], "divisor": 32}]
    assert {s["name"]: s["range"] for s in f["symbols"]} == \
        {"batch": [1, 8], "seq": [16, 512]}
    assert "symshape.symbol" not in str(m)  # the module is not changed


def test_facts_report_matches_symshape_opt(build_dir, tmp_path):
    src = tmp_path / "model.mlir"
    src.write_text(MODEL)
    out = tmp_path / "report.json"
    subprocess.run([str(build_dir / "bin" / "symshape-opt"), str(src),
                    f"--symshape-infer=report report-format=json "
                    f"report-file={out}", "-o", "/dev/null"], check=True)
    # The same facts; the sources' locations name the file, or "<string>"
    # for a module parsed from text.
    def line_col(report):
        for f in report["functions"]:
            for sym in f["symbols"]:
                for source in sym["sources"]:
                    source["at"] = source["at"].split(":", 1)[1]
        return report
    from_file = line_col(json.loads(out.read_text()))
    assert from_file == line_col(Module.parse(MODEL).facts())
    assert from_file["functions"][0]["symbols"][0]["sources"] == [
        {"kind": "declaration", "at": "1:18"}]


def test_facts_report_errors():
    bad = Module.parse('func.func @f(%x: tensor<?xf32> '
                       '{symshape.dim_names = ["n"]}) {\n'
                       '  %n = symshape.symbol "n" range [2, 4] : index\n'
                       '  %c = symshape.constrain_range %n [8, 9] : index\n'
                       '  return\n}')
    with pytest.raises(DiagnosticError, match="contradicting facts") as info:
        bad.facts()
    assert info.value.errors[0].line == 3


def test_threads_share_the_context():
    errors = []

    def work():
        try:
            for _ in range(5):
                m = Module.parse(MODEL)
                m.run("symshape-pipeline{bind=batch=2}")
                assert "tensor<3x?xf32>" in str(m)
        except Exception as e:  # pragma: no cover
            errors.append(e)

    threads = [threading.Thread(target=work) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors


def test_module_needs_parse():
    with pytest.raises(TypeError, match="Module.parse"):
        Module(object())
