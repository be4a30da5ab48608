# The reader stands alone (docs/binary-format.md, "For engines"): reader/ as
# its own CMake project with PEGTL, ICU and nlohmann-json turned off (a
# REQUIRED lookup of any of them fails the configure), built with warnings as
# errors, installed into a prefix of its own; then the consumer project
# (tests/install, without the engine) finds it with find_package(talebook),
# builds, and reads the sample book that talec builds. With -DZSTD=OFF, the
# reader without zstd (TALEBOOK_READER_ZSTD=OFF, as the web build has it; a
# lookup of zstd fails the configure): it reads the book built --unpacked and
# refuses the packed one with the reason.
#   cmake -DSOURCE=<checkout> -DOUT=<scratch> -DTALEC=<talec> -DCXX=<c++> -DCC=<cc>
#         [-DLAUNCHER=<ccache>] [-DZSTD=OFF] [-DGAMES=OFF] -P reader_alone.cmake
file(REMOVE_RECURSE ${OUT})
file(MAKE_DIRECTORY ${OUT})

function(step what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${what} failed (${status}):\n${out}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()

set(compilers -DCMAKE_CXX_COMPILER=${CXX} -DCMAKE_C_COMPILER=${CC})
if(LAUNCHER)
  list(APPEND compilers -DCMAKE_CXX_COMPILER_LAUNCHER=${LAUNCHER})
endif()
set(codec "")
set(unpacked "")
if(DEFINED ZSTD AND NOT ZSTD)
  set(codec -DTALEBOOK_READER_ZSTD=OFF -DCMAKE_DISABLE_FIND_PACKAGE_zstd=ON)
  set(unpacked --unpacked)
endif()
step("configuring reader/ alone" ${CMAKE_COMMAND} -S ${SOURCE}/reader -B ${OUT}/reader
  -DCMAKE_BUILD_TYPE=Release -DTALEBOOK_WERROR=ON ${compilers} ${codec}
  -DCMAKE_DISABLE_FIND_PACKAGE_pegtl=ON -DCMAKE_DISABLE_FIND_PACKAGE_ICU=ON
  -DCMAKE_DISABLE_FIND_PACKAGE_nlohmann_json=ON -DCMAKE_DISABLE_FIND_PACKAGE_Catch2=ON)
# The reader's own sources and headers, nothing of the compiler's stages.
file(READ ${OUT}/reader/CMakeCache.txt cache)
if(NOT cache MATCHES "CMAKE_PROJECT_NAME:STATIC=talebook_reader")
  message(FATAL_ERROR "reader/ was not configured as a project of its own")
endif()
step("building the reader" ${CMAKE_COMMAND} --build ${OUT}/reader --parallel 2)
step("installing the reader" ${CMAKE_COMMAND} --install ${OUT}/reader --prefix ${OUT}/prefix)
foreach(file include/talebook/reader.hpp include/talebook/talebook.h
    lib/cmake/talebook/talebookConfig.cmake lib/cmake/talebook/talebookConfigVersion.cmake)
  if(NOT EXISTS ${OUT}/prefix/${file})
    message(FATAL_ERROR "the install has no ${file}")
  endif()
endforeach()
if(EXISTS ${OUT}/prefix/lib/cmake/talebook/talebookEngineTargets.cmake)
  message(FATAL_ERROR "the reader alone installed the engine")
endif()

step("configuring the consumer" ${CMAKE_COMMAND} -S ${SOURCE}/tests/install -B ${OUT}/consumer
  -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH=${OUT}/prefix -DTALEBOOK_CONSUMER_ENGINE=OFF ${codec}
  -DCMAKE_CXX_COMPILER=${CXX} -DCMAKE_C_COMPILER=${CC})
step("building the consumer" ${CMAKE_COMMAND} --build ${OUT}/consumer --parallel 2)

step("talec build" ${CMAKE_COMMAND} -E env ASAN_OPTIONS=detect_leaks=0
  ${TALEC} build ${SOURCE}/book -o ${OUT}/book.tbook ${unpacked})
step("consumer_cpp" ${OUT}/consumer/consumer_cpp ${OUT}/book.tbook 601)
if(NOT out MATCHES "^The Sample Book of Tales: paragraph 601\n  [a-z_]+ ")
  message(FATAL_ERROR "consumer_cpp read:\n${out}")
endif()
step("consumer (C)" ${OUT}/consumer/consumer ${OUT}/book.tbook 601)
if(NOT out MATCHES "^title: The Sample Book of Tales\nparagraphs: [1-9][0-9]*\nparagraph 601: [1-9][0-9]* sections\n"
    OR NOT out MATCHES "\ncut: bad book file: truncated \\(")
  message(FATAL_ERROR "consumer read:\n${out}")
endif()
# The game family (format 1.7): the sample deck and tile set (games/), built by
# talec, read by both consumers (the deck's cards, the first tile). GAMES=OFF
# skips them (a checkout whose games do not build yet).
if(NOT DEFINED GAMES OR GAMES)
  foreach(game morgenland shahrazad)
    if(NOT EXISTS ${SOURCE}/games/${game}/book.json)
      message(FATAL_ERROR "no sample game games/${game}")
    endif()
    step("talec build games/${game}" ${CMAKE_COMMAND} -E env ASAN_OPTIONS=detect_leaks=0
      ${TALEC} build ${SOURCE}/games/${game} -o ${OUT}/${game}.tbook ${unpacked})
    step("consumer_cpp (${game})" ${OUT}/consumer/consumer_cpp ${OUT}/${game}.tbook game)
    message(STATUS "consumer_cpp read games/${game}:\n${out}")
    if(NOT out MATCHES "^[^\n]+: ${game}\n  (deck: [1-9][0-9]* cards|tiles: [1-9][0-9]*; tile 0: )")
      message(FATAL_ERROR "consumer_cpp read games/${game}:\n${out}")
    endif()
    step("consumer (C, ${game})" ${OUT}/consumer/consumer ${OUT}/${game}.tbook game)
    message(STATUS "consumer read games/${game}:\n${out}")
    if(NOT out MATCHES "\ngame: ${game}\n(deck: [1-9][0-9]* cards, [1-9][0-9]* with copies\ncard 0: |tiles: [1-9][0-9]*\ntile 0: (red|blue|black|yellow) .*\nverdicts: [1-9])")
      message(FATAL_ERROR "consumer read games/${game}:\n${out}")
    endif()
  endforeach()
endif()
if(unpacked)
  step("talec build (packed)" ${CMAKE_COMMAND} -E env ASAN_OPTIONS=detect_leaks=0
    ${TALEC} build ${SOURCE}/book -o ${OUT}/packed.tbook)
  execute_process(COMMAND ${OUT}/consumer/consumer_cpp ${OUT}/packed.tbook 601 OUTPUT_VARIABLE out)
  if(NOT out MATCHES "^error: bad book file: the book is compressed, and this reader was built without zstd .*build the book with 'talec build --unpacked'")
    message(FATAL_ERROR "the reader without zstd read a packed book:\n${out}")
  endif()
endif()
file(REMOVE_RECURSE ${OUT})
