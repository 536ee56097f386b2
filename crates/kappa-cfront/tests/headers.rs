//! Every standard header of C11 and the common POSIX ones lower, in both data models: their
//! constant expressions (glibc's `?:` in enums), GNU extensions and floating-point declarations
//! must not stop a program that does not use them.

use kappa_cfront::{lower_file, Options};
use kappa_ir::DataModel;

const C11: &[&str] = &[
    "assert.h",
    "complex.h",
    "ctype.h",
    "errno.h",
    "fenv.h",
    "float.h",
    "inttypes.h",
    "iso646.h",
    "limits.h",
    "locale.h",
    "math.h",
    "setjmp.h",
    "signal.h",
    "stdalign.h",
    "stdarg.h",
    "stdatomic.h",
    "stdbool.h",
    "stddef.h",
    "stdint.h",
    "stdio.h",
    "stdlib.h",
    "stdnoreturn.h",
    "string.h",
    "tgmath.h",
    "threads.h",
    "time.h",
    "uchar.h",
    "wchar.h",
    "wctype.h",
];

const POSIX: &[&str] = &[
    "unistd.h",
    "fcntl.h",
    "sys/types.h",
    "sys/stat.h",
    "strings.h",
    "getopt.h",
    "libgen.h",
    "dirent.h",
    "sys/time.h",
    "poll.h",
    "pthread.h",
    "regex.h",
    "sys/wait.h",
    "termios.h",
    "sys/mman.h",
    "sys/socket.h",
    "netinet/in.h",
    "arpa/inet.h",
    "netdb.h",
    "sys/ioctl.h",
    "sys/resource.h",
    "sys/utsname.h",
    "pwd.h",
    "grp.h",
    "glob.h",
    "fnmatch.h",
    "sys/select.h",
    "sched.h",
    "semaphore.h",
    "syslog.h",
    "err.h",
    "endian.h",
    "search.h",
    "sys/uio.h",
    "sys/param.h",
    "stdio_ext.h",
    "wordexp.h",
    "langinfo.h",
    "iconv.h",
];

fn lower_with(headers: &[&str], body: &str, dm: DataModel) {
    let dir = tempfile::tempdir().expect("temporary directory");
    let mut src: String = headers.iter().map(|h| format!("#include <{h}>\n")).collect();
    src.push_str(body);
    let path = dir.path().join("headers.c");
    std::fs::write(&path, &src).expect("write the program");
    let opts = Options { data_model: dm, ..Options::default() };
    if let Err(d) = lower_file(&path, &opts) {
        panic!("{} ({}): {}", headers.join(" "), dm.name(), d);
    }
}

#[test]
fn every_standard_and_posix_header_lowers() {
    let all: Vec<&str> = C11.iter().chain(POSIX).copied().collect();
    let body = "int main(int argc, char **argv) {\n  return (argv[0][0] == (char)_ISdigit) + argc + EOF + CHAR_BIT + (int)sizeof(FILE);\n}\n";
    for dm in [DataModel::LP64, DataModel::ILP32] {
        lower_with(&all, body, dm);
    }
    // One at a time too: no header may depend on another one having been included first.
    for h in &all {
        lower_with(&[h], "int main(void) { return 0; }\n", DataModel::LP64);
    }
}
