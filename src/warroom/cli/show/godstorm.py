"""RISK Godstorm in the terminal: Ancient Earth by region and the Underworld by kind of space,
each place with its owner, armies and pieces; a table of the pantheons (faith, reserve, dead in
the heaven, gods, cards by deck, relics, points); the seat's own miracle cards in full; and a
footer with the epoch, the turn order or the faith bid, and the invasion under way.

Everything shown comes from the seat's view (`Match.view`); the two boards' fixed facts (regions,
bonuses, connections, kinds of space) from the game's components.
"""

from __future__ import annotations

from typing import Any

from rich.columns import Columns
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from warroom.cli.show import SEAT_COLORS, Display, pick
from warroom.cli.show.risk import defence_words
from warroom.core import Action, Match, WarroomError
from warroom.core.board import Board
from warroom.games.godstorm.components import components
from warroom.games.godstorm.odds import UNSEEN_SKY, InvasionOdds, invasion_between
from warroom.games.godstorm.rules import HEAVEN, Godstorm, parse_gods
from warroom.games.godstorm.state import GodstormState

HELP = """[bold]RISK Godstorm[/]
  Setup: [cyan]pantheon Greeks[/], [cyan]place Gaul 3[/], [cyan]begin Gaul Iberia[/] (the god of war
  in Gaul, a temple in Iberia).
  Each epoch: [cyan]bid 2[/] (sealed: faith from 0 to all you have, every bid is paid),
  then [cyan]marker 1[/] (highest bidder first; marker 1 moves first).
  A turn, step by step ([cyan]done[/] ends an optional step):
    [cyan]place Gaul 4[/] (raised armies), [cyan]revive North Crypt Gaul[/] (a crypt's army),
    [cyan]summon sky Gaul[/], [cyan]temple Gaul[/], [cyan]buy 1 0 2 0[/] (War, Magic, Sky, Death),
    [cyan]cast war-01 Gaul[/] (a miracle and its targets), then plague strikes by itself,
    [cyan]invade Gaul Liguria war+sky 5[/] (gods going along, or [cyan]-[/]; armies committed;
    [cyan]invade Gaul Liguria[/]: every god there and the most armies),
    [cyan]god war[/] (the god fighting this godswar round), [cyan]fight[/] or [cyan]retreat[/],
    [cyan]roll 3[/], [cyan]defend 2[/], [cyan]move 3[/] (into the captured land),
    [cyan]fortify Gaul Iberia - 4[/], [cyan]embark Gate of Horn 2[/] (from your heaven),
    [cyan]descend heaven Gate of Horn[/] or [cyan]descend Gate of Horn North Crypt[/].
  Attacked, with a Sky card: [cyan]cast sky-03 ...[/] or [cyan]pass[/].
  [cyan]odds Gaul Liguria[/] (that invasion as the board stands: gods, temple, relics),
  [cyan]odds Gaul Liguria war[/] (only those gods go), [cyan]odds heaven Gate of Horn[/],
  [cyan]odds 10 6[/] (plain dice).
  Marks: [T] temple, [P] plague land, \\[god name] a god (its domain after the
  name), \\[sunk] Atlantis under the sea.
  [cyan]look NAME[/] works for territories and Underworld spaces."""

KIND_WORDS = {
    "heaven": "a heaven: holds its pantheon's dead, cannot be attacked",
    "gate": "a gate: the way in from every heaven",
    "altar": "an altar: +1 godswar die and 1 point to its controller",
    "crypt": "a crypt: revives 1 army a turn, earns the Death Labor, 1 point",
    "plain": "a space with no feature",
}
KIND_ORDER = ("heaven", "gate", "altar", "crypt", "plain")


def marks(row: dict[str, Any]) -> str:
    """A territory's pieces after its name: temple, plague, gods (name and domain), sunk."""
    bits = []
    if row["sunk"]:
        bits.append("sunk")
    if row["temple"]:
        bits.append("T")
    if row["plague"]:
        bits.append("P")
    bits += [f"{g['name']} {g['domain']}" for g in row["gods"]]
    return "".join(f" [{b}]" for b in bits)


class GodstormDisplay(Display):
    help = HELP

    def board(self, console: Console, match: Match, viewer: int | None) -> None:
        view = match.view(viewer)
        parts = components()
        colors = [SEAT_COLORS[s % len(SEAT_COLORS)] for s in range(len(view["players"]))]

        def style(row: dict[str, Any]) -> str:
            return colors[row["seat"]] if row["seat"] is not None else "dim"

        tables = []
        earth: Board = parts.earth
        by_region: dict[str, list[dict[str, Any]]] = {}
        for row in view["territories"]:
            by_region.setdefault(row["region"], []).append(row)
        for r, region in enumerate(earth.regions):
            members = by_region.get(region, [])
            seats = {row["seat"] for row in members}
            held = ""
            if len(seats) == 1 and None not in seats and not members[0]["sunk"]:
                held = f", held by [{colors[members[0]['seat']]}]{escape(members[0]['owner'])}[/]"
            sunk = " (sunk)" if members and members[0]["sunk"] else ""
            table = self._table(f"{escape(region)} +{earth.region_bonus[r]}{sunk}{held}")
            for row in members:
                s = "dim strike" if row["sunk"] else style(row)
                table.add_row(
                    f"[{s}]{escape(row['name'] + marks(row))}[/]", f"[{s}]{row['armies'] or '-'}[/]"
                )
            tables.append(table)
        console.print("[bold]Ancient Earth[/]")
        console.print(Columns(tables, padding=(0, 3)))
        spaces: dict[str, list[dict[str, Any]]] = {}
        for row in view["underworld"]:
            spaces.setdefault(row["kind"], []).append(row)
        tables = []
        for kind in KIND_ORDER:
            table = self._table(f"{kind.capitalize()}s")
            for row in spaces.get(kind, []):
                s = style(row)
                owner = f" ({escape(row['owner'])})" if row["owner"] and kind == "heaven" else ""
                table.add_row(
                    f"[{s}]{escape(row['name'])}{owner}[/]", f"[{s}]{row['armies'] or '-'}[/]"
                )
            tables.append(table)
        console.print(
            "[bold]The Underworld[/] (a heaven shows its pantheon's dead; 'look' a space for "
            "its paths and flame borders)"
        )
        console.print(Columns(tables, padding=(0, 3)))
        console.print(self.players_table(view, viewer, colors))
        for line in self.pieces_lines(view, colors):
            console.print(line, highlight=False)
        for line in self.footer(view):
            console.print(line, highlight=False)

    @staticmethod
    def _table(title: str) -> Table:
        table = Table(title=title, show_header=False, box=None, title_style="bold")
        table.add_column(min_width=14)
        table.add_column(justify="right")
        return table

    def players_table(self, view: dict[str, Any], viewer: int | None, colors: list[str]) -> Table:
        """One row a pantheon: lands and their armies, faith, reserve (and armies to place),
        dead in its heaven, cards held by deck, points if the game ended now. Narrow enough
        for an 80-column terminal; the gods and relics follow as lines (`pieces_lines`)."""
        table = Table(box=None, header_style="bold", pad_edge=False)
        for column in ("pantheon", "lands", "armies", "faith", "reserve", "heaven", "cards", "pts"):
            right = column in ("lands", "armies", "faith", "heaven", "pts")
            table.add_column(column, justify="right" if right else "left")
        table.columns[0].no_wrap = True
        for seat, p in enumerate(view["players"]):
            you = " (you)" if seat == viewer else ""
            out = " (out)" if p["eliminated"] else ""
            cards = " ".join(f"{n} {d}" for d, n in p["hand_counts"].items() if n) or "none"
            stock = "unlimited" if p["reserve"] is None else str(p["reserve"])  # armies=unlimited
            reserve = stock + (f" ({p['to_place']} to place)" if p["to_place"] else "")
            held = [t for t in view["territories"] if t["seat"] == seat and not t["sunk"]]
            table.add_row(
                f"[{colors[seat]}]■ {escape(p['name'])}{you}{out}[/]",
                str(len(held)),
                str(sum(t["armies"] for t in held)),
                str(p["faith"]),
                reserve,
                str(p["heaven"]),
                cards,
                str(p["points"]),
            )
        return table

    @staticmethod
    def pieces_lines(view: dict[str, Any], colors: list[str]) -> list[str]:
        """Where each pantheon's gods stand and the relics it has in play, one line each
        (markup), for the pantheons that have any."""
        lines = []
        for seat, p in enumerate(view["players"]):
            gods = [
                f"{p['god_names'].get(deck, deck)} ({deck}) in {where}"
                for deck, where in p["gods"].items()
                if where is not None
            ]
            bits = ([f"gods {', '.join(gods)}"] if gods else []) + (
                [f"relics {', '.join(p['relics'])}"] if p["relics"] else []
            )
            if bits:
                lines.append(f"[{colors[seat]}]{escape(p['name'])}[/]: {escape('; '.join(bits))}")
        return lines

    def footer(self, view: dict[str, Any]) -> list[str]:
        """The epoch and step, the turn order or the bid, the invasion, the decks, the seat's
        own cards in full."""
        names = [p["name"] for p in view["players"]]
        lines = [
            f"Epoch {view['epoch']} of {view['epochs']}: "
            + view["step"]
            + ("; Atlantis has sunk" if view["sunk"] else "")
            + (
                f"; the maelstrom covers {' - '.join(view['maelstrom'])}"
                if view["maelstrom"]
                else ""
            )
        ]
        lines.append(turn_order(view, names))
        if view["invasion"]:
            lines.append(invasion_line(view["invasion"], names))
        lines.append("Decks: " + ", ".join(f"{d} {n}" for d, n in view["decks"].items()))
        if "cards" in view:
            lines.append("Your miracles: " + (hand_text(view["cards"]) or "none"))
        return lines

    def header(self, match: Match, seat: int, view: dict[str, Any]) -> list[str]:
        me = view["players"][seat]
        bits = [f"faith {me['faith']}"]
        if view["phase"] == "bid":
            bits.append(f"seal a bid from 0 to {me['faith']}; every bid is paid")
        if me["to_place"]:
            bits.append(f"armies to place: {me['to_place']}")
        if view["battle"]:  # a defence awaited: the battle in full, as the page says it
            bits.append(view["battle"])
            if seat in view["to_move"]:
                bits.append(f"each defence's roll: {defence_words(match)}")
        elif view["invasion"]:
            bits.append(invasion_line(view["invasion"], [p["name"] for p in view["players"]]))
        if view.get("cards"):  # in short: the board's footer says what each does
            bits.append(
                "miracles: "
                + ", ".join(
                    f"{c['id']} ({'free' if c['free'] else c['cost']})" for c in view["cards"]
                )
            )
        return bits

    def note(self, match: Match, seat: int, action: Action) -> str:
        """Beside the defence (`actions`): each number of dice's roll, as the prompt says;
        beside an invasion, the chance to take the place (`invasion_between`)."""
        if action.kind == "defend" and not action.args:
            return f"({defence_words(match)})"
        if action.kind not in ("invade", "descend") or len(action.args) < 2:
            return ""
        gods = parse_gods(action.args[2]) if action.kind == "invade" else None
        odds = invasion_between(seen(match), str(action.args[0]), str(action.args[1]), gods)
        return f"({chance_words(odds, 0)} to take it)"

    def odds(self, match: Match, seat: int, rest: str) -> str:
        """`odds FROM TO [GODS]`: that invasion as the board stands (`invasion_between`);
        `odds A D`: armies against armies with plain dice."""
        words = rest.split()
        if len(words) < 2:
            raise WarroomError(
                "write 'odds FROM TO' (gods after them, '-' for none) or "
                "'odds ATTACKERS DEFENDERS' (odds 10 6)"
            )
        if len(words) == 2 and all(w.isdigit() for w in words):
            from warroom.cli.odds import check_armies
            from warroom.odds import invasion

            a, d = (int(w) for w in words)
            if a < 2 or d < 1:
                raise WarroomError("write 'odds ATTACKERS DEFENDERS' with at least 2 and 1")
            check_armies(a, d)
            return (
                f"{a} armies (one stays behind) against {d}: {invasion(a, d).p_conquest:.1%} "
                "chance to capture with plain dice (no gods, temple or relics), attacking "
                "until the defence falls or 1 army is left"
            )
        gods = parse_gods(words[-1]) if len(words) > 2 else None
        source, target = self._two_places(match, words[:-1] if gods is not None else words)
        odds = invasion_between(seen(match), source, target, gods)
        if odds.from_heaven:  # A18: a heaven (the word or its name) may be emptied
            named = "the heaven" if source == HEAVEN else source
            side, end = f"{named} ({odds.attackers - 1} armies, all may go)", "it is empty"
        else:
            side, end = f"{source} ({odds.attackers} armies, one stays behind)", "1 army is left"
        return (
            f"{side} invading {target} ({odds.defenders}): {chance_words(odds, 1)} chance to "
            f"capture with the dice the game rolls for it, attacking until the defence falls "
            f"or {end}"
        )

    def _two_places(self, match: Match, words: list[str]) -> tuple[str, str]:
        """Two places typed one after the other (names of several words too), the first
        being a territory, an Underworld space or "heaven"."""
        names = [HEAVEN, *self.places(match)]
        for cut in range(1, len(words)):
            try:
                first = pick(" ".join(words[:cut]), names, "place")
                return first, pick(" ".join(words[cut:]), names, "place")
            except WarroomError:
                continue
        raise WarroomError(f"{' '.join(words)!r} is not two places (write 'odds FROM TO')")

    def places(self, match: Match) -> list[str]:
        parts = components()
        return [*parts.earth.territories, *parts.underworld.territories]

    def look(self, match: Match, viewer: int | None, name: str) -> str:
        """A territory (owner, armies, pieces, region, neighbours by land or sea), an
        Underworld space (kind, owner, armies, paths and flame borders), or a miracle card in
        the viewer's hand by its id, as the header names it ('look war-11': what it does)."""
        parts = components()
        view = match.view(viewer)
        card = [c for c in view.get("cards", ()) if c["id"].lower() == name.strip().lower()]
        if card:
            return hand_text(card[:1])
        place = pick(name, self.places(match), "territory or Underworld space")
        if place in parts.earth.index:
            return look_earth(parts.earth, view, place)
        return look_underworld(parts.underworld, view, place)


def seen(match: Match) -> GodstormState:
    """The board as a spectator sees it: what any seat may know of an invasion's odds."""
    game = match.game
    assert isinstance(game, Godstorm)
    return game.observe(match.state, None)


def chance_words(odds: InvasionOdds, digits: int) -> str:
    """The chance to take the place, with what it weighs in or leaves out, in a few words."""
    text = f"{odds.p_conquest:.{digits}%}"
    if odds.godswar:
        text += " (the godswar first, gods fighting in domain order)"
    if odds.sky_unseen:
        text += f" ({UNSEEN_SKY})"
    return text


def turn_order(view: dict[str, Any], names: list[str]) -> str:
    """The bid while it is open (who has sealed one; the seat's own amount), else the markers
    in order with the current turn marked."""
    if view["bids"] is not None:
        bits = []
        for seat, bid in zip(view["bidders"], view["bids"], strict=True):
            if bid is None:
                bits.append(f"{names[seat]} deciding")
            elif bid < 0:  # bids come after the pantheons, whose names are plurals
                bits.append(f"{names[seat]} have bid")
            else:
                bits.append(f"{names[seat]} bid {bid}")
        return "Faith bid (sealed): " + ", ".join(bits)
    order = []
    for marker, seat in enumerate(view["markers"]):
        who = names[seat] if seat >= 0 else "unchosen"
        now = " (now)" if view["current"] is not None and marker == view["turn_of_epoch"] else ""
        order.append(f"{marker + 1} {who}{now}")
    text = "Turn order: " + ", ".join(order)
    if view["bid_rank"]:
        text += "; still to choose a marker: " + ", ".join(names[s] for s in view["bid_rank"])
    return text


def invasion_line(inv: dict[str, Any], names: list[str]) -> str:
    gods = f" with {'+'.join(inv['gods'])}" if inv["gods"] else ""
    defender = names[inv["defender"]] if inv["defender"] is not None else inv["holder"] or "nobody"
    text = (
        f"invasion: {names[inv['attacker']]} from {inv['from']} into {inv['to']} "
        f"({defender}), {armies(inv['committed'])}{gods}"
    )
    if inv["god"]:
        text += f"; godswar: the attacker sends its {inv['god']} god"
    if inv["dice"]:
        text += f"; attacking with {inv['dice']} dice"
    return text


def hand_text(cards: list[dict[str, Any]]) -> str:
    """Each card as `id` name (deck, cost): what it does."""
    return "; ".join(
        f"{c['id']} {c['name']} ({c['deck']}, {'free' if c['free'] else c['cost']} faith): "
        f"{c['does']}"
        for c in cards
    )


def armies(count: int) -> str:
    return f"{count} {'army' if count == 1 else 'armies'}"


def look_earth(earth: Board, view: dict[str, Any], place: str) -> str:
    rows = {row["name"]: row for row in view["territories"]}
    t = earth.territory(place)

    def held(name: str) -> str:
        row = rows[name]
        if row["sunk"]:
            return "sunk with Atlantis"
        return f"{row['owner'] or 'unoccupied'}, {armies(row['armies'])}{marks(row)}"

    row = rows[place]
    region = earth.region_of[t]
    lines = [
        f"{place}: {held(place)}; region {earth.regions[region]} (+{earth.region_bonus[region]})"
    ]
    if row["temple"]:
        lines.append("  a temple: its controller rerolls 1s defending here, +1 army a turn")
    if row["plague"]:
        lines.append(
            "  a plague land: its holder loses half its armies each turn, gods are banished"
        )
    lines.append("neighbours:")
    for n in earth.neighbors[t]:
        kind = earth.kind_of[(t, n)]
        by = " by sea" if kind == "sea" else ""
        lines.append(f"  {earth.territories[n]} ({held(earth.territories[n])}){by}")
    return "\n".join(lines)


def look_underworld(under: Board, view: dict[str, Any], place: str) -> str:
    rows = {row["name"]: row for row in view["underworld"]}
    s = under.territory(place)

    def held(name: str) -> str:
        row = rows[name]
        if row["kind"] == "heaven":
            return f"heaven of {row['owner'] or 'no pantheon'}, {row['armies']} dead"
        return f"{row['owner'] or 'empty'}, {armies(row['armies'])}"

    kind = rows[place]["kind"]
    lines = [f"{place}: {held(place)}; {KIND_WORDS.get(kind, kind)}", "joined to:"]
    for n in under.neighbors[s]:
        how = {"flame": " across a flame border (no attack)", "gate": " (a heaven's gate)"}
        other = under.territories[n]
        lines.append(f"  {other} ({held(other)}){how.get(under.kind_of[(s, n)], '')}")
    return "\n".join(lines)


DISPLAY = GodstormDisplay()
