// libgd from the system (Debian: libgd-dev): the grid's small copy of a recipe photo.
#include <gd.h>
