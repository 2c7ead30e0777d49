// binomial-halo.c with a nonblocking halo exchange (MPI_Irecv, MPI_Isend,
// MPI_Waitall) in the steps under binomial(3), 20 steps: the steps that
// Revolve advances untaped complete their requests and keep nothing; the
// taped ones keep their requests' records for their reverse.  Every rank
// follows the same Revolve schedule, so the steps that a rank recomputes
// exchange their halos with the neighbours' recomputations.  On 1, 2 and 4 ranks: the
// derivatives against differences, the tangent and for symmetry, equal to
// the function's on one process; the gradient and H.v bitwise those of
// the same code without checkpoints (--no-checkpoint); and on every rank
// the steps recomputed number exactly Revolve's optimum (45 for 20 steps
// and 3 snapshots).
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
	MPI_Request rq[4];

	MPI_Comm_rank(comm, &rank);
	MPI_Comm_size(comm, &size);
	left = rank > 0 ? rank - 1 : MPI_PROC_NULL;
	right = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
	for (i = 0; i < NLOC_MAX + 2; i++)
		u[i] = 0;
	for (i = 0; i < n; i++)
		u[i + 1] = u0[i];
#pragma ck_checkpoint binomial(3)
	for (t = 0; t < steps; t++) {
		MPI_Irecv(&u[0], 1, MPI_DOUBLE, left, 0, comm, &rq[0]);
		MPI_Irecv(&u[n + 1], 1, MPI_DOUBLE, right, 1, comm, &rq[1]);
		MPI_Isend(&u[1], 1, MPI_DOUBLE, left, 1, comm, &rq[2]);
		MPI_Isend(&u[n], 1, MPI_DOUBLE, right, 0, comm, &rq[3]);
		MPI_Waitall(4, rq, MPI_STATUSES_IGNORE);
		for (i = 1; i <= n; i++)
			un[i] = u[i] + k * (u[i - 1] - 2 * u[i] + u[i + 1]) -
				0.05 * u[i] * u[i];
		for (i = 1; i <= n; i++)
			u[i] = un[i];
	}
	for (i = 1; i <= n; i++)
		s += u[i] * u[i];
	MPI_Allreduce(&s, &loss, 1, MPI_DOUBLE, MPI_SUM, comm);
	return loss;
}
// CHECK-LABEL: {{^}}static double heat_fwd({{.*}}){{$}}
// CHECK: ck_rv = ck_revolve_new(ck_l, 3);
// CHECK: ck_stats_add_recomputations(
// CHECK: ck_mpi_waitall_dbl1(4, rq, {{.*}}, u);
// CHECK: ck_mpi_waitall_dbl1_t(4, rq, {{.*}}, u);
// CHECK-LABEL: {{^}}static void heat_bwd({{.*}}){{$}}
// CHECK: ck_mpi_waitall_dbl1_t(4, rq2, {{.*}}, u2);
// CHECK: ck_mpi_waitall_dbl1_b(4, {{[0-9]+}}, u_b);

// OUT-NOT: FAIL
// OUT: ok: heat: f_b gradient vs differences
// OUT: ok: heat: f_b_d: symmetry
// OUT: ok: gradient on P ranks = on one[20]
// OUT: ok: gradient bitwise without checkpoints
// OUT: ok: H.v bitwise without checkpoints
// OUT: ok: recomputed steps = Revolve's optimum on every rank
// OUT: ok: no request records left on any rank
// OUT: {{[0-9]+}} checks, 0 failed

#ifdef CK_TEST_MAIN
#include "ckrt.h"
#include "ckrt_mpi.h"
#include "mpicheck.h"

#define N 20
#define STEPS 20

MC_WRAPPERS_K(kf, heat, N, STEPS)
/* heat_plain: heat's derivatives without checkpoints (its primal is
 * heat's) */
#define heat_plain heat
MC_WRAPPERS_K(plain, heat_plain, N, STEPS)

int main(int argc, char **argv)
{
	double v[N + 1], d[N + 1], g[N + 1] = {0};
	mc_ctx world;
	ck_stats st;
	int status;

	mc_init(&argc, &argv);
	world = mc_make(MPI_COMM_WORLD, N, 1);
	for (int i = 0; i < N; i++) {
		v[i] = 0.5 + 0.3 * sin(0.7 * i);
		d[i] = cos(1.1 * i);
	}
	v[N] = 0.2;
	d[N] = 0.5;
	mc_check_scalar("heat", kf_f, kf_d, kf_b, kf_b_d, v, N, 1, 1);
	mc_check_same("without checkpoints", kf_b, kf_b_d, plain_b, plain_b_d,
		      v, d, N, 1);
	ck_stats_reset();
	kf_b(v, g, 1.0, &world);
	ck_stats_get(&st);
	printf("recomputed steps on rank 0: %llu\n", st.recomputations);
	ck_check("recomputed steps = Revolve's optimum on every rank",
		 mc_all(st.recomputations == mc_revolve_optimum(STEPS, 3)));
	ck_check("no request records left on any rank",
		 mc_all(ck_mpi_pending() == 0));
	status = ck_done();
	MPI_Finalize();
	return status;
}
#endif
