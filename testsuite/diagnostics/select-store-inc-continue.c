// A for loop's increment that stores through the address of a variable,
// *(c ? &p : &q) *= e, ends the loop's body instead, where the store
// becomes if (c) p *= e; else q *= e; (adjoint/select-store-sequence.c).
// A continue in the body would skip it there: refused at the store, in
// every mode, with nothing written.
// RUN: rm -f %t.c
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
double f(const double *x)
{
	double p = x[0], q = x[1];
	for (int i = 0; i < 4; i++, *(x[0] > 0.5 ? &p : &q) *= x[1]) // CHECK: select-store-inc-continue.c:[[@LINE]]:30: error: a store through the address of a variable in a for loop's increment is not supported in a loop with continue; make it a statement of the loop's body
	{
		if (x[i] > 1.0)
			continue;
		p += x[i];
	}
	return p * q;
}
