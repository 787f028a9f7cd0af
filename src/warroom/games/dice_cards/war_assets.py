"""RISK Mass Effect's War Assets (`mass-effect-war-assets`): the shared turn, 18 planet cards
in 6 regions; a whole region locks (ME130, W8 [WA How to Play 3]) and scores its value (ME132); the
game ends as soon as the last planet is claimed (W7 [WA Ending the Game]). Nothing else is the
edition's own."""

from __future__ import annotations

from warroom.core.registry import register
from warroom.games import catalogued, rules_options
from warroom.games.dice_cards.rules import DiceCardsGame

_MODE = catalogued("mass-effect-war-assets")


class WarAssets(DiceCardsGame):
    id = _MODE.id
    title = _MODE.title
    min_players = _MODE.min_players
    max_players = _MODE.max_players
    options = rules_options(_MODE)
    data_file = "dice/war-assets.json"


register(WarAssets())

__all__ = ["WarAssets"]
