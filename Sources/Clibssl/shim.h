// The parts of the system's OpenSSL (libssl, libcrypto) that `serve --https` uses: TLS on
// accepted sockets, and the certificate authority and server certificates it signs. OpenSSL
// does all the cryptography; these helpers only wrap what C gives as macros or needs a context
// struct for, which Swift cannot call.
#include <openssl/ssl.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <openssl/bn.h>
#include <openssl/rand.h>

/// A new ECDSA key on the P-256 curve (NULL when OpenSSL cannot make one).
static inline EVP_PKEY *brewguide_new_p256_key(void) {
    return EVP_EC_gen("P-256");
}

/// Adds the extension `nid` with `value` in OpenSSL's configuration syntax
/// ("critical,CA:TRUE", "DNS:host,IP:127.0.0.1") to `certificate`, issued by `issuer`
/// (the certificate itself for a self-signed one). 1 on success.
static inline int brewguide_add_extension(X509 *certificate, X509 *issuer, int nid, const char *value) {
    X509V3_CTX context;
    X509V3_set_ctx_nodb(&context);
    X509V3_set_ctx(&context, issuer, certificate, NULL, NULL, 0);
    X509_EXTENSION *extension = X509V3_EXT_conf_nid(NULL, &context, nid, value);
    if (extension == NULL) return 0;
    int added = X509_add_ext(certificate, extension, -1);
    X509_EXTENSION_free(extension);
    return added;
}

/// TLS 1.2 at least, partial writes allowed (the memory BIOs take everything at once anyway).
static inline int brewguide_configure_server_context(SSL_CTX *context) {
    SSL_CTX_set_mode(context, SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
    return (int)SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION);
}
