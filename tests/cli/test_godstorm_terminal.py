"""RISK Godstorm in the terminal (issue 17): both boards with their pieces, the pantheons' faith,
reserve and cards (the seat's own in full, others' as counts by deck), the epoch and the faith
bid, `look` for a territory and an Underworld space, help, and a sealed bid typed in."""

from __future__ import annotations

import re
from collections.abc import Callable

from rich.console import Console

from tests.cli.test_terminal import session
from warroom.bots import make_bot
from warroom.cli.play import Terminal
from warroom.cli.show import display_for
from warroom.cli.show.godstorm import GodstormDisplay
from warroom.cli.show.risk import loss_words
from warroom.core import Match
from warroom.games.godstorm.invasion import NO_SKY, army_rule
from warroom.games.godstorm.odds import invasion_between
from warroom.games.godstorm.rules import battle_words, describe
from warroom.odds import invasion, roll_distribution

MODE = "risk-godstorm"


def played_until(seed: int, done: Callable[[Match], bool]) -> Match:
    """A 3-player game played by random bots until `done(match)` holds."""
    match = Match.start(MODE, 3, seed)
    bots = [make_bot("random", MODE, s) for s in range(3)]
    while not done(match):
        seat = match.to_move()[0]
        match.act(seat, bots[seat].choose(seat, match.observe(seat), match.legal(seat)))
    return match


def test_godstorm_has_its_display() -> None:
    assert isinstance(display_for(MODE), GodstormDisplay)


def test_board_look_help_and_a_sealed_bid() -> None:
    match = played_until(3, lambda m: m.state.phase == "bid" and 0 in m.to_move())
    view = match.view(0)
    me = view["players"][0]["name"]
    out = session(
        match, ["board", "look Gaul", "look gate of h", "look Kurnugia", "help", "bid 1"], {0}
    )
    # Ancient Earth by region with bonuses, the plague lands and the first temples marked
    assert "Ancient Earth" in out and "Germania +5" in out and "Hyrkania +2" in out
    plague = next(t for t in view["territories"] if t["plague"])
    temple = next(t for t in view["territories"] if t["temple"])
    assert f"{plague['name']} [P]" in out or f"{plague['name']} [T] [P]" in out
    assert f"{temple['name']} [T]" in out
    god = next(t for t in view["territories"] if t["gods"])["gods"][0]
    assert f"[{god['name']} war]" in out  # each god of war, named, where it stands
    # the Underworld by kind of space; each pantheon's heaven
    for title in ("The Underworld", "Heavens", "Gates", "Altars", "Crypts"):
        assert title in out
    heaven = next(u for u in view["underworld"] if u["kind"] == "heaven" and u["owner"])
    assert f"{heaven['name']} ({heaven['owner']})" in out
    # the pantheons, the epoch and the bid, then look and help
    assert f"{me} (you)" in out and "faith" in out and "reserve" in out
    assert "Epoch 1 of 5: sealing a faith bid for turn order" in out
    assert "Faith bid (sealed):" in out
    assert f"seal a bid from 0 to {view['players'][0]['faith']}" in out
    assert "Gaul: " in out and "region Germania (+5)" in out and "Iberia (" in out
    assert "Gate of Horn: " in out and "a gate: the way in from every heaven" in out
    assert "across a flame border (no attack)" in out
    assert "a heaven: holds its pantheon's dead, cannot be attacked" in out
    assert "descend heaven Gate of Horn" in out  # the mode's help
    # the bid is sealed: the seat sees its own amount, and the game goes on
    assert f"{me} bid 1 faith" in out  # a pantheon's name is a plural
    assert "Refused" not in out


def test_own_cards_in_full_and_others_by_deck() -> None:
    def holding(m: Match) -> bool:
        hands = m.state.hands
        return m.to_move() == (0,) and bool(hands[0]) and any(hands[1:])

    match = played_until(5, holding)
    out = session(match, ["board"], {0})
    mine = describe(match.game.observe(match.state, 0), 0, match.to_move())
    for card in mine["cards"]:
        assert f"{card['id']} {card['name']} ({card['deck']}" in out
    other = next(s for s in (1, 2) if match.state.hands[s])
    counts = mine["players"][other]["hand_counts"]
    shown = " ".join(f"{n} {deck}" for deck, n in counts.items() if n)
    assert shown in out
    hidden = {match.state.parts.cards[c].name for c in match.state.hands[other]}
    hidden -= {c["name"] for c in mine["cards"]}
    assert not any(name in out for name in hidden)


def test_sunk_atlantis_and_forced_choices() -> None:
    match = played_until(3, lambda m: m.state.phase == "invade" and m.to_move() == (0,))
    match.state.sunk = True  # as after The Sea Is Your Tomb: the display reads it from the view
    out = session(match, ["board", "look Tritonis"], {0})
    assert "Atlantis +3 (sunk)" in out
    assert "Tritonis [sunk]" in out and "Tritonis: sunk with Atlantis" in out
    # a single legal action is taken without asking
    single = played_until(3, lambda m: m.to_move() == (0,) and len(m.legal(0)) == 1)
    assert "(the only choice)" in session(single, [], {0})


def test_the_prompt_names_the_seat() -> None:
    """The prompt is the seat's name, not its whole row of the view (players are rows here)."""
    match = played_until(3, lambda m: m.state.phase == "bid" and 0 in m.to_move())
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        raise EOFError

    Terminal(match, {0}, {}, Console(record=True, width=200), read).run()
    assert prompts[0] == f"{match.view(0)['players'][0]['name']}> "  # then the offer to save


def test_a_defence_names_the_battle() -> None:
    """Defending, the seat reads the battle as the page's status line says it: who attacks
    which land with how many armies, from where, with how many dice and which gods, what they
    do to the dice, and the dice it may defend with."""
    match = played_until(
        3, lambda m: m.state.phase == "defend" and m.to_move() == (0,) and len(m.legal(0)) > 1
    )
    out = " ".join(session(match, [], {0}).split())  # the console wraps a long header
    assert (
        "Egyptians attack your Ionia (4 armies) from Graecia (4) with 3 dice and Set, god of "
        "war (the attacker wins ties) — defend with 1 or 2 dice." in out
    )
    # a land with a temple says so; the attacker's own view says whom it waits on
    temple = played_until(
        8, lambda m: m.state.phase == "defend" and m.to_move() == (0,) and len(m.legal(0)) > 1
    )
    temple_out = " ".join(session(temple, [], {0}).split())
    assert "(the temple rerolls the defender's 1s until none is left)" in temple_out
    assert battle_words(temple.view(1), 1, []) == (
        "You attack Babylonians' Thule (3 armies) from Alemannia (6) with 3 dice (the temple "
        "rerolls the defender's 1s until none is left) — waiting for Babylonians to defend."
    )


def test_a_defence_of_the_neutral_says_whose_land_the_seat_defends() -> None:
    """A23: with 2 players a seat defends the neutral pantheon's land; it was asked 'defend
    with 1 or 2 dice' as if the land were its own. The 2-player piles say what they are."""
    match = Match.start(MODE, 2, 3)
    bots = [make_bot("random", MODE, s) for s in range(2)]
    piles = set()
    while True:
        seat = match.to_move()[0]
        view = match.view(seat)
        if view["phase"] == "pile":
            piles.add(view["step"])
        if view["phase"] == "defend" and len(match.legal(seat)) > 1:
            target = next(t for t in view["territories"] if t["name"] == view["invasion"]["to"])
            if target["seat"] is None:
                break
        match.act(seat, bots[seat].choose(seat, match.observe(seat), match.legal(seat)))
    assert view["battle"].endswith(f"— you defend for {target['owner']} with 1 or 2 dice.")
    assert piles == {
        "taking one of the face-down piles of territory cards (the one left goes neutral)"
    }


def test_look_at_a_miracle_in_hand_says_what_it_does() -> None:
    """The header names the hand by id ('miracles: war-11 (3)'); 'look war-11' was refused as
    no territory. It now shows the card: name, deck, cost and what it does."""
    match = played_until(3, lambda m: m.to_move() == (0,) and bool(m.view(0).get("cards")))
    card = match.view(0)["cards"][0]
    typed = f"look {card['id'].upper()}"
    out = " ".join(session(match, [typed], {0}).split()).split(typed)[-1]  # after the command
    assert "Refused" not in out and f"{card['id']} {card['name']} ({card['deck']}," in out, out
    assert " ".join(card["does"].split()) in out, out


def test_a_defence_gives_each_choice_s_roll_in_the_game_s_dice() -> None:
    """The defender's prompt and `actions` give each number of dice's exact outcomes of this
    roll, in the dice the game rolls for it: here the temple's rerolls."""
    match = played_until(
        8, lambda m: m.state.phase == "defend" and m.to_move() == (0,) and len(m.legal(0)) > 1
    )
    st = match.state
    assert st.invasion is not None
    rule = army_rule(st, st.invasion, st.sky or NO_SKY)  # what `army_roll` rolls with
    assert rule.defender.reroll_until  # the temple
    out = " ".join(session(match, ["actions"], {0}).split())
    for dice in (1, 2):
        words = ", ".join(
            f"{loss_words(a, d)} {float(p):.1%}"
            for (a, d), p in roll_distribution(rule, st.attack_dice, dice).items()
        )
        said = f"{dice} {'die' if dice == 1 else 'dice'}: {words}"
        assert out.count(said) >= 2, said  # the prompt, and `actions` beside "defend 1..2"
    assert "defend 1..2 (1 die: " in out


def test_odds_of_an_invasion_as_the_board_stands_and_beside_each_invade() -> None:
    """`odds FROM TO` and `actions` give each invasion's chance in the game's own dice: the
    source's gods, the temple, relics and any godswar (`invasion_between`), read as a
    spectator sees the board; gods declared out (`odds FROM TO -`) change it."""
    match = played_until(
        3,
        lambda m: (
            m.state.phase == "invade"
            and any(a.kind == "invade" and a.args[2] != "-" for a in m.legal(m.to_move()[0]))
        ),
    )
    seat = match.to_move()[0]
    chosen = next(a for a in match.legal(seat) if a.kind == "invade" and a.args[2] != "-")
    source, target, gods = (str(x) for x in chosen.args[:3])
    spectator = match.game.observe(match.state, None)
    full = invasion_between(spectator, source, target)
    bare = invasion_between(spectator, source, target, [])
    assert round(full.p_conquest, 3) != round(bare.p_conquest, 3)  # the gods count
    typed = ["actions", f"odds {source} {target}", f"odds {source} {target} -"]
    out = " ".join(session(match, typed, {seat}).split())
    beside = rf"invade {source} {target} {re.escape(gods)} [\d.]+ \(([\d]+)% to take it"
    shown = re.search(beside, out)
    assert shown is not None, out
    assert shown.group(1) == f"{100 * full.p_conquest:.0f}"
    for odds in (full, bare):
        assert f"invading {target} ({odds.defenders}): {odds.p_conquest:.1%} chance" in out


def test_odds_of_a_descent_from_the_heaven_roll_plain_dice_with_every_army() -> None:
    """G110, A18: into a gate from the heaven, plain dice, every army in the heaven may go
    (none stays behind), as `actions` and `odds heaven GATE` say."""
    match = played_until(
        5, lambda m: any(a.kind == "descend" for s in m.to_move() for a in m.legal(s))
    )
    seat = match.to_move()[0]
    descent = next(a for a in match.legal(seat) if a.kind == "descend" and a.args[0] == "heaven")
    gate = str(descent.args[1])
    st = match.state
    armies, defenders = st.heaven[seat], st.space_armies[st.parts.underworld.territory(gate)]
    p = invasion(armies + 1, defenders).p_conquest  # "+1": the one a space would keep back
    heaven = st.parts.underworld.territories[st.parts.heaven[st.pantheon[seat]]]
    asked = ["actions", f"odds heaven {gate}", f"odds {heaven} {gate}"]
    out = " ".join(session(match, asked, {seat}).split())
    assert f"descend heaven '{gate}' ({p:.0%} to take it)" in out, out
    assert f"the heaven ({armies} armies, all may go) invading {gate} ({defenders}): {p:.1%}" in out
    # the heaven by its own name (the invasion's line names it so) is the same raid
    assert f"{heaven} ({armies} armies, all may go) invading {gate} ({defenders}): {p:.1%}" in out


def test_odds_with_fewer_than_two_words_says_both_ways_to_ask() -> None:
    """`odds` alone or with one place names both forms, as the other modes' `odds` does,
    not "'' is not two places"."""
    match = Match.start(MODE, 3, 1)
    out = " ".join(session(match, ["odds", "odds Roma"], {match.to_move()[0]}).split())
    usage = "write 'odds FROM TO' (gods after them, '-' for none) or 'odds ATTACKERS DEFENDERS'"
    assert out.count(usage) == 2, out
    assert "is not two places" not in out


def test_the_pantheons_table_fits_80_columns_with_gods_and_relics_below() -> None:
    """At 80 columns each pantheon's row stays one line (it wrapped into two or three when the
    gods and relics were columns); where its gods stand and its relics follow as lines."""

    def placed(m: Match) -> bool:
        players = m.view(None)["players"]
        return any(any(p["gods"].values()) for p in players) and any(p["relics"] for p in players)

    match = played_until(5, placed)
    console = Console(record=True, width=80)
    display_for(MODE).board(console, match, 0)
    lines = console.export_text().splitlines()
    table = lines[lines.index(next(x for x in lines if x.startswith("pantheon"))) :]
    table = table[: table.index(next(x for x in table if x.startswith("Epoch")))]
    # a wrapped row goes on under its first column, so its next line starts with blanks
    assert not any(line.startswith(" ") for line in table), "\n".join(table)
    shown = " ".join(lines)
    for p in match.view(0)["players"]:
        assert sum(line.startswith(f"■ {p['name']}") for line in table) == 1
        for deck, where in p["gods"].items():
            if where is not None:
                assert f"{p['god_names'][deck]} ({deck}) in {where}" in shown
        for relic in p["relics"]:
            assert relic in shown
