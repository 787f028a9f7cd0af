"""A refusal that cites a rule names the rulebook heading it rests on.

The spec files that number the rules (MCU63, ME105, G82, the readings B15, W9...) do not ship
with the game, so an id alone is one a player cannot look up: each id a refusal cites is
followed by its heading in brackets, `(MCU63 [Invading with Hulk])`, or shares the heading of
the ids it is listed with, `(MCU11, MCU12 [Reinforcement])`.

A refusal is the message of `require(condition, message)` or of a raised exception, read from
the source: its literal text, an f-string's replacement fields left out.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import warroom

PACKAGE = Path(warroom.__file__).parent
RULE_ID = r"(?:MCU|ME|[A-Z])\d+"
CITATION = re.compile(rf"\b{RULE_ID}(?:(?:, |/|-| and ){RULE_ID})*\b")
HEADING = re.compile(r"\[[^\]]*\]")


def _text(node: ast.expr) -> str | None:
    """The literal text of a string or f-string, `{}` for each replacement field."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(
            part.value if isinstance(part, ast.Constant) and isinstance(part.value, str) else "{}"
            for part in node.values
        )
    return None


def _message(node: ast.AST) -> ast.expr | None:
    """The message of a `require(condition, message)` call or of a raised exception."""
    if isinstance(node, ast.Call) and len(node.args) == 2:
        called = node.func
        name = called.id if isinstance(called, ast.Name) else getattr(called, "attr", "")
        return node.args[1] if name == "require" else None
    if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and node.exc.args:
        return node.exc.args[0]
    return None


def _refusals(tree: ast.Module) -> list[tuple[int, str]]:
    """(line, text) of every refusal message in a module that is written out in the source."""
    found = []
    for node in ast.walk(tree):
        message = _message(node)
        text = _text(message) if message is not None else None
        if message is not None and text is not None:
            found.append((message.lineno, text))
    return found


def _citing_refusals() -> list[tuple[str, str]]:
    """(where, text) of every refusal in the package that cites a rule id."""
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for line, text in _refusals(tree):
            if CITATION.search(HEADING.sub("[]", text)):
                out.append((f"{path.relative_to(PACKAGE)}:{line}", text))
    return out


CITING = _citing_refusals()


@pytest.mark.parametrize("where, message", CITING, ids=[where for where, _ in CITING])
def test_a_refusal_citing_a_rule_names_its_rulebook_heading(where: str, message: str) -> None:
    """Every id cited outside a heading is followed by a heading, `(ME105 [Planet Scanning])`."""
    text = HEADING.sub("[]", message)
    bare = [
        found.group(0)
        for found in CITATION.finditer(text)
        if not text[found.end() :].lstrip().startswith("[")
    ]
    assert not bare, f"{where}: {message!r} cites {', '.join(bare)} with no [rulebook heading]"
