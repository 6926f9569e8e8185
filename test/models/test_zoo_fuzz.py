"""A short run of test/fuzz/zoo_fuzz.py in the test command: random
admissible shapes through the lighter zoo models (the long runs' figures
are in docs/Models.md)."""

import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_random_admissible_shapes_equal_eager():
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
    done = subprocess.run(
        [sys.executable, str(ROOT / "test" / "fuzz" / "zoo_fuzz.py"),
         "--seed", "7", "--draws", "6", "--models",
         "gpt2_block,transformer_encoder_layer,vit_small"],
        capture_output=True, text=True, env=env, timeout=900)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert done.stdout.strip().endswith("6 draws, 0 failed")
