# SPDX-License-Identifier: BSD-3-Clause
# Command-line values: a number is checked against its limit before anything is allocated.
redsem_bad_input(cli_unknown_command ARGS no-such-command RC 2
                 ERR "^redsem: 'no-such-command' is not a command \\(commands: verify, .*\\) \\(see 'redsem --help'\\)\n$")

set(sum_int --op MPI_SUM --type MPI_INT)

# A mistyped word is answered with the nearest known one (tools/cli/suggest.h), and every parse
# error names the command it belongs to and where its help is (tools/cli/parse_errors.h). A `;`
# in a pattern would split it into a CMake list: `.` stands for the one in "; did you mean".
redsem_bad_input(cli_suggest_command ARGS verfy RC 2 ERR "^redsem: 'verfy' is not a command. did you mean 'verify'\\?")
redsem_bad_input(cli_suggest_option ARGS laws --no-cache --tpye MPI_INT RC 2
                 ERR "^redsem laws: unknown option '--tpye'. did you mean '--type'\\? \\(see 'redsem laws --help'\\)\n$")
redsem_bad_input(cli_suggest_option_with_value ARGS orders ${sum_int} --prcs=4 RC 2
                 ERR "^redsem orders: unknown option '--prcs'. did you mean '--procs'\\?")
redsem_bad_input(cli_unknown_option_far_from_any ARGS laws --frobnicate RC 2
                 ERR "^redsem laws: unknown option '--frobnicate' \\(see 'redsem laws --help'\\)\n$")
redsem_bad_input(cli_unknown_top_level_option ARGS --verison RC 2 ERR "^redsem: unknown option '--verison'. did you mean '--version'\\?")
redsem_bad_input(cli_suggest_op ARGS laws --no-cache --op MPI_SUN --type MPI_INT RC 2
                 ERR "^redsem laws: --op: unknown op 'MPI_SUN' .*. did you mean 'MPI_SUM'\\?")
redsem_bad_input(cli_suggest_op_without_prefix ARGS orders --op mxa --type MPI_INT --procs 3 RC 2 ERR "did you mean 'MPI_MAX'\\?")
redsem_bad_input(cli_suggest_segscan ARGS orders --op segscna --procs 3 RC 2
                 ERR "or segscan \\(MPI-4.1 §7.11.3's example\\). did you mean 'segscan'\\?")
redsem_bad_input(cli_suggest_type ARGS orders --op MPI_SUM --type in32_t --procs 3 RC 2
                 ERR "--type: unknown type 'in32_t' .*. did you mean 'MPI_INT32_T'\\?")
redsem_bad_input(cli_suggest_op_file_type ARGS opcheck --op-file ${PROJECT_SOURCE_DIR}/examples/ops/all_max.op --type doubel
                 RC 2 ERR "--type doubel: .*all_max.op has no such type choice. did you mean 'double'\\?")
redsem_bad_input(cli_suggest_policy_key ARGS orders ${sum_int} --procs 4 --policy overflw=wrap RC 2
                 ERR "unknown policy key 'overflw'. keys: .*. did you mean 'overflow'\\?")
redsem_bad_input(cli_suggest_policy_value ARGS orders ${sum_int} --procs 4 --policy compare=nan_eqaul RC 2
                 ERR "policy key 'compare' takes one of: bitwise nan_equal ulps. did you mean 'nan_equal'\\?")
# CLI11's own messages (a missing option, a value it rejects) carry the same prefix and hint.
redsem_bad_input(cli_prefix_missing_option ARGS probe RC 2 ERR "^redsem probe: --mpi is required \\(see 'redsem probe --help'\\)\n$")
redsem_bad_input(cli_prefix_bounded_value ARGS orders ${sum_int} --procs 0 RC 2 ERR "^redsem orders: --procs 0: at least 1 \\(see")
redsem_bad_input(cli_prefix_extra_argument ARGS laws --no-cache extra RC 2
                 ERR "^redsem laws: The following argument was not expected: extra \\(see 'redsem laws --help'\\)")
# After `--` the words are check's program and its arguments, never a mistyped option of check.
redsem_bad_input(cli_prefix_check_value_before_program ARGS check --mpi openmpi --tolerance x -- mpirun -n 2 ./app --foo
                 RC 2 ERR "^redsem check: --tolerance x: .* \\(see 'redsem check --help'\\)\n$")
# --thread-sync takes a policy's name (docs/design.md, "Threads"); the one it takes reaches the ranks.
redsem_bad_input(cli_check_thread_sync_unknown ARGS check --thread-sync cals -- mpirun -n 2 ./app
                 RC 2 ERR "^redsem check: --thread-sync: cals not in \\{time,calls\\} \\(see 'redsem check --help'\\)\n$")
# check's --policy is read before anything runs or is read: a bad value or key is exit 2 naming
# the key and its choices, for a run and for kept records alike (its analyses, RMA replay
# included, hold under the policy it reads).
redsem_bad_input(cli_check_policy_bad_value ARGS check --policy ordering_types=some -- mpirun -n 2 ./app
                 RC 2 ERR "^redsem check: --policy: policy key 'ordering_types' takes one of: any same. did you mean 'same'\\?\n$")
redsem_bad_input(cli_check_records_policy_unknown_key ARGS check --policy ordering_type=same --records ${PROJECT_SOURCE_DIR}/tests/check/fixtures/replace_then_sum
                 RC 2 ERR "^redsem check: --policy: unknown policy key 'ordering_type'. keys: .* ordering_types ulps. did you mean 'ordering_types'\\?\n$")
redsem_bad_input(cli_check_thread_sync_calls_reaches_ranks ARGS check --thread-sync calls --dry-run -- mpirun -n 2 ./app
                 RC 0 OUT "REDSEM_CHECK_THREAD_SYNC=calls")
# rma and probe take no --policy, and their help says why (the scenario sets it; probe's verdicts
# do not depend on one).
redsem_bad_input(cli_rma_help_says_no_policy ARGS rma --help RC 0 OUT "No --policy: a scenario sets the semantics policy")
redsem_bad_input(cli_probe_help_says_no_policy ARGS probe --help RC 0 OUT "No --policy: probe checks the evaluation trees")
redsem_bad_input(cli_rma_policy_refused ARGS rma ${PROJECT_SOURCE_DIR}/examples/rma/counter_fetch_and_add.rma --policy overflow=wrap
                 RC 2 ERR "^redsem rma: unknown option '--policy' \\(see 'redsem rma --help'\\)")
# redsem-mpi: the same messages under its own name.
if(TARGET redsem-mpi)
  redsem_bad_input(cli_mpi_suggest_command PROGRAM redsem-mpi ARGS ordres RC 2
                   ERR "^redsem-mpi: 'ordres' is not a command. did you mean 'orders'\\?")
endif()

# Every numeric option is read whole and bounded while the command line is parsed
# (tools/cli/bounded_number.h): the message names the option, the text and the limit, and nothing
# is allocated first (the memory cap would catch a billion-rank allocation).
redsem_bad_input(cli_orders_procs_huge ARGS orders ${sum_int} --procs 1000000000 RC 2
                 ERR "--procs 1000000000: at most 4096" TIMEOUT 10 MEMORY_MB 256)
redsem_bad_input(cli_orders_procs_zero ARGS orders ${sum_int} --procs 0 RC 2 ERR "--procs 0: at least 1")
redsem_bad_input(cli_orders_procs_negative ARGS orders ${sum_int} --procs -4 RC 2 ERR "--procs -4: expected a whole number")
redsem_bad_input(cli_orders_procs_text ARGS orders ${sum_int} --procs 4x RC 2 ERR "--procs 4x: expected a whole number")
redsem_bad_input(cli_orders_procs_fraction ARGS orders ${sum_int} --procs 2.5 RC 2 ERR "--procs 2.5: expected a whole number")
redsem_bad_input(cli_orders_random_negative ARGS orders ${sum_int} --procs 4 --random -1 RC 2 ERR "--random -1: expected a whole number")
redsem_bad_input(cli_orders_random_past_64_bits ARGS orders ${sum_int} --procs 4 --random 18446744073709551616 RC 2
                 ERR "--random 18446744073709551616: at most 18446744073709551615")
redsem_bad_input(cli_orders_random_largest ARGS orders ${sum_int} --procs 4 --random 18446744073709551615 RC 0
                 OUT "verdict: invariant")
redsem_bad_input(cli_orders_budget_past_bound ARGS orders --op MPI_SUM --type MPI_FLOAT --procs 6 --budget 2e19 RC 2
                 ERR "--budget 2e19: at most 1000000000000000")
redsem_bad_input(cli_orders_budget_huge_exponent ARGS orders --op MPI_SUM --type MPI_FLOAT --procs 6 --budget 1e999999999999 RC 2
                 ERR "--budget 1e999999999999: at most")
# A short message (CLI::PositiveNumber printed 300 digits of the smallest double).
redsem_bad_input(cli_orders_budget_zero ARGS orders --op MPI_SUM --type MPI_FLOAT --procs 6 --budget 0 RC 2
                 ERR "^redsem orders: --budget 0: at least 1 \\(see 'redsem orders --help'\\)\n$")
redsem_bad_input(cli_orders_budget_exponent ARGS orders --op MPI_SUM --type MPI_FLOAT --procs 9 --budget 2e3 RC 0
                 OUT "search incomplete")
redsem_bad_input(cli_orders_list_negative ARGS orders ${sum_int} --procs 4 --list -1 RC 2 ERR "--list -1")
string(REPEAT "1," 4096 values_4097)
redsem_bad_input(cli_orders_too_many_values ARGS orders ${sum_int} --values ${values_4097}1 RC 2
                 ERR "--values gives 4097 elements: at most 4096 ranks")
redsem_bad_input(cli_simulate_procs_and_count_huge
                 ARGS simulate --collective allreduce --algorithm ring --procs 4096 --count 1000000 ${sum_int}
                 RC 2 ERR "at most 4194304" TIMEOUT 10 MEMORY_MB 256)
redsem_bad_input(cli_simulate_procs_past_bound
                 ARGS simulate --collective reduce --algorithm binomial --procs 4097 ${sum_int} RC 2 ERR "--procs 4097: at most 4096")
redsem_bad_input(cli_simulate_root_negative
                 ARGS simulate --collective reduce --algorithm binomial --procs 4 --root -1 ${sum_int} RC 2 ERR "--root -1")
redsem_bad_input(cli_simulate_count_negative
                 ARGS simulate --collective reduce --algorithm binomial --procs 4 --count -3 ${sum_int} RC 2 ERR "--count -3")
redsem_bad_input(cli_simulate_segment_huge
                 ARGS simulate --collective reduce --algorithm pipeline --procs 4 --segment 99999999999 ${sum_int} RC 2
                 ERR "--segment 99999999999: at most 4194304")
redsem_bad_input(cli_fuzz_max_len_huge ARGS fuzz --kernel none.so:f ${sum_int} --max-len 1099511627776 RC 2
                 ERR "--max-len 1099511627776: at most 1048576" TIMEOUT 10 MEMORY_MB 256)
# Zero cases or zero-length buffers compare nothing: an error, never a PASS.
redsem_bad_input(cli_fuzz_cases_zero ARGS fuzz --kernel none.so:f ${sum_int} --cases 0 RC 2 ERR "--cases 0: at least 1")
redsem_bad_input(cli_fuzz_max_len_zero ARGS fuzz --kernel none.so:f ${sum_int} --max-len 0 RC 2 ERR "--max-len 0: at least 1")
redsem_bad_input(cli_fuzz_seed_negative ARGS fuzz --kernel none.so:f ${sum_int} --seed -2 RC 2 ERR "--seed -2")
redsem_bad_input(cli_laws_timeout_negative ARGS laws --no-cache --op MPI_SUM --type MPI_INT --timeout -1 RC 2
                 ERR "--timeout -1: expected a number of seconds")
redsem_bad_input(cli_laws_timeout_nan ARGS laws --no-cache --op MPI_SUM --type MPI_INT --timeout nan RC 2 ERR "--timeout nan")
redsem_bad_input(cli_laws_timeout_overflows ARGS laws --no-cache --op MPI_SUM --type MPI_INT --timeout 1e400 RC 2
                 ERR "--timeout 1e400")
redsem_bad_input(cli_laws_timeout_past_bound ARGS laws --no-cache --op MPI_SUM --type MPI_INT --timeout 5000000 RC 2
                 ERR "at most 3600")
# A cache directory the user names must be usable: a typo is an error, not a silently slower run.
redsem_bad_input(cli_laws_cache_dir_is_a_file ARGS laws --op MPI_SUM --type MPI_INT --cache-dir ${BAD_INPUTS}/cli/not_a_directory
                 RC 2 ERR "--cache-dir .*not_a_directory: not a directory")
redsem_bad_input(cli_laws_cache_dir_cannot_be_made ARGS laws --op MPI_SUM --type MPI_INT --cache-dir /proc/redsem-cache
                 RC 2 ERR "--cache-dir /proc/redsem-cache: cannot create it")
redsem_bad_input(cli_laws_jobs_zero ARGS laws --no-cache --jobs 0 RC 2 ERR "--jobs 0: at least 1")
redsem_bad_input(cli_opcheck_timeout_zero ARGS opcheck --op-file ${PROJECT_SOURCE_DIR}/examples/ops/minloc.op --timeout-ms 0
                 RC 2 ERR "--timeout-ms 0: at least 1")
redsem_bad_input(cli_probe_procs_past_bound ARGS probe --mpi openmpi --procs 100 RC 2 ERR "--procs 100: at most 16")
redsem_bad_input(cli_probe_counts_zero ARGS probe --mpi openmpi --counts 1 0 RC 2 ERR "--counts 0: at least 1")
redsem_bad_input(cli_probe_stall_zero ARGS probe --mpi openmpi --stall 0 RC 2 ERR "--stall 0: at least 1")
redsem_bad_input(cli_probe_unknown_form ARGS probe --mpi openmpi --procs 2 --form deferred RC 2
                 ERR "--form: no call form 'deferred' \\(blocking, nonblocking, persistent\\)")
redsem_bad_input(cli_rma_max_states_zero ARGS rma ${PROJECT_SOURCE_DIR}/examples/rma/counter_fetch_and_add.rma --max-states 0
                 RC 2 ERR "--max-states 0: at least 1")

# A policy key given twice is a contradiction, not a choice of the last.
redsem_bad_input(cli_policy_duplicate_key ARGS orders ${sum_int} --procs 4 --policy overflow=wrap,overflow=saturate RC 2
                 ERR "policy key 'overflow' is given more than once")
redsem_bad_input(cli_policy_duplicate_ulps ARGS orders ${sum_int} --procs 4 --policy ulps=1,compare=ulps,ulps=2 RC 2
                 ERR "policy key 'ulps' is given more than once")
redsem_bad_input(cli_policy_ulps_signed ARGS orders ${sum_int} --procs 4 --policy ulps=+3 RC 2 ERR "'ulps' takes a whole number")

# simulate keeps its memory bounded: a run past ranks × ranks × elements ≤ 2^24 is refused
# before anything is built, and a run inside it streams its report.
redsem_bad_input(cli_simulate_512_ranks_default_count
                 ARGS simulate --collective allreduce --algorithm recursive_doubling --procs 512 ${sum_int}
                 RC 2 ERR "512 ranks × 512 elements per rank.*at most 4194304" TIMEOUT 10 MEMORY_MB 256)
redsem_bad_input(cli_simulate_2048_ranks_at_the_bound
                 ARGS simulate --collective allreduce --algorithm recursive_doubling --procs 2049 --count 1 ${sum_int}
                 RC 2 ERR "2049 ranks × 1 elements per rank.*at most 4194304" TIMEOUT 10 MEMORY_MB 256)
redsem_bad_input(cli_simulate_1024_ranks_streams
                 ARGS simulate --collective allreduce --algorithm recursive_doubling --procs 1024 --count 1 ${sum_int}
                 RC 0 OUT "^redsem simulate — MPI_Allreduce / recursive_doubling on 1024 ranks" TIMEOUT 60 MEMORY_MB 256)
redsem_bad_input(cli_simulate_2048_ranks_json
                 ARGS simulate --collective reduce --algorithm binomial --procs 2048 --count 1 ${sum_int} --json
                 RC 0 OUT "\"algorithm\": \"binomial\"" TIMEOUT 60 MEMORY_MB 256)

# JSON with bytes that are not UTF-8 (a Latin-1 file name) is dumped, not aborted.
file(GLOB latin1_op ${BAD_INPUTS}/cli/caf*.op)
file(GLOB latin1_rma ${BAD_INPUTS}/cli/caf*.rma)
redsem_bad_input(cli_json_latin1_op_file_name ARGS opcheck --op-file ${latin1_op} --json RC 0 OUT "\"file\": \".*caf")
redsem_bad_input(cli_json_latin1_scenario_name ARGS rma ${latin1_rma} --json RC 0 OUT "\"scenario\": \".*caf")

# Output files are tried before any work: exit 2 at once, no verdict printed.
redsem_bad_input(cli_verify_record_unwritable ARGS verify --record /dev/null/record.json RC 2
                 ERR "cannot write /dev/null/record.json" OUT "^$" TIMEOUT 10)
redsem_bad_input(cli_verify_record_directory ARGS verify --record ${BAD_INPUTS}/cli RC 2 ERR "cannot write .*cli: Is a directory"
                 OUT "^$" TIMEOUT 10)
redsem_bad_input(cli_verify_html_unwritable ARGS verify --html /dev/null/report RC 2 ERR "cannot create /dev/null/report"
                 OUT "^$" TIMEOUT 10)
redsem_bad_input(cli_verify_html_index_directory ARGS verify --html ${BAD_INPUTS}/cli/html_with_directory_index RC 2
                 ERR "cannot write .*index.html: Is a directory" OUT "^$" TIMEOUT 10)
redsem_bad_input(cli_orders_svg_unwritable ARGS orders ${sum_int} --procs 4 --svg /dev/null/x.svg RC 2
                 ERR "--svg: cannot write /dev/null/x.svg" OUT "^$")


# The same cases with an environment: `cmake -E env` runs redsem with variables unset or set.
function(cli_bad_input_env name)
  cmake_parse_arguments(C "" "RC;ERR;OUT;TIMEOUT" "ENV;ARGS" ${ARGN})
  if(NOT C_TIMEOUT)
    set(C_TIMEOUT 60)
  endif()
  string(REPLACE ";" "|" args "-E;env;${C_ENV};$<TARGET_FILE:redsem>;${C_ARGS}")
  add_test(NAME BadInput.${name}
    COMMAND ${CMAKE_COMMAND} -DPROGRAM=${CMAKE_COMMAND} "-DARGS=${args}" -DEXPECT_RC=${C_RC} "-DEXPECT_ERR=${C_ERR}"
            "-DEXPECT_OUT=${C_OUT}" -DSECONDS=${C_TIMEOUT} -DWALL_FACTOR=${bad_input_wall_factor} -DMEMORY_MB=0
            -P ${CMAKE_CURRENT_LIST_DIR}/run_case.cmake
    WORKING_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR})
  math(EXPR ctest_timeout "${C_TIMEOUT} * ${bad_input_wall_factor} + 30")
  set_tests_properties(BadInput.${name} PROPERTIES TIMEOUT ${ctest_timeout} LABELS bad_input)
endfunction()
# XDG base-directory rules: no usable directory means no cache, said once, not ./.redsem-cache.
cli_bad_input_env(cli_laws_cache_no_home ENV --unset=HOME --unset=XDG_CACHE_HOME
                  ARGS laws --op MPI_SUM --type MPI_INT --law commutativity RC 0
                  ERR "^redsem laws: no proof cache: neither XDG_CACHE_HOME nor HOME is an absolute path[^\n]*\n$")
cli_bad_input_env(cli_laws_cache_relative_xdg ENV --unset=HOME XDG_CACHE_HOME=relative/cache
                  ARGS laws --op MPI_SUM --type MPI_INT --law commutativity RC 0 ERR "no proof cache")

# An incomplete search that found no result has no spread: none is printed (it was "0 ulps").
redsem_bad_input(cli_orders_incomplete_no_spread ARGS orders --op MPI_SUM --type MPI_FLOAT --procs 7 --budget 1000 RC 0
                 OUT "distinct results: 0 \\(search incomplete\\)\n$")

# probe: a tracer that runs no case is no verdict (it was "0 cases, 0 violations: conforming").
find_program(cli_mpirun_openmpi mpirun.openmpi)
if(cli_mpirun_openmpi)
  redsem_bad_input(cli_probe_tracer_without_cases ARGS probe --mpi openmpi --tracer /bin/true RC 2
                   ERR "the tracer /bin/true reported no case: no verdict" TIMEOUT 60)
  # The launcher's first stderr line, read back from the unlinked file after retries.
  redsem_bad_input(cli_probe_tracer_failing ARGS probe --mpi openmpi --tracer /bin/false RC 2
                   ERR "failed before any case \\([^)\n]*[a-z][^)\n]*\\): .*'/bin/false'" TIMEOUT 60)
endif()

# simulate's other legal results are a full search per (ranks, element): each is done once and
# at most 1024 in a run (10 ranks × 41943 elements asked for 419430 of them, about 40 minutes).
redsem_bad_input(cli_simulate_alternatives_bounded
                 ARGS simulate --collective allreduce --algorithm ring --procs 10 --count 41943 --op MPI_SUM --type MPI_FLOAT
                 RC 0 OUT "^redsem simulate — MPI_Allreduce / ring on 10 ranks" TIMEOUT 90 MEMORY_MB 512)

# fuzz: a run whose buffers were all empty compared nothing and passes nothing (seed 2 draws
# one empty case; seed 1 one element).
set(cli_sum_kernel $<TARGET_FILE:fuzz_correct_kernels>:sum_int32_unrolled --op MPI_SUM --type MPI_INT32_T)
redsem_bad_input(cli_fuzz_kernel_nothing_compared ARGS fuzz --kernel ${cli_sum_kernel} --cases 1 --max-len 1 --seed 2
                 RC 2 ERR "1 case\\(s\\) compared no element.*no verdict")
redsem_bad_input(cli_fuzz_kernel_one_element ARGS fuzz --kernel ${cli_sum_kernel} --cases 1 --max-len 1 --seed 1
                 RC 0 OUT "PASS: 1 cases, 1 elements compared")
if(TARGET redsem_mpi_openmpi)
  redsem_bad_input(cli_fuzz_mpi_nothing_compared ARGS fuzz --mpi openmpi --op MPI_SUM --type MPI_INT --cases 1 --max-len 1
                   --seed 2 RC 2 ERR "no element was compared.*no verdict" TIMEOUT 60)
endif()

# orders at its rank bound: an answer at once (the search stops at 20 ranks), and a tree count
# past a double's range said in words, not "inf".
redsem_bad_input(cli_orders_procs_at_bound ARGS orders --op MPI_SUM --type MPI_FLOAT --procs 4096 RC 0
                 OUT "more than 10\\^308 legal trees" TIMEOUT 30 MEMORY_MB 512)

# --layouts belongs to `fuzz --mpi` alone: given with --kernel or --surface it would be ignored.
redsem_bad_input(cli_fuzz_layouts_with_kernel ARGS fuzz --kernel /nonexistent.so:f --type MPI_INT --op MPI_SUM
                 --layouts vector RC 2 ERR "--layouts is for --mpi alone")
redsem_bad_input(cli_fuzz_layouts_with_surface ARGS fuzz --mpi openmpi --surface --layouts none RC 2
                 ERR "--layouts is for --mpi alone")

# --op and --type name a predefined op and datatype the same way in every command
# (tools/cli/common_options.h): one message for a name that is none, whichever command reads it
# (fuzz's cases are FuzzCommand.unknown_op_exits_2 and unknown_type_exits_2).
set(cli_unknown_op "--op: unknown op 'MPI_NOSUCH' \\(an MPI predefined op such as MPI_SUM or sum\\)")
set(cli_unknown_type "--type: unknown type 'MPI_NOSUCH' \\(an MPI predefined datatype such as MPI_INT32_T or int32_t\\)")
redsem_bad_input(cli_laws_unknown_op ARGS laws --no-cache --op MPI_NOSUCH RC 2 ERR "${cli_unknown_op}")
redsem_bad_input(cli_laws_unknown_type ARGS laws --no-cache --type MPI_NOSUCH RC 2 ERR "${cli_unknown_type}")
redsem_bad_input(cli_orders_unknown_op ARGS orders --op MPI_NOSUCH --type MPI_INT --procs 3 RC 2
                 ERR "${cli_unknown_op}; or segscan")
redsem_bad_input(cli_orders_unknown_type ARGS orders --op MPI_SUM --type MPI_NOSUCH --procs 3 RC 2 ERR "${cli_unknown_type}")
redsem_bad_input(cli_simulate_unknown_type ARGS simulate --collective reduce --algorithm linear --procs 3 --op MPI_SUM
                 --type MPI_NOSUCH RC 2 ERR "${cli_unknown_type}")
if(TARGET redsem_mpi_openmpi)
  redsem_bad_input(cli_fuzz_mpi_unknown_op ARGS fuzz --mpi openmpi --op MPI_NOSUCH RC 2 ERR "${cli_unknown_op}")
endif()
# --json-file FILE, every command's: an unwritable FILE is exit 2 before the work, naming the
# command and the option; a full device is exit 2 after it.
redsem_bad_input(cli_json_file_unwritable ARGS orders --op sum --type float --procs 4 --json-file /dev/null/orders.json
                 RC 2 ERR "^redsem orders: --json-file: cannot write /dev/null/orders.json" OUT "^$" TIMEOUT 10)
redsem_bad_input(cli_json_file_full_device ARGS laws --no-cache --op sum --type int --json-file /dev/full
                 RC 2 ERR "redsem laws: --json-file: cannot write /dev/full: No space left on device" OUT "^$" TIMEOUT 60)
