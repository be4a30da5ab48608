# The static site of `talec html` (docs/web.md) in Debian's chromium, driven by
# playwright-core (tests/web/browser.mjs): the sites of the sample book and of
# its Chinese and Arabic translations are written once (the fixture
# web_site_generate, into the build folder), then each test file opens them
# from file:// in one chromium. Screenshots of each kind of page are kept in
# TALEBOOK_WEB_ARTIFACTS for a human to look at.
find_program(TALEBOOK_NODE node)
set(TALEBOOK_WEB_SITES ${CMAKE_CURRENT_BINARY_DIR}/web-sites)
add_test(NAME web_site_generate
  COMMAND sh -c "rm -rf \"$2\" && \"$1\" html \"$3/book\" -o \"$2/book\" && \
\"$1\" html \"$3/locales/zh\" -o \"$2/zh\" && \"$1\" html \"$3/locales/ar\" -o \"$2/ar\""
    web_site_generate $<TARGET_FILE:talec> ${TALEBOOK_WEB_SITES} ${PROJECT_SOURCE_DIR})
set_tests_properties(web_site_generate PROPERTIES FIXTURES_SETUP web_sites)
foreach(name links layout search axe)
  if(NOT TALEBOOK_NODE)
    talebook_missing_tool_test(web_site_${name} node nodejs)
    continue()
  endif()
  add_test(NAME web_site_${name}
    COMMAND ${TALEBOOK_NODE} ${CMAKE_CURRENT_SOURCE_DIR}/web/site_${name}.mjs ${TALEBOOK_WEB_SITES})
  set_tests_properties(web_site_${name} PROPERTIES FIXTURES_REQUIRED web_sites TIMEOUT 120
    ENVIRONMENT "TALEBOOK_NPM_DIR=${TALEBOOK_NPM_DIR};TALEBOOK_WEB_ARTIFACTS=${TALEBOOK_WEB_ARTIFACTS}")
endforeach()
