// Leaving a checkpoint region by return is refused in reverse mode (a
// continue, break or goto out of it is accepted: checkpoint/region-exits.c).
// RUN: rm -f %t.c
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

#pragma ck_adjoint wrt(x)
double f(const double *x, int n)
{
	double s = 0.0;
	for (int i = 0; i < n; i++) {
#pragma ck_checkpoint
		{
			s += x[i] * x[i];
			if (s > 10.0)
				return s; // CHECK: checkpoint-return-inside.c:[[@LINE]]:5: error: a return inside a ck_checkpoint region is not supported in reverse mode; end the region before it
		}
	}
	return s;
}
