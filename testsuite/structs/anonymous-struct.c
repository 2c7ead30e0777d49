// Struct types without a tag or typedef name (a member declared
// `struct { double x, y; } pos;`, a local `struct { ... } p, q;` copied
// whole, an array of them) get a tag of ckc's own in the output, with
// the same members, so the generated code can name them.  Derivatives
// are checked against differences.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc-run %t.c %s %t > %t.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out

#include <math.h>

struct body {
	struct {
		double x, y;
	} pos, vel;
	double m;
};
// CHECK: struct ck_anon1 {
// CHECK-NEXT: double x;
// CHECK-NEXT: double y;
// CHECK-NEXT: };
// CHECK: struct body {
// CHECK-NEXT: struct ck_anon1 pos;
// CHECK-NEXT: struct ck_anon1 vel;
// CHECK-NEXT: double m;

static void drift(struct body *b, double dt)
{
	b->pos.x += dt * b->vel.x;
	b->pos.y += dt * b->vel.y;
}

#pragma ck_tangent wrt(v)
#pragma ck_adjoint wrt(v)
#pragma ck_hvp wrt(v)
double f(const double *v)
{
	struct body b;
	struct {
		double a, c;
	} p, q, r[2];
	b.pos.x = v[0];
	b.pos.y = v[1];
	b.vel.x = v[2] * v[0];
	b.vel.y = sin(v[3]);
	b.m = 2.0;
	for (int k = 0; k < 3; k++)
		drift(&b, 0.1 * (k + 1));
	p.a = b.pos.x * b.pos.y;
	p.c = v[3];
	q = p;
	r[0] = q;
	r[1].a = r[0].a * r[0].c;
	r[1].c = cos(r[0].a);
	return b.m * (b.pos.x * b.pos.x + b.vel.y) + r[1].a * r[1].c + q.c;
}

#ifdef CK_TEST_MAIN
#include "kernelcheck.h"

KC_SCALAR_WRAPPERS_PLAIN(f)

int main(void)
{
	double v[4] = {0.3, -0.7, 1.1, 0.8};
	kc_check_scalar("anonymous structs", kf, kf_d, kf_b, kf_b_d, NULL, v,
			NULL, 4, 3);
	return ck_done();
}
#endif
// OUT-NOT: FAIL
// OUT: checks, 0 failed
