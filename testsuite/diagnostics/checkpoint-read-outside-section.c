// A region that reads elements outside its save() section, when the
// function changes them after the region starts (outside the region): the
// reverse sweep would run the region again from those later values.
// These were accepted, with a wrong gradient (u_b = 5 12 where 5 2 is
// right, for the first; a stencil whose boundary is set after the time
// loop gave an adjoint 1.3e-3 off its tangent).  Where nothing changes
// them later, such reads are accepted (checkpoint/section-reads-
// boundary.c).  In a helper whose region runs in a buffer of its own, an
// index outside the section for every value is refused also in an arm of
// ?: (i > 0 ? u[i - 1] : u[n]), which a guard may not keep inside.
// RUN: rm -f %t.c
// RUN: not %ckc %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: test ! -e %t.c
#include <math.h>

#pragma ck_adjoint wrt(u) out(u)
double one(double *u)
{
	// CHECK: checkpoint-read-outside-section.c:[[@LINE+3]]:16: error: this read of 'u' may fall before the section that save() names, and the function changes 'u' after the region starts: the reverse sweep would run the region again from the values it finds there then; widen the section to cover every element the region reads
	// CHECK: checkpoint-read-outside-section.c:[[@LINE+1]]:28: note: the section of 'u' that save() names
#pragma ck_checkpoint save(u[1:1])
	u[1] = u[1] * u[0];
	u[0] = 3.0 * u[0] * u[0];
	return u[1];
}

#pragma ck_adjoint wrt(u) out(u)
void stencil(double *u, int n)
{
#pragma ck_checkpoint binomial(2) save(u[1:n - 2])
	for (int t = 0; t < 4; t++)
		for (int i = 1; i < n - 1; i++)
			// CHECK: checkpoint-read-outside-section.c:[[@LINE+1]]:25: error: this read of 'u' may fall before the section
			u[i] = u[i] + 0.1 * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
	// CHECK: note: the section of 'u' that save() names
	u[0] = 0.5 * u[1];
	u[n - 1] = 0.5 * u[n - 2];
}

static void relax(double *u, int n)
{
	int i;
	// CHECK: checkpoint-read-outside-section.c:[[@LINE+1]]:9: error: the checkpoint region reads data behind 'u', which the reverse sweep of 'relax' cannot reach and ckc cannot recompute in a buffer of its own (the region indexes it outside the section that save() names); checkpoint in the caller
#pragma ck_checkpoint save(u[0:n])
	for (i = 0; i < n; i++)
		u[i] += sin(i > 0 ? u[i - 1] : u[n]);
}

#pragma ck_adjoint wrt(x)
double guarded(const double *x, int n)
{
	double u[8], s = 0.0;
	for (int i = 0; i <= n; i++)
		u[i] = x[i];
	relax(u, n);
	for (int i = 0; i <= n; i++)
		s += u[i] * u[i];
	return s;
}
