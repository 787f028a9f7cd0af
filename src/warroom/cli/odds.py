"""`warroom odds`: exact battle odds for any edition's dice rules, in the terminal or as JSON."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from warroom.cli.common import cannot_write, check_png, check_writable, fail, make_console
from warroom.core.actions import NUMBER
from warroom.core.errors import WarroomError
from warroom.core.events import ARMIES, CARDS, DICE, Pieces
from warroom.rules.battle import (
    PLAIN,
    PRESETS,
    BattleRule,
    SideRule,
    combine,
    godswar_dice,
)

if TYPE_CHECKING:  # the odds need numpy, and the terminal output Rich: both load when used
    from rich.console import Console
    from rich.table import Table

    from warroom.odds.invasion import FloatArray, Invasion
    from warroom.odds.strike import StrikeBattle
    from warroom.rules.dice_match import Row

_SHOWN = 1e-4  # survivor counts less likely than this are summed into one line
_BOMBARD = ("attacker", "defender")  # the owner's lowest die: its best use (B8)
TROOPS = Pieces("troop", "troops")  # RISK Strike's troop cards, counted in the header

# The most that `warroom odds` and the terminal's `odds` answer for, far above any game's
# numbers: beyond them an exact answer takes minutes or gigabytes, so it is refused instead.
MOST_ARMIES = 20_000  # a side of one invasion: the sweep takes about a second (docs/odds.md)
MOST_TABLE = 2_000  # a side of a --table grid, which is held whole in memory
MOST_STRIKE_UNITS = 100  # cards and troops a side in RISK Strike (42 continent cards exist)
MOST_ALTARS = 10  # altars a side in a godswar: each adds a die to every round


def check_armies(attackers: int, defenders: int, pieces: Pieces = ARMIES) -> None:
    """Refuse a battle too large to answer exactly within seconds, counting in the mode's
    own word for its `pieces`."""
    if max(attackers, defenders) > MOST_ARMIES:
        raise WarroomError(f"odds are computed for at most {MOST_ARMIES:,} {pieces.many} a side")


def check_strike_units(*sides: int) -> None:
    """Refuse a RISK Strike battle too large to answer exactly: `sides` are each side's cards
    plus troops."""
    if max(sides) > MOST_STRIKE_UNITS:
        raise WarroomError(
            f"RISK Strike odds are computed for at most {MOST_STRIKE_UNITS} cards and troops a side"
        )


class _BadInput(WarroomError):
    """A question refused as asked (a WarroomError, as the size limits' refusals are)."""


def mode_presets() -> dict[str, BattleRule]:
    """Presets built from a mode's component data, loaded only when a name asks for them:
    Battle for Manhattan's Hulk and Allies (`warroom.games.mcu.components`), whose dice are
    reconstructions an owner's transcription replaces."""
    from warroom.games.mcu.components import battle

    return battle().odds_presets()


def mode_pieces(presets: list[str], harbinger: bool = False) -> Pieces:
    """The word the question's mode counts its pieces in (its rules' `pieces`): units for
    MCU's and Mass Effect's presets and for Harbinger (Mass Effect's), armies for Classic's
    and Godstorm's, and where none is named or presets of different modes are combined."""
    words = {_preset_pieces(name) for name in presets}
    if harbinger:
        words.add(_preset_pieces("mass-effect-basic"))
    return words.pop() if len(words) == 1 else ARMIES


def _preset_pieces(name: str) -> Pieces:
    """A preset's mode's word: the rules of the mode its name starts with (Godstorm's rules
    count armies, as Classic's do)."""
    if name.startswith("mcu-"):
        from warroom.games.mcu.skirmish import McuSkirmish

        return McuSkirmish.pieces
    if name.startswith("mass-effect-"):
        from warroom.games.mass_effect.basic import MassEffectBasic

        return MassEffectBasic.pieces
    return ARMIES


def _preset(name: str) -> BattleRule:
    if name in PRESETS:
        return PRESETS[name]
    more = mode_presets()
    if name not in more:
        raise _BadInput(f"unknown preset {name!r}; choose from {', '.join([*PRESETS, *more])}")
    return more[name]


def _rule(
    presets: list[str],
    side_opts: tuple[SideRule, SideRule],
    ties_to_attacker: bool,
) -> BattleRule:
    rules = [_preset(name) for name in presets]
    attacker, defender = side_opts
    rules.append(BattleRule(attacker, defender, ties_to_attacker))
    return combine(*rules)


def _size(text: str, pieces: Pieces = ARMIES) -> tuple[int, int]:
    parts = text.lower().split("x")
    if len(parts) != 2 or not all(NUMBER.fullmatch(p.strip()) for p in parts):
        raise _BadInput(f"table size must look like 20x20, not {text!r}")
    a, d = int(parts[0]), int(parts[1])
    if a < 2 or d < 1:
        raise _BadInput(
            f"a table needs at least {pieces.of(2)} attacking and {pieces.of(1)} defending"
        )
    if max(a, d) > MOST_TABLE:
        raise _BadInput(f"a table is at most {MOST_TABLE}x{MOST_TABLE}")
    return a, d


def _dist(arr: FloatArray) -> dict[int, float]:
    return {k: float(p) for k, p in enumerate(arr) if p > 0.0}


def _plot_table(path: Path, table: FloatArray, title: str, pieces: Pieces) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 6))
    img = ax.imshow(
        table[1:, 1:],
        origin="lower",
        vmin=0,
        vmax=1,
        cmap="RdYlGn",
        aspect="auto",
        extent=(0.5, table.shape[1] - 0.5, 0.5, table.shape[0] - 0.5),
    )
    ax.set_xlabel(f"defending {pieces.many}")
    ax.set_ylabel(f"attacking {pieces.many} (including the one that stays)")
    ax.set_title(title)
    fig.colorbar(img, label="P(conquest)")
    fig.savefig(path, dpi=100)
    plt.close(fig)


def _plot_invasion(path: Path, inv: Invasion, title: str, pieces: Pieces) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (top, bottom) = plt.subplots(2, 1, figsize=(8, 6))
    top.bar(range(len(inv.attacker_survivors)), inv.attacker_survivors, color="tab:red")
    top.set_title(f"{title}: P(conquest) = {inv.p_conquest:.4f}")
    top.set_ylabel("P(attacker ends with k)")
    bottom.bar(range(len(inv.defender_survivors)), inv.defender_survivors, color="tab:blue")
    bottom.set_ylabel("P(defender ends with k)")
    bottom.set_xlabel(f"{pieces.many} left, k")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def _print_invasion(console: Console, inv: Invasion, rule: BattleRule, pieces: Pieces) -> None:
    from rich.table import Table

    from warroom.odds import roll_distribution

    console.print(
        f"[bold]{pieces.of(inv.attackers)}[/] attacking (1 stays) against "
        f"[bold]{pieces.of(inv.defenders)}[/] defending, attacker stops at {inv.stop}"
    )
    console.print(f"P(conquest) = [bold green]{inv.p_conquest:.6f}[/]")
    console.print(
        f"expected losses: attacker {inv.expected_attacker_losses:.3f}, "
        f"defender {inv.expected_defender_losses:.3f}"
    )
    if inv.attackers > max(inv.stop, 1) and inv.defenders > 0:
        first = roll_distribution(
            rule, min(rule.attack_max, inv.attackers - 1), min(rule.defend_max, inv.defenders)
        )
        console.print(
            "first roll (attacker, defender losses): "
            + ", ".join(f"{o}: {p}" for o, p in first.items())
        )
    else:  # a roll it would never make: no line of its odds
        console.print(f"no roll: the attacker is already down to where it stops ({inv.stop})")
    for label, arr in (("attacker", inv.attacker_survivors), ("defender", inv.defender_survivors)):
        table = Table(title=f"{label} survivors")
        table.add_column(f"{pieces.many} left", justify="right")
        table.add_column("probability", justify="right")
        rest = 0.0
        for k, p in enumerate(arr):
            if p >= _SHOWN:
                table.add_row(str(k), f"{p:.6f}")
            else:
                rest += float(p)
        if rest > 0:
            table.add_row("others", f"{rest:.6f}")
        console.print(table)


def _check_dice_counts(
    rule: BattleRule, attacker: dict[str, int], defender: dict[str, int]
) -> None:
    """A count of a side's dice above the most that side rolls was capped silently
    (`--attack-d8 100000` gave `--attack-d8 3`'s odds): refused, naming the most."""
    for flagged, most, side in (
        (attacker, rule.attack_max, "attacker"),
        (defender, rule.defend_max, "defender"),
    ):
        for flag, count in flagged.items():
            if count > most:
                raise WarroomError(f"{flag} {count}: the {side} rolls at most {most} dice")


def odds(
    ctx: typer.Context,
    attackers_typed: Annotated[
        str | None,
        typer.Argument(
            metavar="attackers",
            help="Armies in the attacking territory, including the one that must stay behind "
            "(so N armies roll up to min(3, N-1) dice).",
        ),
    ] = None,
    defenders_typed: Annotated[
        str | None,
        typer.Argument(metavar="defenders", help="Armies in the defending territory."),
    ] = None,
    preset: Annotated[
        list[str] | None,
        typer.Option(
            "--preset",
            "-p",
            metavar="NAME",
            help=f"Edition rule; repeat to combine: {', '.join(PRESETS)}; MCU Battle for "
            "Manhattan's mcu-hulk and each Ally's mcu-<ally>-attack / -defence "
            "(e.g. mcu-ca-ally1-attack).",
        ),
    ] = None,
    attack_d8: Annotated[int, typer.Option(help="Attacker's eight-sided dice (Dreadnoughts).")] = 0,
    defend_d8: Annotated[int, typer.Option(help="Defender's eight-sided dice.")] = 0,
    attack_reroll_once: Annotated[
        bool,
        typer.Option(
            "--attack-reroll-once", help="Attacker rerolls every 1 once (goddess of magic)."
        ),
    ] = False,
    defend_reroll_once: Annotated[
        bool,
        typer.Option(
            "--defend-reroll-once", help="Defender rerolls every 1 once (goddess of magic)."
        ),
    ] = False,
    attack_reroll_until: Annotated[
        int, typer.Option(help="Attacker dice showing 1 rerolled until not 1 (Cruisers).")
    ] = 0,
    defend_reroll_until: Annotated[
        int, typer.Option(help="Defender dice showing 1 rerolled until not 1 (Cruisers).")
    ] = 0,
    attack_plus: Annotated[
        int, typer.Option(help="+1 on the attacker's highest N dice (Carriers).")
    ] = 0,
    defend_plus: Annotated[
        int, typer.Option(help="+1 on the defender's highest N dice (Carriers).")
    ] = 0,
    ties_to_attacker: Annotated[
        bool, typer.Option("--ties-to-attacker", help="Attacker wins ties (god of war).")
    ] = False,
    stop: Annotated[
        int | None,
        typer.Option(
            help="Attacker stops when its territory is down to this (default 1); with --strike,"
            " when its attacking cards are down to this (default 0: to the end)."
        ),
    ] = None,
    table: Annotated[
        str | None,
        typer.Option(
            metavar="AxD",
            help="Grid of P(conquest) for 2 to A attacking and 1 to D defending armies, instead "
            "of ATTACKERS DEFENDERS. The terminal shows a grid that fits its width; --out or "
            "--plot take any size.",
        ),
    ] = None,
    godswar: Annotated[
        bool,
        typer.Option(
            "--godswar", help="Godstorm godswar: ATTACKERS/DEFENDERS are armies on each side."
        ),
    ] = False,
    attack_sky: Annotated[
        bool, typer.Option("--attack-sky", help="Godswar: attacker has a god of the sky.")
    ] = False,
    defend_sky: Annotated[
        bool, typer.Option("--defend-sky", help="Godswar: defender has a god of the sky.")
    ] = False,
    attack_altars: Annotated[int, typer.Option(help="Godswar: altars the attacker controls.")] = 0,
    defend_altars: Annotated[int, typer.Option(help="Godswar: altars the defender controls.")] = 0,
    attack_gods: Annotated[
        str | None,
        typer.Option(
            metavar="GODS",
            help="Godstorm: the attacking force's gods, e.g. war+sky (war: ties; magic: reroll "
            "1s once; sky: a godswar die). With --godswar, the whole godswar, gods staked in "
            "this order.",
        ),
    ] = None,
    defend_gods: Annotated[
        str | None,
        typer.Option(
            metavar="GODS",
            help="Godstorm: the defending territory's gods, e.g. magic+sky; add --preset "
            "godstorm-temple for its temple.",
        ),
    ] = None,
    harbinger: Annotated[
        bool,
        typer.Option(
            "--harbinger", help="Mass Effect: attack Harbinger (total of 18 or more wins)."
        ),
    ] = False,
    bonus: Annotated[int, typer.Option(help="Harbinger: card and Momentum Meter bonus.")] = 0,
    strike: Annotated[
        bool,
        typer.Option(
            "--strike",
            help="RISK Strike battle: ATTACKERS/DEFENDERS are the active cards of the attacking"
            " and defending continents.",
        ),
    ] = False,
    attack_troops: Annotated[
        int, typer.Option(help="Strike: active troops on the attacker's side (helpers' too).")
    ] = 0,
    defend_troops: Annotated[
        int, typer.Option(help="Strike: active troops on the defender's side (helpers' too).")
    ] = 0,
    rally: Annotated[
        int, typer.Option(help="Strike: Rally cards on the first roll (+2 per attacker die).")
    ] = 0,
    bombard: Annotated[
        str | None,
        typer.Option(
            help="Strike: Bombard on the first roll, on the lowest die of: attacker or defender."
        ),
    ] = None,
    match: Annotated[
        bool,
        typer.Option(
            "--match",
            help="Dice-matching card (Mass Effect War Assets, MCU Guardians): odds of "
            "completing the --row rows, and with --roll the best action for that roll.",
        ),
    ] = False,
    row: Annotated[
        list[str] | None,
        typer.Option(
            "--row",
            metavar="ROW",
            help='Match: one row of the card, repeat per row: "7", "2 4" or "3+" (1-2-3s).',
        ),
    ] = None,
    steal: Annotated[
        bool, typer.Option("--steal", help="Match: add the steal row 6 (an owned card).")
    ] = False,
    d6: Annotated[int | None, typer.Option("--d6", help="Match: d6s to roll (default 5).")] = None,
    d8: Annotated[int | None, typer.Option("--d8", help="Match: d8s to roll (default 2).")] = None,
    roll: Annotated[
        str | None,
        typer.Option(
            "--roll",
            metavar="DICE",
            help='Match: the unplaced dice just rolled, d8s marked: "d8:7 5 1 2 6 6 d8:3"; the '
            "rows are then the rows left.",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable output.")] = False,
    plot: Annotated[
        Path | None,
        typer.Option(metavar="FILE.png", help="Write a PNG: heat map or survivor bars."),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(metavar="FILE.csv", help="Write the --table grid as CSV."),
    ] = None,
) -> None:
    """Exact odds of a battle under any edition's dice rules.

    Examples:
    `warroom odds 10 5`
    `warroom odds 10 5 --preset godstorm-temple`
    `warroom odds --table 8x8`
    `warroom odds --table 30x30 --out grid.csv --plot grid.png`
    `warroom odds 8 6 --godswar --attack-sky`
    `warroom odds 8 6 --godswar --attack-gods war+sky --defend-gods magic`
    `warroom odds 3 2 --strike --attack-troops 1 --defend-troops 2 --rally 1`
    `warroom odds --match --row 7 --row 3+ --steal --roll "d8:7 5 1 2 6 6 d8:3"`
    """
    attackers, defenders = _count(attackers_typed), _count(defenders_typed)
    if ctx.args:  # what the two counts left: a third number, or an option after them
        extra = ctx.args[0]
        raise fail(
            f"no such option: {extra} (warroom odds --help lists them)"
            if extra.startswith("-") and not NUMBER.fullmatch(extra)
            else f"one battle is ATTACKERS DEFENDERS: {extra!r} is one count too many"
        )
    if match or row or steal or roll is not None or d6 is not None or d8 is not None:
        try:
            result = _match(row or [], steal, (d6, d8), roll, not match, _battle_typed(ctx))
        except (ValueError, WarroomError) as exc:
            raise fail(str(exc)) from None
        if as_json:
            print(json.dumps({"match": result["match"]}, indent=2))
        else:
            console = make_console()
            for line in result["_lines"]:
                console.print(line, highlight=False)
        return
    # An option of a kind of battle not asked for would be dropped without a word.
    stray = _stray_options(
        {
            "--strike": (
                strike,
                {
                    "--attack-troops": attack_troops != 0,
                    "--defend-troops": defend_troops != 0,
                    "--rally": rally != 0,
                    "--bombard": bombard is not None,
                },
            ),
            "--godswar": (
                godswar,
                {
                    "--attack-sky": attack_sky,
                    "--defend-sky": defend_sky,
                    "--attack-altars": attack_altars != 0,
                    "--defend-altars": defend_altars != 0,
                },
            ),
            "--harbinger": (harbinger, {"--bonus": bonus != 0}),
        }
    )
    if stray:
        raise fail(stray)
    dice_options = {
        "--attack-d8": attack_d8 != 0,
        "--defend-d8": defend_d8 != 0,
        "--attack-reroll-once": attack_reroll_once,
        "--defend-reroll-once": defend_reroll_once,
        "--attack-reroll-until": attack_reroll_until != 0,
        "--defend-reroll-until": defend_reroll_until != 0,
        "--attack-plus": attack_plus != 0,
        "--defend-plus": defend_plus != 0,
        "--ties-to-attacker": ties_to_attacker,
        "--attack-gods": attack_gods is not None,
        "--defend-gods": defend_gods is not None,
    }
    if strike and any(dice_options.values()):
        given = " and ".join(name for name, present in dice_options.items() if present)
        raise fail(f"--strike rolls RISK Strike's own dice: it takes no {given}")
    if plot is not None and (godswar or harbinger):
        raise fail("--plot draws a --table or an invasion's survivors, not a godswar or Harbinger")
    if strike:
        try:
            result = _strike(
                attackers,
                defenders,
                (attack_troops, defend_troops),
                0 if stop is None else stop,
                (rally, bombard),
                (
                    table is not None,
                    godswar,
                    harbinger,
                    bool(preset),
                    plot is not None,
                    out is not None,
                ),
            )
        except (ValueError, WarroomError) as exc:
            raise fail(str(exc)) from None
        if as_json:
            print(json.dumps({k: v for k, v in result.items() if not k.startswith("_")}, indent=2))
        else:
            _print_strike(make_console(), result)
        return

    console = make_console()
    pieces = mode_pieces(preset or [], harbinger)
    try:
        _check_request(
            console, attackers, defenders, (table, pieces), out, bool(as_json or plot or out)
        )
        if plot is not None:
            check_png(plot, "--plot")
        if out is not None and out.suffix.lower() != ".csv":  # CSV went under any name
            raise WarroomError(f"--out writes the grid as CSV: name a .csv file, not {out.name!r}")
        for path in (plot, out):
            if path is not None:
                check_writable(path)
        rule = _rule(
            preset or [],
            (
                SideRule(attack_d8, attack_reroll_once, attack_reroll_until, attack_plus),
                SideRule(defend_d8, defend_reroll_once, defend_reroll_until, defend_plus),
            ),
            ties_to_attacker,
        )
        gods = _gods(attack_gods, defend_gods, godswar, attack_sky or defend_sky)
        if gods is not None and not godswar:  # the gods' powers in the army battle
            from warroom.games.godstorm.battle import force_rule

            rule = combine(rule, force_rule(*gods, temple=False))
        _check_dice_counts(
            rule,
            {
                "--attack-d8": attack_d8,
                "--attack-reroll-until": attack_reroll_until,
                "--attack-plus": attack_plus,
            },
            {
                "--defend-d8": defend_d8,
                "--defend-reroll-until": defend_reroll_until,
                "--defend-plus": defend_plus,
            },
        )
        result = _run(
            rule,
            attackers,
            defenders,
            1 if stop is None else stop,
            table,
            godswar,
            harbinger,
            (attack_sky, defend_sky, attack_altars, defend_altars, bonus),
            plot,
            gods,
            pieces,
        )
        if out is not None:
            _write_csv(out, result["_table"])
    except (ValueError, WarroomError) as exc:
        raise fail(str(exc)) from None
    except OSError as exc:  # a file checked above that could not be written after all
        raise cannot_write(Path(exc.filename or ""), exc) from None
    result["rule"] = asdict(rule)
    if as_json:
        print(json.dumps({k: v for k, v in result.items() if not k.startswith("_")}, indent=2))
        return
    for line in result.pop("_lines", []):
        console.print(line)
    if "_invasion" in result:
        _print_invasion(console, result["_invasion"], rule, pieces)
    if "_table" in result:
        grid: FloatArray = result["_table"]
        if _fits(console, grid.shape[1] - 1):
            console.print(_grid(grid, pieces))
        else:
            console.print(f"(a grid {grid.shape[1] - 1} columns wide does not fit the terminal)")
    for path in (out, plot):
        if path is not None:
            console.print(f"wrote {path}", markup=False, highlight=False)


def _check_request(
    console: Console,
    attackers: int | None,
    defenders: int | None,
    asked: tuple[str | None, Pieces],
    out: Path | None,
    elsewhere: bool,
) -> None:
    """Refuse before computing: a table given both ways, a CSV without one, and a grid too wide
    to read (`elsewhere`: the grid also goes to JSON or a file). `asked`: the --table size, and
    the mode's word for its pieces."""
    table, pieces = asked
    if table is None:
        if out is not None:
            raise _BadInput("--out writes the --table grid: add --table AxD")
        return
    if attackers is not None or defenders is not None:
        raise _BadInput(
            "--table AxD gives its own sizes: drop ATTACKERS DEFENDERS (for one battle) "
            "or --table (for the grid)"
        )
    max_a, max_d = _size(table, pieces)
    if not elsewhere and not _fits(console, max_d):
        fit = next((d for d in range(min(max_d, console.width), 1, -1) if _fits(console, d)), 1)
        raise _BadInput(
            f"a grid {max_d} columns wide does not fit this {console.width}-column terminal: "
            f"use --table {max_a}x{fit}, or write it with --out FILE.csv, --plot FILE.png or --json"
        )


def _grid(grid: FloatArray, pieces: Pieces = ARMIES) -> Table:
    from rich.table import Table

    many = pieces.many
    out = Table(title=f"P(conquest): rows attacking {many}, columns defending {many}")
    out.add_column("A\\D", justify="right")
    for d in range(1, grid.shape[1]):
        out.add_column(str(d), justify="right")
    for a in range(2, grid.shape[0]):
        out.add_row(str(a), *(f"{grid[a, d]:.3f}" for d in range(1, grid.shape[1])))
    return out


def _fits(console: Console, columns: int) -> bool:
    """Whether a grid with this many defending columns fits the terminal unsquashed (Rich
    would otherwise cut every cell, down to empty lines)."""
    import numpy as np

    sample = _grid(np.full((3, columns + 1), 0.5))
    return console.measure(sample, options=console.options.update_width(10**6)).maximum <= (
        console.width
    )


def _write_csv(path: Path, grid: FloatArray) -> None:
    """Rows: attacking armies 2 to A; columns: defending armies 1 to D."""
    import csv

    with path.open("w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow(["attackers\\defenders", *range(1, grid.shape[1])])
        for a in range(2, grid.shape[0]):
            writer.writerow([a, *(f"{grid[a, d]:.6f}" for d in range(1, grid.shape[1]))])


def _stray_options(kinds: dict[str, tuple[bool, dict[str, bool]]]) -> str:
    """The refusal for options given without the kind of battle they describe (--rally
    without --strike), naming them and the flag they need; "" where there is none."""
    for flag, (asked, options) in kinds.items():
        given = [name for name, present in options.items() if present]
        if given and not asked:
            these, many = " and ".join(given), len(given) > 1
            verb, them = ("go", "them") if many else ("goes", "it")
            return f"{these} {verb} with {flag}: add it, or leave {them} out"
    return ""


def _gods(
    attack: str | None, defend: str | None, godswar: bool, sky_given: bool
) -> tuple[list[int], list[int]] | None:
    """Godstorm gods by domain, in the order given (the order each side stakes them in a
    godswar, G83); None when neither side names any."""
    if attack is None and defend is None:
        return None
    from warroom.games.godstorm.components import DOMAINS

    sides = []
    for text in (attack, defend):
        names = [n.strip().lower() for n in (text or "").split("+") if n.strip()]
        unknown = [n for n in names if n not in DOMAINS]
        if unknown or len(set(names)) != len(names):
            raise _BadInput(f"gods are {', '.join(DOMAINS)}, each once, joined by +: not {text!r}")
        sides.append([DOMAINS.index(n) for n in names])
    if sky_given:
        raise _BadInput("--attack-gods and --defend-gods say who has a god of the sky")
    if godswar and not (sides[0] and sides[1]):
        raise _BadInput(
            "a godswar needs gods on both sides (G82 [Godswar]): "
            "give both --attack-gods and --defend-gods"
        )
    return sides[0], sides[1]


def _godswar_series(
    rule: BattleRule,
    attackers: int | None,
    defenders: int | None,
    gods: tuple[list[int], list[int]],
    altars: tuple[int, int],
) -> dict[str, Any]:
    """A whole godswar (G83-G88) under the Godstorm rules' own dice rule."""
    from warroom.games.godstorm.odds import godswar_chance

    if attackers is None or defenders is None:
        raise _BadInput("give ATTACKERS and DEFENDERS: the armies on each side")
    if attackers < 0 or defenders < 0 or min(altars) < 0:
        raise _BadInput("army and altar counts cannot be negative")
    _check_altars(*altars)
    p = godswar_chance(gods[0], gods[1], attackers, defenders, rule, altars)
    return {
        "godswar": {  # the gods' powers apply on top of "rule", the dice before any god
            "rounds": "to the end",
            "attackers": attackers,
            "defenders": defenders,
            "attack_gods": _named(gods[0]),
            "defend_gods": _named(gods[1]),
            "attack_altars": altars[0],
            "defend_altars": altars[1],
            "p_attacker_wins": str(p),
            "p": float(p),
        },
        "_lines": [
            f"godswar, {_named(gods[0])} with {attackers} armies against {_named(gods[1])} "
            f"with {defenders}: P(every defending god banished) = {p} = {float(p):.6f}"
        ],
    }


def _check_altars(*altars: int) -> None:
    if max(altars) > MOST_ALTARS:
        raise _BadInput(f"odds are computed for at most {MOST_ALTARS} altars a side")


def _named(domains: list[int]) -> str:
    from warroom.games.godstorm.components import DOMAINS

    return "+".join(DOMAINS[d] for d in domains)


def _run(
    rule: BattleRule,
    attackers: int | None,
    defenders: int | None,
    stop: int,
    table: str | None,
    godswar: bool,
    harbinger: bool,
    extras: tuple[bool, bool, int, int, int],
    plot: Path | None,
    gods: tuple[list[int], list[int]] | None = None,
    pieces: Pieces = ARMIES,
) -> dict[str, Any]:
    """Compute what was asked, counting pieces in the mode's word; keys starting with _ are
    for the terminal only."""
    from warroom.odds import godswar_odds, harbinger_odds, invasion, win_table

    attack_sky, defend_sky, attack_altars, defend_altars, bonus = extras
    if godswar and harbinger:
        raise _BadInput("choose one of --godswar and --harbinger")
    if godswar and stop != 1:  # no armies are lost roll by roll: nowhere to stop
        raise _BadInput("a godswar is fought by the gods, not roll by roll: it takes no --stop")
    if gods is not None and godswar:
        return _godswar_series(rule, attackers, defenders, gods, (attack_altars, defend_altars))
    if table is not None:
        if godswar or harbinger:  # the grid would be the army battle's, without a word
            raise _BadInput(
                "--table is the army battle's grid: it takes no --godswar or --harbinger"
            )
        max_a, max_d = _size(table, pieces)
        grid = win_table(max_a, max_d, rule, stop)
        if plot is not None:
            _plot_table(plot, grid, f"P(conquest), stop at {stop}", pieces)
        return {
            "stop": stop,
            "p_conquest": {str(a): [float(x) for x in grid[a, 1:]] for a in range(2, max_a + 1)},
            "_table": grid,
        }
    if attackers is None or (defenders is None and not harbinger):
        raise _BadInput("give ATTACKERS and DEFENDERS (or --table AxD)")
    if harbinger:
        if defenders is not None:
            raise _BadInput(
                f"--harbinger takes ATTACKERS only (Harbinger is not a count of {pieces.many})"
            )
        if attackers < 2:
            raise _BadInput(f"attacking Harbinger needs at least {pieces.of(2)} (one stays behind)")
        if rule.defender != PLAIN or rule.attacker_wins_ties or stop != 1:
            raise _BadInput(
                "attacking Harbinger is one roll against a total, with no defender's dice: "
                "--harbinger takes no --stop, ties rule or defender's dice (options or a preset's)"
            )
        dice = min(rule.attack_max, attackers - 1)
        p = harbinger_odds(dice, rule.attacker, bonus)
        return {
            "harbinger": {"dice": dice, "bonus": bonus, "p_destroyed": str(p), "p": float(p)},
            "_lines": [
                f"{dice} dice, bonus {bonus:+d}: P(Harbinger destroyed) = {p} = {float(p):.6f}"
            ],
        }
    assert defenders is not None
    if godswar:
        if attackers < 0 or defenders < 0:
            raise _BadInput("army counts cannot be negative")
        _check_altars(attack_altars, defend_altars)
        a_dice = godswar_dice(attack_sky, attack_altars)
        d_dice = godswar_dice(defend_sky, defend_altars)
        p = godswar_odds(a_dice, d_dice, attackers, defenders, rule)
        return {
            "godswar": {
                "attack_dice": a_dice,
                "defend_dice": d_dice,
                "p_attacker_wins": str(p),
                "p": float(p),
            },
            "_lines": [
                f"godswar, {a_dice} dice + {attackers} armies against {d_dice} dice + {defenders}:"
                f" P(defending god banished) = {p} = {float(p):.6f}"
            ],
        }
    check_armies(attackers, defenders, pieces)
    inv = invasion(attackers, defenders, rule, stop)
    if plot is not None:
        _plot_invasion(plot, inv, f"{attackers} against {defenders}", pieces)
    return {
        "attackers": attackers,
        "defenders": defenders,
        "stop": stop,
        "p_conquest": inv.p_conquest,
        "expected_attacker_losses": inv.expected_attacker_losses,
        "expected_defender_losses": inv.expected_defender_losses,
        "attacker_survivors": _dist(inv.attacker_survivors),
        "defender_survivors": _dist(inv.defender_survivors),
        "conquest_survivors": _dist(inv.conquest_survivors),
        "_invasion": inv,
    }


def _strike(
    a_cards: int | None,
    d_cards: int | None,
    troops: tuple[int, int],
    stop: int,
    mods: tuple[int, str | None],
    others: tuple[bool, ...],
) -> dict[str, Any]:
    """A RISK Strike battle: the first roll exactly, the battle as floats."""
    from warroom.odds.strike import (
        ATTACKER_LOWEST,
        DEFENDER_LOWEST,
        strike_battle,
        strike_dice,
        strike_roll,
    )

    if any(others):
        raise _BadInput(
            "--strike takes no --table, --godswar, --harbinger, --preset, --plot or --out"
        )
    if a_cards is None or d_cards is None:
        raise _BadInput("give the attacking and defending continent cards: ATTACKERS DEFENDERS")
    rally, bombard = mods
    if bombard is not None and bombard not in _BOMBARD:
        raise _BadInput(f"--bombard takes one of {', '.join(_BOMBARD)}, not {bombard!r}")
    target = {"attacker": ATTACKER_LOWEST, "defender": DEFENDER_LOWEST}.get(bombard or "")
    a_troops, d_troops = troops
    check_strike_units(a_cards + a_troops, d_cards + d_troops)
    battle = strike_battle(a_cards, a_troops, d_cards, d_troops, stop, rally, target)
    a_dice, d_dice = strike_dice(battle.start)
    first = strike_roll(a_dice, d_dice, rally, target)
    return {
        "strike": {
            "attacker_cards": a_cards,
            "attacker_troops": a_troops,
            "defender_cards": d_cards,
            "defender_troops": d_troops,
            "stop": stop,
            "rally": rally,
            "bombard": bombard,
            "attack_dice": a_dice,
            "defend_dice": d_dice,
            "first_roll": [
                {"attacker_losses": la, "defender_losses": ld, "p": str(p), "p_float": float(p)}
                for (la, ld), p in first.items()
            ],
            "p_conquest": battle.p_conquest,
            "expected_cards_won": battle.expected_cards_won,
            "expected_cards_surrendered": battle.expected_cards_surrendered,
            "expected_rolls": battle.expected_rolls,
            "ends": [
                {"attacker_cards": a, "defender_cards": d, "p": p}
                for (a, d), p in battle.ends.items()
            ],
        },
        "_battle": battle,
    }


def _print_strike(console: Console, result: dict[str, Any]) -> None:
    from rich.table import Table

    info = result["strike"]
    battle: StrikeBattle[float] = result["_battle"]
    mods = []
    if info["rally"]:
        mods.append(f"{info['rally']} Rally")
    if info["bombard"]:
        mods.append(f"Bombard on the {info['bombard']}'s lowest die")
    console.print(
        f"[bold]{CARDS.of(info['attacker_cards'])}[/] + "
        f"{TROOPS.of(info['attacker_troops'])} attack "
        f"[bold]{CARDS.of(info['defender_cards'])}[/] + "
        f"{TROOPS.of(info['defender_troops'])}: "
        f"{DICE.of(info['attack_dice'])} against {info['defend_dice']}"
        + (f"; first roll with {', '.join(mods)}" if mods else "")
        + (f"; attacker stops at {info['stop']} cards" if info["stop"] else "")
    )
    console.print(f"P(conquest) = [bold green]{battle.p_conquest:.6f}[/]")
    console.print(
        f"expected cards: won {battle.expected_cards_won:.3f}, surrendered "
        f"{battle.expected_cards_surrendered:.3f}; expected rolls {battle.expected_rolls:.3f}"
    )
    roll = Table(title="first roll")
    for col in ("attacker loses", "defender loses", "exact", "probability"):
        roll.add_column(col, justify="right")
    for o in info["first_roll"]:
        roll.add_row(
            str(o["attacker_losses"]), str(o["defender_losses"]), o["p"], f"{o['p_float']:.6f}"
        )
    console.print(roll)
    ends = Table(title="end of the battle")
    for col in ("attacker cards left", "defender cards left", "probability"):
        ends.add_column(col, justify="right")
    rest = 0.0
    for (a, d), p in battle.ends.items():
        if p >= _SHOWN:
            ends.add_row(str(a), str(d), f"{p:.6f}")
        else:
            rest += p
    if rest > 0:
        ends.add_row("others", "", f"{rest:.6f}")
    console.print(ends)


_MAX_DICE = 10  # outcomes and states grow fast beyond the printed 7 dice
_MAX_ROWS = 8


def _parse_row(text: str) -> Row:
    """A row as the CLI takes it: "7", "2 4", "3+" or "6 steal"."""
    from warroom.rules.dice_match import exact, steal6, sum_low

    words = text.replace(",", " ").split()
    if words == ["6", "steal"]:
        return steal6()
    if len(words) == 1 and words[0].endswith("+") and NUMBER.fullmatch(words[0][:-1]):
        if int(words[0][:-1]) < 1:
            raise _BadInput(f"row {text!r}: a 1-2-3 row needs a total of at least 1")
        return sum_low(int(words[0][:-1]))
    if words and all(NUMBER.fullmatch(w) for w in words):
        values = [int(w) for w in words]
        if not all(1 <= v <= 8 for v in values):
            raise _BadInput(f"row {text!r}: targets are faces 1 to 8")
        return exact(*values)
    raise _BadInput(f'row {text!r}: write it as "7", "2 4", "3+" or "6 steal"')


def _parse_roll(text: str) -> list[tuple[int, int]]:
    """Dice as "d8:7 5 1 2 6 6 d8:3": a bare face is a d6, d8:F (or d6:F) names the kind."""
    dice = []
    for word in text.replace(",", " ").split():
        sides, _, face = word.lower().rpartition(":")
        if sides not in ("", "d6", "d8") or not NUMBER.fullmatch(face):
            raise _BadInput(f"--roll: {word!r} is not a face (5) or a d8 face (d8:7)")
        n = 8 if sides == "d8" else 6
        if not 1 <= int(face) <= n:
            raise _BadInput(f"--roll: a d{n} shows 1 to {n}, not {face}")
        dice.append((n, int(face)))
    if not dice:
        raise _BadInput('--roll needs the dice, e.g. "d8:7 5 1 2 6 6 d8:3"')
    return dice


def _die(d: tuple[int, int]) -> str:
    return f"d{d[0]}:{d[1]}"


_MATCH_OPTIONS = frozenset({"match", "row", "steal", "d6", "d8", "roll", "as_json"})


def _battle_typed(ctx: typer.Context) -> list[str]:
    """What was typed of a battle's arguments and options, by name as typed: a dice-matching
    card takes none of them, and one dropped without a word would mislead."""
    return [
        param.opts[0] if param.opts[0].startswith("-") else str(param.metavar).upper()
        for param in ctx.command.params
        if param.name not in _MATCH_OPTIONS
        and param.name is not None
        and getattr(ctx.get_parameter_source(param.name), "name", "") == "COMMANDLINE"
    ]


def _match(
    rows_text: list[str],
    steal: bool,
    counts: tuple[int | None, int | None],
    roll_text: str | None,
    no_mode: bool,
    battle: list[str],
) -> dict[str, Any]:
    """A dice-matching card: exact odds from the first roll, or the best action for a roll."""
    from warroom.odds.dice_match import (
        Match,
        actions_exact,
        best_match_exact,
        card_odds,
        completion,
    )
    from warroom.rules.dice_match import steal6

    if no_mode:
        raise _BadInput("--row, --steal, --d6, --d8 and --roll describe a card: add --match")
    if battle:
        raise _BadInput(
            f"--match is a dice-matching card, not a battle: it takes no {', '.join(battle)}"
        )
    if not rows_text:
        raise _BadInput("--match needs the card's rows: --row 7 --row 5 --row 3+")
    rows = [_parse_row(t) for t in rows_text]
    if len(rows) + steal > _MAX_ROWS:
        raise _BadInput(f"at most {_MAX_ROWS} rows")
    d6, d8 = counts
    if roll_text is None:
        d6, d8 = (5 if d6 is None else d6), (2 if d8 is None else d8)
    else:
        dice = _parse_roll(roll_text)
        got = (sum(1 for s, _ in dice if s == 6), sum(1 for s, _ in dice if s == 8))
        if (d6 is not None and d6 != got[0]) or (d8 is not None and d8 != got[1]):
            raise _BadInput(f"--roll has {got[0]} d6 and {got[1]} d8, not what --d6/--d8 say")
        d6, d8 = got
    if d6 < 0 or d8 < 0 or d6 + d8 > _MAX_DICE or d6 + d8 == 0:
        raise _BadInput(f"roll 1 to {_MAX_DICE} dice in all, none negative")
    texts = [r.text() for r in rows] + (["6 steal"] if steal else [])
    info: dict[str, Any] = {"rows": texts, "d6": d6, "d8": d8}
    head = f"card {' / '.join(texts)}: {d6} d6 + {d8} d8"
    if roll_text is None:
        card = card_odds(rows, d6, d8, steal=steal)
        for name in (
            "p_select",
            "p_complete",
            "p_complete_if_selected",
            "expected_rolls",
            "expected_rolls_if_selected",
        ):
            value = getattr(card, name)
            info[name] = str(value)
            info[name + "_float"] = float(value)
        lines = [
            head,
            f"P(first roll matches a row, card selectable) = {card.p_select} = "
            f"[bold]{float(card.p_select):.6f}[/]",
            f"P(complete from the start, first row chosen best) = "
            f"[bold green]{float(card.p_complete):.6f}[/]",
            f"P(complete | selected) = [bold green]{float(card.p_complete_if_selected):.6f}[/]",
            f"expected rolls: {float(card.expected_rolls):.3f} from the start, "
            f"{float(card.expected_rolls_if_selected):.3f} once selected (first roll counted)",
        ]
        return {"match": info, "_lines": lines}
    left = [*rows, *([steal6()] if steal else [])]
    p, rolls = completion(left, d6, d8)
    info["roll"] = [_die(d) for d in dice]
    info["p_before_roll"], info["p_before_roll_float"] = str(p), float(p)
    lines = [
        f"rows left {' / '.join(texts)}; roll {' '.join(_die(d) for d in dice)}",
        f"P(complete) before this roll = {float(p):.6f}, expected rolls {float(rolls):.3f}",
    ]
    action = best_match_exact(left, dice)
    if not isinstance(action, Match):
        die = getattr(action, "die", len(dice) - 1)
        info["best"] = {"action": "set_aside", "die": die, "sides": dice[die][0]}
        if action is not None:
            info["best"].update(p=str(action.p), p_float=float(action.p))
        lines += [
            f"nothing matches: set aside a d{dice[die][0]} (die {die + 1})",
            "(on a first roll: the card cannot be selected, the turn ends)",
        ]
        if action is not None:
            lines.append(f"P(complete) after = [bold green]{float(action.p):.6f}[/]")
        return {"match": info, "_lines": lines}
    found = actions_exact(left, dice)
    options: list[dict[str, Any]] = [
        {
            "row": m.row,
            "row_text": left[m.row].text(),
            "dice": list(m.dice),
            "faces": [_die(dice[i]) for i in m.dice],
            "p": str(m.p),
            "p_float": float(m.p),
            "expected_rolls_after": float(m.rolls),
        }
        for m in found
    ]
    info["best"] = {"action": "match", **options[0]}
    info["actions"] = options
    lines.append("matches, best first (dice numbered from 1 in the order given):")
    for m in found:
        faces = " ".join(_die(dice[i]) for i in m.dice)
        lines.append(
            f"  row {left[m.row].text()!r} with {faces} (dice "
            f"{', '.join(str(i + 1) for i in m.dice)}): P(complete) = {float(m.p):.6f}"
        )
    return {"match": info, "_lines": lines}


def _count(typed: str | None) -> int | None:
    """A count as typed: read here, so that a negative one ("odds -3 2") reaches the checks
    that say why it is refused, rather than being taken for an option ("No such option: -3"),
    while a mistyped option is still called one."""
    if typed is None:
        return None
    if NUMBER.fullmatch(typed):
        if len(typed) > 20:
            raise fail(f"{typed} is more than any battle holds")
        return int(typed)
    if typed.startswith("--") or (typed.startswith("-") and not typed[1:2].isdigit()):
        raise fail(f"no such option: {typed} (warroom odds --help lists them)")
    if typed in PRESETS:
        raise fail(f"{typed!r} is a preset, not a count: write it as --preset {typed}")
    if typed in GAME_ODDS:  # "warroom odds risk-strike 3 2", as `play` and `simulate` read
        raise fail(
            f"{typed!r} is a game, not a count: its odds are {GAME_ODDS[typed]} "
            "(warroom odds --help has examples)"
        )
    raise fail(f"{typed!r} is not a whole number")


# How each game's odds are asked for, for one typed where a count belongs.
GAME_ODDS = {
    "risk-classic": "warroom odds ATTACKERS DEFENDERS (Classic's dice are the default)",
    "risk-godstorm": "warroom odds A D with --attack-gods, --defend-gods, --godswar or a "
    "godstorm- preset",
    "risk-strike": "warroom odds CARDS CARDS --strike",
    "mass-effect-basic": "warroom odds A D with ships as --attack-d8, --attack-reroll-until, "
    "--attack-plus (and --defend-...)",
    "mass-effect-galaxy-at-war": "warroom odds A D with ships as --attack-d8 and the like, "
    "--preset mass-effect-vanguard, or warroom odds A --harbinger",
    "mass-effect-war-assets": "warroom odds --match --row N ...",
    "mcu-skirmish": "warroom odds A D (Classic's dice), --preset mcu-loki for a Loki sector",
    "mcu-battle-for-manhattan": "warroom odds A D with the mcu- presets (mcu-hulk, "
    "mcu-shield, an Ally's mcu-<ally>-attack)",
    "mcu-guardians": "warroom odds --match --row N ...",
    "monopoly-avengers": "warroom monopoly odds",
}


def register(app: typer.Typer) -> None:
    # The counts are read by `_count`, unknown options and extra words by `odds` itself.
    app.command(
        "odds", context_settings={"ignore_unknown_options": True, "allow_extra_args": True}
    )(odds)
