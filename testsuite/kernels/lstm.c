/* examples/kernels/lstm.c, a stacked LSTM's sequence loss: lstm_loss's
 * f_d, f_b and f_b_d in all its parameters and its initial hidden and cell
 * states (2 layers of 3, 4 steps: 195 inputs), against Richardson
 * differences, by the dot-product test, and H v against differences of
 * f_b gradients and for symmetry.  h and c are updated in place, so each
 * call gets fresh copies of them (and of their tangents).  They are in
 * wrt() and out(): h_b and c_b seed the final states on entry (the loss
 * does not read them: zero) and hold the gradient with respect to the
 * initial states on return, so the calls get zeroed h_b, c_b (h_bd,
 * c_bd), whose results are added to v's shadows.
 * The same numbers, bit for bit, with --no-tbr and --no-activity.
 */
// RUN: rm -rf %t && mkdir %t
// RUN: %ckc %srcroot/examples/kernels/lstm.c -o %t/lstm_grad.c
// RUN: FileCheck %s --check-prefix=GEN < %t/lstm_grad.h
// RUN: %ckc-run %t/lstm_grad.c %s %t/lstm -I%srcroot/examples/kernels %srcroot/examples/kernels/lstm.c > %t/out
// RUN: FileCheck %s < %t/out
// RUN: %ckc --no-tbr %srcroot/examples/kernels/lstm.c -o %t/notbr_grad.c
// RUN: %ckc-run --one %t/notbr_grad.c %s %t/notbr -I%srcroot/examples/kernels %srcroot/examples/kernels/lstm.c > %t/notbr.out
// RUN: cmp %t/out %t/notbr.out
// RUN: %ckc --no-activity %srcroot/examples/kernels/lstm.c -o %t/noact_grad.c
// RUN: %ckc-run --one %t/noact_grad.c %s %t/noact -I%srcroot/examples/kernels %srcroot/examples/kernels/lstm.c -Wno-unused-but-set-variable -Wno-unused-variable > %t/noact.out
// RUN: cmp %t/out %t/noact.out
// GEN: double lstm_loss_d(int nlayers, int n, int steps, const double *W, const double *W_d, const double *bias, const double *bias_d, const double *in_w, const double *in_w_d, const double *out_w, const double *out_w_d, const double *out_b, const double *out_b_d, double *h, double *h_d, double *c, double *c_d, const double *seq, double *ret_d);
// GEN: double lstm_loss_b(int nlayers, int n, int steps, const double *W, double *W_b, const double *bias, double *bias_b, const double *in_w, double *in_w_b, const double *out_w, double *out_w_b, const double *out_b, double *out_b_b, double *h, double *h_b, double *c, double *c_b, const double *seq, double ret_b);
// GEN: double lstm_loss_b_d(int nlayers, int n, int steps, const double *W, const double *W_d, double *W_b, double *W_bd, const double *bias, const double *bias_d, double *bias_b, double *bias_bd, const double *in_w, const double *in_w_d, double *in_w_b, double *in_w_bd, const double *out_w, const double *out_w_d, double *out_w_b, double *out_w_bd, const double *out_b, const double *out_b_d, double *out_b_b, double *out_b_bd, double *h, double *h_d, double *h_b, double *h_bd, double *c, double *c_d, double *c_b, double *c_bd, const double *seq, double ret_b, double ret_bd);
// CHECK-NOT: FAIL
// CHECK: {{[1-9][0-9]*}} checks, 0 failed

#ifdef CK_TEST_MAIN
#define CK_VEC_MAX 256
#include "kernelcheck.h"
#include "lstm.h"

#define NL 2
#define N 3
#define STEPS 4
#define NW LSTM_W_SIZE(NL, N)
#define NB LSTM_BIAS_SIZE(NL, N)
/* v: W, bias, in_w, out_w, out_b, h, c */
#define O_BIAS NW
#define O_IN (O_BIAS + NB)
#define O_OUTW (O_IN + N)
#define O_OUTB (O_OUTW + N * N)
#define O_H (O_OUTB + N)
#define O_C (O_H + NL * N)
#define NV (O_C + NL * N)

static double seq[STEPS * N];

/* fresh copies of the states in v (or a shadow of v) */
static void states(const double *v, double *h, double *c)
{
	for (int i = 0; i < NL * N; i++) {
		h[i] = v[O_H + i];
		c[i] = v[O_C + i];
	}
}

static double f(const double *v, void *ctx)
{
	double h[NL * N], c[NL * N];
	(void)ctx;
	states(v, h, c);
	return lstm_loss(NL, N, STEPS, v, v + O_BIAS, v + O_IN, v + O_OUTW,
			 v + O_OUTB, h, c, seq);
}

static double f_d(const double *v, const double *vd, double *dot, void *ctx)
{
	double h[NL * N], c[NL * N], hd[NL * N], cd[NL * N];
	(void)ctx;
	states(v, h, c);
	states(vd, hd, cd);
	return lstm_loss_d(NL, N, STEPS, v, vd, v + O_BIAS, vd + O_BIAS,
			   v + O_IN, vd + O_IN, v + O_OUTW, vd + O_OUTW,
			   v + O_OUTB, vd + O_OUTB, h, hd, c, cd, seq, dot);
}

/* zeroed state adjoints (see the top) */
static void zero_states(double *hb, double *cb)
{
	for (int i = 0; i < NL * N; i++)
		hb[i] = cb[i] = 0.0;
}

/* ... added to vb's */
static void add_states(double *vb, const double *hb, const double *cb)
{
	for (int i = 0; i < NL * N; i++) {
		vb[O_H + i] += hb[i];
		vb[O_C + i] += cb[i];
	}
}

static double f_b(const double *v, double *vb, double rb, void *ctx)
{
	double h[NL * N], c[NL * N], hb[NL * N], cb[NL * N], y;
	(void)ctx;
	states(v, h, c);
	zero_states(hb, cb);
	y = lstm_loss_b(NL, N, STEPS, v, vb, v + O_BIAS, vb + O_BIAS, v + O_IN,
			vb + O_IN, v + O_OUTW, vb + O_OUTW, v + O_OUTB,
			vb + O_OUTB, h, hb, c, cb, seq, rb);
	add_states(vb, hb, cb);
	return y;
}

static double f_b_d(const double *v, const double *vd, double *vb,
		    double *vbd, double rb, double rbd, int n, void *ctx)
{
	double h[NL * N], c[NL * N], hd[NL * N], cd[NL * N];
	double hb[NL * N], cb[NL * N], hbd[NL * N], cbd[NL * N], y;
	(void)ctx;
	(void)n;
	states(v, h, c);
	states(vd, hd, cd);
	zero_states(hb, cb);
	zero_states(hbd, cbd);
	y = lstm_loss_b_d(NL, N, STEPS, v, vd, vb, vbd, v + O_BIAS,
			  vd + O_BIAS, vb + O_BIAS, vbd + O_BIAS, v + O_IN,
			  vd + O_IN, vb + O_IN, vbd + O_IN, v + O_OUTW,
			  vd + O_OUTW, vb + O_OUTW, vbd + O_OUTW, v + O_OUTB,
			  vd + O_OUTB, vb + O_OUTB, vbd + O_OUTB, h, hd, hb, hbd,
			  c, cd, cb, cbd, seq, rb, rbd);
	add_states(vb, hb, cb);
	add_states(vbd, hbd, cbd);
	return y;
}

int main(void)
{
	double v[NV];
	int i;

	/* weights about 1 / sqrt(fan-in), states and data of order 1 */
	for (i = 0; i < O_H; i++)
		v[i] = 0.5 * ck_rand();
	for (; i < NV; i++)
		v[i] = 0.8 * ck_rand();
	for (i = 0; i < STEPS * N; i++)
		seq[i] = 0.5 + 0.5 * ck_rand();
	kc_check_scalar("lstm_loss", f, f_d, f_b, f_b_d, NULL, v, NULL, NV, 4);
	return ck_done();
}
#endif
