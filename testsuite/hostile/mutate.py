#!/usr/bin/env python3
"""mutate.py - ckc on mutants of the test suite's C files.

Takes the .c files under the given directories (sorted, so the run is the
same everywhere), and makes --count mutants from --seed: each is one file
with one to three random edits, byte edits (flip a bit, insert, delete or
duplicate bytes) or token edits (delete, duplicate or swap tokens, or put
in a token from the file or from a list of troublemakers: braces, goto,
pragmas, huge numbers, ...).  ckc runs on each, in a directory of its own,
with a timeout.  A mutant fails when ckc

  - crashes (a signal, or an exit status of 3 or more: internal error),
  - hangs (runs past --timeout),
  - prints a sanitizer report (make check runs this with the
    sanitizer build; reports that go to log files are caught by the
    Makefile),
  - exits 1 or 2 without an "error:" line, or leaves a file behind,
  - exits 0 without writing its output, or (with --compile) with output
    gcc cannot compile.

The mutants depend on the list of files, so they change when tests are
added; a failure names the file it came from.  Failing mutants are kept
in --keep (the mutant, ckc's stderr) with the
command that reproduces them.  Prints a summary; exits 1 when one failed.
"""
import argparse
import concurrent.futures
import os
import random
import re
import shutil
import subprocess
import sys

TOKEN = re.compile(rb"[A-Za-z_][A-Za-z0-9_]*|\d[\w.+-]*|\"(?:\\.|[^\"\\\n])*\""
                   rb"|'(?:\\.|[^'\\\n])*'|//[^\n]*|/\*.*?\*/|\s+|.",
                   re.S)
TROUBLE = [b"{", b"}", b"(", b")", b"[", b"]", b";", b",", b"*", b"&", b"=",
           b"?", b":", b"-", b"++", b"--", b"goto", b"switch", b"return",
           b"if", b"else", b"while", b"for", b"do", b"break", b"continue",
           b"double", b"float", b"int", b"void", b"const", b"static",
           b"struct", b"union", b"sizeof", b"0", b"1e308", b"-1",
           b"99999999999999999999", b"0x1p-1074", b"x", b"n", b"y", b"sin",
           b"pow", b"f", b"f_d", b"ret_d", b"\n#pragma ck_tangent wrt(x)\n",
           b"\n#pragma ck_adjoint wrt(x) out(y)\n", b"\n#pragma ck_checkpoint\n",
           b"\n#pragma ck_checkpoint binomial(2)\n", b"wrt(", b"out(",
           b"\n#define x y\n", b"\n#include <math.h>\n", b"\\", b"\"", b"'",
           b"/*", b"\x00", b"\xff"]
SANITIZER = re.compile(r"Sanitizer|runtime error:")


def sources(dirs, skip):
    out = []
    for d in dirs:
        for root, subdirs, files in os.walk(d):
            subdirs[:] = sorted(s for s in subdirs if s != "Output")
            out += [os.path.join(root, f) for f in sorted(files)
                    if f.endswith(".c") and
                    os.path.relpath(os.path.join(root, f), d) not in skip]
    return sorted(set(out))


def mutate(data, rnd):
    """data with one random edit."""
    if not data:
        return rnd.choice(TROUBLE)
    if rnd.random() < 0.4:
        i = rnd.randrange(len(data))
        k = rnd.randrange(5)
        if k == 0:
            return data[:i] + bytes([data[i] ^ (1 << rnd.randrange(8))]) + \
                data[i + 1:]
        if k == 1:
            return data[:i] + bytes([rnd.randrange(256)]) + data[i:]
        if k == 2:
            return data[:i] + data[i + rnd.randint(1, 64):]
        if k == 3:
            j = min(len(data), i + rnd.randint(1, 64))
            return data[:j] + data[i:j] + data[j:]
        return data[:i] + rnd.choice(TROUBLE) + data[i:]
    toks = TOKEN.findall(data)
    real = [i for i, t in enumerate(toks) if not t.isspace()]
    if not real:
        return data + rnd.choice(TROUBLE)
    i = rnd.choice(real)
    k = rnd.randrange(5)
    if k == 0:
        toks[i] = b""
    elif k == 1:
        toks[i] = toks[i] + b" " + toks[i]
    elif k == 2:
        j = rnd.choice(real)
        toks[i], toks[j] = toks[j], toks[i]
    elif k == 3:
        toks[i] = toks[rnd.choice(real)]
    else:
        toks[i] = rnd.choice(TROUBLE)
    return b"".join(toks)


_MPI_FLAGS = None


def mpi_flags():
    """The -I and -D flags of Open MPI's compiler wrapper (none without
    one: ckc then refuses an MPI program, and nothing is compiled)."""
    global _MPI_FLAGS
    if _MPI_FLAGS is None:
        try:
            p = subprocess.run(["mpicc", "-showme:compile"],
                               stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL)
            _MPI_FLAGS = [f for f in p.stdout.decode().split()
                          if f.startswith(("-I", "-D"))]
        except OSError:
            _MPI_FLAGS = []
    return _MPI_FLAGS


def check(a, n, src, data):
    """Runs ckc on mutant n; returns None or what went wrong."""
    d = os.path.join(a.work, "m%04d" % n)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    inp = os.path.join(d, "mutant.c")
    with open(inp, "wb") as f:
        f.write(data)
    out = os.path.join(d, "out.c")
    try:
        p = subprocess.run([a.ckc, inp, "-o", out], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=a.timeout)
        rc, err = p.returncode, p.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        rc, err = None, ""
    files = sorted(set(os.listdir(d)) - {"mutant.c"})
    bad = None
    if rc is None:
        bad = "hangs (more than %ds)" % a.timeout
    elif rc < 0:
        bad = "killed by signal %d" % -rc
    elif rc >= 3:
        bad = "exit status %d (internal error)" % rc
    elif SANITIZER.search(err):
        bad = "sanitizer report"
    elif rc in (1, 2):
        if "error:" not in err:
            bad = "exit status %d without an error message" % rc
        elif files:
            bad = "wrote %s on an error" % ", ".join(files)
    elif not os.path.exists(out):
        bad = "exit status 0 without output"
    elif a.compile:
        # an MPI program's output is compiled with mpi.h's flags, as ckc
        # read it (mpi_flags)
        with open(out, "rb") as f:
            mpi = b"#include <mpi.h>" in f.read()
        c = subprocess.run([a.cc, "-std=c99", "-w", "-I" + a.runtime] +
                           (mpi_flags() if mpi else []) +
                           ["-c", out, "-o", os.path.join(d, "out.o")],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if c.returncode != 0:
            err += c.stderr.decode("utf-8", "replace")
            bad = "accepted, but gcc cannot compile the output"
    if bad:
        k = os.path.join(a.keep, "mutant-seed%d-%04d" % (a.seed, n))
        shutil.rmtree(k, ignore_errors=True)
        shutil.copytree(d, k)
        with open(os.path.join(k, "stderr.txt"), "w") as f:
            f.write("# from %s\n# %s mutant.c -o out.c\n%s" % (src, a.ckc,
                                                              err))
        bad = "%s (from %s): %s" % (bad, os.path.relpath(src), k)
    shutil.rmtree(d, ignore_errors=True)
    return rc, bad


def main(argv):
    ap = argparse.ArgumentParser(description="ckc on mutants of C files")
    ap.add_argument("dirs", nargs="+")
    ap.add_argument("--ckc", required=True)
    ap.add_argument("--cc", default=os.environ.get("CKC_RUN_CC", "gcc"))
    ap.add_argument("--work", required=True)
    ap.add_argument("--keep", help="where failing mutants go (default: "
                    "WORK/failures)")
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=int, default=30)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--runtime", default=os.environ.get(
        "CKC_RUN_RUNTIME", os.path.join(os.path.dirname(os.path.abspath(
            __file__)), "..", "..", "runtime")), help="where ckrt.h is")
    ap.add_argument("--skip", action="append", default=[],
                    help="a file (relative to its directory) with a known "
                    "crash, not mutated: name its regression test")
    ap.add_argument("--compile", action="store_true",
                    help="compile the output of accepted mutants")
    a = ap.parse_args(argv)
    a.keep = a.keep or os.path.join(a.work, "failures")
    shutil.rmtree(a.work, ignore_errors=True)
    os.makedirs(a.keep)
    files = sources(a.dirs, set(a.skip))
    if not files:
        sys.exit("mutate.py: no .c files under %s" % " ".join(a.dirs))
    rnd = random.Random(a.seed)
    mutants = []
    for n in range(a.count):
        src = rnd.choice(files)
        with open(src, "rb") as f:
            data = f.read()
        for _ in range(rnd.randint(1, 3)):
            data = mutate(data, rnd)
        mutants.append((n, src, data))
    status = {}
    failures = []
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        for n, (rc, bad) in zip(range(a.count), ex.map(
                lambda m: check(a, *m), mutants)):
            status[rc] = status.get(rc, 0) + 1
            if bad:
                failures.append(bad)
                print("FAIL mutant %d: %s" % (n, bad), flush=True)
    print("mutate: seed %d, %d mutants of %d files: %d accepted, %d refused "
          "(status 1), %d usage errors, %d failed" % (
              a.seed, a.count, len(files), status.get(0, 0),
              status.get(1, 0), status.get(2, 0), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
