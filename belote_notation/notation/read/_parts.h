/* The deal's parts' own fields (_parts.c), for notation/read/_canon.c.
 *
 * part_fields(names) makes a type of one object member per name; check/facts.py's classes of
 * a deal's parts subclass it with no slot of their own (as engine/state.py's DealState does
 * _play.c's state_base), so that the reader fills a part where this type puts its fields: one
 * store a field, where a member descriptor's setter call was ~50 instructions (some 185 a
 * deal). Any other class is filled through its descriptors, as before. */
#ifndef BELOTE_PARTS_H
#define BELOTE_PARTS_H
#include "../../_fields.h"

typedef FieldsObject PartObject;

/* How many fields an instance of type keeps as a part (type a subclass of a type part_fields
 * made), else 0. The engine's extension asks it through the capsule PART_FIELD_COUNT_CAPSULE
 * before it reads a record's fields in place: it reads only ours. */
Py_ssize_t part_field_count(PyTypeObject *type);
#define PART_FIELD_COUNT_CAPSULE "belote_notation.notation.read._canon.part_field_count"

/* part_fields(names) -> type (METH_O); the same names again: the same type. */
PyObject *part_fields(PyObject *self, PyObject *names);

/* The index among its type's fields of the member descriptor d of cls, when d is a member of a
 * type part_fields made and cls a subclass of that type; else -1 (no error set). */
Py_ssize_t part_field_at(PyTypeObject *cls, PyObject *d);

#endif
