/* The compiled reader of a canonical deal (belote_notation.notation.read._canon), optional.
 *
 * It is an accelerator of CanonicalReader.canonical_deal (notation/read/canonical.py), not a second reader:
 * it reads a deal's heading and the lines after it exactly as that method does, with the same
 * Python tables (card words, play words, calls, suits, seats, keywords: passed in by
 * notation/read/canon.py, never written here), and gives the same events (bound methods of the
 * visitor and their arguments), or, for a visitor that takes a deal at once (it names the
 * classes of the deal's parts: Visitor.DEAL_PARTS), the deal's parts made of those classes, as
 * notation/visitor.py PART_FIELDS says, in the same pass. What it
 * does not read itself (a contree bid of points, the end of the deal) it asks of the Python
 * functions it is given (the bids' answers kept by word: points_bid).
 * Any line it cannot read gives None: the Python reader then reads the deal (and reports what
 * is wrong). tests/speed/test_differential.py proves both readers give the same reports.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <structmember.h>

#include "_parts.h"
#include "_print.h"
#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
#include <emmintrin.h>
#define SIXTEEN_AT_ONCE 1
#endif

#define MAX_WORDS 64
#if defined(__GNUC__) || defined(__clang__)
#define ALWAYS_INLINE static inline __attribute__((always_inline))  /* a hot path's small helper */
#else
#define ALWAYS_INLINE static inline
#endif

/* The tables, in the order canon.py static_tables and canonical.py _scan_tables hand them over.
 * The canonical layout's own words (T_DEAL_WORDS to T_WHEN_BEFORE: the heading's keywords and
 * seats, the offer and announcement cards, the announcement kinds, the rounds, trick= and
 * before=) are the grammar's C_* terminals (canon.py canonical_tables): none is spelled here. */
enum { T_KINDS, T_HANDS, T_SEATS, T_CARDS, T_SMSARA, T_CALLS, T_SUITS, T_STRAINS, T_POINTS_BID,
       T_TRICK_WORDS, T_WINNERS, T_PLAYS, T_MARKS, T_SCORE_WORDS, T_NO_MARKS, T_MAX_DIGITS,
       T_DEAL_WORDS, T_DEALER_WORDS, T_C_SEATS, T_C_CARDS, T_KIND_WORDS, T_ROUNDS, T_WHEN_TRICK, T_WHEN_BEFORE,
       T_SPEND, T_DEAL_END, T_BEGIN_SECTION, T_VISIT_HAND, T_VISIT_TRICK, T_VISIT_CALL,
       T_VISIT_SCORE, T_VISIT_OFFER, T_VISIT_ANNOUNCEMENT, T_VISIT_DEAL_PARTS, T_COUNT };
enum { K_HAND = 1, K_OFFER, K_CALLS, K_TRICK, K_SCORE, K_ANNOUNCE };

static PyObject *S_TRICK, *S_BIDDING, *S_SCORES, *S_BID, *S_POT, *S_SCORE, *S_CAPOT, *S_GENERALE, *S_TAKE,
    *S_ONE, *S_OFFER, *S_ANNOUNCE, *S_FIVE, *S_REST;

/* ---------------------------------------------------------------------------- LinePositions
 * The (line, col) of some words of one line (a hand's cards, a trick's plays): the line once
 * and the columns. A read-only sequence whose items are (line, col) tuples, made when asked:
 * findings and records ask for a few, and a deal's 64 tuples with their lists were a fifth of
 * the reading. It refers to no object, so the collector does not track it. It equals a list of
 * the same (line, col) tuples (the pure-Python reader's). */
typedef struct {
    PyObject_VAR_HEAD
    Py_ssize_t line;
    Py_ssize_t cols[1];
} LinePositions;

static PyTypeObject *LinePositionsType;  /* made with PyType_FromSpec at import (a reference) */

static LinePositions *new_positions(Py_ssize_t line, Py_ssize_t n) {
    LinePositions *p = PyObject_NewVar(LinePositions, LinePositionsType, n);
    if (p != NULL) p->line = line;
    return p;
}

static Py_ssize_t positions_length(PyObject *self) {
    return Py_SIZE(self);
}

static PyObject *positions_item(PyObject *self, Py_ssize_t i) {
    if (i < 0 || i >= Py_SIZE(self)) {
        PyErr_SetString(PyExc_IndexError, "positions index out of range");
        return NULL;
    }
    LinePositions *p = (LinePositions *)self;
    PyObject *line = PyLong_FromSsize_t(p->line), *col = PyLong_FromSsize_t(p->cols[i]);
    PyObject *pair = line != NULL && col != NULL ? PyTuple_New(2) : NULL;
    if (pair == NULL) {
        Py_XDECREF(line);
        Py_XDECREF(col);
        return NULL;
    }
    PyTuple_SET_ITEM(pair, 0, line);
    PyTuple_SET_ITEM(pair, 1, col);
    return pair;
}

/* The positions as a list of (line, col) tuples. */
static PyObject *positions_list(PyObject *self) {
    Py_ssize_t n = Py_SIZE(self);
    PyObject *list = PyList_New(n);
    for (Py_ssize_t i = 0; list != NULL && i < n; i++) {
        PyObject *item = positions_item(self, i);
        if (item == NULL) Py_CLEAR(list);
        else PyList_SET_ITEM(list, i, item);
    }
    return list;
}

static PyObject *positions_subscript(PyObject *self, PyObject *key) {
    if (PyIndex_Check(key)) {
        Py_ssize_t i = PyNumber_AsSsize_t(key, PyExc_IndexError);
        if (i == -1 && PyErr_Occurred()) return NULL;
        return positions_item(self, i < 0 ? i + Py_SIZE(self) : i);
    }
    if (!PySlice_Check(key)) {
        PyErr_Format(PyExc_TypeError, "positions indices must be integers or slices, not %.200s",
                     Py_TYPE(key)->tp_name);
        return NULL;
    }
    PyObject *list = positions_list(self);
    if (list == NULL) return NULL;
    PyObject *part = PyObject_GetItem(list, key);
    Py_DECREF(list);
    return part;
}

/* == and != against another LinePositions or a list, as lists of (line, col) tuples. */
static PyObject *positions_richcompare(PyObject *self, PyObject *other, int op) {
    int same_type = Py_IS_TYPE(other, LinePositionsType);
    if ((op != Py_EQ && op != Py_NE) || !(same_type || PyList_Check(other))) Py_RETURN_NOTIMPLEMENTED;
    PyObject *mine = positions_list(self), *theirs = same_type ? positions_list(other) : Py_NewRef(other);
    PyObject *result = mine != NULL && theirs != NULL ? PyObject_RichCompare(mine, theirs, op) : NULL;
    Py_XDECREF(mine);
    Py_XDECREF(theirs);
    return result;
}

static PyObject *positions_repr(PyObject *self) {
    PyObject *list = positions_list(self);
    if (list == NULL) return NULL;
    PyObject *repr = PyObject_Repr(list);
    Py_DECREF(list);
    return repr;
}

/* A heap type's instance holds a reference to its type. */
static void positions_dealloc(PyObject *self) {
    PyTypeObject *type = Py_TYPE(self);
    PyObject_Free(self);
    Py_DECREF(type);
}

static PyType_Slot positions_slots[] = {
    {Py_tp_doc, (void *)"The (line, col) positions of words of one line, as a read-only sequence of tuples."},
    {Py_tp_dealloc, positions_dealloc},
    {Py_tp_repr, positions_repr},
    {Py_tp_hash, PyObject_HashNotImplemented},
    {Py_tp_richcompare, positions_richcompare},
    {Py_sq_length, positions_length},
    {Py_sq_item, positions_item},
    {Py_mp_length, positions_length},
    {Py_mp_subscript, positions_subscript},
    {0, NULL},
};

static PyType_Spec positions_spec = {
    .name = "belote_notation.notation.read._canon.LinePositions",
    .basicsize = (int)offsetof(LinePositions, cols),
    .itemsize = (int)sizeof(Py_ssize_t),
    .flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_SEQUENCE | Py_TPFLAGS_IMMUTABLETYPE | Py_TPFLAGS_DISALLOW_INSTANTIATION,
    .slots = positions_slots,
};

/* ---------------------------------------------------------------------------- a deal's parts
 * A visitor that takes a canonical deal at once names the classes of its parts
 * (Visitor.DEAL_PARTS, notation/visitor.py); the lines of a canonical deal then become
 * instances of them, made without a Python frame each: the slots PART_FIELDS names (the
 * arguments of the part's event, passed here with each class by canon.py part_spec) set
 * in this order, every other slot of the class (part_spec names them too) set to None, each
 * through its member descriptor's setter (the stable API: the setter checks the instance's
 * class; no slot offset is read here). The parts, in this order, with their fields
 * (PART_FIELDS is their one owner; only their number is written here): */
enum { F_HAND, F_OFFER, F_BID, F_ANNOUNCEMENT, F_TRICK, F_SCORE, F_DEAL, F_COUNT };
static const int field_counts[F_COUNT] = {6, 3, 7, 8, 9, 4, 16};
#define MAX_FIELDS 16
#define MAX_OTHERS 32  /* the slots of a part's class that PART_FIELDS does not name */
enum { L_FIVE, L_BIDS, L_REST, L_HANDS, L_ANNOUNCEMENTS, L_TRICKS, L_COUNT };  /* the deal's lists */

typedef struct {
    PyTypeObject *cls;       /* a reference */
    PyObject *slots[MAX_FIELDS + MAX_OTHERS];  /* references: the member descriptors of its fields, then of
                                                * its other slots */
    int n_others;
    Py_ssize_t at[MAX_FIELDS + MAX_OTHERS];  /* each slot's place among its PartFields type's fields */
    int own;  /* every slot is a field of a part_fields type (_parts.h): written there, no setter call */
} PartKind;

static PartKind part_kinds[F_COUNT];
static PyObject *part_spec;  /* the part_spec tuple the kinds were read from (a reference) */
static descrsetfunc set_member;  /* the member descriptors' setter */
static PyObject *NO_ARGS;    /* () */

/* A class made by a class statement on object alone (its bases too): an instance made by its
 * allocator alone is its slots, all unset, a valid object. A subclass of dict or type (whose
 * zero-filled instance is no valid object) is not one. Read with PyType_GetSlot/GetFlags. */
static int plain_class(PyTypeObject *cls) {
    for (PyTypeObject *t = cls; t != &PyBaseObject_Type; t = PyType_GetSlot(t, Py_tp_base)) {
        if (t == NULL || !(PyType_GetFlags(t) & Py_TPFLAGS_HEAPTYPE)
            || PyType_GetSlot(t, Py_tp_alloc) != (void *)PyType_GenericAlloc)
            return 0;
        PyObject *itemsize = PyObject_GetAttrString((PyObject *)t, "__itemsize__");
        long size = itemsize != NULL ? PyLong_AsLong(itemsize) : -1;
        Py_XDECREF(itemsize);
        if (size != 0) {
            PyErr_Clear();
            return 0;
        }
    }
    return 1;
}

/* The member descriptor of slot `name` of cls, one of cls's own or its bases' (a new reference),
 * else NULL with a ValueError (not a slot) or a TypeError (another class's slot). */
static PyObject *slot_of_class(PyTypeObject *cls, PyObject *name) {
    PyObject *d = PyObject_GetAttr((PyObject *)cls, name);
    if (d == NULL) return NULL;
    if (!Py_IS_TYPE(d, &PyMemberDescr_Type)) {
        Py_DECREF(d);
        PyErr_SetString(PyExc_ValueError, "scan_deal: a part's field is not a slot");
        return NULL;
    }
    PyObject *owner = PyObject_GetAttrString(d, "__objclass__");
    int own = owner != NULL && PyType_Check(owner) && PyType_IsSubtype(cls, (PyTypeObject *)owner);
    Py_XDECREF(owner);
    if (!own) {
        Py_DECREF(d);
        PyObject *cls_name = PyErr_Occurred() ? NULL : PyObject_GetAttrString((PyObject *)cls, "__name__");
        if (cls_name != NULL)
            PyErr_Format(PyExc_TypeError, "scan_deal: the field %R of %S is another class's slot", name, cls_name);
        Py_XDECREF(cls_name);
        return NULL;
    }
    return d;
}

/* One kind of part: (class, its fields, its other slots), checked, its descriptors kept. */
static int read_kind(PyObject *triple, int k) {
    PyObject *cls_obj = PyTuple_Check(triple) && PyTuple_GET_SIZE(triple) == 3 ? PyTuple_GET_ITEM(triple, 0) : NULL;
    PyObject *names = cls_obj != NULL ? PyTuple_GET_ITEM(triple, 1) : NULL;
    PyObject *others = cls_obj != NULL ? PyTuple_GET_ITEM(triple, 2) : NULL;
    if (cls_obj == NULL || !PyType_Check(cls_obj) || !PyTuple_Check(names) || !PyTuple_Check(others)
        || PyTuple_GET_SIZE(names) != field_counts[k] || PyTuple_GET_SIZE(others) > MAX_OTHERS) {
        PyErr_SetString(PyExc_ValueError, "scan_deal: a part is not (class, its fields, its other slots)");
        return -1;
    }
    PyTypeObject *cls = (PyTypeObject *)cls_obj;
    if (!plain_class(cls)) {
        PyObject *cls_name = PyObject_GetAttrString(cls_obj, "__name__");
        if (cls_name != NULL)
            PyErr_Format(PyExc_TypeError, "scan_deal: a part's class is a plain class of slots, not %S", cls_name);
        Py_XDECREF(cls_name);
        return -1;
    }
    PartKind *kind = &part_kinds[k];
    int n = field_counts[k], n_others = (int)PyTuple_GET_SIZE(others);
    for (int i = 0; i < n + n_others; i++) {
        PyObject *name = i < n ? PyTuple_GET_ITEM(names, i) : PyTuple_GET_ITEM(others, i - n);
        PyObject *d = slot_of_class(cls, name);
        if (d == NULL) return -1;
        Py_XSETREF(kind->slots[i], d);
        kind->at[i] = part_field_at(cls, d);
    }
    kind->n_others = n_others;
    kind->own = 1;
    for (int i = 0; i < n + n_others; i++) kind->own = kind->own && kind->at[i] >= 0;
    Py_INCREF(cls);
    Py_XSETREF(kind->cls, cls);
    return 0;
}

/* The kinds of parts of a part_spec (once a spec). */
static int read_kinds(PyObject *spec) {
    if (spec == part_spec) return 0;
    Py_CLEAR(part_spec);  /* a spec refused half-way leaves no kinds known */
    if (!PyTuple_Check(spec) || PyTuple_GET_SIZE(spec) != F_COUNT) {
        PyErr_SetString(PyExc_ValueError, "scan_deal: the parts must name seven classes");
        return -1;
    }
    for (int k = 0; k < F_COUNT; k++)
        if (read_kind(PyTuple_GET_ITEM(spec, k), k) < 0) return -1;
    Py_INCREF(spec);
    Py_XSETREF(part_spec, spec);
    return 0;
}

/* A part of kind k with these field values (borrowed; NULL: None). */
static PyObject *new_part(int k, PyObject **values) {
    PartKind *kind = &part_kinds[k];
    PyObject *obj = PyType_GenericNew(kind->cls, NO_ARGS, NULL);
    if (obj == NULL) return NULL;
    int n = field_counts[k];
    if (kind->own) {  /* its fields are all unset (NULL): the instance was just allocated */
        PyObject **field = ((PartObject *)obj)->field;
        for (int i = 0; i < n; i++) field[kind->at[i]] = Py_NewRef(values[i] != NULL ? values[i] : Py_None);
        for (int i = n; i < n + kind->n_others; i++) field[kind->at[i]] = Py_NewRef(Py_None);
        return obj;
    }
    for (int i = 0; i < n + kind->n_others; i++) {
        PyObject *v = i < n && values[i] != NULL ? values[i] : Py_None;
        if (set_member(kind->slots[i], obj, v) < 0) {
            Py_DECREF(obj);
            return NULL;
        }
    }
    return obj;
}

/* Append item to list; steals item. */
static int append_new(PyObject *list, PyObject *item) {
    if (item == NULL) return -1;
    int r = PyList_Append(list, item);
    Py_DECREF(item);
    return r;
}

/* A hand part's bits: of a list of cards: the sum of their bits (None: a card out of 0..31). */
static PyObject *cards_bits(PyObject *cards) {
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

/* ---------------------------------------------------------------------------- the scan */
typedef struct {
    PyObject *text;
    int kind;
    const void *data;
    const Py_UCS1 *bytes;    /* data, when the text is of one byte a character (else NULL) */
    Py_ssize_t n;            /* the text's length */
    PyObject **t;            /* the tables (borrowed from the tuple) */
    Py_ssize_t max_digits;
    Py_ssize_t row;          /* the offset of the current row */
    Py_ssize_t line;         /* its line number */
    PyObject *line_obj;      /* the same, an int (a reference) */
    int offered;             /* an offer line was read */
    Py_ssize_t extra;        /* the items the offer and announcement readers spend */
    Py_ssize_t next_deal;    /* the offset of the `deal` keyword after the deal read (-1: none) */
    int parts;               /* make the deal's parts; else keep its events */
    PyObject *events;        /* the events: a list of (callable, args) */
    PyObject *current;       /* the section of the kept events (a reference), or NULL */
    PyObject *lists[L_COUNT];    /* the parts: the deal's lists */
    PyObject *offer, *score, *match, *pot, *pot_pos;  /* the parts: the rest (references or NULL) */
    PyObject *prefix;        /* the parts: the fingerprints' prefix (borrowed), NULL: none asked */
    DealPrint print;         /* the parts: the deal's fingerprint so far (_print.h) */
    struct WordCopy *copy[T_COUNT];  /* the tables' C copies met so far (copy_of): the tables of
                                      * one scan are the same all along */
} Scan;

typedef struct {
    Py_ssize_t start[MAX_WORDS], len[MAX_WORDS];
    Py_ssize_t n;            /* the words kept (at most MAX_WORDS) */
    Py_ssize_t count;        /* the words of the row (row.count(" ") + 1) */
} Words;

static inline Py_UCS4 char_at(const Scan *s, Py_ssize_t i) {
    return s->bytes != NULL ? s->bytes[i] : PyUnicode_READ(s->kind, s->data, i);
}

static Py_ssize_t find_newline(const Scan *s, Py_ssize_t pos) {
    if (s->bytes != NULL) {
        const Py_UCS1 *found = memchr(s->bytes + pos, '\n', (size_t)(s->n - pos));
        return found == NULL ? -1 : found - s->bytes;
    }
    for (Py_ssize_t i = pos; i < s->n; i++)
        if (PyUnicode_READ(s->kind, s->data, i) == '\n') return i;
    return -1;
}

/* A space at offset `at` of the row being split (split_row): the word before it kept if it is
 * among the first MAX_WORDS (the words so far: *count). */
static inline void space_at(Words *w, Py_ssize_t at, Py_ssize_t *start, Py_ssize_t *count) {
    if (*count <= MAX_WORDS) {
        w->start[*count - 1] = *start;
        w->len[*count - 1] = at - *start;
    }
    ++*count;
    *start = at + 1;
}

/* The last word of a row ending at `b` (the words so far: count), and the counts. */
static inline void row_ends(Words *w, Py_ssize_t b, Py_ssize_t start, Py_ssize_t count) {
    if (count <= MAX_WORDS) {
        w->start[count - 1] = start;
        w->len[count - 1] = b - start;
    }
    w->n = count < MAX_WORDS ? count : MAX_WORDS;
    w->count = count;
}

/* row.split(" ") of text[a:b], in one pass: the first MAX_WORDS words kept, all counted. */
static void split_row(const Scan *s, Py_ssize_t a, Py_ssize_t b, Words *w) {
    Py_ssize_t start = a, i = a, count = 1;
    const Py_UCS1 *bytes = s->bytes;
#ifdef SIXTEEN_AT_ONCE
    /* sixteen bytes at a time, the spaces found by one compare: a row's words are of two to
     * five letters, and a byte at a time cost some five instructions a letter */
    if (bytes != NULL) {
        const __m128i space = _mm_set1_epi8(' ');
        for (; i < b && i + 16 <= s->n; i += 16) {
            __m128i v = _mm_loadu_si128((const __m128i *)(bytes + i));
            unsigned found = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, space));
            if (b - i < 16) found &= (1u << (b - i)) - 1;  /* the row's own bytes only */
            for (; found != 0; found &= found - 1) space_at(w, i + __builtin_ctz(found), &start, &count);
        }
    }
#endif
    for (; i < b; i++)
        if ((bytes != NULL ? bytes[i] : PyUnicode_READ(s->kind, s->data, i)) == ' ') space_at(w, i, &start, &count);
    row_ends(w, b, start, count);
}

/* The row from `a` to the next newline, split as split_row splits it, the newline found in the
 * same pass: its offset, or -1 (no newline; the words are then not split). */
static Py_ssize_t split_line(const Scan *s, Py_ssize_t a, Words *w) {
#ifdef SIXTEEN_AT_ONCE
    if (s->bytes != NULL) {
        const __m128i space = _mm_set1_epi8(' '), feed = _mm_set1_epi8('\n');
        Py_ssize_t start = a, count = 1;
        for (Py_ssize_t i = a; i + 16 <= s->n; i += 16) {
            __m128i v = _mm_loadu_si128((const __m128i *)(s->bytes + i));
            unsigned spaces = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, space));
            unsigned feeds = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, feed));
            if (feeds != 0) spaces &= (1u << __builtin_ctz(feeds)) - 1;  /* the row's own bytes only */
            for (; spaces != 0; spaces &= spaces - 1) space_at(w, i + __builtin_ctz(spaces), &start, &count);
            if (feeds != 0) {
                row_ends(w, i + __builtin_ctz(feeds), start, count);
                return i + __builtin_ctz(feeds);
            }
        }
    }  /* the text's last sixteen bytes: the row again, the other way */
#endif
    Py_ssize_t nl = find_newline(s, a);
    if (nl >= 0) split_row(s, a, nl, w);
    return nl;
}

/* The column of word i in the current row. */
static inline Py_ssize_t col_of(const Scan *s, const Words *w, Py_ssize_t i) {
    return w->start[i] - s->row + 1;
}

static PyObject *word_str(Scan *s, Words *w, Py_ssize_t i) {
    return PyUnicode_Substring(s->text, w->start[i], w->start[i] + w->len[i]);
}

/* A C copy of the short ASCII words of one table (a dict or a set), for lookups without
 * making a str of each word: a word of 1-8 ASCII characters packed in 64 bits. The tables are
 * the cached, never changed tables of notation/read/canon.py; a copy is made again when another
 * table (another deck) or a table of another size comes. Longer or non-ASCII words are looked
 * up in the Python table itself. */
typedef struct WordCopy {
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

ALWAYS_INLINE int pack_word(const Scan *s, const Words *w, Py_ssize_t i, uint64_t *key) {
    Py_ssize_t n = w->len[i], start = w->start[i];
    if (n < 1 || n > 8) return 0;
    uint64_t k = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (s->bytes != NULL && start + 8 <= s->n) {  /* eight bytes at once, the word's kept */
        const uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
        uint64_t used = n == 8 ? ~0ull : (1ull << (8 * n)) - 1, v;
        memcpy(&v, s->bytes + start, 8);
        k = v & used;
        v = k | ~used;  /* the bytes after the word are not zero */
        if ((k & highs) || ((v - ones) & ~v & highs)) return 0;  /* a byte >= 128, or a zero byte */
        *key = k;
        return 1;
    }
#endif
    for (Py_ssize_t j = 0; j < n; j++) {
        Py_UCS4 c = char_at(s, start + j);
        if (c == 0 || c >= 128) return 0;
        k |= (uint64_t)c << (8 * j);
    }
    *key = k;
    return 1;
}

static inline uint64_t slot_of(uint64_t key, uint64_t mask) {
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

/* table.get(word) of a word the C copy cannot hold (longer than 8, not ASCII) or of a table it
 * cannot copy: the Python table itself. */
static PyObject *lookup_in_table(Scan *s, int table, Words *w, Py_ssize_t i) {
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

/* table.get(word) as a borrowed reference; NULL and no error: absent; NULL and an error: failed.
 * Inline, and the copy found once a scan (s->copy): some 87 calls a deal. */
ALWAYS_INLINE PyObject *lookup(Scan *s, int table, Words *w, Py_ssize_t i) {
    uint64_t key;
    if (pack_word(s, w, i, &key)) {
        WordCopy *c = s->copy[table];
        if (c == NULL || c->table != s->t[table]) c = s->copy[table] = copy_of(s, table);
        if (c != NULL) {
            uint64_t at = slot_of(key, c->mask);
            while (c->keys[at] != 0) {
                if (c->keys[at] == key) return c->values[at];
                at = (at + 1) & c->mask;
            }
            return NULL;
        }
    }
    return lookup_in_table(s, table, w, i);
}

/* The answers of the points-bid reader (T_POINTS_BID, quick_words.points_bid_reader: a pure
 * function of the word, remembered by word in Python too) to the short ASCII words it was asked,
 * kept here: a file says the same few hundred bids (N:80H, E:110SA) again and again, and a call
 * through its memory in Python cost some 800 instructions. Made again for another reader
 * (another deck); at most half full, then the reader is called as before. */
#define BID_MEMO 1024
static struct {
    PyObject *reader;              /* a reference */
    uint64_t keys[BID_MEMO];       /* 0: an empty slot */
    PyObject *answers[BID_MEMO];   /* references */
    Py_ssize_t used;
} bids;

/* reader(word) of bid_line's word i: a new reference, or NULL with an error. */
static PyObject *points_bid(Scan *s, Words *w, Py_ssize_t i) {
    PyObject *reader = s->t[T_POINTS_BID];
    if (bids.reader != reader) {
        for (int k = 0; k < BID_MEMO; k++) Py_CLEAR(bids.answers[k]);
        memset(bids.keys, 0, sizeof bids.keys);
        bids.used = 0;
        Py_XSETREF(bids.reader, Py_NewRef(reader));
    }
    uint64_t key = 0, at = 0;
    int kept = pack_word(s, w, i, &key);
    if (kept) {
        for (at = slot_of(key, BID_MEMO - 1); bids.keys[at] != 0; at = (at + 1) & (BID_MEMO - 1))
            if (bids.keys[at] == key) return Py_NewRef(bids.answers[at]);
    }
    PyObject *word = word_str(s, w, i);
    if (word == NULL) return NULL;
    PyObject *answer = PyObject_CallOneArg(reader, word);
    Py_DECREF(word);
    if (answer != NULL && kept && bids.used < BID_MEMO / 2) {
        bids.keys[at] = key;
        bids.answers[at] = Py_NewRef(answer);
        bids.used++;
    }
    return answer;
}

/* word.isdigit() and word.isascii() and len(word) <= MAX_DIGITS */
static int ascii_digits(const Scan *s, Py_ssize_t start, Py_ssize_t len) {
    if (len <= 0 || len > s->max_digits) return 0;
    for (Py_ssize_t k = 0; k < len; k++) {
        Py_UCS4 c = char_at(s, start + k);
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
        Py_UCS4 first = char_at(s, start);
        if (first == '+' || first == '-') {
            negative = first == '-';
            k = 1;
        }
        long long value = 0;
        int digits = k < len;
        for (; k < len; k++) {
            Py_UCS4 c = char_at(s, start + k);
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

/* (line, col) of the current row: a new tuple. */
static PyObject *position_of(Scan *s, Py_ssize_t col) {
    PyObject *c = PyLong_FromSsize_t(col);
    if (c == NULL) return NULL;
    PyObject *p = PyTuple_New(2);
    if (p == NULL) {
        Py_DECREF(c);
        return NULL;
    }
    Py_INCREF(s->line_obj);
    PyTuple_SET_ITEM(p, 0, s->line_obj);
    PyTuple_SET_ITEM(p, 1, c);
    return p;
}

/* a == b for two str, without comparing the characters of two interned ones */
static int same_str(PyObject *a, PyObject *b) {
    if (a == b) return 1;
    if (PyUnicode_CHECK_INTERNED(a) && PyUnicode_CHECK_INTERNED(b)) return 0;
    return PyUnicode_Compare(a, b) == 0;
}

/* ---- what a line gives: kept as an event, or as a part */

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
static int enter(Scan *s, PyObject *section) {
    return s->current != NULL && same_str(s->current, section) ? 0 : begin_section(s, section);
}

/* The items the offer and announcement readers spend, and, for the events, their
 * begin_section(section, line, 1) and spend(items, line, col), as DealReader.section and its
 * offer and announcement readers report them. */
static int spending(Scan *s, PyObject *section, Py_ssize_t items, Py_ssize_t col) {
    s->extra += items;
    if (s->parts) return 0;
    if (begin_section(s, section) < 0) return -1;
    return keep(s, s->t[T_SPEND], Py_BuildValue("(nOn)", items, s->line_obj, col));
}

/* A hand line's cards; steals cards and positions. */
static int add_hand(Scan *s, PyObject *section, PyObject *seat, PyObject *cards, PyObject *positions) {
    int r = -1;
    if (s->parts) {
        PyObject *bits = cards_bits(cards);
        if (bits != NULL) {
            PyObject *v[6] = {seat, cards, positions, s->line_obj, S_ONE, bits == Py_None ? NULL : bits};
            int five = same_str(section, S_FIVE), rest = !five && same_str(section, S_REST);
            PyObject *list = five ? s->lists[L_FIVE] : rest ? s->lists[L_REST] : s->lists[L_HANDS];
            print_hand(&s->print, five ? 0 : rest ? 1 : 2, seat, cards);
            r = PyErr_Occurred() ? -1 : append_new(list, new_part(F_HAND, v));
            Py_DECREF(bits);
        }
    } else if (enter(s, section) == 0) {
        r = keep(s, s->t[T_VISIT_HAND], PyTuple_Pack(6, section, seat, cards, positions, s->line_obj, S_ONE));
    }
    Py_DECREF(cards);
    Py_DECREF(positions);
    return r;
}

/* The offer's card, at column at. */
static int add_offer(Scan *s, PyObject *card, Py_ssize_t at) {
    if (spending(s, S_OFFER, 1, at) < 0) return -1;
    PyObject *col = PyLong_FromSsize_t(at);
    if (col == NULL) return -1;
    int r;
    if (s->parts) {
        PyObject *v[3] = {card, s->line_obj, col};
        print_offer(&s->print, card);
        Py_XSETREF(s->offer, new_part(F_OFFER, v));
        r = s->offer == NULL ? -1 : 0;
    } else {
        r = keep(s, s->t[T_VISIT_OFFER], PyTuple_Pack(3, card, s->line_obj, col));
    }
    Py_DECREF(col);
    return r;
}

/* One call (value: NULL but for a contree bid of points). */
static int add_call(Scan *s, PyObject *seat, PyObject *action, PyObject *suit, PyObject *round, Py_ssize_t col,
                    PyObject *value) {
    PyObject *c = PyLong_FromSsize_t(col);
    if (c == NULL) return -1;
    int r;
    if (s->parts) {
        PyObject *v[7] = {seat, action, suit, round, s->line_obj, c, value};
        print_call(&s->print, seat, action, round, suit, value);
        r = append_new(s->lists[L_BIDS], new_part(F_BID, v));
    } else {
        PyObject *args = value == NULL ? PyTuple_Pack(6, seat, action, suit, round, s->line_obj, c)
                                       : PyTuple_Pack(7, seat, action, suit, round, s->line_obj, c, value);
        r = keep(s, s->t[T_VISIT_CALL], args);
    }
    Py_DECREF(c);
    return r;
}

/* An announcement (placed at col 1); steals cards and positions. */
static int add_announcement(Scan *s, PyObject *seat, PyObject *kind, PyObject *cards, PyObject *positions,
                            PyObject *trick, PyObject *before, Py_ssize_t items) {
    int r = spending(s, S_ANNOUNCE, items, 1);
    if (r == 0) {
        if (s->parts) {
            PyObject *v[8] = {seat, kind, cards, trick, before, s->line_obj, S_ONE, positions};
            print_announcement(&s->print, seat, kind, cards, trick, before);
            r = append_new(s->lists[L_ANNOUNCEMENTS], new_part(F_ANNOUNCEMENT, v));
        } else {
            r = keep(s, s->t[T_VISIT_ANNOUNCEMENT],
                     PyTuple_Pack(8, seat, kind, cards, positions, trick, before, s->line_obj, S_ONE));
        }
    }
    Py_DECREF(cards);
    Py_DECREF(positions);
    return r;
}

/* A trick (placed at col 1; winner: NULL when none is written); steals seats, cards, marks and
 * positions. */
static int add_trick(Scan *s, PyObject *number, PyObject *seats, PyObject *cards, PyObject *marks,
                     PyObject *positions, PyObject *winner, Py_ssize_t winner_col) {
    int r = -1;
    PyObject *where = position_of(s, winner != NULL ? winner_col : 1);
    if (where != NULL) {
        if (s->parts) {
            PyObject *v[9] = {number, s->line_obj, S_ONE, seats, cards, marks, positions, winner, where};
            print_trick(&s->print, seats, cards, marks);
            r = append_new(s->lists[L_TRICKS], new_part(F_TRICK, v));
        } else if (enter(s, S_TRICK) == 0) {
            r = keep(s, s->t[T_VISIT_TRICK], PyTuple_Pack(9, number, s->line_obj, S_ONE, seats, cards, marks, positions,
                                                         winner != NULL ? winner : Py_None,
                                                         winner != NULL ? where : Py_None));
        }
    }
    Py_XDECREF(where);
    Py_DECREF(seats);
    Py_DECREF(cards);
    Py_DECREF(marks);
    Py_DECREF(positions);
    return r;
}

/* A score, match or pot line (ew: NULL for the pot, placed at col); steals ns and ew. */
static int add_score(Scan *s, PyObject *kind, PyObject *ns, PyObject *ew, Py_ssize_t col) {
    int r = -1;
    PyObject *c = PyLong_FromSsize_t(col);
    if (c == NULL) goto done;
    if (!s->parts) {
        if (enter(s, S_SCORES) == 0)
            r = keep(s, s->t[T_VISIT_SCORE], PyTuple_Pack(5, kind, ns, ew != NULL ? ew : Py_None, s->line_obj, c));
    } else if (ew == NULL) {  /* pot */
        Py_INCREF(ns);
        Py_XSETREF(s->pot, ns);
        Py_XSETREF(s->pot_pos, PyTuple_Pack(2, s->line_obj, c));
        r = s->pot_pos == NULL ? -1 : 0;
    } else {
        PyObject *v[4] = {ns, ew, s->line_obj, c};
        PyObject *part = new_part(F_SCORE, v);
        if (part != NULL) {
            if (same_str(kind, S_SCORE)) Py_XSETREF(s->score, part);
            else Py_XSETREF(s->match, part);
            r = 0;
        }
    }
done:
    Py_XDECREF(c);
    Py_DECREF(ns);
    Py_XDECREF(ew);
    return r;
}

/* ---- the lines: 1 read, 0 not canonical, -1 an error */

/* The cards of words[from:to] (a new list) and their positions (a new LinePositions); NULL and
 * no error: a word that is not a card of the deck. */
static PyObject *read_cards(Scan *s, Words *w, Py_ssize_t from, Py_ssize_t to, LinePositions **positions) {
    PyObject *cards = PyList_New(to - from);
    LinePositions *p = new_positions(s->line, to - from);
    if (cards == NULL || p == NULL) goto fail;
    for (Py_ssize_t i = from; i < to; i++) {
        PyObject *card = lookup(s, T_CARDS, w, i);
        if (card == NULL) goto fail;
        Py_INCREF(card);
        PyList_SET_ITEM(cards, i - from, card);
        p->cols[i - from] = col_of(s, w, i);
    }
    *positions = p;
    return cards;
fail:
    Py_XDECREF(cards);
    Py_XDECREF(p);
    return NULL;
}

static int hand_line(Scan *s, Words *w) {
    if (w->n < 2) return 0;
    PyObject *section = lookup(s, T_HANDS, w, 0);
    if (section == NULL) return PyErr_Occurred() ? -1 : 0;
    PyObject *seat = lookup(s, T_SEATS, w, 1);
    if (seat == NULL) return PyErr_Occurred() ? -1 : 0;
    LinePositions *positions;
    PyObject *cards = read_cards(s, w, 2, w->n, &positions);
    if (cards == NULL) return PyErr_Occurred() ? -1 : 0;
    return add_hand(s, section, seat, cards, (PyObject *)positions) < 0 ? -1 : 1;
}

static int bid_line(Scan *s, Words *w) {
    if (w->n < 2) return 0;
    PyObject *kw = lookup(s, T_SMSARA, w, 0);
    if (kw == NULL) return PyErr_Occurred() ? -1 : 0;
    PyObject *number = lookup(s, T_ROUNDS, w, 1);  /* the grammar's C_ROUND */
    if (number == NULL) return PyErr_Occurred() ? -1 : 0;
    /* the events' section first: nothing is kept of a deal that is not canonical */
    if (!s->parts && enter(s, S_BIDDING) < 0) return -1;
    Py_ssize_t i = 2, n = w->n;
    while (i < n) {
        Py_ssize_t here = col_of(s, w, i);
        PyObject *call = lookup(s, T_CALLS, w, i);
        if (call == NULL) {
            if (PyErr_Occurred()) return -1;
            PyObject *points = points_bid(s, w, i);  /* contree: 80H, N:110SA */
            if (points == NULL) return -1;
            int r = 0;
            if (PyTuple_Check(points) && PyTuple_GET_SIZE(points) == 3)
                r = add_call(s, PyTuple_GET_ITEM(points, 0), S_BID, PyTuple_GET_ITEM(points, 2), number, here,
                             PyTuple_GET_ITEM(points, 1)) < 0 ? -1 : 1;
            Py_DECREF(points);
            if (r <= 0) return r;
            i++;
            continue;
        }
        if (!PyTuple_Check(call) || PyTuple_GET_SIZE(call) != 2) return 0;
        PyObject *action = PyTuple_GET_ITEM(call, 1);
        PyObject *suit = Py_None;
        i++;
        int capot = PyUnicode_Check(action) && (same_str(action, S_CAPOT) || same_str(action, S_GENERALE));
        if (capot) {  /* contree: capot S, generale TA */
            suit = i < n ? lookup(s, T_STRAINS, w, i) : NULL;
            if (suit == NULL) return PyErr_Occurred() ? -1 : 0;
            i++;
        } else if (PyUnicode_Check(action) && same_str(action, S_TAKE) && i < n) {
            PyObject *next = lookup(s, T_CALLS, w, i);
            if (next == NULL && PyErr_Occurred()) return -1;
            if (next == NULL) {
                suit = lookup(s, T_SUITS, w, i);
                if (suit == NULL) return PyErr_Occurred() ? -1 : 0;
                i++;
            }
        }
        if (add_call(s, PyTuple_GET_ITEM(call, 0), action, suit, number, here, NULL) < 0) return -1;
    }
    return 1;
}

static int trick_line(Scan *s, Words *w, Py_ssize_t row_len) {
    if (w->n < 2) return 0;
    PyObject *kw = lookup(s, T_TRICK_WORDS, w, 0);
    if (kw == NULL) return PyErr_Occurred() ? -1 : 0;
    if (!ascii_digits(s, w->start[1], w->len[1])) return 0;
    PyObject *winner = NULL;
    Py_ssize_t winner_col = 0, end = w->n;
    if (end > 3) {
        PyObject *win_kw = lookup(s, T_WINNERS, w, end - 2);
        if (win_kw == NULL && PyErr_Occurred()) return -1;
        if (win_kw != NULL) {
            PyObject *seat = lookup(s, T_SEATS, w, end - 1);
            if (seat == NULL && PyErr_Occurred()) return -1;
            if (seat != NULL) {
                winner = seat;
                winner_col = 1 + row_len - w->len[end - 1];
                end -= 2;
            }
        }
    }
    /* the plays, with a belote word after some (QuickReader.marked_plays): pairs[k] is the
     * (seat, card) of play k, mark_of[k] its mark or NULL */
    PyObject *pairs[MAX_WORDS], *mark_of[MAX_WORDS];
    Py_ssize_t cols[MAX_WORDS], k = 0;
    int marked = 0;
    for (Py_ssize_t i = 2; i < end; i++) {
        PyObject *pair = lookup(s, T_PLAYS, w, i);
        if (pair != NULL) {
            pairs[k] = pair;
            mark_of[k] = NULL;
            cols[k++] = col_of(s, w, i);
            continue;
        }
        if (PyErr_Occurred()) return -1;
        PyObject *mark = lookup(s, T_MARKS, w, i);
        if (mark == NULL) return PyErr_Occurred() ? -1 : 0;
        if (k == 0 || mark_of[k - 1] != NULL) return 0;
        mark_of[k - 1] = mark;
        marked = 1;
    }
    PyObject *seats = PyList_New(k), *cards = PyList_New(k), *marks = NULL, *number = NULL;
    LinePositions *positions = new_positions(s->line, k);
    if (seats == NULL || cards == NULL || positions == NULL) goto fail;
    for (Py_ssize_t j = 0; j < k; j++) {
        PyObject *seat = PyTuple_GET_ITEM(pairs[j], 0), *card = PyTuple_GET_ITEM(pairs[j], 1);
        Py_INCREF(seat);
        Py_INCREF(card);
        PyList_SET_ITEM(seats, j, seat);
        PyList_SET_ITEM(cards, j, card);
        positions->cols[j] = cols[j];
    }
    if (marked) {  /* a list, as marked_plays gives */
        marks = PyList_New(k);
        for (Py_ssize_t j = 0; marks != NULL && j < k; j++)
            PyList_SET_ITEM(marks, j, Py_NewRef(mark_of[j] != NULL ? mark_of[j] : Py_None));
    } else {       /* a tuple of None, shared for the usual lengths */
        PyObject *no_marks = s->t[T_NO_MARKS];
        if (k < PyTuple_GET_SIZE(no_marks)) {
            marks = Py_NewRef(PyTuple_GET_ITEM(no_marks, k));
        } else {
            marks = PyTuple_New(k);
            for (Py_ssize_t j = 0; marks != NULL && j < k; j++) PyTuple_SET_ITEM(marks, j, Py_NewRef(Py_None));
        }
    }
    number = marks == NULL ? NULL : int_of(s, w->start[1], w->len[1]);
    if (number == NULL) goto fail;
    int r = add_trick(s, number, seats, cards, marks, (PyObject *)positions, winner, winner_col);
    Py_DECREF(number);
    return r < 0 ? -1 : 1;
fail:
    Py_XDECREF(seats);
    Py_XDECREF(cards);
    Py_XDECREF(marks);
    Py_XDECREF(positions);
    return -1;
}

static int score_number(const Scan *s, const Words *w, Py_ssize_t i) {
    Py_ssize_t start = w->start[i], len = w->len[i];
    if (len > 0) {
        Py_UCS4 first = char_at(s, start);
        if (first == '+' || first == '-') {
            start++;
            len--;
        }
    }
    return ascii_digits(s, start, len);
}

static int score_line(Scan *s, Words *w) {
    PyObject *kind = lookup(s, T_SCORE_WORDS, w, 0);
    if (kind == NULL) return PyErr_Occurred() ? -1 : 0;
    int pot = PyUnicode_Check(kind) && same_str(kind, S_POT);
    if (w->n != (pot ? 2 : 3)) return 0;
    for (Py_ssize_t i = 1; i < w->n; i++)
        if (!score_number(s, w, i)) return 0;
    PyObject *ns = int_of(s, w->start[1], w->len[1]), *ew = NULL;
    if (ns == NULL || (!pot && (ew = int_of(s, w->start[2], w->len[2])) == NULL)) {
        Py_XDECREF(ns);
        return -1;
    }
    /* placed at the keyword, at the number for the pot */
    return add_score(s, kind, ns, ew, pot ? col_of(s, w, 1) : 1) < 0 ? -1 : 1;
}

/* The word is the str `prefix` (T_WHEN_TRICK, T_WHEN_BEFORE) and then 1..max_digits ASCII digits. */
static int keyed_int(const Scan *s, const Words *w, Py_ssize_t i, PyObject *prefix) {
    if (!PyUnicode_Check(prefix)) return 0;
    Py_ssize_t k = PyUnicode_GET_LENGTH(prefix);
    if (w->len[i] <= k) return 0;
    for (Py_ssize_t j = 0; j < k; j++)
        if (char_at(s, w->start[i] + j) != PyUnicode_READ_CHAR(prefix, j)) return 0;
    return ascii_digits(s, w->start[i] + k, w->len[i] - k);
}

/* `offer CARD` (CanonicalReader._kept_offer; its first word is the kind's, T_KINDS): a second
 * offer or a card not of the canonical shape of the deck (T_C_CARDS) is not canonical. */
static int offer_line(Scan *s, Words *w) {
    if (s->offered || w->n != 2) return 0;
    PyObject *card = lookup(s, T_C_CARDS, w, 1);
    if (card == NULL) return PyErr_Occurred() ? -1 : 0;
    s->offered = 1;
    return add_offer(s, card, col_of(s, w, 1)) < 0 ? -1 : 1;
}

/* `announce SEAT KIND cards [trick=N] [before=N]` (CanonicalReader._kept_announcement). */
static int announce_line(Scan *s, Words *w) {
    if (w->n < 3) return 0;
    PyObject *seat = lookup(s, T_C_SEATS, w, 1), *kind = seat != NULL ? lookup(s, T_KIND_WORDS, w, 2) : NULL;
    if (kind == NULL) return PyErr_Occurred() ? -1 : 0;
    PyObject *when_trick = s->t[T_WHEN_TRICK], *when_before = s->t[T_WHEN_BEFORE];
    Py_ssize_t i = 3, n = w->n, trick_at = -1, before_at = -1;
    while (i < n && lookup(s, T_C_CARDS, w, i) != NULL) i++;
    if (PyErr_Occurred()) return -1;
    Py_ssize_t cards_end = i;
    if (i < n && keyed_int(s, w, i, when_trick)) trick_at = i++;
    if (i < n && keyed_int(s, w, i, when_before)) before_at = i++;
    if (i != n) return 0;
    LinePositions *positions;
    PyObject *cards = read_cards(s, w, 3, cards_end, &positions), *trick = NULL, *before = NULL;
    if (cards == NULL) return PyErr_Occurred() ? -1 : 0;
    Py_ssize_t skip_trick = PyUnicode_GET_LENGTH(when_trick), skip_before = PyUnicode_GET_LENGTH(when_before);
    if ((trick_at >= 0
         && (trick = int_of(s, w->start[trick_at] + skip_trick, w->len[trick_at] - skip_trick)) == NULL)
        || (before_at >= 0
            && (before = int_of(s, w->start[before_at] + skip_before, w->len[before_at] - skip_before)) == NULL)) {
        Py_DECREF(cards);
        Py_DECREF(positions);
        Py_XDECREF(trick);
        return -1;
    }
    int r = add_announcement(s, seat, kind, cards, (PyObject *)positions, trick ? trick : Py_None,
                             before ? before : Py_None, n - 2);
    Py_XDECREF(trick);
    Py_XDECREF(before);
    return r < 0 ? -1 : 1;
}

/* True when deal_end(text, pos) matches (what may follow a canonical deal); s->next_deal: the
 * offset of the keyword it matched (a heading's or the `end` keyword: read_heading tells them
 * apart with the grammar's words), -1 when it matched the end of the text. The pattern is blanks
 * and then a keyword or the end (canonical.py _deal_end), so the keyword is the first character
 * after the blanks, no m.end() asked: a method call a deal. */
static int deal_ends(Scan *s, Py_ssize_t pos) {
    PyObject *at = PyLong_FromSsize_t(pos);
    if (at == NULL) return -1;
    PyObject *args[2] = {s->text, at};
    PyObject *m = PyObject_Vectorcall(s->t[T_DEAL_END], args, 2, NULL);
    Py_DECREF(at);
    if (m == NULL) return -1;
    int matched = m != Py_None;
    Py_DECREF(m);
    s->next_deal = -1;
    if (!matched) return 0;
    Py_ssize_t word = pos;  /* the keyword it matched, after the blanks */
    while (word < s->n && (char_at(s, word) == ' ' || char_at(s, word) == '\t' || char_at(s, word) == '\r'
                           || char_at(s, word) == '\n'))
        word++;
    if (word < s->n) s->next_deal = word;  /* read_heading tells a heading from the `end` keyword */
    return 1;
}

/* The heading `deal N[ dealer SEAT]` (the grammar's C_HEADING, its words T_DEAL_WORDS,
 * T_DEALER_WORDS and T_C_SEATS; canonical.py _shapes) ending at the newline nl: its
 * number and its dealer (None when not written), new references set only when it reads (1);
 * 0: not canonical. */
static int read_heading(Scan *s, Py_ssize_t pos, Py_ssize_t nl, PyObject **number, PyObject **dealer) {
    Words w;
    split_row(s, pos, nl, &w);
    if (w.count != 2 && w.count != 4) return 0;
    if (lookup(s, T_DEAL_WORDS, &w, 0) == NULL || !ascii_digits(s, w.start[1], w.len[1]))
        return PyErr_Occurred() ? -1 : 0;
    PyObject *seat = Py_None;
    if (w.count == 4) {
        seat = lookup(s, T_DEALER_WORDS, &w, 2) != NULL ? lookup(s, T_C_SEATS, &w, 3) : NULL;
        if (seat == NULL) return PyErr_Occurred() ? -1 : 0;
    }
    *number = int_of(s, w.start[1], w.len[1]);
    if (*number == NULL) return -1;
    *dealer = Py_NewRef(seat);
    return 1;
}

static void clear_scan(Scan *s) {
    Py_CLEAR(s->events);
    Py_CLEAR(s->current);
    Py_CLEAR(s->line_obj);
    for (int k = 0; k < L_COUNT; k++) Py_CLEAR(s->lists[k]);
    Py_CLEAR(s->offer);
    Py_CLEAR(s->score);
    Py_CLEAR(s->match);
    Py_CLEAR(s->pot);
    Py_CLEAR(s->pot_pos);
}

/* The lines after the heading (ending at nl, on line `line`), as CanonicalReader.canonical_deal
 * reads them: 1 read (s->row: the offset after the deal, s->line: its line, *left: the items
 * the game may still hold), 0 not canonical, -1 an error. */
static int scan(Scan *s, Py_ssize_t nl, Py_ssize_t line, Py_ssize_t *left) {
    s->offered = 0;
    s->extra = 0;
    if (s->parts) {
        print_start(&s->print, s->prefix != NULL);
        for (int k = 0; k < L_COUNT; k++)
            if ((s->lists[k] = PyList_New(0)) == NULL) return -1;
    } else if ((s->events = PyList_New(0)) == NULL) {
        return -1;
    }
    Words w;
    for (;;) {
        Py_ssize_t pos = nl + 1;
        s->row = pos;
        s->line = ++line;
        Py_XSETREF(s->line_obj, PyLong_FromSsize_t(line));
        if (s->line_obj == NULL) return -1;
        nl = split_line(s, pos, &w);
        if (nl < 0) return deal_ends(s, pos);
        *left -= w.count;
        if (*left < 0) return 0;  /* more words than the game may still hold */
        /* lines.get(row[:row.find(" ")]): no space cuts the last character, as Python does */
        Words key;
        key.n = 1;
        key.start[0] = pos;
        key.len[0] = w.count > 1 ? w.len[0] : (nl > pos ? nl - 1 - pos : 0);
        PyObject *kind_obj = lookup(s, T_KINDS, &key, 0);
        if (kind_obj == NULL) return PyErr_Occurred() ? -1 : deal_ends(s, pos);
        if (w.count > MAX_WORDS) return 0;
        int r;
        switch (PyLong_AsLong(kind_obj)) {
        case K_HAND: r = hand_line(s, &w); break;
        case K_OFFER: r = offer_line(s, &w); break;
        case K_CALLS: r = bid_line(s, &w); break;
        case K_TRICK: r = trick_line(s, &w, nl - pos); break;
        case K_SCORE: r = score_line(s, &w); break;
        case K_ANNOUNCE: r = announce_line(s, &w); break;
        default: r = PyErr_Occurred() ? -1 : 0;
        }
        if (r <= 0) return r;
    }
}

/* The deal part of the scan (number, dealer, the heading's line and col, the parts read). */
static PyObject *deal_of(Scan *s, PyObject *number, PyObject *dealer, PyObject *line, PyObject *col) {
    PyObject *pot_pos = s->pot_pos != NULL ? Py_NewRef(s->pot_pos) : PyTuple_Pack(2, line, col);
    if (pot_pos == NULL) return NULL;
    PyObject *print = s->prefix != NULL ? print_finish(&s->print, dealer, s->prefix) : Py_NewRef(Py_None);
    if (print == NULL) {
        Py_DECREF(pot_pos);
        return NULL;
    }
    PyObject **l = s->lists;
    PyObject *v[16] = {number, dealer, line, col, l[L_FIVE], s->offer, l[L_BIDS], l[L_REST], l[L_HANDS],
                       l[L_ANNOUNCEMENTS], l[L_TRICKS], s->score, s->match, s->pot, pot_pos, print};
    PyObject *deal = new_part(F_DEAL, v);
    Py_DECREF(pot_pos);
    Py_DECREF(print);
    return deal;
}

/* The line and column of offset `at`, after the deal that ends at `end` (a line start) on `line`. */
static void place_of(const Scan *s, Py_ssize_t end, Py_ssize_t line, Py_ssize_t at, Py_ssize_t *at_line,
                     Py_ssize_t *at_col) {
    Py_ssize_t newline = end - 1;
    for (Py_ssize_t i = end; i < at; i++)
        if (char_at(s, i) == '\n') {
            line++;
            newline = i;
        }
    *at_line = line;
    *at_col = at - newline;
}

/* The scan of `text` from `pos` with the reader's `tables` set up in `s` (nothing held yet):
 * 0, or -1 with an exception. */
static int start_scan(Scan *s, PyObject *text, PyObject *tables, Py_ssize_t pos) {
    if (PyTuple_GET_SIZE(tables) != T_COUNT) {
        PyErr_SetString(PyExc_ValueError, "scan_deal: wrong tables");
        return -1;
    }
    memset(s, 0, sizeof *s);
    s->text = text;
    s->kind = PyUnicode_KIND(text);
    s->data = PyUnicode_DATA(text);
    s->bytes = s->kind == PyUnicode_1BYTE_KIND ? (const Py_UCS1 *)s->data : NULL;
    s->n = PyUnicode_GET_LENGTH(text);
    s->t = &PyTuple_GET_ITEM(tables, 0);
    s->max_digits = PyLong_AsSsize_t(s->t[T_MAX_DIGITS]);
    if (s->max_digits < 0) return -1;
    if (pos < 0 || pos > s->n) {
        PyErr_SetString(PyExc_ValueError, "scan_deal: the deal's offset is out of the text");
        return -1;
    }
    return 0;
}

/* The deal just scanned, its heading at (line, col), handed to the visitor whole
 * (visit_deal_parts): 0, or -1 with an exception. */
static int hand_deal_parts(Scan *s, PyObject *number, PyObject *dealer, Py_ssize_t line, Py_ssize_t col) {
    PyObject *line_obj = PyLong_FromSsize_t(line), *col_obj = PyLong_FromSsize_t(col);
    PyObject *deal = line_obj != NULL && col_obj != NULL ? deal_of(s, number, dealer, line_obj, col_obj) : NULL;
    PyObject *visited = deal == NULL ? NULL : PyObject_CallOneArg(s->t[T_VISIT_DEAL_PARTS], deal);
    Py_XDECREF(line_obj);
    Py_XDECREF(col_obj);
    Py_XDECREF(deal);
    if (visited == NULL) return -1;
    Py_DECREF(visited);
    return 0;
}

static PyObject *scan_deal(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 8 || !PyUnicode_Check(args[0]) || !PyLong_Check(args[3]) || !PyTuple_Check(args[5])
        || !(args[7] == Py_None || PyUnicode_Check(args[7]))) {
        PyErr_SetString(PyExc_TypeError, "scan_deal(text, pos, line, col, left, tables, kinds, prints)");
        return NULL;
    }
    PyObject *text = args[0], *tables = args[5], *kinds = args[6];
    Py_ssize_t pos = PyLong_AsSsize_t(args[1]), line = PyLong_AsSsize_t(args[2]), col = PyLong_AsSsize_t(args[3]);
    Py_ssize_t left = PyLong_AsSsize_t(args[4]);
    if (PyErr_Occurred()) return NULL;
    if (kinds != Py_None && read_kinds(kinds) < 0) return NULL;
    Scan s;
    if (start_scan(&s, text, tables, pos) < 0) return NULL;
    s.prefix = kinds != Py_None && args[7] != Py_None ? args[7] : NULL;
    /* with parts: each deal read is handed to the visitor (visit_deal_parts), its items counted,
     * and the canonical deal right after it is read next; `done` is the last one handed */
    PyObject *number = NULL, *dealer = NULL, *out = NULL, *done_number = NULL, *done_dealer = NULL;
    Py_ssize_t done_end = -1, done_line = 0;
    for (;;) {
        Py_ssize_t nl = find_newline(&s, pos);
        int r = nl < 0 ? 0 : read_heading(&s, pos, nl, &number, &dealer);
        /* the heading is one item here and one more in begin_deal, as the Python reader counts them */
        Py_ssize_t left_after = left - 1;
        s.parts = kinds != Py_None;
        if (r > 0) r = scan(&s, nl, line, &left_after);
        if (r > 0 && s.parts && left_after - 1 - s.extra >= 0) {  /* no item of it can pass the limit */
            if (hand_deal_parts(&s, number, dealer, line, col) < 0) goto error;
            left = left_after - 1 - s.extra;
            done_end = s.row;
            done_line = s.line;
            Py_XSETREF(done_number, number);
            Py_XSETREF(done_dealer, dealer);
            number = dealer = NULL;
            Py_ssize_t next = s.next_deal;
            clear_scan(&s);
            if (next < 0) break;
            place_of(&s, done_end, done_line, next, &line, &col);
            pos = next;
            continue;
        }
        if (r < 0) goto error;
        if (done_end >= 0) {  /* the Python reader goes on after the deals read */
            clear_scan(&s);
            break;
        }
        if (r > 0 && s.parts) {
            /* the spends could stop the game: its events, which spend as they are reported and
             * stop it where the Python reader does */
            clear_scan(&s);
            s.parts = 0;
            left_after = left - 1;
            r = scan(&s, nl, line, &left_after);
            if (r < 0) goto error;
        }
        out = r == 0 ? Py_NewRef(Py_None)
                     : Py_BuildValue("(OOOnnn)", number, dealer, s.events, s.row, s.line, left_after);
        goto done;
    }
    out = Py_BuildValue("(OOOnnn)", done_number, done_dealer, Py_None, done_end, done_line, left);
    goto done;
error:
    out = NULL;
done:
    clear_scan(&s);
    Py_XDECREF(number);
    Py_XDECREF(dealer);
    Py_XDECREF(done_number);
    Py_XDECREF(done_dealer);
    return out;
}

/* ---------------------------------------------------------------------------- tag pairs
 * The tag pairs that start a game, in the layout fmt writes: `[NAME "VALUE"]` one a line, from
 * its first column, nothing else on the line, no escape (GameReader.read_head's fast branch).
 * Which ASCII characters may start a name, follow in it, and fill a value are the grammar's:
 * three tables of 128 flags that notation/read/canon.py makes by probing the grammar's own TAG_NAME
 * and STRING expressions; any other character (and any other layout) gives None, and the
 * Python reader reads the tag pairs with those expressions. */
/* The string from start to end of text, or `known` when it is a string spelled the same (NULL:
 * none known). A file's heads repeat their names and many of their values: a string kept is
 * hashed once a file and found by identity by the head's readers (notation.headers.names_in,
 * head_deck's and the checks' memories). */
static PyObject *same_or_new(PyObject *text, Py_ssize_t start, Py_ssize_t end, PyObject *known) {
    Py_ssize_t length = end - start;
    if (known != NULL && PyUnicode_CheckExact(known) && PyUnicode_GET_LENGTH(known) == length) {
        int kind = PyUnicode_KIND(text), known_kind = PyUnicode_KIND(known);
        const void *data = PyUnicode_DATA(text), *known_data = PyUnicode_DATA(known);
        if (kind == PyUnicode_1BYTE_KIND && known_kind == PyUnicode_1BYTE_KIND) {
            if (memcmp((const Py_UCS1 *)data + start, known_data, (size_t)length) == 0) return Py_NewRef(known);
        } else {
            Py_ssize_t k = 0;
            while (k < length && PyUnicode_READ(kind, data, start + k) == PyUnicode_READ(known_kind, known_data, k))
                k++;
            if (k == length) return Py_NewRef(known);
        }
    }
    return PyUnicode_Substring(text, start, end);
}

/* The pair (name, value) at those offsets: `known`'s strings when spelled the same (`known` itself
 * when both are), else new ones. */
static PyObject *tag_pair(PyObject *text, Py_ssize_t name, Py_ssize_t name_end, Py_ssize_t start,
                          Py_ssize_t end, PyObject *known) {
    int was = known != NULL && PyTuple_CheckExact(known) && PyTuple_GET_SIZE(known) == 2;
    PyObject *tag = same_or_new(text, name, name_end, was ? PyTuple_GET_ITEM(known, 0) : NULL);
    PyObject *said = tag == NULL ? NULL : same_or_new(text, start, end, was ? PyTuple_GET_ITEM(known, 1) : NULL);
    PyObject *pair = NULL;
    if (said != NULL)
        pair = was && tag == PyTuple_GET_ITEM(known, 0) && said == PyTuple_GET_ITEM(known, 1)
               ? Py_NewRef(known) : PyTuple_Pack(2, tag, said);
    Py_XDECREF(tag);
    Py_XDECREF(said);
    return pair;
}

/* The names of `pairs` as a tuple: `known` itself when they are its names (the same objects). */
static PyObject *pair_names(PyObject *pairs, PyObject *known) {
    Py_ssize_t count = PyList_GET_SIZE(pairs), k = 0;
    if (known != NULL && PyTuple_GET_SIZE(known) == count) {
        while (k < count && PyTuple_GET_ITEM(PyList_GET_ITEM(pairs, k), 0) == PyTuple_GET_ITEM(known, k)) k++;
        if (k == count) return Py_NewRef(known);
    }
    PyObject *names = PyTuple_New(count);
    if (names == NULL) return NULL;
    for (k = 0; k < count; k++)
        PyTuple_SET_ITEM(names, k, Py_NewRef(PyTuple_GET_ITEM(PyList_GET_ITEM(pairs, k), 0)));
    return names;
}

static PyObject *read_tags(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if ((nargs != 5 && nargs != 6) || !PyBytes_Check(args[0]) || PyBytes_GET_SIZE(args[0]) != 128
        || !PyBytes_Check(args[1]) || PyBytes_GET_SIZE(args[1]) != 128 || !PyBytes_Check(args[2])
        || PyBytes_GET_SIZE(args[2]) != 128 || !PyUnicode_Check(args[3])) {
        PyErr_SetString(PyExc_TypeError, "read_tags(first, rest, value, text, pos[, last]): three tables of "
                                         "128 bytes");
        return NULL;
    }
    /* last: an earlier call's answer (pairs, end, names); anything else is nothing known */
    PyObject *text = args[3], *last = nargs == 6 ? args[5] : NULL, *known = NULL, *known_names = NULL;
    if (last != NULL && PyTuple_Check(last) && PyTuple_GET_SIZE(last) == 3 && PyList_Check(PyTuple_GET_ITEM(last, 0))
        && PyTuple_Check(PyTuple_GET_ITEM(last, 2))) {
        known = PyTuple_GET_ITEM(last, 0);
        known_names = PyTuple_GET_ITEM(last, 2);
    }
    Py_ssize_t i = PyLong_AsSsize_t(args[4]), n = PyUnicode_GET_LENGTH(text);
    if (i == -1 && PyErr_Occurred()) return NULL;
    if (i < 0 || i > n) {
        PyErr_SetString(PyExc_ValueError, "read_tags: the offset is out of the text");
        return NULL;
    }
    const char *first = PyBytes_AS_STRING(args[0]), *rest = PyBytes_AS_STRING(args[1]);
    const char *value = PyBytes_AS_STRING(args[2]);
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
#define AT(k) ((k) < n ? PyUnicode_READ(kind, data, (k)) : 0)
#define IN(table, c) ((c) > 0 && (c) < 128 && (table)[(c)])
    PyObject *pairs = PyList_New(0);
    if (pairs == NULL) return NULL;
    for (;;) {
        if (AT(i) != '[' || !IN(first, AT(i + 1))) goto other;
        Py_ssize_t name = ++i;
        while (IN(rest, AT(i))) i++;
        Py_ssize_t name_end = i;
        if (AT(i) != ' ' || AT(i + 1) != '"') goto other;
        i += 2;
        Py_ssize_t start = i;
        while (IN(value, AT(i))) i++;
        if (AT(i) != '"' || AT(i + 1) != ']') goto other;
        /* the list may be changed from Python between calls: an item is only a hint */
        Py_ssize_t index = PyList_GET_SIZE(pairs);
        PyObject *was = known != NULL && index < PyList_GET_SIZE(known) ? PyList_GET_ITEM(known, index) : NULL;
        if (append_new(pairs, tag_pair(text, name, name_end, start, i, was)) < 0) {
            Py_DECREF(pairs);
            return NULL;
        }
        i += 2;
        if (AT(i) != '\n' || AT(i + 1) != '[') break;
        i++;
    }
#undef AT
#undef IN
    if (last == NULL) return Py_BuildValue("(Nn)", pairs, i);
    PyObject *names = pair_names(pairs, known_names);
    if (names == NULL) {
        Py_DECREF(pairs);
        return NULL;
    }
    return Py_BuildValue("(NnN)", pairs, i, names);
other:
    Py_DECREF(pairs);
    Py_RETURN_NONE;
}

/* ---------------------------------------------------------------------------- the splitter
 * stream.py's _block_cut in one pass, for a block of whole clean lines of one byte a character
 * (then lowering a character never changes the text's length nor makes an ASCII letter of
 * another: tests/speed/test_tags.py checks it of every such character). The `end` keyword's
 * spellings are the grammar's, handed over (lower-case ASCII letters). */
static int body_char(Py_UCS4 c) {  /* [^\s\[] */
    return c != '[' && !Py_UNICODE_ISSPACE(c);
}

static int word_char(Py_UCS4 c) {  /* str.isalnum() or `_` */
    return c == '_' || Py_UNICODE_ISALNUM(c);
}

/* What cut_game looks for in a block: the `end` keyword's spellings (lower-case ASCII letters). */
typedef struct {
    const Py_UCS1 *t;        /* the block */
    Py_ssize_t n;
    Py_ssize_t count;        /* the spellings */
    const Py_UCS1 *spelled[8];
    Py_ssize_t lengths[8];
    Py_UCS4 quote;
    unsigned char what[256]; /* 2: a letter a spelling starts with (either case) */
} Cutting;

/* At k, a letter a spelling starts with: -1 when an `end` keyword of its own (any case: `| 0x20`
 * lowers an ASCII letter and makes no other byte one) outside quotes is there, else the offset
 * to look on from (as _first_end_word and the loop around it: a spelling refused is skipped
 * whole). */
static Py_ssize_t end_word_at(const Cutting *c, Py_ssize_t k, Py_ssize_t limit) {
    const Py_UCS1 *t = c->t;
    for (Py_ssize_t w = 0; w < c->count; w++) {
        Py_ssize_t len = c->lengths[w], j = 1;
        if ((t[k] | 0x20) != c->spelled[w][0] || k + len > limit) continue;
        while (j < len && (t[k + j] | 0x20) == c->spelled[w][j]) j++;
        if (j < len) continue;
        Py_UCS4 before = k > 0 ? t[k - 1] : ' ', after = k + len < c->n ? t[k + len] : ' ';
        if (!word_char(before) && before != ':' && !word_char(after)) {
            Py_ssize_t quotes = 0, start = k;
            while (start > 0 && t[start - 1] != '\n') quotes += t[--start] == c->quote;
            if (quotes % 2 == 0) return -1;
        }
        return k + len;
    }
    return k + 1;
}

/* The `end` keyword's spellings (`words`, lower-case ASCII letters) and the quote character into
 * `c`: 1, or 0 when they are not what the scan handles (the Python cut then runs). */
static int read_spellings(Cutting *c, PyObject *words, PyObject *quote) {
    memset(c->what, 0, sizeof c->what);
    c->quote = PyUnicode_READ_CHAR(quote, 0);
    c->count = PyTuple_GET_SIZE(words);
    if (c->count > 8) return 0;
    for (Py_ssize_t w = 0; w < c->count; w++) {
        PyObject *word = PyTuple_GET_ITEM(words, w);
        if (!PyUnicode_Check(word) || !PyUnicode_IS_ASCII(word) || PyUnicode_GET_LENGTH(word) == 0) return 0;
        c->spelled[w] = PyUnicode_1BYTE_DATA(word);
        c->lengths[w] = PyUnicode_GET_LENGTH(word);
        for (Py_ssize_t j = 0; j < c->lengths[w]; j++)
            if (c->spelled[w][j] < 'a' || c->spelled[w][j] > 'z') return 0;
        c->what[c->spelled[w][0]] = c->what[c->spelled[w][0] ^ 0x20] = 2;
    }
    return 1;
}

/* The first line of the game's body from `pos` (_BODY_LINE; `pos` itself when `body`) into
 * `*first_body` (-1: none), and the first line after it that starts with `[` (_tag_line), or -1. */
static Py_ssize_t body_and_bracket(const Cutting *c, Py_ssize_t pos, int body, Py_ssize_t *first_body) {
    const Py_UCS1 *t = c->t;
    Py_ssize_t n = c->n;
    *first_body = body ? pos : -1;
    if (body && pos < n && t[pos] == '[') return pos;
    if (!body) {
        for (Py_ssize_t line = pos; line < n;) {
            Py_ssize_t i = line;
            while (i < n && t[i] != '\n' && Py_UNICODE_ISSPACE(t[i])) i++;
            if (i < n && body_char(t[i])) {
                *first_body = line;
                break;
            }
            const Py_UCS1 *nl = memchr(t + i, '\n', (size_t)(n - i));
            if (nl == NULL) break;
            line = nl - t + 1;
        }
    }
    for (Py_ssize_t i = *first_body + 1; *first_body >= 0 && i < n; i++) {
        const Py_UCS1 *found = memchr(t + i, '[', (size_t)(n - i));
        if (found == NULL) break;
        i = found - t;
        if (t[i - 1] == '\n') return i;
    }
    return -1;
}

/* One pass from `k` to `limit`: the line feeds counted into `*newlines` up to the first `end`
 * keyword, whose offset is returned (-1: none before the limit). */
static Py_ssize_t find_end_word(const Cutting *c, Py_ssize_t k, Py_ssize_t limit, Py_ssize_t *newlines) {
    const Py_UCS1 *t = c->t;
#ifdef SIXTEEN_AT_ONCE
    /* sixteen bytes at a time: the line feeds counted, and where one of the spellings' first
     * two letters (either case) stand, which end_word_at then reads */
    const __m128i feed = _mm_set1_epi8('\n'), lower = _mm_set1_epi8(0x20);
    __m128i first[8], second[8];
    for (Py_ssize_t w = 0; w < c->count; w++) {
        first[w] = _mm_set1_epi8((char)c->spelled[w][0]);
        second[w] = _mm_set1_epi8((char)(c->lengths[w] > 1 ? c->spelled[w][1] : 0));
    }
    while (k + 16 <= limit && k + 17 <= c->n) {
        __m128i v = _mm_loadu_si128((const __m128i *)(t + k));
        __m128i next = _mm_or_si128(_mm_loadu_si128((const __m128i *)(t + k + 1)), lower);
        __m128i lowered = _mm_or_si128(v, lower), hit = _mm_setzero_si128();
        for (Py_ssize_t w = 0; w < c->count; w++) {
            __m128i starts = _mm_cmpeq_epi8(lowered, first[w]);
            hit = _mm_or_si128(hit, c->lengths[w] > 1 ? _mm_and_si128(starts, _mm_cmpeq_epi8(next, second[w])) : starts);
        }
        unsigned feeds = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, feed));
        unsigned found = (unsigned)_mm_movemask_epi8(hit);
        if (found == 0) {
            *newlines += __builtin_popcount(feeds);
            k += 16;
            continue;
        }
        int at = __builtin_ctz(found);
        *newlines += __builtin_popcount(feeds & ((1u << at) - 1));
        k += at;
        Py_ssize_t on = end_word_at(c, k, limit);
        if (on < 0) return k;
        k = on;  /* past letters only: no line feed skipped */
    }
#endif
    while (k < limit) {
        if (t[k] == '\n') {
            (*newlines)++;
            k++;
        } else if (c->what[t[k]] == 2) {
            Py_ssize_t on = end_word_at(c, k, limit);
            if (on < 0) return k;
            k = on;
        } else {
            k++;
        }
    }
    return -1;
}

static PyObject *cut_game(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 5 || !PyTuple_Check(args[0]) || !PyUnicode_Check(args[1]) || PyUnicode_GET_LENGTH(args[1]) != 1
        || !PyUnicode_Check(args[2])) {
        PyErr_SetString(PyExc_TypeError, "cut_game(words, quote, block, pos, body)");
        return NULL;
    }
    PyObject *block = args[2];
    Py_ssize_t pos = PyLong_AsSsize_t(args[3]), n = PyUnicode_GET_LENGTH(block);
    int body = PyObject_IsTrue(args[4]);
    if ((pos == -1 && PyErr_Occurred()) || body < 0) return NULL;
    if (PyUnicode_KIND(block) != PyUnicode_1BYTE_KIND || pos < 0 || pos > n) Py_RETURN_NONE;
    Cutting c;
    c.t = PyUnicode_1BYTE_DATA(block);
    c.n = n;
    if (!read_spellings(&c, args[0], args[1])) Py_RETURN_NONE;
    Py_ssize_t first_body, bracket = body_and_bracket(&c, pos, body, &first_body);
    Py_ssize_t limit = bracket >= 0 ? bracket : n, cut = limit, newlines = 0;
    Py_ssize_t end_word = find_end_word(&c, pos, limit, &newlines);
    if (end_word >= 0) {  /* the game ends after the keyword's line */
        const Py_UCS1 *nl = memchr(c.t + end_word, '\n', (size_t)(n - end_word));
        cut = nl == NULL ? n : nl - c.t + 1;
        newlines += nl != NULL;
    }
    return Py_BuildValue("(nOnn)", cut, end_word >= 0 ? Py_True : Py_False, first_body, newlines);
}

/* The Play records of a trick, made as build.py's RecordBuilder.visit_trick makes them (its
 * instance dictionary and pydantic's three slots set through their descriptors' setters, as
 * build.py's new_record does: no validation, the reader checked every value).
 *
 * The classes and descriptors are the extension's own, never a caller's: pydantic's BaseModel
 * and its four slot descriptors are looked up here (each checked to be BaseModel's own), the
 * Play class is belote_notation.notation.records.Play, and a record is made only of a subclass
 * of BaseModel. A foreign class (dict, type, a class wearing another's descriptors) gets a
 * TypeError before any object is allocated. */
static PyObject *K_LINE, *K_COL, *K_GLYPH, *K_NAGS, *K_COMMENTS, *K_VARIATIONS, *K_SEAT, *K_CARD, *K_MARK;
static PyObject *MODEL = NULL;         /* pydantic.BaseModel */
static PyObject *MODEL_SLOTS = NULL;   /* its four slot descriptors, in the order new_record sets them */
static descrsetfunc MODEL_SETTERS[4];  /* their setters */
static PyObject *PLAY = NULL;          /* belote_notation.notation.records.Play */
static PyObject *RECORD_FIELDS = NULL; /* class -> the one "fields set" of its records */
static const char *const SLOT_NAMES[4] = {"__dict__", "__pydantic_fields_set__", "__pydantic_extra__",
                                          "__pydantic_private__"};

static PyObject *imported(const char *module, const char *name) {
    PyObject *m = PyImport_ImportModule(module);
    if (m == NULL) return NULL;
    PyObject *v = PyObject_GetAttrString(m, name);
    Py_DECREF(m);
    if (v != NULL && !PyType_Check(v)) {
        PyErr_Format(PyExc_TypeError, "%s.%s is not a class", module, name);
        Py_CLEAR(v);
    }
    return v;
}

/* MODEL, MODEL_SLOTS and PLAY, looked up once (pydantic imported on the first record made). */
static int bind_model(void) {
    if (PLAY != NULL) return 0;
    PyObject *model = imported("pydantic", "BaseModel");
    PyObject *slots = model != NULL ? PyTuple_New(4) : NULL;
    PyObject *own_dict = slots != NULL ? PyObject_GetAttrString(model, "__dict__") : NULL;  /* vars(BaseModel) */
    if (own_dict == NULL) Py_CLEAR(slots);
    for (int k = 0; slots != NULL && k < 4; k++) {
        PyObject *d = PyMapping_GetItemString(own_dict, SLOT_NAMES[k]);
        PyObject *owner = d != NULL ? PyObject_GetAttrString(d, "__objclass__") : NULL;
        descrsetfunc set = NULL;
        if (owner == model && (Py_IS_TYPE(d, &PyMemberDescr_Type) || Py_IS_TYPE(d, &PyGetSetDescr_Type)))
            set = (descrsetfunc)PyType_GetSlot(Py_TYPE(d), Py_tp_descr_set);
        Py_XDECREF(owner);
        if (set == NULL) {
            Py_XDECREF(d);
            PyErr_Clear();
            PyErr_Format(PyExc_TypeError, "pydantic.BaseModel has no slot %s of its own", SLOT_NAMES[k]);
            Py_CLEAR(slots);
            break;
        }
        MODEL_SETTERS[k] = set;
        PyTuple_SET_ITEM(slots, k, d);
    }
    Py_XDECREF(own_dict);
    PyObject *play = slots != NULL ? imported("belote_notation.notation.records", "Play") : NULL;
    if (play != NULL && !PyType_IsSubtype((PyTypeObject *)play, (PyTypeObject *)model)) {
        PyErr_SetString(PyExc_TypeError, "records.Play is not a pydantic model");
        Py_CLEAR(play);
    }
    if (play == NULL) {
        Py_XDECREF(model);
        Py_XDECREF(slots);
        return -1;
    }
    MODEL = model;
    MODEL_SLOTS = slots;
    PLAY = play;
    return 0;
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

/* A record of cls (a subclass of BaseModel, checked by the callers) holding data. */
static PyObject *model_record(PyTypeObject *cls, PyObject *data, PyObject *fields) {
    PyObject *obj = PyType_GenericNew(cls, NO_ARGS, NULL);
    if (obj == NULL) return NULL;
    for (int k = 0; k < 4; k++) {
        PyObject *descr = PyTuple_GET_ITEM(MODEL_SLOTS, k);
        PyObject *value = k == 0 ? data : k == 1 ? fields : Py_None;
        if (MODEL_SETTERS[k](descr, obj, value) < 0) {
            Py_DECREF(obj);
            return NULL;
        }
    }
    return obj;
}

static PyObject *one_play(PyObject *fields, PyObject *seat, PyObject *card, PyObject *mark, PyObject *line,
                          PyObject *col) {
    PyObject *d = PyDict_New();
    PyObject *nags = PyList_New(0), *comments = PyList_New(0), *variations = PyList_New(0);
    PyObject *obj = NULL;
    if (d == NULL || nags == NULL || comments == NULL || variations == NULL) goto done;
    if (PyDict_SetItem(d, K_LINE, line) < 0 || PyDict_SetItem(d, K_COL, col) < 0
        || PyDict_SetItem(d, K_GLYPH, Py_None) < 0 || PyDict_SetItem(d, K_NAGS, nags) < 0
        || PyDict_SetItem(d, K_COMMENTS, comments) < 0 || PyDict_SetItem(d, K_VARIATIONS, variations) < 0
        || PyDict_SetItem(d, K_SEAT, seat) < 0 || PyDict_SetItem(d, K_CARD, card) < 0
        || PyDict_SetItem(d, K_MARK, mark) < 0)
        goto done;
    obj = model_record((PyTypeObject *)PLAY, d, fields);
done:
    Py_XDECREF(d);
    Py_XDECREF(nags);
    Py_XDECREF(comments);
    Py_XDECREF(variations);
    return obj;
}

static PyObject *make_plays(PyObject *self, PyObject *args) {
    PyObject *seats, *cards, *marks, *positions;
    if (!PyArg_ParseTuple(args, "OOOO", &seats, &cards, &marks, &positions)) return NULL;
    if (bind_model() < 0) return NULL;
    PyObject *fields = fields_of(PLAY);
    if (fields == NULL) return NULL;
    /* the compiled reader's positions are read without a tuple each */
    LinePositions *compact = Py_IS_TYPE(positions, LinePositionsType) ? (LinePositions *)positions : NULL;
    PyObject *fs = PySequence_Fast(seats, "seats"), *fc = PySequence_Fast(cards, "cards");
    PyObject *fm = PySequence_Fast(marks, "marks");
    PyObject *fp = compact != NULL ? Py_NewRef(positions) : PySequence_Fast(positions, "positions");
    PyObject *out = NULL, *line = NULL;
    if (fs == NULL || fc == NULL || fm == NULL || fp == NULL) goto done;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fs);
    if (PySequence_Fast_GET_SIZE(fc) != n || PySequence_Fast_GET_SIZE(fm) != n || PyObject_Length(fp) != n) {
        PyErr_SetString(PyExc_ValueError, "make_plays: seats, cards, marks and positions of different lengths");
        goto done;
    }
    if (compact != NULL && (line = PyLong_FromSsize_t(compact->line)) == NULL) goto done;
    out = PyList_New(n);
    if (out == NULL) goto done;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *pos = NULL, *col = NULL, *play = NULL;
        if (compact != NULL) {
            col = PyLong_FromSsize_t(compact->cols[i]);
        } else {
            pos = PySequence_Fast_GET_ITEM(fp, i);
            if (!PyTuple_Check(pos) || PyTuple_GET_SIZE(pos) != 2)
                PyErr_SetString(PyExc_ValueError, "make_plays: a position is not (line, col)");
        }
        if (col != NULL || (pos != NULL && !PyErr_Occurred()))
            play = one_play(fields, PySequence_Fast_GET_ITEM(fs, i), PySequence_Fast_GET_ITEM(fc, i),
                            PySequence_Fast_GET_ITEM(fm, i), compact != NULL ? line : PyTuple_GET_ITEM(pos, 0),
                            compact != NULL ? col : PyTuple_GET_ITEM(pos, 1));
        Py_XDECREF(col);
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
    Py_XDECREF(line);
    return out;
}

/* new_record: RecordBuilder's record constructor (build.new_record) without a Python frame. */
static PyObject *new_record(PyObject *self, PyObject *args) {
    PyObject *cls, *data;
    if (!PyArg_ParseTuple(args, "O!O!", &PyType_Type, &cls, &PyDict_Type, &data)) return NULL;
    if (bind_model() < 0) return NULL;
    if (!PyType_IsSubtype((PyTypeObject *)cls, (PyTypeObject *)MODEL)) {
        PyErr_Format(PyExc_TypeError, "new_record: a record class (a pydantic model), not %.200s",
                     ((PyTypeObject *)cls)->tp_name);
        return NULL;
    }
    PyObject *fields = fields_of(cls);
    return fields == NULL ? NULL : model_record((PyTypeObject *)cls, data, fields);
}

/* sha256(data, portable): the hex SHA-256 of bytes as deal prints make it (portable: without
 * the x86 SHA extensions), for the tests. */
static PyObject *sha256_hex(PyObject *self, PyObject *args) {
    Py_buffer data;
    int portable;
    if (!PyArg_ParseTuple(args, "y*p", &data, &portable)) return NULL;
    unsigned char digest[32];
    char hex[64];
    print_sha256((const unsigned char *)data.buf, (size_t)data.len, digest, portable);
    PyBuffer_Release(&data);
    for (int i = 0; i < 32; i++) {
        hex[2 * i] = "0123456789abcdef"[digest[i] >> 4];
        hex[2 * i + 1] = "0123456789abcdef"[digest[i] & 15];
    }
    return PyUnicode_FromStringAndSize(hex, 64);
}

static PyMethodDef methods[] = {
    {"sha256", sha256_hex, METH_VARARGS,
     "sha256(data, portable) -> str: the hex SHA-256 deal prints make (portable: without the x86 SHA "
     "extensions), for the tests."},
    {"cut_game", (PyCFunction)(void (*)(void))cut_game, METH_FASTCALL,
     "cut_game(words, quote, block, pos, body) -> (cut, ends_game, first_body, newlines) | None\n\n"
     "stream.py's _block_cut of a block of one byte a character, `words` the end keyword's "
     "spellings and `quote` the string delimiter, and the line feeds before the cut; None: "
     "another block."},
    {"read_tags", (PyCFunction)(void (*)(void))read_tags, METH_FASTCALL,
     "read_tags(first, rest, value, text, pos[, last]) -> (pairs, end[, names]) | None\n\n"
     "The tag pairs from offset pos, one a line in the layout fmt writes: [(name, value), ...] and "
     "the offset after the last one's `]`; None: another layout, or a character the tables (the "
     "ASCII characters a tag name starts with, holds, and a value holds) do not allow. With last "
     "(an earlier answer of this form), a name or value spelled as last's pair at its index is "
     "that string (the pair itself when both are), and the pairs' names come too, as last's "
     "names tuple when they are all its own; any other last is nothing known."},
    {"new_record", new_record, METH_VARARGS,
     "new_record(cls, data) -> record: build.new_record in C (data holds every field)."},
    {"make_plays", make_plays, METH_VARARGS,
     "make_plays(seats, cards, marks, positions) -> list: the Play records of a trick, "
     "made as RecordBuilder.visit_trick makes them."},
    {"part_fields", part_fields, METH_O,
     "part_fields(names) -> type: the type of a deal part's fields, one object member per name; the reader "
     "fills a part of a subclass of it (with no slot of its own) where the type puts them."},
    {"scan_deal", (PyCFunction)(void (*)(void))scan_deal, METH_FASTCALL,
     "scan_deal(text, pos, line, col, left, tables, kinds, prints) -> (number, dealer, events, end, end_line, left) "
     "| None\n\n"
     "The canonical deal at offset pos (its heading on file line `line`, at column `col`), read as "
     "CanonicalReader.canonical_deal reads it, `left` the items the game may still hold; None: not "
     "canonical. Its number and dealer, its events, the offset after it, the line there and the "
     "items left. With `kinds` (canon.part_spec of a visitor's DEAL_PARTS), where that changes nothing, "
     "the deal's parts are given to the visitor's visit_deal_parts, its items counted, and so are the "
     "parts of the "
     "canonical deals right after it: events is then None, the rest is said of the last one. `prints`: "
     "the fingerprints' prefix (bel1:) to make each deal part's fingerprint (notation/fingerprint.py, "
     "_print.c), or None."},
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
    S_SCORE = PyUnicode_InternFromString("score");
    S_FIVE = PyUnicode_InternFromString("five");
    S_REST = PyUnicode_InternFromString("rest");
    S_OFFER = PyUnicode_InternFromString("offer");
    S_ANNOUNCE = PyUnicode_InternFromString("announce");
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
    if (!S_TRICK || !S_BIDDING || !S_SCORES || !S_BID || !S_POT || !S_CAPOT || !S_GENERALE || !S_TAKE
        || !S_SCORE || !S_FIVE || !S_REST || !S_OFFER || !S_ANNOUNCE || !S_ONE)
        return NULL;
    NO_ARGS = PyTuple_New(0);
    set_member = (descrsetfunc)PyType_GetSlot(&PyMemberDescr_Type, Py_tp_descr_set);
    if (NO_ARGS == NULL || set_member == NULL) return NULL;
    LinePositionsType = (PyTypeObject *)PyType_FromSpec(&positions_spec);
    if (LinePositionsType == NULL) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) return NULL;
    PyObject *count = PyCapsule_New((void *)part_field_count, PART_FIELD_COUNT_CAPSULE, NULL);
    if (PyModule_AddObjectRef(m, "LinePositions", (PyObject *)LinePositionsType) < 0 || count == NULL
        || PyModule_AddObjectRef(m, "part_field_count", count) < 0) {
        Py_XDECREF(count);
        Py_DECREF(m);
        return NULL;
    }
    Py_DECREF(count);
    return m;
}
