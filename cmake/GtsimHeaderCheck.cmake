# gtsim_check_headers_cxx(<target> FOLDERS <dir>... LINK <libs>...)
#
#   Every C header in FOLDERS (one that carries extern "C" guards; the C++-only Verilator
#   wrapper cores are compiled by their own users) is compiled alone as C++17 with
#   -Wall -Wextra -Werror, one generated translation unit per header, into an OBJECT library
#   built with `all`: a header a C++ or SystemC user cannot include breaks the build.
#   LINK names the libraries whose include directories (and generated register headers)
#   the headers need. scripts/check-headers.py (a ctest test) checks that no C header lacks
#   the guards, so a header cannot leave this check by losing them.
function(gtsim_check_headers_cxx target)
  cmake_parse_arguments(HC "" "" "FOLDERS;LINK" ${ARGN})
  set(sources)
  foreach(folder IN LISTS HC_FOLDERS)
    file(GLOB headers CONFIGURE_DEPENDS "${folder}/*.h")
    foreach(header IN LISTS headers)
      file(READ "${header}" text)
      string(FIND "${text}" "extern \"C\"" guarded)
      if(guarded EQUAL -1)
        continue()
      endif()
      get_filename_component(name "${header}" NAME_WE)
      set(unit "${CMAKE_CURRENT_BINARY_DIR}/${target}/${name}.cpp")
      file(CONFIGURE OUTPUT "${unit}" CONTENT "#include \"${header}\"\n")
      list(APPEND sources "${unit}")
    endforeach()
  endforeach()
  add_library(${target} OBJECT ${sources})
  set_target_properties(${target} PROPERTIES CXX_STANDARD 17 CXX_STANDARD_REQUIRED ON CXX_EXTENSIONS OFF)
  # An OBJECT library takes the libraries' usage requirements (include directories,
  # transitively) and links nothing.
  target_link_libraries(${target} PRIVATE ${HC_LINK})
endfunction()
