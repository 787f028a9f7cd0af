/* Classic RISK fast path: whole bot games in C, move for move as the Python rules play them.
 *
 * The rules live in warroom/games/risk_classic.py and the bots in warroom/bots; this file
 * mirrors them for simulation speed and is checked against them action by action
 * (tests/fast). Change the Python first, then this, never the other way round.
 *
 * Functions carry the names of their Python twins (risk_classic.py: _battle, _eliminate...;
 * bots/risk.py: best_placement, _target_value...) and section names in comments are the
 * rulebook's headings, as in the Python. What the Python owns is passed in, not copied: the
 * board (`board()`, from warroom.core.board.Board) and the greedy bot's conquest odds
 * (`odds()`, which asks warroom.bots.risk.p_conquer for every army pair it has not seen).
 *
 * No views, no events, no validation: only what changes the game or a bot's choice.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "rng.h"

/* ---- limits of this kernel (boards beyond them are refused by board()) ------------------ */
enum {
    MAX_PLAYERS = 5,
    MAX_SIDES = MAX_PLAYERS + 1, /* the 2-player game's neutral is one more side */
    MAX_TERRITORIES = 250,
    MAX_WILDS = 8,
    MAX_CARDS = MAX_TERRITORIES + MAX_WILDS,
    MAX_REGIONS = 64,
    MAX_LINKS = 4096, /* neighbour entries over the whole board */
};

/* ---- rule constants: each is the risk_classic.py constant of the same name -------------- */
static const int STARTING_ARMIES[MAX_PLAYERS + 1] = {0, 0, 0, 35, 30, 25}; /* by players */
enum {
    TWO_PLAYER_ARMIES = 30,
    MAX_CARD_BONUS = 2,
    MUST_TRADE_AT = 5,
    ELIMINATION_TRADE_AT = 6,
    ELIMINATION_TRADE_DOWN_TO = 4,
    NEUTRAL = 2, /* the neutral side's owner number in the 2-player game */
};
/* rules/cards.py: CLASSIC_SET_VALUES, then CLASSIC_STEP_AFTER more for each later set */
static const int SET_VALUES[] = {4, 6, 8, 10, 12, 15};
enum { SET_VALUES_N = 6, SET_STEP_AFTER = 5 };

/* ---- greedy bot constants: bots/risk.py ----------------------------------------------- */
static const double CARD_VALUE = 1.5;
static const double ATTACK_THRESHOLD = 0.62;

/* ---- the board -------------------------------------------------------------------------- */
enum { WILD_DESIGN = -1 }; /* design code of wild cards (and territories without a design) */

typedef struct {
    int n;     /* territories */
    int wilds; /* wild cards: card ids n .. n + wilds - 1 */
    int regions;
    int link_start[MAX_TERRITORIES + 1]; /* neighbours of t: link[link_start[t] .. [t+1]) */
    int link[MAX_LINKS];
    int region_of[MAX_TERRITORIES];
    int region_size[MAX_REGIONS];
    int member_start[MAX_REGIONS + 1]; /* members of r: member[member_start[r] .. [r+1]) */
    int member[MAX_TERRITORIES];
    int region_bonus[MAX_REGIONS];
    int design[MAX_CARDS]; /* per card; WILD_DESIGN for wild */
} Board;

/* for each neighbour u of territory t, in board order (a plain for loop: break and continue
 * work as usual) */
#define NEIGHBORS(b, t, u) \
    for (int u##_k = (b)->link_start[t], u; \
         u##_k < (b)->link_start[(t) + 1] && (u = (b)->link[u##_k], true); u##_k++)

/* ---- the greedy bot's conquest odds: a memo of warroom.bots.risk.p_conquer -------------- */
enum { ODDS_NEAR = 128 }; /* army pairs below this are a dense table, the rest a hash */

typedef struct {
    PyObject *p_conquer;                /* the Python function: the one source of the odds */
    double near[ODDS_NEAR][ODDS_NEAR];  /* NAN until asked */
    unsigned long long *far_keys;       /* open addressing; key 0 is empty */
    double *far_values;
    size_t far_size, far_used;
} Odds;

/* ---- the state: RiskState ------------------------------------------------------------- */
typedef enum { CLAIM, SETUP_PLACE, SETUP_NEUTRAL, REINFORCE, ATTACK, DEFEND, OCCUPY, FORTIFY,
               OVER, PHASES } Phase;
static const char *PHASE_NAMES[PHASES] = {"claim", "setup-place", "setup-neutral", "reinforce",
                                          "attack", "defend", "occupy", "fortify", "over"};

/* Action kinds in alphabetical order, the order RandomBot sorts them in. */
typedef enum { K_ATTACK, K_CLAIM, K_DEFEND, K_END, K_FORTIFY, K_MOVE, K_NEUTRAL, K_PLACE,
               K_TRADE, KINDS } Kind;
static const char *KIND_NAMES[KINDS] = {"attack", "claim", "defend", "end", "fortify",
                                        "move", "neutral", "place", "trade"};

/* One action. claim/neutral: a = territory; place: a = territory, b = armies;
 * trade: a, b, c = cards (ascending), d = territory for the 2 extra armies or -1;
 * attack: a -> b with c dice; fortify: a -> b, c armies; defend: a dice; move: a armies. */
typedef struct {
    Kind kind;
    int a, b, c, d;
} Act;

typedef enum { NOT_OVER, LAST_STANDING, TURN_LIMIT } Ending;

typedef struct {
    const Board *b;
    int players;
    int neutral; /* NEUTRAL in the 2-player game, else -1 */
    Rng rng;
    int owner[MAX_TERRITORIES]; /* -1 while unclaimed */
    int armies[MAX_TERRITORIES];
    int reserve[MAX_SIDES];
    int hand[MAX_PLAYERS][MAX_CARDS]; /* sorted */
    int hand_n[MAX_PLAYERS];
    int deck[MAX_CARDS]; /* draw pile; the top is the end */
    int deck_n;
    int sets_traded;
    Phase phase;
    int current, first, turn, pending;
    bool elimination_trade, conquered, card_bonus_taken;
    int attack_from, attack_to, attack_dice;
    bool alive[MAX_PLAYERS];
    int out_order[MAX_PLAYERS], out_n;
    Ending ending;
    int winners[MAX_PLAYERS], winners_n;
    int ranking[MAX_PLAYERS], ranking_n;
    /* options */
    bool auto_defend;
    long long turn_limit;
    /* derived, kept by set_owner: territories held per side, in all and per region */
    int held[MAX_SIDES];
    int region_held[MAX_SIDES][MAX_REGIONS];
} State;

typedef enum { RANDOM_BOT, GREEDY_BOT } BotKind;

typedef struct {
    BotKind kind;
    Rng rng; /* RandomBot's draws (GreedyRiskBot draws none) */
} Bot;

typedef struct {
    int *items;
    size_t n, size;
} IntList;

typedef struct {
    State st;
    Odds *odds;
    Bot bots[MAX_PLAYERS];
    bool failed;   /* a Python exception is set */
    IntList *trace; /* NULL unless tracing: seat, kind, a, b, c, d per action */
} Game;

/* ======================================================================================== */
/* Small helpers                                                                            */
/* ======================================================================================== */

static inline int imin(int a, int b) { return a < b ? a : b; }
static inline int imax(int a, int b) { return a > b ? a : b; }

static void set_owner(State *st, int t, int side) {
    int old = st->owner[t], r = st->b->region_of[t];
    if (old >= 0) {
        st->held[old]--;
        st->region_held[old][r]--;
    }
    st->owner[t] = side;
    st->held[side]++;
    st->region_held[side][r]++;
}

static int unclaimed(const State *st) {
    int count = 0;
    for (int t = 0; t < st->b->n; t++) count += st->owner[t] == -1;
    return count;
}

static void hand_insert(State *st, int seat, int card) {
    int *h = st->hand[seat];
    int i = st->hand_n[seat]++;
    while (i > 0 && h[i - 1] > card) {
        h[i] = h[i - 1];
        i--;
    }
    h[i] = card;
}

static void hand_remove_at(State *st, int seat, int i) {
    int *h = st->hand[seat];
    memmove(h + i, h + i + 1, sizeof(int) * (size_t)(st->hand_n[seat] - i - 1));
    st->hand_n[seat]--;
}

/* rules/cards.py set_value */
static int set_value(int number) {
    if (number <= SET_VALUES_N) return SET_VALUES[number - 1];
    return SET_VALUES[SET_VALUES_N - 1] + SET_STEP_AFTER * (number - SET_VALUES_N);
}

/* rules/cards.py is_set: three of one design, one of each of three, or any two plus a wild. */
static bool is_set(const Board *b, int c0, int c1, int c2) {
    int d0 = b->design[c0], d1 = b->design[c1], d2 = b->design[c2];
    if (d0 == WILD_DESIGN || d1 == WILD_DESIGN || d2 == WILD_DESIGN) return true;
    int distinct = 1 + (d1 != d0) + (d2 != d0 && d2 != d1);
    return distinct == 1 || distinct == 3;
}

/* rules/reinforcement.py reinforcements: territories / 3 (at least 3) plus whole regions. */
static int reinforcements(const State *st, int side) {
    const Board *b = st->b;
    int armies = imax(3, st->held[side] / 3);
    for (int r = 0; r < b->regions; r++)
        if (st->region_held[side][r] == b->region_size[r]) armies += b->region_bonus[r];
    return armies;
}

static int defender_seat(const State *st) {
    int side = st->owner[st->attack_to];
    /* 2-Player Rules, Attacking: "your opponent rolls to defend that territory". */
    return side == st->neutral ? 1 - st->current : side;
}

/* ClassicRisk.to_move (only while the game goes on) */
static int to_move(const State *st) {
    return st->phase == DEFEND ? defender_seat(st) : st->current;
}

static int setup_place_limit(const State *st) {
    /* 2-Player Setup: "Place 2 armies onto any 1 or 2 of the territories you occupy." */
    return st->neutral >= 0 ? st->pending : 1; /* Setup step 4: one army per turn */
}

static int defend_most(const State *st) { return imin(2, st->armies[st->attack_to]); }

static int must_trade_at(const State *st) {
    /* Eliminating Your Opponent: trade down to 4 or fewer (so while 5 or more remain). */
    return st->elimination_trade ? ELIMINATION_TRADE_DOWN_TO + 1 : MUST_TRADE_AT;
}

static bool may_trade(const State *st, int seat) {
    return !st->elimination_trade || st->hand_n[seat] > ELIMINATION_TRADE_DOWN_TO;
}

/* ======================================================================================== */
/* The greedy bot's odds                                                                    */
/* ======================================================================================== */

/* p_conquer(attackers, defenders) from Python; after an error, 0 without asking again (the
 * decision under way is then thrown away). */
static double ask_python(Game *g, int attackers, int defenders) {
    if (g->failed) return 0.0;
    PyObject *v = PyObject_CallFunction(g->odds->p_conquer, "ii", attackers, defenders);
    double p = v == NULL ? -1.0 : PyFloat_AsDouble(v);
    Py_XDECREF(v);
    if (PyErr_Occurred()) {
        g->failed = true;
        return 0.0;
    }
    return p;
}

/* Where `key` is in an open-addressing table of `size` slots (a power of 2), or the empty
 * slot where it goes; keys are spread by Fibonacci hashing (2**64 over the golden ratio). */
static size_t far_slot(const unsigned long long *keys, size_t size, unsigned long long key) {
    size_t j = (size_t)(key * 0x9E3779B97F4A7C15ULL) & (size - 1);
    while (keys[j] != 0 && keys[j] != key) j = (j + 1) & (size - 1);
    return j;
}

static bool far_grow(Odds *o) {
    size_t size = o->far_size ? o->far_size * 2 : 1024;
    unsigned long long *keys = PyMem_Calloc(size, sizeof *keys);
    double *values = PyMem_Calloc(size, sizeof *values);
    if (keys == NULL || values == NULL) {
        PyMem_Free(keys);
        PyMem_Free(values);
        PyErr_NoMemory();
        return false;
    }
    for (size_t i = 0; i < o->far_size; i++) {
        if (o->far_keys[i] == 0) continue;
        size_t j = far_slot(keys, size, o->far_keys[i]);
        keys[j] = o->far_keys[i];
        values[j] = o->far_values[i];
    }
    PyMem_Free(o->far_keys);
    PyMem_Free(o->far_values);
    o->far_keys = keys;
    o->far_values = values;
    o->far_size = size;
    return true;
}

/* bots/risk.py p_conquer, remembered: P(taking the territory) attacking to the end. */
static double p_conquer(Game *g, int attackers, int defenders) {
    Odds *o = g->odds;
    if (attackers < ODDS_NEAR && defenders < ODDS_NEAR) {
        double *p = &o->near[attackers][defenders];
        if (isnan(*p)) {
            double asked = ask_python(g, attackers, defenders);
            if (!g->failed) *p = asked;
            return asked;
        }
        return *p;
    }
    if (2 * (o->far_used + 1) > o->far_size && !far_grow(o)) {
        g->failed = true;
        return 0.0;
    }
    unsigned long long key = ((unsigned long long)attackers << 32) | (unsigned)defenders;
    size_t j = far_slot(o->far_keys, o->far_size, key);
    if (o->far_keys[j] == 0) {
        double p = ask_python(g, attackers, defenders);
        if (g->failed) return 0.0;
        o->far_keys[j] = key;
        o->far_values[j] = p;
        o->far_used++;
    }
    return o->far_values[j];
}

/* ======================================================================================== */
/* Setup (ClassicRisk.setup)                                                                */
/* ======================================================================================== */

/* Setup step 2: everyone rolls one die; the highest places first; ties roll again. */
static int roll_for_first(Rng *rng, int players) {
    int contenders[MAX_PLAYERS] = {0}, rolls[MAX_PLAYERS], n = players;
    for (int p = 0; p < players; p++) contenders[p] = p;
    while (n > 1) {
        int best = 0;
        for (int i = 0; i < n; i++) {
            rolls[i] = rng_die(rng, 6);
            best = imax(best, rolls[i]);
        }
        int kept = 0;
        for (int i = 0; i < n; i++)
            if (rolls[i] == best) contenders[kept++] = contenders[i];
        n = kept;
    }
    return contenders[0];
}

static void setup(State *st, const Board *b, int players, uint64_t seed, bool deal) {
    int n = b->n;
    bool two = players == 2;
    int sides = two ? players + 1 : players;
    st->b = b;
    st->players = players;
    st->neutral = two ? NEUTRAL : -1;
    st->rng = (Rng){seed, 0};
    int first = roll_for_first(&st->rng, players);
    for (int t = 0; t < n; t++) st->owner[t] = -1;
    int armies = two ? TWO_PLAYER_ARMIES : STARTING_ARMIES[players];
    for (int s = 0; s < sides; s++) st->reserve[s] = armies;
    st->phase = CLAIM;
    st->current = st->first = first;
    st->attack_from = st->attack_to = -1;
    for (int p = 0; p < players; p++) st->alive[p] = true;
    if (two || deal) {
        /* 2-Player Setup: wild cards out, deal the territory cards into equal piles. */
        int cards[MAX_TERRITORIES], order[MAX_SIDES], piles = 0;
        for (int t = 0; t < n; t++) cards[t] = t;
        rng_shuffle(&st->rng, cards, n);
        for (int k = 0; k < players; k++) order[piles++] = (first + k) % players;
        if (two) order[piles++] = NEUTRAL; /* the neutral pile */
        for (int k = 0; k < n; k++) {
            int side = order[k % piles];
            set_owner(st, cards[k], side);
            st->armies[cards[k]] = 1;
            st->reserve[side]--;
        }
        st->phase = SETUP_PLACE;
    }
    /* Setup step 6 (and "return the 2 wild cards ... shuffle the deck" for 2 players). */
    st->deck_n = n + b->wilds;
    for (int c = 0; c < st->deck_n; c++) st->deck[c] = c;
    rng_shuffle(&st->rng, st->deck, st->deck_n);
    if (two) st->pending = imin(2, st->reserve[first]);
}

/* ======================================================================================== */
/* Applying actions: one function per risk_classic.py handler                               */
/* ======================================================================================== */

static void begin_turn(State *st);

/* _next_setup_player: pass setup to the next player with armies left; start play when none has. */
static void next_setup_player(State *st) {
    for (int step = 1; step <= st->players; step++) {
        int p = (st->current + step) % st->players;
        if (st->reserve[p] > 0 || st->phase == CLAIM) {
            st->current = p;
            if (st->neutral >= 0) st->pending = imin(2, st->reserve[p]);
            return;
        }
    }
    /* Setup step 7: whoever placed the first army takes the first turn. */
    st->current = st->first;
    begin_turn(st);
}

static void claim(State *st, int seat, const Act *a) {
    set_owner(st, a->a, seat);
    st->armies[a->a] = 1;
    st->reserve[seat]--;
    if (unclaimed(st) == 0) st->phase = SETUP_PLACE; /* Setup step 4 */
    next_setup_player(st);
}

static void setup_place(State *st, int seat, const Act *a) {
    st->armies[a->a] += a->b;
    st->reserve[seat] -= a->b;
    if (st->neutral < 0) {
        next_setup_player(st);
        return;
    }
    st->pending -= a->b;
    if (st->pending == 0) st->phase = SETUP_NEUTRAL;
}

static void setup_neutral(State *st, const Act *a) {
    st->armies[a->a] += 1;
    st->reserve[st->neutral] -= 1;
    st->phase = SETUP_PLACE;
    next_setup_player(st);
}

/* _finish_by_limit: alive players ranked by (territories, armies), stable, highest first. */
static void finish_by_limit(State *st) {
    int strength_t[MAX_PLAYERS] = {0}, strength_a[MAX_PLAYERS] = {0};
    for (int t = 0; t < st->b->n; t++) {
        int o = st->owner[t];
        if (o >= 0 && o < st->players) {
            strength_t[o]++;
            strength_a[o] += st->armies[t];
        }
    }
    int n = 0;
    for (int p = 0; p < st->players; p++) {
        if (!st->alive[p]) continue;
        int i = n++;
        /* insertion after every stronger or equal player keeps the sort stable */
        while (i > 0) {
            int q = st->ranking[i - 1];
            bool weaker = strength_t[q] < strength_t[p] ||
                          (strength_t[q] == strength_t[p] && strength_a[q] < strength_a[p]);
            if (!weaker) break;
            st->ranking[i] = q;
            i--;
        }
        st->ranking[i] = p;
    }
    int best = st->ranking[0];
    st->winners_n = 0;
    for (int i = 0; i < n; i++) {
        int p = st->ranking[i];
        if (strength_t[p] == strength_t[best] && strength_a[p] == strength_a[best])
            st->winners[st->winners_n++] = p;
    }
    for (int i = st->out_n - 1; i >= 0; i--) st->ranking[n++] = st->out_order[i];
    st->ranking_n = n;
    st->ending = TURN_LIMIT;
    st->phase = OVER;
}

static void begin_turn(State *st) {
    if (st->turn_limit && st->turn >= st->turn_limit) {
        finish_by_limit(st);
        return;
    }
    st->turn += 1;
    st->phase = REINFORCE;
    st->conquered = false;
    st->card_bonus_taken = false;
    st->elimination_trade = false;
    st->pending = reinforcements(st, st->current);
}

static void trade(State *st, int seat, const Act *a) {
    int n = st->b->n, combo[3], asked[3] = {a->a, a->b, a->c};
    for (int i = 0; i < 3; i++) {
        /* _card_in: a wild card is the first wild card left in the hand */
        int at = 0;
        if (asked[i] >= n)
            while (st->hand[seat][at] < n) at++;
        else
            while (st->hand[seat][at] != asked[i]) at++;
        combo[i] = st->hand[seat][at];
        hand_remove_at(st, seat, at);
    }
    st->sets_traded += 1;
    st->pending += set_value(st->sets_traded);
    /* "Put the traded-in cards facedown at the bottom of the draw pile." */
    memmove(st->deck + 3, st->deck, sizeof(int) * (size_t)st->deck_n);
    memcpy(st->deck, combo, sizeof combo);
    st->deck_n += 3;
    if (a->d >= 0) {
        st->armies[a->d] += MAX_CARD_BONUS;
        st->card_bonus_taken = true;
    }
}

static void place(State *st, const Act *a) {
    st->armies[a->a] += a->b;
    st->pending -= a->b;
    if (st->pending == 0) {
        st->phase = ATTACK;
        st->elimination_trade = false;
    }
}

static void eliminate(State *st, int winner, int loser) {
    st->alive[loser] = false;
    st->out_order[st->out_n++] = loser;
    for (int i = 0; i < st->hand_n[loser]; i++) hand_insert(st, winner, st->hand[loser][i]);
    st->hand_n[loser] = 0;
    int alive = 0;
    for (int p = 0; p < st->players; p++) alive += st->alive[p];
    if (alive == 1) {
        /* Winning: the last player standing (the 2-player game ignores the neutral). */
        st->winners[0] = winner;
        st->winners_n = 1;
        st->ranking[0] = winner;
        st->ranking_n = 1;
        for (int i = st->out_n - 1; i >= 0; i--) st->ranking[st->ranking_n++] = st->out_order[i];
        st->ending = LAST_STANDING;
        st->phase = OVER;
        return;
    }
    /* Eliminating Your Opponent: 6 or more cards must be traded down to 4 or fewer at once. */
    st->elimination_trade = st->hand_n[winner] >= ELIMINATION_TRADE_AT;
}

/* Deciding a Battle: the attacker's and the defender's dice from one draw, each sorted high
 * to low, compared highest with highest; the defender wins ties. */
static void battle(State *st, int defend_dice) {
    int s = st->attack_from, t = st->attack_to;
    int attacker = st->owner[s], defender = st->owner[t];
    int na = st->attack_dice, faces[5];
    rng_roll(&st->rng, na + defend_dice, 6, faces);
    int *att = faces, *dfd = faces + na;
    for (int i = 1; i < na; i++) /* sort each side high to low */
        for (int j = i; j > 0 && att[j] > att[j - 1]; j--) {
            int x = att[j]; att[j] = att[j - 1]; att[j - 1] = x;
        }
    if (defend_dice == 2 && dfd[1] > dfd[0]) {
        int x = dfd[0]; dfd[0] = dfd[1]; dfd[1] = x;
    }
    for (int i = 0; i < imin(na, defend_dice); i++) {
        if (att[i] > dfd[i]) st->armies[t]--;
        else st->armies[s]--;
    }
    if (st->armies[t] > 0) {
        st->phase = ATTACK;
        return;
    }
    /* Capturing Territories: the dice just rolled move in at once; occupy decides the rest. */
    set_owner(st, t, attacker);
    st->armies[t] = st->attack_dice;
    st->armies[s] -= st->attack_dice;
    st->conquered = true;
    if (defender != st->neutral && st->held[defender] == 0) {
        eliminate(st, attacker, defender);
        if (st->phase == OVER) return;
    }
    st->phase = OCCUPY;
}

static void attack(State *st, const Act *a) {
    st->attack_from = a->a;
    st->attack_to = a->b;
    st->attack_dice = a->c;
    if (st->auto_defend) battle(st, defend_most(st));
    else st->phase = DEFEND;
}

static void move_in(State *st, const Act *a) {
    int moved = a->a - st->attack_dice;
    st->armies[st->attack_from] -= moved;
    st->armies[st->attack_to] += moved;
    if (st->elimination_trade) {
        st->phase = REINFORCE;
        st->pending = 0;
    } else {
        st->phase = ATTACK;
    }
}

/* Ending Your Attack: one card if at least one territory was captured this turn. */
static void end_attack(State *st, int seat) {
    if (st->conquered && st->deck_n > 0) hand_insert(st, seat, st->deck[--st->deck_n]);
    st->phase = FORTIFY;
}

static void end_turn(State *st) {
    for (int step = 1; step <= st->players; step++) {
        int p = (st->current + step) % st->players;
        if (st->alive[p]) {
            st->current = p;
            break;
        }
    }
    begin_turn(st);
}

static void fortify(State *st, const Act *a) {
    st->armies[a->a] -= a->c;
    st->armies[a->b] += a->c;
    end_turn(st);
}

/* ClassicRisk.apply for an action known to be legal (_HANDLERS by phase and kind). */
static void apply(State *st, int seat, const Act *a) {
    switch (a->kind) {
    case K_CLAIM: claim(st, seat, a); break;
    case K_PLACE:
        if (st->phase == SETUP_PLACE) setup_place(st, seat, a);
        else place(st, a);
        break;
    case K_NEUTRAL: setup_neutral(st, a); break;
    case K_TRADE: trade(st, seat, a); break;
    case K_ATTACK: attack(st, a); break;
    case K_DEFEND: battle(st, a->a); break;
    case K_MOVE: move_in(st, a); break;
    case K_END:
        if (st->phase == ATTACK) end_attack(st, seat);
        else end_turn(st);
        break;
    case K_FORTIFY: fortify(st, a); break;
    case KINDS: break;
    }
}

/* ======================================================================================== */
/* Legal actions, as counts per kind and the i-th of a kind (legal_actions order)            */
/* ======================================================================================== */

/* _trades: the card sets in the hand (combinations of the sorted hand), each once by card
 * names (the wild cards are interchangeable), each expanded by the territories that may get
 * the 2 extra armies. Returns how many; the `want`-th (from 0) goes into *out. */
static long long trades(const State *st, int seat, long long want, Act *out) {
    const Board *b = st->b;
    const int *h = st->hand[seat];
    int hn = st->hand_n[seat], n = b->n;
    int first_wild = hn;
    while (first_wild > 0 && h[first_wild - 1] >= n) first_wild--;
    long long count = 0;
    for (int i = 0; i < hn; i++)
        for (int j = i + 1; j < hn; j++)
            for (int k = j + 1; k < hn; k++) {
                if (!is_set(b, h[i], h[j], h[k])) continue;
                /* A combination using w wild cards repeats an earlier one by names unless
                 * its wild cards are the first w in the hand. */
                int idx[3] = {i, j, k}, next_wild = first_wild;
                bool repeat = false;
                for (int m = 0; m < 3; m++)
                    if (idx[m] >= first_wild) repeat |= idx[m] != next_wild++;
                if (repeat) continue;
                /* _bonus_choices: traded territories the seat occupies, once a turn */
                int bonus[3], nb = 0;
                if (!st->card_bonus_taken)
                    for (int m = 0; m < 3; m++)
                        if (h[idx[m]] < n && st->owner[h[idx[m]]] == seat) bonus[nb++] = h[idx[m]];
                for (int m = 0; m < (nb ? nb : 1); m++, count++) /* per bonus, or one */
                    if (count == want) *out = (Act){K_TRADE, h[i], h[j], h[k], nb ? bonus[m] : -1};
            }
    return count;
}

/* attack FROM TO DICE (to another side's neighbour, 1 to 3 dice) or fortify FROM TO COUNT
 * (to an own neighbour): from each own territory with 2 or more armies, one staying behind.
 * Returns how many; the `want`-th (from 0) goes into *out. */
static long long moves_listed(const State *st, int seat, Kind kind, long long want, Act *out) {
    const Board *b = st->b;
    bool attack = kind == K_ATTACK;
    long long count = 0;
    for (int s = 0; s < b->n; s++) {
        if (st->owner[s] != seat || st->armies[s] < 2) continue;
        int most = attack ? imin(3, st->armies[s] - 1) : st->armies[s] - 1;
        NEIGHBORS(b, s, t) {
            if ((st->owner[t] == seat) == attack) continue;
            if (want >= count && want < count + most)
                *out = (Act){kind, s, t, (int)(want - count) + 1, -1};
            count += most;
        }
    }
    return count;
}

/* The i-th territory (from 0) that `side` holds (-1: unclaimed), in board order; it holds
 * more than i. */
static int nth_held(const State *st, int side, long long i) {
    for (int t = 0;; t++)
        if (st->owner[t] == side && i-- == 0) return t;
}

/* How many legal actions of each kind there are now; kinds[] in alphabetical order. */
static int legal_kinds(const State *st, int seat, Kind *kinds, long long *counts) {
    int nk = 0;
#define KIND(k, c)                    \
    do {                              \
        long long c_ = (c);           \
        if (c_ > 0) {                 \
            kinds[nk] = (k);          \
            counts[nk++] = c_;        \
        }                             \
    } while (0)
    switch (st->phase) {
    case CLAIM: KIND(K_CLAIM, unclaimed(st)); break;
    case SETUP_PLACE: KIND(K_PLACE, (long long)st->held[seat] * setup_place_limit(st)); break;
    case SETUP_NEUTRAL: KIND(K_NEUTRAL, st->held[st->neutral]); break;
    case REINFORCE: {
        bool must = st->hand_n[seat] >= must_trade_at(st);
        KIND(K_PLACE, must ? 0 : (long long)st->held[seat] * st->pending);
        KIND(K_TRADE, may_trade(st, seat) ? trades(st, seat, -1, NULL) : 0);
        break;
    }
    case ATTACK:
        KIND(K_ATTACK, moves_listed(st, seat, K_ATTACK, -1, NULL));
        KIND(K_END, 1);
        break;
    case DEFEND: KIND(K_DEFEND, defend_most(st)); break;
    case OCCUPY: KIND(K_MOVE, st->armies[st->attack_from]); break;
    case FORTIFY:
        KIND(K_END, 1);
        KIND(K_FORTIFY, moves_listed(st, seat, K_FORTIFY, -1, NULL));
        break;
    case OVER: case PHASES: break;
    }
#undef KIND
    return nk;
}

/* The i-th legal action of `kind` (from 0), in legal_actions order. */
static Act nth_action(const State *st, int seat, Kind kind, long long i) {
    Act a = {kind, 0, 0, 0, -1};
    int per;
    switch (kind) {
    case K_CLAIM: a.a = nth_held(st, -1, i); break;
    case K_NEUTRAL: a.a = nth_held(st, st->neutral, i); break;
    case K_PLACE:
        per = st->phase == SETUP_PLACE ? setup_place_limit(st) : st->pending;
        a.a = nth_held(st, seat, i / per);
        a.b = (int)(i % per) + 1;
        break;
    case K_TRADE: trades(st, seat, i, &a); break;
    case K_ATTACK: case K_FORTIFY: moves_listed(st, seat, kind, i, &a); break;
    case K_DEFEND: a.a = (int)i + 1; break;
    case K_MOVE: a.a = st->attack_dice + (int)i; break;
    case K_END: case KINDS: break;
    }
    return a;
}

/* RandomBot.choose: a kind uniformly (kinds sorted), then one of that kind's actions. */
static bool random_choice(Game *g, int seat, Rng *rng, Act *out) {
    Kind kinds[2];
    long long counts[2];
    int nk = legal_kinds(&g->st, seat, kinds, counts);
    if (nk == 0) {
        PyErr_SetString(PyExc_RuntimeError, "no legal action to choose from");
        g->failed = true;
        return false;
    }
    int k = (int)rng_below(rng, (uint64_t)nk);
    long long i = (long long)rng_below(rng, (uint64_t)counts[k]);
    *out = nth_action(&g->st, seat, kinds[k], i);
    return true;
}

/* ======================================================================================== */
/* The greedy bot (bots/risk.py greedy_action)                                              */
/* ======================================================================================== */

/* _threat: armies that could attack `t` next turn (the neutral never attacks). */
static int threat(const State *st, int seat, int t) {
    int total = 0;
    NEIGHBORS(st->b, t, u) {
        int o = st->owner[u];
        if (o != seat && o != st->neutral && o >= 0) total += st->armies[u] - 1;
    }
    return total;
}

/* _held_by: the side holding every territory of `region`, or -1. */
static int held_by(const State *st, int region) {
    int side = st->owner[st->b->member[st->b->member_start[region]]];
    return side >= 0 && st->region_held[side][region] == st->b->region_size[region] ? side : -1;
}

/* _target_value: what taking `t` is worth to `seat`, in territories. */
static double target_value(const State *st, int seat, int t) {
    const Board *b = st->b;
    int r = b->region_of[t], size = b->region_size[r], bonus = b->region_bonus[r];
    int mine = st->region_held[seat][r];
    double value = 1.0 + (double)(bonus * (mine + 1)) / size;
    if (mine + 1 == size) value += 2.0 * bonus; /* completes the region */
    int holder = held_by(st, r);
    if (holder >= 0 && holder != seat && holder != st->neutral)
        value += 1.5 * bonus; /* breaks an opponent's region */
    int o = st->owner[t];
    if (o >= 0 && o < st->players && o != st->neutral) {
        int left = st->held[o];
        if (left <= 2) /* towards an elimination */
            value += 3.0 + CARD_VALUE * st->hand_n[o] / left;
    }
    return value;
}

static int best_claim(const State *st, int seat) {
    const Board *b = st->b;
    int best = -1;
    double best_score = -1e9;
    for (int t = 0; t < b->n; t++) {
        if (st->owner[t] != -1) continue;
        int r = b->region_of[t], size = b->region_size[r], others = 0, mine_near = 0;
        for (int m = b->member_start[r]; m < b->member_start[r + 1]; m++) {
            int o = st->owner[b->member[m]];
            others += o != -1 && o != seat;
        }
        double score = ((st->region_held[seat][r] + 1) - 1.5 * others) / size +
                       0.1 * b->region_bonus[r] / size;
        NEIGHBORS(b, t, u) mine_near += st->owner[u] == seat;
        score += 0.05 * mine_near;
        if (score > best_score) {
            best = t;
            best_score = score;
        }
    }
    return best;
}

/* best_placement: where new armies do most: the best attack they enable, or the most
 * threatened front. */
static int best_placement(Game *g, int seat, int armies) {
    const State *st = &g->st;
    const Board *b = st->b;
    int best = -1;
    double best_score = -1e9;
    for (int t = 0; t < b->n; t++) {
        if (st->owner[t] != seat) continue;
        int here = st->armies[t] + armies;
        double attack = 0.0;
        bool border = false;
        NEIGHBORS(b, t, u) {
            if (st->owner[u] != seat && st->owner[u] >= 0) {
                border = true;
                double gain = p_conquer(g, here, st->armies[u]) * target_value(st, seat, u);
                if (gain > attack) attack = gain;
            }
        }
        if (!border) continue;
        int th = threat(st, seat, t), r = b->region_of[t];
        int den = th + st->armies[t] + 1;
        double defend = st->region_held[seat][r] == b->region_size[r]
                            ? (double)(b->region_bonus[r] * th) / den
                            : 0.5 * th / den;
        double score = attack + defend;
        if (score > best_score) {
            best = t;
            best_score = score;
        }
    }
    if (best < 0) best = nth_held(st, seat, 0); /* nothing borders an enemy: any own territory */
    return best;
}

/* _best_neutral: a neutral army where it blocks the opponent most and hinders us least. */
static int best_neutral(const State *st, int seat) {
    int best = -1;
    double best_score = -1e9;
    for (int t = 0; t < st->b->n; t++) {
        if (st->owner[t] != st->neutral) continue;
        int sum = 0;
        NEIGHBORS(st->b, t, u) sum += st->owner[u] != seat && st->owner[u] != st->neutral ? 1 : -1;
        double score = sum - 0.1 * st->armies[t];
        if (score > best_score) {
            best = t;
            best_score = score;
        }
    }
    return best;
}

/* _best_trade: trade whenever a set is held, saving wild cards. False: no trade. */
static bool best_trade(const State *st, int seat, Act *out) {
    const Board *b = st->b;
    const int *h = st->hand[seat];
    int hn = st->hand_n[seat], n = b->n;
    if (hn < 3) return false;
    if (st->elimination_trade && hn <= ELIMINATION_TRADE_DOWN_TO) return false;
    int best[3] = {-1, -1, -1};
    double best_score = 0.0;
    for (int i = 0; i < hn; i++)
        for (int j = i + 1; j < hn; j++)
            for (int k = j + 1; k < hn; k++) {
                if (!is_set(b, h[i], h[j], h[k])) continue;
                int combo[3] = {h[i], h[j], h[k]}, wilds = 0, mine = 0;
                for (int m = 0; m < 3; m++) {
                    wilds += combo[m] >= n;
                    mine += combo[m] < n && st->owner[combo[m]] == seat;
                }
                double score = -2.0 * wilds;
                score += mine;
                if (best[0] < 0 || score > best_score) {
                    best_score = score;
                    memcpy(best, combo, sizeof best);
                }
            }
    if (best[0] < 0) return false;
    *out = (Act){K_TRADE, best[0], best[1], best[2], -1};
    if (!st->card_bonus_taken) {
        int spot_threat = -1;
        for (int m = 0; m < 3; m++) /* the most threatened bonus territory, the first of equals */
            if (best[m] < n && st->owner[best[m]] == seat) {
                int th = threat(st, seat, best[m]);
                if (th > spot_threat) {
                    out->d = best[m];
                    spot_threat = th;
                }
            }
    }
    return true;
}

/* _attacks and _best_attack: the first of the best-scored attacks, if worth making. */
static bool best_attack(Game *g, int seat, int *from, int *to) {
    const State *st = &g->st;
    const Board *b = st->b;
    double card = st->conquered || st->deck_n == 0 ? 0.0 : CARD_VALUE;
    double best = 0.0;
    bool any = false;
    for (int s = 0; s < b->n; s++) {
        int a = st->armies[s];
        if (st->owner[s] != seat || a < 2) continue;
        NEIGHBORS(b, s, t) {
            if (st->owner[t] == seat) continue;
            double p = p_conquer(g, a, st->armies[t]);
            double value = target_value(st, seat, t) + card;
            double score = p * value - (1 - p) * 1.0;
            if (!any || score > best) { /* a stable sort's first of the highest */
                any = true;
                best = score;
                *from = s;
                *to = t;
            }
        }
    }
    return any && best >= ATTACK_THRESHOLD;
}

/* _occupy_count: move everything forward unless the territory left behind is on the front. */
static int occupy_count(const State *st, int seat) {
    int s = st->attack_from, t = st->attack_to, least = st->attack_dice;
    int most = least + st->armies[s] - 1;
    bool behind = false, ahead = false;
    NEIGHBORS(st->b, s, u) behind |= st->owner[u] != seat;
    NEIGHBORS(st->b, t, u) ahead |= st->owner[u] != seat;
    if (!behind) return most;
    if (!ahead) return least;
    return imax(least, imin(most, (least + st->armies[s]) / 2));
}

/* _front_distance: steps through own territories to one bordering another side. */
static void front_distance(const State *st, int seat, int *dist) {
    const Board *b = st->b;
    int far = b->n + 1, queue[MAX_TERRITORIES], qn = 0;
    for (int t = 0; t < b->n; t++) {
        dist[t] = far;
        if (st->owner[t] != seat) continue;
        bool front = false;
        NEIGHBORS(b, t, u) front |= st->owner[u] != seat;
        if (front) {
            dist[t] = 0;
            queue[qn++] = t;
        }
    }
    for (int q = 0; q < qn; q++) {
        int t = queue[q];
        NEIGHBORS(b, t, u) {
            if (st->owner[u] == seat && dist[u] == far) {
                dist[u] = dist[t] + 1;
                queue[qn++] = u;
            }
        }
    }
}

/* _best_fortify: bring the largest idle interior stack one step towards the front. */
static bool best_fortify(const State *st, int seat, Act *out) {
    const Board *b = st->b;
    int dist[MAX_TERRITORIES], most = 1;
    bool found = false;
    front_distance(st, seat, dist);
    for (int s = 0; s < b->n; s++) {
        if (st->owner[s] != seat || st->armies[s] <= most || dist[s] == 0) continue;
        int step = -1, step_threat = 0;
        NEIGHBORS(b, s, u) { /* the first own neighbour by (distance, -threat) */
            if (st->owner[u] != seat) continue;
            int th = threat(st, seat, u);
            if (step < 0 || dist[u] < dist[step] || (dist[u] == dist[step] && th > step_threat)) {
                step = u;
                step_threat = th;
            }
        }
        if (step >= 0 && dist[step] < dist[s]) {
            *out = (Act){K_FORTIFY, s, step, st->armies[s] - 1, -1};
            most = st->armies[s];
            found = true;
        }
    }
    return found;
}

/* greedy_action: the greedy player's choice, built from the rules. */
static Act greedy_action(Game *g, int seat) {
    const State *st = &g->st;
    Act a = {K_END, 0, 0, 0, -1};
    int s, t;
    switch (st->phase) {
    case CLAIM: a = (Act){K_CLAIM, best_claim(st, seat), 0, 0, -1}; break;
    case SETUP_PLACE: {
        int most = st->neutral >= 0 ? st->pending : 1;
        a = (Act){K_PLACE, best_placement(g, seat, most), most, 0, -1};
        break;
    }
    case SETUP_NEUTRAL: a = (Act){K_NEUTRAL, best_neutral(st, seat), 0, 0, -1}; break;
    case REINFORCE:
        if (!best_trade(st, seat, &a))
            a = (Act){K_PLACE, best_placement(g, seat, st->pending), st->pending, 0, -1};
        break;
    case ATTACK:
        if (best_attack(g, seat, &s, &t)) a = (Act){K_ATTACK, s, t, imin(3, st->armies[s] - 1), -1};
        break;
    case DEFEND: a = (Act){K_DEFEND, defend_most(st), 0, 0, -1}; break;
    case OCCUPY: a = (Act){K_MOVE, occupy_count(st, seat), 0, 0, -1}; break;
    case FORTIFY: best_fortify(st, seat, &a); break;
    case OVER: case PHASES: break;
    }
    return a;
}

/* ======================================================================================== */
/* Playing a game (warroom.sim.runner.play_rules)                                            */
/* ======================================================================================== */

/* Bot.choose for `seat`. GreedyRiskBot's action is legal by construction (its RandomBot
 * fallback never plays: the replay tests would see it), so it is played as it is. */
static bool choose(Game *g, int seat, Act *out) {
    Bot *bot = &g->bots[seat];
    if (bot->kind == GREEDY_BOT) {
        *out = greedy_action(g, seat);
        return !g->failed;
    }
    return random_choice(g, seat, &bot->rng, out);
}

static bool trace_add(IntList *l, const int *values, size_t n) {
    if (l->n + n > l->size) {
        size_t size = l->size ? l->size * 2 : 4096;
        int *items = PyMem_Realloc(l->items, size * sizeof(int));
        if (items == NULL) {
            PyErr_NoMemory();
            return false;
        }
        l->items = items;
        l->size = size;
    }
    memcpy(l->items + l->n, values, n * sizeof(int));
    l->n += n;
    return true;
}

/* The game loop; returns the number of actions, or -1 with a Python exception set. */
static long long play_loop(Game *g, long long action_cap) {
    State *st = &g->st;
    long long actions = 0;
    while (st->phase != OVER && actions < action_cap) {
        int seat = to_move(st);
        Act a;
        if (!choose(g, seat, &a)) return -1;
        if (g->trace) {
            int row[6] = {seat, a.kind, a.a, a.b, a.c, a.d};
            if (!trace_add(g->trace, row, 6)) return -1;
        }
        apply(st, seat, &a);
        actions++;
    }
    return actions;
}

/* ======================================================================================== */
/* Python interface                                                                         */
/* ======================================================================================== */

static const char *BOARD_CAPSULE = "warroom.fast._risk_classic.Board";
static const char *ODDS_CAPSULE = "warroom.fast._risk_classic.Odds";

static void board_free(PyObject *capsule) {
    PyMem_Free(PyCapsule_GetPointer(capsule, BOARD_CAPSULE));
}

/* Read a sequence of ints in [lo, hi] into out[0 .. max); returns the length or -1. */
static Py_ssize_t read_ints(PyObject *obj, const char *what, int *out, Py_ssize_t max, long lo,
                            long hi) {
    PyObject *seq = PySequence_Fast(obj, what);
    if (seq == NULL) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n > max) {
        PyErr_Format(PyExc_ValueError, "%s: at most %zd entries, not %zd", what, max, n);
        n = -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (v == -1 && PyErr_Occurred()) {
            n = -1;
            break;
        }
        if (v < lo || v > hi) {
            PyErr_Format(PyExc_ValueError, "%s: %ld is not in [%ld, %ld]", what, v, lo, hi);
            n = -1;
            break;
        }
        out[i] = (int)v;
    }
    Py_DECREF(seq);
    return n;
}

PyDoc_STRVAR(board_doc,
"board(neighbors, region_of, region_bonus, card_design, wild_cards) -> capsule\n\n"
"A board for play(), from warroom.core.board.Board's arrays: each territory's neighbours,\n"
"its region, each region's bonus, each territory card's design (-1: wild) and the number\n"
"of wild cards.");

static PyObject *py_board(PyObject *self, PyObject *args) {
    PyObject *neighbors, *region_of, *region_bonus, *card_design;
    int wilds;
    if (!PyArg_ParseTuple(args, "OOOOi", &neighbors, &region_of, &region_bonus, &card_design,
                          &wilds))
        return NULL;
    Board *b = PyMem_Calloc(1, sizeof(Board));
    if (b == NULL) return PyErr_NoMemory();
    PyObject *seq = PySequence_Fast(neighbors, "neighbors must be a sequence");
    if (seq == NULL) goto fail;
    b->n = (int)PySequence_Fast_GET_SIZE(seq);
    if (b->n < 1 || b->n > MAX_TERRITORIES) {
        PyErr_Format(PyExc_ValueError, "a board of 1 to %d territories, not %d", MAX_TERRITORIES,
                     b->n);
        goto fail_seq;
    }
    for (int t = 0; t < b->n; t++) {
        b->link_start[t + 1] = b->link_start[t];
        int room = MAX_LINKS - b->link_start[t];
        Py_ssize_t k = read_ints(PySequence_Fast_GET_ITEM(seq, t), "neighbors",
                                 b->link + b->link_start[t], room, 0, b->n - 1);
        if (k < 0) goto fail_seq;
        b->link_start[t + 1] += (int)k;
    }
    Py_CLEAR(seq);
    if (read_ints(region_of, "region_of", b->region_of, b->n, 0, MAX_REGIONS - 1) != b->n) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "region_of: one per territory");
        goto fail;
    }
    b->regions = (int)read_ints(region_bonus, "region_bonus", b->region_bonus, MAX_REGIONS, 0,
                                1000000);
    if (b->regions < 0) goto fail;
    if (wilds < 0 || wilds > MAX_WILDS) {
        PyErr_Format(PyExc_ValueError, "0 to %d wild cards, not %d", MAX_WILDS, wilds);
        goto fail;
    }
    b->wilds = wilds;
    if (read_ints(card_design, "card_design", b->design, b->n, -1, MAX_CARDS) != b->n) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "card_design: one per territory");
        goto fail;
    }
    for (int c = b->n; c < b->n + wilds; c++) b->design[c] = WILD_DESIGN;
    for (int t = 0; t < b->n; t++) {
        if (b->region_of[t] >= b->regions) {
            PyErr_Format(PyExc_ValueError, "region_of: region %d of %d", b->region_of[t],
                         b->regions);
            goto fail;
        }
        b->region_size[b->region_of[t]]++;
    }
    for (int r = 0; r < b->regions; r++) {
        if (b->region_size[r] == 0) {
            PyErr_Format(PyExc_ValueError, "region %d has no territories", r);
            goto fail;
        }
        b->member_start[r + 1] = b->member_start[r] + b->region_size[r];
    }
    int fill[MAX_REGIONS] = {0};
    for (int t = 0; t < b->n; t++) {
        int r = b->region_of[t];
        b->member[b->member_start[r] + fill[r]++] = t;
    }
    PyObject *capsule = PyCapsule_New(b, BOARD_CAPSULE, board_free);
    if (capsule == NULL) goto fail;
    return capsule;
fail_seq:
    Py_XDECREF(seq);
fail:
    PyMem_Free(b);
    return NULL;
}

static void odds_free(PyObject *capsule) {
    Odds *o = PyCapsule_GetPointer(capsule, ODDS_CAPSULE);
    Py_XDECREF(o->p_conquer);
    PyMem_Free(o->far_keys);
    PyMem_Free(o->far_values);
    PyMem_Free(o);
}

PyDoc_STRVAR(odds_doc,
"odds(p_conquer) -> capsule\n\n"
"The greedy bot's conquest odds for play(): p_conquer(attackers, defenders) is asked once\n"
"for each pair and remembered.");

static PyObject *py_odds(PyObject *self, PyObject *args) {
    PyObject *fn;
    if (!PyArg_ParseTuple(args, "O", &fn)) return NULL;
    if (!PyCallable_Check(fn)) {
        PyErr_SetString(PyExc_TypeError, "odds() needs a function p_conquer(attackers, defenders)");
        return NULL;
    }
    Odds *o = PyMem_Calloc(1, sizeof(Odds));
    if (o == NULL) return PyErr_NoMemory();
    for (int a = 0; a < ODDS_NEAR; a++)
        for (int d = 0; d < ODDS_NEAR; d++) o->near[a][d] = NAN;
    Py_INCREF(fn);
    o->p_conquer = fn;
    PyObject *capsule = PyCapsule_New(o, ODDS_CAPSULE, odds_free);
    if (capsule == NULL) {
        Py_DECREF(fn);
        PyMem_Free(o);
    }
    return capsule;
}

static PyObject *int_tuple(const int *values, int n) {
    PyObject *out = PyTuple_New(n);
    if (out == NULL) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *v = PyLong_FromLong(values[i]);
        if (v == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, i, v);
    }
    return out;
}

/* d[key] = value, taking the reference to value; false with an exception set. */
static bool put(PyObject *d, const char *key, PyObject *value) {
    bool ok = value != NULL && PyDict_SetItemString(d, key, value) == 0;
    Py_XDECREF(value);
    return ok;
}

static PyObject *bool_tuple(const bool *values, int n) {
    PyObject *out = PyTuple_New(n);
    for (int i = 0; out != NULL && i < n; i++) PyTuple_SET_ITEM(out, i, PyBool_FromLong(values[i]));
    return out;
}

/* The state as a dict, in the keys warroom.fast.risk_classic.state_fields gives a RiskState. */
static PyObject *state_dict(const State *st) {
    PyObject *hands = PyTuple_New(st->players);
    for (int p = 0; hands != NULL && p < st->players; p++) {
        PyObject *h = int_tuple(st->hand[p], st->hand_n[p]);
        if (h == NULL) Py_CLEAR(hands);
        else PyTuple_SET_ITEM(hands, p, h);
    }
    PyObject *d = PyDict_New();
    bool ok = d != NULL && put(d, "hands", hands) &&
              put(d, "phase", PyUnicode_FromString(PHASE_NAMES[st->phase])) &&
              put(d, "owner", int_tuple(st->owner, st->b->n)) &&
              put(d, "armies", int_tuple(st->armies, st->b->n)) &&
              put(d, "reserve", int_tuple(st->reserve, st->players + (st->neutral >= 0))) &&
              put(d, "deck", int_tuple(st->deck, st->deck_n)) &&
              put(d, "sets_traded", PyLong_FromLong(st->sets_traded)) &&
              put(d, "current", PyLong_FromLong(st->current)) &&
              put(d, "first", PyLong_FromLong(st->first)) &&
              put(d, "turn", PyLong_FromLong(st->turn)) &&
              put(d, "pending", PyLong_FromLong(st->pending)) &&
              put(d, "alive", bool_tuple(st->alive, st->players)) &&
              put(d, "out_order", int_tuple(st->out_order, st->out_n)) &&
              put(d, "elimination_trade", PyBool_FromLong(st->elimination_trade)) &&
              put(d, "conquered", PyBool_FromLong(st->conquered)) &&
              put(d, "card_bonus_taken", PyBool_FromLong(st->card_bonus_taken)) &&
              put(d, "attack", Py_BuildValue("(iii)", st->attack_from, st->attack_to,
                                             st->attack_dice)) &&
              put(d, "rng", Py_BuildValue("(KK)", (unsigned long long)st->rng.seed,
                                          (unsigned long long)st->rng.counter));
    if (d == NULL) Py_XDECREF(hands);
    if (!ok) Py_CLEAR(d);
    return d;
}

/* start[key] as exactly n ints in [lo, hi]. */
static bool get_ints(PyObject *start, const char *key, int *out, Py_ssize_t n, long lo, long hi) {
    PyObject *v = PyDict_GetItemString(start, key);
    if (v == NULL) {
        PyErr_Format(PyExc_ValueError, "start: no %s", key);
        return false;
    }
    Py_ssize_t got = read_ints(v, key, out, n, lo, hi);
    if (got >= 0 && got != n)
        PyErr_Format(PyExc_ValueError, "start: %s needs %zd entries, not %zd", key, n, got);
    return got == n;
}

static bool get_int(PyObject *start, const char *key, int *out, long lo, long hi) {
    PyObject *one = PyDict_GetItemString(start, key);
    if (one == NULL) {
        PyErr_Format(PyExc_ValueError, "start: no %s", key);
        return false;
    }
    PyObject *seq = PyTuple_Pack(1, one);
    bool ok = seq != NULL && read_ints(seq, key, out, 1, lo, hi) == 1;
    Py_XDECREF(seq);
    return ok;
}

static bool get_flag(PyObject *start, const char *key, bool *out) {
    PyObject *v = PyDict_GetItemString(start, key);
    int truth = v == NULL ? -1 : PyObject_IsTrue(v);
    if (v == NULL) PyErr_Format(PyExc_ValueError, "start: no %s", key);
    *out = truth == 1;
    return truth >= 0;
}

static bool refuse(const char *why) {
    PyErr_Format(PyExc_ValueError, "start: %s", why);
    return false;
}

/* The state `start` (a dict as state_dict makes) for play() to go on from. Everything is
 * checked that the kernel relies on to stay within its arrays; agreement with the rules is
 * only promised for states the rules reach. */
static bool load_state(State *st, const Board *b, int players, PyObject *start) {
    if (!PyDict_Check(start)) return refuse("a dict of the state's fields");
    int n = b->n, cards = n + b->wilds, sides = players + (players == 2);
    st->b = b;
    st->players = players;
    st->neutral = players == 2 ? NEUTRAL : -1;
    int alive[MAX_PLAYERS], attack[3], phase = -1;
    PyObject *name = PyDict_GetItemString(start, "phase");
    for (int i = 0; name != NULL && i < OVER; i++)
        if (PyUnicode_Check(name) && PyUnicode_CompareWithASCIIString(name, PHASE_NAMES[i]) == 0)
            phase = i;
    if (phase < 0) return refuse("phase: one of the phases of a game going on");
    st->phase = (Phase)phase;
    if (!get_ints(start, "owner", st->owner, n, -1, sides - 1) ||
        !get_ints(start, "armies", st->armies, n, 0, INT_MAX / 4) ||
        !get_ints(start, "reserve", st->reserve, sides, 0, INT_MAX / 4) ||
        !get_int(start, "sets_traded", &st->sets_traded, 0, 1000000) ||
        !get_int(start, "current", &st->current, 0, players - 1) ||
        !get_int(start, "first", &st->first, 0, players - 1) ||
        !get_int(start, "turn", &st->turn, 0, INT_MAX - 1) ||
        !get_int(start, "pending", &st->pending, 0, INT_MAX / 4) ||
        !get_ints(start, "alive", alive, players, 0, 1) ||
        !get_ints(start, "attack", attack, 3, -1, n - 1) ||
        !get_flag(start, "elimination_trade", &st->elimination_trade) ||
        !get_flag(start, "conquered", &st->conquered) ||
        !get_flag(start, "card_bonus_taken", &st->card_bonus_taken))
        return false;
    for (int t = 0; t < n; t++)
        if (st->owner[t] >= 0) {
            int side = st->owner[t];
            st->owner[t] = -1;
            set_owner(st, t, side);
        }
    st->out_n = 0;
    for (int p = 0; p < players; p++) {
        st->alive[p] = alive[p];
        if (!alive[p]) st->out_order[st->out_n++] = p;
    }
    if (!get_ints(start, "out_order", st->out_order, st->out_n, 0, players - 1)) return false;
    st->attack_from = attack[0];
    st->attack_to = attack[1];
    st->attack_dice = attack[2];
    /* every card once, in a hand (sorted) or the deck */
    int seen[MAX_CARDS] = {0};
    PyObject *hands = PyDict_GetItemString(start, "hands");
    PyObject *seq = hands == NULL ? NULL : PySequence_Fast(hands, "start: hands: a sequence");
    if (seq == NULL || PySequence_Fast_GET_SIZE(seq) != players) {
        Py_XDECREF(seq);
        return PyErr_Occurred() ? false : refuse("hands: one per player");
    }
    for (int p = 0; p < players; p++) {
        Py_ssize_t k = read_ints(PySequence_Fast_GET_ITEM(seq, p), "hands", st->hand[p],
                                 MAX_CARDS, 0, cards - 1);
        st->hand_n[p] = (int)k;
        for (int i = 0; i < k; i++) {
            seen[st->hand[p][i]]++;
            if (i > 0 && st->hand[p][i - 1] >= st->hand[p][i]) k = -2;
        }
        if (k < 0) {
            Py_DECREF(seq);
            return k == -1 ? false : refuse("hands: each sorted");
        }
    }
    Py_DECREF(seq);
    PyObject *deck = PyDict_GetItemString(start, "deck");
    st->deck_n = deck == NULL ? -1
                              : (int)read_ints(deck, "deck", st->deck, MAX_CARDS, 0, cards - 1);
    if (st->deck_n < 0) return PyErr_Occurred() ? false : refuse("no deck");
    for (int i = 0; i < st->deck_n; i++) seen[st->deck[i]]++;
    for (int c = 0; c < cards; c++)
        if (seen[c] != 1) return refuse("each card once, in a hand or the deck");
    PyObject *rng = PyDict_GetItemString(start, "rng");
    if (rng == NULL || !PyArg_ParseTuple(rng, "KK", &st->rng.seed, &st->rng.counter)) {
        PyErr_Clear();
        return refuse("rng: (seed, counter)");
    }
    /* What the steps below take for granted. */
    if (!st->alive[st->current] || (st->phase != CLAIM && st->held[st->current] == 0))
        return refuse("the current player is out");
    if (st->phase == CLAIM && unclaimed(st) == 0) return refuse("claiming with nothing unclaimed");
    for (int t = 0; st->phase != CLAIM && t < n; t++)
        if (st->owner[t] < 0) return refuse("an unclaimed territory after claiming");
    if (st->phase == SETUP_NEUTRAL && (st->neutral < 0 || st->held[st->neutral] == 0))
        return refuse("placing a neutral army with no neutral territory");
    if (st->phase == DEFEND || st->phase == OCCUPY) {
        int s = st->attack_from, t = st->attack_to, dice = st->attack_dice;
        if (s < 0 || t < 0 || dice < 1 || dice > 3 || st->owner[s] != st->current)
            return refuse("attack: (from, to, dice) of the current player's attack");
        if (st->phase == DEFEND && (st->owner[t] == st->current || st->armies[t] < 1 ||
                                    !st->alive[defender_seat(st)]))
            return refuse("attack: defending a territory the current player does not hold");
        if (st->phase == OCCUPY && st->owner[t] != st->current)
            return refuse("attack: occupying a territory the current player does not hold");
    }
    return true;
}

/* The actions a traced game played, as a list of ints. */
static PyObject *trace_list(const IntList *trace) {
    PyObject *out = PyList_New((Py_ssize_t)trace->n);
    for (size_t i = 0; out != NULL && i < trace->n; i++) {
        PyObject *v = PyLong_FromLong(trace->items[i]);
        if (v == NULL) Py_CLEAR(out);
        else PyList_SET_ITEM(out, (Py_ssize_t)i, v);
    }
    return out;
}

PyDoc_STRVAR(play_doc,
"play(board, odds, players, seed, bots, bot_seeds, deal, auto_defend, turn_limit,\n"
"     action_cap, trace, start=None)\n"
"-> (ending, winners, ranking, turn, actions, trace, state, bot_draws, first)\n\n"
"One whole game as warroom.sim.runner.play_rules plays it. bots: per seat 0 random,\n"
"1 greedy. ending: 0 stopped by the action cap, 1 last player standing, 2 turn limit.\n"
"start: a state to go on from (a dict as `state` below) instead of a new game from `seed`\n"
"and `deal`. With trace: the actions (seat, kind, a, b, c, d per action), the final state\n"
"as a dict and how many numbers each bot's generator drew; otherwise these are None.\n"
"first: the player the dice sent first (the start of the turn order).");

static PyObject *py_play(PyObject *self, PyObject *args) {
    PyObject *board_obj, *odds_obj, *bots_obj, *seeds_obj, *start = Py_None;
    int players, deal, auto_defend, tracing;
    unsigned long long seed;
    long long turn_limit, action_cap;
    if (!PyArg_ParseTuple(args, "OOiKOOppLLp|O", &board_obj, &odds_obj, &players, &seed,
                          &bots_obj, &seeds_obj, &deal, &auto_defend, &turn_limit, &action_cap,
                          &tracing, &start))
        return NULL;
    if (!PyCapsule_IsValid(board_obj, BOARD_CAPSULE) ||
        !PyCapsule_IsValid(odds_obj, ODDS_CAPSULE)) {
        PyErr_SetString(PyExc_TypeError, "play() needs a board from board() and odds from odds()");
        return NULL;
    }
    const Board *b = PyCapsule_GetPointer(board_obj, BOARD_CAPSULE);
    if (players < 2 || players > MAX_PLAYERS) {
        PyErr_Format(PyExc_ValueError, "2 to %d players, not %d", MAX_PLAYERS, players);
        return NULL;
    }
    if (b->n < players + (players == 2)) {
        PyErr_SetString(PyExc_ValueError, "the board needs a territory for each side");
        return NULL;
    }
    if (action_cap < 0) {
        PyErr_SetString(PyExc_ValueError, "action_cap cannot be negative");
        return NULL;
    }
    int kinds[MAX_PLAYERS];
    if (read_ints(bots_obj, "bots", kinds, MAX_PLAYERS, RANDOM_BOT, GREEDY_BOT) != players) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "bots: one per player");
        return NULL;
    }
    unsigned long long bot_seeds[MAX_PLAYERS];
    PyObject *seeds = PySequence_Fast(seeds_obj, "bot_seeds must be a sequence");
    if (seeds == NULL) return NULL;
    bool seeds_ok = PySequence_Fast_GET_SIZE(seeds) == players;
    for (int p = 0; seeds_ok && p < players; p++) {
        bot_seeds[p] = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(seeds, p));
        seeds_ok = !PyErr_Occurred();
    }
    Py_DECREF(seeds);
    if (!seeds_ok) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "bot_seeds: one per player");
        return NULL;
    }
    Game *g = PyMem_Calloc(1, sizeof(Game));
    if (g == NULL) return PyErr_NoMemory();
    IntList trace = {NULL, 0, 0};
    PyObject *result = NULL;
    for (int p = 0; p < players; p++) g->bots[p] = (Bot){(BotKind)kinds[p], {bot_seeds[p], 0}};
    g->odds = PyCapsule_GetPointer(odds_obj, ODDS_CAPSULE);
    g->trace = tracing ? &trace : NULL;
    g->st.auto_defend = auto_defend;
    g->st.turn_limit = turn_limit;
    if (start == Py_None) setup(&g->st, b, players, seed, deal);
    else if (!load_state(&g->st, b, players, start)) goto done;
    long long actions = play_loop(g, action_cap);
    if (actions < 0) goto done;
    const State *st = &g->st;
    PyObject *moves = Py_None, *final = Py_None, *draws = Py_None;
    if (tracing) {
        unsigned long long counters[MAX_PLAYERS];
        for (int p = 0; p < players; p++) counters[p] = g->bots[p].rng.counter;
        moves = trace_list(&trace);
        final = state_dict(st);
        draws = PyTuple_New(players);
        for (int p = 0; draws != NULL && p < players; p++)
            PyTuple_SET_ITEM(draws, p, PyLong_FromUnsignedLongLong(counters[p]));
    } else {
        Py_INCREF(moves);
        Py_INCREF(final);
        Py_INCREF(draws);
    }
    result = Py_BuildValue("iNNiLNNNi", (int)st->ending, int_tuple(st->winners, st->winners_n),
                           int_tuple(st->ranking, st->ranking_n), st->turn, actions, moves, final,
                           draws, st->first);
done:
    PyMem_Free(trace.items);
    PyMem_Free(g);
    return result;
}

/* rng_draws(seed, counter, what, n, arg) -> list: the generator's output for tests/fast.
 * what: 0 next_u64, 1 below(arg), 2 roll(n, arg) as one list, 3 shuffle(range(n)). */
static PyObject *py_rng_draws(PyObject *self, PyObject *args) {
    unsigned long long seed, counter;
    unsigned long long arg;
    int what, n;
    if (!PyArg_ParseTuple(args, "KKiiK", &seed, &counter, &what, &n, &arg)) return NULL;
    if (n < 0 || n > 100000 || arg < 1 || (what == 2 && (n > 8 || arg > 8))) {
        PyErr_SetString(PyExc_ValueError, "n in [0, 100000], arg >= 1; rolls of 8 dice of 8");
        return NULL;
    }
    Rng r = {seed, counter};
    PyObject *out = PyList_New(0);
    if (out == NULL) return NULL;
    int buf[8];
    int *items = NULL;
    if (what == 3) {
        items = PyMem_Malloc(sizeof(int) * (size_t)(n ? n : 1));
        if (items == NULL) return PyErr_NoMemory();
        for (int i = 0; i < n; i++) items[i] = i;
        rng_shuffle(&r, items, n);
    }
    for (int i = 0; i < n; i++) {
        PyObject *v = NULL;
        if (what == 0) v = PyLong_FromUnsignedLongLong(rng_next(&r));
        else if (what == 1) v = PyLong_FromUnsignedLongLong(rng_below(&r, arg));
        else if (what == 2) {
            rng_roll(&r, n, (int)arg, buf);
            for (int k = 0; k < n; k++) {
                PyObject *f = PyLong_FromLong(buf[k]);
                if (f == NULL || PyList_Append(out, f) < 0) { Py_XDECREF(f); Py_DECREF(out); return NULL; }
                Py_DECREF(f);
            }
            break;
        } else if (what == 3) v = PyLong_FromLong(items[i]);
        if (v == NULL || PyList_Append(out, v) < 0) { Py_XDECREF(v); Py_DECREF(out); PyMem_Free(items); return NULL; }
        Py_DECREF(v);
    }
    PyMem_Free(items);
    return out;
}

static PyMethodDef METHODS[] = {
    {"board", py_board, METH_VARARGS, board_doc},
    {"odds", py_odds, METH_VARARGS, odds_doc},
    {"play", py_play, METH_VARARGS, play_doc},
    {"rng_draws", py_rng_draws, METH_VARARGS, "The C generator's draws, for comparison with Rng."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef MODULE = {PyModuleDef_HEAD_INIT, "_risk_classic", NULL, -1, METHODS};

static PyObject *str_tuple(const char **names, int n) {
    PyObject *out = PyTuple_New(n);
    for (int i = 0; out != NULL && i < n; i++) {
        PyObject *s = PyUnicode_FromString(names[i]);
        if (s == NULL) {
            Py_CLEAR(out);
            break;
        }
        PyTuple_SET_ITEM(out, i, s);
    }
    return out;
}

PyMODINIT_FUNC PyInit__risk_classic(void) {
    PyObject *m = PyModule_Create(&MODULE);
    if (m == NULL) return NULL;
    /* What the Python side decodes and checks: names of kinds and phases, and the constants
     * copied above (tests/fast compares them with the Python ones). */
    PyObject *rules = Py_BuildValue(
        "{s:(iii),s:i,s:i,s:i,s:i,s:i,s:(iiiiii),s:i,s:d,s:d}", "STARTING_ARMIES",
        STARTING_ARMIES[3], STARTING_ARMIES[4], STARTING_ARMIES[5], "TWO_PLAYER_ARMIES",
        TWO_PLAYER_ARMIES, "MAX_CARD_BONUS", MAX_CARD_BONUS, "MUST_TRADE_AT", MUST_TRADE_AT,
        "ELIMINATION_TRADE_AT", ELIMINATION_TRADE_AT, "ELIMINATION_TRADE_DOWN_TO",
        ELIMINATION_TRADE_DOWN_TO, "CLASSIC_SET_VALUES", SET_VALUES[0], SET_VALUES[1],
        SET_VALUES[2], SET_VALUES[3], SET_VALUES[4], SET_VALUES[5], "CLASSIC_STEP_AFTER",
        SET_STEP_AFTER, "CARD_VALUE", CARD_VALUE, "ATTACK_THRESHOLD", ATTACK_THRESHOLD);
    if (PyModule_AddObject(m, "KINDS", str_tuple(KIND_NAMES, KINDS)) < 0 ||
        PyModule_AddObject(m, "PHASES", str_tuple(PHASE_NAMES, PHASES)) < 0 ||
        PyModule_AddObject(m, "RULES", rules) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
