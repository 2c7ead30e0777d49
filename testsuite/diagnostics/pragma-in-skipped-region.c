// Pragmas in a region that #if leaves out are not seen.
// RUN: %ckc %s -o %t.c 2>&1 | count 0
// RUN: FileCheck %s --input-file %t.c
// CHECK: double f_d(double x, double x_d, double *ret_d)
// CHECK-NOT: nothing

#if 0
#pragma ck_tangent wrt(nothing)
#pragma ck_checkpoint binomial(0)
#endif

#pragma ck_tangent wrt(x)
double f(double x)
{
	return x * x;
}
