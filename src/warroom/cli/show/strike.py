"""RISK Strike in the terminal: claimed cards by continent and player, coins, hands, the
battle with its troops and dice, the open window, `look` at a continent, battle odds."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from warroom.cli.show import SEAT_COLORS, Display, pick
from warroom.core import Action, Match, WarroomError
from warroom.games.strike.odds import Forces, battle_forces, declared_forces, deployment
from warroom.games.strike.rules import seat_of

HELP = """[bold]RISK Strike[/]
  start of turn, twice: [cyan]draw tactics[/], [cyan]draw continent[/] (the deck's top) or
  [cyan]take Africa[/] (a card from the surrendered row)
  then [cyan]attack Africa p2 Europe[/] (from your Africa on Player 2's Europe) or [cyan]pass[/]
  (draws one more tactics card); [cyan]deploy 2[/] troops ([cyan]deploy attacker 1[/] as a helper)
  cards: [cyan]spy p2[/], [cyan]expand tactics[/], [cyan]expand continents[/], [cyan]sabotage[/],
  [cyan]artillery p2[/], [cyan]rally[/], [cyan]bombard attacker 3[/] (your 3rd die becomes a 6),
  [cyan]cancel[/] (Canceled Orders against the card just played); [cyan]pass[/] in a window
  after a roll: [cyan]again[/] or [cyan]stop[/]
  [cyan]odds[/]  the battle under way; [cyan]odds A D[/] or [cyan]odds A D AT DT[/] (cards,
        then troops): the chance the attacker takes every card of the
        defending continent"""


# The card file's colour names where Rich spells them otherwise.
_RICH_COLORS = {"orange": "dark_orange"}


def _cards(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


def _troops(n: int) -> str:
    return f"{n} troop{'s' if n != 1 else ''}"


def _seat_style(seat: int) -> str:
    return SEAT_COLORS[seat % len(SEAT_COLORS)]


def _player(view: dict[str, Any], seat: int) -> str:
    return f"[{_seat_style(seat)}]{escape(view['players'][seat])}[/]"


class StrikeDisplay(Display):
    help = HELP

    def board(self, console: Console, match: Match, viewer: int | None) -> None:
        """A row per continent (number, coin, each player's cards, the surrendered row), then
        each player's hand, then the battle and the open window, if any."""
        view = match.view(viewer)
        seats = view["seats"]
        table = Table(title=f"Turn {view['turn']}", title_style="bold")
        table.add_column("continent")
        table.add_column("cards", justify="right")
        table.add_column("to dominate", justify="right")
        table.add_column("coin")
        for s, seat in enumerate(seats):
            table.add_column(f"[{_seat_style(s)}]{escape(seat['name'])}[/]", justify="right")
        table.add_column("surrendered", justify="right")
        for c in view["continents"]:
            coin = "-" if c["coin"] is None else _player(view, c["coin"])
            claimed = [str(seat["claimed"].get(c["id"], 0) or "-") for seat in seats]
            table.add_row(
                f"[{_RICH_COLORS.get(c['color'], c['color'])}]■[/] {escape(c['name'])}",
                str(c["cards"]),
                str(c["domination"]),
                coin,
                *claimed,
                str(view["surrendered"].get(c["id"], 0) or "-"),
            )
        console.print(table)
        for s, seat in enumerate(seats):
            known = ", ".join(seat["hand"])
            unseen = f"{seat['unseen']} unseen" if seat["unseen"] else ""
            hand = "; ".join(part for part in (known, unseen) if part) or "no cards"
            coins = len(seat["coins"])
            console.print(
                f"{_player(view, s)}: {coins} coin{'s' if coins != 1 else ''}, "
                f"{seat['hand_size']} tactics ({escape(hand)})",
                highlight=False,
            )
        decks = view["decks"]
        console.print(
            f"Decks: {decks['continent']} continent, {decks['tactics']} tactics cards; "
            f"discard pile {view['discard']['size']}",
            highlight=False,
        )
        for line in self._battle(view):
            console.print(line, highlight=False)

    def _battle(self, view: dict[str, Any]) -> list[str]:
        """The battle under way: who fights where, troops per owner, dice, cards in play."""
        battle = view["battle"]
        if battle is None:
            return []
        names = {c["id"]: c["name"] for c in view["continents"]}
        lines = [
            f"[bold]Battle:[/] {_player(view, battle['attacker'])} from "
            f"{escape(names[battle['from']])} ({_cards(battle['attacking_cards'])}) against "
            f"{_player(view, battle['defender'])} in {escape(names[battle['to']])} "
            f"({_cards(battle['defending_cards'])})"
        ]
        for side in ("attacker", "defender"):
            troops = battle["troops"][side]
            if troops:
                owners = ", ".join(
                    f"{n} of {_player(view, int(owner))}" for owner, n in troops.items()
                )
                lines.append(f"  {side} troops: {owners}")
            dice = battle["dice"][side]
            if dice["rolled"]:
                shown = " ".join(
                    str(value) if value == face else f"{face}→{value}"
                    for face, value in zip(dice["rolled"], dice["values"], strict=True)
                )
                lines.append(f"  {side} dice: {shown}")
        chain = view["chain"]
        if chain is not None:
            plays = ", ".join(
                f"{escape(p['card'])} by {_player(view, p['seat'])}" for p in chain["plays"]
            )
            lines.append(f"  played: {plays}; waiting on answers")
        return lines

    def header(self, match: Match, seat: int, view: dict[str, Any]) -> list[str]:
        bits = []
        if view["draws_left"] and seat == view["current"]:
            bits.append(f"draws left: {view['draws_left']}")
        if view["continent_picks"]:
            bits.append(f"continent cards to take: {view['continent_picks']}")
        hand = view["seats"][seat]["hand"]
        bits.append("hand: " + (", ".join(hand) or "empty"))
        return bits

    def note(self, match: Match, seat: int, action: Action) -> str:
        """An attack's chance of emptying the defender's continent, rolling to the end."""
        if action.kind != "attack" or len(action.args) != 3:
            return ""
        seen = match.game.observe(match.state, None)
        ids = seen.cards.continent_ids
        source, defender, target = (str(arg) for arg in action.args)
        attacked = seat_of(seen, defender)
        forces = declared_forces(seen, ids.index(source), attacked, ids.index(target))
        return f"({forces.odds().p_conquest:.0%} before troops)"

    def places(self, match: Match) -> list[str]:
        return [c["name"] for c in match.view(None)["continents"]]

    def look(self, match: Match, viewer: int | None, name: str) -> str:
        """A continent's cards, domination number, coin, who holds its cards, and where it
        may attack."""
        view = match.view(viewer)
        continents = {c["name"]: c for c in view["continents"]}
        c = continents[pick(name, list(continents), "continent")]
        by_id = {other["id"]: other["name"] for other in view["continents"]}
        holders = [
            f"{seat['name']} {seat['claimed'][c['id']]}"
            for seat in view["seats"]
            if seat["claimed"].get(c["id"])
        ]
        coin = "nobody" if c["coin"] is None else view["players"][c["coin"]]
        return "\n".join(
            [
                f"{c['name']}: {c['cards']} cards; {c['domination']} of them take its coin "
                f"(held by {coin})",
                f"claimed: {', '.join(holders) or 'none'}; "
                f"surrendered: {view['surrendered'].get(c['id'], 0)}",
                "attacks: itself, " + ", ".join(by_id[a] for a in c["adjacent"]),
            ]
        )

    def odds(self, match: Match, seat: int, rest: str) -> str:
        """The battle under way (and, to the seat deploying now, each troop count it may
        add), from what every seat sees; or a battle of the counts given."""
        parts = rest.split()
        if not parts:
            seen = match.game.observe(match.state, None)
            if not seen.in_battle:
                raise WarroomError("no battle is under way: write 'odds A D' or 'odds A D AT DT'")
            lines = [_chance(battle_forces(seen))]
            due = deployment(seen)
            if due is not None and due.seat == seat:
                # The counts this seat may deploy (its troop cards, which the table's
                # spectator's view counts as its whole hand), as the page lists them.
                deploys = [a.args for a in match.legal(seat) if a.kind == "deploy"]
                for side, table in due.sides.items():
                    counts = sorted(
                        {
                            int(args[-1])
                            for args in deploys
                            if (len(args) == 1 or args[0] == side) and int(args[-1]) < len(table)
                        }
                    )
                    lines.append(
                        f"deploying for the {side}: "
                        + ", ".join(f"{n} → {table[n].p_conquest:.1%}" for n in counts)
                    )
            return "\n".join(lines)
        try:
            numbers = [int(x) for x in parts]
        except ValueError:
            numbers = []
        if len(numbers) not in (2, 4):
            raise WarroomError("write 'odds A D' or 'odds A D AT DT', e.g. odds 3 2 1 0")
        numbers += [0] * (4 - len(numbers))
        a, d, at, dt = numbers
        if min(numbers) < 0 or a < 1 or d < 1:
            raise WarroomError("each side needs at least one card, and no count is negative")
        from warroom.cli.odds import check_strike_units

        check_strike_units(a + at, d + dt)
        return _chance(Forces(a, at, d, dt))


def _chance(forces: Forces) -> str:
    return (
        f"{_cards(forces.attacking_cards)} and {_troops(forces.attacking_troops)} against "
        f"{_cards(forces.defending_cards)} and {_troops(forces.defending_troops)}: "
        f"{forces.odds().p_conquest:.1%} chance to take every card of the defending "
        "continent, rolling until it is empty or the attacking cards are gone"
    )


DISPLAY = StrikeDisplay()
