#!/bin/sh
# bench/run.sh BUILD - builds and runs ckc's benchmark; `make bench` calls it.
#
# Everything is built and run with each compiler of CCS (default: gcc and
# clang, which may be installed as clang-19), at OPT (-O2): the derivatives
# that ckc generates once, the kernels, the driver (bench.c) and the
# checkpointing table.  Each compiler's build lives in BUILD/bench/<label>
# (label: gcc, clang) and prints its own checks; then the tables of time
# ratios and tape memory show one column per compiler side by side
# (bench --tables), and the checkpointing table is printed once per
# compiler.
#
# For each kernel, ckc is run on its source (which carries the kernel's
# `#pragma ck_adjoint`, and for bench/'s own kernels `#pragma ck_hvp`) with a
# `--tangent` request added on the command line, and `--hvp` for the
# examples' kernels, so one generated file holds f_d, f_b and f_b_d.  Every
# kernel also gets a `--tangent '...:vector'` request with the wrt (and out)
# of its f_d, for f_dv (vector mode; ckcv below): when ckc refuses it, the
# kernel is differentiated without it, with a note, and its vector columns
# show "-" (bench.c: BENCH_VECTOR_<KERNEL> when f_dv is there).  When
# ckc cannot make f_b_d, the kernel is differentiated again from a copy
# without its ck_hvp pragma, and its f_b_d column shows "-"; when it cannot
# make the adjoint either, from a copy without its ck_ pragmas, tangent only,
# and its f_b column shows "-" too.
#
# ADOL-C (Debian's libadolc-dev, with g++) is installed when missing and
# this runs as root; without it the ADOL-C columns are skipped.  Nothing here
# fails for want of ADOL-C.  Its driver (adolc.cc) is built with each
# compiler's C++ compiler (g++, clang++).
#
# The kernels of examples/kernels are differentiated from their own
# pragmas (all three modes) and the vector request; kernels.c wraps them
# for bench.c.  A failure on one of them is an error (the kernel is left
# out).
#
# bench/'s kernels of particular shapes (shapes.c wraps them): burgers
# (burgers.c), tiny (tiny.c), deepnet (deepnet.c) and deepnet_inline
# (deepnet_inline.c), all three modes from their pragmas and a --tangent
# request.  One that ckc refuses is left out with a note and ckc's error.
#
# With ENZYME_PLUGIN (the path of Enzyme's ClangEnzyme-19.so) and clang,
# a table of ckc against Enzyme on bench/'s kernels follows (enzyme.c);
# without them, a note.
#
# Then the checkpointing table of examples/pde (bench/checkpoint.c): its
# gradient without checkpoints, with a region per step and with
# binomial(K) for several K.
#
# Then the online(K) table (bench/online.c): the steps recomputed by
# online(K), for a loop whose trip count is known only at its end, against
# Revolve's optimum for the same trip count; no timing, so it is built
# once, with the first compiler.
#
# Then examples/omp_heat built with -fopenmp: its gradient and
# Hessian-vector product on 1 and 2 threads, and the speed-up.  Then
# examples/mpi_heat built with mpicc: its primal and gradient on 1, 2 and 4
# ranks, and each rank's peak memory.
#
# Last, ckc's own compile time (bench/scale.py): straight-line and
# loop-nest kernels of 1000, 10000 and 100000 statements in every mode,
# with the growth ratio per 10x size.
#
# Environment: CCS (default "gcc clang", clang found as clang-19 or clang;
# a compiler that is not there is skipped with a note), OPT (default -O2),
# SCALE_SIZES (default 1000,10000,100000; empty skips the scaling table),
# ENZYME_PLUGIN (above).
set -eu

B=${1:-build}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=$B/bench
OPT=${OPT:-"-O2"}
CFLAGS="-std=c99 $OPT -Wall -Wextra -Wno-unknown-pragmas"
INC="-I$OUT -I$ROOT/bench -I$ROOT/examples/mlp -I$ROOT/runtime"
status=0

mkdir -p "$OUT"

# The compilers: each C compiler with its C++ compiler and a label.
ccs=""
for c in ${CCS-gcc clang}; do
	# clang-19 is the toolchain's (make deps installs it with its OpenMP
	# runtime); a plain clang may be an older one without omp.h
	if [ "$c" = clang ] && command -v clang-19 >/dev/null 2>&1; then
		c=clang-19
	fi
	if ! command -v "$c" >/dev/null 2>&1; then
		echo "note: no $c; its columns are skipped"
		continue
	fi
	ccs="$ccs $c"
done
if [ -z "$ccs" ]; then
	echo "ERROR: none of the compilers ${CCS-gcc clang} is there"
	exit 1
fi
# cxx_of CC, label_of CC: g++ for gcc, clang++[-19] for clang[-19]
cxx_of() {
	case $1 in
	gcc*) echo "g++${1#gcc}" ;;
	clang*) echo "clang++${1#clang}" ;;
	*) echo c++ ;;
	esac
}
label_of() {
	basename "$1" | sed 's/-[0-9][0-9.]*$//' | cut -c1-6
}

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

# ckcv NAME VREQ ARG...: ckc ARG... with `--tangent VREQ` (VREQ ends in
# :vector) added, for NAME's f_dv, and -DBENCH_VECTOR_<NAME> in DEFS; when
# that fails, ckc ARG... alone, and if that works, a note that ckc
# refuses vector mode for NAME with its error (NAME_ckcv.log).  Returns
# ckc's status; ckc's error without the vector request goes to stderr.
DEFS=""
ckcv() {
	vname=$1 vreq=$2
	shift 2
	if "$B/ckc" "$@" --tangent "$vreq" 2>"$OUT/${vname}_ckcv.log"; then
		DEFS="$DEFS -DBENCH_VECTOR_$(echo "$vname" | tr a-z A-Z)"
		return 0
	fi
	"$B/ckc" "$@" || return
	echo "note: ckc refuses --tangent '$vreq'; $vname's f_dv columns" \
		"show -:"
	cat "$OUT/${vname}_ckcv.log"
}

# gen NAME SOURCE FUNCTION WRT [--hvp]: NAME_grad.c and NAME_grad.h in $OUT
# (--hvp: request f_b_d on the command line, for a source without a
# ck_hvp pragma), with f_dv where ckc makes it.
gen() {
	name=$1 src=$2 fn=$3 wrt=$4 hvp=${5:-}
	log=$OUT/${name}_ckc.log
	up=$(echo "$name" | tr a-z A-Z)
	vreq="$fn:wrt=$wrt:vector"
	set -- --tangent "$fn:wrt=$wrt"
	[ -n "$hvp" ] && set -- "$@" --hvp "$fn:wrt=$wrt"
	echo "ckc $src $* --tangent $vreq -o $OUT/${name}_grad.c"
	if ckcv "$name" "$vreq" "$src" "$@" -o "$OUT/${name}_grad.c" \
		2>"$log"; then
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
	if ckcv "$name" "$vreq" "$OUT/${name}_nohvp.c" --tangent \
		"$fn:wrt=$wrt" -o "$OUT/${name}_grad.c" -I "$(dirname "$src")" \
		2>"$log"; then
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
	ckcv "$name" "$vreq" "$OUT/${name}_nopragma.c" --tangent \
		"$fn:wrt=$wrt" -o "$OUT/${name}_grad.c" -I "$(dirname "$src")"
}
gen rosenbrock "$ROOT/bench/rosenbrock.c" rosenbrock x
gen heat "$ROOT/bench/heat.c" heat_objective u0
gen logreg "$ROOT/examples/logreg/logreg.c" logreg_loss w --hvp
gen mlp "$ROOT/examples/mlp/mlp.c" mlp_loss w,x --hvp

# The kernels of examples/kernels carry all their pragmas (ck_tangent,
# ck_adjoint, ck_hvp); a failure on any of them is an error.  Each with
# the vector request of its ck_tangent pragma's wrt and out.
KDIR=$ROOT/examples/kernels
KNAMES=""
for k in ba:ba_objective:wrt=cams,X,w \
	lstm:lstm_loss:wrt=W,bias,in_w,out_w,out_b,h,c:out=h,c \
	gmm:gmm_objective:wrt=alphas,means,icf hand:hand_objective:wrt=pose; do
	name=${k%%:*} vreq=${k#*:}:vector
	log=$OUT/${name}_ckc.log
	up=$(echo "$name" | tr a-z A-Z)
	echo "ckc $KDIR/$name.c --tangent $vreq -o $OUT/${name}_grad.c"
	if ckcv "$name" "$vreq" "$KDIR/$name.c" -o "$OUT/${name}_grad.c" \
		2>"$log"; then
		DEFS="$DEFS -DBENCH_KERNEL_$up"
		KNAMES="$KNAMES $name"
	else
		echo "ERROR: ckc could not differentiate $KDIR/$name.c:"
		cat "$log"
		status=1
	fi
done
INC="$INC -I$KDIR"

# bench/'s kernels of particular shapes: f_b and f_b_d from their pragmas,
# f_d requested; one that ckc refuses is left out with a note.
SNAMES=""
for s in burgers:burgers_objective:u0 tiny:tiny_objective:x \
	deepnet:deepnet:W,b,h0 deepnet_inline:deepnet_inline:W,b,h0; do
	name=${s%%:*} rest=${s#*:}
	fn=${rest%%:*} wrt=${rest#*:}
	log=$OUT/${name}_ckc.log
	up=$(echo "$name" | tr a-z A-Z)
	echo "ckc $ROOT/bench/$name.c --tangent $fn:wrt=$wrt" \
		"--tangent $fn:wrt=$wrt:vector -o $OUT/${name}_grad.c"
	if ckcv "$name" "$fn:wrt=$wrt:vector" "$ROOT/bench/$name.c" \
		--tangent "$fn:wrt=$wrt" -o "$OUT/${name}_grad.c" 2>"$log"; then
		DEFS="$DEFS -DBENCH_KERNEL_$up"
		SNAMES="$SNAMES $name"
	else
		echo "note: ckc refuses bench/$name.c; $name is left out:"
		cat "$log"
	fi
done

# The checkpointing variants of examples/pde/burgers.c (see below), also
# generated once for all compilers.
PDE=$ROOT/examples/pde
KS="4 8 16 32"
names() {
	echo "-Dburgers_misfit=burgers_misfit_$1" \
		"-Dburgers_misfit_steps=burgers_misfit_steps_$1"
}
echo "ckc $PDE/burgers.c -o $OUT/pde_grad.c"
"$B/ckc" "$PDE/burgers.c" -o "$OUT/pde_grad.c"
echo "ckc --no-checkpoint $(names plain) ... -o $OUT/pde_plain_grad.c"
# shellcheck disable=SC2046
"$B/ckc" --no-checkpoint $(names plain) "$PDE/burgers.c" \
	-o "$OUT/pde_plain_grad.c"
pdes="pde_grad pde_plain_grad"
list=""
for k in $KS; do
	sed "s/ck_checkpoint binomial(16)/ck_checkpoint binomial($k)/" \
		"$PDE/burgers.c" >"$OUT/pde_k$k.c"
	grep -q "binomial($k)" "$OUT/pde_k$k.c"
	echo "ckc $(names k$k) $OUT/pde_k$k.c (binomial($k))"
	# shellcheck disable=SC2046
	"$B/ckc" -I"$PDE" $(names k$k) "$OUT/pde_k$k.c" \
		-o "$OUT/pde_k${k}_grad.c"
	pdes="$pdes pde_k${k}_grad"
	list="$list X($k)"
done

# build CC LABEL: the benchmark and checkpoint programs in $OUT/LABEL.
# Every source its own object, so that nothing is inlined across them.
build() {
	CC=$1 D=$OUT/$2 CXX=$(cxx_of "$1")
	mkdir -p "$D"
	adolc=0
	if command -v "$CXX" >/dev/null 2>&1 &&
		echo '#include <adolc/adolc.h>' |
		"$CXX" -x c++ -fsyntax-only - >/dev/null 2>&1; then
		adolc=1
	fi
	objs=""
	for f in bench/rosenbrock.c bench/heat.c examples/logreg/logreg.c \
		examples/mlp/mlp.c bench/hand.c bench/data.c; do
		o=$D/$(basename "$f" .c).o
		$CC $CFLAGS $INC -c "$ROOT/$f" -o "$o"
		objs="$objs $o"
	done
	for n in rosenbrock heat logreg mlp; do
		$CC $CFLAGS $INC -c "$OUT/${n}_grad.c" -o "$D/${n}_grad.o"
		objs="$objs $D/${n}_grad.o"
	done
	for n in $KNAMES; do
		$CC $CFLAGS $INC -c "$KDIR/$n.c" -o "$D/k_$n.o"
		$CC $CFLAGS $INC -c "$OUT/${n}_grad.c" -o "$D/${n}_grad.o"
		objs="$objs $D/k_$n.o $D/${n}_grad.o"
	done
	for n in $SNAMES; do
		$CC $CFLAGS $INC -c "$ROOT/bench/$n.c" -o "$D/s_$n.o"
		$CC $CFLAGS $INC -c "$OUT/${n}_grad.c" -o "$D/${n}_grad.o"
		objs="$objs $D/s_$n.o $D/${n}_grad.o"
	done
	$CC $CFLAGS $INC $DEFS -c "$ROOT/bench/kernels.c" -o "$D/kernels.o"
	$CC $CFLAGS $INC $DEFS -c "$ROOT/bench/shapes.c" -o "$D/shapes.o"
	objs="$objs $D/kernels.o $D/shapes.o"
	# the objects besides bench.c's, for enzyme.c's link (below)
	echo "$objs" >"$D/objs"
	if [ $adolc = 1 ]; then
		$CXX $OPT -Wall -Wextra $INC -c "$ROOT/bench/adolc.cc" \
			-o "$D/adolc.o"
		$CC $CFLAGS $INC $DEFS -DBENCH_ADOLC -c "$ROOT/bench/bench.c" \
			-o "$D/bench.o"
		$CXX "$D/bench.o" $objs "$D/adolc.o" "$B/libckrt.a" -ladolc \
			-lm -lpthread -o "$D/bench"
	else
		$CC $CFLAGS $INC $DEFS -c "$ROOT/bench/bench.c" -o "$D/bench.o"
		$CC "$D/bench.o" $objs "$B/libckrt.a" -lm -lpthread \
			-o "$D/bench"
	fi
	echo "$D/bench   (built with $CC $OPT; ADOL-C: $([ $adolc = 1 ] && echo "yes, $CXX" || echo no))"

	objs=""
	for n in $pdes; do
		$CC $CFLAGS -I"$ROOT/runtime" -c "$OUT/$n.c" -o "$D/$n.o"
		objs="$objs $D/$n.o"
	done
	$CC $CFLAGS -I"$PDE" -c "$PDE/burgers.c" -o "$D/pde.o"
	$CC $CFLAGS -I"$PDE" -I"$ROOT/runtime" "-DBENCH_KS(X)=$list" \
		-c "$ROOT/bench/checkpoint.c" -o "$D/checkpoint.o"
	$CC "$D/checkpoint.o" "$D/pde.o" $objs "$B/libckrt.a" -lm \
		-lpthread -o "$D/checkpoint"
	echo "$D/checkpoint"
}
labels=""
for c in $ccs; do
	build "$c" "$(label_of "$c")"
	labels="$labels $(label_of "$c")"
done

# Each compiler's run: its checks, then its results into a file; the
# tables of all of them side by side.
files=""
for l in $labels; do
	echo
	echo "== $l $OPT"
	(cd "$OUT/$l" && ./bench "$l" results) || status=1
	files="$files $OUT/$l/results"
done
first=${labels# }
first=${first%% *}
# shellcheck disable=SC2086
"$OUT/$first/bench" --tables $files || status=1

# ckc against Enzyme (enzyme.c), when ENZYME_PLUGIN names Enzyme's plugin
# for clang 19 (ClangEnzyme-19.so): bench/'s kernels differentiated by
# Enzyme in enzyme.c, linked with the clang build's objects for ckc's
# derivatives.  Without the plugin, or when it cannot build a program,
# a note; a MISMATCH (Enzyme's derivatives against ckc's) fails.
enzyme_cc=""
for c in $ccs; do
	case $(label_of "$c") in clang) enzyme_cc=$c ;; esac
done
if [ -z "${ENZYME_PLUGIN-}" ]; then
	echo
	echo "note: no Enzyme comparison (ENZYME_PLUGIN=/path/to/ClangEnzyme-19.so adds it)"
elif [ ! -f "$ENZYME_PLUGIN" ] || [ -z "$enzyme_cc" ]; then
	echo
	echo "note: no Enzyme comparison: it needs clang and the plugin" \
		"$ENZYME_PLUGIN"
else
	D=$OUT/clang
	log=$D/enzyme.log
	# shellcheck disable=SC2086
	if $enzyme_cc $CFLAGS -fplugin="$ENZYME_PLUGIN" $INC \
		-I"$ROOT/examples/logreg" -c "$ROOT/bench/enzyme.c" \
		-o "$D/enzyme.o" >"$log" 2>&1 &&
		$enzyme_cc "$D/enzyme.o" $(cat "$D/objs") "$B/libckrt.a" \
			-lm -lpthread -o "$D/enzyme" >>"$log" 2>&1; then
		echo
		"$D/enzyme" || status=1
	else
		echo
		echo "note: no Enzyme comparison: $enzyme_cc could not build" \
			"bench/enzyme.c with $ENZYME_PLUGIN ($log)"
	fi
fi

# The checkpointing table (checkpoint.c), once per compiler:
# examples/pde/burgers.c as it is (binomial(16) on the time loop,
# burgers_misfit_steps with a region per step), with --no-checkpoint, and
# with binomial(K) for each K of KS, from copies with the pragma's K
# replaced (ckc does not expand macros in a pragma).  -D renames the
# functions of each, so that all link together.
for l in $labels; do
	(cd "$OUT/$l" && ./checkpoint "$l $OPT") || status=1
done

# The online(K) table (online.c): online(K)'s recomputations against
# Revolve's offline optimum, for K = 4, 8, 16, 32 and trip counts of 100
# to 100000, and each K's worst ratio up to 20000 steps.  It drives
# libckrt's schedule without timing anything, so one compiler builds it;
# a ratio above 1.25 in the table is a MISMATCH.
cc1=${ccs# }
cc1=${cc1%% *}
$cc1 $CFLAGS -I"$ROOT/runtime" "$ROOT/bench/online.c" "$B/libckrt.a" -lm \
	-lpthread -o "$OUT/$first/online"
"$OUT/$first/online" || status=1

# OpenMP: examples/omp_heat (2-D heat, 1024 x 1024 cells, 40 steps, the
# rows' loops parallel, binomial(4) in time), built with -fopenmp by each
# compiler: its primal, gradient and H.d on 1 and 2 threads, and the
# speed-up (the program times them, best of 3; it also checks them).
# (BENCH_ONLY, as bench.c reads it: runs only when it names omp_heat.)
omp_ccs=$ccs
case ",${BENCH_ONLY-omp_heat}," in
*,omp_heat,*) ;;
*) omp_ccs="" ;;
esac
[ -z "$omp_ccs" ] || {
	echo
	mkdir -p "$OUT/omp"
	echo "ckc -fopenmp examples/omp_heat/heat.c -o $OUT/omp/heat_grad.c"
	"$B/ckc" -fopenmp "$ROOT/examples/omp_heat/heat.c" \
		-o "$OUT/omp/heat_grad.c" || status=1
}
for CC in $omp_ccs; do
	l=$(label_of "$CC")
	echo
	echo "OpenMP ($l $OPT -fopenmp): examples/omp_heat"
	if $CC $CFLAGS -fopenmp -I"$OUT/omp" -I"$ROOT/examples/omp_heat" \
		-I"$ROOT/runtime" "$ROOT/examples/omp_heat/main.c" \
		"$ROOT/examples/omp_heat/heat.c" "$OUT/omp/heat_grad.c" \
		"$B/libckrt.a" -lm -lpthread -o "$OUT/$l/omp_heat"; then
		"$OUT/$l/omp_heat" 40 || status=1
	else
		echo "(not built: no OpenMP for $CC)"
	fi
done

# MPI: examples/mpi_heat (a 1-D diffusion over MPI_CELLS cells split over
# the ranks, halos exchanged with MPI_Sendrecv, MPI_STEPS steps under
# binomial(8)), built once with mpicc $OPT: the primal and the gradient on
# 1, 2 and 4 ranks (mpirun --oversubscribe: 4 ranks share the cores here).
# The program times them, the best of 5 rounds, each round the slowest
# rank's MPI_Wtime; it also runs its checks, and a failed one fails the
# bench.  A table: the times, gradient / primal per rank count, and the
# peak bytes (ck_stats: tape and snapshots) of one rank's gradient.
# (BENCH_ONLY as for omp_heat: runs only when it names mpi_heat.  Skipped
# with a note without mpicc, mpirun or libckrt_mpi.)
MPI_CELLS=65536
MPI_STEPS=100
mpi=yes
case ",${BENCH_ONLY-mpi_heat}," in
*,mpi_heat,*) ;;
*) mpi="" ;;
esac
if [ -n "$mpi" ]; then
	echo
	if ! command -v mpicc >/dev/null 2>&1 ||
		! command -v mpirun >/dev/null 2>&1 ||
		[ ! -f "$B/libckrt_mpi.a" ]; then
		echo "MPI: examples/mpi_heat skipped (needs mpicc, mpirun and" \
			"$B/libckrt_mpi.a: make deps, then make build)"
		mpi=""
	fi
fi
if [ -n "$mpi" ]; then
	D=$OUT/mpi
	mkdir -p "$D"
	echo "ckc examples/mpi_heat/heat.c -o $D/heat_grad.c"
	if "$B/ckc" "$ROOT/examples/mpi_heat/heat.c" -o "$D/heat_grad.c" &&
		mpicc $CFLAGS -I"$D" -I"$ROOT/examples/mpi_heat" \
			-I"$ROOT/runtime" "$ROOT/examples/mpi_heat/main.c" \
			"$ROOT/examples/mpi_heat/heat.c" "$D/heat_grad.c" \
			"$B/libckrt_mpi.a" "$B/libckrt.a" -lm -lpthread \
			-o "$D/mpi_heat"; then
		echo
		echo "MPI (mpicc, that is" \
			"$(mpicc -showme:command 2>/dev/null || echo cc)" \
			"$OPT): examples/mpi_heat, $MPI_CELLS cells," \
			"$MPI_STEPS steps, binomial(8)"
		echo "(best of 5 rounds, each the slowest rank's MPI_Wtime;" \
			"$(nproc) cores)"
		printf '%5s %11s %13s %16s %21s\n' ranks "primal ms" \
			"gradient ms" "gradient/primal" "peak bytes per rank"
		for np in 1 2 4; do
			log=$D/np$np.log
			if OMPI_ALLOW_RUN_AS_ROOT=1 \
				OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
				mpirun --oversubscribe -np $np "$D/mpi_heat" \
				$MPI_CELLS $MPI_STEPS 5 >"$log" 2>&1 &&
				! grep -q FAIL "$log"; then
				# "time on P ranks: primal T ms, gradient
				# T ms (Rx), peak bytes per rank B"
				awk '/^time on/ { r = $11; gsub(/[(),x]/, "", r)
					printf "%5s %11s %13s %16s %21s\n",
						$3, $6, $9, r, $NF }' "$log"
			else
				echo "MISMATCH or error on $np ranks:"
				cat "$log"
				status=1
			fi
		done
	else
		echo "MISMATCH: examples/mpi_heat not built"
		status=1
	fi
fi

SCALE_SIZES=${SCALE_SIZES-1000,10000,100000}
if [ -n "$SCALE_SIZES" ]; then
	echo
	echo "python3 bench/scale.py --ckc $B/ckc --out $OUT/scale --sizes $SCALE_SIZES"
	python3 "$ROOT/bench/scale.py" --ckc "$B/ckc" --out "$OUT/scale" \
		--sizes "$SCALE_SIZES" || status=1
fi
exit $status
