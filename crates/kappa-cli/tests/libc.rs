//! Real programs with the C library model and program inputs (issue 13): the hex parser of the
//! issue, a program whose bug needs `argv[1] == "x"`, standard input and files; every error's
//! test replays on the real program (gcc, glibc, sanitizers).

use std::path::{Path, PathBuf};
use std::process::Command;

fn program(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/programs/libc").join(name)
}

/// Runs kappa; (exit code, stdout).
fn kappa(args: &[&str], out: &Path) -> (i32, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_kappa")).args(args).arg("--out").arg(out).output().expect("run kappa");
    let stdout = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(o.status.code().is_some(), "kappa died: {}", String::from_utf8_lossy(&o.stderr));
    (o.status.code().unwrap_or(-1), stdout + &String::from_utf8_lossy(&o.stderr))
}

/// Replays every test kappa wrote; all must match.
fn replay_all(prog: &Path, out: &Path) -> usize {
    let mut n = 0;
    for e in std::fs::read_dir(out.join("tests")).expect("tests written").flatten() {
        let r = Command::new(env!("CARGO_BIN_EXE_kappa"))
            .arg("replay")
            .arg(prog)
            .arg(e.path())
            .output()
            .expect("run kappa replay");
        let text = String::from_utf8_lossy(&r.stdout);
        assert!(text.trim_end().ends_with("REPLAY: match"), "{}: {text}", e.path().display());
        n += 1;
    }
    n
}

#[test]
fn hex_parser_bug_is_found_and_replays() {
    let p = program("hex_parser.c");
    let out = tempfile::tempdir().unwrap();
    let ps = p.display().to_string();
    let (code, text) = kappa(&["verify", &ps, "--search", "dfs", "--max-time", "120", "--quiet"], out.path());
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("RESULT: false(unreach-call)"), "{text}");
}

#[test]
fn argv_bug_needs_symbolic_arguments() {
    let p = program("argv_equals.c");
    let ps = p.display().to_string();
    // Without arguments, `run` says what it assumed; `verify` treats them as nondeterministic
    // (SV-COMP's semantics) and finds the bug.
    let out = tempfile::tempdir().unwrap();
    let (_, text) = kappa(&["run", &ps], out.path());
    assert!(text.contains("assumption: main ran with argc = 1"), "{text}");
    let out = tempfile::tempdir().unwrap();
    let (_, text) = kappa(&["verify", &ps, "--quiet"], out.path());
    assert!(!text.contains("assumption:"), "{text}");
    assert!(text.trim_end().ends_with("RESULT: false(unreach-call)"), "{text}");
    // With symbolic arguments the bug is found, and every test replays.
    let out = tempfile::tempdir().unwrap();
    let (_, text) = kappa(&["verify", &ps, "--quiet", "--sym-args", "0", "2", "2"], out.path());
    assert!(text.trim_end().ends_with("RESULT: false(unreach-call)"), "{text}");
    assert!(!text.contains("assumption:"), "{text}");
    let out = tempfile::tempdir().unwrap();
    let (_, text) = kappa(&["run", &ps, "--sym-args", "0", "2", "2"], out.path());
    assert!(text.contains("reach_error at"), "{text}");
    assert!(replay_all(&p, out.path()) >= 4);
    // Concrete arguments after `--`.
    let out = tempfile::tempdir().unwrap();
    let (_, text) = kappa(&["verify", &ps, "--quiet", "--", "x"], out.path());
    assert!(text.trim_end().ends_with("RESULT: false(unreach-call)"), "{text}");
    let (_, text) = kappa(&["verify", &ps, "--quiet", "--", "y", "x"], out.path());
    assert!(text.trim_end().ends_with("RESULT: true"), "{text}");
}

#[test]
fn last_argument_at_a_symbolic_index() {
    let p = program("last_arg.c");
    let ps = p.display().to_string();
    let out = tempfile::tempdir().unwrap();
    let (_, text) = kappa(&["verify", &ps, "--quiet", "--sym-args", "0", "3", "1"], out.path());
    assert!(text.trim_end().ends_with("RESULT: false(unreach-call)"), "{text}");
    let out = tempfile::tempdir().unwrap();
    let (_, text) = kappa(&["run", &ps, "--sym-args", "0", "3", "1"], out.path());
    assert!(text.contains("exploration complete"), "{text}");
    // argc = 1; the last argument is "z"; it is not.
    assert_eq!(replay_all(&p, out.path()), 3);
}

#[test]
fn stdin_overflow_is_found_and_replays() {
    let p = program("wc_words.c");
    let ps = p.display().to_string();
    let out = tempfile::tempdir().unwrap();
    let (_, text) = kappa(&["run", &ps, "--sym-stdin", "3", "--mode", "classic"], out.path());
    assert!(text.contains("no errors found"), "3 bytes hold at most 2 words: {text}");
    let out = tempfile::tempdir().unwrap();
    let (_, text) = kappa(&["run", &ps, "--sym-stdin", "5", "--search", "dfs", "--max-time", "120"], out.path());
    assert!(text.contains("out_of_bounds at"), "{text}");
    let test = text.lines().find(|l| l.contains("out_of_bounds")).and_then(|l| l.split("[test ").nth(1)).unwrap();
    let test = test.trim_end_matches(']');
    let t: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(test).unwrap()).unwrap();
    let stdin: Vec<u8> =
        t["program_inputs"]["stdin"]["bytes"].as_array().unwrap().iter().map(|b| b.as_u64().unwrap() as u8).collect();
    assert_eq!(stdin.len(), 5);
    let r = Command::new(env!("CARGO_BIN_EXE_kappa")).arg("replay").arg(&p).arg(test).output().unwrap();
    assert!(String::from_utf8_lossy(&r.stdout).trim_end().ends_with("REPLAY: match"));
}

#[test]
fn file_named_on_the_command_line_is_opened() {
    let p = program("file_magic.c");
    let ps = p.display().to_string();
    let out = tempfile::tempdir().unwrap();
    let (_, text) =
        kappa(&["run", &ps, "--sym-args", "1", "1", "1", "--sym-files", "1", "3", "--mode", "classic"], out.path());
    assert!(text.contains("out_of_bounds at"), "{text}");
    assert!(replay_all(&p, out.path()) >= 4);
    // Without --sym-files no file exists, and the run says so.
    let out = tempfile::tempdir().unwrap();
    let (_, text) = kappa(&["run", &ps, "--", "A"], out.path());
    assert!(text.contains("assumption: no file could be opened"), "{text}");
    assert!(text.contains("no errors found"), "{text}");
}

/// Arrays of pointers copied by the library (realloc, memcpy, memmove, qsort, bsearch) hold
/// pointers after the copy, in the engine as in the real program: every check holds and the
/// tests replay. The models' byte loops alone copied a pointer's bytes, not the pointer.
#[test]
fn pointers_copied_by_the_library_stay_pointers() {
    let p = program("pointer_copies.c");
    let ps = p.display().to_string();
    let out = tempfile::tempdir().unwrap();
    let (_, text) = kappa(&["verify", &ps, "--sym-stdin", "1", "--quiet"], out.path());
    assert!(text.trim_end().ends_with("RESULT: true"), "{text}");
    assert!(replay_all(&p, out.path()) >= 3);
}

/// The models are IR: a test of the engine, replayed by the interpreter over the same linked
/// program with the test's command line and standard input, ends the same way.
#[test]
fn tests_replay_in_the_interpreter() {
    use kappa_interp::{run_main, Config, Outcome, VecInput};
    use kappa_ir::testcase::{TestCase, TestOutcome};
    for (prog, opts) in [
        ("wc_words.c", vec!["--sym-stdin", "4", "--mode", "classic"]),
        ("argv_equals.c", vec!["--sym-args", "0", "2", "2"]),
        ("file_magic.c", vec!["--sym-args", "1", "1", "1", "--sym-files", "1", "3", "--mode", "classic"]),
    ] {
        let p = program(prog);
        let out = tempfile::tempdir().unwrap();
        let mut args = vec!["run", p.to_str().unwrap()];
        args.extend(opts);
        kappa(&args, out.path());
        let lowered = kappa_libc::lower_file(&p, &kappa_cfront::Options::default()).unwrap();
        let mut n = 0;
        for e in std::fs::read_dir(out.path().join("tests")).unwrap().flatten() {
            let t = TestCase::from_json(&std::fs::read_to_string(e.path()).unwrap()).unwrap();
            let cfg = Config { program_inputs: t.program_inputs.clone(), ..Config::default() };
            let mut input = VecInput::new(t.inputs.iter().map(|i| i.value).collect());
            let r = run_main(&lowered, &mut input, &cfg);
            let same = match (&t.outcome, &r.outcome) {
                (TestOutcome::Exit { code }, Outcome::Exit(c)) => code == c,
                (TestOutcome::Error { error, .. }, Outcome::Error { kind, .. }) => error == kind.name(),
                (TestOutcome::Abort, Outcome::Abort) => true,
                _ => false,
            };
            assert!(same, "{prog} {}: test says {:?}, the interpreter {:?}", e.path().display(), t.outcome, r.outcome);
            n += 1;
        }
        assert!(n >= 3, "{prog}: {n} tests");
    }
}

/// Utilities of the benchmark (bench/utils.sh) that kappa explores completely with the options
/// the benchmark gives them: the planted bug is found and its test replays on the real program.
/// base64 reads 9 symbolic bytes of standard input; its bug needs 8 valid characters in a row
/// (each looked up in the alphabet by strchr).
#[test]
fn utilities_are_explored_completely_and_their_planted_bugs_replay() {
    let utils = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../bench/utils");
    for (name, opts, bug) in [
        ("base64.c", &["--sym-stdin", "9"][..], "out_of_bounds at"),
        ("tr.c", &["--sym-args", "2", "2", "3", "--sym-stdin", "2"][..], "out_of_bounds at"),
        ("urldecode.c", &["--sym-args", "1", "1", "3"][..], "out_of_bounds at"),
    ] {
        let p = utils.join(name);
        let ps = p.display().to_string();
        let out = tempfile::tempdir().unwrap();
        let mut args = vec!["run", &ps, "--search", "random", "--max-time", "300", "--quiet"];
        args.extend_from_slice(opts);
        let (_, text) = kappa(&args, out.path());
        assert!(text.contains("exploration complete"), "{name}: {text}");
        let line = text.lines().find(|l| l.contains(bug)).unwrap_or_else(|| panic!("{name}: {text}"));
        let test = line.split("[test ").nth(1).unwrap().trim_end_matches(']');
        let r = Command::new(env!("CARGO_BIN_EXE_kappa")).arg("replay").arg(&p).arg(test).output().unwrap();
        let rt = String::from_utf8_lossy(&r.stdout);
        assert!(rt.trim_end().ends_with("REPLAY: match"), "{name}: {rt}");
    }
}

/// The INI parser's planted bug needs a first line `[` + eight characters + `]` of its 12
/// symbolic bytes: a path about 37 forks deep (fgets, trim's isspace and strlen, strchr, memcpy
/// per byte), which depth-first search reaches in about 1,100 paths. Its `strchr(s, ']')` of a
/// constant character forks at the match (`__kappa_strchr_const`); with the branch-free strchr
/// every later query was a term over the whole line and the same search took about 40 s in a
/// release build. Bounded by states, not time, so that the run is the same on any machine.
#[test]
fn ini_section_overflow_is_found_by_depth_first_search_and_replays() {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../bench/utils/ini.c");
    let ps = p.display().to_string();
    let out = tempfile::tempdir().unwrap();
    let args = ["run", &ps, "--sym-stdin", "12", "--search", "dfs", "--max-states", "2400", "--quiet"];
    let (_, text) = kappa(&args, out.path());
    out_of_bounds_replays(&p, &text, "ini.c:29:13");
}

/// The run's summary names an `out_of_bounds` error at `at`, and its test replays with a match.
fn out_of_bounds_replays(prog: &Path, text: &str, at: &str) {
    let line = text.lines().find(|l| l.contains("out_of_bounds at")).unwrap_or_else(|| panic!("{text}"));
    assert!(line.contains(at), "{line}");
    let test = line.split("[test ").nth(1).unwrap().trim_end_matches(']');
    let r = Command::new(env!("CARGO_BIN_EXE_kappa")).arg("replay").arg(prog).arg(test).output().unwrap();
    let rt = String::from_utf8_lossy(&r.stdout);
    assert!(rt.trim_end().ends_with("REPLAY: match"), "{rt}");
}

/// `--search interleaved` (random-path, covnew and depth-first in turn) on the date parser cut
/// short by a state budget: the planted bug is found and replays, and `--seed` repeats the run
/// test for test.
#[test]
fn interleaved_search_finds_dates_bug_and_repeats_with_its_seed() {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../bench/utils/date.c");
    let ps = p.display().to_string();
    let run = |seed: &str| {
        let out = tempfile::tempdir().unwrap();
        let stats = out.path().join("stats.json");
        let stats = stats.display().to_string();
        let args = [
            "run",
            &ps,
            "--sym-args",
            "1",
            "3",
            "5",
            "--search",
            "interleaved",
            "--seed",
            seed,
            "--max-states",
            "6000",
            "--stats-json",
            &stats,
        ];
        let (_, mut text) = kappa(&args, out.path());
        text += &std::fs::read_to_string(&stats).unwrap();
        // Test files, and those of the subdirectories past the first 1000.
        let mut files = Vec::new();
        for e in std::fs::read_dir(out.path().join("tests")).unwrap().flatten() {
            match std::fs::read_dir(e.path()) {
                Ok(sub) => files.extend(sub.flatten().map(|e| e.path())),
                Err(_) => files.push(e.path()),
            }
        }
        files.sort();
        let tests: Vec<String> = files.iter().map(|f| std::fs::read_to_string(f).unwrap()).collect();
        (text, tests, out)
    };
    let (text, a, _dir) = run("3");
    assert!(text.contains("\"search\": \"interleaved\""), "{text}");
    assert!(text.contains("\"depth_first_picks\""), "{text}");
    out_of_bounds_replays(&p, &text, "date.c:37:15");
    let (_, b, _) = run("3");
    assert_eq!(a, b, "the same seed");
    let (_, c, _) = run("4");
    assert_ne!(a, c, "another seed");
}

/// `calloc` whose size overflows returns NULL, as glibc's does: a null check that only a huge
/// count reaches is covered, and its test replays (the sanitizer lets the allocation fail).
#[test]
fn calloc_overflow_returns_null() {
    let p = program("calloc_overflow.c");
    let ps = p.display().to_string();
    let out = tempfile::tempdir().unwrap();
    let (_, text) = kappa(&["verify", &ps, "--quiet"], out.path());
    assert!(text.trim_end().ends_with("RESULT: true"), "{text}");
    let out = tempfile::tempdir().unwrap();
    let (_, text) = kappa(&["run", &ps, "--quiet"], out.path());
    assert!(text.contains("paths: 2 completed"), "the NULL path and the other: {text}");
    assert_eq!(replay_all(&p, out.path()), 2);
}

/// GCC's checked arithmetic builtins: both sides of every flag that can be set (2 × 2 × 2
/// paths; `int * int` always fits `long long`), every test replayed with gcc's own builtins.
#[test]
fn checked_arithmetic_flags_reach_both_sides_and_replay() {
    let p = program("checked_arith_flags.c");
    let out = tempfile::tempdir().unwrap();
    let ps = p.display().to_string();
    let (code, text) = kappa(&["run", &ps, "--quiet"], out.path());
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("paths: 8 completed (0 ended in an error), 0 stopped"), "{text}");
    assert!(text.contains("exploration complete"), "{text}");
    assert_eq!(replay_all(&p, out.path()), 8);
}
