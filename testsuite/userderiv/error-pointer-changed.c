// In reverse mode the user's adjoint gets the data the call saw.  Behind a
// pointer parameter that the function changes (here the call itself),
// ckc does not know how much to save: refused.  The tangent is fine.
// RUN: not %ckc -I%S/Inputs %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// RUN: sed 's/ck_adjoint/ck_tangent/' %s > %t.tan.c
// RUN: %ckc -I%S/Inputs %t.tan.c -o %t.out.c
// RUN: FileCheck %s --check-prefix=TAN --input-file %t.out.c
// TAN: upd_d(3, a, a_d, x, x_d, y, y_d);
#include "upd.h"
#pragma ck_derivative upd wrt(a, x, y) out(y) tangent(upd_d) adjoint(upd_b)

#pragma ck_adjoint wrt(x, a) out(y)
void f(const double *x, double a, double *y)
{
	upd(3, a, x, y); // CHECK: .c:[[@LINE]]:15: error: the reverse sweep must call 'upd_b' with the data behind 'y' as this call saw it, but the function changes that data and ckc does not know its length; pass a whole local array (double a[N]), or data that nothing changes
}
