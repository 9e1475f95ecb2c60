// SPDX-License-Identifier: BSD-3-Clause
#include "props/csource/compile.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace redsem::csource {
namespace {

namespace fs = std::filesystem;

// A scratch directory, removed with its contents when it goes.
struct scratch {
  fs::path dir;
  scratch() {
    std::string t = (fs::temp_directory_path() / "redsem-csource-XXXXXX").string();
    if (mkdtemp(t.data())) dir = t;
  }
  ~scratch() {
    std::error_code ec;
    if (!dir.empty()) fs::remove_all(dir, ec);
  }
};

std::string read_file(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Runs argv with stdout and stderr to files; its exit status (-1 when it could not start).
int run(const std::vector<std::string>& argv, const fs::path& out, const fs::path& err) {
  const pid_t pid = fork();
  if (pid < 0) return -1;
  if (pid == 0) {
    const int o = open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    const int e = open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (o < 0 || e < 0) _exit(127);
    dup2(o, 1);
    dup2(e, 2);
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    execvp(args[0], args.data());
    _exit(127);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string clang_path() {
  const char* c = std::getenv("REDSEM_CLANG");
  return c && *c ? c : "clang";
}

// The -I flags of the MPI's compiler wrapper (mpicc.openmpi -showme:compile, mpicc.mpich -show).
std::optional<std::vector<std::string>> mpi_includes(const std::string& mpi, const fs::path& dir, std::string* why) {
  const std::vector<std::string> argv = mpi == "mpich" ? std::vector<std::string>{"mpicc.mpich", "-show"}
                                                       : std::vector<std::string>{"mpicc.openmpi", "-showme:compile"};
  if (run(argv, dir / "mpicc.out", dir / "mpicc.err") != 0) {
    *why = "cannot ask " + argv[0] + " for mpi.h's directory (is " + mpi + " installed?)";
    return std::nullopt;
  }
  std::istringstream words(read_file(dir / "mpicc.out"));
  std::vector<std::string> out;
  for (std::string w; words >> w;)
    if (w.rfind("-I", 0) == 0) out.push_back(w);
  return out;
}

std::optional<std::string> to_ir(const std::vector<std::string>& head, const std::string& file, const fs::path& out,
                                 const fs::path& dir, std::string* why, std::string* command) {
  std::vector<std::string> argv = head;
  argv.insert(argv.end(), {"-S", "-emit-llvm", "-o", out.string(), file});
  if (command)  // as the user would type it: no scratch output file
    for (std::size_t i = 0; i < argv.size(); ++i) {
      if (argv[i] == "-o")
        ++i;
      else
        *command += (command->empty() ? "" : " ") + argv[i];
    }
  const int status = run(argv, dir / "clang.out", dir / "clang.err");
  if (status != 0) {
    *why = status == 127 || status < 0 ? "cannot run " + argv[0] + " (install Debian's clang, or set REDSEM_CLANG)"
                                       : "clang cannot compile " + file + ":\n" + read_file(dir / "clang.err");
    return std::nullopt;
  }
  return read_file(out);
}

}  // namespace

std::optional<compiled> compile_to_ir(const compile_request& r, std::string* why) {
  scratch s;
  if (s.dir.empty()) {
    *why = "cannot make a scratch directory";
    return std::nullopt;
  }
  const auto includes = mpi_includes(r.mpi, s.dir, why);
  if (!includes) return std::nullopt;
  std::vector<std::string> head{clang_path()};
  std::istringstream fixed(fixed_flags);
  for (std::string w; fixed >> w;) head.push_back(w);
  head.insert(head.end(), includes->begin(), includes->end());
  head.insert(head.end(), r.flags.begin(), r.flags.end());
  compiled out;
  auto user = to_ir(head, r.file, s.dir / "user.ll", s.dir, why, &out.command);
  if (!user) return std::nullopt;
  out.ir = std::move(*user);
  // A derived type's handle is none of the predefined ones: for a pointer handle (Open MPI) the
  // address of an object of our own, for an int handle (MPICH) a derived handle's bit pattern.
  const std::string value = !r.handle.empty()
                                ? r.handle
                                : "_Generic((MPI_Datatype)0, int: (MPI_Datatype)(long)0x8c000001, default: "
                                  "(MPI_Datatype)(void *)&redsem_derived_datatype)";
  std::ofstream(s.dir / "handle.c") << "#include <mpi.h>\nextern char redsem_derived_datatype;\n"
                                       "MPI_Datatype redsem_handle(void) { return "
                                    << value << "; }\n";
  std::vector<std::string> handle_head = head;
  handle_head.push_back("-w");
  auto handle = to_ir(handle_head, (s.dir / "handle.c").string(), s.dir / "handle.ll", s.dir, why, nullptr);
  if (!handle) return std::nullopt;
  out.handle_ir = std::move(*handle);
  return out;
}

}  // namespace redsem::csource
