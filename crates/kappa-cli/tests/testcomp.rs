//! Test-Comp suites (`kappa testgen`): valid against the format's DTDs (written here from the
//! format's description, checked with xmllint), zipped, and replayed with gcc and gcov in a
//! harness that feeds each `<input>` to the next `__VERIFIER_nondet_*` call, as Test-Comp's
//! validator does: the branch-coverage suite reaches the coverage of all explored paths (and
//! 100% where every branch is feasible), the error-call suite calls `reach_error`.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn kappa(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_kappa")).current_dir(root()).args(args).output().expect("run kappa");
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

const TESTCASE_DTD: &str = "<!ELEMENT testcase (input*)>\n\
<!ATTLIST testcase coversError (true|false) \"false\">\n\
<!ELEMENT input (#PCDATA)>\n\
<!ATTLIST input variable CDATA #IMPLIED type CDATA #IMPLIED>\n";

const METADATA_DTD: &str =
    "<!ELEMENT test-metadata (sourcecodelang, producer, specification, programfile, programhash, \
entryfunction, architecture, creationtime, inputtestsuitefile?, inputtestsuitehash?)>\n\
<!ELEMENT sourcecodelang (#PCDATA)>\n<!ELEMENT producer (#PCDATA)>\n<!ELEMENT specification (#PCDATA)>\n\
<!ELEMENT programfile (#PCDATA)>\n<!ELEMENT programhash (#PCDATA)>\n<!ELEMENT entryfunction (#PCDATA)>\n\
<!ELEMENT architecture (#PCDATA)>\n<!ELEMENT creationtime (#PCDATA)>\n<!ELEMENT inputtestsuitefile (#PCDATA)>\n\
<!ELEMENT inputtestsuitehash (#PCDATA)>\n";

fn xmllint_valid(file: &Path, dtd: &Path) {
    let out = Command::new("xmllint")
        .args(["--noout", "--nonet", "--dtdvalid"])
        .arg(dtd)
        .arg(file)
        .output()
        .expect("xmllint (libxml2-utils, installed by scripts/setup.sh)");
    assert!(out.status.success(), "{} is not valid: {}", file.display(), String::from_utf8_lossy(&out.stderr));
}

const HARNESS: &str = r#"
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
extern void __gcov_dump(void);
static FILE *in;
static unsigned long long next(void) {
  char tok[64];
  if (!in) in = fopen(getenv("TESTCOMP_INPUTS"), "r");
  if (!in || fscanf(in, "%63s", tok) != 1) { __gcov_dump(); _exit(3); }
  return tok[0] == '-' ? (unsigned long long) strtoll(tok, 0, 10) : strtoull(tok, 0, 10);
}
int __VERIFIER_nondet_int(void) { return (int) next(); }
unsigned int __VERIFIER_nondet_uint(void) { return (unsigned int) next(); }
unsigned char __VERIFIER_nondet_uchar(void) { return (unsigned char) next(); }
char __VERIFIER_nondet_char(void) { return (char) next(); }
long __VERIFIER_nondet_long(void) { return (long) next(); }
unsigned long __VERIFIER_nondet_ulong(void) { return (unsigned long) next(); }
short __VERIFIER_nondet_short(void) { return (short) next(); }
_Bool __VERIFIER_nondet_bool(void) { return (_Bool) next(); }
void __assert_fail(const char *a, const char *f, unsigned int l, const char *fn) {
  fprintf(stderr, "TESTCOMP: reach_error\n"); __gcov_dump(); _exit(1);
}
void __kappa_abort(void) { __gcov_dump(); _exit(134); }
void __VERIFIER_assume(int c) { if (!c) { __gcov_dump(); _exit(0); } }
"#;

/// The `<input>` values of a testcase file.
fn inputs(xml: &str) -> Vec<String> {
    xml.split("<input")
        .skip(1)
        .filter_map(|s| Some(s.split_once('>')?.1.split_once("</input>")?.0.to_string()))
        .collect()
}

/// Compiles the program with coverage and the harness, runs the tests, and returns gcov's
/// "Taken at least once" line and how many runs reported `reach_error`.
fn gcov_of(program: &Path, tests: &[PathBuf]) -> (String, usize) {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::copy(program, d.join("prog.c")).unwrap();
    std::fs::write(d.join("harness.c"), HARNESS).unwrap();
    let cc = |args: &[&str]| {
        let o = Command::new("gcc").current_dir(d).args(args).output().expect("gcc");
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    };
    cc(&["--coverage", "-O0", "-w", "-Dabort=__kappa_abort", "-c", "prog.c", "-o", "prog.o"]);
    cc(&["-O0", "-c", "harness.c", "-o", "harness.o"]);
    cc(&["--coverage", "prog.o", "harness.o", "-o", "prog"]);
    let mut errors = 0;
    for t in tests {
        let values = inputs(&std::fs::read_to_string(t).unwrap()).join("\n");
        std::fs::write(d.join("inputs.txt"), values + "\n").unwrap();
        let o =
            Command::new(d.join("prog")).current_dir(d).env("TESTCOMP_INPUTS", d.join("inputs.txt")).output().unwrap();
        errors += usize::from(String::from_utf8_lossy(&o.stderr).contains("TESTCOMP: reach_error"));
    }
    let o = Command::new("gcov").current_dir(d).args(["-b", "-o", ".", "prog.c"]).output().expect("gcov");
    let text = String::from_utf8_lossy(&o.stdout).into_owned();
    let taken = text.lines().find(|l| l.starts_with("Taken at least once:")).unwrap_or("").to_string();
    (taken, errors)
}

fn suite_files(out: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(out.join("test-suite"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.file_name().is_some_and(|n| n.to_string_lossy().starts_with("test-")))
        .collect();
    v.sort();
    v
}

#[test]
fn branch_coverage_suites_are_valid_and_reach_kappas_coverage() {
    let dtds = tempfile::tempdir().unwrap();
    let tdtd = dtds.path().join("testcase-1.1.dtd");
    let mdtd = dtds.path().join("test-metadata-1.1.dtd");
    std::fs::write(&tdtd, TESTCASE_DTD).unwrap();
    std::fs::write(&mdtd, METADATA_DTD).unwrap();
    for (prog, all_feasible) in [
        ("tests/programs/testcomp/all_branches.c", true),
        ("tests/programs/svcomp/four_branches.c", false),
        ("tests/programs/testcomp/switch_arms.c", true),
    ] {
        let out = tempfile::tempdir().unwrap();
        let o = out.path().to_str().unwrap();
        let text = kappa(&["testgen", "--goal", "coverage-branches", "--zip", "--mode", "classic", "--out", o, prog]);
        assert!(text.ends_with("RESULT: done\n"), "{text}");
        let line = text.lines().find(|l| l.starts_with("branches covered:")).expect("coverage line");
        let nums: Vec<u32> = line.split(' ').filter_map(|w| w.parse().ok()).collect();
        assert_eq!(nums.len(), 2, "{line}");
        assert_eq!(nums[0] == nums[1], all_feasible, "{prog}: {line}");
        xmllint_valid(&out.path().join("test-suite/metadata.xml"), &mdtd);
        let suite = suite_files(out.path());
        assert!(!suite.is_empty());
        for t in &suite {
            xmllint_valid(t, &tdtd);
        }
        // The zip holds the same files.
        let zip = std::fs::read(out.path().join("test-suite.zip")).unwrap();
        assert_eq!(&zip[..4], b"PK\x03\x04");
        for t in &suite {
            let name = format!("test-suite/{}", t.file_name().unwrap().to_string_lossy());
            assert!(zip.windows(name.len()).any(|w| w == name.as_bytes()), "{name} not in the zip");
        }
        // The suite covers with gcc what all explored paths cover: the reduction keeps every
        // branch; where all are feasible, that is all of them.
        let all: Vec<PathBuf> = {
            let full = tempfile::tempdir().unwrap();
            let f = full.path().to_str().unwrap();
            let _ = kappa(&["testgen", "--goal", "coverage-branches", "--mode", "classic", "--out", f, prog]);
            // Every explored path as a testcase: the kappa tests' nondet values.
            let mut files: Vec<PathBuf> =
                std::fs::read_dir(full.path().join("tests")).unwrap().flatten().map(|e| e.path()).collect();
            files.sort();
            let dir = out.path().join("all");
            std::fs::create_dir_all(&dir).unwrap();
            files
                .iter()
                .enumerate()
                .map(|(i, f)| {
                    let t: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(f).unwrap()).unwrap();
                    let mut xml = String::from("<testcase>\n");
                    for inp in t["inputs"].as_array().unwrap() {
                        xml.push_str(&format!("<input>{}</input>\n", inp["signed"]));
                    }
                    xml.push_str("</testcase>\n");
                    let p = dir.join(format!("t{i}.xml"));
                    std::fs::write(&p, xml).unwrap();
                    p
                })
                .collect()
        };
        assert!(all.len() > suite.len(), "{prog}: the suite should be smaller than all paths");
        let (suite_cov, _) = gcov_of(&root().join(prog), &suite);
        let (all_cov, _) = gcov_of(&root().join(prog), &all);
        assert!(suite_cov.starts_with("Taken at least once:"), "{suite_cov}");
        assert_eq!(suite_cov, all_cov, "{prog}");
        if all_feasible {
            assert!(suite_cov.contains("100.00%"), "{prog}: {suite_cov}");
        }
    }
}

#[test]
fn error_call_suites_call_reach_error() {
    let prog = "tests/programs/testcomp/error_after_loop.c";
    let out = tempfile::tempdir().unwrap();
    let o = out.path().to_str().unwrap();
    let text = kappa(&["testgen", "--goal", "coverage-error-call", "--out", o, prog]);
    assert!(text.contains("goal: the error call is covered"), "{text}");
    let suite = suite_files(out.path());
    assert_eq!(suite.len(), 1);
    let xml = std::fs::read_to_string(&suite[0]).unwrap();
    assert!(xml.contains("coversError=\"true\"") && xml.contains("type=\"unsigned int\""), "{xml}");
    let (_, errors) = gcov_of(&root().join(prog), &suite);
    assert_eq!(errors, 1, "the test does not call reach_error with gcc");
}

/// `--stats-json` of `testgen` holds the exploration's statistics, as `run`'s does (it wrote
/// none before).
#[test]
fn testgen_writes_its_statistics() {
    let out = tempfile::tempdir().unwrap();
    let stats = out.path().join("s.json");
    let o = out.path().join("out");
    kappa(&[
        "testgen",
        "--out",
        o.to_str().unwrap(),
        "--stats-json",
        stats.to_str().unwrap(),
        "examples/bounded_search.c",
    ]);
    let text = std::fs::read_to_string(&stats).expect("the statistics file");
    let v: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(v["paths_completed"], 15, "{text}");
    assert_eq!(v["verdict"], "false(unreach-call)", "{text}");
    assert!(v["incomplete"].as_array().is_some_and(|a| a.is_empty()), "{text}");
}

/// The `(type, value)` pairs of a testcase file's `<input>` elements, in order.
fn typed_inputs(xml: &str) -> Vec<(String, String)> {
    xml.split("<input")
        .skip(1)
        .filter_map(|s| {
            let (attrs, rest) = s.split_once('>')?;
            let ty = attrs.split_once("type=\"").map_or("int", |(_, t)| t.split('"').next().unwrap_or("int"));
            Some((ty.to_string(), rest.split_once("</input>")?.0.to_string()))
        })
        .collect()
}

/// Issue 22: every value a test needs is an `<input>` the validator feeds, in the order of the
/// calls, with the C type of each `__VERIFIER_nondet_*` (signed chars negative, unsigned values
/// above the signed range as written); `main`'s arguments are not inputs (the validator runs
/// the program with argc = 1), so the branch only argc >= 2 takes is not claimed. The test
/// that needs all six values makes the gcc-compiled program (fed as Test-Comp's validator
/// feeds it) return 1.
#[test]
fn testgen_inputs_are_the_calls_in_order_with_their_types() {
    let prog = "tests/programs/testcomp/input_types.c";
    let out = tempfile::tempdir().unwrap();
    let o = out.path().to_str().unwrap();
    let text = kappa(&["testgen", "--goal", "coverage-branches", "--mode", "classic", "--out", o, prog]);
    assert!(text.contains("branches covered: 13 of 14"), "{text}");
    let want: Vec<(String, String)> = [
        ("char", "-5"),
        ("unsigned char", "200"),
        ("unsigned int", "4000000000"),
        ("_Bool", "1"),
        ("short", "-300"),
        ("unsigned long", "10000000000"),
    ]
    .iter()
    .map(|(t, v)| (t.to_string(), v.to_string()))
    .collect();
    let suite = suite_files(out.path());
    let full: Vec<&PathBuf> =
        suite.iter().filter(|t| typed_inputs(&std::fs::read_to_string(t).unwrap()) == want).collect();
    assert_eq!(full.len(), 1, "no test with the six values in order: {suite:?}");
    for t in &suite {
        let n = typed_inputs(&std::fs::read_to_string(t).unwrap()).len();
        assert_eq!(n, 6, "{}: every path reads the six inputs", t.display());
    }
    // gcc, with the values fed in order as the validator feeds them, and argc = 1.
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("harness.c"), HARNESS).unwrap();
    let o = Command::new("gcc")
        .current_dir(d)
        .args(["--coverage", "-O0", "-w", "-o", "prog", "harness.c"])
        .arg(root().join(prog))
        .output()
        .expect("gcc");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    for t in &suite {
        let values = inputs(&std::fs::read_to_string(t).unwrap()).join("\n");
        std::fs::write(d.join("inputs.txt"), values + "\n").unwrap();
        let st = Command::new(d.join("prog")).env("TESTCOMP_INPUTS", d.join("inputs.txt")).status().unwrap();
        let want_code = if full.contains(&t) { 1 } else { 0 };
        assert_eq!(st.code(), Some(want_code), "{}", t.display());
    }
}

/// Issue 22, dump-on-halt: a state limit (deterministic) halts the run before any path ends;
/// the pending states whose paths cover branches or lines no test covers get tests, marked
/// `halted`, counted in `tests_on_halt`, and they replay: the compiled program reads each test's
/// inputs at their sites and asks for one more where kappa halted the path. Their coverage is
/// the run's (kappa's count, and gcov's on the replay).
#[test]
fn states_halted_by_a_limit_get_tests_that_add_coverage_and_replay() {
    let prog = "tests/programs/testcomp/halt_long_loop.c";
    let out = tempfile::tempdir().unwrap();
    let o = out.path().to_str().unwrap();
    let stats = out.path().join("stats.json");
    let s = stats.to_str().unwrap();
    let text = kappa(&["run", prog, "--mode", "classic", "--max-states", "30", "--out", o, "--stats-json", s]);
    assert!(text.contains("state limit of 30 reached"), "{text}");
    let st: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&stats).unwrap()).unwrap();
    assert_eq!(st["paths_completed"], 0, "{st}");
    let tests = st["tests"].as_u64().unwrap();
    assert!(tests >= 2, "{st}");
    assert_eq!(st["tests_on_halt"].as_u64(), Some(tests));
    // Only the states that add coverage: fewer tests than halted paths.
    assert!(tests < st["paths_stopped"].as_u64().unwrap(), "{st}");
    let branches = st["coverage"]["branches_covered"].as_u64().unwrap();
    assert!(branches >= 4, "{st}");
    for e in std::fs::read_dir(out.path().join("tests")).unwrap().flatten() {
        let t: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(e.path()).unwrap()).unwrap();
        assert_eq!(t["outcome"]["kind"], "halted", "{t}");
        assert_eq!(t["outcome"]["reason"], "state limit of 30 reached", "{t}");
    }
    let tdir = out.path().join("tests");
    let text = kappa(&["replay", prog, tdir.to_str().unwrap()]);
    assert!(text.contains(&format!("replayed {tests} tests: {tests} match, 0 mismatch")), "{text}");
    assert!(text.contains("where kappa had halted the path"), "{text}");
    let total = st["coverage"]["branches_total"].as_u64().unwrap();
    assert!(text.contains(&format!("branches {branches}/{total}")), "kappa's count on the replay: {text}");
    let gcov = text.lines().find(|l| l.contains("gcov (the compiled program)")).expect("gcov line");
    assert!(!gcov.contains("branches 0/"), "{gcov}");
}

/// A path through a loop summary (compact mode, the default) may run the loop any number of
/// times (the loop benchmark's countdown: `n >= 0` counted down to 0): its test runs it at most 2^8 times where the path allows (the solver's first model
/// had n = 1073741826, a test Test-Comp's validator aborts and kappa's own replay of the suite
/// spent the whole time limit on), and the suite covers with gcc what kappa says.
#[test]
fn tests_through_loop_summaries_run_the_loop_a_few_times() {
    let prog = "bench/loops/countdown_safe.c";
    let out = tempfile::tempdir().unwrap();
    let o = out.path().to_str().unwrap();
    let text = kappa(&["testgen", "--goal", "coverage-branches", "--max-time", "20", "--out", o, prog]);
    assert!(text.ends_with("RESULT: done\n") && !text.contains("time limit"), "{text}");
    let suite = suite_files(out.path());
    assert!(!suite.is_empty(), "{text}");
    let mut loop_runs = false;
    for t in &suite {
        for v in inputs(&std::fs::read_to_string(t).unwrap()) {
            let n: i64 = v.parse().unwrap();
            assert!((0..=256).contains(&n), "{}: input {n}", t.display());
            loop_runs |= n > 0;
        }
    }
    assert!(loop_runs, "no test runs the loop: {text}");
    let (cov, _) = gcov_of(&root().join(prog), &suite);
    let line = text.lines().find(|l| l.starts_with("branches covered:")).expect("coverage line");
    let nums: Vec<u32> = line.split(' ').filter_map(|w| w.parse().ok()).collect();
    assert!(nums.len() == 2 && nums[0] * 2 > nums[1], "{line}");
    assert!(cov.starts_with("Taken at least once:") && !cov.contains(" 0.00%"), "{cov}");
}
