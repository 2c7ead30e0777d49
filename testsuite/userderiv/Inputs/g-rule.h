/* The ck_derivative of g in a header, before g's prototype. */
#pragma ck_derivative g wrt(a, b) tangent(g_d) adjoint(g_b)
#include "g.h"
