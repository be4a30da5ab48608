# Writes the benchmark generator's 200-paragraph book (LANG) into OUT and checks
# that `talec check` accepts it with no diagnostic at all.
file(REMOVE_RECURSE ${OUT})
execute_process(COMMAND ${PYTHON} ${GENERATOR} 200 ${OUT} --lang ${LANG}
  RESULT_VARIABLE generated)
if(NOT generated EQUAL 0)
  message(FATAL_ERROR "gen_book.py failed: ${generated}")
endif()
execute_process(COMMAND ${TALEC} check ${OUT} --color never
  RESULT_VARIABLE checked OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT checked EQUAL 0 OR NOT err STREQUAL "")
  message(FATAL_ERROR "talec check exit ${checked}:\n${out}${err}")
endif()
