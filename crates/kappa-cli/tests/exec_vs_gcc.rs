//! The lowering agrees with gcc: every program of `tests/programs/exec` (deterministic, no
//! input) gives, run by the IR interpreter, the same standard output and exit status as the
//! program compiled by gcc, in both data models. Where gcc can build for a data model here, the
//! program is compiled and run now; otherwise the recorded `NAME.expected-<MODEL>` (written by
//! `regen.sh` with gcc) is the reference.

use kappa_cfront::Options;
use kappa_interp::{run_main, Config, Outcome, ZeroInput};
use kappa_ir::{DataModel, ErrorKind};
use std::path::{Path, PathBuf};
use std::process::Command;

fn exec_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/programs/exec")
}

fn programs() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(exec_dir())
        .expect("tests/programs/exec exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .collect();
    v.sort();
    v
}

/// Output and exit status as the shell reports them (128 + signal for a signal).
#[derive(Debug, PartialEq)]
struct Observed {
    stdout: String,
    status: i32,
}

impl Observed {
    /// The program's output, then `exit: N` on a line of its own unless the output does not
    /// end with a newline.
    fn parse_expected(text: &str) -> Observed {
        let idx = text.rfind("exit: ").expect("expected file ends with `exit: N`");
        let status = text[idx + 6..].trim().parse().expect("exit status is a number");
        Observed { stdout: text[..idx].to_string(), status }
    }
}

fn flag(dm: DataModel) -> &'static str {
    match dm {
        DataModel::ILP32 => "-m32",
        DataModel::LP64 => "-m64",
    }
}

/// gcc with stdout unbuffered, so that output before abort() is kept (as regen.sh does).
fn gcc_run(src: &Path, dm: DataModel, dir: &Path) -> Option<Observed> {
    let unbuf = dir.join("unbuffered.c");
    std::fs::write(
        &unbuf,
        "#include <stdio.h>\n__attribute__((constructor)) static void u(void) { setvbuf(stdout, NULL, _IONBF, 0); }\n",
    )
    .ok()?;
    let bin = dir.join(format!("{}.{}", src.file_stem()?.to_string_lossy(), dm.name()));
    let ok = Command::new("gcc")
        .args(["-O0", "-fwrapv", "-w", flag(dm), "-o"])
        .arg(&bin)
        .arg(src)
        .arg(&unbuf)
        .output()
        .ok()?
        .status
        .success();
    if !ok {
        return None;
    }
    let out = Command::new(&bin).output().ok()?;
    use std::os::unix::process::ExitStatusExt;
    let status = out.status.code().unwrap_or_else(|| 128 + out.status.signal().unwrap_or(0));
    Some(Observed { stdout: String::from_utf8_lossy(&out.stdout).into_owned(), status })
}

fn gcc_works(dm: DataModel, dir: &Path) -> bool {
    let src = dir.join("probe.c");
    std::fs::write(&src, "#include <stdio.h>\nint main(void) { printf(\"%d\\n\", (int)sizeof(long)); return 0; }\n")
        .is_ok()
        && gcc_run(&src, dm, dir).is_some_and(|o| o.status == 0)
}

fn interpret(src: &Path, dm: DataModel) -> Result<Observed, String> {
    let opts = Options { data_model: dm, ..Options::default() };
    let prog = kappa_libc::lower_file(src, &opts).map_err(|d| format!("does not lower: {d}"))?;
    let cfg = Config { check_determinism: true, ..Config::default() };
    let r = run_main(&prog, &mut ZeroInput, &cfg);
    let status = match &r.outcome {
        Outcome::Exit(c) => c & 0xff,
        Outcome::Abort => 134,
        // A failing assert() prints to stderr and aborts.
        Outcome::Error { kind: ErrorKind::Assert, .. } => 134,
        other => return Err(format!("interpreter ended with {other:?}")),
    };
    Ok(Observed { stdout: r.output_str(), status })
}

fn check_model(dm: DataModel) {
    let tmp = tempfile::tempdir().expect("temp dir");
    let live = gcc_works(dm, tmp.path());
    let mut failures = Vec::new();
    let mut compared = 0;
    for src in programs() {
        let name = src.file_name().unwrap_or_default().to_string_lossy().into_owned();
        let expected_file = src.with_extension(format!("expected-{}", dm.name()));
        let recorded = std::fs::read_to_string(&expected_file).ok().map(|t| Observed::parse_expected(&t));
        let reference = if live {
            let Some(obs) = gcc_run(&src, dm, tmp.path()) else {
                failures.push(format!("{name}: gcc cannot build it"));
                continue;
            };
            if let Some(rec) = &recorded {
                if *rec != obs {
                    failures.push(format!("{name}: {} is stale (regen.sh)", expected_file.display()));
                }
            }
            obs
        } else {
            match recorded {
                Some(r) => r,
                None => {
                    failures.push(format!("{name}: no {} and no gcc for {}", expected_file.display(), dm.name()));
                    continue;
                }
            }
        };
        match interpret(&src, dm) {
            Ok(obs) if obs == reference => compared += 1,
            Ok(obs) => failures.push(format!(
                "{name}: interpreter differs from gcc\n--- gcc (exit {})\n{}--- kappa (exit {})\n{}",
                reference.status, reference.stdout, obs.status, obs.stdout
            )),
            Err(e) => failures.push(format!("{name}: {e}")),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of the programs disagree with gcc ({}):\n{}",
        failures.len(),
        dm.name(),
        failures.join("\n")
    );
    assert!(compared >= 40, "only {compared} programs compared");
    eprintln!(
        "{compared} programs agree with gcc in {} ({})",
        dm.name(),
        if live { "gcc run now" } else { "recorded gcc output" }
    );
}

#[test]
fn lowering_agrees_with_gcc_lp64() {
    check_model(DataModel::LP64);
}

#[test]
fn lowering_agrees_with_gcc_ilp32() {
    check_model(DataModel::ILP32);
}
