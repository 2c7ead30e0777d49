// Designated initializers: .m = v for struct members (nested, .in.b = x,
// whose other members are then zero), [k] = v for array elements and
// rows (the elements after it follow on), in local structs, local arrays
// and compound literals; what no designator sets is zero.  Gradients,
// Hessian-vector products and the dot-product test against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t
#include <math.h>

typedef struct {
	double a, b;
} pair;

typedef struct {
	int n;
	double s;
	pair in;
	double w[3];
} rec;

static double norm2(pair p)
{
	return p.a * p.a + p.b * p.b;
}

#pragma ck_tangent wrt(x)
#pragma ck_adjoint wrt(x)
#pragma ck_hvp wrt(x)
double f(const double *x)
{
	rec t = { .in.b = x[0], .n = 3, .w = { [1] = x[1] * x[2] }, .s = 2 };
	double a[5] = { [3] = sin(x[1]), x[2] };
	double m[3][2] = { [2] = { x[0], 1 }, [0][1] = 4 };
	double r = t.s * t.in.b + t.w[1] + t.w[0] + t.in.a + t.n * a[4] * a[3];
	r += m[2][0] * m[0][1] + m[1][1];
	return r + norm2((pair){ .b = x[1], .a = cos(x[0]) });
}
// CHECK-LABEL: double f_d(const double *x, const double *x_d, double *ret_d){{$}}
// CHECK: t.in.a = 0.0;
// CHECK: t.in.b = x[0];
// CHECK: double a[5] = {0, 0, 0, sin(x[1]), x[2]};
// CHECK-NEXT: double m_d[3][2] = {{[{][{]}}0.0, 0.0}, {0.0, 0.0}, {x_d[0], 0.0{{[}][}]}};
// CHECK-NEXT: double m[3][2] = {{[{][{]}}0, 4}, {0, 0}, {x[0], 1{{[}][}]}};

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"
KC_SCALAR_WRAPPERS_PLAIN(f)
int main(void)
{
	double v[3];
	for (int i = 0; i < 3; i++)
		v[i] = 0.5 + 0.5 * ck_rand();
	kc_check_scalar("designated initializers", kf, kf_d, kf_b, kf_b_d,
			NULL, v, NULL, 3, 3);
	return ck_done();
}
#endif
