# The browser game (docs/web.md, "Play in the browser"): the web build, then
# the game played in Debian's chromium (tests/web/play_game.mjs) against
# `talec play`. Included from tests/CMakeLists.txt.

# The web build as a fixture: tools/web/build.sh builds build-web/ at the top
# of the checkout (the `web` preset), which every build tree's ctest shares: a
# second run is a no-op of a few seconds.
add_test(NAME web_build COMMAND bash ${PROJECT_SOURCE_DIR}/tools/web/build.sh)
set_tests_properties(web_build PROPERTIES FIXTURES_SETUP talebook_web_player TIMEOUT 1800)
set(TALEBOOK_WEB_PLAYER ${PROJECT_SOURCE_DIR}/build-web/engine/web/talebook-web.js)

find_program(TALEBOOK_NODE node)
if(NOT TALEBOOK_NODE)
  talebook_missing_tool_test(web_play_game node nodejs)
else()
  add_test(NAME web_play_game
    COMMAND ${TALEBOOK_NODE} ${CMAKE_CURRENT_LIST_DIR}/play_game.mjs
      --talec $<TARGET_FILE:talec> --player ${TALEBOOK_WEB_PLAYER} --source ${PROJECT_SOURCE_DIR}
      --out ${CMAKE_CURRENT_BINARY_DIR}/web_play_game
    WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
  set_tests_properties(web_play_game PROPERTIES FIXTURES_REQUIRED talebook_web_player
    TIMEOUT 600 ENVIRONMENT
    "TALEBOOK_NPM_DIR=${TALEBOOK_NPM_DIR};TALEBOOK_WEB_ARTIFACTS=${TALEBOOK_WEB_ARTIFACTS};ASAN_OPTIONS=detect_leaks=0")
endif()

# The reader of the web build, natively: reader/ alone built without zstd
# (TALEBOOK_READER_ZSTD=OFF, no zstd to be found) reads a book built
# --unpacked and refuses a packed one, saying to build it --unpacked.
add_test(NAME reader_builds_without_zstd
  COMMAND ${CMAKE_COMMAND} -DSOURCE=${PROJECT_SOURCE_DIR}
    -DOUT=${CMAKE_CURRENT_BINARY_DIR}/reader_without_zstd -DTALEC=$<TARGET_FILE:talec>
    -DCXX=${CMAKE_CXX_COMPILER} -DCC=${CMAKE_C_COMPILER} -DLAUNCHER=${TALEBOOK_CCACHE} -DZSTD=OFF
    -P ${PROJECT_SOURCE_DIR}/tests/install/reader_alone.cmake)
