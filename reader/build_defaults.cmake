# The build's defaults, for the whole project and for reader/ built alone:
# RelWithDebInfo when no build type is given, and the warning flags.
if(NOT CMAKE_BUILD_TYPE AND NOT CMAKE_CONFIGURATION_TYPES)
  set(CMAKE_BUILD_TYPE RelWithDebInfo CACHE STRING "Build type" FORCE)
endif()
# Warnings are errors only when asked (CI does: .ci/run), so that a newer or
# older compiler's new warning never stops a user's build.
option(TALEBOOK_WERROR "Treat compiler warnings as errors" OFF)
set(TALEBOOK_WARNINGS -Wall -Wextra)
if(TALEBOOK_WERROR)
  list(APPEND TALEBOOK_WARNINGS -Werror)
endif()
# GCC 12 at -O3 (Release) reports a false -Wrestrict inside std::string's
# operator+ (GCC bug 105329, fixed in 12.3 and 13) at six places of ours.
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 12.3)
  list(APPEND TALEBOOK_WARNINGS -Wno-restrict)
endif()
