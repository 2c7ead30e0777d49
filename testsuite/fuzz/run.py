#!/usr/bin/env python3
"""run.py - ckc's differential fuzzer.

Generates random kernels (gen.py), runs ckc on them, compiles ckc's output
with gcc (or --cc) at every level of --opts and links it with the kernels
and their driver, built once at -O0 (-std=c99 -Wall -Wextra -pedantic
-Werror -Wno-unknown-pragmas, also for ckc's output; with clang, the
kernels' file alone also gets -Wno-self-assign: `x = x;` is an input ckc
must take), runs the
programs, and reads what testsuite/include/fuzzcheck.h reports per kernel:
the primal of f_d bitwise equal to f's, the tangent against
Richardson-extrapolated central differences (an output where the
differences at two step sizes disagree is not differentiable there and is
not held against ckc; a kernel with no checkable output is "skipped"), and
with --modes tangent,adjoint the dot-product test against f_b, with
--modes tangent,adjoint,hvp the second-order checks of f_b_d (against
differences of f_b, symmetry; kernels without out() arrays).  With vector
among the modes (--modes tangent,vector or tangent,adjoint,hvp,vector),
each kernel also gets `ck_tangent ... vector` (and `ck_hvp ... vector`)
requests stacked on the scalar ones, and the driver calls f_dv (f_b_dv)
with 1, 3, 8 and 16 directions (8 and 16 run the copies for those counts)
and requires each direction bitwise equal to f_d (f_b_d) along it
(gen.py's VECTOR_CHECK).  At -O0, ckc's output is built with
-DCKC_NO_WIDE: its wide copies are the same statements again for
AVX-512 and AVX2, and would double the compile; -O2 builds them.
Kernels that call a
ck_derivative function or hold OpenMP loops, which vector mode refuses,
get neither (the summary counts the kernels with vector checks).  With
checkpoint pragmas in the kernels (--features +checkpoint), a second build
from ckc --no-checkpoint --no-gather --no-fuse --no-interchange must give
bitwise the same derivatives (--transparency; DESIGN section 2 for
checkpoints, and the gather, the rotation, the fused loops and the
interchanged nests change no bit either; with
+openmp, from ckc --no-checkpoint: the reverse of a parallel loop may sum
in phases or per thread, an order of its own).

Kernels go through ckc and gcc in batches (one C file per batch, --batch
kernels each); a batch that fails anywhere is split into single kernels so
that every failure is pinned to one kernel.  Each failing kernel is kept in
--keep DIR/seedS-I/: kernel.c (a lit test: the kernel, its driver and RUN
lines), kernel_grad.c/.h (ckc's output, when there is one) and log.txt (the
commands, their status and output).  Copy kernel.c to
testsuite/fuzz/regressions/ to make it a regression test.

--xfail I,J,... lists kernels known to fail (each with a regression test
in testsuite/fuzz/regressions/ naming it): they may fail, and must, so
that fixing the bug also updates the list.

A kernel on which ckc takes more than --ckc-limit seconds of CPU time
(default 5) fails as well: ckc is killed there, and the kernel kept like
any other failure (DESIGN section 5: a hang is a bug like a crash).

Prints one summary line (and one line per failure); exits 1 when a kernel
failed (or fewer than --min-pass of them passed), 0 otherwise.

usage: run.py --ckc build/ckc [--count N] [--seed S] [--jobs J] ...
"""
import argparse
import concurrent.futures
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
# The reference build of --transparency.
REFERENCE = ["--no-checkpoint", "--no-gather", "--no-fuse",
             "--no-interchange"]
# With +openmp: the reverse of a parallel loop may run in phases, or sum an
# adjoint in partials per thread (gather.c), an order of its own that
# --no-gather would not give; the reference keeps them, and checkpoints
# must still change no bit.
REFERENCE_OPENMP = ["--no-checkpoint"]


def reference(features):
    """The options of the --transparency build for gen.py's features."""
    if "+openmp" in features.split(","):
        return REFERENCE_OPENMP
    return REFERENCE
sys.path.insert(0, HERE)
import gen  # noqa: E402

SRC = os.path.normpath(os.path.join(HERE, "..", ".."))
# -frounding-math: gcc folds a math call whose argument it knows at compile
# time (erf(-0.44) of a constant that inlining exposed in f but not in f_d)
# with MPFR, correctly rounded, where libm's result may be an ulp away; the
# primal of a generated function then differs from f's by that ulp although
# ckc wrote the same operations.  Without folding both call libm.
CFLAGS = ["-std=c99", "-Wall", "-Wextra", "-pedantic", "-Werror",
          "-Wno-unknown-pragmas", "-frounding-math", "-DCK_TEST_MAIN"]


class Result:
    """The outcome of one kernel: status is pass, skip or fail."""

    def __init__(self, index, name, status, what="", stage=""):
        self.index, self.name = index, name
        self.status, self.what, self.stage = status, what, stage


class Log:
    def __init__(self):
        self.parts = []

    def add(self, text):
        self.parts.append(text)

    def text(self):
        return "\n".join(self.parts) + "\n"


def run(cmd, log, timeout, env=None):
    """(status, stdout, stderr); status is -SIGNAL for a signal and None
    for a timeout.  env: variables to add to the environment."""
    t0 = time.time()
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=timeout,
                           env=dict(os.environ, **env) if env else None)
        rc, out, err = p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired as e:
        rc, out, err = None, e.stdout or b"", e.stderr or b""
    out = out.decode("utf-8", "replace")
    err = err.decode("utf-8", "replace")
    log.add("$ %s\n# status %s, %.2fs" % (" ".join(cmd), rc,
                                          time.time() - t0))
    if out:
        log.add("# stdout:\n" + out[-20000:])
    if err:
        log.add("# stderr:\n" + err[-20000:])
    return rc, out, err


def run_timed(cmd, log, limit):
    """run() for ckc: (status, stdout, stderr, seconds), where seconds is
    the CPU time (user + system) the command took, so that other work on
    the machine does not count.  The command is killed when it has run 4
    times limit in wall-clock time (a hang) or limit in CPU time; its
    status is then None."""
    t0 = time.time()
    with tempfile.TemporaryFile() as fo, tempfile.TemporaryFile() as fe:
        p = subprocess.Popen(cmd, stdout=fo, stderr=fe)
        rc, cpu = None, 0.0
        while True:
            pid, status, ru = os.wait4(p.pid, os.WNOHANG)
            if pid:
                rc = os.waitstatus_to_exitcode(status)
                cpu = ru.ru_utime + ru.ru_stime
                break
            try:
                with open("/proc/%d/stat" % p.pid) as f:
                    fields = f.read().rsplit(")", 1)[1].split()
                cpu = (int(fields[11]) + int(fields[12])) / \
                    os.sysconf("SC_CLK_TCK")
            except (OSError, IndexError, ValueError):
                pass
            if cpu > limit or time.time() - t0 > 4 * limit:
                p.kill()
                _, status, ru = os.wait4(p.pid, 0)
                cpu = max(cpu, ru.ru_utime + ru.ru_stime)
                break
            time.sleep(0.02)
        p.returncode = rc if rc is not None else -9
        fo.seek(0)
        fe.seek(0)
        out = fo.read().decode("utf-8", "replace")
        err = fe.read().decode("utf-8", "replace")
    log.add("$ %s\n# status %s, %.2fs CPU, %.2fs" % (
        " ".join(cmd), rc, cpu, time.time() - t0))
    if out:
        log.add("# stdout:\n" + out[-20000:])
    if err:
        log.add("# stderr:\n" + err[-20000:])
    return rc, out, err, cpu


def describe(rc, timeout):
    if rc is None:
        return "timed out after %ds" % timeout
    if rc < 0:
        return "killed by signal %d" % -rc
    return "exit status %d" % rc


class Fuzzer:
    def __init__(self, a):
        self.a = a
        self.modes = gen.parse_modes(a.modes)
        self.feats = gen.parse_features(a.features)
        self.opts = [o for o in a.opts.split(",") if o]
        self.cflags = CFLAGS + ["-I" + d for d in a.include] + \
            (a.cflags.split() if a.cflags else [])
        # kernel.c may assign a variable to itself (x = x;, an input ckc
        # must take), which clang's -Wself-assign refuses under -Werror:
        # with clang, kernel.c is compiled on its own with that warning
        # off, and ckc's output keeps every warning.
        self.main_flags = []
        try:
            ver = subprocess.run([a.cc, "--version"], capture_output=True,
                                 text=True).stdout
        except OSError:
            ver = ""
        if "clang" in ver:
            self.main_flags = ["-Wno-self-assign"]
        self.failures = []
        self.vectored = set()

    def kernels(self, indices):
        ks = [gen.generate(self.a.seed, i, self.modes, self.feats)
              for i in indices]
        # Mode vector: the kernels with f_dv (and f_b_dv) requests.
        self.vectored.update(i for i, k in zip(indices, ks) if k[4])
        return ks

    def ckc_cpu(self, i, d):
        """The CPU time ckc takes on kernel i alone (both builds)."""
        src = os.path.join(d, "alone%d.c" % i)
        gen.write_kernel_file(src, gen.file_text(
            self.kernels([i]), seed=self.a.seed, modes=self.modes))
        total = 0.0
        for extra in ([], reference(self.a.features))[:2 if self.a.transparency
                                               else 1]:
            _, _, _, cpu = run_timed([self.a.ckc, src, "-o", src[:-2] +
                                      "_grad.c"] + extra + self.a.ckc_arg,
                                     Log(), self.a.ckc_limit)
            total = max(total, cpu)
        return total

    def pipeline(self, indices, d, log, lit=False, timed=False):
        """Runs kernels indices in directory d.  Returns ({index: Result})
        for the kernels it could judge, and a failed stage ("ckc",
        "compile", "run") when the batch as a whole failed.  With
        --transparency, a second build from ckc --no-checkpoint
        --no-gather --no-fuse --no-interchange must give the same
        derivatives, bit for bit (DESIGN section 2).
        timed: every
        kernel in indices is known to take ckc less than --ckc-limit."""
        a = self.a
        ks = self.kernels(indices)
        names = {k[3]: i for k, i in zip(ks, indices)}
        src = os.path.join(d, "kernel.c")
        gen.write_kernel_file(src, gen.file_text(
            ks, lit=lit, seed=a.seed, modes=self.modes,
            features_arg=a.features))
        builds = [("kernel_grad", [])]
        if a.transparency:
            builds.append(("kernel_grad_nock", reference(a.features)))
        for base, extra in builds:
            out = os.path.join(d, base + ".c")
            # ckc on one kernel may take --ckc-limit seconds of CPU time; a
            # batch that takes longer than that has its kernels timed alone
            # (batch()), so that a kernel ckc hangs or blows up on is caught.
            limit = a.ckc_limit * (len(indices) if len(indices) > 1 else 1)
            rc, _, err, cpu = run_timed([a.ckc, src, "-o", out] + extra +
                                        a.ckc_arg, log, limit)
            if len(indices) == 1 and (rc is None or cpu > a.ckc_limit):
                return {}, ("ckc-time", "ckc %s%s, more than %gs" % (
                    " ".join(extra) + " " if extra else "",
                    "did not finish (killed after %.1fs of CPU time)" % cpu
                    if rc is None else "took %.1fs of CPU time" % cpu,
                    a.ckc_limit))
            if len(indices) > 1 and cpu > a.ckc_limit and not timed:
                return {}, ("ckc-time", "batch over the time limit")
            if rc != 0:
                bad = rc is None or rc < 0 or rc >= 3
                return {}, ("ckc", "ckc %s%s%s" % (
                    " ".join(extra) + " " if extra else "",
                    "crashed: " if bad else "refused the kernel: ",
                    describe(rc, a.timeout) if bad else first_error(err)))
        results = {}
        # kernel.c (the primal kernels and their driver) is compiled once
        # per build, at -O0, and linked with ckc's output built at each
        # level of --opts: the levels are the derivatives', and most of the
        # compile time is kernel.c's.  Not when -O0 is the only level,
        # unless the compiler is clang (main_flags).
        main_objs = {}
        if self.opts != ["-O0"] or self.main_flags:
            for base, extra in builds:
                obj = os.path.join(d, "kernel%s-main.o" % base[11:])
                rc, _, err = run([a.cc] + self.cflags + self.main_flags + [
                    "-O0", "-include", os.path.join(d, base + ".h"), "-c",
                    src, "-o", obj], log, a.timeout)
                if rc != 0:
                    return {}, ("compile", "gcc -O0: %s" % (
                        first_error(err) or describe(rc, a.timeout)))
                main_objs[base] = obj
        for opt in self.opts:
            dumps = []
            for base, extra in builds:
                exe = os.path.join(d, "kernel%s%s" % (base[11:], opt))
                out = os.path.join(d, base + ".c")
                grad = [out]
                cmds = []
                # at -O0 without vector mode's wide copies (see above)
                level = [opt] + (["-DCKC_NO_WIDE"] if opt == "-O0" else [])
                if a.grad_cflags:
                    # ckc's output compiled on its own, with the flags.
                    grad = [os.path.join(d, "%s%s.o" % (base, opt))]
                    cmds.append([a.cc] + self.cflags +
                                a.grad_cflags.split() +
                                level + ["-c", out, "-o", grad[0]])
                main = [main_objs[base]] if base in main_objs else [
                    "-include", os.path.join(d, base + ".h"), src]
                cmds.append([a.cc] + self.cflags + level + main +
                            grad + ["-o", exe, a.lib, "-lm", "-lpthread"])
                for cmd in cmds:
                    rc, _, err = run(cmd, log, a.timeout)
                    if rc != 0:
                        return {}, ("compile", "gcc %s: %s" % (
                            opt, first_error(err) or describe(rc,
                                                              a.timeout)))
                rc, sout, err = run([exe], log, a.timeout,
                                    env={"FZ_DUMP": "1"} if a.transparency
                                    else None)
                seen, dump = {}, {}
                for line in sout.splitlines():
                    name, _, rest = line.partition(": ")
                    if name in names:
                        status, _, what = rest.partition(": ")
                        if status == "dump":
                            dump[name] = what
                        else:
                            seen[name] = (status, what)
                if rc not in (0, 1) or len(seen) < len(names):
                    return {}, ("run", "the program (%s%s) %s" % (
                        opt, " " + " ".join(extra) if extra else "",
                        describe(rc, a.timeout)))
                dumps.append(dump)
                for name, (status, what) in seen.items():
                    self.merge(results, names[name], name, status, what,
                               opt + (" " + " ".join(extra) if extra
                                      else ""))
            if len(dumps) == 2:
                for name, i in names.items():
                    if dumps[0].get(name) != dumps[1].get(name):
                        results[i] = Result(
                            i, name, "fail", "derivatives differ from "
                            "those of ckc %s (%s): %s / %s" % (
                                " ".join(reference(a.features)), opt,
                                dumps[0].get(name),
                                dumps[1].get(name)), "checkpoint")
        return results, None

    @staticmethod
    def merge(results, i, name, status, what, where):
        """Records one program's verdict on kernel i: fail > skip > pass."""
        st = {"pass": "pass", "skip": "skip"}.get(status, "fail")
        prev = results.get(i)
        if prev is not None and prev.status == "fail":
            return
        if st == "fail":
            results[i] = Result(i, name, "fail", "%s (%s)" % (what, where),
                                "check")
        elif prev is None or (prev.status == "pass" and st == "skip"):
            results[i] = Result(i, name, st, what)

    def batch(self, indices, timed=False):
        """Results of kernels indices: a failing batch is split."""
        d = tempfile.mkdtemp(prefix="b%d-" % indices[0], dir=self.work)
        log = Log()
        results, failed = self.pipeline(indices, d, log, timed=timed)
        if failed and failed[0] == "ckc-time" and len(indices) > 1:
            # Time ckc on each kernel alone: the slow ones fail alone, the
            # others go on as a batch.
            slow = [i for i in indices
                    if self.ckc_cpu(i, d) > self.a.ckc_limit]
            rest = [i for i in indices if i not in slow]
            results = {}
            for i in slow:
                results.update(self.batch([i]))
            if rest:
                results.update(self.batch(rest, timed=True))
            if not self.a.keep_work:
                shutil.rmtree(d, ignore_errors=True)
            return results
        if failed and len(indices) > 1:
            results = {}
            for i in indices:
                results.update(self.batch([i]))
        elif failed:
            i = indices[0]
            results = {i: Result(i, gen.Gen(self.a.seed, i).name, "fail",
                                 failed[1], failed[0])}
        for r in results.values():
            if r.index in self.a.xfail:
                if r.status == "fail":
                    r.status = "xfail"
                else:
                    r.what = ("listed in --xfail but %s now: take it off "
                              "the list" % ("passes" if r.status == "pass"
                                            else "is skipped"))
                    r.status, r.stage = "fail", "xpass"
                    r.path = "-"
                    continue
            if r.status == "fail":
                self.keep(r)
        if not self.a.keep_work:
            shutil.rmtree(d, ignore_errors=True)
        return results

    def keep(self, r):
        """Writes the reproducer of failed kernel r (a run of it alone)."""
        d = os.path.join(self.a.keep, "seed%d-%d" % (self.a.seed, r.index))
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        log = Log()
        log.add("# kernel %s (gen.py --seed %d --index %d --modes %s%s)" % (
            r.name, self.a.seed, r.index, ",".join(self.modes),
            " --features " + self.a.features if self.a.features else ""))
        log.add("# failed: [%s] %s" % (r.stage, r.what))
        results, failed = self.pipeline([r.index], d, log, lit=True)
        if not failed and r.index in results and \
                results[r.index].status != "fail":
            log.add("# NOTE: alone, the kernel does not fail; it failed in "
                    "a batch with others")
        for f in os.listdir(d):
            if f.startswith(("kernel-O", "kernel_nock-O")) or \
                    f.endswith(".o"):
                os.remove(os.path.join(d, f))
        with open(os.path.join(d, "log.txt"), "w") as f:
            f.write(log.text())
        r.path = d

    def run(self):
        a = self.a
        os.makedirs(a.keep, exist_ok=True)
        self.work = a.work or tempfile.mkdtemp(prefix="ckc-fuzz-")
        os.makedirs(self.work, exist_ok=True)
        idx = list(range(a.first, a.first + a.count))
        # Batches of at most --batch kernels, at least two per job.
        size = max(1, min(a.batch, -(-a.count // (2 * a.jobs))))
        batches = [idx[i:i + size] for i in range(0, len(idx), size)]
        results = {}
        t0 = time.time()
        with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
            futs = [ex.submit(self.batch, b) for b in batches]
            done = 0
            for fut in concurrent.futures.as_completed(futs):
                res = fut.result()
                results.update(res)
                done += len(res)
                for r in sorted(res.values(), key=lambda r: r.index):
                    if r.status == "fail":
                        print("FAIL %s: [%s] %s\n     reproducer: %s" % (
                            r.name, r.stage, r.what, r.path), flush=True)
                    elif a.verbose:
                        print("%s %s %s" % (r.name, r.status, r.what))
                if a.progress:
                    sys.stderr.write("\rfuzz: %d/%d kernels" % (done,
                                                                a.count))
        if a.progress:
            sys.stderr.write("\n")
        if not a.work and not a.keep_work:
            shutil.rmtree(self.work, ignore_errors=True)
        count = {s: sum(r.status == s for r in results.values())
                 for s in ("pass", "fail", "skip", "xfail")}
        vec = ""
        if "vector" in self.modes:
            # A kernel that passed (or was skipped) passed the vector check
            # too, when it had one.
            vec = ", %d of them with vector checks" % sum(
                i in self.vectored for i in results)
        print("fuzz: seed %d, kernels %d..%d, modes %s: %d kernels: "
              "%d passed, %d failed, %d skipped%s%s (%.0fs)" % (
                  a.seed, a.first, a.first + a.count - 1,
                  ",".join(self.modes), len(results), count["pass"],
                  count["fail"], count["skip"],
                  ", %d known failures" % count["xfail"] if a.xfail else "",
                  vec, time.time() - t0))
        if count["fail"]:
            print("fuzz: reproducers in %s" % a.keep)
            return 1
        if count["pass"] < a.min_pass * a.count:
            print("fuzz: only %d of %d kernels passed, fewer than "
                  "--min-pass %.2f: the checks are not checking" % (
                      count["pass"], a.count, a.min_pass))
            return 1
        return 0


def first_error(err):
    for line in err.splitlines():
        if "error" in line:
            return line.strip()
    return err.strip().splitlines()[0] if err.strip() else ""


def main(argv):
    env = os.environ.get
    build = os.path.join(SRC, "build")
    ap = argparse.ArgumentParser(
        description="ckc's differential fuzzer (see the file's comment)")
    ap.add_argument("--ckc", default=os.path.join(build, "ckc"))
    ap.add_argument("--cc", default=env("CKC_RUN_CC", "gcc"))
    ap.add_argument("--lib", default=env("CKC_RUN_LIB",
                                         os.path.join(build, "libckrt.a")),
                    help="libckrt.a")
    ap.add_argument("--include", action="append", default=None,
                    help="include directories (testsuite/include, runtime)")
    ap.add_argument("--count", "-n", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--first", type=int, default=0,
                    help="index of the first kernel")
    ap.add_argument("--batch", type=int, default=25)
    ap.add_argument("--jobs", "-j", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--modes", default="tangent",
                    help="tangent[,adjoint[,hvp]][,vector]: the pragmas "
                    "and checks")
    ap.add_argument("--features", default="",
                    help="gen.py features, e.g. -loops,+checkpoint")
    ap.add_argument("--opts", default="-O0,-O2")
    ap.add_argument("--transparency", action="store_true",
                    help="also build from ckc --no-checkpoint --no-gather "
                    "--no-fuse --no-interchange and require "
                    "bitwise equal derivatives (the default with the "
                    "checkpoint feature)")
    ap.add_argument("--cflags", default="",
                    help="more compiler flags (e.g. sanitizers)")
    ap.add_argument("--grad-cflags", default="",
                    help="more flags for ckc's output only (to step over "
                    "a known bug while it is open)")
    ap.add_argument("--ckc-arg", action="append", default=[],
                    help="an argument for ckc (e.g. --no-useful)")
    ap.add_argument("--keep", default=os.path.join(build, "fuzz-failures"),
                    help="where reproducers of failures go")
    ap.add_argument("--work", help="scratch directory (default: a new "
                    "temporary one, removed at the end)")
    ap.add_argument("--keep-work", action="store_true")
    ap.add_argument("--timeout", type=int, default=120,
                    help="seconds per command")
    ap.add_argument("--ckc-limit", type=float, default=5.0,
                    help="seconds of CPU time ckc may take on one kernel: "
                    "a kernel over it fails (a hang or a blow-up)")
    ap.add_argument("--min-pass", type=float, default=0.0,
                    help="fail unless this fraction of the kernels pass")
    ap.add_argument("--xfail", default="",
                    help="indices of kernels known to fail (see above)")
    ap.add_argument("--progress", action="store_true")
    ap.add_argument("--verbose", "-v", action="store_true")
    a = ap.parse_args(argv)
    if a.include is None:
        a.include = [env("CKC_RUN_INCLUDE",
                         os.path.join(SRC, "testsuite", "include")),
                     env("CKC_RUN_RUNTIME", os.path.join(SRC, "runtime"))]
    a.xfail = set(int(i) for i in a.xfail.split(",") if i)
    a.transparency = a.transparency or \
        gen.parse_features(a.features).get("checkpoint", False)
    a.ckc = os.path.abspath(a.ckc)
    a.keep = os.path.abspath(a.keep)
    for what, path in (("ckc", a.ckc), ("libckrt", a.lib)):
        if not os.path.exists(path):
            sys.exit("run.py: no %s at %s (build first: make build)" % (
                what, path))
    return Fuzzer(a).run()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
