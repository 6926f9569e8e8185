// The facts report as JSON (docs/Passes.md, "The facts report as JSON"):
// per public function, each ranked tensor argument and result with its dims
// as expressions over the symbols, their ranges ("inf" for an unbounded
// end) and divisors, and the symbols. It validates against
// docs/facts-report.schema.json; the validator rejects a report with a
// renamed key.
//
// RUN: symshape-opt %s --symshape-infer="report report-format=json report-file=%t.json" -o /dev/null
// RUN: %python %S/check_facts_json.py %symshape_src/docs/facts-report.schema.json %t.json | FileCheck %s --check-prefix=SCHEMA
// RUN: %python -c "import json,sys; print(json.dumps(json.load(open(sys.argv[1]))))" %t.json | FileCheck %s
// RUN: sed -e 's/"divisor"/"multiple"/' %t.json | not %python %S/check_facts_json.py %symshape_src/docs/facts-report.schema.json | FileCheck %s --check-prefix=RENAMED
// The pipeline takes the same options.
// RUN: symshape-opt %s --symshape-pipeline="report report-format=json report-file=%t.pipeline.json" -o /dev/null
// RUN: diff %t.json %t.pipeline.json
// RUN: not symshape-opt %s --symshape-infer="report report-format=xml" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// A report file or the JSON format implies `report` (without it, they once
// did nothing); the report goes to stderr, never into the module's stream.
// RUN: symshape-opt %s --symshape-pipeline="report-format=json report-file=%t.implied.json" -o /dev/null
// RUN: diff %t.json %t.implied.json
// RUN: symshape-opt %s --symshape-pipeline="report-format=json" 2>%t.stderr.json | mlir-opt > /dev/null
// RUN: diff %t.json %t.stderr.json
// RUN: symshape-opt %s --symshape-pipeline="report-file=%t.text" -o /dev/null
// RUN: FileCheck %s --check-prefix=TEXT --input-file=%t.text
// Without any of them, no report.
// RUN: symshape-opt %s --symshape-pipeline -o /dev/null 2>&1 | count 0

// TEXT: symshape facts for @model:
// SCHEMA: valid
// RENAMED: invalid: $.functions[0].arguments[0].dims[0]: missing 'divisor'
// BAD: for the --report-format option: Cannot find option named 'xml'!

// CHECK: {"format": "symshape-facts", "version": 1, "functions": [
// CHECK-SAME: {"name": "model", "arguments": [
// CHECK-SAME: {"index": 0, "type": "tensor<?x4xf32>", "dims": [{"expr": "batch", "range": [1, 8], "divisor": 1}, {"expr": "4", "range": [4, 4], "divisor": 4}]},
// CHECK-SAME: {"index": 1, "type": "tensor<?xf32>", "dims": [{"expr": "seq", "range": [16, 512], "divisor": 16}]}],
// The index argument has no entry; the result dims are derived.
// CHECK-SAME: "results": [{"index": 0, "type": "tensor<?x?xf32>", "dims": [{"expr": "batch + 1", "range": [2, 9], "divisor": 1}, {"expr": "2 * seq", "range": [32, 1024], "divisor": 32}]}],
// CHECK-SAME: "symbols": [{"name": "batch", "kind": "size", "range": [1, 8], "divisor": 1}, {"name": "seq", "kind": "size", "range": [16, 512], "divisor": 16}]},
// A symbol without a range: unbounded above.
// CHECK-SAME: {"name": "open", "arguments": [{"index": 0, "type": "tensor<?xf32>", "dims": [{"expr": "n", "range": [0, "inf"], "divisor": 1}]}],
// CHECK-SAME: "results": [{"index": 0, "type": "tensor<?xf32>", "dims": [{"expr": "n", "range": [0, "inf"], "divisor": 1}]}],
// CHECK-SAME: "symbols": [{"name": "n", "kind": "size", "range": [0, "inf"], "divisor": 1}]}]}
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

func.func private @helper(%x: tensor<?xf32>) -> tensor<?xf32> {
  return %x : tensor<?xf32>
}
