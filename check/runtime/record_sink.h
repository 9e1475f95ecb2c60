/* SPDX-License-Identifier: BSD-3-Clause */
/* Where a rank's record lines go. When the `redsem check` that started the run says where it
 * listens ($REDSEM_CHECK_CONNECT: comma-separated HOST:PORT, an IPv6 HOST in brackets, tried in
 * order; $REDSEM_CHECK_TOKEN),
 * over a TCP connection to it, which writes them into its records directory as they arrive:
 * ranks on other nodes need no file system shared with it, and every line is sent as soon as it
 * is complete, so what a rank wrote before it crashed is already with the launcher. Otherwise,
 * and from the moment the connection fails, into <name> in $REDSEM_CHECK_DIR on this node
 * (created if absent; a note on stderr says where). docs/design.md, "Records from many nodes". */
#ifndef REDSEM_CHECK_RECORD_SINK_H
#define REDSEM_CHECK_RECORD_SINK_H

#include <stddef.h>

/* Opens the sink for the file `name` ("rank-3.jsonl"): sets and returns rc_state.fd, -1 when
 * neither the launcher nor a file can take the lines. */
int rc_sink_open(const char *name);
/* Writes one whole line (one send or write: lines of several threads never interleave). */
void rc_sink_write(const char *text, size_t len);
void rc_sink_close(void);

#endif
