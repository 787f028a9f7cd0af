"""Where armies go when they die, plague, and banishing gods.

Each function changes the state it is given (a step's own copy) and returns what happened in
words, for the step's events.
"""

from __future__ import annotations

from typing import Literal

from warroom.core.game import Seat
from warroom.games.godstorm.state import BANISHED, NEUTRAL, NOBODY, GodstormState

Cause = Literal["earth", "underworld", "death-god"]


def plague_losses(armies: int) -> int:
    """G7, G73, G96: half (rounded down) die, never the last army: 1 stays 1, 2 and 3 become
    1 and 2, 5 becomes 3 (E1, E2, E6)."""
    return armies // 2


def send_dead(state: GodstormState, owner: int, count: int, cause: Cause) -> None:
    """Route `count` dead armies of `owner` (G92, G93, G107, A3 [8. Embark From Heaven; Atlantis],
    A4 [God of Death; Attacking], A23 [Setup for 2 Players]).

    - earth: to the owner's heaven (G92; A3 reads plague and miracles the same way);
    - death-god: defenders killed by an invading force with a god of death go back to the
      defender's reserve (G93; A4: only the defender's losses);
    - underworld: to the owner's reserve (G107).
    Neutral armies that die leave the game (A23). A relic of the owner's that says where its
    own dead go (`armies-die`, G71) routes the deaths bound for its heaven, never those in the
    Underworld (G110) or those the god of death already sends to the reserve.
    """
    if count <= 0 or owner == NEUTRAL or owner < 0:
        return
    destination = "reserve" if cause != "earth" else "heaven"
    if cause == "earth":
        destination = _relic_destination(state, owner) or destination
    if destination == "heaven":
        state.heaven[owner] += count
    elif destination == "reserve":
        state.reserve[owner] += count


def _relic_destination(state: GodstormState, owner: Seat) -> str | None:
    """Where `owner`'s relics send its own dead ("heaven", "reserve", "removed"), if any."""
    for card in state.relics[owner]:
        for effect in state.parts.cards[card].effects:
            params = effect.params
            if effect.hook == "armies-die" and getattr(params, "whose", None) == "own":
                return str(getattr(params, "destination", "heaven"))
    return None


def banish_gods_without_armies(state: GodstormState, territory: int) -> list[str]:
    """G40: gods stay only where their owner has an army; G45, G74, A21 [Setup §1]: a god in a
    plague land is banished. Returns the gods banished, by name."""
    banished = []
    for seat in range(state.players):
        for domain in state.gods_at(seat, territory):
            holds = state.owner[territory] == seat and state.armies[territory] > 0
            if not holds or state.plague[territory] or state.gone(territory):
                state.gods[seat][domain] = BANISHED
                banished.append(state.parts.gods[state.pantheon[seat]][domain])
    return banished


def remove_armies(state: GodstormState, territory: int, count: int, cause: Cause) -> list[str]:
    """Destroy `count` armies in an Earth territory and send them on (G92-G93). A territory
    left empty is unoccupied (it keeps its temple, whose controller is nobody's while empty,
    G44), and its owner's gods there are banished (G40)."""
    owner = state.owner[territory]
    count = min(count, state.armies[territory])
    state.armies[territory] -= count
    send_dead(state, owner, count, cause)
    if state.armies[territory] == 0:
        state.owner[territory] = NOBODY
    return banish_gods_without_armies(state, territory)


def suffer_plague(state: GodstormState, seat: Seat) -> list[tuple[int, int]]:
    """§5 (G73-G75): in each plague land holding `seat`'s armies half of them die, to its
    heaven (A3 [8. Embark From Heaven; Atlantis]), and its gods there are banished (G74). Returns
    (territory, armies lost)."""
    struck = []
    for t in range(len(state.owner)):
        if state.plague[t] and state.owner[t] == seat and not state.gone(t):
            lost = plague_losses(state.armies[t])
            remove_armies(state, t, lost, "earth")
            banish_gods_without_armies(state, t)
            struck.append((t, lost))
    return struck


def eliminate(state: GodstormState, seat: Seat) -> None:
    """G98: a player with no army left on Ancient Earth is out. Their miracle cards are
    discarded, their armies in the Underworld (their heaven included) leave the game, and
    their temples become nonaligned: a temple belongs to whoever holds its territory (G44),
    and they hold none. The cards they held go face down (`buried`): discarding reveals
    nothing, so their faces stay hidden (G6); their relics were public already (G71)."""
    if seat in state.eliminated:
        return
    state.eliminated.append(seat)
    state.discards += state.relics[seat]  # A30 [Eliminating a Player]: relics too
    state.buried += state.hands[seat]
    state.hands[seat] = []
    state.relics[seat] = []
    state.heaven[seat] = 0
    for space, owner in enumerate(state.space_owner):
        if owner == seat:
            state.space_owner[space] = NOBODY
            state.space_armies[space] = 0
    state.gods[seat] = [BANISHED] * len(state.gods[seat])
