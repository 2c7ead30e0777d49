/* examples/kernels/lstm_malloc.c with its time loop checkpointed, as a
 * user would for a long sequence: binomial(3) with save() of the malloc'd
 * states, input and prediction, and, apart, a region around the loop.
 * Each step's cells malloc and free their gates.  lstm_malloc_loss_b and
 * lstm_malloc_loss_b_d must give bitwise the derivatives of ckc
 * --no-checkpoint, binomial(3) over 6 steps must run Revolve's optimum
 * of 7 extra steps, and everything is freed (ASan).
 */
// RUN: rm -rf %t && mkdir %t
// RUN: sed 's|^\tfor (t = 0; t < steps - 1; t++) {|#pragma ck_checkpoint binomial(3) save(h[0:nlayers * n], c[0:nlayers * n], x[0:n], y[0:n])\n&|' %srcroot/examples/kernels/lstm_malloc.c > %t/lstm_binomial.c
// RUN: sed 's|^\tfor (t = 0; t < steps - 1; t++) {|#pragma ck_checkpoint save(h[0:nlayers * n], c[0:nlayers * n], x[0:n], y[0:n])\n&|' %srcroot/examples/kernels/lstm_malloc.c > %t/lstm_region.c
// RUN: grep -c 'pragma ck_checkpoint binomial(3)' %t/lstm_binomial.c
// RUN: grep -c 'pragma ck_checkpoint save' %t/lstm_region.c
// RUN: %ckc -I%srcroot/examples/kernels %t/lstm_binomial.c -o %t/binomial_grad.c
// RUN: %ckc -I%srcroot/examples/kernels -Dlstm_malloc_loss=lstm_region %t/lstm_region.c -o %t/region_grad.c
// RUN: %ckc -I%srcroot/examples/kernels --no-checkpoint -Dlstm_malloc_loss=lstm_plain %srcroot/examples/kernels/lstm_malloc.c -o %t/plain_grad.c
// RUN: %ckc-run %t/binomial_grad.c %s %t/lstm -I%t -I%srcroot/examples/kernels %t/region_grad.c %t/plain_grad.c | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: {{[1-9][0-9]*}} checks, 0 failed

#ifdef CK_TEST_MAIN
#include <string.h>

#include "ckcheck.h"
#include "ckrt.h"
#include "lstm.h"
#include "plain_grad.h"
#include "region_grad.h"

#define NL 2
#define N 3
#define STEPS 7
#define NW LSTM_W_SIZE(NL, N)
#define NB LSTM_BIAS_SIZE(NL, N)
#define O_BIAS NW
#define O_IN (O_BIAS + NB)
#define O_OUTW (O_IN + N)
#define O_OUTB (O_OUTW + N * N)
#define O_H (O_OUTB + N)
#define O_C (O_H + NL * N)
#define NV (O_C + NL * N)
/* a run's results: the adjoints, then the loss */
#define NR (NV + 1)

typedef double (*fb_t)(int, int, int, const double *, double *,
		       const double *, double *, const double *, double *,
		       const double *, double *, const double *, double *,
		       const double *, double *, const double *, double *,
		       const double *, double);
typedef double (*fbd_t)(int, int, int, const double *, const double *,
			double *, double *, const double *, const double *,
			double *, double *, const double *, const double *,
			double *, double *, const double *, const double *,
			double *, double *, const double *, const double *,
			double *, double *, const double *, const double *,
			double *, double *, const double *, const double *,
			double *, double *, const double *, double, double);

static double v[NV], vd[NV];
static double seq[STEPS * N];

/* f_b into r (seed 1), f_b_d's second-order adjoints into r2 (seeds 1,
 * 0.5) */
static void run(fb_t fb, fbd_t fbd, double *r, double *r2)
{
	double g[NV] = { 0 }, gb[NV] = { 0 }, gbd[NV] = { 0 };

	r[NR - 1] = fb(NL, N, STEPS, v, g, v + O_BIAS, g + O_BIAS, v + O_IN,
		       g + O_IN, v + O_OUTW, g + O_OUTW, v + O_OUTB,
		       g + O_OUTB, v + O_H, g + O_H, v + O_C, g + O_C, seq,
		       1.0);
	memcpy(r, g, sizeof g);
	r2[NR - 1] = fbd(NL, N, STEPS, v, vd, gb, gbd, v + O_BIAS, vd + O_BIAS,
			 gb + O_BIAS, gbd + O_BIAS, v + O_IN, vd + O_IN,
			 gb + O_IN, gbd + O_IN, v + O_OUTW, vd + O_OUTW,
			 gb + O_OUTW, gbd + O_OUTW, v + O_OUTB, vd + O_OUTB,
			 gb + O_OUTB, gbd + O_OUTB, v + O_H, vd + O_H,
			 gb + O_H, gbd + O_H, v + O_C, vd + O_C, gb + O_C,
			 gbd + O_C, seq, 1.0, 0.5);
	memcpy(r2, gbd, sizeof gbd);
}

static void same(const char *what, const double *a, const double *b)
{
	int ok = 1;
	for (int i = 0; i < NR; i++)
		if (memcmp(&a[i], &b[i], sizeof a[i]) != 0) {
			printf("FAIL: %s [%d]: %a vs %a\n", what, i, a[i], b[i]);
			ok = 0;
		}
	ck_check(what, ok);
}

int main(void)
{
	static double plain[NR], plain2[NR], bin[NR], bin2[NR];
	static double reg[NR], reg2[NR];
	ck_stats st;

	for (int i = 0; i < NV; i++) {
		v[i] = (i < O_H ? 0.5 : 0.8) * ck_rand();
		vd[i] = ck_rand();
	}
	for (int i = 0; i < STEPS * N; i++)
		seq[i] = 0.5 + 0.5 * ck_rand();
	run(lstm_plain_b, lstm_plain_b_d, plain, plain2);
	ck_stats_reset();
	run(lstm_malloc_loss_b, lstm_malloc_loss_b_d, bin, bin2);
	ck_stats_get(&st);
	/* f_b and f_b_d each run the binomial loop once: t = 2 (C(5, 3) =
	 * 10 >= 6), 2 * 6 - C(5, 1) = 7 each */
	ck_check("binomial(3): Revolve's 7 extra steps in f_b and in f_b_d",
		 st.recomputations == 14);
	run(lstm_region_b, lstm_region_b_d, reg, reg2);
	same("binomial(3): f_b bitwise --no-checkpoint's", bin, plain);
	same("binomial(3): f_b_d bitwise --no-checkpoint's", bin2, plain2);
	same("region: f_b bitwise --no-checkpoint's", reg, plain);
	same("region: f_b_d bitwise --no-checkpoint's", reg2, plain2);
	return ck_done();
}
#endif
