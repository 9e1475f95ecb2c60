// SPDX-License-Identifier: BSD-3-Clause
#include "tools/mpi/search_transport_loader.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

namespace redsem::tools {
namespace {

// redsem-mpi's --mpi as search_mpi_argument reads it from a command line, before MPI_Init.
std::string mpi_of(std::vector<std::string> words) {
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  return search_mpi_argument(static_cast<int>(words.size()), argv.data(), "openmpi");
}

TEST(SearchMpiArgument, TheDefaultWithoutOne) {
  EXPECT_EQ(mpi_of({"redsem-mpi", "orders", "--procs", "3"}), "openmpi");
}

TEST(SearchMpiArgument, EitherSpellingBeforeTheCommandWord) {
  EXPECT_EQ(mpi_of({"redsem-mpi", "--mpi", "/opt/ompi5/bin/mpicc", "orders"}), "/opt/ompi5/bin/mpicc");
  EXPECT_EQ(mpi_of({"redsem-mpi", "--version", "--mpi=mpich", "rma", "x.rma"}), "mpich");
}

TEST(SearchMpiArgument, ACommandsOwnMpiIsNotRedsemMpis) {
  EXPECT_EQ(mpi_of({"redsem-mpi", "orders", "--kernel", "k.so:f", "--mpi", "mpich"}), "openmpi");
  EXPECT_EQ(mpi_of({"redsem-mpi", "--mpi", "mpich", "orders", "--kernel", "k.so:f", "--mpi", "/opt/x"}), "mpich");
}

TEST(SearchMpiArgument, NoValueLeavesTheDefaultForTheParseToRefuse) {
  EXPECT_EQ(mpi_of({"redsem-mpi", "--mpi"}), "openmpi");
}

TEST(SearchTransport, AnMpiNotNamedIsRefusedBeforeAnythingLoads) {
  std::string why;
  std::ostringstream progress;
  EXPECT_FALSE(load_search_transport("lam", progress, &why));
  EXPECT_NE(why.find("--mpi 'lam': expected openmpi, mpich, or the path"), std::string::npos) << why;
}

}  // namespace
}  // namespace redsem::tools
