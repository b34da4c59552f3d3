"""PQL text to a tree: statements, selectors, the from clause and expressions.

A small recursive-descent parser. A query that cannot be read raises BadInput naming the
token and its position (1-based character offset), so the CLI exits 2 in one line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..errors import BadInput

SELECTORS = ("avg", "count", "min", "max", "histogram")
_TOKEN = re.compile(
    r"\s*(?:(?P<number>\d+\.\d*|\.\d+|\d+)|(?P<string>'[^']*'|\"[^\"]*\")"
    r"|(?P<name>[A-Za-z_][A-Za-z0-9_]*)|(?P<op><=|>=|!=|<>|[=<>(),;+\-*/]))"
)
_KEYWORDS = {"select", "from", "where", "as", "and", "or", "not"}


@dataclass
class Token:
    kind: str  # number, string, name, op, end
    text: str
    position: int  # 1-based character offset in the query


@dataclass
class Node:
    """An expression: kind is call, name, number, string, binary, unary."""

    kind: str
    value: object = None
    args: list[Node] = field(default_factory=list)
    position: int = 0


@dataclass
class Selector:
    aggregate: str
    expression: Node
    alias: str | None


@dataclass
class Statement:
    selectors: list[Selector]
    settings: dict[str, str]  # game, board, dead, and each player (lower-cased names) as typed
    players: list[str]  # player names in the order given
    where: Node | None
    text: str


def tokens(text: str) -> list[Token]:
    found, at = [], 0
    while True:
        while at < len(text) and text[at].isspace():
            at += 1
        if at >= len(text):
            found.append(Token("end", "end of query", at + 1))
            return found
        match = _TOKEN.match(text, at)
        if not match or match.end() == at:
            raise BadInput(f"PQL: cannot read {text[at]!r} at position {at + 1}")
        kind = match.lastgroup or "op"
        start = match.start(kind)
        value = match.group(kind)
        if kind == "string":
            value = value[1:-1]
        found.append(Token(kind, value, start + 1))
        at = match.end()


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = tokens(text)
        self.at = 0

    @property
    def token(self) -> Token:
        return self.tokens[self.at]

    def fail(self, expected: str) -> BadInput:
        t = self.token
        shown = t.text if t.kind == "end" else repr(t.text)
        return BadInput(f"PQL: unexpected {shown} at position {t.position}: expected {expected}")

    def is_word(self, word: str) -> bool:
        return self.token.kind == "name" and self.token.text.lower() == word

    def is_op(self, op: str) -> bool:
        return self.token.kind == "op" and self.token.text == op

    def take(self) -> Token:
        t = self.token
        self.at += 1
        return t

    def expect_word(self, word: str) -> None:
        if not self.is_word(word):
            raise self.fail(f"'{word}'")
        self.take()

    def expect_op(self, op: str) -> Token:
        if not self.is_op(op):
            raise self.fail(f"'{op}'")
        return self.take()

    def statements(self) -> list[Statement]:
        found = []
        while True:
            while self.is_op(";"):
                self.take()
            if self.token.kind == "end":
                break
            start = self.token.position - 1
            statement = self.statement()
            end = self.token.position - 1 if self.token.kind != "end" else len(self.text)
            statement.text = self.text[start:end].strip()
            found.append(statement)
            if not (self.is_op(";") or self.token.kind == "end"):
                raise self.fail("';' or the end of the query")
        if not found:
            raise BadInput("PQL: the query is empty: give at least one 'select ... from ...'")
        return found

    def statement(self) -> Statement:
        self.expect_word("select")
        selectors = [self.selector()]
        while self.is_op(","):
            self.take()
            selectors.append(self.selector())
        self.expect_word("from")
        settings: dict[str, str] = {}
        players: list[str] = []
        while True:
            if self.token.kind != "name" or self.token.text.lower() in _KEYWORDS:
                raise self.fail("a name such as game, hero, villain, board or dead")
            name_token = self.take()
            name = name_token.text.lower()
            self.expect_op("=")
            if self.token.kind not in ("string", "name", "number"):
                raise self.fail(f"a value for {name}")
            value = self.take().text
            if name in settings:
                raise BadInput(f"PQL: {name} is given twice (position {name_token.position})")
            settings[name] = value
            if name not in ("game", "board", "dead"):
                players.append(name)
            if not self.is_op(","):
                break
            self.take()
        where = None
        if self.is_word("where"):
            self.take()
            where = self.expression()
        return Statement(selectors, settings, players, where, "")

    def selector(self) -> Selector:
        if self.token.kind != "name" or self.token.text.lower() not in SELECTORS:
            raise self.fail("a selector: " + ", ".join(SELECTORS))
        aggregate = self.take().text.lower()
        self.expect_op("(")
        expression = self.expression()
        self.expect_op(")")
        alias = None
        if self.is_word("as"):
            self.take()
            if self.token.kind != "name":
                raise self.fail("an alias name")
            alias = self.take().text
        return Selector(aggregate, expression, alias)

    def expression(self) -> Node:
        return self.disjunction()

    def _binary(self, operators: tuple[str, ...], words: bool, below) -> Node:
        left = below()
        while True:
            t = self.token
            hit = (t.kind == "name" and t.text.lower() in operators) if words else (t.kind == "op" and t.text in operators)
            if not hit:
                return left
            self.take()
            op = t.text.lower() if words else ("!=" if t.text == "<>" else t.text)
            left = Node("binary", op, [left, below()], t.position)

    def disjunction(self) -> Node:
        return self._binary(("or",), True, self.conjunction)

    def conjunction(self) -> Node:
        return self._binary(("and",), True, self.negation)

    def negation(self) -> Node:
        if self.is_word("not"):
            t = self.take()
            return Node("unary", "not", [self.negation()], t.position)
        return self.comparison()

    def comparison(self) -> Node:
        left = self.additive()
        if self.token.kind == "op" and self.token.text in ("=", "!=", "<>", "<", ">", "<=", ">="):
            t = self.take()
            op = "!=" if t.text == "<>" else t.text
            left = Node("binary", op, [left, self.additive()], t.position)
        return left

    def additive(self) -> Node:
        return self._binary(("+", "-"), False, self.multiplicative)

    def multiplicative(self) -> Node:
        return self._binary(("*", "/"), False, self.unary)

    def unary(self) -> Node:
        if self.is_op("-"):
            t = self.take()
            return Node("unary", "-", [self.unary()], t.position)
        return self.primary()

    def primary(self) -> Node:
        t = self.token
        if t.kind == "number":
            self.take()
            return Node("number", float(t.text) if "." in t.text else int(t.text), position=t.position)
        if t.kind == "string":
            self.take()
            return Node("string", t.text, position=t.position)
        if self.is_op("("):
            self.take()
            inner = self.expression()
            self.expect_op(")")
            return inner
        if t.kind == "name" and t.text.lower() not in _KEYWORDS:
            self.take()
            if self.is_op("("):
                self.take()
                args = []
                if not self.is_op(")"):
                    args.append(self.expression())
                    while self.is_op(","):
                        self.take()
                        args.append(self.expression())
                self.expect_op(")")
                return Node("call", t.text.lower(), args, t.position)
            return Node("name", t.text, position=t.position)
        raise self.fail("an expression")


def parse(text: str) -> list[Statement]:
    """The statements of a PQL query; BadInput names the token that cannot be read."""
    return _Parser(text).statements()
