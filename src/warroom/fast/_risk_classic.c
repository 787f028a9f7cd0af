/* Classic RISK fast path: whole bot games in C, move for move as the Python rules play them.
 *
 * The rules live in warroom/games/risk_classic.py and the bots in warroom/bots; this file
 * mirrors them for simulation speed and is checked against them action by action
 * (tests/fast). Change the Python first, then this, never the other way round.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "rng.h"

/* rng_draws(seed, counter, what, n, arg) -> list: the generator's output for tests/fast.
 * what: 0 next_u64, 1 below(arg), 2 roll(n, arg) as one list, 3 shuffle(range(n)). */
static PyObject *py_rng_draws(PyObject *self, PyObject *args) {
    unsigned long long seed, counter;
    unsigned long long arg;
    int what, n;
    if (!PyArg_ParseTuple(args, "KKiiK", &seed, &counter, &what, &n, &arg)) return NULL;
    if (n < 0 || n > 100000 || arg < 1 || (what == 2 && (n > 8 || arg > 8))) {
        PyErr_SetString(PyExc_ValueError, "n in [0, 100000], arg >= 1; rolls of 8 dice of 8");
        return NULL;
    }
    Rng r = {seed, counter};
    PyObject *out = PyList_New(0);
    if (out == NULL) return NULL;
    int buf[8];
    int *items = NULL;
    if (what == 3) {
        items = PyMem_Malloc(sizeof(int) * (size_t)(n ? n : 1));
        if (items == NULL) return PyErr_NoMemory();
        for (int i = 0; i < n; i++) items[i] = i;
        rng_shuffle(&r, items, n);
    }
    for (int i = 0; i < n; i++) {
        PyObject *v = NULL;
        if (what == 0) v = PyLong_FromUnsignedLongLong(rng_next(&r));
        else if (what == 1) v = PyLong_FromUnsignedLongLong(rng_below(&r, arg));
        else if (what == 2) {
            rng_roll(&r, n, (int)arg, buf);
            for (int k = 0; k < n; k++) {
                PyObject *f = PyLong_FromLong(buf[k]);
                if (f == NULL || PyList_Append(out, f) < 0) { Py_XDECREF(f); Py_DECREF(out); return NULL; }
                Py_DECREF(f);
            }
            break;
        } else if (what == 3) v = PyLong_FromLong(items[i]);
        if (v == NULL || PyList_Append(out, v) < 0) { Py_XDECREF(v); Py_DECREF(out); PyMem_Free(items); return NULL; }
        Py_DECREF(v);
    }
    PyMem_Free(items);
    return out;
}

static PyMethodDef METHODS[] = {
    {"rng_draws", py_rng_draws, METH_VARARGS, "The C generator's draws, for comparison with Rng."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef MODULE = {PyModuleDef_HEAD_INIT, "_risk_classic", NULL, -1, METHODS};

PyMODINIT_FUNC PyInit__risk_classic(void) { return PyModule_Create(&MODULE); }
