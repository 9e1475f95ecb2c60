// SPDX-License-Identifier: BSD-3-Clause
// redsem-mpi: `redsem orders` and `redsem rma` with their searches split over the ranks of an
// MPI job (`mpirun -n N redsem-mpi orders …`). Every rank parses the same command line and
// takes its share of the search (sim::search_share); the shares exchange bytes through
// MPI_Allgatherv and MPI_Alltoallv, every rank ends with the whole result, and rank 0 alone
// prints it.
#include <mpi.h>

#include <climits>
#include <iostream>
#include <ostream>
#include <streambuf>
#include <vector>

#include "tools/cli/command.h"
#include "tools/cli/parse_errors.h"
#include "tools/cli/standard_output.h"
#include "tools/cli/version.h"

namespace {

// MPI counts in int: past 2 GiB the job aborts, naming `what` grew too big.
int int_count(std::size_t n, const char* what) {
  if (n > INT_MAX) {
    std::cerr << "redsem-mpi: " << what << " exceed 2 GiB\n";
    MPI_Abort(MPI_COMM_WORLD, 3);
  }
  return static_cast<int>(n);
}

// Where each rank's part lies in one buffer (a v-collective's counts and displacements).
struct part_layout {
  std::vector<int> counts, displacements;
  std::size_t total = 0;
};
part_layout layout_of(const std::vector<long long>& sizes, const char* what) {
  part_layout l;
  for (long long n : sizes) {
    l.counts.push_back(static_cast<int>(n));
    l.displacements.push_back(static_cast<int>(l.total));
    l.total += static_cast<std::size_t>(n);
    int_count(l.total, what);
  }
  return l;
}

// Every rank's bytes, in rank order.
std::vector<std::string> allgather(const std::string& mine) {
  int size = 0;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const long long length = static_cast<long long>(mine.size());
  std::vector<long long> lengths(static_cast<std::size_t>(size));
  MPI_Allgather(&length, 1, MPI_LONG_LONG, lengths.data(), 1, MPI_LONG_LONG, MPI_COMM_WORLD);
  const part_layout l = layout_of(lengths, "a search share's blocks");
  std::string all(l.total, '\0');
  MPI_Allgatherv(mine.data(), static_cast<int>(length), MPI_CHAR, all.data(), l.counts.data(), l.displacements.data(),
                 MPI_CHAR, MPI_COMM_WORLD);
  std::vector<std::string> out;
  for (std::size_t r = 0; r < l.counts.size(); ++r)
    out.emplace_back(all, static_cast<std::size_t>(l.displacements[r]), static_cast<std::size_t>(l.counts[r]));
  return out;
}

// to[d] goes to rank d; from[r] receives what rank r sent this one. Point to point, straight
// from each part and into each string (kept from call to call): a level-by-level search
// exchanges tens of MB at every level, and packing them into one buffer for MPI_Alltoallv and
// splitting what arrives cost two more copies of it.
void alltoall(const std::vector<std::string>& to, std::vector<std::string>& from) {
  int size = 0, rank = 0;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  std::vector<long long> to_sizes, from_sizes(static_cast<std::size_t>(size));
  for (const std::string& part : to) to_sizes.push_back(static_cast<long long>(part.size()));
  MPI_Alltoall(to_sizes.data(), 1, MPI_LONG_LONG, from_sizes.data(), 1, MPI_LONG_LONG, MPI_COMM_WORLD);
  from.resize(static_cast<std::size_t>(size));
  std::vector<MPI_Request> requests;
  requests.reserve(2 * static_cast<std::size_t>(size));
  for (int r = 0; r < size; ++r) {
    std::string& part = from[static_cast<std::size_t>(r)];
    if (r == rank) {
      part = to[static_cast<std::size_t>(r)];
      continue;
    }
    part.resize(static_cast<std::size_t>(from_sizes[static_cast<std::size_t>(r)]));
    requests.emplace_back();
    MPI_Irecv(part.data(), int_count(part.size(), "a search level's parts"), MPI_BYTE, r, 0, MPI_COMM_WORLD, &requests.back());
  }
  for (int r = 0; r < size; ++r) {
    if (r == rank) continue;
    const std::string& part = to[static_cast<std::size_t>(r)];
    requests.emplace_back();
    MPI_Isend(part.data(), int_count(part.size(), "a search level's parts"), MPI_BYTE, r, 0, MPI_COMM_WORLD, &requests.back());
  }
  MPI_Waitall(static_cast<int>(requests.size()), requests.data(), MPI_STATUSES_IGNORE);
}

// Where ranks other than 0 write: nowhere.
struct null_buffer : std::streambuf {
  int overflow(int c) override { return c; }
};

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  redsem::tools::standard_output stdout_checked;
  null_buffer nowhere;
  std::ostream silent(&nowhere);
  std::ostream& out = rank == 0 ? std::cout : silent;
  std::ostream& err = rank == 0 ? std::cerr : silent;

  CLI::App app{"redsem-mpi: redsem's order and RMA interleaving searches split over the ranks of an MPI job"};
  app.require_subcommand(1);
  app.set_version_flag("--version", redsem::tools::version_text);
  const redsem::sim::search_share share{rank, size, allgather, alltoall};
  const std::vector<redsem::tools::command> commands{redsem::tools::add_orders_command(app, share),
                                                     redsem::tools::add_rma_command(app, share)};
  int rc = redsem::tools::bad_input;
  if (const auto refused = redsem::tools::reject_unknown_command(app, "redsem-mpi", argc, argv, err)) {
    MPI_Finalize();
    return *refused;
  }
  try {
    app.parse(argc, argv);
    for (const auto& c : commands)
      if (c.app->parsed())
        rc = stdout_checked.finish(redsem::tools::run_subcommand(c, out, err, rank == 0), c.app->get_name(), err);
  } catch (const CLI::ParseError& e) {
    rc = redsem::tools::report_parse_error(app, "redsem-mpi", e, out, err);
  }
  MPI_Finalize();
  return rc;
}
