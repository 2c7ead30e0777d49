// Active data behind pointers: indexing, pointer arithmetic, *(p + i), a
// local pointer into the parameter (an offset in f_bwd), a walking pointer
// undone by its inverse.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: %ckc --no-tbr %s -o %t.notbr.c
// RUN: %ckc-run --one %t.notbr.c %s %t.notbr > %t.notbr.out
// RUN: cmp %t.out %t.notbr.out
// RUN: %ckc --no-activity %s -o %t.noact.c
// RUN: %ckc-run --one %t.noact.c %s %t.noact -Wno-unused-but-set-variable -Wno-unused-variable > %t.noact.out
// RUN: cmp %t.out %t.noact.out

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
double f(const double *x, int n)
{
	double s = 0.0;
	const double *q = x + 1;
	for (int i = 0; i + 1 < n; i++)
		s += x[i] * *(q + i) + *(x + i) / (1.0 + q[i] * q[i]);
	const double *last = &x[n - 1];
	const double *w = x;
	for (int i = 0; i < n; i++) {
		s += *w * *w * 0.5;
		w++;
	}
	return s * *last;
}
// CHECK-LABEL: double f_b(const double *x, double *x_b, int n, double ret_b)
// CHECK-LABEL: static void f_bwd(const double *x, double *restrict x_b, int n, double ret_b){{$}}
// CHECK: w--;
// CHECK-NOT: ck_pop_d
// CHECK: *(x_b + w) += ck_a{{[0-9]*}} * *(x + w);
// CHECK-NOT: ck_pop_d
// CHECK: (x_b + q)[i] +=

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define N 7
static double x0[N], v[N];

static double at(double t, void *ctx)
{
	double x[N];
	(void)ctx;
	for (int i = 0; i < N; i++)
		x[i] = x0[i] + t * v[i];
	return f(x, N);
}

int main(void)
{
	double xb[N] = {0}, d, dot = 0;
	for (int i = 0; i < N; i++) {
		x0[i] = ck_rand();
		v[i] = ck_rand();
	}
	ck_equal_bits("primal", f_b(x0, xb, N, 1.0), f(x0, N));
	f_d(x0, v, N, &d);
	for (int i = 0; i < N; i++)
		dot += xb[i] * v[i];
	ck_close("dot product", dot, d, 1e-12);
	ck_close("differences", d, ck_richardson(at, NULL, CK_FD_H), 1e-8);
	return ck_done();
}
#endif
