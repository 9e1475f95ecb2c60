// SPDX-License-Identifier: BSD-3-Clause
// redsem-mpi: `redsem orders` and `redsem rma` with their searches split over the ranks of an
// MPI job (`mpirun -n N redsem-mpi orders …`). Every rank parses the same command line and
// takes its share of the search (sim::search_share); the shares exchange bytes through
// allgathers and point-to-point exchanges, every rank ends with the whole result, and rank 0
// alone prints it. The MPI is not linked in: `--mpi NAME|PATH` (else the build's default,
// REDSEM_MPI_DEFAULT) names it, resolved as every `redsem` command resolves it, and its calls
// are loaded from the search library built for it (tools/mpi/search_transport_loader.h).
#include <climits>
#include <iostream>
#include <ostream>
#include <streambuf>
#include <vector>

#include "tools/cli/command.h"
#include "tools/cli/parse_errors.h"
#include "tools/cli/standard_output.h"
#include "tools/cli/version.h"
#include "tools/mpi/search_transport_loader.h"

namespace {

// The MPI's calls, loaded before MPI_Init.
redsem::tools::search_transport mpi;

// MPI counts in int: past 2 GiB the job aborts, naming `what` grew too big.
int int_count(std::size_t n, const char* what) {
  if (n > INT_MAX) {
    std::cerr << "redsem-mpi: " << what << " exceed 2 GiB\n";
    mpi.abort(3);
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
std::vector<std::string> allgather(const std::string& mine, int size) {
  const long long length = static_cast<long long>(mine.size());
  std::vector<long long> lengths(static_cast<std::size_t>(size));
  mpi.allgather_lengths(length, lengths.data());
  const part_layout l = layout_of(lengths, "a search share's blocks");
  std::string all(l.total, '\0');
  mpi.allgatherv(mine.data(), static_cast<int>(length), all.data(), l.counts.data(), l.displacements.data());
  std::vector<std::string> out;
  for (std::size_t r = 0; r < l.counts.size(); ++r)
    out.emplace_back(all, static_cast<std::size_t>(l.displacements[r]), static_cast<std::size_t>(l.counts[r]));
  return out;
}

// to[d] goes to rank d; from[r] receives what rank r sent this one. Point to point, straight
// from each part and into each string (kept from call to call): a level-by-level search
// exchanges tens of MB at every level, and packing them into one buffer for MPI_Alltoallv and
// splitting what arrives cost two more copies of it.
void alltoall(const std::vector<std::string>& to, std::vector<std::string>& from, int rank, int size) {
  std::vector<long long> to_sizes, from_sizes(static_cast<std::size_t>(size));
  for (const std::string& part : to) to_sizes.push_back(static_cast<long long>(part.size()));
  mpi.alltoall_lengths(to_sizes.data(), from_sizes.data());
  from.resize(static_cast<std::size_t>(size));
  std::vector<const char*> sends;
  std::vector<char*> receives;
  std::vector<int> send_counts, receive_counts;
  for (std::size_t r = 0; r < static_cast<std::size_t>(size); ++r) {
    std::string& part = from[r];
    if (r == static_cast<std::size_t>(rank))
      part = to[r];
    else
      part.resize(static_cast<std::size_t>(from_sizes[r]));
    receives.push_back(part.data());
    receive_counts.push_back(int_count(part.size(), "a search level's parts"));
    sends.push_back(to[r].data());
    send_counts.push_back(int_count(to[r].size(), "a search level's parts"));
  }
  mpi.exchange(sends.data(), send_counts.data(), receives.data(), receive_counts.data());
}

// Where ranks other than 0 write: nowhere.
struct null_buffer : std::streambuf {
  int overflow(int c) override { return c; }
};

}  // namespace

int main(int argc, char** argv) {
  std::string why;
  const auto loaded = redsem::tools::load_search_transport(
      redsem::tools::search_mpi_argument(argc, argv, REDSEM_MPI_DEFAULT), std::cerr, &why);
  if (!loaded) {
    std::cerr << "redsem-mpi: " << why << "\n";
    return redsem::tools::bad_input;
  }
  mpi = *loaded;
  int rank = 0, size = 1;
  mpi.init(&argc, &argv, &rank, &size);
  redsem::tools::standard_output stdout_checked;
  null_buffer nowhere;
  std::ostream silent(&nowhere);
  std::ostream& out = rank == 0 ? std::cout : silent;
  std::ostream& err = rank == 0 ? std::cerr : silent;

  CLI::App app{"redsem-mpi: redsem's order and RMA interleaving searches split over the ranks of an MPI job"};
  app.require_subcommand(1);
  app.set_version_flag("--version", redsem::tools::version_text);
  std::string mpi_name = REDSEM_MPI_DEFAULT;
  // Read before MPI_Init (search_mpi_argument); declared here for --help and the parse.
  app.add_option("--mpi", mpi_name,
                 "The MPI the job runs: openmpi, mpich, or the path of an MPI's C compiler wrapper (mpicc) or of its "
                 "prefix, its search library built on first use (default: " REDSEM_MPI_DEFAULT ")")
      ->type_name("NAME|PATH");
  const redsem::sim::search_share share{
      rank, size, [size](const std::string& mine) { return allgather(mine, size); },
      [rank, size](const std::vector<std::string>& to, std::vector<std::string>& from) {
        alltoall(to, from, rank, size);
      }};
  const std::vector<redsem::tools::command> commands{redsem::tools::add_orders_command(app, share),
                                                     redsem::tools::add_rma_command(app, share)};
  int rc = redsem::tools::bad_input;
  if (const auto refused = redsem::tools::reject_unknown_command(app, "redsem-mpi", argc, argv, err)) {
    mpi.finalize();
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
  mpi.finalize();
  return rc;
}
