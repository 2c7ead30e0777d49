// A parameter already named like a second-order shadow of an active one
// (x_bd, or x_d, next to wrt(x)) is refused once, at the active parameter,
// naming it and the clashing name; nothing is written.  A parameter named
// like the seed's tangent ret_bd is accepted: the result's shadows take
// the base res (res_b, res_bd; adjoint/param-named-ret.c).
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --check-prefix=BD
// RUN: test ! -e %t.c
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: sed 's/x_bd/x_d/g' %s > %t.dir/hvp-shadow-param-clash.c
// RUN: not %ckc %t.dir/hvp-shadow-param-clash.c -o %t.dir/out.c 2>&1 | FileCheck %s --check-prefix=D
// RUN: test ! -e %t.dir/out.c
// RUN: sed 's/x_bd/ret_bd/g' %s > %t.dir/hvp-shadow-param-clash.c
// RUN: %ckc %t.dir/hvp-shadow-param-clash.c -o %t.dir/out.c
// RUN: FileCheck %s --check-prefix=RET --input-file %t.dir/out.h

#pragma ck_hvp wrt(x)
double f(double x, double x_bd)
{
	return x * x_bd;
}
// BD: hvp-shadow-param-clash.c:17:17: error: cannot name the {{[a-z -]+}} of parameter 'x': 'x_bd' is already used; rename one of them
// BD-NOT: error
// D: hvp-shadow-param-clash.c:17:17: error: cannot name the {{[a-z -]+}} of parameter 'x': 'x_d' is already used; rename one of them
// D-NOT: error
// RET: double f_b_d(double x, double x_d, double *x_b, double *x_bd, double ret_bd, double res_b, double res_bd);
