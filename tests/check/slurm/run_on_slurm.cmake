# SPDX-License-Identifier: BSD-3-Clause
# One `redsem check -- srun …` case on the test's Slurm cluster (slurm_cluster.py, CLUSTER its
# directory): run_check.cmake's, unless the cluster could not be started for a reason it wrote
# down (Slurm not installed), which the case says and CTest reports as skipped. A sanitizer's
# report fails the case in run_check.cmake, whatever the exit status (SanitizerReport.slurm_case):
# the cluster's daemons (slurm_cluster.py) are Debian's, built with no sanitizer.
if(EXISTS ${CLUSTER}/skip)
  file(READ ${CLUSTER}/skip why)
  message("slurm skipped: ${why}")
  return()
endif()
include(${RUN_CHECK})
