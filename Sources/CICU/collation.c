#include "CICU.h"

#include <string.h>
#include "icu.h"

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

sl10n_collator *sl10n_collator_open_with(const char *languageTag, int32_t strength, int32_t caseLevel,
                                         int32_t numeric, int32_t *status) {
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
    // Foundation's comparisons (CFStringUtilities.c, __CFStringCreateCollator and
    // __CompareTextDefault, with the kCFCompareNonliteral NSString adds) make punctuation and
    // spaces count (ICU's Thai default ignores them) and compare with normalization on.
    ucol_setAttribute(collator, UCOL_ALTERNATE_HANDLING, UCOL_NON_IGNORABLE, &error);
    ucol_setAttribute(collator, UCOL_NORMALIZATION_MODE, UCOL_ON, &error);
    ucol_setAttribute(collator, UCOL_STRENGTH, strength >= 3 ? UCOL_TERTIARY : strength == 2 ? UCOL_SECONDARY : UCOL_PRIMARY, &error);
    ucol_setAttribute(collator, UCOL_CASE_LEVEL, caseLevel ? UCOL_ON : UCOL_OFF, &error);
    ucol_setAttribute(collator, UCOL_NUMERIC_COLLATION, numeric ? UCOL_ON : UCOL_OFF, &error);
    if (U_FAILURE(error)) {
        ucol_close(collator);
        *status = error;
        return NULL;
    }
    *status = U_ZERO_ERROR;
    return (sl10n_collator *)collator;
}

sl10n_collator *sl10n_collator_open(const char *languageTag, int32_t *status) {
    // localizedCompare:: base letters, accents and case count; nothing finer.
    return sl10n_collator_open_with(languageTag, 2, 1, 0, status);
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
