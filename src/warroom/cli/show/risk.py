"""Classic RISK in the terminal: territories by region with bonuses, `look`, battle odds."""

from __future__ import annotations

from typing import Any

from rich.columns import Columns
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from warroom.cli.show import SEAT_COLORS, Display, the_one
from warroom.core import Action, Match, WarroomError
from warroom.core.actions import quote
from warroom.core.board import Board
from warroom.core.events import CARDS, DICE, Pieces

HELP_TEMPLATE = """[bold]RISK[/]
  e.g. [cyan]attack {a} {b} 3[/], [cyan]place {a} 5[/], [cyan]end[/]
  short forms: [cyan]attack {a} {b}[/] (most dice),
    [cyan]attack {a} {b} until 3[/] (until it falls or 3 or fewer are left),
    [cyan]place {a}[/] (all), [cyan]move[/] (all it can), [cyan]fortify {a} {b}[/] (all it can)
  [cyan]odds A D[/]  chance that A attacking armies take a territory held by D
  [cyan]odds FROM TO[/]  that attack as the board stands, with this game's dice for it"""
HELP = HELP_TEMPLATE.format(a="Gaul", b="Liguria")  # Ancient Earth, the default board


class RiskDisplay(Display):
    help = HELP

    def help_for(self, match: Match) -> str:
        """The examples name two bordering territories of the board being played, one-word
        names where there are some (Ancient Earth's Hibernia and Caledonia, the classic
        world's Alaska and Alberta); an edition with help of its own keeps it."""
        if self.help is not HELP:
            return self.help
        b: Board = match.state.board
        pairs = [
            (b.territories[s], b.territories[t]) for s in range(len(b)) for t in b.neighbors[s]
        ]
        pairs.sort(key=lambda pair: " " in pair[0] + pair[1])  # stable: board order kept
        a, t = (escape(quote(name)) for name in pairs[0])
        return HELP_TEMPLATE.format(a=a, b=t)

    def board(self, console: Console, match: Match, viewer: int | None) -> None:
        """Territories by region, each region titled with its bonus and who holds it all."""
        view = match.view(viewer)
        b: Board = match.state.board
        # By seat, not by name: an owner's name may be no seat's (a neutral: S.H.I.E.L.D.).
        colors = [SEAT_COLORS[i % len(SEAT_COLORS)] for i in range(len(view["players"]))]
        # Without colour (piped, TERM=dumb, NO_COLOR) a mark says whose each place is.
        plain = console.color_system is None
        by_region: dict[str, list[dict[str, Any]]] = {}
        for t in view["territories"]:
            by_region.setdefault(t["region"], []).append(t)
        tables = []
        for r, region in enumerate(b.regions):
            members = by_region.get(region, [])
            owners = {(t["owner"], t["seat"]) for t in members}
            held = ""
            if len(owners) == 1 and members[0]["owner"] is not None:
                style = self.style(colors, members[0])
                held = f", held by [{style}]{escape(members[0]['owner'])}[/]"
            table = Table(
                title=f"{escape(region)} +{b.region_bonus[r]}{held}",
                show_header=False,
                box=None,
                title_style="bold",
            )
            table.add_column(min_width=14)
            table.add_column(justify="right")
            if plain:
                table.add_column()
            for t in members:
                style = self.style(colors, t)
                armies = t["armies"] or "-"
                # MCU: as the map captions it ("Sector 07", "Malibu (01)"), as the page does,
                # with a label the caption leaves out ("Sector 25 Avengers Tower site")
                name = t.get("caption", t["name"])
                if t.get("label") and t["label"] not in name:
                    name += f" {t['label']}"
                name += self.marks(view, t)
                cells = [f"[{style}]{escape(name)}[/]", f"[{style}]{armies}[/]"]
                if plain:
                    cells.append(escape(owner_mark(t)))
                table.add_row(*cells)
            tables.append(table)
        console.print(Columns(tables, padding=(0, 3)))
        legend = []
        for i, name in enumerate(view["players"]):
            count = sum(1 for t in view["territories"] if t["seat"] == i)
            armies = sum(t["armies"] for t in view["territories"] if t["seat"] == i)
            dead = "" if view["alive"][i] else " (out)"
            square = f"P{i + 1} =" if plain else "■"
            legend.append(
                f"[{colors[i]}]{square} {escape(name)}[/] {view_places(view).of(count)}, "
                f"{view_pieces(view).of(armies)}, {CARDS.of(view['hand_sizes'][i])}{dead}"
            )
        # Sides that hold places but are no seat (Classic's 2-player neutral, S.H.I.E.L.D.):
        # in the legend too, so that the white on the board says whose it is.
        others = [t for t in view["territories"] if t["seat"] is None and t["owner"]]
        for owner in dict.fromkeys(t["owner"] for t in others):
            owned = [t for t in others if t["owner"] == owner]
            legend.append(
                f"[{self.style(colors, owned[0])}]{'' if plain else '■ '}{escape(owner)}[/] "
                f"{view_places(view).of(len(owned))}, "
                f"{view_pieces(view).of(sum(t['armies'] for t in owned))}"
            )
        console.print("   ".join(legend))
        console.print(self.footer(view), highlight=False)

    @staticmethod
    def style(colors: list[str], territory: dict[str, Any]) -> str:
        """A territory's colour: its seat's, white for a neutral (S.H.I.E.L.D., Cerberus),
        dim while unclaimed."""
        if territory["seat"] is not None:
            return colors[int(territory["seat"])]
        return "white" if territory["owner"] else "dim"

    def marks(self, view: dict[str, Any], territory: dict[str, Any]) -> str:
        """What else stands on a territory (pieces that are not armies), after its name; the
        view names pieces a row gives by id (Battle for Manhattan's Allies)."""
        return ""

    def footer(self, view: dict[str, Any]) -> str:
        """The line under the board: the turn and the cards."""
        return (
            f"Turn {view['turn']}; next card set is worth {view['next_set_value']}; "
            f"{view['deck_size']} cards in the draw pile"
        )

    def header(self, match: Match, seat: int, view: dict[str, Any]) -> list[str]:
        """What stands before the seat: armies to place, the battle under way, the mode's
        own moments (`moments`), then the hand (`hand`)."""
        bits = []
        if view.get("pending"):
            bits.append(f"{view_pieces(view).many} to place: {view['pending']}")
            bits += self.trade_first(match, seat, view)
        elif view.get("phase") in ("claim", "setup-place") and view.get("reserve"):
            # 3-5 players place their starting armies one at a time: how many are left
            left = view["reserve"][seat] if seat < len(view["reserve"]) else 0
            if left:
                bits.append(f"starting {view_pieces(view).many} left: {left}")
        if "battle" in view:
            b = view["battle"]
            bits.append(f"battle: {b['from']} -> {b['to']} with {b['dice']} dice")
            bits += self.defending_for(seat, view)
            if view.get("phase") == "defend" and seat in view.get("to_move", ()):
                bits.append(f"each defence's roll: {defence_words(match)}")
        bits += self.moments(view)
        hand = self.hand(seat, view)
        if hand:
            bits.append(f"hand: {hand}")
        return bits

    @staticmethod
    def trade_first(match: Match, seat: int, view: dict[str, Any]) -> list[str]:
        """Why placing is not offered while armies wait: the hand is large enough that the
        rules make the seat trade first (five cards, or after an elimination more than four).
        Read from the legal actions, so that it holds for every edition's own threshold."""
        if seat not in view.get("to_move", ()):
            return []
        kinds = {action.kind for action in match.legal(seat)}
        if "trade" not in kinds or "place" in kinds:
            return []
        cards = len(view.get("hand") or ())
        after = " after an elimination" if view.get("elimination_trade") else ""
        return [f"trade first: {cards} cards are too many to keep{after}"]

    @staticmethod
    def defending_for(seat: int, view: dict[str, Any]) -> list[str]:
        """Where the seat asked to defend does not hold the territory (a neutral one: the
        2-player game's, Cerberus, S.H.I.E.L.D.), whose it is; else nothing. Without it the
        prompt read as if the seat's own territory were under attack."""
        if view.get("phase") != "defend" or seat not in view.get("to_move", ()):
            return []
        name = view["battle"]["to"]
        row = next(t for t in view["territories"] if t["name"] == name)
        if row["seat"] == seat:
            return []
        owner = row["owner"]
        if owner in (None, "Neutral"):  # Classic's 2-player neutral
            held = "neutral"
        else:  # "Neutral Cerberus", "S.H.I.E.L.D."
            held = f"held by {owner if 'neutral' in owner.lower() else 'neutral ' + owner}"
        return [f"{name} is {held}: you roll its defence"]

    def moments(self, view: dict[str, Any]) -> list[str]:
        """A mode's own steps waiting on the seat (a ship to place, Hulk's forced attack)."""
        return []

    def hand(self, seat: int, view: dict[str, Any]) -> str:
        """The seat's cards, each with what it is worth in a trade ("" with none)."""
        return ", ".join(f"{c['card']} ({c['design']})" for c in view.get("hand") or ())

    def note(self, match: Match, seat: int, action: Action) -> str:
        if action.kind == "defend" and not action.args:
            return f"({defence_words(match)})"
        if action.kind != "attack" or len(action.args) != 2:
            return ""
        b: Board = match.state.board
        src, dst = (b.territory(str(name)) for name in action.args)
        return f"({attack_odds(match, src, dst):.0%} to take it)"

    def places(self, match: Match) -> list[str]:
        """The territories, and the aliases with spaces (MCU's "Washington D.C."), so that
        those too may be typed unquoted; an alias is kept as the file spells it."""
        b: Board = match.state.board
        spaced: dict[str, str] = {}
        for name in b.index:  # names and aliases, each as given and in lower case
            if " " in name and b.territories[b.index[name]] != name:
                spaced.setdefault(name.lower(), name)
        named = {t.lower() for t in b.territories}
        return [*b.territories, *(a for low, a in spaced.items() if low not in named)]

    def look(self, match: Match, viewer: int | None, name: str) -> str:
        """Owner, armies, region and every neighbour with its owner and armies, each with
        what else stands there as the board marks it (`marks`: a dock, an Ally, Harbinger)."""
        b: Board = match.state.board
        view = match.view(viewer)
        t = _place(b, name)
        rows = {row["name"]: row for row in view["territories"]}

        def held(i: int) -> str:
            row = rows[b.territories[i]]
            owner = row["owner"] or "unclaimed"
            return f"{owner}, {view_pieces(view).of(row['armies'])}{self.marks(view, row)}"

        r = b.region_of[t]
        lines = [
            f"{b.territories[t]}: {held(t)}; region {b.regions[r]} (+{b.region_bonus[r]})",
            "neighbours:",
        ]
        for n in b.neighbors[t]:
            kind = b.kind_of[(t, n)]
            by = "" if kind in ("land", "border") else f" by {kind.replace('_', ' ')}"
            lines.append(f"  {b.territories[n]} ({held(n)}){by}")
        return "\n".join(lines)

    def odds(self, match: Match, seat: int, rest: str) -> str:
        words = rest.split()
        if len(words) >= 2 and not all(w.lstrip("-").isdigit() for w in words):
            return self._attack(match, words)
        try:
            a, d = (int(x) for x in words)
        except ValueError:
            raise WarroomError(
                "write 'odds ATTACKERS DEFENDERS' (odds 10 6) or 'odds FROM TO'"
            ) from None
        word = _pieces(match)
        if a < 1 or d < 1:
            raise WarroomError(f"{word.many} must be at least 1")
        from warroom.cli.odds import check_armies
        from warroom.odds import invasion

        check_armies(a, d, word)
        # The sweep, not `conquest`'s cached grid: a what-if may be far larger than any board.
        return (
            f"{a} {word.many} (one stays behind) against {d}: {invasion(a, d).p_conquest:.1%} "
            f"chance to capture, attacking until the defence falls or 1 {word.one} is left"
        )

    def _attack(
        self, match: Match, words: list[str], ships: tuple[int, int, int] | None = None
    ) -> str:
        """`odds FROM TO`: that attack as the board stands, with the dice this game rolls for
        it (d8 defences, Allies, a Vanguard, ships defending; Galaxy at War's attacking
        `ships` where given), as the browser shows it."""
        b: Board = match.state.board
        source, target = _two_places(b, words)
        names, armies, word = b.territories, match.state.armies, _pieces(match)
        if source not in b.neighbors[target]:
            raise WarroomError(f"{names[source]} does not border {names[target]}")
        if armies[source] < 2:
            raise WarroomError(f"{names[source]} has no {word.one} to spare for an attack")
        along = ""
        if ships is not None:
            from warroom.games.mass_effect.galaxy_at_war import ships_words

            along = f" with {ships_words(ships) or 'no ships'} along"
        return (
            f"{names[source]} ({armies[source]} {word.many}, one stays behind){along} "
            f"attacking {names[target]} ({armies[target]}): "
            f"{attack_odds(match, source, target, ships):.1%} chance to capture with this "
            f"game's dice for it, attacking until the defence falls or 1 {word.one} is left"
        )


def view_places(view: dict[str, Any]) -> Pieces:
    """The mode's words for its board's places, as its view says (Classic's territories, MCU's
    sectors, Mass Effect's planets), as the page counts them too."""
    return Pieces(str(view["places"]["one"]), str(view["places"]["many"]))


def view_pieces(view: dict[str, Any]) -> Pieces:
    """The mode's words for its pieces, as its view says (Classic's armies, the units of the
    editions built on it)."""
    return Pieces(str(view["pieces"]["one"]), str(view["pieces"]["many"]))


def _pieces(match: Match) -> Pieces:
    """The game's own words for its pieces (`ClassicRisk.pieces`), as its events use them."""
    from warroom.games.risk_classic import ClassicRisk

    game = match.game
    assert isinstance(game, ClassicRisk)  # this display shows Classic and the modes on it
    return game.pieces


def attack_odds(
    match: Match, source: int, target: int, ships: tuple[int, int, int] | None = None
) -> float:
    """Chance to take `target` from `source` attacking until it falls, with the dice the mode
    rolls for that attack (`ClassicRisk.attack_rule`, Galaxy at War's `ships` along where
    given)."""
    from warroom.games.risk_classic import ClassicRisk
    from warroom.odds import invasion

    game, armies = match.game, match.state.armies
    assert isinstance(game, ClassicRisk)  # this display shows Classic and the modes built on it
    rule = game.attack_rule(match.state, source, target, ships)
    return float(invasion(armies[source], armies[target], rule).p_conquest)


def defence_words(match: Match) -> str:
    """Each number of dice the defender may roll now, with the exact outcomes of that one roll
    under the mode's dice for the battle (`ClassicRisk.defence`, `Godstorm.defence`): "1 die:
    attacker loses 1 42.1%, defender loses 1 57.9%; 2 dice: ..." (the browser's advice at its
    buttons)."""
    from warroom.games.godstorm.rules import Godstorm
    from warroom.games.risk_classic import ClassicRisk
    from warroom.odds import defence_odds

    game = match.game
    assert isinstance(game, ClassicRisk | Godstorm)  # the games whose defender picks its dice
    attack_dice, most, rule = game.defence(match.state)
    choices = defence_odds(rule, attack_dice, most)
    return "; ".join(
        f"{DICE.of(dice)}: "
        + ", ".join(f"{loss_words(a, d)} {float(p):.1%}" for (a, d), p in outcomes.items())
        for dice, outcomes in choices.items()
    )


def loss_words(attacker: int, defender: int) -> str:
    """One roll's losses as the battle log words them: "each loses 1" where they are even."""
    if attacker and attacker == defender:
        return f"each loses {attacker}"
    parts = [f"attacker loses {attacker}"] if attacker else []
    return ", ".join([*parts, *([f"defender loses {defender}"] if defender else [])])


def owner_mark(territory: dict[str, Any]) -> str:
    """Whose a territory is, for a board without colour: its seat as the legend marks it
    ("P2"), a side that is no seat by its name (Neutral, S.H.I.E.L.D.), "" while unclaimed."""
    if territory["seat"] is not None:
        return f"P{int(territory['seat']) + 1}"
    return str(territory["owner"] or "")


def _place(b: Board, name: str) -> int:
    """A territory by name or alias (MCU: "Asgard" is Sector_50) in any case, or a prefix of
    either."""
    hits = [b.territories[t] for t in b.matching(" ".join(name.split()))]
    if not hits:  # said of the board, which may be of planets or sectors, as a refusal says it
        raise WarroomError(b.no_such(name))
    return b.index[the_one(name, hits, "territory")]


def _two_places(b: Board, words: list[str]) -> tuple[int, int]:
    """Two territories typed one after the other, names of several words included: the first
    split of `words` where both halves name one."""
    for cut in range(1, len(words)):
        try:
            return _place(b, " ".join(words[:cut])), _place(b, " ".join(words[cut:]))
        except WarroomError:
            continue
    raise WarroomError(f"{' '.join(words)!r} is not two territories (write 'odds FROM TO')")


DISPLAY = RiskDisplay()
