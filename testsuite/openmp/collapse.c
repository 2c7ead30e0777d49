// A '#pragma omp parallel for collapse(2)' loop keeps its nest perfectly
// nested in every generated function: f_fwd and its tangent write each
// inner loop's init in its header (for (c = 0; c < W; c++)), with nothing
// between the loops, as the compiler requires of a collapsed nest.  Two
// kernels: an elementwise square (out y) and a 5-point blur that also sums
// its squares in reduction(+:s), its inner index declared outside the
// loop.  The gradient and the Hessian-vector product are checked against
// differences, the tangent and for symmetry, at 1, 2 and 4 threads (the
// same bits from run to run, the primal of f_b the bits of f_d's), and
// with -fopenmp or without it.
// RUN: %ckc %s -o %t.c 2>&1 | count 0
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t.omp -fopenmp | FileCheck %s --check-prefix=OUT
// RUN: %ckc-run --one %t.c %s %t.serial | FileCheck %s --check-prefix=OUT

#pragma ck_tangent wrt(x) out(y)
#pragma ck_adjoint wrt(x) out(y)
#pragma ck_hvp wrt(x) out(y)
void sq(const double *x, double *y, int H, int W)
{
#pragma omp parallel for collapse(2)
	for (int r = 0; r < H; r++)
		for (int c = 0; c < W; c++)
			y[r * W + c] = x[r * W + c] * x[r * W + c];
}

#pragma ck_tangent wrt(x) out(y)
#pragma ck_adjoint wrt(x) out(y)
#pragma ck_hvp wrt(x) out(y)
double blur(const double *x, double *y, int H, int W)
{
	double s = 0.0;
	int r, c;
#pragma omp parallel for reduction(+ : s) collapse(2)
	for (r = 1; r < H - 1; r++)
		for (c = 1; c < W - 1; c++) {
			double v = 0.2 * (x[r * W + c] + x[(r - 1) * W + c] +
					  x[(r + 1) * W + c] + x[r * W + c - 1] +
					  x[r * W + c + 1]);
			y[r * W + c] = v;
			s += v * v;
		}
	return s;
}
// CHECK-LABEL: {{^}}static void sq_fwd(const double *x, double *y, int H, int W){{$}}
// CHECK: #pragma omp parallel for private(c) collapse(2)
// CHECK-NEXT: #endif
// CHECK-NEXT: for (r = 0; r < H; r++) {
// CHECK-NEXT: for (c = 0; c < W; c++) {
// CHECK-LABEL: {{^}}static double blur_fwd({{.*}}){{$}}
// CHECK: #pragma omp for private(v) collapse(2)
// CHECK-NEXT: for (r = 1; r < H - 1; r++) {
// CHECK-NEXT: for (c = 1; c < W - 1; c++) {
// CHECK-LABEL: {{^}}static void sq_fwd_d({{.*}}){{$}}
// CHECK: #pragma omp parallel for private(c) collapse(2)
// CHECK-NEXT: #endif
// CHECK-NEXT: for (r = 0; r < H; r++) {
// CHECK-NEXT: for (c = 0; c < W; c++) {
// CHECK-LABEL: {{^}}static double blur_fwd_d({{.*}}){{$}}
// CHECK: #pragma omp for private(v, v_d) collapse(2)
// CHECK-NEXT: for (r = 1; r < H - 1; r++) {
// CHECK-NEXT: for (c = 1; c < W - 1; c++) {

#ifdef CK_TEST_MAIN
#ifdef _OPENMP
#include <omp.h>
#endif
#include "ckcheck.h"

#define H 6
#define W 7
#define N (H * W)
static double x0[N], dir[N], u[N], wy[N];
static int kernel; /* 0: sq, 1: blur */

/* F(x) = sum_k wy[k] y[k] (+ blur's result) */
static double F(const double *x)
{
	double y[N] = {0}, f = 0.0;
	if (kernel)
		f = blur(x, y, H, W);
	else
		sq(x, y, H, W);
	return f + ck_dot(wy, y, N);
}

static double at(double h, void *ctx)
{
	double xs[N];
	(void)ctx;
	for (int i = 0; i < N; i++)
		xs[i] = x0[i] + h * dir[i];
	return F(xs);
}

static double tangent(const double *x, const double *xd)
{
	double y[N] = {0}, yd[N] = {0}, f = 0.0, fd = 0.0;
	if (kernel)
		f = blur_d(x, xd, y, yd, H, W, &fd);
	else
		sq_d(x, xd, y, yd, H, W);
	(void)f;
	return fd + ck_dot(wy, yd, N);
}

static double grad_r(const double *x, double *g)
{
	double y[N] = {0}, yb[N];
	for (int i = 0; i < N; i++)
		g[i] = 0.0, yb[i] = wy[i];
	if (kernel)
		return blur_b(x, g, y, yb, H, W, 1.0);
	sq_b(x, g, y, yb, H, W);
	return 0.0;
}

static void grad(const double *x, double *g, int n, void *ctx)
{
	(void)n;
	(void)ctx;
	grad_r(x, g);
}

static double hvp(const double *x, const double *xd, double *xb, double *xbd,
		  double rb, double rbd, int n, void *ctx)
{
	double y[N] = {0}, yd[N] = {0}, yb[N], ybd[N];
	(void)n;
	(void)ctx;
	for (int i = 0; i < N; i++)
		yb[i] = rb * wy[i], ybd[i] = rbd * wy[i];
	if (kernel)
		return blur_b_d(x, xd, xb, xbd, y, yd, yb, ybd, H, W, rb, rbd);
	sq_b_d(x, xd, xb, xbd, y, yd, yb, ybd, H, W);
	return 0.0;
}

int main(void)
{
	double g[N], g1[N], gs[3][N], hv[N], hv1[N], gb[N];
	ck_srand(11);
	for (int i = 0; i < N; i++)
		x0[i] = ck_rand(), dir[i] = ck_rand(), u[i] = ck_rand(),
		wy[i] = ck_rand();
	for (kernel = 0; kernel < 2; kernel++) {
		for (int t = 0; t < 3; t++) {
#ifdef _OPENMP
			omp_set_num_threads(1 << t); /* 1, 2, 4 */
#endif
			for (int r = 0; r < 2; r++) {
				double y[N] = {0}, yd[N] = {0}, fd;
				double p = grad_r(x0, g);
				for (int i = 0; i < N; i++)
					gb[i] = hv[i] = 0.0;
				hvp(x0, dir, gb, hv, 1.0, 0.0, N, NULL);
				if (kernel)
					ck_equal_bits("f_b's primal is f_d's", p,
						      blur_d(x0, dir, y, yd, H,
							     W, &fd));
				if (r == 0) {
					for (int i = 0; i < N; i++)
						g1[i] = gs[t][i] = g[i],
						hv1[i] = hv[i];
					continue;
				}
				for (int i = 0; i < N; i++) {
					ck_equal_bits("gradient from run to run",
						      g[i], g1[i]);
					ck_equal_bits("hvp from run to run",
						      hv[i], hv1[i]);
				}
			}
		}
		for (int t = 1; t < 3; t++)
			ck_close_vec("gradient at 2 and 4 threads", gs[t],
				     gs[0], N, 1e-13);
		double d = tangent(x0, dir);
		ck_close("tangent", d, ck_richardson(at, NULL, CK_FD_H), 1e-8);
		ck_close("dot product", ck_dot(gs[0], dir, N), d, 1e-12);
		for (int t = 0; t < 3; t++) {
#ifdef _OPENMP
			omp_set_num_threads(1 << t);
#endif
			ck_check_hvp(kernel ? "blur hvp" : "sq hvp", hvp, grad,
				     NULL, x0, dir, u, NULL, N, 1.5, -0.5);
		}
	}
	return ck_done();
}
#endif
// OUT: 0 failed
