/* The solver's sums over an opponent's range, compiled: the optional fast path of
 * bragrules.solver.hands.HandSpace.sums.
 *
 * It computes exactly what the numpy code computes, operation for operation and in the
 * same order (the running sums added left to right, each hand's three cards and three
 * pairs added as (first + second) + third, the terms of each result in the order the
 * Python expression writes them), so that its results equal the pure build's bit for
 * bit: IEEE double arithmetic gives the same result for the same operations in the same
 * order. It is built with -ffp-contract=off so that no multiply-add is ever fused (there
 * is none here, but the flag keeps it so) and never with -ffast-math.
 *
 * Built by setup.py when BRAGRULES_COMPILE asks for it (1, or "solver" for this alone);
 * without it the numpy code runs, with the same results.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

typedef struct {
    Py_buffer view;
    int held;
} Buf;

static int get(PyObject *obj, Buf *b, const char *want, int writable, const char *name) {
    int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (writable ? PyBUF_WRITABLE : 0);
    if (PyObject_GetBuffer(obj, &b->view, flags) != 0) {
        return -1;
    }
    b->held = 1;
    const char *fmt = b->view.format ? b->view.format : "B";
    if (fmt[0] == '<' || fmt[0] == '=' || fmt[0] == '@') {
        fmt++;
    }
    int ok;
    if (want[0] == 'd') {
        ok = fmt[0] == 'd' && fmt[1] == '\0' && b->view.itemsize == 8;
    } else { /* a 64-bit signed integer: 'q', or 'l' where long is 64 bits */
        ok = (fmt[0] == 'q' || fmt[0] == 'l') && fmt[1] == '\0' && b->view.itemsize == 8;
    }
    if (!ok) {
        PyErr_Format(PyExc_TypeError, "%s: expected a contiguous array of %s", name,
                     want[0] == 'd' ? "float64" : "int64");
        return -1;
    }
    return 0;
}

static Py_ssize_t count(Buf *b) { return b->view.len / b->view.itemsize; }

/* A hand space in the order the sums walk it, copied out of Python's reach and checked once (every
 * card and pair number in range), so that the sums read within their arrays whatever happens later. */
typedef struct {
    Py_ssize_t n, n_cards, n_pairs;
    int64_t *hand;      /* the hands in order of strength (HandSpace._order) */
    int64_t *cards;     /* their three cards, 3 a hand, in that order */
    int64_t *pairs;     /* their three pairs (first and second, first and third, second and third) */
    int64_t *group_end; /* for each position, where its run of equal strength ends */
} Tables;

#define CAPSULE "bragrules.solver._kernel.Tables"

static void tables_release(Tables *t) {
    if (t == NULL) {
        return;
    }
    PyMem_RawFree(t->hand);
    PyMem_RawFree(t->cards);
    PyMem_RawFree(t->pairs);
    PyMem_RawFree(t->group_end);
    PyMem_RawFree(t);
}

static void tables_free(PyObject *capsule) {
    Tables *t = (Tables *)PyCapsule_GetPointer(capsule, CAPSULE);
    if (t == NULL) {
        PyErr_Clear();
        return;
    }
    tables_release(t);
}

static int64_t *alloc64(Py_ssize_t k) {
    int64_t *p = (int64_t *)PyMem_RawMalloc((size_t)(k > 0 ? k : 1) * sizeof(int64_t));
    if (p == NULL) {
        PyErr_NoMemory();
    }
    return p;
}

/* tables(local, hand_pairs, order, strength, n_cards, n_pairs) -> a capsule for sums(): local and
 * hand_pairs are (N, 3), each hand's cards numbered 0..n_cards-1 and its pairs 0..n_pairs-1. */
static PyObject *tables(PyObject *self, PyObject *args) {
    PyObject *o[4];
    Py_ssize_t n_cards, n_pairs;
    if (!PyArg_ParseTuple(args, "OOOOnn", &o[0], &o[1], &o[2], &o[3], &n_cards, &n_pairs)) {
        return NULL;
    }
    static const char *names[4] = {"local", "hand_pairs", "order", "strength"};
    Buf b[4];
    memset(b, 0, sizeof(b));
    PyObject *result = NULL;
    Tables *t = NULL;
    for (int i = 0; i < 4; i++) {
        if (get(o[i], &b[i], "q", 0, names[i]) != 0) {
            goto done;
        }
    }
    const Py_ssize_t n = count(&b[2]);
    if (count(&b[0]) != 3 * n || count(&b[1]) != 3 * n || count(&b[3]) != n) {
        PyErr_SetString(PyExc_ValueError, "tables: local and hand_pairs must be (N, 3), order and strength (N,)");
        goto done;
    }
    const int64_t *local = (const int64_t *)b[0].view.buf, *hp = (const int64_t *)b[1].view.buf;
    const int64_t *order = (const int64_t *)b[2].view.buf, *strength = (const int64_t *)b[3].view.buf;
    t = (Tables *)PyMem_RawCalloc(1, sizeof(Tables));
    if (t == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    t->n = n;
    t->n_cards = n_cards;
    t->n_pairs = n_pairs;
    if ((t->hand = alloc64(n)) == NULL || (t->cards = alloc64(3 * n)) == NULL ||
        (t->pairs = alloc64(3 * n)) == NULL || (t->group_end = alloc64(n)) == NULL) {
        goto done;
    }
    for (Py_ssize_t k = 0; k < n; k++) {
        int64_t h = order[k];
        if (h < 0 || h >= n) {
            PyErr_SetString(PyExc_IndexError, "tables: order holds a hand out of range");
            goto done;
        }
        if (k > 0 && strength[h] < strength[order[k - 1]]) {
            PyErr_SetString(PyExc_ValueError, "tables: order does not sort the hands by strength");
            goto done;
        }
        t->hand[k] = h;
        for (int j = 0; j < 3; j++) {
            int64_t c = local[3 * h + j], q = hp[3 * h + j];
            if (c < 0 || c >= n_cards || q < 0 || q >= n_pairs) {
                PyErr_SetString(PyExc_IndexError, "tables: a card or a pair out of range");
                goto done;
            }
            t->cards[3 * k + j] = c;
            t->pairs[3 * k + j] = q;
        }
    }
    for (Py_ssize_t k = n; k > 0; k--) {
        t->group_end[k - 1] = (k < n && strength[t->hand[k]] == strength[t->hand[k - 1]]) ? t->group_end[k] : k;
    }
    result = PyCapsule_New(t, CAPSULE, tables_free);
    if (result != NULL) {
        t = NULL; /* the capsule owns it */
    }
done:
    tables_release(t);
    for (int i = 0; i < 4; i++) {
        if (b[i].held) {
            PyBuffer_Release(&b[i].view);
        }
    }
    return result;
}

/* One hand's sum over the hands not sharing a card with it, from the running sums: the total, less
 * its three cards' sums added (first + second) + third, plus its three pairs' sums added alike. */
static inline double apart(double total, const double *cs, const double *ps, const int64_t *c, const int64_t *q) {
    return (total - ((cs[c[0]] + cs[c[1]]) + cs[c[2]])) + ((ps[q[0]] + ps[q[1]]) + ps[q[2]]);
}

/* sums(tables, w, disjoint, weaker, not_stronger): HandSpace.sums into the last three arrays.
 *
 * The hands are walked in order of strength, a run of equal strength at a time, keeping the running
 * sum of the weights in all and per card and per pair (each starting at -0.0, which adds to any x
 * as x). Before a run is added they are the sums over the weaker hands; after, over the hands not
 * stronger; at the end, over all. These are the numbers np.cumsum writes along each row of the
 * numpy code's lists (the same additions in the same order), and each result is then formed by the
 * same operations in the same order as the numpy expression. */
static PyObject *sums(PyObject *self, PyObject *args) {
    PyObject *capsule, *o[4];
    if (!PyArg_ParseTuple(args, "OOOOO", &capsule, &o[0], &o[1], &o[2], &o[3])) {
        return NULL;
    }
    Tables *t = (Tables *)PyCapsule_GetPointer(capsule, CAPSULE);
    if (t == NULL) {
        return NULL;
    }
    static const char *names[4] = {"w", "disjoint", "weaker", "not_stronger"};
    Buf b[4];
    memset(b, 0, sizeof(b));
    PyObject *result = NULL;
    double *running = NULL;
    const Py_ssize_t n = t->n;
    for (int i = 0; i < 4; i++) {
        if (get(o[i], &b[i], "d", i > 0, names[i]) != 0) {
            goto done;
        }
        if (count(&b[i]) != n) {
            PyErr_Format(PyExc_ValueError, "sums: %s has %zd entries, not %zd", names[i], count(&b[i]), n);
            goto done;
        }
    }
    running = (double *)PyMem_RawMalloc((size_t)(t->n_cards + t->n_pairs + 1) * sizeof(double));
    if (running == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    {
        const double *w = (const double *)b[0].view.buf;
        double *disjoint = (double *)b[1].view.buf;
        double *weaker = (double *)b[2].view.buf;
        double *not_stronger = (double *)b[3].view.buf;
        double *cs = running, *ps = running + t->n_cards;
        const int64_t *hand = t->hand, *cards = t->cards, *pairs = t->pairs, *group_end = t->group_end;
        Py_BEGIN_ALLOW_THREADS
        for (Py_ssize_t i = 0; i < t->n_cards + t->n_pairs; i++) running[i] = -0.0;
        double total = -0.0;
        Py_ssize_t k = 0;
        while (k < n) {
            const Py_ssize_t end = group_end[k];
            for (Py_ssize_t j = k; j < end; j++) {
                weaker[hand[j]] = apart(total, cs, ps, cards + 3 * j, pairs + 3 * j);
            }
            for (Py_ssize_t j = k; j < end; j++) {
                const double x = w[hand[j]];
                total += x;
                cs[cards[3 * j]] += x;
                cs[cards[3 * j + 1]] += x;
                cs[cards[3 * j + 2]] += x;
                ps[pairs[3 * j]] += x;
                ps[pairs[3 * j + 1]] += x;
                ps[pairs[3 * j + 2]] += x;
            }
            for (Py_ssize_t j = k; j < end; j++) {
                const int64_t h = hand[j];
                not_stronger[h] = apart(total, cs, ps, cards + 3 * j, pairs + 3 * j) - w[h];
            }
            k = end;
        }
        for (Py_ssize_t j = 0; j < n; j++) {
            const int64_t h = hand[j];
            disjoint[h] = apart(total, cs, ps, cards + 3 * j, pairs + 3 * j) - w[h];
        }
        Py_END_ALLOW_THREADS
    }
    result = Py_None;
    Py_INCREF(result);
done:
    PyMem_RawFree(running);
    for (int i = 0; i < 4; i++) {
        if (b[i].held) {
            PyBuffer_Release(&b[i].view);
        }
    }
    return result;
}

static PyMethodDef methods[] = {
    {"tables", tables, METH_VARARGS,
     "tables(local, hand_pairs, order, strength, n_cards, n_pairs): a HandSpace, copied and checked, for sums."},
    {"sums", sums, METH_VARARGS, "sums(tables, w, disjoint, weaker, not_stronger): HandSpace.sums into the last three."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_kernel",
                                    "The solver's sums over a range, compiled (bragrules.solver.hands).", -1, methods};

PyMODINIT_FUNC PyInit__kernel(void) { return PyModule_Create(&module); }
