// SPDX-License-Identifier: BSD-3-Clause
// The one writer of redsem's files (model/output_file.h): a regular file is replaced whole
// through a fresh temporary file, a device is written in place with its errors seen, and a link
// leads a write only to a device.
#include "model/output_file.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace redsem {
namespace {

namespace fs = std::filesystem;

class OutputFile : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string name = (fs::temp_directory_path() / "redsem_output_file_XXXXXX").string();
    ASSERT_NE(mkdtemp(name.data()), nullptr);
    dir = name;
  }
  void TearDown() override { fs::remove_all(dir); }

  static std::string read(const fs::path& p) {
    std::ifstream in(p);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }
  // Only the names the test made itself: no temporary file left behind.
  std::size_t entries() const { return static_cast<std::size_t>(std::distance(fs::directory_iterator(dir), {})); }

  fs::path dir;
};

TEST_F(OutputFile, CreatesANewFile) {
  EXPECT_EQ(write_output_file(dir / "new.json", "{}\n"), std::nullopt);
  EXPECT_EQ(read(dir / "new.json"), "{}\n");
  EXPECT_EQ(entries(), 1u);
}

TEST_F(OutputFile, ReplacesARegularFileKeepingItsPermissions) {
  std::ofstream(dir / "old.c") << "a much longer old text than the new one";
  ASSERT_EQ(chmod((dir / "old.c").c_str(), 0640), 0);
  EXPECT_EQ(write_output_file(dir / "old.c", "new"), std::nullopt);
  EXPECT_EQ(read(dir / "old.c"), "new");
  struct stat st {};
  ASSERT_EQ(stat((dir / "old.c").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0640u);
  EXPECT_EQ(entries(), 1u);
}

TEST_F(OutputFile, AFullDeviceIsAnErrorNamingIt) {
  const auto problem = write_output_file("/dev/full", "text");
  ASSERT_TRUE(problem.has_value());
  EXPECT_EQ(*problem, "cannot write /dev/full: No space left on device");
}

TEST_F(OutputFile, ADeviceIsWrittenInPlaceNotReplaced) {
  fs::create_symlink("/dev/null", dir / "sink");
  EXPECT_EQ(write_output_file(dir / "sink", "text"), std::nullopt);
  EXPECT_TRUE(fs::is_symlink(dir / "sink"));
  EXPECT_EQ(output_file_problem(dir / "sink"), std::nullopt);
}

TEST_F(OutputFile, ALinkToARegularFileIsRefusedAndTheFileKept) {
  std::ofstream(dir / "victim") << "mine";
  fs::create_symlink(dir / "victim", dir / "link");
  const auto problem = write_output_file(dir / "link", "theirs");
  ASSERT_TRUE(problem.has_value());
  EXPECT_NE(problem->find("a symbolic link to a regular file or to nothing"), std::string::npos) << *problem;
  EXPECT_EQ(output_file_problem(dir / "link"), problem);
  EXPECT_EQ(read(dir / "victim"), "mine");
  EXPECT_TRUE(fs::is_symlink(dir / "link"));
}

TEST_F(OutputFile, ALinkToNothingIsRefusedAndNothingCreated) {
  fs::create_symlink(dir / "absent", dir / "dangling");
  EXPECT_TRUE(write_output_file(dir / "dangling", "text").has_value());
  EXPECT_TRUE(output_file_problem(dir / "dangling").has_value());
  EXPECT_FALSE(fs::exists(dir / "absent"));
}

TEST_F(OutputFile, ADirectoryOrAMissingDirectoryIsAnErrorAndNothingIsLeft) {
  fs::create_directory(dir / "sub");
  EXPECT_EQ(write_output_file(dir / "sub", "x"), "cannot write " + (dir / "sub").string() + ": Is a directory");
  EXPECT_EQ(output_file_problem(dir / "missing" / "f"),
            "cannot write " + (dir / "missing" / "f").string() + ": No such file or directory");
  EXPECT_EQ(output_file_problem(dir / "new"), std::nullopt);
  EXPECT_EQ(entries(), 1u);  // the check's own temporary file is gone
}

TEST_F(OutputFile, ANamedDescriptorIsWrittenThroughWhateverItReaches) {
  // /dev/fd/N into a regular file, as a shell's `--json /dev/stdout > report.json` makes it:
  // the bytes go through the open descriptor, and the file is not replaced by a new one.
  const fs::path file = dir / "report.json";
  const int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  ASSERT_GE(fd, 0);
  struct stat before {};
  ASSERT_EQ(::stat(file.c_str(), &before), 0);
  const auto error = write_output_file("/dev/fd/" + std::to_string(fd), "{\"ok\":1}\n");
  ::close(fd);
  EXPECT_FALSE(error) << *error;
  EXPECT_EQ(read(file), "{\"ok\":1}\n");
  struct stat after {};
  ASSERT_EQ(::stat(file.c_str(), &after), 0);
  EXPECT_EQ(before.st_ino, after.st_ino);
  EXPECT_EQ(entries(), 1u);
}

TEST_F(OutputFile, ANamedDescriptorThatIsNotOpenIsAnError) {
  const auto error = write_output_file("/dev/fd/999999", "x");
  ASSERT_TRUE(error);
  EXPECT_NE(error->find("/dev/fd/999999"), std::string::npos) << *error;
}

}  // namespace
}  // namespace redsem
