// The diffusion of halo-sendrecv.c with a nonblocking halo exchange: each
// step posts MPI_Irecv from both neighbours and MPI_Isend to both
// (MPI_PROC_NULL at the ends), then MPI_Waitall.  The tangent sends each
// halo's tangent with it; in the reverse sweep the adjoint of MPI_Waitall
// posts the adjoint messages (a receive for each send, a send of the halo
// cell's adjoint for each receive) and the adjoint of each post completes
// its message.
// On 1, 2 and 4 ranks: the derivatives against differences of the
// distributed function, the tangent against the adjoint (dot product), the
// Hessian-vector product against differences of gradients and for
// symmetry, and the whole gradient and H.v equal, to 1e-12, to the same
// function's on one process over the whole domain (MPI_COMM_SELF).
// REQUIRES: mpi
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %mpicc -DCK_TEST_MAIN -include %t.h %t.c %s %ckrt-mpi -o %t.exe
// RUN: %mpirun 1 %t.exe | FileCheck %s --check-prefix=OUT
// RUN: %mpirun 2 %t.exe | FileCheck %s --check-prefix=OUT
// RUN: %mpirun 4 %t.exe | FileCheck %s --check-prefix=OUT
#include <math.h>
#include <mpi.h>

#define NLOC_MAX 24

#pragma ck_tangent wrt(u0, k)
#pragma ck_adjoint wrt(u0, k)
#pragma ck_hvp wrt(u0, k)
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
	u[0] = 0;
	u[n + 1] = 0;
	for (i = 0; i < n; i++)
		u[i + 1] = u0[i];
	for (t = 0; t < steps; t++) {
		MPI_Irecv(&u[0], 1, MPI_DOUBLE, left, 0, comm, &rq[0]);
		MPI_Irecv(&u[n + 1], 1, MPI_DOUBLE, right, 1, comm, &rq[1]);
		MPI_Isend(&u[1], 1, MPI_DOUBLE, left, 1, comm, &rq[2]);
		MPI_Isend(&u[n], 1, MPI_DOUBLE, right, 0, comm, &rq[3]);
		MPI_Waitall(4, rq, MPI_STATUSES_IGNORE);
		for (i = 1; i <= n; i++)
			un[i] = u[i] + k * (u[i - 1] - 2 * u[i] + u[i + 1]) +
				0.1 * sin(u[i]);
		for (i = 1; i <= n; i++)
			u[i] = un[i];
	}
	for (i = 1; i <= n; i++)
		s += u[i] * u[i] * u[i];
	MPI_Allreduce(&s, &loss, 1, MPI_DOUBLE, MPI_SUM, comm);
	return loss;
}
// CHECK: #include "ckrt_mpi.h"
// CHECK-LABEL: {{^}}double heat_d(
// CHECK: ck_mpi_irecv_dbl_d(&u[0], &u_d[0], 1, {{.*}}, left, 0, comm, &rq[0], [[FID:[0-9]+]], 0, u, u_d);
// CHECK: ck_mpi_isend_dbl_d(&u[n], &u_d[n], 1, {{.*}}, right, 0, comm, &rq[3], [[FID]]);
// CHECK: ck_mpi_waitall_dbl1_d(4, rq, MPI_STATUSES_IGNORE, [[FID]], u, u_d);
// CHECK-LABEL: {{^}}static double heat_fwd({{.*}}){{$}}
// CHECK: ck_mpi_irecv_dbl_t(&u[0], 1, {{.*}}, left, 0, comm, &rq[0], [[FID]], 0, u);
// CHECK: ck_mpi_waitall_dbl1_t(4, rq, MPI_STATUSES_IGNORE, [[FID]], u);
// CHECK-LABEL: {{^}}static void heat_bwd({{.*}}){{$}}
// CHECK: ck_mpi_waitall_dbl1_b(4, [[FID]], u_b);
// CHECK: ck_mpi_isend_dbl_b(&u_b[n], 1, {{.*}}, right, 0, comm, [[FID]]);
// CHECK: ck_mpi_isend_dbl_b(&u_b[1], 1, {{.*}}, left, 1, comm, [[FID]]);
// CHECK: ck_mpi_irecv_dbl_b(&u_b[n + 1], 1, {{.*}}, right, 1, comm, [[FID]], 0, u_b);
// CHECK: ck_mpi_irecv_dbl_b(&u_b[0], 1, {{.*}}, left, 0, comm, [[FID]], 0, u_b);
// CHECK-LABEL: {{^}}static double heat_fwd_d({{.*}}){{$}}
// CHECK: ck_mpi_waitall_dbl1_t_d(4, rq, MPI_STATUSES_IGNORE, [[FID]], u, u_d);
// CHECK-LABEL: {{^}}static void heat_bwd_d({{.*}}){{$}}
// CHECK: ck_mpi_waitall_dbl1_b_d(4, [[FID]], u_b, u_bd);

// OUT-NOT: FAIL
// OUT: ok: heat: f_b gradient vs differences
// OUT: ok: heat: dot product grad . d = f_d (direction 2)
// OUT: ok: heat: f_b_d: symmetry
// OUT: ok: gradient on P ranks = on one[24]
// OUT: ok: H.v on P ranks = on one[24]
// OUT: {{[0-9]+}} checks, 0 failed

#ifdef CK_TEST_MAIN
#include "mpicheck.h"

#define N 24
#define STEPS 6

MC_WRAPPERS_K(kf, heat, N, STEPS)

int main(int argc, char **argv)
{
	double v[N + 1];
	int status;

	mc_init(&argc, &argv);
	for (int i = 0; i < N; i++)
		v[i] = 0.5 + 0.3 * sin(0.7 * i);
	v[N] = 0.2;
	status = mc_check_scalar("heat", kf_f, kf_d, kf_b, kf_b_d, v, N, 1, 1);
	MPI_Finalize();
	return status;
}
#endif
