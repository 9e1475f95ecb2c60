# SPDX-License-Identifier: BSD-3-Clause
# emit-c onto its own op file: a copy of an example op file to be named twice.
file(COPY_FILE ${CMAKE_CURRENT_LIST_DIR}/../../../examples/ops/all_max.op ${WORK}/own.op)
