# -*- Python -*-
# lit configuration of the symshape test suite.

import os
import shutil

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "symshape"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.symshape_obj_root, "test")
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "Inputs",
                   "README.md"]

llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
# The symshape Python package of this build (python/), for the checkers
# that read expressions with the engine's parser.
llvm_config.with_environment("PYTHONPATH", config.symshape_python_dir,
                             append_path=True)

# `lit --param verify_roundtrip=1` makes every symshape-opt run also check
# that the printed IR parses back to the same IR.
extra_opt_args = []
if lit_config.params.get("verify_roundtrip", "0") not in ("0", "", "false"):
    extra_opt_args.append("--verify-roundtrip")

tools = [
    ToolSubst("symshape-opt", extra_args=extra_opt_args,
              unresolved="fatal"),
    ToolSubst("symshape-engine-check", unresolved="fatal"),
    ToolSubst("symshape-lsp-server", unresolved="fatal"),
    ToolSubst("mlir-opt", unresolved="fatal"),
    ToolSubst("mlir-runner", unresolved="fatal"),
]
llvm_config.add_tool_substitutions(
    tools, [config.symshape_tools_dir, config.llvm_tools_dir])

# The benches' instruction counts need valgrind (scripts/setup.sh installs
# it); their tests require the feature "valgrind".
if shutil.which("valgrind"):
    config.available_features.add("valgrind")

# The libFuzzer target exists only in a build with SYMSHAPE_BUILD_FUZZERS
# (the sanitizer build): its tests require the feature "libfuzzer".
if os.path.exists(os.path.join(config.symshape_tools_dir,
                               "symshape-fuzz-parse-pipeline")):
    config.available_features.add("libfuzzer")
    llvm_config.add_tool_substitutions(
        [ToolSubst("symshape-fuzz-parse-pipeline", unresolved="fatal")],
        [config.symshape_tools_dir])

config.substitutions.append(
    ("%symshape_plugin", os.path.join(config.symshape_lib_dir,
                                      "SymShapePlugin.so")))
config.substitutions.append(
    ("%mlir_runner_utils",
     os.path.join(config.llvm_lib_dir, "libmlir_runner_utils.so")))
config.substitutions.append(
    ("%mlir_c_runner_utils",
     os.path.join(config.llvm_lib_dir, "libmlir_c_runner_utils.so")))
config.substitutions.append(("%python", config.python_executable))
config.substitutions.append(("%symshape_src", config.symshape_src_root))
config.substitutions.append(("%symshape_obj", config.symshape_obj_root))

# The standard upstream CPU lowering that symshape-pipeline output must go
# through (pinned by the end-to-end tests), and how the result is run.
# The same lowering, letting loops carry tensors that are not equivalent to
# their iter args (a growing tensor): for end-to-end tests of such loops.
config.substitutions.append(
    ("%lower_to_llvm_loop_allocs",
     "--pass-pipeline=\"builtin.module("
     "one-shot-bufferize{bufferize-function-boundaries "
     "allow-return-allocs-from-loops "
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
# printMemref prints the buffer address, which differs between runs.
config.substitutions.append(
    ("%strip_addresses", "sed -e 's/base@ = 0x[0-9a-f]*//'"))
