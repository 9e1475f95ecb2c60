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

// Where each rank's part lies in one buffer. MPI's v-collectives count in int: a buffer past
// 2 GiB aborts the job, naming `what` grew too big.
struct part_layout {
  std::vector<int> counts, displacements;
  std::size_t total = 0;
};
template <class Size>
part_layout layout_of(const std::vector<Size>& sizes, const char* what) {
  part_layout l;
  for (Size n : sizes) {
    if (l.total + static_cast<std::size_t>(n) > INT_MAX) {
      std::cerr << "redsem-mpi: " << what << " exceed 2 GiB\n";
      MPI_Abort(MPI_COMM_WORLD, 3);
    }
    l.counts.push_back(static_cast<int>(n));
    l.displacements.push_back(static_cast<int>(l.total));
    l.total += static_cast<std::size_t>(n);
  }
  return l;
}

// The parts of `all` a layout describes, into `parts` (whose strings keep their memory).
void split_into(const std::string& all, const part_layout& l, std::vector<std::string>& parts) {
  parts.resize(l.counts.size());
  for (std::size_t r = 0; r < parts.size(); ++r)
    parts[r].assign(all, static_cast<std::size_t>(l.displacements[r]), static_cast<std::size_t>(l.counts[r]));
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
  split_into(all, l, out);
  return out;
}

// to[d] goes to rank d; from[r] receives what rank r sent this one. The buffers are kept from
// call to call (a split search exchanges big parts at every level: no fresh pages each time).
void alltoall(const std::vector<std::string>& to, std::vector<std::string>& from) {
  int size = 0;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  static std::string sending, received;
  std::vector<std::size_t> to_sizes;
  for (const std::string& part : to) to_sizes.push_back(part.size());
  const part_layout send = layout_of(to_sizes, "a search level's states");
  sending.clear();
  for (const std::string& part : to) sending += part;
  std::vector<int> receive_counts(static_cast<std::size_t>(size));
  MPI_Alltoall(send.counts.data(), 1, MPI_INT, receive_counts.data(), 1, MPI_INT, MPI_COMM_WORLD);
  const part_layout receive = layout_of(receive_counts, "a search level's states");
  received.resize(receive.total);
  MPI_Alltoallv(sending.data(), send.counts.data(), send.displacements.data(), MPI_CHAR, received.data(),
                receive.counts.data(), receive.displacements.data(), MPI_CHAR, MPI_COMM_WORLD);
  split_into(received, receive, from);
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
