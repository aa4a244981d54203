#define SL10N_ICU_LOADER
#include "CICU.h"

#include <string.h>
#include "icu.h"

#if defined(SL10N_ICU_DLOPEN)

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define SL10N_ICU_DEFINE_POINTER(name) __typeof__(name) *sl10n_icu_fn_##name;
SL10N_ICU_FUNCTIONS(SL10N_ICU_DEFINE_POINTER)

#define SL10N_STRING_(x) #x
#define SL10N_STRING(x) SL10N_STRING_(x)

static pthread_once_t once = PTHREAD_ONCE_INIT;
/// Why ICU cannot be used; empty once it is loaded.
static char failure[512];

/// Opens the ICU the tool was built against (its major version is in the library's name and in
/// every symbol's) and finds each function; libicui18n brings libicuuc and libicudata with it.
/// SETTINGS_L10N_ICU_LIBRARY names another file (an ICU of that version installed elsewhere).
static void load(void) {
    const char *library = getenv("SETTINGS_L10N_ICU_LIBRARY");
    if (library == NULL || library[0] == '\0') library = "libicui18n.so." SL10N_STRING(U_ICU_VERSION_MAJOR_NUM);
    void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(failure, sizeof failure, "%s", reason ? reason : library);
        return;
    }
    // `SL10N_STRING(name)` expands ICU's renaming first: "ucol_open_72".
#define SL10N_ICU_RESOLVE(name) \
    if (failure[0] == '\0' && (sl10n_icu_fn_##name = (__typeof__(name) *)dlsym(handle, SL10N_STRING(name))) == NULL) \
        snprintf(failure, sizeof failure, "%s has no %s", library, SL10N_STRING(name));
    SL10N_ICU_FUNCTIONS(SL10N_ICU_RESOLVE)
}

int sl10n_icu_ready(void) {
    pthread_once(&once, load);
    return failure[0] == '\0';
}

int32_t sl10n_icu_load(char *message, int32_t capacity) {
    if (sl10n_icu_ready()) return 1;
    if (capacity > 0) {
        size_t n = strlen(failure) < (size_t)capacity - 1 ? strlen(failure) : (size_t)capacity - 1;
        memcpy(message, failure, n);
        message[n] = '\0';
    }
    return 0;
}

#else

// Apple platforms link the system's libicucore: it is always there.
int sl10n_icu_ready(void) {
    return 1;
}

int32_t sl10n_icu_load(char *message, int32_t capacity) {
    (void)message;
    (void)capacity;
    return 1;
}

#endif
