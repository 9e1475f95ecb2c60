#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# Makes the MPI installations the `--mpi PATH` tests use, under DEST (the tests' temporary
# directory): Debian's Open MPI and MPICH copied to other prefixes and relocated, and a fake MPI
# that lacks MPI_Reduce_local_c and the persistent collectives. env.sh there says how to use them.
#   relocate.sh DEST
set -euo pipefail
dest=$1
multiarch=x86_64-linux-gnu
rm -rf "$dest"
mkdir -p "$dest"

# Open MPI: its tree under the prefix as Debian lays it out under /usr, found there through
# OPAL_PREFIX (Open MPI's relocation variable: its wrapper data files name ${includedir} and
# ${libdir}, which it moves), its libraries through LD_LIBRARY_PATH.
ompi=$dest/openmpi
mkdir -p "$ompi/bin" "$ompi/lib/$multiarch" "$ompi/share"
cp -a /usr/lib/$multiarch/openmpi "$ompi/lib/$multiarch/"
cp -a /usr/lib/$multiarch/libmpi.so.40* /usr/lib/$multiarch/libopen-rte.so.40* /usr/lib/$multiarch/libopen-pal.so.40* \
  "$ompi/lib/$multiarch/"
cp -a /usr/share/openmpi "$ompi/share/"
cp /usr/bin/opal_wrapper /usr/bin/orterun /usr/bin/orted "$ompi/bin/"
ln -s opal_wrapper "$ompi/bin/mpicc"
ln -s orterun "$ompi/bin/mpirun"
ln -s orterun "$ompi/bin/mpiexec"

# MPICH: its wrapper is a script that names its directories; they are rewritten to the prefix.
mpich=$dest/mpich
mkdir -p "$mpich/bin" "$mpich/lib" "$mpich/include"
cp -a /usr/lib/$multiarch/libmpich.so.12* "$mpich/lib/"
ln -s libmpich.so.12 "$mpich/lib/libmpich.so"
cp -a /usr/include/$multiarch/mpich/. "$mpich/include/"
sed -e "s|^prefix=.*|prefix=$mpich|" -e "s|^exec_prefix=.*|exec_prefix=$mpich|" \
    -e "s|^includedir=.*|includedir=$mpich/include|" -e "s|^libdir=.*|libdir=$mpich/lib|" \
    /usr/bin/mpicc.mpich > "$mpich/bin/mpicc"
chmod +x "$mpich/bin/mpicc"
cp /usr/bin/mpiexec.hydra "$mpich/bin/mpiexec"
cp /usr/bin/hydra_pmi_proxy "$mpich/bin/"

# The fake: MPICH's wrapper with an mpi.h in front that renames the functions it "lacks", so that
# a program calling them does not link, as with a library that has none.
fake=$dest/fake
mkdir -p "$fake/bin" "$fake/include"
{
  echo '/* A fake MPI: MPICH without MPI_Reduce_local_c and the persistent collectives. */'
  for f in Reduce_local_c Reduce_init Allreduce_init Reduce_scatter_init Reduce_scatter_block_init Scan_init \
           Exscan_init; do
    echo "#define MPI_$f redsem_fake_lacks_MPI_$f"
    echo "#define PMPI_$f redsem_fake_lacks_PMPI_$f"
  done
  echo '#include_next <mpi.h>'
} > "$fake/include/mpi.h"
cat > "$fake/bin/mpicc" <<SCRIPT
#!/bin/sh
exec "$mpich/bin/mpicc" -I"$fake/include" "\$@"
SCRIPT
chmod +x "$fake/bin/mpicc"

# What a user of these installations sets: Open MPI's prefix, and where the loader finds each library.
cat > "$dest/env.sh" <<ENV
export OPAL_PREFIX=$ompi
export LD_LIBRARY_PATH=$ompi/lib/$multiarch:$mpich/lib\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH}
export PATH=$ompi/bin:\$PATH
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
ENV
