"""The exact chain against the game itself, played for many turns by tokens that never draft."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
from typer.testing import CliRunner

from warroom.cli.main import app
from warroom.core import Action
from warroom.odds.monopoly import board_odds, hero_income, set_income
from warroom.rules.monopoly import board

from .helpers import B, G

TURNS = 12_000  # per seed, two seeds, two players: 48,000 turns


def simulate(seed: int) -> tuple[np.ndarray, np.ndarray, int]:
    """Turn-end spaces (index 40: in Jail) and landings, counted from the game's own events.

    Nobody drafts or bids, everyone stays in Jail to roll for doubles, cash is topped up,
    and a Get Out of Jail Free card goes straight back to the bottom of its deck (as the
    chain assumes: it moves no one and is never used)."""
    st = G.new_game(2, seed, {})
    n = len(B)
    ends = np.zeros(n + 1)
    lands = np.zeros(n)
    turns = 0
    prefer = ("ask", "pass", "auction", "done", "roll", "end")
    while turns < TURNS:
        seat = G.to_move(st)[0]
        legal = {a.kind for a in G.legal_actions(st, seat)}
        kind = next(k for k in prefer if k in legal)
        if kind == "ask":
            raise AssertionError("nobody owns a hero here")
        if kind == "end":
            ends[n if st.jail[seat] >= 0 else st.pos[seat]] += 1
            turns += 1
        st, events = G.apply(st, seat, Action(kind))
        for e in events:
            if e.kind == "land":
                lands[e.data["space"]] += 1
        for p in range(2):
            st.bank_net += 10_000 - st.cash[p]
            st.cash[p] = 10_000
            for c in st.held[p]:
                st.decks[B.card_deck[c]].append(c)
            st.held[p] = []
    return ends, lands, turns


def test_chain_is_a_distribution() -> None:
    o = board_odds("avengers", "stay", 0)
    assert math.isclose(o.end.sum(), 1.0, abs_tol=1e-9)
    assert o.end[B.go_to_jail] == 0.0  # nobody ends a turn on Go to Jail
    assert all(o.end[s] < o.landings[s] for s in range(len(B)) if B.kind[s] == "deck")
    assert 1.0 < o.rolls_per_turn < 1.3
    pay = board_odds("avengers", "pay", 0)
    assert pay.end[len(B)] < o.end[len(B)]  # paying at once spends fewer turns in Jail
    more = board_odds("avengers", "stay", 5)
    assert more.rolls_per_turn > o.rolls_per_turn  # more battle dice, more escapes


def test_chain_matches_a_long_simulation_of_the_game() -> None:
    o = board_odds("avengers", "stay", 0)
    ends = np.zeros(len(B) + 1)
    lands = np.zeros(len(B))
    turns = 0
    for seed in (1, 2):
        e, l_, t = simulate(seed)
        ends += e
        lands += l_
        turns += t
    # Tolerance: 5 standard errors of a proportion, widened by 1.5 for the correlation
    # between a token's successive turns (and the cycled, not redrawn, decks).
    for s in range(len(B) + 1):
        p = o.end[s]
        tol = 5 * 1.5 * math.sqrt(max(p * (1 - p), 1e-4) / turns)
        assert abs(ends[s] / turns - p) < tol, (s, ends[s] / turns, p, tol)
    for s in range(len(B)):
        p = o.landings[s]
        tol = 5 * 1.5 * math.sqrt(max(p, 1e-4) / turns)
        assert abs(lands[s] / turns - p) < tol, (s, lands[s] / turns, p, tol)


def test_income_is_landings_times_payment() -> None:
    b = board("avengers")
    o = board_odds()
    income = hero_income(b, o)
    hulk = b.hero("Hulk")
    assert math.isclose(income[hulk]["HQ"], o.landings[hulk] * b.payments[hulk][5])
    assert math.isclose(income[hulk]["set"], 2 * income[hulk]["alone"])
    ws = b.hero("Winter Soldier")
    assert math.isclose(income[ws]["2 owned"], o.landings[ws] * 70)
    sets = set_income(b, o)
    assert sets["green"]["HQ"] > sets["green"]["4 bases"] > sets["green"]["set"]


def test_cli_odds_json_and_table() -> None:
    runner = CliRunner()
    res = runner.invoke(app, ["monopoly", "odds", "--json", "--jail", "pay"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["jail"] == "pay" and len(data["spaces"]) == len(B) + 1
    assert math.isclose(sum(s["end_of_turn"] for s in data["spaces"]), 1.0, abs_tol=1e-9)
    assert "Hulk" in data["heroes_income"] and "green" in data["sets_income"]
    res = runner.invoke(app, ["monopoly", "odds"], env={"COLUMNS": "200"})
    assert res.exit_code == 0 and "Captain Marvel" in res.output
    # A dice hero's two figures (one owned, both owned) sit under "alone" and "set": they
    # were under "set" and "1 base".
    shown = json.loads(runner.invoke(app, ["monopoly", "odds", "--json"]).output)
    income = shown["heroes_income"]["Winter Soldier"]
    row = next(line for line in res.output.splitlines() if "Winter Soldier *" in line)
    cells = [c.strip() for c in row.strip("│ ").split("│")]
    assert cells[1:3] == [f"{v:.2f}" for v in income.values()] and not any(cells[3:]), cells
    res = runner.invoke(app, ["monopoly", "odds", "--jail", "never"])
    assert res.exit_code == 2


def test_cli_odds_plot(tmp_path: Path) -> None:
    png = tmp_path / "ends.png"
    res = CliRunner().invoke(app, ["monopoly", "odds", "--plot", str(png)])
    assert res.exit_code == 0, res.output
    assert png.read_bytes()[:4] == b"\x89PNG"
    assert f"wrote {png}" in " ".join(res.output.split())
    res = CliRunner().invoke(app, ["monopoly", "odds", "--plot", str(tmp_path / "no/such/x.png")])
    assert res.exit_code == 2 and "cannot write" in res.output
    for name in ("ends.txt", "ends.jpg"):  # a ValueError traceback; a JPEG named as asked
        res = CliRunner().invoke(app, ["monopoly", "odds", "--plot", str(tmp_path / name)])
        assert res.exit_code == 2 and f"give a file name ending in .png, not '{name}'" in res.output
        assert not (tmp_path / name).exists()


def test_cli_odds_refuses_more_heroes_than_there_are() -> None:
    res = CliRunner().invoke(app, ["monopoly", "odds", "--heroes", "25"])
    assert res.exit_code == 2 and "at most the 24 hero cards, not 25" in res.output
    assert CliRunner().invoke(app, ["monopoly", "odds", "--heroes", "24", "--json"]).exit_code == 0
