// A pointer variable that holds two buffers in turn (malloc, then
// realloc) while another pointer points into them: the reverse mode
// cannot tell which buffer that pointer sees, and says so once, naming
// both (it used to repeat a message about bases at every use).
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
#include <math.h>
#include <stdlib.h>

#pragma ck_adjoint wrt(x)
double f(const double *x, int n)
{
	double *w = malloc(16 * sizeof(double));
	for (int i = 0; i < 16; i++)
		w[i] = x[i % n]; // CHECK: heap-realloc-alias.c:[[@LINE]]:3: error: 'w' holds buffers from malloc or realloc in turn, and 'p' points into them too: the reverse mode cannot tell which buffer each pointer sees; index 'w' itself
	w = realloc(w, 24 * sizeof(double));
	for (int i = 16; i < 24; i++)
		w[i] = sin(x[i % n]);
	double *p = w;
	double s = p[2] * w[3];
	free(w);
	return s;
}
// CHECK-NOT: error
