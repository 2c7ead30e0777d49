/* examples/kernels/lstm.c with its time loop checkpointed, as a user
 * would for a long sequence: binomial(3) (with save() of the states it
 * updates) and, apart, a region around the loop.  lstm_loss_b and
 * lstm_loss_b_d must give bitwise the derivatives of ckc --no-checkpoint
 * (DESIGN §2, checkpoint transparency), and binomial(3) over 6 steps must
 * run Revolve's optimum of extra steps: t = 2 (C(5, 3) = 10 >= 6),
 * 2 * 6 - C(5, 1) = 7.
 */
// RUN: rm -rf %t && mkdir %t
// RUN: sed 's|^\tfor (t = 0; t < steps - 1; t++) {|#pragma ck_checkpoint binomial(3) save(h[0:nlayers * n], c[0:nlayers * n])\n&|' %srcroot/examples/kernels/lstm.c > %t/lstm_binomial.c
// RUN: sed 's|^\tfor (t = 0; t < steps - 1; t++) {|#pragma ck_checkpoint save(h[0:nlayers * n], c[0:nlayers * n])\n&|' %srcroot/examples/kernels/lstm.c > %t/lstm_region.c
// RUN: grep -c 'pragma ck_checkpoint binomial(3)' %t/lstm_binomial.c
// RUN: grep -c 'pragma ck_checkpoint save' %t/lstm_region.c
// RUN: %ckc -I%srcroot/examples/kernels %t/lstm_binomial.c -o %t/binomial_grad.c
// RUN: %ckc -I%srcroot/examples/kernels -Dlstm_loss=lstm_region %t/lstm_region.c -o %t/region_grad.c
// RUN: %ckc -I%srcroot/examples/kernels --no-checkpoint -Dlstm_loss=lstm_plain %srcroot/examples/kernels/lstm.c -o %t/plain_grad.c
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
#define NP (O_OUTB + N)
#define NS (NL * N)
/* a run's results: the parameters' adjoints, then the states', then the
 * loss */
#define NR (NP + 2 * NS + 1)

typedef double (*fb_t)(int, int, int, const double *, double *,
		       const double *, double *, const double *, double *,
		       const double *, double *, const double *, double *,
		       double *, double *, double *, double *, const double *,
		       double);
typedef double (*fbd_t)(int, int, int, const double *, const double *,
			double *, double *, const double *, const double *,
			double *, double *, const double *, const double *,
			double *, double *, const double *, const double *,
			double *, double *, const double *, const double *,
			double *, double *, double *, double *, double *,
			double *, double *, double *, double *, double *,
			const double *, double, double);

static double p[NP], pd[NP], h0[NS], c0[NS], hd0[NS], cd0[NS];
static double seq[STEPS * N];

/* f_b into r (seed 1), f_b_d's second-order adjoints into r2 (seeds 1,
 * 0.5), from zeroed adjoints (see testsuite/kernels/lstm.c) */
static void run(fb_t fb, fbd_t fbd, double *r, double *r2)
{
	double h[NS], c[NS], hd[NS], cd[NS];
	double g[NP] = { 0 }, gb[NP] = { 0 }, gbd[NP] = { 0 };
	double hb[NS] = { 0 }, cb[NS] = { 0 }, hb2[NS] = { 0 }, cb2[NS] = { 0 };
	double hbd[NS] = { 0 }, cbd[NS] = { 0 };

	memcpy(h, h0, sizeof h);
	memcpy(c, c0, sizeof c);
	r[NR - 1] = fb(NL, N, STEPS, p, g, p + O_BIAS, g + O_BIAS, p + O_IN,
		       g + O_IN, p + O_OUTW, g + O_OUTW, p + O_OUTB,
		       g + O_OUTB, h, hb, c, cb, seq, 1.0);
	memcpy(r, g, sizeof g);
	memcpy(r + NP, hb, sizeof hb);
	memcpy(r + NP + NS, cb, sizeof cb);
	memcpy(h, h0, sizeof h);
	memcpy(c, c0, sizeof c);
	memcpy(hd, hd0, sizeof hd);
	memcpy(cd, cd0, sizeof cd);
	r2[NR - 1] = fbd(NL, N, STEPS, p, pd, gb, gbd, p + O_BIAS, pd + O_BIAS,
			 gb + O_BIAS, gbd + O_BIAS, p + O_IN, pd + O_IN,
			 gb + O_IN, gbd + O_IN, p + O_OUTW, pd + O_OUTW,
			 gb + O_OUTW, gbd + O_OUTW, p + O_OUTB, pd + O_OUTB,
			 gb + O_OUTB, gbd + O_OUTB, h, hd, hb2, hbd, c, cd,
			 cb2, cbd, seq, 1.0, 0.5);
	memcpy(r2, gbd, sizeof gbd);
	memcpy(r2 + NP, hbd, sizeof hbd);
	memcpy(r2 + NP + NS, cbd, sizeof cbd);
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

	for (int i = 0; i < NP; i++) {
		p[i] = 0.5 * ck_rand();
		pd[i] = ck_rand();
	}
	for (int i = 0; i < NS; i++) {
		h0[i] = ck_rand();
		c0[i] = ck_rand();
		hd0[i] = ck_rand();
		cd0[i] = ck_rand();
	}
	for (int i = 0; i < STEPS * N; i++)
		seq[i] = 0.5 + 0.5 * ck_rand();
	run(lstm_plain_b, lstm_plain_b_d, plain, plain2);
	ck_stats_reset();
	run(lstm_loss_b, lstm_loss_b_d, bin, bin2);
	ck_stats_get(&st);
	/* f_b and f_b_d each run the binomial loop once */
	ck_check("binomial(3): Revolve's 7 extra steps in f_b and in f_b_d",
		 st.recomputations == 2 * 7);
	run(lstm_region_b, lstm_region_b_d, reg, reg2);
	same("binomial(3): f_b bitwise --no-checkpoint's", bin, plain);
	same("binomial(3): f_b_d bitwise --no-checkpoint's", bin2, plain2);
	same("region: f_b bitwise --no-checkpoint's", reg, plain);
	same("region: f_b_d bitwise --no-checkpoint's", reg2, plain2);
	return ck_done();
}
#endif
