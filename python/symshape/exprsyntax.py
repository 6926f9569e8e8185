"""The textual syntax of symshape expressions (docs/Dialect.md), parsed in
Python with a pluggable builder, so that tests and benchmarks can turn the
engine's output into z3 or sympy terms.

    expr    := term (('+' | '-') term)*
    term    := unary (('*' | 'floordiv' | 'ceildiv' | 'mod') unary)*
    unary   := '-' unary | primary
    primary := integer | 's' digits | ('max' | 'min') '(' expr (',' expr)* ')'
             | '(' expr ')'
"""

import re

_TOKEN = re.compile(r"\s*(?:(\d+)|(s\d+)|(floordiv|ceildiv|mod|max|min)|(\S))")


class Builder:
    """Maps the syntax to terms of some algebra. Override what you need."""

    def integer(self, value):
        raise NotImplementedError

    def symbol(self, position):
        raise NotImplementedError

    def add(self, a, b):
        return a + b

    def sub(self, a, b):
        return a - b

    def mul(self, a, b):
        return a * b

    def neg(self, a):
        return -a

    def floordiv(self, a, b):
        raise NotImplementedError

    def ceildiv(self, a, b):
        raise NotImplementedError

    def mod(self, a, b):
        raise NotImplementedError

    def max(self, args):
        raise NotImplementedError

    def min(self, args):
        raise NotImplementedError


def _tokenize(text):
    tokens = []
    pos = 0
    for m in _TOKEN.finditer(text):
        number, symbol, keyword, punct = m.groups()
        if number:
            tokens.append(("int", int(number)))
        elif symbol:
            tokens.append(("sym", int(symbol[1:])))
        elif keyword:
            tokens.append(("kw", keyword))
        elif punct:
            tokens.append(("p", punct))
        pos = m.end()
    if text[pos:].strip():
        raise ValueError(f"cannot tokenize {text[pos:]!r}")
    return tokens


class _Parser:
    def __init__(self, text, builder):
        self.tokens = _tokenize(text)
        self.pos = 0
        self.b = builder

    def take(self, kind, value=None):
        if self.pos < len(self.tokens):
            tok = self.tokens[self.pos]
            if tok[0] == kind and (value is None or tok[1] == value):
                self.pos += 1
                return tok
        return None

    def expect(self, kind, value=None):
        tok = self.take(kind, value)
        if tok is None:
            raise ValueError(f"expected {value or kind} at token {self.pos}")
        return tok

    def parse(self):
        e = self.sum()
        if self.pos != len(self.tokens):
            raise ValueError("trailing tokens")
        return e

    def sum(self):
        e = self.product()
        while True:
            if self.take("p", "+"):
                e = self.b.add(e, self.product())
            elif self.take("p", "-"):
                e = self.b.sub(e, self.product())
            else:
                return e

    def product(self):
        e = self.unary()
        while True:
            if self.take("p", "*"):
                e = self.b.mul(e, self.unary())
            elif self.take("kw", "floordiv"):
                e = self.b.floordiv(e, self.unary())
            elif self.take("kw", "ceildiv"):
                e = self.b.ceildiv(e, self.unary())
            elif self.take("kw", "mod"):
                e = self.b.mod(e, self.unary())
            else:
                return e

    def unary(self):
        if self.take("p", "-"):
            return self.b.neg(self.unary())
        return self.primary()

    def primary(self):
        tok = self.take("int")
        if tok:
            return self.b.integer(tok[1])
        tok = self.take("sym")
        if tok:
            return self.b.symbol(tok[1])
        if self.take("p", "("):
            e = self.sum()
            self.expect("p", ")")
            return e
        kw = self.take("kw")
        if kw and kw[1] in ("max", "min"):
            self.expect("p", "(")
            args = [self.sum()]
            while self.take("p", ","):
                args.append(self.sum())
            self.expect("p", ")")
            return self.b.max(args) if kw[1] == "max" else self.b.min(args)
        raise ValueError(f"unexpected token at {self.pos}")


def parse(text, builder):
    """Parses `text` into a term built by `builder`."""
    return _Parser(text, builder).parse()
