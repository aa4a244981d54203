#include "CICU.h"

#include <string.h>
#include "icu.h"

static int32_t empty(char *buffer, int32_t capacity) {
    if (capacity > 0) buffer[0] = '\0';
    return 0;
}

static int32_t finish(UErrorCode error, int32_t length, char *buffer, int32_t capacity) {
    if (U_FAILURE(error) || error == U_STRING_NOT_TERMINATED_WARNING || length >= capacity) {
        if (capacity > 0) buffer[0] = '\0';
        return -1;
    }
    return length;
}

int32_t sl10n_cldr_version(char *buffer, int32_t capacity) {
    UErrorCode error = U_ZERO_ERROR;
    UVersionInfo info;
    ulocdata_getCLDRVersion(info, &error);
    if (U_FAILURE(error) || capacity < U_MAX_VERSION_STRING_LENGTH) {
        if (capacity > 0) buffer[0] = '\0';
        return 0;
    }
    u_versionToString(info, buffer);
    return (int32_t)strlen(buffer);
}

int32_t sl10n_locale_base_name(const char *localeID, char *buffer, int32_t capacity) {
    UErrorCode error = U_ZERO_ERROR;
    int32_t length = uloc_getBaseName(localeID, buffer, capacity, &error);
    return finish(error, length, buffer, capacity);
}

int32_t sl10n_locale_minimize(const char *localeID, char *buffer, int32_t capacity) {
    UErrorCode error = U_ZERO_ERROR;
    int32_t length = uloc_minimizeSubtags(localeID, buffer, capacity, &error);
    return finish(error, length, buffer, capacity);
}

int32_t sl10n_locale_language_alias(const char *localeID, char *buffer, int32_t capacity) {
    UErrorCode error = U_ZERO_ERROR;
    UResourceBundle *metadata = ures_openDirect(NULL, "metadata", &error);
    UResourceBundle *alias = ures_getByKey(metadata, "alias", NULL, &error);
    UResourceBundle *language = ures_getByKey(alias, "language", NULL, &error);
    UResourceBundle *entry = ures_getByKey(language, localeID, NULL, &error);
    int32_t length = 0;
    if (U_SUCCESS(error)) {
        length = capacity;
        ures_getUTF8StringByKey(entry, "replacement", buffer, &length, 1, &error);
        if (U_FAILURE(error) || length >= capacity) length = 0;
    }
    ures_close(entry);
    ures_close(language);
    ures_close(alias);
    ures_close(metadata);
    if (length == 0 && capacity > 0) buffer[0] = '\0';
    return length;
}

int32_t sl10n_locale_parent_locales(sl10n_parent_visitor visit, void *context) {
    UErrorCode error = U_ZERO_ERROR;
    UResourceBundle *supplemental = ures_openDirect(NULL, "supplementalData", &error);
    UResourceBundle *parents = ures_getByKey(supplemental, "parentLocales", NULL, &error);
    if (U_FAILURE(error)) {
        ures_close(parents);
        ures_close(supplemental);
        return -1;
    }
    int32_t count = 0;
    // parentLocales { en_001 { "en_150", "en_AG", ... } ... }: each table is a parent and its children.
    for (int32_t i = 0; i < ures_getSize(parents); i++) {
        UErrorCode itemError = U_ZERO_ERROR;
        UResourceBundle *children = ures_getByIndex(parents, i, NULL, &itemError);
        const char *parent = ures_getKey(children);
        for (int32_t j = 0; U_SUCCESS(itemError) && parent && j < ures_getSize(children); j++) {
            char child[ULOC_FULLNAME_CAPACITY];
            int32_t length = (int32_t)sizeof child;
            UErrorCode childError = U_ZERO_ERROR;
            ures_getUTF8StringByIndex(children, j, child, &length, 1, &childError);
            if (U_SUCCESS(childError) && length < (int32_t)sizeof child) {
                visit(child, parent, context);
                count++;
            }
        }
        ures_close(children);
    }
    ures_close(parents);
    ures_close(supplemental);
    return count;
}

int32_t sl10n_locale_explicit_parent(const char *localeID, char *buffer, int32_t capacity) {
    UErrorCode error = U_ZERO_ERROR;
    UResourceBundle *bundle = ures_openDirect(NULL, localeID, &error);
    int32_t length = 0;
    if (U_SUCCESS(error)) {
        length = capacity;
        ures_getUTF8StringByKey(bundle, "%%Parent", buffer, &length, 1, &error);
        if (U_FAILURE(error) || length >= capacity) length = 0;
    }
    ures_close(bundle);
    if (length == 0 && capacity > 0) buffer[0] = '\0';
    return length;
}

int sl10n_locale_is_right_to_left(const char *localeID) {
    return uloc_isRightToLeft(localeID) ? 1 : 0;
}
