// MPI calls on float data: the helpers of the flt family, with MPI_FLOAT.
// A float halo exchange (MPI_Sendrecv) and a float MPI_Allreduce; the
// derivatives are float too, so the checks are the tangent against the
// adjoint to float accuracy and the same derivatives on P ranks as on
// one process.
// REQUIRES: mpi
// RUN: %ckc %s -o %t.c
// RUN: FileCheck %s --input-file %t.c
// RUN: %mpicc -DCK_TEST_MAIN -include %t.h %t.c %s %ckrt-mpi -o %t.exe
// RUN: %mpirun 1 %t.exe | FileCheck %s --check-prefix=OUT
// RUN: %mpirun 2 %t.exe | FileCheck %s --check-prefix=OUT
// RUN: %mpirun 4 %t.exe | FileCheck %s --check-prefix=OUT
#include <mpi.h>

#define NLOC_MAX 16

#pragma ck_tangent wrt(u0)
#pragma ck_adjoint wrt(u0)
float smooth(const float *u0, int n, MPI_Comm comm)
{
	float u[NLOC_MAX + 2], s = 0, loss = 0;
	int rank, size, left, right, i;

	MPI_Comm_rank(comm, &rank);
	MPI_Comm_size(comm, &size);
	left = rank > 0 ? rank - 1 : MPI_PROC_NULL;
	right = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
	u[0] = 0;
	u[n + 1] = 0;
	for (i = 0; i < n; i++)
		u[i + 1] = u0[i];
	MPI_Sendrecv(&u[n], 1, MPI_FLOAT, right, 0, &u[0], 1, MPI_FLOAT, left,
		     0, comm, MPI_STATUS_IGNORE);
	MPI_Sendrecv(&u[1], 1, MPI_FLOAT, left, 1, &u[n + 1], 1, MPI_FLOAT,
		     right, 1, comm, MPI_STATUS_IGNORE);
	for (i = 1; i <= n; i++) {
		float v = u[i - 1] + 2 * u[i] + u[i + 1];
		s += v * v;
	}
	MPI_Allreduce(&s, &loss, 1, MPI_FLOAT, MPI_SUM, comm);
	return loss;
}
// CHECK-LABEL: {{^}}float smooth_d(
// CHECK: ck_mpi_sendrecv_flt_d(&u[n], &u_d[n], 1,
// CHECK: ck_mpi_allreduce_flt_d(&s, &s_d, &loss, &loss_d, 1,
// CHECK-LABEL: {{^}}static void smooth_bwd({{.*}}){{$}}
// CHECK: ck_mpi_allreduce_flt_b(&s_b, &loss_b, 1,
// CHECK: ck_mpi_sendrecv_flt_b(&u_b[1], 1,
// CHECK: ck_mpi_sendrecv_flt_b(&u_b[n], 1,

// OUT-NOT: FAIL
// OUT: ok: float gradient on P ranks = on one
// OUT: ok: float dot product grad . d = f_d
// OUT: {{[0-9]+}} checks, 0 failed

#ifdef CK_TEST_MAIN
#include <math.h>
#include <stdio.h>

#include "ckcheck.h"

#define N 16

/* The gradient (all of it, on every rank) of smooth on comm. */
static float grad(const float *v, float *g, MPI_Comm comm)
{
	int rank, size;
	float gl[N] = {0}, y;
	MPI_Comm_rank(comm, &rank);
	MPI_Comm_size(comm, &size);
	int n = N / size;
	y = smooth_b(v + rank * n, gl, n, comm, rank == 0 ? 1.0f : 0.0f);
	MPI_Allgather(gl, n, MPI_FLOAT, g, n, MPI_FLOAT, comm);
	return y;
}

int main(int argc, char **argv)
{
	float v[N], d[N], g[N], g1[N], y, yd;
	int rank, size, status, same = 1;
	double dot = 0, sc = 0;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	if (rank != 0 && !freopen("/dev/null", "w", stdout))
		return 2;
	for (int i = 0; i < N; i++) {
		v[i] = 0.25f + 0.125f * (float)(i % 5);
		d[i] = (float)sin(1.3 * i);
	}
	y = grad(v, g, MPI_COMM_WORLD);
	grad(v, g1, MPI_COMM_SELF);
	for (int i = 0; i < N; i++)
		same &= fabsf(g[i] - g1[i]) <= 1e-5f * fabsf(g1[i]);
	ck_check("float gradient on P ranks = on one", same);
	int n = N / size;
	float yl = smooth_d(v + rank * n, d + rank * n, n, MPI_COMM_WORLD, &yd);
	ck_check("f_d returns f", yl == y);
	for (int i = 0; i < N; i++) {
		dot += (double)g[i] * d[i];
		sc += fabs((double)g[i] * d[i]);
	}
	ck_check("float dot product grad . d = f_d",
		 fabs(dot - yd) <= 1e-5 * sc);
	status = ck_done();
	MPI_Finalize();
	return status;
}
#endif
