# -*- Python -*-
# lit configuration of the downstream example's tests. CMake writes
# lit.site.cfg.py into <build>/test; run them with
#   cmake --build <build> --target check-downstream
# or lit <build>/test.

import os

import lit.formats

config.name = "downstream"
config.test_format = lit.formats.ShTest(True)
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.downstream_obj_root, "test")

# downstream-opt from this build; FileCheck, not, mlir-opt and mlir-runner
# from the LLVM that symshape was built against.
config.environment["PATH"] = os.pathsep.join(
    [config.downstream_obj_root, config.llvm_tools_dir,
     config.environment.get("PATH", os.environ.get("PATH", ""))])

# The standard upstream CPU lowering of what downstream-pipeline leaves
# (upstream ops only), and how the result runs (unbuffered, so that what a
# program printed before a failing check precedes the check's message).
config.substitutions.append(
    ("%lower_to_llvm",
     "--pass-pipeline=\"builtin.module("
     "one-shot-bufferize{bufferize-function-boundaries "
     "function-boundary-type-conversion=identity-layout-map},"
     "func.func(convert-linalg-to-loops),"
     "buffer-deallocation-pipeline,"
     "convert-bufferization-to-memref,"
     "expand-strided-metadata,"
     "lower-affine,"
     "arith-expand,"
     "convert-scf-to-cf,"
     "convert-to-llvm,"
     "reconcile-unrealized-casts)\""))
config.substitutions.append(
    ("%run_cpu",
     "stdbuf -o0 " + os.path.join(config.llvm_tools_dir, "mlir-runner") +
     " -e main -entry-point-result=void -shared-libs=" +
     os.path.join(config.llvm_lib_dir, "libmlir_runner_utils.so") + "," +
     os.path.join(config.llvm_lib_dir, "libmlir_c_runner_utils.so")))
# symshape's checker of certify=FILE certificates, from the installed package.
config.substitutions.append(
    ("%check_certificates", "/usr/bin/python3 " + config.check_certificates))
# printMemref prints the buffer address, which differs between runs.
config.substitutions.append(
    ("%strip_addresses", "sed -e 's/base@ = 0x[0-9a-f]*//'"))
