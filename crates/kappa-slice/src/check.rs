//! Checks a slice against its original program with gcc: both are compiled with a harness that
//! answers `__VERIFIER_nondet_*()` by line and occurrence (the slice's `#line` directives keep
//! the original lines, so both read the same value at the same read), run on many random
//! inputs, and their endings and target values compared.
//!
//! The programs must read at most one input per line and declare the input functions with
//! parenthesised names (`extern int (__VERIFIER_nondet_int)(void);`, as [`crate::gen`] and
//! the decompiler write them), so that the harness's macros replace the calls only.

use std::path::Path;
use std::process::Command;

const HEADER: &str = r#"
unsigned long long __kappa_nd(int line);
#define __VERIFIER_nondet_int() ((int)__kappa_nd(__LINE__))
#define __VERIFIER_nondet_uint() ((unsigned int)__kappa_nd(__LINE__))
#define __VERIFIER_nondet_char() ((char)__kappa_nd(__LINE__))
#define __VERIFIER_nondet_uchar() ((unsigned char)__kappa_nd(__LINE__))
#define __VERIFIER_nondet_short() ((short)__kappa_nd(__LINE__))
#define __VERIFIER_nondet_ushort() ((unsigned short)__kappa_nd(__LINE__))
#define __VERIFIER_nondet_long() ((long)__kappa_nd(__LINE__))
#define __VERIFIER_nondet_ulong() ((unsigned long)__kappa_nd(__LINE__))
#define __VERIFIER_nondet_bool() ((_Bool)(__kappa_nd(__LINE__) & 1))
"#;

const RUNTIME: &str = r#"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>
extern int __kappa_main(void);
extern void __kappa_targets(char *buf, unsigned long n);
static unsigned long long seed;
static unsigned counts[1 << 16];
static int out_fd = -1;
unsigned long long __kappa_nd(int line) {
    unsigned k = counts[line & 0xffff]++;
    unsigned long long h = seed * 0x9E3779B97F4A7C15ull ^ (unsigned long long)line * 0xC2B2AE3D27D4EB4Full
        ^ ((unsigned long long)k + 1) * 0x165667B19E3779F9ull;
    h ^= h >> 29; h *= 0xBF58476D1CE4E5B9ull; h ^= h >> 32; h *= 0x94D049BB133111EBull; h ^= h >> 29;
    unsigned sel = h & 15;
    unsigned long long r = h >> 8;
    if (sel < 10) return (unsigned long long)((long long)(r % 9) - 3);
    if (sel < 14) return (unsigned long long)((long long)(r % 201) - 100);
    return r ^ (r << 40);
}
static void say(const char *s) { if (write(out_fd, s, strlen(s)) < 0) _exit(3); }
void reach_error(void) { say("ERROR\n"); _exit(0); }
void __VERIFIER_assume(int c) { if (!c) { say("BLOCKED\n"); _exit(0); } }
int main(int argc, char **argv) {
    unsigned long long first = argc > 1 ? strtoull(argv[1], 0, 10) : 0;
    unsigned long long n = argc > 2 ? strtoull(argv[2], 0, 10) : 100;
    for (unsigned long long s = first; s < first + n; s++) {
        int fds[2];
        if (pipe(fds) != 0) return 2;
        fflush(stdout);
        pid_t pid = fork();
        if (pid == 0) {
            close(fds[0]);
            out_fd = fds[1];
            seed = s;
            alarm(5);
            __kappa_main();
            char buf[512] = "END ";
            __kappa_targets(buf + 4, sizeof buf - 8);
            strcat(buf, "\n");
            say(buf);
            _exit(0);
        }
        close(fds[1]);
        char buf[1024];
        size_t len = 0;
        ssize_t k;
        while ((k = read(fds[0], buf + len, sizeof buf - 1 - len)) > 0) len += (size_t)k;
        buf[len] = 0;
        close(fds[0]);
        int st = 0;
        waitpid(pid, &st, 0);
        if (len == 0) {
            if (WIFEXITED(st)) snprintf(buf, sizeof buf, "EXIT %d\n", WEXITSTATUS(st));
            else snprintf(buf, sizeof buf, "SIGNAL %d\n", WTERMSIG(st));
        }
        printf("%llu %s", s, buf);
    }
    return 0;
}
"#;

/// The outcome of one comparison.
#[derive(Clone, Debug)]
pub struct Comparison {
    pub runs: u64,
    /// Runs on which the slice behaved differently: seed, original's line, slice's line.
    pub mismatches: Vec<(u64, String, String)>,
    /// How the original's runs ended (`END …`, `ERROR`, `BLOCKED`, …), with counts.
    pub endings: Vec<(String, u64)>,
}

/// Whether gcc is there.
pub fn gcc_available() -> bool {
    Command::new("gcc").arg("--version").output().is_ok_and(|o| o.status.success())
}

fn build(dir: &Path, name: &str, source: &str, targets: &[String]) -> Result<std::path::PathBuf, String> {
    let mut src = source.to_string();
    src.push_str("\nint snprintf(char *, unsigned long, const char *, ...);\n");
    src.push_str("void __kappa_targets(char *buf, unsigned long n) {\n    snprintf(buf, n, \"%s");
    src.push_str(&vec![" %llx"; targets.len()].join(""));
    src.push_str("\", \"\"");
    for t in targets {
        src.push_str(&format!(", (unsigned long long)(unsigned int){t}"));
    }
    src.push_str(");\n}\n");
    let c = dir.join(format!("{name}.c"));
    std::fs::write(&c, src).map_err(|e| e.to_string())?;
    let h = dir.join("kappa_harness.h");
    std::fs::write(&h, HEADER).map_err(|e| e.to_string())?;
    let rt = dir.join("kappa_runtime.o");
    if !rt.exists() {
        let src = dir.join("kappa_runtime.c");
        std::fs::write(&src, RUNTIME).map_err(|e| e.to_string())?;
        let out = Command::new("gcc")
            .args(["-std=gnu11", "-O1", "-w", "-c"])
            .arg(&src)
            .arg("-o")
            .arg(&rt)
            .output()
            .map_err(|e| format!("cannot run gcc: {e}"))?;
        if !out.status.success() {
            return Err(format!("gcc rejects the harness: {}", String::from_utf8_lossy(&out.stderr)));
        }
    }
    let obj = dir.join(format!("{name}.o"));
    let out = Command::new("gcc")
        .args(["-std=gnu11", "-O0", "-fwrapv", "-w", "-Dmain=__kappa_main", "-include"])
        .arg(&h)
        .arg("-c")
        .arg(&c)
        .arg("-o")
        .arg(&obj)
        .output()
        .map_err(|e| format!("cannot run gcc: {e}"))?;
    if !out.status.success() {
        return Err(format!("gcc rejects {name}.c: {}", String::from_utf8_lossy(&out.stderr)));
    }
    let exe = dir.join(name);
    let out = Command::new("gcc")
        .args(["-std=gnu11", "-w"])
        .arg(&rt)
        .arg(&obj)
        .arg("-o")
        .arg(&exe)
        .output()
        .map_err(|e| format!("cannot run gcc: {e}"))?;
    if !out.status.success() {
        return Err(format!("gcc cannot link {name}: {}", String::from_utf8_lossy(&out.stderr)));
    }
    Ok(exe)
}

fn run(exe: &Path, first: u64, n: u64) -> Result<Vec<String>, String> {
    let out = Command::new(exe)
        .arg(first.to_string())
        .arg(n.to_string())
        .output()
        .map_err(|e| format!("cannot run {}: {e}", exe.display()))?;
    Ok(String::from_utf8_lossy(&out.stdout).lines().map(str::to_string).collect())
}

/// The ending as the criterion sees it: for a property, only whether an error was reached.
fn view(line: &str, property: bool) -> String {
    let rest = line.split_once(' ').map(|x| x.1).unwrap_or("");
    if property {
        if rest.starts_with("ERROR") {
            "ERROR".into()
        } else {
            "no error".into()
        }
    } else {
        rest.to_string()
    }
}

/// The original program, compiled once, against which slices are compared.
pub struct Checker {
    dir: std::path::PathBuf,
    original: std::path::PathBuf,
    runs: u64,
    /// The original's runs.
    lines: Vec<String>,
    count: usize,
}

impl Checker {
    /// Compiles the original (printing `targets` when it ends normally) in `dir` and runs it on
    /// `runs` inputs.
    pub fn new(dir: &Path, original: &str, targets: &[String], runs: u64) -> Result<Checker, String> {
        let exe = build(dir, "original", original, targets)?;
        let lines = run(&exe, 1, runs)?;
        if lines.len() != runs as usize {
            return Err(format!("the harness ran {} of {runs} runs of the original", lines.len()));
        }
        Ok(Checker { dir: dir.to_path_buf(), original: exe, runs, lines, count: 0 })
    }

    /// Compiles a slice and compares it with the original on the same inputs. `targets` are
    /// the variables the slice keeps (none for a property).
    pub fn compare(&mut self, sliced: &str, targets: &[String], property: bool) -> Result<Comparison, String> {
        self.count += 1;
        let b = build(&self.dir, &format!("sliced{}", self.count), sliced, targets)?;
        let rb = run(&b, 1, self.runs)?;
        if rb.len() != self.runs as usize {
            return Err(format!("the harness ran {} of {} runs of the slice", rb.len(), self.runs));
        }
        let _ = &self.original;
        let mut cmp = Comparison { runs: self.runs, mismatches: Vec::new(), endings: Vec::new() };
        for (x, y) in self.lines.iter().zip(&rb) {
            let kind = x.split_whitespace().nth(1).unwrap_or("").to_string();
            match cmp.endings.iter_mut().find(|e| e.0 == kind) {
                Some(e) => e.1 += 1,
                None => cmp.endings.push((kind, 1)),
            }
            if view(x, property) != view(y, property) {
                let seed = x.split_whitespace().next().and_then(|s| s.parse().ok()).unwrap_or(0);
                cmp.mismatches.push((seed, x.clone(), y.clone()));
            }
        }
        Ok(cmp)
    }
}
