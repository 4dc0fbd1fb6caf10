/* The deal's parts' own fields: see _parts.h. Each type holds its names (the members point into
 * their UTF-8) and, as `__slots__`, shows them to canon.part_spec, to pickle and to copy. */
#include "_parts.h"

#define MAX_PART_TYPES 16

typedef struct {
    PyTypeObject *type;  /* a reference */
    PyObject *names;     /* a reference */
    PyTypeObject *last;  /* the last subclass met in a deallocation (a reference) */
} PartType;

static PartType part_types[MAX_PART_TYPES];
static int part_type_count;

/* The fields of an instance of type: its part type's names (0: none of ours). */
Py_ssize_t part_field_count(PyTypeObject *type) {
    static PyTypeObject *last_type; /* parts are freed a list at a time: one class after another (held) */
    static Py_ssize_t last_count;
    if (type == last_type) return last_count;
    for (int i = 0; i < part_type_count; i++)
        if (type == part_types[i].last || type == part_types[i].type) {
            Py_XSETREF(last_type, (PyTypeObject *)Py_NewRef((PyObject *)type));
            return last_count = PyTuple_GET_SIZE(part_types[i].names);
        }
    for (int i = 0; i < part_type_count; i++)
        if (PyType_IsSubtype(type, part_types[i].type)) {
            Py_XSETREF(part_types[i].last, (PyTypeObject *)Py_NewRef((PyObject *)type));
            return PyTuple_GET_SIZE(part_types[i].names);
        }
    return 0;
}

static int part_traverse(PyObject *self, visitproc visit, void *arg) {
    Py_VISIT(Py_TYPE(self));
    Py_ssize_t n = part_field_count(Py_TYPE(self));
    for (Py_ssize_t i = 0; i < n; i++) Py_VISIT(((PartObject *)self)->field[i]);
    return 0;
}

static int part_clear(PyObject *self) {
    Py_ssize_t n = part_field_count(Py_TYPE(self));
    for (Py_ssize_t i = 0; i < n; i++) Py_CLEAR(((PartObject *)self)->field[i]);
    return 0;
}

static void part_dealloc(PyObject *self) { fields_dealloc(self, part_clear); }

/* The type of these names (a new reference), showing them as its __slots__. */
static PyObject *make_type(PyObject *names) {
    PyObject *type = fields_type(names, "belote_notation.notation.read._canon.PartFields",
                                 "The fields of a deal's part (check/facts.py).", "part_fields", part_traverse,
                                 part_clear, part_dealloc);
    if (type != NULL && PyObject_SetAttrString(type, "__slots__", names) < 0) Py_CLEAR(type);
    return type;
}

PyObject *part_fields(PyObject *self, PyObject *names) {
    if (!PyTuple_CheckExact(names) || PyTuple_GET_SIZE(names) < 1 || PyTuple_GET_SIZE(names) > 64) {
        PyErr_SetString(PyExc_TypeError, "part_fields: a tuple of names");
        return NULL;
    }
    for (int i = 0; i < part_type_count; i++) {
        int same = PyObject_RichCompareBool(names, part_types[i].names, Py_EQ);
        if (same < 0) return NULL;
        if (same) return Py_NewRef((PyObject *)part_types[i].type);
    }
    if (part_type_count == MAX_PART_TYPES) {
        PyErr_SetString(PyExc_ValueError, "part_fields: too many kinds of parts");
        return NULL;
    }
    PyObject *type = make_type(names);
    if (type == NULL) return NULL;
    part_types[part_type_count++] = (PartType){(PyTypeObject *)Py_NewRef(type), Py_NewRef(names), NULL};
    return type;
}

Py_ssize_t part_field_at(PyTypeObject *cls, PyObject *d) {
    PyObject *owner = PyObject_GetAttrString(d, "__objclass__");
    PyObject *name = owner != NULL ? PyObject_GetAttrString(d, "__name__") : NULL;
    Py_ssize_t at = -1;
    for (int i = 0; name != NULL && at < 0 && i < part_type_count; i++) {
        if (owner != (PyObject *)part_types[i].type || !PyType_IsSubtype(cls, part_types[i].type)) continue;
        for (Py_ssize_t j = 0; j < PyTuple_GET_SIZE(part_types[i].names); j++)
            if (PyUnicode_Compare(name, PyTuple_GET_ITEM(part_types[i].names, j)) == 0) at = j;
    }
    Py_XDECREF(owner);
    Py_XDECREF(name);
    PyErr_Clear();
    return at;
}
