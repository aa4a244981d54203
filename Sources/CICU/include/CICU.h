#ifndef SETTINGS_L10N_CICU_H
#define SETTINGS_L10N_CICU_H

// Stable names over ICU's C functions (on Linux the Swift toolchain's own ICU, linked in, whose
// symbols are renamed: ucol_open is swift_ucol_open; on Apple platforms the system's
// libicucore), so that Swift calls one API on both: collation, and the locale data that matching
// languages to .lproj folders needs (base names, likely subtags, language aliases, parent locales).

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// An opaque ICU collator (a UCollator).
typedef struct sl10n_collator sl10n_collator;

/// Writes the ICU version ("76.1") into `buffer`; returns the length written.
int32_t sl10n_icu_version(char *buffer, int32_t capacity);

/// Opens the collator for a BCP 47 language tag ("sv", "zh-Hans", "pt-BR"), set to compare as
/// Foundation's localizedCompare: does (punctuation significant, secondary strength, case level).
/// Returns NULL and sets `*status` to the ICU error code on failure.
sl10n_collator *sl10n_collator_open(const char *languageTag, int32_t *status);

/// Opens a collator with punctuation significant and the given strength (1 primary, 2
/// secondary, 3 tertiary), case level (0 or 1) and numeric ordering of digits (0 or 1).
sl10n_collator *sl10n_collator_open_with(const char *languageTag, int32_t strength, int32_t caseLevel,
                                         int32_t numeric, int32_t *status);

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

/// Writes the CLDR version of ICU's data ("46.0") into `buffer`; returns the length written.
int32_t sl10n_cldr_version(char *buffer, int32_t capacity);

/// Writes ICU's base name of a locale ID ("en_US", "zh_Hant_HK", "english") into `buffer`:
/// separators as `_`, the language lower-cased, the script title-cased, the region upper-cased,
/// keywords dropped. Returns the length written, or -1 on error.
int32_t sl10n_locale_base_name(const char *localeID, char *buffer, int32_t capacity);

/// Writes the locale ID with its likely subtags removed ("es_ES" becomes "es", "pt_PT" stays)
/// into `buffer`. Returns the length written, or -1 on error.
int32_t sl10n_locale_minimize(const char *localeID, char *buffer, int32_t capacity);

/// Writes the replacement of a deprecated language code from ICU's alias data ("in" becomes
/// "id", "sh" becomes "sr_Latn") into `buffer`. Returns its length, or 0 when there is none.
int32_t sl10n_locale_language_alias(const char *localeID, char *buffer, int32_t capacity);

/// Calls `visit` with each (child, parent) pair of CLDR's parentLocales data ("en_AU", "en_001").
/// Returns the number of pairs, or -1 when the data cannot be read.
typedef void (*sl10n_parent_visitor)(const char *child, const char *parent, void *context);
int32_t sl10n_locale_parent_locales(sl10n_parent_visitor visit, void *context);

/// Writes the parent a locale's own data names ("%%Parent": "sr_Latn" → "root", "en_AU" →
/// "en_001") into `buffer`. Returns its length, or 0 when the locale has no data of its own or
/// names no parent (its parent is then the ID without its last subtag). CLDR 46 (ICU 76) keeps
/// the parents that are root only there, no longer in parentLocales.
int32_t sl10n_locale_explicit_parent(const char *localeID, char *buffer, int32_t capacity);

/// 1 when the locale's script (given or likely: "ar", "ks", "pa_Arab") is written right to left.
int sl10n_locale_is_right_to_left(const char *localeID);

/// A readable name for an ICU error code ("U_ILLEGAL_ARGUMENT_ERROR").
const char *sl10n_error_name(int32_t status);

#ifdef __cplusplus
}
#endif

#endif
