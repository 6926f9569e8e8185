"""docs/Python.md runs as written: its ```python blocks are executed in
order in one namespace, and a block that directly follows a python block
(```text or ```mlir) is what that block prints."""

import contextlib
import io
import re

import pytest

FENCE = re.compile(r"^```(\w*)\n(.*?)^```\n", re.S | re.M)


def _blocks(root):
    text = (root / "docs" / "Python.md").read_text()
    blocks, last_end = [], 0
    for m in FENCE.finditer(text):
        between = text[last_end:m.start()]
        blocks.append((m.group(1), m.group(2), between.strip() == ""))
        last_end = m.end()
    return blocks


def _normalize(text):
    return "\n".join(line.rstrip() for line in text.strip().splitlines())


def test_python_md_snippets_run(root):
    blocks = _blocks(root)
    assert sum(1 for lang, _, _ in blocks if lang == "python") >= 8
    namespace = {"__name__": "python_md"}
    output = None
    checked = 0
    for i, (lang, code, adjacent) in enumerate(blocks):
        if lang == "python":
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                try:
                    exec(compile(code, f"docs/Python.md block {i}", "exec"),
                         namespace)
                except Exception as e:  # pragma: no cover
                    pytest.fail(f"docs/Python.md block {i} fails: {e!r}\n"
                                f"{code}")
            output = out.getvalue()
            continue
        if lang in ("text", "mlir") and adjacent and output is not None:
            assert _normalize(code) in _normalize(output), (
                f"docs/Python.md block {i} is not what the python block "
                f"before it prints:\n--- documented\n{code}\n--- printed\n"
                f"{output}")
            checked += 1
        output = None
    assert checked >= 4
