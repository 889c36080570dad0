#ifndef MYMONEY_SODIUM_SHIM_H
#define MYMONEY_SODIUM_SHIM_H
// libsodium (Debian's libsodium-dev): Argon2id, XChaCha20-Poly1305, BLAKE2b, guarded memory.
// Its compound constants (TAG_FINAL, ABYTES, …) are macros Swift cannot import: use the
// library's functions of the same names (crypto_secretstream_xchacha20poly1305_abytes(), …).
#include <sodium.h>
#endif
