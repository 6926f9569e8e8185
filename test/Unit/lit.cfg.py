# -*- Python -*-
# lit configuration of the GoogleTest unit tests: every test case of
# SymShapeUnitTests is one lit test.

import os

import lit.formats

config.name = "symshape-unit"
config.suffixes = []
config.test_source_root = config.symshape_unittests_dir
config.test_exec_root = config.symshape_unittests_dir
config.test_format = lit.formats.GoogleTest(".", "UnitTests")
