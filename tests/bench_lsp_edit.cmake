# Runs the language server's benchmark (tools/bench/lsp_edit.py) on a
# 2,000-paragraph book with 3 edits and checks that it prints its header and
# every row of its table with a figure and a verdict. The figures and the
# verdicts themselves ("met" or "NOT met") are never checked.
execute_process(COMMAND ${PYTHON} ${SCRIPT} --talec ${TALEC} --paragraphs 2000 --edits 3
  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "lsp_edit.py exit ${status}:\n${out}${err}")
endif()
set(time "[0-9]+(\\.[0-9]+)? (ms|s)")
foreach(expected
    "^book: gen_book\\.py 2000 --lang en \\(4 files, [0-9.]+ MiB of source"
    "\ntalec check: ${time} wall"
    "\nserver CPU \\(user \\+ system\\), median per change: keystroke ${time}, renumber ${time}"
    "\n\\| what +\\| figure +\\| target +\\| met +\\|"
    "\n\\| open +\\| ${time} \\([0-9.]+× check\\) +\\| [^|\n]+ \\| (met|NOT met) +\\|"
    "\n\\| edit in a paragraph +\\| median ${time}, max ${time} \\(3 edits\\) +\\| [^|\n]+ \\| (met|NOT met) +\\|"
    "\n\\| renumber +\\| median ${time}, max ${time} \\(3 edits\\) +\\| [^|\n]+ \\| (met|NOT met) +\\|"
    "\n\\| peak memory +\\| [0-9.]+ (MiB|KiB) \\([0-9.]+× source\\) +\\| [^|\n]+ \\| (met|NOT met) +\\|"
    "\n\\| burst +\\| 5 changes \\+ hover: ${time} wall, ${time} server CPU, [0-9]+ publishDiagnostics of the open file +\\|")
  if(NOT out MATCHES "${expected}")
    message(FATAL_ERROR "no '${expected}' in:\n${out}")
  endif()
endforeach()
