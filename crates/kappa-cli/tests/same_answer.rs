//! The charter's "same input, same answer" (issue 21): `kappa verify` run twice on the same
//! program does the same work, phase after phase. Every phase of `verify` (the short
//! exploration, k-induction's step programs, its base case, the plain exploration, a proof by
//! summaries) works in the thread's one Z3 context, so whatever one phase leaves in it steers
//! the next; before, the Z3 solver's map of translated terms was dropped in `RandomState`'s
//! order (a new seed per process), Z3 reused the freed ids in that order, and `step3_bug` in
//! compact mode did 3.0 M to 4.3 M units of solver work from one run to the next.
//!
//! The runs have no `--max-time` (the phases are bounded by work, the wall-clock backstops far
//! above what these programs take), so a loaded machine gives the same counts. Under
//! `--max-time` the phases' budgets are work sized from the limit (crate `phase` of kappa-cli):
//! with a limit far above the run, every phase (`phases` in the statistics) does the same work
//! twice.

mod common;

use common::{root, stats};

/// The work counts of the statistics of `kappa verify FILE ARGS --no-witnesses`, and its
/// result line.
/// Named work counts of a run.
type Counts = Vec<(String, Option<u64>)>;

fn counts(file: &str, args: &[&str]) -> (String, Counts) {
    let (result, work, _) = counts_and_phases(file, args);
    (result, work)
}

/// [`counts`] and what each phase did (the statistics' `phases`, their wall time left out).
fn counts_and_phases(file: &str, args: &[&str]) -> (String, Counts, Vec<serde_json::Value>) {
    let dir = tempfile::tempdir().expect("temp dir");
    let json = dir.path().join("s.json");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_kappa"))
        .current_dir(root())
        // One engine's work: with several workers (the default is the cores) the scheduler
        // decides which worker explores what, and the counts vary while the verdict does not.
        .args(["verify", file, "--quiet", "--no-witnesses", "--jobs", "1", "--stats-json"])
        .arg(&json)
        .arg("--out")
        .arg(dir.path().join("out"))
        .args(args)
        .output()
        .expect("run kappa");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let s = stats(&json);
    let get = |path: &[&str]| {
        let mut v = &s;
        for k in path {
            v = &v[*k];
        }
        (path.join("."), v.as_u64())
    };
    let work = vec![
        get(&["solver_work"]),
        get(&["solver_queries"]),
        get(&["states_created"]),
        get(&["paths_completed"]),
        get(&["templates", "work"]),
        get(&["templates", "work_calls"]),
    ];
    let mut phases = s["phases"].as_array().cloned().unwrap_or_default();
    for p in &mut phases {
        if let Some(o) = p.as_object_mut() {
            o.remove("time_s");
        }
    }
    (stdout.lines().last().unwrap_or("").to_string(), work, phases)
}

/// `verify` twice on `file`: the same result and the same work counts, which are there.
fn twice_the_same(file: &str, args: &[&str], want: &str) {
    let (r1, c1) = counts(file, args);
    let (r2, c2) = counts(file, args);
    assert_eq!(r1, want, "{file}");
    assert_eq!(r2, want, "{file}");
    assert!(c1.iter().all(|(k, v)| v.is_some() || k.starts_with("templates")), "{file}: {c1:?}");
    assert_eq!(c1, c2, "{file}: the second run did other work");
}

#[test]
fn compact_mode_after_a_failed_proof_does_the_same_work_twice() {
    // The short exploration (compact), whose violation's test replays: its statistics (kind9;
    // before, three step programs of k-induction, its base case and the plain exploration).
    twice_the_same("bench/loops/step3_bug.c", &["--mode", "compact"], "RESULT: false(unreach-call)");
}

#[test]
fn a_k_induction_proof_does_the_same_work_twice() {
    // k = 1 fails, k = 2 proves it; the statistics are the validating exploration's.
    twice_the_same("tests/programs/proofs/kind_k2.c", &[], "RESULT: true");
}

#[test]
fn a_program_for_summaries_does_the_same_work_twice() {
    // Recursion that summaries may prove: the exploration before the proof ends on it.
    twice_the_same("bench/proofs/ackermann.c", &[], "RESULT: true");
}

/// `verify FILE --max-time 30` twice: the same result, work counts and phases. The limit is far
/// above what the run takes, so only the phases' shares of it (the short exploration's tenth,
/// k-induction's half, the base case's quarter, the summaries' tenth and half) could make the
/// work differ: they are budgets of work now, the wall clock only a backstop far above them.
fn twice_the_same_within_a_limit(file: &str, args: &[&str], want: &str, phases: &[&str]) {
    let args: Vec<&str> = args.iter().copied().chain(["--max-time", "30"]).collect();
    let (r1, c1, p1) = counts_and_phases(file, &args);
    let (r2, c2, p2) = counts_and_phases(file, &args);
    assert_eq!(r1, want, "{file}");
    assert_eq!(r2, want, "{file}");
    let names: Vec<&str> = p1.iter().filter_map(|p| p["phase"].as_str()).collect();
    for want in phases {
        assert!(names.contains(want), "{file}: no phase {want} in {names:?}");
    }
    assert_eq!(c1, c2, "{file}: the second run did other work");
    assert_eq!(p1, p2, "{file}: a phase of the second run did other work");
}

#[test]
fn under_a_time_limit_every_phase_does_the_same_work_twice() {
    // The short exploration, whose violation replays (kind9: no proof after it).
    twice_the_same_within_a_limit(
        "bench/loops/step3_bug.c",
        &["--mode", "compact"],
        "RESULT: false(unreach-call)",
        &["short exploration"],
    );
    // The short exploration, k-induction's step programs (k = 1 to 3), its base case.
    twice_the_same_within_a_limit(
        "bench/proofs/gsv2008_bug.c",
        &[],
        "RESULT: false(unreach-call)",
        &["short exploration", "k-induction step (k = 3)", "base case"],
    );
    // The exploration's tenth before the proof by summaries, then the proof's rounds.
    twice_the_same_within_a_limit(
        "bench/proofs/mccarthy91.c",
        &[],
        "RESULT: true",
        &["exploration", "summaries check"],
    );
}

// ---- Two processes, the same output (issue 21's audit of hash-map order, branch audit7) ----
//
// `std`'s `HashMap` and `HashSet` iterate in an order of their `RandomState`, a new seed per
// process: whatever reaches the output from such an iteration (a listing, a first match, a tie
// of a sort) can differ from one run to the next. Each test below runs `kappa` twice on the same
// input, in two processes, and compares what it prints and writes byte for byte, less what is
// measured (times, memory) or named after the run's output directory.

/// `kappa ARGS` in the repository's root with `env`: (exit code, stdout, stderr).
fn kappa_in_root(args: &[&str], env: &[(&str, &str)]) -> (Option<i32>, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_kappa"))
        .current_dir(root())
        .args(args)
        .envs(env.iter().copied())
        .output()
        .expect("run kappa");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `text` with what is measured or named after the run left out: each number of seconds
/// (`0.18 s`, `(0.01 s)`) is `T`, a `time:` line is `time: T`, the run's directory `dir` is
/// `OUT`.
fn unmeasured(text: &str, dir: &std::path::Path) -> String {
    let dir = dir.display().to_string();
    text.lines()
        .map(|l| {
            let l = l.replace(&dir, "OUT");
            // The slicer's summary line and its debug lines say how long a phase took: `0.18 s`.
            let words: Vec<&str> = l.split(' ').collect();
            let mut kept = Vec::new();
            for (i, w) in words.iter().enumerate() {
                let unit = |n: &&str| *n == "s" || ["s)", "s,", "s;"].iter().any(|u| n.starts_with(u));
                let seconds = words.get(i + 1).is_some_and(unit) && w.trim_start_matches('(').parse::<f64>().is_ok();
                kept.push(if seconds { "T" } else { w });
            }
            if l.starts_with("time:") {
                "time: T".to_string()
            } else {
                kept.join(" ")
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A statistics file without the measured members (times, memory), wherever they are nested.
fn unmeasured_json(path: &std::path::Path) -> serde_json::Value {
    fn strip(v: &mut serde_json::Value) {
        match v {
            serde_json::Value::Object(o) => {
                o.retain(|k, _| !(k.ends_with("time_s") || k.contains("memory") || k == "time"));
                o.values_mut().for_each(strip);
            }
            serde_json::Value::Array(a) => a.iter_mut().for_each(strip),
            _ => {}
        }
    }
    let mut v = stats(path);
    strip(&mut v);
    v
}

/// What one `kappa slice FILE ARGS` prints and writes: the sliced C, its output (the summary,
/// the diagnostics, and with `KAPPA_SLICE_DEBUG` the exploration's profile), the statistics,
/// the DOT files.
fn slice_output(file: &str, args: &[&str], debug: bool) -> (String, String, serde_json::Value, String) {
    let dir = tempfile::tempdir().expect("temp dir");
    let p = |n: &str| dir.path().join(n).display().to_string();
    let (c, o, e) = kappa_in_root(
        &[
            &[
                "slice",
                file,
                "-o",
                &p("s.c"),
                "--stats-json",
                &p("s.json"),
                "--dot",
                &p("s.dot"),
                "--tree",
                &p("t.dot"),
            ],
            args,
        ]
        .concat(),
        if debug { &[("KAPPA_SLICE_DEBUG", "1")] } else { &[] },
    );
    assert_eq!(c, Some(0), "{file}: {e}");
    let read = |n: &str| std::fs::read_to_string(dir.path().join(n)).expect("written");
    let dots = read("s.dot") + &read("t.dot");
    (read("s.c"), unmeasured(&(o + &e), dir.path()), unmeasured_json(&dir.path().join("s.json")), dots)
}

#[test]
fn slice_prints_and_writes_the_same_in_two_processes() {
    for (file, args) in [
        ("bench/slice/kbfiltr_like.c", &["--property", "unreach-call"][..]),
        ("bench/slice/floppy_like_bug.c", &["--property", "unreach-call"][..]),
        ("crates/kappa-slice/tests/programs/ub_uaf_callee.c", &["--property", "unreach-call"][..]),
        ("crates/kappa-slice/tests/programs/paper_fig1.c", &["--target", "z"][..]),
    ] {
        let a = slice_output(file, args, false);
        let b = slice_output(file, args, false);
        assert_eq!(a.0, b.0, "{file}: another slice");
        assert_eq!(a.1, b.1, "{file}: other diagnostics");
        assert_eq!(a.2, b.2, "{file}: other statistics");
        assert_eq!(a.3, b.3, "{file}: another PSS-CFG or tree");
    }
}

#[test]
fn the_slicers_profile_reads_the_same_in_two_processes() {
    // `KAPPA_SLICE_DEBUG`'s profile of the exploration: before, its listing of the queries per
    // kind came in a hash map's order, and the points with as much work or as many nodes as
    // another in whichever order the map gave them (kbfiltr_like: a different profile in each of
    // 12 runs of main 9184872).
    let file = "bench/slice/kbfiltr_like.c";
    let a = slice_output(file, &["--property", "unreach-call"], true);
    let b = slice_output(file, &["--property", "unreach-call"], true);
    assert!(a.1.contains("slicer profile:") && a.1.contains("kind "), "no profile: {}", a.1);
    assert_eq!(a.1, b.1, "{file}: another profile");
    assert_eq!(a.0, b.0, "{file}: another slice");
}

/// `kappa ARGS --jobs 1` with an output directory and statistics of its own: its exit code,
/// its output, its statistics and its tests, less what differs from run to run.
type Output = (Option<i32>, String, serde_json::Value, Vec<(String, String)>);

fn one_worker_output(args: &[&str]) -> Output {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("out");
    let json = dir.path().join("s.json");
    let (out_s, json_s) = (out.display().to_string(), json.display().to_string());
    let mut all = args.to_vec();
    all.extend(["--jobs", "1", "--out", &out_s, "--stats-json", &json_s]);
    let (c, o, e) = kappa_in_root(&all, &[]);
    (c, unmeasured(&(o + &e), dir.path()), unmeasured_json(&json), files_of(&out.join("tests"), dir.path()))
}

/// `kappa verify --slice FILE`: its output, its statistics and its tests.
fn verify_slice_output(file: &str) -> (String, serde_json::Value, Vec<(String, String)>) {
    let (_, text, json, tests) = one_worker_output(&["verify", "--slice", file]);
    (text, json, tests)
}

/// The files of a directory (names and contents, `run_dir` in them left out), in name order.
fn files_of(dir: &std::path::Path, run_dir: &std::path::Path) -> Vec<(String, String)> {
    let mut v: Vec<(String, String)> = std::fs::read_dir(dir)
        .map(|d| {
            d.flatten()
                .map(|e| {
                    let text = std::fs::read_to_string(e.path()).unwrap_or_default();
                    (e.file_name().to_string_lossy().into_owned(), unmeasured(&text, run_dir))
                })
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

#[test]
fn verify_slice_prints_and_writes_the_same_in_two_processes() {
    for (file, want) in [
        ("bench/slice/kbfiltr_like.c", "RESULT: true"),
        ("bench/slice/floppy_like_bug.c", "RESULT: false(unreach-call)"),
    ] {
        let a = verify_slice_output(file);
        let b = verify_slice_output(file);
        assert!(a.0.lines().any(|l| l == want), "{file}: {}", a.0);
        assert!(a.0.starts_with("slice:"), "{file}: not sliced: {}", a.0);
        assert_eq!(a.0, b.0, "{file}: another output");
        assert_eq!(a.1, b.1, "{file}: other statistics");
        assert_eq!(a.2, b.2, "{file}: other tests");
    }
}

#[test]
fn the_front_ends_diagnostics_are_the_same_in_two_processes() {
    // Several warnings (C89 implicit declarations of library functions) and then an error.
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("diags.c");
    std::fs::write(
        &file,
        "extern void abort(void);\n\
         int main(void) {\n\
         \x20 char *p = calloc(4, 1);\n\
         \x20 char *q = realloc(p, 16);\n\
         \x20 memset(q, 'a', 15);\n\
         \x20 memcpy(q, q + 1, 3);\n\
         \x20 int n = strlen(q) + atoi(q) + abs(-3) + toupper('a') + strcmp(q, \"a\");\n\
         \x20 return frobnicate(n);\n\
         }\n",
    )
    .expect("write");
    let f = file.display().to_string();
    let a = kappa_in_root(&["ir", &f], &[]);
    let b = kappa_in_root(&["ir", &f], &[]);
    assert_eq!(a.0, Some(2), "{}", a.2);
    assert_eq!(a.2.matches(": warning: implicit declaration").count(), 8, "{}", a.2);
    assert!(a.2.contains("diags.c:8:10: error: call to undeclared function `frobnicate`"), "{}", a.2);
    assert_eq!(a, b, "another diagnostic, or in another order");
    // A program the front end lowers, with bit-fields and packed structs (maps of the lowerer):
    // the same IR.
    for p in ["tests/programs/conformance/packed_bitfields.c", "tests/programs/front/implicit_decls.c"] {
        let a = kappa_in_root(&["ir", p], &[]);
        let b = kappa_in_root(&["ir", p], &[]);
        assert_eq!(a.0, Some(0), "{p}: {}", a.2);
        assert_eq!(a, b, "{p}: another IR or other warnings");
    }
}

#[test]
fn run_prints_the_same_statistics_and_tests_in_two_processes() {
    let run = |file: &str| one_worker_output(&["run", file]);
    // The second with a loop template (compact symbolic execution).
    for file in ["tests/programs/front/implicit_decls.c", "bench/loops/step3_bug.c"] {
        let a = run(file);
        let b = run(file);
        assert!(a.1.contains("paths:") && a.1.contains("templates:"), "{file}: {}", a.1);
        assert!(!a.3.is_empty(), "{file}: no tests");
        assert_eq!(a, b, "{file}: another output, other statistics or other tests");
    }
}
