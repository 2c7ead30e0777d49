/* A vector-math header as graphics and robotics code keeps it: a struct,
 * static inline helpers and a static table, with an include guard. */
#ifndef VECMATH_H
#define VECMATH_H

#include <math.h>

typedef struct {
	double x, y;
} vec2;

static inline int twice(int i)
{
	return 2 * i;
}

static inline double dot2(vec2 a, vec2 b)
{
	return a.x * b.x + a.y * b.y;
}

static const double LIMITS[2] = { -0.5, 2.0 };

#endif
