/* <stdio.h>, <fcntl.h> and <unistd.h> over the program's inputs: standard input and the files
   of `--sym-files` are buffers the engine (symbolic bytes) or the interpreter (concrete bytes)
   provides before main runs; output to stdout goes through putchar (kappa's output operation),
   output to stderr and to files is discarded. A stream is glibc's own FILE structure, with the
   read pointers over its buffer. The printf family is lowered by the front-end (see
   kappa-libc's README section), not here: kappa has no variadic definitions. */
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Set before main by the engine or the interpreter (kappa_ir::testcase::ProgramInputs). */
unsigned char *__kappa_stdin_data = NULL;
unsigned long __kappa_stdin_len = 0;
struct __kappa_file {
    const char *name;
    unsigned char *data;
    unsigned long len;
};
struct __kappa_file *__kappa_files = NULL;
int __kappa_nfiles = 0;

#define K_READ 0x1
#define K_WRITE 0x2
#define K_OPEN 0x4
#define K_INIT 0x8
#define K_EOF 0x10
#define K_ERR 0x20

static FILE __kappa_stdin_file = {._flags = K_READ | K_OPEN, ._fileno = 0};
static FILE __kappa_stdout_file = {._flags = K_WRITE | K_OPEN, ._fileno = 1};
static FILE __kappa_stderr_file = {._flags = K_WRITE | K_OPEN, ._fileno = 2};
FILE *stdin = &__kappa_stdin_file;
FILE *stdout = &__kappa_stdout_file;
FILE *stderr = &__kappa_stderr_file;
/* Imported globals live in memory: take their addresses. */
FILE **__kappa_std_streams[3] = {&stdin, &stdout, &stderr};

#define MAX_FDS 16
static FILE *__kappa_fds[MAX_FDS] = {&__kappa_stdin_file, &__kappa_stdout_file, &__kappa_stderr_file};

/* Checks the stream is one the library made and is open; attaches standard input's buffer. */
static FILE *__kappa_stream(FILE *f) {
    if (!(f->_flags & K_OPEN))
        abort(); /* a closed stream: glibc's behaviour is undefined */
    if (f == &__kappa_stdin_file && !(f->_flags & K_INIT)) {
        f->_flags |= K_INIT;
        f->_IO_read_base = (char *)__kappa_stdin_data;
        f->_IO_read_ptr = (char *)__kappa_stdin_data;
        f->_IO_read_end = (char *)__kappa_stdin_data + __kappa_stdin_len;
    }
    return f;
}

int fgetc(FILE *f) {
    f = __kappa_stream(f);
    if (!(f->_flags & K_READ)) {
        f->_flags |= K_ERR;
        errno = EBADF;
        return EOF;
    }
    if (f->_IO_read_ptr == NULL || f->_IO_read_ptr >= f->_IO_read_end) {
        f->_flags |= K_EOF;
        return EOF;
    }
    return (unsigned char)*f->_IO_read_ptr++;
}

int getc(FILE *f) {
    return fgetc(f);
}

int getchar(void) {
    return fgetc(stdin);
}

int getc_unlocked(FILE *f) {
    return fgetc(f);
}

int getchar_unlocked(void) {
    return fgetc(stdin);
}

int ungetc(int c, FILE *f) {
    f = __kappa_stream(f);
    if (c == EOF || f->_IO_read_ptr == NULL || f->_IO_read_ptr == f->_IO_read_base)
        return EOF;
    /* glibc pushes back into its own buffer; the input buffer is the program's, so only the
       character just read may be pushed back. */
    if ((unsigned char)f->_IO_read_ptr[-1] != (unsigned char)c)
        abort();
    f->_IO_read_ptr--;
    f->_flags &= ~K_EOF;
    return (unsigned char)c;
}

char *fgets(char *restrict s, int n, FILE *restrict f) {
    int i = 0;
    if (n <= 0)
        return NULL;
    while (i < n - 1) {
        int c = fgetc(f);
        if (c == EOF)
            break;
        s[i++] = (char)c;
        if (c == '\n')
            break;
    }
    if (i == 0 && n > 1)
        return NULL;
    s[i] = 0;
    return s;
}

size_t fread(void *restrict p, size_t size, size_t n, FILE *restrict f) {
    unsigned char *d = p;
    size_t total = size * n, i = 0;
    if (total == 0)
        return 0;
    for (; i < total; i++) {
        int c = fgetc(f);
        if (c == EOF)
            break;
        d[i] = (unsigned char)c;
    }
    return i / size;
}

ssize_t getdelim(char **lineptr, size_t *n, int delim, FILE *f) {
    size_t len = 0;
    int c = fgetc(f);
    if (c == EOF)
        return -1;
    if (*lineptr == NULL || *n == 0) {
        *n = 120;
        *lineptr = realloc(*lineptr, *n);
    }
    for (; c != EOF; c = fgetc(f)) {
        if (len + 2 > *n) {
            *n = *n * 2;
            *lineptr = realloc(*lineptr, *n);
        }
        (*lineptr)[len++] = (char)c;
        if (c == delim)
            break;
    }
    (*lineptr)[len] = 0;
    return (ssize_t)len;
}

ssize_t getline(char **lineptr, size_t *n, FILE *f) {
    return getdelim(lineptr, n, '\n', f);
}

int feof(FILE *f) {
    return (__kappa_stream(f)->_flags & K_EOF) != 0;
}

int ferror(FILE *f) {
    return (__kappa_stream(f)->_flags & K_ERR) != 0;
}

void clearerr(FILE *f) {
    __kappa_stream(f)->_flags &= ~(K_EOF | K_ERR);
}

int fileno(FILE *f) {
    return __kappa_stream(f)->_fileno;
}

/* A stream without a read buffer (a sink: a file opened for writing only) swallows what is
   written, but its position (_offset) and end (_old_offset) advance, for fseek and ftell.
   Without a branch: printf's count may be symbolic. Standard output and error are left alone
   (their position depends on what they are: a pipe has none). */
static void __kappa_advance(FILE *f, size_t n) {
    if (f == &__kappa_stdout_file || f == &__kappa_stderr_file || f->_IO_read_base != NULL)
        return;
    f->_offset += (long)n;
    f->_old_offset =
        (long)__kappa_select(f->_offset > f->_old_offset, (size_t)f->_offset, (size_t)f->_old_offset);
}

int fputc(int c, FILE *f) {
    f = __kappa_stream(f);
    if (!(f->_flags & K_WRITE)) {
        f->_flags |= K_ERR;
        errno = EBADF;
        return EOF;
    }
    if (f == &__kappa_stdout_file)
        putchar(c);
    else
        __kappa_advance(f, 1);
    return (unsigned char)c;
}

int putc(int c, FILE *f) {
    return fputc(c, f);
}

int putchar_unlocked(int c) {
    return fputc(c, stdout);
}

int fputs(const char *restrict s, FILE *restrict f) {
    for (size_t i = 0; s[i]; i++)
        if (fputc((unsigned char)s[i], f) == EOF)
            return EOF;
    return 1;
}

size_t fwrite(const void *restrict p, size_t size, size_t n, FILE *restrict f) {
    const unsigned char *s = p;
    size_t total = size * n;
    if (total == 0)
        return 0;
    for (size_t i = 0; i < total; i++)
        if (fputc(s[i], f) == EOF)
            return i / size;
    return n;
}

int fflush(FILE *f) {
    if (f != NULL)
        __kappa_stream(f);
    return 0;
}

void perror(const char *s) {
    if (s != NULL)
        (void)strlen(s);
}

/* Nothing is buffered: only the mode is checked, as glibc checks it. */
int setvbuf(FILE *restrict f, char *restrict buf, int mode, size_t size) {
    (void)buf;
    (void)size;
    __kappa_stream(f);
    return mode == _IOFBF || mode == _IOLBF || mode == _IONBF ? 0 : EOF;
}

void setbuf(FILE *restrict f, char *restrict buf) {
    (void)buf;
    __kappa_stream(f);
}

/* The modelled file called `name`, or -1. */
static int __kappa_find_file(const char *name) {
    for (int i = 0; i < __kappa_nfiles; i++)
        if (strcmp(__kappa_files[i].name, name) == 0)
            return i;
    return -1;
}

static int __kappa_new_fd(FILE *f) {
    for (int fd = 3; fd < MAX_FDS; fd++) {
        if (__kappa_fds[fd] == NULL) {
            __kappa_fds[fd] = f;
            f->_fileno = fd;
            return fd;
        }
    }
    errno = EMFILE;
    return -1;
}

/* A stream over modelled file `i` (reading) or a sink (writing, i < 0 allowed). A sink swallows
   what is written but keeps its position (_offset) and end (_old_offset) for fseek and ftell:
   the end of file `i` when appending to it. */
static FILE *__kappa_open_stream(int i, int flags, int append) {
    FILE *f = malloc(sizeof(FILE));
    f->_flags = flags | K_OPEN | K_INIT;
    if (i >= 0 && (flags & K_READ)) {
        f->_IO_read_base = (char *)__kappa_files[i].data;
        f->_IO_read_ptr = f->_IO_read_base;
        f->_IO_read_end = f->_IO_read_base + __kappa_files[i].len;
    } else if (i >= 0 && append) {
        f->_offset = (long)__kappa_files[i].len;
        f->_old_offset = (long)__kappa_files[i].len;
    }
    if (__kappa_new_fd(f) < 0) {
        free(f);
        return NULL;
    }
    return f;
}

FILE *fopen(const char *restrict name, const char *restrict mode) {
    int i = __kappa_find_file(name);
    int flags = 0;
    if (mode[0] == 'r')
        flags = mode[1] == '+' || (mode[1] && mode[2] == '+') ? K_READ | K_WRITE : K_READ;
    else if (mode[0] == 'w' || mode[0] == 'a')
        flags = K_WRITE;
    else {
        errno = EINVAL;
        return NULL;
    }
    if (i < 0 && (flags & K_READ)) {
        errno = ENOENT;
        return NULL;
    }
    return __kappa_open_stream(i, flags, mode[0] == 'a');
}

int fclose(FILE *f) {
    f = __kappa_stream(f);
    if (f->_fileno >= 0 && f->_fileno < MAX_FDS)
        __kappa_fds[f->_fileno] = NULL;
    f->_flags = 0;
    if (f != &__kappa_stdin_file && f != &__kappa_stdout_file && f != &__kappa_stderr_file)
        free(f);
    return 0;
}

/* Past the end is allowed: reads there see EOF. */
int fseek(FILE *f, long off, int whence) {
    f = __kappa_stream(f);
    int sink = f->_IO_read_base == NULL;
    long cur = sink ? (long)f->_offset : f->_IO_read_ptr - f->_IO_read_base;
    long len = sink ? (long)f->_old_offset : f->_IO_read_end - f->_IO_read_base;
    long pos = whence == SEEK_SET ? off : whence == SEEK_CUR ? cur + off : len + off;
    if ((whence != SEEK_SET && whence != SEEK_CUR && whence != SEEK_END) || pos < 0) {
        errno = EINVAL;
        return -1;
    }
    if (sink)
        f->_offset = pos;
    else
        f->_IO_read_ptr = f->_IO_read_base + pos;
    f->_flags &= ~K_EOF;
    return 0;
}

long ftell(FILE *f) {
    f = __kappa_stream(f);
    if (f->_IO_read_base == NULL)
        return (long)f->_offset;
    return f->_IO_read_ptr - f->_IO_read_base;
}

void rewind(FILE *f) {
    fseek(f, 0, SEEK_SET);
    clearerr(f);
}

int __kappa_va_open(const char *name, int oflag) {
    int i = __kappa_find_file(name);
    int acc = oflag & O_ACCMODE;
    if (i < 0 && !(oflag & O_CREAT)) {
        errno = ENOENT;
        return -1;
    }
    FILE *f = __kappa_open_stream(i, acc == O_RDONLY ? K_READ : acc == O_WRONLY ? K_WRITE : K_READ | K_WRITE, 0);
    return f == NULL ? -1 : f->_fileno;
}

static FILE *__kappa_fd(int fd) {
    if (fd < 0 || fd >= MAX_FDS || __kappa_fds[fd] == NULL) {
        errno = EBADF;
        return NULL;
    }
    return __kappa_fds[fd];
}

ssize_t read(int fd, void *buf, size_t n) {
    FILE *f = __kappa_fd(fd);
    if (f == NULL)
        return -1;
    if (!(f->_flags & K_READ)) {
        errno = EBADF;
        return -1;
    }
    return (ssize_t)fread(buf, 1, n, f);
}

ssize_t write(int fd, const void *buf, size_t n) {
    FILE *f = __kappa_fd(fd);
    if (f == NULL)
        return -1;
    if (!(f->_flags & K_WRITE)) {
        errno = EBADF;
        return -1;
    }
    return (ssize_t)fwrite(buf, 1, n, f);
}

int close(int fd) {
    FILE *f = __kappa_fd(fd);
    if (f == NULL)
        return -1;
    __kappa_fds[fd] = NULL;
    f->_flags = 0;
    if (fd > 2)
        free(f);
    return 0;
}
