"""Which texts a data file may give as a colour: what a browser draws (#rgb, #rrggbb and
CSS's named colours) and the few printed names the games' components use that CSS lacks."""

from __future__ import annotations

import re

# CSS Color Module Level 4's named colours.
_CSS_NAMES = """
    aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue
    blueviolet brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk
    crimson cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki
    darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen
    darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue
    dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite
    gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki
    lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan
    lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen
    lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime limegreen linen
    magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen
    mediumslateblue mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream
    mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid
    palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum
    powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown
    seagreen seashell sienna silver skyblue slateblue slategray slategrey snow springgreen
    steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen
"""
CSS_NAMES = frozenset(_CSS_NAMES.split())
# Printed component colours CSS has no name for (Galaxy at War's, Godstorm's Norse), with the
# shade a page draws them in (also `PRINTED` in static/common.js).
PRINTED = {"burgundy": "#800020", "reddishbrown": "#a0522d"}
PRINTED_NAMES = frozenset(PRINTED)

_HEX = re.compile(r"#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})")
_WORDS = re.compile(r"[A-Za-z]+(?:[ -][A-Za-z]+)*")


def is_colour(text: str) -> bool:
    """Whether `text` is #rgb, #rrggbb or a colour's name, in any case, its words run
    together or parted by spaces or hyphens ('light blue', 'dark-blue', 'DarkBlue')."""
    if _HEX.fullmatch(text):
        return True
    if not _WORDS.fullmatch(text):
        return False
    name = text.replace(" ", "").replace("-", "").lower()
    return name in CSS_NAMES or name in PRINTED_NAMES


def css_colour(text: str) -> str:
    """A colour `is_colour` accepts as a browser draws it: #rgb and #rrggbb as given, a name
    as CSS writes it ('Light Blue' is lightblue), a printed name CSS lacks as its shade; a
    page's own palette comes first, this for the names it does not hold."""
    if _HEX.fullmatch(text):
        return text
    name = text.replace(" ", "").replace("-", "").lower()
    return PRINTED.get(name, name)
