# SPDX-License-Identifier: BSD-3-Clause
# Man pages made from the help text by help2man (scripts/setup.sh installs it): redsem(1) and
# one page per subcommand, redsem-verify(1) and so on, installed to man1 so that `man redsem`
# works from the prefix (MANPATH=<prefix>/share/man) and from the Debian package.
find_program(REDSEM_HELP2MAN help2man)
if(NOT REDSEM_HELP2MAN)
  message(STATUS "help2man not found: no man pages (scripts/setup.sh installs it)")
  return()
endif()

# Each subcommand and the NAME line of its page (its help text's own description).
set(subcommands
  "verify|run every check on the built-in catalogue"
  "laws|prove or refute the algebraic laws of the predefined ops (Z3)"
  "orders|every result a legal evaluation order of a reduction can give"
  "simulate|run a collective algorithm's schedule on simulated ranks"
  "rma|explore every interleaving of RMA accumulates"
  "opcheck|check the laws of an op definition file, or of a compiled MPI_User_function, by concrete search"
  "fuzz|differential fuzzing of a reduction kernel against the model"
  "emit-c|write an op file as C: an MPI_User_function, its MPI_Op_create and its datatype"
  "probe|trace a real MPI library's reduction collectives under mpirun"
  "check|run an MPI program with its reductions checked")

set(see_also ${CMAKE_CURRENT_BINARY_DIR}/see_also.h2m)
set(text "[SEE ALSO]\n.BR redsem (1)")
foreach(entry ${subcommands})
  string(REGEX REPLACE "\\|.*" "" sub "${entry}")
  string(APPEND text ",\n.BR redsem-${sub} (1)")
endforeach()
string(APPEND text ";\nREADME.md, design.md, semantics.md and op-files.md in share/doc/redsem under the installation prefix.\n")
file(WRITE ${see_also} "${text}")

# help2man names a page after the program it runs, so each page runs redsem through a link
# of the page's name (whose usage line the SYNOPSIS puts right); it passes the help option
# through the shell, so "verify --help" reaches the subcommand. The version is the project's
# alone: the rest of `--version` describes the machine that built the page, not the reader's.
set(pages "")
function(redsem_man_page page help_option name synopsis)
  set(link ${CMAKE_CURRENT_BINARY_DIR}/man_links/${page})
  set(out ${CMAKE_CURRENT_BINARY_DIR}/${page}.1)
  set(include ${CMAKE_CURRENT_BINARY_DIR}/man_links/${page}.h2m)
  file(WRITE ${include} "[SYNOPSIS]\n.B ${synopsis}\n")
  add_custom_command(OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -E create_symlink $<TARGET_FILE:redsem> ${link}
    COMMAND ${REDSEM_HELP2MAN} --no-info --section=1 "--name=${name}" "--help-option=${help_option}"
            "--version-string=${PROJECT_VERSION}" --include=${include} --include=${see_also}
            --output=${out} ${link}
    DEPENDS redsem ${see_also} ${include}
    COMMENT "Man page ${page}(1)"
    VERBATIM)
  set(pages ${pages} ${out} PARENT_SCOPE)
endfunction()

redsem_man_page(redsem --help "simulate and verify MPI reduction semantics" "redsem [OPTIONS] SUBCOMMAND")
foreach(entry ${subcommands})
  string(REGEX REPLACE "\\|.*" "" sub "${entry}")
  string(REGEX REPLACE "^[^|]*\\|" "" name "${entry}")
  redsem_man_page(redsem-${sub} "${sub} --help" "${name}" "redsem ${sub} [OPTIONS]")
endforeach()
add_custom_target(redsem_man_pages ALL DEPENDS ${pages})
install(FILES ${pages} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
