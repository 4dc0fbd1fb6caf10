/* The compiled reader of a canonical deal's lines (belote_notation.notation._canon), optional.
 *
 * It is an accelerator of QuickReader.canonical_deal (notation/quick.py), not a second reader:
 * it reads the lines after a deal's heading exactly as that method's loop does, with the same
 * Python tables (card words, play words, calls, suits, seats, keywords: passed in by
 * notation/canon.py, never written here) and keeps the same events (bound methods of the
 * visitor and their arguments). What it does not read itself (a contree bid of points, the end
 * of the deal) it asks of the Python functions it is given.
 * Any line it cannot read gives None: the Python reader then reads the deal (and reports what
 * is wrong). tests/speed/test_differential.py proves both readers give the same reports.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <structmember.h>

#define MAX_WORDS 64

enum { T_KINDS, T_HANDS, T_SEATS, T_CARDS, T_SMSARA, T_CALLS, T_SUITS, T_STRAINS, T_POINTS_BID,
       T_TRICK_WORDS, T_WINNERS, T_PLAYS, T_MARKS, T_SCORE_WORDS, T_NO_MARKS, T_MAX_DIGITS,
       T_SPEND, T_DEAL_END, T_BEGIN_SECTION, T_VISIT_HAND, T_VISIT_TRICK, T_VISIT_CALL,
       T_VISIT_SCORE, T_VISIT_OFFER, T_VISIT_ANNOUNCEMENT, T_COUNT };
enum { K_HAND = 1, K_OFFER, K_CALLS, K_TRICK, K_SCORE, K_ANNOUNCE };

static PyObject *S_TRICK, *S_BIDDING, *S_SCORES, *S_BID, *S_POT, *S_CAPOT, *S_GENERALE, *S_TAKE,
    *S_ONE, *S_TWO, *S_OFFER, *S_ANNOUNCE, *S_SEQUENCE, *S_CARRE, *S_BELOTE;

typedef struct {
    PyObject *text;
    int kind;
    const void *data;
    PyObject **t;            /* the tables (borrowed from the tuple) */
    PyObject *events;        /* list of (callable, args) */
    PyObject *current;       /* the section of the kept events (a reference), or NULL */
    Py_ssize_t max_digits;
    PyObject *line_obj;      /* the current row's line number (a reference) */
    int offered;             /* an offer line was read */
    Py_ssize_t extra;        /* the items the kept spend events spend */
} Scan;

typedef struct {
    Py_ssize_t start[MAX_WORDS], len[MAX_WORDS];
    Py_ssize_t n;
} Words;

/* row.split(" "): False when it has more words than this reader keeps (then: not canonical). */
static int split_words(Scan *s, Py_ssize_t a, Py_ssize_t b, Words *w) {
    Py_ssize_t start = a;
    w->n = 0;
    for (Py_ssize_t i = a; i <= b; i++) {
        if (i == b || PyUnicode_READ(s->kind, s->data, i) == ' ') {
            if (w->n >= MAX_WORDS) return 0;
            w->start[w->n] = start;
            w->len[w->n] = i - start;
            w->n++;
            start = i + 1;
        }
    }
    return 1;
}

static PyObject *word_str(Scan *s, Words *w, Py_ssize_t i) {
    return PyUnicode_Substring(s->text, w->start[i], w->start[i] + w->len[i]);
}

/* A C copy of the short ASCII words of one table (a dict or a set), for lookups without
 * making a str of each word: a word of 1-8 ASCII characters packed in 64 bits. The tables are
 * the cached, never changed tables of notation/canon.py; a copy is made again when another
 * table (another deck) or a table of another size comes. Longer or non-ASCII words are looked
 * up in the Python table itself. */
typedef struct {
    PyObject *table;     /* a reference, so that the values below stay alive */
    Py_ssize_t size;
    uint64_t *keys;      /* 0: an empty slot */
    PyObject **values;   /* borrowed from the table (Py_None for a set) */
    uint64_t mask;
} WordCopy;

static WordCopy copies[T_COUNT];

static int pack_str(PyObject *word, uint64_t *key) {
    if (!PyUnicode_Check(word)) return 0;
    Py_ssize_t n = PyUnicode_GET_LENGTH(word);
    if (n < 1 || n > 8) return 0;
    int kind = PyUnicode_KIND(word);
    const void *data = PyUnicode_DATA(word);
    uint64_t k = 0;
    for (Py_ssize_t j = 0; j < n; j++) {
        Py_UCS4 c = PyUnicode_READ(kind, data, j);
        if (c == 0 || c >= 128) return 0;
        k |= (uint64_t)c << (8 * j);
    }
    *key = k;
    return 1;
}

static int pack_word(Scan *s, Words *w, Py_ssize_t i, uint64_t *key) {
    Py_ssize_t n = w->len[i], start = w->start[i];
    if (n < 1 || n > 8) return 0;
    uint64_t k = 0;
    for (Py_ssize_t j = 0; j < n; j++) {
        Py_UCS4 c = PyUnicode_READ(s->kind, s->data, start + j);
        if (c == 0 || c >= 128) return 0;
        k |= (uint64_t)c << (8 * j);
    }
    *key = k;
    return 1;
}

static uint64_t slot_of(uint64_t key, uint64_t mask) {
    return (key * 0x9E3779B97F4A7C15ull >> 17) & mask;
}

static void copy_insert(WordCopy *c, uint64_t key, PyObject *value) {
    uint64_t at = slot_of(key, c->mask);
    while (c->keys[at] != 0 && c->keys[at] != key) at = (at + 1) & c->mask;
    c->keys[at] = key;
    c->values[at] = value;
}

static void copy_clear(WordCopy *c) {
    Py_CLEAR(c->table);
    PyMem_Free(c->keys);
    PyMem_Free(c->values);
    c->keys = NULL;
    c->values = NULL;
}

/* The copy of table `index` of this scan, made if needed; NULL (no error) when it cannot be. */
static WordCopy *copy_of(Scan *s, int index) {
    PyObject *t = s->t[index];
    WordCopy *c = &copies[index];
    int is_dict = PyDict_Check(t);
    if (!is_dict && !PyAnySet_Check(t)) return NULL;
    Py_ssize_t size = is_dict ? PyDict_GET_SIZE(t) : PySet_GET_SIZE(t);
    if (c->table == t && c->size == size) return c;
    copy_clear(c);
    uint64_t cap = 16;
    while (cap < (uint64_t)size * 2 + 2) cap <<= 1;
    c->keys = PyMem_Calloc(cap, sizeof(uint64_t));
    c->values = PyMem_Calloc(cap, sizeof(PyObject *));
    if (c->keys == NULL || c->values == NULL) {
        copy_clear(c);
        return NULL;
    }
    c->mask = cap - 1;
    uint64_t key;
    if (is_dict) {
        Py_ssize_t pos = 0;
        PyObject *k, *v;
        while (PyDict_Next(t, &pos, &k, &v))
            if (PyUnicode_CheckExact(k) && pack_str(k, &key)) copy_insert(c, key, v);
    } else {
        PyObject *it = PyObject_GetIter(t), *k;
        if (it == NULL) {
            PyErr_Clear();
            copy_clear(c);
            return NULL;
        }
        while ((k = PyIter_Next(it)) != NULL) {  /* the set holds its words: borrowed after this */
            if (PyUnicode_CheckExact(k) && pack_str(k, &key)) copy_insert(c, key, Py_None);
            Py_DECREF(k);
        }
        Py_DECREF(it);
        if (PyErr_Occurred()) {
            PyErr_Clear();
            copy_clear(c);
            return NULL;
        }
    }
    Py_INCREF(t);
    c->table = t;
    c->size = size;
    return c;
}

/* table.get(word) as a borrowed reference; NULL and no error: absent; NULL and an error: failed. */
static PyObject *lookup(Scan *s, int table, Words *w, Py_ssize_t i) {
    uint64_t key;
    if (pack_word(s, w, i, &key)) {
        WordCopy *c = copy_of(s, table);
        if (c != NULL) {
            uint64_t at = slot_of(key, c->mask);
            while (c->keys[at] != 0) {
                if (c->keys[at] == key) return c->values[at];
                at = (at + 1) & c->mask;
            }
            return NULL;
        }
    }
    PyObject *word = word_str(s, w, i);
    if (word == NULL) return NULL;
    PyObject *found;
    PyObject *t = s->t[table];
    if (PyDict_Check(t)) {
        found = PyDict_GetItemWithError(t, word);
    } else {
        int has = PySet_Contains(t, word);
        found = has > 0 ? Py_None : NULL;  /* a set: Py_None marks membership */
    }
    Py_DECREF(word);
    return found;
}

static int word_is(Scan *s, Words *w, Py_ssize_t i, const char *lit) {
    Py_ssize_t n = (Py_ssize_t)strlen(lit);
    if (w->len[i] != n) return 0;
    for (Py_ssize_t k = 0; k < n; k++)
        if (PyUnicode_READ(s->kind, s->data, w->start[i] + k) != (Py_UCS4)(unsigned char)lit[k]) return 0;
    return 1;
}

/* word.isdigit() and word.isascii() and len(word) <= MAX_DIGITS */
static int ascii_digits(Scan *s, Py_ssize_t start, Py_ssize_t len) {
    if (len <= 0 || len > s->max_digits) return 0;
    for (Py_ssize_t k = 0; k < len; k++) {
        Py_UCS4 c = PyUnicode_READ(s->kind, s->data, start + k);
        if (c < '0' || c > '9') return 0;
    }
    return 1;
}

/* int(text[start:start + len]) of a word of ASCII digits after an optional sign (as the
 * callers checked); short ones without a str. */
static PyObject *int_of(Scan *s, Py_ssize_t start, Py_ssize_t len) {
    if (len > 0 && len <= 18) {
        Py_ssize_t k = 0;
        int negative = 0;
        Py_UCS4 first = PyUnicode_READ(s->kind, s->data, start);
        if (first == '+' || first == '-') {
            negative = first == '-';
            k = 1;
        }
        long long value = 0;
        int digits = k < len;
        for (; k < len; k++) {
            Py_UCS4 c = PyUnicode_READ(s->kind, s->data, start + k);
            if (c < '0' || c > '9') {
                digits = 0;
                break;
            }
            value = value * 10 + (long long)(c - '0');
        }
        if (digits) return PyLong_FromLongLong(negative ? -value : value);
    }
    PyObject *word = PyUnicode_Substring(s->text, start, start + len);
    if (word == NULL) return NULL;
    PyObject *value = PyLong_FromUnicodeObject(word, 10);
    Py_DECREF(word);
    return value;
}

/* (line, col): the line's int is made once a row (Scan.line_obj). */
static PyObject *position_of(PyObject *line_obj, Py_ssize_t col) {
    PyObject *c = PyLong_FromSsize_t(col);
    if (c == NULL) return NULL;
    PyObject *p = PyTuple_New(2);
    if (p == NULL) {
        Py_DECREF(c);
        return NULL;
    }
    Py_INCREF(line_obj);
    PyTuple_SET_ITEM(p, 0, line_obj);
    PyTuple_SET_ITEM(p, 1, c);
    return p;
}

/* Append (callable, args) to the events; steals args. */
static int keep(Scan *s, PyObject *callable, PyObject *args) {
    if (args == NULL) return -1;
    PyObject *event = PyTuple_Pack(2, callable, args);
    Py_DECREF(args);
    if (event == NULL) return -1;
    int r = PyList_Append(s->events, event);
    Py_DECREF(event);
    return r;
}

/* begin_section(section, line, 1), the section now current */
static int begin_section(Scan *s, PyObject *section) {
    Py_INCREF(section);
    Py_XSETREF(s->current, section);
    return keep(s, s->t[T_BEGIN_SECTION], PyTuple_Pack(3, section, s->line_obj, S_ONE));
}

/* kept.enter(section, line) */
static int enter(Scan *s, PyObject *section, long line) {
    if (s->current != NULL) {
        int same = PyUnicode_Compare(s->current, section);
        if (same == -1 && PyErr_Occurred()) return -1;
        if (same == 0) return 0;
    }
    return begin_section(s, section);
}

/* The cards of words[from:to] (the first at column c) appended to cards, their positions to
 * positions: 1 read, 0 a word that is not a card of the deck, -1 an error. */
static int read_cards(Scan *s, Words *w, Py_ssize_t from, Py_ssize_t to, Py_ssize_t c, PyObject *cards,
                      PyObject *positions) {
    for (Py_ssize_t i = from; i < to; i++) {
        PyObject *card = lookup(s, T_CARDS, w, i);
        if (card == NULL) return PyErr_Occurred() ? -1 : 0;
        PyObject *p = position_of(s->line_obj, c);
        if (p == NULL || PyList_Append(cards, card) < 0 || PyList_Append(positions, p) < 0) {
            Py_XDECREF(p);
            return -1;
        }
        Py_DECREF(p);
        c += w->len[i] + 1;
    }
    return 1;
}

/* Results of a line reader: 1 read, 0 not canonical, -1 an error. */
static int hand_line(Scan *s, Words *w, long line) {
    if (w->n < 2) return 0;
    PyObject *section = lookup(s, T_HANDS, w, 0);
    if (section == NULL) return PyErr_Occurred() ? -1 : 0;
    PyObject *seat = lookup(s, T_SEATS, w, 1);
    if (seat == NULL) return PyErr_Occurred() ? -1 : 0;
    PyObject *cards = PyList_New(0), *positions = PyList_New(0);
    if (cards == NULL || positions == NULL) goto fail;
    int r = read_cards(s, w, 2, w->n, 1 + w->len[0] + w->len[1] + 2, cards, positions);
    if (r == 0) {
        Py_DECREF(cards);
        Py_DECREF(positions);
        return 0;
    }
    if (r < 0 || enter(s, section, line) < 0) goto fail;
    PyObject *args = PyTuple_Pack(6, section, seat, cards, positions, s->line_obj, S_ONE);
    Py_DECREF(cards);
    Py_DECREF(positions);
    return keep(s, s->t[T_VISIT_HAND], args) < 0 ? -1 : 1;
fail:
    Py_XDECREF(cards);
    Py_XDECREF(positions);
    return -1;
}

static int bid_line(Scan *s, Words *w, long line) {
    if (w->n < 2) return 0;
    PyObject *kw = lookup(s, T_SMSARA, w, 0);
    if (kw == NULL) return PyErr_Occurred() ? -1 : 0;
    PyObject *number;
    if (word_is(s, w, 1, "1")) number = S_ONE;
    else if (word_is(s, w, 1, "2")) number = S_TWO;
    else return 0;
    PyObject *found = PyList_New(0);
    if (found == NULL) return -1;
    Py_ssize_t c = 1 + w->len[0] + w->len[1] + 2;
    Py_ssize_t i = 2, n = w->n;
    while (i < n) {
        PyObject *call = lookup(s, T_CALLS, w, i);
        PyObject *args;
        if (call == NULL) {
            if (PyErr_Occurred()) goto fail;
            PyObject *word = word_str(s, w, i);
            if (word == NULL) goto fail;
            PyObject *points = PyObject_CallOneArg(s->t[T_POINTS_BID], word);  /* contree: 80H, N:110SA */
            Py_DECREF(word);
            if (points == NULL) goto fail;
            if (points == Py_None || !PyTuple_Check(points) || PyTuple_GET_SIZE(points) != 3) {
                Py_DECREF(points);
                Py_DECREF(found);
                return 0;
            }
            args = Py_BuildValue("(OOOOlnO)", PyTuple_GET_ITEM(points, 0), S_BID, PyTuple_GET_ITEM(points, 2),
                                 number, line, c, PyTuple_GET_ITEM(points, 1));
            Py_DECREF(points);
            c += w->len[i] + 1;
            i++;
        } else {
            if (!PyTuple_Check(call) || PyTuple_GET_SIZE(call) != 2) goto not_canonical;
            PyObject *action = PyTuple_GET_ITEM(call, 1);
            PyObject *suit = Py_None;
            Py_ssize_t here = c;
            c += w->len[i] + 1;
            i++;
            int capot = PyUnicode_Check(action) && (PyUnicode_Compare(action, S_CAPOT) == 0
                                                    || PyUnicode_Compare(action, S_GENERALE) == 0);
            if (capot) {
                suit = i < n ? lookup(s, T_STRAINS, w, i) : NULL;
                if (suit == NULL) {
                    if (PyErr_Occurred()) goto fail;
                    goto not_canonical;
                }
                c += w->len[i] + 1;
                i++;
            } else if (PyUnicode_Check(action) && PyUnicode_Compare(action, S_TAKE) == 0 && i < n) {
                PyObject *next = lookup(s, T_CALLS, w, i);
                if (next == NULL && PyErr_Occurred()) goto fail;
                if (next == NULL) {
                    suit = lookup(s, T_SUITS, w, i);
                    if (suit == NULL) {
                        if (PyErr_Occurred()) goto fail;
                        goto not_canonical;
                    }
                    c += w->len[i] + 1;
                    i++;
                }
            }
            PyObject *here_obj = PyLong_FromSsize_t(here);
            args = here_obj == NULL ? NULL : PyTuple_Pack(6, PyTuple_GET_ITEM(call, 0), action, suit, number,
                                                          s->line_obj, here_obj);
            Py_XDECREF(here_obj);
        }
        if (args == NULL || PyList_Append(found, args) < 0) {
            Py_XDECREF(args);
            goto fail;
        }
        Py_DECREF(args);
    }
    if (enter(s, S_BIDDING, line) < 0) goto fail;
    for (Py_ssize_t k = 0; k < PyList_GET_SIZE(found); k++) {
        PyObject *args = PyList_GET_ITEM(found, k);
        Py_INCREF(args);
        if (keep(s, s->t[T_VISIT_CALL], args) < 0) goto fail;
    }
    Py_DECREF(found);
    return 1;
not_canonical:
    Py_DECREF(found);
    return 0;
fail:
    Py_DECREF(found);
    return -1;
}

/* The plays words[from:end] with belote words after some (QuickReader.marked_plays). */
static int marked_plays(Scan *s, Words *w, Py_ssize_t from, Py_ssize_t end, long line, Py_ssize_t col,
                        PyObject *seats, PyObject *cards, PyObject *marks, PyObject *positions) {
    for (Py_ssize_t i = from; i < end; i++) {
        PyObject *pair = lookup(s, T_PLAYS, w, i);
        if (pair != NULL) {
            PyObject *p = position_of(s->line_obj, col);
            if (p == NULL || PyList_Append(seats, PyTuple_GET_ITEM(pair, 0)) < 0
                || PyList_Append(cards, PyTuple_GET_ITEM(pair, 1)) < 0 || PyList_Append(marks, Py_None) < 0
                || PyList_Append(positions, p) < 0) {
                Py_XDECREF(p);
                return -1;
            }
            Py_DECREF(p);
        } else {
            if (PyErr_Occurred()) return -1;
            PyObject *mark = lookup(s, T_MARKS, w, i);
            if (mark == NULL) return PyErr_Occurred() ? -1 : 0;
            Py_ssize_t m = PyList_GET_SIZE(marks);
            if (m == 0 || PyList_GET_ITEM(marks, m - 1) != Py_None) return 0;
            Py_INCREF(mark);
            if (PyList_SetItem(marks, m - 1, mark) < 0) return -1;
        }
        col += w->len[i] + 1;
    }
    return 1;
}

static int trick_line(Scan *s, Words *w, long line, Py_ssize_t row_len) {
    if (w->n < 2) return 0;
    PyObject *kw = lookup(s, T_TRICK_WORDS, w, 0);
    if (kw == NULL) return PyErr_Occurred() ? -1 : 0;
    if (!ascii_digits(s, w->start[1], w->len[1])) return 0;
    PyObject *winner = Py_None, *winner_pos = NULL;
    Py_ssize_t end = w->n;
    if (end > 3) {
        PyObject *win_kw = lookup(s, T_WINNERS, w, end - 2);
        if (win_kw == NULL && PyErr_Occurred()) return -1;
        if (win_kw != NULL) {
            PyObject *seat = lookup(s, T_SEATS, w, end - 1);
            if (seat == NULL && PyErr_Occurred()) return -1;
            if (seat != NULL) {
                winner = seat;
                winner_pos = position_of(s->line_obj, 1 + row_len - w->len[end - 1]);
                if (winner_pos == NULL) return -1;
                end -= 2;
            }
        }
    }
    PyObject *seats = PyList_New(0), *cards = PyList_New(0), *positions = PyList_New(0);
    PyObject *marks = NULL, *number = NULL;
    int result = -1;
    if (seats == NULL || cards == NULL || positions == NULL) goto done;
    Py_ssize_t start = 1 + w->len[0] + w->len[1] + 2, c = start;
    int marked = 0;
    for (Py_ssize_t i = 2; i < end; i++) {
        PyObject *pair = lookup(s, T_PLAYS, w, i);
        if (pair == NULL) {
            if (PyErr_Occurred()) goto done;
            marked = 1;  /* a belote word, or not a play: read the line again */
            break;
        }
        PyObject *p = position_of(s->line_obj, c);
        if (p == NULL || PyList_Append(seats, PyTuple_GET_ITEM(pair, 0)) < 0
            || PyList_Append(cards, PyTuple_GET_ITEM(pair, 1)) < 0 || PyList_Append(positions, p) < 0) {
            Py_XDECREF(p);
            goto done;
        }
        Py_DECREF(p);
        c += w->len[i] + 1;
    }
    if (marked) {
        if (PyList_SetSlice(seats, 0, PY_SSIZE_T_MAX, NULL) < 0 || PyList_SetSlice(cards, 0, PY_SSIZE_T_MAX, NULL) < 0
            || PyList_SetSlice(positions, 0, PY_SSIZE_T_MAX, NULL) < 0)
            goto done;
        marks = PyList_New(0);
        if (marks == NULL) goto done;
        int r = marked_plays(s, w, 2, end, line, start, seats, cards, marks, positions);
        if (r <= 0) {
            result = r;
            goto done;
        }
    } else {
        Py_ssize_t k = PyList_GET_SIZE(cards);
        PyObject *no_marks = s->t[T_NO_MARKS];
        if (k < PyTuple_GET_SIZE(no_marks)) {
            marks = PyTuple_GET_ITEM(no_marks, k);
            Py_INCREF(marks);
        } else {
            marks = PyTuple_New(k);
            if (marks == NULL) goto done;
            for (Py_ssize_t j = 0; j < k; j++) {
                Py_INCREF(Py_None);
                PyTuple_SET_ITEM(marks, j, Py_None);
            }
        }
    }
    number = int_of(s, w->start[1], w->len[1]);
    if (number == NULL) goto done;
    if (enter(s, S_TRICK, line) < 0) goto done;
    PyObject *args = PyTuple_Pack(9, number, s->line_obj, S_ONE, seats, cards, marks, positions, winner,
                                  winner_pos != NULL ? winner_pos : Py_None);
    result = keep(s, s->t[T_VISIT_TRICK], args) < 0 ? -1 : 1;
done:
    Py_XDECREF(seats);
    Py_XDECREF(cards);
    Py_XDECREF(positions);
    Py_XDECREF(marks);
    Py_XDECREF(number);
    Py_XDECREF(winner_pos);
    return result;
}

static int score_number(Scan *s, Words *w, Py_ssize_t i) {
    Py_ssize_t start = w->start[i], len = w->len[i];
    if (len > 0) {
        Py_UCS4 first = PyUnicode_READ(s->kind, s->data, start);
        if (first == '+' || first == '-') {
            start++;
            len--;
        }
    }
    return ascii_digits(s, start, len);
}

static int score_line(Scan *s, Words *w, long line) {
    PyObject *kind = lookup(s, T_SCORE_WORDS, w, 0);
    if (kind == NULL) return PyErr_Occurred() ? -1 : 0;
    int pot = PyUnicode_Compare(kind, S_POT) == 0;
    if (w->n != (pot ? 2 : 3)) return 0;
    for (Py_ssize_t i = 1; i < w->n; i++)
        if (!score_number(s, w, i)) return 0;
    PyObject *ns = int_of(s, w->start[1], w->len[1]);
    if (ns == NULL) return -1;
    PyObject *args;
    if (pot) {
        args = Py_BuildValue("(OOOln)", kind, ns, Py_None, line, 1 + w->len[0] + 1);
    } else {
        PyObject *ew = int_of(s, w->start[2], w->len[2]);
        if (ew == NULL) {
            Py_DECREF(ns);
            return -1;
        }
        args = Py_BuildValue("(OOOli)", kind, ns, ew, line, 1);
        Py_DECREF(ew);
    }
    Py_DECREF(ns);
    if (args == NULL) return -1;
    if (enter(s, S_SCORES, line) < 0) {
        Py_DECREF(args);
        return -1;
    }
    return keep(s, s->t[T_VISIT_SCORE], args) < 0 ? -1 : 1;
}

/* The word matches the canonical card pattern (?:10|11|12|[1-9JQKA])[SHDCEOB] of quick.py. */
static int card_shaped(Scan *s, Words *w, Py_ssize_t i) {
    Py_ssize_t n = w->len[i], a = w->start[i];
    if (n != 2 && n != 3) return 0;
    Py_UCS4 r = PyUnicode_READ(s->kind, s->data, a), suit = PyUnicode_READ(s->kind, s->data, a + n - 1);
    if (suit == 0 || suit >= 128 || !strchr("SHDCEOB", (int)suit)) return 0;
    if (n == 3) {
        Py_UCS4 r2 = PyUnicode_READ(s->kind, s->data, a + 1);
        return r == '1' && (r2 == '0' || r2 == '1' || r2 == '2');
    }
    return r != 0 && r < 128 && strchr("123456789JQKA", (int)r) != NULL;
}

/* The word is `prefix` and then 1..max_digits ASCII digits. */
static int keyed_int(Scan *s, Words *w, Py_ssize_t i, const char *prefix) {
    Py_ssize_t k = (Py_ssize_t)strlen(prefix);
    if (w->len[i] <= k) return 0;
    for (Py_ssize_t j = 0; j < k; j++)
        if (PyUnicode_READ(s->kind, s->data, w->start[i] + j) != (Py_UCS4)(unsigned char)prefix[j]) return 0;
    return ascii_digits(s, w->start[i] + k, w->len[i] - k);
}

/* begin_section(section, line, 1) and spend(items, line, col), as DealReader.section and its
 * offer and announcement readers report them. */
static int enter_spending(Scan *s, PyObject *section, Py_ssize_t items, Py_ssize_t col) {
    s->extra += items;
    if (begin_section(s, section) < 0) return -1;
    return keep(s, s->t[T_SPEND], Py_BuildValue("(nOn)", items, s->line_obj, col));
}

/* `offer CARD` (QuickReader._kept_offer): a second offer or a card of another deck is not canonical. */
static int offer_line(Scan *s, Words *w) {
    if (s->offered || w->n != 2 || !word_is(s, w, 0, "offer") || !card_shaped(s, w, 1)) return 0;
    PyObject *card = lookup(s, T_CARDS, w, 1);
    if (card == NULL) return PyErr_Occurred() ? -1 : 0;
    s->offered = 1;
    if (enter_spending(s, S_OFFER, 1, 7) < 0) return -1;
    return keep(s, s->t[T_VISIT_OFFER], Py_BuildValue("(OOi)", card, s->line_obj, 7)) < 0 ? -1 : 1;
}

/* `announce SEAT KIND cards [trick=N] [before=N]` (QuickReader._kept_announcement). */
static int announce_line(Scan *s, Words *w) {
    if (w->n < 3 || !word_is(s, w, 0, "announce") || w->len[1] != 1) return 0;
    Py_UCS4 seat_char = PyUnicode_READ(s->kind, s->data, w->start[1]);
    if (seat_char != 'N' && seat_char != 'E' && seat_char != 'S' && seat_char != 'W') return 0;
    PyObject *kind = word_is(s, w, 2, "sequence") ? S_SEQUENCE : word_is(s, w, 2, "carre") ? S_CARRE
                     : word_is(s, w, 2, "belote") ? S_BELOTE : NULL;
    if (kind == NULL) return 0;
    Py_ssize_t i = 3, n = w->n, trick_at = -1, before_at = -1;
    while (i < n && card_shaped(s, w, i)) i++;
    Py_ssize_t cards_end = i;
    if (i < n && keyed_int(s, w, i, "trick=")) trick_at = i++;
    if (i < n && keyed_int(s, w, i, "before=")) before_at = i++;
    if (i != n) return 0;
    PyObject *seat = lookup(s, T_SEATS, w, 1);
    if (seat == NULL) return PyErr_Occurred() ? -1 : 0;
    PyObject *cards = PyList_New(0), *positions = PyList_New(0), *trick = NULL, *before = NULL;
    int result = -1;
    if (cards == NULL || positions == NULL) goto done;
    int r = read_cards(s, w, 3, cards_end, 1 + w->len[0] + w->len[1] + w->len[2] + 3, cards, positions);
    if (r <= 0) {
        result = r;
        goto done;
    }
    if (trick_at >= 0 && (trick = int_of(s, w->start[trick_at] + 6, w->len[trick_at] - 6)) == NULL) goto done;
    if (before_at >= 0 && (before = int_of(s, w->start[before_at] + 7, w->len[before_at] - 7)) == NULL) goto done;
    if (enter_spending(s, S_ANNOUNCE, n - 2, 1) < 0) goto done;
    result = keep(s, s->t[T_VISIT_ANNOUNCEMENT],
                  PyTuple_Pack(8, seat, kind, cards, positions, trick ? trick : Py_None, before ? before : Py_None,
                               s->line_obj, S_ONE)) < 0 ? -1 : 1;
done:
    Py_XDECREF(cards);
    Py_XDECREF(positions);
    Py_XDECREF(trick);
    Py_XDECREF(before);
    return result;
}

static Py_ssize_t find_newline(Scan *s, Py_ssize_t pos, Py_ssize_t n) {
    for (Py_ssize_t i = pos; i < n; i++)
        if (PyUnicode_READ(s->kind, s->data, i) == '\n') return i;
    return -1;
}

/* True when deal_end(text, pos) matches (what may follow a canonical deal). */
static int deal_ends(Scan *s, Py_ssize_t pos) {
    PyObject *m = PyObject_CallFunction(s->t[T_DEAL_END], "On", s->text, pos);
    if (m == NULL) return -1;
    int r = m != Py_None;
    Py_DECREF(m);
    return r;
}

/* ---------------------------------------------------------------------------- deal facts
 * A visitor that keeps deal facts (the checker: check/facts.py) names its fact classes and
 * their fields (Visitor.DEAL_FACTS); the kept events of a canonical deal are then turned here
 * into the facts its visit_* methods would keep (GameChecker.visit_hand, visit_offer, visit_call,
 * visit_announcement, visit_trick, visit_score), set slot by slot, without a Python frame
 * each. The kinds, in this order, with the fields filled in this order: */
enum { F_HAND, F_OFFER, F_BID, F_ANNOUNCEMENT, F_TRICK, F_SCORE, F_COUNT };
static const int field_counts[F_COUNT] = {6, 3, 8, 8, 10, 4};
/* HandFact: seat cards positions line col
 * OfferFact: card line col
 * BidFact: seat action suit round line col value variations
 * AnnouncementFact: seat kind cards trick before_card line col variations
 * TrickFact: number line col seats cards marks positions variations winner winner_pos
 * ScoreFact: ns ew line col */
#define MAX_FIELDS 10

typedef struct {
    PyTypeObject *cls;       /* a reference */
    Py_ssize_t offsets[MAX_FIELDS];
} FactKind;

static FactKind fact_kinds[F_COUNT];
static PyObject *fact_spec;  /* the DEAL_FACTS tuple the offsets were read from (a reference) */

/* The slot offsets of each kind's fields, read from its member descriptors (once a spec). */
static int read_kinds(PyObject *spec) {
    if (spec == fact_spec) return 0;
    if (!PyTuple_Check(spec) || PyTuple_GET_SIZE(spec) != F_COUNT) {
        PyErr_SetString(PyExc_ValueError, "scan_lines: DEAL_FACTS must name six fact classes");
        return -1;
    }
    for (int k = 0; k < F_COUNT; k++) {
        PyObject *pair = PyTuple_GET_ITEM(spec, k);
        if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2 || !PyType_Check(PyTuple_GET_ITEM(pair, 0))
            || !PyTuple_Check(PyTuple_GET_ITEM(pair, 1))
            || PyTuple_GET_SIZE(PyTuple_GET_ITEM(pair, 1)) != field_counts[k]) {
            PyErr_SetString(PyExc_ValueError, "scan_lines: a DEAL_FACTS entry is not (class, its fields)");
            return -1;
        }
        PyTypeObject *cls = (PyTypeObject *)PyTuple_GET_ITEM(pair, 0);
        PyObject *names = PyTuple_GET_ITEM(pair, 1);
        for (int f = 0; f < field_counts[k]; f++) {
            PyObject *d = PyObject_GetAttr((PyObject *)cls, PyTuple_GET_ITEM(names, f));
            if (d == NULL) return -1;
            int ok = Py_TYPE(d) == &PyMemberDescr_Type
                     && ((PyMemberDescrObject *)d)->d_member->type == T_OBJECT_EX;
            Py_ssize_t offset = ok ? ((PyMemberDescrObject *)d)->d_member->offset : 0;
            Py_DECREF(d);
            if (!ok) {
                PyErr_SetString(PyExc_ValueError, "scan_lines: a fact field is not a slot");
                return -1;
            }
            fact_kinds[k].offsets[f] = offset;
        }
        Py_INCREF(cls);
        Py_XSETREF(fact_kinds[k].cls, cls);
    }
    Py_INCREF(spec);
    Py_XSETREF(fact_spec, spec);
    return 0;
}

/* A fact of kind k with these field values (borrowed; NULL: None). */
static PyObject *new_fact(int k, PyObject **values) {
    PyTypeObject *cls = fact_kinds[k].cls;
    PyObject *obj = cls->tp_alloc(cls, 0);
    if (obj == NULL) return NULL;
    for (int f = 0; f < field_counts[k]; f++) {
        PyObject *v = values[f] != NULL ? values[f] : Py_None;
        Py_INCREF(v);
        *(PyObject **)((char *)obj + fact_kinds[k].offsets[f]) = v;
    }
    return obj;
}

static int append_new(PyObject *list, PyObject *item) {
    if (item == NULL) return -1;
    int r = PyList_Append(list, item);
    Py_DECREF(item);
    return r;
}

/* HandFact.bits of a list of cards: the sum of their bits (None: a card out of 0..31). */
static PyObject *cards_bits(PyObject *cards) {
    if (!PyList_Check(cards)) Py_RETURN_NONE;
    unsigned long long sum = 0;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(cards); i++) {
        PyObject *card = PyList_GET_ITEM(cards, i);
        long c = PyLong_Check(card) ? PyLong_AsLong(card) : -1;  /* a bool is 0 or 1, as in Python */
        if (c == -1 && PyErr_Occurred()) PyErr_Clear();
        if (c < 0 || c > 31) Py_RETURN_NONE;
        sum += 1ull << c;
    }
    return PyLong_FromUnsignedLongLong(sum);
}

/* The facts of the kept events: (five, offer, bids, rest, hands, announcements, tricks, score,
 * match_score, pot, pot_pos), each as the checker's visit_* methods would set them. */
static PyObject *deal_facts(Scan *s) {
    PyObject *five = PyList_New(0), *bids = PyList_New(0), *rest = PyList_New(0), *hands = PyList_New(0);
    PyObject *anns = PyList_New(0), *tricks = PyList_New(0);
    PyObject *offer = NULL, *score = NULL, *match = NULL, *pot = NULL, *pot_pos = NULL, *out = NULL;
    if (!five || !bids || !rest || !hands || !anns || !tricks) goto done;
    Py_ssize_t n = PyList_GET_SIZE(s->events);
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *event = PyList_GET_ITEM(s->events, i);
        PyObject *callable = PyTuple_GET_ITEM(event, 0), *args = PyTuple_GET_ITEM(event, 1);
        PyObject **a = &PyTuple_GET_ITEM(args, 0);
        Py_ssize_t na = PyTuple_GET_SIZE(args);
        if (callable == s->t[T_VISIT_HAND]) {       /* (section, seat, cards, positions, line, col) */
            PyObject *bits = cards_bits(a[2]);
            if (bits == NULL) goto done;
            PyObject *v[6] = {a[1], a[2], a[3], a[4], a[5], bits == Py_None ? NULL : bits};
            PyObject *list = PyUnicode_CompareWithASCIIString(a[0], "five") == 0 ? five
                             : PyUnicode_CompareWithASCIIString(a[0], "rest") == 0 ? rest : hands;
            PyObject *hand = new_fact(F_HAND, v);
            Py_DECREF(bits);
            if (append_new(list, hand) < 0) goto done;
        } else if (callable == s->t[T_VISIT_OFFER]) {  /* (card, line, col): the last one kept */
            Py_XSETREF(offer, new_fact(F_OFFER, a));
            if (offer == NULL) goto done;
        } else if (callable == s->t[T_VISIT_CALL]) {   /* (seat, action, suit, round, line, col[, value]) */
            PyObject *v[8] = {a[0], a[1], a[2], a[3], a[4], a[5], na > 6 ? a[6] : NULL, NULL};
            if (append_new(bids, new_fact(F_BID, v)) < 0) goto done;
        } else if (callable == s->t[T_VISIT_ANNOUNCEMENT]) {
            /* (seat, kind, cards, positions, trick, before, line, col): the positions are not kept */
            PyObject *v[8] = {a[0], a[1], a[2], a[4], a[5], a[6], a[7], NULL};
            if (append_new(anns, new_fact(F_ANNOUNCEMENT, v)) < 0) goto done;
        } else if (callable == s->t[T_VISIT_TRICK]) {
            /* (number, line, col, seats, cards, marks, positions, winner, winner_pos) */
            PyObject *where = NULL;
            if (a[7] == Py_None || a[8] == Py_None) {
                where = PyTuple_Pack(2, a[1], a[2]);
                if (where == NULL) goto done;
            }
            PyObject *v[10] = {a[0], a[1], a[2], a[3], a[4], a[5], a[6], NULL, a[7],
                               a[7] != Py_None && a[8] != Py_None ? a[8] : where};
            PyObject *trick = new_fact(F_TRICK, v);
            Py_XDECREF(where);
            if (append_new(tricks, trick) < 0) goto done;
        } else if (callable == s->t[T_VISIT_SCORE]) {  /* (kind, ns, ew, line, col) */
            if (PyUnicode_CompareWithASCIIString(a[0], "pot") == 0) {
                Py_INCREF(a[1]);
                Py_XSETREF(pot, a[1]);
                Py_XSETREF(pot_pos, PyTuple_Pack(2, a[3], a[4]));
                if (pot_pos == NULL) goto done;
            } else {
                PyObject *zero = NULL;
                if (a[2] == Py_None && (zero = PyLong_FromLong(0)) == NULL) goto done;
                PyObject *v[4] = {a[1], a[2] != Py_None ? a[2] : zero, a[3], a[4]};
                PyObject *fact = new_fact(F_SCORE, v);
                Py_XDECREF(zero);
                if (fact == NULL) goto done;
                if (PyUnicode_CompareWithASCIIString(a[0], "score") == 0) Py_XSETREF(score, fact);
                else Py_XSETREF(match, fact);
            }
        }  /* begin_section and spend keep nothing (the spends are counted in s->extra) */
    }
    out = PyTuple_Pack(11, five, offer ? offer : Py_None, bids, rest, hands, anns, tricks, score ? score : Py_None,
                       match ? match : Py_None, pot ? pot : Py_None, pot_pos ? pot_pos : Py_None);
done:
    Py_XDECREF(five);
    Py_XDECREF(bids);
    Py_XDECREF(rest);
    Py_XDECREF(hands);
    Py_XDECREF(anns);
    Py_XDECREF(tricks);
    Py_XDECREF(offer);
    Py_XDECREF(score);
    Py_XDECREF(match);
    Py_XDECREF(pot);
    Py_XDECREF(pot_pos);
    return out;
}

static PyObject *scan_lines(PyObject *self, PyObject *args) {
    PyObject *text, *tables, *kinds = Py_None;
    Py_ssize_t nl, left;
    long line;
    if (!PyArg_ParseTuple(args, "UnlnO!|O", &text, &nl, &line, &left, &PyTuple_Type, &tables, &kinds)) return NULL;
    if (kinds != Py_None && read_kinds(kinds) < 0) return NULL;
    if (PyTuple_GET_SIZE(tables) != T_COUNT) {
        PyErr_SetString(PyExc_ValueError, "scan_lines: wrong tables");
        return NULL;
    }
    Scan s;
    s.text = text;
    s.kind = PyUnicode_KIND(text);
    s.data = PyUnicode_DATA(text);
    s.t = &PyTuple_GET_ITEM(tables, 0);
    s.current = NULL;
    s.line_obj = NULL;
    s.offered = 0;
    s.extra = 0;
    s.max_digits = PyLong_AsSsize_t(s.t[T_MAX_DIGITS]);
    if (s.max_digits < 0) return NULL;
    Py_ssize_t n = PyUnicode_GET_LENGTH(text);
    if (nl < 0 || nl >= n) {
        PyErr_SetString(PyExc_ValueError, "scan_lines: the heading's newline is out of the text");
        return NULL;
    }
    s.events = PyList_New(0);
    if (s.events == NULL) return NULL;
    Py_ssize_t pos;
    Words w;
    for (;;) {
        pos = nl + 1;
        line += 1;
        nl = find_newline(&s, pos, n);
        int r;
        Py_XSETREF(s.line_obj, PyLong_FromLong(line));
        if (s.line_obj == NULL) goto error;
        if (nl < 0) {
            r = deal_ends(&s, pos);
            if (r <= 0) goto stop;
            break;
        }
        Py_ssize_t spaces = 0, space = -1;
        for (Py_ssize_t i = pos; i < nl; i++)
            if (PyUnicode_READ(s.kind, s.data, i) == ' ') {
                if (space < 0) space = i;
                spaces++;
            }
        left -= spaces + 1;
        if (left < 0) { r = 0; goto stop; }  /* more words than the game may still hold */
        /* lines.get(row[:row.find(" ")]): no space cuts the last character, as Python does */
        Py_ssize_t key_end = space >= 0 ? space : (nl > pos ? nl - 1 : pos);
        Words key;
        key.n = 1;
        key.start[0] = pos;
        key.len[0] = key_end - pos;
        PyObject *kind_obj = lookup(&s, T_KINDS, &key, 0);
        if (kind_obj == NULL) {
            if (PyErr_Occurred()) goto error;
            r = deal_ends(&s, pos);
            if (r <= 0) goto stop;
            break;
        }
        long kind = PyLong_AsLong(kind_obj);
        if (!split_words(&s, pos, nl, &w)) { r = 0; goto stop; }
        switch (kind) {
        case K_HAND: r = hand_line(&s, &w, line); break;
        case K_OFFER: r = offer_line(&s, &w); break;
        case K_CALLS: r = bid_line(&s, &w, line); break;
        case K_TRICK: r = trick_line(&s, &w, line, nl - pos); break;
        case K_SCORE: r = score_line(&s, &w, line); break;
        case K_ANNOUNCE: r = announce_line(&s, &w); break;
        default: r = 0;
        }
        if (r <= 0) goto stop;
        continue;
stop:
        if (r < 0) goto error;
        Py_DECREF(s.events);
        Py_XDECREF(s.current);
        Py_XDECREF(s.line_obj);
        Py_RETURN_NONE;
    }
    PyObject *out;
    if (kinds != Py_None && left - s.extra >= 0) {
        /* the facts at once; their spends cannot stop the game (else the events, which spend as
         * they are reported, and stop it where the Python reader does) */
        PyObject *facts = deal_facts(&s);
        out = facts == NULL ? NULL : Py_BuildValue("(Onnn)", facts, pos, left, s.extra);
        Py_XDECREF(facts);
    } else {
        out = Py_BuildValue("(Onni)", s.events, pos, left, -1);
    }
    Py_DECREF(s.events);
    Py_XDECREF(s.current);
    Py_XDECREF(s.line_obj);
    return out;
error:
    Py_DECREF(s.events);
    Py_XDECREF(s.current);
    Py_XDECREF(s.line_obj);
    return NULL;
}

/* The Play records of a trick, made as build.py's RecordBuilder.visit_trick makes them (its
 * instance dictionary and pydantic's three slots set through their descriptors' setters, as
 * build.py's new_record does: no validation, the reader checked every value). */
static PyObject *K_LINE, *K_COL, *K_GLYPH, *K_NAGS, *K_COMMENTS, *K_VARIATIONS, *K_SEAT, *K_CARD, *K_MARK;

static int descr_set(PyObject *descr, PyObject *obj, PyObject *value) {
    descrsetfunc set = Py_TYPE(descr)->tp_descr_set;
    if (set == NULL) {
        PyErr_SetString(PyExc_TypeError, "make_plays: a slot without a setter");
        return -1;
    }
    return set(descr, obj, value);
}

static PyObject *one_play(PyTypeObject *cls, PyObject *slots, PyObject *fields, PyObject *seat, PyObject *card,
                          PyObject *mark, PyObject *pos) {
    if (!PyTuple_Check(pos) || PyTuple_GET_SIZE(pos) != 2) {
        PyErr_SetString(PyExc_ValueError, "make_plays: a position is not (line, col)");
        return NULL;
    }
    PyObject *d = PyDict_New();
    PyObject *nags = PyList_New(0), *comments = PyList_New(0), *variations = PyList_New(0);
    PyObject *obj = NULL;
    if (d == NULL || nags == NULL || comments == NULL || variations == NULL) goto done;
    if (PyDict_SetItem(d, K_LINE, PyTuple_GET_ITEM(pos, 0)) < 0 || PyDict_SetItem(d, K_COL, PyTuple_GET_ITEM(pos, 1)) < 0
        || PyDict_SetItem(d, K_GLYPH, Py_None) < 0 || PyDict_SetItem(d, K_NAGS, nags) < 0
        || PyDict_SetItem(d, K_COMMENTS, comments) < 0 || PyDict_SetItem(d, K_VARIATIONS, variations) < 0
        || PyDict_SetItem(d, K_SEAT, seat) < 0 || PyDict_SetItem(d, K_CARD, card) < 0
        || PyDict_SetItem(d, K_MARK, mark) < 0)
        goto done;
    obj = cls->tp_alloc(cls, 0);
    if (obj == NULL) goto done;
    if (descr_set(PyTuple_GET_ITEM(slots, 0), obj, d) < 0 || descr_set(PyTuple_GET_ITEM(slots, 1), obj, fields) < 0
        || descr_set(PyTuple_GET_ITEM(slots, 2), obj, Py_None) < 0
        || descr_set(PyTuple_GET_ITEM(slots, 3), obj, Py_None) < 0)
        Py_CLEAR(obj);
done:
    Py_XDECREF(d);
    Py_XDECREF(nags);
    Py_XDECREF(comments);
    Py_XDECREF(variations);
    return obj;
}

static PyObject *make_plays(PyObject *self, PyObject *args) {
    PyObject *cls, *slots, *fields, *seats, *cards, *marks, *positions;
    if (!PyArg_ParseTuple(args, "O!O!OOOOO", &PyType_Type, &cls, &PyTuple_Type, &slots, &fields, &seats, &cards,
                          &marks, &positions))
        return NULL;
    if (PyTuple_GET_SIZE(slots) != 4) {
        PyErr_SetString(PyExc_ValueError, "make_plays: four slot descriptors");
        return NULL;
    }
    PyObject *fs = PySequence_Fast(seats, "seats"), *fc = PySequence_Fast(cards, "cards");
    PyObject *fm = PySequence_Fast(marks, "marks"), *fp = PySequence_Fast(positions, "positions");
    PyObject *out = NULL;
    if (fs == NULL || fc == NULL || fm == NULL || fp == NULL) goto done;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fs);
    if (PySequence_Fast_GET_SIZE(fc) != n || PySequence_Fast_GET_SIZE(fm) != n || PySequence_Fast_GET_SIZE(fp) != n) {
        PyErr_SetString(PyExc_ValueError, "make_plays: seats, cards, marks and positions of different lengths");
        goto done;
    }
    out = PyList_New(n);
    if (out == NULL) goto done;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *play = one_play((PyTypeObject *)cls, slots, fields, PySequence_Fast_GET_ITEM(fs, i),
                                  PySequence_Fast_GET_ITEM(fc, i), PySequence_Fast_GET_ITEM(fm, i),
                                  PySequence_Fast_GET_ITEM(fp, i));
        if (play == NULL) {
            Py_CLEAR(out);
            goto done;
        }
        PyList_SET_ITEM(out, i, play);
    }
done:
    Py_XDECREF(fs);
    Py_XDECREF(fc);
    Py_XDECREF(fm);
    Py_XDECREF(fp);
    return out;
}

/* new_record: RecordBuilder's record constructor (build.new_record) without a Python frame. */
static PyObject *RECORD_SLOTS = NULL;  /* the four slot descriptors, set once by record_slots */
static PyObject *RECORD_FIELDS = NULL; /* class -> the one "fields set" of its records */

static PyObject *record_slots(PyObject *self, PyObject *args) {
    PyObject *slots;
    if (!PyArg_ParseTuple(args, "O!", &PyTuple_Type, &slots)) return NULL;
    if (PyTuple_GET_SIZE(slots) != 4) {
        PyErr_SetString(PyExc_ValueError, "record_slots: four slot descriptors");
        return NULL;
    }
    Py_INCREF(slots);
    Py_XSETREF(RECORD_SLOTS, slots);
    Py_RETURN_NONE;
}

static PyObject *fields_of(PyObject *cls) {
    PyObject *fields = PyDict_GetItemWithError(RECORD_FIELDS, cls);  /* borrowed */
    if (fields != NULL || PyErr_Occurred()) return fields;
    PyObject *names = PyObject_GetAttrString(cls, "model_fields");
    if (names == NULL) return NULL;
    fields = PySet_New(names);
    Py_DECREF(names);
    if (fields == NULL) return NULL;
    int failed = PyDict_SetItem(RECORD_FIELDS, cls, fields);
    Py_DECREF(fields);  /* the dictionary holds it */
    return failed < 0 ? NULL : fields;
}

static PyObject *new_record(PyObject *self, PyObject *args) {
    PyObject *cls, *data;
    if (!PyArg_ParseTuple(args, "O!O!", &PyType_Type, &cls, &PyDict_Type, &data)) return NULL;
    if (RECORD_SLOTS == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "new_record: record_slots was not called");
        return NULL;
    }
    PyObject *fields = fields_of(cls);
    if (fields == NULL) return NULL;
    PyObject *obj = ((PyTypeObject *)cls)->tp_alloc((PyTypeObject *)cls, 0);
    if (obj == NULL) return NULL;
    if (descr_set(PyTuple_GET_ITEM(RECORD_SLOTS, 0), obj, data) < 0
        || descr_set(PyTuple_GET_ITEM(RECORD_SLOTS, 1), obj, fields) < 0
        || descr_set(PyTuple_GET_ITEM(RECORD_SLOTS, 2), obj, Py_None) < 0
        || descr_set(PyTuple_GET_ITEM(RECORD_SLOTS, 3), obj, Py_None) < 0)
        Py_CLEAR(obj);
    return obj;
}

static PyMethodDef methods[] = {
    {"record_slots", record_slots, METH_VARARGS,
     "record_slots(slots) -> None: the four slot descriptors new_record sets (pydantic's BaseModel slots)."},
    {"new_record", new_record, METH_VARARGS,
     "new_record(cls, data) -> record: build.new_record in C (data holds every field)."},
    {"make_plays", make_plays, METH_VARARGS,
     "make_plays(cls, slots, fields, seats, cards, marks, positions) -> list: the Play records of a trick, "
     "made as RecordBuilder.visit_trick makes them."},
    {"scan_lines", scan_lines, METH_VARARGS,
     "scan_lines(text, heading_end, line, left, tables, kinds=None) -> (events, end, left, -1) | "
     "(facts, end, left, spent) | None\n\n"
     "The lines of the canonical deal whose heading ends at offset heading_end (the heading on "
     "file line `line`), read as QuickReader.canonical_deal reads them; None: not canonical. With "
     "`kinds` (a visitor's DEAL_FACTS), the deal's facts instead of its events where that changes "
     "nothing, and the items their events would have spent."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_canon", "The compiled reader of a canonical deal's lines.", -1, methods,
};

PyMODINIT_FUNC PyInit__canon(void) {
    S_TRICK = PyUnicode_InternFromString("trick");
    S_BIDDING = PyUnicode_InternFromString("bidding");
    S_SCORES = PyUnicode_InternFromString("scores");
    S_BID = PyUnicode_InternFromString("bid");
    S_POT = PyUnicode_InternFromString("pot");
    S_CAPOT = PyUnicode_InternFromString("capot");
    S_GENERALE = PyUnicode_InternFromString("generale");
    S_TAKE = PyUnicode_InternFromString("take");
    S_OFFER = PyUnicode_InternFromString("offer");
    S_ANNOUNCE = PyUnicode_InternFromString("announce");
    S_SEQUENCE = PyUnicode_InternFromString("sequence");
    S_CARRE = PyUnicode_InternFromString("carre");
    S_BELOTE = PyUnicode_InternFromString("belote");
    K_LINE = PyUnicode_InternFromString("line");
    K_COL = PyUnicode_InternFromString("col");
    K_GLYPH = PyUnicode_InternFromString("glyph");
    K_NAGS = PyUnicode_InternFromString("nags");
    K_COMMENTS = PyUnicode_InternFromString("comments");
    K_VARIATIONS = PyUnicode_InternFromString("variations");
    K_SEAT = PyUnicode_InternFromString("seat");
    K_CARD = PyUnicode_InternFromString("card");
    K_MARK = PyUnicode_InternFromString("mark");
    if (!K_LINE || !K_COL || !K_GLYPH || !K_NAGS || !K_COMMENTS || !K_VARIATIONS || !K_SEAT || !K_CARD || !K_MARK)
        return NULL;
    RECORD_FIELDS = PyDict_New();
    if (RECORD_FIELDS == NULL) return NULL;
    S_ONE = PyLong_FromLong(1);
    S_TWO = PyLong_FromLong(2);
    if (!S_TRICK || !S_BIDDING || !S_SCORES || !S_BID || !S_POT || !S_CAPOT || !S_GENERALE || !S_TAKE
        || !S_OFFER || !S_ANNOUNCE || !S_SEQUENCE || !S_CARRE || !S_BELOTE
        || !S_ONE || !S_TWO)
        return NULL;
    return PyModule_Create(&module);
}
