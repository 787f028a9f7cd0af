"""The end of the game (G113, G114): each surviving player's score, and the tie-break chain
that ranks them, sharing the win when everything is equal."""

from __future__ import annotations

from dataclasses import dataclass

from warroom.core.game import Outcome, Seat
from warroom.games.godstorm.economy import controlled_regions
from warroom.games.godstorm.state import GodstormState


@dataclass(frozen=True, slots=True)
class Score:
    """A player's final score and the four tie-breakers, in the order G114 applies them."""

    territories: int
    continents: int
    underworld: int  # crypts and altars controlled (G108, G109)
    relics: int  # relic points for named territories controlled (G72)
    faith: int
    temples: int
    gods: int
    armies: int

    @property
    def points(self) -> int:
        return self.territories + self.continents + self.underworld + self.relics

    @property
    def key(self) -> tuple[int, int, int, int, int]:
        return (self.points, self.faith, self.temples, self.gods, self.armies)


def score(state: GodstormState, seat: Seat) -> Score:
    """G113: 1 per territory, each whole continent's bonus, 1 per crypt and altar, 1 per relic
    whose territory is held; sunken Atlantis scores nothing (A29 [Atlantis])."""
    held = state.territories_of(seat)
    earth = state.parts.earth
    kinds = state.parts.underworld.space_kind
    relic_points = 0
    for card in state.relics[seat]:
        for effect in state.parts.cards[card].effects:
            if effect.primitive == "territory-point":
                place = earth.territory(effect.params.territory)  # type: ignore[attr-defined]
                if place in held:
                    relic_points += effect.params.points  # type: ignore[attr-defined]
    return Score(
        territories=len(held),
        continents=sum(earth.region_bonus[r] for r in controlled_regions(state, seat)),
        underworld=sum(
            1
            for s, o in enumerate(state.space_owner)
            if o == seat and kinds[s] in ("altar", "crypt")
        ),
        relics=relic_points,
        faith=state.faith[seat],
        temples=len(state.temples_of(seat)),
        gods=len(state.gods_in_play(seat)),
        armies=sum(state.armies[t] for t in held),
    )


def final_outcome(state: GodstormState) -> Outcome:
    """G114: highest score; then most faith, temples, gods in play, armies on Ancient Earth;
    players equal on all of them share the win. Eliminated players rank below every survivor,
    the last out highest (A24 [4. Play Miracle Cards; Eliminating a Player])."""
    survivors = [s for s in range(state.players) if state.alive(s)]
    keys = {s: score(state, s).key for s in survivors}
    ranking = sorted(survivors, key=lambda s: keys[s], reverse=True)
    best = keys[ranking[0]]
    winners = tuple(s for s in ranking if keys[s] == best)
    reason = _reason(keys[ranking[0]], [keys[s] for s in ranking[1:]], len(winners))
    ranking += list(reversed(state.eliminated))
    return Outcome(winners, reason, tuple(ranking))


# What each place of `Score.key` after the points compares, for the end's reason.
TIE_BREAKS = ("most faith", "most temples", "most gods in play", "most armies on Ancient Earth")


def _reason(best: tuple[int, ...], below: list[tuple[int, ...]], shared: int) -> str:
    """The end as the log says it: the winning score, and the tie-break that decided it when
    the next survivor (`below[0]`) had as many points (G114), so a reader sees why."""
    if shared > 1:
        return f"shared win after the fifth epoch ({best[0]} points each, equal on every tie-break)"
    if not below:
        return f"highest score ({best[0]})"
    place = next(i for i, (a, b) in enumerate(zip(best, below[0], strict=True)) if a != b)
    if place == 0:
        return f"highest score ({best[0]} against {below[0][0]})"
    return f"highest score ({best[0]}, tied), then {TIE_BREAKS[place - 1]}"
