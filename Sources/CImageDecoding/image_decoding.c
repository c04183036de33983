// Picture decoding through Debian's libraries — libpng, libjpeg-turbo (its libjpeg API) and
// libwebp — within bounds of size and of work: the size is checked from the header before any
// pixel is decoded, a JPEG's scans are counted first, JPEG and WebP are decoded reduced to what
// the caller needs, and a JPEG's decode watches this thread's CPU time and a cancel flag. Every
// failure is a status, never an exit: libjpeg's default error handler would end the process.

#include "image_decoding.h"

#include <setjmp.h>
#include <stdio.h>  // jpeglib.h needs FILE declared first
#include <stdlib.h>
#include <jpeglib.h>
#include <jerror.h>
#include <png.h>
#include <string.h>
#include <time.h>
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

static double thread_cpu_seconds(void) {
  struct timespec now;
  if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now) != 0) return 0;
  return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

// Why the decode must stop now (ID_OK: it may go on).
static id_status watch(const id_limits *limits, double started) {
  if (limits->cancelled && *limits->cancelled) return ID_CANCELLED;
  if (limits->cpu_seconds > 0 && thread_cpu_seconds() - started > limits->cpu_seconds) return ID_OVER_BUDGET;
  return ID_OK;
}

// The least eighths (1 to 8) of `full` that still give `wanted` pixels.
static unsigned int eighths(unsigned int full, int wanted) {
  if (wanted <= 0 || full == 0) return 8;
  for (unsigned int n = 1; n < 8; n++) {
    if ((full * n + 7) / 8 >= (unsigned int)wanted) return n;
  }
  return 8;
}

// MARK: PNG

static id_status decode_png(const uint8_t *data, size_t size, const id_limits *limits, uint8_t **rgba, int *width, int *height) {
  png_image image;
  memset(&image, 0, sizeof image);
  image.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_memory(&image, data, size)) return ID_BROKEN;
  // libpng's simple API decodes the whole picture, and cannot reduce it: a PNG gets the lower
  // of the two bounds, so that its pixels stay within 16 MiB.
  size_t maximum = limits->maximum_png_pixels < limits->maximum_pixels ? limits->maximum_png_pixels : limits->maximum_pixels;
  if (!fits((int)image.width, (int)image.height, maximum) || image.width > 1000000 || image.height > 1000000) {
    png_image_free(&image);
    return ID_TOO_LARGE;
  }
  image.format = PNG_FORMAT_RGBA;
  uint8_t *pixels = malloc(PNG_IMAGE_SIZE(image));
  if (!pixels) {
    png_image_free(&image);
    return ID_NO_MEMORY;
  }
  double started = thread_cpu_seconds();
  if (!png_image_finish_read(&image, NULL, pixels, 0, NULL)) {
    free(pixels);
    png_image_free(&image);
    return ID_BROKEN;
  }
  // libpng's simple API reports no progress: its work is bounded by the pixels, and the budget
  // is held to once it is done.
  id_status stop = watch(limits, started);
  if (stop != ID_OK) {
    free(pixels);
    return stop;
  }
  *rgba = pixels;
  *width = (int)image.width;
  *height = (int)image.height;
  return ID_OK;
}

// MARK: JPEG

int id_jpeg_scans(const uint8_t *data, size_t size, int stop_after) {
  if (id_sniff(data, size) != ID_FORMAT_JPEG) return 0;
  int scans = 0;
  size_t at = 2;
  while (at + 1 < size && scans <= stop_after) {
    // Bytes where a marker should be: libjpeg skips them to the next 0xFF (with a warning,
    // which fails the decode), and so does the count, so that they cannot hide the scans.
    if (data[at] != 0xFF) {
      at++;
      continue;
    }
    while (at < size && data[at] == 0xFF) at++;  // fill bytes
    if (at >= size) break;
    uint8_t marker = data[at++];
    if (marker == 0xD9) break;  // end of image
    if ((marker >= 0xD0 && marker <= 0xD7) || marker == 0x01) continue;  // no length
    if (at + 2 > size) break;
    size_t length = ((size_t)data[at] << 8) | data[at + 1];
    if (length < 2) return scans;
    at += length;
    if (marker != 0xDA) continue;
    scans++;
    // Entropy-coded data: a 0xFF in it is followed by 0x00 (stuffing) or a restart marker;
    // anything else is the next marker.
    while (at + 1 < size) {
      if (data[at] == 0xFF && data[at + 1] != 0x00 && !(data[at + 1] >= 0xD0 && data[at + 1] <= 0xD7)) break;
      at++;
    }
  }
  return scans;
}

struct jpeg_failure {
  struct jpeg_error_mgr manager;
  jmp_buf jump;
};

struct jpeg_watch {
  struct jpeg_progress_mgr progress;
  const id_limits *limits;
  double started;
  struct jpeg_failure *failure;
  id_status stop;
};

static void jpeg_fail(j_common_ptr info) {
  longjmp(((struct jpeg_failure *)info->err)->jump, 1);
}

// Says nothing, but counts warnings as libjpeg's own handler does (a warning is level -1).
static void jpeg_quiet(j_common_ptr info, int level) {
  if (level < 0) info->err->num_warnings++;
}

// A warning while decoding — damaged data, bytes where a marker should be, a file that ends
// early — makes the picture broken: stop at once rather than after the work.
static void jpeg_warning_fails(j_common_ptr info, int level) {
  if (level < 0) longjmp(((struct jpeg_failure *)info->err)->jump, 1);
}

// Called by libjpeg as it works (every row of every pass): stops a decode that is cancelled
// or over its budget.
static void jpeg_progress(j_common_ptr info) {
  struct jpeg_watch *watching = (struct jpeg_watch *)info->progress;
  id_status stop = watch(watching->limits, watching->started);
  if (stop != ID_OK) {
    watching->stop = stop;
    longjmp(watching->failure->jump, 1);
  }
}

static id_status decode_jpeg(const uint8_t *data, size_t size, const id_limits *limits, uint8_t **rgba, int *width, int *height) {
  if (limits->maximum_scans > 0 && id_jpeg_scans(data, size, limits->maximum_scans) > limits->maximum_scans) return ID_TOO_COMPLEX;
  struct jpeg_decompress_struct info;
  struct jpeg_failure failure;
  struct jpeg_watch watching;
  uint8_t *volatile pixels = NULL;
  info.err = jpeg_std_error(&failure.manager);
  failure.manager.error_exit = jpeg_fail;
  failure.manager.emit_message = jpeg_warning_fails;
  memset(&watching, 0, sizeof watching);
  watching.progress.progress_monitor = jpeg_progress;
  watching.limits = limits;
  watching.started = thread_cpu_seconds();
  watching.failure = &failure;
  watching.stop = ID_OK;
  if (setjmp(failure.jump)) {
    id_status status = ((volatile struct jpeg_watch *)&watching)->stop;
    if (status == ID_OK) {
      int code = failure.manager.msg_code;
      status = (code == JERR_NO_BACKING_STORE || code == JERR_OUT_OF_MEMORY) ? ID_TOO_LARGE : ID_BROKEN;
    }
    free(pixels);
    jpeg_destroy_decompress(&info);
    return status;
  }
  jpeg_create_decompress(&info);
  info.progress = &watching.progress;
  if (limits->maximum_working_memory > 0) info.mem->max_memory_to_use = limits->maximum_working_memory;
  jpeg_mem_src(&info, data, (unsigned long)size);
  jpeg_read_header(&info, TRUE);
  if (!fits((int)info.image_width, (int)info.image_height, limits->maximum_pixels)) {
    jpeg_destroy_decompress(&info);
    return ID_TOO_LARGE;
  }
  // Reduced in the inverse DCT itself: an eighth of the size costs a sixty-fourth of the output.
  unsigned int across = eighths(info.image_width, limits->wanted_width);
  unsigned int down = eighths(info.image_height, limits->wanted_height);
  info.scale_num = across > down ? across : down;
  info.scale_denom = 8;
  info.out_color_space = JCS_EXT_RGBA;
  jpeg_start_decompress(&info);
  size_t stride = (size_t)info.output_width * 4;
  pixels = malloc(stride * info.output_height);
  if (!pixels) {
    jpeg_destroy_decompress(&info);
    return ID_NO_MEMORY;
  }
  // A JPEG that ends early makes libjpeg pad it with grey and warn: the warning ends the
  // decode as broken (jpeg_warning_fails).
  while (info.output_scanline < info.output_height) {
    JSAMPROW row = pixels + stride * info.output_scanline;
    jpeg_read_scanlines(&info, &row, 1);
  }
  jpeg_finish_decompress(&info);
  *rgba = pixels;
  *width = (int)info.output_width;
  *height = (int)info.output_height;
  jpeg_destroy_decompress(&info);
  return ID_OK;
}

// MARK: WebP

static id_status decode_webp(const uint8_t *data, size_t size, const id_limits *limits, uint8_t **rgba, int *width, int *height) {
  WebPDecoderConfig config;
  if (!WebPInitDecoderConfig(&config)) return ID_BROKEN;
  if (WebPGetFeatures(data, size, &config.input) != VP8_STATUS_OK) return ID_BROKEN;
  int w = config.input.width, h = config.input.height;
  if (!fits(w, h, limits->maximum_pixels)) return ID_TOO_LARGE;
  // libwebp scales while it decodes, row by row: the output is only as large as needed.
  int out_w = w, out_h = h;
  if (limits->wanted_width > 0 && limits->wanted_height > 0 && (w > limits->wanted_width || h > limits->wanted_height)) {
    double across = (double)limits->wanted_width / w, down = (double)limits->wanted_height / h;
    double scale = across > down ? across : down;
    if (scale < 1) {
      out_w = (int)(w * scale + 0.999);
      out_h = (int)(h * scale + 0.999);
      if (out_w < 1) out_w = 1;
      if (out_h < 1) out_h = 1;
      config.options.use_scaling = 1;
      config.options.scaled_width = out_w;
      config.options.scaled_height = out_h;
    }
  }
  size_t stride = (size_t)out_w * 4;
  uint8_t *pixels = malloc(stride * (size_t)out_h);
  if (!pixels) return ID_NO_MEMORY;
  config.output.colorspace = MODE_RGBA;
  config.output.is_external_memory = 1;
  config.output.u.RGBA.rgba = pixels;
  config.output.u.RGBA.stride = (int)stride;
  config.output.u.RGBA.size = stride * (size_t)out_h;
  double started = thread_cpu_seconds();
  VP8StatusCode result = WebPDecode(data, size, &config);
  WebPFreeDecBuffer(&config.output);
  if (result != VP8_STATUS_OK) {
    free(pixels);
    return result == VP8_STATUS_OUT_OF_MEMORY ? ID_NO_MEMORY : ID_BROKEN;
  }
  id_status stop = watch(limits, started);
  if (stop != ID_OK) {
    free(pixels);
    return stop;
  }
  *rgba = pixels;
  *width = out_w;
  *height = out_h;
  return ID_OK;
}

// MARK: Any

id_status id_probe(const uint8_t *data, size_t size, int *width, int *height) {
  *width = 0;
  *height = 0;
  switch (id_sniff(data, size)) {
  case ID_FORMAT_PNG: {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, size)) return ID_BROKEN;
    *width = (int)(image.width > 0x7FFFFFFF ? 0x7FFFFFFF : image.width);
    *height = (int)(image.height > 0x7FFFFFFF ? 0x7FFFFFFF : image.height);
    png_image_free(&image);
    return ID_OK;
  }
  case ID_FORMAT_JPEG: {
    struct jpeg_decompress_struct info;
    struct jpeg_failure failure;
    info.err = jpeg_std_error(&failure.manager);
    failure.manager.error_exit = jpeg_fail;
    failure.manager.emit_message = jpeg_quiet;
    if (setjmp(failure.jump)) {
      jpeg_destroy_decompress(&info);
      return ID_BROKEN;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    *width = (int)info.image_width;
    *height = (int)info.image_height;
    jpeg_destroy_decompress(&info);
    return ID_OK;
  }
  case ID_FORMAT_WEBP:
    return WebPGetInfo(data, size, width, height) ? ID_OK : ID_BROKEN;
  default:
    return ID_UNKNOWN_FORMAT;
  }
}

id_status id_decode(const uint8_t *data, size_t size, const id_limits *limits, uint8_t **rgba, int *width, int *height) {
  *rgba = NULL;
  *width = 0;
  *height = 0;
  switch (id_sniff(data, size)) {
  case ID_FORMAT_PNG: return decode_png(data, size, limits, rgba, width, height);
  case ID_FORMAT_JPEG: return decode_jpeg(data, size, limits, rgba, width, height);
  case ID_FORMAT_WEBP: return decode_webp(data, size, limits, rgba, width, height);
  default: return ID_UNKNOWN_FORMAT;
  }
}
