#!/usr/bin/env python3
"""reduce.py - shrink a failing fuzz kernel while it keeps failing.

Takes a reproducer written by run.py (kernel.c: helpers, the kernel, and its
driver under CK_TEST_MAIN) and deletes what it can of the code before the
driver: single statements, whole blocks (an if with its else, a loop), a
block's braces around its body, and helper functions' statements.  A
candidate is kept when ckc still accepts it, gcc still compiles it (with
-w: deleting code leaves unused variables) and the program's output still
matches --match (default: the first FAIL line's kind, e.g. "dot-product
test").  The result is a starting point for a hand-written regression test.

usage: reduce.py kernel.c [-o small.c] [--match REGEX] [--ckc build/ckc]
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)
import gen as fuzzgen  # noqa: E402


class Tester:
    def __init__(self, a):
        self.a = a
        self.dir = tempfile.mkdtemp(prefix="ckc-reduce-")
        self.tries = 0

    def output(self, text):
        """What the program prints, or None when a step fails."""
        self.tries += 1
        a, d = self.a, self.dir
        src, gen = os.path.join(d, "k.c"), os.path.join(d, "k_grad.c")
        # (and fz_types.h next to it when the kernel includes it)
        fuzzgen.write_kernel_file(src, text)
        try:
            if subprocess.run([a.ckc, src, "-o", gen], capture_output=True,
                              timeout=60).returncode != 0:
                return None
            exe = os.path.join(d, "k")
            cmd = [a.cc, "-std=c99", "-w", "-DCK_TEST_MAIN", a.opt,
                   "-I" + os.path.join(SRC, "testsuite", "include"),
                   "-I" + os.path.join(SRC, "runtime"), "-include",
                   os.path.join(d, "k_grad.h"), src, gen, "-o", exe, a.lib,
                   "-lm", "-lpthread"]
            if subprocess.run(cmd, capture_output=True,
                              timeout=120).returncode != 0:
                return None
            p = subprocess.run([exe], capture_output=True, timeout=60)
        except subprocess.TimeoutExpired:
            return None
        return p.stdout.decode("utf-8", "replace")

    def interesting(self, text):
        out = self.output(text)
        return out is not None and re.search(self.a.match, out) is not None


def block_end(lines, i):
    """Index of the line closing the block opened at line i (ends with
    '{'), following '} else {' chains; None if unbalanced."""
    depth = 0
    for j in range(i, len(lines)):
        s = lines[j].strip()
        depth += s.count("{") - s.count("}")
        if depth == 0 and j > i or (depth == 0 and j == i and "}" in s):
            if s.startswith("} else") and s.endswith("{"):
                continue
            return j
    return None


def candidates(lines, lo, hi):
    """Edits to try, as functions lines -> lines, last lines first."""
    out = []
    for i in range(hi - 1, lo - 1, -1):
        s = lines[i].strip()
        if s.startswith("#pragma ck_tangent") or \
                s.startswith("#pragma ck_adjoint") or not s or \
                s in ("{", "}") or s.startswith(("static ", "double k",
                                                 "void k")):
            continue
        if s.endswith("{") and not s.startswith("}"):
            if s.startswith("for") and re.match(r"\s*double \w+\[\d+\];$",
                                                lines[i - 1]):
                continue  # a local array's initialization: keep it
            j = block_end(lines, i)
            if j is None:
                continue
            out.append(("delete block", i, j + 1))
            if not s.startswith("do"):
                out.append(("unwrap", i, j))
        elif s.startswith("return"):
            continue  # a function without its return computes garbage
        elif s.endswith(";") or s.startswith("#pragma ck_checkpoint"):
            out.append(("delete", i, i + 1))
    return out


def apply(lines, c):
    kind, i, j = c
    if kind in ("delete", "delete block"):
        return lines[:i] + lines[j:]
    # unwrap: keep the body of a simple block (no else)
    body = lines[i + 1:j]
    if any(l.strip().startswith("} else") for l in body
           if l.startswith(lines[i][:len(lines[i]) - len(
               lines[i].lstrip())] + "}")):
        return None
    return lines[:i] + [l[1:] if l.startswith("\t") else l for l in body] + \
        lines[j + 1:]


def reduce(text, t):
    """Passes over the code from its end to its start, each taking every
    edit that keeps the failure, until a pass changes nothing."""
    lines = text.split("\n")
    changed = True
    while changed:
        changed = False
        hi = next(i for i, l in enumerate(lines)
                  if l.startswith("#ifdef CK_TEST_MAIN"))
        while hi > 0:
            for c in candidates(lines, 0, hi):
                new = apply(lines, c)
                if new is not None and t.interesting("\n".join(new)):
                    lines = new
                    changed = True
                    sys.stderr.write("reduce.py: %d lines after %d tries\n"
                                     % (len(lines), t.tries))
                    hi = c[1]  # edits below it were tried already
                    break
            else:
                hi = 0
    return "\n".join(lines)


def main(argv):
    build = os.path.join(SRC, "build")
    ap = argparse.ArgumentParser(description="shrink a failing fuzz kernel")
    ap.add_argument("kernel")
    ap.add_argument("-o", dest="output")
    ap.add_argument("--match", help="regex the output must keep matching "
                    "(default: from the kernel's FAIL line)")
    ap.add_argument("--ckc", default=os.path.join(build, "ckc"))
    ap.add_argument("--cc", default="gcc")
    ap.add_argument("--lib", default=os.path.join(build, "libckrt.a"))
    ap.add_argument("--opt", default="-O0")
    a = ap.parse_args(argv)
    text = open(a.kernel).read()
    t = Tester(a)
    if a.match is None:
        out = t.output(text) or ""
        m = re.search(r"FAIL: ([a-z -]+)", out)
        if not m:
            sys.exit("reduce.py: the kernel does not fail (output: %r)" %
                     out[:200])
        a.match = re.escape(m.group(0))
    if not t.interesting(text):
        sys.exit("reduce.py: the kernel's output does not match %r" %
                 a.match)
    small = reduce(text, t)
    if a.output:
        with open(a.output, "w") as f:
            f.write(small)
    else:
        sys.stdout.write(small)


if __name__ == "__main__":
    main(sys.argv[1:])
