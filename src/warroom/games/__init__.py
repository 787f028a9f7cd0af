"""One module per edition's rules, and a catalogue of every mode that needs none of them.

`warroom games` lists the modes from `CATALOG` alone, so it starts without importing any rules
(nor pydantic, nor the board data). `get_mode` and `modes` import a mode's rules module on first
use (the `warroom.modes` entry points in pyproject.toml name it), which registers it. Each mode's
id, title, player counts and options are written here once: its rules module takes them from
`catalogued(id)`.
"""

from __future__ import annotations

# typing alone costs about as much as Python's own start-up; mypy takes this name as True.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Collection, Mapping
    from typing import Any

    from warroom.core.game import Game, Option, OptionValue


def option_text(value: OptionValue) -> str:
    """An option's value as a user types it (`--option scanning=false`, not Python's False)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def set_aside(
    game: Game[Any], players: int, options: Mapping[str, OptionValue], typed: Collection[str]
) -> list[str]:
    """A note for each option in `typed` that the rules set aside at this player count (an
    Option's `fixed` value), as `warroom play` and `warroom simulate` say it before playing:
    "(2-player games play setup=deal: setup=claim is not used)"."""
    return [
        f"({players}-player games play {name}={option_text(value)}: "
        f"{name}={option_text(options[name])} is not used)"
        for name, value in game.options_in_effect(players, options).items()
        if name in typed and options[name] != value
    ]


class OptionInfo:
    """A setup option as `warroom games` lists it."""

    __slots__ = ("choices", "default", "files", "fixed", "help", "maximum", "minimum", "name")

    def __init__(
        self,
        name: str,
        default: OptionValue,
        help: str,
        choices: tuple[OptionValue, ...] = (),
        minimum: int | None = None,
        maximum: int | None = None,
        files: str = "",
        fixed: tuple[tuple[int, OptionValue], ...] = (),
    ) -> None:
        self.name = name
        self.default = default
        self.help = help
        self.choices = choices
        self.minimum = minimum
        self.maximum = maximum
        self.files = files
        self.fixed = fixed


class ModeInfo:
    """A mode as `warroom games` lists it. `bots` are the tiers `warroom.bots.tiers_for` offers,
    weakest first, written here too so the listing needs no bot module (tests/bots check the
    two agree)."""

    __slots__ = ("bots", "id", "max_players", "min_players", "options", "title")

    def __init__(
        self,
        id: str,
        title: str,
        min_players: int,
        max_players: int,
        options: tuple[OptionInfo, ...],
        bots: tuple[str, ...],
    ) -> None:
        self.bots = bots
        self.id = id
        self.title = title
        self.min_players = min_players
        self.max_players = max_players
        self.options = options


_DEFENDER_DICE = OptionInfo(
    "defender_dice",
    "choose",
    "defender chooses 1 or 2 dice, or always rolls the most allowed (for simulations)",
    ("choose", "auto"),
)
_TURN_LIMIT = OptionInfo(
    "turn_limit",
    0,
    "end the game after this many turns (0: never; simulations)",
    minimum=0,
    maximum=100_000,  # far beyond any game played; no option value is unbounded
)

CATALOG = (
    ModeInfo(
        "mass-effect-basic",
        "RISK Mass Effect: Basic Training (the 42-planet galaxy, fixed card sets)",
        3,
        4,  # ME3/A1: the Set Up Chart prints 3 and 4 players only
        (
            _DEFENDER_DICE,
            _TURN_LIMIT,
        ),
        ("random", "greedy", "mcts"),
    ),
    ModeInfo(
        "mass-effect-galaxy-at-war",
        "RISK Mass Effect: Galaxy at War (factions and teams, ships, Harbinger, Vanguards)",
        2,
        5,  # ME44: the Set Up Chart prints 2 to 5 players
        (
            _DEFENDER_DICE,
            OptionInfo(
                "neutral_defence",
                "choose",
                "an opponent of the attacker rolls neutral Cerberus's defence (printed), or it "
                "always rolls the most dice (not printed)",
                ("choose", "auto"),
            ),
            OptionInfo(
                "scanning",
                False,
                "planet scanning with the War Assets cards (ME52 [Optional Planet Scanning], "
                "ME105-ME111 [Planet Scanning])",
            ),
            OptionInfo(
                "harbinger_move",
                "any",
                "Harbinger moves 0 up to the roll's planets (G17 [Step 5], recommended), or at "
                "least 1 (strict)",
                ("any", "strict"),
            ),
            OptionInfo(
                "vanguard_reveal",
                "cerberus",
                "a Vanguard Cerberus destroys is shown to Cerberus alone (G8 [Invading a Reaper "
                "Vanguard], recommended), or to everyone (public)",
                ("cerberus", "public"),
            ),
            _TURN_LIMIT,
        ),
        ("random", "greedy", "mcts"),
    ),
    ModeInfo(
        "mass-effect-war-assets",
        "RISK Mass Effect: War Assets (the dice and planet card game)",
        2,
        5,  # W1: the box says 2-5
        (),  # the game ends with probability 1: see warroom.games.dice_cards
        ("random", "greedy", "mcts", "lookahead", "learned"),
    ),
    ModeInfo(
        "mcu-battle-for-manhattan",
        "RISK Marvel Cinematic Universe: Battle for Manhattan (objectives, Allies, Hulk)",
        3,
        5,  # MCU30
        (
            OptionInfo(
                "factions",
                "choose",
                "players roll and pick factions in turn (MCU32 [BfM Set Up]), or dealt at "
                "random (a valid set, for simulations)",
                ("choose", "random"),
            ),
            _DEFENDER_DICE,
            OptionInfo(
                "neutral_defence",
                "choose",
                "the next seat after the attacker chooses the neutrals' dice (B8 [Invading the "
                "Helicarrier; Invading Sector_50 (Asgard)]), or they always roll the most",
                ("choose", "auto"),
            ),
            OptionInfo(
                "resources",
                "pool",
                "Iron Man builds a Tower stage for each unspent pair of resource chips he holds "
                "(B3 [Invading a Sector with a Resource], recommended), or only for pairs "
                "collected in that turn",
                ("pool", "turn"),
            ),
            OptionInfo(
                "taken_cards",
                "powers",
                "cards taken from an eliminated player's other faction give units and their "
                "one-time powers (B17 [BfM Faction Cards], recommended), or units only",
                ("powers", "units"),
            ),
            _TURN_LIMIT,
        ),
        ("random", "greedy", "mcts"),
    ),
    ModeInfo(
        "mcu-guardians",
        "RISK MCU: Guardians of the Galaxy (the dice and Asset card game)",
        2,
        5,  # MCU80/Q9
        (),
        ("random", "greedy", "mcts", "lookahead"),
    ),
    ModeInfo(
        "mcu-skirmish",
        "RISK Marvel Cinematic Universe: Skirmish (the race for Manhattan's sectors)",
        3,
        5,  # MCU1
        (
            OptionInfo(
                "sectors_to_win",
                20,
                "sectors a player must control to win (MCU26 [Winning]: 20, or more or fewer for a "
                "longer or shorter game)",
                minimum=1,
                maximum=50,
            ),
            OptionInfo(
                "factions",
                "random",
                "the cosmetic factions (MCU3 [Sk Set Up; Reinforcement]): dealt at random, or "
                "in the printed turn order (Captain America first)",
                ("random", "in-order"),
            ),
            _DEFENDER_DICE,
            _TURN_LIMIT,
        ),
        ("random", "greedy", "mcts"),
    ),
    ModeInfo(
        "monopoly-avengers",
        "Monopoly: Marvel Avengers Edition",
        2,
        12,  # Components: 12 tokens
        (_TURN_LIMIT,),
        ("random", "greedy"),
    ),
    ModeInfo(
        "risk-classic",
        "Classic RISK (Global Domination, and the 2-player rules)",
        2,
        5,
        (
            OptionInfo(
                "map",
                "ancient-earth",
                "board and card designs, or your own board file (terminal and simulations)",
                ("ancient-earth", "classic-world"),
                files="board",
            ),
            OptionInfo(
                "setup",
                "claim",
                "claim territories one at a time, or deal the territory cards "
                "(the 2-player game always deals)",
                ("claim", "deal"),
                fixed=((2, "deal"),),  # 2-Player Setup: the cards dealt into three piles
            ),
            _DEFENDER_DICE,
            _TURN_LIMIT,
        ),
        ("random", "greedy", "mcts", "learned"),
    ),
    ModeInfo(
        "risk-godstorm",
        "RISK Godstorm (five epochs of gods, faith, miracles, plague and the Underworld)",
        2,
        5,  # G15; with 2 players a neutral holds the third pile (G21, G22)
        (  # five epochs: the game always ends (G23), so no turn limit
            OptionInfo(
                "setup",
                "deal",
                "deal the territory cards, or claim territories one at a time (G20 "
                "[Non-Random Setup]); the 2-player game always deals 3 piles (G21 [Setup for 2 "
                "Players])",
                ("deal", "claim"),
                fixed=((2, "deal"),),  # G21: the piles replace both setups
            ),
            OptionInfo(
                "armies",
                "finite",
                "each colour's 110 armies are all there are: a reserve that runs out raises no "
                "more (A2 [Artifacts of the Past], recommended), or unlimited, as in Classic RISK",
                ("finite", "unlimited"),
            ),
        ),
        ("random", "greedy", "mcts"),
    ),
    ModeInfo(
        "risk-strike",
        "RISK Strike (the card and dice game)",
        2,
        5,  # B1: five reference cards and a 2-player rule
        (_TURN_LIMIT,),
        ("random", "greedy", "mcts"),
    ),
)


def catalogued(mode_id: str) -> ModeInfo:
    """The catalogue's entry for `mode_id`, from which its rules module takes its description."""
    return next(info for info in CATALOG if info.id == mode_id)


def rules_options(info: ModeInfo) -> tuple[Option, ...]:
    """The entry's options as the rules check them."""
    from warroom.core.game import Option

    return tuple(
        Option(o.name, o.default, o.help, o.choices, o.minimum, o.maximum, o.files, o.fixed)
        for o in info.options
    )


def get_mode(mode_id: str) -> Game[Any]:
    """The mode with this id, its rules imported on first use."""
    from warroom.core.registry import get_mode

    return get_mode(mode_id)


# The sections every guide has, in this order, each a `## ` heading.
GUIDE_SECTIONS = ("Goal", "Setting up", "A turn", "Winning", "In this app")


def guide(mode_id: str) -> str:
    """The mode's how-to-play guide: short Markdown in our own words (`data/guides/<id>.md`),
    for a first-time player, shown by the page's "How to play" and the terminal's `rules`.
    An unknown id is refused before any file name is made from it."""
    from importlib import resources

    from warroom.core.errors import MissingGuide

    get_mode(mode_id)
    ref = resources.files("warroom.data").joinpath(f"guides/{mode_id}.md")
    try:
        return ref.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise MissingGuide(f"game mode {mode_id!r} has no how-to-play guide yet") from None


def modes() -> list[Game[Any]]:
    """Every mode, by id, with the rules of each imported."""
    from warroom.core.registry import modes

    return modes()
