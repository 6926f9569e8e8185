// The facts report as JSON (docs/Passes.md, "The facts report as JSON"):
// per public function, each ranked tensor argument and result with its dims
// as expressions over the symbols, their ranges ("inf" for an unbounded
// end) and divisors, and the symbols with where their facts come from. It
// validates against docs/facts-report.schema.json; the validator rejects a
// report with a renamed key.
//
// RUN: symshape-opt %s --symshape-infer="report report-format=json report-file=%t.json" -o /dev/null
// RUN: %python %S/check_facts_json.py %symshape_src/docs/facts-report.schema.json %t.json | FileCheck %s --check-prefix=SCHEMA
// RUN: %python -c "import json,sys; print(json.dumps(json.load(open(sys.argv[1]))))" %t.json | FileCheck %s
// RUN: sed -e 's/"divisor"/"multiple"/' %t.json | not %python %S/check_facts_json.py %symshape_src/docs/facts-report.schema.json | FileCheck %s --check-prefix=RENAMED
// The pipeline takes the same options, and adds a summary of what it did
// to each function, and the number of functions it added: without them, its
// report is symshape-infer's.
// RUN: symshape-opt %s --symshape-pipeline="report report-format=json report-file=%t.pipeline.json" -o /dev/null
// RUN: %python %S/check_facts_json.py %symshape_src/docs/facts-report.schema.json %t.pipeline.json | FileCheck %s --check-prefix=SCHEMA
// RUN: %python -c "import json,sys; d = json.load(open(sys.argv[1])); print(d['functions_added'], [json.dumps(f.pop('summary'), sort_keys=True) for f in d['functions']]); d.pop('functions_added'); print(d == json.load(open(sys.argv[2])))" %t.pipeline.json %t.json | FileCheck %s --check-prefix=SUMMARY
// RUN: not symshape-opt %s --symshape-infer="report report-format=xml" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// A report file or the JSON format implies `report` (without it, they once
// did nothing); the report goes to stderr, never into the module's stream.
// RUN: symshape-opt %s --symshape-pipeline="report-format=json report-file=%t.implied.json" -o /dev/null
// RUN: diff %t.pipeline.json %t.implied.json
// RUN: symshape-opt %s --symshape-pipeline="report-format=json" 2>%t.stderr.json | mlir-opt > /dev/null
// RUN: diff %t.pipeline.json %t.stderr.json
// RUN: symshape-opt %s --symshape-pipeline="report-file=%t.text" -o /dev/null
// RUN: FileCheck %s --check-prefix=TEXT --input-file=%t.text
// Without any of them, no report.
// RUN: symshape-opt %s --symshape-pipeline -o /dev/null 2>&1 | count 0
// A binding of the pipeline is a source of its symbol's facts.
// RUN: symshape-opt %s --symshape-pipeline="report-format=json bind=m=4" 2>&1 -o /dev/null | %python -c "import json,sys; print(json.dumps(json.load(sys.stdin)['functions'][2]['symbols'], sort_keys=True))" | FileCheck %s --check-prefix=BOUND

// TEXT: symshape summary for @model:
// TEXT-NEXT: symbols:
// TEXT-NEXT: batch : size in [1, 8] (declared at infer-report-json.mlir:[[#]]:[[#]])
// TEXT-NEXT: seq : size in [16, 512], multiple of 16 (declared at infer-report-json.mlir:[[#]]:[[#]])
// TEXT: symshape summary for @checked:
// TEXT-NEXT: symbols:
// TEXT-NEXT: m : size in [2, inf] (assert at infer-report-json.mlir:[[#]]:[[#]])
// TEXT-NEXT: checks: 1 in the input, 0 removed by proof, 1 kept
// SCHEMA: valid
// SUMMARY: 0 ['{"checks": {"input": 0, "kept": [], "removed": 0}, "copies_introduced": 0, "dynamic_dims": {"input": 2, "output": 2}, "folds": {"done": 0, "guarded": 0, "refused": []}, "max_min": {"decided": 0, "input": 0, "kept": []}}',
// SUMMARY-SAME: '{"checks": {"input": 0, "kept": [], "removed": 0}, "copies_introduced": 0, "dynamic_dims": {"input": 0, "output": 0}, "folds": {"done": 0, "guarded": 0, "refused": []}, "max_min": {"decided": 0, "input": 0, "kept": []}}',
// SUMMARY-SAME: '{"checks": {"input": 1, "kept": [{"at": "infer-report-json.mlir:{{[0-9]+}}:3", "message": "m is at least 2", "reason": "not proven: 2 <= m (m in [0, inf])"}], "removed": 0}, "copies_introduced": 0, "dynamic_dims": {"input": 0, "output": 0}, "folds": {"done": 0, "guarded": 0, "refused": []}, "max_min": {"decided": 0, "input": 0, "kept": []}}']
// SUMMARY-NEXT: True
// BOUND: [{"divisor": 1, "kind": "size", "name": "m", "range": [2, "inf"], "sources": [{"at": "infer-report-json.mlir:{{[0-9]+}}:3", "kind": "assert"}, {"kind": "option", "option": "bind=m=4"}]}]
// RENAMED: invalid: $.functions[0].arguments[0].dims[0]: missing 'divisor'
// BAD: for the --report-format option: Cannot find option named 'xml'!

// CHECK: {"format": "symshape-facts", "version": 1, "functions": [
// CHECK-SAME: {"name": "model", "arguments": [
// CHECK-SAME: {"index": 0, "type": "tensor<?x4xf32>", "dims": [{"expr": "batch", "range": [1, 8], "divisor": 1}, {"expr": "4", "range": [4, 4], "divisor": 4}]},
// CHECK-SAME: {"index": 1, "type": "tensor<?xf32>", "dims": [{"expr": "seq", "range": [16, 512], "divisor": 16}]}],
// The index argument has no entry; the result dims are derived.
// CHECK-SAME: "results": [{"index": 0, "type": "tensor<?x?xf32>", "dims": [{"expr": "batch + 1", "range": [2, 9], "divisor": 1}, {"expr": "2 * seq", "range": [32, 1024], "divisor": 32}]}],
// The symbols' facts come from the arguments' declarations.
// CHECK-SAME: "symbols": [{"name": "batch", "kind": "size", "range": [1, 8], "divisor": 1, "sources": [{"kind": "declaration", "at": "infer-report-json.mlir:[[#]]:18"}]},
// CHECK-SAME: {"name": "seq", "kind": "size", "range": [16, 512], "divisor": 16, "sources": [{"kind": "declaration", "at": "infer-report-json.mlir:[[#]]:18"}]}]},
// A symbol without a range: unbounded above.
// CHECK-SAME: {"name": "open", "arguments": [{"index": 0, "type": "tensor<?xf32>", "dims": [{"expr": "n", "range": [0, "inf"], "divisor": 1}]}],
// CHECK-SAME: "results": [{"index": 0, "type": "tensor<?xf32>", "dims": [{"expr": "n", "range": [0, "inf"], "divisor": 1}]}],
// CHECK-SAME: "symbols": [{"name": "n", "kind": "size", "range": [0, "inf"], "divisor": 1, "sources": []}]},
// An assert is a source.
// CHECK-SAME: {"name": "checked", "arguments": [{"index": 0, "type": "tensor<?xf32>", "dims": [{"expr": "m", "range": [2, "inf"], "divisor": 1}]}],
// CHECK-SAME: "results": [], "symbols": [{"name": "m", "kind": "size", "range": [2, "inf"], "divisor": 1, "sources": [{"kind": "assert", "at": "infer-report-json.mlir:[[#]]:3"}]}]}]}
// Private functions are not reported.
// CHECK-NOT: helper

func.func @model(%x: tensor<?x4xf32> {symshape.dim_names = ["batch", ""], symshape.dim_ranges = [#symshape.range<[1, 8]>, unit]},
                 %y: tensor<?xf32> {symshape.dim_names = ["seq"], symshape.dim_ranges = [#symshape.range<[1, 512]>], symshape.dim_divisors = [16]},
                 %k: index) -> (tensor<?x?xf32>, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %b = tensor.dim %x, %c0 : tensor<?x4xf32>
  %s = tensor.dim %y, %c0 : tensor<?xf32>
  %b1 = arith.addi %b, %c1 : index
  %s2 = arith.muli %s, %c2 : index
  %e = tensor.empty(%b1, %s2) : tensor<?x?xf32>
  return %e, %b1 : tensor<?x?xf32>, index
}

func.func @open(%x: tensor<?xf32> {symshape.dim_names = ["n"]}) -> tensor<?xf32> {
  return %x : tensor<?xf32>
}

func.func @checked(%x: tensor<?xf32> {symshape.dim_names = ["m"]}) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %m = tensor.dim %x, %c0 : tensor<?xf32>
  %ok = arith.cmpi sge, %m, %c2 : index
  cf.assert %ok, "m is at least 2"
  return
}

func.func private @helper(%x: tensor<?xf32>) -> tensor<?xf32> {
  return %x : tensor<?xf32>
}
