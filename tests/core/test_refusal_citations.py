"""A text a player reads that cites a rule names the rulebook heading it rests on.

The spec files that number the rules (MCU63, ME105, G82, the readings B15, W9...) do not ship
with the game, so an id alone is one a player cannot look up: each id such a text cites is
followed by its heading in brackets, `(MCU63 [Invading with Hulk])`, or shares the heading of
the ids it is listed with, `(MCU11, MCU12 [Reinforcement])`.

The texts, read from the source (a string's literal text, an f-string's replacement fields
left out) where the catalogue does not hold them:
- refusals: the message of `require(condition, message)` or of a raised exception;
- the log: the text, secret text or game-over reason given to an `Event` or an `Outcome`, or to
  a function that makes an `Event` of its `text` (in the module that defines it);
- what `warroom board check` prints: every string, docstrings aside, of the modules it imports
  and of `warroom.core.board`, whose checks every board file goes through;
- the lobby, `warroom games` and `--help`: each mode's title and the help of its options.
"""

from __future__ import annotations

import ast
import importlib.util
import re
from collections.abc import Callable, Iterator
from dataclasses import fields
from pathlib import Path

import pytest

import warroom
from warroom.core.events import Event
from warroom.core.game import Outcome
from warroom.games import CATALOG

PACKAGE = Path(warroom.__file__).parent
RULE_ID = r"(?:MCU|ME|[A-Z])\d+"
CITATION = re.compile(rf"\b{RULE_ID}(?:(?:, |/|-| and ){RULE_ID})*\b")
HEADING = re.compile(r"\[[^\]]*\]")
LOGGERS = {"Event": [f.name for f in fields(Event)], "Outcome": [f.name for f in fields(Outcome)]}
LOGGED_PARAMETERS = {"text", "secret_text", "reason"}

Texts = list[tuple[int, str]]


def _text(node: ast.AST) -> str | None:
    """The literal text of a string or f-string, `{}` for each replacement field."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(
            part.value if isinstance(part, ast.Constant) and isinstance(part.value, str) else "{}"
            for part in node.values
        )
    return None


def _strings(node: ast.AST) -> Iterator[tuple[int, str]]:
    """(line, text) of every string and f-string within `node`, an f-string's parts in its
    text, less any that stands alone as a statement (a docstring)."""
    if isinstance(node, ast.Expr) and _text(node.value) is not None:
        return
    text = _text(node)
    if text is not None and isinstance(node, ast.expr):
        yield node.lineno, text
        return
    for child in ast.iter_child_nodes(node):
        yield from _strings(child)


def _called(node: ast.Call) -> str:
    called = node.func
    return called.id if isinstance(called, ast.Name) else getattr(called, "attr", "")


def _message(node: ast.AST) -> ast.expr | None:
    """The message of a `require(condition, message)` call or of a raised exception."""
    if isinstance(node, ast.Call) and len(node.args) == 2:
        return node.args[1] if _called(node) == "require" else None
    if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and node.exc.args:
        return node.exc.args[0]
    return None


def _refusals(tree: ast.Module) -> Texts:
    """(line, text) of every refusal message in a module that is written out in the source."""
    found = []
    for node in ast.walk(tree):
        message = _message(node)
        text = _text(message) if message is not None else None
        if message is not None and text is not None:
            found.append((message.lineno, text))
    return found


def _loggers(tree: ast.Module) -> dict[str, list[str]]:
    """The parameters of `Event`, of `Outcome` and of each function in the module that takes a
    `text` and makes an `Event`."""
    found = dict(LOGGERS)
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            names = [a.arg for a in node.args.posonlyargs + node.args.args + node.args.kwonlyargs]
            makes_event = any(
                isinstance(call, ast.Call) and _called(call) == "Event" for call in ast.walk(node)
            )
            if "text" in names and makes_event:
                found[node.name] = names
    return found


def _logged(tree: ast.Module) -> Texts:
    """(line, text) of every string written out in the source for the log."""
    loggers = _loggers(tree)
    found: Texts = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _called(node) in loggers:
            given = [*zip(loggers[_called(node)], node.args, strict=False)]
            given += [(k.arg, k.value) for k in node.keywords if k.arg is not None]
            for name, value in given:
                if name in LOGGED_PARAMETERS:
                    found += _strings(value)
    return found


def _module(name: str, imported: str) -> str:
    """The module `from name import imported` reads: `name.imported` where that is one."""
    package = importlib.util.find_spec(name)
    is_package = package is not None and package.submodule_search_locations is not None
    return (
        f"{name}.{imported}"
        if is_package and importlib.util.find_spec(f"{name}.{imported}")
        else name
    )


def _board_check_paths() -> set[Path]:
    """The source of each module `warroom board check` imports, and of `warroom.core.board`."""
    tree = ast.parse((PACKAGE / "cli" / "main.py").read_text(encoding="utf-8"))
    check = next(
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef) and node.name == "board_check"
    )
    names = {"warroom.core.board"}
    for node in ast.walk(check):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("warroom."):
            names.update(_module(node.module, alias.name) for alias in node.names)
    specs = [importlib.util.find_spec(name) for name in names]
    return {Path(spec.origin) for spec in specs if spec is not None and spec.origin is not None}


BOARD_CHECKS = _board_check_paths()


def _board_checks(tree: ast.Module, path: Path) -> Texts:
    """Every string of a module `warroom board check` reads, docstrings aside."""
    return list(_strings(tree)) if path in BOARD_CHECKS else []


SOURCES = [
    (path, ast.parse(path.read_text(encoding="utf-8"))) for path in sorted(PACKAGE.rglob("*.py"))
]


def _in_source(read: Callable[[ast.Module, Path], Texts]) -> list[tuple[str, str]]:
    """(where, text) of every text `read` finds in the package that cites a rule id."""
    found = []
    for path, tree in SOURCES:
        for line, text in read(tree, path):
            if CITATION.search(HEADING.sub("[]", text)):
                found.append((f"{path.relative_to(PACKAGE)}:{line}", text))
    return found


def _in_catalogue() -> list[tuple[str, str]]:
    """(where, text) of each mode title and option help in the catalogue that cites a rule id."""
    texts = [(mode.id, mode.title) for mode in CATALOG]
    texts += [(f"{mode.id} {o.name}", o.help) for mode in CATALOG for o in mode.options]
    return [(where, text) for where, text in texts if CITATION.search(HEADING.sub("[]", text))]


def _bare(where: str, text: str) -> str | None:
    """What is wrong with a text that cites an id outside a heading with no heading after it."""
    unbracketed = HEADING.sub("[]", text)
    bare = [
        found.group(0)
        for found in CITATION.finditer(unbracketed)
        if not unbracketed[found.end() :].lstrip().startswith("[")
    ]
    return f"{where}: {text!r} cites {', '.join(bare)} with no [rulebook heading]" if bare else None


REFUSALS = _in_source(lambda tree, path: _refusals(tree))
LOGGED = _in_source(lambda tree, path: _logged(tree))
CHECKED = _in_source(_board_checks)
CATALOGUED = _in_catalogue()


# What a player or a board's author reads: refusals, log lines, board checks, option help.
SHOWN = [
    (f"{kind} {where}", text)
    for kind, found in (
        ("refusal", REFUSALS),
        ("log", LOGGED),
        ("board-check", CHECKED),
        ("option", CATALOGUED),
    )
    for where, text in found
]


@pytest.mark.parametrize(("where", "text"), SHOWN, ids=[where for where, _ in SHOWN])
def test_a_text_citing_a_rule_names_its_rulebook_heading(where: str, text: str) -> None:
    """Every id cited outside a heading is followed by one: a refusal's `(ME105 [Planet
    Scanning])`, a log line's `(A21 [Setup §1])`, a board check's `(G1 [Continent Bonus])`,
    an option's `(MCU26 [Winning]: 20, ...)`."""
    assert _bare(where, text) is None


def test_the_board_check_modules_are_found() -> None:
    """The scan reads the modules that check each kind of file `warroom board check` takes."""
    names = {path.relative_to(PACKAGE).as_posix() for path in BOARD_CHECKS}
    assert {"core/board.py", "games/godstorm/components.py", "games/mcu/components.py"} <= names
