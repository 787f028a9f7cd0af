"""Fixed-size encodings of any mode's actions and views, for learning libraries.

Nothing here knows a mode: actions and views are encoded from their generic forms, so a mode
added later gets environments with no code of its own.

Actions: an `Action` is a kind and arguments (names and numbers), and a decision's legal
actions are listed by the mode. A learner picks an action in several steps, one *token* at a
time from a fixed vocabulary, each step masked to the tokens that still lead to some legal
action:

- a word (the kind, or a name argument) is one of `WORD_BUCKETS` tokens by a stable hash of
  the word; where two legal words share a bucket, a further step picks among them (`PICK`
  tokens, by sorted order), so every legal action stays reachable;
- a whole number below `NUMBER_BASE` is one token; a larger one is a length token
  (`LONG`, how many base-`NUMBER_BASE` digits) followed by its digits, most significant
  first (the bucket first, then the exact remainder); a negative one starts with `NEG`;
- `END` closes an action where a longer legal action shares its beginning.

Steps with a single possible token are taken automatically, so a learner only sees real
choices; an action is applied once the tokens chosen name exactly one legal action.

Observations: the seat's view (`Game.view`, built from `Game.observe`: only what that seat
may know) is flattened to its leaves (path, value) and feature-hashed into `FEATURES`
floats: a number adds its signed log-magnitude at the hash of its path, a word or flag adds
one at the hash of its path and value; the view's `step` (its phase in words, for people) is
left out. The tokens the seat has chosen so far in its current action are hashed in too, by
position.
"""

from __future__ import annotations

import json
import math
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from warroom.core.actions import Action, Arg
from warroom.core.game import Game

WORD_BUCKETS = 256
PICKS = 16
NUMBER_BASE = 32
LONGEST = 12  # digits in base 32: numbers below 2**60

WORD0 = 0
PICK0 = WORD0 + WORD_BUCKETS
NUMBER0 = PICK0 + PICKS
LONG0 = NUMBER0 + NUMBER_BASE  # LONG0 + k: a number of k digits (k >= 2)
NEG = LONG0 + LONGEST + 1
END = NEG + 1
ACTIONS = END + 1  # the size of every mode's action space

FEATURES = 2048
FEATURE_LIMIT = 1000.0  # each feature is clipped to +-this (observation space bounds)
PATHS_KEPT = 200_000  # view paths a `Features` remembers (beyond them, hashed each time)

Symbol = tuple[str, Arg]
"""One step of an action's spelling: ("w", word), ("n", number), ("l", digits), ("d", digit),
("-", 0) or ("$", 0) for the end; in an observation, ("?", word) for each word an open
pick may choose (`Decision.shown`)."""
_END: Symbol = ("$", 0)


def _stable_hash(text: str) -> int:
    return zlib.crc32(text.encode())


def word_token(word: str) -> int:
    return WORD0 + _stable_hash(word) % WORD_BUCKETS


def spell(action: Action) -> tuple[Symbol, ...]:
    """An action as the symbols a learner chooses one by one, closed by the end symbol."""
    out: list[Symbol] = [("w", action.kind)]
    for arg in action.args:
        if isinstance(arg, int):
            out += _spell_number(arg)
        else:
            out.append(("w", arg))
    out.append(_END)
    return tuple(out)


def _spell_number(number: int) -> list[Symbol]:
    out: list[Symbol] = []
    if number < 0:
        out.append(("-", 0))
        number = -number
    if number < NUMBER_BASE:
        return [*out, ("n", number)]
    digits: list[int] = []
    while number:
        number, digit = divmod(number, NUMBER_BASE)
        digits.append(digit)
    if len(digits) > LONGEST:
        raise ValueError(f"a number of {len(digits)} base-{NUMBER_BASE} digits is too long")
    out.append(("l", len(digits)))
    return out + [("d", d) for d in reversed(digits)]


def symbol_token(symbol: Symbol) -> int:
    kind, value = symbol
    if kind == "w":
        assert isinstance(value, str)
        return word_token(value)
    assert isinstance(value, int)
    if kind in ("n", "d"):
        return NUMBER0 + value
    if kind == "l":
        return LONG0 + value
    return NEG if kind == "-" else END


def token_name(token: int) -> str:
    """A token as text, for logs and OpenSpiel's action strings."""
    if not 0 <= token < ACTIONS:
        return f"no token: they are 0 to {ACTIONS - 1}"
    if token < PICK0:
        return f"word#{token - WORD0}"
    if token < NUMBER0:
        return f"pick{token - PICK0}"
    if token < LONG0:
        return str(token - NUMBER0)
    if token < NEG:
        return f"long{token - LONG0}"
    return "neg" if token == NEG else "end"


@dataclass
class Decision:
    """One seat choosing one action, token by token.

    `candidates` are the spellings of the legal actions that still agree with the symbols
    chosen so far (`prefix`); `collision` holds the words a chosen word bucket left open.
    """

    seat: int
    actions: list[Action]
    candidates: list[int]
    prefix: list[Symbol] = field(default_factory=list)
    collision: list[str] = field(default_factory=list)
    _spellings: list[tuple[Symbol, ...]] = field(default_factory=list)
    # A single legal action whose being the only one is secret (`Game.choices_public`) is
    # still asked for: its first token, the one token the mask allows.
    ask: bool = False

    @staticmethod
    def start(seat: int, legal: Iterable[Action], ask: bool = False) -> Decision:
        actions = list(dict.fromkeys(legal))  # a repeated action would spell twice
        if not actions:
            raise ValueError(f"seat {seat} must decide but has no legal action")
        decision = Decision(seat, actions, list(range(len(actions))), ask=ask)
        decision._spellings = [spell(a) for a in actions]
        decision._advance()
        return decision

    def copy(self) -> Decision:
        twin = Decision(
            self.seat, self.actions, list(self.candidates), list(self.prefix), ask=self.ask
        )
        twin.collision = list(self.collision)
        twin._spellings = self._spellings
        return twin

    @property
    def shown(self) -> list[Symbol]:
        """What the seat's observation says of its own choice so far: the symbols chosen, and
        while a word bucket is open the words its pick tokens stand for, in their order (else a
        pick step would be observed as the step before it, whose legal tokens differ)."""
        return self.prefix + [("?", word) for word in self.collision]

    def _next_symbols(self) -> dict[Symbol, None]:
        depth = len(self.prefix)
        spellings = self._spellings
        return dict.fromkeys(spellings[i][depth] for i in self.candidates)

    def _advance(self) -> None:
        """Take every forced step: a single next symbol, until a choice or a whole action."""
        while len(self.candidates) > 1 or len(self.prefix) < len(
            self._spellings[self.candidates[0]]
        ):
            if len(self.candidates) == 1:
                if self.ask and not self.prefix:
                    return  # the seat sends the first token of its only action
                # One action left: the rest of its spelling is forced.
                self.prefix = list(self._spellings[self.candidates[0]])
                return
            options = self._next_symbols()
            if len(options) > 1:
                return
            self._choose(next(iter(options)))

    def _choose(self, symbol: Symbol) -> None:
        depth = len(self.prefix)
        self.prefix.append(symbol)
        spellings = self._spellings
        self.candidates = [i for i in self.candidates if spellings[i][depth] == symbol]

    @property
    def action(self) -> Action | None:
        """The action the tokens chosen so far name, once they name exactly one."""
        if self.collision or len(self.candidates) != 1:
            return None
        if len(self.prefix) < len(self._spellings[self.candidates[0]]):
            return None
        return self.actions[self.candidates[0]]

    def mask(self) -> np.ndarray:
        mask = np.zeros(ACTIONS, dtype=np.int8)
        if self.collision:
            mask[PICK0 : PICK0 + len(self.collision)] = 1
        else:
            for symbol in self._next_symbols():
                mask[symbol_token(symbol)] = 1
        return mask

    def legal_tokens(self) -> list[int]:
        return [int(t) for t in np.flatnonzero(self.mask())]

    def choose(self, token: int) -> None:
        """Take one token; ValueError (changing nothing) if it is masked out."""
        if self.collision:
            if not 0 <= token - PICK0 < len(self.collision):
                raise ValueError(f"token {token} is not a legal choice now")
            word = self.collision[token - PICK0]
            self.collision = []
            self._choose(("w", word))
            self._advance()
            return
        matching = [s for s in self._next_symbols() if symbol_token(s) == token]
        if not matching:
            raise ValueError(f"token {token} ({token_name(token)}) is not a legal choice now")
        if len(matching) > 1:
            words = sorted(str(s[1]) for s in matching)
            if len(words) > PICKS:
                raise ValueError(f"{len(words)} legal words share one bucket (at most {PICKS})")
            self.collision = words
            return
        self._choose(matching[0])
        self._advance()


class _Path:
    """One path of the views met so far, with what its leaves hash to: a number's (slot,
    sign) and each word's or flag's, and its children by key and by position. Views of one
    mode share their shape, so after the first few every leaf is found by short lookups
    instead of building and hashing its path's text."""

    __slots__ = ("by_key", "by_position", "number", "text", "words")

    def __init__(self, text: str) -> None:
        self.text = text
        self.by_key: dict[str, _Path] = {}
        self.by_position: list[_Path] = []
        self.number: tuple[int, float] | None = None
        self.words: dict[object, tuple[int, float]] = {}


class Features:
    """Feature hashing of JSON views into a fixed vector; paths are hashed once each."""

    def __init__(self, size: int = FEATURES) -> None:
        self.size = size
        self._slots: dict[str, tuple[int, float]] = {}
        self._root = _Path("")
        self._paths = 0  # paths remembered, up to PATHS_KEPT
        self._logs: dict[int, float] = {}  # a whole number's signed log-magnitude

    def _slot(self, key: str) -> tuple[int, float]:
        found = self._slots.get(key)
        if found is None:
            code = _stable_hash(key)
            found = (code % self.size, 1.0 if code >> 31 & 1 else -1.0)
            if len(self._slots) < 200_000:
                self._slots[key] = found
        return found

    def encode(
        self, view: dict[str, Any], seat: int | None, prefix: Sequence[Symbol] = ()
    ) -> np.ndarray:
        if "step" in view:
            # The step in words is for people (the page's status line, the terminal's prompt)
            # and says nothing `phase` does not: left out, so the features (and the weights
            # trained on them) are what they were before views said it.
            view = {key: value for key, value in view.items() if key != "step"}
        # The (slot, amount) pairs are collected first and added in one call, in the same
        # order and in float32 as one `+=` each would add them: element by element, NumPy's
        # scalar indexing cost more than the walk over the view.
        slots: list[int] = []
        amounts: list[float] = []
        index, sign = self._slot(f"seat={seat}")
        slots.append(index)
        amounts.append(sign)
        self._add(slots, amounts, self._root, view)
        for position, (kind, value) in enumerate(prefix):
            index, sign = self._slot(f"choice{position}={kind}{value}")
            slots.append(index)
            amounts.append(sign)
        out = np.zeros(self.size, dtype=np.float32)
        np.add.at(out, slots, np.array(amounts, dtype=np.float32))
        np.clip(out, -FEATURE_LIMIT, FEATURE_LIMIT, out=out)
        return out

    def _child(self, path: _Path, key: object) -> _Path:
        """The path below `path` by a dict's key or a list's position, made on first meeting
        (a key and a position of the same spelling have the same text, so the same slots)."""
        position = key if type(key) is int and key >= 0 else None
        if position is None:
            found = path.by_key.get(f"{key}")
        else:
            found = path.by_position[position] if position < len(path.by_position) else None
        if found is not None:
            return found
        child = _Path(f"{path.text}.{key}")
        if self._paths >= PATHS_KEPT:
            return child  # not remembered: its hashes are computed again each time
        if position is None:
            path.by_key[f"{key}"] = child
        elif position == len(path.by_position):
            path.by_position.append(child)
        else:
            return child  # a dict's number key beyond the positions met: not remembered
        self._paths += 1
        return child

    def _add(self, slots: list[int], amounts: list[float], path: _Path, value: object) -> None:
        """Each leaf of `value` (below `path`) as (slot, amount), depth first. A number adds
        its signed log-magnitude at its path's slot, a word or flag one at the slot of its
        path and value, None nothing. Children are walked as they come, without a list of
        them made first, and a fraction is added here too: a board's coordinates are many."""
        by_key = path.by_key  # keyed by text: another key type is looked up in `_child`
        known: list[_Path] | None = None  # the children by position, where `value` is a list
        children: Iterable[tuple[Any, Any]]
        key: Any  # a dict's key (text, or another type `_child` spells), or a position
        if isinstance(value, dict):
            children = value.items()
        elif isinstance(value, list | tuple):
            known = path.by_position
            children = enumerate(value)
        else:
            self._leaf(slots, amounts, path, value)
            return
        logs, add_slot, add_amount = self._logs, slots.append, amounts.append
        for key, child in children:
            if known is None:
                below = by_key.get(key) or self._child(path, key)
            else:
                below = known[key] if key < len(known) else self._child(path, key)
            kind = type(child)
            if kind is int:
                found = below.number or self._number(below)
                amount = logs.get(child)
                if amount is None:
                    amount = math.copysign(math.log1p(abs(child)), child)
                    if len(logs) < 100_000:
                        logs[child] = amount
                add_slot(found[0])
                add_amount(found[1] * amount)
            elif kind is str or kind is bool:
                found = below.words.get(child) or self._word(below, child)
                add_slot(found[0])
                add_amount(found[1])
            elif kind is float:
                if math.isfinite(child):
                    found = below.number or self._number(below)
                    add_slot(found[0])
                    add_amount(found[1] * math.copysign(math.log1p(abs(child)), child))
            elif child is not None:
                self._add(slots, amounts, below, child)

    def _number(self, path: _Path) -> tuple[int, float]:
        path.number = self._slot(path.text)
        return path.number

    def _word(self, path: _Path, word: object) -> tuple[int, float]:
        found = self._slot(f"{path.text}={word}")
        if len(path.words) < 1_000:
            path.words[word] = found
        return found

    def _leaf(self, slots: list[int], amounts: list[float], path: _Path, value: object) -> None:
        """A leaf that is not a whole number, word or flag in a dict or list: the view
        itself, a fraction, or a type of number or word those fast paths do not know."""
        if isinstance(value, bool):
            index, sign = self._word(path, value)
            slots.append(index)
            amounts.append(sign)
        elif isinstance(value, int | float):
            if math.isfinite(value):
                index, sign = self._slot(path.text)
                slots.append(index)
                amounts.append(sign * math.copysign(math.log1p(abs(value)), value))
        elif value is not None:
            index, sign = self._slot(f"{path.text}={value}")
            slots.append(index)
            amounts.append(sign)


def seat_features(
    features: Features,
    game: Game[Any],
    state: Any,
    seat: int | None,
    prefix: Sequence[Symbol] = (),
) -> np.ndarray:
    """What every adapter hands a seat: its view's features (built from `Game.observe`
    through `Game.view`, never from the state itself) and its own action under way."""
    return features.encode(game.view(state, seat), seat, prefix)


def view_text(view: dict[str, Any], prefix: Sequence[Symbol] = ()) -> str:
    """A view (and a partly chosen action) as one canonical string, for OpenSpiel."""
    chosen = " ".join(f"{kind}{value}" for kind, value in prefix)
    return json.dumps(view, sort_keys=True, separators=(",", ":")) + (
        f" choosing:{chosen}" if prefix else ""
    )
