// The write floor: the cheapest way to write a bundle's tables with the durability settings-l10n
// promises (every file old or new after a crash), in the way settings-l10n writes them: each file
// to a temporary file beside it, its data flushed (fdatasync), renamed over the file, on N
// threads; then each folder flushed once.
//
//   write_floor <threads> <file>...     rewrites each file with its own bytes, read before the
//                                       clock starts; prints the seconds the writes took.
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

struct item { const char *path; char *data; size_t size; };
static struct item *items;
static int count, next;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void fail(const char *what, const char *path) { perror(path); fprintf(stderr, "write_floor: %s\n", what); exit(1); }

static void *worker(void *unused) {
    (void)unused;
    char temporary[4096];
    for (;;) {
        pthread_mutex_lock(&lock);
        int index = next < count ? next++ : -1;
        pthread_mutex_unlock(&lock);
        if (index < 0) return NULL;
        struct item *item = &items[index];
        const char *slash = strrchr(item->path, '/');
        int folder = slash ? (int)(slash - item->path) : 0;
        snprintf(temporary, sizeof temporary, "%.*s/.%s.floor-%d.tmp", folder, item->path, slash ? slash + 1 : item->path, getpid());
        int fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
        if (fd < 0) fail("open", temporary);
        for (size_t done = 0; done < item->size;) {
            ssize_t n = write(fd, item->data + done, item->size - done);
            if (n <= 0) fail("write", temporary);
            done += (size_t)n;
        }
        if (fdatasync(fd) != 0) fail("fdatasync", temporary);
        close(fd);
        if (rename(temporary, item->path) != 0) fail("rename", item->path);
    }
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: write_floor <threads> <file>...\n"); return 2; }
    int threads = atoi(argv[1]);
    count = argc - 2;
    items = calloc((size_t)count, sizeof *items);
    for (int i = 0; i < count; i++) {
        items[i].path = argv[i + 2];
        FILE *file = fopen(items[i].path, "rb");
        if (!file) fail("fopen", items[i].path);
        fseek(file, 0, SEEK_END);
        items[i].size = (size_t)ftell(file);
        fseek(file, 0, SEEK_SET);
        items[i].data = malloc(items[i].size + 1);
        if (fread(items[i].data, 1, items[i].size, file) != items[i].size) fail("fread", items[i].path);
        fclose(file);
    }
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    pthread_t pool[64];
    if (threads > 64) threads = 64;
    for (int i = 0; i < threads; i++) pthread_create(&pool[i], NULL, worker, NULL);
    for (int i = 0; i < threads; i++) pthread_join(pool[i], NULL);
    // Each folder once (the files come grouped by folder).
    char previous[4096] = "";
    for (int i = 0; i < count; i++) {
        const char *slash = strrchr(items[i].path, '/');
        int length = slash ? (int)(slash - items[i].path) : 0;
        if ((int)strlen(previous) == length && strncmp(previous, items[i].path, (size_t)length) == 0) continue;
        snprintf(previous, sizeof previous, "%.*s", length, items[i].path);
        int fd = open(previous, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (fd >= 0) { fsync(fd); close(fd); }
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    printf("%.3f\n", (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9);
    return 0;
}
