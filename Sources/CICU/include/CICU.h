#ifndef SETTINGS_L10N_CICU_H
#define SETTINGS_L10N_CICU_H

// Stable names over the system ICU's versioned C symbols (ucol_open is ucol_open_72 and so
// on), so that Swift can call them. Only collation, which is all settings-l10n needs.

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// An opaque ICU collator (a UCollator).
typedef struct sl10n_collator sl10n_collator;

/// Writes the ICU version ("72.1") into `buffer`; returns the length written.
int32_t sl10n_icu_version(char *buffer, int32_t capacity);

/// Opens the collator for a BCP 47 language tag ("sv", "zh-Hans", "pt-BR").
/// Returns NULL and sets `*status` to the ICU error code on failure.
sl10n_collator *sl10n_collator_open(const char *languageTag, int32_t *status);

void sl10n_collator_close(sl10n_collator *collator);

/// Compares two UTF-16 strings: -1, 0 or 1.
int32_t sl10n_collator_compare(const sl10n_collator *collator,
                               const uint16_t *left, int32_t leftLength,
                               const uint16_t *right, int32_t rightLength);

/// Writes the sort key of a UTF-16 string into `key` and returns its full length, which may be
/// larger than `capacity` (call again with a larger buffer then).
int32_t sl10n_collator_sort_key(const sl10n_collator *collator,
                                const uint16_t *text, int32_t length,
                                uint8_t *key, int32_t capacity);

/// Writes the locale whose tailoring the collator actually uses ("sv", "root") into `buffer`.
int32_t sl10n_collator_actual_locale(const sl10n_collator *collator,
                                     char *buffer, int32_t capacity);

/// A readable name for an ICU error code ("U_ILLEGAL_ARGUMENT_ERROR").
const char *sl10n_error_name(int32_t status);

#ifdef __cplusplus
}
#endif

#endif
