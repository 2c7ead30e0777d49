// The generated file turns floating-point contraction off for itself,
// before what it includes: gcc's GNU modes and clang's default fuse
// a * b + c where the shapes of two functions allow it, and f_dv would then
// differ from f_d, or a checkpointed f_b from the same without
// checkpoints, in the last bits.  Compiled with FMA instructions available
// (-mfma), gcc -std=gnu99 and clang emit none; -DCKC_FP_CONTRACT keeps the
// compiler's choice, and gcc fuses again.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %cc -std=gnu99 -O2 -mfma -c %t.c -o %t.o
// RUN: objdump -d %t.o | FileCheck %s --check-prefix=SEPARATE
// RUN: %cc -std=gnu99 -O2 -mfma -DCKC_FP_CONTRACT -c %t.c -o %t.fused.o
// RUN: objdump -d %t.fused.o | FileCheck %s --check-prefix=FUSED
// RUN: %if clang %{ %clang -std=c99 -Wall -Wextra -pedantic -Werror -O2 -mfma -I%srcroot/runtime -c %t.c -o %t.clang.o %}
// RUN: %if clang %{ objdump -d %t.clang.o | FileCheck %s --check-prefix=SEPARATE %}
// CHECK: #ifndef CKC_FP_CONTRACT
// CHECK-NEXT: #if defined(__clang__)
// CHECK-NEXT: #pragma STDC FP_CONTRACT OFF
// CHECK-NEXT: #elif defined(__GNUC__)
// CHECK-NEXT: #pragma GCC optimize("fp-contract=off")
// CHECK-NEXT: #endif
// CHECK-NEXT: #endif
// CHECK: #include "ckrt.h"
// SEPARATE: Disassembly of section .text:
// SEPARATE-NOT: {{vfn?m(add|sub)}}
// FUSED: {{vfn?m(add|sub)}}

#pragma ck_tangent wrt(x)
#pragma ck_tangent wrt(x) vector
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double horner(const double *x, const double *c, int n)
{
	double s = 0.0;
	for (int i = n - 1; i >= 0; i--)
		s = s * x[0] + c[i] * x[i % 4];
	return s;
}
