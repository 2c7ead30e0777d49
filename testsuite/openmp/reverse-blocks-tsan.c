// ThreadSanitizer (with Archer) finds no race in the parallel sweeps of
// f_b and f_b_d of loops that record into blocks of the tape: the kernel
// and checks of reverse-blocks.c (a nonlinear stencil recording three
// values per cell, its reverse in phases, a sum recording one), at 1, 2
// and 4 threads.
// make check's UBSAN_OPTIONS and ASAN_OPTIONS are unset for the runs: clang's
// TSan runtime would write its reports to UBSan's log_path, not stderr.
// REQUIRES: tsan-openmp
// RUN: %ckc %S/reverse-blocks.c -o %t.c
// RUN: %clang -std=c99 -g -O1 -fopenmp -fsanitize=thread -DCK_TEST_MAIN -I%srcroot/testsuite/include -I%srcroot/runtime -include %t.h %t.c %S/reverse-blocks.c -o %t.tsan %ckrt-plain
// RUN: env -u UBSAN_OPTIONS -u ASAN_OPTIONS OMP_TOOL_LIBRARIES=%archer TSAN_OPTIONS="ignore_noninstrumented_modules=1 exitcode=66" %t.tsan 2>&1 | FileCheck %s
// CHECK-NOT: ThreadSanitizer
// CHECK: 0 failed
// The control: the stencil's reverse in one phase instead of three
// (u_b[i - 1 .. i + 1] shared by neighbouring iterations) is reported.
// RUN: sed -E 's/(ck_ph[0-9]*) < 3;/\1 < 1;/; s/\+= 3\)/+= 1)/' %t.c > %t.racy.c
// RUN: %clang -std=c99 -g -O1 -fopenmp -fsanitize=thread -DCK_TEST_MAIN -I%srcroot/testsuite/include -I%srcroot/runtime -include %t.h %t.racy.c %S/reverse-blocks.c -o %t.racy %ckrt-plain
// RUN: env -u UBSAN_OPTIONS -u ASAN_OPTIONS OMP_TOOL_LIBRARIES=%archer TSAN_OPTIONS="ignore_noninstrumented_modules=1 exitcode=66" not %t.racy 2>&1 | FileCheck %s --check-prefix=RACE
// RACE: WARNING: ThreadSanitizer: data race
// The slots of reverse-slots.c (iterations that record under branches),
// both sweeps parallel.
// RUN: %ckc %S/reverse-slots.c -o %t.slots.c
// RUN: %clang -std=c99 -g -O1 -fopenmp -fsanitize=thread -DCK_TEST_MAIN -I%srcroot/testsuite/include -I%srcroot/runtime -include %t.slots.h %t.slots.c %S/reverse-slots.c -o %t.slots %ckrt-plain
// RUN: env -u UBSAN_OPTIONS -u ASAN_OPTIONS OMP_TOOL_LIBRARIES=%archer TSAN_OPTIONS="ignore_noninstrumented_modules=1 exitcode=66" %t.slots 2>&1 | FileCheck %s
