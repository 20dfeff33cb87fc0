/* Kills the process with SIGKILL at its first write to a file whose name ends in ".generating"
 * (sled 0.34 writes the snapshot it makes on open to snap.<lsn>.generating, then renames it),
 * or in ROOKERY_KILL_SUFFIX (e.g. "/conf", which sled writes once, in two writes, when it creates
 * a database). ROOKERY_KILL_WRITE=n kills at the n-th write to such files instead of the first.
 * ROOKERY_KILL_HALF=1 lets half of that write through before the kill (a torn file), otherwise
 * none of it. Preloaded by core/tests/snapshot_kill.rs. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#define MAX_FD 4096
static char watched[MAX_FD];

static int is_watched(const char *path) {
  const char *suffix = getenv("ROOKERY_KILL_SUFFIX");
  if (!suffix || !suffix[0]) suffix = ".generating";
  size_t n = path ? strlen(path) : 0, s = strlen(suffix);
  return n >= s && strcmp(path + n - s, suffix) == 0;
}

static void note(const char *path, int fd) {
  if (fd >= 0 && fd < MAX_FD) watched[fd] = is_watched(path);
}

#define OPEN_LIKE(name, ...)                                                  \
  int name(__VA_ARGS__, int flags, ...) {                                     \
    static __typeof__(name) *real;                                            \
    if (!real) real = (__typeof__(name) *)dlsym(RTLD_NEXT, #name);            \
    mode_t mode = 0;                                                          \
    if (flags & (O_CREAT | O_TMPFILE)) {                                      \
      va_list ap;                                                             \
      va_start(ap, flags);                                                    \
      mode = va_arg(ap, int);                                                 \
      va_end(ap);                                                             \
    }                                                                         \
    int fd = CALL;                                                            \
    note(path, fd);                                                           \
    return fd;                                                                \
  }

#define CALL real(path, flags, mode)
OPEN_LIKE(open, const char *path)
OPEN_LIKE(open64, const char *path)
#undef CALL
#define CALL real(dirfd, path, flags, mode)
OPEN_LIKE(openat, int dirfd, const char *path)
OPEN_LIKE(openat64, int dirfd, const char *path)
#undef CALL

ssize_t write(int fd, const void *buf, size_t n) {
  static ssize_t (*real)(int, const void *, size_t);
  if (!real) real = (ssize_t (*)(int, const void *, size_t))dlsym(RTLD_NEXT, "write");
  static int writes;
  const char *at = getenv("ROOKERY_KILL_WRITE");
  if (fd >= 0 && fd < MAX_FD && watched[fd] && ++writes >= (at ? atoi(at) : 1)) {
    const char *half = getenv("ROOKERY_KILL_HALF");
    if (half && half[0] == '1' && n > 1) real(fd, buf, n / 2);
    kill(getpid(), SIGKILL);
  }
  return real(fd, buf, n);
}
