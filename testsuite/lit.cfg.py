# -*- Python -*-
# The lit configuration of ckc's test suite.
#
# Substitutions:
#   %ckc       the ckc to test: the sanitized one under make check (below),
#              else the ckc binary of the build
#   %ckc-release the ckc binary of the build, the one installed
#   %ckc-run   tools/ckc-run: compile GENERATED.c with TEST.c with gcc at
#              -O0 (under the sanitizers and -DCKC_NO_WIDE in make check)
#              and clang at -O2,
#              run both, check they print the same; GENERATED.c also
#              compiled by gcc at -O2 for its warnings.  %ckc-run --one:
#              the first build only, for a test's further runs of the
#              same kernel under other ckc options
#   %cc        gcc -std=c99 -Wall -Wextra -pedantic -Werror
#              -Wno-unknown-pragmas -I<include> -I<runtime> (and the
#              sanitizers under make check)
#   %cc-plain  %cc without the sanitizers, for what they change (the code
#              gcc emits, as emit/cost-model.c reads it)
#   %ckrt      libckrt.a -lm -lpthread (link line for %cc's programs; the
#              sanitized libckrt.a under make check)
#   %ckrt-lib  the libckrt.a of %ckrt alone
#   %ckrt-plain the build's libckrt.a -lm -lpthread, never sanitized (for
#              programs built with other sanitizers, e.g. ThreadSanitizer)
#   %clang     clang-19 (feature "clang"; tests using it say REQUIRES: clang)
#   %archer    LLVM's libarcher.so, for ThreadSanitizer on OpenMP programs
#              (feature "tsan-openmp")
#   %srcroot   the source tree's root
#   %san_cflags the sanitizer flags under make check, else empty
#
# With MPI (feature "mpi": CMake built libckrt_mpi and found mpicc, and
# mpirun is on PATH; tests using them say REQUIRES: mpi):
#   %mpicc     mpicc with the flags of %cc
#   %ckrt-mpi  libckrt_mpi.a libckrt.a -lm -lpthread (sanitized as %ckrt)
#   %mpirun    tools/mpirun-test: mpirun --oversubscribe -np under a
#              timeout of 120 s, with a TMPDIR of its own (a test writes
#              %mpirun 2 %t.exe; the timeout turns a deadlock into a
#              failure)
#
# --param sanitizers=DIR (make check: DIR is build-asan/, where ckc and
# libckrt are built with -fsanitize=address,undefined): one run of the
# suite tests both builds.  %ckc is the sanitized ckc, %cc and %mpicc add
# the sanitizers and link the sanitized libckrt, and %ckc-run's first
# build (gcc -O0) carries them, while its clang -O2 (or gcc -O2) build
# links the plain libckrt; feature "sanitize".  Sanitizer reports go to
# files in DIR/sanitizer-reports/ (a test that expects a failing status
# would hide them otherwise); the Makefile fails when there is one.
# Without the parameter nothing is sanitized.
#
# Run from the build tree (lit build/testsuite) or on files of the source
# tree (lit testsuite/runtime/tape-types.c): then the site configuration of
# ../build (or of $CKC_BUILD_DIR) is loaded.
import os
import shutil

import lit.formats

# The %ckc of --param sanitizers=DIR (see below).
SANITIZED_CKC = """#!/bin/bash
# Written by testsuite/lit.cfg.py for make check: runs ckc (built with
# ASan and UBSan) with its stderr captured, passes its output and exit
# status through, and files its stderr in the reports directory when a
# sanitizer spoke there (gcc's UBSan ignores log_path when ASan is linked
# too), or when ckc hit an internal error (exit status 3), even when the
# test expected ckc to fail.  LeakSanitizer is off in ckc's runs unless
# CKC_LEAKS=1, which the diagnostics', the hostile inputs' and the
# examples' directories set (ckc's error paths, on purpose and at random,
# and its largest inputs): on a small input it was a
# quarter of the sanitized ckc's run time, and ckc's runs are most of the
# suite's.  The programs the tests build keep it: libckrt's leaks matter.
if [ "${CKC_LEAKS:-0}" != 1 ]; then
	export ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=0"
fi
err=$(mktemp) || exit 99
"%(ckc)s" "$@" 2> "$err"
status=$?
cat "$err" >&2
if grep -q 'runtime error:\\|Sanitizer' "$err"; then
	cp "$err" "%(reports)s/ckc-stderr.$$"
fi
# an internal error (exit status 3) is a bug whatever the test expects
if [ $status -eq 3 ]; then
	cp "$err" "%(reports)s/ckc-internal-error.$$"
fi
rm -f "$err"
exit $status
"""

here = os.path.dirname(os.path.abspath(__file__))

if not hasattr(config, "ckc_obj_root"):
    build = os.environ.get("CKC_BUILD_DIR", os.path.join(here, "..", "build"))
    site = os.path.join(os.path.abspath(build), "testsuite", "lit.site.cfg.py")
    if not os.path.exists(site):
        lit_config.fatal("no %s: build first (make build), or set "
                         "CKC_BUILD_DIR to the build directory" % site)
    # The site configuration loads this file again, with the paths set.
    lit_config.load_config(config, site)
else:
    config.name = "ckc"
    config.test_format = lit.formats.ShTest(execute_external=False)
    config.suffixes = [".c", ".test"]
    config.excludes = ["include", "tools", "Inputs", "lit.cfg.py",
                       "lit.site.cfg.py.in"]
    config.test_source_root = here
    config.test_exec_root = os.path.join(config.ckc_obj_root, "testsuite")

    src = config.ckc_src_root
    include = os.path.join(src, "testsuite", "include")
    runtime = os.path.join(src, "runtime")
    tools = os.path.join(src, "testsuite", "tools")

    # FileCheck, not, count come from LLVM 19.
    config.environment["PATH"] = os.pathsep.join(
        [config.llvm_bin_dir, config.environment.get("PATH", os.environ["PATH"])])
    for var in ["HOME", "TMPDIR", "LANG", "LC_ALL"]:
        if var in os.environ:
            config.environment[var] = os.environ[var]
    # Tests decide about CK_STATS themselves.
    config.environment.pop("CK_STATS", None)

    # What tools/ckc-run needs.
    config.environment["CKC_RUN_INCLUDE"] = include
    config.environment["CKC_RUN_RUNTIME"] = runtime
    config.environment["CKC_RUN_LIB"] = config.ckrt_lib
    config.environment["CKC_RUN_CC"] = config.test_cc
    config.environment["CKC_RUN_CLANG"] = config.test_clang
    san_cflags = ""
    ckc_cmd = config.ckc_bin
    ckrt_lib = config.ckrt_lib
    ckrt_mpi_lib = getattr(config, "ckrt_mpi_lib", "")
    san_dir = lit_config.params.get("sanitizers", "")
    if san_dir:
        san_dir = os.path.abspath(san_dir)
        san_ckc = os.path.join(san_dir, "ckc")
        ckrt_lib = os.path.join(san_dir, os.path.basename(config.ckrt_lib))
        for f in (san_ckc, ckrt_lib):
            if not os.path.exists(f):
                lit_config.fatal("--param sanitizers=%s: no %s (make asan)"
                                 % (san_dir, f))
        if ckrt_mpi_lib:
            ckrt_mpi_lib = os.path.join(san_dir,
                                        os.path.basename(ckrt_mpi_lib))
        # The programs the tests build leave out two of UBSan's checks (ckc
        # and libckrt keep them): pointer-overflow, whose gcc version
        # reports only an address computation that wraps around, which
        # ASan's checks of every access and the other UBSan checks leave
        # little to find; and object-size, whose accesses past the end of
        # an object ASan reports too.  At -O0 they took a quarter and a
        # fifth of the compile time of ckc's output.
        san_cflags = ("-fsanitize=address,undefined "
                      "-fno-sanitize=pointer-overflow,object-size "
                      "-fno-omit-frame-pointer -fno-sanitize-recover=all")
        config.available_features.add("sanitize")
        reports = os.path.join(san_dir, "sanitizer-reports")
        os.makedirs(reports, exist_ok=True)
        config.environment["ASAN_OPTIONS"] = (
            "detect_leaks=1:abort_on_error=1:log_path=%s/asan" % reports)
        config.environment["UBSAN_OPTIONS"] = (
            "halt_on_error=1:abort_on_error=1:print_stacktrace=1:"
            "log_path=%s/ubsan" % reports)
        config.environment["CKC_RUN_SAN_CFLAGS"] = san_cflags
        config.environment["CKC_RUN_SAN_LIB"] = ckrt_lib
        # gcc's UBSan prints to stderr even with log_path when ASan is
        # linked too, so %ckc is a wrapper that files what ckc's stderr
        # holds of a sanitizer in the reports directory.
        ckc_cmd = os.path.join(config.ckc_obj_root, "ckc-sanitized")
        with open(ckc_cmd, "w") as f:
            f.write(SANITIZED_CKC % {"ckc": san_ckc, "reports": reports})
        os.chmod(ckc_cmd, 0o755)
    config.substitutions.append(("%san_cflags", san_cflags))

    # The flags of %cc, and of %mpicc.
    plain_cflags = ("-std=c99 -Wall -Wextra -pedantic -Werror "
                    "-Wno-unknown-pragmas -I%s -I%s") % (include, runtime)
    cflags = "%s %s" % (plain_cflags, san_cflags)
    cc = "%s %s" % (config.test_cc, cflags)
    cc_plain = "%s %s" % (config.test_cc, plain_cflags)
    # Longer names first: lit substitutes in list order.
    config.substitutions.append(
        ("%ckc-run", "bash " + os.path.join(tools, "ckc-run")))
    config.substitutions.append(("%ckc-release", config.ckc_bin))
    config.substitutions.append(("%ckc", ckc_cmd))
    config.substitutions.append(("%ckrt-lib", ckrt_lib))
    config.substitutions.append(
        ("%ckrt-plain", config.ckrt_lib + " -lm -lpthread"))
    config.substitutions.append(("%ckrt", ckrt_lib + " -lm -lpthread"))
    config.substitutions.append(("%cc-plain", cc_plain))
    config.substitutions.append(("%cc", cc))
    config.substitutions.append(("%srcroot", src))

    # MPI: Open MPI's mpirun (Debian's), which --oversubscribe lets run 4
    # ranks on fewer cores and which refuses root (containers, CI) unless
    # told twice.
    mpicc = getattr(config, "mpicc", "")
    if ckrt_mpi_lib and mpicc and shutil.which(
            "mpirun", path=config.environment["PATH"]):
        config.available_features.add("mpi")
        config.environment["OMPI_ALLOW_RUN_AS_ROOT"] = "1"
        config.environment["OMPI_ALLOW_RUN_AS_ROOT_CONFIRM"] = "1"
        config.environment["OMPI_MCA_rmaps_base_oversubscribe"] = "1"
        # At the front: %ckrt-mpi before %ckrt (longer names first).
        config.substitutions.insert(
            0, ("%mpirun", "bash " + os.path.join(tools, "mpirun-test")))
        config.substitutions.insert(
            0, ("%ckrt-mpi", "%s %s -lm -lpthread" %
                            (ckrt_mpi_lib, ckrt_lib)))
        config.substitutions.insert(0, ("%mpicc", "%s %s" % (mpicc, cflags)))

    if config.test_clang:
        config.available_features.add("clang")
        config.substitutions.append(("%clang", config.test_clang))
        # ThreadSanitizer on OpenMP programs: clang's TSan runtime
        # (libclang-rt-19-dev) and LLVM's OpenMP runtime with Archer, the
        # OMPT tool that tells TSan about OpenMP's synchronisation
        # (libomp-19-dev); feature "tsan-openmp", %archer its library.
        import subprocess
        import tempfile
        archer = os.path.join(config.llvm_bin_dir, "..", "lib", "libarcher.so")
        with tempfile.TemporaryDirectory() as tmp:
            try:
                ok = subprocess.run(
                    [config.test_clang, "-x", "c", "-", "-fopenmp",
                     "-fsanitize=thread", "-o", os.path.join(tmp, "a.out")],
                    input="int main(void) { return 0; }\n", text=True,
                    capture_output=True).returncode == 0
            except OSError:
                ok = False
        if ok and os.path.exists(archer):
            config.available_features.add("tsan-openmp")
            config.substitutions.append(("%archer", os.path.abspath(archer)))
