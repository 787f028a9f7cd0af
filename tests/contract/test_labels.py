"""The legal actions of every mode have button labels in plain words (`Game.label`).

Seeded games of each mode are walked with a curious policy (an action of a kind not met yet
is often preferred), and at every decision the first legal action of each kind and about
24 others spread over the list (`_spread`) are labelled from its seat's observation: each
label must be a sentence, not the typed command, and each kind's label must read as
`EXPECTED` says, its names filled in. A kind the rules offer with no entry there fails, so a
new kind cannot reach the page as a command.
"""

from __future__ import annotations

import random
import re
from functools import cache
from typing import Any

import pytest

import warroom.games as games
from warroom.core import Action, Game
from warroom.core.events import listed
from warroom.games.godstorm.rules import GOD_AGAIN
from warroom.games.monopoly_avengers import Call

# Per mode, per kind: the label as a pattern; {n} stands for the n-th argument in the mode's
# words (MCU's sectors by caption), {n:} for the arguments from the n-th on, listed.
N = r"\d+"
DICE = rf"{N} dic?e"  # "1 die", "3 dice"
CLASSIC = {
    "claim": "Claim {0}",
    "place": rf"Place {N} (army|armies|units?) on {{0}}",
    "attack": rf"Attack {{1}} from {{0}} with {DICE}",
    "defend": f"Defend with {DICE}",
    "move": rf"Move {N} (army|armies|units?) into .+",
    "fortify": rf"Move {N} (army|armies|units?) from {{0}} to {{1}}",
    "trade": r"Trade in [^_]+, [^_]+ and [^_]+( \(\+2 (armies|units) on .+\))?",
    "end": "End attacks|End your turn",
}
SHIPS = r"( and \d+ (cruiser|carrier|dreadnought)s?((, | and )\d+ \w+)*)?"
EXPECTED: dict[str, dict[str, str]] = {
    "risk-classic": {**CLASSIC, "neutral": "Place a neutral army on {0}"},
    "mass-effect-basic": CLASSIC,
    "mass-effect-galaxy-at-war": {
        **CLASSIC,
        "attack": rf"Attack {{1}} from {{0}} with {DICE}{SHIPS}",
        "move": rf"Move {N} units? into .+{SHIPS}",
        "end": "End attacks|End fortifying|End ship moves|Ask your teammate for no planet|"
        "Leave Harbinger where it is|Devastate no planet",
        "cerberus": "Claim {0} for neutral Cerberus|Place a Cerberus unit on {0}",
        "harbinger": "Put Harbinger on {0}",
        "vanguard": "Put the Reaper Vanguard on {0}",
        "ship": "Put the ship just built on {0}",
        "step": "Move Harbinger to {0}",
        "roll": "Roll to move Harbinger",
        "command": "Ask your teammate for {0}",
        "accept": "Hand .+ over",
        "decline": "Keep .+",
        "scan": r"Scan {0} \(roll for its War Assets card\)",
        "match": r"Match row {0} with \d+ \(die \d+\)((, | and )\d+ \(die \d+\))*",
        "aside": r"Set die {0} aside \(a d[68] showing \d\)",
        "strike": rf"Strike Harbinger from {{0}} with {DICE}{SHIPS}",
        "ships": r"Move \d+ (cruiser|carrier|dreadnought)s?((, | and )\d+ \w+)* from {0} to {1}",
        "build": "Build a (cruiser|carrier|dreadnought) with {0}",
        "play": "Play {0}( on .+)?: .+",
        "devastate": "Devastate .+ with {0}",
    },
    "mcu-skirmish": {
        **CLASSIC,
        "maneuver": rf"Move {N} units? from {{0}} to {{1}}",
        "trade": r"Turn in {0:} \(\d+ symbols?\) for \d+ units?",
    },
    "mcu-battle-for-manhattan": {
        **CLASSIC,
        "attack": rf"Attack {{1}} from {{0}} with {DICE}(, without the Allies there)?",
        "maneuver": rf"Move {N} units? from {{0}} to {{1}}",
        "trade": r"Turn in {0:} \(\d+ symbols?\) for \d+ units?",
        "faction": "Play as (Captain America|Ultron|Iron Man|Winter Soldier|Thor)",
        "hulk": "Put Hulk on {0}",
        "hydra": r"Add (\d+ Hydra agents?|no Hydra agents)",
        "ally": r"Put .+'s Ally \d on {1} \(.+; card {0}\)",
        "power": "Use {0}'s power: .+",
        "allies": r"Move (every Ally|.+'s Ally \d.*) from {0} to {1}",
    },
    "risk-godstorm": {
        "pantheon": "Play the {0}",
        "pile": "Take pile {0}",
        "claim": "Claim {0}",
        "place": rf"Place {N} (army|armies) on {{0}}",
        "decline": rf"Turn down {N} (army|armies) for {N} faith",
        "begin": r"Put .+ \(god of war\) on {0} and your first temple on {1}",
        "bid": "Bid {0} faith",
        "marker": "Take turn-order marker {0}",
        "revive": "Revive armies from {0} at your temple on {1}",
        "summon": r"Summon .+ \(god of {0}\) to {1}",
        "temple": "Build a temple on {0}",
        "buy": r"Buy no miracle cards|Buy \d+ \w+((, | and )\d+ \w+)* miracle cards?",
        "cast": "Play .+",
        "invade": rf"Invade {{1}} from {{0}} with {N} (army|armies)( and .+)?",
        "fortify": "Move .+ from {0} to {1}",
        "god": r"(Send|Defend with) .+ \(god of {0}\) in the godswar",
        "roll": f"Attack with {DICE}",
        "defend": f"Defend with {DICE}",
        "move": rf"Move {N} (army|armies) into .+",
        "embark": rf"Send {N} (army|armies) from your heaven to {{0}}",
        "descend": "Invade {1} from .+",
        "done": "Done reviving|Done summoning and building|Done playing miracles|End invasions|"
        "Done fortifying|Done embarking|End your turn",
        "pass": "Play no Sky card",
        "fight": "Fight the godswar on",
        "retreat": "Call the invasion off|Retreat: end this invasion",
    },
    "risk-strike": {
        "draw": "Draw a tactics card|Draw the top continent card",
        "take": "Take one .+ card from the surrendered row",
        "attack": "Attack Player \\d( \\(you\\))?'s .+ from .+",
        "pass": r"Pass: let it stand|Pass: no attack \(draw 1 tactics, end turn\)|Pass",
        "cancel": "Canceled Orders: cancel the .+",
        "deploy": r"Deploy no troops|Deploy \d+ troops?|Help the (attacker|defender): \d+ troops?",
        "spy": r"Spy on Player \d",
        "expand": "Expand: draw 1 tactics card|Expand: take 2 continent cards",
        "sabotage": "Sabotage: call the battle off",
        "artillery": r"Artillery on Player \d( \(you\))?",
        "rally": r"Rally: \+2 on each attack die",
        "bombard": r"Bombard the {0}'s die {1} \(a (\d+ becomes a 6|6 already: no change)\)",
        "discard": r"Lose a troop of Player \d( \(you\))?",
        "again": "Roll again",
        "stop": "Stop the battle",
    },
    "monopoly-avengers": {
        "roll": "Roll the dice",
        "end": "End your turn",
        "done": "Done: nothing more to do now",
        "accept": "Accept the offer",
        "decline": "Decline the offer",
        "bankrupt": "Declare bankruptcy",
        "draft": r"Draft .+ for M\d+",
        "auction": "Auction .+",
        "pass": "Pass for now|Pass",
        "bid": "Bid M{0}",
        "pay": r"Pay M\d+ to .+ \(.+\)|Pay the M\d+ fine to leave Jail",
        "use": "Use your .+ card to leave Jail",
        "offer": r"Offer {0} (M\d+|.+) for (M\d+|.+)",
        "build": r"Build a (Base|Headquarters) on {0} for M\d+",
        "sell": r"Sell (a Base on {0}|{0}'s Headquarters) for M\d+",
        "sideline": r"Sideline {0} for M\d+",
        "reactivate": r"Reactivate {0} for M\d+",
        "keep": r"Keep {0} sidelined \(M\d+ fee\)",
        "ask": "Ask for the payment due on {0}",
        "forgo": "Let the payment due on {0} go",
        "want": "Ask for the last .+ to build on {0}",
    },
}
ROW_AND_DICE = r"(row \d \(.+\)|the steal row \(a 6\)) with \d \(d[68]\)((, | and )\d \(d[68]\))*"
DICE_CARDS = {
    "target": f".+: {ROW_AND_DICE}",
    "match": f"Match {ROW_AND_DICE}",
    "aside": r"Set aside the d[68] showing \d",
    "pass": "Pass: this roll matches no card",
    "reroll": r"Reroll the unplaced dice \(Set power\)",
}
EXPECTED["mass-effect-war-assets"] = {k: v for k, v in DICE_CARDS.items() if k != "reroll"}
EXPECTED["mcu-guardians"] = DICE_CARDS  # the Set power's rerolls are Guardians' own

# Options under which the kinds a default game never offers are offered too.
MORE_OPTIONS: dict[str, list[dict[str, object]]] = {
    "mass-effect-galaxy-at-war": [{"scanning": True}],
}
# Kinds too rare for the walks, each labelled in a test of its own below.
UNREACHED = {
    "monopoly-avengers": {"use", "want"},
    "risk-godstorm": {"claim", "decline", "fight"},
}
STEPS = 1500  # decisions a walk looks at: enough to reach the late steps of every mode
LABELLED = 24  # actions of one step labelled besides the first of each kind (`_spread`)
COMMAND = re.compile(r"^[a-z]+( \S+)*$")  # "attack Gaul Liguria 3": all lower-case words


def _pattern(game: Game[Any], seen: Any, template: str, action: Action) -> re.Pattern[str]:
    """`template` with its {n} and {n:} filled in with the action's arguments, escaped."""
    words = [game.words(seen, str(a)) for a in action.args]

    def fill(found: re.Match[str]) -> str:
        start = int(found[1])
        return re.escape(listed(words[start:]) if found[2] else words[start])

    return _compiled(re.sub(r"\{(\d+)(:?)\}", fill, template))


@cache
def _compiled(source: str) -> re.Pattern[str]:
    """A pattern compiled once: the walks fill the same templates with the same names over
    and over, far more of them than the 512 that `re` keeps compiled."""
    return re.compile(source)


def _spread(legal: list[Action]) -> list[Action]:
    """The actions of a step to label: the first of each kind and about `LABELLED` spread
    over the rest. Labelling every one (a reinforcement step lists hundreds) took 50 s of
    the suite's time, checking the same templates with the same names again and again."""
    every = max(1, len(legal) // LABELLED)
    firsts = set(
        {action.kind: index for index, action in reversed(list(enumerate(legal)))}.values()
    )
    return [action for index, action in enumerate(legal) if index % every == 0 or index in firsts]


def _walk(game: Game[Any], options: dict[str, object]) -> dict[str, int]:
    """Label the legal actions `_spread` picks along seeded walks; the count of actions
    checked per kind."""
    checked: dict[str, int] = {}
    played: set[str] = set()
    expected = EXPECTED[game.id]
    for players in sorted({game.min_players, game.max_players}):
        for seed in (1, 2):
            state = game.new_game(players, seed, options)
            pick = random.Random(seed)
            for _ in range(STEPS):
                movers = game.to_move(state)
                if not movers:
                    break
                seat = movers[0]
                legal = list(game.legal_actions(state, seat))
                seen = game.observe(state, seat)
                for action in _spread(legal):
                    label = game.label(seen, seat, action)
                    text = action.text()
                    assert label and label[0].isupper(), (text, label)
                    assert label not in (text, game.words(seen, text)), text
                    assert "_" not in label and not COMMAND.match(label), (text, label)
                    assert action.kind in expected, f"{game.id}: no words for {text!r}: {label}"
                    pattern = _pattern(game, seen, expected[action.kind], action)
                    assert pattern.fullmatch(label), (text, label, pattern.pattern)
                    checked[action.kind] = checked.get(action.kind, 0) + 1
                fresh = [a for a in legal if a.kind not in played]
                chosen = pick.choice(fresh if fresh and pick.random() < 0.5 else legal)
                played.add(chosen.kind)
                state = game.play(state, seat, chosen)
    return checked


@pytest.mark.parametrize("mode", sorted(EXPECTED))
def test_legal_actions_read_as_plain_words(mode: str) -> None:
    game = games.get_mode(mode)
    checked: dict[str, int] = {}
    turns = {"turn_limit": 60} if any(o.name == "turn_limit" for o in game.options) else {}
    for options in [turns, *MORE_OPTIONS.get(mode, [])]:
        checked.update(_walk(game, options))
    # Every kind was met (the rules' handlers name them where a mode has such a table): a
    # kind the walks never reach would go untested.
    wanted = {k for (_, k) in getattr(game, "handlers", {})} or set(EXPECTED[mode])
    missing = sorted(wanted - set(checked) - UNREACHED.get(mode, set()))
    assert not missing, f"{mode}: the walks never offered {missing}"


def _calling(state: Any) -> None:
    """Monopoly: the last Base is called for (Not Enough Buildings)."""
    state.call = Call(builder=1, space=1, building="Base", asked=(0,), wanted=())


def _fighting_on(state: Any) -> None:
    """Godstorm: a godswar may be fought on."""
    state.phase = GOD_AGAIN


@pytest.mark.parametrize(
    ("mode", "text", "prepare"),
    [
        ("monopoly-avengers", "use gauntlet-card", None),
        ("monopoly-avengers", "want Wong", _calling),
        ("risk-godstorm", "claim Gaul", None),
        ("risk-godstorm", "decline 2", None),
        ("risk-godstorm", "fight", _fighting_on),
    ],
)
def test_a_rare_kind_reads_as_plain_words(mode: str, text: str, prepare: Any) -> None:
    """The kinds the walks do not reach (`UNREACHED`), labelled in a state set up for them."""
    game = games.get_mode(mode)
    seen = game.observe(game.new_game(game.min_players, 1), 0).copy()
    if prepare is not None:
        prepare(seen)
    action = Action.parse(text)
    label = game.label(seen, 0, action)
    assert _pattern(game, seen, EXPECTED[mode][action.kind], action).fullmatch(label), label


def test_every_mode_has_words_for_its_actions() -> None:
    assert sorted(EXPECTED) == sorted(g.id for g in games.modes())


def test_a_surrendered_card_is_offered_in_plain_words() -> None:
    """Taking from the surrendered row names the continent with no article to get wrong
    ("Take a Asia card")."""
    game = games.get_mode("risk-strike")
    seen = game.observe(game.new_game(3, 1), 0)
    labels = [game.label(seen, 0, Action("take", (c,))) for c in ("asia", "europe")]
    assert labels == [
        "Take one Asia card from the surrendered row",
        "Take one Europe card from the surrendered row",
    ]


def test_expand_says_what_each_choice_brings() -> None:
    """S47: one tactics card or two continent cards; the button said "2 tactics cards"."""
    game = games.get_mode("risk-strike")
    seen = game.observe(game.new_game(3, 1), 0)
    labels = [game.label(seen, 0, Action("expand", (c,))) for c in ("tactics", "continents")]
    assert labels == ["Expand: draw 1 tactics card", "Expand: take 2 continent cards"]


def test_mcu_names_sectors_by_their_captions() -> None:
    """The map captions Sector_01 "Malibu (01)": a button says the same, never the id."""
    game = games.get_mode("mcu-skirmish")
    seen = game.observe(game.new_game(3, 1), 0)
    label = game.label(seen, 0, Action("attack", ("Sector_02", "Sector_01", 3)))
    assert label == "Attack Malibu (01) from Sector 02 with 3 dice"


def test_a_trade_names_a_wild_card_as_one() -> None:
    """The hand shows a wild card as "wild": a trade's button says "a wild card"."""
    game = games.get_mode("risk-classic")
    seen = game.observe(game.new_game(3, 1), 0)
    label = game.label(seen, 0, Action("trade", ("Kush", "Graecia", "wild", "Kush")))
    assert label == "Trade in Kush, Graecia and a wild card (+2 armies on Kush)"
