"""`warroom play` sessions scripted through the Terminal (issue 12's terminal items)."""

from __future__ import annotations

import io
import json
import os
import re
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from rich.text import Text
from typer.testing import CliRunner

from tests.fixtures.monopoly_spaces import ABOUT
from warroom.bots import make_bot
from warroom.cli.line import completer
from warroom.cli.main import app
from warroom.cli.play import Terminal, die_face
from warroom.cli.show import COMMON_HELP, Display, display_for
from warroom.cli.show.risk import RiskDisplay
from warroom.core import Action, Event, Match, WarroomError
from warroom.core.errors import MissingGuide
from warroom.core.events import ARMIES
from warroom.core.registry import get_mode
from warroom.games import CATALOG, GUIDE_SECTIONS
from warroom.games.dice_cards.rules import DiceCardsGame
from warroom.games.monopoly_avengers import BANK, Offer
from warroom.web.monopoly import monopoly_board_json


def session(match: Match, lines: list[str], humans: set[int] | None = None) -> str:
    """Play `lines` as typed input (then end of input); every other seat is a random bot."""
    script = iter(lines)
    seats = set(range(match.players)) if humans is None else humans
    bots = {s: make_bot("random", match.game.id, s) for s in range(match.players)}

    def read(prompt: str) -> str:
        try:
            return next(script)
        except StopIteration:
            raise EOFError from None

    console = Console(record=True, width=200)
    Terminal(match, seats, bots, console, read).run()
    return console.export_text()


def classic(phase: str, seed: int = 4) -> Match:
    """A 3-player game on the classic world map, played on until seat 0 is at `phase`."""
    match = Match.start("risk-classic", 3, seed, {"setup": "deal", "map": "classic-world"})
    while not (match.state.phase == phase and match.to_move() == (0,)):
        seat = match.to_move()[0]
        match.act(seat, match.legal(seat)[-1])
    return match


def mine(match: Match, seat: int = 0) -> list[str]:
    b = match.state.board
    return [b.territories[t] for t in range(len(b)) if match.state.owner[t] == seat]


def test_refusals_give_the_rules_reason() -> None:
    match = classic("attack")
    b = match.state.board
    own = mine(match)
    src = own[0]
    far = next(
        b.territories[t]
        for t in range(len(b))
        if match.state.owner[t] != 0 and t not in b.neighbors[b.territory(src)]
    )
    out = session(match, [f'attack "{src}" "{far}"', f'attack "{src}" "{own[1]}"', "place x 1"])
    assert "malformed" not in out
    assert f"{src} does not border {far}" in out
    assert f"{own[1]} is yours already" in out
    assert "cannot place while attacking; now you may: attack, end" in out


def test_counts_prefixes_and_names_with_spaces() -> None:
    match = classic("reinforce")
    own = mine(match)
    out = session(
        match, [f'place "{own[0]}" -3', "place North 1", "attack x y 1", "look north africa"]
    )
    assert "the number must be 1 or more, not -3" in out
    assert "'North' could be any of Northwest Territory, Northern Europe, North Africa" in out
    assert "now you may: place\n" in out  # no trade without a set
    assert "North Africa: " in out and "neighbours:" in out and "Egypt (" in out


def test_unquoted_multi_word_names_are_read() -> None:
    match = classic("reinforce", seed=1)
    before = match.state.armies[match.state.board.territory("Western United States")]
    out = session(match, ["place western united states 2", "place north afr 1"])
    assert "Refused" not in out
    assert match.state.armies[match.state.board.territory("Western United States")] == before + 2


def test_look_and_odds_take_quoted_names_as_actions_do() -> None:
    """The help says names with spaces may be typed as they are or quoted: `look` and
    `odds FROM TO` read quotes as an action does, not as part of the name."""
    match = classic("attack")
    b = match.state.board
    src = next(t for t in mine(match) if match.state.armies[b.territory(t)] > 1)
    dst = next(b.territories[n] for n in b.neighbors[b.territory(src)] if match.state.owner[n] != 0)
    out = session(match, ['look "North Africa"', "info 'North Africa'", f'odds "{src}" "{dst}"'])
    assert "Refused" not in out
    assert out.count("North Africa: ") == 2
    assert "chance to capture" in out
    far = next(
        n for n in b.territories if n != src and not b.adjacent(b.territory(src), b.territory(n))
    )
    out = session(match, [f'odds "{src}" "{far}"'])  # no attack joins them: no odds
    assert f"{src} does not border {far}" in out and "chance to capture" not in out


def test_galaxy_at_war_odds_with_the_attacker_s_ships_along() -> None:
    """`odds FROM TO C CA D` in Galaxy at War: the attack with those ships along (ME63-ME66),
    as the browser's attack panel asks it; more ships than the source holds are refused."""
    from tests.web.test_attack_odds import GAW_ZORYA_DEFENDS, gaw_thessia_on_zorya
    from warroom.games.mass_effect.gaw_rules import DREADNOUGHT
    from warroom.odds import invasion
    from warroom.rules.battle import SideRule

    st = gaw_thessia_on_zorya()
    thessia, faction = st.board.territory("Thessia"), st.faction_of[0]
    st.ships = st.ships.placed(9 * faction, thessia).placed(9 * faction + 3 * DREADNOUGHT, thessia)
    match = Match.start("mass-effect-galaxy-at-war", 3, 1, {})
    match.state = st
    along = replace(GAW_ZORYA_DEFENDS, attacker=SideRule(d8=1, reroll_until=1))
    out = session(
        match, ["odds Thessia Zorya", "odds Thessia Zorya 1 0 1", "odds Thessia Zorya 2 0 0"], {0}
    )
    assert f"Zorya (4): {invasion(8, 4, GAW_ZORYA_DEFENDS).p_conquest:.1%}" in out
    with_ships = "with 1 cruiser and 1 dreadnought along attacking Zorya (4): "
    assert with_ships + f"{invasion(8, 4, along).p_conquest:.1%}" in out
    assert "Refused: Thessia holds 1 cruiser and 1 dreadnought" in out


def test_an_alias_with_spaces_is_read_unquoted() -> None:
    """MCU's Washington D.C. (Sector_30's alias) may be typed as it is, as other names with
    spaces are: `claim washington d.c.` was refused as malformed."""
    match = Match.start("mcu-skirmish", 4, 1, {})
    while match.to_move() != (0,):
        seat = match.to_move()[0]
        match.act(seat, match.legal(seat)[-1])
    sector = match.state.board.territory("Sector_30")
    assert match.state.owner[sector] == -1  # unclaimed
    out = session(match, ["claim washington d.c."], humans={0})
    assert "Refused" not in out
    assert match.state.owner[sector] == 0


def test_undo_says_what_stands_in_the_way() -> None:
    match = Match.start("risk-classic", 3, 4, {"map": "classic-world", "setup": "deal"})
    while match.to_move() != (0,):
        seat = match.to_move()[0]
        match.act(seat, match.legal(seat)[0])
    out = session(match, [f'place "{mine(match)[0]}" 1', "undo"], humans={0})
    assert "last decision was not yours" not in out
    assert "made a decision since" in out  # "Celts has decided" read badly


def test_board_shows_bonuses_and_quit_asks_and_saves(tmp_path: Path) -> None:
    match = classic("reinforce")
    save = tmp_path / "[kept].json"
    out = session(match, ["board", "quit", "no", "quit", "y", str(save)])
    assert "Asia +7" in out and "Australia +2" in out
    assert "Leave the game? [y/N]" not in out  # asked through `read`, not printed
    assert out.count("Left the game.") == 1
    assert f"Saved to {save}" in out  # brackets kept
    assert save.exists()


def test_save_names_read_as_typed_elsewhere_and_a_yes_is_the_default_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`save "my game.json"` made a file with the quotes in its name, `save ~/x.json` was
    refused, and a "y" to "Save it first? File name" saved to a file named y."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir()
    lines = ['save "my game.json"', "save ~/x.json", "save .", "save home", "quit", "y", "y"]
    out = session(classic("reinforce"), lines)
    assert out.count("name a file, not a folder") == 2
    assert (tmp_path / "my game.json").exists() and (tmp_path / "home/x.json").exists()
    assert (tmp_path / "game.warroom.json").exists() and not (tmp_path / "y").exists()
    assert out.count("Refused") == 2 and not list(tmp_path.glob(".*.part"))  # written whole


def test_save_asks_before_replacing_a_file_it_did_not_write(tmp_path: Path) -> None:
    """A file already there is replaced only on a yes (a "no" keeps it, and quitting then
    goes on playing); this game's own save is written again without asking."""
    other = tmp_path / "notes.json"
    other.write_text("mine")
    lines = [f"save {other}", "n", "quit", "y", str(other), "no", "quit", "y", str(other), "y"]
    out = session(classic("reinforce"), lines)
    assert f"Not saved: {other} is kept as it was." in out and "Still playing" in out
    assert out.count("Left the game.") == 1 and json.loads(other.read_text())["mode"]
    own = tmp_path / "game.json"
    out = session(classic("reinforce"), [f"save {own}", f"save {own}", "quit", "y", str(own)])
    assert out.count(f"Saved to {own}") == 3 and "Not saved" not in out


def test_a_save_s_control_characters_are_shown_escaped_not_sent_to_the_terminal(
    tmp_path: Path,
) -> None:
    """A record entry holding escape codes was quoted raw in the refusal (it could retitle
    or clear the screen); the refusal writes them as escapes, and cuts a long entry short."""
    match = classic("reinforce")
    data = match.to_save()
    data["record"].append([0, "pass \x1b]0;PWNED\x07\x1b[2J" + "x" * 5000])
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    out = session(match, [f"load {bad}"])
    refused = next(line for line in out.splitlines() if line.startswith("Refused"))
    assert "\x1b" not in out and "\\x1b]0;PWNED" in refused
    assert len(refused) < 600
    said = CliRunner().invoke(app, ["play", "--load", str(bad)])
    assert said.exit_code == 2 and "\x1b" not in said.output and "\\x1b" in said.output


def test_monopoly_help_odds_look_and_draft_price() -> None:
    match = Match.start("monopoly-avengers", 2, 3, {})
    lines = ["help", "odds", "odds iron man", "look Iron Man", "roll"]
    out = session(match, lines + ["look Iron Man"] * 30)
    assert "[bold]Monopoly" not in out and "Monopoly" in out and "attack Gaul" not in out
    assert "Your next roll from" in out and "landings per turn" in out
    assert "price M" in out and "payments: alone M" in out
    drafts = [line for line in out.splitlines() if "to draft" in line]
    assert not drafts or "costs M" in drafts[0]


def test_monopoly_window_prompt_says_whose_roll_it_is_before() -> None:
    """In the window before another player's roll the step reads "...; rolling the dice",
    which is theirs: the prompt says what the window is for and who rolls next."""
    match = Match.start("monopoly-avengers", 2, 3, {})
    st = match.state
    st.owner[st.board.hero("Hulk")] = 0  # so the window asks more than `done`
    st.current, st.window = 1, [0]
    out = session(match, ["done"], {0})
    prompts = [line for line in out.splitlines() if line.startswith("Player 1 | step:")]
    assert "before Player 2 rolls: build or trade if you like, then done" in prompts[0]
    st.current, st.window = 0, [1]
    out = session(match, [], {0})
    assert "then done" not in out


def test_monopoly_look_shows_a_child_of_thanos_battle_number() -> None:
    """`look` at a Child of Thanos shows the board's number for it and the fine for losing."""
    match = Match.start("monopoly-avengers", 2, 3, {})
    text = display_for("monopoly-avengers").look(match, 0, "Cull Obsidian")
    assert text.splitlines()[1] == (
        "A Child of Thanos: roll one die for your token and one per hero card you hold; "
        "a 2 escapes and gives another turn, else pay the Bank M200."
    )


LOOK = ABOUT  # the page's panel says the same (tests/fixtures/monopoly_spaces.py)


def test_monopoly_look_says_what_the_page_says_about_every_kind_of_space() -> None:
    """GO, Jail, Go to Jail, the card spaces, Free Parking, a tax and the heroes: `look` gives
    the page panel's facts (Winter Soldier's x4 is for owning one of the pair, not 'the
    same player'), and each line the board JSON serves the page is among them."""
    match = Match.start("monopoly-avengers", 2, 3, {})
    show = display_for("monopoly-avengers")
    for name, want in LOOK.items():
        lines = show.look(match, 0, name).splitlines()
        assert [line for line in lines if line in want] == want, name
    assert "owned:" not in show.look(match, 0, "Winter Soldier")
    served = monopoly_board_json("avengers")["spaces"]
    for space in served:
        lines = show.look(match, 0, space["name"]).splitlines()
        assert space["about"] and all(line in lines for line in space["about"]), space["name"]


def test_monopoly_look_reads_its_amounts_from_the_board() -> None:
    """The salary, fines, bids and multipliers are the board file's, not written in the text."""
    match = Match.start("monopoly-avengers", 2, 3, {})
    b = match.state.board
    match.state.board = replace(
        b, go_salary=300, jail_fine=70, jail_turns=2, bid_start=5, multipliers=(3, 8)
    )
    show = display_for("monopoly-avengers")
    assert "Collect M300 from the Bank" in show.look(match, 0, "GO")
    jail = show.look(match, 0, "Jail")
    assert "pay M70 or use" in jail and "After 2 turns without doubles, pay M70" in jail
    assert "no M300 for passing GO" in show.look(match, 0, "Go to Jail")
    dice = show.look(match, 0, "Black Panther")
    assert "×3 if they have only one" in dice and "×8 with both" in dice
    assert "(bids from M5)" in dice


def test_monopoly_look_at_an_owned_hero_says_who_else_pays() -> None:
    """Once drafted, a hero's `look` says landing on it pays the owner, not that it is drafted."""
    match = Match.start("monopoly-avengers", 2, 3, {})
    match.state.owner[match.state.board.hero("Maria Hill")] = 1
    text = display_for("monopoly-avengers").look(match, 0, "Maria Hill")
    assert "Whoever else lands here pays the owner, if asked before the next roll." in text
    assert "drafts it" not in text


def test_monopoly_look_lists_who_is_in_jail_and_not_the_bankrupt() -> None:
    """`look Jail` tells a jailed token from one just visiting, and a bankrupt player's
    token is not on the board, as on the page."""
    match = Match.start("monopoly-avengers", 3, 3, {})
    st = match.state
    st.pos[0] = st.pos[1] = st.pos[2] = st.board.jail
    st.jail[1] = 0
    st.alive[2] = False
    text = display_for("monopoly-avengers").look(match, 0, "Jail")
    assert text.splitlines()[-1] == "here now: Player 1, Player 2 (in Jail)"


def test_monopoly_board_says_just_visiting_apart_from_in_jail() -> None:
    """The players' table tells a token visiting the Jail space from one in Jail (it said
    "Jail" for a visitor, so a first-time player took themselves to be in Jail)."""
    match = Match.start("monopoly-avengers", 3, 3, {})
    st = match.state
    st.pos[0] = st.pos[1] = st.board.jail
    st.jail[1] = 0
    assert [p["where"] for p in match.view(0)["status"]] == [
        "Jail (Just Visiting)",
        "in Jail",
        st.board.names[st.pos[2]],
    ]
    console = Console(record=True, width=200, file=io.StringIO())
    display_for("monopoly-avengers").board(console, match, 0)
    rows = {
        line.split("│")[1].strip(): line
        for line in console.export_text().splitlines()
        if "│ Player" in line
    }
    assert "Jail (Just Visiting)" in rows["Player 1"] and "in Jail" in rows["Player 2"]


def test_the_game_over_line_reads_as_a_sentence() -> None:
    """A turn limit's ending read "Game over: turn limit of 1 turns reached ...": a lowercase
    fragment, "1 turns". The reason is a sentence; the winners are named after it."""
    match = Match.start("monopoly-avengers", 2, 1, {"turn_limit": 1})
    said = session(match, [], humans=set())
    outcome = match.outcome()
    assert outcome is not None
    winners = ", ".join(f"Player {w + 1}" for w in outcome.winners)
    label = "Winners" if len(outcome.winners) > 1 else "Winner"
    assert said.splitlines()[-1] == (
        "Game over: The game stopped at its turn limit of 1 turn (not a rulebook ending); "
        f"players are ranked by net worth. {label}: {winners}"
    )


def test_displays_are_chosen_by_mode_and_complete_names() -> None:
    assert isinstance(display_for("risk-classic"), RiskDisplay)
    assert type(display_for("no-such-mode")) is Display
    complete = completer(lambda: ["attack", "Alaska", "Alberta", "North Africa"])
    assert [complete("al", i) for i in range(3)] == ["Alaska", "Alberta", None]
    assert complete("north", 0) == "North Africa"


def strike_battle(seed: int = 5) -> Match:
    """A 3-player RISK Strike game played by random bots until a roll has been made."""
    match = Match.start("risk-strike", 3, seed)
    bots = [make_bot("random", "risk-strike", s) for s in range(3)]
    while True:
        seat = match.to_move()[0]
        battle = match.view(seat)["battle"]
        if battle is not None and battle["dice"]["attacker"]["rolled"]:
            return match
        match.act(seat, bots[seat].choose(seat, match.observe(seat), match.legal(seat)))


def test_strike_board_look_and_odds_in_the_terminal() -> None:
    match = strike_battle()
    seat = match.to_move()[0]
    view = match.view(seat)
    battle = view["battle"]
    out = session(match, ["board", "look afr", "odds", "odds 3 2 1 0", "odds 3"], {seat})
    # the table: every continent with its domination number, the battle with its dice
    for continent in view["continents"]:
        assert f"{continent['name']}" in out
    assert "to dominate" in out
    dice = " ".join(str(v) for v in battle["dice"]["attacker"]["values"])
    assert f"attacker dice: {dice}" in out
    # look: Africa's card count, number and the continents it may attack (E1)
    assert "Africa: 6 cards; 4 of them take its coin" in out
    assert "attacks: itself, South America, Europe, Asia" in out
    # odds: the battle under way, then a what-if, then a refusal
    from warroom.odds.strike import strike_odds

    troops = battle["troops"]
    now = strike_odds(
        battle["attacking_cards"],
        sum(troops["attacker"].values()),
        battle["defending_cards"],
        sum(troops["defender"].values()),
    ).p_conquest
    assert f"{now:.1%} chance to take every card" in out
    assert (
        f"3 cards and 1 troop against 2 cards and 0 troops: "
        f"{strike_odds(3, 1, 2, 0).p_conquest:.1%}" in out
    )
    assert "write 'odds A D' or 'odds A D AT DT'" in out


def test_strike_odds_at_a_deployment_give_each_troop_count() -> None:
    """`odds` to the seat deploying: the battle as it stands, then its chance with each count
    of troops it may add (its legal deployments: the hand's size listed counts it could not,
    with a Rally card in hand), from what every seat sees, as `warroom.odds.strike` has it."""
    from warroom.odds.strike import strike_odds

    def deploying(seed: int) -> Match | None:
        """The attacker deploying, holding a card that is no troop, or None by the game's end."""
        match = Match.start("risk-strike", 2, seed)
        bots = [make_bot("random", "risk-strike", s) for s in range(2)]
        while match.outcome() is None:
            seat = match.to_move()[0]
            if match.state.phase == "deploy" and seat == match.state.current:
                most = max(int(a.args[-1]) for a in match.legal(seat) if a.kind == "deploy")
                if most < len(match.state.hands[seat]):
                    return match
            match.act(seat, bots[seat].choose(seat, match.observe(seat), match.legal(seat)))
        return None

    match = next(m for m in map(deploying, range(5, 60)) if m is not None)
    st = match.state
    seat = st.current
    lines = display_for("risk-strike").odds(match, seat, "").splitlines()
    cards = (st.active_attacking(), st.claimed[st.defender][st.attack_to])
    counts = sorted(int(a.args[-1]) for a in match.legal(seat) if a.kind == "deploy")
    row = ", ".join(f"{n} → {strike_odds(cards[0], n, cards[1], 0).p_conquest:.1%}" for n in counts)
    assert lines[1:] == [f"deploying for the attacker: {row}"]
    assert display_for("risk-strike").odds(match, st.defender, "").count("\n") == 0


def test_a_what_if_too_large_is_refused_and_the_game_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`odds 1000000 1000000` once asked numpy for 7 TiB: a traceback that ended the game.
    Large what-ifs take the sweep (memory of a few diagonals), huge ones are refused."""
    from warroom.games.strike.odds import Forces

    out = session(classic("attack"), ["odds 1000000 1000000", "odds 3000 3000", "board"], {0})
    assert "Refused: odds are computed for at most 20,000 armies a side" in out
    assert "3000 armies (one stays behind) against 3000: 100.0% chance" in out
    assert "Traceback" not in out and "Left the game." in out

    def refuse(*args: object) -> None:
        raise AssertionError("started computing")

    match = strike_battle()
    seat = match.to_move()[0]
    monkeypatch.setattr(Forces, "odds", refuse)
    out = session(match, ["odds 5000 5000", "odds 90 3 20 0"], {seat})
    assert out.count("Refused: RISK Strike odds are computed for at most 100 cards and troops") == 2


def test_auto_takes_a_positive_count() -> None:
    """'auto 0' and 'auto -3' did nothing, silently."""
    out = session(classic("attack"), ["auto x", "auto 0", "auto -3"], {0})
    assert out.count("Refused: write 'auto' or 'auto N', N decisions (1 or more)") == 3


def test_strike_is_played_by_typed_actions() -> None:
    match = Match.start("risk-strike", 2, 7)
    seat = match.to_move()[0]
    before = sum(match.view(seat)["seats"][seat]["claimed"].values())
    out = session(match, ["draw continent", "draw tactics", "pass"], {seat})
    assert "Refused" not in out
    assert f"Player {seat + 1} draws a continent card" in out
    assert f"Player {seat + 1} passes" in out
    after = match.view(seat)["seats"][seat]
    assert sum(after["claimed"].values()) >= before + 1


def test_words_of_an_action_may_be_shortened_to_a_unique_prefix() -> None:
    match = Match.start("risk-strike", 2, 7)
    seat = match.to_move()[0]
    out = session(match, ["draw tac", "draw co"], {seat})
    assert "Refused" not in out
    assert f"Player {seat + 1} draws a continent card" in out
    assert match.view(seat)["seats"][seat]["hand_size"] >= 4


def dice_turn(mode: str, seed: int = 3) -> tuple[Match, int]:
    """A 2-player dice game at its first decision, with some card's row matched by the roll."""
    while True:
        match = Match.start(mode, 2, seed)
        seat = match.to_move()[0]
        if any(a.kind == "target" for a in match.legal(seat)):
            return match, seat
        seed += 1


def test_dice_games_have_their_display() -> None:
    from warroom.cli.show.dice_cards import DiceCardsDisplay

    for mode in ("mass-effect-war-assets", "mcu-guardians"):
        assert isinstance(display_for(mode), DiceCardsDisplay)


def test_dice_games_board_shows_each_card_s_rows() -> None:
    """The board lists every card with its rows numbered ("1) 7  2) 5  3) 3+" for Sur'Kesh);
    the turn line counts the rows left in words ("1 row", not "1 row(s)")."""
    match, _ = dice_turn("mass-effect-war-assets")
    out = session(match, ["board"], {match.to_move()[0]})
    line = next(row for row in out.splitlines() if "Sur'Kesh" in row)
    assert "1) 7  2) 5  3) 3+ (1-3s)" in line, line
    assert "row(s)" not in out


def test_dice_games_prompt_numbers_the_free_dice_as_the_actions_do() -> None:
    """The prompt read "free dice: 5 4 5 d8:8 d8:1" beside "aside 1; aside 6": the actions
    number the dice, and counting along the faces skipped the dice already placed."""
    match, seat = dice_turn("mass-effect-war-assets")
    view = match.view(seat)
    free = [d for d in view["dice"] if d["state"] == "unplaced"]
    bits = display_for("mass-effect-war-assets").header(match, seat, view)
    first = free[0]
    shown = str(first["face"]) if first["sides"] == 6 else f"d8:{first['face']}"
    assert bits[0].startswith(f"free dice: #{first['die']} {shown}, #{free[1]['die']} "), bits


def test_dice_games_help_names_each_edition_s_own_cards() -> None:
    """Each edition's help stages and steals cards of its own deck (Guardians' named War
    Assets planets: `target eden-prime`), and names its own edition."""
    for mode in ("mass-effect-war-assets", "mcu-guardians"):
        match, _ = dice_turn(mode)
        help_text = display_for(mode).help
        ids = {c.id for c in match.state.cards.cards}
        named = re.findall(r"target ([a-z-]+) ", help_text)
        assert len(named) == 2 and set(named) <= ids, (mode, named)
        edition = match.game.title.split(":")[-1].split("(")[0].strip()  # "War Assets"
        assert edition in help_text, mode
    assert display_for("mcu-guardians").help != display_for("mass-effect-war-assets").help


def test_dice_prompt_lists_each_placement_apart() -> None:
    """The prompt's `may:` lists each placement as the command it is ("match 1 1; match 1 7"):
    their last number is a die, so the ranges other modes use for counts ("match 1 1,7") read
    as one choice of two dice."""
    for seed in range(3, 200):
        match, seat = dice_turn("mass-effect-war-assets", seed)
        match.act(seat, next(a for a in match.legal(seat) if a.kind == "target"))
        legal = list(match.legal(seat)) if match.to_move() == (seat,) else []
        rows = [a.args[0] for a in legal if a.kind == "match"]
        if len(legal) <= 12 and len(rows) > len(set(rows)):
            break
    else:
        raise AssertionError("no roll with two ways to match one row")
    out = session(match, [], {seat})
    assert "  may: " + "; ".join(a.text() for a in legal) + "\n" in out


def test_war_assets_board_look_actions_and_a_typed_target() -> None:
    match, seat = dice_turn("mass-effect-war-assets")
    view = match.view(seat)
    names = {c["id"]: c["name"] for c in view["cards"]}
    # typed by name in lower case (a name with a space, where the roll allows), not by id;
    # a name with an apostrophe (Sur'Kesh) is typed by its id, as `actions` lists it
    targets = [a for a in match.legal(seat) if a.kind == "target"]
    target = max(
        targets, key=lambda a: (" " in names[str(a.args[0])], "'" not in names[str(a.args[0])])
    )
    card = next(c for c in view["cards"] if c["id"] == target.args[0])
    word = card["id"] if "'" in card["name"] else card["name"].lower()
    typed = f"target {word} " + " ".join(map(str, target.args[1:]))
    lines = [
        "board",
        "look eden prime",
        "actions",
        "odds",
        "odds eden prime",
        typed,
        "odds",
        "board",
    ]
    out = session(match, lines, {seat})
    # the board: every group with its values, every card, the dice of the roll
    for g in view["groups"]:
        assert f"{g['name']} (all {g['value']}, apart {g['cards_value']})" in out
    for c in view["cards"]:
        assert c["name"] in out
    assert "Dice: #1 " in out and "#7 d8:" in out
    # look: a card's group, value, rows and owner
    assert "Eden Prime (Earth Central Systems): worth 3; id eden-prime" in out
    assert "rows: row 1: 7; row 2: 3 3; row 3: 4+ (1-3s)" in out
    # actions by card and row with the dice's faces and chances; odds from the solver
    assert f"{card['name']}, row {target.args[1]}: " in out
    from warroom.odds.dice_match import card_odds_float
    from warroom.rules.dice_match import parse_row

    eden = card_odds_float([parse_row(t) for t in ("7", "3 3", "4+")])
    assert "Chance to complete the card, staged each way (best first): target " in out
    assert f"selectable {eden.p_select:.1%}, completed {eden.p_complete:.1%}" in out
    # the typed action (a card name with any case and spaces) staged the card
    assert "Refused" not in out
    assert f"Player {seat + 1} matches {card['name']}'s row" in out
    after = match.view(seat)
    if after["attempt"] is not None and after["current"] == seat:
        assert f"Trying for {card['name']}" in out


def test_dice_games_look_and_odds_take_the_ids_actions_list() -> None:
    """`actions` names cards by id (`target sur-kesh ...`): `look` and `odds` take an id too,
    a card's or a group's, in any case."""
    match, seat = dice_turn("mass-effect-war-assets")
    group = match.view(seat)["groups"][0]
    out = session(match, ["look eden-prime", "odds Eden-Prime", f"look {group['id']}"], {seat})
    assert "Refused" not in out
    assert "Eden Prime (Earth Central Systems): worth 3; id eden-prime" in out
    assert "Eden Prime from a first roll of 5 d6 and 2 d8: selectable" in out
    assert f"{group['name']}: {len(group['cards'])} cards worth" in out


def test_a_whole_target_that_does_not_match_is_refused_with_its_reason() -> None:
    """`target eden-prime 2 1 4` names every die: the refusal is that the dice do not match
    the row, not the reason for a short form with a number added ("a die is named twice")."""
    match = Match.start("mass-effect-war-assets", 3, 3)
    seat = match.to_move()[0]
    faces = match.view(seat)["dice"]
    assert [faces[0]["face"], faces[3]["face"]] == [4, 4]  # Eden Prime's row 2 is "3 3"
    out = session(match, ["target eden-prime 2 1 4"], {seat})
    assert "Refused: dice 1 4 (showing 4 4) do not match Eden Prime's row 2 (3 3)" in out
    assert "named twice" not in out


def test_guardians_board_shows_powers_and_the_orb_and_plays_typed_actions() -> None:
    match, seat = dice_turn("mcu-guardians")
    out = session(match, ["board", "look morag", "look star-lord"], {seat})
    assert "power: once a turn, reroll every unplaced die" in out
    assert "the Orb: not in play yet" in out
    assert "Set power: once a turn, reroll every unplaced die" in out
    assert "the Orb comes in with it; now with nobody" in out
    assert "Star-Lord (Morag): worth 3" in out
    # play the seat's decisions by typing the first legal action, through a whole turn
    lines = []
    turn = match.view(seat)["turn"]
    while match.to_move() == (seat,) and match.view(seat)["turn"] == turn:
        action = match.legal(seat)[0]
        lines.append(action.text())
        session(match, [action.text()], {seat})
    assert lines and lines[0].startswith("target")
    texts = [e.text for e in match.log]
    assert any(t.startswith(f"Player {seat + 1} matches ") for t in texts)


def test_guardians_actions_and_odds_give_a_reroll_and_a_set_aside_their_chances() -> None:
    """Knowhere's reroll after a roll that misses: `actions` gives each die set aside and the
    reroll the chance to complete the card (the solver's, rerolls left counted), and `odds`
    ranks those choices rather than playing on as if no reroll were left."""
    from tests.dice.test_guardians import knowhere_reroll_at_a_miss
    from warroom.games.dice_cards.chances import completion_chance

    match = Match.start("mcu-guardians", 3, 1)
    match.state = knowhere_reroll_at_a_miss()
    game, st = match.game, match.state
    assert isinstance(game, DiceCardsGame)
    chance = {a.text(): completion_chance(game, st, 0, a) for a in match.legal(0)}
    out = session(match, ["actions", "odds"], {0})
    assert f"reroll (every unplaced die; {chance['reroll']:.0%})" in out
    assert f"aside 3 (a d6; any free d6 may be named; {chance['aside 3']:.0%})" in out
    ranked = "; ".join(f"{t} {p:.1%}" for t, p in sorted(chance.items(), key=lambda x: -x[1]))
    assert f"rerolls left played at best (best first): {ranked}" in " ".join(out.split())


def monopoly_script(lines: list[str]) -> str:
    """Seed 3, two players: Player 1 (typing `lines`) lands on Wasp in turn 2; Player 2 is a
    random bot."""
    return session(Match.start("monopoly-avengers", 2, 3, {}), lines, humans={0})


def test_monopoly_standing_choices_and_a_maximum_bid() -> None:
    standing = ["standing", "standing rent on", "standing window on", "standing rent maybe"]
    auction = ["bid up to 40", "auction", "bid up to 40"]
    out = monopoly_script([*standing, *auction, "actions", "offer p2 give 100 get Wasp", "end"])
    assert "rent     off" in out and "rent     on" in out and "window   on" in out
    assert "Refused: write 'standing NAME on' or 'off', NAME one of rent, window" in out
    assert "Refused: no auction you take part in is under way" in out  # before the auction
    # The maximum: the smallest raise while within it, then a pass, with no more typing.
    assert "(bidding up to M40) bid 10" in out and "Player 2 bids M60" in out
    assert "(above your maximum M40) pass" in out
    # `actions`: one line to compose an offer, not every sample offer.
    lines = out[out.index("Player 2 wins Wasp") :].splitlines()
    listed = lines[lines.index("  may: end; offer PLAYER give ITEMS get ITEMS") + 1 :]
    listed = listed[: next(i for i, x in enumerate(listed) if x.startswith("Player 1 |"))]
    offers = [line for line in listed if "offer" in line]
    assert len(offers) == 1 and offers[0].startswith("offer PLAYER give ITEMS get ITEMS  (compose")
    # A composed offer goes to the rules as written; Player 2 answers it.
    assert "Player 1 offers Player 2: M100 for Wasp" in out
    assert "Player 2 accepts" in out or "Player 2 declines" in out
    # The window before Player 2's roll closed by itself.
    assert "(window closed) done" in out


def test_monopoly_standing_choices_are_kept_in_a_save(tmp_path: Path) -> None:
    """Standing choices are orders for the rest of the game ('rent on' claims every payment
    owed): a reloaded game lost them silently, and with them rent the player counted on. A
    save carries them, `--load` and `load` restore them, and a save without any (the page's)
    loads with none, not with those of the game left."""
    save, plain = tmp_path / "rent.json", tmp_path / "plain.json"
    session(Match.start("monopoly-avengers", 2, 3, {}), [f"save {plain}"], {0})
    out = monopoly_script(["standing rent on", f"save {save}"])
    assert json.loads(save.read_text())["standing"] == [["rent"], []]
    out = CliRunner().invoke(app, ["play", "--load", str(save)], input="standing\n").output
    assert "rent     on" in out and "window   off" in out
    lines = ["standing window on", f"load {plain}", "y", "standing"]
    lines += [f"load {save}", "y", "standing"]
    out = session(Match.start("monopoly-avengers", 2, 3, {}), lines, {0})
    shown = out.split(f"Loaded {plain}")[1].split(f"Loaded {save}")
    assert "rent     off" in shown[0] and "window   off" in shown[0]
    assert "rent     on" in shown[1] and "window   off" in shown[1]


def test_a_save_s_standing_choices_that_are_no_game_s_are_refused(tmp_path: Path) -> None:
    """A `standing` field not a list per seat of this game's choice names refuses the save,
    naming the field and the names it may hold, as any other damaged field does."""
    save = tmp_path / "bad.json"
    for wrong in ([["rent"]], [["rent"], ["tea"]], {"0": ["rent"]}, [["rent"], "window"]):
        data = Match.start("monopoly-avengers", 2, 3, {}).to_save()
        save.write_text(json.dumps({**data, "standing": wrong}))
        out = CliRunner().invoke(app, ["play", "--load", str(save)], input="").output
        said = " ".join(out.split())
        assert "save field 'standing' is not a list of each seat's standing choices" in said
        assert "(names among rent, window)" in said


def test_monopoly_auction_plans_are_kept_in_a_save(tmp_path: Path) -> None:
    """ "bid up to N" is acknowledged as bidding for the player for the rest of the auction: a
    save made mid-auction (here by the other human, at their turn to bid) lost it, and after
    a reload the player was asked again. A save carries the plans of the auction under way,
    `--load` and `load` restore them, and a save made once the auction is over has none."""
    during, after = tmp_path / "during.json", tmp_path / "after.json"
    lines = ["roll", "auction", "bid up to 40", f"save {during}", "pass", f"save {after}"]
    out = session(Match.start("monopoly-avengers", 2, 3, {}), lines, humans={0, 1})
    assert "(bidding up to M40) bid 10" in out and "Player 2 wins Wasp" in out
    assert json.loads(during.read_text())["plans"] == [None, {"max": 40}]
    assert "plans" not in json.loads(after.read_text())
    resumed = ["play", "--load", str(during), "--humans", "2"]
    out = CliRunner().invoke(app, resumed, input="bid 20\n").output
    assert "Player 1 bids M20\n(bidding up to M40) bid 21\nPlayer 2 bids M21" in out
    lines = [f"load {during}", "y", "bid 41"]
    out = session(Match.start("monopoly-avengers", 2, 3, {}), lines, humans={0, 1})
    assert "Player 1 bids M41\n(above your maximum M40) pass\nPlayer 2 passes" in out


def test_a_save_s_plans_that_are_no_plans_for_its_game_are_refused(tmp_path: Path) -> None:
    """A `plans` field not a plan or null per seat, or a plan for an auction the seat takes
    no part in, refuses the save, naming the field, the seat and what a plan is."""
    save = tmp_path / "bad.json"
    match = Match.start("monopoly-avengers", 2, 3, {})
    idle_data = match.to_save()
    while Action("auction") not in match.legal(0):  # Player 1 lands on Wasp in turn 2
        seat = match.to_move()[0]
        match.act(seat, next(a for a in match.legal(seat) if a.kind in ("roll", "done", "end")))
    match.act(0, Action("auction"))
    data = match.to_save()
    shape = "save field 'plans' is not a list of each seat's plan (or null)"
    what = "save field 'plans', Player 2's plan: a plan is {\"max\": N} (N a whole number)"
    idle = "save field 'plans', Player 1's plan: no auction Player 1 takes part in is under way"
    for plans, said in (
        ([None], shape),
        ({"0": None, "1": None}, shape),
        ([{"max": 40}, None], idle),
        ([None, {"max": -1}], what),
        ([None, {"max": True}], what),
        ([None, {"max": 40, "out": True}], what),
        ([None, {"out": False}], what),
    ):
        saved = idle_data if said == idle else data
        save.write_text(json.dumps({**saved, "plans": plans}))
        out = CliRunner().invoke(app, ["play", "--load", str(save)], input="").output
        assert said in " ".join(out.split())


def test_monopoly_drop_out_and_help() -> None:
    out = monopoly_script(["help", "auction", "drop out", "end"])
    assert "bid up to N" in out and "drop out" in out and "standing window on" in out
    assert "offer PLAYER give ITEMS get ITEMS" in out
    assert "You drop out of this auction" in out and "(dropped out) pass" in out
    assert "Player 1 bids" not in out


@pytest.mark.parametrize("tier", ["random", "greedy"])
@pytest.mark.parametrize("mode", [info.id for info in CATALOG])
def test_every_mode_plays_to_its_end_with_bots_in_every_seat(mode: str, tier: str) -> None:
    """`warroom play MODE --humans 0`: every event is shown until the game ends; where
    eight-sided dice are rolled (Galaxy at War, Battle for Manhattan) the battle's line gives
    its faces as numbers once ("6-5-5 against 8-2 ...", not again as "6 5 5 vs 8 2")."""
    game = get_mode(mode)
    options = {"turn_limit": 30} if any(o.name == "turn_limit" for o in game.options) else {}
    match = Match.start(mode, game.min_players, 3, options)
    bots = {s: make_bot(tier, mode, s) for s in range(match.players)}
    console = Console(record=True, width=200, file=io.StringIO())

    def read(prompt: str) -> str:
        raise AssertionError("no seat is human")

    Terminal(match, set(), bots, console, read).run()
    assert match.outcome() is not None
    text = console.export_text()
    assert "Game over" in text
    if not display_for(mode).pip_dice:  # d8s among the dice: every face a number, once
        assert " against " in text and " vs " not in text
        assert not any(glyph in text for glyph in "⚀⚁⚂⚃⚄⚅")


def test_a_die_is_shown_as_its_glyph_or_its_number() -> None:
    assert [die_face(face) for face in range(1, 9)] == [*"⚀⚁⚂⚃⚄⚅", "7", "8"]


@pytest.mark.parametrize(
    "mode",
    [
        "risk-classic",
        "mass-effect-basic",
        "mass-effect-galaxy-at-war",
        "mcu-skirmish",
        "mcu-battle-for-manhattan",
    ],
)
def test_the_header_names_the_armies_to_place_and_every_card_in_hand(mode: str) -> None:
    """Greedy games until a seat holding cards has armies to place: the header says how many
    and lists each of its cards by id, as the mode's display words them."""
    match = Match.start(mode, 4, 7)
    bots = [make_bot("greedy", mode, s) for s in range(match.players)]
    display = display_for(mode)
    while match.outcome() is None:
        seat = match.to_move()[0]
        view = match.view(seat)
        hand = view.get("hand") or view.get("hands", {}).get(str(seat))
        if hand and view.get("pending"):
            bits = display.header(match, seat, view)
            assert any(b.endswith(f"to place: {view['pending']}") for b in bits), bits
            (shown,) = [b for b in bits if b.startswith("hand: ")]
            assert all(card["card"] in shown for card in hand), (shown, hand)
            # Galaxy at War: what a card would do when played, as the page's hand says it
            directives = [c["directive"] for c in view.get("hands", {}).get(str(seat), ())]
            assert all(words in shown for words in directives), (shown, directives)
            return
        match.act(seat, bots[seat].choose(seat, match.observe(seat), match.legal(seat)))
    pytest.fail("no seat held cards with armies to place")


def test_odds_from_to_uses_the_dice_this_game_rolls_for_that_attack() -> None:
    """`odds FROM TO` in Battle for Manhattan: the Dark Elves defend Asgard with d8s, so the
    figure is the mode's own rule for that attack, not Classic's d6 against d6; names of
    several words are read too (Classic's Western Australia)."""
    from warroom.games.mcu.manhattan import GAME as BFM
    from warroom.odds import invasion

    match = Match.start("mcu-battle-for-manhattan", 5, 1)
    st = match.state
    asgard, beside = st.board.territory("Sector_50"), st.board.territory("Sector_48")
    st.owner[beside], st.armies[beside] = 0, 6
    out = session(match, ["odds Sector_48 asgard", "odds Sector_48 Sector_01"], {0})
    own = invasion(6, st.armies[asgard], BFM.attack_rule(match.state, beside, asgard))
    plain = invasion(6, st.armies[asgard])
    assert f"{own.p_conquest:.1%} chance to capture" in out
    assert f"{own.p_conquest:.1%}" != f"{plain.p_conquest:.1%}"
    assert "Refused: Sector 48 does not border Malibu (01)" in out  # as the board names them
    game = classic("attack")
    west = game.state.board.territory("Western Australia")
    game.state.armies[west] = 5
    indonesia = game.state.board.territory("Indonesia")
    game.state.owner[west], game.state.owner[indonesia] = 0, 1
    out = session(game, ["odds western australia indonesia"], {0})
    assert "Western Australia (5 armies, one stays behind) attacking Indonesia (" in out
    assert "chance to capture" in out


def played_until(mode: str, players: int, kind: str, seed: int = 1) -> Match:
    """A game played (each seat's last legal action) until seat 0 may take a `kind` action."""
    match = Match.start(mode, players, seed)
    while not (match.to_move() == (0,) and any(a.kind == kind for a in match.legal(0))):
        seat = match.to_move()[0]
        match.act(seat, match.legal(seat)[-1])
    return match


@pytest.mark.parametrize(
    ("mode", "kind"),
    [
        ("mass-effect-basic", "place"),
        ("mass-effect-war-assets", "target"),
        ("risk-strike", "attack"),
    ],
)
def test_attack_until_that_is_no_attack_now_is_refused(mode: str, kind: str) -> None:
    """'attack A B until N' where A B is no legal attack (a reinforce step, a game without a
    map): the rules' refusal, not a KeyError traceback from a missing territory or board."""
    match = played_until(mode, 3, kind)
    out = session(match, ["attack a b until 2"], {0})
    assert "Refused:" in out


def test_names_with_apostrophes_are_typed_and_listed_plainly() -> None:
    """Mass Effect's Intai'sei: typed as printed beside a name of two words unquoted, and the
    action list shows it in plain quotes, not the shell's 'Intai'"'"'sei'."""
    match = played_until("mass-effect-basic", 3, "attack")
    st = match.state
    intai, ferris = st.board.territory("Intai'sei"), st.board.territory("Ferris Fields")
    st.owner[ferris], st.armies[ferris] = 1, 1
    out = session(match, ["actions", "attack Intai'sei Ferris Fields 1"], {0})
    assert "'\"'\"'" not in out
    assert "attack \"Intai'sei\" 'Ferris Fields'" in out
    assert "Refused" not in out
    assert "Intai'sei (Player 1) attacks Ferris Fields (Player 2)" in out
    assert st.owner[intai] == 0


@pytest.mark.parametrize(
    ("mode", "places", "pieces"),
    [
        ("mcu-skirmish", "sectors", "units"),
        ("mcu-battle-for-manhattan", "sectors", "units"),
        ("mass-effect-basic", "planets", "units"),
        ("risk-classic", "territories", "armies"),
    ],
)
def test_the_board_legend_counts_each_seat_s_places_and_pieces(
    mode: str, places: str, pieces: str
) -> None:
    """The legend under the board counts by seat, so it shows the places and pieces each one
    holds, in the mode's own words, in full (it said "terr" for every mode's places)."""
    match = played_until(mode, 4 if mode != "mass-effect-basic" else 3, "attack", seed=2)
    view = match.view(0)
    console = Console(record=True, width=200, file=io.StringIO(), color_system="standard")
    display_for(mode).board(console, match, 0)
    text = console.export_text()
    for seat, name in enumerate(view["players"]):
        held = [t for t in view["territories"] if t["seat"] == seat]
        units = sum(t["armies"] for t in held)
        assert held and f"■ {name} {len(held)} {places}, {units} {pieces}," in text


def test_the_board_legend_names_the_two_player_neutral() -> None:
    """The 2-player game's neutral holds a third of the board, drawn in white: the legend has
    it too, counted as a seat is, so the white says whose it is."""
    match = played_until("risk-classic", 2, "neutral")
    view = match.view(0)
    held = [t for t in view["territories"] if t["owner"] == "Neutral"]
    console = Console(record=True, width=200, file=io.StringIO(), color_system="standard")
    display_for("risk-classic").board(console, match, 0)
    armies = sum(t["armies"] for t in held)
    assert held and f"■ Neutral {len(held)} territories, {armies} armies" in console.export_text()


@pytest.mark.parametrize(("mode", "players"), [("risk-classic", 2), ("mcu-skirmish", 4)])
def test_a_board_without_colour_marks_whose_each_place_is(mode: str, players: int) -> None:
    """Piped or on a terminal without colour, the board showed each place's armies and
    nothing of its owner, which only the colour had said: each row now ends with the owner's
    mark (P1 as the legend keys it; a side that is no seat, Classic's neutral, by its name)."""
    match = played_until(mode, players, "attack", seed=2)
    view = match.view(0)
    console = Console(record=True, width=200, file=io.StringIO())  # not a terminal: no colour
    assert console.color_system is None
    display_for(mode).board(console, match, 0)
    text = console.export_text()
    for seat, name in enumerate(view["players"]):
        assert f"P{seat + 1} = {name} " in text
    owners = {t["owner"] for t in view["territories"]}
    assert players > 2 or "Neutral" in owners
    for t in view["territories"]:
        mark = f"P{t['seat'] + 1}" if t["seat"] is not None else t["owner"]
        shown = re.escape(t.get("caption", t["name"]))
        assert re.search(rf"{shown}\S*(?: \S+)*? +{t['armies']} +{re.escape(mark)}\b", text), t


@pytest.mark.parametrize(
    ("mode", "marks"),
    [
        ("mcu-battle-for-manhattan", ["[dock] Docking", "[chip] resource", "[loki] face-down"]),
        ("risk-godstorm", ["[god name] a god", "[sunk] Atlantis"]),
    ],
)
def test_help_shows_each_mark_with_its_brackets(mode: str, marks: list[str]) -> None:
    """The help names the board's marks as the board prints them: '[dock]' written as Rich
    markup was read as a style tag and vanished, leaving 'Marks:  Docking Station'."""
    out = session(Match.start(mode, 3, 1), ["help"], {0})
    for mark in marks:
        assert mark in out


@pytest.mark.parametrize("mode", [info.id for info in CATALOG])
def test_help_fits_an_80_column_terminal(mode: str) -> None:
    """Every line of 'help' fits 80 columns, so a usual terminal does not break it mid-line."""
    console = Console(record=True, width=200, file=io.StringIO())
    console.print(COMMON_HELP)
    console.print(display_for(mode).help)
    if mode == "risk-classic":  # its examples name the map's own territories
        console.print(display_for(mode).help_for(classic("reinforce")))
    long = [line for line in console.export_text().splitlines() if len(line) > 80]
    assert not long


def test_rules_prints_the_guide_of_the_game_being_played() -> None:
    """'rules' shows the mode's own guide as formatted text (no Markdown marks left), the help
    points to it, and the game goes on at the same decision."""
    match = Match.start("mcu-skirmish", 3, 1)
    out = session(match, ["help", "rules"], {0})
    assert "rules  how to play this game" in out
    for heading in GUIDE_SECTIONS:
        assert heading in out
    assert "Be the first to hold 20 of Manhattan's sectors" in out
    assert "## " not in out and "**" not in out
    assert "Refused" not in out
    assert all(seat != 0 for seat, _ in match.record)  # nothing was played for the reader


def test_rules_in_a_mode_without_a_guide_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """A mode with no guide file (one another package adds, say) is refused in words."""

    def none_shipped(mode_id: str) -> str:
        raise MissingGuide(f"game mode {mode_id!r} has no how-to-play guide yet")

    monkeypatch.setattr("warroom.cli.play.guide", none_shipped)
    out = session(classic("reinforce"), ["rules"], {0})
    assert "Refused: game mode 'risk-classic' has no how-to-play guide yet" in out


def test_load_refuses_a_save_of_another_game_and_plays_on(tmp_path: Path) -> None:
    """'load' of a Monopoly save in a RISK session: the bots there were made for RISK (a
    greedy RISK bot crashed reading Monopoly's board), so it is refused and the game goes on."""
    save = tmp_path / "monopoly.json"
    save.write_text(json.dumps(Match.start("monopoly-avengers", 4, 2).to_save()))
    match = classic("reinforce")
    bots = {s: make_bot("greedy", "risk-classic", s) for s in range(match.players)}
    script = iter([f"load {save}", "auto 3"])

    def read(prompt: str) -> str:
        return next(script)

    console = Console(record=True, width=200, file=io.StringIO())
    terminal = Terminal(match, {0}, bots, console, read)
    with pytest.raises(StopIteration):
        terminal.run()
    out = console.export_text()
    assert "holds a monopoly-avengers game for 4 players, not risk-classic for 3" in out
    assert terminal.match is match


def test_a_refused_action_of_a_kind_open_now_shows_how_it_reads() -> None:
    """Strike's 'attack' alone, or with a name too few: the refusal no longer reads 'cannot
    attack now; now you may: attack, pass' (it may) but says the words are unfinished, and
    names attacks that may be made; an attack complete but not open is refused as such."""
    match = played_until("risk-strike", 3, "attack", seed=6)
    first = next(a for a in match.legal(0) if a.kind == "attack").text()
    out = session(match, ["attack", "attack africa", "attack africa p9 europe"], {0})
    assert "Refused: 'attack' is not complete; now you may: attack, pass (such as " in out
    assert "Refused: 'attack africa' is not complete; now you may: attack, pass" in out
    assert f"(such as {first}, " in out
    assert "Refused: cannot attack africa p9 europe now; now you may: attack, pass" in out


def test_actions_fold_only_the_last_number(monkeypatch: pytest.MonkeyPatch) -> None:
    """Galaxy at War's 'attack A B DICE CRUISERS CARRIERS DREADNOUGHTS' was listed as
    'attack A B 0..3', every number in one range (no attack rolls 0 dice); only the last
    number folds, in 'actions' and in the prompt's list alike."""
    match = classic("attack")
    legal = [Action("attack", ("Alaska", "Kamchatka", d, 0, s)) for d in (1, 2) for s in (0, 1)]
    monkeypatch.setattr(match, "legal", lambda seat: legal)
    out = session(match, ["actions"], {0})
    assert "may: attack Alaska Kamchatka 1 0 0..1; attack Alaska Kamchatka 2 0 0..1\n" in out
    assert "Kamchatka 0..2" not in out


def test_numbers_with_a_gap_are_listed_one_by_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where only 1 and 3 are allowed, the list says '1,3', not '1..3' (2 would be refused)."""
    match = classic("attack")
    legal = [Action("place", ("Alaska", n)) for n in (1, 3)]
    monkeypatch.setattr(match, "legal", lambda seat: legal)
    out = session(match, ["actions"], {0})
    assert "may: place Alaska 1,3\n" in out


def test_the_prompt_lists_dice_counts_as_a_range() -> None:
    """Classic's attack step: 'attack A B 1..3' in the prompt, not three lines for the dice."""
    match = classic("attack")
    src, dst = next((a.args[0], a.args[1]) for a in match.legal(0) if a.kind == "attack")
    out = session(match, [], {0})
    assert f"{Action('attack', (src, dst)).text()} 1..3" in out.split("may: ")[1]


def interrupted_session(
    match: Match, answers: list[str | type[BaseException]], bots: dict[int, Any] | None = None
) -> tuple[str, list[str]]:
    """Play with `answers` typed, an exception in the list raised at its prompt as Ctrl-C
    (KeyboardInterrupt) or Ctrl-D (EOFError) raise it from `input`; the output and prompts."""
    script, prompts = iter(answers), []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        answer = next(script, EOFError)
        if isinstance(answer, type):
            raise answer
        return answer

    seated = bots or {s: make_bot("random", "risk-classic", s) for s in range(match.players)}
    console = Console(record=True, width=200, file=io.StringIO())
    Terminal(match, {0}, seated, console, read).run()
    return console.export_text(), prompts


SAVE_OFFER = "Save it first? File name [game.warroom.json], or 'no': "


def test_ctrl_c_at_the_prompt_leaves_the_game() -> None:
    """Ctrl-C (KeyboardInterrupt from `input`) leaves without a traceback, after the offer to
    save that `quit` makes; a second Ctrl-C to it leaves unsaved and says so."""
    out, prompts = interrupted_session(classic("reinforce"), [KeyboardInterrupt] * 2)
    assert prompts == ["Player 1> ", SAVE_OFFER]
    assert out.endswith("Leaving without saving.\nLeft the game.\n")


@pytest.mark.parametrize("key", [KeyboardInterrupt, EOFError], ids=["ctrl-c", "ctrl-d"])
def test_ctrl_c_or_ctrl_d_offers_to_save_as_quit_does(
    key: type[BaseException], tmp_path: Path
) -> None:
    """A Ctrl-C or Ctrl-D at the prompt left the game unsaved at once; now it is offered to
    be saved, as after `quit`, and a refused save asks again rather than losing the game."""
    match = classic("reinforce")
    save = tmp_path / "kept.json"
    answers: list[str | type[BaseException]] = [key, str(tmp_path), str(save)]
    out, prompts = interrupted_session(match, answers)
    assert prompts[1:] == [SAVE_OFFER, SAVE_OFFER]
    assert "Refused: cannot save to" in out and f"Saved to {save}" in out
    assert out.endswith("Left the game.\n")
    assert Match.from_save(json.loads(save.read_text())).record == match.record
    # At quit's "Leave the game?", too: the offer, and an end of input to it leaves unsaved.
    out, prompts = interrupted_session(classic("reinforce"), ["quit", key, EOFError])
    assert prompts[1:] == ["Leave the game? [y/N] ", SAVE_OFFER]
    assert out.endswith("Leaving without saving.\nLeft the game.\n")


def test_ctrl_c_during_a_bot_s_turn_saves_the_game_as_of_its_last_decision(
    tmp_path: Path,
) -> None:
    """Ctrl-C while a bot thinks: the offer to save, and the save holds every decision taken
    before it, the bot's own earlier ones too."""
    match = classic("reinforce")
    bot = make_bot("random", "risk-classic", 1)
    thinking: list[int] = []

    class Interrupted:
        def choose(self, seat: int, seen: object, legal: list[Action]) -> Action:
            thinking.append(seat)
            if len(thinking) == 3:  # Ctrl-C in the third decision the bot seats take
                raise KeyboardInterrupt
            return bot.choose(seat, seen, legal)

    save = tmp_path / "bots.json"
    own = mine(match)[0]
    _, prompts = interrupted_session(
        match, [f"place {own}", "end", str(save)], {1: Interrupted(), 2: Interrupted()}
    )
    assert prompts[-1] == SAVE_OFFER and len(thinking) == 3
    loaded = Match.from_save(json.loads(save.read_text()))
    assert loaded.record == match.record and len(loaded.record) >= 4
    assert loaded.view(0) == match.view(0)


def test_ctrl_c_while_a_decision_is_applied_waits_until_it_is_whole(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A Ctrl-C arriving between the match's bookkeeping steps (its state replaced, the
    record not yet written) left the decision half-applied: the board had it, the record
    and a save did not. It is held back until the decision is whole."""
    import signal

    match = classic("reinforce")
    own = mine(match)[0]

    class Log(list[Event]):
        def extend(self, events: Iterable[Event]) -> None:
            signal.raise_signal(signal.SIGINT)  # Ctrl-C, the match mid-way through `act`
            super().extend(events)

    monkeypatch.setattr(match, "log", Log(match.log))
    before = len(match.record)
    out, prompts = interrupted_session(match, [f"place {own} 1", "no"])
    assert prompts[-1] == SAVE_OFFER and out.endswith("Left the game.\n")
    step = match.steps[-1]
    assert match.record[before:] == [(0, step.action.text())] and step.action.args[-1] == 1
    assert match.log[-len(step.events) :] == list(step.events)
    assert Match.from_save(match.to_save()).view(0) == match.view(0)


def test_ctrl_c_while_a_save_is_written_finishes_it_then_leaves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A second Ctrl-C while the offered save was being written showed a traceback (and a
    first one, at `save FILE`, could leave the file's part behind): the save is finished,
    said, and the Ctrl-C then leaves."""
    import signal
    from types import SimpleNamespace

    import warroom.cli.play as play_module

    match = classic("reinforce")

    def interrupted_dumps(data: Any, **kwargs: Any) -> str:
        signal.raise_signal(signal.SIGINT)  # Ctrl-C, the save mid-way
        return json.dumps(data, **kwargs)

    monkeypatch.setattr(play_module, "json", SimpleNamespace(dumps=interrupted_dumps))
    save = tmp_path / "kept.json"
    out, prompts = interrupted_session(match, [KeyboardInterrupt, str(save)])
    assert prompts == ["Player 1> ", SAVE_OFFER]
    assert out.endswith(f"Saved to {save}\nLeft the game.\n"), out[-200:]
    assert Match.from_save(json.loads(save.read_text())).view(0) == match.view(0)
    assert list(tmp_path.iterdir()) == [save]


def test_log_before_anything_happened_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """'log' at the first prompt of a fresh game printed nothing at all. Every mode shipped
    now logs its setup's chance (`Game.opening`); a mode that logs none (the default) is
    stood in for by Classic's with its opening taken away."""
    game = get_mode("risk-classic")
    monkeypatch.setattr(type(game), "opening", lambda self, state: [])
    match = Match.start("risk-classic", 3, 1, {})
    out = session(match, ["log"], set(range(match.players)))
    assert "Nothing has happened yet." in out


def test_log_n_shows_the_last_n_events_and_refuses_what_is_no_count() -> None:
    """'log -5' printed the last 30 events, its number ignored: 'log N' and 'log -N' (as
    `tail -N` writes it) show the last N, 'log all' every one, and anything else is refused
    with the forms it takes, nothing printed."""
    match = classic("attack")
    console = Console(record=True, width=200, file=io.StringIO())
    terminal = Terminal(match, {0}, {}, console, lambda prompt: "")
    lines = [Text.from_markup(terminal.line(event, 0)).plain for event in match.log]
    assert len(lines) > 30
    for typed, shown in (("log 3", lines[-3:]), ("log -5", lines[-5:]), ("log", lines[-30:])):
        terminal.command(0, typed)
        assert console.export_text().splitlines() == shown, typed
    terminal.command(0, "log all")
    assert console.export_text().splitlines() == lines
    terminal.command(0, f"log {len(lines) + 10}")  # more than there are: all of them
    assert console.export_text().splitlines() == lines
    for typed in ("log 0", "log -0", "log x", "log 2 3", "log --4", "log 1.5"):
        with pytest.raises(WarroomError, match=r"write 'log' \(the last 30 events\), 'log N'"):
            terminal.command(0, typed)
    assert console.export_text() == ""


def test_a_dice_game_s_log_starts_with_its_first_turn_and_roll() -> None:
    """The setup rolls the first player's dice: the log (the page's and the terminal's)
    began with the first placement, the turn and the roll it matched never shown."""
    for mode in ("mcu-guardians", "mass-effect-war-assets"):
        match = Match.start(mode, 2, 1, {})
        st = match.state
        turn, roll = match.log
        assert turn.text == f"Turn 1: Player {st.current + 1}"
        assert roll.kind == "roll" and [d[2] for d in roll.data["dice"]] == st.faces
        out = session(match, ["log"], set(range(match.players)))
        assert "Nothing has happened yet." not in out
        assert out.startswith(f"{turn.text}\n{roll.text}\n"), out[:200]
        seat = match.to_move()[0]
        match.act(seat, match.legal(seat)[0])
        if match.can_undo(seat) is None:
            match.undo(seat)
        assert match.log[:2] == [turn, roll]  # kept through later steps and undo
        assert Match.from_save(match.to_save()).log[:2] == [turn, roll]  # and a reload


def test_guardians_look_and_odds_are_the_asking_seats_own() -> None:
    """`look` says a card needs the steal row only where the looker would need it (not on
    their own card, nor with Xandar's `ignore_steal`), and `odds CARD` counts the looker's
    own first roll (Kyln's `extra_die`: 6 d6), not the dice of whoever is rolling now."""
    from warroom.cli.show.dice_cards import DiceCardsDisplay

    match, seat = dice_turn("mcu-guardians")
    other, show = 1 - seat, DiceCardsDisplay()
    st = match.state
    ids = [c.id for c in st.cards.cards]
    for card in ("nova-prime", "rhomann-dey", "nova-pilot", "korath"):  # Xandar: ignore_steal
        st.owner[ids.index(card)] = seat
    for card in ("rocket", "groot", "drax", "gamora", "star-lord"):  # Kyln: extra_die
        st.owner[ids.index(card)] = other
    mine = show.look(match, seat, "star-lord") + show.look(match, seat, "nova-prime")
    assert "your Set power lets you take it without the steal row" in mine
    assert "needs the steal row" not in mine
    assert "taking it needs the steal row too (a 6)" in show.look(match, other, "korath")
    assert "steal row" not in show.look(match, other, "nova-prime")  # locked: not to be taken
    assert "steal row" not in show.look(match, other, "star-lord")  # its own card
    assert "from a first roll of 6 d6 and 2 d8" in show.odds(match, other, "walkman")
    assert "from a first roll of 5 d6 and 2 d8" in show.odds(match, seat, "walkman")


def test_log_shows_each_seat_its_own_secrets_only() -> None:
    """Two people at one terminal: 'log' printed the lines as they were shown to whoever
    acted, so the second person's 'log' repeated the first's "You draw ..." card."""
    match = Match.start("risk-classic", 3, 4, {"setup": "deal", "map": "classic-world"})
    bot = make_bot("random", match.game.id, 1)
    while True:
        seat = match.to_move()[0]
        events = match.act(seat, bot.choose(seat, match.observe(seat), match.legal(seat)))
        drawn = [e for e in events if e.kind == "draw"]
        if drawn and seat in (0, 1):
            break
    other = 1 - seat
    console = Console(record=True, width=200, file=io.StringIO())
    terminal = Terminal(match, {0, 1}, {2: bot}, console, lambda prompt: "")
    terminal.show_events(seat, events)
    console.export_text()  # what the drawer saw, cleared
    terminal.command(other, "log")
    shown = console.export_text()
    assert drawn[0].for_seat(None)["text"] in shown
    assert "You draw" not in shown, shown
    terminal.command(seat, "log")
    assert drawn[0].for_seat(seat)["text"] in console.export_text()


def test_defending_a_neutral_territory_the_prompt_says_it_is_neutral() -> None:
    """2-Player Rules: the opponent rolls for a neutral territory under attack. The prompt
    said only "battle: Poseidonis -> Oricalcos", as if Oricalcos were the defender's own."""
    match = Match.start("risk-classic", 2, 4, {})
    st = match.state
    st.owner = [2] * len(st.board)  # the neutral holds all but two
    st.armies = [1] * len(st.board)
    for name, owner, armies in (("Poseidonis", 0, 9), ("Atlas", 1, 1), ("Oricalcos", 2, 2)):
        st.owner[st.board.territory(name)], st.armies[st.board.territory(name)] = owner, armies
    st.reserve, st.phase, st.current, st.turn = [0, 0, 0], "attack", 0, 5
    match.act(0, Action("attack", ("Poseidonis", "Oricalcos", 3)))
    out = session(match, ["defend 3"], humans={1})
    assert "battle: Poseidonis -> Oricalcos with 3 dice | Oricalcos is neutral: you roll" in out
    assert "Refused: the defender of neutral Oricalcos may roll 1 or 2 dice here" in out


def test_the_defender_is_shown_each_defence_s_roll_at_its_prompt_and_in_actions() -> None:
    """The defender chooses 1 or 2 dice: the prompt and `actions` give each choice's exact
    outcomes of this roll (the odds module's), in the mode's own dice: Battle for Manhattan's
    Dark Elves roll d8s."""
    from warroom.cli.show.risk import loss_words
    from warroom.odds import roll_distribution
    from warroom.rules.battle import PRESETS

    from ..mcu.bfm import THOR, Bfm

    t = Bfm()
    t.turn_of(THOR, "attack")
    st = t.state
    target = next(x for x in range(len(st.board)) if x not in st.loki and st.board.neighbors[x])
    source = min(st.board.neighbors[target])
    names = st.board.territories
    t.give(THOR, 8, names[source])
    t.give(st.players + 1, 4, names[target])  # the Dark Elves: a seat rolls their defence
    match = Match.start("mcu-battle-for-manhattan", 5, 1)
    match.state = st
    match.act(THOR, Action("attack", (names[source], names[target], 3)))
    defender = match.to_move()[0]
    out = session(match, ["actions"], humans={defender})
    prompt, listed = out.split("defend 1..2  (", 1)
    for dice in (1, 2):
        words = ", ".join(
            f"{loss_words(a, d)} {float(p):.1%}"
            for (a, d), p in roll_distribution(PRESETS["mcu-dark-elves"], 3, dice).items()
        )
        said = f"{dice} {'die' if dice == 1 else 'dice'}: {words}"
        assert said in " ".join(prompt.split()), said  # the prompt may wrap
        assert said in listed, said
    plain = roll_distribution(PRESETS["classic"], 3, 2)[(0, 2)]
    assert f"defender loses 2 {float(plain):.1%}" not in listed


def test_the_board_legend_counts_in_the_modes_words_one_as_one() -> None:
    """The legend under a board: "1 card", "1 unit" (Mass Effect's word), never "1 cards"."""
    match = Match.start("mass-effect-basic", 3, 1)
    st = match.state
    st.owner[0], st.armies[0] = 0, 1
    st.hands[0], st.hands[2] = [st.deck.pop()], [st.deck.pop(), st.deck.pop()]
    console = Console(record=True, width=200)
    display_for("mass-effect-basic").board(console, match, 0)
    legend = console.export_text()
    assert "1 planet, 1 unit, 1 card" in legend
    assert "0 units, 0 cards" in legend and "0 units, 2 cards" in legend
    assert "1 cards" not in legend and "1 units" not in legend


def test_mcu_sectors_are_named_as_the_board_and_the_page_name_them() -> None:
    """The terminal showed the ids the rules use (`Sector_34`) where the page shows the map's
    captions ("Sector 34", "Malibu (01)"): the board, the log, the prompt and refusals now say
    the captions, and a caption may be typed as the page's reader would."""
    match = Match.start("mcu-skirmish", 3, 7, {})
    while match.to_move() != (0,):
        seat = match.to_move()[0]
        match.act(seat, match.legal(seat)[-1])
    out = session(match, ["claim Sector 12", "claim Sector 12", "actions"], humans={0})
    assert "places 3 units on Sector 12" in out
    assert "Refused: Sector 12 is already occupied" in out
    assert "Malibu (01)" in out and "claim Sector 02" in out
    assert "Sector_" not in out


def test_a_typo_of_a_command_or_an_action_is_answered_with_the_word_meant() -> None:
    """'helpp' and 'atack' were refused as unknown actions with no more said: the refusal now
    names the command or open action they are nearest; a word near nothing adds nothing."""
    match = played_until("risk-strike", 3, "attack", seed=6)
    out = session(match, ["helpp", "atack africa", "xyzzy"], {0})
    refused = "Refused: unknown action 'helpp'; now you may: attack, pass"
    assert f"{refused} (did you mean 'help'?)" in out
    assert "(did you mean 'attack'?)" in out
    assert "unknown action 'xyzzy'; now you may: attack, pass\n" in out


def test_a_number_left_off_goes_with_a_name_in_any_case_or_shortened() -> None:
    """'place Hibernia' placed all it could, but 'place hibernia' (the help says names are
    read in any case) and 'place hib' were refused as 'cannot place hibernia now'. A name
    that is not the seat's to place on is refused with the rules' reason, said of what was typed."""
    match = Match.start("risk-godstorm", 2, 5)
    while match.state.phase != "place":
        seat = match.to_move()[0]
        match.act(seat, match.legal(seat)[0])
    seat = match.to_move()[0]
    mine = str(match.legal(seat)[0].args[0])
    most = max(int(a.args[1]) for a in match.legal(seat) if a.args[0] == mine)
    theirs = next(t["name"] for t in match.view(seat)["territories"] if t["seat"] != seat)
    out = session(match, [f"place {theirs.lower()}", f"place {mine[:3]}"], {seat})
    # named as spelled, and as typed: not "place Gaul 1", a count the player never typed
    refused = f"Refused: {theirs} is not yours"
    assert refused in out and out.count("Refused") == 1, out
    assert f"place {ARMIES.of(most)} in {mine}" in out, out


@pytest.mark.parametrize("mode", ["mcu-skirmish", "mcu-battle-for-manhattan"])
def test_a_sector_may_be_typed_by_its_number(mode: str) -> None:
    """The map and the page caption Sector_25 '25': 'claim 25' was refused ('expected a
    territory name'); a number stands for the sector where the action names one, and a
    count stays a count ('place 12 2')."""
    match = played_until(mode, 3, "place" if mode == "mcu-skirmish" else "claim")
    legal = match.legal(0)
    first = legal[0]
    number = int(str(first.args[0]).removeprefix("Sector_"))
    typed = " ".join([first.kind, str(number), *map(str, first.args[1:])])
    before = len(match.record)
    out = session(match, [typed], {0})
    assert "Refused" not in out, out
    assert match.record[before] == (0, first.text()), (typed, match.record[before])


def test_a_single_choice_that_would_tell_the_hand_is_the_player_s_to_send() -> None:
    """A pass forced by the cards in hand (Strike) was taken by the terminal as "(the only
    choice)", telling the other people at the terminal that the hand holds nothing to play;
    as the page does, only a choice every seat can tell is forced is taken for the player.
    A player alone at the terminal against bots has it taken: nobody else sees the screen."""
    for seed in range(1, 60):
        match = Match.start("risk-strike", 3, seed)
        for _ in range(400):
            seats = match.to_move()
            if not seats or (
                seats[0] == 0
                and len(match.legal(0)) == 1
                and not match.game.choices_public(match.state, 0)
            ):
                break
            match.act(seats[0], match.legal(seats[0])[-1])
        if match.to_move()[:1] == (0,) and len(match.legal(0)) == 1:
            break
    else:
        raise AssertionError("no forced choice that hangs on the hand")
    only = match.legal(0)[0]
    before = len(match.record)
    record = list(match.record)
    out = session(match, [], {0, 1})
    assert "(the only choice)" not in out
    assert f"may: {only.text()}" in out and len(match.record) == before

    def again() -> Match:
        played = Match.start("risk-strike", 3, seed)
        for seat, text in record:
            played.act(seat, text)
        return played

    # once sent, it is played as typed
    played = again()
    session(played, [only.text()], {0, 1})
    assert played.record[before] == (0, only.text())
    # alone against bots, it is taken
    played = again()
    assert f"(the only choice) {only.text()}" in session(played, [], {0})
    assert played.record[before] == (0, only.text())


def test_the_dice_prompt_counts_every_placement() -> None:
    """The prompt said "target (0 choices; ...)" for a roll with some thirty: it counted what
    was left after the placements were set apart to be listed one by one."""
    for seed in range(3, 200):
        match, seat = dice_turn("mass-effect-war-assets", seed)
        legal = match.legal(seat)
        if len(legal) > 12:
            break
    else:
        raise AssertionError("no roll with more than 12 placements")
    out = session(match, [], {seat})
    assert f"({len(legal)} choices; 'actions' lists them" in out


def test_load_asks_before_leaving_the_game_in_play(tmp_path: Path) -> None:
    """`load FILE` replaced the game in play at once, where `quit` asks first: a typo of
    `log` or a wrong file name lost the game. A 'no' keeps playing it."""
    match = classic("attack")
    save = tmp_path / "g.json"
    save.write_text(json.dumps(classic("reinforce").to_save()))
    before = match.to_save()
    asked = []
    script = iter([f"load {save}", "n"])

    def read(prompt: str) -> str:
        asked.append(prompt)
        try:
            return next(script)
        except StopIteration:
            raise EOFError from None

    console = Console(record=True, width=200)
    Terminal(
        match, {0}, {s: make_bot("random", match.game.id, s) for s in range(3)}, console, read
    ).run()
    out = console.export_text()
    assert f"Leave this game for the one in {save}? [y/N] " in asked
    assert "Not loaded: still playing this game." in out and "Loaded" not in out
    assert match.to_save() == before


def test_save_writes_through_a_link_and_refuses_what_is_not_a_file(tmp_path: Path) -> None:
    """`save link.json` made the link a plain file, and `save /dev/full` (answered 'y', as
    root) replaced the device with one: a save goes to the file a link names, and a device
    or a pipe is refused."""
    match = classic("attack")
    real, link = tmp_path / "real.json", tmp_path / "link.json"
    real.write_text("{}")
    link.symlink_to(real)
    session(match, [f"save {link}", "y"], {0})
    assert link.is_symlink() and json.loads(real.read_text())["mode"] == "risk-classic"
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    out = session(match, [f"save {pipe}", "y"], {0})
    assert f"cannot save to {pipe}: it is not a regular file" in out
    assert not pipe.is_file() and pipe.exists()


def test_log_after_loading_shows_the_game_so_far(tmp_path: Path) -> None:
    """A loaded game's `log` said "Nothing has happened yet." on turn 1 mid-battle: the
    terminal kept only what it had shown itself. It reads the match's log now, replayed."""
    match = classic("attack")
    save = tmp_path / "g.json"
    session(match, [f"save {save}"], {0})
    out = session(classic("reinforce"), [f"load {save}", "y", "log"], {0})
    assert "Nothing has happened yet." not in out
    last = match.shown(match.log[-1], 0)["text"]
    assert last in out.split("Loaded")[-1]


def test_attack_until_a_count_the_source_cannot_go_down_to_is_refused() -> None:
    """'attack A B until 30' from a territory of 23 did nothing and said nothing; 'until 0'
    went on as 'until 1'. Both are refused with the counts that make sense."""
    match = classic("attack")
    attack = next(a for a in match.legal(0) if a.kind == "attack")
    src, dst = attack.args[0], attack.args[1]
    held = match.state.armies[match.state.board.territory(str(src))]
    before = len(match.record)
    for stop in (held, held + 5, 0):
        out = session(match, [f'attack "{src}" "{dst}" until {stop}'], {0})
        assert f"Refused: {src} holds {held}" in out and f"N goes from 1 to {held - 1}" in out
    assert len(match.record) == before


def test_a_load_at_a_defence_asked_during_attack_until_ends_that_attack(tmp_path: Path) -> None:
    """At one terminal, the defender asked during 'attack A B until N' loaded a save: the
    loop went on attacking in the loaded game, where nobody had declared an attack."""
    match = classic("attack")
    save = tmp_path / "s.json"
    save.write_text(json.dumps(match.to_save()))
    board = match.state.board
    attack = next(a for a in match.legal(0) if a.kind == "attack")
    src, dst = attack.args[0], attack.args[1]
    match.state.armies[board.territory(str(src))] = 30  # a long attack
    match.state.armies[board.territory(str(dst))] = 9  # a defender with a choice of dice
    defender = match.state.owner[board.territory(str(dst))]
    out = session(match, [f'attack "{src}" "{dst}" until 1', f"load {save}", "y"], {0, defender})
    after = out.split(f"Loaded {save}", 1)[1]
    assert " attacks " not in after and "defend" not in after, after  # no roll in it
    assert "Player 1 | step: attacking" in after, after  # the loaded game's own prompt


@pytest.mark.parametrize("mode", ["mcu-skirmish", "mcu-battle-for-manhattan"])
def test_a_sector_number_is_read_by_look_and_in_every_spelling(mode: str) -> None:
    """The help says the number alone names a sector: 'look 32' was refused ("no territory
    '32'") and 'place sector_8 1' offered Sector 48; every spelling of a number names it."""
    match = played_until(mode, 3, "place" if mode == "mcu-skirmish" else "claim")
    board = match.state.board
    for typed in ("7", "07", "Sector 7", "sector_7", "Sector_07", "SECTOR 07"):
        assert board.territories[board.territory(typed)] == "Sector_07"
    out = session(match, ["look 32"], {0})
    assert "Refused" not in out and out.count("Sector 32:") == 1
    first = match.legal(0)[0]
    number = int(str(first.args[0]).removeprefix("Sector_"))
    before = len(match.record)
    session(match, [" ".join([first.kind, f"sector_{number}", *map(str, first.args[1:])])], {0})
    assert match.record[before] == (0, first.text())


def test_a_maneuver_from_a_sector_typed_by_number_is_refused_for_its_reason() -> None:
    """'maneuver 32 7 1' from a sector of one unit: the 7 became Sector_07 and the 32 stayed
    a number ("expected a territory name"); both are sectors now, and the refusal is the
    rules' own."""
    match = Match.start("mcu-skirmish", 5, 3)
    bots = [make_bot("greedy", "mcu-skirmish", s) for s in range(5)]
    while not (match.to_move() == (0,) and any(a.kind == "maneuver" for a in match.legal(0))):
        seat = match.to_move()[0]
        match.act(seat, bots[seat].choose(seat, match.observe(seat), match.legal(seat)))
    st = match.state
    board = st.board
    lone = next(t for t in range(len(board)) if st.owner[t] == 0 and st.armies[t] == 1)
    other = next(t for t in range(len(board)) if st.owner[t] == 0 and t != lone)
    number = int(board.territories[lone].removeprefix("Sector_"))
    to = int(board.territories[other].removeprefix("Sector_"))
    action = match.game.parse(st, 0, f"maneuver {number} {to} 1")
    assert action.args == (board.territories[lone], board.territories[other], 1)
    out = session(match, [f"maneuver {number} {to} 1"], {0})
    assert "Refused" in out and "expected a territory name" not in out


def test_a_bare_bid_is_the_smallest_raise() -> None:
    """'bid' with no amount bid the largest of the offered amounts (M152 for a M100 hero):
    a number left off is the most for counts of armies and dice, the least for a bid."""
    out = monopoly_script(["auction", "bid", "drop out", "end"])
    first = re.search(r"Player 1 bids M(\d+)", out)
    assert first is not None, out
    offered = re.findall(r"may: .*bid (\d+)\.\.\d+", out)  # the least bid to one's cash
    assert offered and int(first[1]) == int(offered[0])


@pytest.mark.parametrize(
    ("mode", "word", "usage"),
    [("risk-classic", "claim", "usage: claim TERRITORY"), ("risk-strike", "draw", "now you may")],
)
def test_an_action_word_alone_is_refused_as_typed(mode: str, word: str, usage: str) -> None:
    """'claim' alone was refused as "'claim 1': expected a territory name", a number the
    player never typed: a number is added to a short form only where this kind's actions end
    with one."""
    match = played_until(mode, 3, word)
    out = session(match, [word], {0})
    assert f"Refused: '{word}' " in out and usage in out, out
    assert f"'{word} 1'" not in out and f"{word} 1 now" not in out


def test_an_mcu_hand_of_one_symbol_says_symbol() -> None:
    """The header said "IM11 (1); 1 symbols"."""
    from warroom.cli.show.mcu import DISPLAY

    assert DISPLAY.hand(0, {"hand": [{"card": "IM11", "symbols": 1}]}) == "IM11 (1); 1 symbol"
    two = [{"card": "IM11", "symbols": 1}, {"card": "TH03", "symbols": 2}]
    assert DISPLAY.hand(0, {"hand": two}) == "IM11 (1), TH03 (2); 3 symbols"
    from warroom.cli.show.mcu_bfm import DISPLAY as BFM

    card = {"card": "CA10", "symbols": 1, "ally": "", "power": "2 more units to place"}
    assert BFM.hand(0, {"hand": [card]}).startswith("CA10 (1 symbol, Ally: ")  # "1 symbols"


def test_a_roll_that_completes_the_card_needs_no_more_rolls() -> None:
    """`odds` at a roll that completes the staged card said "about 0.0 more rolls"."""
    match = Match.start("mass-effect-war-assets", 2, 1)  # Sur'Kesh, its last row matched
    while not (match.state.phase == "match" and len(match.state.open_slots()) == 1):
        seat = match.to_move()[0]
        match.act(seat, match.legal(seat)[0])
    seat = match.to_move()[0]
    said = display_for(match.game.id).odds(match, seat, "")
    assert "100.0% to complete it, no more rolls" in said, said
    assert "0.0 more rolls" not in said


@pytest.mark.parametrize("mode", ["mcu-skirmish", "mcu-battle-for-manhattan"])
def test_mcu_places_by_a_prefix_of_the_names_on_the_board(mode: str) -> None:
    """Help promises names by unique prefix; on the MCU board, whose sectors are named
    Sector_NN with the names shown as aliases, "claim wash", "look mal" and "odds Sector 07
    Washington" were refused as no territory."""
    match = Match.start(mode, 3, 1, {"factions": "random"} if "battle" in mode else {})
    while not (match.to_move() == (0,) and match.legal(0)[0].kind == "claim"):
        seat = match.to_move()[0]
        match.act(seat, match.legal(seat)[-1])
    out = session(match, ["look mal", "look Sokov", "odds Sector 07 Washington", "claim wash"], {0})
    assert "Malibu (01): unclaimed" in out and "Sokovia (40): unclaimed" in out, out
    assert "not two territories" not in out and "there is no" not in out, out
    assert (0, "claim Sector_30") in match.record, out  # Washington D.C. (30)


def test_monopoly_bids_are_offered_as_a_range_and_typed_as_money() -> None:
    """The prompt listed "bid 11,20,60,110", which reads as the only amounts allowed, though
    any whole amount from the least bid to one's cash is; "bid M30", money as the board writes
    it, was refused."""
    match = Match.start("monopoly-avengers", 3, 4)
    bots = [make_bot("greedy", match.game.id, s) for s in range(3)]
    while not (match.state.auction is not None and 0 in match.to_move()):
        seat = match.to_move()[0]
        match.act(seat, bots[seat].choose(seat, match.observe(seat), match.legal(seat)))
    least, cash = match.view(0)["auction"]["min_bid"], match.state.cash[0]
    before = len(match.record)
    out = session(match, ["bid M30"], {0})
    assert f"may: pass; bid {least}..{cash}\n" in out, out
    assert match.record[before] == (0, "bid 30")


def test_a_monopoly_gift_typed_is_offered_as_a_gift_not_at_the_printed_price() -> None:
    """ "offer p3 give Okoye get" was filled in as the listed sample offer, Okoye for M100:
    an offer's money is a term the player sets, so nothing is added to it."""
    match = Match.start("monopoly-avengers", 3, 1)
    session(match, ["draft", "offer p3 give Okoye get"], {0})
    offers = [text for seat, text in match.record if seat == 0 and text.startswith("offer")]
    assert offers == ["offer 'Player 3' give Okoye get"], match.record  # no price added
    assert any("Okoye for nothing" in e.text for e in match.log), [e.text for e in match.log]


def test_the_setup_prompt_says_how_many_starting_armies_are_left() -> None:
    """With 3 to 5 players the prompt said only "placing the starting armies": how many of
    the 35, 30 or 25 were left showed nowhere (the 2-player game's step says its 2)."""
    match = Match.start("risk-classic", 3, 1, {"setup": "deal", "map": "classic-world"})
    seat = match.to_move()[0]
    left = match.state.reserve[seat]
    out = session(match, [], {seat})
    assert f"placing the starting armies | starting armies left: {left}" in out, out
    assert left == 35 - 14  # 42 territories dealt to 3, an army on each


def test_a_line_too_long_is_refused_without_being_echoed() -> None:
    """A pasted page (100,000 characters) came back whole in its refusal, 1,250 lines; the
    terminal takes a line as long as the web takes an action's text."""
    from warroom.core.actions import MAX_TEXT

    match = Match.start("risk-classic", 3, 1)
    before = len(match.record)
    out = session(match, ["x" * 100_000, "look " + "y" * MAX_TEXT], {0})
    assert out.count(f"Refused: a line of at most {MAX_TEXT} characters") == 2, out[-500:]
    assert "xxxxxxxxxx" not in out and "yyyyyyyyyy" not in out
    assert len(match.record) == before


def test_undo_reaches_the_decision_before_a_choice_taken_for_the_player() -> None:
    """Alone against bots, a single legal choice is taken for the player; 'undo' then took
    back only that one, which was taken again at once, so the decision before it could never
    be undone. After an undo the next decision is asked, even if forced."""
    import random

    match = Match.start("risk-classic", 3, 2)
    rng = random.Random(2)
    for _ in range(633):  # random play to a placement that leaves seat 0 a single choice
        seat = match.to_move()[0]
        match.act(seat, rng.choice(list(match.legal(seat))))
    assert match.to_move() == (0,) and Action("place", ("Gaetulia", 5)) in match.legal(0)
    before = match.view(0)
    out = session(match, ["place Gaetulia 5", "undo", "undo"], {0})
    assert "(the only choice)" in out and out.count("Undone: ") == 2, out[-800:]
    assert "Undone: place Gaetulia 5" in out and match.view(0) == before


def test_monopoly_odds_from_jail_count_only_doubles_before_the_last_try() -> None:
    """How do I get out of Jail: before the last try only doubles move the token, so `odds`
    from Jail gives 1/36 to each doubles total and nothing to the rest; on the last try the
    player pays and moves by any roll, so every total counts again."""
    match = Match.start("monopoly-avengers", 2, 3, {})
    st, show = match.state, display_for("monopoly-avengers")
    b = st.board
    st.pos[0], st.jail[0] = b.jail, 0
    four, nine = b.names[b.jail + 4], b.names[b.jail + 9]  # Valkyrie and Black Widow
    assert show.odds(match, 0, four).startswith(f"{four}: 2.8% that your next roll from Jail")
    assert show.odds(match, 0, nine).startswith(f"{nine}: 0.0%")
    assert "only doubles move you" in show.odds(match, 0, "")
    st.jail[0] = b.jail_turns - 1
    assert show.odds(match, 0, nine).startswith(f"{nine}: 11.1%")
    assert "the last try" in show.odds(match, 0, nine)
    st.jail[0] = -1
    assert show.odds(match, 0, four).startswith(f"{four}: 8.3% that your next roll from Jail")


def test_monopoly_prompt_gives_an_offer_s_terms_and_a_debt_s_amount() -> None:
    """Asked to accept or decline, the prompt says what is offered for what (the step says
    only "deciding on a trade offer"); asked to raise money, it says how much is owed, to whom
    and why; and neither says "before Player 2 rolls", which is the window's note."""
    match = Match.start("monopoly-avengers", 2, 3, {})
    st, show = match.state, display_for("monopoly-avengers")
    hulk, stark = st.board.hero("Hulk"), st.board.card_deck.index(0)  # a Stark Industries card
    st.owner[hulk], st.current, st.window = 1, 1, [0]
    st.offer = Offer(1, 0, (hulk,), 0, (), (), 100, (stark,))
    bits = show.header(match, 0, match.view(0))
    assert bits[1] == "Player 2 offers Hulk for M100, a Stark Industries card", bits
    assert not any("rolls" in bit for bit in bits)
    st.offer = None
    assert "before Player 2 rolls" in show.header(match, 0, match.view(0))[1]
    st.owner[hulk], st.debts = 0, [(0, BANK, 1600, "Income Tax")]
    bits = show.header(match, 0, match.view(0))
    assert bits[1:] == ["you owe M1600 to the Bank (Income Tax)"], bits


def test_monopoly_prompt_in_jail_says_so_with_what_each_way_out_costs() -> None:
    """In Jail the prompt read "rolling the dice ... may: roll; pay; use stark-card": not that
    the player was in Jail, what paying costs, or what the card does."""
    match = Match.start("monopoly-avengers", 2, 3, {})
    st, show, b = match.state, display_for("monopoly-avengers"), match.state.board
    seat = st.current
    st.pos[seat], st.jail[seat] = b.jail, 0
    bits = show.header(match, seat, match.view(seat))
    fine = f"M{b.jail_fine}"
    assert f"in Jail, try 1 of {b.jail_turns}: roll doubles to leave, or pay {fine} now" in bits
    st.held[seat] = [b.card_deck.index(0)]
    st.jail[seat] = b.jail_turns - 1
    said = show.header(match, seat, match.view(seat))[-1]
    assert said.startswith(f"in Jail, last try: roll, and without doubles pay {fine} and move")
    assert said.endswith("or use stark-card to leave free"), said
    st.jail[seat] = -1
    assert not any("Jail" in bit for bit in show.header(match, seat, match.view(seat)))


def test_the_prompt_says_a_trade_comes_first_when_placing_is_not_offered() -> None:
    """Earning Cards: with five cards the player must trade before placing, so `place` is not
    offered; the prompt says why, and says nothing of it with fewer cards."""
    match = classic("reinforce")
    st, show = match.state, display_for("risk-classic")
    st.hands[0] = st.deck[:4]
    assert not any("trade first" in bit for bit in show.header(match, 0, match.view(0)))
    st.hands[0] = st.deck[:5]
    assert "trade first: 5 cards are too many to keep" in show.header(match, 0, match.view(0))
    st.elimination_trade = True
    assert "trade first: 5 cards are too many to keep after an elimination" in show.header(
        match, 0, match.view(0)
    )


def test_risk_help_names_territories_of_the_board_being_played() -> None:
    """`help` shows its examples on the map in play: the classic world's names there, not
    Ancient Earth's Gaul."""
    out = session(classic("reinforce"), ["help"], {0})
    assert "attack Alaska Alberta 3" in out and "Gaul" not in out
    out = session(Match.start("risk-classic", 3, 1), ["help"], {0})
    assert "attack Hibernia Caledonia 3" in out


def test_monopoly_a_name_several_spaces_share_is_looked_at_and_weighed_as_one() -> None:
    """`look stark` was "could be any of Stark Industries, Stark Industries, Stark
    Industries: type more of the name", which no typing settles, and `odds stark industries`
    answered for the first of the three spaces alone."""
    match = Match.start("monopoly-avengers", 3, 7, {})
    show, b = display_for("monopoly-avengers"), match.state.board
    spaces = [s for s, n in enumerate(b.names) if n == "Stark Industries"]
    assert len(spaces) > 1
    first = show.look(match, 0, "stark").splitlines()[0]
    assert first.endswith(f"; also spaces {', '.join(map(str, spaces[1:]))}"), first
    # from space 30, a 3 reaches space 33 and a 12 space 2: 3 rolls in 36
    assert spaces == [2, 17, 33] and len(b) == 40
    match.state.pos[0] = 30
    said = show.odds(match, 0, "stark industries")
    assert said.startswith("Stark Industries: 8.3% that your next roll from ")
    assert "lands on one of them (spaces 2, 17, 33)" in said


def test_look_shows_what_the_board_marks_on_a_place() -> None:
    """`look 25` in Battle for Manhattan left out the dock and the Ally the board showed on
    Sector_25 ("[dock] [Captain America's Ally 1]"), and Galaxy at War's left out Harbinger."""
    for mode, players in (("mcu-battle-for-manhattan", 4), ("mass-effect-galaxy-at-war", 3)):
        match = Match.start(mode, players, 3, {})
        show = display_for(mode)
        for _ in range(400):
            seat = match.to_move()[0]
            match.act(seat, match.legal(seat)[0])
        view = match.view(0)
        marked = [row for row in view["territories"] if show.marks(view, row)]
        assert marked, mode
        for row in marked[:5]:
            first = show.look(match, 0, row["name"]).splitlines()[0]
            assert show.marks(view, row) + ";" in first, (mode, first)


def test_look_at_no_place_names_the_board_of_planets_or_sectors() -> None:
    """`look IM10` said "there is no territory 'IM10'" in a game of sectors, and of planets in
    Galaxy at War; it is said of the board, with the name meant where a typo is near one."""
    for mode, board in (
        ("mcu-skirmish", "RISK MCU: Manhattan"),
        ("mass-effect-galaxy-at-war", "RISK Mass Effect: the galaxy"),
    ):
        match = Match.start(mode, 3, 3, {})
        with pytest.raises(WarroomError, match=f"^there is no 'IM10' on {board}"):
            display_for(mode).look(match, 0, "IM10")
    match = Match.start("risk-classic", 3, 3, {"map": "classic-world"})
    with pytest.raises(WarroomError, match=r"\(did you mean Alberta\?\)"):
        display_for("risk-classic").look(match, 0, "Alberat")
