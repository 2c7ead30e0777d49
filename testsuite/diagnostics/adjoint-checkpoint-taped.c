// Until checkpointing lands in reverse mode, a ck_checkpoint region is
// taped like the rest, with a warning (same derivative, more memory).
// RUN: %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test -e %t.c
#include <math.h>

#pragma ck_adjoint wrt(x)
double f(double x, int n)
{
	double s = x;
	// CHECK: adjoint-checkpoint-taped.c:[[@LINE+1]]:9: warning: ck_checkpoint regions are taped in reverse mode for now (same derivative, more memory)
#pragma ck_checkpoint
	for (int i = 0; i < n; i++)
		s = sin(s) + x;
	return s;
}
