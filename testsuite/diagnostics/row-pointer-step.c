// A local pointer stepped along a row of a pointer to row pointers
// (CasADi's `rr = res[0]; *rr++ = ...`) is refused in reverse mode, naming
// the row pointers and saying to index the row itself.
// RUN: rm -f %t.c
// RUN: bash -c '%ckc %s -o %t.c 2> %t.err; test $? -eq 1'
// RUN: FileCheck %s < %t.err
// RUN: test ! -e %t.c

#pragma ck_adjoint wrt(arg) out(res)
int F(const double **arg, double **res)
{
	int i;
	double *rr; // CHECK: row-pointer-step.c:[[@LINE]]:10: error: the reverse mode cannot follow the local pointer 'rr' along a row of 'res', a pointer to row pointers; index the row itself (res[i][k])
	const double *cs; // CHECK-NEXT: row-pointer-step.c:[[@LINE]]:16: error: the reverse mode cannot follow the local pointer 'cs' along a row of 'arg', a pointer to row pointers; index the row itself (arg[i][k])
	for (i = 0, rr = res[0], cs = arg[0]; i < 3; ++i)
		(*rr++) = 2.0 * (*cs++) * arg[0][0];
	return 0;
}
// CHECK-NOT: error:
