// Darwin's C declarations of what settings-l10n's Darwin branches call, for
// scripts/check-darwin-declarations (there is no Mac here). Each is copied from the header named
// above it, as the macOS SDK has it for arm64 and x86_64 (LP64, 64-bit inodes): libpthread-454
// (apple/darwin-libpthread), xnu-11417 and Libc-1725 (apple-oss-distributions). Kept are the
// nullability, the types and the values; dropped are availability macros, symbol aliases
// (__DARWIN_ALIAS) and bounds annotations (_LIBC_SIZE, _LIBC_CSTR), which change neither
// the Swift import nor the call. A call the sources make that is not declared here fails the
// check as "cannot find ... in scope": add it from Apple's header, not from glibc's.
#ifndef SETTINGS_L10N_DARWIN_H
#define SETTINGS_L10N_DARWIN_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

// Linux's own C library is loaded beside this module (the toolchain's modules import it), and
// Clang refuses two different structs of one name: each struct that glibc also has is declared
// under the prefix darwin_ and named for Swift as Darwin names it (`stat`, `dirent`, `timespec`).
#define SL10N_DARWIN(name) __attribute__((swift_name(#name))) darwin_##name

// sys/_types.h, i386/_types.h and arm/_types.h (with _DARWIN_FEATURE_64_BIT_INODE)
typedef int32_t dev_t;
typedef uint16_t mode_t;
typedef uint16_t nlink_t;
typedef uint64_t ino_t;
typedef uint32_t uid_t;
typedef uint32_t gid_t;
typedef int32_t pid_t;
typedef int64_t off_t;
typedef int64_t blkcnt_t;
typedef int32_t blksize_t;
typedef long ssize_t;
typedef long time_t;

// sys/_types/_timespec.h
struct SL10N_DARWIN(timespec) {
    time_t tv_sec;
    long tv_nsec;
};

// sys/stat.h: struct stat is __DARWIN_STRUCT_STAT64 (times are st_*timespec, not st_*tim).
struct SL10N_DARWIN(stat) {
    dev_t st_dev;
    mode_t st_mode;
    nlink_t st_nlink;
    ino_t st_ino;
    uid_t st_uid;
    gid_t st_gid;
    dev_t st_rdev;
    struct darwin_timespec st_atimespec;
    struct darwin_timespec st_mtimespec;
    struct darwin_timespec st_ctimespec;
    struct darwin_timespec st_birthtimespec;
    off_t st_size;
    blkcnt_t st_blocks;
    blksize_t st_blksize;
    uint32_t st_flags;
    uint32_t st_gen;
    int32_t st_lspare;
    int64_t st_qspare[2];
};
int stat(const char *, struct darwin_stat *);
int lstat(const char *, struct darwin_stat *);
int fstat(int, struct darwin_stat *);
int mkdir(const char *, mode_t);
int fchmod(int, mode_t);

// sys/errno.h: errno is *__error() (Darwin.swift gives Swift's errno over it).
extern int *__error(void);
#define EPERM 1
#define ENOENT 2
#define ESRCH 3
#define EINTR 4
#define EIO 5
#define EBADF 9
#define EAGAIN 35
#define EACCES 13
#define EEXIST 17
#define EXDEV 18
#define ENOTDIR 20
#define EISDIR 21
#define EINVAL 22
#define ENOSPC 28
#define EROFS 30
#define ENAMETOOLONG 63
#define ELOOP 62
#define ENOTEMPTY 66
#define ENOTSUP 45
#define EFBIG 27
#define EPIPE 32

// sys/fcntl.h
#define O_RDONLY 0x0000
#define O_WRONLY 0x0001
#define O_RDWR 0x0002
#define O_NONBLOCK 0x00000004
#define O_APPEND 0x00000008
#define O_NOFOLLOW 0x00000100
#define O_CREAT 0x00000200
#define O_TRUNC 0x00000400
#define O_EXCL 0x00000800
#define O_DIRECTORY 0x00100000
#define O_CLOEXEC 0x01000000
#define F_DUPFD 0
#define F_SETFD 2
#define FD_CLOEXEC 1
#define F_GETFL 3
#define F_SETFL 4
#define AT_REMOVEDIR 0x0080
#define F_GETPATH 50
#define F_FULLFSYNC 51
#define F_BARRIERFSYNC 85

// Libc include/_string.h
int memcmp(const void *__s1, const void *__s2, size_t __n);
void *memchr(const void *__s, int __c, size_t __n);
void *memcpy(void *__dst, const void *__src, size_t __n);
char *strerror(int __errnum);
size_t strlen(const char *__s);

// Libc include/_stdlib.h
void free(void *);
char *getenv(const char *);
void exit(int) __attribute__((__noreturn__));
char *realpath(const char *__restrict, char *__restrict);
int setenv(const char *__name, const char *__value, int __overwrite);
char *mkdtemp(char *);
int unsetenv(const char *);

// Libc include/unistd.h, xnu bsd/sys/unistd.h (pathconf's names)
#define _PC_CASE_SENSITIVE 11
#define _PC_CASE_PRESERVING 12
long pathconf(const char *, int);
long fpathconf(int, int);
#define STDIN_FILENO 0
#define STDOUT_FILENO 1
#define STDERR_FILENO 2
pid_t getpid(void);
int link(const char *, const char *);
int close(int);
int fsync(int);
int isatty(int);
ssize_t read(int, void *, size_t __nbyte);
ssize_t write(int __fd, const void *__buf, size_t __nbyte);
int unlink(const char *);
int rmdir(const char *);
int pipe(int [2]);
int unlinkat(int, const char *, int);
uid_t geteuid(void);
typedef uint32_t useconds_t;
int usleep(useconds_t);
#define X_OK (1<<0)
int access(const char *, int);

// xnu bsd/sys/socket.h
typedef uint32_t socklen_t;
#define SOCK_STREAM 1
#define SOL_SOCKET 0xffff
#define SO_NOSIGPIPE 0x1022
#define AF_UNIX 1
int socketpair(int, int, int, int *);
int setsockopt(int, int, int, const void *, socklen_t);
ssize_t send(int, const void *, size_t, int);

// Libc include/_string.h (strdup)
char *strdup(const char *__s1);

// xnu bsd/sys/poll.h (struct pollfd as glibc's: prefixed, named pollfd for Swift)
#define POLLIN 0x0001
typedef unsigned int nfds_t;
struct SL10N_DARWIN(pollfd) {
    int fd;
    short events;
    short revents;
};
int poll(struct darwin_pollfd *, nfds_t, int);

// xnu bsd/sys/wait.h
#define WNOHANG 0x00000001
pid_t waitpid(pid_t, int *, int);

// Libc include/spawn.h and xnu bsd/sys/spawn.h: the file actions and attributes are opaque
// pointers on Darwin (structs on glibc), so a Darwin caller starts them as nil.
typedef void *posix_spawnattr_t;
typedef void *posix_spawn_file_actions_t;
int posix_spawnp(pid_t *__restrict, const char *__restrict, const posix_spawn_file_actions_t *,
                 const posix_spawnattr_t *__restrict, char *const __argv[__restrict], char *const __envp[__restrict]);
int posix_spawn_file_actions_init(posix_spawn_file_actions_t *);
int posix_spawn_file_actions_destroy(posix_spawn_file_actions_t *);
int posix_spawn_file_actions_addopen(posix_spawn_file_actions_t *__restrict, int, const char *__restrict, int, mode_t);
int posix_spawn_file_actions_adddup2(posix_spawn_file_actions_t *, int, int);
int posix_spawn_file_actions_addclose(posix_spawn_file_actions_t *, int);
int posix_spawn(pid_t *__restrict, const char *__restrict, const posix_spawn_file_actions_t *,
                const posix_spawnattr_t *__restrict, char *const __argv[__restrict], char *const __envp[__restrict]);
int posix_spawnattr_init(posix_spawnattr_t *);
int posix_spawnattr_destroy(posix_spawnattr_t *);
int posix_spawnattr_setflags(posix_spawnattr_t *, short);
int posix_spawnattr_setpgroup(posix_spawnattr_t *, pid_t);
#define POSIX_SPAWN_SETPGROUP 0x0002

// Libc include/crt_externs.h: a program's environment (`environ` is not exported to dylibs)
char ***_NSGetEnviron(void);

// Libc include/signal.h and xnu bsd/sys/signal.h (SIG_IGN is the overlay's, Darwin.swift)
#define SIGXFSZ 25
typedef void (*sig_t)(int);
void (*signal(int, void (*)(int)))(int);
int kill(pid_t, int);
#define SIGTERM 15
#define SIGKILL 9

// Libc include/stdio.h, and xnu bsd/sys/stdio.h (renamex_np: macOS 10.12)
int rename(const char *__old, const char *__new);
int vsnprintf(char *__restrict __str, size_t __size, const char *__restrict __format, va_list);
#define RENAME_SWAP 0x00000002
#define RENAME_EXCL 0x00000004
int renamex_np(const char *, const char *, unsigned int);

// xnu bsd/sys/dirent.h (with __DARWIN_64_BIT_INO_T: a name of up to 1,024 bytes, d_namlen long)
#define DT_UNKNOWN 0
#define DT_DIR 4
#define DT_REG 8
#define DT_LNK 10
struct SL10N_DARWIN(dirent) {
    uint64_t d_ino;
    uint64_t d_seekoff;
    uint16_t d_reclen;
    uint16_t d_namlen;
    uint8_t d_type;
    char d_name[1024];
};
// Libc include/dirent.h: DIR is a struct the caller never looks into.
typedef struct _darwin_dir DIR;
DIR *opendir(const char *);
DIR *fdopendir(int);
struct darwin_dirent *readdir(DIR *);
int closedir(DIR *);

// libpthread include/sys/_pthread/_pthread_types.h (LP64 sizes)
struct __darwin_pthread_handler_rec {
    void (*__routine)(void *);
    void *__arg;
    struct __darwin_pthread_handler_rec *__next;
};
struct _opaque_pthread_attr_t { long __sig; char __opaque[56]; };
struct _opaque_pthread_cond_t { long __sig; char __opaque[40]; };
struct _opaque_pthread_condattr_t { long __sig; char __opaque[8]; };
struct _opaque_pthread_mutex_t { long __sig; char __opaque[56]; };
struct _opaque_pthread_mutexattr_t { long __sig; char __opaque[8]; };
struct _opaque_pthread_t {
    long __sig;
    struct __darwin_pthread_handler_rec *__cleanup_stack;
    char __opaque[8176];
};
typedef struct _opaque_pthread_attr_t pthread_attr_t;
typedef struct _opaque_pthread_cond_t pthread_cond_t;
typedef struct _opaque_pthread_condattr_t pthread_condattr_t;
typedef struct _opaque_pthread_mutex_t pthread_mutex_t;
typedef struct _opaque_pthread_mutexattr_t pthread_mutexattr_t;
typedef struct _opaque_pthread_t *pthread_t;

// libpthread include/pthread/pthread.h, inside its `clang assume_nonnull` region (the form
// Swift imports: _PTHREAD_SWIFT_IMPORTER_NULLABILITY_COMPAT is 0 for today's Swift).
#pragma clang assume_nonnull begin
int pthread_create(pthread_t _Nullable *_Nonnull __restrict,
                   const pthread_attr_t *_Nullable __restrict,
                   void *_Nullable (*_Nonnull)(void *_Nullable),
                   void *_Nullable __restrict);
int pthread_detach(pthread_t);
int pthread_cond_broadcast(pthread_cond_t *);
int pthread_cond_destroy(pthread_cond_t *);
int pthread_cond_init(pthread_cond_t *__restrict, const pthread_condattr_t *_Nullable __restrict);
int pthread_cond_wait(pthread_cond_t *__restrict, pthread_mutex_t *__restrict);
int pthread_mutex_destroy(pthread_mutex_t *);
int pthread_mutex_init(pthread_mutex_t *__restrict, const pthread_mutexattr_t *_Nullable __restrict);
int pthread_mutex_lock(pthread_mutex_t *);
int pthread_mutex_unlock(pthread_mutex_t *);
#pragma clang assume_nonnull end

#endif
