//! Programs of several files (issue 22): `kappa verify|run a.c b.c` reads each file as a
//! translation unit of its own and links them as the C linker would; `kappa replay a.c b.c
//! TEST|DIR` compiles every unit with gcc and replays; the linker's errors are errors with a
//! position (exit 2); a compilation database gives each file its include path and macros.

mod common;

use common::{kappa_in as kappa, last_line, root};

const M: &str = "tests/programs/multi";

/// The tokenizer library and its harness: a struct returned by value across files, a
/// tentative definition in both, and a static `is_delim` in each that must stay its file's.
#[test]
fn a_harness_and_its_library_are_one_program() {
    let out = tempfile::tempdir().unwrap();
    let o = out.path().to_str().unwrap();
    let (stdout, stderr, code) = kappa(
        &root(),
        &["verify", "--mode", "classic", "--out", o, &format!("{M}/tok_harness.c"), &format!("{M}/tok.c")],
    );
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.contains("paths: 256 completed (0 ended in an error)"), "{stdout}");
    assert_eq!(last_line(&stdout), "RESULT: true", "{stdout}\n{stderr}");
    // The IR has both static functions, one per file.
    let (ir, _, code) = kappa(&root(), &["ir", &format!("{M}/tok.c"), &format!("{M}/tok_harness.c")]);
    assert_eq!(code, Some(0));
    let defs: Vec<&str> = ir.lines().filter(|l| l.starts_with("function is_delim(")).collect();
    assert_eq!(defs.len(), 2, "{ir}");
    assert!(defs.iter().any(|l| l.contains("tok.c:")) && defs.iter().any(|l| l.contains("tok_harness.c:")), "{defs:?}");
}

/// The regex matcher: the planted bug is found in the harness, the counterexample replays on
/// both files compiled by gcc (in either order, named either way), and not on the harness
/// alone; the suite's coverage is measured per file.
#[test]
fn counterexamples_and_suites_replay_on_every_file() {
    let tmp = tempfile::tempdir().unwrap();
    let o = tmp.path().join("v");
    let (harness, lib) = (format!("{M}/re_harness.c"), format!("{M}/re.c"));
    let (stdout, stderr, _) =
        kappa(&root(), &["verify", "--mode", "classic", "--out", o.to_str().unwrap(), &harness, &lib]);
    assert_eq!(last_line(&stdout), "RESULT: false(unreach-call)", "{stdout}\n{stderr}");
    assert!(stdout.contains("reach_error at tests/programs/multi/re_harness.c:32:5"), "{stdout}");
    let test = std::fs::read_dir(o.join("tests")).unwrap().flatten().map(|e| e.path()).next().unwrap();
    let json = std::fs::read_to_string(&test).unwrap();
    assert!(json.contains("\"files\"") && json.contains("re.c"), "the test records every file: {json}");
    let t = test.to_str().unwrap();
    let (r, e, _) = kappa(&root(), &["replay", &harness, &lib, t]);
    assert_eq!(last_line(&r), "REPLAY: match", "{r}\n{e}");
    // The same files, in another order and spelled from elsewhere.
    let abs_lib = root().join(&lib).canonicalize().unwrap();
    let (r, e, _) = kappa(&root().join(M), &["replay", abs_lib.to_str().unwrap(), "./re_harness.c", t]);
    assert_eq!(last_line(&r), "REPLAY: match", "{r}\n{e}");
    let (r, _, _) = kappa(&root(), &["replay", &harness, t]);
    assert!(r.contains("REPLAY: not run") && r.contains("give them all"), "{r}");

    // A suite: every test replays, with gcov's figures per file.
    let s = tmp.path().join("s");
    let (stdout, stderr, code) = kappa(
        &root(),
        &["run", "--mode", "classic", "--tests", "covering", "--out", s.to_str().unwrap(), &harness, &lib],
    );
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.contains("paths: 144 completed (2 ended in an error)"), "{stdout}");
    let (r, e, code) = kappa(&root(), &["replay", &harness, &lib, s.join("tests").to_str().unwrap()]);
    assert_eq!(code, Some(0), "{e}");
    assert!(r.contains(" 0 mismatch, 0 not run"), "{r}");
    assert!(
        r.contains("    tests/programs/multi/re.c: lines ")
            && r.contains("    tests/programs/multi/re_harness.c: lines "),
        "{r}"
    );
}

/// The linker's errors: a function defined twice, a function no file defines and the C
/// library does not model; each with its position, exit code 2.
#[test]
fn linker_errors_have_a_position_and_exit_code_2() {
    let (_, stderr, code) = kappa(&root(), &["run", &format!("{M}/link_dup_a.c"), &format!("{M}/link_dup_b.c")]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains(
            "tests/programs/multi/link_dup_b.c:2:5: error: multiple definition of `scale` (first defined at \
             tests/programs/multi/link_dup_a.c:5:5)"
        ),
        "{stderr}"
    );
    let (_, stderr, code) = kappa(&root(), &["verify", &format!("{M}/link_undef.c"), &format!("{M}/tok.c")]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("tests/programs/multi/link_undef.c:10:10: error: undefined reference to `checksum`"),
        "{stderr}"
    );
    // The same file twice is refused before anything is read.
    let (_, stderr, code) = kappa(&root(), &["run", &format!("{M}/tok.c"), &format!("{M}/../multi/tok.c")]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("the file is given twice"), "{stderr}");
}

/// `--compile-commands`: main.c finds its header through the database's `-Iinclude` and gets
/// `-DLIMIT=3`; count.c (a `command` entry in another `directory`) also gets `-DSTRICT`, which
/// makes the program safe. The same files with the command line's flags only are unsafe, and
/// without any flags the header is not found.
#[test]
fn a_compilation_database_gives_each_file_its_flags() {
    let files = [format!("{M}/cdb/src/main.c"), format!("{M}/cdb/src/count.c")];
    let tmp = tempfile::tempdir().unwrap();
    let o = tmp.path().to_str().unwrap();
    // Without the proofs (k-induction proves the safe variant at once): the paths explored show
    // which flags each file got.
    let mut args = vec!["verify", "--mode", "classic", "--proof", "none", "--out", o, "--compile-commands"];
    let db = format!("{M}/cdb");
    args.push(&db);
    args.extend(files.iter().map(String::as_str));
    let (stdout, stderr, _) = kappa(&root(), &args);
    assert!(stdout.contains("paths: 15 completed (0 ended in an error)"), "{stdout}\n{stderr}");
    assert_eq!(last_line(&stdout), "RESULT: true", "{stdout}\n{stderr}");

    let inc = format!("-I{M}/cdb/include");
    let mut args = vec!["verify", "--mode", "classic", "--out", o, &inc, "-DLIMIT=3"];
    args.extend(files.iter().map(String::as_str));
    let (stdout, stderr, _) = kappa(&root(), &args);
    assert_eq!(last_line(&stdout), "RESULT: false(unreach-call)", "{stdout}\n{stderr}");

    let mut args = vec!["run", "--out", o];
    args.extend(files.iter().map(String::as_str));
    let (_, stderr, code) = kappa(&root(), &args);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("tests/programs/multi/cdb/src/main.c:6:10: error: cfg.h: No such file"), "{stderr}");
}
