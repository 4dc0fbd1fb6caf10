/* The engine's play_cards and play_tricks_batch compiled (belote_notation.game.engine._play),
 * optional.
 *
 * It decides no rule: it is the loop of play_cards (game/engine/play.py), step for step, on
 * the engine's own tables, handed over by bind() (play.py does, at import):
 *   - legality: the engine's obligation table (game/engine/obligations.py: legal_for probed
 *     once per rule set and strain, one formula per situation, as the double-dummy search reads
 *     it), asked of Python once per rule set and kept; a rule set the table cannot express
 *     (the table is None) asks legal_for itself for every card that does not simply follow a
 *     plain suit, as the Python loop does;
 *   - the trick's winner: the state's beats table; the card points: the state's card_points;
 *     what _close_trick does at the fourth card (points and tricks per side, the trick kept,
 *     the next leader, the last trick's bonus, the end of play) and what _belote_card does for
 *     a trump king or queen played without a mark (the first of the pair played), with the
 *     engine's constants (QUEEN, KING, LAST_TRICK_BONUS, the phases).
 * The state's fields are read once a call and written back when the call ends (or before
 * Python is asked anything), so the state is the Python loop's at every return.
 * A value it does not expect (a seat that is not an int, a hand it cannot read, sequences of
 * different lengths) hands the rest of the call to the Python play_cards / play_tricks_batch,
 * which then does what it always does. tests/speed/test_play_cards.py and
 * tests/speed/test_differential.py prove the two equal.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

static PyObject *legal_for, *python_play_cards, *python_play_tricks, *table_of;
static uint32_t higher_trump[32], suit_mask[4];
static long queen, king, bonus, phase_play, phase_done;

static PyObject *A_FAST, *A_HANDS, *A_PAIR, *A_BEATS, *A_TRUMP, *A_STEP, *A_ALL_TRUMP, *A_TURN,
    *A_TRICK_CARDS, *A_TRICK_SEATS, *A_LED, *A_BEST_CARD, *A_BEST_SEAT, *A_PLAYED, *A_TRICK_NO,
    *A_POINTS, *A_TRICKS_WON, *A_TRICKS, *A_CARD_POINTS, *A_LAST_TEAM, *A_PHASE, *A_FIRST_BELOTE,
    *A_RULES, *A_SEATS, *A_CARDS, *A_MARKS;

/* The obligation tables of the last rule set asked (by identity, held so that its address is
 * not reused), by kind: 0 a suit contract, 1 sans-atout, 2 tout-atout. Each is the bytes of
 * 65 codes, Py_None (refused: ask legal_for) or NULL (not asked yet). */
static PyObject *cache_rules, *cache_table[3];
static int asking; /* a table is being made (it plays probe tricks): ask legal_for meanwhile */

static int seq_u32(PyObject *seq, uint32_t *out, Py_ssize_t n) {
    PyObject *fast = PySequence_Fast(seq, "bind: a sequence of masks");
    if (fast == NULL) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != n) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "bind: %zd masks expected", n);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        unsigned long long v = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(fast, i));
        if (PyErr_Occurred() || v >> 32) {
            Py_DECREF(fast);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "bind: a mask over 32 bits");
            return -1;
        }
        out[i] = (uint32_t)v;
    }
    Py_DECREF(fast);
    return 0;
}

static PyObject *bind(PyObject *self, PyObject *args) {
    PyObject *a, *b, *c, *d, *higher, *suits;
    if (!PyArg_ParseTuple(args, "OOOOOOlllll", &a, &b, &c, &d, &higher, &suits, &queen, &king, &bonus,
                          &phase_play, &phase_done))
        return NULL;
    if (seq_u32(higher, higher_trump, 32) < 0 || seq_u32(suits, suit_mask, 4) < 0) return NULL;
    Py_INCREF(a); Py_INCREF(b); Py_INCREF(c); Py_INCREF(d);
    Py_XSETREF(legal_for, a);
    Py_XSETREF(python_play_cards, b);
    Py_XSETREF(python_play_tricks, c);
    Py_XSETREF(table_of, d);
    Py_CLEAR(cache_rules);
    for (int k = 0; k < 3; k++) Py_CLEAR(cache_table[k]);
    Py_RETURN_NONE;
}

/* ------------------------------------------------------------------ the state, read and written */
typedef struct {
    PyObject *state, *hands, *beats, *trick_cards, *trick_seats, *table;
    PyObject *points_list, *won_list, *tricks_list;
    const unsigned char *beat;
    const uint8_t *code;   /* the obligation codes, NULL: ask legal_for */
    int code_known;        /* the table was looked up this call */
    uint32_t hand[4], played, pair;
    unsigned dirty_hands;  /* a bit per seat whose hand changed */
    long trump, step, turn, led, best, best_seat, trick_no, first_belote;
    long points[2], won[2], pts[32];
    int tc[4];
    Py_ssize_t on_table;
    int all_trump, ready, changed, new_lists, have_score, set_first_belote;
} Play;

enum { DELEGATE = 2 };                       /* load(): values it does not expect */
enum { PLAYED, STOP, HAND_BACK, LAST };      /* step(): LAST, played and the eighth trick over */

static void release(Play *p) {
    Py_XDECREF(p->hands);
    Py_XDECREF(p->beats);
    Py_XDECREF(p->trick_cards);
    Py_XDECREF(p->trick_seats);
    Py_XDECREF(p->table);
    Py_XDECREF(p->points_list);
    Py_XDECREF(p->won_list);
    Py_XDECREF(p->tricks_list);
}

/* An int attribute; 0, or -1 with an error; DELEGATE for a value that is not an int of a C
 * long (a bool too: the Python loop would keep the object itself, e.g. as the trick's winner). */
static int get_long(PyObject *state, PyObject *name, long *out) {
    PyObject *v = PyObject_GetAttr(state, name);
    if (v == NULL) return -1;
    if (!PyLong_CheckExact(v)) {
        Py_DECREF(v);
        return DELEGATE;
    }
    int overflow;
    *out = PyLong_AsLongAndOverflow(v, &overflow);
    Py_DECREF(v);
    if (*out == -1 && PyErr_Occurred()) return -1;
    return overflow ? DELEGATE : 0;
}

/* A mask of the 32 cards held in a Python int; DELEGATE for anything else. */
static int as_mask(PyObject *v, uint32_t *out) {
    if (!PyLong_CheckExact(v)) return DELEGATE;
    unsigned long long m = PyLong_AsUnsignedLongLong(v);
    if (m == (unsigned long long)-1 && PyErr_Occurred()) {
        if (!PyErr_ExceptionMatches(PyExc_OverflowError)) return -1;
        PyErr_Clear(); /* negative or too large */
        return DELEGATE;
    }
    if (m >> 32) return DELEGATE;
    *out = (uint32_t)m;
    return 0;
}

static int mask_attr(PyObject *state, PyObject *name, uint32_t *out) {
    PyObject *v = PyObject_GetAttr(state, name);
    if (v == NULL) return -1;
    int r = as_mask(v, out);
    Py_DECREF(v);
    return r;
}

static int truthy(PyObject *state, PyObject *name) {
    PyObject *v = PyObject_GetAttr(state, name);
    if (v == NULL) return -1;
    int r = PyObject_IsTrue(v);
    Py_DECREF(v);
    return r;
}

#define TRY(x) do { int r_ = (x); if (r_) return r_; } while (0)

/* Read the state: 0 ready for the loop, 1 fast_path_ready is false (nothing else read),
 * DELEGATE, -1 an error. */
static int load(Play *p, PyObject *state) {
    memset(p, 0, sizeof *p);
    p->state = state;
    p->first_belote = -1;
    int ready = truthy(state, A_FAST);
    if (ready < 0) return -1;
    if (!ready) return 1;
    p->ready = 1;
    if ((p->hands = PyObject_GetAttr(state, A_HANDS)) == NULL) return -1;
    if (!PyList_Check(p->hands) || PyList_GET_SIZE(p->hands) != 4) return DELEGATE;
    for (int s = 0; s < 4; s++) TRY(as_mask(PyList_GET_ITEM(p->hands, s), &p->hand[s]));
    if ((p->beats = PyObject_GetAttr(state, A_BEATS)) == NULL) return -1;
    if (!PyBytes_Check(p->beats) || PyBytes_GET_SIZE(p->beats) != 1024) return DELEGATE;
    p->beat = (const unsigned char *)PyBytes_AS_STRING(p->beats);
    TRY(mask_attr(state, A_PAIR, &p->pair));
    TRY(mask_attr(state, A_PLAYED, &p->played));
    TRY(get_long(state, A_TRUMP, &p->trump));
    TRY(get_long(state, A_STEP, &p->step));
    TRY(get_long(state, A_TURN, &p->turn));
    TRY(get_long(state, A_LED, &p->led));
    TRY(get_long(state, A_BEST_CARD, &p->best));
    TRY(get_long(state, A_BEST_SEAT, &p->best_seat));
    TRY(get_long(state, A_TRICK_NO, &p->trick_no));
    if ((p->all_trump = truthy(state, A_ALL_TRUMP)) < 0) return -1;
    if ((p->trick_cards = PyObject_GetAttr(state, A_TRICK_CARDS)) == NULL) return -1;
    if ((p->trick_seats = PyObject_GetAttr(state, A_TRICK_SEATS)) == NULL) return -1;
    if (!PyList_Check(p->trick_cards) || !PyList_Check(p->trick_seats)) return DELEGATE;
    p->on_table = PyList_GET_SIZE(p->trick_cards);
    if (p->on_table >= 4) return DELEGATE;
    for (Py_ssize_t k = 0; k < p->on_table; k++) {
        PyObject *c = PyList_GET_ITEM(p->trick_cards, k);
        if (!PyLong_CheckExact(c)) return DELEGATE;
        long v = PyLong_AsLong(c);
        if (v < 0 || v >= 32) {
            PyErr_Clear();
            return DELEGATE;
        }
        p->tc[k] = (int)v;
    }
    return 0;
}

/* What _close_trick reads, read before the fourth card of a trick is placed: 0, DELEGATE or -1. */
static int load_score(Play *p) {
    if (p->have_score) return 0;
    if ((p->points_list = PyObject_GetAttr(p->state, A_POINTS)) == NULL) return -1;
    if ((p->won_list = PyObject_GetAttr(p->state, A_TRICKS_WON)) == NULL) return -1;
    if ((p->tricks_list = PyObject_GetAttr(p->state, A_TRICKS)) == NULL) return -1;
    PyObject *lists[2] = {p->points_list, p->won_list};
    long *values[2] = {p->points, p->won};
    for (int k = 0; k < 2; k++) {
        if (!PyList_Check(lists[k]) || PyList_GET_SIZE(lists[k]) != 2) return DELEGATE;
        for (int team = 0; team < 2; team++) {
            PyObject *v = PyList_GET_ITEM(lists[k], team);
            if (!PyLong_CheckExact(v)) return DELEGATE;
            int overflow;
            values[k][team] = PyLong_AsLongAndOverflow(v, &overflow);
            if (overflow || values[k][team] > 1000000000L || values[k][team] < -1000000000L) return DELEGATE;
        }
    }
    if (!PyList_Check(p->tricks_list)) return DELEGATE;
    PyObject *pts = PyObject_GetAttr(p->state, A_CARD_POINTS);
    if (pts == NULL) return -1;
    int bad = !PyTuple_Check(pts) || PyTuple_GET_SIZE(pts) != 32;
    for (int c = 0; !bad && c < 32; c++) {
        PyObject *v = PyTuple_GET_ITEM(pts, c);
        int overflow;
        bad = !PyLong_CheckExact(v);
        if (!bad) {
            p->pts[c] = PyLong_AsLongAndOverflow(v, &overflow);
            bad = overflow || p->pts[c] > 1000000 || p->pts[c] < -1000000;
        }
    }
    Py_DECREF(pts);
    if (bad) return DELEGATE;
    p->have_score = 1;
    return 0;
}

static int set_long(PyObject *state, PyObject *name, long value) {
    PyObject *v = PyLong_FromLong(value);
    if (v == NULL) return -1;
    int r = PyObject_SetAttr(state, name, v);
    Py_DECREF(v);
    return r;
}

static int set_item(PyObject *list, Py_ssize_t i, PyObject *v) {
    return v == NULL ? -1 : PyList_SetItem(list, i, v); /* steals v */
}

/* Write what the loop changed back to the state. */
static int flush(Play *p) {
    if (!p->changed) return 0;
    PyObject *s = p->state;
    if (set_long(s, A_TURN, p->turn) < 0 || set_long(s, A_LED, p->led) < 0 || set_long(s, A_BEST_CARD, p->best) < 0
        || set_long(s, A_BEST_SEAT, p->best_seat) < 0 || set_long(s, A_TRICK_NO, p->trick_no) < 0)
        return -1;
    PyObject *played = PyLong_FromUnsignedLong(p->played);
    if (played == NULL) return -1;
    int r = PyObject_SetAttr(s, A_PLAYED, played);
    Py_DECREF(played);
    if (r < 0) return -1;
    for (int seat = 0; seat < 4; seat++)
        if ((p->dirty_hands >> seat & 1) && set_item(p->hands, seat, PyLong_FromUnsignedLong(p->hand[seat])) < 0)
            return -1;
    p->dirty_hands = 0;
    if (p->new_lists) {
        if (PyObject_SetAttr(s, A_TRICK_CARDS, p->trick_cards) < 0 || PyObject_SetAttr(s, A_TRICK_SEATS, p->trick_seats) < 0)
            return -1;
        p->new_lists = 0;
    }
    if (p->have_score)
        for (int team = 0; team < 2; team++)
            if (set_item(p->points_list, team, PyLong_FromLong(p->points[team])) < 0
                || set_item(p->won_list, team, PyLong_FromLong(p->won[team])) < 0)
                return -1;
    if (p->set_first_belote && set_long(s, A_FIRST_BELOTE, p->first_belote) < 0) return -1;
    p->set_first_belote = 0;
    p->changed = 0;
    return 0;
}

/* Flush, keeping an error being raised. */
static void flush_on_error(Play *p) {
    PyObject *type, *value, *tb;
    PyErr_Fetch(&type, &value, &tb);
    if (flush(p) < 0) PyErr_Clear();
    PyErr_Restore(type, value, tb);
}

/* ------------------------------------------------------------------ the rules, from the tables */
/* The obligation table of the state's rule set and contract (p->code, NULL: ask legal_for). */
static int look_up_table(Play *p) {
    p->code_known = 1;
    if (asking) return 0;
    int kind;
    long strain;
    if (p->all_trump) {
        if (p->trump >= 0) return 0; /* not a state the table was probed in */
        kind = 2, strain = 5;
    } else if (p->trump >= 0) {
        if (p->trump > 3) return 0;
        kind = 0, strain = p->trump;
    } else {
        kind = 1, strain = 4;
    }
    PyObject *rules = PyObject_GetAttr(p->state, A_RULES);
    if (rules == NULL) return -1;
    if (rules != cache_rules) {
        Py_XSETREF(cache_rules, rules);
        for (int k = 0; k < 3; k++) Py_CLEAR(cache_table[k]);
    } else {
        Py_DECREF(rules);
    }
    if (cache_table[kind] == NULL) {
        PyObject *held = cache_rules;
        Py_INCREF(held);
        asking = 1;
        PyObject *table = PyObject_CallFunction(table_of, "Ol", held, strain);
        asking = 0;
        Py_DECREF(held);
        if (table == NULL) return -1;
        int fits = PyBytes_Check(table) && PyBytes_GET_SIZE(table) == 65;
        const uint8_t *code = fits ? (const uint8_t *)PyBytes_AS_STRING(table) : NULL;
        for (int i = 0; fits && i < 65; i++) fits = code[i] <= 4;
        fits = fits && code[64] == 0;
        if (!fits) { /* refused (None), or not a table of the formulas: ask legal_for */
            Py_DECREF(table);
            table = Py_None;
            Py_INCREF(table);
        }
        if (cache_rules == held) Py_XSETREF(cache_table[kind], table);
        else Py_DECREF(table); /* the cache moved on meanwhile: not this rule set's slot */
        if (cache_rules != held) return 0;
    }
    if (PyBytes_Check(cache_table[kind])) {
        p->table = cache_table[kind];
        Py_INCREF(p->table);
        p->code = (const uint8_t *)PyBytes_AS_STRING(p->table);
    }
    return 0;
}

/* The legal cards of hand (legal_for's answer) into *out; -1 on an error. */
static int legal(Play *p, long seat, uint32_t hand, uint32_t *out) {
    if (!p->code_known && look_up_table(p) < 0) return -1;
    if (p->code == NULL) { /* the engine's own answer, on the state as it is now */
        if (flush(p) < 0) return -1;
        PyObject *legal = PyObject_CallFunction(legal_for, "OlK", p->state, seat, (unsigned long long)hand);
        if (legal == NULL) return -1;
        unsigned long long mask = PyLong_AsUnsignedLongLongMask(legal);
        Py_DECREF(legal);
        if (PyErr_Occurred()) return -1;
        *out = (uint32_t)mask;
        return 0;
    }
    /* the situation and formulas of obligations.py (situation, formula) */
    long led = p->led, best = p->best;
    long trump = p->all_trump ? led : p->trump;
    uint32_t tmask = trump >= 0 ? suit_mask[trump] : 0;
    uint32_t follow = hand & suit_mask[led];
    uint32_t trumps = hand & tmask;
    int best_trump = trump >= 0 && (best >> 3) == trump;
    uint32_t higher = best_trump ? (trumps & higher_trump[best]) : 0;
    int partner_master = p->best_seat == ((seat + 2) & 3);
    int idx = (led == trump) | (follow ? 2 : 0) | (trumps ? 4 : 0) | (best_trump ? 8 : 0) | (higher ? 16 : 0)
              | (partner_master ? 32 : 0);
    switch (p->code[idx]) {
    case 1: *out = follow; break;
    case 2: *out = trumps; break;
    case 3: *out = higher; break;
    case 4: *out = (hand & ~tmask) | higher; break;
    default: *out = hand;
    }
    return 0;
}

/* _belote_card without a mark: the first of the trump king and queen played. */
static void belote_card(Play *p, long card) {
    long rank = card & 7;
    if (p->trump >= 0 && (card >> 3) == p->trump && (rank == queen || rank == king)) {
        long other = card ^ (queen ^ king);
        if (other >= 0 && other < 32 && !(p->played & (1u << other))) {
            p->first_belote = card;
            p->set_first_belote = 1;
        }
    }
}

/* _close_trick. */
static int close_trick(Play *p) {
    long winner = p->best_seat, team = winner & 1;
    p->points[team] += p->pts[p->tc[0]] + p->pts[p->tc[1]] + p->pts[p->tc[2]] + p->pts[p->tc[3]];
    p->won[team] += 1;
    PyObject *who = PyLong_FromLong(winner);
    if (who == NULL) return -1;
    PyObject *done = PyTuple_Pack(3, p->trick_seats, p->trick_cards, who);
    Py_DECREF(who);
    if (done == NULL) return -1;
    int r = PyList_Append(p->tricks_list, done);
    Py_DECREF(done);
    if (r < 0) return -1;
    PyObject *cards = PyList_New(0), *seats = PyList_New(0);
    if (cards == NULL || seats == NULL) {
        Py_XDECREF(cards);
        Py_XDECREF(seats);
        return -1;
    }
    Py_SETREF(p->trick_cards, cards);
    Py_SETREF(p->trick_seats, seats);
    p->new_lists = 1;
    p->on_table = 0;
    p->trick_no += 1;
    p->turn = winner;
    if (p->trick_no == 8) {
        p->ready = 0;
        p->points[team] += bonus;
        if (PyObject_SetAttr(p->state, A_FAST, Py_False) < 0 || set_long(p->state, A_LAST_TEAM, team) < 0) return -1;
        long phase;
        int got = get_long(p->state, A_PHASE, &phase);
        if (got < 0) return -1;
        if (got == 0 && phase == phase_play && set_long(p->state, A_PHASE, phase_done) < 0) return -1;
        if (got == DELEGATE) { /* a phase that is no int: == PHASE_PLAY as Python compares it */
            PyObject *now = PyObject_GetAttr(p->state, A_PHASE), *play = PyLong_FromLong(phase_play);
            int same = now != NULL && play != NULL ? PyObject_RichCompareBool(now, play, Py_EQ) : -1;
            Py_XDECREF(now);
            Py_XDECREF(play);
            if (same < 0 || (same && set_long(p->state, A_PHASE, phase_done) < 0)) return -1;
        }
    }
    return 0;
}

/* One card of the loop of play_cards: PLAYED, STOP (the card is not the fast path's), LAST
 * (played, and the eighth trick is over), HAND_BACK (a value it does not expect: the Python
 * loop goes on from this card) or -1. */
static int step(Play *p, PyObject *seat_obj, PyObject *card_obj, PyObject *mark) {
    if (seat_obj == Py_None) return STOP;
    if (!PyLong_CheckExact(seat_obj)) return HAND_BACK;
    int overflow;
    long seat = PyLong_AsLongAndOverflow(seat_obj, &overflow);
    if (overflow) return STOP; /* too large for a seat: not the turn's */
    if (seat != p->turn || mark != Py_None || !PyLong_CheckExact(card_obj)) return STOP;
    long card = PyLong_AsLongAndOverflow(card_obj, &overflow);
    if (overflow) return HAND_BACK;
    if (card < 0 || card >= 32) return STOP; /* no card of a 32-card hand */
    if (seat < 0 || seat > 3) return HAND_BACK;
    uint32_t bit = 1u << card, hand = p->hand[seat];
    if (!(hand & bit)) return STOP;
    if (p->on_table == 3) { /* this card closes the trick: what _close_trick reads */
        int r = load_score(p);
        if (r) return r == DELEGATE ? HAND_BACK : -1;
    }
    if (p->on_table) {
        if (p->best < 0 || p->best >= 32) return HAND_BACK;
        /* following a plain suit is always legal; anything else asks the obligations */
        if ((card >> 3) != p->led || p->led == p->trump || p->all_trump) {
            if (p->led < 0 || p->led > 3) return HAND_BACK;
            uint32_t mask;
            if (legal(p, seat, hand, &mask) < 0) return -1;
            if (!(mask & bit)) return STOP;
        }
        if (p->pair & bit) belote_card(p, card);
        if (p->beat[p->best << 5 | card]) {
            p->best = card;
            p->best_seat = seat;
        }
    } else {
        if (p->pair & bit) belote_card(p, card);
        p->led = card >> 3;
        p->best = card;
        p->best_seat = seat;
    }
    p->changed = 1;
    if (PyList_Append(p->trick_cards, card_obj) < 0 || PyList_Append(p->trick_seats, seat_obj) < 0) return -1;
    p->tc[p->on_table++] = (int)card;
    p->hand[seat] = hand ^ bit;
    p->dirty_hands |= 1u << seat;
    p->played |= bit;
    if (p->on_table == 4) {
        if (close_trick(p) < 0) return -1;
        if (!p->ready) return LAST;
    } else {
        p->turn = (seat + p->step) & 3;
    }
    return PLAYED;
}

/* ------------------------------------------------------------------ the entries */
static int is_seq(PyObject *o) { return PyList_Check(o) || PyTuple_Check(o); }

static PyObject *play_cards(PyObject *self, PyObject *args) {
    PyObject *state, *seats, *cards, *marks;
    Py_ssize_t start = 0;
    if (!PyArg_ParseTuple(args, "OOOO|n", &state, &seats, &cards, &marks, &start)) return NULL;
    if (python_play_cards == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "play_cards: bind() was not called");
        return NULL;
    }
    Play p;
    int loaded = load(&p, state);
    if (loaded == 1) {
        release(&p);
        return PyLong_FromSsize_t(start);
    }
    if (loaded < 0) {
        release(&p);
        return NULL;
    }
    Py_ssize_t n = is_seq(cards) ? PySequence_Fast_GET_SIZE(cards) : -1;
    if (loaded == DELEGATE || !is_seq(seats) || !is_seq(marks) || n < 0 || start < 0
        || PySequence_Fast_GET_SIZE(seats) != n || PySequence_Fast_GET_SIZE(marks) != n) {
        release(&p);
        return PyObject_CallFunction(python_play_cards, "OOOOn", state, seats, cards, marks, start);
    }
    Py_ssize_t i = start;
    for (; i < n; i++) {
        int r = step(&p, PySequence_Fast_GET_ITEM(seats, i), PySequence_Fast_GET_ITEM(cards, i),
                     PySequence_Fast_GET_ITEM(marks, i));
        if (r == PLAYED) continue;
        if (r == LAST) i++;
        if (r == STOP || r == LAST) break;
        if (r < 0) {
            flush_on_error(&p);
            release(&p);
            return NULL;
        }
        /* HAND_BACK */
        PyObject *result = flush(&p) < 0 ? NULL
            : PyObject_CallFunction(python_play_cards, "OOOOn", state, seats, cards, marks, i);
        release(&p);
        return result;
    }
    int r = flush(&p);
    release(&p);
    return r < 0 ? NULL : PyLong_FromSsize_t(i);
}

static PyObject *play_tricks_batch(PyObject *self, PyObject *args) {
    PyObject *state, *tricks;
    Py_ssize_t start = 0;
    if (!PyArg_ParseTuple(args, "OO|n", &state, &tricks, &start)) return NULL;
    if (python_play_tricks == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "play_tricks_batch: bind() was not called");
        return NULL;
    }
    if (!is_seq(tricks) || start < 0)
        return PyObject_CallFunction(python_play_tricks, "OOn", state, tricks, start);
    Play p;
    int loaded = load(&p, state);
    if (loaded < 0 || loaded == DELEGATE) {
        release(&p);
        return loaded < 0 ? NULL : PyObject_CallFunction(python_play_tricks, "OOn", state, tricks, start);
    }
    Py_ssize_t count = PySequence_Fast_GET_SIZE(tricks), t = start / 4, j = start % 4;
    PyObject *result = NULL;
    for (; t < count; t++, j = 0) {
        PyObject *trick = PySequence_Fast_GET_ITEM(tricks, t);
        PyObject *cards = PyObject_GetAttr(trick, A_CARDS), *seats = NULL, *marks = NULL;
        int hand_back = 0;
        if (cards == NULL) goto failed;
        if (!is_seq(cards)) {
            hand_back = 1;
        } else if (PySequence_Fast_GET_SIZE(cards) != 4) {
            PyErr_Format(PyExc_ValueError, "play_tricks_batch: trick %zd has %zd plays, not 4", t,
                         PySequence_Fast_GET_SIZE(cards));
            Py_DECREF(cards);
            goto failed;
        } else {
            seats = PyObject_GetAttr(trick, A_SEATS);
            marks = seats != NULL ? PyObject_GetAttr(trick, A_MARKS) : NULL;
            if (marks == NULL) {
                Py_DECREF(cards);
                Py_XDECREF(seats);
                goto failed;
            }
            if (!p.ready) { /* play_cards plays nothing more */
                Py_DECREF(cards);
                Py_DECREF(seats);
                Py_DECREF(marks);
                break;
            }
            hand_back = !is_seq(seats) || !is_seq(marks) || PySequence_Fast_GET_SIZE(seats) != 4
                        || PySequence_Fast_GET_SIZE(marks) != 4;
        }
        int r = PLAYED;
        for (; !hand_back && j < 4; j++) {
            r = step(&p, PySequence_Fast_GET_ITEM(seats, j), PySequence_Fast_GET_ITEM(cards, j),
                     PySequence_Fast_GET_ITEM(marks, j));
            if (r == LAST) j++;
            if (r != PLAYED) break;
        }
        Py_DECREF(cards);
        Py_XDECREF(seats);
        Py_XDECREF(marks);
        if (r < 0) goto failed;
        if (r == HAND_BACK || hand_back) {
            result = flush(&p) < 0 ? NULL
                : PyObject_CallFunction(python_play_tricks, "OOn", state, tricks, 4 * t + j);
            release(&p);
            return result;
        }
        if (r == STOP || (r == LAST && j < 4)) break;
    }
    if (flush(&p) == 0) result = PyLong_FromSsize_t(4 * t + j);
    release(&p);
    return result;
failed:
    flush_on_error(&p);
    release(&p);
    return NULL;
}

static PyMethodDef methods[] = {
    {"bind", bind, METH_VARARGS,
     "bind(legal_for, python_play_cards, python_play_tricks_batch, obligation_table, higher_trump, suit_masks, "
     "queen, king, last_trick_bonus, phase_play, phase_done): the engine's functions and tables."},
    {"play_cards", play_cards, METH_VARARGS,
     "play_cards(state, seats, cards, marks, start=0) -> int: the engine's play_cards, compiled."},
    {"play_tricks_batch", play_tricks_batch, METH_VARARGS,
     "play_tricks_batch(state, tricks, start=0) -> int: the engine's play_tricks_batch, compiled."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_play", "The engine's play_cards, compiled.", -1, methods,
};

#define INTERN(var, text) if ((var = PyUnicode_InternFromString(text)) == NULL) return NULL

PyMODINIT_FUNC PyInit__play(void) {
    INTERN(A_FAST, "fast_path_ready");
    INTERN(A_HANDS, "hands");
    INTERN(A_PAIR, "belote_pair");
    INTERN(A_BEATS, "beats");
    INTERN(A_TRUMP, "trump");
    INTERN(A_STEP, "play_step");
    INTERN(A_ALL_TRUMP, "all_trump");
    INTERN(A_TURN, "turn");
    INTERN(A_TRICK_CARDS, "trick_cards");
    INTERN(A_TRICK_SEATS, "trick_seats");
    INTERN(A_LED, "led");
    INTERN(A_BEST_CARD, "best_card");
    INTERN(A_BEST_SEAT, "best_seat");
    INTERN(A_PLAYED, "played");
    INTERN(A_TRICK_NO, "trick_no");
    INTERN(A_POINTS, "points");
    INTERN(A_TRICKS_WON, "tricks_won");
    INTERN(A_TRICKS, "tricks");
    INTERN(A_CARD_POINTS, "card_points");
    INTERN(A_LAST_TEAM, "last_trick_team");
    INTERN(A_PHASE, "phase");
    INTERN(A_FIRST_BELOTE, "first_belote_card");
    INTERN(A_RULES, "rules");
    INTERN(A_SEATS, "seats");
    INTERN(A_CARDS, "cards");
    INTERN(A_MARKS, "marks");
    return PyModule_Create(&module);
}
