/* Includes a header beside it and one found through -I inc. */
#include "model.h"
#include <params.h>

#pragma ck_tangent wrt(x)
double model(double x)
{
	return PARAM_A * x * x + MODEL_B * x;
}
