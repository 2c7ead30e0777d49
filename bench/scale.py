#!/usr/bin/env python3
"""bench/scale.py - how ckc's own running time grows with its input.

    scale.py --ckc BUILD/ckc --out DIR [--sizes 1000,10000,100000]
    scale.py straight N | nest N      (prints one kernel's C source)

The first form writes, for each size, two kernels into DIR and runs ckc on
each once per mode (--tangent, --adjoint, --hvp), then prints the seconds
of CPU time (user + system) of every run and the growth ratio: the time
at one size over the time at the previous size, per 10 times the
statements (10 for linear growth, 100 for quadratic).  CPU time, since
the wall clock of a shared machine says more about the other users.
bench/run.sh runs it (make bench).  A run over --timeout seconds (wall
clock, default 600) is stopped and shown as ">TIMEOUT".

The kernels (no ck_ pragma: the modes are requested on the command line):

    straight: --MODE 'straight:wrt=a,b,c'   (the result is the output)
        N statements repeating, in turn,
        a = a * b + sin(c) * k;  b = b + a * c * k;  c = tanh(c + a * k);
    nest:     --MODE 'nest:wrt=x,y,k:out=y'
        N/10 two-deep for loops over a grid y (n rows of m), read with
        neighbours in both directions, 10 statements each (the 2 loops, a
        local, 7 array and scalar updates), and a scalar s carried from
        nest to nest.

The text is a function of the arguments only.
"""
import math
import os
import resource
import subprocess
import sys


def straight(n):
    body = [
        "\ta = a * b + sin(c) * k;",
        "\tb = b + a * c * k;",
        "\tc = tanh(c + a * k);",
    ]
    out = ["#include <math.h>", "",
           "double straight(double a, double b, double c, double k)", "{"]
    out += [body[i % 3] for i in range(n)]
    out += ["\treturn a + b + c;", "}"]
    return "\n".join(out) + "\n"


# One nest: 10 statements (the two for loops count as one each).
NEST = """\
	for (int i = 1; i < n - 1; i++) {
		for (int j = 1; j < m - 1; j++) {
			double t = y[i * m + j] * x[i] + sin(x[i - 1]) * k;
			y[i * m + j] = t * s + y[(i - 1) * m + j] * %(c1)s;
			y[i * m + j + 1] += tanh(t) * x[i + 1];
			s = s * 0.5 + y[i * m + j - 1] * k;
			y[(i + 1) * m + j] -= exp(-t * t) * %(c2)s;
			t = t * s + x[i] * x[i];
			y[i * m + j] *= 1.0 + 0.01 * sqrt(1.0 + t * t);
		}
	}
"""


def nest(n):
    out = ["#include <math.h>", "",
           "void nest(const double *x, double *y, int n, int m, double k)",
           "{", "\tdouble s = k;"]
    for i in range((n + 9) // 10):
        out.append(NEST.rstrip("\n") % {"c1": "%d.0e-3" % (i % 97 + 1),
                                        "c2": "%d.0e-4" % (i % 89 + 1)})
    out += ["\ty[0] += s;", "}"]
    return "\n".join(out) + "\n"


SPECS = {"straight": "straight:wrt=a,b,c", "nest": "nest:wrt=x,y,k:out=y"}
MODES = ("tangent", "adjoint", "hvp")


def cpu_children():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run(ckc, src, mode, spec, out, timeout):
    """CPU seconds of one ckc run, or a string saying why there are none."""
    t0 = cpu_children()
    try:
        p = subprocess.run([ckc, src, "--" + mode, spec, "-o", out],
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                           timeout=timeout)
    except subprocess.TimeoutExpired:
        return ">%d" % timeout
    if p.returncode != 0:
        sys.stderr.write("ERROR: ckc %s --%s failed:\n%s" %
                         (src, mode, p.stderr.decode(errors="replace")))
        return "error"
    return cpu_children() - t0


def bench(ckc, outdir, sizes, timeout):
    os.makedirs(outdir, exist_ok=True)
    print("ckc's CPU time (s) per mode, and its growth per 10x statements")
    print("%-9s %10s" % ("kernel", "statements") +
          "".join(" %8s" % m for m in MODES) +
          "".join(" %8s" % ("x " + m[:3]) for m in MODES))
    failed = False
    for kernel in ("straight", "nest"):
        prev = None
        for n in sizes:
            src = os.path.join(outdir, "%s%d.c" % (kernel, n))
            with open(src, "w") as f:
                f.write(straight(n) if kernel == "straight" else nest(n))
            times = []
            for m in MODES:
                out = os.path.join(outdir, "%s%d_%s.c" % (kernel, n, m))
                times.append(run(ckc, src, m, SPECS[kernel], out, timeout))
            line = "%-9s %10d" % (kernel, n)
            line += "".join(" %8.2f" % t if isinstance(t, float)
                            else " %8s" % t for t in times)
            if prev:
                for t, p in zip(times, prev[1]):
                    ok = isinstance(t, float) and isinstance(p, float) and p > 0
                    # per 10x: (t / p) ** (1 / log10(n / prev n))
                    r = (t / p) ** (1.0 / math.log10(n / prev[0])) if ok else None
                    line += " %8.1f" % r if r else " %8s" % "-"
            print(line, flush=True)
            failed |= "error" in times
            prev = (n, times)
    return 1 if failed else 0


def main():
    a = sys.argv[1:]
    if len(a) == 2 and a[0] in ("straight", "nest"):
        n = int(a[1])
        sys.stdout.write(straight(n) if a[0] == "straight" else nest(n))
        return 0
    opts = {"--sizes": "1000,10000,100000", "--timeout": "600"}
    while a and a[0] in ("--ckc", "--out", "--sizes", "--timeout") and len(a) > 1:
        opts[a[0]] = a[1]
        a = a[2:]
    if a or "--ckc" not in opts or "--out" not in opts:
        sys.exit("usage: scale.py --ckc CKC --out DIR [--sizes N,N,...] "
                 "[--timeout S]\n       scale.py straight|nest N")
    sizes = [int(x) for x in opts["--sizes"].split(",")]
    return bench(opts["--ckc"], opts["--out"], sizes, int(opts["--timeout"]))


if __name__ == "__main__":
    sys.exit(main())
