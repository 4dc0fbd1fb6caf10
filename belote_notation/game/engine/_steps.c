/* The table of an auction's steps: keys of a fixed number of values, looked up by the values
 * themselves (no key tuple made nor hashed per call), entries any object.
 *
 * setup_auction (_play.c) looks a call's step up by the state's values and the call's parts: a
 * dict would need a tuple of them built, hashed and dropped at every call (about 1 k
 * instructions of a hit's 3 k). The table hashes the values in place (each value's own hash,
 * combined as a tuple's), compares them by identity then equality, and keeps a tuple key only
 * for a step it stores. Seen from Python it is a small mapping of tuples (len, [], []=, items,
 * clear), so that a test reads and changes it as it would a dict. Everything goes through the
 * documented API: its own type (PyType_FromSpec), its own struct, PyObject_Hash and
 * PyObject_RichCompareBool. */
#include "_steps.h"

typedef struct {
    Py_hash_t hash;
    PyObject *key; /* a tuple of width values, held; NULL: a free slot */
    PyObject *entry; /* held */
} Slot;

typedef struct {
    PyObject_HEAD
    Py_ssize_t width, used, mask; /* mask + 1 slots, a power of two */
    Slot *slot;
} Table;

/* The values' hash, combined as CPython combines a tuple's items (xxHash's primes). */
static Py_hash_t values_hash(PyObject *const *v, Py_ssize_t n) {
    const Py_uhash_t p1 = 11400714785074694791ULL, p2 = 14029467366897019727ULL, p5 = 2870177450012600261ULL;
    Py_uhash_t acc = p5;
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_hash_t h = PyObject_Hash(v[i]);
        if (h == -1) return -1;
        acc += (Py_uhash_t)h * p2;
        acc = (acc << 31) | (acc >> 33);
        acc *= p1;
    }
    acc += (Py_uhash_t)n ^ (p5 ^ 3527539UL);
    return acc == (Py_uhash_t)-1 ? 1546275796 : (Py_hash_t)acc;
}

/* 1 the key holds these values, 0 not, -1 an error. */
static int same(PyObject *key, PyObject *const *v, Py_ssize_t n) {
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *a = PyTuple_GET_ITEM(key, i);
        if (a == v[i]) continue;
        int eq = PyObject_RichCompareBool(a, v[i], Py_EQ);
        if (eq <= 0) return eq;
    }
    return 1;
}

/* The slot of these values: theirs, or the free one where they would go; NULL an error. A
 * comparison that ran code changing the table (an __eq__ of a value's class) starts it again. */
static Slot *slot_of(Table *t, PyObject *const *v, Py_hash_t hash) {
    size_t i = (size_t)hash & (size_t)t->mask;
    for (;;) {
        Slot *slots = t->slot, *s = &slots[i];
        if (s->key == NULL) return s;
        if (s->hash == hash) {
            PyObject *key = Py_NewRef(s->key);
            int eq = same(key, v, t->width), moved = t->slot != slots || s->key != key;
            Py_DECREF(key);
            if (eq < 0) return NULL;
            if (moved) {
                i = (size_t)hash & (size_t)t->mask;
                continue;
            }
            if (eq) return s;
        }
        i = (i + 1) & (size_t)t->mask;
    }
}

static int grow(Table *t) {
    Py_ssize_t size = (t->mask + 1) * 2;
    Slot *old = t->slot, *slot = PyMem_Calloc((size_t)size, sizeof(Slot));
    if (slot == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i <= t->mask; i++) {
        if (old[i].key == NULL) continue;
        size_t j = (size_t)old[i].hash & (size_t)(size - 1);
        while (slot[j].key != NULL) j = (j + 1) & (size_t)(size - 1);
        slot[j] = old[i];
    }
    t->slot = slot;
    t->mask = size - 1;
    PyMem_Free(old);
    return 0;
}

PyObject *steps_find(PyObject *table, PyObject *const *values, Py_hash_t *hash) {
    Table *t = (Table *)table;
    *hash = values_hash(values, t->width);
    if (*hash == -1) return NULL;
    Slot *s = slot_of(t, values, *hash);
    return s != NULL ? s->entry : NULL;
}

int steps_put(PyObject *table, PyObject *const *values, Py_hash_t hash, PyObject *entry) {
    Table *t = (Table *)table;
    if ((t->used + 1) * 3 > (t->mask + 1) * 2 && grow(t) < 0) return -1;
    Slot *s = slot_of(t, values, hash);
    if (s == NULL) return -1;
    if (s->key != NULL) {
        Py_SETREF(s->entry, Py_NewRef(entry));
        return 0;
    }
    PyObject *key = PyTuple_New(t->width);
    if (key == NULL) return -1;
    int atomic = 1; /* no value the collector follows: the key cannot be part of a cycle */
    for (Py_ssize_t i = 0; i < t->width; i++) {
        PyTuple_SET_ITEM(key, i, Py_NewRef(values[i]));
        if (PyObject_IS_GC(values[i]) && PyObject_GC_IsTracked(values[i])) atomic = 0;
    }
    if (atomic && PyObject_GC_IsTracked(key)) PyObject_GC_UnTrack(key); /* kept for the run: not rescanned */
    s->hash = hash;
    s->key = key;
    s->entry = Py_NewRef(entry);
    t->used++;
    return 0;
}

Py_ssize_t steps_size(PyObject *table) { return ((Table *)table)->used; }

void steps_clear(PyObject *table) {
    Table *t = (Table *)table;
    for (Py_ssize_t i = 0; i <= t->mask; i++) {
        Py_CLEAR(t->slot[i].key);
        Py_CLEAR(t->slot[i].entry);
    }
    t->used = 0;
}

int steps_check(PyObject *o, PyObject *type, Py_ssize_t width) {
    return Py_IS_TYPE(o, (PyTypeObject *)type) && ((Table *)o)->width == width;
}

static PyObject *table_new(PyTypeObject *type, PyObject *args, PyObject *kw) {
    Py_ssize_t width;
    if (!PyArg_ParseTuple(args, "n:StepTable", &width)) return NULL;
    if (width < 1 || width > 64) {
        PyErr_SetString(PyExc_ValueError, "StepTable: 1 to 64 values a key");
        return NULL;
    }
    Table *t = (Table *)type->tp_alloc(type, 0);
    if (t == NULL) return NULL;
    t->width = width;
    t->mask = 63;
    t->slot = PyMem_Calloc(64, sizeof(Slot));
    if (t->slot == NULL) {
        Py_DECREF(t);
        return PyErr_NoMemory();
    }
    return (PyObject *)t;
}

static int table_traverse(PyObject *self, visitproc visit, void *arg) {
    Table *t = (Table *)self;
    Py_VISIT(Py_TYPE(self));
    for (Py_ssize_t i = 0; t->slot != NULL && i <= t->mask; i++) {
        Py_VISIT(t->slot[i].key);
        Py_VISIT(t->slot[i].entry);
    }
    return 0;
}

static int table_clear(PyObject *self) {
    if (((Table *)self)->slot != NULL) steps_clear(self);
    return 0;
}

static void table_dealloc(PyObject *self) {
    PyTypeObject *type = Py_TYPE(self);
    PyObject_GC_UnTrack(self);
    table_clear(self);
    PyMem_Free(((Table *)self)->slot);
    type->tp_free(self);
    Py_DECREF(type);
}

/* A key given from Python: a tuple of width values (borrowed), else a KeyError or TypeError. */
static PyObject *const *key_values(Table *t, PyObject *key) {
    if (!PyTuple_Check(key) || PyTuple_GET_SIZE(key) != t->width) {
        PyErr_SetObject(PyExc_KeyError, key);
        return NULL;
    }
    return &PyTuple_GET_ITEM(key, 0);
}

static Py_ssize_t table_length(PyObject *self) { return ((Table *)self)->used; }

static PyObject *table_subscript(PyObject *self, PyObject *key) {
    PyObject *const *v = key_values((Table *)self, key);
    Py_hash_t hash;
    PyObject *entry = v != NULL ? steps_find(self, v, &hash) : NULL;
    if (entry == NULL && !PyErr_Occurred()) PyErr_SetObject(PyExc_KeyError, key);
    return Py_XNewRef(entry);
}

static int table_ass_subscript(PyObject *self, PyObject *key, PyObject *entry) {
    if (entry == NULL) {
        PyErr_SetString(PyExc_TypeError, "StepTable: a step is not removed, the table is cleared");
        return -1;
    }
    PyObject *const *v = key_values((Table *)self, key);
    if (v == NULL) return -1;
    Py_hash_t hash = values_hash(v, ((Table *)self)->width);
    return hash == -1 ? -1 : steps_put(self, v, hash, entry);
}

static PyObject *table_items(PyObject *self, PyObject *unused) {
    Table *t = (Table *)self;
    PyObject *out = PyList_New(0);
    for (Py_ssize_t i = 0; out != NULL && i <= t->mask; i++) {
        if (t->slot[i].key == NULL) continue;
        PyObject *pair = PyTuple_Pack(2, t->slot[i].key, t->slot[i].entry);
        if (pair == NULL || PyList_Append(out, pair) < 0) Py_CLEAR(out);
        Py_XDECREF(pair);
    }
    return out;
}

static PyObject *table_clear_method(PyObject *self, PyObject *unused) {
    steps_clear(self);
    Py_RETURN_NONE;
}

static PyMethodDef table_methods[] = {
    {"items", table_items, METH_NOARGS, "The (key, entry) pairs, in no order."},
    {"clear", table_clear_method, METH_NOARGS, "Every step forgotten."},
    {NULL, NULL, 0, NULL},
};

static PyType_Slot table_slots[] = {
    {Py_tp_doc, "StepTable(width): an auction's steps by the values of their key (width of them)."},
    {Py_tp_new, table_new},
    {Py_tp_dealloc, table_dealloc},
    {Py_tp_traverse, table_traverse},
    {Py_tp_clear, table_clear},
    {Py_tp_methods, table_methods},
    {Py_mp_length, table_length},
    {Py_mp_subscript, table_subscript},
    {Py_mp_ass_subscript, table_ass_subscript},
    {0, NULL},
};

static PyType_Spec table_spec = {
    "belote_notation.game.engine._play.StepTable", sizeof(Table), 0, Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    table_slots,
};

PyObject *steps_type_new(void) { return PyType_FromSpec(&table_spec); }
