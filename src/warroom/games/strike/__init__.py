"""RISK Strike, the card and dice game: the mode `risk-strike` (2-5 players).

Modules: `cards` (the component data and its checks), `state` (the state), `rules` (the
`Game`), `view` (the JSON description and the invariants), `odds` (a battle's odds as a
deciding seat is shown them, from the spectator's view). Readings of unclear rules are the
recommended ones of shared/specs/strike.md (B1-B31), each noted at the code it shapes.

Readings chosen (shared/specs/strike.md section 5; the recommended ones throughout):
- B5 [How to Use Tactics Cards] windows: every player may act, the active player first, then
  clockwise; a play hands priority back to the active player; a window closes when all pass in a
  row. Windows open right after deployment (Sabotage, B10 [Tactics Cards]), before every further
  roll, and after every roll.
- B6 [Tactics Cards] every card but a Troop waits while every other player may answer with Canceled
  Orders, which can be answered in turn; the chain resolves from the newest back; nobody cancels
  their own card. A card resolves before any further play (S38: first played, first resolved).
- B3 [Attack Phase 3: Roll & Resolve] a lost pair costs a troop chosen by the side's principal when
  owners differ (asked as `discard`), else a card: the defender gives one of Y, the attacker
  surrenders one of X; losses beyond the cards are ignored. S32/B25
  [Attack Phase 3: Roll & Resolve; Domination]: every card the attacker claims during a battle (won,
  or taken with Expand) is held aside for it but counted for domination at once.
- B7/B8 [Tactics Cards] a die's value is its face (6 after Bombard) plus 2 per Rally; Rally is the
  attacker's alone; Bombard, Artillery, Sabotage and Canceled Orders are anyone's (B4
  [Tactics Cards]).
- B9 [Tactics Cards] Artillery names a player with active troops, who discards min(2, them).
- B12 [Attack Phase 3: Roll & Resolve; More to Know] cards of a continent are interchangeable:
  counts per continent, named when taken.
- B13/B14 [Setup; Domination] domination is checked on every continent card gained, setup included;
  a second coin wins at once, even mid-battle. B16 [More to Know] the continent deck is never
  refilled.
- B21 [On Your Turn] with no legal declaration the only choice is to pass. B22
  [Attack Phase 2: Deploy Troops] each helper deploys once, for one side. B24
  [After the Roll Has Been Resolved] the battle ends once Y has no card. B27
  [Tactics Cards; On Your Turn] Spy/Expand before drawing too.
- B28 [not in the rulebook: table practice] hand sizes are public; Spy's view stays known until a
  card of that kind leaves the hand.
- B29 [Domination; a turn limit is not in the rulebook] `turn_limit` ends a game with an outcome
  that says so, ranked by coins then cards.

Actions (text form; players are "p1".."p5", continents their ids such as "south-america";
`parse` also takes names in any case, "player 2" or 2, and "a"/"d" for the sides):

- `draw tactics` | `draw continent` | `take <continent>`: one start-of-turn draw (two a turn,
  any mix: S12), from the tactics deck, the continent deck's top, or the surrendered row; the
  last two are also how Expand's two continent cards are taken.
- `attack <from> <player> <to>`: declare the battle (Phase 1). `pass`: no attack, draw one
  tactics card, the turn ends (S16); the only choice when no attack is legal (B21).
- `deploy <n>`: the attacker or defender deploys n Troop cards (0 allowed). A helper says
  `deploy attacker <n>` or `deploy defender <n>` (n >= 1), or `deploy 0`.
- `spy <player>` | `expand tactics` | `expand continents`: the active player, whenever it holds
  priority (before drawing too: B27) or deploys its own troops.
- `sabotage` (only in the window right after deployment), `artillery <player>`, `rally` (the
  attacker, after the roll), `bombard attacker|defender <die>` (die 1.. in the rolled order,
  high to low; after the roll), and `pass` in a window.
- `cancel` (Canceled Orders) or `pass`: answering the card just played.
- `discard <player>`: the side's principal picks whose troop a lost pair costs (B3).
- `again` | `stop`: roll again or end the battle.

`describe` gives: mode, seat, turn, phase, current, to_move, players, prompt, step (the prompt
without the name); continents (id, name, color, cards, domination, adjacent, coin); seats (name,
claimed {continent: n}, coins, hand_size, hand [names of the cards this view shows], unseen); decks
{continent, tactics} (sizes); surrendered {continent: n}; discard {size, top}; draws_left;
continent_picks (Expand's still due); battle (attacker, defender, from, to, attacking_cards,
defending_cards, troops {attacker|defender: {seat: n}}, held_aside, deploy_queue, dice {side:
{rolled, faces, values}}, rallies, losses_pending) or null; window (stage, priority, order,
waiting) or null; chain (plays [{seat, card, args, stands}], priority, waiting) or null; outcome or
null.
"""
