"""MLIR modules and pass pipelines from Python.

Every dialect and pass of ``symshape-opt`` is available (registered through
symshape's one registration function)::

    from symshape import ir

    m = ir.Module.parse(text)                        # parses and verifies
    m.run("symshape-pipeline{bind=batch=2}")         # or "canonicalize,cse",
                                                     # or "builtin.module(...)"
    print(m)
    report = m.facts()                               # the facts report (dicts)

Errors never go to stderr and never abort the process: parsing, verifying
and running a pipeline raise :class:`DiagnosticError`, which carries every
diagnostic (severity, location, message) emitted by the failing operation.
"""

import json

from . import _symshape


class Diagnostic:
    """One diagnostic: ``severity`` (error, warning, remark, note),
    ``location`` (``file:line:col`` when there is one, else the printed
    location, ``"pipeline"`` for a pipeline that does not parse, or
    ``""``), ``message``, and ``file``, ``line``, ``column`` (empty/0 when
    the location has none)."""

    __slots__ = ("severity", "location", "message", "file", "line", "column")

    def __init__(self, severity, location, message, file="", line=0,
                 column=0):
        self.severity = severity
        self.location = location
        self.message = message
        self.file = file
        self.line = line
        self.column = column

    def __str__(self):
        where = f"{self.location}: " if self.location else ""
        return f"{where}{self.severity}: {self.message}"

    def __repr__(self):
        return (f"Diagnostic({self.severity!r}, {self.location!r}, "
                f"{self.message!r})")


class DiagnosticError(Exception):
    """An operation on IR failed. ``diagnostics`` holds every diagnostic it
    emitted (errors with their notes, and warnings or remarks), in order;
    ``str()`` shows them one per line as mlir-opt prints them."""

    def __init__(self, what, diagnostics):
        self.diagnostics = list(diagnostics)
        lines = [what] + [f"  {d}" for d in self.diagnostics]
        super().__init__("\n".join(lines))

    @property
    def errors(self):
        return [d for d in self.diagnostics if d.severity == "error"]


def _diagnostics(records):
    return [Diagnostic(*r) for r in records]


class Module:
    """A verified MLIR module (``builtin.module``) in symshape's context.

    Create one with :meth:`Module.parse` or :meth:`Module.parse_file`.
    ``diagnostics`` holds the warnings and remarks of the last operation
    (for example the ``explain`` remarks of a pipeline)."""

    def __init__(self, impl, diagnostics=()):
        if not isinstance(impl, _symshape._Module):
            raise TypeError("use Module.parse() or Module.parse_file()")
        self._impl = impl
        self.diagnostics = list(diagnostics)

    @classmethod
    def parse(cls, text, name="<string>"):
        """Parses and verifies `text`; top-level ops without a module are
        wrapped in one. `name` is the file name of the locations."""
        impl, records = _symshape._parse_module(text, name)
        diags = _diagnostics(records)
        if impl is None:
            raise DiagnosticError(f"cannot parse {name}", diags)
        return cls(impl, diags)

    @classmethod
    def parse_file(cls, path):
        """Parses and verifies the file at `path` (OSError if it cannot be
        read)."""
        with open(path, encoding="utf-8") as f:
            text = f.read()
        return cls.parse(text, name=str(path))

    def verify(self):
        """Raises DiagnosticError if the module does not verify."""
        ok, records = self._impl.verify()
        if not ok:
            raise DiagnosticError("the module does not verify",
                                  _diagnostics(records))

    def print(self, generic=False, debug_info=False):
        """The module as text (`generic`: the generic op form;
        `debug_info`: with locations)."""
        return self._impl.print(generic, debug_info)

    def __str__(self):
        return self._impl.print(False, False)

    def __repr__(self):
        return f"<symshape.ir.Module at {id(self):#x}>"

    def clone(self):
        return Module(self._impl.clone())

    def run(self, pipeline):
        """Runs a pass pipeline, written as for ``--pass-pipeline``
        (``"builtin.module(symshape-pipeline{bind=batch=2})"``) or as the
        bare list of passes (``"symshape-pipeline{bind=batch=2}"``,
        ``"canonicalize,cse"``). The IR is verified after each pass. On
        failure raises DiagnosticError and leaves the module unchanged.
        Returns the warnings and remarks emitted (also kept in
        ``self.diagnostics``)."""
        ok, records = self._impl.run(pipeline)
        diags = _diagnostics(records)
        if not ok:
            raise DiagnosticError(f"pass pipeline '{pipeline}' failed", diags)
        self.diagnostics = diags
        return diags

    def facts(self):
        """The facts report of the public functions (docs/Passes.md, "The
        facts report as JSON"; schema docs/facts-report.schema.json) as
        Python dicts: what ``symshape-infer{report report-format=json}``
        writes for this module. The module itself is not changed."""
        text, records = self._impl.facts_json()
        if text is None:
            raise DiagnosticError("cannot compute the facts report",
                                  _diagnostics(records))
        return json.loads(text)


def parse(text, name="<string>"):
    """Module.parse(text, name)."""
    return Module.parse(text, name)


def parse_file(path):
    """Module.parse_file(path)."""
    return Module.parse_file(path)


def run_pipeline(text, pipeline, name="<string>"):
    """Parses `text`, runs `pipeline` on it and returns the printed
    result."""
    m = Module.parse(text, name)
    m.run(pipeline)
    return str(m)


__all__ = ["Diagnostic", "DiagnosticError", "Module", "parse", "parse_file",
           "run_pipeline"]
