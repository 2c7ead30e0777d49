// The file already defines a function named f_b_d: ck_hvp cannot generate
// it, and says so at the request; nothing is written.  The same for a
// prototype of f_b_d only.
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.c
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: sed -e '/^double f_b_d(double x)$/,$d' %s > %t.dir/hvp-name-clash.c
// RUN: echo 'double f_b_d(double x);' >> %t.dir/hvp-name-clash.c
// RUN: not %ckc %t.dir/hvp-name-clash.c -o %t.dir/out.c 2>&1 | FileCheck %s
// RUN: test ! -e %t.dir/out.c

// CHECK: hvp-name-clash.c:[[@LINE+1]]:9: error: cannot generate 'f_b_d': the name is already used
#pragma ck_hvp wrt(x)
double f(double x)
{
	return x * x;
}
// CHECK-NOT: error

double f_b_d(double x)
{
	return 2.0 * x;
}
