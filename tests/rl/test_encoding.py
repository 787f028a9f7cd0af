"""The token spelling reaches every legal action, and only legal ones."""

from __future__ import annotations

import itertools
import zlib

import pytest

from warroom.core import Action, Match
from warroom.rl.encoding import (
    ACTIONS,
    END,
    LONG0,
    NEG,
    NUMBER0,
    PICK0,
    WORD_BUCKETS,
    Decision,
    spell,
    symbol_token,
    word_token,
)


def spell_out(legal: list[Action], target: Action) -> Action | None:
    """Choose `target`'s tokens one by one, as a learner would, reading only the mask."""
    decision = Decision.start(0, legal)
    symbols = spell(target)
    while decision.action is None:
        mask = decision.mask()
        if decision.collision:
            token = PICK0 + decision.collision.index(str(symbols[len(decision.prefix)][1]))
        else:
            token = symbol_token(symbols[len(decision.prefix)])
        assert mask[token], f"{target} needs token {token}, masked out"
        decision.choose(token)
    return decision.action


def test_numbers_small_one_token_large_bucket_then_digits() -> None:
    assert [symbol_token(s) for s in spell(Action("bid", (7,)))][1:] == [NUMBER0 + 7, END]
    # 1556 = 1*32**2 + 16*32 + 20: three digits, most significant first.
    tokens = [symbol_token(s) for s in spell(Action("bid", (1556,)))][1:]
    assert tokens == [LONG0 + 3, NUMBER0 + 1, NUMBER0 + 16, NUMBER0 + 20, END]
    assert [symbol_token(s) for s in spell(Action("x", (-3,)))][1:] == [NEG, NUMBER0 + 3, END]
    assert all(0 <= symbol_token(s) < ACTIONS for s in spell(Action("bid", (2**59,))))


def test_every_bid_of_a_wide_range_is_reachable_and_distinct() -> None:
    legal = [Action("bid", (amount,)) for amount in range(10, 2000)] + [Action("pass")]
    for amount in (10, 31, 32, 33, 1023, 1024, 1999):
        assert spell_out(legal, Action("bid", (amount,))) == Action("bid", (amount,))
    assert spell_out(legal, Action("pass")) == Action("pass")


def test_words_sharing_a_bucket_get_a_pick_step() -> None:
    words = (f"w{n}" for n in itertools.count())
    seen: dict[int, str] = {}
    for word in words:
        bucket = zlib.crc32(word.encode()) % WORD_BUCKETS
        if bucket in seen:
            first, second = seen[bucket], word
            break
        seen[bucket] = word
    assert word_token(first) == word_token(second)
    legal = [Action("take", (first,)), Action("take", (second,)), Action("end")]
    decision = Decision.start(0, legal)
    decision.choose(word_token("take"))
    decision.choose(word_token(first))
    assert decision.action is None and list(decision.mask()[PICK0 : PICK0 + 3]) == [1, 1, 0]
    # The pick step is observed as its own: the step before it showed the same prefix with
    # other legal tokens (one OpenSpiel information state, two legal sets).
    assert decision.shown == [*decision.prefix, *(("?", word) for word in sorted([first, second]))]
    assert spell_out(legal, legal[0]) == legal[0] and spell_out(legal, legal[1]) == legal[1]


def test_an_action_that_begins_another_ends_with_the_end_token() -> None:
    legal = [Action("match", (1, 2)), Action("match", (1, 2, 6)), Action("reroll")]
    decision = Decision.start(0, legal)
    decision.choose(word_token("match"))  # then 1, 2 are forced
    assert decision.prefix[-1] == ("n", 2)
    assert {int(t) for t in decision.mask().nonzero()[0]} == {END, NUMBER0 + 6}
    assert spell_out(legal, legal[0]) == legal[0] and spell_out(legal, legal[1]) == legal[1]


def test_masked_out_token_is_refused_and_changes_nothing() -> None:
    decision = Decision.start(0, [Action("end"), Action("attack", ("A", "B", 3))])
    before = decision.copy()
    with pytest.raises(ValueError):
        decision.choose(NEG)
    assert decision.prefix == before.prefix and decision.candidates == before.candidates


@pytest.mark.parametrize("token", [-1, ACTIONS, 999])
def test_a_token_outside_the_space_is_refused_as_one(token: int) -> None:
    """Not named as a token it is not (999 was "end", -1 "word#-1")."""
    decision = Decision.start(0, [Action("end"), Action("attack", ("A", "B", 3))])
    with pytest.raises(
        ValueError, match=f"token {token} \\(no token: they are 0 to {ACTIONS - 1}\\)"
    ):
        decision.choose(token)


@pytest.mark.parametrize(
    ("mode", "players"),
    [("risk-classic", 2), ("monopoly-avengers", 4), ("mcu-guardians", 2), ("risk-strike", 3)],
)
def test_every_legal_action_of_real_decisions_is_reachable(mode: str, players: int) -> None:
    match = Match.start(mode, players, 21)
    from warroom.bots import make_bot

    bots = [make_bot("random", mode, seat) for seat in range(players)]
    for _ in range(40):
        if match.outcome() is not None:
            break
        seat = match.to_move()[0]
        legal = list(match.legal(seat))
        for action in legal[:: max(1, len(legal) // 30)]:
            assert spell_out(legal, action) == action
        match.act(seat, bots[seat].choose(seat, match.observe(seat), match.legal(seat)))
