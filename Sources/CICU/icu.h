#ifndef SETTINGS_L10N_ICU_H
#define SETTINGS_L10N_ICU_H

// The ICU C API settings-l10n calls. On Linux, from the system's headers (libicu-dev). On Apple
// platforms the system's libicucore exports the same functions under their plain names, but
// the SDK ships no ICU headers: the declarations below are exactly what the C files use, with
// ICU's stable values (scripts/check-icu-declarations compiles the C files against them and
// checks each value against the real headers). SL10N_OWN_ICU_DECLARATIONS forces them.

#if defined(__APPLE__) || defined(SL10N_OWN_ICU_DECLARATIONS)

#include <stdint.h>

typedef uint16_t UChar;
typedef int8_t UBool;
typedef uint8_t UVersionInfo[4];
typedef struct UCollator UCollator;
typedef struct UResourceBundle UResourceBundle;

typedef enum UErrorCode {
    U_STRING_NOT_TERMINATED_WARNING = -124,
    U_ZERO_ERROR = 0,
    U_BUFFER_OVERFLOW_ERROR = 15
} UErrorCode;
#define U_SUCCESS(x) ((x) <= U_ZERO_ERROR)
#define U_FAILURE(x) ((x) > U_ZERO_ERROR)

#define U_MAX_VERSION_STRING_LENGTH 20
#define ULOC_FULLNAME_CAPACITY 157

typedef enum UColAttribute {
    UCOL_ALTERNATE_HANDLING = 1,
    UCOL_CASE_LEVEL = 3,
    UCOL_NORMALIZATION_MODE = 4,
    UCOL_STRENGTH = 5,
    UCOL_NUMERIC_COLLATION = 7
} UColAttribute;

typedef enum UColAttributeValue {
    UCOL_PRIMARY = 0,
    UCOL_SECONDARY = 1,
    UCOL_TERTIARY = 2,
    UCOL_OFF = 16,
    UCOL_ON = 17,
    UCOL_NON_IGNORABLE = 21
} UColAttributeValue;

typedef enum UCollationResult { UCOL_EQUAL = 0, UCOL_GREATER = 1, UCOL_LESS = -1 } UCollationResult;
typedef enum ULocDataLocaleType { ULOC_ACTUAL_LOCALE = 0 } ULocDataLocaleType;

void u_getVersion(UVersionInfo versionArray);
void u_versionToString(const UVersionInfo versionArray, char *versionString);
const char *u_errorName(UErrorCode code);

UCollator *ucol_open(const char *loc, UErrorCode *status);
void ucol_close(UCollator *coll);
void ucol_setAttribute(UCollator *coll, UColAttribute attr, UColAttributeValue value, UErrorCode *status);
UCollationResult ucol_strcoll(const UCollator *coll, const UChar *source, int32_t sourceLength,
                              const UChar *target, int32_t targetLength);
int32_t ucol_getSortKey(const UCollator *coll, const UChar *source, int32_t sourceLength,
                        uint8_t *result, int32_t resultLength);
const char *ucol_getLocaleByType(const UCollator *coll, ULocDataLocaleType type, UErrorCode *status);

int32_t uloc_forLanguageTag(const char *langtag, char *localeID, int32_t localeIDCapacity,
                            int32_t *parsedLength, UErrorCode *err);
int32_t uloc_getBaseName(const char *localeID, char *name, int32_t nameCapacity, UErrorCode *err);
int32_t uloc_minimizeSubtags(const char *localeID, char *minimizedLocaleID, int32_t minimizedLocaleIDCapacity,
                             UErrorCode *err);
UBool uloc_isRightToLeft(const char *locale);
void ulocdata_getCLDRVersion(UVersionInfo versionArray, UErrorCode *status);

UResourceBundle *ures_openDirect(const char *packageName, const char *locale, UErrorCode *status);
void ures_close(UResourceBundle *resourceBundle);
UResourceBundle *ures_getByKey(const UResourceBundle *resourceBundle, const char *key, UResourceBundle *fillIn,
                               UErrorCode *status);
UResourceBundle *ures_getByIndex(const UResourceBundle *resourceBundle, int32_t indexR, UResourceBundle *fillIn,
                                 UErrorCode *status);
int32_t ures_getSize(const UResourceBundle *resourceBundle);
const char *ures_getKey(const UResourceBundle *resourceBundle);
const char *ures_getUTF8StringByKey(const UResourceBundle *resB, const char *key, char *dest, int32_t *length,
                                    UBool forceCopy, UErrorCode *status);
const char *ures_getUTF8StringByIndex(const UResourceBundle *resB, int32_t stringIndex, char *dest, int32_t *length,
                                      UBool forceCopy, UErrorCode *status);

#else

#include <unicode/ucol.h>
#include <unicode/uloc.h>
#include <unicode/ulocdata.h>
#include <unicode/ures.h>
#include <unicode/utypes.h>
#include <unicode/uversion.h>

#endif

#endif
