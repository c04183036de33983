// Picture decoding through Debian's libraries — libpng, libjpeg-turbo (its libjpeg API) and
// libwebp — with the size checked from the header before any pixel is decoded, and every
// failure a status, never an exit: libjpeg's default error handler would end the process.

#include "image_decoding.h"

#include <setjmp.h>
#include <stdio.h>  // jpeglib.h needs FILE declared first
#include <stdlib.h>
#include <jpeglib.h>
#include <png.h>
#include <string.h>
#include <webp/decode.h>

id_format id_sniff(const uint8_t *data, size_t size) {
  static const uint8_t png[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  if (size >= 8 && memcmp(data, png, 8) == 0) return ID_FORMAT_PNG;
  if (size >= 3 && data[0] == 0xFF && data[1] == 0xD8 && data[2] == 0xFF) return ID_FORMAT_JPEG;
  if (size >= 12 && memcmp(data, "RIFF", 4) == 0 && memcmp(data + 8, "WEBP", 4) == 0) return ID_FORMAT_WEBP;
  return ID_FORMAT_UNKNOWN;
}

static int fits(int width, int height, size_t maximum_pixels) {
  return width > 0 && height > 0 && (size_t)width <= maximum_pixels / (size_t)height;
}

static id_status decode_png(const uint8_t *data, size_t size, size_t maximum_pixels, uint8_t **rgba, int *width, int *height) {
  png_image image;
  memset(&image, 0, sizeof image);
  image.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_memory(&image, data, size)) return ID_BROKEN;
  if (!fits((int)image.width, (int)image.height, maximum_pixels) || image.width > 1000000 || image.height > 1000000) {
    png_image_free(&image);
    return ID_TOO_LARGE;
  }
  image.format = PNG_FORMAT_RGBA;
  uint8_t *pixels = malloc(PNG_IMAGE_SIZE(image));
  if (!pixels) {
    png_image_free(&image);
    return ID_NO_MEMORY;
  }
  if (!png_image_finish_read(&image, NULL, pixels, 0, NULL)) {
    free(pixels);
    png_image_free(&image);
    return ID_BROKEN;
  }
  *rgba = pixels;
  *width = (int)image.width;
  *height = (int)image.height;
  return ID_OK;
}

struct jpeg_failure {
  struct jpeg_error_mgr manager;
  jmp_buf jump;
};

static void jpeg_fail(j_common_ptr info) {
  longjmp(((struct jpeg_failure *)info->err)->jump, 1);
}

// Says nothing, but counts warnings as libjpeg's own handler does (a warning is level -1).
static void jpeg_quiet(j_common_ptr info, int level) {
  if (level < 0) info->err->num_warnings++;
}

static id_status decode_jpeg(const uint8_t *data, size_t size, size_t maximum_pixels, uint8_t **rgba, int *width, int *height) {
  struct jpeg_decompress_struct info;
  struct jpeg_failure failure;
  uint8_t *volatile pixels = NULL;
  volatile id_status status = ID_BROKEN;
  info.err = jpeg_std_error(&failure.manager);
  failure.manager.error_exit = jpeg_fail;
  failure.manager.emit_message = jpeg_quiet;
  if (setjmp(failure.jump)) {
    free(pixels);
    jpeg_destroy_decompress(&info);
    return status;
  }
  jpeg_create_decompress(&info);
  jpeg_mem_src(&info, data, (unsigned long)size);
  jpeg_read_header(&info, TRUE);
  if (!fits((int)info.image_width, (int)info.image_height, maximum_pixels)) {
    jpeg_destroy_decompress(&info);
    return ID_TOO_LARGE;
  }
  info.out_color_space = JCS_EXT_RGBA;
  jpeg_start_decompress(&info);
  size_t stride = (size_t)info.output_width * 4;
  pixels = malloc(stride * info.output_height);
  if (!pixels) {
    jpeg_destroy_decompress(&info);
    return ID_NO_MEMORY;
  }
  // A JPEG that ends early makes libjpeg pad it with grey and warn: that counts as broken.
  while (info.output_scanline < info.output_height) {
    JSAMPROW row = pixels + stride * info.output_scanline;
    jpeg_read_scanlines(&info, &row, 1);
  }
  if (failure.manager.num_warnings > 0) {
    free(pixels);
    jpeg_destroy_decompress(&info);
    return ID_BROKEN;
  }
  jpeg_finish_decompress(&info);
  *rgba = pixels;
  *width = (int)info.output_width;
  *height = (int)info.output_height;
  jpeg_destroy_decompress(&info);
  return ID_OK;
}

static id_status decode_webp(const uint8_t *data, size_t size, size_t maximum_pixels, uint8_t **rgba, int *width, int *height) {
  int w = 0, h = 0;
  if (!WebPGetInfo(data, size, &w, &h)) return ID_BROKEN;
  if (!fits(w, h, maximum_pixels)) return ID_TOO_LARGE;
  size_t stride = (size_t)w * 4;
  uint8_t *pixels = malloc(stride * (size_t)h);
  if (!pixels) return ID_NO_MEMORY;
  if (!WebPDecodeRGBAInto(data, size, pixels, stride * (size_t)h, (int)stride)) {
    free(pixels);
    return ID_BROKEN;
  }
  *rgba = pixels;
  *width = w;
  *height = h;
  return ID_OK;
}

id_status id_decode(const uint8_t *data, size_t size, size_t maximum_pixels, uint8_t **rgba, int *width, int *height) {
  *rgba = NULL;
  *width = 0;
  *height = 0;
  switch (id_sniff(data, size)) {
  case ID_FORMAT_PNG: return decode_png(data, size, maximum_pixels, rgba, width, height);
  case ID_FORMAT_JPEG: return decode_jpeg(data, size, maximum_pixels, rgba, width, height);
  case ID_FORMAT_WEBP: return decode_webp(data, size, maximum_pixels, rgba, width, height);
  default: return ID_UNKNOWN_FORMAT;
  }
}
