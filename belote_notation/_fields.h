/* A type of object fields by name, the project's own layout: made with PyType_FromSpec, one
 * object member per name, one after the object's header each. The engine's deal state
 * (game/engine/_play.c state_base) and the reader's deal parts (notation/read/_parts.c
 * part_fields) are such types; each extension reads and writes only fields of its own types
 * (and the engine the reader's parts, asked through the reader's capsule, _parts.h). Included by
 * both extensions: its functions are static, one copy in each. */
#ifndef BELOTE_FIELDS_H
#define BELOTE_FIELDS_H
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>
#include <structmember.h> /* PyMemberDef's types before 3.12 put them in Python.h */

#if PY_VERSION_HEX < 0x030C0000 && !defined(Py_T_OBJECT_EX)
#define Py_T_OBJECT_EX T_OBJECT_EX
#endif

typedef struct {
    PyObject_HEAD
    PyObject *field[1]; /* as many as the names (the type's basic size says) */
} FieldsObject;

/* The type named type_name of these names' fields (a new reference), garbage-collected by the
 * given functions; who names the caller in a TypeError. The names' UTF-8 stays the members'
 * names: the caller keeps the names alive as long as the type. */
static inline PyObject *fields_type(PyObject *names, const char *type_name, const char *doc, const char *who,
                                    traverseproc traverse, inquiry clear, destructor dealloc) {
    Py_ssize_t n = PyTuple_GET_SIZE(names);
    PyMemberDef *members = PyMem_Calloc((size_t)n + 1, sizeof(PyMemberDef));
    if (members == NULL) return PyErr_NoMemory();
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *name = PyTuple_GET_ITEM(names, i);
        const char *text = PyUnicode_Check(name) ? PyUnicode_AsUTF8(name) : NULL;
        if (text == NULL) {
            PyMem_Free(members);
            if (!PyErr_Occurred()) PyErr_Format(PyExc_TypeError, "%s: a tuple of names", who);
            return NULL;
        }
        members[i] = (PyMemberDef){(char *)text, Py_T_OBJECT_EX,
                                   (Py_ssize_t)(offsetof(FieldsObject, field) + (size_t)i * sizeof(PyObject *)), 0, NULL};
    }
    PyType_Slot slots[] = {
        {Py_tp_members, members}, {Py_tp_traverse, (void *)traverse}, {Py_tp_clear, (void *)clear},
        {Py_tp_dealloc, (void *)dealloc}, {Py_tp_doc, (void *)doc}, {0, NULL},
    };
    PyType_Spec spec = {type_name, (int)(offsetof(FieldsObject, field) + (size_t)n * sizeof(PyObject *)), 0,
                        Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC, slots};
    PyObject *type = PyType_FromSpec(&spec);
    PyMem_Free(members); /* the members are copied into the type (their names are not) */
    return type;
}

/* An instance's end: untracked, its fields cleared (clear), freed, its (heap) type released. */
static inline void fields_dealloc(PyObject *self, inquiry clear) {
    PyTypeObject *type = Py_TYPE(self);
    PyObject_GC_UnTrack(self);
    clear(self);
    freefunc free = (freefunc)PyType_GetSlot(type, Py_tp_free);
    free(self);
    Py_DECREF(type);
}

#endif
