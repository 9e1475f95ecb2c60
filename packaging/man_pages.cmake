# SPDX-License-Identifier: BSD-3-Clause
# Man pages from the user guide: each docs/commands/<page>.md is both the guide's page for a
# command and the source of its man page, converted by go-md2man (scripts/setup.sh installs it;
# docs/man-pages.md says why this tool). redsem.md gives redsem(1), redsem-mpi.md
# redsem-mpi(1), every other <cmd>.md redsem-<cmd>(1); all go to man1 so that `man redsem-verify`
# works from the prefix (MANPATH=<prefix>/share/man) and from the Debian package.
find_program(REDSEM_GO_MD2MAN go-md2man)
if(NOT REDSEM_GO_MD2MAN)
  message(STATUS "go-md2man not found: no man pages (scripts/setup.sh installs it)")
  return()
endif()

# The date on each page: SOURCE_DATE_EPOCH's when set (reproducible builds), else today's.
string(TIMESTAMP REDSEM_MAN_DATE "%Y-%m-%d" UTC)
file(GLOB sources CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/docs/commands/*.md)
set(pages "")
set(REDSEM_MAN_PAGE_NAMES "")
function(redsem_man_page source page)
  set(out ${CMAKE_CURRENT_BINARY_DIR}/man/${page}.1)
  add_custom_command(OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -DMD2MAN=${REDSEM_GO_MD2MAN} -DSOURCE=${source} -DOUTPUT=${out}
            -DPAGE=${page} -DVERSION=${PROJECT_VERSION} -DDATE=${REDSEM_MAN_DATE}
            -P ${CMAKE_CURRENT_SOURCE_DIR}/man_page.cmake
    # man_pages.cmake too: a tree configured by an older one may hold a stale page of that name.
    DEPENDS ${source} ${CMAKE_CURRENT_SOURCE_DIR}/man_page.cmake ${CMAKE_CURRENT_SOURCE_DIR}/man_pages.cmake
    COMMENT "Man page ${page}(1)"
    VERBATIM)
  set(pages ${pages} ${out} PARENT_SCOPE)
endfunction()
foreach(source ${sources})
  get_filename_component(stem ${source} NAME_WE)
  if(stem MATCHES "^redsem")
    set(page ${stem})
  else()
    set(page redsem-${stem})
  endif()
  redsem_man_page(${source} ${page})
  list(APPEND REDSEM_MAN_PAGE_NAMES ${page})
endforeach()
# redsem-mpi-mpich is redsem-mpi with MPICH as its default: its page is redsem-mpi(1)'s text, made
# whole from the same source, not a .so link: redsem-mpich ships it and may be installed without
# redsem-openmpi, which ships redsem-mpi(1).
if(TARGET redsem-mpi-mpich)
  redsem_man_page(${PROJECT_SOURCE_DIR}/docs/commands/redsem-mpi.md redsem-mpi-mpich)
endif()
set(REDSEM_MAN_PAGE_NAMES ${REDSEM_MAN_PAGE_NAMES} PARENT_SCOPE)
set(REDSEM_MAN_PAGE_DIR ${CMAKE_CURRENT_BINARY_DIR}/man PARENT_SCOPE)
add_custom_target(redsem_man_pages ALL DEPENDS ${pages})
install(FILES ${pages} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
