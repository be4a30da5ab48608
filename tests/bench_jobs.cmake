# Writes the benchmark generator's 3,000-paragraph book (LANG; five files) into
# OUT and checks that `talec check --format json` and `talec build` give the
# same output and the same .tbook bytes on one thread and on four.
file(REMOVE_RECURSE ${OUT})
execute_process(COMMAND ${PYTHON} ${GENERATOR} 3000 ${OUT} --lang ${LANG}
  RESULT_VARIABLE generated)
if(NOT generated EQUAL 0)
  message(FATAL_ERROR "gen_book.py failed: ${generated}")
endif()
foreach(jobs 1 4)
  execute_process(COMMAND ${TALEC} check ${OUT} --format json -j ${jobs}
    RESULT_VARIABLE checked OUTPUT_VARIABLE json_${jobs} ERROR_VARIABLE err)
  if(NOT checked EQUAL 0 OR NOT err STREQUAL "")
    message(FATAL_ERROR "talec check -j ${jobs} exit ${checked}:\n${err}")
  endif()
  execute_process(COMMAND ${TALEC} build ${OUT} -j ${jobs} -o ${OUT}/j${jobs}.tbook
    RESULT_VARIABLE built ERROR_VARIABLE err)
  if(NOT built EQUAL 0)
    message(FATAL_ERROR "talec build -j ${jobs} exit ${built}:\n${err}")
  endif()
  file(SHA256 ${OUT}/j${jobs}.tbook tbook_${jobs})
endforeach()
if(NOT json_1 STREQUAL json_4)
  message(FATAL_ERROR "check -j1 and -j4 differ:\n${json_1}\n----\n${json_4}")
endif()
if(NOT tbook_1 STREQUAL tbook_4)
  message(FATAL_ERROR "build -j1 and -j4 differ: ${tbook_1} and ${tbook_4}")
endif()
file(REMOVE_RECURSE ${OUT})
