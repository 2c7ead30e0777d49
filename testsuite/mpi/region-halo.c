// A checkpoint region around each step of a distributed time loop, halo
// exchange included: f_fwd saves the region's inputs and runs it untaped,
// f_bwd restores them and runs it again, exchanging the halos again with
// the neighbours, which recompute the same step at the same point.  On 1,
// 2 and 4 ranks: the derivatives against differences, the tangent and for
// symmetry, equal to the function's on one process; the gradient and H.v
// bitwise those of the same code without checkpoints (--no-checkpoint);
// and on every rank one recomputation per step.
// REQUIRES: mpi
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %ckc --no-checkpoint -Dheat=heat_plain %s -o %t.plain.c
// RUN: %mpicc -DCK_TEST_MAIN -include %t.h -include %t.plain.h %t.c %t.plain.c %s %ckrt-mpi -o %t.exe
// RUN: %mpirun 1 %t.exe | FileCheck %s --check-prefix=OUT
// RUN: %mpirun 2 %t.exe | FileCheck %s --check-prefix=OUT
// RUN: %mpirun 4 %t.exe | FileCheck %s --check-prefix=OUT
#include <math.h>
#include <mpi.h>

#define NLOC_MAX 24

#pragma ck_adjoint wrt(u0, k)
#pragma ck_hvp wrt(u0, k)
#pragma ck_tangent wrt(u0, k)
double heat(const double *u0, double k, int n, int steps, MPI_Comm comm)
{
	double u[NLOC_MAX + 2], un[NLOC_MAX + 2];
	double s = 0, loss = 0;
	int rank, size, left, right, i, t;

	MPI_Comm_rank(comm, &rank);
	MPI_Comm_size(comm, &size);
	left = rank > 0 ? rank - 1 : MPI_PROC_NULL;
	right = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
	for (i = 0; i < NLOC_MAX + 2; i++)
		u[i] = 0;
	for (i = 0; i < n; i++)
		u[i + 1] = u0[i];
	for (t = 0; t < steps; t++) {
#pragma ck_checkpoint
		{
			MPI_Sendrecv(&u[n], 1, MPI_DOUBLE, right, 0, &u[0], 1,
				     MPI_DOUBLE, left, 0, comm, MPI_STATUS_IGNORE);
			MPI_Sendrecv(&u[1], 1, MPI_DOUBLE, left, 1, &u[n + 1], 1,
				     MPI_DOUBLE, right, 1, comm,
				     MPI_STATUS_IGNORE);
			for (i = 1; i <= n; i++)
				un[i] = u[i] +
					k * (u[i - 1] - 2 * u[i] + u[i + 1]) -
					0.05 * u[i] * u[i];
			for (i = 1; i <= n; i++)
				u[i] = un[i];
		}
	}
	for (i = 1; i <= n; i++)
		s += u[i] * u[i];
	MPI_Allreduce(&s, &loss, 1, MPI_DOUBLE, MPI_SUM, comm);
	return loss;
}
// CHECK-LABEL: {{^}}static double heat_fwd({{.*}}){{$}}
// CHECK: ck_s = ck_snap_new();
// CHECK: CK_SAVE(ck_s, u);
// CHECK: ck_mpi_sendrecv_dbl(&u[n], 1,
// CHECK-LABEL: {{^}}static void heat_bwd({{.*}}){{$}}
// CHECK: CK_LOAD(ck_s, u2);
// CHECK: ck_mpi_sendrecv_dbl(&u2[n], 1,
// CHECK: ck_mpi_sendrecv_dbl_b(&u_b[n], 1,

// OUT-NOT: FAIL
// OUT: ok: heat: f_b gradient vs differences
// OUT: ok: heat: f_b_d: symmetry
// OUT: ok: gradient on P ranks = on one[20]
// OUT: ok: gradient bitwise without checkpoints
// OUT: ok: H.v bitwise without checkpoints
// OUT: ok: one recomputation per step on every rank
// OUT: {{[0-9]+}} checks, 0 failed

#ifdef CK_TEST_MAIN
#include <string.h>

#include "ckrt.h"
#include "mpicheck.h"

#define N 20
#define STEPS 20

static double kf(const double *v, void *ctx)
{
	return heat(v + mc_lo(ctx), v[N], mc_n(ctx), STEPS, mc_comm(ctx));
}

static double kf_d(const double *v, const double *vd, double *dot, void *ctx)
{
	return heat_d(v + mc_lo(ctx), vd + mc_lo(ctx), v[N], vd[N], mc_n(ctx),
		      STEPS, mc_comm(ctx), dot);
}

static double kf_b(const double *v, double *vb, double rb, void *ctx)
{
	double g[N + 1] = {0};
	double y = heat_b(v + mc_lo(ctx), g, v[N], &g[N], mc_n(ctx), STEPS,
			  mc_comm(ctx), mc_seed(ctx, rb));
	mc_gather(ctx, g, vb, 1);
	return y;
}

static double kf_b_d(const double *v, const double *vd, double *vb,
		     double *vbd, double rb, double rbd, int nv, void *ctx)
{
	double g[N + 1] = {0}, gd[N + 1] = {0};
	double y;
	(void)nv;
	ctx = mc_hvp_ctx(ctx);
	y = heat_b_d(v + mc_lo(ctx), vd + mc_lo(ctx), g, gd, v[N], vd[N], &g[N],
		     &gd[N], mc_n(ctx), STEPS, mc_comm(ctx), mc_seed(ctx, rb),
		     mc_seed(ctx, rbd));
	mc_gather(ctx, g, vb, 1);
	mc_gather(ctx, gd, vbd, 1);
	return y;
}

/* Is every rank's a[0, n) bitwise its b[0, n)? */
static int all_same_bits(const double *a, const double *b, int n)
{
	int same = memcmp(a, b, sizeof(double) * (size_t)n) == 0, all = 0;
	MPI_Allreduce(&same, &all, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
	return all;
}

int main(int argc, char **argv)
{
	double v[N + 1], d[N + 1];
	int status, n, lo, rank, size;

	mc_init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	n = N / size;
	lo = rank * n;
	for (int i = 0; i < N; i++) {
		v[i] = 0.5 + 0.3 * sin(0.7 * i);
		d[i] = cos(1.1 * i);
	}
	v[N] = 0.2;
	d[N] = 0.5;
	mc_check_scalar("heat", kf, kf_d, kf_b, kf_b_d, v, N, 1, 1);

	double g[N + 1] = {0}, gp[N + 1] = {0}, gd[N + 1] = {0};
	double gdp[N + 1] = {0}, h[N + 1] = {0}, hp[N + 1] = {0};
	double sd = rank == 0 ? 1.0 : 0.0;
	ck_stats st;
	ck_stats_reset();
	heat_b(v + lo, g, v[N], &g[N], n, STEPS, MPI_COMM_WORLD, sd);
	ck_stats_get(&st);
	heat_plain_b(v + lo, gp, v[N], &gp[N], n, STEPS, MPI_COMM_WORLD, sd);
	ck_check("gradient bitwise without checkpoints",
		 all_same_bits(g, gp, n) && all_same_bits(g + N, gp + N, 1));
	heat_b_d(v + lo, d + lo, gd, h, v[N], d[N], &gd[N], &h[N], n, STEPS,
		 MPI_COMM_WORLD, sd, 0.0);
	heat_plain_b_d(v + lo, d + lo, gdp, hp, v[N], d[N], &gdp[N], &hp[N], n,
		       STEPS, MPI_COMM_WORLD, sd, 0.0);
	ck_check("H.v bitwise without checkpoints",
		 all_same_bits(h, hp, n) && all_same_bits(h + N, hp + N, 1));
	int right = st.recomputations == STEPS, all = 0;
	MPI_Allreduce(&right, &all, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
	printf("recomputations on rank 0: %llu\n", st.recomputations);
	ck_check("one recomputation per step on every rank", all);
	status = ck_done();
	MPI_Finalize();
	return status;
}
#endif
