"""The vocabulary miracle cards are written in: effect primitives, each with its parameters and
the hook points where the rules evaluate it.

The 66 card texts are unknown (spec M3), and a card's text overrides the rulebook (G69). So a
card is data: a list of effects, each naming a primitive from `PRIMITIVES` with parameters that
the primitive's model validates, and the hook at which it acts. An owner transcribing the real
cards writes data; code is needed only for a primitive nobody has written yet. Loading refuses
what the rules would not do: a primitive at a hook where nothing evaluates it, or parameters
that hook cannot honour (`hook_problems`), so that no card is silently ignored.

Hooks (where the rules ask the cards in play, or the card being played, what to do):
- play: a War or Death card played in the player's own step 4 (G64, A13 [4. Play Miracle Cards]),
  resolved at once.
- attacked: a Sky card played by the defender in the Sky window of an invasion (G70, A12
  [Sky Cards; Sky Cards in Battle]).
- start-of-turn: before step 1 of the holder's turn (Pandora's Box).
- raise: while the holder's armies and faith are counted in step 1.
- battle: before each army-battle roll the holder's side takes part in.
- godswar: before each godswar roll the holder's side takes part in.
- roll: after a roll of the holder's side, with its traced faces.
- armies-die: when armies die, to decide where they go.
- score: in the final scoring (G113).
- cost: when the holder pays faith for something.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from warroom.core.board import StrictModel

HOOKS = (
    "play",
    "attacked",
    "start-of-turn",
    "raise",
    "battle",
    "godswar",
    "roll",
    "armies-die",
    "score",
    "cost",
)
RELIC_HOOKS = frozenset(HOOKS) - {"play", "attacked"}
DECK_HOOKS = {
    # G64: War and Death cards are played in step 4 of one's own turn.
    "War": frozenset({"play"}),
    "Death": frozenset({"play"}),
    # G70: Sky cards are played only in answer to an invasion.
    "Sky": frozenset({"attacked"}),
    # G71: Magic cards are relics, in play from the moment they are drawn.
    "Magic": RELIC_HOOKS,
}

# The targets that name the invasion under way (R6 [Sky Cards in Battle]): a Sky card's alone.
INVASION_TARGETS = ("attacking-force", "attacked-territory")


class GainArmies(StrictModel):
    """Take armies from the reserve into one territory (Heroes Are Born, FAQ errata)."""

    count: int = Field(ge=1)
    target: Literal["own-territory", "attacked-territory"] = "own-territory"


class DestroyArmies(StrictModel):
    """Destroy a number of armies, never the last one of a territory unless `to_zero`."""

    count: int = Field(ge=1)
    target: Literal[
        "enemy-territory",
        "any-territory",
        "attacking-force",
        "attacked-territory",
        "every-territory",
        "every-opponent",
    ]
    to_zero: bool = False


class HalveArmies(StrictModel):
    """Destroy half (rounded down, G7) of the armies of the target (The Mighty Have Fallen:
    the largest army, ties chosen by the card's player; The Ground Shakes)."""

    target: Literal["largest-army", "enemy-territory", "attacking-force", "every-territory"]
    region: str | None = Field(default=None, description="only in this continent")


class MoveArmies(StrictModel):
    """Move armies between two of the player's territories, leaving 1 behind (G67)."""

    count: int = Field(ge=1)
    adjacent_only: bool = True


class Faith(StrictModel):
    """Gain (positive) or make the target lose (negative) faith."""

    amount: int
    target: Literal["self", "chosen-player", "every-opponent"] = "self"


class DrawCards(StrictModel):
    """Draw miracle cards from a deck (they are not purchases, G54)."""

    deck: Literal["War", "Magic", "Sky", "Death"]
    count: int = Field(ge=1)
    play_free: bool = False
    ignore_god: bool = False


class BanishGod(StrictModel):
    """Banish gods to their pantheon card."""

    target: Literal["enemy-territory", "attacking-force", "chosen-player"]
    count: int = Field(default=1, ge=1)


class Plague(StrictModel):
    """Put the unused 5th plague marker on a territory, or move a placed one."""

    action: Literal["place", "move", "remove"]


class SinkAtlantis(StrictModel):
    """The Sea Is Your Tomb (G116): armies on Atlantis to their heavens, gods banished,
    temples destroyed, every connection of Atlantis cut."""


class Maelstrom(StrictModel):
    """Cover one water connection with the maelstrom marker: nothing crosses it."""

    duration: Literal["turn", "epoch", "game"] = "epoch"


class ExtraDice(StrictModel):
    """Extra dice for the holder's side (battle or godswar), within `max_dice` if given."""

    count: int = Field(ge=1)
    side: Literal["attack", "defend", "either"] = "either"


class RerollOnes(StrictModel):
    """The holder's side rerolls its 1s, once or until none is left (as a temple)."""

    until: bool = False
    side: Literal["attack", "defend", "either"] = "either"


class WinTies(StrictModel):
    """The holder wins tied comparisons, as the god of war does attacking (G46)."""

    side: Literal["attack", "defend", "either"] = "either"


class CancelInvasion(StrictModel):
    """The declared invasion ends before any dice; the attacker's armies stay home."""


class ReduceAttack(StrictModel):
    """The declared invasion commits this many fewer armies (A8 [Godswar; Sky Cards in Battle] gives
    Sky cards N)."""

    count: int = Field(ge=1)


class DeadTo(StrictModel):
    """Where armies dying at this hook go instead (G92, G93, G107, A3
    [8. Embark From Heaven; Atlantis])."""

    whose: Literal["own", "enemy"]
    destination: Literal["reserve", "heaven", "removed"]


class TerritoryPoint(StrictModel):
    """An end-game point while the holder controls `territory` (Stonehenge with Anglia, G72)."""

    territory: str
    points: int = Field(default=1, ge=1)


class FaithForArmies(StrictModel):
    """Exchange raised armies for faith, `rate` armies per faith, when armies are raised (Book
    of the Dead declines raised armies, FAQ), or `rate` faith for a die more in an army battle
    (Tablet of Destiny sacrifices faith)."""

    direction: Literal["armies-to-faith", "faith-to-die"]
    rate: int = Field(ge=1)


class Discount(StrictModel):
    """Pay less faith for a kind of purchase."""

    what: Literal["summon", "temple", "miracle"]
    amount: int = Field(ge=1)


class Magic3Card(StrictModel):
    """Hammer of Thor: a triple in godswar (the Magic Labor's roll, G89) also banishes the
    opposing god."""


# Each primitive's model and the hooks where the rules evaluate it (a relic's hooks are asked
# by the rules at those points: start-of-turn draws, raise faith and exchanges, battle and
# godswar dice, roll triples, armies-die routes, score points, cost discounts).
PRIMITIVES: dict[str, tuple[type[BaseModel], frozenset[str]]] = {
    "gain-armies": (GainArmies, frozenset({"play", "attacked"})),
    "destroy-armies": (DestroyArmies, frozenset({"play", "attacked"})),
    "halve-armies": (HalveArmies, frozenset({"play", "attacked"})),
    "move-armies": (MoveArmies, frozenset({"play", "attacked"})),
    "faith": (Faith, frozenset({"play", "attacked", "raise"})),
    "draw-cards": (DrawCards, frozenset({"play", "attacked", "start-of-turn"})),
    "banish-god": (BanishGod, frozenset({"play", "attacked"})),
    "plague": (Plague, frozenset({"play"})),
    "sink-atlantis": (SinkAtlantis, frozenset({"play"})),
    "maelstrom": (Maelstrom, frozenset({"play", "attacked"})),
    "extra-dice": (ExtraDice, frozenset({"attacked", "godswar"})),
    "reroll-ones": (RerollOnes, frozenset({"attacked", "battle", "godswar"})),
    "win-ties": (WinTies, frozenset({"attacked", "battle", "godswar"})),
    "cancel-invasion": (CancelInvasion, frozenset({"attacked"})),
    "reduce-attack": (ReduceAttack, frozenset({"attacked"})),
    "dead-to": (DeadTo, frozenset({"armies-die", "attacked", "play"})),
    "territory-point": (TerritoryPoint, frozenset({"score"})),
    "faith-for-armies": (FaithForArmies, frozenset({"raise", "battle"})),
    "discount": (Discount, frozenset({"cost"})),
    "triple-banishes": (Magic3Card, frozenset({"roll"})),
}


# The exchange of faith a relic makes at each hook the rules ask: declining raised armies
# (`economy.decline_rate`), a die more in an army battle (`economy.tablet_rate`).
EXCHANGES = {"raise": "armies-to-faith", "battle": "faith-to-die"}


def hook_problems(hook: str, primitive: str, params: BaseModel) -> list[str]:
    """What an effect's parameters ask that the rules do not do at its hook, each as
    "params.NAME: why"; `PRIMITIVES` says at which hooks the primitive acts at all."""
    p: Any = params
    problems = []
    target = getattr(p, "target", None)
    if target in INVASION_TARGETS and hook != "attacked":
        problems.append(f"params.target: {target!r} is an invasion's, named by a Sky card alone")
    if hook == "attacked" and getattr(p, "side", None) == "attack":
        problems.append("params.side: a Sky card helps the defender it is played for (G70)")
    if primitive == "faith" and hook == "raise" and target != "self":
        problems.append("params.target: faith gathered when armies are raised is the holder's")
    if primitive == "win-ties" and hook in ("battle", "godswar") and p.side != "attack":
        # Defenders win ties already (G91); against a god of war (G46) only a Sky card's
        # effect gives them back (`SkyEffects.defend_wins_ties`): no rule reads a relic's.
        problems.append("params.side: a relic wins ties for its holder attacking ('attack')")
    if primitive == "banish-god" and p.count != 1:
        problems.append("params.count: a card banishes the one god its player names")
    if primitive == "halve-armies" and p.region is not None and target != "every-territory":
        problems.append("params.region: only a halving of every territory keeps to a continent")
    if primitive == "draw-cards":
        if p.play_free and hook != "start-of-turn":
            problems.append("params.play_free: only a draw at the start of a turn is free (R7)")
        if p.play_free and p.count != 1:
            problems.append("params.count: a draw played free is of one card (R7)")
        if p.ignore_god and not p.play_free:
            problems.append("params.ignore_god: only a card played free may ignore its god (R7)")
    if primitive == "dead-to":
        if hook == "armies-die" and p.whose != "own":
            problems.append("params.whose: a relic routes its holder's own dead")
        if hook != "armies-die" and p.destination == "removed":
            problems.append(
                "params.destination: a card's dead go to the 'reserve' or their 'heaven' (R5)"
            )
    if primitive == "faith-for-armies" and EXCHANGES.get(hook) != p.direction:
        problems.append(f"params.direction: the exchange at {hook!r} is {EXCHANGES.get(hook)!r}")
    return problems


# -- an effect in plain words (the hand on the page, the terminal's miracles) ----------------
_WHEN = {
    "play": "played in your turn",
    "attacked": "played when attacked",
    "start-of-turn": "at the start of your turn",
    "raise": "when you raise armies",
    "battle": "in army battles",
    "godswar": "in godswar",
    "roll": "when dice are rolled",
    "armies-die": "when armies die",
    "score": "at the game's end",
    "cost": "always",
}
_WHERE = {
    "own-territory": "one of your territories",
    "enemy-territory": "an enemy territory",
    "any-territory": "any territory",
    "largest-army": "the largest army",
    "attacked-territory": "the attacked territory",
    "attacking-force": "the attacking force",
    "every-territory": "every territory",
    "chosen-player": "a player you choose",
    "every-opponent": "every opponent's largest army",
    "self": "you",
}
_SIDE = {"attack": "attacking", "defend": "defending", "either": "attacking or defending"}


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _primitive_words(primitive: str, p: Any) -> str:
    """One primitive with its parameters (the models above) as a phrase."""
    if primitive == "gain-armies":
        return f"{_count(p.count, 'army', 'armies')} from your reserve to {_WHERE[p.target]}"
    if primitive == "destroy-armies":
        where = "every territory not yours" if p.target == "every-territory" else _WHERE[p.target]
        into = "from" if p.target == "every-opponent" else "in"
        last = "" if p.to_zero else " (never the last)"
        return f"destroy {_count(p.count, 'army', 'armies')} {into} {where}{last}"
    if primitive == "halve-armies":
        if p.target == "largest-army":
            return "destroy half of the largest army"
        region = f" of {p.region}" if p.region else ""
        return f"destroy half the armies of {_WHERE[p.target]}{region}"
    if primitive == "move-armies":
        between = "two of your neighbouring territories" if p.adjacent_only else "two of yours"
        return f"move up to {_count(p.count, 'army', 'armies')} between {between}"
    if primitive == "faith":
        if p.target == "self":
            return f"{'gain' if p.amount > 0 else 'lose'} {abs(p.amount)} faith"
        who = "a player you choose" if p.target == "chosen-player" else "every opponent"
        return f"{who} {'gains' if p.amount > 0 else 'loses'} {abs(p.amount)} faith"
    if primitive == "draw-cards":
        free = ", free to play this turn" if p.play_free else ""
        return f"draw {_count(p.count, f'{p.deck} card', f'{p.deck} cards')}{free}"
    if primitive == "banish-god":
        of = {
            "enemy-territory": "in an enemy territory",
            "attacking-force": "of the attacking force",
        }
        return (
            f"banish {_count(p.count, 'god', 'gods')} {of.get(p.target, 'of a player you choose')}"
        )
    if primitive == "plague":
        return {
            "place": "put the fifth plague marker on a territory",
            "move": "move a plague marker",
            "remove": "remove a plague marker",
        }[p.action]
    if primitive == "sink-atlantis":
        return "sink Atlantis"
    if primitive == "maelstrom":
        until = "for the rest of the game" if p.duration == "game" else f"for the {p.duration}"
        return f"block one water connection {until}"
    if primitive == "extra-dice":
        return f"{_count(p.count, 'die', 'dice')} more {_SIDE[p.side]}"
    if primitive == "reroll-ones":
        return f"reroll 1s {'until none is left' if p.until else 'once'} {_SIDE[p.side]}"
    if primitive == "win-ties":
        return f"win ties {_SIDE[p.side]}"
    if primitive == "cancel-invasion":
        return "cancel the invasion before any dice"
    if primitive == "reduce-attack":
        return f"the invasion commits {_count(p.count, 'army', 'armies')} fewer"
    if primitive == "dead-to":
        whose = "your" if p.whose == "own" else "enemy"
        to = {"reserve": "the reserve", "heaven": "their heaven", "removed": "out of the game"}
        return f"{whose} armies that die go to {to[p.destination]}"
    if primitive == "territory-point":
        return f"{_count(p.points, 'point', 'points')} while you control {p.territory}"
    if primitive == "faith-for-armies":
        if p.direction == "armies-to-faith":
            return f"turn down {_count(p.rate, 'raised army', 'raised armies')} for 1 faith"
        return f"{p.rate} faith for one die more than allowed"
    if primitive == "discount":
        what = {"summon": "summoning a god", "temple": "a temple", "miracle": "a miracle card"}
        return f"{what[p.what]} costs {p.amount} faith less"
    assert primitive == "triple-banishes", primitive  # the last of PRIMITIVES
    return "a godswar triple also banishes the opposing god"


def effects_words(effects: list[tuple[str, str, Any]]) -> str:
    """A card's effects (hook, primitive, parameters) as a player reads them ("played in your
    turn: banish 1 god in an enemy territory"), not as data ("play: banish-god
    enemy-territory 1"): most card texts are reconstructed (M3), so these words are all a
    player has to go on. Effects at the same moment share it ("...: 1 die more defending,
    and reroll 1s once defending")."""
    parts: list[str] = []
    last = None
    for hook, primitive, params in effects:
        words = _primitive_words(primitive, params)
        parts.append(
            f", and {words}" if hook == last else f"{'; ' if parts else ''}{_WHEN[hook]}: {words}"
        )
        last = hook
    return "".join(parts)
