/* The engine's fast paths compiled (belote_notation.game.engine._play), optional: the play
 * (play_cards, play_tricks_batch), the set-up of a deal (setup_deal), a copy of a deal
 * (copy_deal) and the recorded winners (wrong_winners).
 *
 * It decides no rule: play_cards is the loop of play.py, step for step, on the engine's own
 * tables, handed over by bind() (play.py does, at import):
 *   - legality: the engine's obligation table (game/engine/obligations.py: legal_for probed
 *     once per rule set and strain, one formula per situation, as the double-dummy search reads
 *     it), asked of Python once per rule set and kept; a rule set the table cannot express
 *     (the table is None) asks legal_for itself for every card that does not simply follow a
 *     plain suit, as the Python loop does;
 *   - the trick's winner: the state's beats table; the card points: the state's card_points;
 *     what _close_trick does at the fourth card (points and tricks per side, the trick kept,
 *     the next leader, the last trick's bonus, the end of play) and what _belote_card does for
 *     a trump king or queen played with no mark or the word due (the first of the pair played,
 *     the mark kept), with the engine's constants (QUEEN, KING, BELOTE_WORDS,
 *     LAST_TRICK_BONUS, the phases).
 * setup_deal takes who calls and what is legal from the engine's smsara tables (see its
 * section). The state's fields are read once a call and written back when the call ends (or
 * before Python is asked anything), so the state is the Python functions' at every return.
 * A value it does not expect (a seat that is not an int, a hand it cannot read, sequences of
 * different lengths) hands the rest of the call to the Python function, which then does what
 * it always does. tests/speed/test_play_cards.py, tests/speed/test_setup_deal.py and
 * tests/speed/test_differential.py prove the two equal.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include "_steps.h"
#include "../../_fields.h" /* the state's fields: the project's own type */
#include "../../notation/read/_parts.h" /* PART_FIELD_COUNT_CAPSULE: which records are the reader's parts */
#include <stddef.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>

static PyObject *legal_for, *python_play_cards, *python_play_tricks, *table_of;
static uint32_t higher_trump[32], suit_mask[4];
static long phase_play, phase_done;

/* The engine's own functions for the rare steps: the bonus of the last trick of a rule set
 * (last_trick_bonus, asked once per rule set), the word due with a trump king or queen
 * (belote_word_due) and the tracking of that card (track_belote_card), asked on the state as
 * it is (written back first) where the engine's probe of them (below) does not say. */
static PyObject *bonus_of, *word_due, *track_belote, *bonus_rules;
static long bonus;

/* What track_belote_card does with a trump king or queen the loop lets through, and the word due
 * with it, as the engine's probe says (belote_table.belote_step, asked once per rule set and
 * key, kept with that rule set, held): by card, whether a card of the pair is played and whether
 * the word due is said with it; 0: not asked yet, else the flags plus BELOTE_ASKED. */
static PyObject *belote_step_of, *belote_rules, *belote_word[32][2][2];
static unsigned char belote_effect[32][2][2];
enum { BELOTE_FIRST = 1, BELOTE_KEPT = 2, BELOTE_ASK = 4, BELOTE_ASKED = 8 };

static void forget_belote(void) {
    Py_CLEAR(belote_rules);
    memset(belote_effect, 0, sizeof belote_effect);
    for (int c = 0; c < 32; c++)
        for (int k = 0; k < 4; k++) Py_CLEAR(belote_word[c][k >> 1][k & 1]);
}

/* The obligation tables of the last rule set asked (by identity, held so that its address is
 * not reused), by kind: 0 a suit contract, 1 sans-atout, 2 tout-atout. Each is the bytes of
 * 65 codes, Py_None (refused: ask legal_for) or NULL (not asked yet). */
static PyObject *cache_rules, *cache_table[3];
static int asking; /* a table is being made (it plays probe tricks): ask legal_for meanwhile */

/* ------------------------------------------------------------------ the state's own fields */
/* The deal's state keeps its fields in a type of this extension (state_base(names): one object
 * field per name, each a member of the type; engine/state.py's DealState is a subclass of it
 * with no slot of its own), so that the loops read and write them where the type puts them and
 * nowhere else. Any other object (a record, a hand line, a state of another class) is read
 * and written through the generic PyObject_GetAttr and PyObject_SetAttr. */
typedef FieldsObject StateObject; /* _fields.h: the project's own layout */

static PyTypeObject *state_type;
static PyObject *state_names; /* the names, held: the members point into their UTF-8 */
static Py_ssize_t state_count;

#define MAX_RECORDS 8

typedef struct {
    PyObject *name;
    int field; /* its place among the state's fields plus one; 0: not one of them */
    signed char record_at[MAX_RECORDS]; /* its place among each record class's fields plus one; 0: none */
} Attr;

/* Record classes whose instances keep their fields in place (record_fields: the checks' facts,
 * whose fields the reader's extension keeps in a type of its own, one object after the header
 * each); read there, exact class only, where PyObject_GetAttr was ~170 instructions a read. */
static PyTypeObject *record_types[MAX_RECORDS]; /* references */
static int record_count;

static Attr *attrs[64]; /* every name the extension reads, to place among the fields */
static int attr_count;

static PyTypeObject *state_last; /* the last class found a subclass of state_type (held) */

static int own_state(PyObject *o) {
    PyTypeObject *type = Py_TYPE(o);
    if (type == state_last) return 1;
    if (state_type == NULL || !PyType_IsSubtype(type, state_type)) return 0;
    Py_XSETREF(state_last, (PyTypeObject *)Py_NewRef((PyObject *)type));
    return 1;
}

static PyObject *get_attr(PyObject *o, Attr *a) {
    PyTypeObject *type = Py_TYPE(o);
    for (int k = 0; type != state_last && k < record_count; k++)
        if (type == record_types[k]) {
            PyObject *v = a->record_at[k] ? ((StateObject *)o)->field[a->record_at[k] - 1] : NULL;
            return v != NULL ? Py_NewRef(v) : PyObject_GetAttr(o, a->name);
        }
    if (a->field && own_state(o)) {
        PyObject *v = ((StateObject *)o)->field[a->field - 1];
        if (v != NULL) return Py_NewRef(v);
    }
    return PyObject_GetAttr(o, a->name);
}

static int set_attr(PyObject *o, Attr *a, PyObject *v) {
    if (!a->field || v == NULL || !own_state(o)) return PyObject_SetAttr(o, a->name, v);
    Py_XSETREF(((StateObject *)o)->field[a->field - 1], Py_NewRef(v));
    return 0;
}

static int state_traverse(PyObject *self, visitproc visit, void *arg) {
    Py_VISIT(Py_TYPE(self));
    for (Py_ssize_t i = 0; i < state_count; i++) Py_VISIT(((StateObject *)self)->field[i]);
    return 0;
}

static int state_clear(PyObject *self) {
    for (Py_ssize_t i = 0; i < state_count; i++) Py_CLEAR(((StateObject *)self)->field[i]);
    return 0;
}

static void state_dealloc(PyObject *self) { fields_dealloc(self, state_clear); }

/* state_base(names): the type of the state's fields, made once (the same names again: the same type). */
static PyObject *state_base(PyObject *self, PyObject *names) {
    if (state_type != NULL) {
        int same = PyObject_RichCompareBool(names, state_names, Py_EQ);
        if (same < 0) return NULL;
        if (same) return Py_NewRef((PyObject *)state_type);
        PyErr_SetString(PyExc_ValueError, "state_base: made already with other names");
        return NULL;
    }
    if (!PyTuple_CheckExact(names) || PyTuple_GET_SIZE(names) < 1 || PyTuple_GET_SIZE(names) > 1000) {
        PyErr_SetString(PyExc_TypeError, "state_base: a tuple of names");
        return NULL;
    }
    Py_ssize_t n = PyTuple_GET_SIZE(names);
    PyObject *type = fields_type(names, "belote_notation.game.engine._play.StateFields",
                                 "The fields of a deal's state (engine/state.py).", "state_base", state_traverse,
                                 state_clear, state_dealloc);
    if (type == NULL) return NULL;
    state_names = Py_NewRef(names);
    state_count = n;
    state_type = (PyTypeObject *)Py_NewRef(type);
    for (int k = 0; k < attr_count; k++)
        for (Py_ssize_t i = 0; i < n; i++)
            if (PyUnicode_Compare(attrs[k]->name, PyTuple_GET_ITEM(names, i)) == 0) attrs[k]->field = (int)i + 1;
    return type;
}

/* Whether an instance of cls keeps names[i] at field i, by a probe: cls's basic size holds them,
 * and a fresh instance (cls.__new__(cls)) given a new object through setattr for each name has
 * each at its field and gives it back through getattr. 1, 0 not, -1 an error. */
static int fields_in_place(PyObject *cls, PyObject *names) {
    Py_ssize_t n = PyTuple_GET_SIZE(names);
    PyObject *size = PyObject_GetAttrString(cls, "__basicsize__");
    Py_ssize_t basic = size != NULL ? PyLong_AsSsize_t(size) : -1;
    Py_XDECREF(size);
    if (basic == -1 && PyErr_Occurred()) return -1;
    if (basic < (Py_ssize_t)(offsetof(StateObject, field) + (size_t)n * sizeof(PyObject *))) return 0;
    PyObject *obj = PyObject_CallMethod(cls, "__new__", "O", cls), *marks = PyTuple_New(n);
    int ok = obj != NULL && marks != NULL && Py_TYPE(obj) == (PyTypeObject *)cls;
    for (Py_ssize_t i = 0; ok && i < n; i++) {
        PyObject *mark = PyObject_CallNoArgs((PyObject *)&PyBaseObject_Type);
        if (mark == NULL) ok = 0;
        else PyTuple_SET_ITEM(marks, i, mark);
        if (ok && PyObject_SetAttr(obj, PyTuple_GET_ITEM(names, i), mark) < 0) ok = 0;
    }
    for (Py_ssize_t i = 0; ok && i < n; i++) {
        PyObject *back = PyObject_GetAttr(obj, PyTuple_GET_ITEM(names, i));
        ok = back == PyTuple_GET_ITEM(marks, i) && ((StateObject *)obj)->field[i] == back;
        Py_XDECREF(back);
    }
    Py_XDECREF(obj);
    Py_XDECREF(marks);
    if (!ok && PyErr_Occurred()) {
        if (!PyErr_ExceptionMatches(PyExc_AttributeError) && !PyErr_ExceptionMatches(PyExc_TypeError)) return -1;
        PyErr_Clear();
    }
    return ok;
}

/* Is cls a subclass of a type of the reader's part_fields (_parts.h) with these n fields: the only
 * records read in place, whose layout is the project's own; asked of the reader's extension. */
static int reader_part(PyObject *cls, Py_ssize_t n) {
    static Py_ssize_t (*count)(PyTypeObject *);
    if (count == NULL) count = (Py_ssize_t (*)(PyTypeObject *))PyCapsule_Import(PART_FIELD_COUNT_CAPSULE, 0);
    if (count == NULL) {
        PyErr_Clear(); /* no compiled reader: nothing is read in place */
        return 0;
    }
    return count((PyTypeObject *)cls) == n;
}

/* record_fields(cls, names) -> bool: read instances of exactly cls (a record the checks hand the
 * loops, of the reader's part types) at their fields, when the probe finds names there; False:
 * read through getattr. */
static PyObject *record_fields(PyObject *self, PyObject *args) {
    PyObject *cls, *names;
    if (!PyArg_ParseTuple(args, "O!O!:record_fields", &PyType_Type, &cls, &PyTuple_Type, &names)) return NULL;
    for (int k = 0; k < record_count; k++)
        if ((PyObject *)record_types[k] == cls) Py_RETURN_TRUE;
    if (record_count == MAX_RECORDS || PyTuple_GET_SIZE(names) > 100
        || (state_type != NULL && PyType_IsSubtype((PyTypeObject *)cls, state_type)))
        Py_RETURN_FALSE;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(names); i++)
        if (!PyUnicode_CheckExact(PyTuple_GET_ITEM(names, i))) Py_RETURN_FALSE;
    if (!reader_part(cls, PyTuple_GET_SIZE(names))) Py_RETURN_FALSE;
    int ok = fields_in_place(cls, names);
    if (ok <= 0) return ok < 0 ? NULL : Py_NewRef(Py_False);
    int k = record_count;
    for (int a = 0; a < attr_count; a++)
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(names); i++)
            if (PyUnicode_Compare(attrs[a]->name, PyTuple_GET_ITEM(names, i)) == 0) attrs[a]->record_at[k] = (signed char)(i + 1);
    if (PyErr_Occurred()) return NULL;
    record_types[record_count++] = (PyTypeObject *)Py_NewRef(cls);
    Py_RETURN_TRUE;
}

static Attr A_FAST, A_HANDS, A_PAIR, A_BEATS, A_TRUMP, A_STEP, A_ALL_TRUMP, A_TURN,
    A_TRICK_CARDS, A_TRICK_SEATS, A_LED, A_BEST_CARD, A_BEST_SEAT, A_PLAYED, A_TRICK_NO,
    A_POINTS, A_TRICKS_WON, A_TRICKS, A_CARD_POINTS, A_LAST_TEAM, A_PHASE, A_FIRST_BELOTE,
    A_RULES, A_SEATS, A_CARDS, A_MARKS, A_FULL_HANDS, A_BELOTE_MARKS, A_NUMBER, A_WINNER;

/* A list or a tuple: what the loops index (PySequence_Fast_GET_ITEM). */
static int is_seq(PyObject *o) { return PyList_Check(o) || PyTuple_Check(o); }

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
    PyObject *a, *b, *c, *d, *higher, *suits, *bonus_fn, *due_fn, *track_fn, *step_fn;
    if (!PyArg_ParseTuple(args, "OOOOOOOOOOll", &a, &b, &c, &d, &higher, &suits, &bonus_fn, &due_fn, &track_fn,
                          &step_fn, &phase_play, &phase_done))
        return NULL;
    if (seq_u32(higher, higher_trump, 32) < 0 || seq_u32(suits, suit_mask, 4) < 0) return NULL;
    Py_XSETREF(bonus_of, Py_NewRef(bonus_fn));
    Py_XSETREF(word_due, Py_NewRef(due_fn));
    Py_XSETREF(track_belote, Py_NewRef(track_fn));
    Py_XSETREF(belote_step_of, Py_NewRef(step_fn));
    Py_CLEAR(bonus_rules);
    forget_belote();
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
    PyObject *state, *hands, *beats, *table;
    PyObject *trick_cards, *trick_seats; /* the state's lists of the trick on the table (NULL: new ones due) */
    PyObject *card_obj[4], *seat_obj[4]; /* the trick's plays not in those lists yet, from listed on */
    Py_ssize_t listed;
    PyObject *points_list, *won_list, *tricks_list;
    const unsigned char *beat;
    const uint8_t *code;   /* the obligation codes, NULL: ask legal_for */
    int code_known;        /* the table was looked up this call */
    uint32_t hand[4], played, pair, full[4];
    unsigned dirty_hands;  /* a bit per seat whose hand changed */
    long trump, step, turn, led, best, best_seat, trick_no;
    long points[2], won[2], pts[32];
    int tc[4];
    Py_ssize_t on_table;
    int all_trump, ready, changed, have_score, have_full;
} Play;

enum { DELEGATE = 2 };                       /* load(): values it does not expect */
enum { PLAYED, STOP, HAND_BACK, LAST };      /* step(): LAST, played and the eighth trick over */

static void release(Play *p) {
    Py_XDECREF(p->hands);
    Py_XDECREF(p->beats);
    Py_XDECREF(p->trick_cards);
    Py_XDECREF(p->trick_seats);
    for (Py_ssize_t k = p->listed; k < p->on_table; k++) {
        Py_DECREF(p->card_obj[k]);
        Py_DECREF(p->seat_obj[k]);
    }
    Py_XDECREF(p->table);
    Py_XDECREF(p->points_list);
    Py_XDECREF(p->won_list);
    Py_XDECREF(p->tricks_list);
}

/* PyLong_AsLongAndOverflow of an exact int (never an error: an int is an int). */
static long as_long(PyObject *v, int *overflow) { return PyLong_AsLongAndOverflow(v, overflow); }

/* An int attribute; 0, or -1 with an error; DELEGATE for a value that is not an int of a C
 * long (a bool too: the Python loop would keep the object itself, e.g. as the trick's winner). */
static int get_long(PyObject *state, Attr *name, long *out) {
    PyObject *v = get_attr(state, name);
    if (v == NULL) return -1;
    if (!PyLong_CheckExact(v)) {
        Py_DECREF(v);
        return DELEGATE;
    }
    int overflow;
    *out = as_long(v, &overflow);
    Py_DECREF(v);
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

static int mask_attr(PyObject *state, Attr *name, uint32_t *out) {
    PyObject *v = get_attr(state, name);
    if (v == NULL) return -1;
    int r = as_mask(v, out);
    Py_DECREF(v);
    return r;
}

static int truthy(PyObject *state, Attr *name) {
    PyObject *v = get_attr(state, name);
    if (v == NULL) return -1;
    int r = PyObject_IsTrue(v);
    Py_DECREF(v);
    return r;
}

/* The positional arguments of a METH_FASTCALL entry: at least lo of them, at most hi, an optional
 * last one a Py_ssize_t (*start, kept when absent). 0, or -1 with a TypeError. */
static int fast_args(const char *name, Py_ssize_t n, Py_ssize_t lo, Py_ssize_t hi, PyObject *const *args,
                     Py_ssize_t *start) {
    if (n < lo || n > hi) {
        PyErr_Format(PyExc_TypeError, "%s() takes %zd to %zd arguments (%zd given)", name, lo, hi, n);
        return -1;
    }
    if (n > lo) {
        *start = PyNumber_AsSsize_t(args[lo], PyExc_OverflowError);
        if (*start == -1 && PyErr_Occurred()) return -1;
    }
    return 0;
}

#define TRY(x) do { int r_ = (x); if (r_) return r_; } while (0)

/* Read the state: 0 ready for the loop, 1 fast_path_ready is false (nothing else read),
 * DELEGATE, -1 an error. */
static int load(Play *p, PyObject *state) {
    memset(p, 0, sizeof *p);
    p->state = state;
    int ready = truthy(state, &A_FAST);
    if (ready < 0) return -1;
    if (!ready) return 1;
    p->ready = 1;
    if ((p->hands = get_attr(state, &A_HANDS)) == NULL) return -1;
    if (!PyList_Check(p->hands) || PyList_GET_SIZE(p->hands) != 4) return DELEGATE;
    for (int s = 0; s < 4; s++) TRY(as_mask(PyList_GET_ITEM(p->hands, s), &p->hand[s]));
    if ((p->beats = get_attr(state, &A_BEATS)) == NULL) return -1;
    if (!PyBytes_Check(p->beats) || PyBytes_GET_SIZE(p->beats) != 1024) return DELEGATE;
    p->beat = (const unsigned char *)PyBytes_AS_STRING(p->beats);
    TRY(mask_attr(state, &A_PAIR, &p->pair));
    TRY(mask_attr(state, &A_PLAYED, &p->played));
    TRY(get_long(state, &A_TRUMP, &p->trump));
    TRY(get_long(state, &A_STEP, &p->step));
    TRY(get_long(state, &A_TURN, &p->turn));
    TRY(get_long(state, &A_LED, &p->led));
    TRY(get_long(state, &A_BEST_CARD, &p->best));
    TRY(get_long(state, &A_BEST_SEAT, &p->best_seat));
    TRY(get_long(state, &A_TRICK_NO, &p->trick_no));
    if ((p->all_trump = truthy(state, &A_ALL_TRUMP)) < 0) return -1;
    if ((p->trick_cards = get_attr(state, &A_TRICK_CARDS)) == NULL) return -1;
    if ((p->trick_seats = get_attr(state, &A_TRICK_SEATS)) == NULL) return -1;
    if (!PyList_Check(p->trick_cards) || !PyList_Check(p->trick_seats)) return DELEGATE;
    p->on_table = p->listed = PyList_GET_SIZE(p->trick_cards);
    if (p->on_table >= 4 || PyList_GET_SIZE(p->trick_seats) != p->on_table) return DELEGATE;
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
    if ((p->points_list = get_attr(p->state, &A_POINTS)) == NULL) return -1;
    if ((p->won_list = get_attr(p->state, &A_TRICKS_WON)) == NULL) return -1;
    if ((p->tricks_list = get_attr(p->state, &A_TRICKS)) == NULL) return -1;
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
    PyObject *pts = get_attr(p->state, &A_CARD_POINTS);
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

static int set_long(PyObject *state, Attr *name, long value) {
    PyObject *v = PyLong_FromLong(value);
    if (v == NULL) return -1;
    int r = set_attr(state, name, v);
    Py_DECREF(v);
    return r;
}

static int set_item(PyObject *list, Py_ssize_t i, PyObject *v) {
    return v == NULL ? -1 : PyList_SetItem(list, i, v); /* steals v */
}

/* The plays of the trick on the table into the state's lists: the lists a trick closed here
 * left to make (as _close_trick makes them), the plays of this call not in them yet appended. */
static int list_trick(Play *p) {
    if (p->trick_cards == NULL) {
        if ((p->trick_cards = PyList_New(0)) == NULL || (p->trick_seats = PyList_New(0)) == NULL
            || set_attr(p->state, &A_TRICK_CARDS, p->trick_cards) < 0 || set_attr(p->state, &A_TRICK_SEATS, p->trick_seats) < 0)
            return -1;
    }
    for (; p->listed < p->on_table; p->listed++) {
        Py_ssize_t k = p->listed;
        if (PyList_Append(p->trick_cards, p->card_obj[k]) < 0 || PyList_Append(p->trick_seats, p->seat_obj[k]) < 0)
            return -1;
        Py_DECREF(p->card_obj[k]);
        Py_DECREF(p->seat_obj[k]);
    }
    return 0;
}

/* Write what the loop changed back to the state. */
static int flush(Play *p) {
    if (!p->changed) return 0;
    PyObject *s = p->state;
    if (set_long(s, &A_TURN, p->turn) < 0 || set_long(s, &A_LED, p->led) < 0 || set_long(s, &A_BEST_CARD, p->best) < 0
        || set_long(s, &A_BEST_SEAT, p->best_seat) < 0 || set_long(s, &A_TRICK_NO, p->trick_no) < 0)
        return -1;
    PyObject *played = PyLong_FromUnsignedLong(p->played);
    if (played == NULL) return -1;
    int r = set_attr(s, &A_PLAYED, played);
    Py_DECREF(played);
    if (r < 0) return -1;
    for (int seat = 0; seat < 4; seat++)
        if ((p->dirty_hands >> seat & 1) && set_item(p->hands, seat, PyLong_FromUnsignedLong(p->hand[seat])) < 0)
            return -1;
    p->dirty_hands = 0;
    if (list_trick(p) < 0) return -1;
    if (p->have_score)
        for (int team = 0; team < 2; team++)
            if (set_item(p->points_list, team, PyLong_FromLong(p->points[team])) < 0
                || set_item(p->won_list, team, PyLong_FromLong(p->won[team])) < 0)
                return -1;
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
    PyObject *rules = get_attr(p->state, &A_RULES);
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

/* What track_belote_card does with card, the trump king or queen of a deal of the state's rule
 * set (said: with the word due, by a seat dealt both), and the word due (borrowed; Py_None:
 * none), from the engine's probe: 0, or -1 with an error. */
static int belote_entry(Play *p, long card, int said, int *effect, PyObject **word) {
    PyObject *rules = get_attr(p->state, &A_RULES);
    if (rules == NULL) return -1;
    if (rules != belote_rules) {
        forget_belote();
        belote_rules = rules;
    } else {
        Py_DECREF(rules);
    }
    int played = (p->played & p->pair) != 0;
    if (card < 0 || card >= 32) {
        *effect = BELOTE_ASK, *word = Py_None;
        return 0;
    }
    if (!belote_effect[card][played][said]) {
        PyObject *got = PyObject_CallFunction(belote_step_of, "Olii", belote_rules, card, played, said);
        if (got == NULL) return -1;
        long flags = BELOTE_ASK;
        PyObject *due = Py_None;
        if (PyTuple_CheckExact(got) && PyTuple_GET_SIZE(got) == 2 && PyLong_CheckExact(PyTuple_GET_ITEM(got, 0))
            && PyUnicode_CheckExact(PyTuple_GET_ITEM(got, 1))) {
            flags = PyLong_AsLong(PyTuple_GET_ITEM(got, 0));
            due = PyTuple_GET_ITEM(got, 1);
            if (flags < 0 || flags > 3) flags = BELOTE_ASK; /* -1 and an error included: the function asked */
            PyErr_Clear();
        }
        Py_XSETREF(belote_word[card][played][said], Py_NewRef(due));
        Py_DECREF(got);
        belote_effect[card][played][said] = (unsigned char)(flags | BELOTE_ASKED);
    }
    *effect = belote_effect[card][played][said] & ~BELOTE_ASKED;
    *word = belote_word[card][played][said];
    return 0;
}

/* The word and the card kept among the seat's marks (state.belote_marks[seat]): 1, 0 marks not
 * laid out as a list of four lists, -1 an error. */
static int keep_mark(Play *p, long seat, PyObject *card_obj, PyObject *mark) {
    PyObject *marks = get_attr(p->state, &A_BELOTE_MARKS);
    if (marks == NULL) return -1;
    int r = 0;
    if (PyList_CheckExact(marks) && PyList_GET_SIZE(marks) == 4 && seat >= 0 && seat < 4
        && PyList_CheckExact(PyList_GET_ITEM(marks, seat))) {
        PyObject *kept = PyTuple_Pack(2, mark, card_obj);
        r = kept == NULL ? -1 : PyList_Append(PyList_GET_ITEM(marks, seat), kept) < 0 ? -1 : 1;
        Py_XDECREF(kept);
    }
    Py_DECREF(marks);
    return r;
}

/* track_belote_card (belote_marks.py) on a trump king or queen the loop plays, before the card
 * is placed: written as the engine's probe of it says, else called with the state written back
 * first, as the Python loop calls it. 0, or -1 with an error. */
static int belote_card(Play *p, long seat, long card, PyObject *card_obj, PyObject *mark) {
    int effect, said = mark != Py_None;
    PyObject *word;
    if (belote_entry(p, card, said, &effect, &word) < 0) return -1;
    if (!(effect & BELOTE_ASK) && (said || !(effect & BELOTE_KEPT))) {
        int kept = effect & BELOTE_KEPT ? keep_mark(p, seat, card_obj, mark) : 1;
        if (kept < 0) return -1;
        if (kept > 0) return effect & BELOTE_FIRST ? set_attr(p->state, &A_FIRST_BELOTE, card_obj) : 0;
    }
    if (flush(p) < 0) return -1;
    PyObject *seat_obj = PyLong_FromLong(seat), *trick = PyLong_FromLong(p->trick_no + 1),
             *index = PyLong_FromSsize_t(p->on_table), *out = NULL;
    if (seat_obj != NULL && trick != NULL && index != NULL) {
        PyObject *args[] = {p->state, seat_obj, card_obj, mark, trick, index};
        out = PyObject_Vectorcall(track_belote, args, 6, NULL);
    }
    Py_XDECREF(seat_obj);
    Py_XDECREF(trick);
    Py_XDECREF(index);
    Py_XDECREF(out);
    return out == NULL ? -1 : 0;
}

/* The bonus of the last trick in the state's rule set (last_trick_bonus, kept per rule set). */
static int look_up_bonus(Play *p) {
    PyObject *rules = get_attr(p->state, &A_RULES);
    if (rules == NULL) return -1;
    if (rules == bonus_rules) {
        Py_DECREF(rules);
        return 0;
    }
    PyObject *value = PyObject_CallOneArg(bonus_of, rules);
    int overflow = 0;
    long v = value != NULL && PyLong_Check(value) ? PyLong_AsLongAndOverflow(value, &overflow) : 0;
    if (value != NULL && (!PyLong_Check(value) || overflow || v > 1000000 || v < -1000000)) {
        Py_DECREF(rules);
        Py_DECREF(value);
        return DELEGATE;
    }
    Py_XDECREF(value);
    if (value == NULL || PyErr_Occurred()) {
        Py_DECREF(rules);
        return -1;
    }
    Py_XSETREF(bonus_rules, rules);
    bonus = v;
    return 0;
}

/* _close_trick. */
static int close_trick(Play *p) {
    long winner = p->best_seat, team = winner & 1;
    p->points[team] += p->pts[p->tc[0]] + p->pts[p->tc[1]] + p->pts[p->tc[2]] + p->pts[p->tc[3]];
    p->won[team] += 1;
    PyObject *cards, *seats;
    if (p->listed == 0) { /* the trick's lists, made at once */
        if ((cards = PyList_New(4)) == NULL || (seats = PyList_New(4)) == NULL) {
            Py_XDECREF(cards);
            return -1;
        }
        for (int k = 0; k < 4; k++) {
            PyList_SET_ITEM(cards, k, p->card_obj[k]);
            PyList_SET_ITEM(seats, k, p->seat_obj[k]);
        }
        p->listed = 4;
        Py_CLEAR(p->trick_cards);
        Py_CLEAR(p->trick_seats);
    } else { /* the lists of the state, the plays of this call added */
        if (p->trick_cards == NULL || list_trick(p) < 0) return -1;
        cards = p->trick_cards;
        seats = p->trick_seats;
        p->trick_cards = p->trick_seats = NULL;
    }
    PyObject *who = PyLong_FromLong(winner), *done = who != NULL ? PyTuple_New(3) : NULL;
    if (done == NULL) {
        Py_XDECREF(who);
        Py_DECREF(cards);
        Py_DECREF(seats);
        return -1;
    }
    PyTuple_SET_ITEM(done, 0, seats);
    PyTuple_SET_ITEM(done, 1, cards);
    PyTuple_SET_ITEM(done, 2, who);
    int r = PyList_Append(p->tricks_list, done);
    Py_DECREF(done);
    if (r < 0) return -1;
    p->on_table = p->listed = 0;
    p->trick_no += 1;
    p->turn = winner;
    if (p->trick_no == 8) {
        p->ready = 0;
        p->points[team] += bonus;
        if (set_attr(p->state, &A_FAST, Py_False) < 0 || set_long(p->state, &A_LAST_TEAM, team) < 0) return -1;
        long phase;
        int got = get_long(p->state, &A_PHASE, &phase);
        if (got < 0) return -1;
        if (got == 0 && phase == phase_play && set_long(p->state, &A_PHASE, phase_done) < 0) return -1;
        if (got == DELEGATE) { /* a phase that is no int: == PHASE_PLAY as Python compares it */
            PyObject *now = get_attr(p->state, &A_PHASE), *play = PyLong_FromLong(phase_play);
            int same = now != NULL && play != NULL ? PyObject_RichCompareBool(now, play, Py_EQ) : -1;
            Py_XDECREF(now);
            Py_XDECREF(play);
            if (same < 0 || (same && set_long(p->state, &A_PHASE, phase_done) < 0)) return -1;
        }
    }
    return 0;
}

/* What a belote mark reads: the hands dealt (0, DELEGATE or -1). */
static int load_full(Play *p) {
    PyObject *full = get_attr(p->state, &A_FULL_HANDS);
    if (full == NULL) return -1;
    int r = PyList_Check(full) && PyList_GET_SIZE(full) == 4 ? 0 : DELEGATE;
    for (int s = 0; r == 0 && s < 4; s++) r = as_mask(PyList_GET_ITEM(full, s), &p->full[s]);
    Py_DECREF(full);
    p->have_full = r == 0;
    return r;
}

/* A mark the Python loop lets through: on the trump king or queen of a seat dealt both, the
 * word belote_word_due says (asked on the state written back). PLAYED, STOP, HAND_BACK or -1. */
static int mark_fits(Play *p, long seat, long card, PyObject *card_obj, uint32_t bit, PyObject *mark) {
    if (!(p->pair & bit)) return STOP;
    if (!p->have_full) {
        int r = load_full(p);
        if (r) return r == DELEGATE ? HAND_BACK : -1;
    }
    if ((p->full[seat] & p->pair) != p->pair) return STOP;
    int effect, same;
    PyObject *due;
    if (belote_entry(p, card, 1, &effect, &due) < 0) return -1;
    if (due != Py_None) { /* the word the engine's probe found due */
        same = PyObject_RichCompareBool(mark, due, Py_EQ);
    } else { /* belote_word_due asked on the state written back */
        if (flush(p) < 0) return -1;
        due = PyObject_CallFunctionObjArgs(word_due, p->state, card_obj, NULL);
        same = due != NULL ? PyObject_RichCompareBool(mark, due, Py_EQ) : -1;
        Py_XDECREF(due);
    }
    return same < 0 ? -1 : same ? PLAYED : STOP;
}

/* One card of the loop of play_cards: PLAYED, STOP (the card is not the fast path's), LAST
 * (played, and the eighth trick is over), HAND_BACK (a value it does not expect: the Python
 * loop goes on from this card) or -1. */
static int step(Play *p, PyObject *seat_obj, PyObject *card_obj, PyObject *mark) {
    if (seat_obj == Py_None) return STOP;
    if (!PyLong_CheckExact(seat_obj)) return HAND_BACK;
    int overflow;
    long seat = as_long(seat_obj, &overflow);
    if (overflow) return STOP; /* too large for a seat: not the turn's */
    if (seat != p->turn || !PyLong_CheckExact(card_obj)) return STOP;
    long card = as_long(card_obj, &overflow);
    if (overflow) return HAND_BACK;
    if (card < 0 || card >= 32) return STOP; /* no card of a 32-card hand */
    if (seat < 0 || seat > 3) return HAND_BACK;
    uint32_t bit = 1u << card, hand = p->hand[seat];
    if (!(hand & bit)) return STOP;
    if (mark != Py_None) {
        int r = mark_fits(p, seat, card, card_obj, bit, mark);
        if (r != PLAYED) return r;
    }
    if (p->on_table == 3) { /* this card closes the trick: what _close_trick reads */
        int r = load_score(p);
        if (r == 0 && p->trick_no == 7) r = look_up_bonus(p);
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
        if (p->pair & bit && belote_card(p, seat, card, card_obj, mark) < 0) return -1;
        if (p->beat[p->best << 5 | card]) {
            p->best = card;
            p->best_seat = seat;
        }
    } else {
        if (p->pair & bit && belote_card(p, seat, card, card_obj, mark) < 0) return -1;
        p->led = card >> 3;
        p->best = card;
        p->best_seat = seat;
    }
    p->changed = 1;
    p->card_obj[p->on_table] = Py_NewRef(card_obj);
    p->seat_obj[p->on_table] = Py_NewRef(seat_obj);
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

/* ------------------------------------------------------------------ the set-up of a deal */
/* setup_deal: the tafr9a, the smsara and the rest of a deal in one call, leaving the state as
 * deal_five, apply_bid (each call) and deal_rest leave it on their fast paths (distribution.py,
 * bidding.py). It decides nothing either: the counts are distribution.py's; who calls, the
 * round and what a pass leaves come from the engine's table of the dealer, the legal calls and
 * the trump of each take from its table of the offer (smsara_table.py: the engine asked by
 * walking deals through their passes, once per rule set, dealer and offer, and kept); the
 * hands are given to start_play itself. Everything is read and checked before anything is
 * written: anything else leaves the state untouched and returns 0, and the Python phases say
 * what is wrong. */

static PyObject *turns_of, *calls_of, *start_play, *word_pass, *word_take;
static long first_cards, first_dealt, hand_cards, taker_rest, phase_new;
static PyObject *setup_rules, *turn_tables[4], *call_tables[32];

/* The bytes of the tables, as smsara_table.py lays them out. */
enum { TURN_SEAT, TURN_ROUND, TURN_AFTER, TURN_PHASE_AFTER, TURNS_ROW };
enum { CALL_LEGAL, CALL_TRUMP, CALLS_ROW = CALL_TRUMP + 5 };
enum { PASS_LEGAL = 1, TAKE_LEGAL = 2, CALLS = 8 };
enum { NOT_SET_UP = 0, TAKEN = 1, ALL_PASSED = 2 };

static Attr A_SEAT, A_BITS, A_ROUND, A_ACTION, A_SUIT, A_VARIATIONS, A_DEALER, A_BIDS, A_TAKER,
    A_HANDS_KNOWN, A_FIVE, A_OFFER, A_BID_TURN, A_STRAIN;

/* What start_play sets on such a deal, but the hands: started_fields(rules, dealer, taker, trump,
 * phase) of state.py (start_play run by Python on a fresh deal, memoised there), the pairs (name,
 * value) written on the next deal with its hands, or None (start_play is called every time).
 * Kept here by dealer, taker and trump for the rule set of the tables (with the phase it was
 * asked for), so that a deal costs no call for them. */
static PyObject *started_fields, *started[4][4][4];
static long started_phase[4][4][4];

static void forget_started(void) {
    for (int d = 0; d < 4; d++)
        for (int t = 0; t < 4; t++)
            for (int k = 0; k < 4; k++) Py_CLEAR(started[d][t][k]);
}

static void clear_tables(void) {
    Py_CLEAR(setup_rules);
    for (int d = 0; d < 4; d++) Py_CLEAR(turn_tables[d]);
    for (int o = 0; o < 32; o++) Py_CLEAR(call_tables[o]);
    forget_started();
}

static PyObject *bind_setup(PyObject *self, PyObject *args) {
    PyObject *turns, *calls, *start, *fields, *pass, *take;
    if (!PyArg_ParseTuple(args, "OOOOUUlllll", &turns, &calls, &start, &fields, &pass, &take, &first_cards,
                          &first_dealt, &hand_cards, &taker_rest, &phase_new))
        return NULL;
    Py_XSETREF(started_fields, Py_NewRef(fields));
    Py_XSETREF(turns_of, Py_NewRef(turns));
    Py_XSETREF(calls_of, Py_NewRef(calls));
    Py_XSETREF(start_play, Py_NewRef(start));
    Py_XSETREF(word_pass, Py_NewRef(pass));
    Py_XSETREF(word_take, Py_NewRef(take));
    clear_tables();
    Py_RETURN_NONE;
}

/* The engine's table of the rule set for key (asked of table_of once and kept in *slot) into
 * *bytes: 1, 0 refused (None, or not of size bytes), -1 an error. */
static int engine_table(PyObject *table_of, PyObject *rules, long key, PyObject **slot, Py_ssize_t size,
                        const uint8_t **bytes) {
    if (*slot == NULL) {
        PyObject *table = PyObject_CallFunction(table_of, "Ol", rules, key);
        if (table == NULL) return -1;
        if (!PyBytes_Check(table) || PyBytes_GET_SIZE(table) != size) Py_SETREF(table, Py_NewRef(Py_None));
        if (setup_rules != rules) { /* the cache moved on meanwhile: not this rule set's slot */
            Py_DECREF(table);
            return 0;
        }
        Py_XSETREF(*slot, table);
    }
    if (!PyBytes_Check(*slot)) return 0;
    *bytes = (const uint8_t *)PyBytes_AS_STRING(*slot);
    return 1;
}

/* The rule set's tables of the dealer and of the offer: 1, 0 refused, -1 an error. */
static int smsara_tables(PyObject *rules, long dealer, long offer, const uint8_t **turns, const uint8_t **calls) {
    if (rules != setup_rules) {
        clear_tables();
        setup_rules = Py_NewRef(rules);
    }
    int r = engine_table(turns_of, rules, dealer, &turn_tables[dealer], 1 + CALLS * TURNS_ROW, turns);
    if (r > 0) r = engine_table(calls_of, rules, offer, &call_tables[offer], CALLS * CALLS_ROW, calls);
    return r;
}

/* An attribute that is an exact int within [lo, hi], into *out: 1, 0 it is not, -1 an error. */
static int attr_in(PyObject *o, Attr *name, long long lo, long long hi, long long *out) {
    PyObject *v = get_attr(o, name);
    if (v == NULL) return -1;
    int ok = 0, overflow = 0;
    if (PyLong_CheckExact(v)) {
        long long x = PyLong_AsLongLongAndOverflow(v, &overflow);
        ok = !overflow && x >= lo && x <= hi;
        if (ok) *out = x;
    }
    Py_DECREF(v);
    return ok;
}

/* Each seat's cards of a list of hand lines, as holdings() adds them up (check/deal.py hands the
 * engine masks when no card is given twice; the fast paths take only masks): 1, 0 not such
 * masks, -1 an error. */
static int seat_masks(PyObject *lines, uint32_t masks[4]) {
    if (!PyList_CheckExact(lines)) return 0;
    uint64_t sum[4] = {0, 0, 0, 0};
    long long count = 0;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(lines); i++) {
        PyObject *line = PyList_GET_ITEM(lines, i);
        long long seat, bits;
        int r = attr_in(line, &A_SEAT, LLONG_MIN, LLONG_MAX, &seat);
        if (r > 0) r = attr_in(line, &A_BITS, 0, 0xFFFFFFFFLL, &bits);
        if (r <= 0) return r;
        PyObject *cards = get_attr(line, &A_CARDS);
        if (cards == NULL) return -1;
        Py_ssize_t n = PyObject_Length(cards);
        Py_DECREF(cards);
        if (n < 0) return -1;
        sum[seat & 3] += (uint64_t)bits;
        count += n;
    }
    uint64_t total = sum[0] | sum[1] | sum[2] | sum[3];
    if (__builtin_popcountll(total) != count || sum[0] + sum[1] + sum[2] + sum[3] != total) return 0;
    for (int s = 0; s < 4; s++) masks[s] = (uint32_t)sum[s];
    return 1;
}

typedef struct {
    PyObject *bids[CALLS]; /* the calls as the state keeps them (new references) */
    int calls;
    long long dealer, taker, trump, turn, phase;
    uint32_t five[4], hands[4];
} Setup;

/* The calls against the tables: 1 (s->taker is -1 when all passed), 0 not the engine's fast
 * path, -1 an error. */
static int read_calls(Setup *s, PyObject *calls, const uint8_t *turns, const uint8_t *legal_calls) {
    if (!PyList_CheckExact(calls)) return 0;
    Py_ssize_t n = PyList_GET_SIZE(calls);
    if (n < 1 || n > CALLS) return 0;
    s->taker = -1;
    s->phase = turns[0];
    for (Py_ssize_t k = 0; k < n; k++) {
        const uint8_t *turn = turns + 1 + k * TURNS_ROW, *row = legal_calls + k * CALLS_ROW;
        PyObject *call = PyList_GET_ITEM(calls, k);
        long long seat, round, suit = -1;
        if (s->taker >= 0 || turn[TURN_SEAT] > 3) return 0; /* a call after the take, or no bidder */
        int r = attr_in(call, &A_SEAT, turn[TURN_SEAT], turn[TURN_SEAT], &seat);
        if (r > 0) r = attr_in(call, &A_ROUND, turn[TURN_ROUND], turn[TURN_ROUND], &round);
        if (r <= 0) return r;
        PyObject *variations = get_attr(call, &A_VARIATIONS);
        PyObject *action = variations != NULL ? get_attr(call, &A_ACTION) : NULL;
        PyObject *suit_obj = action != NULL ? get_attr(call, &A_SUIT) : NULL;
        PyObject *seat_obj = suit_obj != NULL ? get_attr(call, &A_SEAT) : NULL;
        int plain = seat_obj != NULL && variations == Py_None && PyUnicode_CheckExact(action);
        if (plain && suit_obj != Py_None) {
            plain = PyLong_CheckExact(suit_obj);
            if (plain) {
                suit = PyLong_AsLong(suit_obj);
                plain = suit >= 0 && suit < 4;
                PyErr_Clear(); /* too large: not a suit */
            }
        }
        int is_pass = plain && (action == word_pass || PyUnicode_Compare(action, word_pass) == 0);
        int is_take = plain && !is_pass && (action == word_take || PyUnicode_Compare(action, word_take) == 0);
        int legal = row[CALL_LEGAL];
        if (is_pass && suit < 0 && (legal & PASS_LEGAL)) {
            s->bids[s->calls] = PyTuple_Pack(3, seat_obj, action, Py_None);
            s->turn = turn[TURN_AFTER];
            s->phase = turn[TURN_PHASE_AFTER];
        } else if (is_take && (legal & (suit < 0 ? TAKE_LEGAL : 4 << suit)) && row[CALL_TRUMP + 1 + suit] < 4) {
            s->bids[s->calls] = PyTuple_Pack(3, seat_obj, word_take, suit_obj);
            s->taker = seat;
            s->trump = row[CALL_TRUMP + 1 + suit];
            s->turn = turn[TURN_SEAT];
        } else {
            plain = 0;
        }
        Py_XDECREF(variations);
        Py_XDECREF(action);
        Py_XDECREF(suit_obj);
        Py_XDECREF(seat_obj);
        if (PyErr_Occurred()) return -1;
        if (!plain) return 0;
        if (s->bids[s->calls++] == NULL) return -1;
    }
    return s->taker >= 0 || n == CALLS;
}

/* Everything setup_deal writes, read and checked: 1, 0 not the engine's fast path, -1 an error. */
static int read_setup(Setup *s, PyObject *state, PyObject *five, PyObject *offer, PyObject *calls,
                      PyObject *rest, PyObject *hands) {
    long long phase, dealer, card;
    int r = attr_in(state, &A_PHASE, phase_new, phase_new, &phase); /* a fresh deal */
    if (r > 0) r = attr_in(state, &A_DEALER, 0, 3, &dealer);
    if (r <= 0) return r;
    s->dealer = dealer;
    if (!PyLong_CheckExact(offer) || (card = PyLong_AsLongLong(offer)) < 0 || card >= 32) {
        PyErr_Clear();
        return 0;
    }
    PyObject *bids = get_attr(state, &A_BIDS);
    if (bids == NULL) return -1;
    int fresh = PyList_CheckExact(bids) && PyList_GET_SIZE(bids) == 0;
    Py_DECREF(bids);
    PyObject *taker = fresh ? get_attr(state, &A_TAKER) : NULL;
    if (fresh && taker == NULL) return -1;
    fresh = fresh && taker == Py_None;
    Py_XDECREF(taker);
    if (fresh) {
        int known = truthy(state, &A_HANDS_KNOWN);
        if (known < 0) return -1;
        fresh = !known;
    }
    if (!fresh) return 0;
    PyObject *rules = get_attr(state, &A_RULES);
    if (rules == NULL) return -1;
    const uint8_t *turns, *legal_calls;
    r = smsara_tables(rules, (long)dealer, (long)card, &turns, &legal_calls);
    Py_DECREF(rules);
    if (r <= 0) return r;
    /* deal_five's fast path: five cards a seat, none given twice nor the offer */
    uint32_t offer_bit = 1u << card, dealt;
    if ((r = seat_masks(five, s->five)) <= 0) return r;
    dealt = s->five[0] | s->five[1] | s->five[2] | s->five[3];
    for (int seat = 0; seat < 4; seat++)
        if (__builtin_popcount(s->five[seat]) != first_cards) return 0;
    if (__builtin_popcount(dealt | offer_bit) != first_dealt) return 0;
    if ((r = read_calls(s, calls, turns, legal_calls)) <= 0) return r;
    if (!PyList_CheckExact(rest) || !PyList_CheckExact(hands) || PyList_GET_SIZE(hands) != 0) return 0;
    if (s->taker < 0) return PyList_GET_SIZE(rest) == 0; /* all passed: nothing more is dealt */
    /* deal_rest's fast path: the rest makes eight cards a seat and the whole deck, two to the taker */
    uint32_t more[4];
    if ((r = seat_masks(rest, more)) <= 0) return r;
    for (int seat = 0; seat < 4; seat++) s->hands[seat] = s->five[seat] | more[seat];
    s->hands[s->taker] |= offer_bit;
    if ((s->hands[0] | s->hands[1] | s->hands[2] | s->hands[3]) != 0xFFFFFFFFu
        || __builtin_popcount(more[s->taker]) != taker_rest)
        return 0;
    for (int seat = 0; seat < 4; seat++)
        if (__builtin_popcount(s->hands[seat]) != hand_cards) return 0;
    return 1;
}

static PyObject *mask_list(const uint32_t masks[4]) {
    PyObject *list = PyList_New(4);
    for (int seat = 0; list != NULL && seat < 4; seat++) {
        PyObject *v = PyLong_FromUnsignedLong(masks[seat]);
        if (v == NULL) Py_CLEAR(list);
        else PyList_SET_ITEM(list, seat, v);
    }
    return list;
}

/* The pairs (name, value) of started_fields as (name, value, the name's place among the state's
 * fields or -1), in place of *fields: 0, or -1 with an error. */
static int placed(PyObject **fields) {
    Py_ssize_t n = PyTuple_GET_SIZE(*fields);
    PyObject *out = PyTuple_New(n);
    for (Py_ssize_t i = 0; out != NULL && i < n; i++) {
        PyObject *pair = PyTuple_GET_ITEM(*fields, i);
        if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2 || !PyUnicode_Check(PyTuple_GET_ITEM(pair, 0))) {
            PyErr_SetString(PyExc_TypeError, "started_fields: (name, value) pairs expected");
            Py_CLEAR(out);
            break;
        }
        Py_ssize_t at = -1;
        for (Py_ssize_t k = 0; at < 0 && state_names != NULL && k < state_count; k++)
            if (PyUnicode_Compare(PyTuple_GET_ITEM(pair, 0), PyTuple_GET_ITEM(state_names, k)) == 0) at = k;
        PyObject *entry = Py_BuildValue("(OOn)", PyTuple_GET_ITEM(pair, 0), PyTuple_GET_ITEM(pair, 1), at);
        if (entry == NULL) Py_CLEAR(out);
        else PyTuple_SET_ITEM(out, i, entry);
    }
    Py_SETREF(*fields, out);
    return out == NULL ? -1 : 0;
}

/* start_play(state, hands) (fields None), or the fields placed() written with the hands: 0, -1 an error. */
static int started_with(PyObject *state, PyObject *start_play, PyObject *fields, const uint32_t masks[4]) {
    PyObject *hands = mask_list(masks), *full = hands != NULL ? mask_list(masks) : NULL;
    int r = full == NULL ? -1 : 0;
    if (r == 0 && fields == Py_None) {
        PyObject *done = PyObject_CallFunctionObjArgs(start_play, state, hands, NULL);
        r = done == NULL ? -1 : 0;
        Py_XDECREF(done);
    } else if (r == 0) {
        Py_INCREF(fields); /* held: a setattr may run Python code */
        r = set_attr(state, &A_HANDS, hands) < 0 || set_attr(state, &A_FULL_HANDS, full) < 0 ? -1 : 0;
        int own = own_state(state);
        for (Py_ssize_t i = 0; r == 0 && i < PyTuple_GET_SIZE(fields); i++) {
            PyObject *entry = PyTuple_GET_ITEM(fields, i), *value = PyTuple_GET_ITEM(entry, 1);
            Py_ssize_t at = PyLong_AsSsize_t(PyTuple_GET_ITEM(entry, 2));
            if (own && at >= 0) Py_XSETREF(((StateObject *)state)->field[at], Py_NewRef(value));
            else r = PyObject_SetAttr(state, PyTuple_GET_ITEM(entry, 0), value);
        }
        Py_DECREF(fields);
    }
    Py_XDECREF(hands);
    Py_XDECREF(full);
    return r;
}

/* start_play(state, the hands), or what started_fields says it does written with the hands. */
static int start(Setup *s, PyObject *state) {
    long long dealer = s->dealer;
    PyObject **memo = &started[dealer][s->taker][s->trump];
    if (*memo != NULL && started_phase[dealer][s->taker][s->trump] != s->phase) Py_CLEAR(*memo);
    if (*memo == NULL) {
        PyObject *rules = get_attr(state, &A_RULES);
        if (rules == NULL) return -1;
        PyObject *fields = rules == setup_rules
            ? PyObject_CallFunction(started_fields, "OLLLL", rules, dealer, s->taker, s->trump, s->phase) : NULL;
        Py_DECREF(rules);
        if (fields == NULL && PyErr_Occurred()) return -1;
        if (fields == NULL || !PyTuple_Check(fields)) Py_XSETREF(fields, Py_NewRef(Py_None));
        if (fields != Py_None && placed(&fields) < 0) return -1;
        *memo = fields;
        started_phase[dealer][s->taker][s->trump] = s->phase;
    }
    return started_with(state, start_play, *memo, s->hands);
}

/* Write what was read: deal_five's, each call's, the take's; then start_play. */
static int write_setup(Setup *s, PyObject *state, PyObject *offer) {
    PyObject *five = mask_list(s->five);
    if (five == NULL) return -1;
    int r = set_attr(state, &A_FIVE, five);
    Py_DECREF(five);
    if (r < 0 || set_attr(state, &A_OFFER, offer) < 0 || set_long(state, &A_PHASE, (long)s->phase) < 0
        || set_long(state, &A_BID_TURN, (long)s->turn) < 0)
        return -1;
    PyObject *bids = get_attr(state, &A_BIDS);
    if (bids == NULL) return -1;
    for (int k = 0; k < s->calls && r == 0; k++) r = PyList_Append(bids, s->bids[k]);
    Py_DECREF(bids);
    if (r < 0 || s->taker < 0) return r;
    if (set_long(state, &A_TAKER, (long)s->taker) < 0 || set_long(state, &A_TRUMP, (long)s->trump) < 0
        || set_long(state, &A_STRAIN, (long)s->trump) < 0)
        return -1;
    return start(s, state);
}

static PyObject *setup_deal(PyObject *self, PyObject *const *args, Py_ssize_t n) {
    if (fast_args("setup_deal", n, 6, 6, args, NULL) < 0) return NULL;
    PyObject *state = args[0], *five = args[1], *offer = args[2], *calls = args[3], *rest = args[4], *hands = args[5];
    if (start_play == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "setup_deal: bind_setup() was not called");
        return NULL;
    }
    Setup s;
    memset(&s, 0, sizeof s);
    int fast = read_setup(&s, state, five, offer, calls, rest, hands);
    if (fast < 0 && PyErr_ExceptionMatches(PyExc_Exception)) { /* a value it cannot read: the phases' */
        PyErr_Clear();
        fast = 0;
    }
    int written = fast > 0 ? write_setup(&s, state, offer) : 0;
    for (int k = 0; k < s.calls; k++) Py_DECREF(s.bids[k]);
    if (fast < 0 || written < 0) return NULL;
    return PyLong_FromLong(fast == 0 ? NOT_SET_UP : s.taker >= 0 ? TAKEN : ALL_PASSED);
}

/* ------------------------------------------------------------------ the set-up of a contrée deal */
/* setup_auction: a contrée auction and the hands in one call, leaving the state as
 * apply_auction_call (each call) and set_hands leave it when they find nothing wrong
 * (auction_table.py). It decides nothing either: a call's step is looked up in the rule set's
 * table (auction_table.step_table: a dict from the values of the state the engine names,
 * auction.STEP_STATE, and the call, to what the step changed), and a step not there is
 * apply_auction_call itself, run on the deal, what it changed kept in the table. The deal is
 * kept as it was first (its fields and the length of its lists); a finding, a call it cannot
 * read, an auction not over or hands that are not set_hands' fast path put it back as it was,
 * and the phases say what is wrong. */

enum { MAX_FIELDS = 256, MAX_KEY = 16 };
static PyObject *step_table_of, *auction_step, *auction_start, *auction_fields, *auction_rules, *auction_table;
static Py_ssize_t key_at[MAX_KEY];
static int key_count;
static long auction_new, auction_dead, auction_cards;
static uint32_t auction_deck;
static Py_ssize_t table_size;
static Attr A_VALUE;
static PyObject *steps_type; /* StepTable (_steps.c), held */

typedef struct {
    PyObject *field[MAX_FIELDS]; /* held */
    Py_ssize_t length[MAX_FIELDS]; /* a list's length; -1: not a list */
} Kept;

/* What start_play sets after a contract, as started_fields(rules, dealer, taker, trump, phase,
 * strain) says (placed()), by dealer, taker and strain of the rule set of the table, with the
 * trump and phase it was asked for; None: start_play is called. */
static PyObject *contract_started[4][4][6];
static long contract_asked[4][4][6];

static void forget_contract_started(void) {
    for (int d = 0; d < 4; d++)
        for (int t = 0; t < 4; t++)
            for (int k = 0; k < 6; k++) Py_CLEAR(contract_started[d][t][k]);
}

static PyObject *bind_auction(PyObject *self, PyObject *args) {
    PyObject *table_of, *step, *start, *fields, *names;
    unsigned long deck;
    if (!PyArg_ParseTuple(args, "OOOOO!lllkn", &table_of, &step, &start, &fields, &PyTuple_Type, &names, &auction_new,
                          &auction_dead, &auction_cards, &deck, &table_size))
        return NULL;
    if (state_names == NULL || state_count > MAX_FIELDS || PyTuple_GET_SIZE(names) > MAX_KEY) {
        PyErr_SetString(PyExc_ValueError, "bind_auction: the state's fields first (state_base), at most 16 keys");
        return NULL;
    }
    for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(names); k++) {
        key_at[k] = -1;
        for (Py_ssize_t i = 0; key_at[k] < 0 && i < state_count; i++)
            if (PyUnicode_Compare(PyTuple_GET_ITEM(names, k), PyTuple_GET_ITEM(state_names, i)) == 0) key_at[k] = i;
        if (key_at[k] < 0) {
            PyErr_Format(PyExc_ValueError, "bind_auction: %R is not a field of the state", PyTuple_GET_ITEM(names, k));
            return NULL;
        }
    }
    key_count = (int)PyTuple_GET_SIZE(names);
    auction_deck = (uint32_t)deck;
    Py_XSETREF(step_table_of, Py_NewRef(table_of));
    Py_XSETREF(auction_step, Py_NewRef(step));
    Py_XSETREF(auction_start, Py_NewRef(start));
    Py_XSETREF(auction_fields, Py_NewRef(fields));
    Py_CLEAR(auction_rules);
    Py_CLEAR(auction_table);
    forget_contract_started();
    Py_RETURN_NONE;
}

static void keep(Kept *k, StateObject *s) {
    for (Py_ssize_t i = 0; i < state_count; i++) {
        PyObject *v = s->field[i];
        k->field[i] = Py_XNewRef(v);
        k->length[i] = v != NULL && PyList_CheckExact(v) ? PyList_GET_SIZE(v) : -1;
    }
}

static void drop(Kept *k) {
    for (Py_ssize_t i = 0; i < state_count; i++) Py_CLEAR(k->field[i]);
}

/* The fields as they were kept, and each kept list cut back to its length: 0, -1 an error. */
static int put_back(Kept *k, StateObject *s) {
    int r = 0;
    for (Py_ssize_t i = 0; i < state_count; i++) {
        if (s->field[i] != k->field[i]) Py_XSETREF(s->field[i], Py_XNewRef(k->field[i]));
        PyObject *v = s->field[i];
        if (k->length[i] >= 0 && PyList_GET_SIZE(v) > k->length[i]
            && PyList_SetSlice(v, k->length[i], PyList_GET_SIZE(v), NULL) < 0)
            r = -1;
    }
    return r;
}

/* A value that can be shared between deals: None, an exact int, bool, float, str or bytes, or a
 * tuple of such values. */
static int shareable(PyObject *v, int depth) {
    if (v == Py_None || PyLong_CheckExact(v) || PyBool_Check(v) || PyFloat_CheckExact(v) || PyUnicode_CheckExact(v)
        || PyBytes_CheckExact(v))
        return 1;
    if (!PyTuple_CheckExact(v) || depth > 3) return 0;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(v); i++)
        if (!shareable(PyTuple_GET_ITEM(v, i), depth + 1)) return 0;
    return 1;
}

/* (at, kind, value), value stolen. */
static PyObject *change_entry(Py_ssize_t at, long kind, PyObject *value) {
    PyObject *place = PyLong_FromSsize_t(at), *out = place != NULL ? PyTuple_Pack(3, place, kind ? Py_True :
                                                                                  Py_False, value) : NULL;
    Py_XDECREF(place);
    Py_DECREF(value);
    return out;
}

/* One change of a step: (its field, False, the new value) or (its list, True, the items added). */
static PyObject *change(StateObject *s, Kept *before, Py_ssize_t i) {
    PyObject *now = s->field[i];
    if (now != before->field[i])
        return now != NULL && shareable(now, 0) ? change_entry(i, 0, Py_NewRef(now)) : Py_NewRef(Py_None);
    if (before->length[i] < 0 || PyList_GET_SIZE(now) == before->length[i]) return NULL;
    if (PyList_GET_SIZE(now) < before->length[i]) return Py_NewRef(Py_None);
    PyObject *added = PyList_GetSlice(now, before->length[i], PyList_GET_SIZE(now));
    PyObject *items = added != NULL ? PyList_AsTuple(added) : NULL;
    Py_XDECREF(added);
    if (items == NULL) return NULL;
    if (!shareable(items, 0)) {
        Py_DECREF(items);
        return Py_NewRef(Py_None);
    }
    return change_entry(i, 1, items);
}

/* What a step changed, since before, as a table entry: a tuple of changes, None when a value
 * cannot be shared, NULL with an error. */
static PyObject *learnt(StateObject *s, Kept *before) {
    PyObject *out = PyList_New(0);
    for (Py_ssize_t i = 0; out != NULL && i < state_count; i++) {
        PyObject *one = change(s, before, i);
        if (one == NULL && PyErr_Occurred()) Py_CLEAR(out);
        if (one == NULL) continue;
        if (one == Py_None) {
            Py_DECREF(out);
            return one;
        }
        if (PyList_Append(out, one) < 0) Py_CLEAR(out);
        Py_DECREF(one);
    }
    if (out == NULL) return NULL;
    Py_SETREF(out, PyList_AsTuple(out));
    return out;
}

/* A table entry written: 1, 0 it does not fit the state, -1 an error. */
static int apply_entry(StateObject *s, PyObject *entry) {
    for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(entry); k++) {
        PyObject *one = PyTuple_GET_ITEM(entry, k), *value = PyTuple_GET_ITEM(one, 2);
        Py_ssize_t at = PyLong_AsSsize_t(PyTuple_GET_ITEM(one, 0));
        int append = PyTuple_GET_ITEM(one, 1) == Py_True;
        if (at < 0 || at >= state_count) return PyErr_Occurred() ? -1 : 0;
        if (!append) {
            Py_XSETREF(s->field[at], Py_NewRef(value));
            continue;
        }
        PyObject *list = s->field[at];
        if (list == NULL || !PyList_CheckExact(list)) return 0;
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(value); i++)
            if (PyList_Append(list, PyTuple_GET_ITEM(value, i)) < 0) return -1;
    }
    return 1;
}

/* A call's seat, action, suit and value (new references, into part), as check/deal.py hands
 * them to the engine: 1, 0 a call it leaves to the phases (an alternative line, no seat, a
 * value of another type), -1 an error. */
static int call_parts(PyObject *call, PyObject *part[4]) {
    Attr *names[4] = {&A_SEAT, &A_ACTION, &A_SUIT, &A_VALUE};
    PyObject *variations = get_attr(call, &A_VARIATIONS);
    if (variations == NULL) return -1;
    int ok = variations == Py_None;
    Py_DECREF(variations);
    for (int i = 0; i < 4; i++) part[i] = NULL;
    for (int i = 0; ok > 0 && i < 4; i++) {
        part[i] = get_attr(call, names[i]);
        if (part[i] == NULL) ok = -1;
        else if (i == 1) ok = PyUnicode_CheckExact(part[i]);
        else ok = PyLong_CheckExact(part[i]) || (i > 1 && part[i] == Py_None);
    }
    if (ok <= 0)
        for (int i = 0; i < 4; i++) Py_CLEAR(part[i]);
    return ok;
}

/* The collector told not to scan a table's entry, kept for the whole run, which it would
 * otherwise scan at each collection until it untracked them itself: tuples of shareable values,
 * which cannot be part of a cycle. (The table's keys are its own, made untracked: _steps.c.) */
static void untrack(PyObject *entry) {
    for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(entry); k++) {
        PyObject *one = PyTuple_GET_ITEM(entry, k), *value = PyTuple_GET_ITEM(one, 2);
        if (PyTuple_CheckExact(value) && PyObject_GC_IsTracked(value)) PyObject_GC_UnTrack(value);
        if (PyObject_GC_IsTracked(one)) PyObject_GC_UnTrack(one);
    }
    if (PyObject_GC_IsTracked(entry)) PyObject_GC_UnTrack(entry);
}

/* A step not in the table: apply_auction_call on the deal, what it changed kept in the table
 * (key: the state's values and the call, hash: steps_find's): 1, 0 it found something wrong,
 * -1 an error. */
static int learn(StateObject *s, PyObject *table, PyObject *const *key, Py_hash_t hash) {
    Kept before;
    keep(&before, s);
    PyObject *found = PyObject_CallFunctionObjArgs(auction_step, (PyObject *)s, key[key_count], key[key_count + 1],
                                                   key[key_count + 2], key[key_count + 3], NULL);
    int r = found == NULL ? -1 : PyObject_IsTrue(found);
    Py_XDECREF(found);
    r = r < 0 ? -1 : !r;
    if (r > 0) {
        PyObject *entry = learnt(s, &before);
        if (entry == NULL) r = -1;
        else if (entry != Py_None) {
            if (steps_size(table) >= table_size) steps_clear(table);
            if (steps_put(table, key, hash, entry) < 0) r = -1;
            else untrack(entry);
        }
        Py_XDECREF(entry);
    }
    drop(&before);
    return r;
}

/* Every call, each step from the table or learnt: 1, 0 not the engine's clean auction, -1 an error. */
static int run_auction(StateObject *s, PyObject *calls, PyObject *table) {
    int r = 1;
    PyObject *key[MAX_KEY + 4]; /* the state's values (borrowed) and the call's parts (held) */
    for (Py_ssize_t k = 0; r > 0 && k < PyList_GET_SIZE(calls); k++) {
        if ((r = call_parts(PyList_GET_ITEM(calls, k), key + key_count)) <= 0) return r;
        for (int i = 0; i < key_count; i++) {
            PyObject *v = s->field[key_at[i]];
            key[i] = v != NULL ? v : Py_None;
            if (v == NULL) r = 0; /* a field not set: not a fresh deal's */
        }
        Py_hash_t hash = 0;
        PyObject *entry = r > 0 ? steps_find(table, key, &hash) : NULL;
        if (entry != NULL) {
            Py_INCREF(entry);
            r = PyTuple_CheckExact(entry) ? apply_entry(s, entry) : 0;
            Py_DECREF(entry);
        } else if (r > 0) {
            r = PyErr_Occurred() ? -1 : learn(s, table, key, hash);
        }
        for (int i = 0; i < 4; i++) Py_DECREF(key[key_count + i]);
    }
    return r;
}

/* The rule set's table of steps (asked once per rule set): 1, 0 none, -1 an error. */
static int steps_of(PyObject *rules, PyObject **table) {
    if (rules != auction_rules) {
        PyObject *found = PyObject_CallOneArg(step_table_of, rules);
        if (found == NULL) return -1;
        Py_XSETREF(auction_rules, Py_NewRef(rules));
        Py_XSETREF(auction_table, found);
        forget_contract_started();
    }
    *table = auction_table;
    return steps_type != NULL && steps_check(auction_table, steps_type, key_count + 4);
}

/* The fields start_play sets after this auction (a new reference, None: call start_play). */
static PyObject *started_after(PyObject *state) {
    long long dealer, taker, trump, strain, phase;
    int r = attr_in(state, &A_DEALER, 0, 3, &dealer);
    if (r > 0) r = attr_in(state, &A_TAKER, 0, 3, &taker);
    if (r > 0) r = attr_in(state, &A_TRUMP, -1, 3, &trump);
    if (r > 0) r = attr_in(state, &A_STRAIN, 0, 5, &strain);
    if (r > 0) r = attr_in(state, &A_PHASE, 0, 15, &phase);
    if (r <= 0) return r < 0 ? NULL : Py_NewRef(Py_None);
    PyObject **memo = &contract_started[dealer][taker][strain];
    long asked = (long)((trump + 1) * 16 + phase);
    if (*memo != NULL && contract_asked[dealer][taker][strain] == asked) return Py_NewRef(*memo);
    PyObject *fields = PyObject_CallFunction(auction_fields, "OLLLLL", auction_rules, dealer, taker, trump, phase,
                                             strain);
    if (fields == NULL) return NULL;
    if (!PyTuple_Check(fields)) Py_SETREF(fields, Py_NewRef(Py_None));
    if (fields != Py_None && placed(&fields) < 0) return NULL;
    Py_XSETREF(*memo, Py_NewRef(fields));
    contract_asked[dealer][taker][strain] = asked;
    return fields;
}

/* set_hands' fast path: four hands of hand_cards cards each that make the deck, given to
 * start_play (or what it sets written: started_after): 1, 0 not that path, -1 an error. */
static int deal_hands(PyObject *state, PyObject *hands, int taken) {
    uint32_t masks[4];
    int r = seat_masks(hands, masks);
    if (r <= 0) return r;
    if ((masks[0] | masks[1] | masks[2] | masks[3]) != auction_deck) return 0;
    for (int seat = 0; seat < 4; seat++)
        if (__builtin_popcount(masks[seat]) != auction_cards) return 0;
    PyObject *fields = taken ? started_after(state) : Py_NewRef(Py_None);
    if (fields == NULL) return -1;
    r = started_with(state, auction_start, fields, masks);
    Py_DECREF(fields);
    return r < 0 ? -1 : 1;
}

/* A fresh deal of a contrée rule set, its calls and hands as the fast path takes them: 1, 0 not,
 * -1 an error. */
static int auction_ready(PyObject *state, PyObject *five, PyObject *calls, PyObject *rest, PyObject **table) {
    long long phase;
    if (!own_state(state) || state_count > MAX_FIELDS || !PyList_CheckExact(calls) || PyList_GET_SIZE(calls) == 0
        || !PyList_CheckExact(five) || PyList_GET_SIZE(five) != 0 || !PyList_CheckExact(rest)
        || PyList_GET_SIZE(rest) != 0)
        return 0;
    int r = attr_in(state, &A_PHASE, auction_new, auction_new, &phase);
    if (r <= 0) return r;
    PyObject *bids = get_attr(state, &A_BIDS), *taker = bids != NULL ? get_attr(state, &A_TAKER) : NULL;
    int fresh = taker != NULL && taker == Py_None && PyList_CheckExact(bids) && PyList_GET_SIZE(bids) == 0;
    Py_XDECREF(bids);
    Py_XDECREF(taker);
    if (taker == NULL) return -1;
    int known = fresh ? truthy(state, &A_HANDS_KNOWN) : 0;
    if (known < 0) return -1;
    if (!fresh || known) return 0;
    PyObject *rules = get_attr(state, &A_RULES);
    if (rules == NULL) return -1;
    r = steps_of(rules, table);
    Py_DECREF(rules);
    return r;
}

/* Whether the auction is over: 1 with a contract (*taken) or four passes (a dead deal), 0 not,
 * -1 an error. */
static int auction_end(PyObject *state, int *taken) {
    PyObject *taker = get_attr(state, &A_TAKER);
    if (taker == NULL) return -1;
    *taken = taker != Py_None;
    Py_DECREF(taker);
    long long phase;
    return *taken ? 1 : attr_in(state, &A_PHASE, auction_dead, auction_dead, &phase);
}

static PyObject *setup_auction(PyObject *self, PyObject *const *args, Py_ssize_t n) {
    if (fast_args("setup_auction", n, 5, 5, args, NULL) < 0) return NULL;
    PyObject *state = args[0], *table;
    if (auction_step == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "setup_auction: bind_auction() was not called");
        return NULL;
    }
    int r = auction_ready(state, args[1], args[2], args[3], &table), taken = 0;
    if (r <= 0) {
        if (r < 0 && !PyErr_ExceptionMatches(PyExc_Exception)) return NULL;
        PyErr_Clear();
        return PyLong_FromLong(NOT_SET_UP);
    }
    Kept first;
    keep(&first, (StateObject *)state);
    Py_INCREF(table); /* held: the rule set's table may be replaced meanwhile */
    r = run_auction((StateObject *)state, args[2], table);
    Py_DECREF(table);
    if (r > 0 && (r = auction_end(state, &taken)) > 0) r = deal_hands(state, args[4], taken);
    if (r < 0 && PyErr_ExceptionMatches(PyExc_Exception)) { /* a value it cannot read: the phases' */
        PyErr_Clear();
        r = 0;
    }
    if (r == 0 && put_back(&first, (StateObject *)state) < 0) r = -1;
    drop(&first);
    if (r < 0) return NULL;
    return PyLong_FromLong(r == 0 ? NOT_SET_UP : taken ? TAKEN : ALL_PASSED);
}

/* ------------------------------------------------------------------ the recorded winners */
/* wrong_winners (partial.py): the places k of tricks[start:end] whose recorded winner (not None)
 * is not the seat that won the trick, as the state keeps it ((seats, cards, winner) in its
 * tricks); anything it does not expect goes to the Python function. */
static PyObject *python_wrong_winners;

static PyObject *bind_winners(PyObject *self, PyObject *python) {
    Py_XSETREF(python_wrong_winners, Py_NewRef(python));
    Py_RETURN_NONE;
}

static PyObject *wrong_winners(PyObject *self, PyObject *const *args, Py_ssize_t n) {
    if (n != 4) {
        PyErr_Format(PyExc_TypeError, "wrong_winners() takes 4 arguments (%zd given)", n);
        return NULL;
    }
    if (python_wrong_winners == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "wrong_winners: bind_winners() was not called");
        return NULL;
    }
    PyObject *tricks = args[1], *done = get_attr(args[0], &A_TRICKS), *out = NULL;
    Py_ssize_t start = PyLong_CheckExact(args[2]) ? PyLong_AsSsize_t(args[2]) : -1;
    Py_ssize_t end = PyLong_CheckExact(args[3]) ? PyLong_AsSsize_t(args[3]) : -1;
    PyErr_Clear(); /* an int too large: the Python function's */
    int fits = done != NULL && PyList_Check(done) && is_seq(tricks) && 0 <= start && start <= end
               && end <= PyList_GET_SIZE(done) && end <= PySequence_Fast_GET_SIZE(tricks);
    for (Py_ssize_t k = start; fits && k < end; k++) {
        PyObject *entry = PyList_GET_ITEM(done, k);
        fits = PyTuple_Check(entry) && PyTuple_GET_SIZE(entry) == 3;
    }
    if (fits) out = PyList_New(0);
    for (Py_ssize_t k = start; out != NULL && k < end; k++) {
        PyObject *recorded = get_attr(PySequence_Fast_GET_ITEM(tricks, k), &A_WINNER);
        int wrong = recorded == NULL ? -1 : recorded == Py_None ? 0
                    : PyObject_RichCompareBool(recorded, PyTuple_GET_ITEM(PyList_GET_ITEM(done, k), 2), Py_NE);
        Py_XDECREF(recorded);
        PyObject *place = wrong > 0 ? PyLong_FromSsize_t(k) : NULL;
        if (wrong < 0 || (wrong > 0 && (place == NULL || PyList_Append(out, place) < 0))) Py_CLEAR(out);
        Py_XDECREF(place);
    }
    Py_XDECREF(done);
    if (out != NULL || PyErr_Occurred()) return out;
    return PyObject_Vectorcall(python_wrong_winners, args, n, NULL);
}

/* ------------------------------------------------------------------ a copy of a deal */
/* copy_deal (state.py): a new object of the state's type with its slots' values, each list
 * copied (and each list in it), each set copied; new_deal copies the deal it made once per
 * rule set, dealer and deck (what DealState's constructor would make again). */

static PyObject *copy_value(PyObject *v, int depth) {
    if (PyList_CheckExact(v)) {
        Py_ssize_t n = PyList_GET_SIZE(v);
        PyObject *out = PyList_New(n);
        for (Py_ssize_t i = 0; out != NULL && i < n; i++) {
            PyObject *item = PyList_GET_ITEM(v, i);
            item = depth ? copy_value(item, 0) : Py_NewRef(item);
            if (item == NULL) Py_CLEAR(out);
            else PyList_SET_ITEM(out, i, item);
        }
        return out;
    }
    if (depth && PySet_CheckExact(v)) return PySet_New(v);
    return Py_NewRef(v);
}

/* The state's class (a subclass of it may hold more than the fields: refused). */
static PyObject *deal_type;

static PyObject *bind_copy(PyObject *self, PyObject *kind) {
    if (!PyType_Check(kind) || state_type == NULL || !PyType_IsSubtype((PyTypeObject *)kind, state_type)) {
        PyErr_SetString(PyExc_TypeError, "bind_copy: a subclass of state_base()");
        return NULL;
    }
    Py_XSETREF(deal_type, Py_NewRef(kind));
    Py_RETURN_NONE;
}

static PyObject *copy_deal(PyObject *self, PyObject *state) {
    if (deal_type == NULL || (PyObject *)Py_TYPE(state) != deal_type) {
        PyErr_SetString(PyExc_TypeError, deal_type == NULL ? "copy_deal: bind_copy() was not called"
                                                           : "copy_deal: a state of the bound class only");
        return NULL;
    }
    PyObject *twin = PyType_GenericAlloc(Py_TYPE(state), 0);
    for (Py_ssize_t i = 0; twin != NULL && i < state_count; i++) {
        PyObject *v = ((StateObject *)state)->field[i];
        if (v == NULL) continue; /* a field not set: not set in the copy either */
        if ((v = copy_value(v, 1)) == NULL) Py_CLEAR(twin);
        else ((StateObject *)twin)->field[i] = v;
    }
    return twin;
}

/* ------------------------------------------------------------------ the entries */

static PyObject *play_cards(PyObject *self, PyObject *const *args, Py_ssize_t n_args) {
    Py_ssize_t start = 0;
    if (fast_args("play_cards", n_args, 4, 5, args, &start) < 0) return NULL;
    PyObject *state = args[0], *seats = args[1], *cards = args[2], *marks = args[3];
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

/* plain_trick (play.py) past its four plays: numbered t + 1, no alternative lines, no seat left
 * out (the seats into *seats): 1, 0, or -1 with an error. */
static int plain(PyObject *trick, Py_ssize_t t, PyObject **seats) {
    PyObject *number = get_attr(trick, &A_NUMBER), *place = PyLong_FromSsize_t(t + 1);
    int fits = number != NULL && place != NULL ? PyObject_RichCompareBool(number, place, Py_EQ) : -1;
    Py_XDECREF(number);
    Py_XDECREF(place);
    if (fits > 0) {
        PyObject *variations = get_attr(trick, &A_VARIATIONS);
        fits = variations == NULL ? -1 : variations == Py_None;
        Py_XDECREF(variations);
    }
    if (fits > 0) {
        *seats = get_attr(trick, &A_SEATS);
        int left_out = *seats == NULL ? -1 : 0, ints = left_out == 0 && is_seq(*seats);
        for (Py_ssize_t k = 0; ints && k < PySequence_Fast_GET_SIZE(*seats); k++)
            ints = PyLong_CheckExact(PySequence_Fast_GET_ITEM(*seats, k)); /* an int is not None */
        if (left_out == 0 && !ints) left_out = PySequence_Contains(*seats, Py_None); /* as `in` finds it */
        fits = left_out < 0 ? -1 : !left_out;
    }
    return fits;
}

static PyObject *play_tricks_batch(PyObject *self, PyObject *const *args, Py_ssize_t n_args) {
    Py_ssize_t start = 0;
    if (fast_args("play_tricks_batch", n_args, 2, 3, args, &start) < 0) return NULL;
    PyObject *state = args[0], *tricks = args[1];
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
        PyObject *cards = get_attr(trick, &A_CARDS), *seats = NULL, *marks = NULL;
        int hand_back = 0;
        if (cards == NULL) goto failed;
        if (!is_seq(cards)) {
            hand_back = 1;
        } else if (j == 0 && PySequence_Fast_GET_SIZE(cards) != 4) { /* not plain */
            Py_DECREF(cards);
            break;
        } else {
            int fits = j ? 1 : plain(trick, t, &seats); /* a trick reached at its first card */
            if (fits > 0 && seats == NULL) seats = get_attr(trick, &A_SEATS);
            marks = fits > 0 && seats != NULL ? get_attr(trick, &A_MARKS) : NULL;
            if (marks == NULL || !p.ready) { /* an error, not plain, or play_cards plays nothing more */
                Py_DECREF(cards);
                Py_XDECREF(seats);
                Py_XDECREF(marks);
                if (fits < 0 || (fits > 0 && marks == NULL)) goto failed;
                break;
            }
            hand_back = !is_seq(seats) || !is_seq(marks) || PySequence_Fast_GET_SIZE(cards) != 4
                        || PySequence_Fast_GET_SIZE(seats) != 4 || PySequence_Fast_GET_SIZE(marks) != 4;
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
     "last_trick_bonus, belote_word_due, track_belote_card, belote_step, phase_play, phase_done): the engine's "
     "functions and tables."},
    {"play_cards", (PyCFunction)(void (*)(void))play_cards, METH_FASTCALL,
     "play_cards(state, seats, cards, marks, start=0) -> int: the engine's play_cards, compiled."},
    {"play_tricks_batch", (PyCFunction)(void (*)(void))play_tricks_batch, METH_FASTCALL,
     "play_tricks_batch(state, tricks, start=0) -> int: the engine's play_tricks_batch, compiled."},
    {"bind_setup", bind_setup, METH_VARARGS,
     "bind_setup(bidding_turns, bidding_calls, start_play, pass, take, first_cards, first_dealt, hand_cards, "
     "taker_rest, phase_new): the engine's tables, function, words and counts for setup_deal."},
    {"bind_auction", bind_auction, METH_VARARGS,
     "bind_auction(step_table, apply_auction_call, start_play, started_fields, step_state, phase_new, phase_dead, hand_cards, "
     "full_deck, table_size): the engine's table, functions and values for setup_auction."},
    {"setup_auction", (PyCFunction)(void (*)(void))setup_auction, METH_FASTCALL,
     "setup_auction(state, five, calls, rest, hands) -> int: a contrée auction and the hands of a fresh deal "
     "on the engine's steps (1 taken, 2 all passed; 0: nothing done)."},
    {"bind_winners", bind_winners, METH_O, "bind_winners(python_wrong_winners): the Python function."},
    {"wrong_winners", (PyCFunction)(void (*)(void))wrong_winners, METH_FASTCALL,
     "wrong_winners(state, tricks, start, end) -> list: the engine's wrong_winners, compiled."},
    {"record_fields", record_fields, METH_VARARGS,
     "record_fields(cls, names) -> bool: the loops read a record of exactly cls at its fields, in the order of "
     "names, when a probe finds them there (setattr then getattr of a fresh instance); False: through getattr."},
    {"state_base", state_base, METH_O,
     "state_base(names) -> type: the type of a deal state's fields, one object member per name."},
    {"bind_copy", bind_copy, METH_O, "bind_copy(kind): the state's class (a subclass of state_base())."},
    {"copy_deal", copy_deal, METH_O, "copy_deal(state): the engine's copy_deal, compiled."},
    {"setup_deal", (PyCFunction)(void (*)(void))setup_deal, METH_FASTCALL,
     "setup_deal(state, five, offer, calls, rest, hands) -> int: the tafr9a, the smsara and the rest of a "
     "fresh deal on the engine's fast paths (1 taken, 2 all passed; 0: nothing done)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_play", "The engine's play_cards, compiled.", -1, methods,
};

#define INTERN(var, text) \
    if ((var.name = PyUnicode_InternFromString(text)) == NULL) return NULL; \
    attrs[attr_count++] = &var

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
    INTERN(A_FULL_HANDS, "full_hands");
    INTERN(A_BELOTE_MARKS, "belote_marks");
    INTERN(A_NUMBER, "number");
    INTERN(A_WINNER, "winner");
    INTERN(A_SEAT, "seat");
    INTERN(A_BITS, "bits");
    INTERN(A_ROUND, "round");
    INTERN(A_ACTION, "action");
    INTERN(A_SUIT, "suit");
    INTERN(A_VARIATIONS, "variations");
    INTERN(A_DEALER, "dealer");
    INTERN(A_BIDS, "bids");
    INTERN(A_TAKER, "taker");
    INTERN(A_HANDS_KNOWN, "hands_known");
    INTERN(A_FIVE, "five");
    INTERN(A_OFFER, "offer");
    INTERN(A_BID_TURN, "bid_turn");
    INTERN(A_STRAIN, "strain");
    INTERN(A_VALUE, "value");
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) return NULL;
    steps_type = steps_type_new();
    if (steps_type == NULL || PyModule_AddObjectRef(m, "StepTable", steps_type) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
