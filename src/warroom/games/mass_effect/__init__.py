"""RISK Mass Effect Galaxy at War Edition: the modes played on the 42-planet galaxy.

Modules: `components` (the galaxy, its meters and the faction cards, as validated data with
provenance) and `basic` (the mode `mass-effect-basic`, Basic Training, built on Classic
RISK's flow; shared/specs/mass-effect.md section 1).
"""
