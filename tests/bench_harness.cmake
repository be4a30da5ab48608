# Runs the benchmark harness (tools/bench/run.sh) on a 200-paragraph book, one
# run, no inkjs, and checks that its table has every row with a measured time
# and a peak RSS and no failure. The figures themselves are never checked.
execute_process(COMMAND bash ${RUN} --sizes 200 --runs 1 --talec ${TALEC} --build ${OUT}
  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "run.sh exit ${status}:\n${out}${err}")
endif()
set(number "[0-9]+(\\.[0-9]+)? (ms|s)")
foreach(work "check" "build" "build --unpacked" "build --stream" "dump --paragraph" "open \\+ fetch"
    "recogniser \\(lazy\\)" "recogniser \\(eager\\)")
  # paragraphs | work | wall | CPU | per 1,000 | peak RSS
  if(NOT out MATCHES "\n\\| 200 \\| ${work} \\| ${number} \\| ${number} \\| [^|]+ \\| [0-9]+ MiB \\|")
    message(FATAL_ERROR "no measured row '${work}' in:\n${out}")
  endif()
endforeach()
foreach(work "build" "build --unpacked" "build --stream")
  if(NOT out MATCHES "\n\\| 200 \\| ${work} \\|[^\n]*\\| [0-9.]+ MiB \\| [0-9.]+× \\|")
    message(FATAL_ERROR "no file size and ratio for '${work}' in:\n${out}")
  endif()
endforeach()
foreach(expected "\n\\| 200 \\| source \\(\\.tales\\) \\|" "\n\\| 200 \\| inkjs \\|[^\n]*not run \\(--ink\\)"
    "\\| paragraphs \\| work \\| wall \\| CPU \\| CPU per 1,000 ¶ \\| peak RSS \\| output \\| output / source \\| note \\|"
    "\nLoad average \\(1, 5, 15 min\\) at start: [0-9.]+ [0-9.]+ [0-9.]+; at end: [0-9.]+")
  if(NOT out MATCHES "${expected}")
    message(FATAL_ERROR "no '${expected}' in:\n${out}")
  endif()
endforeach()
if(out MATCHES "failed|out of memory|not run: no")
  message(FATAL_ERROR "a work failed or did not run:\n${out}")
endif()
