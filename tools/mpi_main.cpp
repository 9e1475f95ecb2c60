// redsem-mpi: `redsem orders` with its search split over the ranks of an MPI job
// (`mpirun -n N redsem-mpi orders …`). Every rank parses the same command line and takes its
// share of the search (sim::search_share); the shares exchange blocks through MPI_Allgatherv,
// every rank ends with the whole result, and rank 0 alone prints it.
#include <mpi.h>

#include <climits>
#include <iostream>
#include <ostream>
#include <streambuf>
#include <vector>

#include "tools/command.h"

namespace {

// Every rank's bytes, in rank order.
std::vector<std::string> allgather(const std::string& mine) {
  int size = 0;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const long long length = static_cast<long long>(mine.size());
  std::vector<long long> lengths(static_cast<std::size_t>(size));
  MPI_Allgather(&length, 1, MPI_LONG_LONG, lengths.data(), 1, MPI_LONG_LONG, MPI_COMM_WORLD);
  std::vector<int> counts, displacements;
  long long total = 0;
  for (long long n : lengths) {
    if (total + n > INT_MAX) {  // MPI_Allgatherv counts in int
      std::cerr << "redsem-mpi: a search share's blocks exceed 2 GiB\n";
      MPI_Abort(MPI_COMM_WORLD, 3);
    }
    counts.push_back(static_cast<int>(n));
    displacements.push_back(static_cast<int>(total));
    total += n;
  }
  std::string all(static_cast<std::size_t>(total), '\0');
  MPI_Allgatherv(mine.data(), static_cast<int>(length), MPI_CHAR, all.data(), counts.data(), displacements.data(),
                 MPI_CHAR, MPI_COMM_WORLD);
  std::vector<std::string> out;
  for (int r = 0; r < size; ++r)
    out.push_back(all.substr(static_cast<std::size_t>(displacements[static_cast<std::size_t>(r)]),
                             static_cast<std::size_t>(counts[static_cast<std::size_t>(r)])));
  return out;
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
  null_buffer nowhere;
  std::ostream silent(&nowhere);
  std::ostream& out = rank == 0 ? std::cout : silent;
  std::ostream& err = rank == 0 ? std::cerr : silent;

  CLI::App app{"redsem-mpi: redsem's order search split over the ranks of an MPI job"};
  app.require_subcommand(1);
  const redsem::sim::search_share share{rank, size, allgather};
  const std::vector<redsem::tools::command> commands{redsem::tools::add_orders_command(app, share)};
  int rc = redsem::tools::bad_input;
  try {
    app.parse(argc, argv);
    for (const auto& c : commands)
      if (c.app->parsed()) rc = c.run(out, err);
  } catch (const CLI::ParseError& e) {
    const int code = rank == 0 ? app.exit(e) : e.get_exit_code();
    rc = code == 0 ? 0 : redsem::tools::bad_input;
  }
  MPI_Finalize();
  return rc;
}
