# ctest labels (docs/guide/testing.md "Labels"): every test gets its folder's labels plus those of the
# rules its name matches, so `ctest -L unit` runs the fast model and layer tests.
#
#   tb_test_labels(<label...>)                    the labels of every test this folder adds
#   tb_test_labels(<label...> MATCHING <regex>)   added to the tests whose name matches
#
# The rules below hold in every folder. A test labelled cosim, cli, lint, slow, drivers or
# cluster is not unit. Tests added with add_test() are labelled when the folder's CMakeLists.txt
# has been read; those gtest_discover_tests() finds (tb_add_c_test) when ctest lists them, by a
# script that runs after the discovery.
#
# This file is also included by that script at ctest time: only the rules and
# tb_test_labels_apply() are used there.
include_guard(GLOBAL)

# Pairs of "labels" "regex" (labels separated by ",").
set(TB_TEST_LABEL_RULES
  # Verilated RTL: a gtest suite of RTL, lockstep, co-simulation or planted-bug tests, a mode
  # variant of a test (ScenarioRunExamples.Rtl), a gtsim run with --rtl or --lockstep.
  "cosim" "^[A-Za-z0-9]*(Rtl|Lockstep|Cosim|PlantedBug)[A-Za-z0-9]*\\.|\\.(Rtl|Lockstep)$|_(rtl|lockstep)$|lockstep_wave"
  # The gtsim program and scripts, run as a user would.
  "cli" "^gtsim_cli\\.|^waves_cli\\.|^waves_pywellen\\."
  # The driver flows of testbench/scenarios/drivers/.
  "drivers" "^gtsim_cli\\.drivers_"
  # Verilator lint.
  "lint" "\\.lint$|^regs\\.lint\\.")

# Labels that take a test out of the fast unit set.
set(TB_TEST_NOT_UNIT_LABELS cosim cli lint slow drivers cluster)

# The labels of test `name`: `defaults`, `existing`, and the labels of each rule in `rules`
# (pairs as TB_TEST_LABEL_RULES) and TB_TEST_LABEL_RULES whose regex matches the name.
function(tb_test_labels_of name defaults rules existing out_var)
  set(labels ${defaults} ${existing})
  set(all_rules ${rules} ${TB_TEST_LABEL_RULES})
  list(LENGTH all_rules count)
  if(count GREATER 0)
    math(EXPR last "${count} - 1")
    foreach(i RANGE 0 ${last} 2)
      math(EXPR j "${i} + 1")
      list(GET all_rules ${i} rule_labels)
      list(GET all_rules ${j} regex)
      if(name MATCHES "${regex}")
        string(REPLACE "," ";" rule_labels "${rule_labels}")
        list(APPEND labels ${rule_labels})
      endif()
    endforeach()
  endif()
  list(REMOVE_DUPLICATES labels)
  foreach(label IN LISTS TB_TEST_NOT_UNIT_LABELS)
    list(FIND labels ${label} at) # not IN_LIST: ctest reads this file under the old policies
    if(at GREATER -1)
      list(REMOVE_ITEM labels unit)
    endif()
  endforeach()
  set(${out_var} "${labels}" PARENT_SCOPE)
endfunction()

# At ctest time: labels every test in the lists named by `test_lists` (gtest_discover_tests'
# <target>_TESTS variables).
function(tb_test_labels_apply defaults rules test_lists)
  foreach(list_name IN LISTS test_lists)
    foreach(name IN LISTS ${list_name})
      tb_test_labels_of("${name}" "${defaults}" "${rules}" "" labels)
      set_tests_properties("${name}" PROPERTIES LABELS "${labels}")
    endforeach()
  endforeach()
endfunction()

function(tb_test_labels)
  cmake_parse_arguments(PARSE_ARGV 0 TB "" "MATCHING" "")
  if(NOT TB_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "tb_test_labels(): no label (usage: <label...> [MATCHING <regex>])")
  endif()
  if(DEFINED TB_MATCHING)
    string(REPLACE ";" "," labels "${TB_UNPARSED_ARGUMENTS}")
    set_property(DIRECTORY APPEND PROPERTY TB_TEST_LABEL_RULES "${labels}" "${TB_MATCHING}")
  else()
    set_property(DIRECTORY APPEND PROPERTY TB_TEST_LABEL_DEFAULTS ${TB_UNPARSED_ARGUMENTS})
  endif()
  get_property(deferred DIRECTORY PROPERTY TB_TEST_LABELS_DEFERRED)
  if(NOT deferred)
    set_property(DIRECTORY PROPERTY TB_TEST_LABELS_DEFERRED TRUE)
    cmake_language(DEFER CALL _tb_test_labels_directory)
  endif()
endfunction()

# At the end of a folder's CMakeLists.txt: labels its add_test() tests now and writes the
# script that labels its discovered gtest tests when ctest lists them.
function(_tb_test_labels_directory)
  get_property(defaults DIRECTORY PROPERTY TB_TEST_LABEL_DEFAULTS)
  get_property(rules DIRECTORY PROPERTY TB_TEST_LABEL_RULES)
  get_property(tests DIRECTORY PROPERTY TESTS)
  foreach(name IN LISTS tests)
    get_test_property("${name}" LABELS existing)
    if(NOT existing)
      set(existing "")
    endif()
    tb_test_labels_of("${name}" "${defaults}" "${rules}" "${existing}" labels)
    set_tests_properties("${name}" PROPERTIES LABELS "${labels}")
  endforeach()
  get_property(targets DIRECTORY PROPERTY TB_GTEST_TARGETS)
  if(targets)
    list(TRANSFORM targets APPEND _TESTS OUTPUT_VARIABLE test_lists)
    set(script ${CMAKE_CURRENT_BINARY_DIR}/tb_test_labels.cmake)
    file(WRITE ${script}
         "include([==[${PROJECT_SOURCE_DIR}/cmake/TbTestLabels.cmake]==])\n"
         "tb_test_labels_apply([==[${defaults}]==] [==[${rules}]==] [==[${test_lists}]==])\n")
    set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES ${script})
  endif()
endfunction()
