// REQUIRES: mpi, clang
/* ckrt_mpi.h compiles as strict C99 under gcc and clang-19 with the
 * warnings generated code and tests may be compiled with, and so does
 * libckrt_mpi's own source (built by CMake with the default compiler only).
 * Open MPI's mpicc runs the compiler OMPI_CC names (-c: without -lmpi,
 * which clang would call unused). */
// RUN: %mpicc -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wconversion -c %s -o %t.o
// RUN: env OMPI_CC=%clang %mpicc -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wconversion -c %s -o %t.o
// RUN: %mpicc -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wconversion -c %srcroot/runtime/ckrt_mpi.c -o %t.o
// RUN: env OMPI_CC=%clang %mpicc -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wconversion -c %srcroot/runtime/ckrt_mpi.c -o %t.o
#include "ckrt_mpi.h"

int main(void);

int main(void)
{
	return 0;
}
