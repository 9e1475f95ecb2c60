# SPDX-License-Identifier: BSD-3-Clause
# `cpack -G DEB` in the build directory: one package, redsem, holding everything `cmake
# --install` puts in the prefix, under /usr. Its Depends are computed, not written down:
# dpkg-shlibdeps reads the libraries every installed program and library links (Z3, Highway,
# {fmt}, the MPI libraries for redsem-mpi and the add-on) and names the Debian packages that
# provide them.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME redsem)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "redsem maintainers <redsem@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "simulation and verification of MPI reduction semantics")
set(CPACK_PACKAGE_DESCRIPTION "redsem holds one executable definition of every MPI reduction operator, proves or
refutes the operators' laws with Z3, checks native kernels against it, and simulates every
evaluation order an MPI library may legally use. With the C API library redsem/reduce.h and
the MPIX add-on (MPIX_Reduce_locals) for Open MPI and MPICH.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)
# What some commands start rather than link: Graphviz for `--svg`, the launchers for
# redsem-mpi, `redsem probe` and `redsem check`, addr2line (binutils) for the file:line of
# `redsem check`'s callers.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "graphviz, openmpi-bin, mpich, binutils")
set(CPACK_STRIP_FILES ON)
include(CPack)
