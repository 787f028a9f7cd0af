"""The bot ladder: every pair of tiers plays head to head, seats rotated, with intervals.

Tiers are strictly ordered when, for each pair, the stronger tier's 95% interval lies
wholly above an even share (1 / players), so the order is not a fluke of the sample.

Where a tier holds several seats, a game is one trial for all of them (`stats.Rate`).
"""

from __future__ import annotations

import re
import shlex
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, pairwise
from typing import Any, Self

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from warroom.core.errors import WarroomError
from warroom.core.game import OptionValue
from warroom.core.registry import get_mode
from warroom.games import option_text, strength
from warroom.sim import stats
from warroom.sim.runner import GameResult, SimConfig, resolve_options, run


@dataclass(frozen=True)
class Pairing:
    stronger: str
    weaker: str
    rate: stats.Rate  # the stronger tier's
    even: float
    mean_turns: float | None
    seconds: float

    @property
    def separated(self) -> bool:
        return self.rate.interval[0] > self.even


def play_ladder(
    mode: str,
    tiers: Sequence[str],
    games: int,
    players: int = 2,
    seed: int = 0,
    options: Mapping[str, OptionValue] | None = None,
    workers: int | None = None,
    on_result: Callable[[GameResult], None] | None = None,
    all_pairs: bool = False,
) -> list[Pairing]:
    """Neighbours on the ladder (or every pair), listed weakest first, play `games` games
    each, with seats rotated. One tier has no pair to play: refused, not an empty ladder
    reported as strictly ordered."""
    if len(tiers) < 2:
        raise WarroomError(
            f"a ladder needs at least 2 tiers, weakest first (e.g. random,greedy), not {len(tiers)}"
        )
    pairs = list(combinations(tiers, 2)) if all_pairs else list(pairwise(tiers))
    out = []
    for k, (weak, strong) in enumerate(pairs):
        lineup = tuple((strong, weak)[s % 2] for s in range(players))
        config = SimConfig(mode, games, lineup, players, seed + k, dict(options or {}))
        start = time.perf_counter()
        results = run(config, workers, on_result=on_result)
        rate = next(r for r in stats.by_bot(results) if r.label == strong)
        turns = [r.turns for r in results if r.turns is not None]
        out.append(
            Pairing(
                strong,
                weak,
                rate,
                1 / players,
                sum(turns) / len(turns) if turns else None,
                time.perf_counter() - start,
            )
        )
    return out


def _first_seat(players: int) -> str:
    """How often each tier sits first: the lineup alternates stronger and weaker from the
    stronger, and turns one seat a game, so with an odd count the stronger holds one more."""
    if players % 2 == 0:
        return "each tier sits first in half the games"
    held = (players + 1) // 2
    return (
        f"the stronger tier holds {held} of the {players} seats, and sits first in {held} "
        f"games of {players}"
    )


def markdown(
    mode: str,
    pairings: Sequence[Pairing],
    command: str,
    players: int,
    options: Mapping[str, OptionValue],
    note: str = "",
) -> str:
    lines = [
        f"# Bot ladder: {mode}",
        "",
        f"Regenerate with `{command}`.",
        "",
        f"Settings: {players} players; options "
        + (", ".join(f"`{k}={option_text(v)}`" for k, v in options.items()) or "none")
        + f"; seats rotated ({_first_seat(players)}); a shared win counts "
        'as a share. A game is one trial: "stronger wins" counts the games the stronger '
        "tier's seats won together, and its win rate a seat is that over the games and its "
        "seats, with a 95% Wilson interval over games (at most one of its seats wins a game, "
        "so its seats are not independent trials); "
        f"an even share is {1 / players:.2f} a seat.",
        "",
        "| stronger | weaker | games | its seats | stronger wins | win rate a seat | "
        "95% interval | separated | mean turns | wall time |",
        "| --- | --- | ---: | ---: | ---: | ---: | --- | --- | ---: | ---: |",
    ]
    for p in pairings:
        lo, hi = p.rate.interval
        turns = "" if p.mean_turns is None else f"{p.mean_turns:.1f}"
        lines.append(
            f"| {p.stronger} | {p.weaker} | {p.rate.games // p.rate.seats} | {p.rate.seats} | "
            f"{p.rate.wins:g} | "
            f"{p.rate.rate:.3f} | [{lo:.3f}, {hi:.3f}] | {'yes' if p.separated else 'no'} | "
            f"{turns} | {p.seconds:.0f} s |"
        )
    order = all(p.separated for p in pairings)
    lines += [
        "",
        "Strictly ordered (every interval above an even share): "
        + ("**yes**" if order else "**no**"),
    ]
    if note:
        lines += ["", note]
    return "\n".join(lines) + "\n"


def ladder_options(
    mode: str, options: Mapping[str, OptionValue], players: int
) -> dict[str, OptionValue]:
    """The options the games really used (the simulation's turn cap included, and any the
    rules fix for this many players: 2-player Classic RISK always deals)."""
    resolved = resolve_options(SimConfig(mode, 1, ("random",), players, 0, dict(options)))
    return get_mode(mode).options_in_effect(players, resolved)


class PairingRecord(BaseModel):
    """One row of a ladder's table, as its doc prints it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    stronger: str
    weaker: str
    games: int = Field(ge=1)
    seats: int = Field(ge=1)  # the stronger tier's seats in every game
    wins: float = Field(ge=0)  # games its seats won, a shared win as a share
    win_rate: float = Field(ge=0, le=1)  # a seat
    interval: tuple[float, float]  # 95% Wilson, a seat
    separated: bool
    mean_turns: float | None = Field(ge=0)
    seconds: float = Field(ge=0)

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        if self.stronger == self.weaker:
            raise ValueError(f"{self.stronger} vs itself: a pairing is of two tiers")
        low, high = self.interval
        if self.wins > self.games or not 0 <= low <= self.win_rate <= high <= 1:
            raise ValueError(
                f"{self.stronger} vs {self.weaker}: {self.wins:g} wins of {self.games} games, "
                f"rate {self.win_rate} and interval {self.interval} do not fit together"
            )
        return self


class LadderRecord(BaseModel):
    """A measured ladder as the app reads it (warroom/data/ladders/MODE.json), with the
    command, games and seed that measured it, so a figure shown to players can be replayed."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    mode: str
    doc: str  # the Markdown it was read from
    command: str  # exactly as the doc gives it
    games: int = Field(ge=1)  # a pairing
    tiers: list[str] = Field(min_length=2)  # weakest first
    players: int = Field(ge=2)
    seed: int
    options: dict[str, str]  # the command's --option NAME=VALUE, as typed
    all_pairs: bool
    pairings: list[PairingRecord] = Field(min_length=1)
    strictly_ordered: bool

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        pairs = [frozenset((p.stronger, p.weaker)) for p in self.pairings]
        twice = next(
            (p for p, pair in zip(self.pairings, pairs, strict=True) if pairs.count(pair) > 1), None
        )
        if twice is not None:
            raise ValueError(f"pairing {twice.stronger} vs {twice.weaker}: given twice")
        for p in self.pairings:
            if p.stronger not in self.tiers or p.weaker not in self.tiers:
                raise ValueError(f"pairing {p.stronger} vs {p.weaker}: not tiers {self.tiers}")
            if p.games != self.games:
                raise ValueError(f"pairing {p.stronger} vs {p.weaker}: {p.games} games")
        if self.strictly_ordered != all(p.separated for p in self.pairings):
            raise ValueError("strictly_ordered disagrees with the pairings' separation")
        return self


@cache
def load_record(mode: str) -> LadderRecord | None:
    """The mode's shipped ladder, validated once, or None where it has no measured ladder."""
    stored = strength.stored_ladder(mode)
    return None if stored is None else LadderRecord.model_validate(stored)


def record_from_markdown(text: str, doc: str) -> LadderRecord:
    """The ladder a doc made by `markdown` records: its command and its table. Docs are
    edited by hand around the table (notes, recomputed intervals), so the doc is what is
    read, not the games; a doc this cannot read is a WarroomError naming it."""
    title = re.search(r"^# Bot ladder: (\S+)$", text, re.MULTILINE)
    command = re.search(r"Regenerate with\s+`([^`]+)`", text)
    order = re.search(
        r"Strictly ordered \(every interval above an even share\): \*\*(yes|no)\*\*", text
    )
    lines = text.splitlines()
    header = next(
        (i for i, line in enumerate(lines) if line.startswith("| stronger | weaker |")), None
    )
    if title is None or command is None or order is None or header is None:
        raise WarroomError(f"{doc}: not a ladder doc (title, command, table or verdict missing)")
    try:
        words = shlex.split(command.group(1))
    except ValueError as exc:  # an unclosed quote
        raise WarroomError(f"{doc}: its command cannot be read: {exc}") from None
    if words[:3] != ["warroom", "ladder", title.group(1)]:
        raise WarroomError(f"{doc}: the command {command.group(1)!r} is not this mode's ladder")
    names = [cell.strip() for cell in lines[header].strip("|").split("|")]
    try:
        return _record(
            title.group(1),
            doc,
            command.group(1),
            words,
            names,
            lines[header + 2 :],
            order.group(1) == "yes",
        )
    except ValidationError as exc:
        raise WarroomError(f"{doc}: cannot read its ladder: {_first_error(exc)}") from None
    except _Unreadable as exc:
        raise WarroomError(f"{doc}: cannot read its ladder: {exc}") from None


class _Unreadable(ValueError):
    """A cell or a flag of a ladder doc that does not read as what it should."""


def _first_error(exc: ValidationError) -> str:
    """A value out of its range, the first one, in one line (not pydantic's dump)."""
    first = exc.errors()[0]
    message = first["msg"].removeprefix("Value error, ")  # a check of ours, in its own words
    where = ".".join(str(part) for part in first["loc"])
    return f"{where}: {message}" if where else message


def _read(kind: type[int] | type[float], text: str, what: str) -> Any:
    """`text` read as a whole number or a number, or _Unreadable saying which cell it is."""
    try:
        return kind(text)
    except ValueError:
        noun = "a whole number" if kind is int else "a number"
        raise _Unreadable(f"{what} {text!r} is not {noun}") from None


def _record(
    mode: str,
    doc: str,
    command: str,
    words: list[str],
    names: list[str],
    rows: list[str],
    ordered: bool,
) -> LadderRecord:
    """The record of a ladder doc's command words and table rows (after its header)."""
    flags: dict[str, list[str]] = {}
    rest = iter(w for w in words[3:] if w != "--all-pairs")  # the one flag with no value
    for flag in rest:
        flags.setdefault(flag, []).append(next(rest, ""))
    missing = [f for f in ("--games", "--tiers", "--players", "--seed") if f not in flags]
    if missing:
        raise _Unreadable(f"its command has no {', '.join(missing)}")
    if "95% interval" not in names or "stronger" not in names:
        raise _Unreadable("its table has no 'stronger' or '95% interval' column")
    pairings = []
    for number, line in enumerate(rows, 1):
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != len(names):
            raise _Unreadable(f"table row {number} has {len(cells)} cells, not {len(names)}")
        row = dict(zip(names, cells, strict=True))
        at = f"table row {number}:"
        bounds = row["95% interval"].strip("[]").split(",")
        if len(bounds) != 2:
            raise _Unreadable(f"{at} the interval {row['95% interval']!r} is not [LOW, HIGH]")
        try:
            pairing = PairingRecord(
                stronger=row["stronger"],
                weaker=row.get("weaker", ""),
                games=_read(int, row.get("games", ""), f"{at} games"),
                seats=_read(int, row.get("its seats", "1"), f"{at} its seats"),
                wins=_read(float, row.get("stronger wins", ""), f"{at} stronger wins"),
                win_rate=_read(
                    float, row.get("win rate a seat") or row.get("win rate", ""), f"{at} win rate"
                ),
                interval=(
                    _read(float, bounds[0], f"{at} the interval's low end"),
                    _read(float, bounds[1], f"{at} the interval's high end"),
                ),
                separated=row.get("separated") == "yes",
                mean_turns=_read(float, row["mean turns"], f"{at} mean turns")
                if row.get("mean turns")
                else None,
                seconds=_read(
                    float, row.get("wall time", "").removesuffix(" s"), f"{at} wall time"
                ),
            )
        except ValidationError as exc:
            raise _Unreadable(f"{at} {_first_error(exc)}") from None
        pairings.append(pairing)
    return LadderRecord(
        mode=mode,
        doc=doc,
        command=" ".join(command.split()),
        games=_read(int, flags["--games"][0], "its command's --games"),
        tiers=flags["--tiers"][0].split(","),
        players=_read(int, flags["--players"][0], "its command's --players"),
        seed=_read(int, flags["--seed"][0], "its command's --seed"),
        options=dict(o.split("=", 1) for o in flags.get("--option", []) if "=" in o),
        all_pairs="--all-pairs" in words,
        pairings=pairings,
        strictly_ordered=ordered,
    )
