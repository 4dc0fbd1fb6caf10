/* The engine's play_cards compiled (belote_notation.game.engine._play), optional.
 *
 * It decides no rule: it is the loop of play_cards (game/engine/play.py), step for step, and
 * asks the engine's own Python functions what the rules say: legal_for for a card that does
 * not simply follow a plain suit, _belote_card for the trump king and queen, _close_trick at
 * the fourth card of a trick (its winner, card points, the last trick). bind() hands them over
 * (play.py does, at import). A value it does not expect (a seat that is not an int, a hand it
 * cannot read, sequences of different lengths) hands the rest of the call to the Python
 * play_cards, which then does what it always does. tests/game/test_compiled_play.py and
 * tests/speed/test_differential.py prove the two equal.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

static PyObject *legal_for, *belote_card, *close_trick, *python_play_cards;
static PyObject *A_FAST, *A_HANDS, *A_PAIR, *A_BEATS, *A_TRUMP, *A_STEP, *A_ALL_TRUMP, *A_TURN,
    *A_TRICK_CARDS, *A_TRICK_SEATS, *A_LED, *A_BEST_CARD, *A_BEST_SEAT, *A_PLAYED, *A_TRICK_NO;

static PyObject *bind(PyObject *self, PyObject *args) {
    PyObject *a, *b, *c, *d;
    if (!PyArg_ParseTuple(args, "OOOO", &a, &b, &c, &d)) return NULL;
    Py_INCREF(a); Py_INCREF(b); Py_INCREF(c); Py_INCREF(d);
    Py_XSETREF(legal_for, a);
    Py_XSETREF(belote_card, b);
    Py_XSETREF(close_trick, c);
    Py_XSETREF(python_play_cards, d);
    Py_RETURN_NONE;
}

/* An int attribute of the state; -1 and an error when it is none. */
static long long_attr(PyObject *state, PyObject *name) {
    PyObject *v = PyObject_GetAttr(state, name);
    if (v == NULL) return -1;
    long r = PyLong_AsLong(v);
    Py_DECREF(v);
    return r;
}

static int set_long(PyObject *state, PyObject *name, long value) {
    PyObject *v = PyLong_FromLong(value);
    if (v == NULL) return -1;
    int r = PyObject_SetAttr(state, name, v);
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

static PyObject *delegate(PyObject *state, PyObject *seats, PyObject *cards, PyObject *marks, Py_ssize_t start) {
    return PyObject_CallFunction(python_play_cards, "OOOOn", state, seats, cards, marks, start);
}

/* The trick's cards so far (a new reference to the list), or NULL. */
static PyObject *list_attr(PyObject *state, PyObject *name) {
    PyObject *v = PyObject_GetAttr(state, name);
    if (v != NULL && !PyList_Check(v)) {
        Py_DECREF(v);
        PyErr_Format(PyExc_TypeError, "play_cards: the state's %S is not a list", name);
        return NULL;
    }
    return v;
}

static PyObject *play_cards(PyObject *self, PyObject *args) {
    PyObject *state, *seats, *cards, *marks;
    Py_ssize_t start = 0;
    if (!PyArg_ParseTuple(args, "OOOO|n", &state, &seats, &cards, &marks, &start)) return NULL;
    if (python_play_cards == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "play_cards: bind() was not called");
        return NULL;
    }
    int ready = truthy(state, A_FAST);
    if (ready < 0) return NULL;
    if (!ready) return PyLong_FromSsize_t(start);
    if (!PyList_Check(seats) || !PyList_Check(cards) || !(PyList_Check(marks) || PyTuple_Check(marks))
        || start < 0 || PyList_GET_SIZE(seats) != PyList_GET_SIZE(cards)
        || PySequence_Fast_GET_SIZE(marks) != PyList_GET_SIZE(cards))
        return delegate(state, seats, cards, marks, start);
    Py_ssize_t n = PyList_GET_SIZE(cards);
    PyObject *hands = list_attr(state, A_HANDS);
    if (hands == NULL) return NULL;
    PyObject *beats = PyObject_GetAttr(state, A_BEATS);
    if (beats == NULL) { Py_DECREF(hands); return NULL; }
    long pair = long_attr(state, A_PAIR), trump = long_attr(state, A_TRUMP), step = long_attr(state, A_STEP);
    int all_trump = truthy(state, A_ALL_TRUMP);
    PyObject *result = NULL;
    if (PyErr_Occurred()) goto done;
    if (!PyBytes_Check(beats) || PyBytes_GET_SIZE(beats) != 1024 || PyList_GET_SIZE(hands) != 4) {
        result = delegate(state, seats, cards, marks, start);
        goto done;
    }
    const unsigned char *beat = (const unsigned char *)PyBytes_AS_STRING(beats);
    Py_ssize_t i = start;
    for (; i < n; i++) {
        PyObject *seat_obj = PyList_GET_ITEM(seats, i), *card_obj = PyList_GET_ITEM(cards, i);
        PyObject *mark = PySequence_Fast_GET_ITEM(marks, i);
        if (seat_obj == Py_None) break;
        if (!PyLong_CheckExact(seat_obj)) { result = delegate(state, seats, cards, marks, i); goto done; }
        long seat = PyLong_AsLong(seat_obj);
        if (seat == -1 && PyErr_Occurred()) {  /* too large for a seat: not the turn's */
            PyErr_Clear();
            break;
        }
        long turn = long_attr(state, A_TURN);
        if (turn == -1 && PyErr_Occurred()) goto done;
        if (seat != turn || mark != Py_None || !PyLong_CheckExact(card_obj)) break;
        long card = PyLong_AsLong(card_obj);
        if (card == -1 && PyErr_Occurred()) {
            PyErr_Clear();
            result = delegate(state, seats, cards, marks, i);
            goto done;
        }
        if (card < 0 || card >= 32 || seat < 0 || seat > 3) break;
        uint32_t bit = 1u << card;
        unsigned long long hand = PyLong_AsUnsignedLongLong(PyList_GET_ITEM(hands, seat));
        if (hand == (unsigned long long)-1 && PyErr_Occurred()) {
            PyErr_Clear();
            result = delegate(state, seats, cards, marks, i);
            goto done;
        }
        if (hand >> 32) { result = delegate(state, seats, cards, marks, i); goto done; }
        if (!(hand & bit)) break;
        PyObject *trick_cards = list_attr(state, A_TRICK_CARDS);
        if (trick_cards == NULL) goto done;
        Py_ssize_t on_table = PyList_GET_SIZE(trick_cards);
        int fail = 0, stop = 0;
        if (on_table) {
            long led = long_attr(state, A_LED);
            if (led == -1 && PyErr_Occurred()) fail = 1;
            /* following a plain suit is always legal; anything else asks legal_for */
            else if ((card >> 3) != led || led == trump || all_trump) {
                PyObject *legal = PyObject_CallFunction(legal_for, "OlK", state, seat, hand);
                if (legal == NULL) fail = 1;
                else {
                    unsigned long long mask = PyLong_AsUnsignedLongLongMask(legal);
                    Py_DECREF(legal);
                    if (PyErr_Occurred()) fail = 1;
                    else if (!(mask & bit)) stop = 1;
                }
            }
            if (!fail && !stop && ((uint32_t)pair & bit)) {
                long trick_no = long_attr(state, A_TRICK_NO);
                PyObject *r = trick_no == -1 && PyErr_Occurred() ? NULL : PyObject_CallFunction(
                    belote_card, "OllOln", state, seat, card, Py_None, trick_no + 1, on_table);
                if (r == NULL) fail = 1;
                Py_XDECREF(r);
            }
            if (!fail && !stop) {
                long best = long_attr(state, A_BEST_CARD);
                if (best == -1 && PyErr_Occurred()) fail = 1;
                else if (best >= 0 && best < 32 && beat[best << 5 | card]) {
                    if (set_long(state, A_BEST_CARD, card) < 0 || set_long(state, A_BEST_SEAT, seat) < 0) fail = 1;
                } else if (best < 0 || best >= 32) {
                    Py_DECREF(trick_cards);
                    result = delegate(state, seats, cards, marks, i);
                    goto done;
                }
            }
        } else {
            if ((uint32_t)pair & bit) {
                long trick_no = long_attr(state, A_TRICK_NO);
                PyObject *r = trick_no == -1 && PyErr_Occurred() ? NULL : PyObject_CallFunction(
                    belote_card, "OllOli", state, seat, card, Py_None, trick_no + 1, 0);
                if (r == NULL) fail = 1;
                Py_XDECREF(r);
            }
            if (!fail && (set_long(state, A_LED, card >> 3) < 0 || set_long(state, A_BEST_CARD, card) < 0
                          || set_long(state, A_BEST_SEAT, seat) < 0))
                fail = 1;
        }
        if (fail || stop) {
            Py_DECREF(trick_cards);
            if (fail) goto done;
            break;
        }
        PyObject *trick_seats = list_attr(state, A_TRICK_SEATS);
        PyObject *new_hand = PyLong_FromUnsignedLongLong(hand ^ bit);
        PyObject *played = PyObject_GetAttr(state, A_PLAYED);
        PyObject *bit_obj = PyLong_FromUnsignedLong(bit);
        PyObject *now = played != NULL && bit_obj != NULL ? PyNumber_Or(played, bit_obj) : NULL;
        fail = trick_seats == NULL || new_hand == NULL || now == NULL
               || PyList_Append(trick_cards, card_obj) < 0 || PyList_Append(trick_seats, seat_obj) < 0
               || PyList_SetItem(hands, seat, new_hand) < 0;  /* steals new_hand */
        if (!fail) new_hand = NULL;
        if (!fail && PyObject_SetAttr(state, A_PLAYED, now) < 0) fail = 1;
        Py_ssize_t count = PyList_GET_SIZE(trick_cards);
        Py_XDECREF(trick_seats);
        Py_XDECREF(new_hand);
        Py_XDECREF(played);
        Py_XDECREF(bit_obj);
        Py_XDECREF(now);
        Py_DECREF(trick_cards);
        if (fail) goto done;
        if (count == 4) {
            PyObject *r = PyObject_CallOneArg(close_trick, state);
            if (r == NULL) goto done;
            Py_DECREF(r);
            int still = truthy(state, A_FAST);
            if (still < 0) goto done;
            if (!still) {  /* the eighth trick is over */
                i++;
                break;
            }
        } else if (set_long(state, A_TURN, (seat + step) & 3) < 0) {
            goto done;
        }
    }
    result = PyLong_FromSsize_t(i);
done:
    Py_DECREF(hands);
    Py_DECREF(beats);
    return result;
}

static PyMethodDef methods[] = {
    {"bind", bind, METH_VARARGS,
     "bind(legal_for, belote_card, close_trick, python_play_cards): the engine's functions it asks."},
    {"play_cards", play_cards, METH_VARARGS,
     "play_cards(state, seats, cards, marks, start=0) -> int: the engine's play_cards, compiled."},
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
    return PyModule_Create(&module);
}
