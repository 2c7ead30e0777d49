// Vector mode with a struct and a heap buffer: the shadow of a struct is
// ck_nd copies of it, one per direction (element-major, as for arrays), and
// the pointer members of every copy point to the same element-major shadow
// buffer; a malloc'd buffer's shadow holds ck_nd values per element.  A
// direction loop reads a pointer member from direction 0's copy (the same
// pointer), which the C compiler loads once; a floating member is each
// direction's own.  Each direction of f_dv is bitwise f_d's (nd = 1, 2, 7,
// 16), the primal is f's.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t -I%S > %t.out
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
#include <math.h>
#include <stdlib.h>

#include "Inputs/layer.h"

#pragma ck_tangent wrt(L, x)
#pragma ck_tangent wrt(L, x) vector
double net(const Layer *L, const double *x)
{
	double *h = malloc(sizeof(double) * (size_t)L->n);
	double s = 0.0;
	for (int i = 0; i < L->n; i++)
		h[i] = tanh(L->w[i] * x[i] + L->b);
	for (int i = 0; i < L->n; i++)
		s += h[i] * h[i] * L->b;
	free(h);
	return s;
}
/* A local copy whose pointer member moves between reads: a variable per
 * member (the struct is used only through them), whose shadow pointer
 * steps by ck_nd, the element-major stride. */
#pragma ck_tangent wrt(L, x)
#pragma ck_tangent wrt(L, x) vector
double shifted(const Layer *L, const double *x)
{
	Layer M = *L;
	double s = 0.0;
	for (int i = 0; i + 1 < L->n; i++) {
		s += M.w[0] * x[i] * M.b;
		M.w = M.w + 1;
	}
	return s;
}
// CHECK-LABEL: double net_dv(const Layer *L, const Layer *L_dv, const double *x, const double *x_dv, int ck_nd, double *ret_dv)
// CHECK: double *h_dv = ck_shadow_alloc(8UL * (unsigned long)L->n * ck_nd);
// CHECK: L_dv[0].w[i * ck_nd + ck_k]
// CHECK-SAME: L_dv[ck_k].b
// CHECK-LABEL: double shifted_dv(
// CHECK: M_w_dv = L_dv[0].w;
// CHECK: s_dv[ck_k] += (M_w_dv[ck_k] * ck_f
// CHECK: M_w_dv = M_w_dv + ck_nd;
// CHECK: return s;

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

#define N 5

int main(void)
{
	static const int nds[] = {1, 2, 7, 16};
	double w[N] = {0.3, -0.8, 1.2, 0.45, -0.1}, x[N];
	for (int i = 0; i < N; i++)
		x[i] = 0.25 * i - 0.5;
	Layer L = {N, w, 0.2};
	double y0 = net(&L, x);
	for (int c = 0; c < 4; c++) {
		int nd = nds[c];
		double w_dv[N * 16], x_dv[N * 16], r_dv[16];
		Layer L_dv[16];
		for (int i = 0; i < N * nd; i++) {
			w_dv[i] = ck_rand() - 0.5;
			x_dv[i] = ck_rand() - 0.5;
		}
		for (int k = 0; k < nd; k++) {
			L_dv[k].n = 0; /* never read */
			L_dv[k].w = w_dv;
			L_dv[k].b = ck_rand() - 0.5;
		}
		double y = net_dv(&L, L_dv, x, x_dv, nd, r_dv);
		ck_equal_bits("f_dv's primal", y, y0);
		double r2_dv[16];
		shifted_dv(&L, L_dv, x, x_dv, nd, r2_dv);
		for (int k = 0; k < nd; k++) {
			double wd[N], xd[N], rd;
			for (int i = 0; i < N; i++) {
				wd[i] = w_dv[i * nd + k];
				xd[i] = x_dv[i * nd + k];
			}
			Layer Ld = {0, wd, L_dv[k].b};
			net_d(&L, &Ld, x, xd, &rd);
			char what[48];
			snprintf(what, sizeof what, "nd %d: direction %d", nd, k);
			ck_equal_bits(what, r_dv[k], rd);
			shifted_d(&L, &Ld, x, xd, &rd);
			snprintf(what, sizeof what, "shifted: nd %d: direction %d",
				 nd, k);
			ck_equal_bits(what, r2_dv[k], rd);
		}
	}
	return ck_done();
}
#endif
