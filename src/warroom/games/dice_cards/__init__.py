"""The two dice-matching card games: RISK Mass Effect's War Assets (`mass-effect-war-assets`)
and the MCU Guardians of the Galaxy card game (`mcu-guardians`), 2-5 players each (W1 [WA Set-Up],
Q9 [Game Modes]).

Both state the same turn, so it is written once (`rules.DiceCardsGame`); each edition is a
subclass naming its card file and overriding hooks: `war_assets` overrides none, `guardians`
adds Set powers, the Orb, the last-chance round and the Orb's +5. Row matching is the shared
`warroom.rules.dice_match` (which Galaxy at War's planet scanning will reuse). Modules: `cards`
(the data and its checks), `state`, `rules`, `view` (JSON and invariants).

A turn: all dice are rolled (5 d6 then 2 d8, numbered 1-7 for the whole turn; a Guardians
`extra_die` power adds d6s numbered 8..). The player selects a card one of whose rows the roll
matches, placing dice on it; then, until every row is matched or the open rows can no longer
be matched in any outcome (W3/Q7 [WA How to Play 2; GotG 3], checked after every placement and
set-aside, an automatic failure), the unplaced dice are rolled and the player matches one row, or,
if none can be, sets one unplaced die aside. Success claims the card; either way the dice pass
clockwise.

Actions (text form; cards by id such as "eden-prime", `parse` also takes names in any case;
rows by number 1.. in the card's printed order, or "steal" for the steal row; dice by number):

- `target CARD ROW DIE...`: after the first roll, select a card (unclaimed, or an opponent's
  not in a locked group; never your own, W9 [WA How to Play 1]) and the dice that match one of its
  rows. Taking an owned card adds the steal row (ME126/MCU87), which may be the one matched first
  (W6 [WA How to Play 1]).
- `match ROW DIE...`: after a later roll, place dice on one open row (ME127/MCU88). Only
  distinct placements are listed (same kinds and faces of dice are one), any equivalent dice
  are accepted; a sum row takes any valid subset (W5 [WA How to Play 1; WA How to Play 2]).
- `aside DIE`: after a roll that matches no open row (ME128); one d6 and one d8 are listed
  (W4 [WA How to Play 2]: the kind is the choice), any unplaced die is accepted.
- `pass`: the first roll matches no card (W2/Q5 [WA How to Play 1; GotG 1; GotG 3]): the turn ends,
  nothing lost. Forced single choices stay actions; interfaces may take them automatically.
- `reroll` (Guardians `reroll` power): reroll every unplaced die, once a turn per such Set.

Chance happens inside `apply`, from the state's generator; nothing is hidden (spec 3.4 of
both), so `observe` masks only the generator and `resample_hidden` gives a fresh one.

Ending: War Assets ends as soon as the last planet is claimed (W7 [WA Ending the Game]); Guardians
then gives each player one last turn, from the player after the taker round to the taker (Q1
[GotG end]), in which only steals are possible. Ties are shared wins (W7, Q2 [GotG end]). There is
no turn limit: the card check requires every card to be matchable by the dice, so each turn has a
positive chance of claiming an unclaimed card, and the number of unclaimed cards never rises (a
steal changes an owner, never unclaims): a game ends with probability 1 (random play ends in a few
hundred turns).

Readings (W# of shared/specs/mass-effect.md 3.5, Q# of shared/specs/mcu.md 3.5), all the
recommended ones: W2/Q5, W3/Q7, W4/Q6 [WA How to Play 2; GotG 3], W5, W6, W7/Q2, W8
[WA How to Play 3] (a lock lasts, since nobody can target a locked card), W9 (nobody targets their
own card, in the final round too), Q1, Q3 [GotG 5] (three of the 7 base dice show one value), Q4
[GotG 5] (the Orb roll in the final round too), Q8
[GotG 4] (Set powers: `extra_die`, `reroll`,
`ignore_steal`, reconstructed), Q10 [GotG 5] (the Orb enters only on Morag's first completion; then
moves only by the Orb roll). Two more, the spec's turn but no W#/Q#, are written at their code: a
roll that can match a row must (`rules._h_aside`), and a success ends the turn as a failure does
(`DiceCardsGame._claim`).

`describe` gives: mode, seat, turn, phase ("target" | "match" | "over"), current, to_move;
players [{seat, name, score, cards [ids], groups [ids]}]; groups [{id, name, value,
cards_value, cards, holder, power {kind, text} | null, orb}]; cards [{id, name, group, value,
rows [{row, kind, text, scan}], owner, locked}]; dice [{die, sides, face, state: "unplaced" |
"placed" | "aside"}]; attempt {card, from, stealing, rows [{row (1.. | "steal"), kind, text,
dice [numbers] | null}]} | null; rerolls (left this turn); orb {holder} | null (null in War
Assets); final_round [seats still to play]; prompt; step (the prompt without the name);
outcome | null.
"""
