// disk(D): snapshots beyond the K in memory, in files under CK_DISK_DIR.
// binomial(3) disk(4) and online(2) disk(3) on a stencil's time loop, in
// f_b and f_b_d: every derivative bit for bit that of the same loop without
// checkpoints; memory holds at most K snapshots, the files make fewer
// recomputations than K alone, and no file is left behind (rmdir of the
// directory succeeds).  A directory that cannot take the files stops the
// program with a message, before any derivative is returned.
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %cc -DCK_TEST_MAIN -include %t.h %s %t.c %ckrt -o %t.bin
// RUN: rm -rf %t.d %t.missing && mkdir %t.d
// RUN: env CK_DISK_DIR=%t.d %t.bin | FileCheck %s --check-prefix=OUT
// RUN: rmdir %t.d
// RUN: env CK_DISK_DIR=%t.missing not %t.bin 2>&1 | FileCheck %s --check-prefix=FAIL
// OUT-NOT: FAIL
// OUT: {{[1-9][0-9]*}} checks, 0 failed
// FAIL: ckrt: cannot create the checkpoint file {{.*}}.missing/ckc-snapshot-{{.*}}: No such file or directory
#include <math.h>

#define CELLS 256

#define STEP                                                                  \
	for (int i = 1; i < CELLS - 1; i++)                                   \
		un[i] = u[i] + c * (u[i - 1] - 2.0 * u[i] + u[i + 1]) -       \
			0.05 * sin(u[i]) * u[i];                              \
	for (int i = 1; i < CELLS - 1; i++)                                   \
		u[i] = un[i];

#pragma ck_adjoint wrt(u0, c)
#pragma ck_hvp wrt(u0, c)
double bin(const double *u0, double c, int steps)
{
	double u[CELLS], un[CELLS], f = 0.0;
	for (int i = 0; i < CELLS; i++)
		u[i] = un[i] = u0[i];
#pragma ck_checkpoint binomial(3) disk(4)
	for (int t = 0; t < steps; t++) {
		STEP
	}
	for (int i = 0; i < CELLS; i++)
		f += u[i] * u[i];
	return f;
}

#pragma ck_adjoint wrt(u0, c)
#pragma ck_hvp wrt(u0, c)
double onl(const double *u0, double c, double T)
{
	double u[CELLS], un[CELLS], f = 0.0, t = 0.0;
	for (int i = 0; i < CELLS; i++)
		u[i] = un[i] = u0[i];
#pragma ck_checkpoint online(2) disk(3)
	while (t < T) {
		STEP
		t += 0.01 / (1.0 + u[1] * u[1]);
	}
	for (int i = 0; i < CELLS; i++)
		f += u[i] * u[i];
	return f;
}

/* the same, with K snapshots in memory only */
#pragma ck_adjoint wrt(u0, c)
double bin_mem(const double *u0, double c, int steps)
{
	double u[CELLS], un[CELLS], f = 0.0;
	for (int i = 0; i < CELLS; i++)
		u[i] = un[i] = u0[i];
#pragma ck_checkpoint binomial(3)
	for (int t = 0; t < steps; t++) {
		STEP
	}
	for (int i = 0; i < CELLS; i++)
		f += u[i] * u[i];
	return f;
}

/* and without checkpoints */
#pragma ck_adjoint wrt(u0, c)
#pragma ck_hvp wrt(u0, c)
double bin_all(const double *u0, double c, int steps)
{
	double u[CELLS], un[CELLS], f = 0.0;
	for (int i = 0; i < CELLS; i++)
		u[i] = un[i] = u0[i];
	for (int t = 0; t < steps; t++) {
		STEP
	}
	for (int i = 0; i < CELLS; i++)
		f += u[i] * u[i];
	return f;
}

#pragma ck_adjoint wrt(u0, c)
#pragma ck_hvp wrt(u0, c)
double onl_all(const double *u0, double c, double T)
{
	double u[CELLS], un[CELLS], f = 0.0, t = 0.0;
	for (int i = 0; i < CELLS; i++)
		u[i] = un[i] = u0[i];
	while (t < T) {
		STEP
		t += 0.01 / (1.0 + u[1] * u[1]);
	}
	for (int i = 0; i < CELLS; i++)
		f += u[i] * u[i];
	return f;
}
// CHECK-LABEL: static double bin_fwd(const double *u0, double c, int steps){{$}}
// CHECK: ck_rv = ck_revolve_disk(ck_l, 3, 4);
// CHECK-LABEL: static double onl_fwd(const double *u0, double c, double T){{$}}
// CHECK: ck_rv = ck_revolve_online_disk(2, 3);

#ifdef CK_TEST_MAIN
#include <string.h>
#include "ckcheck.h"
#include "ckrt.h"

#define STEPS 200
#define T_END 1.5

static int same(const double *a, const double *b, int n)
{
	return memcmp(a, b, sizeof *a * (size_t)n) == 0;
}

int main(void)
{
	double u0[CELLS], v[CELLS + 1], g[CELLS + 1], h[CELLS + 1];
	double gb[CELLS + 1], gbd[CELLS + 1], hb[CELLS + 1], hbd[CELLS + 1];
	double c = 0.2;
	ck_stats sd, sm;
	for (int i = 0; i < CELLS; i++)
		u0[i] = 0.5 + 0.3 * ck_rand();
	for (int i = 0; i <= CELLS; i++)
		v[i] = ck_rand();

	/* binomial(3) disk(4) */
	memset(g, 0, sizeof g);
	memset(h, 0, sizeof h);
	ck_stats_reset();
	double y = bin_b(u0, g, c, &g[CELLS], STEPS, 1.0);
	ck_stats_get(&sd);
	bin_all_b(u0, h, c, &h[CELLS], STEPS, 1.0);
	ck_check("binomial disk: gradient bitwise", same(g, h, CELLS + 1));
	ck_equal_bits("binomial disk: primal", y, bin_all(u0, c, STEPS));
	memset(h, 0, sizeof h);
	ck_stats_reset();
	bin_mem_b(u0, h, c, &h[CELLS], STEPS, 1.0);
	ck_stats_get(&sm);
	ck_check("binomial disk: gradient bitwise binomial(3)", same(g, h, CELLS + 1));
	printf("binomial(3) disk(4): recomputations %llu, snapshot peak %zu; "
	       "binomial(3): %llu, %zu\n",
	       sd.recomputations, sd.snapshot_peak_bytes, sm.recomputations,
	       sm.snapshot_peak_bytes);
	ck_check("binomial disk: fewer recomputations",
		 sd.recomputations < sm.recomputations);
	/* three snapshots of u and un (4 KB each) in memory: the files'
	 * bookkeeping is all that is added */
	ck_check("binomial disk: memory within binomial(3)'s and 1 KB",
		 sd.snapshot_peak_bytes <= sm.snapshot_peak_bytes + 1024);
	memset(gb, 0, sizeof gb);
	memset(gbd, 0, sizeof gbd);
	memset(hb, 0, sizeof hb);
	memset(hbd, 0, sizeof hbd);
	bin_b_d(u0, v, gb, gbd, c, v[CELLS], &gb[CELLS], &gbd[CELLS], STEPS,
		1.0, 0.5);
	bin_all_b_d(u0, v, hb, hbd, c, v[CELLS], &hb[CELLS], &hbd[CELLS],
		    STEPS, 1.0, 0.5);
	ck_check("binomial disk: f_b_d bitwise",
		 same(gb, hb, CELLS + 1) && same(gbd, hbd, CELLS + 1));

	/* online(2) disk(3) */
	memset(g, 0, sizeof g);
	memset(h, 0, sizeof h);
	ck_stats_reset();
	y = onl_b(u0, g, c, &g[CELLS], T_END, 1.0);
	ck_stats_get(&sd);
	onl_all_b(u0, h, c, &h[CELLS], T_END, 1.0);
	ck_check("online disk: gradient bitwise", same(g, h, CELLS + 1));
	ck_equal_bits("online disk: primal", y, onl_all(u0, c, T_END));
	printf("online(2) disk(3): %llu steps, recomputations %llu, snapshot "
	       "peak %zu\n",
	       sd.loop_steps, sd.recomputations, sd.snapshot_peak_bytes);
	ck_check("online disk: steps", sd.loop_steps > 50);
	/* two snapshots of u and un (4 KB each) in memory, and the
	 * bookkeeping */
	ck_check("online disk: at most 2 snapshots in memory",
		 sd.snapshot_peak_bytes < 3 * 2 * CELLS * sizeof(double));
	memset(gb, 0, sizeof gb);
	memset(gbd, 0, sizeof gbd);
	memset(hb, 0, sizeof hb);
	memset(hbd, 0, sizeof hbd);
	onl_b_d(u0, v, gb, gbd, c, v[CELLS], &gb[CELLS], &gbd[CELLS], T_END,
		1.0, 0.5);
	onl_all_b_d(u0, v, hb, hbd, c, v[CELLS], &hb[CELLS], &hbd[CELLS],
		    T_END, 1.0, 0.5);
	ck_check("online disk: f_b_d bitwise",
		 same(gb, hb, CELLS + 1) && same(gbd, hbd, CELLS + 1));
	return ck_done();
}
#endif
