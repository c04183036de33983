// libchafa, the picture-to-symbols library (Debian's libchafa-dev, 1.12): the only C the
// store's pictures go through.
#include <chafa.h>
