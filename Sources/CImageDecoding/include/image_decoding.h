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
  /// The header declares more pixels than allowed: refused before any pixel is decoded.
  ID_TOO_LARGE = 3,
  /// No memory for the pixels.
  ID_NO_MEMORY = 4,
} id_status;

/// The format of `data`, from its magic bytes.
id_format id_sniff(const uint8_t *data, size_t size);

/// Decodes `data` into RGBA, 8 bits a channel, rows without padding, in a buffer the caller
/// frees with `free`. The header's size is checked against `maximum_pixels` before a pixel is
/// decoded. On anything but ID_OK, `*rgba` is NULL.
id_status id_decode(const uint8_t *data, size_t size, size_t maximum_pixels, uint8_t **rgba, int *width, int *height);

#endif
