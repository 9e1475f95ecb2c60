// SPDX-License-Identifier: BSD-3-Clause
// hydra_forwarding (tools/mpi/hydra_forwarding.h): the check's variables reach hydra's ranks by
// name, wherever the command, a configuration file or HYDRA_ENV restricts what hydra passes.
#include "tools/mpi/hydra_forwarding.h"

#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <optional>

namespace redsem::tools {
namespace {

namespace fs = std::filesystem;
using words = std::vector<std::string>;

const words check_env{"REDSEM_CHECK_DIR=/tmp/d", "LD_PRELOAD=/lib/a.so:/lib/b.so"};
const std::string names = "REDSEM_CHECK_DIR,LD_PRELOAD";

// Each case in an environment of its own: no HYDRA_ENV, no HYDRA_CONFIG_FILE, and a HOME
// without ~/.mpiexec.hydra.conf (unless the case writes one); the old ones restored after.
class HydraForwarding : public ::testing::Test {
 protected:
  void SetUp() override {
    char name[] = "/tmp/redsem_hydra_test_XXXXXX";
    ASSERT_NE(mkdtemp(name), nullptr);
    home_ = name;
    for (const char* v : {"HOME", "HYDRA_ENV", "HYDRA_CONFIG_FILE"}) {
      const char* value = std::getenv(v);
      saved_.emplace_back(v, value ? std::optional<std::string>(value) : std::nullopt);
      unsetenv(v);
    }
    setenv("HOME", home_.c_str(), 1);
  }
  void TearDown() override {
    for (const auto& [v, value] : saved_)
      if (value)
        setenv(v.c_str(), value->c_str(), 1);
      else
        unsetenv(v.c_str());
    fs::remove_all(home_);
  }
  fs::path write(const std::string& name, const std::string& text) {
    std::ofstream(home_ / name) << text;
    return home_ / name;
  }
  fs::path home_;
  std::vector<std::pair<std::string, std::optional<std::string>>> saved_;
};

// Hydra passes its whole environment unless told otherwise: nothing to add.
TEST_F(HydraForwarding, InheritsByDefault) {
  const words command{"mpiexec", "-n", "2", "./app"};
  EXPECT_EQ(hydra_forwarding(command, 0, 3, check_env), command);
  const words all{"mpiexec", "-genvall", "-n", "2", "./app"};
  EXPECT_EQ(hydra_forwarding(all, 0, 4, check_env), all);
}

// Where the command restricts it, the names join the restriction (hydra refuses a second global
// or local option), never a value.
TEST_F(HydraForwarding, RestrictionsGetTheNames) {
  EXPECT_EQ(hydra_forwarding({"mpiexec", "-genvnone", "-n", "2", "./app"}, 0, 4, check_env),
            (words{"mpiexec", "-genvlist=" + names, "-n", "2", "./app"}));
  EXPECT_EQ(hydra_forwarding({"mpiexec", "--genvlist", "PATH", "./app"}, 0, 3, check_env),
            (words{"mpiexec", "--genvlist", "PATH," + names, "./app"}));
  EXPECT_EQ(hydra_forwarding({"mpiexec", "-GENVLIST=PATH", "./app"}, 0, 2, check_env),
            (words{"mpiexec", "-genvlist=PATH," + names, "./app"}));
  // Each executable of an MPMD command: its own -envnone or -envlist, after ':'; an option's
  // value, the program's own arguments and -genv's two words are not options.
  EXPECT_EQ(hydra_forwarding({"mpiexec", "-envnone", "-n", "1", "./a", "-envnone", ":", "-genv", "X", "1", "-n", "1",
                              "-envlist", "A", "./b", "-envnone"},
                             0, 4, check_env),
            (words{"mpiexec", "-envlist=" + names, "-n", "1", "./a", "-envnone", ":", "-genv", "X", "1", "-n", "1",
                   "-envlist", "A," + names, "./b", "-envnone"}));
}

// HYDRA_ENV=none (anything but "all") makes hydra pass nothing when the command says nothing.
TEST_F(HydraForwarding, HydraEnvNoneGetsAList) {
  setenv("HYDRA_ENV", "none", 1);
  EXPECT_EQ(hydra_forwarding({"mpiexec", "-n", "2", "./app"}, 0, 3, check_env),
            (words{"mpiexec", "-genvlist", names, "-n", "2", "./app"}));
  const words all{"mpiexec", "-genvall", "./app"};
  EXPECT_EQ(hydra_forwarding(all, 0, 2, check_env), all);
}

// A restriction in the configuration file hydra reads (after the command, whose setting wins):
// its list and the names on the command, which then overrides it.
TEST_F(HydraForwarding, ConfigurationFilesRestrictionGetsTheNames) {
  setenv("HYDRA_CONFIG_FILE", write("site.conf", "# the site's\n-hosts a,b\n-genvlist PATH,HOME # kept\n").c_str(), 1);
  EXPECT_EQ(hydra_forwarding({"mpiexec", "-n", "2", "./app"}, 0, 3, check_env),
            (words{"mpiexec", "-genvlist", "PATH,HOME," + names, "-n", "2", "./app"}));
  unsetenv("HYDRA_CONFIG_FILE");
  write(".mpiexec.hydra.conf", "-genvnone\n");
  EXPECT_EQ(hydra_forwarding({"mpiexec", "./app"}, 0, 1, check_env), (words{"mpiexec", "-genvlist", names, "./app"}));
  // The file's -genvall, read before HYDRA_ENV, passes everything.
  setenv("HYDRA_ENV", "none", 1);
  write(".mpiexec.hydra.conf", "--genvall\n");
  EXPECT_EQ(hydra_forwarding({"mpiexec", "./app"}, 0, 1, check_env), (words{"mpiexec", "./app"}));
  // -configfile names the file read instead.
  const std::string mpmd = write("mpmd.conf", "-genvlist=TERM\n").string();
  EXPECT_EQ(hydra_forwarding({"mpiexec", "-configfile", mpmd}, 0, 3, check_env),
            (words{"mpiexec", "-genvlist", "TERM," + names, "-configfile", mpmd}));
}

}  // namespace
}  // namespace redsem::tools
