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

// Elsewhere (Linux) the system's ICU is loaded when a command first needs it, not when the tool
// starts: loading libicui18n, libicuuc and the 30 MB libicudata at every start cost check,
// status and merge about 1 ms, and a machine without ICU could run none of them. The C files
// call ICU through pointers that loader.c fills (each ICU name below stands for its pointer).
#define SL10N_ICU_DLOPEN 1

#define SL10N_ICU_FUNCTIONS(X) \
    X(u_getVersion) X(u_versionToString) X(u_errorName) \
    X(ucol_open) X(ucol_close) X(ucol_setAttribute) X(ucol_strcoll) X(ucol_getSortKey) X(ucol_getLocaleByType) \
    X(uloc_forLanguageTag) X(uloc_getBaseName) X(uloc_minimizeSubtags) X(uloc_isRightToLeft) \
    X(ulocdata_getCLDRVersion) \
    X(ures_openDirect) X(ures_close) X(ures_getByKey) X(ures_getByIndex) X(ures_getSize) X(ures_getKey) \
    X(ures_getUTF8StringByKey) X(ures_getUTF8StringByIndex)

// `__typeof__(name)` takes ICU's renamed function (ucol_open_72); the pointer keeps the plain name.
#define SL10N_ICU_DECLARE_POINTER(name) extern __typeof__(name) *sl10n_icu_fn_##name;
SL10N_ICU_FUNCTIONS(SL10N_ICU_DECLARE_POINTER)

#ifndef SL10N_ICU_LOADER
#undef u_getVersion
#define u_getVersion (*sl10n_icu_fn_u_getVersion)
#undef u_versionToString
#define u_versionToString (*sl10n_icu_fn_u_versionToString)
#undef u_errorName
#define u_errorName (*sl10n_icu_fn_u_errorName)
#undef ucol_open
#define ucol_open (*sl10n_icu_fn_ucol_open)
#undef ucol_close
#define ucol_close (*sl10n_icu_fn_ucol_close)
#undef ucol_setAttribute
#define ucol_setAttribute (*sl10n_icu_fn_ucol_setAttribute)
#undef ucol_strcoll
#define ucol_strcoll (*sl10n_icu_fn_ucol_strcoll)
#undef ucol_getSortKey
#define ucol_getSortKey (*sl10n_icu_fn_ucol_getSortKey)
#undef ucol_getLocaleByType
#define ucol_getLocaleByType (*sl10n_icu_fn_ucol_getLocaleByType)
#undef uloc_forLanguageTag
#define uloc_forLanguageTag (*sl10n_icu_fn_uloc_forLanguageTag)
#undef uloc_getBaseName
#define uloc_getBaseName (*sl10n_icu_fn_uloc_getBaseName)
#undef uloc_minimizeSubtags
#define uloc_minimizeSubtags (*sl10n_icu_fn_uloc_minimizeSubtags)
#undef uloc_isRightToLeft
#define uloc_isRightToLeft (*sl10n_icu_fn_uloc_isRightToLeft)
#undef ulocdata_getCLDRVersion
#define ulocdata_getCLDRVersion (*sl10n_icu_fn_ulocdata_getCLDRVersion)
#undef ures_openDirect
#define ures_openDirect (*sl10n_icu_fn_ures_openDirect)
#undef ures_close
#define ures_close (*sl10n_icu_fn_ures_close)
#undef ures_getByKey
#define ures_getByKey (*sl10n_icu_fn_ures_getByKey)
#undef ures_getByIndex
#define ures_getByIndex (*sl10n_icu_fn_ures_getByIndex)
#undef ures_getSize
#define ures_getSize (*sl10n_icu_fn_ures_getSize)
#undef ures_getKey
#define ures_getKey (*sl10n_icu_fn_ures_getKey)
#undef ures_getUTF8StringByKey
#define ures_getUTF8StringByKey (*sl10n_icu_fn_ures_getUTF8StringByKey)
#undef ures_getUTF8StringByIndex
#define ures_getUTF8StringByIndex (*sl10n_icu_fn_ures_getUTF8StringByIndex)
#endif

#endif

/// 1 when ICU's functions can be called (loaded on first use where it is loaded at all).
int sl10n_icu_ready(void);

#endif
