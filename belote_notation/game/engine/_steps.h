/* The table of an auction's steps (_steps.c), used by _play.c's setup_auction. */
#ifndef BELOTE_STEPS_H
#define BELOTE_STEPS_H
#define PY_SSIZE_T_CLEAN
#include <Python.h>

/* The type StepTable, made once (a new reference, NULL with an error). */
PyObject *steps_type_new(void);
/* Whether o is a StepTable of width values a key. */
int steps_check(PyObject *o, PyObject *type, Py_ssize_t width);
/* The entry under the key's values (borrowed), NULL if none (an error set when it failed). */
PyObject *steps_find(PyObject *table, PyObject *const *values, Py_hash_t *hash);
/* The entry put under the key's values (hash: steps_find's): 0, -1 an error. */
int steps_put(PyObject *table, PyObject *const *values, Py_hash_t hash, PyObject *entry);
/* How many steps the table holds, and the table emptied. */
Py_ssize_t steps_size(PyObject *table);
void steps_clear(PyObject *table);

#endif
