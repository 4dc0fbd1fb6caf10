/* A deal's fingerprint made in the compiled reader's pass (_print.c), for notation/read/_canon.c.
 *
 * The definition is notation/fingerprint.py's (deal_text, fingerprint: docs/api.md
 * "Fingerprints"): the same text, built here from the values the reader has just read, hashed
 * with SHA-256. Anything that text would spell otherwise than the common case (a value that is
 * not a plain int of a byte, a call's action that is not a str, a mark that is neither belote nor
 * rebelote, more than the buffers hold) switches the print off: the deal then has no
 * fingerprint from here and the checks make it in Python. tests/speed/test_deal_prints.py
 * proves both equal on every sample and on generated deals of every rule system. */
#ifndef BELOTE_PRINT_H
#define BELOTE_PRINT_H
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#define PRINT_HANDS 8    /* hand lines a section (more: no print) */
#define PRINT_BYTES 1024 /* each buffer */

typedef struct {
    unsigned char seat, n, cards[32];  /* the cards sorted */
} PrintHand;

typedef struct {
    int on;                            /* asked for, and every value so far spelled the common way */
    int n_hands[3];                    /* five, rest, hands */
    PrintHand hands[3][PRINT_HANDS];
    int offer;                         /* -1: none */
    char calls[PRINT_BYTES], announce[PRINT_BYTES];  /* their text, items joined by "," */
    size_t calls_n, announce_n;
    unsigned char cards[PRINT_BYTES], seats[PRINT_BYTES], marks[PRINT_BYTES];  /* the plays */
    size_t cards_n, plays_n;
    int tricks, marked;
} DealPrint;

void print_start(DealPrint *p, int on);
void print_hand(DealPrint *p, int section, PyObject *seat, PyObject *cards);
void print_offer(DealPrint *p, PyObject *card);
void print_call(DealPrint *p, PyObject *seat, PyObject *action, PyObject *round, PyObject *suit, PyObject *value);
void print_announcement(DealPrint *p, PyObject *seat, PyObject *kind, PyObject *cards, PyObject *trick,
                        PyObject *before);
void print_trick(DealPrint *p, PyObject *seats, PyObject *cards, PyObject *marks);
/* The fingerprint (prefix and 32 hex digits, a new str), Py_None when the print is off; NULL
 * with an exception on a memory error. */
PyObject *print_finish(DealPrint *p, PyObject *dealer, PyObject *prefix);
/* SHA-256 of n bytes into out[32]; portable_only: without the x86 SHA extensions (the tests
 * run both ways). */
void print_sha256(const unsigned char *data, size_t n, unsigned char out[32], int portable_only);

#endif
