"""RISK Marvel Cinematic Universe Edition: the modes played on the Manhattan board.

Modules: `components` (the board, the Recruitment chart, the faction decks and Battle for
Manhattan's set-up chart, Hero cards and card powers, as validated data with provenance),
`skirmish` (the mode `mcu-skirmish`, built on Classic RISK's flow) and `manhattan` (the mode
`mcu-battle-for-manhattan`, built on Skirmish; shared/specs/mcu.md section 2).
"""
