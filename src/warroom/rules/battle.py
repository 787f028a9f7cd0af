"""The Classic RISK battle roll, shared by every edition that fights with dice.

Classic rules ("Deciding a Battle"): sort each side's dice high to low, compare
highest with highest and next with next; the defender wins ties; so neither side
loses more than 2 armies a roll (the defender rolls at most 2 dice).
The exact odds engine uses these same functions, so what it promises is what games play.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from warroom.core.rng import Rng


@dataclass(frozen=True, slots=True)
class Roll:
    attack: tuple[int, ...]
    defend: tuple[int, ...]
    attacker_losses: int
    defender_losses: int


def compare(attack: Sequence[int], defend: Sequence[int]) -> tuple[int, int]:
    """(attacker losses, defender losses) for faces already rolled; ties to the defender."""
    att = sorted(attack, reverse=True)
    dfd = sorted(defend, reverse=True)
    a_loss = d_loss = 0
    for a, d in zip(att, dfd, strict=False):
        if a > d:
            d_loss += 1
        else:
            a_loss += 1
    return a_loss, d_loss


def roll(rng: Rng, attack_dice: int, defend_dice: int) -> Roll:
    """Roll both sides' six-sided dice from one draw and decide the battle."""
    faces = rng.roll(attack_dice + defend_dice, 6)
    att, dfd = faces[:attack_dice], faces[attack_dice:]
    a_loss, d_loss = compare(att, dfd)
    return Roll(tuple(sorted(att, reverse=True)), tuple(sorted(dfd, reverse=True)), a_loss, d_loss)
