/* A deal's fingerprint made in the compiled reader's pass: see _print.h. Only the stable API. */
#include "_print.h"

#include <stdint.h>
#include <string.h>

/* ---------------------------------------------------------------------------- SHA-256 (FIPS 180-4) */
static const uint32_t K256[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

#define ROTR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))

static void sha256_block(uint32_t h[8], const unsigned char *b) {
    uint32_t w[64];
    for (int i = 0; i < 16; i++)
        w[i] = (uint32_t)b[4 * i] << 24 | (uint32_t)b[4 * i + 1] << 16 | (uint32_t)b[4 * i + 2] << 8 | b[4 * i + 3];
    for (int i = 16; i < 64; i++) {
        uint32_t s0 = ROTR(w[i - 15], 7) ^ ROTR(w[i - 15], 18) ^ (w[i - 15] >> 3);
        uint32_t s1 = ROTR(w[i - 2], 17) ^ ROTR(w[i - 2], 19) ^ (w[i - 2] >> 10);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    uint32_t a = h[0], bb = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
    for (int i = 0; i < 64; i++) {
        uint32_t t1 = hh + (ROTR(e, 6) ^ ROTR(e, 11) ^ ROTR(e, 25)) + ((e & f) ^ (~e & g)) + K256[i] + w[i];
        uint32_t t2 = (ROTR(a, 2) ^ ROTR(a, 13) ^ ROTR(a, 22)) + ((a & bb) ^ (a & c) ^ (bb & c));
        hh = g;
        g = f;
        f = e;
        e = d + t1;
        d = c;
        c = bb;
        bb = a;
        a = t1 + t2;
    }
    h[0] += a;
    h[1] += bb;
    h[2] += c;
    h[3] += d;
    h[4] += e;
    h[5] += f;
    h[6] += g;
    h[7] += hh;
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#include <immintrin.h>
#define SHA_EXTENSIONS 1

/* The same blocks with the x86 SHA extensions (a fifth of the time: a deal's print is most of
 * it), when the processor has them (sha_extensions). */
__attribute__((target("sha,sse4.1,ssse3"))) static void sha256_blocks_x86(uint32_t h[8], const unsigned char *b,
                                                                          size_t blocks) {
    const __m128i mask = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
    __m128i tmp = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&h[0]), 0xB1);  /* CDAB */
    __m128i state1 = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&h[4]), 0x1B);  /* EFGH */
    __m128i state0 = _mm_alignr_epi8(tmp, state1, 8);  /* ABEF */
    state1 = _mm_blend_epi16(state1, tmp, 0xF0);  /* CDGH */
    for (; blocks > 0; blocks--, b += 64) {
        __m128i abef = state0, cdgh = state1, w[4];
        for (int g = 0; g < 4; g++) w[g] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(b + 16 * g)), mask);
        for (int g = 0; g < 16; g++) {
            __m128i msg = _mm_add_epi32(w[g & 3], _mm_loadu_si128((const __m128i *)&K256[4 * g]));
            state1 = _mm_sha256rnds2_epu32(state1, state0, msg);
            state0 = _mm_sha256rnds2_epu32(state0, state1, _mm_shuffle_epi32(msg, 0x0E));
            if (g < 12) {  /* the words of group g + 4 in place of group g's */
                __m128i t = _mm_sha256msg1_epu32(w[g & 3], w[(g + 1) & 3]);
                t = _mm_add_epi32(t, _mm_alignr_epi8(w[(g + 3) & 3], w[(g + 2) & 3], 4));
                w[g & 3] = _mm_sha256msg2_epu32(t, w[(g + 3) & 3]);
            }
        }
        state0 = _mm_add_epi32(state0, abef);
        state1 = _mm_add_epi32(state1, cdgh);
    }
    tmp = _mm_shuffle_epi32(state0, 0x1B);  /* FEBA */
    state1 = _mm_shuffle_epi32(state1, 0xB1);  /* DCHG */
    state0 = _mm_blend_epi16(tmp, state1, 0xF0);  /* DCBA */
    state1 = _mm_alignr_epi8(state1, tmp, 8);  /* HGFE */
    _mm_storeu_si128((__m128i *)&h[0], state0);
    _mm_storeu_si128((__m128i *)&h[4], state1);
}

/* 1: the processor has the SHA extensions (and SSSE3, SSE4.1); 0: not. Asked once; a race only
 * asks twice, with the same answer. */
static int sha_extensions(void) {
    static int known = -1;
    if (known < 0) {
        unsigned a, b, c, d;
        int sse = __get_cpuid(1, &a, &b, &c, &d) && (c & (1u << 9)) && (c & (1u << 19));
        known = sse && __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & (1u << 29));
    }
    return known;
}
#endif

void print_sha256(const unsigned char *data, size_t n, unsigned char out[32], int portable_only) {
    uint32_t h[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    size_t i = 0;
#ifdef SHA_EXTENSIONS
    int x86 = !portable_only && sha_extensions();
    if (x86 && n >= 64) sha256_blocks_x86(h, data, n / 64);
    if (x86) i = n / 64 * 64;
#endif
    for (; i + 64 <= n; i += 64) sha256_block(h, data + i);
    unsigned char last[128] = {0};
    size_t rest = n - i, blocks = rest + 9 > 64 ? 2 : 1;
    memcpy(last, data + i, rest);
    last[rest] = 0x80;
    uint64_t bits = (uint64_t)n * 8;
    for (int k = 0; k < 8; k++) last[blocks * 64 - 1 - k] = (unsigned char)(bits >> (8 * k));
#ifdef SHA_EXTENSIONS
    if (x86) {
        sha256_blocks_x86(h, last, blocks);
        blocks = 0;
    }
#endif
    for (size_t k = 0; k < blocks; k++) sha256_block(h, last + 64 * k);
    for (int k = 0; k < 8; k++) {
        out[4 * k] = (unsigned char)(h[k] >> 24);
        out[4 * k + 1] = (unsigned char)(h[k] >> 16);
        out[4 * k + 2] = (unsigned char)(h[k] >> 8);
        out[4 * k + 3] = (unsigned char)h[k];
    }
}

/* ---------------------------------------------------------------------------- the parts */
void print_start(DealPrint *p, int on) {
    p->on = on;
    p->n_hands[0] = p->n_hands[1] = p->n_hands[2] = 0;
    p->offer = -1;
    p->calls_n = p->announce_n = p->cards_n = p->plays_n = 0;
    p->tricks = p->marked = 0;
}

/* A plain int of 0..255 (what bytes() takes and str() spells in decimal), else -1. */
static int byte_of(PyObject *v) {
    if (v == NULL || !PyLong_CheckExact(v)) return -1;
    long x = PyLong_AsLong(v);
    if (x == -1 && PyErr_Occurred()) PyErr_Clear();
    return x >= 0 && x <= 255 ? (int)x : -1;
}

/* The decimal of x into tmp (room for 21 characters): its length. */
static Py_ssize_t decimal(char *tmp, long long x) {
    char rev[24];
    int k = 0, neg = x < 0;
    unsigned long long u = neg ? 0ull - (unsigned long long)x : (unsigned long long)x;
    do {
        rev[k++] = (char)('0' + u % 10);
        u /= 10;
    } while (u > 0);
    Py_ssize_t n = 0;
    if (neg) tmp[n++] = '-';
    while (k > 0) tmp[n++] = rev[--k];
    return n;
}

/* Append the text of `v` to buf (at *n, capacity PRINT_BYTES): "-" for None (NULL too), the
 * decimal of a plain int, a str as it is; 0, or -1 for anything else or no room. */
static int spell(char *buf, size_t *n, PyObject *v, int str_ok) {
    char tmp[32];
    const char *s = tmp;
    Py_ssize_t len;
    if (v == NULL || v == Py_None) {
        s = "-";
        len = 1;
    } else if (PyLong_CheckExact(v)) {
        long long x = PyLong_AsLongLong(v);
        if (x == -1 && PyErr_Occurred()) {
            PyErr_Clear();
            return -1;
        }
        len = decimal(tmp, x);
    } else if (str_ok && PyUnicode_CheckExact(v)) {
        s = PyUnicode_AsUTF8AndSize(v, &len);
        if (s == NULL) {
            PyErr_Clear();
            return -1;
        }
    } else {
        return -1;
    }
    if (len < 0 || *n + (size_t)len >= PRINT_BYTES) return -1;
    memcpy(buf + *n, s, (size_t)len);
    *n += (size_t)len;
    return 0;
}

static int put(char *buf, size_t *n, char c) {
    if (*n + 1 >= PRINT_BYTES) return -1;
    buf[(*n)++] = c;
    return 0;
}

/* The bytes of a list of cards, sorted when asked: their number, or -1. */
static int card_bytes(PyObject *cards, unsigned char out[32], int sort) {
    if (!PyList_Check(cards) || PyList_GET_SIZE(cards) > 32) return -1;
    int n = (int)PyList_GET_SIZE(cards);
    for (int i = 0; i < n; i++) {
        int c = byte_of(PyList_GET_ITEM(cards, i));
        if (c < 0) return -1;
        int j = i;
        for (; sort && j > 0 && out[j - 1] > c; j--) out[j] = out[j - 1];
        out[j] = (unsigned char)c;
    }
    return n;
}

void print_hand(DealPrint *p, int section, PyObject *seat, PyObject *cards) {
    if (!p->on) return;
    int s = byte_of(seat);
    PrintHand *h = p->n_hands[section] < PRINT_HANDS ? &p->hands[section][p->n_hands[section]] : NULL;
    int n = h != NULL && s >= 0 ? card_bytes(cards, h->cards, 1) : -1;
    if (n < 0) {
        p->on = 0;
        return;
    }
    h->seat = (unsigned char)s;
    h->n = (unsigned char)n;
    p->n_hands[section]++;
}

void print_offer(DealPrint *p, PyObject *card) {
    if (p->on && (p->offer = byte_of(card)) < 0) p->on = 0;
}

/* `seat:action:round:suit:value`, "-" for what a call does not have (fingerprint._call). */
void print_call(DealPrint *p, PyObject *seat, PyObject *action, PyObject *round, PyObject *suit, PyObject *value) {
    if (!p->on) return;
    char *b = p->calls;
    size_t *n = &p->calls_n;
    if ((*n > 0 && put(b, n, ',') < 0) || spell(b, n, seat, 0) < 0 || put(b, n, ':') < 0
        || !PyUnicode_CheckExact(action) || spell(b, n, action, 1) < 0 || put(b, n, ':') < 0
        || spell(b, n, round, 0) < 0 || put(b, n, ':') < 0 || spell(b, n, suit, 0) < 0 || put(b, n, ':') < 0
        || spell(b, n, value, 0) < 0)
        p->on = 0;
}

static const char HEX[] = "0123456789abcdef";

static int put_hex(char *buf, size_t *n, const unsigned char *bytes, size_t k) {
    if (*n + 2 * k >= PRINT_BYTES) return -1;
    for (size_t i = 0; i < k; i++) {
        buf[(*n)++] = HEX[bytes[i] >> 4];
        buf[(*n)++] = HEX[bytes[i] & 15];
    }
    return 0;
}

/* `seat:kind:cards:trick:before` (the cards sorted, in hex; "-" for no trick or before). */
void print_announcement(DealPrint *p, PyObject *seat, PyObject *kind, PyObject *cards, PyObject *trick,
                        PyObject *before) {
    if (!p->on) return;
    char *b = p->announce;
    size_t *n = &p->announce_n;
    unsigned char bytes[32];
    int k = card_bytes(cards, bytes, 1);
    if (k < 0 || seat == Py_None || (*n > 0 && put(b, n, ',') < 0) || spell(b, n, seat, 0) < 0
        || put(b, n, ':') < 0 || !PyUnicode_CheckExact(kind) || spell(b, n, kind, 1) < 0 || put(b, n, ':') < 0
        || put_hex(b, n, bytes, (size_t)k) < 0 || put(b, n, ':') < 0 || spell(b, n, trick, 0) < 0
        || put(b, n, ':') < 0 || spell(b, n, before, 0) < 0)
        p->on = 0;
}

/* A mark's byte (fingerprint._MARKS): None 0, belote 1, rebelote 2; else -1. */
static int mark_byte(PyObject *m) {
    if (m == Py_None) return 0;
    if (!PyUnicode_CheckExact(m)) return -1;
    return PyUnicode_CompareWithASCIIString(m, "belote") == 0     ? 1
           : PyUnicode_CompareWithASCIIString(m, "rebelote") == 0 ? 2
                                                                   : -1;
}

/* The plays of a trick: seats and cards lists, marks a list or tuple, of one length. */
void print_trick(DealPrint *p, PyObject *seats, PyObject *cards, PyObject *marks) {
    if (!p->on) return;
    Py_ssize_t k = PyList_Check(seats) && PyList_Check(cards) ? PyList_GET_SIZE(seats) : -1;
    int tuple = PyTuple_Check(marks);
    if (k < 0 || PyList_GET_SIZE(cards) != k || !(tuple || PyList_Check(marks))
        || (tuple ? PyTuple_GET_SIZE(marks) : PyList_GET_SIZE(marks)) != k
        || p->cards_n + (size_t)k + 1 > PRINT_BYTES || p->plays_n + (size_t)k > PRINT_BYTES) {
        p->on = 0;
        return;
    }
    if (p->tricks++ > 0) p->cards[p->cards_n++] = 0xff;
    for (Py_ssize_t i = 0; i < k; i++) {
        int s = byte_of(PyList_GET_ITEM(seats, i)), c = byte_of(PyList_GET_ITEM(cards, i));
        int mark = mark_byte(tuple ? PyTuple_GET_ITEM(marks, i) : PyList_GET_ITEM(marks, i));
        if (s < 0 || c < 0 || mark < 0) {
            p->on = 0;
            return;
        }
        p->cards[p->cards_n++] = (unsigned char)c;
        p->seats[p->plays_n] = (unsigned char)s;
        p->marks[p->plays_n++] = (unsigned char)mark;
        p->marked |= mark != 0;
    }
}

/* ---------------------------------------------------------------------------- the text */
#define TEXT_MAX (12 * PRINT_BYTES)  /* more than the buffers and sections can spell */

typedef struct {
    char buf[TEXT_MAX];
    size_t n;
    int full;
} Text;

static void add(Text *t, const char *s, size_t k) {
    if (t->full || t->n + k > TEXT_MAX) {
        t->full = 1;
        return;
    }
    memcpy(t->buf + t->n, s, k);
    t->n += k;
}

static void add_hex(Text *t, const unsigned char *bytes, size_t k) {
    if (t->full || t->n + 2 * k > TEXT_MAX) {
        t->full = 1;
        return;
    }
    for (size_t i = 0; i < k; i++) {
        t->buf[t->n++] = HEX[bytes[i] >> 4];
        t->buf[t->n++] = HEX[bytes[i] & 15];
    }
}

/* Python's order of (seat, bytes(cards)) pairs. */
static int hand_order(const void *a, const void *b) {
    const PrintHand *x = a, *y = b;
    if (x->seat != y->seat) return x->seat < y->seat ? -1 : 1;
    int k = x->n < y->n ? x->n : y->n, c = memcmp(x->cards, y->cards, (size_t)k);
    return c != 0 ? c : x->n - y->n;
}

/* A section of hands: the seats in hex, ":", each hand's cards in hex joined by "ff". */
static void add_section(Text *t, PrintHand *hands, int n) {
    if (n == 0) return;
    qsort(hands, (size_t)n, sizeof *hands, hand_order);
    for (int i = 0; i < n; i++) add_hex(t, &hands[i].seat, 1);
    add(t, ":", 1);
    for (int i = 0; i < n; i++) {
        if (i > 0) add(t, "ff", 2);
        add_hex(t, hands[i].cards, hands[i].n);
    }
}

PyObject *print_finish(DealPrint *p, PyObject *dealer, PyObject *prefix) {
    char dealer_text[32] = "-";
    size_t dealer_n = 1;
    if (p->on && dealer != Py_None) {
        int d = byte_of(dealer);
        if (d < 0) p->on = 0;
        else dealer_n = (size_t)decimal(dealer_text, d);
    }
    Py_ssize_t prefix_n;
    const char *prefix_text = p->on && PyUnicode_Check(prefix) ? PyUnicode_AsUTF8AndSize(prefix, &prefix_n) : NULL;
    if (prefix_text == NULL || prefix_n > 64) {
        PyErr_Clear();
        Py_RETURN_NONE;
    }
    Text text;  /* on the stack: a heap block this size freed a deal let the allocator give memory back to
                 * the system and take it again, two system calls a deal */
    Text *t = &text;
    t->n = 0;
    t->full = 0;
    add(t, "bel1 deal\ndealer ", 17);
    add(t, dealer_text, dealer_n);
    add(t, "\nfive ", 6);
    add_section(t, p->hands[0], p->n_hands[0]);
    add(t, "\noffer ", 7);
    if (p->offer < 0) add(t, "-", 1);
    else add_hex(t, (const unsigned char[]){(unsigned char)p->offer}, 1);
    add(t, "\ncalls ", 7);
    add(t, p->calls, p->calls_n);
    add(t, "\nrest ", 6);
    add_section(t, p->hands[1], p->n_hands[1]);
    add(t, "\nhands ", 7);
    add_section(t, p->hands[2], p->n_hands[2]);
    add(t, "\nannounce ", 10);
    add(t, p->announce, p->announce_n);
    add(t, "\ntricks ", 8);
    if (p->tricks > 0) {
        add_hex(t, p->cards, p->cards_n);
        add(t, ":", 1);
        add_hex(t, p->seats, p->plays_n);
        if (p->marked) {
            add(t, ":", 1);
            add_hex(t, p->marks, p->plays_n);
        }
    }
    unsigned char digest[32];
    int full = t->full;
    if (!full) print_sha256((const unsigned char *)t->buf, t->n, digest, 0);
    if (full) Py_RETURN_NONE;
    char out[64 + 32];
    memcpy(out, prefix_text, (size_t)prefix_n);
    for (int i = 0; i < 16; i++) {
        out[prefix_n + 2 * i] = HEX[digest[i] >> 4];
        out[prefix_n + 2 * i + 1] = HEX[digest[i] & 15];
    }
    return PyUnicode_FromStringAndSize(out, prefix_n + 32);
}
