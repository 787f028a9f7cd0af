"""The action buttons a player clicks read as plain words, in every mode family's page.

A served game with a person in every seat is played by the greedy bot's choices through the
hub until seat 1 faces a decision shown as buttons (a defence or a move-in, a draft, a draw, a
first roll to match); nothing moves after that, so the page is looked at on that very state.
Each visible button that sends an action must say the server's label for it (`Game.label`),
never the action's typed form nor an id; the dice games draw their dice and say the label in
the button's title. Screenshots at a desktop's and a phone's size go to test-artifacts/.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from tests.web.play import played_until
from tests.web.system import chromium_browser, open_page
from tests.web.test_browser import ARTIFACTS
from warroom.core.match import Match
from warroom.web.hub import Hub

COMMAND = re.compile(r"^[a-z]+( \S+)*$")  # "attack Gaul Liguria 3": all lower-case words
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}


def _kinds(*kinds: str) -> Callable[[Match], bool]:
    """Seat 1 decides among two or more actions, one of `kinds` among them."""

    def ready(match: Match) -> bool:
        if 0 not in match.to_move():
            return False
        legal = match.legal(0)
        return len(legal) > 1 and any(a.kind in kinds for a in legal)

    return ready


# One mode of each family (and each page of its own), and the decision its test looks at.
FAMILIES = {
    "risk-classic": _kinds("defend", "move"),
    "mass-effect-basic": _kinds("defend", "move"),
    "mass-effect-galaxy-at-war": _kinds("defend", "move"),
    "mcu-skirmish": _kinds("defend", "move"),
    "mcu-battle-for-manhattan": _kinds("defend", "move"),
    "risk-godstorm": _kinds("defend", "move"),
    "risk-strike": _kinds("draw"),
    "monopoly-avengers": _kinds("draft"),
    "mass-effect-war-assets": _kinds("target"),
    "mcu-guardians": _kinds("target"),
}
DICE_GAMES = {"mass-effect-war-assets", "mcu-guardians"}

# Every button that sends an action, as shown: what it sends, its words and its title.
SHOWN = """() => [...document.querySelectorAll(
    '#actions button[data-action], #modepanel button[data-action]')]
  .filter((b) => b.offsetParent !== null)
  .map((b) => [b.dataset.action, b.innerText.trim(), b.title])"""


@pytest.mark.parametrize("mode", sorted(FAMILIES))
def test_the_buttons_say_plain_words(server: str, served_hub: Hub, mode: str) -> None:
    game = played_until(server, served_hub, mode, FAMILIES[mode])
    room = served_hub.room(game["id"])
    ARTIFACTS.mkdir(exist_ok=True)
    with chromium_browser() as browser:
        for size, (width, height) in SIZES.items():
            errors: list[str] = []
            page = open_page(browser, width=width, height=height, errors=errors)
            page.goto(server + game["seats"][0]["link"])
            page.wait_for_function(f"G.msg && G.msg.state === {room.state_id} && G.msg.labels")
            page.wait_for_function("document.querySelector('#actions button[data-action]')")
            legal, said = page.evaluate("[G.msg.legal, G.msg.labels]")
            labels = {" ".join(map(str, a)): label for a, label in zip(legal, said, strict=True)}
            shown = page.evaluate(SHOWN)
            checked = 0
            for action, text, title in shown:
                words = title if mode in DICE_GAMES else text
                # A count chosen from a list: its button sends the prefix with the count
                # chosen, and says that action.
                meant = (
                    [labels[action]]
                    if action in labels
                    else [label for a, label in labels.items() if a.startswith(f"{action} ")]
                )
                if not meant:
                    continue  # the page's own controls (the attack picker's steps)
                checked += 1
                assert words in meant, (action, text, title, meant)
                assert words != action and "_" not in words and not COMMAND.match(words), words
            assert checked, shown
            page.screenshot(path=str(ARTIFACTS / f"buttons-{mode}-{size}.png"), full_page=True)
            assert errors == [], errors


# The page's own buttons beside the server's: their words, and each one's box and text.
OWN = """() => [...document.querySelectorAll('#actions button, #modepanel button')]
  .filter((b) => b.offsetParent !== null).map((b) => b.innerText.trim())"""


def test_the_page_s_own_controls_read_as_the_server_s_buttons(server: str, served_hub: Hub) -> None:
    """Two places picked for an attack at a desktop's width: the page's own controls (attack
    until it falls, until N left, clear selection, undo) start with a capital as the
    server's labels do, and "Attack until [N] left" stays on one line (its "left" alone
    on the next one read as a stray word)."""
    mode = "risk-classic"
    game = played_until(server, served_hub, mode, _kinds("attack"))
    room = served_hub.room(game["id"])
    source, target = next(a.args[:2] for a in room.match.legal(0) if a.kind == "attack")
    with chromium_browser() as browser:
        errors: list[str] = []
        page = open_page(browser, width=1280, height=800, errors=errors)
        page.goto(server + game["seats"][0]["link"])
        page.wait_for_function(f"G.msg && G.msg.state === {room.state_id} && G.msg.labels")
        for name in (source, target):
            page.locator(f'#board g.terr[data-name="{name}"]').click()
        page.wait_for_selector('#actions button[data-action="until-n"]')
        words = page.evaluate(OWN)
        assert "Attack until it falls" in words and "Clear selection" in words, words
        assert all(w[:1].isupper() or w[:1].isdigit() for w in words if w), words
        # The word "left" (the text after the number) beside the button, not under it.
        beside = page.evaluate(
            """() => {
              const n = document.querySelector('#actions button[data-action="until-n"]');
              const left = [...n.parentNode.childNodes].filter((c) => c.nodeType === 3).pop();
              const range = document.createRange();
              range.selectNodeContents(left);
              const [b, w] = [n.getBoundingClientRect(), range.getBoundingClientRect()];
              return [left.data.trim(), w.top < b.bottom && w.bottom > b.top];
            }"""
        )
        assert beside == ["left", True], beside
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "own-controls-desktop.png"))
        assert errors == [], errors
