/* SPDX-License-Identifier: BSD-3-Clause */
/* The large-count forms (MPI-4.1 §2.5.8) of the RMA communication calls (rma_calls.c), where the
 * MPI has them, recorded as their int-count forms are. */
#include "predefined.h"
#include "redsem_mpi_features.h"
#include "rma_call_record.h"
#include "watch.h"

#if REDSEM_HAVE_LARGE_COUNT_RMA
int MPI_Put_c(const void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype, int target_rank,
              MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Win win) {
  if (!rc_active())
    return PMPI_Put_c(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
                      target_datatype, win);
  const struct rc_rma_call c = RC_RMA_CALL(.call = "MPI_Put_c", .win = win, .target = target_rank, .disp = target_disp,
                                           .count = target_count, .type = target_datatype, .origin = origin_addr,
                                           .origin_count = origin_count, .origin_type = origin_datatype);
  rc_watch_forward_begin();
  const int rc = PMPI_Put_c(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
                            target_datatype, win);
  return rc_rma_finish_call(&c, rc, NULL);
}

int MPI_Get_c(void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype, int target_rank,
              MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Win win) {
  if (!rc_active())
    return PMPI_Get_c(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
                      target_datatype, win);
  const struct rc_rma_call c =
      RC_RMA_CALL(.call = "MPI_Get_c", .win = win, .target = target_rank, .disp = target_disp, .count = target_count,
                  .type = target_datatype, .origin_count = origin_count, .origin_type = origin_datatype,
                  .result = origin_addr, .result_count = origin_count, .result_type = origin_datatype);
  rc_watch_forward_begin();
  const int rc = PMPI_Get_c(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
                            target_datatype, win);
  return rc_rma_finish_call(&c, rc, NULL);
}

int MPI_Accumulate_c(const void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype, int target_rank,
                     MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Op op,
                     MPI_Win win) {
  if (!rc_active())
    return PMPI_Accumulate_c(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
                             target_datatype, op, win);
  const struct rc_rma_call c =
      RC_RMA_CALL(.call = "MPI_Accumulate_c", .win = win, .target = target_rank, .disp = target_disp,
                  .count = target_count, .type = target_datatype, .origin = origin_addr, .origin_count = origin_count,
                  .origin_type = origin_datatype, .op = rc_op_name(rc_predefined_op(op)));
  rc_watch_forward_begin();
  const int rc = PMPI_Accumulate_c(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
                                   target_datatype, op, win);
  return rc_rma_finish_call(&c, rc, NULL);
}

int MPI_Get_accumulate_c(const void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype,
                         void *result_addr, MPI_Count result_count, MPI_Datatype result_datatype, int target_rank,
                         MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Op op,
                         MPI_Win win) {
  if (!rc_active())
    return PMPI_Get_accumulate_c(origin_addr, origin_count, origin_datatype, result_addr, result_count, result_datatype,
                                 target_rank, target_disp, target_count, target_datatype, op, win);
  const struct rc_rma_call c =
      RC_RMA_CALL(.call = "MPI_Get_accumulate_c", .win = win, .target = target_rank, .disp = target_disp,
                  .count = target_count, .type = target_datatype, .origin = origin_addr, .origin_count = origin_count,
                  .origin_type = origin_datatype, .op = rc_op_name(rc_predefined_op(op)), .result = result_addr,
                  .result_count = result_count, .result_type = result_datatype);
  rc_watch_forward_begin();
  const int rc =
      PMPI_Get_accumulate_c(origin_addr, origin_count, origin_datatype, result_addr, result_count, result_datatype,
                            target_rank, target_disp, target_count, target_datatype, op, win);
  return rc_rma_finish_call(&c, rc, NULL);
}

int MPI_Rput_c(const void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype, int target_rank,
               MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Win win,
               MPI_Request *request) {
  if (!rc_active())
    return PMPI_Rput_c(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
                       target_datatype, win, request);
  const struct rc_rma_call c = RC_RMA_CALL(.call = "MPI_Rput_c", .win = win, .target = target_rank, .disp = target_disp,
                                           .count = target_count, .type = target_datatype, .origin = origin_addr,
                                           .origin_count = origin_count, .origin_type = origin_datatype);
  rc_watch_forward_begin();
  const int rc = PMPI_Rput_c(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
                             target_datatype, win, request);
  return rc_rma_finish_call(&c, rc, request);
}

int MPI_Rget_c(void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype, int target_rank,
               MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Win win,
               MPI_Request *request) {
  if (!rc_active())
    return PMPI_Rget_c(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
                       target_datatype, win, request);
  const struct rc_rma_call c =
      RC_RMA_CALL(.call = "MPI_Rget_c", .win = win, .target = target_rank, .disp = target_disp, .count = target_count,
                  .type = target_datatype, .origin_count = origin_count, .origin_type = origin_datatype,
                  .result = origin_addr, .result_count = origin_count, .result_type = origin_datatype);
  rc_watch_forward_begin();
  const int rc = PMPI_Rget_c(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
                             target_datatype, win, request);
  return rc_rma_finish_call(&c, rc, request);
}

int MPI_Raccumulate_c(const void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype, int target_rank,
                      MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Op op,
                      MPI_Win win, MPI_Request *request) {
  if (!rc_active())
    return PMPI_Raccumulate_c(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
                              target_datatype, op, win, request);
  const struct rc_rma_call c =
      RC_RMA_CALL(.call = "MPI_Raccumulate_c", .win = win, .target = target_rank, .disp = target_disp,
                  .count = target_count, .type = target_datatype, .origin = origin_addr, .origin_count = origin_count,
                  .origin_type = origin_datatype, .op = rc_op_name(rc_predefined_op(op)));
  rc_watch_forward_begin();
  const int rc = PMPI_Raccumulate_c(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count,
                                    target_datatype, op, win, request);
  return rc_rma_finish_call(&c, rc, request);
}

int MPI_Rget_accumulate_c(const void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype,
                          void *result_addr, MPI_Count result_count, MPI_Datatype result_datatype, int target_rank,
                          MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Op op,
                          MPI_Win win, MPI_Request *request) {
  if (!rc_active())
    return PMPI_Rget_accumulate_c(origin_addr, origin_count, origin_datatype, result_addr, result_count,
                                  result_datatype, target_rank, target_disp, target_count, target_datatype, op, win,
                                  request);
  const struct rc_rma_call c =
      RC_RMA_CALL(.call = "MPI_Rget_accumulate_c", .win = win, .target = target_rank, .disp = target_disp,
                  .count = target_count, .type = target_datatype, .origin = origin_addr, .origin_count = origin_count,
                  .origin_type = origin_datatype, .op = rc_op_name(rc_predefined_op(op)), .result = result_addr,
                  .result_count = result_count, .result_type = result_datatype);
  rc_watch_forward_begin();
  const int rc =
      PMPI_Rget_accumulate_c(origin_addr, origin_count, origin_datatype, result_addr, result_count, result_datatype,
                             target_rank, target_disp, target_count, target_datatype, op, win, request);
  return rc_rma_finish_call(&c, rc, request);
}
#endif
