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

// to[d] goes to rank d; from[r] receives what rank r sent this one. The buffers are kept from
// call to call (a split search exchanges big parts at every level: no fresh pages each time).
void alltoall(const std::vector<std::string>& to, std::vector<std::string>& from) {
  int size = 0;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  static std::string sending, received;
  std::vector<int> send_counts, send_displacements, receive_counts(static_cast<std::size_t>(size)), receive_displacements;
  sending.clear();
  for (const std::string& part : to) {
    if (sending.size() + part.size() > INT_MAX) {  // MPI_Alltoallv counts in int
      std::cerr << "redsem-mpi: a search level's states exceed 2 GiB\n";
      MPI_Abort(MPI_COMM_WORLD, 3);
    }
    send_displacements.push_back(static_cast<int>(sending.size()));
    send_counts.push_back(static_cast<int>(part.size()));
    sending += part;
  }
  MPI_Alltoall(send_counts.data(), 1, MPI_INT, receive_counts.data(), 1, MPI_INT, MPI_COMM_WORLD);
  long long total = 0;
  for (int n : receive_counts) {
    if (total + n > INT_MAX) {
      std::cerr << "redsem-mpi: a search level's states exceed 2 GiB\n";
      MPI_Abort(MPI_COMM_WORLD, 3);
    }
    receive_displacements.push_back(static_cast<int>(total));
    total += n;
  }
  received.resize(static_cast<std::size_t>(total));
  MPI_Alltoallv(sending.data(), send_counts.data(), send_displacements.data(), MPI_CHAR, received.data(),
                receive_counts.data(), receive_displacements.data(), MPI_CHAR, MPI_COMM_WORLD);
  from.resize(static_cast<std::size_t>(size));
  for (std::size_t r = 0; r < from.size(); ++r)
    from[r].assign(received, static_cast<std::size_t>(receive_displacements[r]), static_cast<std::size_t>(receive_counts[r]));
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

  CLI::App app{"redsem-mpi: redsem's order and RMA interleaving searches split over the ranks of an MPI job"};
  app.require_subcommand(1);
  const redsem::sim::search_share share{rank, size, allgather, alltoall};
  const std::vector<redsem::tools::command> commands{redsem::tools::add_orders_command(app, share),
                                                     redsem::tools::add_rma_command(app, share)};
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
