/*
 * hand.h - hand.c's skinned hand model: matrices, bones, the layout of the
 * pose and the entry point.
 */
#ifndef CKC_KERNELS_HAND_H
#define CKC_KERNELS_HAND_H

/* A dense matrix, column-major: element (i, j) is data[j * nrows + i]. */
typedef struct {
	int nrows, ncols;
	double *data;
} Matrix;

/* A bone of the skeleton, its transforms 4 x 4 (homogeneous). */
typedef struct {
	int parent;                   /* index of the parent bone, -1: root */
	Matrix base_relative;         /* rest pose, relative to the parent */
	Matrix inverse_base_absolute; /* inverse of the rest pose's absolute
					 transform (model to bone space) */
} Bone;

/* The largest skeleton hand_objective handles. */
#define HAND_MAXBONES 32

/* The pose: a global rotation (angle-axis, 3), a global translation (3),
 * then three Euler angles per bone (about x, then y, then z). */
#define HAND_GLOBAL_ROT 0
#define HAND_GLOBAL_T 3
#define HAND_BONE_ANGLES 6
#define HAND_POSE_SIZE(nbones) (6 + 3 * (nbones))

/* The sum of squared distances between the skinned vertices (rest: 4 x
 * nverts, homogeneous rest-pose positions; weights: nbones x nverts, each
 * column summing to 1) and the targets (3 x nverts). */
double hand_objective(int nbones, const Bone *bones, const double *pose,
		      Matrix rest, Matrix weights, const double *targets);

#endif
