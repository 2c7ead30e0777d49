#!/bin/sh
# A ckc with wrong vector functions, the input of vector.test (the vector
# check must catch them): runs $CKC_REAL, then rewrites its output.
#   CKC_BREAK=dv: every direction loop (for (int ck_k = 0; ck_k < ck_nd;
#     ck_k++)) drops the last direction when there are more than two;
#   CKC_BREAK=b_dv: f_b_dv halves its last ret_bdv when there are more than
#     two (in its copy ck_ret_bdv), so that f_dv stays right.
"$CKC_REAL" "$@" || exit $?
out=
while [ $# -gt 0 ]; do
	if [ "$1" = -o ]; then
		out=$2
		shift
	fi
	shift
done
[ -n "$out" ] || exit 0
case $CKC_BREAK in
dv)
	sed -i 's/ck_k < ck_nd; ck_k++/ck_k < ck_nd - (ck_nd > 2); ck_k++/' \
		"$out"
	;;
b_dv)
	copy='memcpy(ck_ret_bdv, ret_bdv, sizeof(ck_ret_bdv));'
	if ! grep -qF "$copy" "$out"; then
		echo "vector-dropping-ckc.sh: no '$copy' in $out" >&2
		exit 3
	fi
	sed -i "s/$copy/&\n\tif (ck_nd > 2)\n\t\tck_ret_bdv[ck_nd - 1] *= 0.5;/" \
		"$out"
	;;
*)
	echo "vector-dropping-ckc.sh: CKC_BREAK=dv or b_dv" >&2
	exit 2
	;;
esac
