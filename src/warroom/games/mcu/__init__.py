"""RISK Marvel Cinematic Universe Edition: the modes played on the Manhattan board.

Modules: `components` (the board, the Recruitment chart and the faction decks as validated
data with provenance; Battle for Manhattan's per-sector attributes and Helicarrier are in the
same files) and `skirmish` (the mode `mcu-skirmish`, built on Classic RISK's flow). Battle for
Manhattan is to build on both (shared/specs/mcu.md section 2).
"""
