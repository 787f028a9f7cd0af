"""The dice games in the terminal (Mass Effect War Assets, MCU Guardians of the Galaxy): every
face-up card by group with its rows, owner and value, the players' scores, the dice of the
roll with where each is, the staged card's rows and the dice on them, `look` at a card or a
group, and the actions listed by card and row with the dice's faces."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from warroom.cli.show import SEAT_COLORS, Display, pick
from warroom.core import Action, Match
from warroom.games.dice_cards.rules import DiceCardsGame, row_name
from warroom.games.dice_cards.state import DiceCardsState


def edition_help(edition: str, stage: str, rows: str, steal: str, guardians: bool) -> str:
    """The terminal help of one edition, its examples naming that edition's own cards:
    `stage` staged on its row 1 or 2 with dice `rows`, and `steal` an opponent's card."""
    name = stage.replace("-", " ").title()
    more = ";\n  more d6 follow with an extra-die Set power" if guardians else ""
    reroll = "; [cyan]reroll[/] (a Set power)" if guardians else ""
    return f"""[bold]{edition}[/]
  dice are numbered 1-7 for the whole turn: 5 d6 (1-5), then 2 d8 (6-7){more};
  a card's rows are numbered in order, or [cyan]steal[/]
  first roll: [cyan]target {stage} {rows}[/] (stage {name}: a row, then its
    dice; names in any case, [cyan]target "{name}" {rows}[/]), or [cyan]pass[/]
    when nothing matches; an opponent's card needs the steal row too:
    [cyan]target {steal} steal 3[/] (die 3 shows a 6)
  later rolls: [cyan]match 3 2 5[/] (row 3 with dice 2 and 5), or [cyan]aside 6[/] (set
    die 6, a d8, aside) when no open row matches{reroll}
  [cyan]board[/]  the cards by group, scores, the dice and the staged card
  [cyan]actions[/]  every choice by card and row, with the dice's faces
  [cyan]look CARD[/] or [cyan]look GROUP[/]  one card (rows, owner, group) or one group
        in detail
  [cyan]odds[/]  the chance to complete the staged card, playing this roll at best
        (on a first roll: the best ways to stage a card)
  [cyan]odds CARD[/]  a card from a fresh first roll
  ([cyan]actions[/] gives each choice's chance to complete the card too)"""


WAR_ASSETS_HELP = edition_help(
    "RISK Mass Effect: War Assets", "eden-prime", "2 1 4", "earth", False
)
GUARDIANS_HELP = edition_help(
    "RISK MCU: Guardians of the Galaxy", "nova-prime", "1 6 7", "star-lord", True
)


def _style(seat: int) -> str:
    return SEAT_COLORS[seat % len(SEAT_COLORS)]


def _player(view: dict[str, Any], seat: int | None) -> str:
    if seat is None:
        return "-"
    return f"[{_style(seat)}]{escape(view['players'][seat]['name'])}[/]"


def _die(d: dict[str, Any]) -> str:
    """A die as "5" (d6) or "d8:7"."""
    return str(d["face"]) if d["sides"] == 6 else f"d8:{d['face']}"


def _row(row: dict[str, Any]) -> str:
    """A row's target as cards print it, a sum row with the faces it may use."""
    if row["kind"] == "sum_low":
        return f"{row['text']} (1-3s)"
    if row["kind"] == "steal6":
        return "(6) steal"
    return str(row["text"])


def _rows(card: dict[str, Any]) -> str:
    rows = [f"{r['row']}) {_row(r)}" for r in card["rows"]]
    if card["owner"] is not None and not card["locked"]:
        rows.append("steal) (6)")
    return "  ".join(rows)


def _dice_line(view: dict[str, Any]) -> str:
    """Every die of the turn by number: its face, and where it is if not free."""
    where: dict[int, str] = {}
    attempt = view["attempt"]
    if attempt is not None:
        for r in attempt["rows"]:
            for n in r["dice"] or []:
                where[n] = "steal" if r["row"] == "steal" else f"row {r['row']}"
    bits = []
    for d in view["dice"]:
        face = _die(d)
        if d["state"] == "placed":
            bits.append(f"#{d['die']} [green]{face}[/] (on {where.get(d['die'], 'a row')})")
        elif d["state"] == "aside":
            bits.append(f"#{d['die']} [dim]{face} (aside)[/]")
        else:
            bits.append(f"#{d['die']} [bold]{face}[/]")
    return "  ".join(bits)


def _faces(view: dict[str, Any], dice: list[Any]) -> str:
    return " ".join(_die(view["dice"][int(n) - 1]) for n in dice)


class DiceCardsDisplay(Display):
    def __init__(self, help_text: str = WAR_ASSETS_HELP) -> None:
        self.help = help_text

    def fold(self, match: Match, seat: int, legal: list[Action]) -> tuple[list[Action], list[str]]:
        """Placements one by one: their last number is a die, not a count, so the prompt's
        ranges ("match 1 1,7": row 1 with die 1, or with die 7) read as one choice."""
        dice = [a for a in legal if a.kind in ("target", "match", "aside")]
        return [a for a in legal if a.kind not in ("target", "match", "aside")], [
            a.text() for a in dice
        ]

    def board(self, console: Console, match: Match, viewer: int | None) -> None:
        """The cards by group, then each player's score and cards, then the dice of the roll
        and the staged card with the dice placed on its rows."""
        view = match.view(viewer)
        cards = {c["id"]: c for c in view["cards"]}
        orb = view["orb"]
        table = Table(title=f"Turn {view['turn']}", title_style="bold")
        table.add_column("group", max_width=46)
        for col in ("card", "value", "rows", "owner"):
            table.add_column(col, justify="right" if col == "value" else "left")
        for g in view["groups"]:
            extra = []
            if g["holder"] is not None:
                extra.append(f"all held by {_player(view, g['holder'])}: locked")
            if g["power"] is not None:
                extra.append(f"power: {escape(g['power']['text'])}")
            if g["orb"] and orb is not None:
                holder = (
                    "not in play yet" if orb["holder"] is None else _player(view, orb["holder"])
                )
                extra.append(f"the Orb: {holder}")
            head = f"[bold]{escape(g['name'])}[/] (all {g['value']}, apart {g['cards_value']})"
            for k, cid in enumerate(g["cards"]):
                c = cards[cid]
                staged = view["attempt"] is not None and view["attempt"]["card"] == cid
                name = escape(c["name"]) + (" [yellow](staged)[/]" if staged else "")
                owner = _player(view, c["owner"]) if c["owner"] is not None else "[dim]unclaimed[/]"
                # the group's name on its first card's line, then one fact a line
                last = k == len(g["cards"]) - 1
                group = head if k == 0 else "; ".join(extra[k - 1 :]) if last else ""
                if k > 0 and not last:
                    group = extra[k - 1] if k - 1 < len(extra) else ""
                table.add_row(group, name, str(c["value"]), escape(_rows(c)), owner)
            if len(g["cards"]) < 2 and extra:
                table.add_row("; ".join(extra), "", "", "", "")
            table.add_section()
        console.print(table)
        for p in view["players"]:
            held = ", ".join(cards[c]["name"] for c in p["cards"]) or "no cards"
            gnames = [g["name"] for g in view["groups"] if g["id"] in p["groups"]]
            whole = f"; whole: {', '.join(gnames)}" if gnames else ""
            has_orb = "; the Orb" if orb is not None and orb["holder"] == p["seat"] else ""
            console.print(
                f"{_player(view, p['seat'])}: [bold]{p['score']}[/] points ({escape(held)}"
                f"{escape(whole)}{has_orb})",
                highlight=False,
            )
        if view["phase"] == "over":
            return
        console.print(f"Dice: {_dice_line(view)}", highlight=False)
        for line in self._attempt(view):
            console.print(line, highlight=False)
        if view["final_round"]:
            still = ", ".join(_player(view, s) for s in view["final_round"])
            console.print(f"Last chance (steals only) still for: {still}", highlight=False)
        console.print(escape(view["prompt"]), highlight=False)

    def _attempt(self, view: dict[str, Any]) -> list[str]:
        attempt = view["attempt"]
        if attempt is None:
            return []
        card = next(c for c in view["cards"] if c["id"] == attempt["card"])
        src = (
            "unclaimed"
            if attempt["from"] is None
            else f"a steal from {_player(view, attempt['from'])}"
        )
        lines = [f"[bold]Trying for {escape(card['name'])}[/] ({src}):"]
        for r in attempt["rows"]:
            name = "steal" if r["row"] == "steal" else f"row {r['row']}"
            placed = f"[green]{_faces(view, r['dice'])}[/]" if r["dice"] else "[yellow]open[/]"
            lines.append(f"  {name}: {escape(_row(r))} <- {placed}")
        return lines

    def header(self, match: Match, seat: int, view: dict[str, Any]) -> list[str]:
        bits = []
        # By number, as `aside 6` and `target CARD ROW 2 7` name them (the faces alone
        # were counted along the list, which skips the dice placed or set aside).
        free = [f"#{d['die']} {_die(d)}" for d in view["dice"] if d["state"] == "unplaced"]
        if free and view["phase"] != "over":
            bits.append("free dice: " + ", ".join(free))
        if view["attempt"] is not None:
            card = next(c for c in view["cards"] if c["id"] == view["attempt"]["card"])
            open_rows = [r for r in view["attempt"]["rows"] if not r["dice"]]
            bits.append(f"trying for {card['name']}, {_open_rows(len(open_rows))} open")
        if view["rerolls"]:
            bits.append(f"rerolls: {view['rerolls']}")
        bits.append(f"score: {view['players'][seat]['score']}")
        return bits

    def action_lines(self, match: Match, seat: int) -> list[str] | None:
        """Every legal action, grouped by card and row, each with the faces of its dice."""
        from warroom.games.dice_cards.chances import (  # the solver: numpy
            completion_chance,
            has_chance,
        )

        view = match.view(seat)
        names = {c["id"]: c["name"] for c in view["cards"]}
        rows: dict[tuple[str, Any], list[Action]] = {}
        other: list[Action] = []
        for a in match.legal(seat):
            if a.kind == "target":
                rows.setdefault((str(a.args[0]), a.args[1]), []).append(a)
            elif a.kind == "match" and view["attempt"] is not None:
                rows.setdefault((view["attempt"]["card"], a.args[0]), []).append(a)
            else:
                other.append(a)
        game, st = _engine(match)
        lines = []
        for (card, row), acts in rows.items():
            where = "steal row" if row == "steal" else f"row {row}"
            ways = ", ".join(
                f"{a.text()} ({_faces(view, list(a.args[2 if a.kind == 'target' else 1 :]))}; "
                f"{completion_chance(game, st, seat, a):.0%})"
                for a in acts
            )
            lines.append(f"{names[card]}, {where}: {ways}")
        for a in other:
            chance = f"; {completion_chance(game, st, seat, a):.0%}" if has_chance(st, a) else ""
            if a.kind == "aside":
                d = view["dice"][int(a.args[0]) - 1]
                lines.append(
                    f"{a.text()} (a d{d['sides']}; any free d{d['sides']} may be named{chance})"
                )
            elif a.kind == "reroll":
                lines.append(f"{a.text()} (every unplaced die{chance})")
            else:
                lines.append(a.text())
        return lines

    def places(self, match: Match) -> list[str]:
        view = match.view(None)
        return [c["name"] for c in view["cards"]] + [g["name"] for g in view["groups"]]

    def look(self, match: Match, viewer: int | None, name: str) -> str:
        """A card: its group, value, rows, owner, lock and whether it is staged; a group: its
        values, cards, holder, power and the Orb."""
        view = match.view(viewer)
        names = {c["name"]: c for c in view["cards"]}
        groups = {g["name"]: g for g in view["groups"]}
        ids = {c["id"]: c["name"] for c in view["cards"]}
        found = pick(_by_id(view, name), [*names, *groups], "card or group")
        players = [p["name"] for p in view["players"]]

        def who(seat: int | None) -> str:
            return "nobody" if seat is None else players[seat]

        if found in groups:
            g = groups[found]
            lines = [
                f"{g['name']}: {len(g['cards'])} cards worth {g['cards_value']} apart, "
                f"{g['value']} to whoever holds them all (then locked)",
                "cards: "
                + ", ".join(
                    f"{ids[c]} ({who(next(x for x in view['cards'] if x['id'] == c)['owner'])})"
                    for c in g["cards"]
                ),
                f"held whole by: {who(g['holder'])}",
            ]
            if g["power"] is not None:
                lines.append(f"Set power: {g['power']['text']}")
            if g["orb"] and view["orb"] is not None:
                lines.append(f"the Orb comes in with it; now with {who(view['orb']['holder'])}")
            return "\n".join(lines)
        c = names[found]
        game, st = _engine(match)
        # The steal row, for whoever looks: not on their own card, nor with a Set power that
        # waives it (Guardians' reconstructed `ignore_steal`, Q8).
        steals = c["owner"] is not None and c["owner"] != viewer
        waived = viewer is not None and not game.steal_row_needed(st, viewer)
        group = next(g for g in view["groups"] if g["id"] == c["group"])
        rows = "; ".join(f"row {r['row']}: {_row(r)}" for r in c["rows"])
        lines = [
            f"{c['name']} ({group['name']}): worth {c['value']}; id {c['id']}",
            f"rows: {rows}",
            f"owner: {who(c['owner'])}"
            + (", locked (its whole group is theirs)" if c["locked"] else "")
            + _steal_note(steals and not c["locked"], waived),
        ]
        attempt = view["attempt"]
        if attempt is not None and attempt["card"] == c["id"]:
            done = [
                f"{r['row']} with {_faces(view, r['dice'])}" for r in attempt["rows"] if r["dice"]
            ]
            lines.append("staged now; matched: " + (", ".join(done) or "none yet"))
        return "\n".join(lines)

    def odds(self, match: Match, seat: int, rest: str) -> str:
        """`odds`: the staged card's chance to be completed, playing this roll at best; on a
        first roll, the best ways to stage a card. `odds CARD`: a card from a fresh first
        roll (selectable, completed, completed once selected)."""
        from warroom.games.dice_cards.chances import completion_chance
        from warroom.odds.dice_match import Match as SolverMatch
        from warroom.odds.dice_match import best_match, card_odds_float

        game, st = _engine(match)
        view = match.view(seat)
        if rest:
            names = {c["name"]: c for c in view["cards"]}
            c = names[pick(_by_id(view, rest), list(names), "card")]
            k = st.cards.card(c["id"])
            assert k is not None
            # This seat's own first roll, whoever rolls now (an extra-die Set power counts).
            d6, d8 = st.cards.d6 + game.extra_dice(st, seat), st.cards.d8
            steal = c["owner"] is not None and c["owner"] != seat
            rows = game.target_rows(st, seat, k) if steal else st.cards.cards[k].rows
            o = card_odds_float(rows, d6, d8)
            how = " (with the steal row)" if len(rows) > len(st.cards.cards[k].rows) else ""
            return (
                f"{c['name']}{how} from a first roll of {d6} d6 and {d8} d8: selectable "
                f"{o.p_select:.1%}, completed {o.p_complete:.1%} "
                f"({o.p_complete_if_selected:.1%} once selected, about "
                f"{o.expected_rolls_if_selected:.1f} rolls), playing at best"
            )
        if view["phase"] == "over":
            return "The game is over: write 'odds CARD' for a card's odds from a first roll."
        if view["phase"] == "target":
            ranked = sorted(
                (
                    (completion_chance(game, st, seat, a), a.text())
                    for a in match.legal(seat)
                    if a.kind == "target"
                ),
                reverse=True,
            )
            if not ranked:
                return "This roll matches no card: nothing can be staged."
            best = "; ".join(f"{t} {p:.1%}" for p, t in ranked[:5])
            return f"Chance to complete the card, staged each way (best first): {best}"
        rows, free = st.rows(), st.unplaced()
        slots = st.open_slots()
        name = st.cards.cards[st.target].name
        if st.rerolls:  # `best_match` plays on without them: rank the choices with them
            ranked = sorted(
                ((completion_chance(game, st, seat, a), a.text()) for a in match.legal(seat)),
                reverse=True,
            )
            best = "; ".join(f"{t} {p:.1%}" for p, t in ranked[:5])
            return (
                f"{name}: {_open_rows(len(slots))} open; chance to complete it after each choice, "
                f"rerolls left played at best (best first): {best}"
            )
        choice = best_match([rows[k] for k in slots], [st.dice()[i] for i in free])
        if choice is None:
            return f"{name}: nothing can be done with this roll."
        if isinstance(choice, SolverMatch):
            dice = " ".join(str(free[i] + 1) for i in choice.dice)
            how = f"match {_slot_name(st, slots[choice.row])} {dice}"
        else:
            how = f"aside {free[choice.die] + 1}"
        # The roll that completes it needs no more ("about 0.0 more rolls" said it oddly).
        more = "no more rolls" if choice.rolls < 0.05 else f"about {choice.rolls:.1f} more rolls"
        return (
            f"{name}: {_open_rows(len(slots))} open; playing this roll at best ({how}), "
            f"{choice.p:.1%} to complete it, {more}"
        )


def _by_id(view: dict[str, Any], name: str) -> str:
    """The name of the card or group whose id `name` is, in any case ("eden-prime", as
    `actions` lists it); any other text as it was typed."""
    typed = name.strip().lower()
    for item in (*view["cards"], *view["groups"]):
        if str(item["id"]).lower() == typed:
            return str(item["name"])
    return name


def _steal_note(steals: bool, waived: bool) -> str:
    """What taking another's (unlocked) card asks of the looker beyond a row."""
    if not steals:
        return ""
    if waived:
        return "; your Set power lets you take it without the steal row"
    return "; taking it needs the steal row too (a 6)"


def _engine(match: Match) -> tuple[DiceCardsGame, DiceCardsState]:
    game, st = match.game, match.state
    assert isinstance(game, DiceCardsGame) and isinstance(st, DiceCardsState)
    return game, st


def _slot_name(st: DiceCardsState, slot: int) -> str:
    return str(row_name(st, slot))


DISPLAY = DiceCardsDisplay(WAR_ASSETS_HELP)
GUARDIANS = DiceCardsDisplay(GUARDIANS_HELP)


def _open_rows(count: int) -> str:
    return f"{count} row" if count == 1 else f"{count} rows"
