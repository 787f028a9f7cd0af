"""OpenSpiel's explicit chance: every draw the rules make is a chance node of its equally
likely outcomes, the history is the whole game, and a step waiting on chance changes nothing
of the state it began at. Cheap: short walks, a few hundred moves per mode."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import numpy as np
import pytest

import warroom.games as games
from warroom.core import Action, WarroomError
from warroom.rl import open_spiel_game
from warroom.rl.encoding import PICK0, spell, symbol_token
from warroom.rl.table import Table

pyspiel = pytest.importorskip("pyspiel")

MODES = [g.id for g in games.modes()]


def short(mode: str) -> dict[str, Any]:
    names = {o.name for o in games.get_mode(mode).options}
    return {"max_steps": 150, **({"turn_limit": 6} if "turn_limit" in names else {})}


def walk(state: Any, pick: random.Random, moves: int) -> list[tuple[int, int]]:
    """Play `moves` moves at random (chance outcomes uniformly); the chance nodes met, as
    (outcomes listed, their probabilities' sum scaled by 10**6)."""
    met = []
    for _ in range(moves):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert [o for o, _ in outcomes] == state.legal_actions()
            met.append((len(outcomes), round(sum(p for _, p in outcomes) * 10**6)))
            state.apply_action(pick.randrange(len(outcomes)))
        else:
            state.apply_action(pick.choice(state.legal_actions()))
    return met


@pytest.mark.parametrize("mode", MODES)
def test_chance_nodes_are_equally_likely_outcomes_summing_to_one(mode: str) -> None:
    game = open_spiel_game(mode, **short(mode))
    state = game.new_initial_state()
    assert state.is_chance_node(), "setup draws (first player, deals, shuffles) come first"
    met = walk(state, random.Random(1), 400)
    assert met and all(total == 10**6 for _, total in met)
    assert game.max_chance_outcomes() >= max(size for size, _ in met)


@pytest.mark.parametrize("mode", MODES)
def test_a_history_replayed_gives_the_identical_state(mode: str) -> None:
    game = open_spiel_game(mode, **short(mode))
    state = game.new_initial_state()
    walk(state, random.Random(2), 300)
    again = game.new_initial_state()
    for action in state.history():
        again.apply_action(action)
    loaded = pickle.loads(pickle.dumps(state))
    _, deserialized = pyspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(game, state)
    )
    for twin in (again, loaded, deserialized):
        assert str(twin) == str(state) and twin.history() == state.history()
        assert twin.table.state == state.table.state
        for seat in range(game.num_players()):
            assert twin.information_state_string(seat) == state.information_state_string(seat)
            assert np.array_equal(twin.observation_tensor(seat), state.observation_tensor(seat))
        assert twin.returns() == state.returns()


@pytest.mark.parametrize("mode", MODES)
def test_a_step_waiting_on_chance_leaves_the_state_it_began_at_unchanged(mode: str) -> None:
    """Rules draw from their own copy of the generator after copying the state, so a step
    retried with each new outcome starts from the same state, and leaves it as it was."""
    options = {key: 30 if key == "turn_limit" else value for key, value in short(mode).items()}
    table = Table(mode, **{**options, "max_steps": 0})
    table.reset_explicit()
    pick = random.Random(3)
    checked = 0
    while checked < 3 and not table.over:
        if not table.chance:
            table.step(pick.choice(table.decision().legal_tokens()))
        elif table.pending is None:  # the setup's draws: no state yet
            table.resolve(pick.randrange(table.chance))
        else:
            before, snapshot = table.state, copy.deepcopy(table.state)
            while table.chance and table.state is before:
                assert before == snapshot
                table.resolve(pick.randrange(table.chance))
            assert table.state is not before and before == snapshot
            checked += 1
    assert checked == 3


def _spell(table: Table, target: Action) -> None:
    """The learner to move spells `target`, token by token, reading only the mask."""
    decision = table.decision()
    symbols = spell(target)
    while decision.action is None:  # the table's decision, which each token advances
        if decision.collision:
            token = PICK0 + decision.collision.index(str(symbols[len(decision.prefix)][1]))
        else:
            token = symbol_token(symbols[len(decision.prefix)])
        table.step(token)


def test_a_classic_three_dice_against_two_is_one_chance_node_of_every_roll() -> None:
    """The engine rolls a battle's five dice as one draw into the 6**5 equally likely faces:
    one chance node of 7,776 outcomes, where outcome 7,775 is five sixes (defender wins)."""
    table = Table("risk-classic", 2, defender_dice="choose")
    table.reset_explicit()
    pick = random.Random(4)
    nodes = []
    for _ in range(3000):
        if table.chance:
            waiting = table.pending
            if waiting is not None and waiting[1].kind == "defend":
                nodes.append((table.state.attack_dice, waiting[1].args[0], table.chance))
                if nodes[-1][:2] == (3, 2):
                    break
            table.resolve(pick.randrange(table.chance))
            continue
        actions = table.decision().actions
        wanted = [a for a in actions if a.kind == "attack" and a.args[-1] == 3]
        wanted += [a for a in actions if a.kind == "defend" and a.args[0] == 2]
        _spell(table, wanted[0] if wanted else actions[0])
    assert nodes and all(size == 6 ** (att + dfd) for att, dfd, size in nodes)
    assert nodes[-1] == (3, 2, 7776)
    armies = list(table.state.armies)
    source, target = table.state.attack_from, table.state.attack_to
    table.resolve(7775)  # (6, 6, 6, 6, 6): ties, so the attacker loses two
    assert table.state.armies[source] == armies[source] - 2
    assert table.state.armies[target] == armies[target]


def test_openspiel_takes_no_seed_or_generator() -> None:
    for name in ("seed", "generator"):
        with pytest.raises(WarroomError, match="chance is explicit"):
            open_spiel_game("risk-strike", **{name: 1})


def test_a_fresh_process_loads_any_mode_by_name_and_a_saved_state() -> None:
    """`pyspiel.load_game("warroom_<mode>")` and deserializing a saved state failed in a fresh
    process ("Unknown game") for every mode `open_spiel_game` had not loaded there: importing
    `warroom.rl.spiel` now registers them all."""
    import subprocess
    import sys

    game = open_spiel_game("mcu-guardians", players=2, max_steps=150)
    state = game.new_initial_state()
    walk(state, random.Random(3), 40)
    saved = pyspiel.serialize_game_and_state(game, state)
    script = (
        "import sys, pyspiel, warroom.rl.spiel\n"
        "print(pyspiel.load_game('warroom_risk_strike(players=2,turn_limit=30)'))\n"
        "_, state = pyspiel.deserialize_game_and_state(sys.stdin.read())\n"
        "print(state.history())\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], input=saved, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("warroom_risk_strike(")
    assert lines[1] == str(state.history())
