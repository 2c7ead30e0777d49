// Vector mode's copies for 16 and for 8 directions: at each level (AVX-512
// and AVX2 under CKC_WIDE, else the file's own instruction set) every
// vector function is emitted again with ck_nd an enum constant instead of
// a parameter (f_dv_ck512_n16, f_dv_n8, ...), calls between them pass no
// ck_nd, their direction loops are marked CKC_FIXED_DIRECTIONS(W), and the
// public f_dv runs them for those counts (a void one returns after the
// call).  Every direction computes the same operations in the same order
// as in f_d: for nd = 1, 3, 8 and 16, f_dv equals f_d along each
// direction bit for bit, with the wide copies and without them
// (-DCKC_NO_WIDE), at gcc -O2 and clang -O2; -mavx512f builds compile
// clean too (their CKC_VW is 8).  With -DCKC_NO_FIXED as well (a quick -O0
// build) the fixed copies are left out, and the public functions give
// the same bits for every count.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %cc-plain -O2 -c %t.c -o %t.o
// RUN: objdump -d %t.o | FileCheck %s --check-prefix=WIDE
// RUN: %cc-plain -O2 -DCKC_NO_WIDE -c %t.c -o %t.narrow.o
// RUN: objdump -d %t.narrow.o | FileCheck %s --check-prefix=NARROW
// RUN: %cc-plain -O2 -mavx512f -c %t.c -o %t.avx512.o
// RUN: %cc-plain -O0 -DCK_TEST_MAIN -include %t.h -c %s -o %t.main.o
// RUN: %cc-plain %t.main.o %t.o %ckrt-plain -o %t.wide
// RUN: %cc-plain %t.main.o %t.narrow.o %ckrt-plain -o %t.narrow
// RUN: %t.wide > %t.wide.out
// RUN: %t.narrow > %t.narrow.out
// RUN: cmp %t.wide.out %t.narrow.out
// RUN: %cc-plain -O0 -DCKC_NO_WIDE -DCKC_NO_FIXED -c %t.c -o %t.nofixed.o
// RUN: nm %t.nofixed.o | not grep -E '_n(8|16)$'
// RUN: nm %t.narrow.o | grep -E '_n(8|16)$'
// RUN: %cc-plain %t.main.o %t.nofixed.o %ckrt-plain -o %t.nofixed
// RUN: %t.nofixed > %t.nofixed.out
// RUN: cmp %t.wide.out %t.nofixed.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.wide.out
// RUN: %if clang %{ %clang -std=c99 -Wall -Wextra -pedantic -Werror -Wno-unknown-pragmas -ffp-contract=off -O2 -I%srcroot/runtime -c %t.c -o %t.clang.o %}
// RUN: %if clang %{ %clang -std=c99 -Wall -Wextra -pedantic -Werror -Wno-unknown-pragmas -ffp-contract=off -O2 -DCKC_NO_WIDE -I%srcroot/runtime -c %t.c -o %t.clang.narrow.o %}
// RUN: %if clang %{ %clang -std=c99 -Wall -Wextra -pedantic -Werror -Wno-unknown-pragmas -ffp-contract=off -O2 -mavx512f -I%srcroot/runtime -c %t.c -o %t.clang.avx512.o %}
// RUN: %if clang %{ %cc-plain %t.main.o %t.clang.o %ckrt-plain -o %t.clang %}
// RUN: %if clang %{ %cc-plain %t.main.o %t.clang.narrow.o %ckrt-plain -o %t.clang.narrow %}
// RUN: %if clang %{ %t.clang > %t.clang.out %}
// RUN: %if clang %{ %t.clang.narrow > %t.clang.narrow.out %}
// RUN: %if clang %{ cmp %t.wide.out %t.clang.out %}
// RUN: %if clang %{ cmp %t.wide.out %t.clang.narrow.out %}
// CHECK: #define CKC_FIXED_DIRECTIONS(w) CKC_PRAGMA_(clang loop unroll(disable)
// CHECK: #define CKC_FIXED_DIRECTIONS(w) CKC_PRAGMA_(GCC unroll (ck_nd / (w)))
// CHECK: #ifdef CKC_WIDE
// CHECK: #pragma GCC target("avx512f")
// CHECK: static double model_dv_ck512(const double *p, const double *p_dv, int n, int ck_nd, double *ret_dv);
// CHECK: static double model_dv_ck512_n16(const double *p, const double *p_dv, int n, double *ret_dv);
// CHECK: static void resid_dv_ck512_n16(const double *p, const double *p_dv, double *y, double *y_dv, int n);
// CHECK: static double term_dv_ck512_n16(const double *p, const double *p_dv, int i, double *ret_dv);
// CHECK: static double model_dv_ck512_n8(
// CHECK: #pragma GCC target("avx2")
// CHECK: static double model_dv_ck256_n16(
// CHECK: static double model_dv_ck256_n8(
// CHECK: #pragma GCC pop_options
// CHECK-NEXT: #endif
// CHECK-NEXT: #elif !defined(CKC_NO_FIXED)
// CHECK-NEXT: static double model_dv_n16(const double *p, const double *p_dv, int n, double *ret_dv);
// CHECK: static double model_dv_n8(
// CHECK: #endif
// CHECK-LABEL: double model_dv(const double *p, const double *p_dv, int n, int ck_nd, double *ret_dv)
// CHECK-NEXT: {
// CHECK-NEXT: #ifdef CKC_WIDE
// CHECK-NEXT: if (__builtin_cpu_supports("avx512f")) {
// CHECK-NEXT: if (ck_nd == 16)
// CHECK-NEXT: return model_dv_ck512_n16(p, p_dv, n, ret_dv);
// CHECK-NEXT: if (ck_nd == 8)
// CHECK-NEXT: return model_dv_ck512_n8(p, p_dv, n, ret_dv);
// CHECK-NEXT: return model_dv_ck512(p, p_dv, n, ck_nd, ret_dv);
// CHECK-NEXT: }
// CHECK-NEXT: if (__builtin_cpu_supports("avx2")) {
// CHECK-NEXT: if (ck_nd == 16)
// CHECK-NEXT: return model_dv_ck256_n16(p, p_dv, n, ret_dv);
// CHECK-NEXT: if (ck_nd == 8)
// CHECK-NEXT: return model_dv_ck256_n8(p, p_dv, n, ret_dv);
// CHECK-NEXT: return model_dv_ck256(p, p_dv, n, ck_nd, ret_dv);
// CHECK-NEXT: }
// CHECK-NEXT: #elif !defined(CKC_NO_FIXED)
// CHECK-NEXT: if (ck_nd == 16)
// CHECK-NEXT: return model_dv_n16(p, p_dv, n, ret_dv);
// CHECK-NEXT: if (ck_nd == 8)
// CHECK-NEXT: return model_dv_n8(p, p_dv, n, ret_dv);
// CHECK-NEXT: #endif
// CHECK-LABEL: void resid_dv(const double *p, const double *p_dv, double *y, double *y_dv, int n, int ck_nd)
// CHECK-NEXT: {
// CHECK-NEXT: #ifdef CKC_WIDE
// CHECK-NEXT: if (__builtin_cpu_supports("avx512f")) {
// CHECK-NEXT: if (ck_nd == 16) {
// CHECK-NEXT: resid_dv_ck512_n16(p, p_dv, y, y_dv, n);
// CHECK-NEXT: return;
// CHECK-NEXT: }
// CHECK: resid_dv_ck512(p, p_dv, y, y_dv, n, ck_nd);
// CHECK-NEXT: return;
// CHECK-NEXT: }
// CHECK-LABEL: static double model_dv_ck512_n16(const double *p, const double *p_dv, int n, double *ret_dv)
// CHECK-NEXT: {
// CHECK-NEXT: enum { ck_nd = 16 };
// CHECK-NOT: __builtin_cpu_supports
// CHECK: CKC_FIXED_DIRECTIONS(8) for (int ck_k = 0; ck_k < ck_nd; ck_k++)
// CHECK: term_dv_ck512_n16(p, p_dv, i, ck_term_dv)
// CHECK-LABEL: static double model_dv_ck256_n8(
// CHECK-NEXT: {
// CHECK-NEXT: enum { ck_nd = 8 };
// CHECK: CKC_FIXED_DIRECTIONS(4) for
// CHECK: term_dv_ck256_n8(p, p_dv, i, ck_term_dv)
// CHECK-LABEL: static double model_dv_n16(
// CHECK-NEXT: {
// CHECK-NEXT: enum { ck_nd = 16 };
// CHECK: CKC_FIXED_DIRECTIONS(CKC_VW) for
// CHECK: term_dv_n16(p, p_dv, i, ck_term_dv)
// WIDE: <model_dv_ck512_n16{{[^>]*}}>:
// WIDE-NOT: vfmadd
// WIDE: zmm
// WIDE-NOT: vfmadd
// NARROW-NOT: _ck512
// NARROW: <term_dv_n16{{[^>]*}}>:
// NARROW-NOT: ymm
// OUT: nd 1 ok
// OUT: nd 3 ok
// OUT: nd 8 ok
// OUT: nd 16 ok

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

#pragma ck_tangent wrt(p) out(y) vector
#pragma ck_tangent wrt(p) out(y)
void resid(const double *p, double *y, int n)
{
	for (int i = 0; i < n - 1; i++)
		y[i] = exp(p[i] * 0.5) * p[i + 1] - term(p, i) / (1.0 + p[i]);
	y[n - 1] = p[0] * p[n - 1];
}

#ifdef CK_TEST_MAIN
#include <stdio.h>
#include <string.h>

#define N 40
#define MAXND 16

int main(void)
{
	static const int nds[] = { 1, 3, 8, 16 };
	static double p[N], p_dv[N * MAXND], p_d[N];
	static double y[N], y_dv[N * MAXND], y1[N], y_d[N];
	double s_dv[MAXND], s_d, s, s1;
	int i, k, j, bad, nd;

	for (i = 0; i < N; i++)
		p[i] = 0.3 + 0.05 * i;
	for (j = 0; j < 4; j++) {
		nd = nds[j];
		bad = 0;
		for (i = 0; i < N; i++)
			for (k = 0; k < nd; k++)
				p_dv[i * nd + k] = (i == k) ? 1.0
							    : 0.01 * (k + 1) * (i % 5);
		s = model_dv(p, p_dv, N, nd, s_dv);
		resid_dv(p, p_dv, y, y_dv, N, nd);
		for (k = 0; k < nd; k++) {
			for (i = 0; i < N; i++)
				p_d[i] = p_dv[i * nd + k];
			s1 = model_d(p, p_d, N, &s_d);
			if (memcmp(&s1, &s, sizeof s) ||
			    memcmp(&s_d, &s_dv[k], sizeof s_d))
				bad = 1;
			resid_d(p, p_d, y1, y_d, N);
			for (i = 0; i < N; i++)
				if (memcmp(&y1[i], &y[i], sizeof y[i]) ||
				    memcmp(&y_d[i], &y_dv[i * nd + k],
					   sizeof y_d[i]))
					bad = 1;
			printf("%a %a %a\n", s, s_dv[k], y_dv[(N - 1) * nd + k]);
		}
		printf("nd %d %s\n", nd, bad ? "differ" : "ok");
	}
	return 0;
}
#endif
