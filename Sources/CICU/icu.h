#ifndef SETTINGS_L10N_ICU_H
#define SETTINGS_L10N_ICU_H

// The ICU C API settings-l10n calls, declared here: exactly what the C files use, with ICU's
// stable values. scripts/check-icu-declarations compiles the C files against these alone and
// checks each value, each prototype and each symbol name against the toolchain's ICU headers
// and library.
//
// Linux: the Swift toolchain's own ICU, lib_FoundationICU (ICU 76 with Apple's additions, the
// ICU Foundation itself uses there, its data built in), linked into every build: statically
// (usr/lib/swift_static) into builds with --static-swift-stdlib such as `make release` and
// `make dist`, else the toolchain's shared copy. No system ICU is loaded, none is needed to
// build. Its C symbols carry the prefix `swift_` instead of ICU's version suffix (the
// toolchain's _foundation_unicode/urename.h: ucol_open is swift_ucol_open), renamed below.
// Apple platforms: the system's libicucore, which exports the plain names (Apple's ICU builds
// with U_DISABLE_RENAMING) and whose SDK ships no ICU headers.
// SL10N_ICU_PLAIN_NAMES gives the plain names on Linux too, for that check.

#include <stdint.h>

#if !defined(__APPLE__) && !defined(SL10N_ICU_PLAIN_NAMES)
#define u_getVersion swift_u_getVersion
#define u_versionToString swift_u_versionToString
#define u_errorName swift_u_errorName
#define ucol_open swift_ucol_open
#define ucol_close swift_ucol_close
#define ucol_setAttribute swift_ucol_setAttribute
#define ucol_strcoll swift_ucol_strcoll
#define ucol_getSortKey swift_ucol_getSortKey
#define ucol_getLocaleByType swift_ucol_getLocaleByType
#define uloc_forLanguageTag swift_uloc_forLanguageTag
#define uloc_getBaseName swift_uloc_getBaseName
#define uloc_minimizeSubtags swift_uloc_minimizeSubtags
#define uloc_isRightToLeft swift_uloc_isRightToLeft
#define ulocdata_getCLDRVersion swift_ulocdata_getCLDRVersion
#define ures_openDirect swift_ures_openDirect
#define ures_close swift_ures_close
#define ures_getByKey swift_ures_getByKey
#define ures_getByIndex swift_ures_getByIndex
#define ures_getSize swift_ures_getSize
#define ures_getKey swift_ures_getKey
#define ures_getUTF8StringByKey swift_ures_getUTF8StringByKey
#define ures_getUTF8StringByIndex swift_ures_getUTF8StringByIndex
#endif

typedef uint16_t UChar;
typedef int8_t UBool;
typedef uint8_t UVersionInfo[4];
typedef struct UCollator UCollator;
typedef struct UResourceBundle UResourceBundle;

typedef enum UErrorCode {
    U_STRING_NOT_TERMINATED_WARNING = -124,
    U_ZERO_ERROR = 0,
    U_MISSING_RESOURCE_ERROR = 2,
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

// Functions (scripts/check-icu-declarations compares each with the headers' prototype).
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

#endif
