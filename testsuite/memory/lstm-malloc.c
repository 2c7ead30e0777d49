/* examples/kernels/lstm_malloc.c, the stacked LSTM with every buffer
 * (states, layer input, prediction, each cell's gates) malloc'd or
 * calloc'd and freed before returning, differentiated unmodified:
 * lstm_malloc_loss's f_d, f_b and f_b_d in all its parameters and initial
 * states (2 layers of 3, 4 steps: 195 inputs) against Richardson
 * differences, by the dot-product test, and H v against differences of
 * f_b gradients and for symmetry; the same loss, bit for bit, as lstm.c's;
 * leak-free under ASan; no shadow bytes left in use after each call.
 * The same numbers, bit for bit, with --no-tbr and --no-activity.
 */
// RUN: rm -rf %t && mkdir %t
// RUN: %ckc %srcroot/examples/kernels/lstm_malloc.c -o %t/lstm_malloc_grad.c
// RUN: FileCheck %s --check-prefix=GEN < %t/lstm_malloc_grad.c
// RUN: %ckc-run %t/lstm_malloc_grad.c %s %t/lstm -I%srcroot/examples/kernels %srcroot/examples/kernels/lstm_malloc.c %srcroot/examples/kernels/lstm.c > %t/out
// RUN: FileCheck %s < %t/out
// RUN: %ckc --no-tbr %srcroot/examples/kernels/lstm_malloc.c -o %t/notbr_grad.c
// RUN: %ckc-run --one %t/notbr_grad.c %s %t/notbr -I%srcroot/examples/kernels %srcroot/examples/kernels/lstm_malloc.c %srcroot/examples/kernels/lstm.c > %t/notbr.out
// RUN: cmp %t/out %t/notbr.out
// RUN: %ckc --no-activity %srcroot/examples/kernels/lstm_malloc.c -o %t/noact_grad.c
// RUN: %ckc-run --one %t/noact_grad.c %s %t/noact -I%srcroot/examples/kernels %srcroot/examples/kernels/lstm_malloc.c %srcroot/examples/kernels/lstm.c -Wno-unused-but-set-variable -Wno-unused-variable > %t/noact.out
// RUN: cmp %t/out %t/noact.out
// GEN-LABEL: static void lstm_cell_fwd({{.*}}){{$}}
// GEN: gates = malloc(
// GEN-NOT: free(gates)
// GEN: ck_push_p(ck_t, gates);
// GEN-LABEL: static void lstm_cell_bwd({{.*}}){{$}}
// GEN: gates_b = ck_shadow_alloc(gates_bytes);
// GEN: free(gates);
// GEN-NEXT: ck_shadow_free(gates_b);
// CHECK-NOT: FAIL
// CHECK: ok: the loss of lstm.c
// CHECK: {{[1-9][0-9]*}} checks, 0 failed

#ifdef CK_TEST_MAIN
#define CK_VEC_MAX 256
#include "kernelcheck.h"
#include "ckrt.h"
#include "lstm.h"
#include "lstm_malloc.h"

#define NL 2
#define N 3
#define STEPS 4
#define NW LSTM_W_SIZE(NL, N)
#define NB LSTM_BIAS_SIZE(NL, N)
/* v: W, bias, in_w, out_w, out_b, h0, c0 */
#define O_BIAS NW
#define O_IN (O_BIAS + NB)
#define O_OUTW (O_IN + N)
#define O_OUTB (O_OUTW + N * N)
#define O_H (O_OUTB + N)
#define O_C (O_H + NL * N)
#define NV (O_C + NL * N)

static double seq[STEPS * N];

/* every call must leave no shadow buffer behind */
static void no_shadows_left(void)
{
	ck_stats st;
	ck_stats_reset();
	ck_stats_get(&st);
	if (st.shadow_peak_bytes != 0)
		ck_check("no shadow bytes in use after a call", 0);
}

static double f(const double *v, void *ctx)
{
	(void)ctx;
	return lstm_malloc_loss(NL, N, STEPS, v, v + O_BIAS, v + O_IN,
				v + O_OUTW, v + O_OUTB, v + O_H, v + O_C, seq);
}

static double f_d(const double *v, const double *vd, double *dot, void *ctx)
{
	double y;
	(void)ctx;
	y = lstm_malloc_loss_d(NL, N, STEPS, v, vd, v + O_BIAS, vd + O_BIAS,
			       v + O_IN, vd + O_IN, v + O_OUTW, vd + O_OUTW,
			       v + O_OUTB, vd + O_OUTB, v + O_H, vd + O_H,
			       v + O_C, vd + O_C, seq, dot);
	no_shadows_left();
	return y;
}

static double f_b(const double *v, double *vb, double rb, void *ctx)
{
	double y;
	(void)ctx;
	y = lstm_malloc_loss_b(NL, N, STEPS, v, vb, v + O_BIAS, vb + O_BIAS,
			       v + O_IN, vb + O_IN, v + O_OUTW, vb + O_OUTW,
			       v + O_OUTB, vb + O_OUTB, v + O_H, vb + O_H,
			       v + O_C, vb + O_C, seq, rb);
	no_shadows_left();
	return y;
}

static double f_b_d(const double *v, const double *vd, double *vb,
		    double *vbd, double rb, double rbd, int n, void *ctx)
{
	double y;
	(void)ctx;
	(void)n;
	y = lstm_malloc_loss_b_d(NL, N, STEPS, v, vd, vb, vbd, v + O_BIAS,
				 vd + O_BIAS, vb + O_BIAS, vbd + O_BIAS,
				 v + O_IN, vd + O_IN, vb + O_IN, vbd + O_IN,
				 v + O_OUTW, vd + O_OUTW, vb + O_OUTW,
				 vbd + O_OUTW, v + O_OUTB, vd + O_OUTB,
				 vb + O_OUTB, vbd + O_OUTB, v + O_H, vd + O_H,
				 vb + O_H, vbd + O_H, v + O_C, vd + O_C,
				 vb + O_C, vbd + O_C, seq, rb, rbd);
	no_shadows_left();
	return y;
}

int main(void)
{
	double v[NV], h[NL * N], c[NL * N];
	int i;

	/* weights about 1 / sqrt(fan-in), states and data of order 1 */
	for (i = 0; i < O_H; i++)
		v[i] = 0.5 * ck_rand();
	for (; i < NV; i++)
		v[i] = 0.8 * ck_rand();
	for (i = 0; i < STEPS * N; i++)
		seq[i] = 0.5 + 0.5 * ck_rand();
	for (i = 0; i < NL * N; i++) {
		h[i] = v[O_H + i];
		c[i] = v[O_C + i];
	}
	ck_equal_bits("the loss of lstm.c", f(v, NULL),
		      lstm_loss(NL, N, STEPS, v, v + O_BIAS, v + O_IN,
				v + O_OUTW, v + O_OUTB, h, c, seq));
	kc_check_scalar("lstm_malloc_loss", f, f_d, f_b, f_b_d, NULL, v, NULL,
			NV, 4);
	return ck_done();
}
#endif
