"""Board drawing data: territory positions from the board file, or an automatic layout.

A board without coordinates (a user's own transcription, say) gets a deterministic
force-directed layout (Fruchterman-Reingold, regions seeded around a circle so that
each region stays together). The same board always gets the same picture; the result
is cached per board for the life of the process.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any

import numpy as np

from warroom import data
from warroom.core.board import CANVAS_HEIGHT, CANVAS_WIDTH, Board

WIDTH, HEIGHT = CANVAS_WIDTH, CANVAS_HEIGHT
MARGIN = 50.0
FALLBACK_COLORS = ("#d9a441", "#6a9fd4", "#8cc269", "#d46a6a", "#a77fc9", "#56b8b0", "#c98f5d")


def board_json(board_id: str) -> dict[str, Any]:
    """What the browser needs to draw a board; nothing here changes during a game."""
    return _board_json(board_id)


def _find_board(board_id: str) -> Board:
    """A packaged RISK map, or a board that comes with a mode's own components (RISK MCU's
    Manhattan, whose file also carries the sectors' provenance and attributes; RISK Mass
    Effect's galaxy)."""
    from warroom.games.mass_effect.components import galaxy
    from warroom.games.mcu.components import manhattan
    from warroom.games.mcu.manhattan import bfm_board

    if board_id == galaxy().board.id:
        return galaxy().board

    m = manhattan()
    if board_id == m.board.id:
        return m.board
    if board_id == bfm_board().id:  # Battle for Manhattan: the map and the Helicarrier
        return bfm_board()
    return data.board(board_id)


@cache
def _board_json(board_id: str) -> dict[str, Any]:
    b = _find_board(board_id)
    xy = positions(b)
    edges = []
    for (a, c), kind in sorted(b.kind_of.items()):
        if a < c:
            edges.append({"a": b.territories[a], "b": b.territories[c], "kind": kind})
    return {
        "id": b.id,
        "name": b.name,
        "width": WIDTH,
        "height": HEIGHT,
        "regions": [
            {
                "name": r,
                "bonus": b.region_bonus[i],
                "color": b.region_color[i] or FALLBACK_COLORS[i % len(FALLBACK_COLORS)],
            }
            for i, r in enumerate(b.regions)
        ],
        "territories": [
            {
                "name": t,
                "region": b.regions[b.region_of[i]],
                "x": round(xy[i][0], 1),
                "y": round(xy[i][1], 1),
            }
            for i, t in enumerate(b.territories)
        ],
        "connections": edges,
    }


def positions(board: Board) -> list[tuple[float, float]]:
    """Coordinates scaled into the drawing box: the file's own when every territory has them."""
    given = board.xy
    if all(p is not None for p in given):
        pts = np.array([p for p in given if p is not None], dtype=float)
    else:
        pts = _spread(np.array(_fit(force_layout(board))))
    return _fit(pts)


def force_layout(board: Board, iterations: int = 400) -> np.ndarray:
    """Deterministic spring layout: no randomness, so it is the same on every machine."""
    n = len(board)
    k_regions = len(board.regions)
    pos = np.zeros((n, 2))
    for r, members in enumerate(board.region_members):
        angle = 2 * math.pi * r / k_regions
        cx, cy = math.cos(angle), math.sin(angle)
        for j, t in enumerate(members):
            a = 2 * math.pi * j / len(members) + angle
            pos[t] = (cx + 0.25 * math.cos(a), cy + 0.25 * math.sin(a))
    adj = np.zeros((n, n))
    for a, c in board.kind_of:
        adj[a, c] = 1.0
    same_region = np.array(board.region_of)[:, None] == np.array(board.region_of)[None, :]
    k = math.sqrt(4.0 / n)
    temp = 0.2
    for _ in range(iterations):
        delta = pos[:, None, :] - pos[None, :, :]
        dist = np.linalg.norm(delta, axis=2) + np.eye(n)
        dist = np.maximum(dist, 1e-3)
        repulse = (k * k / dist**2) * (1 - np.eye(n))
        attract = adj * dist / k * np.where(same_region, 1.5, 0.6)
        force = ((repulse - attract)[:, :, None] * delta).sum(axis=1)
        length = np.maximum(np.linalg.norm(force, axis=1, keepdims=True), 1e-9)
        pos += force / length * np.minimum(length, temp)
        pos -= pos.mean(axis=0)
        temp = max(temp * 0.99, 0.002)
    return pos


def _spread(pts: np.ndarray, gap: float = 60.0, rounds: int = 200) -> np.ndarray:
    """Push apart territories drawn closer than `gap`, so every marker and label is legible."""
    n = len(pts)
    for _ in range(rounds):
        delta = pts[:, None, :] - pts[None, :, :]
        dist = np.linalg.norm(delta, axis=2) + np.eye(n) * gap
        overlap = np.maximum(gap - dist, 0.0)
        if not overlap.any():
            break
        push = (overlap / np.maximum(dist, 1e-6))[:, :, None] * delta
        pts = pts + 0.5 * push.sum(axis=1)
    return pts


def _fit(pts: np.ndarray) -> list[tuple[float, float]]:
    lo, hi = pts.min(axis=0), pts.max(axis=0)
    span = np.maximum(hi - lo, 1e-9)
    sx = (WIDTH - 2 * MARGIN) / span[0]
    sy = (HEIGHT - 2 * MARGIN) / span[1]
    out = (pts - lo) * np.array([sx, sy]) + MARGIN
    return [(float(x), float(y)) for x, y in out]
