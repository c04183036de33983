#ifndef IMAGE_DECODING_H
#define IMAGE_DECODING_H

#include <stddef.h>
#include <stdint.h>

/// The formats pictures come in, told from their first bytes, never from a Content-Type.
typedef enum {
  ID_FORMAT_UNKNOWN = 0,
  ID_FORMAT_PNG = 1,
  ID_FORMAT_JPEG = 2,
  ID_FORMAT_WEBP = 3,
} id_format;

/// What decoding came to.
typedef enum {
  ID_OK = 0,
  /// Not a PNG, JPEG or WebP.
  ID_UNKNOWN_FORMAT = 1,
  /// The header could not be read, or the data ended or broke before the picture did.
  ID_BROKEN = 2,
  /// The header declares more pixels than allowed, or decoding would need more working memory
  /// than allowed: refused.
  ID_TOO_LARGE = 3,
  /// No memory for the pixels.
  ID_NO_MEMORY = 4,
  /// A JPEG with more scans than allowed: each scan is another pass over the whole picture.
  ID_TOO_COMPLEX = 5,
  /// Decoding used more of this thread's CPU time than allowed.
  ID_OVER_BUDGET = 6,
  /// The caller set `cancelled` while decoding.
  ID_CANCELLED = 7,
} id_status;

/// The bounds of one decode: of its size, of its work, and when to give up.
typedef struct {
  /// The most pixels the header may declare.
  size_t maximum_pixels;
  /// The most a PNG may declare: libpng decodes it whole, at 4 bytes a pixel.
  size_t maximum_png_pixels;
  /// The pixels the caller needs at most, across and down (0: the whole size): a format that can
  /// decode reduced (JPEG by eighths, WebP to any size) gives at least this many and no more
  /// than it must.
  int wanted_width;
  int wanted_height;
  /// The most scans a JPEG may have (libjpeg-turbo's own tools' -maxscans).
  int maximum_scans;
  /// The most working memory libjpeg may use for a JPEG (a progressive one keeps every
  /// coefficient of the picture), in bytes.
  long maximum_working_memory;
  /// The most CPU time, in seconds, of the calling thread the decode may use (0: no bound).
  /// Checked as the decoder reports progress (JPEG, every row), and once at the end.
  double cpu_seconds;
  /// Read while decoding; when another thread sets it to non-zero, the decode ends with
  /// ID_CANCELLED as soon as the decoder next reports progress.
  const volatile int *cancelled;
} id_limits;

/// The format of `data`, from its magic bytes.
id_format id_sniff(const uint8_t *data, size_t size);

/// The size the header declares, without decoding a pixel: ID_OK with `*width` and `*height`
/// set, or why the header could not be read.
id_status id_probe(const uint8_t *data, size_t size, int *width, int *height);

/// The number of scans (SOS markers) of a JPEG, walking its segments and entropy-coded data
/// once; stops counting past `stop_after`. 0 for anything that is not a JPEG.
int id_jpeg_scans(const uint8_t *data, size_t size, int stop_after);

/// Decodes `data` into RGBA, 8 bits a channel, rows without padding, in a buffer the caller
/// frees with `free`, within `limits`. On anything but ID_OK, `*rgba` is NULL.
id_status id_decode(const uint8_t *data, size_t size, const id_limits *limits, uint8_t **rgba, int *width, int *height);

#endif
