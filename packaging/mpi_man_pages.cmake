# SPDX-License-Identifier: BSD-3-Clause
# redsem-mpi(1) and redsem-mpi-mpich(1), made from their help text by help2man like the other
# pages (man_pages.cmake): each program is a command of its Debian add-on package and needs its
# own page there (redsem-openmpi, redsem-mpich).
if(NOT REDSEM_HELP2MAN)
  return()
endif()
set(mpi_pages "")
foreach(program redsem-mpi redsem-mpi-mpich)
  if(NOT TARGET ${program})
    continue()
  endif()
  set(out ${CMAKE_CURRENT_BINARY_DIR}/${program}.1)
  add_custom_command(OUTPUT ${out}
    COMMAND ${REDSEM_HELP2MAN} --no-info --section=1
            "--name=redsem's order and RMA interleaving searches split over the ranks of an MPI job"
            "--version-string=${PROJECT_VERSION}" --include=${see_also} --output=${out} $<TARGET_FILE:${program}>
    DEPENDS ${program} ${see_also}
    COMMENT "Man page ${program}(1)"
    VERBATIM)
  list(APPEND mpi_pages ${out})
endforeach()
add_custom_target(redsem_mpi_man_pages ALL DEPENDS ${mpi_pages})
install(FILES ${mpi_pages} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
