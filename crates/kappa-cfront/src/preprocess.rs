//! Runs the system C preprocessor. `.i` files are taken as already preprocessed.

use crate::diag::{Diagnostic, Pos, Result};
use kappa_ir::DataModel;
use std::path::Path;
use std::process::Command;

/// The preprocessor command: `$KAPPA_CPP` if set, else `gcc` (run as `gcc -E`).
pub fn preprocessor() -> String {
    std::env::var("KAPPA_CPP").unwrap_or_else(|_| "gcc".to_string())
}

pub fn preprocess(
    path: &Path,
    dm: DataModel,
    include_dirs: &[std::path::PathBuf],
    defines: &[String],
    unit_flags: &[String],
) -> Result<String> {
    let force_emulation = std::env::var_os("KAPPA_EMULATE_M32").is_some();
    if dm == DataModel::ILP32 && !force_emulation {
        match run_cpp(path, &["-m32".to_string()], include_dirs, defines, unit_flags) {
            Ok(text) => return Ok(text),
            // Without 32-bit C headers (gcc-multilib), configure the 64-bit ones for ILP32.
            Err(d) if d.message.contains("No such file") => {}
            Err(d) => return Err(d),
        }
    }
    match dm {
        DataModel::LP64 => run_cpp(path, &["-m64".to_string()], include_dirs, defines, unit_flags),
        DataModel::ILP32 => {
            let shim = m32_shim()?;
            let mut dirs = vec![shim];
            dirs.extend_from_slice(include_dirs);
            let flags: Vec<String> = M32_EMULATION.iter().map(|s| s.to_string()).collect();
            run_cpp(path, &flags, &dirs, defines, unit_flags)
        }
    }
}

/// Predefined macros of `gcc -m32` that the 64-bit glibc headers look at, for machines without
/// the 32-bit headers. `__WORDSIZE` follows from `__x86_64__` being undefined.
const M32_EMULATION: &[&str] = &[
    "-m64",
    "-U__x86_64__",
    "-U__x86_64",
    "-U__amd64__",
    "-U__amd64",
    "-U__LP64__",
    "-U_LP64",
    "-D__i386__=1",
    "-D__i386=1",
    "-Di386=1",
    "-D__ILP32__=1",
    "-U__SIZEOF_LONG__",
    "-D__SIZEOF_LONG__=4",
    "-U__SIZEOF_POINTER__",
    "-D__SIZEOF_POINTER__=4",
    "-U__SIZEOF_SIZE_T__",
    "-D__SIZEOF_SIZE_T__=4",
    "-U__SIZEOF_PTRDIFF_T__",
    "-D__SIZEOF_PTRDIFF_T__=4",
    "-U__SIZE_TYPE__",
    "-D__SIZE_TYPE__=unsigned int",
    "-U__PTRDIFF_TYPE__",
    "-D__PTRDIFF_TYPE__=int",
    "-U__INTPTR_TYPE__",
    "-D__INTPTR_TYPE__=int",
    "-U__UINTPTR_TYPE__",
    "-D__UINTPTR_TYPE__=unsigned int",
    "-U__INT64_TYPE__",
    "-D__INT64_TYPE__=long long int",
    "-U__UINT64_TYPE__",
    "-D__UINT64_TYPE__=long long unsigned int",
    "-U__INTMAX_TYPE__",
    "-D__INTMAX_TYPE__=long long int",
    "-U__UINTMAX_TYPE__",
    "-D__UINTMAX_TYPE__=long long unsigned int",
    "-U__LONG_MAX__",
    "-D__LONG_MAX__=0x7fffffffL",
    "-U__SIZE_MAX__",
    "-D__SIZE_MAX__=0xffffffffU",
    "-U__PTRDIFF_MAX__",
    "-D__PTRDIFF_MAX__=0x7fffffff",
    "-U__INTPTR_MAX__",
    "-D__INTPTR_MAX__=0x7fffffff",
    "-U__UINTPTR_MAX__",
    "-D__UINTPTR_MAX__=0xffffffffU",
    "-U__LONG_WIDTH__",
    "-D__LONG_WIDTH__=32",
];

/// A directory with an empty `gnu/stubs-32.h`, which the 64-bit headers include for 32-bit
/// code and only the 32-bit package provides.
fn m32_shim() -> Result<std::path::PathBuf> {
    // kappa-libc preprocesses the program while it preprocesses its model: one thread at a time
    // checks and writes the stub, so that neither reads it half-written.
    static SHIM: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _one = SHIM.lock().unwrap_or_else(|e| e.into_inner());
    let dir = std::env::temp_dir().join(format!("kappa-m32-shim-{}", std::process::id()));
    let gnu = dir.join("gnu");
    std::fs::create_dir_all(&gnu).map_err(|e| Diagnostic::error(format!("cannot create {}: {e}", gnu.display())))?;
    let stub = gnu.join("stubs-32.h");
    if !stub.exists() {
        std::fs::write(&stub, "/* kappa: no stub list for the emulated -m32 */\n")
            .map_err(|e| Diagnostic::error(format!("cannot write {}: {e}", stub.display())))?;
    }
    Ok(dir)
}

/// `unit_flags`: the unit's own flags from a compilation database, after kappa's and the
/// command line's (a `-std=` there replaces kappa's `gnu11`: gcc takes the last).
fn run_cpp(
    path: &Path,
    flags: &[String],
    include_dirs: &[std::path::PathBuf],
    defines: &[String],
    unit_flags: &[String],
) -> Result<String> {
    let cpp = preprocessor();
    let mut cmd = Command::new(&cpp);
    cmd.arg("-E").arg("-std=gnu11").args(flags);
    cmd.arg("-D__KAPPA__");
    // GNU floating types lang-c does not parse; only declarations in headers mention them.
    cmd.arg("-D__float128=long double").arg("-D__float80=long double").arg("-D__bf16=short");
    for d in include_dirs {
        cmd.arg("-I").arg(d);
    }
    for d in defines {
        cmd.arg(format!("-D{d}"));
    }
    cmd.args(unit_flags);
    cmd.arg(path);
    let out = cmd.output().map_err(|e| {
        Diagnostic::error(format!("cannot run the C preprocessor `{cpp} -E`: {e} (set KAPPA_CPP to another one)"))
    })?;
    if !out.status.success() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        return Err(first_gcc_error(&stderr)
            .unwrap_or_else(|| Diagnostic::error(format!("the preprocessor failed: {}", stderr.trim()))));
    }
    String::from_utf8(out.stdout)
        .map_err(|_| Diagnostic::error(format!("{}: the file is not UTF-8 text", path.display())))
}

/// The first `file:line:col: error: message` of gcc's output.
fn first_gcc_error(stderr: &str) -> Option<Diagnostic> {
    for line in stderr.lines() {
        let Some(idx) = line.find(": error: ").or_else(|| line.find(": fatal error: ")) else { continue };
        let (loc, msg) = line.split_at(idx);
        let msg = msg.trim_start_matches(": fatal error: ").trim_start_matches(": error: ");
        let mut parts = loc.rsplitn(3, ':');
        let col = parts.next().and_then(|c| c.parse().ok());
        let ln = parts.next().and_then(|l| l.parse().ok());
        let file = parts.next();
        let pos = match (file, ln, col) {
            (Some(file), Some(line), Some(col)) => Some(Pos { file: file.to_string(), line, col }),
            _ => None,
        };
        return Some(Diagnostic::error(msg.to_string()).at(pos));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gcc_errors_keep_their_position() {
        let d =
            first_gcc_error("x.c:3:10: fatal error: nothere.h: No such file or directory\ncompilation terminated.\n")
                .unwrap();
        assert_eq!(d.to_string(), "x.c:3:10: error: nothere.h: No such file or directory");
    }
}
