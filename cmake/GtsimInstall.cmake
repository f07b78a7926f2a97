# gtsim as an installable library (docs/guide/library.md):
#   include/gtsim/<layer>/   the public C headers (tlm, waves, models/<block>, models/regs,
#                            platform; cosim with RTL)
#   lib/                     the static libraries and libgtsim.so (one shared library)
#   lib/cmake/gtsim/         gtsimConfig.cmake, gtsimConfigVersion.cmake, gtsimTargets*.cmake
#   lib/pkgconfig/gtsim.pc   pkg-config (libgtsim.so)
#   bin/gtsim                the command-line program
#   share/doc/gtsim/LICENSE
# Included at the end of the top-level CMakeLists.txt, once every target exists.
include_guard(GLOBAL)
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(gtsim_inc ${CMAKE_INSTALL_INCLUDEDIR}/gtsim)

# --- Public headers, one folder per layer ----------------------------------------------------
# Internal headers (shared by the files of one block only) are not installed.
set(gtsim_internal_headers eu_internal.h cs_commands_tables.h wave_internal.h)
set(gtsim_header_dirs)   # install-relative folders consumers put on their include path

function(gtsim_install_headers destination)
  set(headers)
  foreach(header IN LISTS ARGN)
    get_filename_component(name "${header}" NAME)
    if(NOT name IN_LIST gtsim_internal_headers)
      list(APPEND headers "${header}")
    endif()
  endforeach()
  install(FILES ${headers} DESTINATION ${destination} COMPONENT devel)
  set_property(GLOBAL APPEND PROPERTY GTSIM_INSTALLED_HEADERS ${headers})
  set_property(GLOBAL APPEND PROPERTY GTSIM_HEADER_DIRS ${destination})
endfunction()

file(GLOB gtsim_tlm_headers ${PROJECT_SOURCE_DIR}/tlm/*.h)
gtsim_install_headers(${gtsim_inc}/tlm ${gtsim_tlm_headers} ${CMAKE_BINARY_DIR}/generated/version/gtsim_version.h)
file(GLOB gtsim_wave_headers ${PROJECT_SOURCE_DIR}/waves/*.h)
gtsim_install_headers(${gtsim_inc}/waves ${gtsim_wave_headers})
set(gtsim_model_blocks roundtrip irq cs doorbell eu guc gt)
foreach(block IN LISTS gtsim_model_blocks)
  file(GLOB block_headers ${PROJECT_SOURCE_DIR}/models/${block}/*.h)
  gtsim_install_headers(${gtsim_inc}/models/${block} ${block_headers})
endforeach()
# The generated register headers (offsets and fields as macros, the descriptors).
set(gtsim_register_blocks roundtrip irq_gen11 irq_gen11_guc irq_gen6 cs doorbell eu eu_ctx guc guc_fuse gt)
set(gtsim_register_headers)
set(gtsim_register_libraries)
foreach(block IN LISTS gtsim_register_blocks)
  list(APPEND gtsim_register_headers ${CMAKE_BINARY_DIR}/generated/regs/${block}/${block}_regs.h)
  list(APPEND gtsim_register_libraries ${block}_regs)
endforeach()
gtsim_install_headers(${gtsim_inc}/models/regs ${gtsim_register_headers})
gtsim_install_headers(${gtsim_inc}/platform
  ${PROJECT_SOURCE_DIR}/testbench/platform/gtsim_system.h
  ${PROJECT_SOURCE_DIR}/testbench/platform/gtsim_system_coverage.h
  ${PROJECT_SOURCE_DIR}/testbench/platform/gtsim_coverage.h)
if(GTSIM_WITH_RTL)
  file(GLOB gtsim_cosim_headers ${PROJECT_SOURCE_DIR}/testbench/cosim/cosim_*.h)
  list(FILTER gtsim_cosim_headers EXCLUDE REGEX "cosim_vl_")
  # The Verilator wrappers' C APIs (the models' pin-level RTL).
  file(GLOB gtsim_rtl_headers ${PROJECT_SOURCE_DIR}/testbench/cosim/*_rtl.h)
  list(APPEND gtsim_cosim_headers ${gtsim_rtl_headers})
  gtsim_install_headers(${gtsim_inc}/cosim ${gtsim_cosim_headers})
  # A user's RTL block (docs/guide/bring-your-own-rtl.md): the registry and the user-twin
  # platform API, the C++ wrapper core the generated wrappers include (outside the C header
  # folders: it needs Verilator's headers), the wrapper generator and gtsim_add_user_twin().
  gtsim_install_headers(${gtsim_inc}/platform
    ${PROJECT_SOURCE_DIR}/testbench/platform/gtsim_twin_registry.h
    ${PROJECT_SOURCE_DIR}/testbench/platform/gtsim_user_twin.h)
  install(FILES ${PROJECT_SOURCE_DIR}/testbench/cosim/cosim_vl_core.h ${PROJECT_SOURCE_DIR}/testbench/cosim/cosim_vl_capture.h
          DESTINATION ${CMAKE_INSTALL_DATADIR}/gtsim/verilator COMPONENT devel)
  install(PROGRAMS ${PROJECT_SOURCE_DIR}/scripts/gtsim-user-twin.py DESTINATION ${CMAKE_INSTALL_DATADIR}/gtsim COMPONENT devel)
  install(FILES ${PROJECT_SOURCE_DIR}/cmake/GtsimUserTwin.cmake DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/gtsim COMPONENT devel)
endif()
get_property(gtsim_header_dirs GLOBAL PROPERTY GTSIM_HEADER_DIRS)
list(REMOVE_DUPLICATES gtsim_header_dirs)

# --- Umbrella targets ------------------------------------------------------------------------
set(gtsim_model_libraries roundtrip_model irq_model cs_commands cs_engine doorbell_model eu_array guc_model gt_model)
add_library(gtsim_models INTERFACE)
target_link_libraries(gtsim_models INTERFACE ${gtsim_model_libraries} ${gtsim_register_libraries})
add_library(gtsim_platform INTERFACE)
target_link_libraries(gtsim_platform INTERFACE gtsim_system gtsim_system_coverage gtsim_coverage)
set(gtsim_umbrella_targets gtsim_models gtsim_platform)
if(GTSIM_WITH_RTL)
  add_library(gtsim_cosim INTERFACE)
  target_link_libraries(gtsim_cosim INTERFACE cosim_lockstep cosim_roundtrip_twin cosim_irq_twin cosim_irq_lockstep
                        cosim_irq_random cosim_doorbell_twin cosim_doorbell_lockstep cosim_doorbell_random
                        cosim_random_wave cosim_axi_lite_transactor cosim_axi4)
  list(APPEND gtsim_umbrella_targets gtsim_cosim)
endif()

# --- The shared library ------------------------------------------------------------------------
# libgtsim.so: the transaction layer, waveforms, every model and the platform, each archive
# whole; the exports are exactly the functions and objects the installed headers declare
# (scripts/gen-exports.py writes the linker version script from them; everything else is
# local). The co-simulation a platform with RTL uses is inside, hidden.
set(gtsim_shared_archives gtsim_tlm gtsim_waves ${gtsim_model_libraries} ${gtsim_register_libraries}
                          gtsim_system gtsim_system_coverage gtsim_coverage gtsim_file)
set(gtsim_exports_map ${CMAKE_BINARY_DIR}/generated/gtsim.map)
get_property(gtsim_installed_headers GLOBAL PROPERTY GTSIM_INSTALLED_HEADERS)
add_custom_command(
  OUTPUT ${gtsim_exports_map}
  COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/scripts/gen-exports.py ${gtsim_exports_map} ${gtsim_installed_headers}
  DEPENDS ${PROJECT_SOURCE_DIR}/scripts/gen-exports.py ${gtsim_installed_headers}
  COMMENT "Listing libgtsim.so's exports from the public headers"
  VERBATIM)
add_custom_target(gtsim_exports_map DEPENDS ${gtsim_exports_map})
file(CONFIGURE OUTPUT ${CMAKE_BINARY_DIR}/generated/gtsim_shared.c
  CONTENT "/* libgtsim.so is its archives, whole (cmake/GtsimInstall.cmake). */\ntypedef int gtsim_shared_unused;\n")
add_library(gtsim_shared SHARED ${CMAKE_BINARY_DIR}/generated/gtsim_shared.c)
add_dependencies(gtsim_shared gtsim_exports_map)
# Each archive whole (so every public function is in, used or not), then the same targets
# again for what they link (the platform's twins, zlib, threads): an archive already loaded
# whole adds nothing the second time. (CMake's $<LINK_LIBRARY:WHOLE_ARCHIVE> refuses a
# target that also appears plainly through another's dependencies.)
set(gtsim_whole_archives)
foreach(archive IN LISTS gtsim_shared_archives)
  list(APPEND gtsim_whole_archives $<TARGET_FILE:${archive}>)
endforeach()
add_dependencies(gtsim_shared ${gtsim_shared_archives})
target_link_libraries(gtsim_shared PRIVATE -Wl,--whole-archive ${gtsim_whole_archives} -Wl,--no-whole-archive
                      ${gtsim_shared_archives})
target_link_options(gtsim_shared PRIVATE "LINKER:--version-script=${gtsim_exports_map}")
if(NOT GTSIM_SANITIZE AND NOT GTSIM_FUZZ)
  # Everything the library uses is inside or in a library it names (clang's sanitizer runtimes
  # are linked into the program instead, so sanitized builds leave them undefined).
  target_link_options(gtsim_shared PRIVATE "LINKER:--no-undefined")
endif()
set_target_properties(gtsim_shared PROPERTIES
  OUTPUT_NAME gtsim
  VERSION ${PROJECT_VERSION}
  SOVERSION ${PROJECT_VERSION_MAJOR}
  LINK_DEPENDS ${gtsim_exports_map}
  # The platform's RTL twins are Verilated C++: the C++ runtime comes with the library.
  LINKER_LANGUAGE CXX)
foreach(dir IN LISTS gtsim_header_dirs)
  target_include_directories(gtsim_shared INTERFACE $<INSTALL_INTERFACE:${dir}>)
endforeach()
# In the build tree: the archives' own include folders.
foreach(archive IN LISTS gtsim_shared_archives)
  target_include_directories(gtsim_shared INTERFACE
    $<BUILD_INTERFACE:$<TARGET_PROPERTY:${archive},INTERFACE_INCLUDE_DIRECTORIES>>)
endforeach()

# --- Installed targets -------------------------------------------------------------------------
# Every static library an installed target links, found by walking the link graph, goes into
# the export set; its build-tree include folders become the installed layer folders.
function(gtsim_collect_targets out)
  set(seen)
  set(pending ${ARGN})
  while(pending)
    list(POP_FRONT pending target)
    if(NOT TARGET ${target} OR target IN_LIST seen)
      continue()
    endif()
    get_target_property(imported ${target} IMPORTED)
    if(imported)
      continue()
    endif()
    list(APPEND seen ${target})
    get_target_property(type ${target} TYPE)
    set(links)
    foreach(property LINK_LIBRARIES INTERFACE_LINK_LIBRARIES)
      if(type STREQUAL "INTERFACE_LIBRARY" AND property STREQUAL "LINK_LIBRARIES")
        continue()
      endif()
      get_target_property(value ${target} ${property})
      if(value)
        list(APPEND links ${value})
      endif()
    endforeach()
    foreach(link IN LISTS links)
      # $<LINK_ONLY:x> and similar wrappers around a target name.
      string(REGEX REPLACE "^\\$<[A-Z_]+:([A-Za-z0-9_:]+)>$" "\\1" link "${link}")
      if(TARGET ${link} AND NOT link IN_LIST seen)
        list(APPEND pending ${link})
      endif()
    endforeach()
  endwhile()
  set(${out} ${seen} PARENT_SCOPE)
endfunction()

set(gtsim_user_twin_targets)
if(GTSIM_WITH_RTL)
  set(gtsim_user_twin_targets gtsim_user_twin)
endif()
gtsim_collect_targets(gtsim_installed_targets gtsim_tlm gtsim_waves ${gtsim_umbrella_targets} ${gtsim_user_twin_targets})
foreach(target IN LISTS gtsim_installed_targets)
  get_target_property(dirs ${target} INTERFACE_INCLUDE_DIRECTORIES)
  set(wrapped)
  if(dirs)
    foreach(dir IN LISTS dirs)
      if(dir MATCHES "^\\$<")
        list(APPEND wrapped "${dir}")
      else()
        list(APPEND wrapped "$<BUILD_INTERFACE:${dir}>")
      endif()
    endforeach()
  endif()
  foreach(dir IN LISTS gtsim_header_dirs)
    list(APPEND wrapped "$<INSTALL_INTERFACE:${dir}>")
  endforeach()
  set_property(TARGET ${target} PROPERTY INTERFACE_INCLUDE_DIRECTORIES "${wrapped}")
endforeach()
set_target_properties(gtsim_tlm PROPERTIES EXPORT_NAME tlm)
set_target_properties(gtsim_waves PROPERTIES EXPORT_NAME waves)
set_target_properties(gtsim_models PROPERTIES EXPORT_NAME models)
set_target_properties(gtsim_platform PROPERTIES EXPORT_NAME platform)
set_target_properties(gtsim_shared PROPERTIES EXPORT_NAME gtsim)
if(GTSIM_WITH_RTL)
  set_target_properties(gtsim_cosim PROPERTIES EXPORT_NAME cosim)
  set_target_properties(gtsim_user_twin PROPERTIES EXPORT_NAME user_twin)
endif()

install(TARGETS ${gtsim_installed_targets} gtsim_shared
  EXPORT gtsimTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT devel
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT runtime
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT runtime)
install(TARGETS gtsim RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT runtime)
install(EXPORT gtsimTargets NAMESPACE gtsim:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/gtsim COMPONENT devel)

configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/gtsimConfig.cmake.in
  ${CMAKE_BINARY_DIR}/generated/gtsimConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/gtsim)
write_basic_package_version_file(${CMAKE_BINARY_DIR}/generated/gtsimConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion)
install(FILES ${CMAKE_BINARY_DIR}/generated/gtsimConfig.cmake ${CMAKE_BINARY_DIR}/generated/gtsimConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/gtsim COMPONENT devel)

# pkg-config: the shared library, every layer folder on the include path.
set(gtsim_pc_cflags)
foreach(dir IN LISTS gtsim_header_dirs)
  string(REPLACE "${CMAKE_INSTALL_INCLUDEDIR}" "\${includedir}" dir "${dir}")
  string(APPEND gtsim_pc_cflags " -I${dir}")
endforeach()
string(STRIP "${gtsim_pc_cflags}" gtsim_pc_cflags)
# Relocatable: the prefix is found from the .pc file's own folder.
file(RELATIVE_PATH gtsim_pc_up /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
configure_file(${PROJECT_SOURCE_DIR}/cmake/gtsim.pc.in ${CMAKE_BINARY_DIR}/generated/gtsim.pc @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/generated/gtsim.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig COMPONENT devel)
install(FILES ${PROJECT_SOURCE_DIR}/LICENSE DESTINATION ${CMAKE_INSTALL_DOCDIR} COMPONENT runtime)
