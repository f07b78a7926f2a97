// C++ half of the C test shim: main(), registration of the C tests with gtest,
// and the one entry point through which C reports failures, skips and their
// locations. Kept tiny on purpose: everything that can be written in C is in
// tb_test.c, so the only C++ here is what gtest's API requires.
//
// Invariants that make mixing setjmp/longjmp, C and C++ safe:
//  - the setjmp is in tb_run_case() (C) and every longjmp comes from C code
//    called by it, so no longjmp ever skips a C++ frame or destructor;
//  - no exception leaves tb_bridge_report(): gtest may throw from a report
//    (--gtest_throw_on_failure), and unwinding through C frames is undefined,
//    so the exception is parked and rethrown once the C runner has returned.
#include <gtest/gtest.h>

#include <exception>
#include <utility>

#include "tb_shim_bridge.h"

namespace {

// Set by tb_bridge_report() when gtest threw; rethrown by the test after C returns.
thread_local std::exception_ptr tb_parked_exception;

// The gtest test object for one C test: runs it through the C runner.
class TbCTest : public testing::Test {
 public:
  explicit TbCTest(const tb_test_case *test_case) : test_case_(test_case) {}

 private:
  void TestBody() override {
    tb_run_case(test_case_);
    if (tb_parked_exception) {
      std::rethrow_exception(std::exchange(tb_parked_exception, nullptr));
    }
  }

  const tb_test_case *test_case_;  // static storage in the C test file; outlives gtest
};

testing::TestPartResult::Type tb_result_type(tb_report_kind kind) {
  switch (kind) {
    case TB_REPORT_NONFATAL:
      return testing::TestPartResult::kNonFatalFailure;
    case TB_REPORT_FATAL:
      return testing::TestPartResult::kFatalFailure;
    case TB_REPORT_SKIP:
      return testing::TestPartResult::kSkip;
  }
  return testing::TestPartResult::kFatalFailure;
}

}  // namespace

extern "C" void tb_bridge_report(const char *file, int line, tb_report_kind kind,
                                 const char *message) noexcept {
  try {
    // What ADD_FAILURE_AT(file, line) expands to, with the result type chosen by
    // C: ASSERTs must count as fatal (HasFatalFailure()) and SKIP as a skip,
    // and the C message replaces ADD_FAILURE_AT's fixed "Failed" line.
    GTEST_MESSAGE_AT_(file, line, message, tb_result_type(kind));
  } catch (...) {
    if (!tb_parked_exception) {
      tb_parked_exception = std::current_exception();
    }
  }
}

int main(int argc, char **argv) {
  testing::InitGoogleTest(&argc, argv);
  // Refuse to run rather than let gtest print "0 tests, PASSED" or run one of
  // two same-named tests: both hide mistakes. ctest's test discovery fails too.
  if (tb_registry_validate() != 0) {
    return 1;
  }
  for (const tb_test_case *test_case = tb_registry_first(); test_case != nullptr;
       test_case = test_case->next) {
    testing::RegisterTest(test_case->suite, test_case->name, nullptr, nullptr,
                          test_case->file, test_case->line,
                          [test_case]() -> TbCTest * { return new TbCTest(test_case); });
  }
  return RUN_ALL_TESTS();
}
