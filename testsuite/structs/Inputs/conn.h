/* The struct type of structs/int-pointer-member-moved.c. */
#ifndef CONN_H
#define CONN_H

typedef struct {
	int *conn;
} mesh;

#endif
