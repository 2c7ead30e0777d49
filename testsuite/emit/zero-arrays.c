// Local arrays of more than 64 bytes that the generated code zeroes (f_fwd's
// copies of the locals, adjoints, tangents) are declared without an
// initializer and cleared by CKC_ZERO right after: gcc, under its generic
// tuning, clears 96 to 8192 bytes of known length with rep stosq, whose
// start costs more than the clearing (12 ns for 128 bytes, against 2 ns
// for clang's vector stores), so under gcc CKC_ZERO calls the C library's
// memset with a length gcc cannot see.  Smaller arrays keep = {0.0}.  gcc
// -O2 compiles the output without rep stos, and the derivatives are
// checked against differences, each other and Hessian-vector differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %cc-plain -O2 -c %t.c -o %t.o
// RUN: objdump -d %t.o | FileCheck %s --check-prefix=ASM
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
// CHECK: #include <string.h>
// CHECK: #if defined(__GNUC__) && !defined(__clang__)
// CHECK-NEXT: #define CKC_ZERO(a) do { size_t ck_zn_ = sizeof(a); __asm__("" : "+r"(ck_zn_)); memset(a, 0, ck_zn_); } while (0)
// CHECK-NEXT: #else
// CHECK-NEXT: #define CKC_ZERO(a) memset(a, 0, sizeof(a))
// CHECK-NEXT: #endif
// CHECK-LABEL: double energy_d(
// CHECK: double w_d[12];
// CHECK-NEXT: CKC_ZERO(w_d);
// CHECK: double s_d[8] = {0.0};
// CHECK-LABEL: static double energy_fwd(
// CHECK: double w[12];
// CHECK-NEXT: CKC_ZERO(w);
// CHECK: double s[8] = {0.0};
// CHECK-LABEL: static void energy_bwd(
// CHECK: double w_b[12];
// CHECK-NEXT: CKC_ZERO(w_b);
// ASM-NOT: rep stos
// OUT: 0 failed

#include <math.h>

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double energy(const double *x, int n)
{
	double w[12], s[8], e = 0.0;
	int i;

	for (i = 0; i < 12; i++)
		w[i] = sin(x[i % n]) * x[(i + 1) % n];
	for (i = 0; i < 8; i++)
		s[i] = w[i] * w[i + 4] + x[i % n];
	for (i = 0; i < 8; i++)
		e += s[i] * s[i] + exp(0.1 * w[i + 2]);
	return e;
}

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define N 5

typedef struct {
	const double *x, *d;
} Ray;

static double along(double t, void *ctx)
{
	const Ray *r = ctx;
	double y[N];
	for (int i = 0; i < N; i++)
		y[i] = r->x[i] + t * r->d[i];
	return energy(y, N);
}

static void grad(const double *x, double *g, int n, void *ctx)
{
	(void)ctx;
	for (int i = 0; i < n; i++)
		g[i] = 0.0;
	energy_b(x, g, n, 1.0);
}

static double hvp(const double *x, const double *xd, double *xb, double *xbd,
		  double rb, double rbd, int n, void *ctx)
{
	(void)ctx;
	return energy_b_d(x, xd, xb, xbd, n, rb, rbd);
}

int main(void)
{
	double x[N], d[N], u[N], g[N] = {0}, fd, tan, f;
	int i;

	ck_srand(7);
	for (i = 0; i < N; i++) {
		x[i] = ck_rand();
		d[i] = ck_rand();
		u[i] = ck_rand();
	}
	f = energy_d(x, d, N, &tan);
	ck_equal_bits("f_d returns f", f, energy(x, N));
	Ray r = { x, d };
	fd = ck_richardson(along, &r, CK_FD_H);
	ck_close("tangent against differences", tan, fd, 1e-9);
	ck_equal_bits("f_b returns f", energy_b(x, g, N, 1.0), f);
	ck_close("adjoint . d against the tangent", ck_dot(g, d, N), tan,
		 1e-13);
	ck_check_hvp("hvp", hvp, grad, NULL, x, d, u, NULL, N, 1.0, 0.5);
	for (i = 0; i < N; i++)
		printf("%a\n", g[i]);
	return ck_done();
}
#endif
