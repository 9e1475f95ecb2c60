# SPDX-License-Identifier: BSD-3-Clause
# An output name that is a link to a file of the user's (victim.txt).
file(WRITE ${WORK}/victim.txt "the user's own file\n")
file(CREATE_LINK ${WORK}/victim.txt ${WORK}/link.c SYMBOLIC)
