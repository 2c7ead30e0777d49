#!/usr/bin/env python3
"""interchange_random.py - skinning-shaped loop nests for interchange.c.

Writes COUNT random kernels of the shape of hand.c's vertex loop: points v,
bones b, p[i] += w[v][b] * (sum of table elements tr[C * b + o + i] times
point coordinates), with a random table stride C, offsets o, p's length,
double or float tables, one or two of them, += or -=, and a scalar of the
point's outer body read after the bone loop.  Each goes through ckc and
ckc --no-interchange; both builds run f_b and f_b_d for several point and
bone counts (blocks of 64 points and a part block, no points, no bones)
and must print the same bits.  Prints one line per kernel, whether ckc
interchanged its nest, and a summary.

usage: interchange_random.py CKC CC CKRT WORKDIR COUNT
(CC and CKRT: the compile and link commands, split at spaces)
"""
import os
import random
import subprocess
import sys

MAIN = r'''
#include <stdio.h>
#include "k_grad.h"
#define NP 140
int main(void)
{
	static double w[NP * 8], x[4 * NP], y[3 * NP], t[400], d[400];
	unsigned long r = 7;
	for (int i = 0; i < 400 + NP * 15; i++) {
		r = r * 6364136223846793005UL + 1442695040888963407UL;
		double u = (double)(r >> 11) / 9007199254740992.0;
		if (i < NP * 8) w[i] = u;
		else if (i < NP * 12) x[i - NP * 8] = u - 0.5;
		else if (i < NP * 15) y[i - NP * 12] = u - 0.5;
		else { t[i - NP * 15] = u - 0.5; d[i - NP * 15] = 0.5 - u * u; }
	}
	for (int np = 0; np <= NP; np += 35)
		for (int nb = 0; nb <= NBMAX; nb += NBMAX) {
			double g[400] = {0}, gb[400] = {0}, hb[400] = {0};
			printf("%a\n", kern_b(t, g, w, x, y, np, nb, 1.0));
			printf("%a\n", kern_b_d(t, d, gb, hb, w, x, y, np, nb,
						1.0, 0.5));
			for (int i = 0; i < 400; i++)
				printf("%a %a %a\n", g[i], gb[i], hb[i]);
		}
	return 0;
}
'''


def kernel(seed):
    r = random.Random(seed)
    nb = r.choice([2, 3, 5])
    c = r.choice([4, 8, 12, 16, 20])
    nrow = r.choice([2, 3, 4])
    ncol = r.randint(2, 4)
    offs = sorted(r.sample(range(0, c - nrow + 1),
                           min(ncol, c - nrow + 1)))
    elem = r.choice(["double", "double", "float"])
    op = r.choice(["+=", "-="])
    scal = r.random() < 0.5
    two = r.random() < 0.4
    pre = r.choice(["sin", "cos", "exp", ""])
    terms = " + ".join("tr[%d * b + %d + i] * x[4 * v + %d]" % (c, o, k % 4)
                       for k, o in enumerate(offs))
    if two:
        terms += " + tq[%d * b + i] * x[4 * v + 3]" % c
    q = "p[i] * p[i]%s - y[3 * v + i %% 3]" % (" * s" if scal else "")
    src = ["#include <math.h>",
           "#pragma ck_tangent wrt(t)",
           "#pragma ck_adjoint wrt(t)",
           "#pragma ck_hvp wrt(t)",
           "double kern(const double *t, const double *w, const double *x,",
           "\t    const double *y, int np, int nb)",
           "{",
           "\t%s tr[%d];" % (elem, c * nb)]
    if two:
        src.append("\t%s tq[%d];" % (elem, c * nb))
    src += ["\tdouble err = 0.0;",
            "\tint b, v, i;",
            "\tfor (i = 0; i < %d * nb; i++) {" % c,
            "\t\ttr[i] = %s;" % ("%s(t[i])" % pre if pre else "t[i] * t[i]")]
    if two:
        src.append("\t\ttq[i] = t[i] * 0.5;")
    src += ["\t}",
            "\tfor (v = 0; v < np; v++) {",
            "\t\tdouble p[%d] = {0.0};" % nrow]
    if scal:
        src.append("\t\tdouble s = x[4 * v] * x[4 * v + 1];")
    src += ["\t\tfor (b = 0; b < nb; b++) {",
            "\t\t\tdouble wv = w[v * nb + b];",
            "\t\t\tfor (i = 0; i < %d; i++)" % nrow,
            "\t\t\t\tp[i] %s wv * (%s);" % (op, terms),
            "\t\t}",
            "\t\tfor (i = 0; i < %d; i++) {" % nrow,
            "\t\t\tdouble q = %s;" % q,
            "\t\t\terr += q * q;",
            "\t\t}",
            "\t}",
            "\treturn err;",
            "}"]
    return "\n".join(src) + "\n", nb


def run(cmd, cwd):
    p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if p.returncode != 0:
        sys.stdout.write("command failed: %s\n%s%s" % (" ".join(cmd),
                                                       p.stdout, p.stderr))
        sys.exit(1)
    return p.stdout


def main(argv):
    ckc, cc, ckrt, work, count = argv[0], argv[1].split(), \
        argv[2].split(), argv[3], int(argv[4])
    os.makedirs(work, exist_ok=True)
    with open(os.path.join(work, "main.c"), "w") as f:
        f.write(MAIN)
    taken = 0
    for seed in range(1, count + 1):
        d = os.path.join(work, "k%d" % seed)
        for sub in ("", "ni"):
            os.makedirs(os.path.join(d, sub), exist_ok=True)
        src, nb = kernel(seed)
        with open(os.path.join(d, "k.c"), "w") as f:
            f.write(src)
        run([ckc, "k.c", "-o", "k_grad.c"], d)
        run([ckc, "--no-interchange", "k.c", "-o", "ni/k_grad.c"], d)
        outs = []
        for sub in (".", "ni"):
            exe = os.path.join(d, sub, "a.out")
            run(cc + ["-DNBMAX=%d" % nb, "-I" + os.path.join(d, sub),
                      os.path.join(work, "main.c"),
                      os.path.join(d, sub, "k_grad.c"), "-o", exe] + ckrt,
                d)
            outs.append(run([exe], d))
        with open(os.path.join(d, "k_grad.c")) as f:
            xc = "ck_acc" in f.read()
        taken += xc
        same = outs[0] == outs[1]
        print("kernel %d: %s, %s" % (seed,
                                     "interchanged" if xc else "as it is",
                                     "same bits" if same else "DIFFERENT"))
        if not same:
            sys.exit(1)
    print("%d kernels, %d interchanged, all the same bits" % (count, taken))


if __name__ == "__main__":
    main(sys.argv[1:])
