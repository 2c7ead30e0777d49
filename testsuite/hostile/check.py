#!/usr/bin/env python3
"""check.py - ckc against hostile input: it must fail cleanly, never crash.

Three sets of cases, each run as `ckc INPUT -o WORK/CASE/out.c [ARGS]` in an
empty directory of its own:

  --corpus DIR   the files DIR/*.c.  Each says what it expects in comments:
                   // EXPECT: REGEX   (one or more) must match ckc's stderr
                   // ARGS: ...       more ckc arguments (split like sh)
                   // STATUS: N       the exit status (default 1)
                   // UNLOCATED       the error has no file:line:col
  --options      bad command lines (the table OPTION_CASES below)
  --generated    inputs made here: random bytes, a 20000-statement
                 function, 5000 levels of nesting of several kinds, ...
                 (gen_cases below); some are valid C and must then be
                 accepted, with output gcc compiles
  --sweep DIR    every .c file under DIR (the whole test suite): whatever
                 the file is, ckc exits 0, 1 or 2; this catches tests that
                 expect a failure with `not %ckc` while ckc hits an
                 internal error (exit 3), which `not` accepts

A failing case (status 1 or 2) must print a located error
(INPUT:LINE:COL: error: ..., or "ckc: error: ..." for command-line errors
and UNLOCATED cases) and leave its directory empty: no output, no header,
no temporary.  Any case fails on an exit status of 3 or more, a signal, a
timeout, or a sanitizer report.  Prints one line per case; exits 1 when
one failed.

Known crashes are not here but in testsuite/fuzz/regressions/ (XFAIL):
deep-binary-chain.test (20000 terms) and deep-unary-minus.test.
"""
import argparse
import os
import random
import re
import shlex
import shutil
import subprocess
import sys

SANITIZER = re.compile(r"Sanitizer|runtime error:|LeakSanitizer")
SQUARE = "#pragma ck_tangent wrt(x)\ndouble f(double x)\n{\n\treturn x * x;\n}\n"

# (name, ckc arguments with INPUT/OUT/WORK placeholders, status, regex,
# the file the error is located in or None for "ckc: error:")
OPTION_CASES = [
    ("dump-ir-unknown-stage", ["INPUT", "--dump-ir=bogus", "-o", "OUT"], 2,
     r"ckc: error: unknown --dump-ir stage 'bogus'", None),
    ("header-without-value", ["INPUT", "-o", "OUT", "--header"], 2,
     r"ckc: error: option '--header' needs a value", None),
    ("include-dir-without-value", ["INPUT", "-o", "OUT", "-I"], 2,
     r"ckc: error: option '-I' needs a value", None),
    ("tangent-empty-function", ["INPUT", "--tangent", ":wrt=x", "-o",
                                "OUT"], 2, r"error: invalid --tangent", None),
    ("tangent-no-wrt", ["INPUT", "--tangent", "f:out=y", "-o", "OUT"], 2,
     r"error: invalid --tangent", None),
    ("tangent-empty-wrt", ["INPUT", "--tangent", "f:wrt=", "-o", "OUT"], 2,
     r"error: invalid --tangent", None),
    ("tangent-unknown-key", ["INPUT", "--tangent", "f:wrt=x:bogus=y", "-o",
                             "OUT"], 2, r"error: invalid --tangent", None),
    ("adjoint-trailing-colon", ["INPUT", "--adjoint", "f:wrt=x:", "-o",
                                "OUT"], 2, r"error: invalid --adjoint", None),
    ("tangent-unknown-function", ["INPUT", "--tangent", "nope:wrt=x", "-o",
                                  "OUT"], 1, r"nope", None),
    ("tangent-twice", ["INPUT", "--tangent", "f:wrt=x", "-o", "OUT"], 1,
     r"already has a", None),
    ("output-in-missing-directory", ["INPUT", "-o", "WORK/no/such/dir/o.c"],
     1, r"ckc: error: cannot write", None),
    ("input-is-a-directory", ["WORK", "-o", "OUT"], 1, r"ckc: error: ", None),
    ("input-missing", ["WORK/missing.c", "-o", "OUT"], 1,
     r"ckc: error: cannot open", None),
    ("clang-argument-unknown", ["INPUT", "-o", "OUT", "--",
                                "-fno-such-flag-at-all"], 1, r"error", None),
    ("two-dashes-only-input", ["--", "INPUT"], 2,
     r"ckc: error: no input file", None),
]


def gen_cases(rnd):
    """(name, text, status, regex); status 0: valid C, must be accepted."""
    def func(body, params="double x"):
        return ("#pragma ck_tangent wrt(x)\ndouble f(%s)\n{\n%s\n}\n" %
                (params, body))

    cases = []
    junk = bytes(rnd.randrange(256) for _ in range(4096))
    cases.append(("random-bytes", junk, 1, r"error"))
    cases.append(("random-bytes-after-request",
                  SQUARE.encode() + junk, 1, r"error"))
    text = bytearray(SQUARE.encode())
    for k in range(40):  # NUL and invalid UTF-8 bytes in the middle
        text.insert(rnd.randrange(len(text)), rnd.choice(b"\x00\xff\xc3"))
    cases.append(("nul-and-invalid-utf8", bytes(text), None, None))
    cases.append(("long-identifier",
                  func("\tdouble %s = x;\n\treturn %s * x;" % (("v" * 100000,)
                                                              * 2)), 0,
                  None))
    cases.append(("function-of-20000-statements",
                  func("\tdouble y = x;\n" + "".join(
                      "\ty = y * 0.999 + x * %d.0e-5;\n" % (i % 97)
                      for i in range(20000)) + "\treturn y;"), 0, None))
    cases.append(("parentheses-5000-deep",
                  func("\treturn " + "(" * 5000 + "x" + ")" * 5000 + ";"),
                  1, r"bracket nesting level exceeded"))
    cases.append(("sum-nested-5000-deep",
                  func("\treturn " + "x + (" * 5000 + "x" + ")" * 5000 + ";"),
                  1, r"bracket nesting level exceeded"))
    cases.append(("calls-nested-3000-deep",
                  "#include <math.h>\n" + func(
                      "\treturn " + "sin(" * 3000 + "x" + ")" * 3000 + ";"),
                  1, r"bracket nesting level exceeded"))
    cases.append(("blocks-nested-5000-deep",
                  func("\tdouble y = x;\n" + "{" * 5000 + "y = y * x;" +
                       "}" * 5000 + "\n\treturn y;"), 1,
                  r"bracket nesting level exceeded"))
    # x + x + ... deeper than this crashes ckc (20000 terms; 3000 under
    # ASan): fuzz/regressions/deep-binary-chain.test.
    cases.append(("sum-of-2000-terms",
                  func("\treturn " + " + ".join(["x"] * 2000) + ";"), 0,
                  None))
    cases.append(("ifs-nested-2000-deep",
                  func("\tdouble y = x;\n" + "if (x > 0.0) " * 2000 +
                       "y = y * x;\n\treturn y;"), 0, None))
    cases.append(("else-if-chain-of-3000",
                  func("\tdouble y = x;\n" + "".join(
                      "\tif (x > %d.0) y = y * x; else\n" % i
                      for i in range(3000)) + "\ty = 2.0 * y;\n\treturn y;"),
                  0, None))
    cases.append(("loops-nested-200-deep",
                  func("\tdouble y = x;\n" + "".join(
                      "for (int i%d = 0; i%d < 1; i%d++)\n" % (i, i, i)
                      for i in range(200)) + "y = y * x;\n\treturn y;"), 0,
                  None))
    cases.append(("wrt-of-2000-unknown-names",
                  "#pragma ck_tangent wrt(%s)\n" % ", ".join(
                      "p%d" % i for i in range(2000)) +
                  "double f(double x)\n{\n\treturn x * x;\n}\n", 1,
                  r"'p0' is not a parameter of 'f'"))
    cases.append(("10000-requests",
                  "".join("#pragma ck_tangent wrt(x)\n" for _ in range(10000))
                  + "double f(double x)\n{\n\treturn x * x;\n}\n", 1,
                  r"already has a"))
    return cases


def runs_ckc_plainly(path):
    """Whether the lit test PATH runs ckc on itself with no option and
    expects it to succeed (`%ckc %s -o ...` at the start of a command, not
    under `not`), or to fail (`not %ckc %s ...`, where make check's %ckc
    reports an internal error, lit.cfg.py): a crash or an internal error
    fails that test or make check already, so the sweep need not run it
    again.  Not when the test may not run
    (REQUIRES, UNSUPPORTED) or may fail (XFAIL)."""
    text = open(path, encoding="utf-8", errors="replace").read()
    if re.search(r"^// (REQUIRES|UNSUPPORTED|XFAIL):", text, re.M):
        return False
    cmds, cur = [], ""
    for line in re.findall(r"^// RUN:(.*)$", text, re.M):
        line = line.rstrip()
        if line.endswith("\\"):
            cur += line[:-1] + " "
        else:
            cmds.append(cur + line)
            cur = ""
    for cmd in cmds:
        # a refusal, under make check: `not` fails on a crash, and the
        # sanitized %ckc files an internal error (exit status 3) as a
        # report, which fails make check (lit.cfg.py)
        if re.match(r"\s*not %ckc %s\b", cmd):
            return True
        for seg in re.split(r"\|\||&&|[|;]", cmd):
            if re.match(r"\s*%ckc %s -o ", seg):
                return True
    return False


class Checker:
    def __init__(self, a):
        self.a = a
        self.failed = 0
        self.count = 0
        self.skipped = 0

    def run_case(self, name, args, status, expects, located_in=None,
                 compile_output=False):
        """Runs ckc with args (placeholders filled) in WORK/name/."""
        a = self.a
        d = os.path.join(a.work, name)
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        out = os.path.join(d, "out.c")
        repl = {"OUT": out, "WORK": d}
        argv = []
        for x in args:
            for k, v in repl.items():
                x = x.replace(k, v) if x.startswith(k) else x
            argv.append(x)
        before = set(os.listdir(d))
        try:
            p = subprocess.run([a.ckc] + argv, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, timeout=a.timeout)
            rc, err = p.returncode, p.stderr.decode("utf-8", "replace")
        except subprocess.TimeoutExpired:
            rc, err = None, ""
        problems = []
        if rc is None:
            problems.append("timed out after %ds" % a.timeout)
        elif rc < 0 or rc >= 3:
            problems.append("crashed: %s" % ("signal %d" % -rc if rc < 0
                                             else "exit status %d" % rc))
        if SANITIZER.search(err):
            problems.append("sanitizer report")
        if rc is not None and 0 <= rc < 3:
            if status is not None and rc != status:
                problems.append("exit status %d, want %d" % (rc, status))
            if rc in (1, 2):
                if status is None:
                    pat = r"error: "  # anything goes, but an error
                elif located_in:
                    pat = r"^[^\n]*%s:\d+:\d+: error: " % re.escape(
                        located_in)
                else:
                    pat = r"^ckc: error: "
                if not re.search(pat, err, re.M):
                    problems.append("no %s error message" % (
                        "located" if located_in else "'ckc: error:'"))
                left = sorted(set(os.listdir(d)) - before)
                if left:
                    problems.append("wrote %s on an error" % ", ".join(left))
            for e in expects:
                if not re.search(e, err, re.M):
                    problems.append("stderr does not match %r" % e)
            if rc == 0 and compile_output:
                c = subprocess.run([a.cc, "-std=c99", "-c", out, "-o",
                                    os.path.join(d, "out.o")],
                                   stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE)
                if c.returncode != 0:
                    problems.append("ckc's output does not compile: %s" %
                                    c.stderr.decode()[:300])
        self.count += 1
        if problems:
            self.failed += 1
            print("FAIL %s: %s" % (name, "; ".join(problems)))
            if err:
                print("  stderr: " + err[:800].replace("\n", "\n  stderr: "))
        else:
            print("ok   %s (status %s)" % (name, rc))
            if not a.keep:
                shutil.rmtree(d, ignore_errors=True)

    def corpus(self, directory):
        for f in sorted(os.listdir(directory)):
            if not f.endswith(".c"):
                continue
            path = os.path.join(directory, f)
            text = open(path, encoding="utf-8", errors="replace").read()
            expects = re.findall(r"^// EXPECT: (.*)$", text, re.M)
            args = []
            for m in re.findall(r"^// ARGS: (.*)$", text, re.M):
                args += shlex.split(m)
            st = re.search(r"^// STATUS: (\d+)$", text, re.M)
            status = int(st.group(1)) if st else 1
            if not expects:
                print("FAIL %s: no // EXPECT: line" % f)
                self.failed += 1
                continue
            located = None if re.search(r"^// UNLOCATED$", text, re.M) \
                else f
            self.run_case(f[:-2], [path, "-o", "OUT"] + args, status,
                          expects, located)

    def options(self):
        d = os.path.join(self.a.work, "inputs")
        os.makedirs(d, exist_ok=True)
        inp = os.path.join(d, "square.c")
        with open(inp, "w") as f:
            f.write(SQUARE)
        for name, args, status, regex, located in OPTION_CASES:
            args = [inp if x == "INPUT" else x for x in args]
            self.run_case(name, args, status, [regex], located)

    def sweep(self, directory):
        known = set(self.a.known)
        for root, subdirs, files in os.walk(directory):
            subdirs[:] = sorted(s for s in subdirs if s != "Output")
            for f in sorted(files):
                path = os.path.join(root, f)
                rel = os.path.relpath(path, directory)
                if not f.endswith(".c") or rel in known:
                    continue
                if runs_ckc_plainly(path):
                    self.skipped += 1
                    continue
                self.run_case("sweep-" + rel.replace("/", "-")[:-2],
                              [path, "-o", "OUT"], None, [], None)

    def generated(self):
        rnd = random.Random(20240611)
        d = os.path.join(self.a.work, "inputs")
        os.makedirs(d, exist_ok=True)
        for name, text, status, regex in gen_cases(rnd):
            path = os.path.join(d, name + ".c")
            with open(path, "wb") as f:
                f.write(text if isinstance(text, bytes) else text.encode())
            self.run_case(name, [path, "-o", "OUT"], status,
                          [regex] if regex else [], name + ".c",
                          compile_output=True)


def main(argv):
    ap = argparse.ArgumentParser(description="ckc against hostile input")
    ap.add_argument("--ckc", required=True)
    ap.add_argument("--cc", default=os.environ.get("CKC_RUN_CC", "gcc"))
    ap.add_argument("--work", required=True)
    ap.add_argument("--corpus")
    ap.add_argument("--options", action="store_true")
    ap.add_argument("--generated", action="store_true")
    ap.add_argument("--sweep")
    ap.add_argument("--known", action="append", default=[],
                    help="a file of the sweep (relative to its directory) "
                    "with a known crash, skipped: name its regression test")
    ap.add_argument("--timeout", type=int, default=120)
    ap.add_argument("--keep", action="store_true",
                    help="keep the directories of passing cases")
    a = ap.parse_args(argv)
    shutil.rmtree(a.work, ignore_errors=True)
    os.makedirs(a.work)
    c = Checker(a)
    if a.corpus:
        c.corpus(a.corpus)
    if a.options:
        c.options()
    if a.generated:
        c.generated()
    if a.sweep:
        c.sweep(a.sweep)
    if c.skipped:
        print("%d files skipped: their tests run ckc on them" % c.skipped)
    print("%d cases, %d failed" % (c.count, c.failed))
    return 1 if c.failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
