// gcc at -O2 vectorizes a loop only when it knows a trip count that the
// vector width divides (its "very cheap" cost model), and the derivatives'
// loops run to run-time bounds.  So the generated file asks gcc for its
// dynamic cost model, -O3's, before what it includes; defining
// CKC_VECT_COST_MODEL keeps the compiler's choice.  The tangent of an
// elementwise map: at gcc -O2 its loop multiplies two doubles at a time
// (mulpd), with -DCKC_VECT_COST_MODEL one (mulsd), and both builds compute
// the same bits.  The sanitizers keep gcc from vectorizing, so these
// builds are plain.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %cc-plain -O2 -c %t.c -o %t.o
// RUN: objdump -d %t.o | FileCheck %s --check-prefix=PACKED
// RUN: %cc-plain -O2 -DCKC_VECT_COST_MODEL -c %t.c -o %t.scalar.o
// RUN: objdump -d %t.scalar.o | FileCheck %s --check-prefix=SCALAR
// RUN: %cc-plain -O0 -DCK_TEST_MAIN -include %t.h -c %s -o %t.main.o
// RUN: %cc-plain %t.main.o %t.o %ckrt-plain -o %t.packed
// RUN: %cc-plain %t.main.o %t.scalar.o %ckrt-plain -o %t.scalar
// RUN: %t.packed > %t.packed.out
// RUN: %t.scalar > %t.scalar.out
// RUN: cmp %t.packed.out %t.scalar.out
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.packed.out
// CHECK: #pragma GCC optimize("fp-contract=off")
// CHECK: #if defined(__GNUC__) && !defined(__clang__) && !defined(CKC_VECT_COST_MODEL)
// CHECK-NEXT: #pragma GCC optimize("vect-cost-model=dynamic") /* as -O3 */
// CHECK-NEXT: #endif
// CHECK-NEXT: #include <math.h>
// PACKED: <scale_sq_d>:
// PACKED: mulpd
// SCALAR: <scale_sq_d>:
// SCALAR-NOT: mulpd
// SCALAR: mulsd
// SCALAR-NOT: mulpd
// OUT: ok

#pragma ck_tangent wrt(x) out(y)
void scale_sq(const double *x, double *y, int n)
{
	for (int i = 0; i < n; i++)
		y[i] = 3.0 * x[i] * x[i];
}

#ifdef CK_TEST_MAIN
#include <stdio.h>

int main(void)
{
	double x[37], x_d[37], y[37], y_d[37], e[37];
	int i, bad = 0;

	for (i = 0; i < 37; i++) {
		x[i] = 0.1 * i - 1.3;
		x_d[i] = 1.0 / (i + 1);
	}
	scale_sq_d(x, x_d, y, y_d, 37);
	for (i = 0; i < 37; i++) {
		e[i] = 6.0 * x[i] * x_d[i];
		printf("%a %a\n", y[i], y_d[i]);
		if (y_d[i] != e[i] && (y_d[i] - e[i]) / e[i] > 1e-15)
			bad = 1;
	}
	puts(bad ? "wrong" : "ok");
	return bad;
}
#endif
