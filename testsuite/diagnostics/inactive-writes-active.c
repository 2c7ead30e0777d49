// A ck_inactive function given storage that holds active data: ckc
// cannot tell which values it overwrites with constants.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c
// The same refusal in forward mode:
// RUN: rm -rf %t.tan && mkdir -p %t.tan
// RUN: sed 's/ck_adjoint/ck_tangent/' %s > %t.tan/inactive-writes-active.c
// RUN: not %ckc %t.tan/inactive-writes-active.c -o %t.tan/out.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.tan/out.c

void perturb(double *v, int n);
double mean(const double *v, int n);
#pragma ck_inactive perturb, mean

#pragma ck_adjoint wrt(x) out(y)
void f(const double *x, double *y, int n)
{
	for (int i = 0; i < n; i++)
		y[i] = x[i] * x[i] + mean(x, n);
	perturb(y, n); // CHECK: inactive-writes-active.c:[[@LINE]]:10: error: the ck_inactive function 'perturb' may write into active data here, and ckc cannot tell which values it overwrites; pass it storage that holds no active data (or declare the parameter const if it only reads)
}
