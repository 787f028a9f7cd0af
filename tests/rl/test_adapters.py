"""The three learning environments pass their libraries' own checks for every registered mode,
reproduce an episode from a seed, and keep every legal action reachable. Cheap on purpose:
short games (turn limits where a mode has them, truncation otherwise) and few steps."""

from __future__ import annotations

import re
from typing import Any

import numpy as np
import pytest

import warroom.games as games
from warroom.rl import gymnasium_env, open_spiel_game, pettingzoo_env
from warroom.rl.table import Table

MODES = [g.id for g in games.modes()]


def short(mode: str, steps: int) -> dict[str, Any]:
    """Options for a short game: a turn limit where the mode has one, and a truncation."""
    names = {o.name for o in games.get_mode(mode).options}
    return {"max_steps": steps, **({"turn_limit": 6} if "turn_limit" in names else {})}


@pytest.mark.parametrize("mode", MODES)
def test_gymnasium_env_checker(mode: str) -> None:
    from gymnasium.utils.env_checker import check_env

    env = gymnasium_env(mode, opponents="random", **short(mode, 200))
    check_env(env, skip_render_check=True)


# PettingZoo's checker warns of any observation that is not a plain array; a dict with an action
# mask is what its own classic games use.
@pytest.mark.filterwarnings("ignore:Observation:UserWarning")
@pytest.mark.parametrize("mode", MODES)
def test_pettingzoo_api_test(mode: str) -> None:
    from pettingzoo.test import api_test

    api_test(pettingzoo_env(mode, **short(mode, 200)), num_cycles=60)


@pytest.mark.parametrize("mode", MODES)
def test_open_spiel_random_simulation(mode: str) -> None:
    import pyspiel

    game = open_spiel_game(mode, **short(mode, 60))
    # Explicit chance, so the serialization round trip is on: a state is its moves, replayed.
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    assert game.num_players() == games.get_mode(mode).min_players
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC


def _episode(env: Any, seed: int, steps: int) -> list[tuple[bytes, float]]:
    """Observations and rewards of `steps` steps taking the last legal token each time."""
    observation, info = env.reset(seed=seed)
    out = [(observation.tobytes(), 0.0)]
    for _ in range(steps):
        token = int(np.flatnonzero(info["action_mask"])[-1])
        observation, reward, terminated, truncated, info = env.step(token)
        out.append((observation.tobytes(), reward))
        if terminated or truncated:
            break
    return out


@pytest.mark.parametrize("mode", MODES)
def test_a_seeded_reset_reproduces_the_episode(mode: str) -> None:
    env = gymnasium_env(mode, opponents="random", **short(mode, 0))
    first = _episode(env, 11, 40)
    assert _episode(env, 11, 40) == first
    assert _episode(env, 12, 40) != first


def test_a_reset_always_leaves_the_seat_a_choice() -> None:
    """At a turn limit of 1, many Monopoly games end before seat 1 has a real choice; `reset`
    plays on to one where it has (a game it could not act in has no step to take)."""
    env = gymnasium_env("monopoly-avengers", seat=1, opponents="random", turn_limit=1)
    for seed in range(10):
        observation, info = env.reset(seed=seed)
        assert not env.table.over and info["action_mask"].any()
        assert np.array_equal(env.reset(seed=seed)[0], observation)
        env.step(int(np.flatnonzero(info["action_mask"])[0]))


def test_a_pettingzoo_game_over_at_reset_ends_every_agent() -> None:
    """A game whose every action was forced is over at `reset`: each agent is terminated
    with its reward, as at any other end (Monopoly at a turn limit of 1)."""
    env = pettingzoo_env("monopoly-avengers", turn_limit=1)
    seed = next(s for s in range(40) if (env.reset(seed=s), env.table.over)[1])
    env.reset(seed=seed)
    rewards = {}
    for agent in env.agent_iter(max_iter=10):
        _, reward, terminated, truncated, _ = env.last()
        assert terminated and not truncated
        rewards[agent] = reward
        env.step(None)
    assert set(rewards) == set(env.possible_agents) and not env.agents
    assert sum(rewards.values()) == pytest.approx(1.0)


def test_opponents_one_tier_per_other_seat() -> None:
    env = gymnasium_env("risk-strike", seat=1, opponents=["random", "greedy"], players=3)
    assert env.tiers == ["random", "", "greedy"]
    from warroom.core import WarroomError

    with pytest.raises(WarroomError, match="one per other seat"):
        gymnasium_env("risk-strike", opponents=["random"], players=3)
    with pytest.raises(WarroomError, match="no bot tier"):
        gymnasium_env("risk-strike", opponents="grandmaster")


BAD_ARGUMENTS: list[tuple[str, dict[str, Any], str]] = [
    ("gym", {"seat": "1"}, "seat is a seat's number, not '1'"),
    ("gym", {"seat": 1.0}, "seat is a seat's number, not 1.0"),
    ("gym", {"opponents": None}, "opponents is a bot tier, or a list"),
    ("gym", {"render_mode": "human"}, "render_mode 'human' is not one of 'ansi'"),
    ("gym", {"players": 2.5}, "option players: 2.5 is not a whole number"),
    ("gym", {"players": "two"}, "option players: 'two' is not a whole number"),
    ("gym", {"max_steps": -5}, "option max_steps: -5 is below 0"),
    ("gym", {"max_steps": "ten"}, "option max_steps: 'ten' is not a whole number"),
    ("gym", {"max_steps": 2.7}, "option max_steps: 2.7 is not a whole number"),
    ("gym", {"generator": "mt19937"}, "option generator: 'mt19937' is not one of splitmix64"),
    ("gym", {"reward": "elo"}, "option reward: 'elo' is not one of share, win-loss, rank"),
    ("aec", {"render_mode": "human"}, "render_mode 'human' is not one of 'ansi'"),
    ("aec", {"max_steps": -1}, "option max_steps: -1 is below 0"),
    ("spiel", {"max_steps": 0}, "max_steps must be at least 1, not 0"),
]


@pytest.mark.parametrize(("entry", "arguments", "message"), BAD_ARGUMENTS)
def test_bad_arguments_are_refused_when_the_environment_is_made(
    entry: str, arguments: dict[str, Any], message: str
) -> None:
    """What a researcher might mistype is refused at once, saying what is wrong: not taken
    as something else (2.5 players as 2, -5 steps as none), refused only at `reset`, or met
    later by a Python error from inside (or, for OpenSpiel's `max_steps=0`, a declared
    `max_game_length` of 0 that its own tests then fail)."""
    from warroom.core import WarroomError

    make = {"gym": gymnasium_env, "aec": pettingzoo_env, "spiel": open_spiel_game}[entry]
    with pytest.raises(WarroomError, match=re.escape(message)):
        make("risk-strike", **arguments)


def test_stepping_before_reset_says_to_reset() -> None:
    from warroom.core import WarroomError

    with pytest.raises(WarroomError, match=r"call reset\(\) first"):
        gymnasium_env("risk-strike").step(0)
    with pytest.raises(WarroomError, match=r"call reset\(\) first"):
        pettingzoo_env("risk-strike").step(0)
    with pytest.raises(WarroomError, match="no agent 'seat_9' here"):
        pettingzoo_env("risk-strike").observe("seat_9")


def test_a_masked_out_token_changes_nothing() -> None:
    env = gymnasium_env("risk-classic", opponents="random")
    observation, info = env.reset(seed=3)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    state = env.table.state
    again, reward, terminated, truncated, info = env.step(illegal)
    assert not truncated
    assert info["illegal"] and reward == 0.0 and not terminated
    assert env.table.state is state and np.array_equal(again, observation)


def test_pettingzoo_takes_a_masked_out_token_as_gymnasium_does() -> None:
    """As in Gymnasium: the game is unchanged, the same agent is still to act, its info says
    `illegal`, and the token counts toward `max_steps` (so an agent that keeps choosing one
    is truncated rather than looping for ever); the next legal token clears the flag."""
    env = pettingzoo_env("risk-classic", max_steps=3)
    env.reset(seed=3)
    agent = env.agent_selection
    before = env.observe(agent)
    illegal = int(np.flatnonzero(before["action_mask"] == 0)[0])
    state = env.table.state
    env.step(illegal)
    assert env.agent_selection == agent and env.table.state is state
    assert env.infos[agent] == {"illegal": True} and env.rewards[agent] == 0.0
    assert np.array_equal(env.observe(agent)["observation"], before["observation"])
    env.step(int(np.flatnonzero(before["action_mask"])[0]))
    assert "illegal" not in env.infos[agent]
    for _ in range(2):
        if env.truncations[env.agent_selection]:
            break
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(np.flatnonzero(mask == 0)[0]))
    assert all(env.truncations.values()) and not any(env.terminations.values())


def test_pettingzoo_classic_illegal_move_rule_is_one_wrapper_away() -> None:
    """PettingZoo's classic games end the game on an illegal move, -1 to its maker: their
    `TerminateIllegalWrapper`, which reads the mask this environment observes."""
    from pettingzoo.utils.wrappers import TerminateIllegalWrapper

    env = TerminateIllegalWrapper(pettingzoo_env("risk-strike"), illegal_reward=-1)
    env.reset(seed=0)
    offender = env.agent_selection
    mask = env.observe(offender)["action_mask"]
    env.step(int(np.flatnonzero(mask == 0)[0]))
    assert env.rewards[offender] == -1 and all(env.terminations.values())


def test_openspiel_refuses_a_masked_out_token_as_its_own_games_do() -> None:
    """OpenSpiel's history is the game (replayed, serialized), so an illegal action has no
    place in it: like OpenSpiel's own games, `apply_action` raises `pyspiel.SpielError`, and
    the state and history are unchanged."""
    import pyspiel

    state = open_spiel_game("risk-strike", turn_limit=6).new_initial_state()
    with pytest.raises(pyspiel.SpielError, match="no chance node with an outcome 1000000"):
        state.apply_action(10**6)
    pick = np.random.default_rng(0)
    while state.is_chance_node():
        state.apply_action(int(pick.integers(len(state.chance_outcomes()))))
    history, text = state.history(), str(state)
    illegal = next(a for a in range(state.num_distinct_actions()) if a not in state.legal_actions())
    with pytest.raises(pyspiel.SpielError, match="not a legal choice now"):
        state.apply_action(illegal)
    assert state.history() == history and str(state) == text
    state.apply_action(state.legal_actions()[0])
    assert len(state.history()) == len(history) + 1


@pytest.mark.parametrize("reward", ["share", "win-loss", "rank"])
def test_rewards_from_the_outcome(reward: str) -> None:
    """A whole short game played token by token; the returns follow the outcome."""
    table = Table("risk-strike", 3, reward=reward, turn_limit=4)  # one winner (at 3: a tie)
    table.reset(5)
    while not table.over:
        table.step(table.decision().legal_tokens()[0])
    outcome = table.outcome
    assert outcome is not None
    returns = table.returns()
    winners = set(outcome.winners)
    for seat, value in enumerate(returns):
        if reward == "share":
            assert value == (1 / len(winners) if seat in winners else 0.0)
        elif reward == "win-loss":
            assert value == (1.0 if seat in winners else -1.0)
    if reward == "rank":
        assert sorted(returns, reverse=True) == [1.0, 0.0, -1.0]
        assert returns[outcome.winners[0]] == 1.0


def _shared_win(reward: str) -> Table:
    """A finished short game of RISK Strike with two winners and a loser (a tie at the turn
    limit)."""
    for seed in range(40):
        table = Table("risk-strike", 3, reward=reward, turn_limit=5)
        table.reset(seed)
        while not table.over:
            table.step(table.decision().legal_tokens()[0])
        assert table.outcome is not None
        if len(table.outcome.winners) == 2:
            return table
    raise AssertionError("no game of two winners in 40 short games")


@pytest.mark.parametrize("reward", ["share", "win-loss", "rank"])
def test_winners_of_a_shared_win_get_the_same_return(reward: str) -> None:
    """Seats that won together are not told apart by the ranking's order among them; `rank`
    gives them the mean of the places they share, so its returns still sum to 0."""
    table = _shared_win(reward)
    assert table.outcome is not None
    winners = table.outcome.winners
    returns = table.returns()
    assert len({returns[seat] for seat in winners}) == 1
    assert all(
        returns[seat] > returns[other]
        for seat in winners
        for other in range(3)
        if other not in winners
    )
    if reward == "rank":
        assert sum(returns) == pytest.approx(0.0)


def test_observation_is_only_the_seats_view() -> None:
    """Features come from `Game.view(state, seat)`: another seat's hidden cards do not move
    them, and a seat's own action under way shows only in its own observation."""
    table = Table("risk-strike", 2)
    table.reset(9)
    seat = table.mover()
    assert seat is not None
    other = 1 - seat
    before = table.observation(other)
    decision = table.decision()
    token = decision.legal_tokens()[0]
    decision.choose(token)
    if table.decision().action is None:  # still spelling: the seat sees its choice, not others
        assert np.array_equal(table.observation(other), before)


def test_openspiel_public_observer_holds_no_seat_s_secrets() -> None:
    """A public-only observer (private_info NONE) returned the seat's own observation, its
    hand included; it is now the spectator's view, the same for every player, and an
    observer of every seat's private information is refused."""
    import pyspiel
    from open_spiel.python.observation import make_observation

    from warroom.rl.encoding import view_text

    game = open_spiel_game("risk-strike", turn_limit=10)
    state = game.new_initial_state()
    draws = iter(range(10_000))
    while state.is_chance_node():  # outcome 0 always would tie the roll for first for ever
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[next(draws) * 7919 % len(outcomes)][0])
    public = make_observation(
        game,
        pyspiel.IIGObservationType(
            public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE
        ),
    )
    own = make_observation(game)
    texts = [public.string_from(state, player) for player in (0, 1)]
    mine = [own.string_from(state, player) for player in (0, 1)]
    assert texts[0] == texts[1] and texts[0] not in mine  # each seat's hand is its own
    assert texts[0] == view_text(state.table.game.view(state.table.state, None))
    everyone = pyspiel.IIGObservationType(
        public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
    )
    with pytest.raises(ValueError, match="no seat's hidden information but its own"):
        make_observation(game, everyone)


def _first_tokens(env: Any, seed: int, limit: int) -> tuple[int, bool, bool, float]:
    """Play the first legal token each time until the episode ends: (steps, terminated,
    truncated, last reward)."""
    _, info = env.reset(seed=seed)
    steps, terminated, truncated, reward = 0, False, False, 0.0
    while steps < limit and not (terminated or truncated):
        token = int(np.flatnonzero(info["action_mask"])[0])
        _, reward, terminated, truncated, info = env.step(token)
        steps += 1
    return steps, terminated, truncated, float(reward)


def test_a_game_that_ends_at_the_step_limit_is_terminated_not_truncated() -> None:
    """The token that ends the game may also be the `max_steps`-th: the game has its outcome
    and its rewards, so Gymnasium reports it terminated and not truncated (a value learner
    would otherwise bootstrap past a real end), as PettingZoo and OpenSpiel already do."""
    options: dict[str, Any] = {"opponents": "random", "turn_limit": 3}
    for seed in range(10):
        steps, *_ = _first_tokens(gymnasium_env("risk-strike", **options), seed, 500)
        env = gymnasium_env("risk-strike", max_steps=steps, **options)
        _, terminated, truncated, reward = _first_tokens(env, seed, steps)
        if terminated:  # the learner's own token ended the game
            assert not truncated and reward == env.table.returns()[0]
            return
    raise AssertionError("no game of these seeds ended on the learner's token")


def test_teammates_share_their_places_under_rank() -> None:
    """Galaxy at War's teams win and lose together (`Game.known_to`: the team), and its
    outcome lists the losers in seat order, not by merit: `rank` gives teammates the mean of
    the places they hold together, so a losing seat is not paid for its seat number."""
    for seed in range(20):
        table = Table("mass-effect-galaxy-at-war", 4, reward="rank", turn_limit=6)
        table.reset(seed)
        while not table.over:
            table.step(table.decision().legal_tokens()[0])
        assert table.outcome is not None
        if len(table.outcome.winners) < 4:
            break
    else:
        raise AssertionError("every short game of these seeds was a draw")
    returns = table.returns()
    for seat in range(4):
        assert {returns[mate] for mate in table.game.known_to(table.state, seat)} == {returns[seat]}
    assert sorted(returns) == pytest.approx([-2 / 3, -2 / 3, 2 / 3, 2 / 3])


def test_pettingzoo_seeds_as_gymnasium_does() -> None:
    """`reset(seed=s)` starts a sequence of games that later unseeded resets continue, as in
    Gymnasium: the sequences of neighbouring seeds (workers seeded 0, 1, ...) do not overlap,
    and an environment never seeded draws its games from fresh entropy, so unseeded
    workers do not all play the same games."""

    def games(env: Any, seed: int | None, count: int) -> list[Any]:
        env.reset(seed=seed)
        out = [env.table.state]
        for _ in range(count - 1):
            env.reset()
            out.append(env.table.state)
        return out

    env = pettingzoo_env("risk-strike")
    first = games(env, 1, 3)
    assert games(env, 1, 3) == first
    assert not any(state in games(env, 2, 3) for state in first)
    assert games(pettingzoo_env("risk-strike"), None, 1) != games(
        pettingzoo_env("risk-strike"), None, 1
    )


@pytest.mark.parametrize("mode", ["risk-strike", "mass-effect-galaxy-at-war"])
def test_a_single_action_only_its_seat_can_tell_is_forced_is_asked_of_it(mode: str) -> None:
    """With several learners (PettingZoo, OpenSpiel), a pass forced because the hand holds
    nothing to play was played for the seat: who moved next and what the table showed told
    the others the hand. It is asked for, as the web and terminal ask it (a one-token mask);
    a learner alone against bots has it played, as every choice every seat can tell is
    forced is."""
    from warroom.bots import RandomBot

    game = games.get_mode(mode)
    for alone in (False, True):
        table = Table(mode, 3, turn_limit=8)
        bots = {seat: RandomBot(seat) for seat in (1, 2)} if alone else {}
        table.reset(5, bots)
        rng = np.random.default_rng(0)
        asked = {True: 0, False: 0}  # single actions asked for, by whether it is public
        for _ in range(4000):
            if table.over or table.truncated:
                break
            seat = table.mover()
            assert seat is not None
            decision = table.decision()
            if len(game.legal_actions(table.state, seat)) == 1 and not decision.prefix:
                asked[game.choices_public(table.state, seat)] += 1
                assert decision.mask().sum() == 1
            table.step(int(rng.choice(decision.legal_tokens())))
        assert asked[True] == 0, "a choice every seat can tell is forced is played for it"
        assert (asked[False] > 0) is not alone, asked


def test_a_token_that_is_not_a_whole_number_is_refused_and_changes_nothing() -> None:
    """`int(action)` took 12.7 and "12" as token 12, and gave bare Python errors for an array
    of one or a word; a NumPy integer, as agents send them, is a token."""
    env = gymnasium_env("risk-classic", opponents="random")
    observation, _ = env.reset(seed=1)
    for bad in (12.7, np.float32(12.5), "12", np.array([12]), "attack", True):
        with pytest.raises(ValueError, match="whole-number token"):
            env.step(bad)
    assert (env.table.observation(0) == observation).all()
    token = np.flatnonzero(env.action_masks())[0]  # a NumPy integer
    assert "illegal" not in env.step(token)[4]
    agents = pettingzoo_env("risk-classic")
    agents.reset(seed=1)
    with pytest.raises(ValueError, match="whole-number token"):
        agents.step(12.7)
