/*
 * shapes.c - bench/'s kernels of particular shapes in ckc's benchmark, each
 * seen as a function of the flat vector v of its active inputs (as in
 * kernels.c): burgers (a time loop of a helper with an upwind branch per
 * cell, burgers.c), tiny (helpers of a few flops, aliasing arguments and a
 * checkpoint region, tiny.c), and the deep tanh network with its layer as
 * a helper (deepnet, deepnet.c) and inline (deepnet_inline,
 * deepnet_inline.c).
 *
 * run.sh defines BENCH_KERNEL_<NAME> for each whose f_d, f_b and f_b_d ckc
 * generated, and BENCH_VECTOR_<NAME> when it generated f_dv too (its
 * directions element-major, dv[i * nd + k], as kernels.c's); bench.c lists
 * only those.  They have no hand-written or
 * ADOL-C versions: ckc's f_b is their reference gradient, checked against
 * differences.
 */
#include <math.h>
#include <stddef.h>

#include "bench.h"

#ifdef BENCH_KERNEL_BURGERS
#include "burgers_grad.h"

double burgers_objective(const double *u0, int steps);

/* a smooth wave and some noise, |u0| < 0.8 */
void burgers_init(double *v)
{
	int i;

	for (i = 0; i < BURG_CELLS; i++)
		v[i] = 0.5 * sin(6.283185307179586 * (i + 0.5) / BURG_CELLS) +
		       0.2 * bench_uniform();
}

double burgers_primal(const double *v)
{
	return burgers_objective(v, BURG_STEPS);
}

double burgers_tangent(const double *v, const double *d, double *dot)
{
	return burgers_objective_d(v, d, BURG_STEPS, dot);
}

double burgers_adjoint(const double *v, double *g)
{
	return burgers_objective_b(v, g, BURG_STEPS, 1.0);
}

double burgers_hvp(const double *v, const double *d, double *g, double *hv)
{
	return burgers_objective_b_d(v, d, g, hv, BURG_STEPS, 1.0, 0.0);
}

#ifdef BENCH_VECTOR_BURGERS
double burgers_vtangent(const double *v, const double *dv, int nd,
			double *ydv)
{
	return burgers_objective_dv(v, dv, BURG_STEPS, nd, ydv);
}
#endif
#endif

#ifdef BENCH_KERNEL_TINY
#include "tiny_grad.h"

double tiny_objective(const double *x);

void tiny_init(double *v)
{
	int i;

	for (i = 0; i < TINY_N; i++)
		v[i] = bench_uniform();
}

double tiny_primal(const double *v)
{
	return tiny_objective(v);
}

double tiny_tangent(const double *v, const double *d, double *dot)
{
	return tiny_objective_d(v, d, dot);
}

double tiny_adjoint(const double *v, double *g)
{
	return tiny_objective_b(v, g, 1.0);
}

double tiny_hvp(const double *v, const double *d, double *g, double *hv)
{
	return tiny_objective_b_d(v, d, g, hv, 1.0, 0.0);
}

#ifdef BENCH_VECTOR_TINY
double tiny_vtangent(const double *v, const double *dv, int nd, double *ydv)
{
	return tiny_objective_dv(v, dv, nd, ydv);
}
#endif
#endif

/* deepnet and deepnet_inline: v = W, b, h0; both start from the same v
 * (from a generator of their own), so that their numbers can be compared.
 * W uniform in +-sqrt(3 / 64) (the pre-activations stay in tanh's bend),
 * b and h0 uniform in [-0.5, 0.5). */
#if defined BENCH_KERNEL_DEEPNET || defined BENCH_KERNEL_DEEPNET_INLINE
#define DN_W(v) (v)
#define DN_B(v) ((v) + DN_WIDTH * DN_WIDTH)
#define DN_H0(v) ((v) + DN_WIDTH * DN_WIDTH + DN_WIDTH)
/* the directions of W, b and h0 in an element-major dv of nd directions */
#define DN_W_DV(dv, nd) (dv)
#define DN_B_DV(dv, nd) ((dv) + (size_t)DN_WIDTH * DN_WIDTH * (nd))
#define DN_H0_DV(dv, nd)                                                    \
	((dv) + (size_t)(DN_WIDTH * DN_WIDTH + DN_WIDTH) * (nd))

static void dn_init(double *v)
{
	unsigned long long s = 12345;
	int i;

	for (i = 0; i < DN_BENCH_N; i++) {
		double u;
		s = s * 6364136223846793005ULL + 1442695040888963407ULL;
		u = (double)(s >> 11) / 4503599627370496.0 - 1.0;
		v[i] = i < DN_WIDTH * DN_WIDTH ? sqrt(3.0 / DN_WIDTH) * u
					       : 0.5 * u;
	}
}
#endif

#ifdef BENCH_KERNEL_DEEPNET
#include "deepnet_grad.h"

double deepnet(const double *W, const double *b, const double *h0);

void deepnet_init(double *v)
{
	dn_init(v);
}

double deepnet_primal(const double *v)
{
	return deepnet(DN_W(v), DN_B(v), DN_H0(v));
}

double deepnet_tangent(const double *v, const double *d, double *dot)
{
	return deepnet_d(DN_W(v), DN_W(d), DN_B(v), DN_B(d), DN_H0(v),
			 DN_H0(d), dot);
}

double deepnet_adjoint(const double *v, double *g)
{
	return deepnet_b(DN_W(v), DN_W(g), DN_B(v), DN_B(g), DN_H0(v),
			 DN_H0(g), 1.0);
}

double deepnet_hvp(const double *v, const double *d, double *g, double *hv)
{
	return deepnet_b_d(DN_W(v), DN_W(d), DN_W(g), DN_W(hv), DN_B(v),
			   DN_B(d), DN_B(g), DN_B(hv), DN_H0(v), DN_H0(d),
			   DN_H0(g), DN_H0(hv), 1.0, 0.0);
}

#ifdef BENCH_VECTOR_DEEPNET
double deepnet_vtangent(const double *v, const double *dv, int nd,
			double *ydv)
{
	return deepnet_dv(DN_W(v), DN_W_DV(dv, nd), DN_B(v), DN_B_DV(dv, nd),
			  DN_H0(v), DN_H0_DV(dv, nd), nd, ydv);
}
#endif
#endif

#ifdef BENCH_KERNEL_DEEPNET_INLINE
#include "deepnet_inline_grad.h"

double deepnet_inline(const double *W, const double *b, const double *h0);

void deepnet_inline_init(double *v)
{
	dn_init(v);
}

double deepnet_inline_primal(const double *v)
{
	return deepnet_inline(DN_W(v), DN_B(v), DN_H0(v));
}

double deepnet_inline_tangent(const double *v, const double *d, double *dot)
{
	return deepnet_inline_d(DN_W(v), DN_W(d), DN_B(v), DN_B(d), DN_H0(v),
				DN_H0(d), dot);
}

double deepnet_inline_adjoint(const double *v, double *g)
{
	return deepnet_inline_b(DN_W(v), DN_W(g), DN_B(v), DN_B(g), DN_H0(v),
				DN_H0(g), 1.0);
}

double deepnet_inline_hvp(const double *v, const double *d, double *g,
			  double *hv)
{
	return deepnet_inline_b_d(DN_W(v), DN_W(d), DN_W(g), DN_W(hv), DN_B(v),
				  DN_B(d), DN_B(g), DN_B(hv), DN_H0(v),
				  DN_H0(d), DN_H0(g), DN_H0(hv), 1.0, 0.0);
}

#ifdef BENCH_VECTOR_DEEPNET_INLINE
double deepnet_inline_vtangent(const double *v, const double *dv, int nd,
			       double *ydv)
{
	return deepnet_inline_dv(DN_W(v), DN_W_DV(dv, nd), DN_B(v),
				 DN_B_DV(dv, nd), DN_H0(v), DN_H0_DV(dv, nd),
				 nd, ydv);
}
#endif
#endif
