#!/bin/sh
# bench/run.sh BUILD - builds and runs ckc's benchmark; `make bench` calls it.
#
# For each kernel, ckc is run on its source (which carries the kernel's
# `#pragma ck_adjoint`, and for bench/'s own kernels `#pragma ck_hvp`) with a
# `--tangent` request added on the command line, and `--hvp` for the
# examples' kernels, so one generated file holds f_d, f_b and f_b_d.  When
# ckc cannot make f_b_d, the kernel is differentiated again from a copy
# without its ck_hvp pragma, and its f_b_d column shows "-"; when it cannot
# make the adjoint either, from a copy without its ck_ pragmas, tangent only,
# and its f_b column shows "-" too.
#
# ADOL-C (Debian's libadolc-dev, with g++) is installed when missing and
# this runs as root; without it the ADOL-C columns are skipped.  Nothing here
# fails for want of ADOL-C.
#
# The kernels of examples/kernels are differentiated from their own
# pragmas (all three modes); kernels.c wraps them for bench.c.  One that
# ckc refuses for want of struct support is left out with a note.
#
# Then the checkpointing table of examples/pde (bench/checkpoint.c): its
# gradient without checkpoints, with a region per step and with
# binomial(K) for several K.
#
# Last, ckc's own compile time (bench/scale.py): straight-line and
# loop-nest kernels of 1000, 10000 and 100000 statements in every mode,
# with the growth ratio per 10x size.
#
# Environment: CC (default cc), CXX (default g++), OPT (default -O2),
# SCALE_SIZES (default 1000,10000,100000; empty skips the scaling table).
set -eu

B=${1:-build}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=$B/bench
CC=${CC:-cc}
CXX=${CXX:-g++}
OPT=${OPT:-"-O2"}
CFLAGS="-std=c99 $OPT -Wall -Wextra -Wno-unknown-pragmas"
INC="-I$OUT -I$ROOT/bench -I$ROOT/examples/mlp -I$ROOT/runtime"
status=0

mkdir -p "$OUT"

# ADOL-C: install when missing (as root), never fail.
missing=""
for p in libadolc-dev g++; do
	dpkg -s $p 2>/dev/null | grep -q '^Status: install ok installed' ||
		missing="$missing $p"
done
if [ -n "$missing" ]; then
	if [ "$(id -u)" = 0 ]; then
		echo "installing:$missing (for the ADOL-C comparison)"
		DEBIAN_FRONTEND=noninteractive apt-get update -q >/dev/null 2>&1 &&
			DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
				--no-install-recommends $missing >/dev/null 2>&1 ||
			echo "could not install$missing; ADOL-C is skipped"
	else
		echo "ADOL-C is skipped unless installed (as root):" \
			"apt-get install$missing"
	fi
fi
adolc=0
if echo '#include <adolc/adolc.h>' |
	$CXX -x c++ -fsyntax-only - >/dev/null 2>&1; then
	adolc=1
fi

# gen NAME SOURCE FUNCTION WRT [--hvp]: NAME_grad.c and NAME_grad.h in $OUT
# (--hvp: request f_b_d on the command line, for a source without a
# ck_hvp pragma).
DEFS=""
gen() {
	name=$1 src=$2 fn=$3 wrt=$4 hvp=${5:-}
	log=$OUT/${name}_ckc.log
	up=$(echo "$name" | tr a-z A-Z)
	set -- --tangent "$fn:wrt=$wrt"
	[ -n "$hvp" ] && set -- "$@" --hvp "$fn:wrt=$wrt"
	echo "ckc $src $* -o $OUT/${name}_grad.c"
	if "$B/ckc" "$src" "$@" -o "$OUT/${name}_grad.c" 2>"$log"; then
		DEFS="$DEFS -DBENCH_ADJOINT_$up -DBENCH_HVP_$up"
		return
	fi
	if ! grep -q "ck_hvp is not implemented yet" "$log"; then
		echo "ERROR: ckc could not generate ${fn}_b_d:"
		cat "$log"
		status=1
	fi
	echo "  (no ${fn}_b_d: again from a copy without ck_hvp pragmas)"
	sed 's/^[ 	]*#[ 	]*pragma[ 	][ 	]*ck_hvp.*//' "$src" \
		>"$OUT/${name}_nohvp.c"
	if "$B/ckc" "$OUT/${name}_nohvp.c" --tangent "$fn:wrt=$wrt" \
		-o "$OUT/${name}_grad.c" -I "$(dirname "$src")" 2>"$log"; then
		DEFS="$DEFS -DBENCH_ADJOINT_$up"
		return
	fi
	if ! grep -q "ck_adjoint is not implemented yet" "$log"; then
		echo "ERROR: ckc could not generate ${fn}_b:"
		cat "$log"
		status=1
	fi
	echo "  (no ${fn}_b: tangent only, from a copy without ck_ pragmas)"
	sed 's/^[ 	]*#[ 	]*pragma[ 	][ 	]*ck_.*//' "$src" \
		>"$OUT/${name}_nopragma.c"
	"$B/ckc" "$OUT/${name}_nopragma.c" --tangent "$fn:wrt=$wrt" \
		-o "$OUT/${name}_grad.c" -I "$(dirname "$src")"
}
gen rosenbrock "$ROOT/bench/rosenbrock.c" rosenbrock x
gen heat "$ROOT/bench/heat.c" heat_objective u0
gen logreg "$ROOT/examples/logreg/logreg.c" logreg_loss w --hvp
gen mlp "$ROOT/examples/mlp/mlp.c" mlp_loss w,x --hvp

# The kernels of examples/kernels carry all their pragmas (ck_tangent,
# ck_adjoint, ck_hvp); a failure on any of them is an error.
KDIR=$ROOT/examples/kernels
KNAMES=""
for name in ba lstm gmm hand; do
	log=$OUT/${name}_ckc.log
	up=$(echo "$name" | tr a-z A-Z)
	echo "ckc $KDIR/$name.c -o $OUT/${name}_grad.c"
	if "$B/ckc" "$KDIR/$name.c" -o "$OUT/${name}_grad.c" 2>"$log"; then
		DEFS="$DEFS -DBENCH_KERNEL_$up"
		KNAMES="$KNAMES $name"
	else
		echo "ERROR: ckc could not differentiate $KDIR/$name.c:"
		cat "$log"
		status=1
	fi
done
INC="$INC -I$KDIR"

# Every source its own object, so that nothing is inlined across them.
objs=""
for f in bench/rosenbrock.c bench/heat.c examples/logreg/logreg.c \
	examples/mlp/mlp.c bench/hand.c bench/data.c; do
	o=$OUT/$(basename "$f" .c).o
	$CC $CFLAGS $INC -c "$ROOT/$f" -o "$o"
	objs="$objs $o"
done
for n in rosenbrock heat logreg mlp; do
	$CC $CFLAGS $INC -c "$OUT/${n}_grad.c" -o "$OUT/${n}_grad.o"
	objs="$objs $OUT/${n}_grad.o"
done
for n in $KNAMES; do
	$CC $CFLAGS $INC -c "$KDIR/$n.c" -o "$OUT/k_$n.o"
	$CC $CFLAGS $INC -c "$OUT/${n}_grad.c" -o "$OUT/${n}_grad.o"
	objs="$objs $OUT/k_$n.o $OUT/${n}_grad.o"
done
$CC $CFLAGS $INC $DEFS -c "$ROOT/bench/kernels.c" -o "$OUT/kernels.o"
objs="$objs $OUT/kernels.o"
if [ $adolc = 1 ]; then
	$CXX $OPT -Wall -Wextra $INC -c "$ROOT/bench/adolc.cc" \
		-o "$OUT/adolc.o"
	$CC $CFLAGS $INC $DEFS -DBENCH_ADOLC -c "$ROOT/bench/bench.c" \
		-o "$OUT/bench.o"
	$CXX "$OUT/bench.o" $objs "$OUT/adolc.o" "$B/libckrt.a" -ladolc \
		-lm -lpthread -o "$OUT/bench"
else
	$CC $CFLAGS $INC $DEFS -c "$ROOT/bench/bench.c" -o "$OUT/bench.o"
	$CC "$OUT/bench.o" $objs "$B/libckrt.a" -lm -lpthread \
		-o "$OUT/bench"
fi
echo "$OUT/bench   (built with $CC $OPT; ADOL-C: $([ $adolc = 1 ] && echo yes || echo no))"
(cd "$OUT" && ./bench) || status=1

# The checkpointing table (checkpoint.c): examples/pde/burgers.c as it is
# (binomial(16) on the time loop, burgers_misfit_steps with a region per
# step), with --no-checkpoint, and with binomial(K) for each K of KS, from
# copies with the pragma's K replaced (ckc does not expand macros in a
# pragma).  -D renames the functions of each, so that all link together.
PDE=$ROOT/examples/pde
KS="4 8 16 32"
names() {
	echo "-Dburgers_misfit=burgers_misfit_$1" \
		"-Dburgers_misfit_steps=burgers_misfit_steps_$1"
}
echo
echo "ckc $PDE/burgers.c -o $OUT/burgers_grad.c"
"$B/ckc" "$PDE/burgers.c" -o "$OUT/burgers_grad.c"
echo "ckc --no-checkpoint $(names plain) ... -o $OUT/burgers_plain_grad.c"
# shellcheck disable=SC2046
"$B/ckc" --no-checkpoint $(names plain) "$PDE/burgers.c" \
	-o "$OUT/burgers_plain_grad.c"
objs="$OUT/burgers_grad.o $OUT/burgers_plain_grad.o"
list=""
for k in $KS; do
	sed "s/ck_checkpoint binomial(16)/ck_checkpoint binomial($k)/" \
		"$PDE/burgers.c" >"$OUT/burgers_k$k.c"
	grep -q "binomial($k)" "$OUT/burgers_k$k.c"
	echo "ckc $(names k$k) $OUT/burgers_k$k.c (binomial($k))"
	# shellcheck disable=SC2046
	"$B/ckc" -I"$PDE" $(names k$k) "$OUT/burgers_k$k.c" \
		-o "$OUT/burgers_k${k}_grad.c"
	objs="$objs $OUT/burgers_k${k}_grad.o"
	list="$list X($k)"
done
for o in $objs; do
	$CC $CFLAGS -I"$ROOT/runtime" -c "${o%.o}.c" -o "$o"
done
$CC $CFLAGS -I"$PDE" -c "$PDE/burgers.c" -o "$OUT/burgers.o"
$CC $CFLAGS -I"$PDE" -I"$ROOT/runtime" "-DBENCH_KS(X)=$list" \
	-c "$ROOT/bench/checkpoint.c" -o "$OUT/checkpoint.o"
$CC "$OUT/checkpoint.o" "$OUT/burgers.o" $objs "$B/libckrt.a" -lm \
	-lpthread -o "$OUT/checkpoint"
echo "$OUT/checkpoint"
(cd "$OUT" && ./checkpoint) || status=1

SCALE_SIZES=${SCALE_SIZES-1000,10000,100000}
if [ -n "$SCALE_SIZES" ]; then
	echo
	echo "python3 bench/scale.py --ckc $B/ckc --out $OUT/scale --sizes $SCALE_SIZES"
	python3 "$ROOT/bench/scale.py" --ckc "$B/ckc" --out "$OUT/scale" \
		--sizes "$SCALE_SIZES" || status=1
fi
exit $status
