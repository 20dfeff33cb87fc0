/* An LD_PRELOAD shim that records every change a process makes to files under one directory
 * (and its siblings `<dir>.*`, where the store makes a new database before renaming it in),
 * and when each change was forced to the disk, for core/tests/power_cut.rs (which replays the
 * record to build the disk image a power cut at any moment would leave).
 *
 * ROOKERY_CUT_DIR   absolute directory whose files are recorded (the database; every path that
 *                   starts with it, so `<dir>.creating` and renames of it too)
 * ROOKERY_CUT_MARK  absolute path of a file whose writes are recorded as markers (the child
 *                   writes one after every acknowledged action)
 * ROOKERY_CUT_LOG   absolute path of the record (written with raw system calls)
 *
 * Record entry: u8 op, i32 fd, u64 a, u64 b, u32 n1, u32 n2, n1 bytes, n2 bytes (little
 * endian). Ops: 1 open (a = flags, bytes = path), 2 close, 3 write (a = offset, bytes = data),
 * 4 truncate (a = length), 5 sync start (a = 1 fsync, 0 fdatasync), 6 sync end,
 * 7 sync_file_range done (a = offset, b = length, only with WAIT_BEFORE|WRITE|WAIT_AFTER),
 * 8 rename (bytes = from, to), 9 unlink (bytes = path), 10 marker (bytes = data).
 * Writes are recorded after they returned and sync starts before the call, so a write recorded
 * before a sync start completed before that sync began.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <unistd.h>

#define MAX_FD 4096
enum { T_NONE = 0, T_FILE = 1, T_MARK = 2 };

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static char tracked[MAX_FD];
static int log_fd = -1;
static char dir[4096];
static size_t dir_len;
static char mark[4096];
static int ready;

static void init(void) {
  if (ready) return;
  const char *d = getenv("ROOKERY_CUT_DIR"), *m = getenv("ROOKERY_CUT_MARK"),
             *l = getenv("ROOKERY_CUT_LOG");
  if (!d || !m || !l) {
    ready = -1;
    return;
  }
  snprintf(dir, sizeof dir, "%s", d);
  dir_len = strlen(dir);
  snprintf(mark, sizeof mark, "%s", m);
  log_fd = (int)syscall(SYS_openat, AT_FDCWD, l, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  ready = log_fd >= 0 ? 1 : -1;
}

static void raw_write_all(const void *p, size_t n) {
  const char *c = p;
  while (n > 0) {
    long w = syscall(SYS_write, log_fd, c, n);
    if (w <= 0) {
      if (w < 0 && errno == EINTR) continue;
      abort(); /* a record with a hole would prove nothing */
    }
    c += w;
    n -= (size_t)w;
  }
}

/* caller holds the lock */
static void emit(uint8_t op, int fd, uint64_t a, uint64_t b, const void *p1, uint32_t n1,
                 const void *p2, uint32_t n2) {
  unsigned char h[1 + 4 + 8 + 8 + 4 + 4];
  int32_t f = fd;
  h[0] = op;
  memcpy(h + 1, &f, 4);
  memcpy(h + 5, &a, 8);
  memcpy(h + 13, &b, 8);
  memcpy(h + 21, &n1, 4);
  memcpy(h + 25, &n2, 4);
  raw_write_all(h, sizeof h);
  if (n1) raw_write_all(p1, n1);
  if (n2) raw_write_all(p2, n2);
}

/* Absolute form of path (relative ones against the working directory). */
static int absolute(const char *path, char *out, size_t cap) {
  if (!path) return 0;
  if (path[0] == '/') {
    snprintf(out, cap, "%s", path);
    return 1;
  }
  char cwd[4096];
  if (!getcwd(cwd, sizeof cwd)) return 0;
  snprintf(out, cap, "%s/%s", cwd, path);
  return 1;
}

static int kind_of(const char *abs) {
  if (ready != 1) return T_NONE;
  if (strcmp(abs, mark) == 0) return T_MARK;
  if (strncmp(abs, dir, dir_len) == 0) return T_FILE;
  return T_NONE;
}

static int kind_fd(int fd) { return (fd >= 0 && fd < MAX_FD) ? tracked[fd] : T_NONE; }

#define REAL(name, ret, ...)                                   \
  static ret (*real_##name)(__VA_ARGS__);                      \
  static void load_##name(void) {                              \
    if (!real_##name) real_##name = dlsym(RTLD_NEXT, #name);   \
  }

REAL(open, int, const char *, int, ...)
REAL(open64, int, const char *, int, ...)
REAL(openat, int, int, const char *, int, ...)
REAL(openat64, int, int, const char *, int, ...)
REAL(close, int, int)
REAL(write, ssize_t, int, const void *, size_t)
REAL(writev, ssize_t, int, const struct iovec *, int)
REAL(pwrite, ssize_t, int, const void *, size_t, off_t)
REAL(pwrite64, ssize_t, int, const void *, size_t, off64_t)
REAL(ftruncate, int, int, off_t)
REAL(ftruncate64, int, int, off64_t)
REAL(fsync, int, int)
REAL(fdatasync, int, int)
REAL(sync_file_range, int, int, off64_t, off64_t, unsigned int)
REAL(rename, int, const char *, const char *)
REAL(renameat, int, int, const char *, int, const char *)
REAL(unlink, int, const char *)
REAL(unlinkat, int, int, const char *, int)

static void after_open(int dirfd, const char *path, int flags, int fd) {
  if (fd < 0 || fd >= MAX_FD) return;
  char abs[4096];
  pthread_mutex_lock(&lock);
  init();
  tracked[fd] = T_NONE;
  if ((dirfd == AT_FDCWD || path[0] == '/') && absolute(path, abs, sizeof abs)) {
    int k = kind_of(abs);
    tracked[fd] = (char)k;
    if (k == T_FILE) emit(1, fd, (uint64_t)(unsigned)flags, 0, abs, (uint32_t)strlen(abs), 0, 0);
  }
  pthread_mutex_unlock(&lock);
}

#define OPEN_BODY(name, dirfd_expr, call)               \
  mode_t mode = 0;                                      \
  if (flags & (O_CREAT | O_TMPFILE)) {                  \
    va_list ap;                                         \
    va_start(ap, flags);                                \
    mode = va_arg(ap, mode_t);                          \
    va_end(ap);                                         \
  }                                                     \
  load_##name();                                        \
  int fd = call;                                        \
  if (fd >= 0) after_open(dirfd_expr, path, flags, fd); \
  return fd;

int open(const char *path, int flags, ...) { OPEN_BODY(open, AT_FDCWD, real_open(path, flags, mode)) }
int open64(const char *path, int flags, ...) {
  OPEN_BODY(open64, AT_FDCWD, real_open64(path, flags, mode))
}
int openat(int dirfd, const char *path, int flags, ...) {
  OPEN_BODY(openat, dirfd, real_openat(dirfd, path, flags, mode))
}
int openat64(int dirfd, const char *path, int flags, ...) {
  OPEN_BODY(openat64, dirfd, real_openat64(dirfd, path, flags, mode))
}

int close(int fd) {
  load_close();
  pthread_mutex_lock(&lock);
  int k = kind_fd(fd);
  int r = real_close(fd);
  if (k != T_NONE) {
    tracked[fd] = T_NONE;
    if (k == T_FILE) emit(2, fd, 0, 0, 0, 0, 0, 0);
  }
  pthread_mutex_unlock(&lock);
  return r;
}

ssize_t write(int fd, const void *buf, size_t n) {
  load_write();
  if (kind_fd(fd) == T_NONE) return real_write(fd, buf, n);
  pthread_mutex_lock(&lock);
  off_t at = lseek(fd, 0, SEEK_CUR);
  ssize_t r = real_write(fd, buf, n);
  if (r > 0) {
    if (kind_fd(fd) == T_MARK)
      emit(10, fd, 0, 0, buf, (uint32_t)r, 0, 0);
    else
      emit(3, fd, (uint64_t)at, 0, buf, (uint32_t)r, 0, 0);
  }
  pthread_mutex_unlock(&lock);
  return r;
}

ssize_t writev(int fd, const struct iovec *iov, int cnt) {
  load_writev();
  if (kind_fd(fd) == T_NONE) return real_writev(fd, iov, cnt);
  pthread_mutex_lock(&lock);
  off_t at = lseek(fd, 0, SEEK_CUR);
  ssize_t r = real_writev(fd, iov, cnt);
  ssize_t left = r;
  for (int i = 0; i < cnt && left > 0; i++) {
    size_t n = iov[i].iov_len < (size_t)left ? iov[i].iov_len : (size_t)left;
    if (kind_fd(fd) == T_MARK)
      emit(10, fd, 0, 0, iov[i].iov_base, (uint32_t)n, 0, 0);
    else
      emit(3, fd, (uint64_t)at, 0, iov[i].iov_base, (uint32_t)n, 0, 0);
    at += (off_t)n;
    left -= (ssize_t)n;
  }
  pthread_mutex_unlock(&lock);
  return r;
}

static void after_pwrite(int fd, const void *buf, ssize_t r, uint64_t at) {
  if (r <= 0 || kind_fd(fd) != T_FILE) return;
  pthread_mutex_lock(&lock);
  emit(3, fd, at, 0, buf, (uint32_t)r, 0, 0);
  pthread_mutex_unlock(&lock);
}

ssize_t pwrite(int fd, const void *buf, size_t n, off_t at) {
  load_pwrite();
  ssize_t r = real_pwrite(fd, buf, n, at);
  after_pwrite(fd, buf, r, (uint64_t)at);
  return r;
}

ssize_t pwrite64(int fd, const void *buf, size_t n, off64_t at) {
  load_pwrite64();
  ssize_t r = real_pwrite64(fd, buf, n, at);
  after_pwrite(fd, buf, r, (uint64_t)at);
  return r;
}

static void after_truncate(int fd, int r, uint64_t len) {
  if (r != 0 || kind_fd(fd) != T_FILE) return;
  pthread_mutex_lock(&lock);
  emit(4, fd, len, 0, 0, 0, 0, 0);
  pthread_mutex_unlock(&lock);
}

int ftruncate(int fd, off_t len) {
  load_ftruncate();
  int r = real_ftruncate(fd, len);
  after_truncate(fd, r, (uint64_t)len);
  return r;
}

int ftruncate64(int fd, off64_t len) {
  load_ftruncate64();
  int r = real_ftruncate64(fd, len);
  after_truncate(fd, r, (uint64_t)len);
  return r;
}

static int do_sync(int fd, int full) {
  int k = kind_fd(fd);
  if (k == T_FILE) {
    pthread_mutex_lock(&lock);
    emit(5, fd, (uint64_t)full, 0, 0, 0, 0, 0);
    pthread_mutex_unlock(&lock);
  }
  int r = full ? real_fsync(fd) : real_fdatasync(fd);
  if (k == T_FILE && r == 0) {
    pthread_mutex_lock(&lock);
    emit(6, fd, (uint64_t)full, 0, 0, 0, 0, 0);
    pthread_mutex_unlock(&lock);
  }
  return r;
}

int fsync(int fd) {
  load_fsync();
  return do_sync(fd, 1);
}

int fdatasync(int fd) {
  load_fdatasync();
  return do_sync(fd, 0);
}

int sync_file_range(int fd, off64_t at, off64_t n, unsigned int flags) {
  load_sync_file_range();
  int r = real_sync_file_range(fd, at, n, flags);
  unsigned int all = SYNC_FILE_RANGE_WAIT_BEFORE | SYNC_FILE_RANGE_WRITE | SYNC_FILE_RANGE_WAIT_AFTER;
  if (r == 0 && kind_fd(fd) == T_FILE && (flags & all) == all) {
    pthread_mutex_lock(&lock);
    emit(7, fd, (uint64_t)at, (uint64_t)n, 0, 0, 0, 0);
    pthread_mutex_unlock(&lock);
  }
  return r;
}

static void after_rename(const char *from, const char *to) {
  char a[4096], b[4096];
  pthread_mutex_lock(&lock);
  init();
  if (absolute(from, a, sizeof a) && absolute(to, b, sizeof b) &&
      (kind_of(a) == T_FILE || kind_of(b) == T_FILE))
    emit(8, -1, 0, 0, a, (uint32_t)strlen(a), b, (uint32_t)strlen(b));
  pthread_mutex_unlock(&lock);
}

int rename(const char *from, const char *to) {
  load_rename();
  int r = real_rename(from, to);
  if (r == 0) after_rename(from, to);
  return r;
}

int renameat(int fd1, const char *from, int fd2, const char *to) {
  load_renameat();
  int r = real_renameat(fd1, from, fd2, to);
  if (r == 0 && (fd1 == AT_FDCWD || from[0] == '/') && (fd2 == AT_FDCWD || to[0] == '/'))
    after_rename(from, to);
  return r;
}

static void after_unlink(const char *path) {
  char a[4096];
  pthread_mutex_lock(&lock);
  init();
  if (absolute(path, a, sizeof a) && kind_of(a) == T_FILE)
    emit(9, -1, 0, 0, a, (uint32_t)strlen(a), 0, 0);
  pthread_mutex_unlock(&lock);
}

int unlink(const char *path) {
  load_unlink();
  int r = real_unlink(path);
  if (r == 0) after_unlink(path);
  return r;
}

int unlinkat(int fd, const char *path, int flags) {
  load_unlinkat();
  int r = real_unlinkat(fd, path, flags);
  if (r == 0 && !(flags & AT_REMOVEDIR) && (fd == AT_FDCWD || path[0] == '/')) after_unlink(path);
  return r;
}
