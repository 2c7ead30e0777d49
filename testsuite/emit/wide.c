// Vector mode's functions are emitted a second and a third time, for
// AVX-512 and for AVX2 (f_dv_ck512, f_dv_ck256; calls between vector
// functions renamed to the same copy), and the public f_dv runs the widest
// copy the processor has.  x86-64 gcc and clang only; -DCKC_NO_WIDE keeps
// the one copy.  The directions compute the same operations in the same
// order in every copy, without fused multiply-adds (the file's
// fp-contract=off holds in them): f_dv of 16 directions equals 16 calls of
// f_d bit for bit, with and without the wide copies, at gcc -O2 (plain:
// the sanitizers keep gcc from vectorizing) and clang -O2.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %cc-plain -O2 -c %t.c -o %t.o
// RUN: objdump -d %t.o | FileCheck %s --check-prefix=WIDE
// RUN: %cc-plain -O2 -DCKC_NO_WIDE -c %t.c -o %t.narrow.o
// RUN: objdump -d %t.narrow.o | FileCheck %s --check-prefix=NARROW
// RUN: %cc-plain -O0 -DCK_TEST_MAIN -include %t.h -c %s -o %t.main.o
// RUN: %cc-plain %t.main.o %t.o %ckrt-plain -o %t.wide
// RUN: %cc-plain %t.main.o %t.narrow.o %ckrt-plain -o %t.narrow
// RUN: %t.wide > %t.wide.out
// RUN: %t.narrow > %t.narrow.out
// RUN: cmp %t.wide.out %t.narrow.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.wide.out
// RUN: %if clang %{ %clang -std=c99 -Wall -Wextra -pedantic -Werror -Wno-unknown-pragmas -ffp-contract=off -O2 -I%srcroot/runtime -c %t.c -o %t.clang.o %}
// RUN: %if clang %{ %cc-plain %t.main.o %t.clang.o %ckrt-plain -o %t.clang %}
// RUN: %if clang %{ %t.clang > %t.clang.out %}
// RUN: %if clang %{ cmp %t.wide.out %t.clang.out %}
// CHECK: #if !defined(CKC_NO_WIDE) && defined(__x86_64__) && !defined(__AVX512F__) &&
// CHECK: #define CKC_WIDE 1
// CHECK: #ifdef CKC_WIDE
// CHECK-NEXT: #if defined(__clang__)
// CHECK-NEXT: #pragma clang attribute push(__attribute__((target("avx512f"))), apply_to = function)
// CHECK-NEXT: #else
// CHECK-NEXT: #pragma GCC push_options
// CHECK-NEXT: #pragma GCC target("avx512f")
// CHECK-NEXT: #endif
// CHECK-DAG: static double model_dv_ck512(const double *p, const double *p_dv, int n, int ck_nd, double *ret_dv);
// CHECK-DAG: static double term_dv_ck512(const double *p, const double *p_dv, int i, int ck_nd, double *ret_dv);
// CHECK: #pragma GCC target("avx2")
// CHECK-DAG: static double model_dv_ck256(
// CHECK-DAG: static double term_dv_ck256(
// CHECK-LABEL: double model_dv(const double *p, const double *p_dv, int n, int ck_nd, double *ret_dv)
// CHECK-NEXT: {
// CHECK-NEXT: #ifdef CKC_WIDE
// CHECK-NEXT: if (__builtin_cpu_supports("avx512f")) {
// CHECK-NOT: }
// CHECK: return model_dv_ck512(p, p_dv, n, ck_nd, ret_dv);
// CHECK-NEXT: }
// CHECK-NEXT: if (__builtin_cpu_supports("avx2")) {
// CHECK-NOT: }
// CHECK: return model_dv_ck256(p, p_dv, n, ck_nd, ret_dv);
// CHECK-NEXT: }
// CHECK-NEXT: #elif !defined(CKC_NO_FIXED)
// CHECK: term_dv(p, p_dv, i, ck_nd, ck_term_dv)
// CHECK: #pragma GCC target("avx512f")
// CHECK-LABEL: static double model_dv_ck512(
// CHECK-NOT: __builtin_cpu_supports
// CHECK: CKC_WIDE_DIRECTIONS for (int ck_k = 0; ck_k < ck_nd; ck_k++)
// CHECK: term_dv_ck512(p, p_dv, i, ck_nd, ck_term_dv)
// CHECK: #pragma GCC pop_options
// WIDE: <model_dv_ck512{{[^>]*}}>:
// WIDE-NOT: vfmadd
// WIDE: zmm
// WIDE-NOT: vfmadd
// NARROW-NOT: _ck512
// NARROW-NOT: zmm
// OUT: ok

#include <math.h>

static double term(const double *p, int i)
{
	return p[i] * p[i + 1] + sin(p[i]) * p[i + 1];
}

#pragma ck_tangent wrt(p) vector
#pragma ck_tangent wrt(p)
double model(const double *p, int n)
{
	double s = 0.0;
	for (int i = 0; i < n - 1; i++)
		s += 0.5 * term(p, i) + p[i] * p[i] * p[i + 1];
	return s;
}

#ifdef CK_TEST_MAIN
#include <stdio.h>
#include <string.h>

#define N 40
#define ND 16

int main(void)
{
	static double p[N], p_dv[N * ND], p_d[N];
	double y_dv[ND], y_d, y, y1;
	int i, k, bad = 0;

	for (i = 0; i < N; i++) {
		p[i] = 0.3 + 0.05 * i;
		for (k = 0; k < ND; k++)
			p_dv[i * ND + k] = (i == k) ? 1.0 : 0.01 * (k + 1) * (i % 5);
	}
	y = model_dv(p, p_dv, N, ND, y_dv);
	for (k = 0; k < ND; k++) {
		for (i = 0; i < N; i++)
			p_d[i] = p_dv[i * ND + k];
		y1 = model_d(p, p_d, N, &y_d);
		if (memcmp(&y1, &y, sizeof y) || memcmp(&y_d, &y_dv[k], sizeof y_d))
			bad = 1;
		printf("%a %a\n", y, y_dv[k]);
	}
	printf("%s\n", bad ? "differ" : "ok");
	return bad;
}
#endif
