// A request in a header that defines the struct type of the function: the
// output includes the header for the type, so the C compiler sees the
// request too; the include is wrapped so that the output still compiles
// without warnings under -Wall (-Wunknown-pragmas on: the input itself
// needs -Wno-unknown-pragmas, the output does not).
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: FileCheck %s --input-file %t.h
// RUN: %cc -Wunknown-pragmas -I%S -c %t.c -o %t.o
// RUN: %cc -Wunknown-pragmas -I%S -x c -fsyntax-only %t.h
// RUN: %ckc-run %t.c %s %t -I%S | FileCheck %s --check-prefix=OUT
#include <math.h>

#include "Inputs/market.h"

double value(const market *m, double t)
{
	return m->spot * exp(-0.5 * m->vol * m->vol * t);
}
// CHECK: #pragma GCC diagnostic push
// CHECK-NEXT: #pragma GCC diagnostic ignored "-Wunknown-pragmas"
// CHECK-NEXT: #include "Inputs/market.h"
// CHECK-NEXT: #pragma GCC diagnostic pop

#ifdef CK_TEST_MAIN
#include "ckcheck.h"

int main(void)
{
	market m = { 100.0, 0.25 }, mb = { 0.0, 0.0 };
	double t = 2.0, e = exp(-0.5 * m.vol * m.vol * t);
	ck_equal_bits("primal of f_b", value_b(&m, &mb, t, 1.0), value(&m, t));
	ck_close("d/dspot", mb.spot, e, 1e-14);
	ck_close("d/dvol", mb.vol, -m.spot * e * m.vol * t, 1e-14);
	printf("value_b: %.6f %.6f\n", mb.spot, mb.vol);
	return ck_done();
}
#endif
// OUT: value_b: 0.939413 -46.970653
