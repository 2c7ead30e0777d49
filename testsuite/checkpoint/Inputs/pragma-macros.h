/* Parameters of pragma-macros.c, and its requests: a request may sit
 * before the prototype of a function the input defines. */
#ifndef PRAGMA_MACROS_H
#define PRAGMA_MACROS_H

#define NSNAP 3
#define STATE u

#pragma ck_adjoint wrt(STATE) out(STATE) /* the gradient */
double heat(double *u, int steps);

/* a request for a function another source defines: not this input's */
#pragma ck_tangent wrt(y)
double elsewhere(double y);

#endif
