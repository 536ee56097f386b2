//! The test corpus of `tests/programs` through the `kappa` command: SV-COMP style and
//! preprocessed programs lower; unsupported constructs and malformed inputs are reported with
//! exit code 2, one message naming the problem, at the annotated position, and never a panic.

use kappa_cfront::Options;
use kappa_interp::{run_main, Config, Outcome, ZeroInput};
use kappa_ir::{DataModel, ErrorKind};
use std::path::{Path, PathBuf};
use std::process::Command;

fn corpus(dir: &str, ext: &str) -> Vec<PathBuf> {
    let d = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/programs").join(dir);
    let mut v: Vec<PathBuf> = std::fs::read_dir(&d)
        .unwrap_or_else(|e| panic!("{}: {e}", d.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.to_string_lossy().ends_with(ext))
        .collect();
    v.sort();
    v
}

fn kappa(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_kappa")).args(args).output().expect("run kappa");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `// kappa-expect-error: …` and `// kappa-expect-pos: L:C` (or an `.expect` sidecar).
fn annotations(path: &Path) -> (String, Option<String>) {
    let text = std::fs::read(path).map(|b| String::from_utf8_lossy(&b).into_owned()).unwrap_or_default();
    let sidecar = std::fs::read_to_string(path.with_extension("expect")).unwrap_or_default();
    let find = |key: &str| {
        text.lines().chain(sidecar.lines()).find_map(|l| l.split_once(key).map(|(_, v)| v.trim().to_string()))
    };
    (find("kappa-expect-error:").unwrap_or_default(), find("kappa-expect-pos:"))
}

fn check_rejected(path: &Path, kind_word: Option<&str>) -> Result<(), String> {
    let name = path.display().to_string();
    let (code, stdout, stderr) = kappa(&["ir", &name]);
    let (want, pos) = annotations(path);
    let lines: Vec<&str> = stderr.lines().filter(|l| !l.trim().is_empty()).collect();
    if code != 2 {
        return Err(format!("{name}: exit code {code}, expected 2 (stderr: {stderr})"));
    }
    if stderr.contains("panicked") || stderr.contains("RUST_BACKTRACE") {
        return Err(format!("{name}: panic: {stderr}"));
    }
    if lines.len() != 1 {
        return Err(format!("{name}: expected one message, got {}:\n{stderr}", lines.len()));
    }
    if !stdout.is_empty() {
        return Err(format!("{name}: printed IR although it failed"));
    }
    let msg = lines[0].to_lowercase();
    if !msg.contains(&want.to_lowercase()) {
        return Err(format!("{name}: message does not mention `{want}`: {}", lines[0]));
    }
    if let Some(k) = kind_word {
        if !msg.contains(k) {
            return Err(format!("{name}: message is not marked `{k}`: {}", lines[0]));
        }
    }
    if let Some(p) = pos {
        if !lines[0].contains(&format!("{}:{p}:", path.display())) {
            return Err(format!("{name}: message not at {p}: {}", lines[0]));
        }
    }
    Ok(())
}

#[test]
fn unsupported_constructs_are_named_with_their_position() {
    let files = corpus("unsupported", ".c");
    assert!(files.len() >= 12);
    let errors: Vec<String> = files.iter().filter_map(|f| check_rejected(f, Some("unsupported:")).err()).collect();
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

#[test]
fn malformed_inputs_are_rejected_with_one_message() {
    let files = corpus("malformed", ".c");
    assert!(files.len() >= 15);
    let errors: Vec<String> = files.iter().filter_map(|f| check_rejected(f, None).err()).collect();
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

#[test]
fn bad_files_and_bad_usage() {
    let (code, _, err) = kappa(&["ir", "/nonexistent/file.c"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("no such file"), "{err}");
    let (code, _, _) = kappa(&["ir"]);
    assert_eq!(code, 1);
    let (code, _, _) = kappa(&["frobnicate"]);
    assert_eq!(code, 1);
    let (code, _, _) = kappa(&["ir", "x.c", "--data-model", "LP32"]);
    assert_eq!(code, 1);
    let (code, out, _) = kappa(&["--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("ir"));
    let dir = tempfile::tempdir().expect("temp dir");
    let lib = dir.path().join("lib.c");
    std::fs::write(&lib, "int twice(int x) { return 2 * x; }\n").expect("write");
    let (code, _, err) = kappa(&["ir", &lib.display().to_string()]);
    assert_eq!(code, 2);
    assert!(err.contains("no `main`"), "{err}");
    let (code, out, err) = kappa(&["ir", &lib.display().to_string(), "--entry", "twice"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("function twice("));
}

#[test]
fn svcomp_programs_lower_in_both_data_models() {
    let files = corpus("svcomp", ".c");
    assert!(files.len() >= 20);
    for dm in [DataModel::LP64, DataModel::ILP32] {
        for f in &files {
            let opts = Options { data_model: dm, ..Options::default() };
            if let Err(d) = kappa_cfront::lower_file(f, &opts) {
                panic!("{} ({}): {d}", f.display(), dm.name());
            }
        }
    }
}

/// The `.i` files carry glibc's header noise; those marked `exec` also run like gcc ran them.
#[test]
fn preprocessed_programs_lower_and_run_like_gcc() {
    let files = corpus("preprocessed", ".i");
    assert!(files.len() >= 10);
    let mut ran = 0;
    for f in &files {
        let expect = std::fs::read_to_string(f.with_extension("expect")).unwrap_or_default();
        let dm = if expect.contains("model=ILP32") { DataModel::ILP32 } else { DataModel::LP64 };
        let prog = kappa_libc::lower_file(f, &Options { data_model: dm, ..Options::default() })
            .unwrap_or_else(|d| panic!("{}: {d}", f.display()));
        if !expect.lines().any(|l| l.trim() == "exec") {
            continue;
        }
        let recorded = std::fs::read_to_string(f.with_extension("expected")).expect("exec programs have .expected");
        let idx = recorded.rfind("exit: ").expect("exit line");
        let (want_out, want_status): (&str, i32) =
            (&recorded[..idx], recorded[idx + 6..].trim().parse().expect("status"));
        let r = run_main(&prog, &mut ZeroInput, &Config::default());
        let status = match r.outcome {
            Outcome::Exit(c) => c & 0xff,
            Outcome::Abort | Outcome::Error { kind: ErrorKind::Assert, .. } => 134,
            o => panic!("{}: {o:?}", f.display()),
        };
        assert_eq!((r.output_str().as_str(), status), (want_out, want_status), "{}", f.display());
        ran += 1;
    }
    assert!(ran >= 4);
}
