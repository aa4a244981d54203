#include "CICU.h"

#include <string.h>
#include <unicode/uloc.h>
#include <unicode/ucol.h>
#include <unicode/uversion.h>
#include <unicode/utypes.h>

static int32_t copy_out(const char *text, char *buffer, int32_t capacity) {
    int32_t length = (int32_t)strlen(text);
    if (capacity <= 0) return length;
    int32_t n = length < capacity - 1 ? length : capacity - 1;
    memcpy(buffer, text, (size_t)n);
    buffer[n] = '\0';
    return n;
}

int32_t sl10n_icu_version(char *buffer, int32_t capacity) {
    UVersionInfo info;
    char text[U_MAX_VERSION_STRING_LENGTH];
    u_getVersion(info);
    u_versionToString(info, text);
    return copy_out(text, buffer, capacity);
}

sl10n_collator *sl10n_collator_open(const char *languageTag, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    char locale[ULOC_FULLNAME_CAPACITY];
    int32_t parsed = 0;
    uloc_forLanguageTag(languageTag, locale, (int32_t)sizeof locale, &parsed, &error);
    if (U_FAILURE(error) || error == U_STRING_NOT_TERMINATED_WARNING) {
        *status = error == U_STRING_NOT_TERMINATED_WARNING ? U_BUFFER_OVERFLOW_ERROR : error;
        return NULL;
    }
    error = U_ZERO_ERROR;
    UCollator *collator = ucol_open(locale, &error);
    if (U_FAILURE(error)) {
        *status = error;
        return NULL;
    }
    // As Foundation's localizedCompare: compares (CFStringUtilities.c, __CFStringCreateCollator
    // and __CompareTextDefault, with the kCFCompareNonliteral NSString adds): punctuation and
    // spaces count (ICU's Thai default ignores them), differences of base letters, accents and
    // case count, and nothing finer (width, kana type): such strings compare equal.
    ucol_setAttribute(collator, UCOL_ALTERNATE_HANDLING, UCOL_NON_IGNORABLE, &error);
    ucol_setAttribute(collator, UCOL_NORMALIZATION_MODE, UCOL_ON, &error);
    ucol_setAttribute(collator, UCOL_STRENGTH, UCOL_SECONDARY, &error);
    ucol_setAttribute(collator, UCOL_CASE_LEVEL, UCOL_ON, &error);
    ucol_setAttribute(collator, UCOL_NUMERIC_COLLATION, UCOL_OFF, &error);
    if (U_FAILURE(error)) {
        ucol_close(collator);
        *status = error;
        return NULL;
    }
    *status = U_ZERO_ERROR;
    return (sl10n_collator *)collator;
}

void sl10n_collator_close(sl10n_collator *collator) {
    if (collator) ucol_close((UCollator *)collator);
}

int32_t sl10n_collator_compare(const sl10n_collator *collator,
                               const uint16_t *left, int32_t leftLength,
                               const uint16_t *right, int32_t rightLength) {
    return (int32_t)ucol_strcoll((const UCollator *)collator,
                                 (const UChar *)left, leftLength,
                                 (const UChar *)right, rightLength);
}

int32_t sl10n_collator_sort_key(const sl10n_collator *collator,
                                const uint16_t *text, int32_t length,
                                uint8_t *key, int32_t capacity) {
    return ucol_getSortKey((const UCollator *)collator, (const UChar *)text, length,
                           key, capacity);
}

int32_t sl10n_collator_actual_locale(const sl10n_collator *collator,
                                     char *buffer, int32_t capacity) {
    UErrorCode error = U_ZERO_ERROR;
    const char *name = ucol_getLocaleByType((const UCollator *)collator,
                                            ULOC_ACTUAL_LOCALE, &error);
    if (U_FAILURE(error) || name == NULL) return copy_out("", buffer, capacity);
    return copy_out(*name ? name : "root", buffer, capacity);
}

const char *sl10n_error_name(int32_t status) {
    return u_errorName((UErrorCode)status);
}
