// A pointer to rows cast from flat data, (const double (*)[2])x, read in
// reverse mode: the adjoint follows the data through its own (flat)
// type, so ckc refuses the row reads with a located error (it used to stop
// with an internal error); the tangent and vector modes take it
// (hvp/vector-rows.c).
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

#pragma ck_adjoint wrt(x)
double f(const double *x, int n)
{
	const double (*X)[2] = (const double (*)[2])x;
	double s = 0;
	for (int i = 0; i < n; i++)
		s += X[i][0] * X[i][1]; // CHECK: rows-over-flat-adjoint.c:[[@LINE]]:8: error: the reverse mode cannot follow this pointer to rows over data of another shape; index the data through its own type (x[2 * i + j] for rows of 2)
	return s;
}
