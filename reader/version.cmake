# The version of talebook: the reader's package (talebookConfigVersion.cmake),
# talec --version and the whole project (the top-level CMakeLists.txt reads it
# too, so that the reader built alone has the same version).
set(TALEBOOK_VERSION 0.1.0)
