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
) -> Result<String> {
    let cpp = preprocessor();
    let mut cmd = Command::new(&cpp);
    cmd.arg("-E").arg("-std=gnu11");
    cmd.arg(match dm {
        DataModel::ILP32 => "-m32",
        DataModel::LP64 => "-m64",
    });
    cmd.arg("-D__KAPPA__");
    for d in include_dirs {
        cmd.arg("-I").arg(d);
    }
    for d in defines {
        cmd.arg(format!("-D{d}"));
    }
    cmd.arg(path);
    let out = cmd.output().map_err(|e| {
        Diagnostic::error(format!("cannot run the C preprocessor `{cpp} -E`: {e} (set KAPPA_CPP to another one)"))
    })?;
    if !out.status.success() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        let mut diag = first_gcc_error(&stderr)
            .unwrap_or_else(|| Diagnostic::error(format!("the preprocessor failed: {}", stderr.trim())));
        if dm == DataModel::ILP32 && stderr.contains("stubs-32.h") {
            diag.message.push_str(" (the ILP32 data model needs 32-bit C headers: install gcc-multilib)");
        }
        return Err(diag);
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
