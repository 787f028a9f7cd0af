"""MCU Guardians of the Galaxy card game (`mcu-guardians`): the shared turn, plus Set powers
(reconstructed, Q8 [GotG 4]), the Orb (MCU92-93, Q3
[GotG 5], Q4 [GotG 5], Q10 [GotG 5]), the last-chance round of steals (MCU94, Q1 [GotG end]) and +5
for the Orb at scoring (MCU95)."""

from __future__ import annotations

from warroom.core.events import Event
from warroom.core.game import Seat
from warroom.core.registry import register
from warroom.games import catalogued, rules_options
from warroom.games.dice_cards.cards import D6, D8
from warroom.games.dice_cards.rules import DiceCardsGame, seat_name
from warroom.games.dice_cards.state import NOBODY, DiceCardsState
from warroom.rules.dice_match import of_a_kind

ORB_BONUS = 5  # MCU95
ORB_KIND = 3  # MCU93/Q3 [GotG 5]: three of a kind among the 7 dice takes the Orb

_MODE = catalogued("mcu-guardians")


def powers(st: DiceCardsState, seat: Seat, power: str) -> int:
    """How many of `seat`'s completed Sets have `power` (MCU91: a Set's power is its
    holder's for the rest of the game; a completed Set cannot be taken, so it stays)."""
    return sum(
        1
        for k, group in enumerate(st.cards.groups)
        if group.power == power and st.holds_group(seat, k)
    )


class Guardians(DiceCardsGame):
    id = _MODE.id
    title = _MODE.title
    min_players = _MODE.min_players
    max_players = _MODE.max_players
    options = rules_options(_MODE)
    data_file = "dice/guardians.json"

    def extra_dice(self, st: DiceCardsState, seat: Seat) -> int:
        """Q8 [GotG 4] (reconstructed) `extra_die`:
        one more d6 from the first roll of each turn."""
        return powers(st, seat, "extra_die")

    def rerolls_for(self, st: DiceCardsState, seat: Seat) -> int:
        """Q8 [GotG 4] (reconstructed) `reroll`: once
        a turn, reroll every unplaced die."""
        return powers(st, seat, "reroll")

    def steal_row_needed(self, st: DiceCardsState, seat: Seat) -> bool:
        """Q8 [GotG 4] (reconstructed)
        `ignore_steal`: steal without the circled 6."""
        return not powers(st, seat, "ignore_steal")

    def after_claim(
        self, st: DiceCardsState, seat: Seat, card: int, victim: Seat, ev: list[Event]
    ) -> None:
        """MCU93 (Q4 [GotG 5], the last-chance round too): a card stolen from the Orb's holder earns
        one roll of all 7 dice, three of a kind taking the Orb (Q3 [GotG 5]). MCU92/Q10 [GotG 5]:
        the first completion of Morag brings the Orb into play, once."""
        if victim != NOBODY and victim == st.orb:
            faces = [*st.rng.roll(st.cards.d6, D6), *st.rng.roll(st.cards.d8, D8)]
            won = of_a_kind(faces) >= ORB_KIND
            ev.append(
                Event(
                    "orb-roll",
                    f"{seat_name(seat)} rolls for the Orb: "
                    + " ".join(str(f) for f in faces)
                    + (f", and takes it from {seat_name(victim)}" if won else ", no 3 of a kind"),
                    {"seat": seat, "faces": faces, "won": won},
                    reveals=True,
                )
            )
            if won:
                st.orb = seat
            return
        group = st.cards.groups[st.cards.cards[card].group]
        if group.orb and st.orb == NOBODY and st.holds_group(seat, st.cards.cards[card].group):
            st.orb = seat
            ev.append(Event("orb", f"{seat_name(seat)} brings the Orb into play", {"seat": seat}))

    def next_seat(self, st: DiceCardsState, ev: list[Event]) -> Seat | None:
        """MCU94/Q1 [GotG end]: once the last card leaves the board, each player has one more turn,
        from the player after the one who took it round to that player; then the score."""
        if st.final:
            st.final.pop(0)
            return st.final[0] if st.final else None
        if st.unclaimed():
            return (st.current + 1) % st.players
        st.final = [(st.current + 1 + k) % st.players for k in range(st.players)]
        ev.append(
            Event(
                "last-chance",
                "The last card is claimed: each player has one last chance to steal",
                {"order": st.final[:]},
            )
        )
        return st.final[0]

    def bonus(self, st: DiceCardsState, seat: Seat) -> int:
        """MCU95: the Orb's holder scores 5 more."""
        return ORB_BONUS if st.orb == seat else 0


register(Guardians())

__all__ = ["ORB_BONUS", "Guardians", "powers"]
