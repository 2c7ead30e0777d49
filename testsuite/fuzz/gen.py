#!/usr/bin/env python3
"""gen.py - random differentiable C kernels for ckc's differential fuzzer.

Each kernel is a C function inside ckc's supported subset (README,
"Supported C") with a `#pragma ck_tangent` (plus ck_adjoint / ck_hvp when
--modes asks), up to three static helpers it calls, and a driver for
testsuite/include/fuzzcheck.h under `#ifdef CK_TEST_MAIN`, so that one file
is both ckc's input and, compiled next to ckc's output with -DCK_TEST_MAIN
(as tools/ckc-run does), the program that checks the derivatives.

What the kernels contain: double scalar parameters and `const double *`
arrays with an `int n` (n is 3..5), out() and in/out arrays, local scalars
and fixed-size arrays, nested counted `for` loops and bounded `while` /
`do` loops, branches on data, `?:`, overwrites of scalars, parameters and
array elements (also through local pointers into arrays), compound
assignments, early `return`, `break` and `continue`, calls among static
helpers that take scalars and pointers and write through pointers, call
chains of "sub" helpers 4 to 6 functions deep (kernel -> h4 -> h3 -> h2
...) whose array parameters have a length n of their own, so that callers
pass sub-arrays (&a[k], a + k, &w[i * n + j], with a count such as n - 1
or n - i) of parameters and local arrays, and in/out arrays that the
callees read and write, also aliased (h(&w[1], w, n - 1)), and the math.h
functions of compiler/rules.def with their arguments kept inside their
domains; local arrays from malloc/calloc (grown by realloc, checked for
NULL, freed before every return), and external functions with #pragma
ck_derivative whose definitions and hand derivatives sit under
CK_TEST_MAIN, where ckc does not look.  Every array index is checked in bounds for every n the
driver may pass, every value stays moderate (updates inside loops contract),
and the code compiles under gcc -std=c99 -Wall -Wextra -pedantic -Werror.
The kernel body (not the helpers, which a binomial(K) loop may call) also
draws from fz_noise, a function of the file named by #pragma ck_inactive
(NOISE_DEF), and prints active values with printf.
Branches and kinks (fabs, fmin, fmax) are fine: the driver evaluates at
random points and fuzzcheck.h skips outputs whose differences do not
converge.

Deterministic: kernel INDEX of SEED is the same text on every run.

Growing it: a feature is a name in FEATURES that guards the code producing
a construct (--features -loops,+checkpoint turns them off/on); a mode is a
pragma plus a driver callback for fuzzcheck.h (see driver(): tangent,
adjoint, hvp; hvp needs adjoint and turns the outputs feature off).  Mode
vector stacks `ck_tangent ... vector` (and `ck_hvp ... vector`) requests
on the others and checks f_dv (f_b_dv) against f_d (f_b_d) direction by
direction, bit for bit (VECTOR_CHECK, vector_driver()); it changes no
kernel, and kernels that call a ck_derivative function or hold OpenMP
loops (refused in vector mode) get no vector request.  A new
kind of helper parameter (a struct, say) is a row of PARAM_KINDS with its
cases in gen_sub_helper (the callee's view) and sub_args / call_sub (the
caller's argument); see the comment there.

usage: gen.py [--seed S] [--index I] [--count N]
              [--modes tangent,adjoint,hvp,vector]
              [--features LIST] [-o FILE]
Prints (or writes) one file holding kernels I..I+N-1, with a lit RUN header
when N is 1 (a ready regression test).
"""
import argparse
import random
import re
import sys

NS = (3, 4, 5)      # the values of n the kernels must be correct for
DRIVER_N = (3, 4, 5)
LLEN = 8            # length of local arrays
IXLEN = 8           # length of the kernel's int table (feature idxarr)
MODES = ("tangent", "adjoint", "hvp", "vector")
# Mode vector: the number of directions f_dv and f_b_dv are called with
# (odd counts matter: vector.c may unroll or pair the direction loops; 8
# and 16 run the copies for those counts, with ck_nd a constant).
VECTOR_NDS = (1, 3, 8, 16)
FEATURES = {
    "loops": True,       # counted for loops (nested)
    "while": True,       # while and do loops with a counter bound
    "branches": True,    # if / else on data
    "ternary": True,     # ?:
    "arrays": True,      # local arrays, array parameters
    "pointers": True,    # local pointers into arrays, &scalar
    "helpers": True,     # static helper functions and calls among them
    "exits": True,       # early return, break, continue
    "compound": True,    # += -= *= /=
    "math": True,        # math.h calls
    "outputs": True,     # out() and in/out array parameters, void kernels
    "alias": True,       # helper calls with aliased pointer arguments
    "chains": True,      # call chains 4 to 6 functions deep (f -> g -> ...)
    "subarrays": True,   # sub-array arguments: &a[k], a + k, &a[i * 4 + j]
    "checkpoint": False, # #pragma ck_checkpoint [binomial(K)] regions
    "structs": True,     # fz_view {n, p, w} arguments of "sub" helpers
    "extern": True,      # external functions (defined only under
                         # CK_TEST_MAIN, so ckc never sees them) with
                         # #pragma ck_derivative and hand-written
                         # derivatives that accept NULL shadows
    "malloc": True,      # local arrays from malloc/calloc (some grown by
                         # realloc, some checked for NULL), freed before
                         # every return
    "inactive": True,    # calls of fz_noise, a ck_inactive function
    "stdio": True,       # printf of active values
    "memcpy": False,     # memcpy into a local array (from another array,
                         # at offsets 0 or 1) and memset to 0, counts as
                         # c * sizeof(double) or n * sizeof *dst
    "switch": False,     # switch on comparisons of data or a loop index:
                         # labels sharing a branch, default anywhere,
                         # fall-through, early break inside an if
    "incdec": False,     # loops whose condition steps the counter:
                         # while (k--), while (k-- > 0), while (++k < c),
                         # for (int k = c; k-- > 0;)
    "steps": False,      # floor, ceil, trunc, round, rint, nearbyint,
                         # x - floor(x), fmod and fdim of active values
    "memmove": False,    # memmove within one local array, shifting left
                         # or right by up to 2 elements
    "fnptr": False,      # a helper taking double (*g)(double, double),
                         # which the kernel calls with scalar helpers by
                         # name (ckc copies it per function)
    "goto": False,       # exits written as goto: to a label that ends the
                         # body of this loop or one around it (continue),
                         # or that follows it (break)
    "pingpong": False,   # double buffering: two local arrays swapped
                         # through pointers (t = c; c = n; n = t;) over a
                         # few smoothing steps
    "heappp": False,     # double buffering over two malloc'd buffers,
                         # swapped through pointers, freed together
    "ptarray": False,    # a local array of structs fz_pt {x, v, f[2], k}
                         # used through its members (ckc makes an array
                         # per member), stepped a few times
    "vla": False,        # local variable-length arrays double w[n + k],
                         # filled by a loop
    "idxheap": False,    # with idxarr: the table from malloc or calloc
                         # at times (no checkpoint regions then)
    "intcell": False,    # an int cur of the kernel (an index a[cur % n])
                         # changed through its address: fz_adv(&cur, d),
                         # and through int *pcur = &cur: fz_adv(pcur, d),
                         # *pcur = (*pcur + d) % 8, (*pcur)++
    "idxarr": False,     # a local int table ix[8] in the kernel, filled
                         # at run time and changed by element stores (some
                         # on comparisons of data), read as indices
                         # a[ix[k] % n]
    "openmp": False,     # '#pragma omp parallel for' loops whose
                         # iterations are independent (a fresh array's
                         # element i, a reduction(+) into a fresh scalar
                         # in tangent-only runs, temporaries declared in
                         # the body)
    "fusable": False,    # half the kernels are one reduction loop over
                         # x0[i + c] (Rosenbrock's shape), which ckc's
                         # f_b runs as one fused loop (compiler/fuse.c):
                         # terms of sums, products, quotients, negations
                         # and math calls, += or -=
}

# The ck_inactive function kernels call (feature "inactive"), defined in
# the kernel file: ckc calls it rather than differentiating into it.  It
# is piecewise constant in its (active) argument, so its derivative is 0
# where it has one, as ckc takes it, and the differences agree; near a
# jump they do not converge and fuzzcheck.h skips the output.  No calls
# inside checkpoint regions or binomial loops: the reverse sweep would
# recompute them, which ckc refuses.
# Feature intcell: the helper that changes the kernel's int cur through
# its address (ckc's reverse sweep undoes it there and in the kernel).
CELL_DEF = """static void fz_adv(int *k, int d);
static void fz_adv(int *k, int d)
{
	*k = (*k + d) % 8;
}
"""

NOISE_DEF = """#pragma ck_inactive fz_noise
double fz_noise(double v);
double fz_noise(double v)
{
	return 0.5 + 0.25 * sin(floor(4.0 * v));
}
"""

# math.h functions of compiler/rules.def (double versions).
MATH_FUNCS = ("sin cos tan asin acos atan atan2 sinh cosh tanh exp exp2 "
              "expm1 log log2 log10 log1p sqrt cbrt pow hypot fabs fmin "
              "fmax erf erfc").split()

# Squashing functions: bounded by 1 whatever their argument.
SQUASH = ("tanh", "sin", "cos", "erf")

# The parameters of "sub" helpers (Gen.gen_sub_helper), by kind: the C
# declaration, and (in Gen.sub_args) what a caller passes.  A helper's
# parameter list is a list of (kind, name); its view of the parameter is
# made in gen_sub_helper, the caller's argument in sub_args / call_stmt.  A
# new shape of argument (a struct by pointer or by value, say) is a row
# here, a case in each of those two places, and, for a kernel parameter,
# a kind in Gen.kernel() with its case in Gen.driver().
PARAM_KINDS = {
    "scalar": "double %s",       # a value: any expression
    "in": "const double *%s",    # n elements it reads: a (sub-)array
    "inout": "double *%s",       # n elements it reads and writes
    "size": "int %s",            # n, the length of every array parameter
    # An "in" array as a struct (VIEW_HEADER): v->n is the length (the
    # helper then has no size parameter), v->p the elements, v->w a
    # scalar; the caller builds a local fz_view and passes &it or it.  The
    # member is `double *p` (only writable arrays are passed), the helper
    # only reads it: with `const double *p`, ckc's adjoint writes the
    # adjoint through the shadow's const member (issue 11 report).
    "view": "const fz_view *%s",
    "viewv": "fz_view %s",
}
ARRAY_KINDS = ("in", "inout", "view", "viewv")

# The struct of the "view" parameters, in a header of its own written
# next to the kernel file (write_kernel_file): ckc's output and header
# define the types of the input file itself, and the harness compiles the
# kernel file with ckc's header force-included, which would define a type
# of the kernel file twice; the types of a quoted header are included
# instead.  A lit test using it needs -I%S for ckc-run.
VIEW_HEADER_NAME = "fz_types.h"
VIEW_HEADER = """/* The struct of testsuite/fuzz/gen.py's view parameters. */
#ifndef FZ_TYPES_H
#define FZ_TYPES_H
typedef struct {
	int n;
	double *p;
	double w;
} fz_view;
typedef struct {
	double x, v;
	double f[2];
	int k;
} fz_pt;
#endif
"""

# A call is generated only where it costs at most this many helper
# statements per run of the kernel (loop trips times the callee's cost), so
# that deep call chains called in loops stay fast to run.
CALL_BUDGET = 5000


class IntVar:
    """An int variable (loop counter) with its range for every n in NS."""

    def __init__(self, name, rng):
        self.name = name
        self.rng = rng  # {n: (lo, hi)}


class Scalar:
    def __init__(self, name, bound, writable=True):
        self.name = name
        self.bound = bound
        self.writable = writable
        self.read = False


class Array:
    """An array or a pointer into one.  length: {n: elements available}.
    A pointer has base (the Array it points into) and offsets (the offsets
    it may hold); its reads and writes change its base's bound."""

    def __init__(self, name, length, writable, bound, base=None,
                 offsets=None, is_param=False):
        self.name = name
        self.length = length
        self.writable = writable
        self._bound = bound
        self.base = base
        self.offsets = offsets or {0}
        self.is_param = is_param
        self.read = False

    def root(self):
        return self.base.root() if self.base else self

    @property
    def bound(self):
        return self.root()._bound

    @bound.setter
    def bound(self, b):
        self.root()._bound = b

    def span(self, n):
        """Indices valid at every offset the pointer may hold."""
        if self.base is None:
            return self.length[n]
        return self.base.span(n) - max(self.offsets)


class Scope:
    """Variables visible at a point; frames nest like C blocks."""

    def __init__(self, parent=None):
        self.parent = parent
        self.ints, self.scalars, self.arrays = [], [], []

    def all(self, attr):
        out, s = [], self
        while s:
            out = getattr(s, attr) + out
            s = s.parent
        return out


class Ctx:
    """Where a statement is generated."""

    def __init__(self, func, loop_depth=0, mult=1, nested=False,
                 in_helper=False):
        self.func = func            # Func being generated
        self.loop_depth = loop_depth
        self.mult = mult            # product of enclosing trip counts
        self.nested = nested        # inside a branch or loop
        self.in_helper = in_helper

    def inner(self, loop_trips=None):
        c = Ctx(self.func, self.loop_depth, self.mult, True, self.in_helper)
        if loop_trips:
            c.loop_depth += 1
            c.mult *= loop_trips
        return c

    @property
    def contract(self):
        """Updates must not make values grow without bound: inside loops,
        and in helpers (which may be called inside loops)."""
        return self.loop_depth > 0 or self.in_helper


class Func:
    def __init__(self, name, ret):
        self.name = name
        self.ret = ret          # "double" or "void"
        self.params = []        # (kind, object, ctype)
        self.lines = []
        self.ret_bound = 1.0
        self.calls = set()
        self.cost = 0           # statements one call runs, roughly


class Helper(Func):
    """A static helper: shape is "scalar" (double f(double a, double b)),
    "array" (void f(double a, const double *p, double *q, int m)),
    "reduce" (double f(const double *p, int m, double a)), "sptr"
    (void f(double a, double *r)) or "sub" (a parameter list of
    PARAM_KINDS, sub_params, with int n the length of its arrays, correct
    for every n in dom)."""

    def __init__(self, name, shape):
        Func.__init__(self, name, "double" if shape in ("scalar", "reduce")
                      else "void")
        self.shape = shape
        self.write_bound = 0.0
        self.sub_params = []    # "sub": [(kind, name)]
        self.dom = ()           # "sub": the values n may take


def fmt(c):
    s = "%.2f" % c
    if s in ("0.00", "-0.00"):
        s = "0.25"
    return s if c >= 0 else "(%s)" % s


class Gen:
    def __init__(self, seed, index, modes=("tangent",), features=None):
        self.seed, self.index = seed, index
        self.r = random.Random(seed * 1000003 + index)
        self.modes = modes
        self.feat = dict(FEATURES)
        if "hvp" in modes:
            # Only kernels without out() arrays get their f_b_d checked.
            self.feat["outputs"] = False
        self.feat.update(features or {})
        self.name = "k%d" % index if seed is None else "k%d_%d" % (seed,
                                                                    index)
        self.counters = {}
        self.helpers = []
        self.indent = 1
        self.out = None  # list of lines being written
        self.pending_ckpt = None  # a checkpoint pragma for the next line
        self.pending_binomial = False
        # An elementwise parallel loop's body being written: its leaves are
        # only element `index` of arrays, its own scalars (`scope`) and
        # constants, so that the reverse sweep's iterations are independent
        # too (ckc runs such a reverse parallel).
        self.elementwise = None  # (index, scope) or None
        self.region = 0    # inside a checkpoint region
        # Loop depths at and below which break / continue may not be
        # generated (checkpoint regions, binomial loops).
        self.exit_floor = [0]
        # >0 while generating a case that another falls through to: ckc
        # copies its statements into both branches, and refuses a pragma
        # on them
        self.no_pragma = 0
        self.in_switch = 0  # switches around the statement being made
        self.nlabels = 0  # goto labels emitted so far
        # The loops around the statement being made, outermost first, as
        # [body's loop depth, label ending the body, label after it] (the
        # labels of feature goto, None while no goto jumps there).
        self.loops = []
        self.in_binomial = 0
        # The values the size variable n may take in the function being
        # generated (its name is n in the kernel and in "sub" helpers; the
        # other helpers have none: has_n), for which every index must fit.
        self.ns = NS
        self.has_n = True
        # The kernel's int table ix[IXLEN] is declared (feature idxarr):
        # its elements are indices in [0, IXLEN).
        self.ix = False
        self.ix_heap = False
        # The kernel's int cur and pointer pcur = &cur (feature intcell).
        self.cell = False
        self.cell_ptr = False

    # ---------------------------------------------------------- utilities
    def fresh(self, prefix):
        k = self.counters.get(prefix, 0)
        self.counters[prefix] = k + 1
        return "%s%d" % (prefix, k)

    def chance(self, p, feature=None):
        if feature and not self.feat[feature]:
            return False
        return self.r.random() < p

    def const(self, lo=-2.0, hi=2.0):
        c = round(self.r.uniform(lo, hi), 2)
        return c if c != 0 else 0.5

    def emit(self, text, raw=False):
        if self.pending_ckpt and not raw:
            # A region is a statement: never a declaration.
            if not text.startswith(("double ", "int ", "const ",
                                    "fz_view ")):
                self.out.append("\t" * self.indent + self.pending_ckpt)
            self.pending_ckpt = None
        self.out.append("\t" * self.indent + text)

    # -------------------------------------------------------- expressions
    def readable_scalars(self, sc):
        return [v for v in sc.all("scalars")]

    def readable_arrays(self, sc):
        return [a for a in sc.all("arrays") if all(a.span(n) >= 1
                                                   for n in self.ns)]

    def index_for(self, sc, arr):
        """An index expression valid in arr for every n and every value of
        the loop counters in scope, or None."""
        cands = []
        for n in self.ns:
            if arr.span(n) < 1:
                return None
        ints = sc.all("ints")
        forms = []
        for iv in ints:
            forms += [
                (iv.name, lambda lo, hi, n: (lo, hi)),
                ("%s / 2" % iv.name, lambda lo, hi, n: (lo // 2, hi // 2)),
                ("n - 1 - %s" % iv.name,
                 lambda lo, hi, n: (n - 1 - hi, n - 1 - lo)),
                ("(%s + 1) %% n" % iv.name,
                 lambda lo, hi, n: (lo + 1, hi + 1) if hi + 1 < n
                 else (0, n - 1)),
                ("%s %% 3" % iv.name, lambda lo, hi, n: (0, min(2, hi))),
                ("%s + 1" % iv.name, lambda lo, hi, n: (lo + 1, hi + 1)),
            ]
            for text, f in forms[-6:]:
                ok = True
                for n in self.ns:
                    lo, hi = iv.rng[n]
                    if lo < 0:
                        ok = False
                        break
                    a, b = f(lo, hi, n)
                    if a < 0 or b > arr.span(n) - 1:
                        ok = False
                        break
                if ok:
                    cands.append(text)
        # An element of the kernel's int table, modulo n.
        if self.ix and not self.elementwise and self.has_n and \
                all(arr.span(n) >= n for n in self.ns) and \
                self.r.random() < 0.3:
            return "ix[%s] %% n" % self.ix_index(sc)
        # The kernel's int cur, changed through its address, modulo n.
        if self.cell and not self.elementwise and self.has_n and \
                all(arr.span(n) >= n for n in self.ns) and \
                self.r.random() < 0.3:
            return "cur % n"
        # Indices that do not depend on a counter.
        for text, f in (("0", lambda n: 0), ("1", lambda n: 1),
                        ("2", lambda n: 2), ("n - 1", lambda n: n - 1),
                        ("n - 2", lambda n: n - 2), ("n / 2", lambda n: n // 2),
                        ("5", lambda n: 5), ("7", lambda n: 7)):
            if all(0 <= f(n) <= arr.span(n) - 1 for n in self.ns):
                cands.append(text)
        if not cands:
            return None
        # Prefer counters inside loops.
        if ints and self.r.random() < 0.7:
            loopy = [c for c in cands if not c[0].isdigit()
                     and not c.startswith("n")]
            if loopy:
                return self.r.choice(loopy)
        return self.r.choice(cands)

    def ix_index(self, sc):
        """An index into the int table ix: a non-negative counter modulo
        IXLEN, or a constant."""
        ivs = [iv for iv in sc.all("ints")
               if all(iv.rng[n][0] >= 0 for n in self.ns)]
        if ivs and self.r.random() < 0.7:
            return "%s %% %d" % (self.r.choice(ivs).name, IXLEN)
        return str(self.r.randrange(IXLEN))

    def s_cell(self, sc, ctx):
        """cur changed through its address: by fz_adv(&cur, d) or
        fz_adv(pcur, d), or a store through pcur; d a constant or a
        comparison of data."""
        if self.r.random() < 0.3:
            d = "(%s)" % self.cond(sc, 1)
        else:
            d = str(self.r.randrange(1, IXLEN))
        forms = ["fz_adv(&cur, %s);" % d]
        if self.cell_ptr:
            forms += ["fz_adv(pcur, %s);" % d,
                      "*pcur = (*pcur + %s) %% %d;" % (d, IXLEN),
                      "(*pcur)++;"]
        self.emit(self.r.choice(forms))

    def s_ixstore(self, sc, ctx):
        """ix[k] = (ix[k2] + d) % IXLEN, d a constant or a comparison of
        data."""
        k, k2 = self.ix_index(sc), self.ix_index(sc)
        if self.r.random() < 0.3:
            d = "(%s)" % self.cond(sc, 1)
        else:
            d = str(self.r.randrange(1, IXLEN))
        self.emit("ix[%s] = (ix[%s] + %s) %% %d;" % (k, k2, d, IXLEN))

    def elem(self, sc, arr):
        if self.elementwise:
            idx = self.elementwise[0]
            if arr.base is not None or \
                    any(arr.span(n) < n for n in self.ns):
                return None
        else:
            idx = self.index_for(sc, arr)
        if idx is None:
            return None
        arr.read = True
        if arr.base is not None and self.chance(0.3):
            if idx == "0":
                return "*%s" % arr.name
            return "*(%s + %s)" % (arr.name, idx)
        return "%s[%s]" % (arr.name, idx)

    def leaf(self, sc):
        r = self.r
        scalars = self.readable_scalars(sc)
        if self.elementwise:
            scalars = [v for v in scalars
                       if v in self.elementwise[1].scalars]
        arrays = self.readable_arrays(sc) if self.feat["arrays"] else []
        ints = sc.all("ints")
        choices = []
        if scalars:
            choices += ["scalar"] * 5
        if arrays:
            choices += ["array"] * 4
        if ints:
            choices += ["int"]
        choices += ["const"]
        k = r.choice(choices)
        if k == "scalar":
            v = r.choice(scalars)
            v.read = True
            return v.name, max(v.bound, 1e-3)
        if k == "array":
            a = r.choice(arrays)
            e = self.elem(sc, a)
            if e is not None:
                return e, max(a.bound, 1e-3)
        if k == "int":
            iv = r.choice(ints)
            return "%s * %s" % (fmt(self.const(0.05, 0.3)), iv.name), 2.0
        c = self.const()
        return fmt(c), abs(c)

    def step_call(self, sc, depth):
        """A step function of an active value (derivative 0 but at its
        jumps), the fractional part x - floor(x), fmod or fdim; the
        driver skips outputs whose differences cross a jump."""
        r = self.r
        a = self.tame(self.expr(sc, depth - 1), 4.0)
        g = r.choice(("floor", "ceil", "trunc", "round", "rint",
                      "nearbyint", "frac", "fmod", "fdim"))
        if g == "frac":
            return "(%s - floor(%s))" % (a[0], a[0]), 1.0
        if g == "fmod":
            return "fmod(%s, %s)" % (a[0], fmt(r.uniform(0.6, 1.5))), 1.5
        if g == "fdim":
            b = self.tame(self.expr(sc, depth - 1), 4.0)
            return "fdim(%s, %s)" % (a[0], b[0]), a[1] + b[1]
        return "%s(%s)" % (g, a[0]), a[1] + 1.0

    def squash(self, e):
        f = self.r.choice(SQUASH)
        return "%s(%s)" % (f, e[0]), 1.0

    def tame(self, e, limit):
        """e, squashed when its bound exceeds limit."""
        return self.squash(e) if e[1] > limit else e

    def math(self, sc, depth):
        r = self.r
        if self.feat["steps"] and r.random() < 0.25:
            return self.step_call(sc, depth)
        f = r.choice(MATH_FUNCS)
        a = self.expr(sc, depth - 1)
        a1 = self.tame(a, 4.0)
        if f in ("sin", "cos", "atan", "tanh", "erf", "erfc", "fabs"):
            return "%s(%s)" % (f, a[0]), {"atan": 1.6, "erfc": 2.0,
                                           "fabs": a[1]}.get(f, 1.0)
        if f == "tan":
            return "tan(%s * tanh(%s))" % (fmt(r.uniform(0.3, 1.2)),
                                           a[0]), 2.6
        if f in ("asin", "acos"):
            if a[1] <= 0.9 and r.random() < 0.5:
                return "%s(%s)" % (f, a[0]), 3.2
            return "%s(%s * tanh(%s))" % (f, fmt(r.uniform(0.2, 0.9)),
                                          a[0]), 3.2
        if f == "atan2":
            b = self.expr(sc, depth - 1)
            # Not atan2(a, b): a and b may both be exactly 0 (0.1 * i with
            # i = 0, s - s), where the derivative is 0/0.
            return "atan2(%s, %s + %s)" % (a[0], fmt(r.uniform(1.2, 2.5)),
                                            self.squash(b)[0]), 1.6
        if f in ("sinh", "cosh", "exp", "exp2", "expm1"):
            if a[1] > 3.0:
                a1 = ("%s * %s" % (fmt(r.uniform(0.5, 2.5)),
                                   self.squash(a)[0]), 2.5)
            return "%s(%s)" % (f, a1[0]), 12.2 if f != "exp2" else 5.7
        if f in ("log", "log2", "log10"):
            form = r.randrange(3)
            if form == 0:
                return "%s(%s + %s * %s)" % (f, fmt(r.uniform(0.5, 2)),
                                             a1[0], a1[0]), 3.0
            if form == 1:
                return "%s(%s + %s)" % (f, fmt(r.uniform(1.2, 2.5)),
                                        self.squash(a)[0]), 1.3
            return "%s(fabs(%s) + %s)" % (f, a[0],
                                          fmt(r.uniform(0.5, 2))), 3.0
        if f == "log1p":
            if r.random() < 0.5:
                return "log1p(%s * %s)" % (a1[0], a1[0]), 3.0
            return "log1p(%s * %s)" % (fmt(r.uniform(0.2, 0.9)),
                                       self.squash(a)[0]), 2.4
        if f == "sqrt":
            if r.random() < 0.5:
                return "sqrt(%s + %s * %s)" % (fmt(r.uniform(0.5, 2)),
                                               a1[0], a1[0]), 4.3
            return "sqrt(%s + %s)" % (fmt(r.uniform(1.2, 2.5)),
                                      self.squash(a)[0]), 1.9
        if f == "cbrt":
            # Not cbrt(a): a may be exactly 0 (see atan2), where the
            # derivative is infinite and its product with a_d = 0 NaN.
            if r.random() < 0.5:
                return "cbrt(%s + %s * %s)" % (fmt(r.uniform(0.5, 2)),
                                               a1[0], a1[0]), 2.7
            return "cbrt(%s + %s)" % (fmt(r.uniform(1.2, 2.5)),
                                      self.squash(a)[0]), 1.6
        if f == "pow":
            form = r.randrange(3)
            if form == 0:
                c = r.choice((-1.5, -0.5, 0.5, 1.5, 2.5, -1.0))
                return "pow(%s + %s * %s, %s)" % (fmt(r.uniform(0.5, 2)),
                                                  a1[0], a1[0], fmt(c)), 20.0
            if form == 1:
                return "pow(%s, %s)" % (a1[0], r.choice(("2.0", "3.0"))), \
                    64.0
            b = self.expr(sc, depth - 1)
            return "pow(%s + %s, %s * %s)" % (
                fmt(r.uniform(1.2, 2.5)), self.squash(a)[0],
                fmt(r.uniform(0.3, 2.0)), self.squash(b)[0]), 12.0
        if f == "hypot":
            b = self.tame(self.expr(sc, depth - 1), 4.0)
            # Not hypot(a, b): see atan2.
            return "hypot(%s, %s + %s * %s)" % (a1[0], fmt(r.uniform(0.3, 1)),
                                                b[0], b[0]), 22.0
        if f in ("fmin", "fmax"):
            b = self.expr(sc, depth - 1)
            return "%s(%s, %s)" % (f, a[0], b[0]), max(a[1], b[1])
        raise AssertionError(f)

    def cond(self, sc, depth=2):
        """A condition on data: e > c, combined with && or || sometimes."""
        r = self.r
        e = self.expr(sc, depth)
        op = r.choice((">", "<", ">=", "<="))
        c = fmt(r.uniform(-0.5, 0.5) * min(e[1], 2.0))
        text = "%s %s %s" % (e[0], op, c)
        if r.random() < 0.15:
            e2 = self.expr(sc, 1)
            text = "(%s) %s (%s > %s)" % (text, r.choice(("&&", "||")),
                                          e2[0], fmt(r.uniform(-0.5, 0.5)))
        return text

    def expr(self, sc, depth, calls=None):
        """(text, bound): a double expression, fully parenthesized.
        calls: a Ctx when calls to helpers are allowed (statement level)."""
        r = self.r
        if depth <= 0 or r.random() < 0.25:
            return self.leaf(sc)
        kinds = ["add", "add", "sub", "mul", "mul", "div", "neg"]
        if self.feat["math"]:
            kinds += ["math"] * 4
        if self.feat["ternary"]:
            kinds += ["cond"]
        if calls is not None and self.callable_helpers(calls, "scalar"):
            kinds += ["call"] * 2
        k = r.choice(kinds)
        if k in ("add", "sub"):
            a, b = self.expr(sc, depth - 1, calls), self.expr(sc, depth - 1)
            return "(%s %s %s)" % (a[0], "+" if k == "add" else "-",
                                   b[0]), a[1] + b[1]
        if k == "mul":
            a = self.tame(self.expr(sc, depth - 1, calls), 8.0)
            b = self.tame(self.expr(sc, depth - 1), 8.0)
            return "(%s * %s)" % (a[0], b[0]), a[1] * b[1]
        if k == "div":
            a = self.expr(sc, depth - 1, calls)
            b = self.expr(sc, depth - 1)
            form = r.randrange(3)
            if form == 0:
                b = self.tame(b, 4.0)
                den = "(%s + %s * %s)" % (fmt(r.uniform(1, 2)), b[0], b[0])
            elif form == 1:
                den = "(%s + %s)" % (fmt(r.uniform(2, 3)), self.squash(b)[0])
            else:
                den = "(%s + fabs(%s))" % (fmt(r.uniform(1, 2)), b[0])
            return "(%s / %s)" % (a[0], den), a[1]
        if k == "neg":
            a = self.expr(sc, depth - 1, calls)
            return "(-%s)" % a[0], a[1]
        if k == "math":
            return self.math(sc, depth)
        if k == "cond":
            c = self.cond(sc, 1)
            a, b = self.expr(sc, depth - 1), self.expr(sc, depth - 1)
            return "(%s ? %s : %s)" % (c, a[0], b[0]), max(a[1], b[1])
        if k == "call":
            return self.call_scalar(sc, calls)
        raise AssertionError(k)

    # ------------------------------------------------------------ helpers
    def callable_helpers(self, ctx, shape=None):
        """Helpers ctx.func may call: all of them from the kernel, only
        earlier ones from a helper (no recursion), and only those whose
        cost there stays within CALL_BUDGET."""
        if not self.feat["helpers"]:
            return []
        hs = self.helpers
        if isinstance(ctx.func, Helper) and ctx.func in hs:
            hs = hs[:hs.index(ctx.func)]
        if shape:
            hs = [h for h in hs if h.shape == shape]
        else:  # (the dispatcher is called through call_scalar only)
            hs = [h for h in hs if h.shape != "dispatch"]
        return [h for h in hs if ctx.mult * max(h.cost, 1) <= CALL_BUDGET]

    def call_scalar(self, sc, ctx):
        h = self.r.choice(self.callable_helpers(ctx, "scalar"))
        ctx.func.calls.add(h.name)
        ctx.func.cost += ctx.mult * h.cost
        a = self.expr(sc, 1)
        b = self.expr(sc, 1)
        if not ctx.in_helper and self.chance(0.7, "fnptr"):
            # through the kernel's dispatcher, h passed by name
            d = self.dispatcher()
            ctx.func.calls.add(d.name)
            return "%s(%s, %s, %s)" % (d.name, h.name, a[0], b[0]), \
                0.75 * h.ret_bound
        return "%s(%s, %s)" % (h.name, a[0], b[0]), h.ret_bound

    def dispatcher(self):
        """The helper that calls the scalar helper it is passed (feature
        fnptr), made the first time: 0.5 g(a, b) + 0.25 g(b, a / 2)."""
        for h in self.helpers:
            if h.shape == "dispatch":
                return h
        d = Helper(self.fresh("%s_ap" % self.name), "dispatch")
        d.lines = [
            "static double %s(double (*g)(double, double), double a, "
            "double b)" % d.name,
            "{",
            "\treturn 0.5 * g(a, b) + 0.25 * (*g)(b, 0.5 * a);",
            "}",
        ]
        d.cost = 2 * max(h.cost for h in self.helpers
                         if h.shape == "scalar") + 1
        self.helpers.append(d)
        return d

    def arrays_with(self, sc, m, writable):
        return [a for a in sc.all("arrays")
                if (a.writable or not writable)
                and all(a.span(n) >= m[n] for n in self.ns)]

    def call_stmt(self, sc, ctx, h):
        """A call of h as a statement (or assigned, for helpers with a
        result); returns False when no arguments fit."""
        if h.shape == "sub":
            done = self.call_sub(sc, ctx, h)
        else:
            done = self.call_fixed(sc, ctx, h)
        if done:
            ctx.func.calls.add(h.name)
            ctx.func.cost += ctx.mult * h.cost
        return done

    def call_fixed(self, sc, ctx, h):
        """call_stmt of the helpers with a fixed shape (not "sub")."""
        r = self.r
        if h.shape == "scalar":
            v = self.writable_scalar(sc, ctx)
            if v is None:
                return False
            call, b = self.call_scalar_of(sc, h)
            self.assign_scalar(v, ctx, call, b, sc)
            ctx.func.calls.add(h.name)
            return True
        if h.shape == "sptr":
            targets = [("&%s" % v.name, v) for v in
                       sc.all("scalars") if v.writable]
            for a in self.arrays_with(sc, {n: 1 for n in self.ns}, True):
                idx = self.index_for(sc, a)
                if idx is not None:
                    targets.append(("&%s[%s]" % (a.name, idx), a))
                    if idx != "0":
                        targets.append(("%s + %s" % (a.name, idx), a))
            if not targets:
                return False
            text, obj = r.choice(targets)
            if isinstance(obj, Array):
                obj.read = True
            else:
                obj.read = True
            obj.bound = max(obj.bound, h.write_bound) + ctx.mult * 0.5
            a = self.expr(sc, 2)
            self.emit("%s(%s, %s);" % (h.name, a[0], text))
            ctx.func.calls.add(h.name)
            return True
        if h.shape in ("array", "reduce"):
            mform = r.choice(("n", "n - 1", "3", "2"))
            if not self.has_n:
                mform = r.choice(("3", "2"))
            m = {n: eval(mform.replace("n", str(n))) for n in self.ns}
            if min(m.values()) < 2:
                return False  # the callee reads 2 elements
            srcs = self.arrays_with(sc, m, False)
            if getattr(h, "ext_lines", None):
                # What ckc can hand the user's adjoint as the call saw it
                # (README, ck_derivative): data nothing changes, or a
                # whole local array (taped as a copy).  Not data behind a
                # pointer the function changes, whose length ckc does not
                # know (a helper's input may alias its output), nor a
                # malloc'd buffer.
                srcs = [a for a in srcs if (a.is_param and not a.writable
                                            and not ctx.in_helper)
                        or (a.base is None and not a.is_param and
                            not getattr(a, "heap", False))]
            if not srcs:
                return False
            p = r.choice(srcs)
            ptext = p.name
            if h.shape == "reduce":
                v = self.writable_scalar(sc, ctx)
                if v is None:
                    return False
                p.read = True
                a = self.expr(sc, 1)
                call = "%s(%s, %s, %s)" % (h.name, ptext, mform, a[0])
                self.assign_scalar(v, ctx, call, h.ret_bound, sc)
                ctx.func.calls.add(h.name)
                return True
            dsts = self.arrays_with(sc, m, True)
            if not dsts:
                return False
            q = r.choice(dsts)
            if q.root() is p.root() and not self.feat["alias"]:
                return False
            p.read = q.read = True
            q.bound = max(q.bound, h.write_bound) + ctx.mult * 0.5
            a = self.expr(sc, 2)
            self.emit("%s(%s, %s, %s, %s);" % (h.name, a[0], ptext, q.name,
                                               mform))
            ctx.func.calls.add(h.name)
            return True
        raise AssertionError(h.shape)

    def call_scalar_of(self, sc, h):
        a = self.expr(sc, 1)
        b = self.expr(sc, 1)
        return "%s(%s, %s)" % (h.name, a[0], b[0]), h.ret_bound

    def gen_helper(self, shape):
        if shape == "sub":
            return self.gen_sub_helper()
        if shape.startswith("ext_"):
            return self.gen_ext(shape[4:])
        self.has_n = False
        h = Helper("%s_h%d" % (self.name, len(self.helpers)), shape)
        sc = Scope()
        ctx = Ctx(h, in_helper=True)
        unit = {n: 1 for n in self.ns}
        if shape == "scalar":
            a, b = Scalar("a", 1.5), Scalar("b", 1.5)
            sc.scalars += [a, b]
            sig = "static double %s(double a, double b)" % h.name
        elif shape == "array":
            a = Scalar("a", 1.5)
            sc.scalars.append(a)
            # The callee sees m elements; m >= 2 at every call.
            m = {n: 2 for n in self.ns}
            p = Array("p", m, False, 2.0, is_param=True)
            q = Array("q", m, True, 2.0, is_param=True)
            sc.arrays += [p, q]
            sig = ("static void %s(double a, const double *p, double *q, "
                   "int m)" % h.name)
        elif shape == "reduce":
            a = Scalar("a", 1.5)
            sc.scalars.append(a)
            p = Array("p", {n: 2 for n in self.ns}, False, 2.0, is_param=True)
            sc.arrays.append(p)
            sig = "static double %s(const double *p, int m, double a)" % (
                h.name)
        else:
            a = Scalar("a", 1.5)
            sc.scalars.append(a)
            rp = Array("r", unit, True, 2.0, is_param=True)
            sc.arrays.append(rp)
            sig = "static void %s(double a, double *r)" % h.name
        self.out = []
        self.mallocs = []  # names of the malloc'd arrays held
        self.indent = 1
        if shape in ("array", "reduce"):
            acc = None
            if shape == "reduce":
                acc = Scalar("s", 1.0)
                self.emit("double s = %s;" % fmt(self.const(-0.5, 0.5)))
                sc.scalars.append(acc)
            self.emit("for (int i = 0; i < m; i++) {")
            inner = Scope(sc)
            # i < m, and m >= 2: indices i and i / 2 fit; the generic
            # index_for sees arrays of length 2, so use i explicitly.
            self.indent += 1
            ictx = ctx.inner(LLEN)
            iv_p = "p[i]"
            p.read = True
            if shape == "array":
                e = self.expr(Scope(inner), 2)
                e = ("(%s * %s + %s)" % (fmt(self.const(0.3, 1.2)), iv_p,
                                         e[0]), 0.0)
                self.update("q[i]", ictx, e, q)
            else:
                e = self.expr(Scope(inner), 2)
                self.update("s", ictx, ("(%s * %s)" % (iv_p, e[0]), 0.0),
                            acc)
            if self.chance(0.3, "exits"):
                self.emit("if (%s) {" % self.cond(inner, 1))
                self.emit("\t%s;" % self.r.choice(("break", "continue")))
                self.emit("}")
            self.indent -= 1
            self.emit("}")
        self.block(sc, ctx, self.r.randint(1, 3))
        if shape == "scalar":
            self.ret_stmt(self.final_expr(sc, ctx)[0])
        elif shape == "reduce":
            self.ret_stmt(self.final_expr(sc, ctx)[0])
        elif shape == "array":
            self.update("q[0]", ctx, self.final_expr(sc, ctx), q)
            self.free_held()
        else:
            self.update("*r", ctx, self.final_expr(sc, ctx), rp)
            self.free_held()
        h.ret_bound = 30.0
        h.write_bound = 10.0
        h.cost += 10
        h.lines = [sig, "{"] + self.out + ["}"]
        self.helpers.append(h)
        self.has_n = True
        return h

    def gen_ext(self, shape):
        """An external function of the "scalar" or "reduce" shape: its
        prototype and #pragma ck_derivative in the kernel's text, its
        definition and hand-written f_d, f_b, f_b_d (DESIGN sections 1
        and 2) in the driver's, under CK_TEST_MAIN, which ckc does not
        define.  Scalar: e(a, b) = c0 a b + sin(a) - c1 b^2.  Reduce:
        e(p, m, a) = sin(a) + a * sum_i w_i p_i^2, w_i = c0 + c1 i.  The
        derivatives test every shadow for NULL (ckc passes NULL, and 0 for
        a scalar's tangent, where an argument carries no derivative)."""
        h = Helper("%s_e%d" % (self.name, len(self.helpers)), shape)
        c0, c1 = fmt(self.const(0.2, 0.6)), fmt(self.const(0.05, 0.3))
        if shape == "reduce":
            c0, c1 = fmt(self.const(0.01, 0.04)), fmt(self.const(0.0, 0.01))
        e = h.name
        hvp = "hvp" in self.modes
        if shape == "scalar":
            prim = "double %s(double a, double b)" % e
            sig_d = ("double %s_d(double a, double a_d, double b, double b_d, "
                     "double *ret_d)" % e)
            sig_b = ("double %s_b(double a, double *a_b, double b, "
                     "double *b_b, double ret_b)" % e)
            sig_bd = ("double %s_b_d(double a, double a_d, double *a_b, "
                      "double *a_bd, double b, double b_d, double *b_b, "
                      "double *b_bd, double ret_b, double ret_bd)" % e)
            val = "%s * a * b + sin(a) - %s * b * b" % (c0, c1)
            ga, gb = "%s * b + cos(a)" % c0, "%s * a - 2.0 * %s * b" % (c0,
                                                                         c1)
            defs = [
                prim, "{", "\treturn %s;" % val, "}",
                sig_d, "{",
                "\t*ret_d = (%s) * a_d + (%s) * b_d;" % (ga, gb),
                "\treturn %s;" % val, "}",
                sig_b, "{",
                "\tif (a_b)", "\t\t*a_b += ret_b * (%s);" % ga,
                "\tif (b_b)", "\t\t*b_b += ret_b * (%s);" % gb,
                "\treturn %s;" % val, "}",
                sig_bd, "{",
                # H = [[-sin a, c0], [c0, -2 c1]]
                "\tdouble ha = -sin(a) * a_d + %s * b_d;" % c0,
                "\tdouble hb = %s * a_d - 2.0 * %s * b_d;" % (c0, c1),
                "\tif (a_b)", "\t\t*a_b += ret_b * (%s);" % ga,
                "\tif (b_b)", "\t\t*b_b += ret_b * (%s);" % gb,
                "\tif (a_bd)",
                "\t\t*a_bd += ret_b * ha + ret_bd * (%s);" % ga,
                "\tif (b_bd)",
                "\t\t*b_bd += ret_b * hb + ret_bd * (%s);" % gb,
                "\treturn %s;" % val, "}"]
            wrt = "a, b"
        else:
            prim = "double %s(const double *p, int m, double a)" % e
            sig_d = ("double %s_d(const double *p, const double *p_d, int m, "
                     "double a, double a_d, double *ret_d)" % e)
            sig_b = ("double %s_b(const double *p, double *p_b, int m, "
                     "double a, double *a_b, double ret_b)" % e)
            sig_bd = ("double %s_b_d(const double *p, const double *p_d, "
                      "double *p_b, double *p_bd, int m, double a, "
                      "double a_d, double *a_b, double *a_bd, double ret_b, "
                      "double ret_bd)" % e)
            w = "(%s + %s * i)" % (c0, c1)
            sum_ = ["\tdouble S = 0.0;", "\tfor (int i = 0; i < m; i++)",
                    "\t\tS += %s * p[i] * p[i];" % w]
            val = "sin(a) + a * S"
            defs = [prim, "{"] + sum_ + ["\treturn %s;" % val, "}",
                    sig_d, "{"] + sum_ + [
                "\tdouble t = (S + cos(a)) * a_d;",
                "\tif (p_d)", "\t\tfor (int i = 0; i < m; i++)",
                "\t\t\tt += 2.0 * a * %s * p[i] * p_d[i];" % w,
                "\t*ret_d = t;", "\treturn %s;" % val, "}",
                sig_b, "{"] + sum_ + [
                "\tif (a_b)", "\t\t*a_b += ret_b * (S + cos(a));",
                "\tif (p_b)", "\t\tfor (int i = 0; i < m; i++)",
                "\t\t\tp_b[i] += ret_b * 2.0 * a * %s * p[i];" % w,
                "\treturn %s;" % val, "}",
                sig_bd, "{"] + sum_ + [
                # d2/da2 = -sin a, d2/da dp_i = 2 w_i p_i,
                # d2/dp_i dp_j = 2 a w_i [i = j]
                "\tdouble ha = -sin(a) * a_d;",
                "\tif (p_d)", "\t\tfor (int i = 0; i < m; i++)",
                "\t\t\tha += 2.0 * %s * p[i] * p_d[i];" % w,
                "\tif (a_b)", "\t\t*a_b += ret_b * (S + cos(a));",
                "\tif (a_bd)",
                "\t\t*a_bd += ret_b * ha + ret_bd * (S + cos(a));",
                "\tfor (int i = 0; i < m; i++) {",
                "\t\tdouble g = 2.0 * a * %s * p[i];" % w,
                "\t\tdouble hp = 2.0 * %s * p[i] * a_d;" % w,
                "\t\tif (p_d)",
                "\t\t\thp += 2.0 * a * %s * p_d[i];" % w,
                "\t\tif (p_b)", "\t\t\tp_b[i] += ret_b * g;",
                "\t\tif (p_bd)",
                "\t\t\tp_bd[i] += ret_b * hp + ret_bd * g;",
                "\t}", "\treturn %s;" % val, "}"]
            wrt = "p, a"
        pragma = ("#pragma ck_derivative %s wrt(%s) tangent(%s_d) "
                  "adjoint(%s_b)%s" % (e, wrt, e, e,
                                       " hvp(%s_b_d)" % e if hvp else ""))
        h.lines = [prim + ";", sig_d + ";", sig_b + ";", sig_bd + ";",
                   pragma]
        h.ext_lines = defs
        h.ret_bound = 40.0
        h.write_bound = 0.0
        h.cost = 10
        self.helpers.append(h)
        return h

    def gen_sub_helper(self, prev=None):
        """A "sub" helper: one or two `const double *` inputs, up to two
        in/out arrays that it reads and writes, maybe a scalar, and int n,
        the length of each array; correct for every n in its domain h.dom
        (so that callers may pass sub-arrays such as &a[1] with n - 1).
        It returns a double or (with an in/out array) nothing.  prev: a
        helper it must call (the next link of a call chain), which then
        gets sub-arrays of this one's arrays."""
        r = self.r
        h = Helper("%s_h%d" % (self.name, len(self.helpers)), "sub")
        lo = r.choice((1, 2, 2, 3))
        n_in, n_io = r.choice((1, 1, 2)), r.choice((0, 1, 1, 2))
        if prev is not None:
            # A call of prev with offset 0 and count min(prev.dom) fits
            # whatever n is; prev's in/out arrays need writable ones here.
            lo = max(lo, min(prev.dom))
            # (a view's array too: its member is not const; and the
            # arguments of a call with a view do not alias: distinct ones)
            kinds = [k for k, _ in prev.sub_params]
            if "inout" in kinds:
                n_io = max(n_io, 1)
            if "view" in kinds or "viewv" in kinds:
                n_io = max(n_io, sum(k in ("inout", "view", "viewv")
                                     for k in kinds))
                n_in = max(n_in, kinds.count("in"))
        h.dom = tuple(range(lo, r.choice((6, 8, 8, 16)) + 1))
        h.ret = r.choice(("double", "void")) if n_io else "double"
        params = [("in", "p%d" % i) for i in range(n_in)] + \
            [("inout", "q%d" % i) for i in range(n_io)]
        if r.random() < 0.5:
            params.append(("scalar", "a"))
        r.shuffle(params)
        params.insert(0 if r.random() < 0.2 else len(params), ("size", "n"))
        if n_io <= 1 and self.chance(0.5, "structs"):
            # The first input becomes a view, which carries n.
            k = params.index(("in", "p0"))
            params[k] = (r.choice(("view", "view", "viewv")), "v")
            params.remove(("size", "n"))
        h.sub_params = params
        saved = self.ns
        self.ns = h.dom
        sc = Scope()
        ctx = Ctx(h, in_helper=True)
        for kind, name in params:
            if kind == "scalar":
                sc.scalars.append(Scalar(name, 1.5))
            elif kind in ("in", "inout"):
                sc.arrays.append(Array(name, {n: n for n in h.dom},
                                       kind == "inout", 2.0, is_param=True))
            elif kind in ("view", "viewv"):
                m = name + ("->" if kind == "view" else ".")
                sc.arrays.append(Array(m + "p", {n: n for n in h.dom},
                                       False, 2.0, is_param=True))
                sc.scalars.append(Scalar(m + "w", 1.5, writable=False))
        self.out = []
        self.mallocs = []  # names of the malloc'd arrays held
        self.indent = 1
        for kind, name in params:
            if kind in ("view", "viewv"):
                self.emit("int n = %s%sn;" % (name, "->" if kind == "view"
                                               else "."))
        acc = None
        if h.ret == "double" or not any(v.writable for v in sc.scalars):
            # (also where close_scope needs a scalar to fold reads into)
            acc = Scalar("s", 1.0)
            self.emit("double s = %s;" % fmt(self.const(-0.5, 0.5)))
            sc.scalars.append(acc)
        # The elementwise loop: q[i] from p[i] and q[i] (or s += ...).
        self.emit("for (int i = 0; i < n; i++) {")
        inner = Scope(sc)
        inner.ints.append(IntVar("i", {n: (0, n - 1) for n in h.dom}))
        self.indent += 1
        ictx = ctx.inner(max(h.dom))
        src = r.choice([a for a in sc.arrays if not a.writable])
        src.read = True
        e = self.expr(inner, 2)
        outs = [a for a in sc.arrays if a.writable]
        if outs:
            q = r.choice(outs)
            q.read = True
            self.update("%s[i]" % q.name, ictx, (
                "(%s * %s[i] + %s * %s[i] + %s)" % (
                    fmt(self.const(0.3, 1.2)), src.name,
                    fmt(self.const(0.2, 0.7)), q.name, e[0]), 0.0), q)
        else:
            self.update("s", ictx, ("(%s[i] * %s)" % (src.name, e[0]), 0.0),
                        acc)
        called = False
        if prev is not None and r.random() < 0.3 and \
                prev.cost * max(h.dom) <= CALL_BUDGET // 4:
            called = self.call_stmt(inner, ictx, prev)
        self.block(inner, ictx, r.randint(0, 2))
        self.close_scope(inner, ictx)
        self.indent -= 1
        self.emit("}")
        if prev is not None and not called and r.random() < 0.5:
            called = self.call_stmt(sc, ctx, prev)
        self.block(sc, ctx, r.randint(0, 2))
        for _ in range(6):
            if prev is None or called:
                break
            called = self.call_stmt(sc, ctx, prev)
            if not called:
                # No fitting argument (a malloc'd array's NULL check
                # took its place, say): give it one.
                self.s_array(sc, ctx)
        assert prev is None or called, "no arguments for the next link"
        fe = self.final_expr(sc, ctx)
        if h.ret == "double":
            self.ret_stmt(fe[0])
        else:
            q = r.choice(outs)
            self.update("%s[%s]" % (q.name, self.index_for(sc, q) or "0"),
                        ctx, fe, q)
            self.free_held()
        h.ret_bound = 30.0
        h.write_bound = 10.0
        h.cost += 2 * max(h.dom) + 10
        sig = "static %s %s(%s)" % (h.ret, h.name, ", ".join(
            PARAM_KINDS[k] % name for k, name in params))
        h.lines = [sig, "{"] + self.out + ["}"]
        self.helpers.append(h)
        self.ns = saved
        return h

    # Forms of the count and of the offsets of a sub-array argument:
    # (text, counters it reads, value(n, {counter: value})).
    def count_forms(self, ints):
        fs = [(str(k), (), lambda n, v, k=k: k)
              for k in (1, 2, 3, 4, 5, 8, 16)]
        if self.has_n:
            fs += [("n", (), lambda n, v: n),
                   ("n - 1", (), lambda n, v: n - 1),
                   ("n - 2", (), lambda n, v: n - 2),
                   ("n / 2", (), lambda n, v: n // 2)]
            for iv in ints:
                fs.append(("n - %s" % iv.name, (iv,),
                           lambda n, v, i=iv.name: n - v[i]))
                fs.append(("n - 1 - %s" % iv.name, (iv,),
                           lambda n, v, i=iv.name: n - 1 - v[i]))
        for iv in ints:
            fs.append(("%s + 1" % iv.name, (iv,),
                       lambda n, v, i=iv.name: v[i] + 1))
        return fs

    def offset_forms(self, ints):
        fs = [("0", (), lambda n, v: 0)]
        if not self.feat["subarrays"]:
            return fs
        fs += [(str(k), (), lambda n, v, k=k: k) for k in (1, 2, 3, 4, 8)]
        if self.has_n:
            fs.append(("n - 2", (), lambda n, v: n - 2))
        for iv in ints:
            i = iv.name
            fs += [(i, (iv,), lambda n, v, i=i: v[i]),
                   ("%s + 1" % i, (iv,), lambda n, v, i=i: v[i] + 1),
                   ("2 * %s" % i, (iv,), lambda n, v, i=i: 2 * v[i])]
        for a, iv in enumerate(ints):
            for jv in ints[a + 1:]:
                # &w[i * S + j]: row i of a 2-D array held flat.
                for S in (2, 3, 4) + (("n",) if self.has_n else ()):
                    fs.append(("%s * %s + %s" % (iv.name, S, jv.name),
                               (iv, jv),
                               lambda n, v, i=iv.name, j=jv.name, S=S:
                               v[i] * (n if S == "n" else S) + v[j]))
        return fs

    def fits(self, count, dom, off=None, arr=None):
        """Whether count lies in dom (when given) and, with off, the
        sub-array arr + off holds count elements, for every n and every
        value of the counters they read."""
        import itertools
        ivs = list({iv.name: iv for iv in count[1] + (off[1] if off
                                                     else ())}.values())
        for n in self.ns:
            rngs = [range(iv.rng[n][0], iv.rng[n][1] + 1) for iv in ivs]
            for vals in itertools.product(*rngs):
                v = {iv.name: x for iv, x in zip(ivs, vals)}
                c = count[2](n, v)
                if dom is not None and c not in dom:
                    return False
                if off is not None:
                    o = off[2](n, v)
                    if o < 0 or o + c > arr.span(n):
                        return False
        return True

    def sub_args(self, sc, h):
        """Arguments of a call of "sub" helper h from scope sc:
        ({parameter name: text}, [arrays passed]), or None when none fit.
        The count (n of h) is any form in h.dom; each array argument is
        the array or a sub-array of it long enough; with the alias
        feature, two arguments may point into the same array."""
        r = self.r
        ints = sc.all("ints")
        counts = [c for c in self.count_forms(ints) if self.fits(c, h.dom)]
        offs = self.offset_forms(ints)
        r.shuffle(counts)
        arrays = [a for a in sc.all("arrays")
                  if all(a.span(n) >= 1 for n in self.ns)]
        # No aliasing among the arguments of a call with a view: ckc's
        # adjoint is wrong there (issue 11 report).
        has_view = any(k in ("view", "viewv") for k, _ in h.sub_params)
        if has_view and self.region and "adjoint" in self.modes:
            # A region reading data behind a struct's pointer member that
            # the function changes is refused: save() cannot name it.
            return None
        for c in counts[:6]:
            args, passed = {"n": c[0]}, []
            for kind, name in h.sub_params:
                if kind not in ARRAY_KINDS:
                    continue
                cands = [a for a in arrays if a.writable or kind == "in"]
                if has_view:
                    # (ckc's reverse mode cannot follow a view's pointer
                    # into a malloc'd buffer yet)
                    cands = [a for a in cands
                             if not getattr(a.root(), "heap", False)]
                if not self.feat["alias"] or has_view:
                    cands = [a for a in cands if a.root() not in
                             [p.root() for p in passed]]
                elif passed and r.random() < 0.3:
                    same = [a for a in cands if a.root() in
                            [p.root() for p in passed]]
                    cands = same or cands
                r.shuffle(cands)
                if has_view and kind == "in":
                    # (keep the writable ones for the view)
                    cands.sort(key=lambda a: a.writable)
                got = None
                for a in cands:
                    ok = [o for o in offs if self.fits(c, None, o, a)]
                    if ok:
                        # Mostly a proper sub-array when one fits: a row
                        # (&w[i * 4 + j]) or a window (&a[i]) first.
                        groups = [[o for o in ok if len(o[1]) == k]
                                  for k in (2, 1, 0)]
                        weights = [3, 2, 2]
                        groups.append([o for o in ok if o[0] == "0"])
                        weights.append(1)
                        pool = [g for g, w in zip(groups, weights) if g
                                for _ in range(w)]
                        o = r.choice(r.choice(pool))
                        got = (a, o[0])
                        break
                if got is None:
                    break
                a, o = got
                if o == "0":
                    text = a.name if r.random() < 0.8 else "&%s[0]" % a.name
                elif r.random() < 0.5:
                    text = "&%s[%s]" % (a.name, o)
                else:
                    text = "%s + %s" % (a.name, o)
                args[name] = text
                passed.append(a)
            else:
                return args, passed
        return None

    def call_sub(self, sc, ctx, h):
        """call_stmt of a "sub" helper."""
        got = self.sub_args(sc, h)
        if got is None:
            return False
        args, passed = got
        texts = []
        for kind, name in h.sub_params:
            if kind == "scalar":
                texts.append(strip(self.expr(sc, 1)[0]))
            elif kind in ("view", "viewv"):
                texts.append(self.build_view(sc, args["n"], args[name],
                                             kind == "view"))
            else:
                texts.append(args[name])
        for (kind, _), a in zip([p for p in h.sub_params
                                 if p[0] in ARRAY_KINDS], passed):
            a.read = True
            if kind == "inout":
                a.bound = max(a.bound, h.write_bound) + ctx.mult * 0.5
        call = "%s(%s)" % (h.name, ", ".join(texts))
        if h.ret == "void":
            self.emit("%s;" % call)
            return True
        v = self.writable_scalar(sc, ctx)
        if v is None or self.r.random() < 0.3:
            v = Scalar(self.fresh("v"), h.ret_bound)
            self.emit("double %s = %s;" % (v.name, call))
            sc.scalars.append(v)
        else:
            self.assign_scalar(v, ctx, call, h.ret_bound, sc)
        return True

    def build_view(self, sc, count, arr, by_ptr):
        """Declares a local fz_view {count, arr, a scalar} (initialized or
        member by member); returns the argument: &it or it."""
        r = self.r
        v = self.fresh("fv")
        w = strip(self.expr(sc, 1)[0])
        # (designated initializers: ckc refuses them, issue 11 report)
        form = r.choice(("init", "init", "members"))
        if self.pending_ckpt:
            form = "init"
        if form == "init":
            self.emit("fz_view %s = { %s, %s, %s };" % (v, count, arr, w))
        elif form == "designated":
            self.emit("fz_view %s = { .w = %s, .p = %s, .n = %s };" % (
                v, w, arr, count))
        else:
            self.emit("fz_view %s;" % v)
            self.emit("%s.n = %s;" % (v, count))
            self.emit("%s.p = %s;" % (v, arr))
            self.emit("%s.w = %s;" % (v, w))
        return ("&" if by_ptr else "") + v

    # --------------------------------------------------------- statements
    def writable_scalar(self, sc, ctx):
        vs = [v for v in sc.all("scalars") if v.writable]
        return self.r.choice(vs) if vs else None

    def assign_scalar(self, v, ctx, rhs_text, rhs_bound, sc):
        """v = rhs (or a contracting form of it)."""
        self.update(v.name, ctx, (rhs_text, rhs_bound), v)

    def update(self, lhs, ctx, e, obj):
        """Writes e into lhs; in loops and helpers only in forms that keep
        values bounded however often they run."""
        r = self.r
        comp = self.feat["compound"]
        if not ctx.contract:
            forms = ["set"] * 3
            if comp:
                forms += ["add", "sub", "mul", "div"]
            k = r.choice(forms)
            if k == "set":
                self.emit("%s = %s;" % (lhs, strip(e[0])))
                b = e[1]
            elif k in ("add", "sub"):
                self.emit("%s %s= %s;" % (lhs, "+" if k == "add" else "-",
                                          strip(e[0])))
                b = obj.bound + e[1]
            elif k == "mul":
                e = self.tame(e, 2.0)
                self.emit("%s *= %s;" % (lhs, strip(e[0])))
                b = obj.bound * max(e[1], 1.0)
            else:
                self.emit("%s /= (%s + %s);" % (lhs, fmt(r.uniform(1.5, 3)),
                                                self.squash(e)[0]))
                b = obj.bound * 2
            obj.bound = b if not ctx.nested else max(obj.bound, b)
            return
        forms = ["set", "blend"]
        if comp:
            forms += ["add", "mul", "div"]
        k = r.choice(forms)
        s = self.squash(e)[0]
        if k == "set":
            c = self.const(0.5, 2.0)
            self.emit("%s = %s * %s;" % (lhs, fmt(c), s))
            obj.bound = max(obj.bound, c)
        elif k == "blend":
            a = self.const(0.1, 0.9)
            self.emit("%s = %s * %s + %s;" % (lhs, fmt(a), lhs, s))
            obj.bound = max(obj.bound, 1.0 / (1 - a))
        elif k == "add":
            c = self.const(0.05, 0.5)
            self.emit("%s %s= %s * %s;" % (lhs, r.choice("+-"), fmt(c), s))
            obj.bound = obj.bound + ctx.mult * c
        elif k == "mul":
            a = self.const(0.3, 0.8)
            self.emit("%s *= %s + %s * %s;" % (lhs, fmt(a), fmt(1 - a - 0.01),
                                               s))
        else:
            if r.random() < 0.5:
                self.emit("%s /= %s + %s;" % (lhs, fmt(r.uniform(2, 3)), s))
            else:
                e = self.tame(e, 4.0)
                self.emit("%s /= 1.0 + %s * %s;" % (lhs, e[0], e[0]))

    def final_expr(self, sc, ctx):
        """An expression that reads every variable in scope not read yet
        (so that gcc -Wall has nothing to say) and a few more."""
        terms = []
        for v in sc.all("scalars"):
            if not v.read or self.r.random() < 0.3:
                v.read = True
                terms.append(self.tame((v.name, v.bound), 50.0)[0])
        for a in sc.all("arrays"):
            if not a.read or self.r.random() < 0.2:
                e = self.elem(sc, a) if all(a.span(n) >= 1 for n in self.ns) \
                    else None
                if e is None:
                    e = "%s[0]" % a.name
                a.read = True
                terms.append(e)
        if not terms:
            terms.append(self.expr(sc, 2)[0])
        text = terms[0]
        for t in terms[1:]:
            text += " %s %s * %s" % (self.r.choice("+-"),
                                     fmt(self.const(0.1, 1.5)), t)
        return text, 100.0

    def close_scope(self, sc, ctx):
        """Before a block ends: reads of its variables nobody read, folded
        into a variable of an outer scope (or just into a condition)."""
        pending = [v for v in sc.scalars if not v.read] + \
                  [a for a in sc.arrays if not a.read]
        if not pending:
            return
        outer = [v for v in (sc.parent.all("scalars") if sc.parent else [])
                 if v.writable]
        for obj in pending:
            obj.read = True
            if isinstance(obj, Array):
                e = self.elem(sc, obj) or "%s[0]" % obj.name
            else:
                e = obj.name
            if outer and (self.r.random() < 0.8 or ctx.in_helper):
                t = self.r.choice(outer)
                self.update(t.name, ctx, (e, obj.bound), t)
            else:
                # A read that reaches no output: a useless value.
                self.emit("if (%s > %s) {" % (e, fmt(self.const(-0.5, 0.5))))
                self.emit("\tcnt++;")
                self.emit("}")
                self.uses_cnt = True

    def block(self, sc, ctx, nstmts):
        for _ in range(nstmts):
            self.stmt(sc, ctx)

    def stmt(self, sc, ctx):
        r = self.r
        kinds = ["decl"] * 3 + ["assign"] * 5
        if self.feat["arrays"] and [a for a in sc.all("arrays")
                                    if a.writable]:
            kinds += ["store"] * 3
        depth_ok = ctx.loop_depth < 3 and self.indent < 6
        if self.feat["branches"] and self.indent < 6:
            kinds += ["if"] * 2
        if self.feat["loops"] and depth_ok:
            kinds += ["for"] * 2
        if self.feat["while"] and depth_ok:
            kinds += ["while"]
        # Reverse mode refuses a return inside a checkpoint region, a
        # break or continue leaving one, and a binomial(K) loop left by
        # break or return: exits only of loops inside them.
        if self.feat["exits"] and ctx.loop_depth > max(self.exit_floor):
            kinds += ["exit"] * (3 if self.feat["goto"] else 1)
        if self.feat["exits"] and ctx.nested and not self.region:
            kinds += ["return"]
        if self.callable_helpers(ctx):
            kinds += ["call"] * 3
        if depth_ok and not ctx.in_helper and \
                self.callable_helpers(ctx.inner(12), "sub"):
            kinds += ["rows"] * 2
        if self.feat["pointers"] and not isinstance(ctx.func, Helper) and \
                not self.region:
            kinds += ["ptr"]  # (a region's save() cannot name them)
        if self.feat["arrays"] and not ctx.contract and not ctx.nested:
            kinds += ["array"]
        if self.feat["inactive"] and not ctx.in_helper and \
                not self.region and not self.in_binomial:
            kinds += ["noise"]
        if self.feat["stdio"] and not ctx.in_helper:
            kinds += ["print"]
        if self.feat["pingpong"] and not ctx.in_helper:
            kinds += ["pingpong"]
        if self.feat["ptarray"] and not ctx.in_helper:
            kinds += ["ptarray"]
        if self.feat["heappp"] and not ctx.in_helper:
            kinds += ["heappp"]
        if self.feat["openmp"] and not ctx.in_helper and \
                not self.no_pragma:
            kinds += ["par"] * 2
        # (not nested more than once: each case's statements may hold
        # more of them, and the kernel would grow with the depth's power)
        if self.feat["memcpy"] and (
                [a for a in sc.all("arrays")
                 if a.writable and not a.root().is_param] or
                (not ctx.contract and not ctx.nested and sc.all("arrays"))):
            kinds += ["memcpy"] * 2
        if self.feat["switch"] and self.indent < 6 and self.in_switch < 2:
            kinds += ["switch"]
        if self.feat["memmove"] and [
                a for a in sc.all("arrays")
                if a.writable and not a.root().is_param and a.base is None]:
            kinds += ["memmove"]
        if self.ix and not ctx.in_helper and not self.elementwise:
            kinds += ["ixstore"]
        if self.cell and not ctx.in_helper and not self.elementwise:
            kinds += ["cell"] * 2
        k = r.choice(kinds)
        region = self.feat["checkpoint"] and not ctx.in_helper and \
            not self.no_pragma and not self.ix_heap and \
            r.random() < 0.15 and k in ("assign", "store", "if", "for",
                                        "while", "call", "switch")
        if region:
            # Checkpoint regions only in the kernel: in a helper, the
            # reverse sweep could not reach the data behind its pointers.
            self.pending_ckpt = "#pragma ck_checkpoint" + self.saves(sc)
            if k == "for" and r.random() < 0.6:
                self.pending_binomial = True
            self.region += 1
            self.exit_floor.append(ctx.loop_depth)
        getattr(self, "s_" + k)(sc, ctx)
        if region:
            self.region -= 1
            self.exit_floor.pop()
        self.pending_ckpt = None
        self.pending_binomial = False

    def saves(self, sc):
        """save(...) for a checkpoint region: every array parameter and
        local pointer the function writes through, in full."""
        out = []
        for a in sc.all("arrays"):
            if not a.writable or (a.base is None and not a.is_param and
                                  not getattr(a, "heap", False) and
                                  not getattr(a, "vla", None)):
                continue
            if getattr(a, "vla", None):
                out.append("%s[0:%s]" % (a.name, a.vla))
            elif a.root().is_param:
                off = max(a.offsets) if a.base is not None else 0
                out.append("%s[0:n%s]" % (a.name, " - %d" % off if off
                                          else ""))
            else:
                out.append("%s[0:%d]" % (a.name, min(a.span(n)
                                                     for n in self.ns)))
        return " save(%s)" % ", ".join(out) if out else ""

    # ------------------------------------------------- double buffering
    def s_pingpong(self, sc, ctx):
        """Two local arrays swapped through pointers over a few steps,
        each step a smoothing of the current one into the other; a value
        of the last becomes a scalar."""
        r = self.r
        a, b = self.fresh("pa"), self.fresh("pb")
        c, nx, t = self.fresh("pc"), self.fresh("pn"), self.fresh("pt")
        e = self.tame(self.expr(sc, 2), 2.0)
        i, j, k = self.fresh("i"), self.fresh("i"), self.fresh("k")
        self.emit("double %s[%d], %s[%d];" % (a, LLEN, b, LLEN), raw=True)
        self.emit("double *%s = %s, *%s = %s, *%s;" % (c, a, nx, b, t),
                  raw=True)
        self.emit("for (int %s = 0; %s < %d; %s++)" % (i, i, LLEN, i))
        self.emit("\t%s[%s] = %s + 0.1 * %s;" % (a, i, e[0], i))
        self.emit("for (int %s = 0; %s < %d; %s++) {" % (k, k,
                                                       r.randint(1, 4), k))
        self.emit("\tfor (int %s = 0; %s < %d; %s++)" % (j, j, LLEN, j))
        self.emit("\t\t%s[%s] = 0.5 * %s[%s] + 0.25 * sin(%s[(%s + 1) %% %d]);"
                  % (nx, j, c, j, c, j, LLEN))
        self.emit("\t%s = %s;" % (t, c))
        self.pp_swap_read(sc, c, nx, t)

    def pp_swap_read(self, sc, c, nx, t):
        """The end of a double-buffering step (t holds c): the swap and
        the step loop's brace; then a value of the last buffer becomes a
        scalar."""
        r = self.r
        self.emit("\t%s = %s;" % (c, nx))
        self.emit("\t%s = %s;" % (nx, t))
        self.emit("}")
        v = Scalar(self.fresh("v"), 8.0)
        self.emit("double %s = %s[%d] * %s[%d];" % (
            v.name, c, r.randrange(LLEN), c, r.randrange(LLEN)))
        sc.scalars.append(v)

    def s_heappp(self, sc, ctx):
        """Two malloc'd (or calloc'd) buffers swapped through pointers
        over a few steps, each step a smoothing of the current one into
        the other (through p[i] or a walking pointer); a value of the
        last becomes a scalar, and both buffers are freed."""
        r = self.r
        c, nx, t = self.fresh("hc"), self.fresh("hn"), self.fresh("ht")
        e = self.tame(self.expr(sc, 2), 2.0)
        i, j, k = self.fresh("i"), self.fresh("i"), self.fresh("k")
        if r.random() < 0.5:
            alloc = "malloc(%d * sizeof(double))" % LLEN
        else:
            alloc = "calloc(%d, sizeof(double))" % LLEN
        self.emit("double *%s = %s, *%s = %s;" % (c, alloc, nx, alloc),
                  raw=True)
        self.emit("for (int %s = 0; %s < %d; %s++)" % (i, i, LLEN, i))
        self.emit("\t%s[%s] = %s + 0.1 * %s;" % (c, i, e[0], i))
        self.emit("for (int %s = 0; %s < %d; %s++) {" % (k, k,
                                                       r.randint(1, 4), k))
        if r.random() < 0.5:
            self.emit("\tfor (int %s = 0; %s < %d; %s++)" % (j, j, LLEN, j))
            self.emit("\t\t%s[%s] = 0.5 * %s[%s] + 0.25 * sin(%s[(%s + 1) "
                      "%% %d]);" % (nx, j, c, j, c, j, LLEN))
        else:
            q = self.fresh("hq")
            self.emit("\tdouble *%s = %s;" % (q, nx), raw=True)
            self.emit("\tfor (const double *%s = %s; %s < %s + %d; %s++, "
                      "%s++)" % (j, c, j, c, LLEN, j, q), raw=True)
            self.emit("\t\t*%s = 0.5 * *%s + 0.25 * sin(%s[0]);"
                      % (q, j, j))
        self.emit("\tdouble *%s = %s;" % (t, c), raw=True)
        self.pp_swap_read(sc, c, nx, t)
        self.emit("free(%s);" % c)
        self.emit("free(%s);" % nx)

    def s_ptarray(self, sc, ctx):
        """A local array of structs used only through its members: set
        from an expression, stepped a few times (an int member picks an
        element of an array member), read into a scalar."""
        r = self.r
        q = self.fresh("q")
        m = r.randint(2, 4)
        e = self.tame(self.expr(sc, 2), 2.0)
        i, j, k = self.fresh("i"), self.fresh("i"), self.fresh("k")
        self.emit("fz_pt %s[%d];" % (q, m), raw=True)
        self.emit("for (int %s = 0; %s < %d; %s++) {" % (i, i, m, i))
        self.emit("\t%s[%s].x = %s + 0.1 * %s;" % (q, i, e[0], i))
        self.emit("\t%s[%s].v = 0.0;" % (q, i))
        self.emit("\t%s[%s].k = %s %% 2;" % (q, i, i))
        self.emit("\t%s[%s].f[0] = %s[%s].f[1] = 0.5 + 0.1 * %s;" % (
            q, i, q, i, i))
        self.emit("}")
        self.emit("for (int %s = 0; %s < %d; %s++)" % (k, k, r.randint(1, 3),
                                                     k))
        self.emit("\tfor (int %s = 0; %s < %d; %s++) {" % (j, j, m, j))
        self.emit("\t\t%s[%s].v += -0.1 * sin(%s[%s].x) * %s[%s].f[%s[%s].k];"
                  % (q, j, q, j, q, j, q, j))
        self.emit("\t\t%s[%s].x += 0.1 * %s[%s].v;" % (q, j, q, j))
        self.emit("\t}")
        v = Scalar(self.fresh("v"), 8.0)
        self.emit("double %s = %s[%d].x * %s[%d].v + %s[%d].x;" % (
            v.name, q, r.randrange(m), q, r.randrange(m), q,
            r.randrange(m)))
        sc.scalars.append(v)

    # ------------------------------------ ck_inactive calls and printing
    def s_noise(self, sc, ctx):
        """double v = a * fz_noise(e): a constant of the derivative, drawn
        from active values."""
        e = self.expr(sc, 2)
        a = self.expr(sc, 2)
        v = Scalar(self.fresh("v"), a[1] * 0.75)
        self.emit("double %s = %s * fz_noise(%s);" % (v.name, a[0],
                                                       strip(e[0])))
        sc.scalars.append(v)

    def s_print(self, sc, ctx):
        """printf of active values: no derivative, printed as f prints."""
        vals = self.readable_scalars(sc)
        arrs = self.readable_arrays(sc)
        if arrs and self.r.random() < 0.4:
            a = self.r.choice(arrs)
            idx = self.index_for(sc, a)
            if idx is not None:
                self.emit('printf("fzlog %s[%%d] %%.3g\\n", %s, %s[%s]);'
                          % (a.name, idx, a.name, idx))
                a.read = True
                return
        if not vals:
            return self.s_decl(sc, ctx)
        v = self.r.choice(vals)
        v.read = True
        self.emit('printf("fzlog %s %%.3g\\n", %s);' % (v.name, v.name))

    def s_decl(self, sc, ctx):
        e = self.expr(sc, 3, calls=ctx)
        v = Scalar(self.fresh("v"), e[1])
        self.emit("double %s = %s;" % (v.name, strip(e[0])))
        sc.scalars.append(v)

    def s_assign(self, sc, ctx):
        v = self.writable_scalar(sc, ctx)
        if v is None:
            return self.s_decl(sc, ctx)
        e = self.expr(sc, 3, calls=ctx)
        self.update(v.name, ctx, e, v)

    def s_store(self, sc, ctx):
        arrs = [a for a in sc.all("arrays") if a.writable]
        a = self.r.choice(arrs)
        idx = self.index_for(sc, a)
        if idx is None:
            return self.s_assign(sc, ctx)
        e = self.expr(sc, 3, calls=ctx)
        if a.base is not None and self.chance(0.3):
            lhs = "*%s" % a.name if idx == "0" else "*(%s + %s)" % (a.name,
                                                                    idx)
        else:
            lhs = "%s[%s]" % (a.name, idx)
        self.update(lhs, ctx, e, a)

    def s_array(self, sc, ctx, size=None):
        """A local array, initialized in full (list or loop); some are
        long enough to hold a 3 x n matrix (w[i * n + j])."""
        r = self.r
        if size is None:
            size = LLEN
            if self.feat["subarrays"] and r.random() < 0.3:
                size = 2 * LLEN
        a = Array(self.fresh("w"), {n: size for n in self.ns}, True, 2.0)
        if self.chance(0.35, "malloc"):
            return self.s_malloc(sc, ctx, a, size)
        if self.has_n and self.chance(0.4, "vla"):
            # double w[n + k]: ckc makes it a malloc'd buffer
            k = r.choice((0, 2, 5))
            length = "n + %d" % k if k else "n"
            a.length = {n: n + k for n in self.ns}
            a.vla = length
            a.heap = True  # (what ckc refuses of malloc'd buffers)
            self.emit("double %s[%s];" % (a.name, length))
            self.fill_loop(sc, a.name, length, lambda n: n + k)
            a.bound = 10.0
            sc.arrays.append(a)
            return
        if r.random() < 0.5:
            vals = [self.expr(sc, 1)[0] if r.random() < 0.4 else
                    fmt(self.const()) for _ in range(size)]
            self.emit("double %s[%d] = {%s};" % (a.name, size,
                                                   ", ".join(map(strip,
                                                                 vals))))
            a.bound = 10.0
        else:
            self.emit("double %s[%d];" % (a.name, size))
            self.fill_loop(sc, a.name, str(size), lambda n: size)
            a.bound = 10.0
        sc.arrays.append(a)

    def fill_loop(self, sc, name, length, count):
        """for (int i = 0; i < length; i++) name[i] = e; count(n): the
        value of length for size n."""
        i = self.fresh("i")
        self.emit("for (int %s = 0; %s < %s; %s++) {" % (i, i, length, i))
        inner = Scope(sc)
        inner.ints.append(IntVar(i, {n: (0, count(n) - 1) for n in self.ns}))
        e = self.expr(inner, 2)
        self.emit("\t%s[%s] = %s;" % (name, i, strip(
            self.tame(e, 10.0)[0])))
        self.emit("}")

    def s_malloc(self, sc, ctx, a, size):
        """A local array from malloc or calloc, filled by a loop (calloc's
        zeros may stay), at times grown by realloc and its new part filled,
        at times checked for NULL (with a return that frees what the
        function holds so far); ret_stmt frees it before every later
        return."""
        r = self.r
        name = a.name
        held = list(self.mallocs)
        how = r.random()
        if how < 0.5:
            self.emit("double *%s = malloc(%d * sizeof(double));" % (name,
                                                                   size))
        elif how < 0.8:
            self.emit("double *%s = calloc(%d, sizeof(double));" % (name,
                                                                  size))
        else:
            self.emit("double *%s = (double *)malloc(%d * sizeof *%s);" % (
                name, size, name))
        self.mallocs.append(name)
        if r.random() < 0.3:
            self.emit("if (%s == NULL) {" % name if r.random() < 0.5 else
                      "if (!%s) {" % name)
            self.indent += 1
            for m in reversed(held):
                self.emit("free(%s);" % m)
            f = ctx.func
            self.emit("return;" if f.ret == "void" else "return 0.0;")
            self.indent -= 1
            self.emit("}")
        def fill(lo, hi):
            i = self.fresh("i")
            self.emit("for (int %s = %d; %s < %d; %s++) {" % (i, lo, i, hi,
                                                              i))
            inner = Scope(sc)
            inner.ints.append(IntVar(i, {n: (lo, hi - 1) for n in self.ns}))
            e = self.expr(inner, 2)
            self.emit("\t%s[%s] = %s;" % (name, i, strip(
                self.tame(e, 10.0)[0])))
            self.emit("}")
        if how >= 0.5 and how < 0.8 and r.random() < 0.4:
            # calloc's zeros: only part of it is filled
            fill(0, size // 2)
        else:
            fill(0, size)
        if r.random() < 0.25:
            grown = size + r.choice((2, LLEN))
            self.emit("%s = realloc(%s, %d * sizeof(double));" % (name, name,
                                                                  grown))
            fill(size, grown)
            a.length = {n: grown for n in self.ns}
            # (a pointer into it would see one of two buffers, which
            # ckc's reverse mode refuses: s_ptr leaves it out)
            a.grown = True
        a.bound = 10.0
        a.heap = True
        sc.arrays.append(a)

    def ret_stmt(self, e=None):
        """return e; (return; when e is None), after freeing the arrays the
        function holds from malloc: e is evaluated first, as it may read
        them."""
        if not self.mallocs:
            self.emit("return %s;" % e if e is not None else "return;")
            return
        if e is not None:
            t = self.fresh("rv")
            self.emit("double %s = %s;" % (t, e))
        self.free_held()
        self.emit("return %s;" % t if e is not None else "return;")

    def free_held(self):
        for m in reversed(self.mallocs):
            self.emit("free(%s);" % m)

    def s_ptr(self, sc, ctx):
        r = self.r
        if r.random() < 0.25:
            # A pointer to a scalar: writes through it change the scalar.
            vs = [v for v in sc.all("scalars") if v.writable]
            if not vs:
                return self.s_decl(sc, ctx)
            v = r.choice(vs)
            p = self.fresh("ps")
            self.emit("double *%s = &%s;" % (p, v.name))
            e = self.expr(sc, 2)
            v.read = True
            self.update("*%s" % p, ctx, e, v)
            return
        targets = [a for a in sc.all("arrays") if a.base is None
                   and not getattr(a, "grown", False)
                   and all(a.span(n) >= 3 for n in self.ns)]
        if not targets:
            return self.s_decl(sc, ctx)
        t = r.choice(targets)
        offs = sorted(r.sample(range(0, 3), r.randint(1, 2)))
        name = self.fresh("p")
        p = Array(name, t.length, t.writable, 0, base=t, offsets=set(offs))
        const = "" if t.writable else "const "
        o = r.choice(offs)
        init = t.name if o == 0 else (
            "&%s[%d]" % (t.name, o) if r.random() < 0.5
            else "%s + %d" % (t.name, o))
        t.read = True
        self.emit("%sdouble *%s = %s;" % (const, name, init))
        sc.arrays.append(p)
        self.ptr_retarget.append(p)

    def s_if(self, sc, ctx):
        self.emit("if (%s) {" % self.cond(sc))
        self.sub_block(sc, ctx.inner(), self.r.randint(1, 3))
        if self.r.random() < 0.5:
            self.emit("} else {")
            self.sub_block(sc, ctx.inner(), self.r.randint(1, 3))
        self.emit("}")

    def s_memcpy(self, sc, ctx):
        """memcpy(dst + o, src + p, count) into a local array (a pointer
        parameter could alias the source through the caller's arguments,
        and memcpy of overlapping bytes is undefined), or memset(dst + o,
        0, count); count c * sizeof(double) with c valid for every n, or
        n (or n - 1) * sizeof *dst when the arrays are that long."""
        r = self.r
        dsts = [a for a in sc.all("arrays")
                if a.writable and not a.root().is_param]
        if not dsts or (not ctx.contract and not ctx.nested and
                        r.random() < 0.5):
            # a local copy of another array, the usual use
            name = self.fresh("w")
            self.emit("double %s[%d] = {0.0};" % (name, LLEN))
            d = Array(name, {n: LLEN for n in self.ns}, True, 1.0)
            sc.arrays.append(d)
        else:
            d = r.choice(dsts)
        srcs = [a for a in sc.all("arrays") if a.root() is not d.root()]
        s = r.choice(srcs) if srcs and r.random() < 0.75 else None
        od = r.choice((0, 1))
        os_ = r.choice((0, 1))

        def room(n):
            k = d.span(n) - od
            if s is not None:
                k = min(k, s.span(n) - os_)
            return k
        least = min(room(n) for n in self.ns)
        # (gcc warns of a memset whose constant length equals the array's
        # element count: the size left out, it guesses)
        cs = [c for c in range(1, least + 1)
              if s is not None or
              all(8 * c != d.root().length[n] for n in self.ns)]
        if not cs:
            return self.s_store(sc, ctx)
        forms = ["%d * sizeof(double)" % r.choice(cs),
                 "sizeof(double) * %d" % r.choice(cs)]
        if all(room(n) >= n for n in self.ns):
            forms.append("n * sizeof *%s" % d.name)
        if all(room(n) >= n - 1 for n in self.ns):
            forms.append("(n - 1) * sizeof(double)")
        count = r.choice(forms)

        def at(a, o):
            if o == 0:
                return a.name
            return "&%s[1]" % a.name if r.random() < 0.5 else \
                "%s + 1" % a.name
        if s is None:
            self.emit("memset(%s, 0, %s);" % (at(d, od), count))
            return
        s.read = True
        self.emit("memcpy(%s, %s, %s);" % (at(d, od), at(s, os_), count))
        d.bound = max(d.bound, s.bound)

    def s_switch(self, sc, ctx):
        """switch on a sum of comparisons (0 .. m-1) or on a loop index
        modulo m; 2 to 4 groups of labels (values from -1 to m, so some
        never match and some values reach default), each case's
        statements in braces (a declaration directly in the switch's
        braces is refused), sometimes an early `if (c) break;`, sometimes
        falling through to the next case."""
        r = self.r
        m = r.randint(2, 4)
        ints = [v for v in sc.all("ints")]
        if ints and r.random() < 0.4:
            sel = "%s %% %d" % (r.choice(ints).name, m)
        else:
            # (0 + : gcc warns of a switch on one comparison's value)
            sel = "0 + " + " + ".join("(%s)" % self.cond(sc, 1)
                                      for _ in range(m - 1))
        values = list(range(-1, m + 1))
        r.shuffle(values)
        ngroups = r.randint(2, 4)
        groups = []
        for g in range(ngroups):
            take = r.randint(1, 2)
            groups.append(values[:take])
            values = values[take:]
            if not values:
                break
        dflt = r.randint(0, len(groups)) if r.random() < 0.7 else -1
        self.emit("switch (%s) {" % sel)
        self.in_switch += 1
        fell = False
        for gi, labels in enumerate(groups + [[]]):
            if not labels and gi != dflt:
                continue
            for v in labels:
                self.emit("case %d:" % v)
            if gi == dflt:
                self.emit("default:")
            self.emit("{")
            if fell:
                self.no_pragma += 1
            fall_into = fell
            # exits of enclosing loops would bind to the switch here
            self.exit_floor.append(ctx.loop_depth)
            if r.random() < 0.25:
                self.emit("\tif (%s)" % self.cond(sc, 1))
                self.emit("\t\tbreak;")
            nlabels = self.nlabels
            self.sub_block(sc, ctx.inner(), r.randint(1, 2))
            self.exit_floor.pop()
            if fall_into:
                self.no_pragma -= 1
            self.emit("}")
            fell = r.random() < 0.25
            # (gcc's -Wimplicit-fallthrough takes a goto's label in the
            # case for one the case falls through to: such a case breaks)
            if self.nlabels != nlabels:
                fell = False
            if fell:
                self.emit("/* fall through */")
            else:
                self.emit("break;")
        self.in_switch -= 1
        self.emit("}")

    def sub_block(self, sc, ctx, nstmts, ints=()):
        inner = Scope(sc)
        inner.ints += list(ints)
        self.indent += 1
        self.block(inner, ctx, nstmts)
        # A pointer declared outside may be moved to another of its offsets.
        movable = [p for p in self.ptr_retarget if p in sc.all("arrays")]
        # (ckc refuses moving a pointer in the body of a binomial loop)
        if movable and not self.in_binomial and \
                self.chance(0.2, "pointers"):
            p = self.r.choice(movable)
            o = self.r.choice(sorted(p.offsets))
            self.emit("%s = %s;" % (p.name, p.base.name if o == 0 else
                                    "%s + %d" % (p.base.name, o)))
        self.close_scope(inner, ctx)
        self.indent -= 1

    def loop_body(self, sc, ctx, nstmts, ints):
        """A loop's body (its braces are the caller's), ending with the
        label that gotos continuing it jump to; returns the loop's entry
        in self.loops."""
        ent = [ctx.loop_depth, None, None]
        self.loops.append(ent)
        self.sub_block(sc, ctx, nstmts, ints)
        self.loops.pop()
        if ent[1]:
            self.emit("\t%s:;" % ent[1], raw=True)
            self.nlabels += 1
        return ent

    def loop_end(self, ent):
        """After a loop: the label that gotos leaving it jump to."""
        if ent[2]:
            self.emit("%s:;" % ent[2], raw=True)
            self.nlabels += 1

    def s_for(self, sc, ctx):
        r = self.r
        i = self.fresh("i")
        outer = sc.all("ints")
        if ctx.in_helper:
            forms = ["const"] + (["tri"] if outer else [])
        else:
            forms = ["up", "up", "down", "const"]
            if outer:
                forms += ["tri", "from"]
        f = r.choice(forms)
        if f == "up":
            head = "int %s = 0; %s < n; %s++" % (i, i, i)
            rng, trips = {n: (0, n - 1) for n in self.ns}, max(self.ns)
        elif f == "down":
            head = "int %s = n - 1; %s >= 0; %s--" % (i, i, i)
            rng, trips = {n: (0, n - 1) for n in self.ns}, max(self.ns)
        elif f == "const":
            k = r.randint(2, 4)
            step = r.choice((1, 1, 2))
            counted = step == 1
            head = "int %s = 0; %s < %d; %s" % (
                i, i, k, "%s++" % i if step == 1 else "%s += 2" % i)
            rng, trips = {n: (0, k - 1) for n in self.ns}, k
        elif f == "tri":
            o = r.choice(outer)
            head = "int %s = 0; %s <= %s; %s++" % (i, i, o.name, i)
            rng = {n: (0, o.rng[n][1]) for n in self.ns}
            trips = max(o.rng[n][1] for n in self.ns) + 1
        else:
            o = r.choice(outer)
            head = "int %s = %s; %s < n; %s++" % (i, o.name, i, i)
            rng = {n: (min(o.rng[n][0], n - 1), n - 1) for n in self.ns}
            trips = max(self.ns)
        binomial = False
        if self.pending_binomial:
            self.pending_binomial = False
            if (f == "up" or f == "const" and counted) and \
                    self.pending_ckpt:
                binomial = True
                self.pending_ckpt = self.pending_ckpt.replace(
                    "ck_checkpoint", "ck_checkpoint binomial(%d)" %
                    r.randint(1, 3))
        self.emit("for (%s) {" % head)
        if binomial:
            # A break or continue only of a loop nested inside it.
            self.exit_floor.append(ctx.loop_depth + 1)
            self.in_binomial += 1
        ent = self.loop_body(sc, ctx.inner(trips), r.randint(1, 3),
                             [IntVar(i, rng)])
        if binomial:
            self.exit_floor.pop()
            self.in_binomial -= 1
        self.emit("}")
        self.loop_end(ent)

    def s_par(self, sc, ctx):
        """A '#pragma omp parallel for' loop whose iterations are
        independent: iteration i writes element i of a fresh local array
        and (with reduction(+)) adds into a fresh scalar; its temporaries
        are declared in the body, and it reads only what it does not
        write.  No calls: a helper may write through its pointers."""
        r = self.r
        a = Array(self.fresh("w"), {n: LLEN for n in self.ns}, True, 16.0)
        acc = Scalar(self.fresh("v"), 10.0 * max(self.ns))
        # A reduction's result is the threads' partial sums added in
        # thread order; f_b, whose forward sweep runs a loop that records
        # serially, adds in the serial order, and its result would differ
        # from f's in the last bits (README, OpenMP): reductions only
        # where the adjoint is not requested.
        red = r.random() < 0.7 and "adjoint" not in self.modes
        i = self.fresh("i")
        self.emit("double %s[%d] = {0.0};" % (a.name, LLEN), raw=True)
        if red:
            self.emit("double %s = 0.0;" % acc.name, raw=True)
        clauses = ""
        if red:
            clauses += " reduction(+:%s)" % acc.name
        clauses += r.choice(("", " schedule(static)",
                             " schedule(static, 2)"))
        self.emit("#pragma omp parallel for%s" % clauses)
        self.emit("for (int %s = 0; %s < n; %s++) {" % (i, i, i))
        inner = Scope(sc)
        inner.ints.append(IntVar(i, {n: (0, n - 1) for n in self.ns}))
        if r.random() < 0.5:
            self.elementwise = (i, inner)
        t = Scalar(self.fresh("v"), 8.0)
        self.emit("\tdouble %s = %s;" % (t.name, strip(
            self.tame(self.expr(inner, 2), 8.0)[0])))
        inner.scalars.append(t)
        e = self.tame(self.expr(inner, 2), 2.0)
        self.emit("\t%s[%s] = %s * %s;" % (a.name, i, t.name, e[0]))
        if red:
            self.emit("\t%s += %s;" % (acc.name, strip(
                self.tame(self.expr(inner, 2), 10.0)[0])))
        self.elementwise = None
        self.emit("}")
        sc.arrays.append(a)
        if red:
            sc.scalars.append(acc)

    def s_while(self, sc, ctx):
        r = self.r
        k = self.fresh("k")
        bound = r.randint(2, 5)
        if self.feat["incdec"] and r.random() < 0.5:
            return self.s_countdown(sc, ctx, k, bound)
        self.emit("int %s = 0;" % k, raw=True)
        cnt = IntVar(k, {n: (1, bound) for n in self.ns})
        data = r.random() < 0.5
        cond = "%s < %d" % (k, bound)
        if data:
            cond += " && %s" % self.cond_nocall(sc)
        if r.random() < 0.7:
            self.emit("while (%s) {" % cond)
            self.emit("\t%s++;" % k)
            ent = self.loop_body(sc, ctx.inner(bound), r.randint(1, 3),
                                 [cnt])
            self.emit("}")
        else:
            self.emit("do {")
            self.emit("\t%s++;" % k)
            ent = self.loop_body(sc, ctx.inner(bound), r.randint(1, 3),
                                 [cnt])
            self.emit("} while (%s);" % cond)
        self.loop_end(ent)

    def s_countdown(self, sc, ctx, k, bound):
        """A loop whose condition steps its counter: while (k--),
        while (k-- > 0), for (int k = bound; k-- > 0;) or
        while (++k < bound) (from -1); the body sees k from 0 to
        bound - 1, in one order or the other."""
        r = self.r
        cnt = IntVar(k, {n: (0, bound - 1) for n in self.ns})
        form = r.randrange(4)
        if form == 2:
            self.emit("for (int %s = %d; %s-- > 0;) {" % (k, bound, k))
        elif form == 3:
            self.emit("int %s = -1;" % k, raw=True)
            self.emit("while (++%s < %d) {" % (k, bound))
        else:
            self.emit("int %s = %d;" % (k, bound), raw=True)
            self.emit("while (%s) {" % ("%s--" % k if form == 0
                                        else "%s-- > 0" % k))
        ent = self.loop_body(sc, ctx.inner(bound), r.randint(1, 3), [cnt])
        self.emit("}")
        self.loop_end(ent)

    def s_memmove(self, sc, ctx):
        """memmove(w + o, w + p, count) within one local array: a shift
        left or right by 0 to 2 elements, count c * sizeof(double)."""
        r = self.r
        dsts = [a for a in sc.all("arrays")
                if a.writable and not a.root().is_param and a.base is None]
        if not dsts:
            return self.s_store(sc, ctx)
        d = r.choice(dsts)
        od, os_ = r.randrange(3), r.randrange(3)
        least = min(d.span(n) for n in self.ns) - max(od, os_)
        if least < 1:
            return self.s_store(sc, ctx)

        def at(o):
            if o == 0:
                return d.name
            return "&%s[%d]" % (d.name, o) if r.random() < 0.5 else \
                "%s + %d" % (d.name, o)
        d.read = True
        self.emit("memmove(%s, %s, %d * sizeof(double));"
                  % (at(od), at(os_), r.randint(1, least)))

    def cond_nocall(self, sc):
        e = self.expr(sc, 2)
        return "%s > %s" % (e[0], fmt(self.r.uniform(-0.5, 0.5)))

    def s_rows(self, sc, ctx):
        """A loop over the rows of data held flat (and maybe over the
        columns too), calling a "sub" helper on each: h(&w[i * 4 + j],
        ...), h(x + i, n - i)."""
        r = self.r
        if self.feat["arrays"] and not ctx.nested and r.random() < 0.5:
            self.s_array(sc, ctx, 2 * LLEN)  # a 3 x n matrix
        ints = []
        depth = r.choice((1, 2))
        trips = 1
        for _ in range(depth):
            i = self.fresh("i")
            if r.random() < 0.5 or not ints:
                k = r.randint(2, 3)
                self.emit("for (int %s = 0; %s < %d; %s++) {" % (i, i, k, i))
                ints.append(IntVar(i, {n: (0, k - 1) for n in self.ns}))
                trips *= k
            else:
                self.emit("for (int %s = 0; %s < n; %s++) {" % (i, i, i))
                ints.append(IntVar(i, {n: (0, n - 1) for n in self.ns}))
                trips *= max(self.ns)
            self.indent += 1
        inner = Scope(sc)
        inner.ints += ints
        ictx = ctx.inner(trips)
        ictx.loop_depth += depth - 1
        hs = self.callable_helpers(ictx, "sub")
        for h in r.sample(hs, len(hs)):
            if self.call_stmt(inner, ictx, h):
                break
        self.block(inner, ictx, r.randint(0, 1))
        self.close_scope(inner, ictx)
        for _ in range(depth):
            self.indent -= 1
            self.emit("}")

    def s_exit(self, sc, ctx):
        # A goto continues or leaves this loop or one around it, inside the
        # same floor (ckc refuses a goto out of a switch, as gcc binds a
        # break there to the switch).
        floor = max(self.exit_floor)
        outs = [e for e in self.loops if e[0] > floor]
        if outs and self.chance(0.5, "goto"):
            e = self.r.choice(outs)
            k = self.r.choice((1, 2))
            if not e[k]:
                e[k] = self.fresh("L")
            self.emit("if (%s) {" % self.cond(sc, 1))
            self.emit("\tgoto %s;" % e[k])
            self.emit("}")
            return
        self.emit("if (%s) {" % self.cond(sc, 1))
        self.emit("\t%s;" % self.r.choice(("break", "continue")))
        self.emit("}")

    def s_return(self, sc, ctx):
        f = ctx.func
        if f.ret == "void":
            self.emit("if (%s) {" % self.cond(sc, 1))
            self.indent += 1
            self.ret_stmt()
            self.indent -= 1
            self.emit("}")
            return
        self.emit("if (%s) {" % self.cond(sc, 1))
        e = self.expr(sc, 2)
        self.indent += 1
        self.ret_stmt(strip(e[0]))
        self.indent -= 1
        self.emit("}")

    def s_call(self, sc, ctx):
        hs = self.callable_helpers(ctx)
        for h in self.r.sample(hs, len(hs)):
            if self.call_stmt(sc, ctx, h):
                return
        self.s_assign(sc, ctx)

    # ------------------------------------------------------------ kernels
    def fusable_kernel(self):
        """A reduction loop over x0[i + c], i < n - k (feature fusable): f
        = 0; for (...) { double t = ...; [double u = ...;] f += term; }
        return f, or a multiple of it.  Its leaves are x0's elements, those
        of the inactive xc, the inactive scalar c0, constants and, now and
        then, the active scalar s0 (which keeps ckc from fusing)."""
        r = self.r
        f = Func(self.name, "double")
        k = r.choice((1, 1, 2))
        x0 = Array("x0", {n: n for n in NS}, False, 1.0, is_param=True)
        params = [("s", Scalar("s0", 1.0), "double s0"),
                  ("x", x0, "const double *x0")]
        leaves = ["x0[%s]" % ("i + %d" % c if c else "i")
                  for c in range(k + 1)]
        xcl = None
        if r.random() < 0.4:
            xc = Array("xc", {n: n for n in NS}, False, 1.0, is_param=True)
            params.append(("xc", xc, "const double *xc"))
            c = r.randint(0, k)
            xcl = "xc[i + %d]" % c if c else "xc[i]"
            leaves.append(xcl)
        if r.random() < 0.3:
            params.append(("c", Scalar("c0", 1.0, writable=True),
                           "double c0"))
            leaves.append("c0")
        r.shuffle(params)
        params.append(("n", None, "int n"))
        wrt = ["s0", "x0"]
        r.shuffle(wrt)

        def leaf(names):
            c = r.random()
            if c < 0.7:
                return r.choice(names)
            if c < 0.75:
                return "s0"
            return fmt(self.const(0.5, 2.0))

        def ex(d, names):
            if d == 0 or r.random() < 0.25:
                return leaf(names)
            a, b = ex(d - 1, names), ex(d - 1, names)
            c = r.random()
            if c < 0.25:
                return "(%s * %s)" % (a, b)
            if c < 0.42:
                return "(%s - %s)" % (a, b)
            if c < 0.56:
                return "(%s + %s)" % (a, b)
            if c < 0.64:
                return "%s / (2.0 + %s * %s)" % (a, b, b)
            if c < 0.74:
                return "-%s" % a if a[0] != "-" else a
            if c < 0.84:
                return "%s(%s)" % (r.choice(SQUASH), a)
            if c < 0.9:
                return "sqrt(1.0 + %s * %s)" % (a, a)
            return "(%s * %s)" % (a, a)

        self.out = []
        self.indent = 1
        self.emit("double f = 0.0;")
        self.emit("for (int i = 0; i < n - %d; i++) {" % k)
        self.indent += 1
        t = ex(3, leaves)
        if xcl and "xc" not in t:
            t = "%s + 0.5 * %s" % (t, xcl)
        if "x0" not in t:
            t = "x0[i] * (%s)" % t
        self.emit("double t = %s;" % t)
        names = leaves + ["t", "t"]
        term = r.choice(("t * t", "t * %s" % ex(2, names),
                         "%s * t + %s" % (ex(1, names), ex(2, names))))
        if r.random() < 0.5:
            self.emit("double u = %s;" % ex(2, names))
            term = r.choice(("%s + u" % term, "u * %s" % term))
        self.emit("f %s %s;" % (r.choice(("+=", "+=", "-=")), term))
        self.indent -= 1
        self.emit("}")
        # (every parameter is read: gcc -Wunused-parameter)
        ret = r.choice(("f", "f", "0.5 * f"))
        body = "\n".join(self.out)
        if not re.search(r"\bs0\b", body):
            ret += " + 0.25 * s0 * s0"
        if any(kd == "c" for kd, _, _ in params) and "c0" not in body:
            ret = "c0 * (%s)" % ret
        self.emit("return %s;" % ret)
        f.params = params
        f.lines = self.out
        f.wrt, f.outs = wrt, []
        return f

    def kernel(self):
        r = self.r
        if self.chance(0.5, "fusable"):
            return self.fusable_kernel()
        self.ptr_retarget = []
        self.uses_cnt = False
        if self.feat["helpers"]:
            shapes = ["scalar", "scalar", "array", "reduce", "sptr"]
            if self.feat["subarrays"]:
                shapes += ["sub", "sub"]
            if self.feat["extern"]:
                shapes += ["ext_scalar", "ext_reduce"]
            nh = r.choice((0, 1, 2, 2, 3))
            chain = r.randint(3, 5) if self.chance(0.35, "chains") else 0
            before = r.randint(0, nh)
            for _ in range(before):
                self.gen_helper(r.choice(shapes))
            # A call chain: each link calls the one before it, the kernel
            # the last, 4 to 6 functions deep.
            prev = None
            for _ in range(chain):
                prev = self.gen_sub_helper(prev)
            for _ in range(nh - before):
                self.gen_helper(r.choice(shapes))
        f = Func(self.name, "double")
        params, wrt, out = [], [], []
        nsc = r.randint(1, 3)
        for i in range(nsc):
            params.append(("s", Scalar("s%d" % i, 1.0), "double s%d" % i))
            wrt.append("s%d" % i)
        if r.random() < 0.3:
            params.append(("c", Scalar("c0", 1.0, writable=True),
                           "double c0"))
        if self.feat["arrays"]:
            for i in range(r.choice((0, 1, 1, 2))):
                a = Array("x%d" % i, {n: n for n in NS}, False, 1.0,
                          is_param=True)
                params.append(("x", a, "const double *x%d" % i))
                wrt.append(a.name)
            if r.random() < 0.2:
                a = Array("xc", {n: n for n in NS}, False, 1.0,
                          is_param=True)
                params.append(("xc", a, "const double *xc"))
        if self.feat["outputs"] and self.feat["arrays"]:
            if r.random() < 0.35:
                a = Array("y", {n: n for n in NS}, True, 1.0, is_param=True)
                params.append(("y", a, "double *y"))
                out.append("y")
            if r.random() < 0.25:
                a = Array("z", {n: n for n in NS}, True, 1.0, is_param=True)
                params.append(("z", a, "double *z"))
                out.append("z")
                wrt.append("z")
            if out and r.random() < 0.3:
                f.ret = "void"
        r.shuffle(params)
        params.append(("n", None, "int n"))
        if r.random() < 0.2:
            params.insert(0, params.pop())
        r.shuffle(wrt)
        f.params = params
        sc = Scope()
        for kind, obj, _ in params:
            if kind in ("s", "c"):
                sc.scalars.append(obj)
            elif obj is not None:
                sc.arrays.append(obj)
        ctx = Ctx(f)
        self.out = []
        self.mallocs = []  # names of the malloc'd arrays held
        self.indent = 1
        self.emit("int cnt = 0;")
        cnt_at = len(self.out) - 1
        self.ix = self.chance(0.7, "idxarr")
        self.ix_heap = self.ix and self.chance(0.5, "idxheap")
        if self.ix_heap:
            # (ret_stmt frees it before every return)
            self.emit("int *ix = %s;" % r.choice((
                "malloc(%d * sizeof *ix)" % IXLEN,
                "calloc(%d, sizeof(int))" % IXLEN)))
            self.mallocs.append("ix")
        elif self.ix:
            self.emit("int ix[%d];" % IXLEN)
        self.cell = self.chance(0.7, "intcell")
        if self.cell:
            self.emit("int cur = %d;" % r.randrange(IXLEN))
            self.cell_ptr = self.chance(0.6)
            if self.cell_ptr:
                self.emit("int *pcur = &cur;")
        if self.ix:
            self.emit("for (int q = 0; q < %d; q++)" % IXLEN)
            self.emit("\tix[q] = (q * %d + %d) %% %d;" % (
                r.choice((1, 3, 5, 7)), r.randrange(IXLEN), IXLEN))
        self.block(sc, ctx, r.randint(3, 8))
        # Every helper is called (gcc -Wunused-function).
        called = set(f.calls)
        for h in self.helpers:
            called |= h.calls
        for h in self.helpers:
            if h.name not in called:
                for _ in range(6):
                    if self.call_stmt(sc, ctx, h):
                        break
                    # The kernel has no fitting argument: give it one.
                    self.s_array(sc, ctx)
        # cur read nowhere, pcur used nowhere: they count (gcc
        # -Wunused-variable).
        if self.cell and not any("cur % n" in line for line in self.out):
            self.uses_cnt = True
            self.emit("cnt += cur;")
        if self.cell_ptr and sum("pcur" in line for line in self.out) < 2:
            self.uses_cnt = True
            self.emit("cnt += *pcur;")
        # The int table read as an index nowhere: its values count
        # (gcc -Wunused-but-set-variable).
        if self.ix and not any("% n]" in line and "ix[" in line
                               for line in self.out):
            self.uses_cnt = True
            self.emit("cnt += ix[%d];" % r.randrange(IXLEN))
        # (not a member .n or ->n: fv2.n = 3 does not read n)
        if not any(re.search(r"(?<![.>])\bn\b",
                             re.sub(r'"[^"]*"', '""', line))
                   for line in self.out
                   if not line.lstrip().startswith("#pragma")):
            self.uses_cnt = True  # cnt reads n (gcc -Wunused-parameter)
            self.emit("cnt += n;")
        if f.ret == "double":
            fe = self.final_expr(sc, ctx)
            if self.uses_cnt:
                self.ret_stmt("%s + 0.01 * cnt" % fe[0])
            else:
                self.ret_stmt(fe[0])
        else:
            outs = [o for k, o, _ in params if k in ("y", "z")]
            fe = self.final_expr(sc, ctx)
            tgt = r.choice(outs)
            t = "%s[%s]" % (tgt.name, self.index_for(sc, tgt) or "0")
            if self.uses_cnt:
                self.emit("%s += %s + 0.01 * cnt;" % (t, fe[0]))
            else:
                self.emit("%s += %s;" % (t, fe[0]))
            self.free_held()
        if not self.uses_cnt:
            del self.out[cnt_at]
        self.ix = self.ix_heap = False
        f.lines = self.out
        f.wrt, f.outs = wrt, out
        return f

    # ------------------------------------------------------------- output
    def pragmas(self, f):
        clause = "wrt(%s)" % ", ".join(f.wrt)
        if f.outs:
            clause += " out(%s)" % ", ".join(f.outs)
        names = {"tangent": "ck_tangent", "adjoint": "ck_adjoint",
                 "hvp": "ck_hvp"}
        out = ["#pragma %s %s" % (names[m], clause) for m in self.modes
               if m in names]
        # Mode vector: f_dv (and f_b_dv) stacked on f_d (and f_b_d), the
        # same wrt and out.
        if self.vector:
            out += ["#pragma %s %s vector" % (names[m], clause)
                    for m in ("tangent", "hvp") if m in self.modes]
        return out

    def source(self):
        """The kernel's C text: helpers, pragmas, definition."""
        f = self.kernel()
        lines = []
        # A static helper the kernel cannot reach (kernel() found no
        # argument that fits it) is left out: gcc -Wunused-function.
        # (Reached: named in the kernel's text or a reached helper's.)
        reach, todo = set(), ["\n".join(f.lines)]
        while todo:
            text = todo.pop()
            for h in self.helpers:
                if h.name not in reach and \
                        re.search(r"\b%s\b" % re.escape(h.name), text):
                    reach.add(h.name)
                    todo.append("\n".join(h.lines))
        for h in self.helpers:
            if h.name not in reach and h.lines and \
                    h.lines[0].startswith("static "):
                continue
            lines += h.lines + [""]
        # Mode vector: ckc refuses f_dv / f_b_dv for functions that call
        # one with a ck_derivative (an external function, feature extern)
        # or hold OpenMP loops (DESIGN section 2, vector mode); such
        # kernels get no vector request and no vector check.
        reached = [h for h in self.helpers if h.name in reach]
        self.vector = "vector" in self.modes and not any(
            getattr(h, "ext_lines", None) for h in reached) and not any(
            "#pragma omp" in line for h in reached + [f]
            for line in h.lines)
        lines += self.pragmas(f)
        lines.append("%s %s(%s)" % (f.ret, f.name,
                                    ", ".join(p[2] for p in f.params)))
        lines.append("{")
        lines += f.lines
        lines.append("}")
        self.func = f
        return "\n".join(lines) + "\n"

    def driver(self):
        """Driver code (under CK_TEST_MAIN) describing the kernel to
        fuzzcheck.h; returns (code, table entry).  The callbacks' vectors
        are in, in_d, in_b (active inputs) and out, out_d, out_b (outputs);
        the kernel's arrays keep their names."""
        f, r = self.func, self.r
        n = r.choice(DRIVER_N)
        pfx = f.name
        uoff, yoff = {}, {}  # offsets in the input and output vectors
        nin = nout = 0
        out_names = []
        if f.ret == "double":
            out_names.append("the result")
            nout = 1
        for kind, obj, _ in f.params:
            if kind == "s":
                uoff[obj.name] = nin
                nin += 1
            elif kind in ("x", "z"):
                uoff[obj.name] = nin
                nin += n
        for kind, obj, _ in f.params:
            if kind in ("y", "z"):
                yoff[obj.name] = nout
                nout += n
                out_names += ["%s[%d]" % (obj.name, i) for i in range(n)]
        arrays = [(k, o) for k, o, _ in f.params if k in ("x", "xc", "y",
                                                         "z")]
        L = ["/* %s: n = %d; inputs %s */" % (pfx, n, ", ".join(
            "%s at %d" % kv for kv in uoff.items()))]
        cval = fmt(self.const(-1, 1))
        for kind, obj in arrays:
            if kind in ("xc", "y"):
                vals = ", ".join(fmt(self.const(-1, 1)) for _ in range(n))
                L.append("static const double %s_%s_init[%d] = {%s};" % (
                    pfx, obj.name, n, vals))

        def begin(signature, shadow):
            """Declares the kernel's arrays (and their shadows) and fills
            them from in (and in_d / out_b / a start value)."""
            L.append("static void %s_%s" % (pfx, signature))
            L.append("{")
            for kind, obj in arrays:
                L.append("\tdouble %s[%d];" % (obj.name, n))
                if shadow and kind != "xc":
                    L.append("\tdouble %s_%s[%d];" % (obj.name, shadow, n))
            if arrays:
                L.append("\tint i;")
            if shadow == "b":
                for kind, obj, _ in f.params:
                    if kind == "s":
                        L.append("\tdouble %s_b = 0.5;" % obj.name)
            if f.ret == "double" and shadow == "d":
                L.append("\tdouble ret_d = NAN;")
            if not arrays:
                return
            L.append("\tfor (i = 0; i < %d; i++) {" % n)
            for kind, obj in arrays:
                if kind in ("x", "z"):
                    L.append("\t\t%s[i] = in[%d + i];" % (obj.name,
                                                          uoff[obj.name]))
                else:
                    L.append("\t\t%s[i] = %s_%s_init[i];" % (obj.name, pfx,
                                                             obj.name))
                if shadow == "d" and kind in ("x", "z"):
                    L.append("\t\t%s_d[i] = in_d[%d + i];" % (
                        obj.name, uoff[obj.name]))
                elif shadow == "d" and kind == "y":
                    L.append("\t\t%s_d[i] = 0.0;" % obj.name)
                elif shadow == "b" and kind == "x":
                    L.append("\t\t%s_b[i] = 0.5;" % obj.name)
                elif shadow == "b" and kind in ("y", "z"):
                    L.append("\t\t%s_b[i] = out_b[%d + i];" % (
                        obj.name, yoff[obj.name]))
            L.append("\t}")

        def args(shadow):
            out = []
            for kind, obj, _ in f.params:
                if kind == "s":
                    out.append("in[%d]" % uoff[obj.name])
                    if shadow == "d":
                        out.append("in_d[%d]" % uoff[obj.name])
                    elif shadow == "b":
                        out.append("&%s_b" % obj.name)
                elif kind == "c":
                    out.append(cval)
                elif kind == "n":
                    out.append(str(n))
                else:
                    out.append(obj.name)
                    if shadow and kind != "xc":
                        out.append("%s_%s" % (obj.name, shadow))
            return ", ".join(out)

        def collect(lines):
            if lines:
                L.append("\tfor (i = 0; i < %d; i++) {" % n)
                L.extend(lines)
                L.append("\t}")

        # f itself
        begin("eval(const double *in, double *out)", None)
        call = "%s(%s)" % (f.name, args(None))
        L.append("\t%s;" % ("out[0] = " + call if f.ret == "double"
                            else call))
        collect(["\t\tout[%d + i] = %s[i];" % (yoff[o.name], o.name)
                 for k, o in arrays if k in ("y", "z")])
        L.append("\t(void)in;")
        L.append("}")
        # f_d
        begin("tangent(const double *in, const double *in_d, double *out, "
              "double *out_d)", "d")
        if f.ret == "double":
            L.append("\tout[0] = %s_d(%s, &ret_d);" % (f.name, args("d")))
            L.append("\tout_d[0] = ret_d;")
        else:
            L.append("\t%s_d(%s);" % (f.name, args("d")))
        collect(["\t\tout[%d + i] = %s[i];\n\t\tout_d[%d + i] = %s_d[i];" %
                 (yoff[o.name], o.name, yoff[o.name], o.name)
                 for k, o in arrays if k in ("y", "z")])
        L.append("\t(void)in;")
        L.append("\t(void)in_d;")
        L.append("\t(void)out_d;")
        L.append("}")
        adjoint = "NULL"
        if "adjoint" in self.modes:
            # f_b (DESIGN section 2): scalar adjoints by pointer; adjoints
            # accumulate (x_b += ...), so they start at 0.5 to check that;
            # an in/out array's adjoint holds the output seed on entry and
            # the input's adjoint on return; ret_b comes last.
            adjoint = "%s_adjoint" % pfx
            begin("adjoint(const double *in, const double *out_b, "
                  "double *out, double *in_b)", "b")
            if f.ret == "double":
                L.append("\tout[0] = %s_b(%s, out_b[0]);" % (f.name,
                                                           args("b")))
            else:
                L.append("\t%s_b(%s);" % (f.name, args("b")))
            for kind, obj, _ in f.params:
                if kind == "s":
                    L.append("\tin_b[%d] = %s_b - 0.5;" % (uoff[obj.name],
                                                          obj.name))
            collect(["\t\tin_b[%d + i] = %s_b[i]%s;" % (
                uoff[o.name], o.name, " - 0.5" if k == "x" else "")
                for k, o in arrays if k in ("x", "z")])
            L.append("\t(void)in;")
            L.append("\t(void)out;")
            L.append("\t(void)out_b;")
            L.append("\t(void)in_b;")
            L.append("}")
        hvp = "NULL"
        if "hvp" in self.modes and not [1 for k, _ in arrays
                                         if k in ("y", "z")]:
            # f_b_d (DESIGN section 2): each active p followed by p_d,
            # p_b, p_bd (scalars: p_d by value, p_b and p_bd by pointer);
            # x_bd += ret_b * H (x_d, s_d) + ret_bd * grad, accumulating
            # like x_b (started at 0.25 here); ret_b, ret_bd last.  Only
            # kernels without out() arrays are checked.
            hvp = "%s_hvp" % pfx
            L.append("static void %s_hvp(const double *in, const double "
                     "*in_d, const double *out_b, const double *out_bd, "
                     "double *out, double *in_b, double *in_bd)" % pfx)
            L.append("{")
            for kind, obj in arrays:
                L.append("\tdouble %s[%d];" % (obj.name, n))
                if kind == "x":
                    for sh in ("d", "b", "bd"):
                        L.append("\tdouble %s_%s[%d];" % (obj.name, sh, n))
            if arrays:
                L.append("\tint i;")
            hargs = []
            for kind, obj, _ in f.params:
                if kind == "s":
                    L.append("\tdouble %s_b = 0.5, %s_bd = 0.25;" % (
                        obj.name, obj.name))
                    hargs += ["in[%d]" % uoff[obj.name],
                              "in_d[%d]" % uoff[obj.name],
                              "&%s_b" % obj.name, "&%s_bd" % obj.name]
                elif kind == "c":
                    hargs.append(cval)
                elif kind == "n":
                    hargs.append(str(n))
                elif kind == "x":
                    hargs += [obj.name] + ["%s_%s" % (obj.name, sh)
                                           for sh in ("d", "b", "bd")]
                else:
                    hargs.append(obj.name)
            if arrays:
                L.append("\tfor (i = 0; i < %d; i++) {" % n)
                for kind, obj in arrays:
                    if kind == "x":
                        o = uoff[obj.name]
                        L.append("\t\t%s[i] = in[%d + i];" % (obj.name, o))
                        L.append("\t\t%s_d[i] = in_d[%d + i];" % (obj.name,
                                                                  o))
                        L.append("\t\t%s_b[i] = 0.5;" % obj.name)
                        L.append("\t\t%s_bd[i] = 0.25;" % obj.name)
                    else:
                        L.append("\t\t%s[i] = %s_%s_init[i];" % (
                            obj.name, pfx, obj.name))
                L.append("\t}")
            L.append("\tout[0] = %s_b_d(%s, out_b[0], out_bd[0]);" % (
                f.name, ", ".join(hargs)))
            for kind, obj, _ in f.params:
                if kind == "s":
                    L.append("\tin_b[%d] = %s_b - 0.5;" % (uoff[obj.name],
                                                          obj.name))
                    L.append("\tin_bd[%d] = %s_bd - 0.25;" % (
                        uoff[obj.name], obj.name))
            collect(["\t\tin_b[%d + i] = %s_b[i] - 0.5;\n"
                     "\t\tin_bd[%d + i] = %s_bd[i] - 0.25;" % (
                         uoff[o.name], o.name, uoff[o.name], o.name)
                     for k, o in arrays if k == "x"])
            L.append("\t(void)in;")
            L.append("\t(void)in_d;")
            L.append("}")
        self.ventry = None
        if self.vector:
            self.ventry = self.vector_driver(L, n, uoff, yoff, arrays, cval,
                                             hvp != "NULL")
        L.append("static const char *const %s_outs[] = {%s};" % (
            pfx, ", ".join('"%s"' % s for s in out_names)))
        entry = ('{"%s", %du, %d, %d, %d, %s_outs, %s_eval, %s_tangent, %s, '
                 '%s}' % (f.name, ((self.seed or 0) * 1000003 + self.index)
                          & 0x7fffffff, nin, nout, f.ret == "double", pfx,
                          pfx, pfx, adjoint, hvp))
        return "\n".join(L) + "\n", entry


    def vector_driver(self, L, n, uoff, yoff, arrays, cval, hvp):
        """Mode vector: the callbacks of VECTOR_CHECK (fz_vkernel) for the
        kernel, appended to L; returns the kernel's fz_vkernel entry.
        PFX_tanv calls f_dv with nd directions (vec 1) or f_d with one
        (vec 0, nd 1: then the element-major layout is f_d's), PFX_hvpv
        f_b_dv or f_b_d alike; their vectors are fuzzcheck.h's, with
        every tangent nd values per element (in_dv[i * nd + k]).  The
        adjoints and their tangents accumulate from in_b / in_bdv's
        values on entry, which the check chooses at random."""
        f, pfx = self.func, self.func.name
        vn = n * max(VECTOR_NDS)

        def call_args(vec, shadows):
            out = []
            for kind, obj, _ in f.params:
                if kind == "s":
                    o = uoff[obj.name]
                    out.append("in[%d]" % o)
                    out.append("in_dv + %d * nd" % o if vec else
                               "in_dv[%d]" % o)
                    if shadows == "b":
                        out += ["&%s_b" % obj.name, "%s_bdv" % obj.name]
                elif kind == "c":
                    out.append(cval)
                elif kind == "n":
                    out.append(str(n))
                else:
                    out.append(obj.name)
                    if kind != "xc":
                        out.append("%s_dv" % obj.name)
                        if shadows == "b":
                            out += ["%s_b" % obj.name, "%s_bdv" % obj.name]
            return ", ".join(out)

        # f_dv / f_d
        L.append("static void %s_tanv(const double *in, const double "
                 "*in_dv, int nd, int vec, double *out, double *out_dv)" %
                 pfx)
        L.append("{")
        for kind, obj in arrays:
            L.append("\tdouble %s[%d];" % (obj.name, n))
            if kind != "xc":
                L.append("\tdouble %s_dv[%d];" % (obj.name, vn))
        if f.ret == "double":
            L.append("\tdouble ret_dv[FZ_VND];")
        if arrays:
            L.append("\tint i;")
        L.append("\tint k;")
        L.append("")
        if arrays:
            L.append("\tfor (i = 0; i < %d; i++) {" % n)
            for kind, obj in arrays:
                if kind in ("x", "z"):
                    o = uoff[obj.name]
                    L.append("\t\t%s[i] = in[%d + i];" % (obj.name, o))
                    L.append("\t\tfor (k = 0; k < nd; k++)")
                    L.append("\t\t\t%s_dv[i * nd + k] = "
                             "in_dv[(%d + i) * nd + k];" % (obj.name, o))
                else:
                    L.append("\t\t%s[i] = %s_%s_init[i];" % (
                        obj.name, pfx, obj.name))
                    if kind == "y":
                        L.append("\t\tfor (k = 0; k < nd; k++)")
                        L.append("\t\t\t%s_dv[i * nd + k] = 0.0;" %
                                 obj.name)
            L.append("\t}")
        vcall = "%s_dv(%s, nd%s)" % (f.name, call_args(True, "d"),
                                     ", ret_dv" if f.ret == "double" else "")
        scall = "%s_d(%s%s)" % (f.name, call_args(False, "d"),
                                ", ret_dv" if f.ret == "double" else "")
        if f.ret == "double":
            L.append("\tout[0] = vec ? %s\n\t\t: %s;" % (vcall, scall))
            L.append("\tfor (k = 0; k < nd; k++)")
            L.append("\t\tout_dv[k] = ret_dv[k];")
        else:
            L.append("\tif (vec)\n\t\t%s;\n\telse\n\t\t%s;" % (vcall,
                                                                  scall))
        outs = [(k, o) for k, o in arrays if k in ("y", "z")]
        if outs:
            L.append("\tfor (i = 0; i < %d; i++) {" % n)
            for _, o in outs:
                yo = yoff[o.name]
                L.append("\t\tout[%d + i] = %s[i];" % (yo, o.name))
                L.append("\t\tfor (k = 0; k < nd; k++)")
                L.append("\t\t\tout_dv[(%d + i) * nd + k] = "
                         "%s_dv[i * nd + k];" % (yo, o.name))
            L.append("\t}")
        L.append("\t(void)in_dv;")
        L.append("}")
        if not hvp:
            return "{%s_tanv, NULL}" % pfx
        # f_b_dv / f_b_d, for kernels without out() arrays (as fz_hvp)
        L.append("static void %s_hvpv(const double *in, const double "
                 "*in_dv, const double *out_b, const double *out_bdv, int "
                 "nd, int vec, double *out, double *in_b, double *in_bdv)" %
                 pfx)
        L.append("{")
        for kind, obj in arrays:
            L.append("\tdouble %s[%d];" % (obj.name, n))
            if kind == "x":
                L.append("\tdouble %s_dv[%d], %s_b[%d], %s_bdv[%d];" % (
                    obj.name, vn, obj.name, n, obj.name, vn))
        for kind, obj, _ in f.params:
            if kind == "s":
                L.append("\tdouble %s_b = in_b[%d], %s_bdv[FZ_VND];" % (
                    obj.name, uoff[obj.name], obj.name))
        if arrays:
            L.append("\tint i;")
        L.append("\tint k;")
        L.append("")
        L.append("\tfor (k = 0; k < nd; k++) {")
        for kind, obj, _ in f.params:
            if kind == "s":
                L.append("\t\t%s_bdv[k] = in_bdv[%d * nd + k];" % (
                    obj.name, uoff[obj.name]))
        L.append("\t}")
        if arrays:
            L.append("\tfor (i = 0; i < %d; i++) {" % n)
            for kind, obj in arrays:
                if kind == "x":
                    o = uoff[obj.name]
                    L.append("\t\t%s[i] = in[%d + i];" % (obj.name, o))
                    L.append("\t\t%s_b[i] = in_b[%d + i];" % (obj.name, o))
                    L.append("\t\tfor (k = 0; k < nd; k++) {")
                    L.append("\t\t\t%s_dv[i * nd + k] = "
                             "in_dv[(%d + i) * nd + k];" % (obj.name, o))
                    L.append("\t\t\t%s_bdv[i * nd + k] = "
                             "in_bdv[(%d + i) * nd + k];" % (obj.name, o))
                    L.append("\t\t}")
                else:
                    L.append("\t\t%s[i] = %s_%s_init[i];" % (
                        obj.name, pfx, obj.name))
            L.append("\t}")
        L.append("\tout[0] = vec ? %s_b_dv(%s, nd, out_b[0], out_bdv)\n"
                 "\t\t: %s_b_d(%s, out_b[0], out_bdv[0]);" % (
                     f.name, call_args(True, "b"), f.name,
                     call_args(False, "b")))
        L.append("\tfor (k = 0; k < nd; k++) {")
        for kind, obj, _ in f.params:
            if kind == "s":
                L.append("\t\tin_bdv[%d * nd + k] = %s_bdv[k];" % (
                    uoff[obj.name], obj.name))
        L.append("\t}")
        for kind, obj, _ in f.params:
            if kind == "s":
                L.append("\tin_b[%d] = %s_b;" % (uoff[obj.name], obj.name))
        xs = [o for k, o in arrays if k == "x"]
        if xs:
            L.append("\tfor (i = 0; i < %d; i++) {" % n)
            for o in xs:
                L.append("\t\tin_b[%d + i] = %s_b[i];" % (uoff[o.name],
                                                           o.name))
                L.append("\t\tfor (k = 0; k < nd; k++)")
                L.append("\t\t\tin_bdv[(%d + i) * nd + k] = "
                         "%s_bdv[i * nd + k];" % (uoff[o.name], o.name))
            L.append("\t}")
        L.append("\t(void)in_dv;")
        L.append("}")
        return "{%s_tanv, %s_hvpv}" % (pfx, pfx)


def strip(text):
    """text without one pair of redundant outer parentheses."""
    if text.startswith("(") and text.endswith(")"):
        depth = 0
        for i, ch in enumerate(text):
            depth += ch == "("
            depth -= ch == ")"
            if depth == 0 and i < len(text) - 1:
                return text
        return text[1:-1]
    return text


def generate(seed, index, modes=("tangent",), features=None):
    """(kernel source, driver code, table entry, kernel name, fz_vkernel
    table entry or None: mode vector, and the kernel has vector requests)."""
    g = Gen(seed, index, modes, features)
    src = g.source()
    drv, entry = g.driver()
    ext = [line for h in g.helpers for line in getattr(h, "ext_lines", ())]
    if ext:
        drv = "\n".join(ext) + "\n\n" + drv
    return src, drv, entry, g.name, g.ventry


# Mode vector: the check of f_dv and f_b_dv, in the driver's part of the
# kernel file (after fuzzcheck.h, whose fz_kernel, fz_rand and fz_check it
# uses).  For each nd of VECTOR_NDS, at two random points with nd random
# directions (and, for f_b_dv, a random ret_b and nd random ret_bdv, and
# random start values of the adjoints and their tangents, which
# accumulate): every direction k of f_dv must be bitwise f_d's along
# direction k, the primal results bitwise f_d's, and f_b_dv's x_b,
# x_bdv[., k] and result bitwise those of f_b_d along direction k with
# ret_bd = ret_bdv[k] (DESIGN section 2, vector mode).  Two NaNs count as
# equal; 0.0 and -0.0 do not.  A kernel failing it prints its FAIL line
# and is not checked further; the others go on to fz_check.
VECTOR_CHECK = r"""#define FZ_VND @VND@ /* the most directions */

typedef struct fz_vkernel {
	/* f_dv (vec 1, nd directions) or f_d (vec 0, nd 1): y its primal
	 * outputs, ydv[j * nd + k] direction k of output j, from
	 * udv[i * nd + k] */
	void (*tangent)(const double *u, const double *udv, int nd, int vec,
			double *y, double *ydv);
	/* f_b_dv or f_b_d: y[0] its result, ub += J^T yb and
	 * ubdv[i * nd + k] += (H udv[., k]) yb + J^T ybdv[k] (NULL when the
	 * kernel has no f_b_dv) */
	void (*hvp)(const double *u, const double *udv, const double *yb,
		    const double *ybdv, int nd, int vec, double *y, double *ub,
		    double *ubdv);
} fz_vkernel;

static inline int fz_vsame(double a, double b)
{
	return memcmp(&a, &b, sizeof a) == 0 || (isnan(a) && isnan(b));
}

/* Returns 0 unless f_dv or f_b_dv differs from f_d or f_b_d (printed). */
static inline int fz_vcheck(const fz_kernel *k, const fz_vkernel *v)
{
	static const int nds[] = {@NDS@};
	static double u[FZ_MAXV], udv[FZ_MAXV * FZ_VND], ud[FZ_MAXV];
	static double y[FZ_MAXV], ydv[FZ_MAXV * FZ_VND];
	static double y1[FZ_MAXV], yd1[FZ_MAXV];
	static double ybdv[FZ_VND], ub0[FZ_MAXV], ubdv0[FZ_MAXV * FZ_VND];
	static double ub[FZ_MAXV], ubdv[FZ_MAXV * FZ_VND];
	static double ub1[FZ_MAXV], ubd1[FZ_MAXV];
	unsigned long long rs = 0x6a09e667f3bcc908ULL ^ k->seed;
	double yb[1];
	int t, p, i, j, c, nd;

	for (t = 0; t < (int)(sizeof nds / sizeof nds[0]); t++) {
		for (p = 0; p < 2; p++) {
			nd = nds[t];
			for (i = 0; i < k->nin; i++) {
				u[i] = fz_rand(&rs);
				for (c = 0; c < nd; c++)
					udv[i * nd + c] = fz_rand(&rs);
			}
			for (j = 0; j < k->nout; j++) {
				y[j] = NAN;
				for (c = 0; c < nd; c++)
					ydv[j * nd + c] = NAN;
			}
			v->tangent(u, udv, nd, 1, y, ydv);
			for (c = 0; c < nd; c++) {
				for (i = 0; i < k->nin; i++)
					ud[i] = udv[i * nd + c];
				for (j = 0; j < k->nout; j++)
					y1[j] = yd1[j] = NAN;
				v->tangent(u, ud, 1, 0, y1, yd1);
				for (j = 0; j < k->nout; j++) {
					if (!fz_vsame(y[j], y1[j])) {
						printf("%s: FAIL: vector: primal %s "
						       "of f_dv (nd %d) differs "
						       "from f_d's: got %a want "
						       "%a\n",
						       k->name, k->out_names[j],
						       nd, y[j], y1[j]);
						return 1;
					}
					if (!fz_vsame(ydv[j * nd + c],
						      yd1[j])) {
						printf("%s: FAIL: vector: "
						       "direction %d of f_dv "
						       "(nd %d) differs from "
						       "f_d's: tangent of %s: "
						       "got %a want %a\n",
						       k->name, c, nd,
						       k->out_names[j],
						       ydv[j * nd + c], yd1[j]);
						return 1;
					}
				}
			}
			if (!v->hvp)
				continue;
			yb[0] = fz_rand(&rs);
			for (c = 0; c < nd; c++)
				ybdv[c] = fz_rand(&rs);
			for (i = 0; i < k->nin; i++) {
				ub[i] = ub0[i] = fz_rand(&rs);
				for (c = 0; c < nd; c++)
					ubdv[i * nd + c] = ubdv0[i * nd + c] =
						fz_rand(&rs);
			}
			y[0] = NAN;
			v->hvp(u, udv, yb, ybdv, nd, 1, y, ub, ubdv);
			for (c = 0; c < nd; c++) {
				for (i = 0; i < k->nin; i++) {
					ud[i] = udv[i * nd + c];
					ub1[i] = ub0[i];
					ubd1[i] = ubdv0[i * nd + c];
				}
				y1[0] = NAN;
				v->hvp(u, ud, yb, &ybdv[c], 1, 0, y1, ub1, ubd1);
				if (k->has_ret && !fz_vsame(y[0], y1[0])) {
					printf("%s: FAIL: vector: result of "
					       "f_b_dv (nd %d) differs from "
					       "f_b_d's: got %a want %a\n",
					       k->name, nd, y[0], y1[0]);
					return 1;
				}
				for (i = 0; i < k->nin; i++) {
					if (!fz_vsame(ub[i], ub1[i])) {
						printf("%s: FAIL: vector: the "
						       "adjoint of input %d of "
						       "f_b_dv (nd %d) differs "
						       "from f_b_d's: got %a "
						       "want %a\n",
						       k->name, i, nd, ub[i],
						       ub1[i]);
						return 1;
					}
					if (!fz_vsame(ubdv[i * nd + c],
						      ubd1[i])) {
						printf("%s: FAIL: vector: "
						       "direction %d of f_b_dv "
						       "(nd %d) differs from "
						       "f_b_d's: input %d: got "
						       "%a want %a\n",
						       k->name, c, nd, i,
						       ubdv[i * nd + c],
						       ubd1[i]);
						return 1;
					}
				}
			}
		}
	}
	return 0;
}

/* fz_main with the vector check first. */
static inline int fz_vmain(const fz_kernel *ks, const fz_vkernel *vs, int n,
			   int argc, char **argv)
{
	int i, a, failed = 0;

	for (i = 0; i < n; i++) {
		int run = argc < 2;
		for (a = 1; a < argc; a++)
			run |= strcmp(argv[a], ks[i].name) == 0;
		if (!run)
			continue;
		if (vs[i].tangent && fz_vcheck(&ks[i], &vs[i]))
			failed = 1;
		else
			failed |= fz_check(&ks[i]);
		fflush(stdout);
	}
	return failed;
}
"""
VECTOR_CHECK = VECTOR_CHECK.replace("@NDS@", ", ".join(
    str(nd) for nd in VECTOR_NDS)).replace("@VND@", str(max(VECTOR_NDS)))

HEADER = "#include <math.h>\n"
MALLOC_HEADER = "#include <stdlib.h>\n"


def file_text(kernels, lit=False, seed=None, modes=("tangent",),
              features_arg=None):
    """One C file holding the kernels [(src, drv, entry, name)] and, under
    CK_TEST_MAIN, their drivers and a main."""
    out = []
    if lit:
        name = kernels[0][3]
        idx = name.split("_")[-1]
        cmd = "gen.py --seed %s --index %s" % (seed, idx)
        if modes != ("tangent",):
            cmd += " --modes %s" % ",".join(modes)
        if features_arg:
            cmd += " --features %s" % features_arg
        out.append("// Fuzz kernel written by testsuite/fuzz/%s." % cmd)
        out.append("// RUN: %ckc %s -o %t.c")
        out.append("// RUN: %%ckc-run %%t.c %%s %%t%s | FileCheck %%s" % (
            " -I%S" if any("fz_view" in k[0] for k in kernels) else ""))
        out.append("// CHECK: %s: {{pass|skip}}" % name)
    out.append(HEADER)
    if any(re.search(r"\b(malloc|calloc)\(", k[0]) for k in kernels):
        out.append(MALLOC_HEADER)
    if any(re.search(r"\bmem(cpy|set|move)\(", k[0]) for k in kernels):
        out.append("#include <string.h>\n")
    if any("printf(" in src for src in (k[0] for k in kernels)):
        out.append("#include <stdio.h>\n")
    if any("fz_noise(" in src for src in (k[0] for k in kernels)):
        out.append(NOISE_DEF)
    if any("fz_adv(" in src for src in (k[0] for k in kernels)):
        out.append(CELL_DEF)
    if any("fz_view" in src or "fz_pt" in src
           for src in (k[0] for k in kernels)):
        out.append("#include \"%s\"\n" % VIEW_HEADER_NAME)
    for src in (k[0] for k in kernels):
        out.append(src)
    out.append("#ifdef CK_TEST_MAIN")
    out.append("#include \"fuzzcheck.h\"\n")
    vector = any(len(k) > 4 and k[4] for k in kernels)
    if vector:
        out.append(VECTOR_CHECK)
    for drv in (k[1] for k in kernels):
        out.append(drv)
    out.append("static const fz_kernel fz_kernels[] = {")
    for entry in (k[2] for k in kernels):
        out.append("\t%s," % entry)
    out.append("};\n")
    if vector:
        out.append("static const fz_vkernel fz_vkernels[] = {")
        for k in kernels:
            out.append("\t%s," % (k[4] if len(k) > 4 and k[4] else
                                  "{NULL, NULL}"))
        out.append("};\n")
        out.append("int main(int argc, char **argv)")
        out.append("{")
        out.append("\treturn fz_vmain(fz_kernels, fz_vkernels, %d, argc, "
                   "argv);" % len(kernels))
        out.append("}")
    else:
        out.append("int main(int argc, char **argv)")
        out.append("{")
        out.append("\treturn fz_main(fz_kernels, %d, argc, argv);" % len(
            kernels))
        out.append("}")
    out.append("#endif")
    return "\n".join(out) + "\n"


def write_kernel_file(path, text):
    """Writes file_text() text to path, and VIEW_HEADER next to it when
    the text includes it."""
    import os
    with open(path, "w") as f:
        f.write(text)
    if '#include "%s"' % VIEW_HEADER_NAME in text:
        with open(os.path.join(os.path.dirname(path) or ".",
                               VIEW_HEADER_NAME), "w") as f:
            f.write(VIEW_HEADER)


def parse_features(spec):
    """'-loops,+checkpoint' -> {'loops': False, 'checkpoint': True}"""
    feats = {}
    for item in filter(None, (spec or "").split(",")):
        on = not item.startswith("-")
        name = item.lstrip("+-")
        if name not in FEATURES:
            raise SystemExit("gen.py: unknown feature '%s' (known: %s)" % (
                name, ", ".join(sorted(FEATURES))))
        feats[name] = on
    return feats


def parse_modes(spec):
    modes = tuple(m for m in spec.split(",") if m)
    for m in modes:
        if m not in MODES:
            raise SystemExit("gen.py: unknown mode '%s' (known: %s)" % (
                m, ", ".join(MODES)))
    if "tangent" not in modes:
        raise SystemExit("gen.py: the modes must include tangent")
    if "hvp" in modes and "adjoint" not in modes:
        raise SystemExit("gen.py: hvp needs adjoint (f_b_d is checked "
                         "against differences of f_b)")
    return modes


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--index", type=int, default=0)
    ap.add_argument("--count", type=int, default=1)
    ap.add_argument("--modes", default="tangent")
    ap.add_argument("--features", default="")
    ap.add_argument("-o", dest="output")
    a = ap.parse_args(argv)
    modes = parse_modes(a.modes)
    feats = parse_features(a.features)
    ks = [generate(a.seed, a.index + i, modes, feats) for i in range(a.count)]
    text = file_text(ks, lit=a.count == 1, seed=a.seed, modes=modes,
                     features_arg=a.features)
    if a.output:
        write_kernel_file(a.output, text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main(sys.argv[1:])
