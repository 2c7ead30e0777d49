/* both-families.h - includes FAMILY_FILE (a file of this directory), a
 * runtime test's checks of one family (see runtime-check.h), once for
 * double (S dbl, T double, TM MPI_DOUBLE) and once for float. */
#define S dbl
#define T double
#define TM MPI_DOUBLE
#define T_NAME "double"
#include FAMILY_FILE
#undef S
#undef T
#undef TM
#undef T_NAME

#define S flt
#define T float
#define TM MPI_FLOAT
#define T_NAME "float"
#include FAMILY_FILE
#undef S
#undef T
#undef TM
#undef T_NAME
