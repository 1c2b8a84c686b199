W=.gpu/workgroup
$W bandwidth --mb 256 --runs 30 | grep kernel
for n in 16777216 67108864; do
 for tk in true false; do for d in 0 1; do
  echo "## ticket=$tk diag=$d n=$n"; $W scan --n $n --type u32 --variant single-pass --ticket $tk --diag $d --runs 30 | grep -E "^single"
 done; done
done
