// zlib, for the recorder to read compressed response bodies it stores (Sources/MockServer/Recording/).
#include <zlib.h>
