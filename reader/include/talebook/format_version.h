/* The .tbook format version talec writes and this reader reads: the one place
   it is written (format.hpp's layout::version_major/minor, reader.hpp's
   reader_format_version and talebook.h's TALEBOOK_FORMAT_MAJOR/MINOR are
   these). Includable from C and C++. */
#ifndef TALEBOOK_FORMAT_VERSION_H
#define TALEBOOK_FORMAT_VERSION_H

#define TALEBOOK_FORMAT_VERSION_MAJOR 1
#define TALEBOOK_FORMAT_VERSION_MINOR 7

#endif /* TALEBOOK_FORMAT_VERSION_H */
