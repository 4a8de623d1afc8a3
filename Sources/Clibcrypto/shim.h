// The one part of the system's libcrypto (OpenSSL) brewguide uses: SHA-256 over the export archive.
#include <openssl/evp.h>
