// A parameter already named like a second-order shadow of an active one
// (x_bd, or x_d, next to wrt(x)) is refused once, at the active parameter,
// naming it and the clashing name; a parameter named like the seed ret_bd
// is refused once, without naming a parameter the user did not write;
// nothing is written.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --check-prefix=BD
// RUN: test ! -e %t.c
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: sed 's/x_bd/x_d/g' %s > %t.dir/hvp-shadow-param-clash.c
// RUN: not %ckc %t.dir/hvp-shadow-param-clash.c -o %t.dir/out.c 2>&1 | FileCheck %s --check-prefix=D
// RUN: test ! -e %t.dir/out.c
// RUN: sed 's/x_bd/ret_bd/g' %s > %t.dir/hvp-shadow-param-clash.c
// RUN: not %ckc %t.dir/hvp-shadow-param-clash.c -o %t.dir/out.c 2>&1 | FileCheck %s --check-prefix=RET
// RUN: test ! -e %t.dir/out.c

#pragma ck_hvp wrt(x)
double f(double x, double x_bd)
{
	return x * x_bd;
}
// BD: hvp-shadow-param-clash.c:17:17: error: cannot name the {{[a-z -]+}} of parameter 'x': 'x_bd' is already used; rename one of them
// BD-NOT: error
// D: hvp-shadow-param-clash.c:17:17: error: cannot name the {{[a-z -]+}} of parameter 'x': 'x_d' is already used; rename one of them
// D-NOT: error
// RET: hvp-shadow-param-clash.c:17:{{[0-9]+}}: error: {{.*}}'ret_bd' is already used
// RET-NOT: error
