// SPDX-License-Identifier: BSD-3-Clause
// How MPICH's hydra mpiexec is told to pass the check's environment variables to every rank,
// on every node, without any value on its command line: one of them is the records connection's
// secret (record_listener.h), and a process's command line is readable by every user of its
// host (`ps`), its environment only by its owner. docs/check_records.md, "Launchers".
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace redsem::tools {

// `command` (the launcher's word at `at`, the program's at `end`) with hydra's inherited
// environment widened by the names of `environment` ("NAME=value", set in mpiexec's own
// environment) wherever the command restricts it: -genvnone becomes -genvlist NAMES, a
// -genvlist LIST becomes LIST,NAMES, and likewise -envnone and -envlist of each executable
// (MPMD segments after ':'); with no global option on the command, the restriction hydra would
// take from its configuration file (-configfile, $HYDRA_CONFIG_FILE, ~/.mpiexec.hydra.conf) or
// from HYDRA_ENV other than "all" (nothing passed), as -genvlist LIST,NAMES (or NAMES), which
// takes precedence over both. Where nothing restricts it (hydra's default, -genvall), the
// command as it is: the ranks inherit every variable.
std::vector<std::string> hydra_forwarding(const std::vector<std::string>& command, std::size_t at, std::size_t end,
                                          const std::vector<std::string>& environment);

}  // namespace redsem::tools
