"""RISK Godstorm bots: the greedy plays legal moves from its observation alone, with sense in
the mode's own decisions (bids, gods, miracles, invasions, the Sky window), and beats random;
the determinizer agrees with the observation and never reads hidden truth; the search plays."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tests.godstorm.conftest import hold, table
from warroom.bots import make_bot, tiers_for
from warroom.bots.godstorm import SEARCHED, candidates, determinize, greedy_action
from warroom.bots.search import MctsBot, search_kit
from warroom.core import get_mode
from warroom.core.actions import Action
from warroom.core.rng import Rng
from warroom.core.sealed import SealedBids
from warroom.games.godstorm import rules
from warroom.games.godstorm.components import DECKS
from warroom.games.godstorm.invasion import Invasion
from warroom.games.godstorm.state import BANISHED, DEATH, NOBODY, SKY, WAR, GodstormState
from warroom.sim import stats
from warroom.sim.runner import SimConfig, run

MODE = "risk-godstorm"
GAME: rules.Godstorm = get_mode(MODE)  # type: ignore[assignment]


def _game(
    players: int, seed: int, tiers: tuple[str, ...], options: dict[str, object] | None = None
) -> list[tuple[GodstormState, Action]]:
    """Every decision of a game (the state before it and the action taken)."""
    st = GAME.new_game(players, seed, options or {})
    bots = [make_bot(tiers[s % len(tiers)], MODE, seed * 10 + s) for s in range(players)]
    out = []
    while GAME.outcome(st) is None:
        seat = GAME.to_move(st)[0]
        action = bots[seat].choose(seat, GAME.observe(st, seat), GAME.legal_actions(st, seat))
        out.append((st, action))
        st = GAME.play(st, seat, action)
    return out


def _position(phase: str, faith: int = 10) -> GodstormState:
    """Seat 0's turn in the second epoch, in `phase`, with this much faith each."""
    st = table(3)
    st.epoch, st.phase = 2, phase
    st.markers, st.turn = [0, 1, 2], 0
    st.faith = [faith] * 3
    return st


def _card(st: GodstormState, card_id: str) -> int:
    return next(i for i, c in enumerate(st.parts.cards) if c.id == card_id)


def test_tiers_offered() -> None:
    assert {"random", "greedy", "mcts"} <= set(tiers_for(MODE))


@pytest.mark.parametrize(("players", "tiers"), [(3, ("greedy",)), (5, ("random", "greedy"))])
def test_greedy_is_legal_everywhere_without_its_fallback(
    players: int, tiers: tuple[str, ...]
) -> None:
    """Every decision of greedy games and of games against random (whose invasions bring the
    greedy Sky windows, godswars and defences it would not bring on itself)."""
    phases = set()
    for st, _ in _game(players, players, tiers):
        seat = GAME.to_move(st)[0]
        action = greedy_action(GAME.observe(st, seat), seat)
        assert action in GAME.legal_actions(st, seat), (st.phase, action)
        phases.add(st.phase)
    assert {rules.BID, rules.GODS, rules.BUY, rules.INVADE, rules.ATTACK, rules.DEFEND} <= phases


@pytest.mark.parametrize(
    ("players", "options", "setup_phase"),
    [(2, {}, rules.PILE), (4, {"setup": "claim"}, rules.CLAIM)],
)
def test_greedy_takes_piles_and_claims_without_its_fallback(
    players: int, options: dict[str, object], setup_phase: str
) -> None:
    """G21's piles in the 2-player game and G20's claims: the greedy's own choice is legal."""
    phases = set()
    for st, _ in _game(players, 7, ("greedy",), options):
        seat = GAME.to_move(st)[0]
        action = greedy_action(GAME.observe(st, seat), seat)
        assert action in GAME.legal_actions(st, seat), (st.phase, action)
        phases.add(st.phase)
    assert setup_phase in phases


def test_greedy_uses_only_the_observation() -> None:
    """The same choice when everything the seat cannot see (hands, decks, bids) is redrawn."""
    rng = Rng(3)
    for st, _ in _game(3, 4, ("greedy", "random"))[::3]:
        seat = GAME.to_move(st)[0]
        other = GAME.resample_hidden(st, seat, rng)
        assert greedy_action(GAME.observe(st, seat), seat) == greedy_action(
            GAME.observe(other, seat), seat
        )


def test_greedy_bids_a_share_of_faith_and_buys_and_plays_miracles() -> None:
    """Over a few games: bids above nothing and below everything, cards bought and cast."""
    acts: Counter[str] = Counter()
    bids = []
    for seed in range(3):
        for st, action in _game(3, seed, ("greedy",)):
            acts[action.kind] += 1
            if action.kind == "bid":
                bids.append((int(action.args[0]), st.faith[GAME.to_move(st)[0]]))
            if action.kind == "buy" and any(int(n) for n in action.args):
                acts["bought"] += 1
    assert any(0 < bid < faith for bid, faith in bids), bids
    assert all(bid <= (faith + 1) // 2 for bid, faith in bids), bids
    assert acts["bought"] >= 3 and acts["cast"] >= 3, acts
    assert acts["summon"] and acts["temple"], acts


def test_greedy_beats_random() -> None:
    """One greedy seat against two random ones, rotated: Wilson's 95% interval for its share
    lies wholly above a third."""
    results = run(SimConfig(MODE, 12, ("greedy", "random", "random"), 3, seed=3), workers=1)
    rate = next(r for r in stats.by_bot(results) if r.label == "greedy")
    assert rate.interval[0] > 1 / 3, rate


def test_greedy_invades_with_good_odds_only() -> None:
    st = _position(rules.INVADE)
    hold(st, 0, {"Anglia": 12, "Thule": 1})
    hold(st, 1, {"Gaul": 2, "Caledonia": 30})
    hold(st, 2, {"Alemannia": 9})
    earth = st.parts.earth
    plan = greedy_action(GAME.observe(st, 0), 0)
    assert plan.kind == "invade" and plan.args[0] == "Anglia", plan
    target = earth.territory(str(plan.args[1]))
    assert st.armies[target] <= 9 and plan.args[3] == 11  # every army but one committed
    for t in earth.neighbors[earth.territory("Anglia")]:  # nothing worth it: done
        if st.owner[t] != 0:
            st.armies[t], st.owner[t] = 40, 1
    assert greedy_action(GAME.observe(st, 0), 0) == Action("done")


def test_greedy_takes_its_gods_into_a_godswar_only_when_likelier_to_win() -> None:
    st = _position(rules.INVADE)
    hold(st, 0, {"Anglia": 12})
    hold(st, 1, {"Gaul": 2})
    hold(st, 2, {"Hibernia": 40, "Caledonia": 40, "Alemannia": 40})
    anglia, gaul = (st.parts.earth.territory(n) for n in ("Anglia", "Gaul"))
    st.gods[0][WAR] = anglia
    st.gods[1][WAR] = gaul
    # 11 committed against 2, three dice each: the godswar is the attacker's.
    assert greedy_action(GAME.observe(st, 0), 0) == Action("invade", ("Anglia", "Gaul", "war", 11))
    st.armies[anglia], st.armies[gaul] = 9, 4
    st.gods[1] = [BANISHED, BANISHED, gaul, BANISHED]  # the god of the sky: a fourth die
    st.relics[1] = [_card(st, "magic-09")]  # and a fifth, defending
    # 8 against 4 with three dice against five: likelier lost, so the gods stay home.
    assert greedy_action(GAME.observe(st, 0), 0) == Action(
        "invade", ("Anglia", "Gaul", rules.NO_GODS, 8)
    )


def test_greedy_summons_its_god_of_war_at_the_front_then_builds_a_temple() -> None:
    st = _position(rules.GODS, faith=8)
    hold(st, 0, {"Anglia": 10, "Caledonia": 3, "Thule": 1})
    hold(st, 1, {"Gaul": 2, "Hibernia": 2})
    hold(st, 2, {"Alemannia": 1, "Varangia": 1})
    st.gods[0] = [BANISHED] * 4
    action = greedy_action(GAME.observe(st, 0), 0)
    assert action.kind == "summon" and action.args[0] == "war", action
    st = GAME.play(st, 0, action)
    assert st.owner[st.gods[0][WAR]] == 0 and _borders_enemy(st, st.gods[0][WAR])
    action = greedy_action(GAME.observe(st, 0), 0)
    assert action.kind == "temple", action  # 5 faith left, second epoch
    st.faith[0] = 2
    assert greedy_action(GAME.observe(st, 0), 0) == Action("done")


def _borders_enemy(st: GodstormState, t: int) -> bool:
    return any(st.owner[n] not in (0, NOBODY) for n in st.parts.earth.neighbors[t])


def test_greedy_bids_only_to_win_and_takes_the_last_marker_in_the_last_epoch() -> None:
    st = _position(rules.BID)
    st.faith = [12, 3, 2]
    st.bids = SealedBids.open([0, 1, 2], st.faith)
    bid = int(greedy_action(GAME.observe(st, 0), 0).args[0])
    assert 0 < bid <= 12 // 4 + 1  # one more than the others' likely bids, within its share
    assert greedy_action(GAME.observe(st, 2), 2) == Action("bid", (0,))  # cannot outbid: 0
    st.phase, st.bids, st.bid_rank = rules.MARKER, None, [0, 1, 2]
    st.markers = [NOBODY] * 3
    assert greedy_action(GAME.observe(st, 0), 0) == Action("marker", (1,))
    st.epoch = 5
    assert greedy_action(GAME.observe(st, 0), 0) == Action("marker", (3,))


def test_greedy_answers_a_dangerous_invasion_with_a_sky_card() -> None:
    st = _position(rules.SKY, faith=6)
    hold(st, 0, {"Anglia": 3, "Caledonia": 2})
    hold(st, 1, {"Gaul": 15})
    st.temple[st.parts.earth.territory("Anglia")] = True
    anglia, gallia = (st.parts.earth.territory(n) for n in ("Anglia", "Gaul"))
    st.gods[0][SKY] = anglia
    st.hands[0] = [_card(st, "sky-01"), _card(st, "sky-15")]  # cancel; reduce the commitment
    st.invasion = Invasion(1, gallia, anglia, 14, (), 0)
    st.markers, st.turn = [1, 0, 2], 0
    assert greedy_action(GAME.observe(st, 0), 0) == Action("cast", ("sky-01",))
    st.armies[gallia] = 2  # a 1-army attack on a temple: not worth 4 faith
    assert greedy_action(GAME.observe(st, 0), 0) == Action("pass")


def test_greedy_plays_a_miracle_on_the_opponent_that_matters() -> None:
    st = _position(rules.PLAY, faith=9)
    hold(st, 0, {"Anglia": 5, "Caledonia": 2})
    hold(st, 1, {"Gaul": 14, "Hibernia": 1})
    st.gods[0][DEATH] = st.parts.earth.territory("Caledonia")
    st.hands[0] = [_card(st, "death-03")]  # halve an enemy territory, 5 faith
    action = greedy_action(GAME.observe(st, 0), 0)
    assert action == Action("cast", ("death-03", "Gaul")), action
    st.faith[0] = 4
    assert greedy_action(GAME.observe(st, 0), 0) == Action("done")


def test_greedy_fortifies_out_of_a_plague_land() -> None:
    st = _position(rules.FORTIFY)
    hold(st, 0, {"Anglia": 8, "Caledonia": 1})
    hold(st, 1, {"Gaul": 4})
    st.plague[st.parts.earth.territory("Anglia")] = True
    action = greedy_action(GAME.observe(st, 0), 0)
    assert action.kind == "fortify" and action.args[:2] == ("Anglia", "Caledonia"), action
    assert action.args[3] == 7


# -- the search ----------------------------------------------------------------------------------
def test_determinization_agrees_with_the_observation() -> None:
    for st, _ in _game(3, 6, ("greedy", "random"))[::7]:
        seat = GAME.to_move(st)[0]
        seen = GAME.observe(st, seat)
        sample = determinize(seen, seat, random.Random(1))
        assert GAME.observe(sample, seat) == seen
        assert not GAME.invariants(sample)
        for deck in DECKS:  # every card of each deck placed once, card backs all dealt
            placed = [c for h in sample.hands for c in h] + sample.decks[deck]
            placed += sample.discards + sample.buried + [c for r in sample.relics for c in r]
            mine = [c for c in placed if c >= 0 and sample.parts.cards[c].deck == deck]
            assert len(mine) == len(set(mine)) == sum(c.deck == deck for c in sample.parts.cards)
        assert all(c >= 0 for h in [*sample.hands, sample.buried] for c in h)
        if sample.bids is not None:
            assert all(b is None or b >= 0 for b in sample.bids.bids)


def test_determinization_never_uses_hidden_truth() -> None:
    rng = Rng(5)
    differed = 0
    for st, _ in _game(3, 8, ("greedy", "random"))[::5]:
        seat = GAME.to_move(st)[0]
        twin = GAME.resample_hidden(st, seat, rng)
        a = determinize(GAME.observe(st, seat), seat, random.Random(2))
        b = determinize(GAME.observe(twin, seat), seat, random.Random(2))
        assert (a.hands, a.decks, a.bids, a.free_card) == (b.hands, b.decks, b.bids, b.free_card)
        differed += st.hands != twin.hands or st.bids != twin.bids
    assert differed > 5


def test_search_weighs_the_mode_s_own_decisions() -> None:
    """Bids, gods, purchases, miracles and invasions get alternatives; dice do not."""
    widths: dict[str, int] = {}
    for st, _ in _game(3, 2, ("greedy",)):
        seat = GAME.to_move(st)[0]
        moves = candidates(st, seat)
        assert moves[0] == greedy_action(st, seat)
        widths[st.phase] = max(widths.get(st.phase, 0), len(moves))
    assert widths[rules.BID] > 1 and widths[rules.INVADE] > 1 and widths[rules.GODS] > 1
    assert widths[rules.DEFEND] == widths[rules.OCCUPY] == 1


def test_search_plays_legal_moves_within_its_budget() -> None:
    kit = search_kit(MODE)
    assert kit is not None and kit.paired
    bot = MctsBot(kit, seed=1, iterations=6)
    searched = 0
    decisions = [st for st, _ in _game(3, 9, ("greedy",)) if st.phase in SEARCHED]
    for st in decisions[::9][:10]:
        seat = GAME.to_move(st)[0]
        legal = GAME.legal_actions(st, seat)
        assert bot.choose(seat, GAME.observe(st, seat), legal) in legal
        assert bot.stats.iterations <= 6
        searched += bot.stats.iterations > 0
    assert searched >= 5


def test_greedy_buys_tablet_of_destinys_die_only_with_faith_to_spare() -> None:
    st = _position(rules.INVADE, faith=3)
    hold(st, 0, {"Anglia": 12})
    hold(st, 1, {"Gaul": 4})
    tablet = next(i for i, c in enumerate(st.parts.cards) if c.title == "Tablet of Destiny")
    st.relics[0], st.relics[1] = [tablet], [tablet]
    st = GAME.play(st, 0, Action("invade", ("Anglia", "Gaul", "-", 11)))
    assert greedy_action(GAME.observe(st, 0), 0) == Action("roll", (3,))  # 2 left: no summon
    st.faith[0] = 4
    assert greedy_action(GAME.observe(st, 0), 0) == Action("roll", (4,))
    st = GAME.play(st, 0, Action("roll", (4,)))
    assert greedy_action(GAME.observe(st, 1), 1) == Action("defend", (2,))
    st.faith[1] = 4
    assert greedy_action(GAME.observe(st, 1), 1) == Action("defend", (3,))


# -- the maelstrom and the Book of the Dead -------------------------------------------------------
def test_greedy_plays_the_maelstrom_against_a_threat_still_to_move() -> None:
    """War card 13 (reconstructed: the maelstrom for the epoch, 1 faith) over the only water
    connection into a weak territory, while the opponent across it has its turn to come; not
    once that opponent has moved, nor over a connection its own invasion would cross."""
    st = _position(rules.PLAY, faith=3)
    hold(st, 0, {"Hibernia": 2, "Caledonia": 3, "Anglia": 3})
    hold(st, 1, {"Hesperide": 12, "Tritonis": 1})
    st.gods[0][WAR] = st.parts.earth.territory("Anglia")
    st.hands[0] = [_card(st, "war-13")]
    action = greedy_action(GAME.observe(st, 0), 0)
    assert action == Action("cast", ("war-13", "Hibernia", "Hesperide")), action
    after = GAME.play(st, 0, action)
    assert after.maelstrom is not None and after.maelstrom_lasts == "epoch"
    st.markers, st.turn = [1, 0, 2], 1  # Hesperide's holder has had its turn this epoch
    assert greedy_action(GAME.observe(st, 0), 0) == Action("done")
    st.markers, st.turn = [0, 1, 2], 0
    hold(st, 0, {"Hibernia": 20})  # safe, and about to invade Hesperide itself
    hold(st, 1, {"Hesperide": 3})
    assert greedy_action(GAME.observe(st, 0), 0) == Action("done")


def test_greedy_answers_an_invasion_across_the_sea_with_the_sky_maelstrom() -> None:
    """Sky card 11 (reconstructed: the maelstrom for the turn) ends an invasion over the water
    connection it crosses (R8), so it is worth what cancelling is; over land it saves nothing."""
    st = _position(rules.SKY, faith=4)
    hold(st, 0, {"Hibernia": 2, "Anglia": 2, "Caledonia": 2})
    hold(st, 1, {"Hesperide": 12, "Gaul": 12})
    earth = st.parts.earth
    hesperide, hibernia = earth.territory("Hesperide"), earth.territory("Hibernia")
    st.gods[0][SKY] = hibernia
    st.hands[0] = [_card(st, "sky-11")]
    st.markers, st.turn = [1, 0, 2], 0
    st.invasion = Invasion(1, hesperide, hibernia, 11, (), 0)
    action = greedy_action(GAME.observe(st, 0), 0)
    assert action == Action("cast", ("sky-11", "Hibernia", "Hesperide")), action
    after = GAME.play(st, 0, action)
    assert after.phase == rules.SKY and greedy_action(GAME.observe(after, 0), 0).kind == "pass"
    after = GAME.play(after, 0, Action("pass"))
    assert after.invasion is None and after.phase == rules.INVADE  # ended before any dice
    st.invasion = Invasion(1, earth.territory("Gaul"), earth.territory("Anglia"), 11, (), 0)
    assert greedy_action(GAME.observe(st, 0), 0) == Action("pass")


def test_greedy_declines_raised_armies_with_the_book_of_the_dead_only_for_a_temple() -> None:
    """Book of the Dead (2 raised armies for 1 faith, G38): a faith short of a temple early in
    the game, 2 armies buy it; not where the temple is further off, nor late (in the fourth
    epoch a temple has one turn left to pay back), and never for the faith alone."""
    st = _position(rules.RAISE, faith=4)
    st.epoch = 1
    hold(st, 0, {"Anglia": 5, "Caledonia": 3})
    hold(st, 1, {"Gaul": 4})
    st.gods[0][WAR] = st.parts.earth.territory("Anglia")
    st.relics[0] = [_card(st, "magic-05")]
    st.to_place[0] = 6
    action = greedy_action(GAME.observe(st, 0), 0)
    assert action == Action("decline", (1,)), action
    st = GAME.play(st, 0, action)
    assert (st.faith[0], st.to_place[0], st.phase) == (5, 4, rules.RAISE)
    assert greedy_action(GAME.observe(st, 0), 0).kind == "place"  # the temple is paid for
    st.to_place[0], st.faith[0] = 6, 2  # 3 faith short: 6 armies for a temple is too dear
    assert greedy_action(GAME.observe(st, 0), 0).kind == "place"
    st.faith[0], st.epoch = 4, 4
    assert greedy_action(GAME.observe(st, 0), 0).kind == "place"
