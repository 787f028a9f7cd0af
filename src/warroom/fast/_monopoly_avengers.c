/* Monopoly: Marvel Avengers fast path: whole bot games in C, action for action as the
 * Python rules and bots play them.
 *
 * The rules live in warroom/games/monopoly_avengers.py, the bots in warroom/bots (random)
 * and warroom/bots/monopoly.py (greedy); the board, decks and constants come from Python
 * (warroom/fast/monopoly_avengers.py passes them in). This file mirrors them for speed and
 * is checked against them action by action (tests/fast/test_monopoly_avengers.py). Change
 * the Python first, then this, never the other way round. Functions carry the names of
 * their Python twins; section names in comments are the rulebook's headings.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <string.h>

#include "rng.h"

#define MAX_PLAYERS 12 /* Components: 12 tokens */
#define MAX_SPACES 64
#define MAX_SETS 16
#define MAX_SET_SIZE 8
#define MAX_CARDS 64 /* all cards; a power of two, so deck rings can wrap with a mask */
#define MAX_HELD 16
#define MAX_TASKS 128
#define MAX_CLAIMS 64
#define MAX_DEBTS 8
#define MAX_ACQUIRE 64
#define MAX_LEGAL 1024 /* > 11 others x (64 heroes + 2 cards) offers */
#define BANK (-1)
#define HQ 5 /* building level of a Headquarters */

/* Space kinds and card effects, in the order of KINDS and EFFECTS in
 * warroom/fast/monopoly_avengers.py, which maps the board's strings onto them. */
enum { S_GO, S_HERO, S_DICE_HERO, S_DECK, S_TAX, S_BATTLE, S_JAIL, S_FREE_PARKING, S_GO_TO_JAIL };
enum {
    E_ADVANCE, E_ADVANCE_NEAREST, E_BACK, E_GO_TO_JAIL, E_JAIL_FREE, E_BANK_PAYS, E_PAY_BANK,
    E_COLLECT_EACH, E_PAY_EACH, E_REPAIRS
};

/* Action kinds in alphabetical order, as the random bot sorts them (ACTIONS in the wrapper). */
enum {
    A_ACCEPT, A_ASK, A_AUCTION, A_BANKRUPT, A_BID, A_BUILD, A_DECLINE, A_DONE, A_DRAFT, A_END,
    A_FORGO, A_KEEP, A_OFFER, A_PASS, A_PAY, A_REACTIVATE, A_ROLL, A_SELL, A_SIDELINE, A_USE,
    A_WANT, N_ACTIONS
};

/* The offers a bot can make: one hero or one Get Out of Jail Free card for cash. */
enum { DEAL_BUY_HERO, DEAL_SELL_HERO, DEAL_BUY_CARD, DEAL_SELL_CARD, DEAL_ANY };

enum { PH_START, PH_DRAFT, PH_END, PH_BUSY, PH_OVER }; /* the turn's phase */
enum { CTX_OVER, CTX_OFFER, CTX_ACQUIRE, CTX_DEBT, CTX_CALL, CTX_AUCTION, CTX_DRAFT, CTX_CALM };
enum { T_PAY, T_MOVE, T_LAND, T_AFTER, T_AUCTION, T_NEXT }; /* waiting effects */
enum { B_ANY, B_BASE, B_HQ }; /* a building kind */
enum { END_CAP, END_LAST_PLAYER, END_TURN_LIMIT }; /* how a game ended */
enum { BOT_RANDOM, BOT_GREEDY };

/* -- the board (MonopolyBoard), from Python ---------------------------------------------- */
typedef struct {
    int effect, target, kind, amount, base, hq;
} Card;

typedef struct {
    int n; /* spaces */
    int kind[MAX_SPACES], price[MAX_SPACES], payments[MAX_SPACES][6];
    int base_cost[MAX_SPACES], hq_cost[MAX_SPACES], sideline[MAX_SPACES];
    int reactivate[MAX_SPACES], keep_fee[MAX_SPACES];
    int set_of[MAX_SPACES], deck_of[MAX_SPACES], number[MAX_SPACES], amount[MAX_SPACES];
    int multipliers[2];
    int nsets, set_size[MAX_SETS], set_members[MAX_SETS][MAX_SET_SIZE];
    int ndice;
    int nown, ownable[MAX_SPACES];
    uint64_t set_mask[MAX_SETS], dice_mask; /* the spaces of each set, of the dice heroes */
    int ncards, card_deck[MAX_CARDS];
    Card cards[MAX_CARDS];
    int go, jail, start_cash, go_salary, jail_fine, battle_fine, bases, headquarters;
    int max_bases, bid_start, jail_turns;
    int greedy_offers; /* the greedy bot's OFFERS_PER_TURN */
    int reserve;       /* the greedy bot's RESERVE */
} Board;

/* -- the state (MonoState) --------------------------------------------------------------- */
typedef struct {
    int kind, a, b, c; /* pay: debtor, creditor, amount; move: steps; auction: space */
} Task;

typedef struct {
    int owner, payer, space; /* the owner at landing */
    int amount;              /* what the landing made due (<0: times the dice) */
} Claim;

typedef struct {
    int debtor, creditor, amount;
} Debt;

typedef struct {
    int seat, space;
} Acquire;

typedef struct {
    int space, building; /* B_ANY: a hero */
    int nseats, seats[MAX_PLAYERS], targets[MAX_PLAYERS];
    int start, high, bidder;
    unsigned passed; /* a bit per seat */
} Auction;

typedef struct {
    int builder, space, building;
    int nasked, asked[MAX_PLAYERS];
    int nwanted, wanted_seat[MAX_PLAYERS], wanted_space[MAX_PLAYERS];
} Call;

/* An offer as the bots make them: at most one hero or card and one amount of cash a side. */
typedef struct {
    int proposer, receiver;
    int give_hero, give_cash, give_card; /* -1: none */
    int get_hero, get_cash, get_card;
} Offer;

typedef struct {
    int start, len;
    int items[MAX_CARDS];
} Deck; /* top first: items[start], then round */

typedef struct {
    uint8_t kind;
    int8_t space; /* the hero; for `use`, the deck */
    int8_t to;    /* offer: the other player */
    uint8_t deal; /* offer: DEAL_* */
    int32_t amount; /* bid; offer: the cash */
} Act;

typedef struct {
    const Board *b;
    long long turn_limit;
    int players;
    Rng rng;
    int cash[MAX_PLAYERS], pos[MAX_PLAYERS], alive[MAX_PLAYERS], jail[MAX_PLAYERS];
    int nheld[MAX_PLAYERS], held[MAX_PLAYERS][MAX_HELD];
    int owner[MAX_SPACES], sidelined[MAX_SPACES], level[MAX_SPACES];
    /* The same as bit sets (bit s for space s), kept by set_owner, set_level and
     * set_sidelined: each player's heroes, heroes with buildings, sidelined heroes. */
    uint64_t owned[MAX_PLAYERS], with_buildings, on_sidelines;
    int bases, hqs;
    Deck decks[2];
    long long bank_net;
    int current, first, turn, phase, doubles, again; /* first: who the dice sent first */
    int nwindow, window[MAX_PLAYERS];
    int nclaims;
    Claim claims[MAX_CLAIMS];
    int ntasks;
    Task tasks[MAX_TASKS];
    int ndebts;
    Debt debts[MAX_DEBTS];
    int nacquire;
    Acquire acquire[MAX_ACQUIRE];
    int has_auction, has_call, has_offer, has_declined;
    Auction auction;
    Call call;
    Offer offer;
    Offer declined; /* the offer declined by the last action applied, if has_declined */
    int offers_made[MAX_PLAYERS];
    int nout, out_order[MAX_PLAYERS];
    /* outcome */
    int ending, nwinners, winners[MAX_PLAYERS], ranking[MAX_PLAYERS];
    const char *error; /* set when the state breaks an assumption; the game stops */
} State;

static void fail(State *st, const char *why) {
    if (st->error == NULL) st->error = why;
    st->phase = PH_OVER;
}

/* -- small lists ------------------------------------------------------------------------- */
static void push_task(State *st, Task t) {
    if (st->ntasks == MAX_TASKS) { fail(st, "too many waiting effects"); return; }
    st->tasks[st->ntasks++] = t;
}

/* st.tasks[0:0] = ts */
static void insert_tasks(State *st, const Task *ts, int n) {
    if (st->ntasks + n > MAX_TASKS) { fail(st, "too many waiting effects"); return; }
    memmove(st->tasks + n, st->tasks, sizeof(Task) * (size_t)st->ntasks);
    memcpy(st->tasks, ts, sizeof(Task) * (size_t)n);
    st->ntasks += n;
}

static void insert_task(State *st, int kind, int a, int b, int c) {
    Task t = {kind, a, b, c};
    insert_tasks(st, &t, 1);
}

static Task pop_task(State *st) {
    Task t = st->tasks[0];
    st->ntasks--;
    memmove(st->tasks, st->tasks + 1, sizeof(Task) * (size_t)st->ntasks);
    return t;
}

static int deck_pop(Deck *d) {
    int c = d->items[d->start];
    d->start = (d->start + 1) & (MAX_CARDS - 1);
    d->len--;
    return c;
}

static void deck_append(Deck *d, int c) {
    d->items[(d->start + d->len) & (MAX_CARDS - 1)] = c;
    d->len++;
}

static void remove_at(int *items, int *n, int i) {
    memmove(items + i, items + i + 1, sizeof(int) * (size_t)(*n - i - 1));
    (*n)--;
}

static int index_of(const int *items, int n, int x) {
    for (int i = 0; i < n; i++)
        if (items[i] == x) return i;
    return -1;
}

/* -- heroes ------------------------------------------------------------------------------ */
static uint64_t bit(int s) { return (uint64_t)1 << s; }

/* The lowest space in `set` (a bit set), removed from it: for walking spaces in order. */
static int next_space(uint64_t *set) {
    int s = __builtin_ctzll(*set);
    *set &= *set - 1;
    return s;
}

static void set_owner(State *st, int s, int p) {
    if (st->owner[s] >= 0) st->owned[st->owner[s]] &= ~bit(s);
    st->owner[s] = p;
    if (p >= 0) st->owned[p] |= bit(s);
}

static void set_level(State *st, int s, int level) {
    st->level[s] = level;
    if (level) st->with_buildings |= bit(s);
    else st->with_buildings &= ~bit(s);
}

static void set_sidelined(State *st, int s, int sidelined) {
    st->sidelined[s] = sidelined;
    if (sidelined) st->on_sidelines |= bit(s);
    else st->on_sidelines &= ~bit(s);
}

/* The spaces of the colour set of hero `s` (none for the dice heroes). */
static uint64_t set_of_hero(const Board *b, int s) {
    return b->set_of[s] < 0 ? 0 : b->set_mask[b->set_of[s]];
}

/* The heroes in colour sets with a building: none of them may be sidelined or traded. */
static uint64_t sets_with_buildings(const State *st) {
    const Board *b = st->b;
    uint64_t out = 0;
    for (int k = 0; k < b->nsets; k++)
        if (b->set_mask[k] & st->with_buildings) out |= b->set_mask[k];
    return out;
}

/* Whether p holds every hero of s's colour set. */
static int whole_set(const State *st, int p, int s) {
    uint64_t set = set_of_hero(st->b, s);
    return set && (set & ~st->owned[p]) == 0;
}

/* -- helpers ----------------------------------------------------------------------------- */
static int context(const State *st) {
    if (st->phase == PH_OVER) return CTX_OVER;
    if (st->has_offer) return CTX_OFFER;
    if (st->nacquire) return CTX_ACQUIRE;
    if (st->ndebts) return CTX_DEBT;
    if (st->has_call) return CTX_CALL;
    if (st->has_auction) return CTX_AUCTION;
    if (st->phase == PH_DRAFT) return CTX_DRAFT;
    return CTX_CALM;
}

/* Game Play: each rolls both dice, the highest roller starts; ties roll again. */
static int roll_for_first(Rng *rng, int players) {
    int contenders[MAX_PLAYERS], rolls[MAX_PLAYERS], n = players, dice[2];
    for (int p = 0; p < players; p++) contenders[p] = p;
    while (n > 1) {
        int best = 0;
        for (int i = 0; i < n; i++) {
            rng_roll(rng, 2, 6, dice);
            rolls[i] = dice[0] + dice[1];
            if (rolls[i] > best) best = rolls[i];
        }
        int k = 0;
        for (int i = 0; i < n; i++)
            if (rolls[i] == best) contenders[k++] = contenders[i];
        n = k;
    }
    return contenders[0];
}

/* Living players other than `seat`, from its left. */
static int others(const State *st, int seat, int *out) {
    int n = 0;
    for (int k = 1; k < st->players; k++) {
        int q = (seat + k) % st->players;
        if (st->alive[q]) out[n++] = q;
    }
    return n;
}

/* Cash, heroes at price (sidelined: sideline value), buildings at cost. */
static void net_worths(const State *st, long long *total) {
    const Board *b = st->b;
    for (int p = 0; p < st->players; p++) total[p] = st->cash[p];
    for (int i = 0; i < b->nown; i++) {
        int s = b->ownable[i], o = st->owner[s];
        if (o < 0) continue;
        total[o] += st->sidelined[s] ? b->sideline[s] : b->price[s];
        int lv = st->level[s];
        if (lv) total[o] += lv == HQ ? b->hq_cost[s] + b->max_bases * b->base_cost[s]
                                     : lv * b->base_cost[s];
    }
}

/* What landing on hero `s` earns its owner now; a negative number is a dice multiplier. */
static int payment(const State *st, int s) {
    const Board *b = st->b;
    int o = st->owner[s];
    if (b->kind[s] == S_DICE_HERO) { /* sidelined ones count */
        int owned = __builtin_popcountll(st->owned[o] & b->dice_mask);
        return -b->multipliers[owned - 1];
    }
    int lv = st->level[s];
    if (lv) return b->payments[s][lv];
    return b->payments[s][0] * (whole_set(st, o, s) ? 2 : 1); /* Collect Color Sets: twice */
}

/* _collectable: `owner`'s claim on hero `s` may be asked for now (still theirs, active). */
static int collectable(const State *st, int owner, int s) {
    return st->owner[s] == owner && !st->sidelined[s];
}

static int set_min_level(const State *st, int s) {
    const Board *b = st->b;
    int set = b->set_of[s];
    if (set < 0) return 0;
    int lo = HQ;
    for (int i = 0; i < b->set_size[set]; i++) {
        int lv = st->level[b->set_members[set][i]];
        if (lv < lo) lo = lv;
    }
    return lo;
}

static int set_max_level(const State *st, int s) {
    const Board *b = st->b;
    int set = b->set_of[s];
    if (set < 0) return 0;
    int hi = 0;
    for (int i = 0; i < b->set_size[set]; i++) {
        int lv = st->level[b->set_members[set][i]];
        if (lv > hi) hi = lv;
    }
    return hi;
}

static int building_price(const Board *b, int s, int building) {
    return building == B_HQ ? b->hq_cost[s] : b->base_cost[s];
}

/* _build_problem(...) is None: `p` may build on `s` now (Building Bases / Headquarters).
 * `kind` restricts the building; `cost` >= 0 replaces the card's cost (an auction). */
static int can_build(const State *st, int p, int s, int kind, int cost) {
    const Board *b = st->b;
    if (b->kind[s] != S_HERO || st->owner[s] != p || !whole_set(st, p, s)) return 0;
    if (set_of_hero(b, s) & st->on_sidelines) return 0; /* a sidelined hero in the set */
    int lv = st->level[s];
    if (lv == HQ || lv > set_min_level(st, s)) return 0; /* evenly */
    int building = lv == b->max_bases ? B_HQ : B_BASE;
    if (kind != B_ANY && building != kind) return 0;
    if (building == B_BASE ? st->bases == 0 : st->hqs == 0) return 0;
    int price = cost < 0 ? building_price(b, s, building) : cost;
    return st->cash[p] >= price;
}

/* _sell_problem(...) is None: sell evenly; an HQ only for 4 Bases from the Bank. */
static int can_sell(const State *st, int p, int s) {
    const Board *b = st->b;
    if (st->owner[s] != p || b->kind[s] != S_HERO || st->level[s] == 0) return 0;
    if (st->level[s] < set_max_level(st, s)) return 0;
    return !(st->level[s] == HQ && st->bases < b->max_bases);
}

/* The first card `p` holds of deck `d` (a card named by its deck in _parse_items), or -1. */
static int first_held(const State *st, int p, int d) {
    for (int i = 0; i < st->nheld[p]; i++)
        if (st->b->card_deck[st->held[p][i]] == d) return st->held[p][i];
    return -1;
}

static int count_owned(const State *st, int p) { return __builtin_popcountll(st->owned[p]); }

/* -- money ------------------------------------------------------------------------------- */
static void gain(State *st, int p, int amount) { /* the Bank pays `p` */
    st->cash[p] += amount;
    st->bank_net += amount;
}

static void spend(State *st, int p, int amount) { /* `p` pays the Bank */
    if (st->cash[p] < amount) { fail(st, "spending more than the cash in hand"); return; }
    st->cash[p] -= amount;
    st->bank_net -= amount;
}

static void transfer(State *st, int payer, int payee, int amount) {
    if (payee == BANK) { spend(st, payer, amount); return; }
    if (st->cash[payer] < amount) { fail(st, "paying more than the cash in hand"); return; }
    st->cash[payer] -= amount;
    st->cash[payee] += amount;
}

/* -- legal actions ----------------------------------------------------------------------- */
static Act act0(int kind) {
    Act a = {(uint8_t)kind, -1, -1, 0, 0};
    return a;
}

static Act act_hero(int kind, int s) {
    Act a = {(uint8_t)kind, (int8_t)s, -1, 0, 0};
    return a;
}

static Act act_offer(int to, int deal, int what, int cash) {
    Act a = {A_OFFER, (int8_t)what, (int8_t)to, (uint8_t)deal, cash};
    return a;
}

/* Heroes p may build on: only in the colour sets p holds whole. */
static int builds(const State *st, int p, Act *out) {
    const Board *b = st->b;
    uint64_t whole = 0;
    for (int k = 0; k < b->nsets; k++)
        if (!(b->set_mask[k] & ~st->owned[p])) whole |= b->set_mask[k];
    int n = 0;
    for (uint64_t left = whole; left;) {
        int s = next_space(&left);
        if (can_build(st, p, s, B_ANY, -1)) out[n++] = act_hero(A_BUILD, s);
    }
    return n;
}

/* _sales: a building to sell, or else the hero to sideline (_sideline_problem: not
 * sidelined already, every building in its set sold first). */
static int sales(const State *st, int p, Act *out) {
    uint64_t built = sets_with_buildings(st);
    int n = 0;
    for (uint64_t left = st->owned[p]; left;) {
        int s = next_space(&left);
        if (st->level[s] && can_sell(st, p, s)) out[n++] = act_hero(A_SELL, s);
        else if (!st->sidelined[s] && !(built & bit(s))) out[n++] = act_hero(A_SIDELINE, s);
    }
    return n;
}

static int reactivations(const State *st, int p, Act *out) {
    int n = 0;
    for (uint64_t left = st->owned[p] & st->on_sidelines; left;) {
        int s = next_space(&left);
        if (st->cash[p] >= st->b->reactivate[s]) out[n++] = act_hero(A_REACTIVATE, s);
    }
    return n;
}

/* The heroes that may change hands: drafted, in no set with a building (Deals & Trades). */
static uint64_t tradeable(const State *st) {
    uint64_t drafted = 0;
    for (int p = 0; p < st->players; p++) drafted |= st->owned[p];
    return drafted & ~sets_with_buildings(st);
}

/* The Offer `seat` makes with the bot's action `a` (_parse_items: a card named by its deck
 * is the first one of that deck held). */
static Offer make_offer(const State *st, int seat, const Act *a) {
    Offer o = {seat, a->to, -1, 0, -1, -1, 0, -1};
    switch (a->deal) {
    case DEAL_BUY_HERO: o.give_cash = a->amount; o.get_hero = a->space; break;
    case DEAL_SELL_HERO: o.give_hero = a->space; o.get_cash = a->amount; break;
    case DEAL_BUY_CARD:
        o.give_cash = a->amount;
        o.get_card = first_held(st, a->to, a->space);
        break;
    case DEAL_SELL_CARD:
        o.give_card = first_held(st, seat, a->space);
        o.get_cash = a->amount;
        break;
    }
    return o;
}

/* Whether `seat` making `a` would be the offer just declined (which _offer refuses). */
static int just_declined(const State *st, int seat, const Act *a) {
    if (!st->has_declined || st->declined.proposer != seat) return 0;
    Offer o = make_offer(st, seat, a);
    const Offer *d = &st->declined;
    return o.receiver == d->receiver && o.give_hero == d->give_hero &&
           o.give_cash == d->give_cash && o.give_card == d->give_card &&
           o.get_hero == d->get_hero && o.get_cash == d->get_cash && o.get_card == d->get_card;
}

/* The sample of offers: heroes at their printed price, cards at the Jail fine, less the one
 * just declined. */
static int offers(const State *st, int p, Act *out) {
    const Board *b = st->b;
    uint64_t free = tradeable(st);
    int qs[MAX_PLAYERS], n = 0, nq = others(st, p, qs);
    for (int k = 0; k < nq; k++) {
        int q = qs[k];
        for (uint64_t left = free; left;) {
            int s = next_space(&left);
            if (st->owner[s] == q && st->cash[p] >= b->price[s])
                out[n++] = act_offer(q, DEAL_BUY_HERO, s, b->price[s]);
            else if (st->owner[s] == p && st->cash[q] >= b->price[s])
                out[n++] = act_offer(q, DEAL_SELL_HERO, s, b->price[s]);
        }
        if (st->nheld[q] && st->cash[p] >= b->jail_fine)
            out[n++] = act_offer(q, DEAL_BUY_CARD, b->card_deck[st->held[q][0]], b->jail_fine);
        if (st->nheld[p] && st->cash[q] >= b->jail_fine)
            out[n++] = act_offer(q, DEAL_SELL_CARD, b->card_deck[st->held[p][0]], b->jail_fine);
    }
    if (st->has_declined && st->declined.proposer == p) {
        int k = 0;
        for (int i = 0; i < n; i++)
            if (!just_declined(st, p, &out[i])) out[k++] = out[i];
        n = k;
    }
    return n;
}

/* Whether `offers` lists any, in one pass: the owner of a tradeable hero is always a
 * player still in the game (a bankrupt player's heroes have gone to the creditor or the
 * Bank), so p can buy a hero it can pay for from its owner, and sell one of its own to the
 * richest other player if they can pay. */
static int has_offers(const State *st, int p) {
    const Board *b = st->b;
    if (st->has_declined && st->declined.proposer == p) { /* rare: count them exactly */
        Act all[MAX_LEGAL];
        return offers(st, p, all) > 0;
    }
    int richest = -1, cards = 0;
    for (int q = 0; q < st->players; q++) {
        if (q == p || !st->alive[q]) continue;
        if (st->cash[q] > richest) richest = st->cash[q];
        cards += st->nheld[q];
    }
    if (richest < 0) return 0;
    if ((cards && st->cash[p] >= b->jail_fine) || (st->nheld[p] && richest >= b->jail_fine))
        return 1;
    for (uint64_t left = tradeable(st); left;) {
        int s = next_space(&left), buyer_cash = st->owner[s] == p ? richest : st->cash[p];
        if (buyer_cash >= b->price[s]) return 1;
    }
    return 0;
}

/* The offers are many and seldom chosen, so legal_actions lists them as one stand-in (an
 * offer with deal DEAL_ANY) that a bot expands with `offers` when it wants them. */
static int any_offer(const State *st, int p, Act *out) {
    if (!has_offers(st, p)) return 0;
    *out = act0(A_OFFER);
    out->deal = DEAL_ANY;
    return 1;
}

static int min_bid(const State *st) {
    int lo = st->auction.high + 1;
    return lo > st->b->bid_start ? lo : st->b->bid_start;
}

/* Who may still raise, from the left of the high bidder (or of the auction's start). */
static int bidders(const State *st, int *out) {
    const Auction *au = &st->auction;
    int lo = min_bid(st), n = 0;
    int anchor = au->bidder >= 0 ? au->bidder : au->start;
    for (int k = 1; k <= st->players; k++) {
        int p = (anchor + k) % st->players;
        if (index_of(au->seats, au->nseats, p) >= 0 && st->alive[p] && !(au->passed >> p & 1) &&
            p != au->bidder && st->cash[p] >= lo)
            out[n++] = p;
    }
    return n;
}

/* to_move(state)[0]: the seat a simple driver asks; -1 when the game is over. */
static int first_mover(const State *st) {
    int seats[MAX_PLAYERS];
    switch (context(st)) {
    case CTX_OVER: return -1;
    case CTX_OFFER: return st->offer.receiver;
    case CTX_ACQUIRE: return st->acquire[0].seat;
    case CTX_DEBT: return st->debts[st->ndebts - 1].debtor;
    case CTX_CALL: return st->call.asked[0];
    case CTX_AUCTION: return bidders(st, seats) ? seats[0] : -1;
    case CTX_DRAFT: return st->current;
    }
    if (st->nclaims) return st->claims[0].owner;
    if (st->nwindow) return st->window[0];
    return st->current;
}

/* legal_actions(state, seat) for the seat first_mover names, in the same order (with the
 * offers as one stand-in: any_offer). */
static int legal_actions(const State *st, int seat, Act *out) {
    const Board *b = st->b;
    int n = 0, ctx = context(st);
    if (ctx == CTX_OFFER) {
        out[n++] = act0(A_ACCEPT);
        out[n++] = act0(A_DECLINE);
        return n;
    }
    if (ctx == CTX_ACQUIRE) {
        int s = st->acquire[0].space;
        if (st->cash[seat] >= b->reactivate[s]) out[n++] = act_hero(A_REACTIVATE, s);
        out[n++] = act_hero(A_KEEP, s);
        return n;
    }
    if (ctx == CTX_DEBT) {
        int amount = st->debts[st->ndebts - 1].amount;
        if (st->cash[seat] >= amount) out[n++] = act0(A_PAY);
        int raise = sales(st, seat, out + n);
        n += raise;
        n += any_offer(st, seat, out + n);
        if (!raise && st->cash[seat] < amount) out[n++] = act0(A_BANKRUPT);
        return n;
    }
    if (ctx == CTX_CALL) {
        for (int i = 0; i < b->nown; i++) {
            int s = b->ownable[i];
            if (can_build(st, seat, s, st->call.building, b->bid_start))
                out[n++] = act_hero(A_WANT, s);
        }
        out[n++] = act0(A_PASS);
        return n;
    }
    if (ctx == CTX_AUCTION) {
        int lo = min_bid(st), steps[4] = {0, 9, 49, 99}; /* sorted({lo, lo+9, lo+49, lo+99}) */
        for (int i = 0; i < 4; i++) {
            if (lo + steps[i] > st->cash[seat]) break;
            Act a = act0(A_BID);
            a.amount = lo + steps[i];
            out[n++] = a;
        }
        out[n++] = act0(A_PASS);
        return n;
    }
    if (ctx == CTX_CALM) {
        for (int i = 0; i < st->nclaims; i++) {
            const Claim *c = &st->claims[i];
            if (c->owner != seat) continue;
            int listed = 0;
            for (int j = 0; j < n; j++)
                listed |= out[j].kind == A_FORGO && out[j].space == c->space;
            if (listed) continue;
            if (collectable(st, seat, c->space)) out[n++] = act_hero(A_ASK, c->space);
            out[n++] = act_hero(A_FORGO, c->space);
        }
    }
    if (seat == st->current) {
        if (ctx == CTX_DRAFT) {
            if (st->cash[seat] >= b->price[st->pos[seat]]) out[n++] = act0(A_DRAFT);
            out[n++] = act0(A_AUCTION);
        } else if (st->phase == PH_START) {
            out[n++] = act0(A_ROLL);
            if (st->jail[seat] >= 0) {
                if (st->cash[seat] >= b->jail_fine) out[n++] = act0(A_PAY);
                for (int d = 0; d < 2; d++) /* a Get Out of Jail Free card of each deck held */
                    if (first_held(st, seat, d) >= 0) out[n++] = act_hero(A_USE, d);
            }
        } else {
            out[n++] = act0(A_END);
        }
    } else if (index_of(st->window, st->nwindow, seat) >= 0) {
        out[n++] = act0(A_DONE);
    } else {
        return n;
    }
    n += builds(st, seat, out + n);
    n += sales(st, seat, out + n);
    n += reactivations(st, seat, out + n);
    n += any_offer(st, seat, out + n);
    return n;
}

/* -- movement and spaces ----------------------------------------------------------------- */
static void move_by(State *st, int p, int steps) {
    const Board *b = st->b;
    int start = st->pos[p];
    st->pos[p] = (start + steps) % b->n;
    if (start + steps >= b->n) gain(st, p, b->go_salary); /* Go: pass or land on it */
}

/* Go to Jail: move there at once, no GO salary; the turn is over. */
static void send_to_jail(State *st, int p) {
    st->pos[p] = st->b->jail;
    st->jail[p] = 0;
    st->again = 0;
    st->doubles = 0;
}

/* Children of Thanos: a die for the token plus one per hero card held (sidelined ones
 * too), rolled one at a time until one matches. */
static void battle(State *st, int p, int s) {
    const Board *b = st->b;
    int dice = 1 + count_owned(st, p), roll = 0;
    for (int i = 0; i < dice; i++) {
        roll = rng_die(&st->rng, 6);
        if (roll == b->number[s]) break;
    }
    if (roll == b->number[s]) st->again = 1;
    else insert_task(st, T_PAY, p, BANK, b->battle_fine);
}

/* Take the top card, do what it says, and put it at the bottom (a Jail card is kept). */
static void draw(State *st, int p, int d) {
    const Board *b = st->b;
    int c = deck_pop(&st->decks[d]);
    const Card *card = &b->cards[c];
    if (card->effect == E_JAIL_FREE) {
        if (st->nheld[p] == MAX_HELD) { fail(st, "too many cards held"); return; }
        st->held[p][st->nheld[p]++] = c;
        return;
    }
    deck_append(&st->decks[d], c);
    int n = b->n, qs[MAX_PLAYERS], nq;
    Task pays[MAX_PLAYERS];
    switch (card->effect) {
    case E_ADVANCE: {
        int steps = ((card->target - st->pos[p]) % n + n) % n;
        move_by(st, p, steps ? steps : n);
        insert_task(st, T_LAND, 0, 0, 0);
        break;
    }
    case E_ADVANCE_NEAREST: {
        int k = 1;
        while (k < n && b->kind[(st->pos[p] + k) % n] != card->kind) k++;
        move_by(st, p, k);
        insert_task(st, T_LAND, 0, 0, 0);
        break;
    }
    case E_BACK:
        st->pos[p] = ((st->pos[p] - card->amount) % n + n) % n;
        /* moved back onto GO: it lands there and collects (the rules' reading at _draw) */
        if (st->pos[p] == st->b->go) gain(st, p, st->b->go_salary);
        insert_task(st, T_LAND, 0, 0, 0);
        break;
    case E_GO_TO_JAIL: send_to_jail(st, p); break;
    case E_BANK_PAYS: gain(st, p, card->amount); break;
    case E_PAY_BANK: insert_task(st, T_PAY, p, BANK, card->amount); break;
    case E_COLLECT_EACH:
    case E_PAY_EACH:
        nq = others(st, p, qs);
        for (int i = 0; i < nq; i++) {
            Task t = {T_PAY, p, qs[i], card->amount};
            if (card->effect == E_COLLECT_EACH) t.a = qs[i], t.b = p;
            pays[i] = t;
        }
        insert_tasks(st, pays, nq);
        break;
    case E_REPAIRS: {
        int bases = 0, hqs = 0;
        for (uint64_t left = st->owned[p]; left;) {
            int s = next_space(&left);
            if (st->level[s] == HQ) hqs++;
            else bases += st->level[s];
        }
        insert_task(st, T_PAY, p, BANK, card->base * bases + card->hq * hqs);
        break;
    }
    }
}

static void land(State *st) {
    const Board *b = st->b;
    int p = st->current, s = st->pos[p], kind = b->kind[s];
    if (kind == S_HERO || kind == S_DICE_HERO) {
        int o = st->owner[s];
        if (o == BANK) {
            st->phase = PH_DRAFT; /* Undrafted Heroes: draft or auction */
        } else if (o != p && !st->sidelined[s]) { /* Drafted Heroes: the owner may ask */
            if (st->nclaims == MAX_CLAIMS) { fail(st, "too many claims"); return; }
            Claim c = {o, p, s, payment(st, s)};
            st->claims[st->nclaims++] = c;
        }
    } else if (kind == S_TAX) {
        insert_task(st, T_PAY, p, BANK, b->amount[s]);
    } else if (kind == S_BATTLE) {
        battle(st, p, s);
    } else if (kind == S_DECK) {
        draw(st, p, b->deck_of[s]);
    } else if (kind == S_GO_TO_JAIL) {
        send_to_jail(st, p);
    }
}

static void finish_by_limit(State *st) {
    long long worth[MAX_PLAYERS];
    net_worths(st, worth);
    int alive[MAX_PLAYERS], n = 0;
    for (int p = 0; p < st->players; p++) {
        if (!st->alive[p]) continue;
        int i = n++; /* insertion sort by net worth, most first; ties keep seat order */
        while (i > 0 && worth[alive[i - 1]] < worth[p]) { alive[i] = alive[i - 1]; i--; }
        alive[i] = p;
    }
    st->nwinners = 0;
    for (int i = 0; i < n; i++)
        if (worth[alive[i]] == worth[alive[0]]) st->winners[st->nwinners++] = alive[i];
    for (int i = 0; i < n; i++) st->ranking[i] = alive[i];
    for (int i = 0; i < st->nout; i++) st->ranking[n + i] = st->out_order[st->nout - 1 - i];
    st->ending = END_TURN_LIMIT;
    st->phase = PH_OVER;
}

/* Pass the dice to the left (the next player still in the game). */
static void end_turn(State *st) {
    if (st->turn_limit && st->turn >= st->turn_limit) {
        finish_by_limit(st);
        return;
    }
    int qs[MAX_PLAYERS];
    if (!others(st, st->current, qs)) { fail(st, "no one to pass the dice to"); return; }
    st->current = qs[0];
    st->turn++;
    st->phase = PH_START;
    st->doubles = 0;
    st->again = 0;
    st->ntasks = 0;
    st->nwindow = others(st, st->current, st->window);
    memset(st->offers_made, 0, sizeof st->offers_made);
}

/* -- the auction ------------------------------------------------------------------------- */
static void place(State *st, int p, int s, int price) {
    const Board *b = st->b;
    spend(st, p, price);
    if (st->level[s] == b->max_bases) { /* Building Headquarters: the 4 Bases go back */
        st->hqs--;
        st->bases += b->max_bases;
        set_level(st, s, HQ);
    } else {
        st->bases--;
        set_level(st, s, st->level[s] + 1);
    }
}

/* The Banker ends the auction when no player is willing (or able) to raise. */
static void settle_auction(State *st) {
    int seats[MAX_PLAYERS];
    if (bidders(st, seats)) return;
    st->has_auction = 0;
    const Auction *au = &st->auction;
    int p = au->bidder;
    if (p < 0) return; /* no bids: it stays with the Bank */
    if (au->building != B_ANY) {
        place(st, p, au->targets[index_of(au->seats, au->nseats, p)], au->high);
        return;
    }
    spend(st, p, au->high);
    set_owner(st, au->space, p);
}

static void start_auction(State *st, int space, int building, int start) {
    Auction *au = &st->auction;
    au->space = space;
    au->building = building;
    au->start = start;
    au->high = 0;
    au->bidder = -1;
    au->passed = 0;
    st->has_auction = 1;
}

/* -- the effect queue -------------------------------------------------------------------- */
static void t_pay(State *st, Task t) {
    int debtor = t.a, creditor = t.b, amount = t.c;
    if (!st->alive[debtor] || (creditor != BANK && !st->alive[creditor]) || amount <= 0) return;
    if (st->cash[debtor] >= amount) {
        transfer(st, debtor, creditor, amount);
        return;
    }
    if (st->ndebts == MAX_DEBTS) { fail(st, "too many debts"); return; }
    Debt d = {debtor, creditor, amount};
    st->debts[st->ndebts++] = d;
}

/* Did you roll doubles? Roll again; otherwise (or from Jail) the turn ends. */
static void t_after(State *st) {
    st->phase = st->again && st->jail[st->current] < 0 ? PH_START : PH_END;
    st->again = 0;
}

static void t_auction(State *st, int s) {
    if (st->owner[s] != BANK) return;
    start_auction(st, s, B_ANY, st->current);
    Auction *au = &st->auction;
    au->nseats = 0;
    for (int p = 0; p < st->players; p++)
        if (st->alive[p]) au->seats[au->nseats++] = p;
    settle_auction(st);
}

/* Resolve waiting effects in order until someone must decide. */
static void proceed(State *st) {
    while (st->ntasks && st->phase != PH_OVER && context(st) == CTX_CALM) {
        Task t = pop_task(st);
        switch (t.kind) {
        case T_PAY: t_pay(st, t); break;
        case T_MOVE:
            move_by(st, st->current, t.a);
            insert_task(st, T_LAND, 0, 0, 0);
            break;
        case T_LAND: land(st); break;
        case T_AFTER: t_after(st); break;
        case T_AUCTION: t_auction(st, t.a); break;
        case T_NEXT: end_turn(st); break;
        }
    }
    if (st->phase == PH_BUSY && !st->ntasks && context(st) == CTX_CALM)
        fail(st, "effects ran out with no decision to make");
}

/* -- handlers: the turn ------------------------------------------------------------------ */
static void roll(State *st, int seat) {
    const Board *b = st->b;
    /* Drafted Heroes: claims not asked before the next player rolls are not owed. */
    int k = 0;
    for (int i = 0; i < st->nclaims; i++)
        if (st->claims[i].payer == seat) st->claims[k++] = st->claims[i];
    st->nclaims = k;
    st->nwindow = 0;
    int dice[2];
    rng_roll(&st->rng, 2, 6, dice);
    int total = dice[0] + dice[1], dbl = dice[0] == dice[1];
    Task move = {T_MOVE, total, 0, 0}, after = {T_AFTER, 0, 0, 0};
    st->phase = PH_BUSY;
    if (st->jail[seat] >= 0) {
        /* How do I get out of Jail, option 3: doubles free you; the roll moves you, no more. */
        if (dbl) {
            st->jail[seat] = -1;
            st->again = 0;
            st->ntasks = 0;
            push_task(st, move);
            push_task(st, after);
            return;
        }
        st->jail[seat]++;
        if (st->jail[seat] < b->jail_turns) {
            st->phase = PH_END;
            return;
        }
        /* The third failed turn: pay 50 and use the roll to move. */
        st->jail[seat] = -1;
        st->again = 0;
        Task fine = {T_PAY, seat, BANK, b->jail_fine};
        st->ntasks = 0;
        push_task(st, fine);
        push_task(st, move);
        push_task(st, after);
        return;
    }
    st->doubles = dbl ? st->doubles + 1 : 0;
    if (st->doubles == 3) { /* Watch Out! Three doubles in a row: Jail, no third move */
        send_to_jail(st, seat);
        st->phase = PH_END;
        return;
    }
    st->again = dbl;
    st->ntasks = 0;
    push_task(st, move);
    push_task(st, after);
}

static void pay_fine(State *st, int seat) {
    spend(st, seat, st->b->jail_fine);
    st->jail[seat] = -1;
}

static void use_card(State *st, int seat, int d) {
    const Board *b = st->b;
    for (int i = 0; i < st->nheld[seat]; i++) {
        int c = st->held[seat][i];
        if (b->card_deck[c] != d) continue;
        remove_at(st->held[seat], &st->nheld[seat], i);
        deck_append(&st->decks[d], c); /* to the bottom of its deck */
        st->jail[seat] = -1;
        return;
    }
    fail(st, "no such card held");
}

static void done(State *st, int seat) {
    int i = index_of(st->window, st->nwindow, seat);
    if (i >= 0) remove_at(st->window, &st->nwindow, i);
    int k = 0; /* done: no more asking this time */
    for (int j = 0; j < st->nclaims; j++)
        if (st->claims[j].owner != seat) st->claims[k++] = st->claims[j];
    st->nclaims = k;
}

static void draft(State *st, int seat) {
    int s = st->pos[seat];
    spend(st, seat, st->b->price[s]);
    set_owner(st, s, seat);
    st->phase = PH_BUSY;
}

static void decline_draft(State *st, int seat) {
    st->phase = PH_BUSY;
    insert_task(st, T_AUCTION, st->pos[seat], 0, 0);
}

static Claim claim_of(State *st, int seat, int s) {
    for (int i = 0; i < st->nclaims; i++) {
        Claim c = st->claims[i];
        if (c.owner != seat || c.space != s) continue;
        memmove(st->claims + i, st->claims + i + 1, sizeof(Claim) * (size_t)(st->nclaims - i - 1));
        st->nclaims--;
        return c;
    }
    fail(st, "no such claim");
    Claim none = {0, 0, 0, 0};
    return none;
}

/* The payment is what the hero earned at the landing (bots ask only when collectable). */
static void ask(State *st, int seat, int s) {
    Claim c = claim_of(st, seat, s);
    int amount = c.amount;
    if (amount < 0) { /* Winter Soldier and Black Panther: roll the dice to determine payment */
        int dice[2];
        rng_roll(&st->rng, 2, 6, dice);
        amount = -amount * (dice[0] + dice[1]);
    }
    insert_task(st, T_PAY, c.payer, c.owner, amount);
}

/* -- handlers: buildings and sidelining -------------------------------------------------- */
static void close_call(State *st) {
    const Board *b = st->b;
    Call *call = &st->call;
    if (call->nasked) return;
    st->has_call = 0;
    if (!call->nwanted) {
        place(st, call->builder, call->space, building_price(b, call->space, call->building));
        return;
    }
    start_auction(st, call->space, call->building, call->builder);
    Auction *au = &st->auction;
    au->nseats = 1 + call->nwanted;
    au->seats[0] = call->builder;
    au->targets[0] = call->space;
    for (int i = 0; i < call->nwanted; i++) {
        au->seats[1 + i] = call->wanted_seat[i];
        au->targets[1 + i] = call->wanted_space[i];
    }
    settle_auction(st);
}

static void build(State *st, int seat, int s) {
    const Board *b = st->b;
    int kind = st->level[s] == b->max_bases ? B_HQ : B_BASE;
    if ((kind == B_BASE ? st->bases : st->hqs) == 1) {
        /* Not Enough Buildings: anyone else who could build this kind may want it too. */
        int qs[MAX_PLAYERS], nq = others(st, seat, qs), nasked = 0;
        for (int k = 0; k < nq; k++) {
            for (int i = 0; i < b->nown; i++) {
                if (can_build(st, qs[k], b->ownable[i], kind, b->bid_start)) {
                    st->call.asked[nasked++] = qs[k];
                    break;
                }
            }
        }
        if (nasked) {
            st->has_call = 1;
            st->call.builder = seat;
            st->call.space = s;
            st->call.building = kind;
            st->call.nasked = nasked;
            st->call.nwanted = 0;
            return;
        }
    }
    place(st, seat, s, building_price(b, s, kind));
}

static void want(State *st, int seat, int s) {
    Call *call = &st->call;
    remove_at(call->asked, &call->nasked, 0);
    call->wanted_seat[call->nwanted] = seat;
    call->wanted_space[call->nwanted++] = s;
    close_call(st);
}

static void pass_call(State *st) {
    remove_at(st->call.asked, &st->call.nasked, 0);
    close_call(st);
}

static void sell(State *st, int seat, int s) {
    const Board *b = st->b;
    int price;
    if (st->level[s] == HQ) { /* Selling Buildings: half the cost, exchanged for 4 Bases */
        price = b->hq_cost[s] / 2;
        st->hqs++;
        st->bases -= b->max_bases;
        set_level(st, s, b->max_bases);
    } else {
        price = b->base_cost[s] / 2;
        st->bases++;
        set_level(st, s, st->level[s] - 1);
    }
    gain(st, seat, price);
}

static void sideline(State *st, int seat, int s) {
    set_sidelined(st, s, 1);
    gain(st, seat, st->b->sideline[s]);
}

static void reactivate(State *st, int seat, int s) {
    if (context(st) == CTX_ACQUIRE) {
        st->nacquire--;
        memmove(st->acquire, st->acquire + 1, sizeof(Acquire) * (size_t)st->nacquire);
    }
    spend(st, seat, st->b->reactivate[s]);
    set_sidelined(st, s, 0);
}

static void keep(State *st, int seat, int s) { /* the fee now where it can be paid (_keep) */
    st->nacquire--;
    memmove(st->acquire, st->acquire + 1, sizeof(Acquire) * (size_t)st->nacquire);
    int fee = st->b->keep_fee[s];
    if (st->cash[seat] >= fee) spend(st, seat, fee);
    else insert_task(st, T_PAY, seat, BANK, fee);
}

/* -- handlers: auctions ------------------------------------------------------------------ */
static void bid(State *st, int seat, int amount) {
    st->auction.high = amount;
    st->auction.bidder = seat;
    st->auction.passed = 0;
    settle_auction(st);
}

static void pass_bid(State *st, int seat) {
    st->auction.passed |= 1u << seat;
    settle_auction(st);
}

/* -- handlers: trades -------------------------------------------------------------------- */
static void offer(State *st, int seat, const Act *a) {
    if (just_declined(st, seat, a)) { fail(st, "an offer just declined, made again"); return; }
    st->offers_made[seat]++;
    st->offer = make_offer(st, seat, a);
    st->has_offer = 1;
}

static void hand_over(State *st, int frm, int to, int hero, int cash, int card) {
    if (hero >= 0) {
        set_owner(st, hero, to);
        if (st->sidelined[hero]) { /* the new owner must reactivate or pay 10% now */
            if (st->nacquire == MAX_ACQUIRE) { fail(st, "too many heroes to choose for"); return; }
            Acquire x = {to, hero};
            st->acquire[st->nacquire++] = x;
        }
    }
    transfer(st, frm, to, cash);
    if (card >= 0) {
        int i = index_of(st->held[frm], st->nheld[frm], card);
        if (i < 0 || st->nheld[to] == MAX_HELD) {
            fail(st, "a card that cannot change hands");
            return;
        }
        remove_at(st->held[frm], &st->nheld[frm], i);
        st->held[to][st->nheld[to]++] = card;
    }
}

static void accept(State *st) {
    Offer o = st->offer;
    st->has_offer = 0;
    hand_over(st, o.proposer, o.receiver, o.give_hero, o.give_cash, o.give_card);
    hand_over(st, o.receiver, o.proposer, o.get_hero, o.get_cash, o.get_card);
}

/* -- handlers: debts and bankruptcy ------------------------------------------------------ */
static void pay_debt(State *st) {
    Debt d = st->debts[--st->ndebts];
    transfer(st, d.debtor, d.creditor, d.amount);
}

static void remove_player(State *st, int p) {
    int k = 0;
    for (int i = 0; i < st->ndebts; i++)
        if (st->debts[i].debtor != p && st->debts[i].creditor != p) st->debts[k++] = st->debts[i];
    st->ndebts = k;
    k = 0;
    for (int i = 0; i < st->ntasks; i++) {
        Task t = st->tasks[i];
        if (!(t.kind == T_PAY && (t.a == p || t.b == p))) st->tasks[k++] = t;
    }
    st->ntasks = k;
    k = 0;
    for (int i = 0; i < st->nclaims; i++)
        if (st->claims[i].owner != p && st->claims[i].payer != p) st->claims[k++] = st->claims[i];
    st->nclaims = k;
    int i = index_of(st->window, st->nwindow, p);
    if (i >= 0) remove_at(st->window, &st->nwindow, i);
    k = 0;
    for (i = 0; i < st->nacquire; i++)
        if (st->acquire[i].seat != p) st->acquire[k++] = st->acquire[i];
    st->nacquire = k;
    if (st->has_offer && (st->offer.proposer == p || st->offer.receiver == p)) st->has_offer = 0;
}

/* B. If you're still in debt, you are bankrupt and out of the game. */
static void bankrupt(State *st, int seat) {
    const Board *b = st->b;
    int creditor = st->debts[st->ndebts - 1].creditor, amount = st->debts[st->ndebts - 1].amount;
    int heroes[MAX_SPACES], nheroes = 0;
    for (uint64_t left = st->owned[seat]; left;) heroes[nheroes++] = next_space(&left);
    /* Buildings that could not be sold for want of Bases to exchange go back now. */
    for (int i = 0; i < nheroes; i++) {
        int s = heroes[i], lv = st->level[s];
        if (!lv) continue;
        int value = lv == HQ ? b->hq_cost[s] + b->max_bases * b->base_cost[s]
                             : lv * b->base_cost[s];
        if (lv == HQ) st->hqs++;
        else st->bases += lv;
        set_level(st, s, 0);
        gain(st, seat, value / 2);
    }
    for (int i = 0; i < nheroes; i++) {
        int s = heroes[i];
        if (!st->sidelined[s]) {
            set_sidelined(st, s, 1);
            gain(st, seat, b->sideline[s]);
        }
    }
    if (st->cash[seat] >= amount) {
        pay_debt(st);
        return;
    }
    st->ndebts--;
    transfer(st, seat, creditor, st->cash[seat]);
    if (creditor == BANK) {
        /* Do you owe the Bank? Heroes back, reactivated, auctioned; cards to their decks. */
        for (int i = 0; i < nheroes; i++) {
            set_owner(st, heroes[i], BANK);
            set_sidelined(st, heroes[i], 0);
        }
        for (int i = 0; i < st->nheld[seat]; i++)
            deck_append(&st->decks[b->card_deck[st->held[seat][i]]], st->held[seat][i]);
    } else {
        /* Do you owe another player? They take the (sidelined) heroes and the cards. */
        for (int i = 0; i < nheroes; i++) {
            set_owner(st, heroes[i], creditor);
            if (st->nacquire == MAX_ACQUIRE) { fail(st, "too many heroes to choose for"); return; }
            Acquire x = {creditor, heroes[i]};
            st->acquire[st->nacquire++] = x;
        }
        for (int i = 0; i < st->nheld[seat]; i++) {
            if (st->nheld[creditor] == MAX_HELD) { fail(st, "too many cards held"); return; }
            st->held[creditor][st->nheld[creditor]++] = st->held[seat][i];
        }
    }
    st->nheld[seat] = 0;
    st->alive[seat] = 0;
    st->out_order[st->nout++] = seat;
    remove_player(st, seat);
    int alive = 0, last = -1;
    for (int p = 0; p < st->players; p++)
        if (st->alive[p]) alive++, last = p;
    if (alive == 1) { /* the last player with money wins */
        st->ending = END_LAST_PLAYER;
        st->nwinners = 1;
        st->winners[0] = last;
        st->ranking[0] = last;
        for (int i = 0; i < st->nout; i++) st->ranking[1 + i] = st->out_order[st->nout - 1 - i];
        st->phase = PH_OVER;
        st->nacquire = 0;
        st->ntasks = 0;
        return;
    }
    Task auctions[MAX_SPACES];
    int nauctions = 0;
    if (creditor == BANK)
        for (int i = 0; i < nheroes; i++) {
            Task t = {T_AUCTION, heroes[i], 0, 0};
            auctions[nauctions++] = t;
        }
    if (seat == st->current) {
        st->ntasks = 0;
        insert_tasks(st, auctions, nauctions);
        push_task(st, (Task){T_NEXT, 0, 0, 0});
        st->phase = PH_BUSY;
    } else {
        insert_tasks(st, auctions, nauctions);
    }
}

/* apply(state, seat, action): the handler `_KINDS[context][kind]`, then `_proceed`. */
static void apply(State *st, int seat, const Act *a) {
    int ctx = context(st);
    switch (a->kind) {
    case A_ROLL: roll(st, seat); break;
    case A_PAY:
        if (ctx == CTX_DEBT) pay_debt(st);
        else pay_fine(st, seat);
        break;
    case A_USE: use_card(st, seat, a->space); break;
    case A_END: end_turn(st); break;
    case A_DONE: done(st, seat); break;
    case A_ASK: ask(st, seat, a->space); break;
    case A_FORGO: claim_of(st, seat, a->space); break;
    case A_DRAFT: draft(st, seat); break;
    case A_AUCTION: decline_draft(st, seat); break;
    case A_BUILD: build(st, seat, a->space); break;
    case A_WANT: want(st, seat, a->space); break;
    case A_PASS:
        if (ctx == CTX_CALL) pass_call(st);
        else pass_bid(st, seat);
        break;
    case A_SELL: sell(st, seat, a->space); break;
    case A_SIDELINE: sideline(st, seat, a->space); break;
    case A_REACTIVATE: reactivate(st, seat, a->space); break;
    case A_KEEP: keep(st, seat, a->space); break;
    case A_BID: bid(st, seat, a->amount); break;
    case A_OFFER: offer(st, seat, a); break;
    case A_ACCEPT: accept(st); break;
    case A_DECLINE:
        st->declined = st->offer;
        st->has_offer = 0;
        break;
    case A_BANKRUPT: bankrupt(st, seat); break;
    }
    st->has_declined = a->kind == A_DECLINE; /* "just" declined: until the next action */
    proceed(st);
}

/* -- the random bot (warroom.bots.RandomBot) --------------------------------------------- */
/* Rng.below, without the two divisions where n is a power of two (then 2**64 is a multiple
 * of n, no draw is rejected and x % n is x & (n - 1)): 1 and 2 are the usual counts. */
static uint64_t below(Rng *rng, uint64_t n) {
    if ((n & (n - 1)) == 0) return rng_next(rng) & (n - 1);
    return rng_below(rng, n);
}

/* Uniform over the kinds of action (sorted by name), then over that kind's actions. */
static Act random_choose(State *st, int seat, Rng *rng, const Act *legal, int n) {
    uint32_t kinds = 0; /* a bit per kind present, kinds numbered in sorted order */
    for (int i = 0; i < n; i++) kinds |= 1u << legal[i].kind;
    for (int k = (int)below(rng, (uint64_t)__builtin_popcount(kinds)); k > 0; k--)
        kinds &= kinds - 1; /* drop the first k kinds */
    int kind = __builtin_ctz(kinds);
    if (kind == A_OFFER) {
        Act all[MAX_LEGAL];
        int m = offers(st, seat, all);
        if (m == 0) { fail(st, "has_offers and offers disagree"); return legal[0]; }
        return all[below(rng, (uint64_t)m)];
    }
    int count = 0, first = 0;
    for (int i = n - 1; i >= 0; i--)
        if (legal[i].kind == kind) count++, first = i;
    for (int j = (int)below(rng, (uint64_t)count), i = first;; i++)
        if (legal[i].kind == kind && j-- == 0) return legal[i];
}

/* -- the greedy bot (warroom.bots.monopoly.GreedyMonopolyBot) ---------------------------- */
typedef struct {
    int kind;
    Rng rng; /* random */
} Bot;

/* Whether owning `s` would give `me` its whole colour set. */
static int completes(const State *st, int me, int s) {
    uint64_t set = set_of_hero(st->b, s);
    return set && (set & ~st->owned[me] & ~bit(s)) == 0;
}

static int completes_for_another(const State *st, int me, int s) {
    for (int p = 0; p < st->players; p++)
        if (p != me && completes(st, p, s)) return 1;
    return 0;
}

static int value(const State *st, int me, int s) {
    int v = st->b->price[s];
    if (completes(st, me, s)) return v * 2;
    if (completes_for_another(st, me, s)) return v * 3 / 2; /* deny an opponent their set */
    return v;
}

/* What the receiver thinks of one side of an offer (_good_offer's worth). */
static int worth(const State *st, int me, int hero, int cash, int card, int for_me) {
    const Board *b = st->b;
    int total = cash;
    if (card >= 0) total += b->jail_fine;
    if (hero >= 0) {
        total += for_me ? value(st, me, hero) : b->price[hero];
        if (!for_me && completes_for_another(st, me, hero)) total += b->price[hero];
    }
    return total;
}

/* Take a deal that gives more value than it costs, counting sets. */
static int good_offer(const State *st, int me) {
    const Offer *o = &st->offer;
    int received = worth(st, me, o->give_hero, o->give_cash, o->give_card, 1);
    int given = worth(st, me, o->get_hero, o->get_cash, o->get_card, 0);
    return received >= given;
}

static Act greedy_bid(const State *st, int me, const Act *legal, int n) {
    const Board *b = st->b;
    const Auction *au = &st->auction;
    int limit = au->building == B_ANY ? value(st, me, au->space) : b->base_cost[au->space];
    int cap = st->cash[me] - b->reserve / 2;
    if (cap < limit) limit = cap;
    /* The opening bid, then raises of M10 (the least bid and 9) while the limit allows. */
    int lo = min_bid(st), amount = au->bidder >= 0 && lo + 9 <= limit ? lo + 9 : lo;
    for (int i = 0; i < n; i++) /* bids come lowest first */
        if (legal[i].kind == A_BID && legal[i].amount == amount && amount <= limit)
            return legal[i];
    return act0(A_PASS);
}

/* Pay if possible; else sell buildings, then sideline heroes outside full sets. */
static Act greedy_raise(State *st, const Act *legal, int n, const int *first) {
    const Board *b = st->b;
    if (first[A_PAY] >= 0) return legal[first[A_PAY]];
    if (first[A_SELL] >= 0) return legal[first[A_SELL]];
    int best = -1, best_in_set = 0, best_value = 0;
    for (int i = 0; i < n; i++) {
        if (legal[i].kind != A_SIDELINE) continue;
        int s = legal[i].space, in_set = whole_set(st, st->owner[s], s);
        if (best < 0 || in_set < best_in_set ||
            (in_set == best_in_set && b->sideline[s] < best_value))
            best = i, best_in_set = in_set, best_value = b->sideline[s];
    }
    if (best >= 0) return legal[best];
    if (first[A_BANKRUPT] < 0) fail(st, "a debtor with nothing to do");
    return legal[first[A_BANKRUPT] >= 0 ? first[A_BANKRUPT] : 0];
}

/* Where a building adds the most payment per M spent while keeping the reserve. */
static int greedy_build(const State *st, int cash, const Act *legal, int n) {
    const Board *b = st->b;
    int best = -1;
    double best_gain = 0.0;
    for (int i = 0; i < n; i++) {
        if (legal[i].kind != A_BUILD) continue;
        int s = legal[i].space, lv = st->level[s];
        int cost = lv == b->max_bases ? b->hq_cost[s] : b->base_cost[s];
        if (cash - cost < b->reserve) continue;
        double g = (double)(b->payments[s][lv + 1] - b->payments[s][lv]) / (double)cost;
        if (g > best_gain) best = i, best_gain = g;
    }
    return best;
}

/* Offer 2.5 times the price for a hero that completes a set, OFFERS_PER_TURN offers a turn
 * at most, never the offer just declined. */
static int greedy_offer(const State *st, int me, int cash, Act *out) {
    const Board *b = st->b;
    if (st->offers_made[me] >= b->greedy_offers) return 0;
    for (int i = 0; i < b->nown; i++) {
        int s = b->ownable[i], owner = st->owner[s];
        if (owner < 0 || owner == me || !completes(st, me, s)) continue;
        if (set_of_hero(b, s) & st->with_buildings) continue;
        int price = 5 * b->price[s] / 2;
        if (cash - price < b->reserve) continue;
        Act a = act_offer(owner, DEAL_BUY_HERO, s, price);
        if (just_declined(st, me, &a)) continue;
        *out = a;
        return 1;
    }
    return 0;
}

static Act greedy_choose(State *st, int me, const Act *legal, int n) {
    const Board *b = st->b;
    int cash = st->cash[me], first[N_ACTIONS];
    for (int k = 0; k < N_ACTIONS; k++) first[k] = -1;
    for (int i = n - 1; i >= 0; i--) first[legal[i].kind] = i;
    if (first[A_ACCEPT] >= 0) return act0(good_offer(st, me) ? A_ACCEPT : A_DECLINE);
    if (first[A_KEEP] >= 0) {
        int s = legal[first[A_KEEP]].space;
        if (first[A_REACTIVATE] >= 0 && cash - b->reactivate[s] >= b->reserve)
            return legal[first[A_REACTIVATE]];
        return legal[first[A_KEEP]];
    }
    if (first[A_ASK] >= 0) return legal[first[A_ASK]];
    if (first[A_BID] >= 0 || (st->has_auction && first[A_PASS] >= 0))
        return greedy_bid(st, me, legal, n);
    if (first[A_WANT] >= 0) return legal[cash >= 2 * b->reserve ? first[A_WANT] : first[A_PASS]];
    if (st->ndebts && st->debts[st->ndebts - 1].debtor == me)
        return greedy_raise(st, legal, n, first);
    if (first[A_DRAFT] >= 0 || first[A_AUCTION] >= 0) {
        int s = st->pos[me];
        if (first[A_DRAFT] >= 0 && (cash - b->price[s] >= b->reserve || completes(st, me, s)))
            return legal[first[A_DRAFT]];
        return legal[first[A_AUCTION]];
    }
    int i = greedy_build(st, cash, legal, n);
    if (i >= 0) return legal[i];
    for (i = 0; i < n; i++)
        if (legal[i].kind == A_REACTIVATE && cash - b->reactivate[legal[i].space] >= 3 * b->reserve)
            return legal[i];
    Act a;
    if (first[A_OFFER] >= 0 && greedy_offer(st, me, cash, &a)) return a;
    if (first[A_ROLL] >= 0) {
        if (st->jail[me] >= 0) {
            if (first[A_USE] >= 0) return legal[first[A_USE]];
            int built = __builtin_popcountll(st->with_buildings);
            if (first[A_PAY] >= 0 && built < 6 && cash >= 4 * b->reserve)
                return legal[first[A_PAY]];
        }
        return legal[first[A_ROLL]];
    }
    if (first[A_DONE] >= 0) return legal[first[A_DONE]];
    if (first[A_END] >= 0) return legal[first[A_END]];
    return legal[0];
}

/* -- a whole game ------------------------------------------------------------------------ */
static void setup(State *st, const Board *b, int players, uint64_t seed, long long turn_limit) {
    memset(st, 0, sizeof *st);
    st->b = b;
    st->turn_limit = turn_limit;
    st->players = players;
    st->rng.seed = seed;
    st->rng.counter = 0;
    int first = roll_for_first(&st->rng, players);
    for (int d = 0; d < 2; d++) { /* Setup, steps 3-4: shuffle both decks */
        Deck *deck = &st->decks[d];
        for (int c = 0; c < b->ncards; c++)
            if (b->card_deck[c] == d) deck->items[deck->len++] = c;
        rng_shuffle(&st->rng, deck->items, deck->len);
    }
    for (int p = 0; p < players; p++) { /* Setup, step 2 */
        st->cash[p] = b->start_cash;
        st->pos[p] = b->go;
        st->alive[p] = 1;
        st->jail[p] = -1;
    }
    for (int s = 0; s < b->n; s++) st->owner[s] = BANK; /* owned, with_buildings: none */
    st->bases = b->bases;
    st->hqs = b->headquarters;
    st->current = st->first = first;
    st->turn = 1;
    st->phase = PH_START;
    st->nwindow = others(st, first, st->window);
}

/* One game as warroom.sim.runner.play_rules plays it; `trace` (a list or NULL) receives
 * every action as an int (laid out below; `decode` in the wrapper reads it). Returns the
 * number of actions, -1 on an error. */
static long long play_game(State *st, Bot *bots, long long action_cap, PyObject *trace) {
    Act legal[MAX_LEGAL];
    long long actions = 0;
    while (st->phase != PH_OVER && actions < action_cap) {
        int seat = first_mover(st);
        if (seat < 0) { fail(st, "nobody to move but no outcome"); break; }
        int n = legal_actions(st, seat, legal);
        if (n == 0) { fail(st, "a seat to move has no legal action"); break; }
        Act a = bots[seat].kind == BOT_RANDOM ? random_choose(st, seat, &bots[seat].rng, legal, n)
                                              : greedy_choose(st, seat, legal, n);
        if (st->error) break;
        if (trace != NULL) {
            /* seat | kind << 4 | (space + 1) << 9 | (to + 1) << 16 | deal << 20 | amount << 22 */
            unsigned long long code = (unsigned long long)seat | (unsigned long long)a.kind << 4 |
                                      (unsigned long long)(a.space + 1) << 9 |
                                      (unsigned long long)(a.to + 1) << 16 |
                                      (unsigned long long)a.deal << 20 |
                                      (unsigned long long)(uint32_t)a.amount << 22;
            PyObject *v = PyLong_FromUnsignedLongLong(code);
            if (v == NULL || PyList_Append(trace, v) < 0) { Py_XDECREF(v); return -1; }
            Py_DECREF(v);
        }
        apply(st, seat, &a);
        actions++;
    }
    if (st->error) {
        PyErr_Format(PyExc_RuntimeError, "monopoly fast path: %s (turn %d)", st->error, st->turn);
        return -1;
    }
    return actions;
}

/* -- Python glue ------------------------------------------------------------------------- */
#define CAPSULE "warroom.fast._monopoly_avengers.Board"

/* Reads a sequence of ints into out[0..cap); returns its length, -1 on an error. */
static Py_ssize_t read_seq(PyObject *seq, const char *what, int *out, Py_ssize_t cap) {
    PyObject *fast = PySequence_Fast(seq, "a sequence of ints");
    if (fast == NULL) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n > cap) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: %zd entries, at most %zd fit", what, n, cap);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) { Py_DECREF(fast); return -1; }
        if (v < -(1L << 24) || v > (1L << 24)) { /* money and counts far from overflowing */
            Py_DECREF(fast);
            PyErr_Format(PyExc_ValueError, "%s[%zd] = %ld is out of range", what, i, v);
            return -1;
        }
        out[i] = (int)v;
    }
    Py_DECREF(fast);
    return n;
}

/* board[key] into out[0..cap); -1 on an error or where it does not have `len` entries. */
static int read_ints(PyObject *board, const char *key, int *out, Py_ssize_t cap, Py_ssize_t len) {
    PyObject *seq = PyDict_GetItemString(board, key);
    if (seq == NULL) {
        PyErr_Format(PyExc_KeyError, "board: no %s", key);
        return -1;
    }
    Py_ssize_t n = read_seq(seq, key, out, cap);
    if (n < 0) return -1;
    if (len >= 0 && n != len) {
        PyErr_Format(PyExc_ValueError, "board: %s has %zd entries, not %zd", key, n, len);
        return -1;
    }
    return (int)n;
}

/* board[key], a whole number, into *out. */
static int read_scalar(PyObject *board, const char *key, int *out) {
    PyObject *v = PyDict_GetItemString(board, key);
    if (v == NULL) {
        PyErr_Format(PyExc_KeyError, "board: no %s", key);
        return -1;
    }
    long x = PyLong_AsLong(v);
    if (x == -1 && PyErr_Occurred()) return -1;
    if (x < 0 || x > (1L << 24)) {
        PyErr_Format(PyExc_ValueError, "board: %s = %ld is out of range", key, x);
        return -1;
    }
    *out = (int)x;
    return 0;
}

static void free_board(PyObject *capsule) { PyMem_Free(PyCapsule_GetPointer(capsule, CAPSULE)); }

/* Fills `b` from the dict warroom/fast/monopoly_avengers.py makes of a MonopolyBoard. */
static int read_board(PyObject *d, Board *b) {
    int n = read_ints(d, "kind", b->kind, MAX_SPACES, -1);
    if (n < 1) return n < 0 ? -1 : (PyErr_SetString(PyExc_ValueError, "board: no spaces"), -1);
    b->n = n;
    struct { const char *key; int *field; } per_space[] = {
        {"price", b->price}, {"base_cost", b->base_cost}, {"hq_cost", b->hq_cost},
        {"sideline", b->sideline}, {"reactivate", b->reactivate}, {"keep_fee", b->keep_fee},
        {"set_of", b->set_of}, {"deck_of", b->deck_of}, {"number", b->number},
        {"amount", b->amount},
    };
    for (size_t i = 0; i < sizeof per_space / sizeof per_space[0]; i++)
        if (read_ints(d, per_space[i].key, per_space[i].field, MAX_SPACES, n) < 0) return -1;
    struct { const char *key; int *field; } scalars[] = {
        {"go", &b->go}, {"jail", &b->jail}, {"start_cash", &b->start_cash},
        {"go_salary", &b->go_salary}, {"jail_fine", &b->jail_fine},
        {"battle_fine", &b->battle_fine}, {"bases", &b->bases},
        {"headquarters", &b->headquarters}, {"max_bases", &b->max_bases},
        {"bid_start", &b->bid_start}, {"jail_turns", &b->jail_turns},
        {"greedy_offers", &b->greedy_offers}, {"reserve", &b->reserve},
    };
    for (size_t i = 0; i < sizeof scalars / sizeof scalars[0]; i++)
        if (read_scalar(d, scalars[i].key, scalars[i].field) < 0) return -1;
    int flat[MAX_SPACES * 6], members[MAX_SETS * MAX_SET_SIZE], cards[MAX_CARDS * 6];
    if (read_ints(d, "payments", flat, MAX_SPACES * 6, 6 * n) < 0) return -1;
    for (int s = 0; s < n; s++) memcpy(b->payments[s], flat + 6 * s, sizeof b->payments[s]);
    if (read_ints(d, "multipliers", b->multipliers, 2, 2) < 0) return -1;
    b->nsets = read_ints(d, "set_size", b->set_size, MAX_SETS, -1);
    int nmembers = read_ints(d, "set_members", members, MAX_SETS * MAX_SET_SIZE, -1);
    b->ncards = read_ints(d, "card_deck", b->card_deck, MAX_CARDS, -1);
    if (b->nsets < 0 || nmembers < 0 || b->ncards < 0) return -1;
    if (read_ints(d, "cards", cards, MAX_CARDS * 6, 6 * b->ncards) < 0) return -1;
    const char *bad = NULL;
    for (int s = 0; s < n; s++) {
        if (b->kind[s] == S_HERO || b->kind[s] == S_DICE_HERO) b->ownable[b->nown++] = s;
        if (b->kind[s] == S_DICE_HERO) b->ndice++, b->dice_mask |= bit(s);
        if (b->kind[s] < S_GO || b->kind[s] > S_GO_TO_JAIL) bad = "a space of unknown kind";
        if (b->kind[s] == S_HERO && (b->set_of[s] < 0 || b->set_of[s] >= b->nsets))
            bad = "a hero outside the sets";
        if (b->kind[s] == S_DECK && (b->deck_of[s] < 0 || b->deck_of[s] > 1)) bad = "a third deck";
    }
    int m = 0;
    for (int k = 0; k < b->nsets && bad == NULL; k++) {
        if (b->set_size[k] < 2 || b->set_size[k] > MAX_SET_SIZE || m + b->set_size[k] > nmembers)
            bad = "sets of 2 to 8 heroes";
        for (int i = 0; bad == NULL && i < b->set_size[k]; i++) {
            int s = members[m++];
            if (s < 0 || s >= n || b->set_of[s] != k) bad = "a set member outside its set";
            else b->set_members[k][i] = s, b->set_mask[k] |= bit(s);
        }
    }
    int jail_free = 0;
    for (int c = 0; c < b->ncards; c++) {
        Card *card = &b->cards[c];
        card->effect = cards[6 * c];
        card->target = cards[6 * c + 1];
        card->kind = cards[6 * c + 2];
        card->amount = cards[6 * c + 3];
        card->base = cards[6 * c + 4];
        card->hq = cards[6 * c + 5];
        jail_free += card->effect == E_JAIL_FREE;
        if (card->effect < E_ADVANCE || card->effect > E_REPAIRS) bad = "a card of unknown effect";
        if (b->card_deck[c] < 0 || b->card_deck[c] > 1) bad = "a card outside the two decks";
        if (card->effect == E_ADVANCE && (card->target < 0 || card->target >= n))
            bad = "a card to a space off the board";
    }
    if (b->ndice < 1 || b->ndice > 2) bad = "one or two dice heroes";
    if (jail_free > MAX_HELD) bad = "too many Get Out of Jail Free cards";
    if (b->go < 0 || b->go >= n || b->jail < 0 || b->jail >= n) bad = "GO or Jail off the board";
    if (b->max_bases != HQ - 1) bad = "4 Bases before a Headquarters";
    if (bad != NULL) {
        PyErr_Format(PyExc_ValueError, "board: the fast path cannot play it: %s", bad);
        return -1;
    }
    return 0;
}

/* board(dict) -> capsule: the board's arrays, checked, kept for play(). */
static PyObject *py_board(PyObject *self, PyObject *arg) {
    if (!PyDict_Check(arg)) return PyErr_Format(PyExc_TypeError, "board: a dict");
    Board *b = PyMem_Calloc(1, sizeof(Board));
    if (b == NULL) return PyErr_NoMemory();
    if (read_board(arg, b) < 0) {
        PyMem_Free(b);
        return NULL;
    }
    PyObject *capsule = PyCapsule_New(b, CAPSULE, free_board);
    if (capsule == NULL) PyMem_Free(b);
    return capsule;
}

static PyObject *int_list(const int *items, int n) {
    PyObject *out = PyList_New(n);
    if (out == NULL) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *v = PyLong_FromLong(items[i]);
        if (v == NULL) { Py_DECREF(out); return NULL; }
        PyList_SET_ITEM(out, i, v);
    }
    return out;
}

/* The final state, for the tests to compare with the rules' own. */
static PyObject *final_state(const State *st) {
    const Board *b = st->b;
    PyObject *held = PyList_New(st->players), *decks = PyList_New(2);
    if (held == NULL || decks == NULL) { Py_XDECREF(held); Py_XDECREF(decks); return NULL; }
    for (int p = 0; p < st->players; p++)
        PyList_SET_ITEM(held, p, int_list(st->held[p], st->nheld[p]));
    for (int d = 0; d < 2; d++) {
        int items[MAX_CARDS];
        for (int i = 0; i < st->decks[d].len; i++)
            items[i] = st->decks[d].items[(st->decks[d].start + i) & (MAX_CARDS - 1)];
        PyList_SET_ITEM(decks, d, int_list(items, st->decks[d].len));
    }
    return Py_BuildValue(
        "{s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:i,s:i,s:N,s:L,s:i,s:i,s:i,s:K,s:N}",
        "cash", int_list(st->cash, st->players), "pos", int_list(st->pos, st->players),
        "alive", int_list(st->alive, st->players), "jail", int_list(st->jail, st->players),
        "held", held, "owner", int_list(st->owner, b->n), "sidelined",
        int_list(st->sidelined, b->n), "level", int_list(st->level, b->n), "bases", st->bases,
        "hqs", st->hqs, "decks", decks, "bank_net", st->bank_net, "current", st->current,
        "turn", st->turn, "doubles", st->doubles, "rng_counter",
        (unsigned long long)st->rng.counter, "out_order", int_list(st->out_order, st->nout));
}

/* play(board, players, seed, bots, bot_seeds, turn_limit, action_cap, trace)
 *   -> (ending, winners, ranking, turn, actions, codes or None, final state or None, first)
 * bots: BOT_* per seat; ending: END_*. */
static PyObject *py_play(PyObject *self, PyObject *args) {
    PyObject *capsule, *bot_kinds, *bot_seeds;
    unsigned long long seed;
    long long turn_limit, action_cap;
    int players, trace;
    if (!PyArg_ParseTuple(args, "OiKOOLLp", &capsule, &players, &seed, &bot_kinds, &bot_seeds,
                          &turn_limit, &action_cap, &trace))
        return NULL;
    const Board *b = PyCapsule_GetPointer(capsule, CAPSULE);
    if (b == NULL) return NULL;
    if (players < 2 || players > MAX_PLAYERS)
        return PyErr_Format(PyExc_ValueError, "2 to %d players, not %d", MAX_PLAYERS, players);
    if (action_cap < 0) return PyErr_Format(PyExc_ValueError, "a negative action cap");
    int kinds[MAX_PLAYERS];
    Py_ssize_t nkinds = read_seq(bot_kinds, "bots", kinds, MAX_PLAYERS);
    if (nkinds < 0) return NULL;
    PyObject *seeds = PySequence_Fast(bot_seeds, "bot seeds: a sequence");
    if (seeds == NULL) return NULL;
    if (PySequence_Fast_GET_SIZE(seeds) != players || nkinds != players) {
        Py_DECREF(seeds);
        return PyErr_Format(PyExc_ValueError, "one bot and one bot seed per seat");
    }
    Bot bots[MAX_PLAYERS];
    memset(bots, 0, sizeof bots);
    for (int p = 0; p < players; p++) {
        unsigned long long s = PyLong_AsUnsignedLongLongMask(PySequence_Fast_GET_ITEM(seeds, p));
        if (PyErr_Occurred()) { Py_DECREF(seeds); return NULL; }
        if (kinds[p] != BOT_RANDOM && kinds[p] != BOT_GREEDY) {
            Py_DECREF(seeds);
            return PyErr_Format(PyExc_ValueError, "unknown bot kind %d", kinds[p]);
        }
        bots[p].kind = kinds[p];
        bots[p].rng.seed = s;
    }
    Py_DECREF(seeds);
    PyObject *codes = trace ? PyList_New(0) : NULL;
    if (trace && codes == NULL) return NULL;
    State *st = PyMem_Malloc(sizeof(State));
    if (st == NULL) { Py_XDECREF(codes); return PyErr_NoMemory(); }
    setup(st, b, players, seed, turn_limit);
    long long actions = play_game(st, bots, action_cap, codes);
    PyObject *out = NULL;
    if (actions >= 0) {
        int nrank = st->ending == END_CAP ? 0 : st->players;
        PyObject *final = trace ? final_state(st) : (Py_INCREF(Py_None), Py_None);
        if (final == NULL) Py_XDECREF(codes);
        else
            out = Py_BuildValue("iNNiLNNi", st->ending, int_list(st->winners, st->nwinners),
                                int_list(st->ranking, nrank), st->turn, actions,
                                trace ? codes : (Py_INCREF(Py_None), Py_None), final, st->first);
    } else {
        Py_XDECREF(codes);
    }
    PyMem_Free(st);
    return out;
}

static PyMethodDef METHODS[] = {
    {"board", py_board, METH_O, "The board's arrays, checked and kept for play()."},
    {"play", py_play, METH_VARARGS, "One whole game between bots, as the rules play it."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef MODULE = {PyModuleDef_HEAD_INIT, "_monopoly_avengers", NULL, -1, METHODS};

PyMODINIT_FUNC PyInit__monopoly_avengers(void) { return PyModule_Create(&MODULE); }
