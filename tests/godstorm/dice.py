"""Scripted chance for Godstorm's tests: the draws that make `die` and `roll` show given faces."""

from __future__ import annotations

from warroom.core.rng import Script, ScriptedRng


def roll_draw(*faces: int) -> int:
    """The one draw `Rng.roll(len(faces))` turns into these six-sided faces."""
    index = 0
    for face in faces:
        index = index * 6 + face - 1
    return index


def scripted(*draws: int) -> ScriptedRng:
    """A generator playing these draws (`roll_draw` for a roll, face - 1 for a die)."""
    return ScriptedRng(Script(tuple(draws)))
