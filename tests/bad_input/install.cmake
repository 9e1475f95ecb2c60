# SPDX-License-Identifier: BSD-3-Clause
# `redsem --version` (issue 23): every line a bug report quotes, whatever else is on the
# command line, and a subcommand that does not take it says so.
set(version_lines "redsem [0-9]+\\.[0-9]+\\.[0-9]+\ncommit: ([0-9a-f]+|unknown)\nZ3: [0-9]+\\.[0-9]+[^\n]*\nHighway: [0-9]+\\.[0-9]+\\.[0-9]+\nSIMD targets on this CPU: [A-Z0-9_]+(, [A-Z0-9_]+)*\nMPI helpers for redsem fuzz --mpi: [^\n]+\nredsem-mpi \\(search over MPI ranks\\): [^\n]+\nMPIX add-on libraries: [^\n]+")
redsem_bad_input(install_version ARGS --version RC 0 OUT "^${version_lines}\n$")
redsem_bad_input(install_version_before_a_command ARGS --version verify --quick RC 0 OUT "^${version_lines}\n$")
redsem_bad_input(install_version_after_a_command ARGS verify --version RC 2 ERR "--version")
if(TARGET redsem-mpi)  # the same text from the one definition (tools/cli/version.h)
  redsem_bad_input(install_mpi_version PROGRAM redsem-mpi ARGS --version RC 0 OUT "^${version_lines}\n$")
endif()
