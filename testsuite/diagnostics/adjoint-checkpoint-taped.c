// Until binomial schedules land in reverse mode, a binomial(K) loop is
// taped like the rest, with a warning (same derivative, more memory).
// RUN: rm -f %t.c
// RUN: %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test -e %t.c
#include <math.h>

#pragma ck_adjoint wrt(x)
double f(double x, int n)
{
	double s = x;
	// CHECK: adjoint-checkpoint-taped.c:[[@LINE+1]]:9: warning: binomial(K) checkpointing is taped in reverse mode for now (same derivative, more memory)
#pragma ck_checkpoint binomial(4)
	for (int i = 0; i < n; i++)
		s = sin(s) + x;
	return s;
}
