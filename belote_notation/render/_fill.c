/* The page's templates filled in C: render/fill.py's compiled twin (docs/speed.md).
 *
 * fill(text, pieces, kinds, values) is text % tuple(values) for a template made only of
 * %d and %s fields: pieces are the ASCII bytes between the fields (one more than the fields), kinds
 * a bytes of 'd' and 's', one a field. An exact int in a 'd' or 's' field is written in
 * decimal, an exact str in an 's' field as it is; for any other value (a bool, a float, an
 * int past 64 bits, a str in a 'd' field...) or a count of values that is not the fields',
 * the answer is Python's own text % tuple(values), its result or its exception: the same
 * text in every case, only faster in the usual one. The documented C API only (issue 33). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

typedef struct {
    char *data;
    Py_ssize_t size, used;
    char small[4096];
} Buffer;

static int reserve(Buffer *b, Py_ssize_t more) {
    if (b->used + more <= b->size) return 0;
    Py_ssize_t size = b->size;
    while (b->used + more > size) size *= 2;
    char *grown = b->data == b->small ? PyMem_Malloc(size) : PyMem_Realloc(b->data, size);
    if (grown == NULL) { PyErr_NoMemory(); return -1; }
    if (b->data == b->small) memcpy(grown, b->small, b->used);
    b->data = grown;
    b->size = size;
    return 0;
}

static int append(Buffer *b, const char *text, Py_ssize_t length) {
    if (reserve(b, length) < 0) return -1;
    memcpy(b->data + b->used, text, length);
    b->used += length;
    return 0;
}

static int append_piece(Buffer *b, PyObject *piece) {
    return append(b, PyBytes_AS_STRING(piece), PyBytes_GET_SIZE(piece));
}

static int append_int(Buffer *b, long long value) {
    char digits[24];
    int at = sizeof digits;
    unsigned long long rest = value < 0 ? 0ULL - (unsigned long long)value : (unsigned long long)value;
    do {
        digits[--at] = (char)('0' + rest % 10);
        rest /= 10;
    } while (rest);
    if (value < 0) digits[--at] = '-';
    return append(b, digits + at, (Py_ssize_t)sizeof digits - at);
}

/* 1: the value written; 0: not a value this path writes (Python's % answers); -1: an error. */
static int append_value(Buffer *b, PyObject *value, char kind, int *ascii) {
    if (PyLong_CheckExact(value)) {
        int overflow;
        long long number = PyLong_AsLongLongAndOverflow(value, &overflow);
        if (overflow) return 0;
        if (number == -1 && PyErr_Occurred()) return -1;
        return append_int(b, number) < 0 ? -1 : 1;
    }
    if (kind == 's' && PyUnicode_CheckExact(value)) {
        Py_ssize_t length;
        const char *utf8 = PyUnicode_AsUTF8AndSize(value, &length);
        if (utf8 == NULL) {  /* a lone surrogate, which % keeps: Python's % answers */
            PyErr_Clear();
            return 0;
        }
        if (*ascii && PyUnicode_GetLength(value) != length) *ascii = 0;
        return append(b, utf8, length) < 0 ? -1 : 1;
    }
    return 0;
}

static PyObject *python_format(PyObject *text, PyObject *values) {
    PyObject *tuple = PySequence_Tuple(values);
    if (tuple == NULL) return NULL;
    PyObject *result = PyUnicode_Format(text, tuple);
    Py_DECREF(tuple);
    return result;
}

static PyObject *fill(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    (void)module;
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "fill(text, pieces, kinds, values)");
        return NULL;
    }
    PyObject *text = args[0], *pieces = args[1], *kinds = args[2], *values = args[3];
    if (!PyTuple_CheckExact(pieces) || !PyBytes_CheckExact(kinds)) {
        PyErr_SetString(PyExc_TypeError, "fill: pieces a tuple, kinds bytes");
        return NULL;
    }
    Py_ssize_t fields = PyBytes_Size(kinds);
    if (PyTuple_Size(pieces) != fields + 1) {
        PyErr_SetString(PyExc_ValueError, "fill: one piece more than the fields");
        return NULL;
    }
    for (Py_ssize_t i = 0; i <= fields; i++) {
        if (!PyBytes_CheckExact(PyTuple_GET_ITEM(pieces, i))) {
            PyErr_SetString(PyExc_TypeError, "fill: each piece ASCII bytes");
            return NULL;
        }
    }
    Py_ssize_t count;
    if (PyList_CheckExact(values)) {
        count = PyList_Size(values);
    } else if (PyTuple_CheckExact(values)) {
        count = PyTuple_Size(values);
    } else {
        return python_format(text, values);
    }
    if (count != fields) return python_format(text, values);
    const char *kind = PyBytes_AsString(kinds);
    Buffer b;
    b.data = b.small;
    b.size = sizeof b.small;
    b.used = 0;
    int done = 1, ascii = 1;
    int list = PyList_CheckExact(values);
    for (Py_ssize_t i = 0; i < fields && done == 1; i++) {
        if (append_piece(&b, PyTuple_GET_ITEM(pieces, i)) < 0) {
            done = -1;
            break;
        }
        /* no Python code runs between two items: a list cannot change under the loop */
        PyObject *value = list ? PyList_GET_ITEM(values, i) : PyTuple_GET_ITEM(values, i);
        done = append_value(&b, value, kind[i], &ascii);
    }
    PyObject *result = NULL;
    if (done == 1 && append_piece(&b, PyTuple_GET_ITEM(pieces, fields)) == 0) {
        if (ascii) {  /* pieces are ASCII: the text is its bytes */
            result = PyUnicode_New(b.used, 127);
            if (result != NULL) memcpy(PyUnicode_1BYTE_DATA(result), b.data, b.used);
        } else {
            result = PyUnicode_DecodeUTF8(b.data, b.used, "strict");
        }
    } else if (done == 0) {
        result = python_format(text, values);
    }
    if (b.data != b.small) PyMem_Free(b.data);
    return result;
}

static PyMethodDef methods[] = {
    {"fill", (PyCFunction)(void (*)(void))fill, METH_FASTCALL,
     "fill(text, pieces, kinds, values): text % tuple(values), the %d and %s fields filled in C."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_fill", "The page's templates filled in C (render/fill.py).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__fill(void) { return PyModule_Create(&module); }
