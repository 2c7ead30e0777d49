// A math call on constants that a statement and its tangent both contain
// (fabs(0.82), exp(0.81)): ckc computed it once into a temporary ck_e in
// f_d, and at -O0 gcc folds the call at compile time in f but calls libm
// for the temporary, so f_d's primal result differed from f's in the last
// bits.  Expected: only calls on varied values are shared.
// Fuzz kernel written by testsuite/fuzz/gen.py --seed 21 --index 23 --modes tangent,adjoint,hvp --features +checkpoint.
// RUN: %ckc %s -o %t.c
// RUN: %ckc-run %t.c %s %t | FileCheck %s
// CHECK: k21_23: {{pass|skip}}
#include <math.h>

static double k21_23_h0(const double *p, int m, double a)
{
	double s = (-0.18);
	for (int i = 0; i < m; i++) {
		s = 0.66 * sin((p[i] * s));
	}
	for (int i0 = 0; i0 < 2; i0++) {
		for (int i1 = 0; i1 < 2; i1++) {
			if (tan(0.71 * tanh((-1.29))) >= 0.02) {
				continue;
			}
		}
		if ((-0.21 * i0) > 0.43) {
			double v0 = p[i0];
			double v1 = ((v0 * a) + a) * p[i0 % 3];
			if (p[i0 / 2] < (-0.63)) {
				return ((-1.62) + (-0.53)) - (a + v0);
			}
			s = 0.28 * s + sin(v1);
		} else {
			a *= 0.39 + 0.60 * tanh(sin(cos(0.67)));
			a /= 2.51 + tanh((-p[i0]));
		}
	}
	a /= 1.0 + (p[0] * tanh(pow(1.80 + tanh(fmax(a, a)), 0.79 * cos(pow(1.10 + p[1] * p[1], 1.50))))) * (p[0] * tanh(pow(1.80 + tanh(fmax(a, a)), 0.79 * cos(pow(1.10 + p[1] * p[1], 1.50)))));
	for (int i2 = 0; i2 < 2; i2 += 2) {
		a /= 1.0 + s * s;
	}
	return atan((s * p[1]));
}

static void k21_23_h1(double a, double *r)
{
	if ((-sinh(r[0])) >= 0.24) {
		r[0] *= 0.45 + 0.54 * erf(((((r[0] * a) <= 0.63) && ((r[0] * r[0]) > (-0.29)) ? a : (a - a)) + ((r[0] + r[0]) * (-a))));
		a = 0.40 * a + erf(sinh(2.35 * tanh(((a > (-0.73) ? r[0] : a) + (r[0] + a)))));
		a = 0.84 * a + tanh(pow(1.66 + cos(exp2(tan(0.47 * tanh(0.82)))) * cos(exp2(tan(0.47 * tanh(0.82)))), 1.50));
	}
	*r = 0.57 * sin(a);
}

#pragma ck_tangent wrt(x0, s1, s0)
#pragma ck_adjoint wrt(x0, s1, s0)
#pragma ck_hvp wrt(x0, s1, s0)
double k21_23(double s1, const double *x0, double s0, int n)
{
	int cnt = 0;
	double v2 = tan(0.34 * tanh((s0 + s1))) + s0;
	int k0 = 0;
	while (k0 < 5) {
		k0++;
		double v3 = exp(1.57 * cos(((v2 * x0[k0 % 3]) / (1.86 + fabs((v2 - s0))))));
		v2 = 0.75 * v2 + sin(v3);
	}
	double v4 = ((x0[n - 2] * x0[1]) + x0[n - 2]) / (1.65 + fabs(0.82));
	s1 /= (2.79 + erf(cosh(1.13 * tanh(fmin((v2 * v2), hypot((-0.13), 0.59 + v4 * v4))))));
	k21_23_h1(((x0[n / 2] * v2) > 0.62 ? (x0[n / 2] * sin(v4)) : log1p(v2 * v2)), &v4);
	if (((-x0[n - 2]) * sin(v4)) < 0.21) {
		if (((-s0) >= 0.47) || ((s0 * s1) > (-0.10))) {
			for (int i3 = n - 1; i3 >= 0; i3--) {
				v4 = 1.42 * erf(x0[i3]);
				for (int i4 = i3; i4 < n; i4++) {
					double v5 = erf(hypot(log10(fabs(1.18) + 0.95), 0.77 + sin(sinh(2.49 * cos(v2))) * sin(sinh(2.49 * cos(v2))))) * log10(fabs(exp(0.81)) + 1.67);
					int k1 = 0;
					while (k1 < 4 && ((x0[(i4 + 1) % n] + s0) + atan(x0[i3])) > (-0.26)) {
						k1++;
						k21_23_h1((sin(x0[(i4 + 1) % n]) - (x0[i4 % 3] - s1)), &v2);
						if ((v4 / (1.76 + fabs(v2))) > 0.78) {
							continue;
						}
						#pragma ck_checkpoint
						v2 = 0.13 * v2 + tanh((-(1.46 >= (-0.16) ? (x0[k1 % 3] * s0) : (0.11 * k1 * s1))));
					}
					v2 = 0.43 * v2 + tanh(v5);
				}
			}
			const double *p0 = &x0[1];
			double v6 = v2;
			s0 = v6;
			v4 = p0[n / 2];
		}
		if ((v2 - (sin(s0) * s1)) >= (-0.74)) {
			s0 = cosh((-x0[n - 2])) + ((cos(v2) * x0[n - 1]) < 0.08 ? x0[n / 2] : x0[n - 2]);
		}
		double v7 = v4;
		if (v7 > (-0.38)) {
			cnt++;
		}
	} else {
		if ((erf(v4) * x0[1]) >= (-0.12)) {
			return tanh((v4 / (1.30 + tanh(s0) * tanh(s0)))) * (1.90 + x0[n - 1]);
		}
		const double *p1 = &x0[1];
		#pragma ck_checkpoint
		k21_23_h1(log2(fabs(s1) + 1.38), &v4);
		s1 *= p1[n - 2];
	}
	v2 += k21_23_h0(x0, 3, cos(s1));
	return erf(s0) - 0.58 * sin(v2) + 0.01 * cnt;
}

#ifdef CK_TEST_MAIN
#include "fuzzcheck.h"

/* k21_23: n = 4; inputs s1 at 0, x0 at 1, s0 at 5 */
static void k21_23_eval(const double *in, double *out)
{
	double x0[4];
	int i;
	for (i = 0; i < 4; i++) {
		x0[i] = in[1 + i];
	}
	out[0] = k21_23(in[0], x0, in[5], 4);
	(void)in;
}
static void k21_23_tangent(const double *in, const double *in_d, double *out, double *out_d)
{
	double x0[4];
	double x0_d[4];
	int i;
	double ret_d = NAN;
	for (i = 0; i < 4; i++) {
		x0[i] = in[1 + i];
		x0_d[i] = in_d[1 + i];
	}
	out[0] = k21_23_d(in[0], in_d[0], x0, x0_d, in[5], in_d[5], 4, &ret_d);
	out_d[0] = ret_d;
	(void)in;
	(void)in_d;
	(void)out_d;
}
static void k21_23_adjoint(const double *in, const double *out_b, double *out, double *in_b)
{
	double x0[4];
	double x0_b[4];
	int i;
	double s1_b = 0.5;
	double s0_b = 0.5;
	for (i = 0; i < 4; i++) {
		x0[i] = in[1 + i];
		x0_b[i] = 0.5;
	}
	out[0] = k21_23_b(in[0], &s1_b, x0, x0_b, in[5], &s0_b, 4, out_b[0]);
	in_b[0] = s1_b - 0.5;
	in_b[5] = s0_b - 0.5;
	for (i = 0; i < 4; i++) {
		in_b[1 + i] = x0_b[i] - 0.5;
	}
	(void)in;
	(void)out;
	(void)out_b;
	(void)in_b;
}
static void k21_23_hvp(const double *in, const double *in_d, const double *out_b, const double *out_bd, double *out, double *in_b, double *in_bd)
{
	double x0[4];
	double x0_d[4];
	double x0_b[4];
	double x0_bd[4];
	int i;
	double s1_b = 0.5, s1_bd = 0.25;
	double s0_b = 0.5, s0_bd = 0.25;
	for (i = 0; i < 4; i++) {
		x0[i] = in[1 + i];
		x0_d[i] = in_d[1 + i];
		x0_b[i] = 0.5;
		x0_bd[i] = 0.25;
	}
	out[0] = k21_23_b_d(in[0], in_d[0], &s1_b, &s1_bd, x0, x0_d, x0_b, x0_bd, in[5], in_d[5], &s0_b, &s0_bd, 4, out_b[0], out_bd[0]);
	in_b[0] = s1_b - 0.5;
	in_bd[0] = s1_bd - 0.25;
	in_b[5] = s0_b - 0.5;
	in_bd[5] = s0_bd - 0.25;
	for (i = 0; i < 4; i++) {
		in_b[1 + i] = x0_b[i] - 0.5;
		in_bd[1 + i] = x0_bd[i] - 0.25;
	}
	(void)in;
	(void)in_d;
}
static const char *const k21_23_outs[] = {"the result"};

static const fz_kernel fz_kernels[] = {
	{"k21_23", 21000086u, 6, 1, 1, k21_23_outs, k21_23_eval, k21_23_tangent, k21_23_adjoint, k21_23_hvp},
};

int main(int argc, char **argv)
{
	return fz_main(fz_kernels, 1, argc, argv);
}
#endif
