// zlib from the system (Debian: zlib1g-dev): gzip read in-process by BrewClip's `Gzip`.
#include <zlib.h>
