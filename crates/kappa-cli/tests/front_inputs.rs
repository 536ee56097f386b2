//! Inputs SV-COMP writes (issue 20), read as gcc reads them: every program of
//! `tests/programs/front` and the front-end's programs of `tests/programs/conformance` decided
//! as annotated by `kappa verify --ub stop` (each `false` is confirmed by replay on the program
//! compiled by gcc, or it would be `unknown`), with the undefined behaviour and the warnings
//! expected; a call of a function nobody declares, defines or models is an error with its
//! position (exit 2). And `kappa replay FILE DIR` (issue 22): the tests of DIR's subdirectories
//! are replayed too (past 1000 tests a run writes them into `tests/001/`, …), and a suite made
//! from the program named by its absolute path replays when the program is named from its
//! folder (the same file).

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn kappa(dir: &Path, args: &[&str]) -> (String, String, Option<i32>) {
    let out = Command::new(env!("CARGO_BIN_EXE_kappa")).current_dir(dir).args(args).output().expect("run kappa");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code(),
    )
}

/// The value of the first `// KEY` line of a program.
fn annotation(text: &str, key: &str) -> Option<String> {
    text.lines().find_map(|l| l.strip_prefix(&format!("// {key}")).map(|r| r.trim().to_string()))
}

fn programs() -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir(root().join("tests/programs/front"))
        .unwrap()
        .flatten()
        .map(|e| format!("tests/programs/front/{}", e.file_name().to_string_lossy()))
        .filter(|f| f.ends_with(".c") || f.ends_with(".i"))
        .collect();
    files.sort();
    for f in [
        "comments.i",
        "implicit_realloc.c",
        "alloca_buf.c",
        "no_return_unused.c",
        "vla_nonpositive.c",
        "vla_nonpositive_true.c",
        "memcleanup_atexit.c",
        "packed_bitfields.c",
    ] {
        files.push(format!("tests/programs/conformance/{f}"));
    }
    files
}

#[test]
fn sv_comp_inputs_are_read_as_gcc_reads_them_and_decided_right() {
    let files = programs();
    assert!(files.len() >= 14, "{files:?}");
    let mut wrong = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(root().join(file)).unwrap();
        let out_dir = tempfile::tempdir().unwrap();
        let o = out_dir.path().to_str().unwrap();
        let abs = root().join(file);
        let abs = abs.to_str().unwrap();
        if let Some(msg) = annotation(&text, "kappa-expect-error:") {
            let pos = annotation(&text, "kappa-expect-pos:").unwrap();
            let (_, err, code) = kappa(&root(), &["verify", "--out", o, file]);
            if code != Some(2) || !err.contains(&format!("{file}:{pos}: error: {msg}")) {
                wrong.push(format!("{file}: exit {code:?}, {err}"));
            }
            continue;
        }
        let line = annotation(&text, "kappa-expect: property=").unwrap();
        let (prop, want) = line.split_once(" verdict=").unwrap();
        let (out, err, code) =
            kappa(&root(), &["verify", "--ub", "stop", "--max-time", "30", "--out", o, "--property", prop, abs]);
        let got = out.lines().last().unwrap_or("").trim_start_matches("RESULT: ").to_string();
        let right = got == want || (want == "false" && got.starts_with("false("));
        if code != Some(0) || !right {
            wrong.push(format!("{file} ({prop}): {got}, expected {want} (exit {code:?}) {err}"));
        }
        if let Some(ub) = annotation(&text, "kappa-expect-ub:") {
            let mut it = ub.split_whitespace();
            let kind = it.next().unwrap();
            for at in it {
                let w = format!("warning: undefined behaviour ({kind}) at {abs}:{at}: the path ends there (--ub stop)");
                if !out.contains(&w) {
                    wrong.push(format!("{file}: no `{w}` in\n{out}"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// A shift by 32 or more is undefined (sound11): without `--ub stop` the answer is no `true`
/// (kappa's 0 made `if (k >= 32 && w != 0) reach_error();` unreachable; x86 gives 256).
#[test]
fn a_shift_amount_past_the_width_gives_no_true_by_default() {
    let out_dir = tempfile::tempdir().unwrap();
    let o = out_dir.path().to_str().unwrap();
    let file = "tests/programs/front/shift_amount_ub.c";
    let (out, err, code) =
        kappa(&root(), &["verify", "--max-time", "30", "--out", o, "--property", "unreach-call", file]);
    assert_eq!(code, Some(0), "{err}");
    let want = format!("RESULT: unknown (undefined behaviour: shift_amount at {file}:15:7)");
    assert_eq!(out.lines().last(), Some(want.as_str()), "{out}");
}

#[test]
fn implicit_declarations_warn_as_gcc_does() {
    let out_dir = tempfile::tempdir().unwrap();
    let o = out_dir.path().to_str().unwrap();
    let file = "tests/programs/front/implicit_decls.c";
    let (out, err, code) = kappa(&root(), &["run", "--mode", "classic", "--out", o, file]);
    assert_eq!(code, Some(0), "{err}");
    let warnings: Vec<&str> = err.lines().filter(|l| l.contains("warning: implicit declaration")).collect();
    assert_eq!(warnings.len(), 3, "{err}");
    assert!(warnings[0].starts_with(&format!("{file}:10:7: warning: implicit declaration of function `realloc`")));
    assert!(warnings[0].ends_with("`void *realloc(void *, unsigned long)`"), "{}", warnings[0]);
    assert!(out.contains("reach_error"), "{out}");
}

#[test]
fn a_suite_made_from_the_absolute_path_with_subdirectories_replays_from_the_programs_folder() {
    let work = tempfile::tempdir().unwrap();
    let dir = work.path().canonicalize().unwrap();
    std::fs::copy(root().join("tests/programs/front/replay_suite.c"), dir.join("prog.c")).unwrap();
    let abs = dir.join("prog.c");
    let (out, err, code) = kappa(&dir, &["run", "--mode", "classic", abs.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{out}{err}");
    let tests = dir.join("kappa-out/tests");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&tests).unwrap().flatten().map(|e| e.path()).collect();
    files.sort();
    let n = files.len();
    assert!(n >= 4, "{out}");
    // The layout of a run past 1000 tests: the later ones in numbered subdirectories.
    std::fs::create_dir_all(tests.join("001")).unwrap();
    for f in &files[n / 2..] {
        std::fs::rename(f, tests.join("001").join(f.file_name().unwrap())).unwrap();
    }
    let (out, err, code) = kappa(&dir, &["replay", "prog.c", "kappa-out/tests"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains(&format!("replayed {n} tests: {n} match, 0 mismatch, 0 not run")), "{out}\n{err}");
    assert!(out.contains("reach_error at"), "{out}");
    assert_eq!(out.lines().last(), Some("REPLAY: match"), "{out}");
}
