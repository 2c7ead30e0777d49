// for, while and do loops carrying active values, with break and continue:
// iteration counts and exit codes on the tape, the loop index undone by
// its inverse (i--), never taped.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-tbr %s -o %t.notbr.c
// RUN: %ckc-run --one %t.notbr.c %s %t.notbr > %t.notbr.out
// RUN: cmp %t.out %t.notbr.out
// RUN: %ckc --no-activity %s -o %t.noact.c
// RUN: %ckc-run --one %t.noact.c %s %t.noact -Wno-unused-but-set-variable -Wno-unused-variable > %t.noact.out
// RUN: cmp %t.out %t.noact.out
#include <math.h>

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
double f(double x, int n)
{
	double s = 0.0, p = x;
	int i, j = 0;
	for (i = 0; i < n; i++) {
		if (i == 2)
			continue;
		s += p * i;
		p *= 0.9 + 0.05 * x;
		if (s > 50.0)
			break;
	}
	while (j < n && s > 1e-3) {
		s = s * 0.5 + sin(s) * 0.1;
		j++;
	}
	do {
		s = s + x;
		j--;
	} while (j > 0);
	for (int k = n; k > 0; k -= 2)
		s -= 0.01 * k * x;
	return s;
}
// CHECK-LABEL: static double f_fwd(double x, int n){{$}}
// CHECK: ck_push_i(ck_t, ck_n);
// CHECK-LABEL: static void f_bwd(double x, double *x_b, int n, double ret_b){{$}}
// CHECK: k += 2;
// CHECK: for (ck_n = ck_pop_i(ck_t); ck_n > 0; ck_n--) {
// CHECK-NEXT: ck_c = ck_pop_i(ck_t);
// CHECK-NEXT: if (ck_c == 0 || ck_c == 1) {
// CHECK-NEXT: i--;

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

static int n;
static double at(double t, void *ctx)
{
	return f(*(double *)ctx + t, n);
}

int main(void)
{
	for (n = 0; n < 12; n += 3) {
		for (double x = 0.3; x < 2.5; x += 0.9) {
			double d, xb = 0;
			ck_equal_bits("primal", f_b(x, &xb, n, 1.0), f(x, n));
			f_d(x, 1.0, n, &d);
			ck_close("dot product", xb, d, 1e-12);
			ck_close("differences", xb, ck_richardson(at, &x, CK_FD_H),
				 1e-8);
		}
	}
	return ck_done();
}
#endif
