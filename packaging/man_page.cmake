# SPDX-License-Identifier: BSD-3-Clause
# One man page from its user-guide source: cmake -DMD2MAN=go-md2man -DSOURCE=docs/commands/x.md
# -DOUTPUT=x.1 -DPAGE=redsem-x -DVERSION=0.1.0 -DDATE=2026-01-01 -P man_page.cmake
# The source carries no title block, so that it reads as a plain page of the guide; the title
# line is added here. go-md2man writes UTF-8 as it is (man-db and mandoc read UTF-8 pages),
# and two things the linters flag are rewritten: \fC (a groff-only font name) in code spans and
# a .PP right after a heading.
string(TOUPPER ${PAGE} title)
file(READ ${SOURCE} text)
get_filename_component(dir ${OUTPUT} DIRECTORY)
file(MAKE_DIRECTORY ${dir})
set(md ${OUTPUT}.md)
file(WRITE ${md} "% ${title} 1 \"${DATE}\" \"redsem ${VERSION}\" \"redsem manual\"\n\n${text}")
execute_process(COMMAND ${MD2MAN} -in ${md} -out ${OUTPUT}.tmp RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "go-md2man failed on ${SOURCE}")
endif()
file(READ ${OUTPUT}.tmp roff)
string(REPLACE "\\fB\\fC" "\\fB" roff "${roff}")
string(REGEX REPLACE "(\n\\.S[HS] [^\n]*\n)\\.PP\n" "\\1" roff "${roff}")
file(WRITE ${OUTPUT} "${roff}")
file(REMOVE ${md} ${OUTPUT}.tmp)
