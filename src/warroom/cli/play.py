"""Play any registered mode in the terminal, human seats against bots.

Humans type action texts (as listed, case-insensitive, territory names by unique prefix)
or short forms: a number left off is filled with the largest allowed ("attack Gaul Liguria"
rolls the most dice, "place Gaul" places everything, "move" moves all it can), and
"attack A B until N" keeps attacking until B falls or A is down to N armies.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.columns import Columns
from rich.console import Console
from rich.table import Table

from warroom.bots import Bot, RandomBot
from warroom.core import Action, Event, Match, WarroomError

SEAT_COLORS = ["red", "blue", "green", "yellow", "magenta", "cyan"]
DICE = "⚀⚁⚂⚃⚄⚅"
HELP = """[bold]Commands[/]
  an action as listed, e.g. [cyan]attack Gaul Liguria 3[/], [cyan]place Gaul 5[/], [cyan]end[/]
  short forms: [cyan]attack Gaul Liguria[/] (most dice), [cyan]attack Gaul Liguria until 3[/],
               [cyan]place Gaul[/] (all), [cyan]move[/] (all it can), [cyan]fortify Gaul Liguria[/]
  [cyan]board[/]  show the board      [cyan]actions[/]  list what you may do
  [cyan]log[/]    recent events       [cyan]odds A D[/]  chance A attackers take D defenders
  [cyan]undo[/]   take back your last decision (until dice or a card reveal something)
  [cyan]auto N[/] let a bot take your next N decisions (e.g. to finish placing armies)
  [cyan]save FILE[/], [cyan]load FILE[/], [cyan]quit[/]"""


class Quit(Exception):
    """The player asked to leave."""


class Terminal:
    """One terminal session: the match, which seats are human, and the bots for the rest."""

    def __init__(
        self,
        match: Match,
        humans: set[int],
        bots: dict[int, Bot],
        console: Console,
        read: Callable[[str], str],
    ) -> None:
        self.match = match
        self.humans = humans
        self.bots = bots
        self.console = console
        self.read = read
        self.log: list[str] = []
        self.viewer = min(humans) if len(humans) == 1 else None

    # -- the loop ----------------------------------------------------------------------
    def run(self) -> None:
        self.show_board()
        try:
            while self.match.outcome() is None:
                seat = self.match.to_move()[0]
                if seat in self.humans:
                    self.human_turn(seat)
                else:
                    self.bot_turn(seat)
        except Quit:
            self.console.print(
                "Left the game. (Use [cyan]save FILE[/] before quitting to keep it.)"
            )
            return
        self.show_board()
        out = self.match.outcome()
        assert out is not None
        names = self.match.game.seat_names(self.match.state)
        self.console.print(
            f"[bold]Game over:[/] {out.reason}. Winner: {', '.join(names[w] for w in out.winners)}"
        )

    def bot_turn(self, seat: int) -> None:
        legal = self.match.legal(seat)
        action = self.bots[seat].choose(seat, self.match.observe(seat), legal)
        self.apply(seat, action)

    def human_turn(self, seat: int) -> None:
        legal = self.match.legal(seat)
        if len(legal) == 1:
            self.console.print(f"(the only choice) {legal[0].text()}", highlight=False)
            self.apply(seat, legal[0])
            return
        view = self.match.view(seat)
        name = view["players"][seat] if "players" in view else f"Seat {seat + 1}"
        self.show_prompt_header(seat, view)
        try:
            text = self.read(f"{name}> ").strip()
        except EOFError:
            raise Quit from None
        if not text:
            return
        try:
            self.command(seat, text)
        except WarroomError as exc:
            self.console.print(f"[red]Refused:[/] {exc}", highlight=False)

    def command(self, seat: int, text: str) -> None:
        word, _, rest = text.partition(" ")
        word = word.lower()
        if word in ("quit", "exit", "q"):
            raise Quit
        if word in ("help", "?", "h"):
            self.console.print(HELP)
        elif word == "board":
            self.show_board()
        elif word == "actions":
            self.show_actions(seat)
        elif word == "log":
            for line in self.log[-30:]:
                self.console.print(line, highlight=False)
        elif word == "undo":
            step = self.match.undo(seat)
            self.console.print(f"Undone: {step.action.text()}", highlight=False)
        elif word == "save":
            self.save(Path(rest.strip() or "game.warroom.json"))
        elif word == "load":
            self.load(Path(rest.strip() or "game.warroom.json"))
        elif word == "odds":
            self.odds(rest)
        elif word == "auto":
            self.auto(seat, rest)
        elif " until " in f" {text} ":
            self.attack_until(seat, text)
        else:
            self.apply(seat, self.complete(seat, text))

    # -- actions -------------------------------------------------------------------------
    def complete(self, seat: int, text: str) -> Action:
        """Parse, then fill a missing trailing number with the largest the rules allow."""
        return self.most(seat, self.match.game.parse(self.match.state, seat, text))

    def most(self, seat: int, action: Action) -> Action:
        """`action` if legal, else the legal one that adds the largest last number to it."""
        legal = self.match.legal(seat)
        if action in legal:
            return action
        longer = [
            a
            for a in legal
            if a.kind == action.kind
            and len(a.args) == len(action.args) + 1
            and a.args[: len(action.args)] == action.args
            and isinstance(a.args[-1], int)
        ]
        if longer:
            return max(longer, key=lambda a: a.args[-1])
        return action

    def auto(self, seat: int, rest: str) -> None:
        """Let a bot take your next N decisions (default 1), the other bots playing between."""
        try:
            count = int(rest or "1")
        except ValueError:
            raise WarroomError("write 'auto' or 'auto N'") from None
        helper = self.bots.get(seat) or RandomBot(seat)
        self.bots[seat] = helper
        for _ in range(count):
            while self.match.outcome() is None and seat not in self.match.to_move():
                other = self.match.to_move()[0]
                if other in self.humans:
                    return  # another person's decision: hand the keyboard over
                self.bot_turn(other)
            if self.match.outcome() is not None:
                return
            self.apply(seat, helper.choose(seat, self.match.observe(seat), self.match.legal(seat)))

    def apply(self, seat: int, action: Action) -> None:
        events = self.match.act(seat, action)
        self.show_events(seat, events)

    def attack_until(self, seat: int, text: str) -> None:
        """Attack with the most dice until the target falls or the attacker is down to N."""
        head, _, tail = text.partition(" until ")
        try:
            stop = int(tail.strip())
        except ValueError:
            raise WarroomError("write 'attack FROM TO until N' with N a number") from None
        first = self.complete(seat, head)
        if first.kind != "attack" or len(first.args) < 2:
            raise WarroomError("'until' goes with an attack: attack FROM TO until N")
        src, dst = first.args[0], first.args[1]
        view = self.match.view(seat)
        while True:
            armies = {t["name"]: t for t in view["territories"]}
            if armies[str(dst)]["seat"] == seat or armies[str(src)]["armies"] <= max(stop, 1):
                return
            self.apply(seat, self.most(seat, Action("attack", (src, dst))))
            while self.match.outcome() is None and seat not in self.match.to_move():
                defender = self.match.to_move()[0]
                if defender in self.humans:
                    self.human_turn(defender)
                else:
                    self.bot_turn(defender)
            if self.match.outcome() is not None or self.match.view(seat)["phase"] != "attack":
                return
            view = self.match.view(seat)

    # -- showing -------------------------------------------------------------------------
    def show_events(self, seat: int, events: list[Event]) -> None:
        viewer = self.viewer if self.viewer is not None else (seat if seat in self.humans else None)
        for e in events:
            shown = e.for_seat(viewer)
            line = shown["text"]
            if e.kind == "battle":
                att = " ".join(DICE[f - 1] for f in shown["attack"])
                dfd = " ".join(DICE[f - 1] for f in shown["defend"])
                line = f"{line}   [red]{att}[/] vs [white]{dfd}[/]"
            self.log.append(line)
            self.console.print(line, highlight=False)

    def show_prompt_header(self, seat: int, view: dict[str, Any]) -> None:
        phase = view.get("phase", "")
        bits = [f"[bold]{view['players'][seat]}[/]" if "players" in view else "", f"step: {phase}"]
        if view.get("pending"):
            bits.append(f"armies to place: {view['pending']}")
        if "battle" in view:
            b = view["battle"]
            bits.append(f"battle: {b['from']} -> {b['to']} with {b['dice']} dice")
        if view.get("hand"):
            bits.append("hand: " + ", ".join(f"{c['card']} ({c['design']})" for c in view["hand"]))
        self.console.print(" | ".join(b for b in bits if b), highlight=False)
        legal = self.match.legal(seat)
        if len(legal) <= 12:
            self.console.print("  may: " + "; ".join(a.text() for a in legal), highlight=False)
        else:
            kinds = sorted({a.kind for a in legal})
            self.console.print(
                f"  may: {', '.join(kinds)} ({len(legal)} choices; 'actions' lists them, "
                "'help' for short forms)",
                highlight=False,
            )

    def show_actions(self, seat: int) -> None:
        legal = self.match.legal(seat)
        groups: dict[tuple[Any, ...], list[int]] = {}
        for a in legal:
            ints = [x for x in a.args if isinstance(x, int)]
            key = (a.kind, *(x for x in a.args if not isinstance(x, int)))
            groups.setdefault(key, []).extend(ints)
        lines = []
        view = self.match.view(seat)
        armies = {t["name"]: t["armies"] for t in view.get("territories", [])}
        for key, numbers in groups.items():
            text = Action(str(key[0]), key[1:]).text()
            if numbers:
                text += f" {min(numbers)}" + (
                    f"..{max(numbers)}" if max(numbers) > min(numbers) else ""
                )
            if key[0] == "attack" and len(key) == 3:
                text += (
                    f"  ({self.conquest(armies[str(key[1])], armies[str(key[2])]):.0%} to take it)"
                )
            lines.append(text)
        self.console.print(Columns(lines, equal=True, column_first=True), highlight=False)

    def conquest(self, attackers: int, defenders: int) -> float:
        from warroom.odds import win_probability

        return float(win_probability(attackers, defenders))

    def odds(self, rest: str) -> None:
        try:
            a, d = (int(x) for x in rest.split())
        except ValueError:
            raise WarroomError("write 'odds ATTACKERS DEFENDERS', e.g. odds 10 6") from None
        if a < 1 or d < 1:
            raise WarroomError("armies must be at least 1")
        self.console.print(
            f"{a} armies (one stays behind) against {d}: {self.conquest(a, d):.1%} chance "
            "to capture, attacking until the territory falls or 1 army is left"
        )

    def show_board(self) -> None:
        view = self.match.view(self.viewer)
        if str(view.get("mode", "")).startswith("monopoly"):
            self.show_monopoly(view)
            return
        if "territories" not in view:
            self.console.print_json(json.dumps(view))
            return
        colors = {name: SEAT_COLORS[i % len(SEAT_COLORS)] for i, name in enumerate(view["players"])}
        regions: dict[str, Table] = {}
        for t in view["territories"]:
            table = regions.get(t["region"])
            if table is None:
                table = regions[t["region"]] = Table(
                    title=t["region"], show_header=False, box=None, title_style="bold"
                )
                table.add_column(min_width=14)
                table.add_column(justify="right")
            owner = t["owner"]
            style = colors.get(owner, "white") if owner else "dim"
            label = f"[{style}]{t['name']}[/]"
            table.add_row(label, f"[{style}]{t['armies'] or '-'}[/]")
        self.console.print(Columns(list(regions.values()), padding=(0, 3)))
        legend = []
        for i, name in enumerate(view["players"]):
            count = sum(1 for t in view["territories"] if t["owner"] == name)
            armies = sum(t["armies"] for t in view["territories"] if t["owner"] == name)
            dead = "" if view["alive"][i] else " (out)"
            legend.append(
                f"[{colors[name]}]■ {name}[/] {count} terr, {armies} armies, "
                f"{view['hand_sizes'][i]} cards{dead}"
            )
        self.console.print("   ".join(legend))
        self.console.print(
            f"Turn {view['turn']}; next card set is worth {view['next_set_value']}; "
            f"{view['deck_size']} cards in the draw pile",
            highlight=False,
        )

    def show_monopoly(self, view: dict[str, Any]) -> None:
        """Players' money and places, then every drafted hero by set with its buildings."""
        from warroom.rules.monopoly import board

        b = board(view["board"])
        players = Table(title=f"Turn {view['turn']}", title_style="bold")
        for col in ("player", "cash", "on", "cards", "net worth"):
            players.add_column(col, justify="right" if col in ("cash", "net worth") else "left")
        for i, p in enumerate(view["status"]):
            color = SEAT_COLORS[i % len(SEAT_COLORS)]
            where = p["space"] + (" (in Jail)" if p["in_jail"] else "")
            name = p["name"] + ("" if p["alive"] else " (bankrupt)")
            players.add_row(
                f"[{color}]{name}[/]",
                f"M{p['cash']}",
                where,
                ", ".join(p["cards"]) or "-",
                f"M{p['net_worth']}",
            )
        heroes = Table(title="Drafted heroes", title_style="bold")
        for col in ("set", "hero", "owner", "buildings"):
            heroes.add_column(col)
        for space in b.ownable:
            owner = view["owner"][space]
            if owner < 0:
                continue
            level = view["level"][space]
            built = (
                "HQ" if level > b.max_bases else f"{level} Base{'s' * (level > 1)}" * (level > 0)
            )
            if view["sidelined"][space]:
                built = "sidelined"
            group = b.sets[b.set_of[space]] if b.set_of[space] >= 0 else "-"
            color = SEAT_COLORS[owner % len(SEAT_COLORS)]
            heroes.add_row(group, b.names[space], f"[{color}]{view['players'][owner]}[/]", built)
        self.console.print(Columns([players, heroes], padding=(0, 4)))
        bank = view["bank"]
        self.console.print(
            f"Bank: {bank['bases']} Bases, {bank['headquarters']} Headquarters", highlight=False
        )

    # -- files ---------------------------------------------------------------------------
    def save(self, path: Path) -> None:
        try:
            path.write_text(json.dumps(self.match.to_save(), indent=1))
        except OSError as exc:
            raise WarroomError(f"cannot save to {path}: {exc.strerror}") from None
        self.console.print(f"Saved to {path}")

    def load(self, path: Path) -> None:
        self.match = load_match(path)
        self.console.print(f"Loaded {path}")
        self.show_board()


def load_match(path: Path) -> Match:
    try:
        data = json.loads(path.read_text())
    except OSError as exc:
        raise WarroomError(f"cannot read {path}: {exc.strerror}") from None
    except json.JSONDecodeError as exc:
        raise WarroomError(f"{path} is not a save file (not JSON: {exc})") from None
    return Match.from_save(data)
