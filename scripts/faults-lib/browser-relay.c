/* Stands in for the browser of `render --format png` under scripts/check-faults.
 *
 * strace -f follows every process the tool starts, and its injections hit them all: a sweep of
 * the tool's write path would break Chromium instead (and trace it, slowly). So the tool starts
 * this relay as its browser (SETTINGS_L10N_BROWSER); the relay hands its descriptors 1-4 (output,
 * errors, the DevTools pipe's two ends), its arguments and its environment over a Unix socket to
 * the sweep's broker, which starts the real browser outside strace, and exits with the browser's
 * status. Linked statically and making none of the calls the sweep counts or injects (no open,
 * read, write or close: one socket, sendmsg and recv), so every injection lands in the tool.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

extern char **environ;

static size_t block(char **strings, int count, char *into) {
    size_t length = 0;
    for (int i = 0; i < count; i++) {
        size_t size = strlen(strings[i]) + 1;
        if (into) memcpy(into + length, strings[i], size);
        length += size;
    }
    return length;
}

int main(int argc, char **argv) {
    const char *path = getenv("SETTINGS_L10N_FAULTS_BROKER");
    if (path == NULL || strlen(path) >= sizeof(((struct sockaddr_un *)0)->sun_path)) return 125;
    int environmentCount = 0;
    while (environ[environmentCount]) environmentCount++;
    /* [u32 length of the arguments][u32 length of the environment][arguments][environment] */
    size_t arguments = block(argv + 1, argc - 1, NULL), environment = block(environ, environmentCount, NULL);
    size_t total = 8 + arguments + environment;
    char *message = malloc(total);
    if (message == NULL) return 125;
    uint32_t lengths[2] = {(uint32_t)arguments, (uint32_t)environment};
    memcpy(message, lengths, 8);
    block(argv + 1, argc - 1, message + 8);
    block(environ, environmentCount, message + 8 + arguments);

    int broker = socket(AF_UNIX, SOCK_STREAM, 0);
    struct sockaddr_un address;
    memset(&address, 0, sizeof address);
    address.sun_family = AF_UNIX;
    strcpy(address.sun_path, path);
    if (broker < 0 || connect(broker, (struct sockaddr *)&address, sizeof address) != 0) return 125;

    int descriptors[4] = {1, 2, 3, 4};
    char control[CMSG_SPACE(sizeof descriptors)];
    memset(control, 0, sizeof control);
    size_t sent = 0;
    while (sent < total) {
        struct iovec part = {message + sent, total - sent};
        struct msghdr header = {0};
        header.msg_iov = &part;
        header.msg_iovlen = 1;
        if (sent == 0) {
            header.msg_control = control;
            header.msg_controllen = sizeof control;
            struct cmsghdr *rights = CMSG_FIRSTHDR(&header);
            rights->cmsg_level = SOL_SOCKET;
            rights->cmsg_type = SCM_RIGHTS;
            rights->cmsg_len = CMSG_LEN(sizeof descriptors);
            memcpy(CMSG_DATA(rights), descriptors, sizeof descriptors);
        }
        ssize_t count = sendmsg(broker, &header, MSG_NOSIGNAL);
        if (count <= 0) return 125;
        sent += (size_t)count;
    }
    /* The browser's exit status, one byte; none (the broker gone) is a failure. */
    unsigned char status;
    if (recv(broker, &status, 1, MSG_WAITALL) != 1) return 125;
    _exit(status);
}
