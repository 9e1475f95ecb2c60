// SPDX-License-Identifier: BSD-3-Clause
#include "tools/mpi/launcher.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>

#include "tools/mpi/check_launch.h"

namespace redsem::tools {
namespace {

using words = std::vector<std::string>;

const words check_env{"REDSEM_CHECK_DIR=/tmp/d", "LD_PRELOAD=/lib/a.so:/lib/b.so"};

launcher at(launcher_kind kind, std::size_t word, std::size_t end) { return {kind, word, end, "", ""}; }

TEST(Forwarding, OpenMpiGetsMinusXForEachVariableAfterItsWord) {
  const words command{"env", "A=1", "mpirun", "-n", "2", "./app", "-x"};
  EXPECT_EQ(with_forwarding(command, at(launcher_kind::open_mpi, 2, 5), check_env),
            (words{"env", "A=1", "mpirun", "-x", "REDSEM_CHECK_DIR", "-x", "LD_PRELOAD", "-n", "2", "./app", "-x"}));
}

// The records token, like every value, is on no launcher's command line: every user of the host
// can read a command line (ps), only its owner a process's environment.
TEST(Forwarding, NoValueIsOnAnyLaunchersCommandLine) {
  const words env{"REDSEM_CHECK_DIR=/tmp/d", "REDSEM_CHECK_TOKEN=5ec7e7"};
  unsetenv("SLURM_EXPORT_ENV");
  for (const auto kind : {launcher_kind::open_mpi, launcher_kind::hydra, launcher_kind::srun})
    for (const words& command : {words{"launch", "-n", "2", "./app"}, words{"launch", "-genvnone", "-n", "2", "./app"},
                                 words{"launch", "--export=NONE", "-n", "2", "./app"}}) {
      setenv("HYDRA_ENV", "none", 1);
      for (const auto& word : with_forwarding(command, at(kind, 0, command.size() - 1), env))
        EXPECT_EQ(word.find("5ec7e7"), std::string::npos) << word << " for launcher kind " << int(kind);
      unsetenv("HYDRA_ENV");
    }
}

TEST(Forwarding, SrunExportsAllAndTheVariablesByName) {
  unsetenv("SLURM_EXPORT_ENV");
  EXPECT_EQ(with_forwarding({"srun", "-n", "2", "./app"}, at(launcher_kind::srun, 0, 3), check_env),
            (words{"srun", "--export=ALL,REDSEM_CHECK_DIR,LD_PRELOAD", "-n", "2", "./app"}));
}

TEST(Forwarding, SrunMergesTheUsersExportInsteadOfOverridingIt) {
  EXPECT_EQ(with_forwarding({"srun", "--export=NONE", "-n", "2", "./app"}, at(launcher_kind::srun, 0, 4), check_env),
            (words{"srun", "--export=NONE,REDSEM_CHECK_DIR,LD_PRELOAD", "-n", "2", "./app"}));
  EXPECT_EQ(with_forwarding({"srun", "--export", "PATH", "./app"}, at(launcher_kind::srun, 0, 3), check_env),
            (words{"srun", "--export", "PATH,REDSEM_CHECK_DIR,LD_PRELOAD", "./app"}));
  // The program's own --export is its argument, not srun's.
  EXPECT_EQ(with_forwarding({"srun", "./app", "--export=x"}, at(launcher_kind::srun, 0, 1), check_env),
            (words{"srun", "--export=ALL,REDSEM_CHECK_DIR,LD_PRELOAD", "./app", "--export=x"}));
}

TEST(Forwarding, SrunKeepsTheSitesExportEnv) {
  setenv("SLURM_EXPORT_ENV", "NONE", 1);
  EXPECT_EQ(with_forwarding({"srun", "./app"}, at(launcher_kind::srun, 0, 1), check_env),
            (words{"srun", "--export=NONE,REDSEM_CHECK_DIR,LD_PRELOAD", "./app"}));
  unsetenv("SLURM_EXPORT_ENV");
}

TEST(Forwarding, UnknownAndNoLauncherLeaveTheCommandAsItIs) {
  const words command{"aprun", "-n", "2", "./app"};
  EXPECT_EQ(with_forwarding(command, at(launcher_kind::unknown, 0, 3), check_env), command);
  EXPECT_EQ(with_forwarding(command, at(launcher_kind::none, 3, 3), check_env), command);
  EXPECT_NE(forwarding_note(at(launcher_kind::unknown, 0, 3), check_env).find("REDSEM_CHECK_DIR=/tmp/d"),
            std::string::npos);
  EXPECT_EQ(forwarding_note(at(launcher_kind::open_mpi, 0, 3), check_env), "");
}

// A directory of scripts standing for launchers, each printing `says` for --version.
class ScriptLaunchers : public ::testing::Test {
 protected:
  std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("redsem_launcher_test_" + std::to_string(getpid()));
  void SetUp() override { std::filesystem::create_directories(dir); }
  void TearDown() override { std::filesystem::remove_all(dir); }
  std::string script(const std::string& name, const std::string& says) {
    const auto path = dir / name;
    std::ofstream(path) << "#!/bin/sh\necho '" << says << "'\n";
    std::filesystem::permissions(path, std::filesystem::perms::owner_all);
    return path.string();
  }
};

TEST_F(ScriptLaunchers, AnAmbiguousNameIsToldByItsVersion) {
  EXPECT_EQ(recognise_launcher({script("mpirun", "mpirun (Open MPI) 5.0.3"), "./app"}, 1).kind,
            launcher_kind::open_mpi);
  EXPECT_EQ(recognise_launcher({script("mpiexec", "HYDRA build details:"), "./app"}, 1).kind, launcher_kind::hydra);
  EXPECT_EQ(recognise_launcher({script("mpiexec.x", "something else"), "./app"}, 1).kind, launcher_kind::unknown);
}

TEST_F(ScriptLaunchers, AnotherCommandBeforeTheProgramIsAnUnknownLauncher) {
  const auto l = recognise_launcher({"env", "A=1", script("aprun", ""), "-n", "2", "./app"}, 5);
  EXPECT_EQ(l.kind, launcher_kind::unknown);
  EXPECT_EQ(l.at, 2u);
  EXPECT_EQ(recognise_launcher({"./app", "x"}, 0).kind, launcher_kind::none);
}

TEST_F(ScriptLaunchers, ALinkIsKnownByWhereItLeads) {
  script("orterun", "");
  std::filesystem::create_symlink(dir / "orterun", dir / "mpirun");
  const auto l = recognise_launcher({"nice", "-n", "1", (dir / "mpirun").string(), "./app"}, 4);
  EXPECT_EQ(l.kind, launcher_kind::open_mpi);
  EXPECT_EQ(l.at, 3u);
  EXPECT_EQ(l.resolved, std::filesystem::canonical(dir / "orterun").string());
}

TEST(Mismatch, NamesBothMpisAndWhatToDo) {
  launcher l{launcher_kind::open_mpi, 0, 3, "mpirun", "/usr/bin/orterun"};
  const auto text = launcher_mismatch(l, "./app", "mpich", "libmpich.so.12");
  EXPECT_NE(text.find("mpirun is Open MPI's launcher (/usr/bin/orterun)"), std::string::npos) << text;
  EXPECT_NE(text.find("./app is built with MPICH (libmpich.so.12)"), std::string::npos) << text;
  EXPECT_NE(text.find("mpiexec.mpich"), std::string::npos) << text;
  EXPECT_NE(text.find("mpicc.openmpi"), std::string::npos) << text;
  EXPECT_EQ(launcher_mismatch(l, "./app", "openmpi", "libmpi.so.40"), "");
  l.kind = launcher_kind::srun;  // starts either MPI's programs
  EXPECT_EQ(launcher_mismatch(l, "./app", "mpich", "libmpich.so.12"), "");
}

}  // namespace
}  // namespace redsem::tools
