# The stand-in of a test whose tool is missing at configure time: it fails,
# naming the tool and the command that installs it (never a silent pass).
message(FATAL_ERROR "this test needs '${TOOL}' (Debian package ${PACKAGE}), which is not "
  "installed: run `bash tools/setup.sh` (README, Set-up), then configure again")
