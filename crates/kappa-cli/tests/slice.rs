//! `kappa slice` and `kappa verify --slice`: the decompiled slice compiles and is verified like
//! any program, usage errors are reported, `--slice` never gives a wrong verdict on the corpus,
//! and on generated programs the slice gets the original's verdict.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn kappa(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kappa")).args(args).output().expect("run kappa")
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn paper(name: &str) -> String {
    root().join("crates/kappa-slice/tests/programs").join(name).display().to_string()
}

fn last_line(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).lines().last().unwrap_or("").to_string()
}

#[test]
fn slice_writes_a_program_gcc_compiles_the_dot_and_statistics() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("fig1.c");
    let dot = dir.path().join("fig1.dot");
    let stats = dir.path().join("fig1.json");
    let o = kappa(&[
        "slice",
        &paper("paper_fig1.c"),
        "--target",
        "z",
        "-o",
        &out.display().to_string(),
        "--dot",
        &dot.display().to_string(),
        "--stats-json",
        &stats.display().to_string(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(stdout.contains("PSS-CFG: 11 nodes, 12 edges, 3 paths; rule 1: 9, rule 2: 2, rule 3: 1"), "{stdout}");
    let c = std::fs::read_to_string(&out).expect("slice written");
    assert!(c.contains("#line 20 \""), "{c}");
    assert!(!c.contains("flag"), "{c}");
    let g =
        Command::new("gcc").args(["-std=gnu11", "-Wall", "-c", "-o"]).arg(dir.path().join("fig1.o")).arg(&out).output();
    let g = g.expect("gcc runs");
    assert!(g.status.success(), "{}", String::from_utf8_lossy(&g.stderr));
    let d = std::fs::read_to_string(&dot).expect("dot written");
    assert!(d.starts_with("digraph pss_cfg"), "{d}");
    let j: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&stats).expect("stats")).expect("json");
    assert_eq!(j["pss_paths"], 3.0);
    assert_eq!(j["rule3"], 1);
    // The decompiled program is ordinary C: compact and classic symbolic execution find its 3
    // paths (the original has 4 feasible ones).
    for mode in ["classic", "compact"] {
        let o = kappa(&[
            "run",
            "--mode",
            mode,
            "--out",
            &dir.path().join(mode).display().to_string(),
            &out.display().to_string(),
        ]);
        let s = String::from_utf8_lossy(&o.stdout);
        assert!(s.contains("paths: 3 completed"), "{mode}: {s}");
    }
    let o = kappa(&[
        "run",
        "--mode",
        "classic",
        "--out",
        &dir.path().join("orig").display().to_string(),
        &paper("paper_fig1.c"),
    ]);
    assert!(String::from_utf8_lossy(&o.stdout).contains("paths: 4 completed"));
}

#[test]
fn slice_reports_bad_usage_and_what_it_cannot_handle() {
    let fig1 = paper("paper_fig1.c");
    let o = kappa(&["slice", &fig1]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--target"));
    let o = kappa(&["slice", &fig1, "--target", "z", "--property", "unreach-call"]);
    assert_eq!(o.status.code(), Some(1));
    let o = kappa(&["slice", &fig1, "--target", "nosuch"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("no variable `nosuch`"));
    // Memory is sliced (structs, arrays, pointers as cells); a heap list built in a loop is a
    // summary, and the slice says it over-approximates.
    let list = root().join("tests/programs/svcomp/list_sum.c").display().to_string();
    let o = kappa(&["slice", &list, "--property", "unreach-call", "-o", "/dev/null"]);
    assert_eq!(o.status.code(), Some(0));
    let e = String::from_utf8_lossy(&o.stderr);
    assert!(
        e.contains("list_sum.c:26:13 (a site that may run several times)") && e.contains("over-approximates"),
        "{e}"
    );
    let rec = root().join("tests/programs/svcomp/recursive_sum.c").display().to_string();
    let o = kappa(&["slice", &rec, "--property", "unreach-call", "-o", "/dev/null"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("unknown values from the recursive call of `sum`"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    // What it still refuses, by name.
    let dir = tempfile::tempdir().expect("temp dir");
    let mp = dir.path().join("mp.c");
    std::fs::write(&mp, "int main(int argc, char **argv) { return argc > 1 && argv[1][0] == 120; }\n").expect("write");
    let o = kappa(&["slice", &mp.display().to_string(), "--property", "unreach-call"]);
    assert_eq!(o.status.code(), Some(2), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        String::from_utf8_lossy(&o.stderr)
            .contains("mp.c:1:27: unsupported by the slicer: parameter `argv` is not an integer"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    // Limits stop the construction cleanly.
    let o = kappa(&["slice", &fig1, "--target", "z", "--max-nodes", "5"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&o.stderr).contains("node limit"), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(o.stdout.is_empty());
}

fn corpus() -> Vec<(PathBuf, String)> {
    let base = root().join("tests/programs/svcomp");
    let mut out = Vec::new();
    for e in std::fs::read_dir(base).expect("corpus").flatten() {
        let p = e.path();
        if p.extension().and_then(|x| x.to_str()) != Some("c") {
            continue;
        }
        let text = std::fs::read_to_string(&p).unwrap_or_default();
        if let Some(v) = text.lines().next().and_then(|l| l.split("verdict=").nth(1)) {
            out.push((p.clone(), v.trim().to_string()));
        }
    }
    out.sort();
    out
}

/// `--slice` on the corpus programs the slicer handles (the others fall back to verifying the
/// original program, which the corpus tests of `verify` cover; `bench/slice_corpus.sh` runs
/// them all).
#[test]
fn verify_slice_gives_no_wrong_verdict_on_the_corpus() {
    // Every other program (the whole corpus with `KAPPA_CORPUS=all`): a run of the whole corpus
    // takes two minutes of the test suite's time. One program at a time: each run has a time
    // limit, and the test runner already keeps the cores busy with other tests.
    let all = std::env::var("KAPPA_CORPUS").is_ok_and(|v| v == "all");
    let share = if all { 1 } else { 2 };
    let programs: Vec<_> = corpus().into_iter().step_by(share).collect();
    let results: Vec<(Option<&'static str>, bool, String, String)> =
        programs.iter().filter_map(|(path, want)| verify_sliced(path, want)).collect();
    let sliced = results.len();
    let decided = results.iter().filter(|r| r.0.is_some()).count();
    let wrong: Vec<String> = results
        .iter()
        .filter(|r| r.0.is_some_and(|g| g != r.3))
        .map(|r| format!("{}: {}, expected {}", r.2, r.0.unwrap_or(""), r.3))
        .collect();
    assert!(results.iter().all(|r| r.1), "a run of verify --slice failed");
    assert!(wrong.is_empty(), "wrong verdicts with --slice:\n{}", wrong.join("\n"));
    eprintln!("{} programs: {sliced} sliced, {decided} decided", programs.len());
    assert!(sliced >= 20 / share, "only {sliced} programs sliced");
    // (A floor: a loaded machine decides fewer within the time limit.)
    assert!(decided >= 16 / share, "only {decided} programs decided");
}

/// `verify --slice` on one corpus program the slicer handles: (its verdict if decided, whether
/// the run went well, the path, the expected verdict); `None` for a program not sliced.
fn verify_sliced(path: &Path, want: &str) -> Option<(Option<&'static str>, bool, String, String)> {
    let p = path.display().to_string();
    if kappa(&["slice", &p, "--property", "unreach-call", "-o", "/dev/null"]).status.code() != Some(0) {
        return None;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let o = kappa(&["verify", "--slice", "--quiet", "--max-time", "3", "--out", &dir.path().display().to_string(), &p]);
    let ok = o.status.code() == Some(0);
    if !ok {
        eprintln!("{p}: {}", String::from_utf8_lossy(&o.stderr));
    }
    let got = match last_line(&o).as_str() {
        "RESULT: true" => Some("true"),
        "RESULT: false(unreach-call)" => Some("false"),
        l => {
            if !l.starts_with("RESULT: unknown (") {
                eprintln!("{p}: bad last line {l}");
                return Some((None, false, p, want.to_string()));
            }
            None
        }
    };
    Some((got, ok, p, want.to_string()))
}

/// On generated programs, `kappa verify` gives the slice the original's verdict, and `verify
/// --slice` agrees (a `false` confirmed on the original).
#[test]
fn slices_of_generated_programs_get_the_same_verdict() {
    let dir = tempfile::tempdir().expect("temp dir");
    let cfg = kappa_slice::gen::GenConfig { error_percent: 14, ..Default::default() };
    let mut verdicts = std::collections::BTreeMap::new();
    // bench/slice_equiv.sh runs several hundred.
    let n: u64 = std::env::var("KAPPA_SLICE_VERDICTS").ok().and_then(|s| s.parse().ok()).unwrap_or(12);
    for seed in 0..n {
        let g = kappa_slice::gen::generate(seed, &cfg);
        let orig = dir.path().join(format!("g{seed}.c"));
        std::fs::write(&orig, &g.source).expect("write");
        let sliced = dir.path().join(format!("g{seed}.slice.c"));
        let (o, s) = (orig.display().to_string(), sliced.display().to_string());
        let r = kappa(&["slice", &o, "--property", "unreach-call", "-o", &s]);
        assert_eq!(r.status.code(), Some(0), "{}", String::from_utf8_lossy(&r.stderr));
        let out = |k: &str| dir.path().join(format!("out{seed}{k}")).display().to_string();
        let a = last_line(&kappa(&["verify", "--mode", "classic", "--quiet", "--out", &out("a"), &o]));
        let b = last_line(&kappa(&["verify", "--mode", "compact", "--quiet", "--out", &out("b"), &s]));
        let c = last_line(&kappa(&["verify", "--slice", "--mode", "classic", "--quiet", "--out", &out("c"), &o]));
        assert_eq!(a, b, "seed {seed}: original and slice differ\n{}", g.source);
        assert_eq!(a, c, "seed {seed}: verify and verify --slice differ\n{}", g.source);
        *verdicts.entry(a).or_insert(0) += 1;
    }
    println!("verdicts of {n} generated programs (original = slice = --slice): {verdicts:?}");
    assert!(verdicts.len() >= 2, "{verdicts:?}");
}

/// `verify --slice` says when the slicer cannot help (a construct it refuses, a limit reached in
/// the slicing phase) and then verifies the original program under the same limits.
#[test]
fn verify_slice_falls_back_to_the_original_and_keeps_the_limits() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = |k: &str| dir.path().join(k).display().to_string();
    // array_max.c with 4 cells instead of 8 (the original explores 640 paths: a minute).
    let src = std::fs::read_to_string(root().join("tests/programs/svcomp/array_max.c")).expect("array_max.c");
    assert!(src.contains("#define N 8"), "array_max.c changed");
    let arrays = dir.path().join("array_max.c");
    std::fs::write(&arrays, src.replace("#define N 8", "#define N 4")).expect("write");
    let arrays = arrays.display().to_string();
    // The index checks in the loops hold by the proved loop-head invariants (`0 <= i`): the
    // slice is verified.
    let o = kappa(&["verify", "--slice", "--quiet", "--out", &out("a"), &arrays]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!err.contains("note: --slice"), "{err}");
    assert_eq!(last_line(&o), "RESULT: true");
    // Here the index `j` is bounded by `j == i`, which the slicer's invariants do not have (they
    // are over the registers the checks read): possible undefined behaviour, which a slice does
    // not keep, so the original is verified.
    let lockstep = dir.path().join("lockstep.c");
    std::fs::write(
        &lockstep,
        "extern int __VERIFIER_nondet_int(void);\nextern void reach_error(void);\nint main(void) {\n  int a[4];\n  int j = 0;\n  for (int i = 0; i < 4; i++) {\n    a[j] = __VERIFIER_nondet_int();\n    j++;\n  }\n  if (j != 4) reach_error();\n  return 0;\n}\n",
    )
    .expect("write");
    let o = kappa(&["verify", "--slice", "--quiet", "--out", &out("l"), &lockstep.display().to_string()]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("note: --slice: possible undefined behaviour") && err.contains("a[j]"), "{err}");
    assert!(err.contains("verifying the original program"), "{err}");
    assert_eq!(last_line(&o), "RESULT: true");
    let driver = root().join("bench/slice/kbfiltr_like.c").display().to_string();
    // (`--proof none`: k-induction, by default, proves this program whatever --max-states says.)
    let o =
        kappa(&["verify", "--slice", "--quiet", "--max-states", "200", "--proof", "none", "--out", &out("b"), &driver]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("node limit of 200 reached while building the PSS-CFG"), "{err}");
    assert_eq!(last_line(&o), "RESULT: unknown (state limit of 200 reached)");
    // Within the limits, the same program is decided through its slice.
    let o = kappa(&["verify", "--slice", "--quiet", "--out", &out("c"), &driver]);
    assert!(!String::from_utf8_lossy(&o.stderr).contains("note: --slice"));
    assert_eq!(last_line(&o), "RESULT: true");
}

/// Heap objects allocated in a loop are summaries: `verify --slice` gives no wrong verdict. A
/// `true` of the over-approximating slice holds; a `false` is confirmed on the original, and
/// when it is not (or the slice may have undefined behaviour: here the loop-header invariant
/// loses `0 <= i`), the original is verified. Two objects of the site may or may not be the
/// same in the slice, so neither `p == q` nor `p != q` is decided wrongly.
#[test]
fn verify_slice_over_summarised_heap_objects_gives_the_right_verdicts() {
    let dir = tempfile::tempdir().expect("temp dir");
    let head = "#include <stdlib.h>\nextern int __VERIFIER_nondet_int(void);\nextern void reach_error(void);\n";
    let two = "int main(void) {\n  int *a[2];\n  for (int i = 0; i < 2; i++) { a[i] = malloc(sizeof(int)); if (!a[i]) return 0; *a[i] = i; }\n";
    let cases = [
        // The lock protocol is in scalars; the requests' contents do not matter: true on the slice.
        (
            "struct req { int len; int buf[4]; };\nint lock;\nint main(void) {\n  int n = __VERIFIER_nondet_int();\n  for (int i = 0; i < n && i < 4; i++) {\n    struct req *r = malloc(sizeof(struct req));\n    if (!r) return 0;\n    r->len = __VERIFIER_nondet_int();\n    if (lock) reach_error();\n    lock = 1;\n    if (r->len > 0) r->buf[r->len & 3] = 1;\n    lock = 0;\n    free(r);\n  }\n  return 0;\n}\n".to_string(),
            "RESULT: true",
            "",
        ),
        (format!("{two}  if (a[0] == a[1]) reach_error();\n  return 0;\n}}\n"), "RESULT: true", "verifying the original program"),
        (format!("{two}  if (a[0] != a[1]) reach_error();\n  return 0;\n}}\n"), "RESULT: false(unreach-call)", ""),
        (format!("{two}  if (*a[1] == 1) reach_error();\n  return 0;\n}}\n"), "RESULT: false(unreach-call)", ""),
        (format!("{two}  if (*a[0] == 1) reach_error();\n  return 0;\n}}\n"), "RESULT: true", "verifying the original program"),
    ];
    for (i, (body, want, note)) in cases.iter().enumerate() {
        let src = dir.path().join(format!("h{i}.c"));
        std::fs::write(&src, format!("{head}{body}")).expect("write");
        let s = src.display().to_string();
        let out = dir.path().join(format!("o{i}")).display().to_string();
        let o = kappa(&["verify", "--slice", "--quiet", "--max-time", "20", "--out", &out, &s]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(last_line(&o), *want, "{body}\n{err}");
        assert!(err.contains(note), "{body}\n{err}");
        // The slicer did not refuse the program.
        assert!(!err.contains("unsupported by the slicer"), "{body}\n{err}");
    }
}

/// Loop-head invariants (proved by Houdini over k-induction's candidate pool) discharge the index
/// checks of loops over an array: the slice lists no possible undefined behaviour, and
/// `verify --slice` verifies the slice instead of falling back. Without them, or where an index
/// really goes out of bounds (a candidate refuted, never used), the check is listed.
#[test]
fn proved_loop_invariants_discharge_the_index_checks_of_loops() {
    let dir = tempfile::tempdir().expect("temp dir");
    let src = paper("array_loops.c");
    let sliced = dir.path().join("s.c").display().to_string();
    let o = kappa(&["slice", &src, "--property", "unreach-call", "-o", &sliced]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(!err.contains("undefined behaviour") && !err.contains("no loop invariants"), "{err}");
    let o = kappa(&["slice", &src, "--property", "unreach-call", "--no-invariants", "-o", &sliced]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("array_loops.c:10:5 (index out of bounds in `a[i]`)"), "{err}");
    assert!(err.contains("array_loops.c:14:9 (index out of bounds in `a[i]`)"), "{err}");
    let out = dir.path().join("v").display().to_string();
    let o = kappa(&["verify", "--slice", "--quiet", "--max-time", "20", "--out", &out, &src]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!err.contains("note: --slice"), "{err}");
    assert_eq!(last_line(&o), "RESULT: true", "{err}");
    // One iteration too many: `i <= 4` is refuted at the back edge (i = 4 + 1), so the check of
    // the first loop stays listed; the second loop's is still discharged.
    let text = std::fs::read_to_string(&src).expect("array_loops.c");
    let bad = dir.path().join("bad.c");
    std::fs::write(&bad, text.replacen("i < 4; i++) {\n    a[i]", "i <= 4; i++) {\n    a[i]", 1)).expect("write");
    let o = kappa(&["slice", &bad.display().to_string(), "--property", "unreach-call", "-o", &sliced]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("bad.c:10:5 (index out of bounds in `a[i]`)"), "{err}");
    assert!(!err.contains("bad.c:14:9"), "{err}");
}

/// The checks of undefined behaviour inside callees the slicer summarises (not explored: they
/// cannot affect the criterion) are decided in their calling contexts: a driver's statistics
/// helper called as `account(&d->st, …)` from a dispatch routine, with `d` the harness's local
/// device, accesses only that struct, so its slice lists no possible undefined behaviour and
/// `verify --slice` verifies the slice. A helper whose index is out of bounds in one of its two
/// calling contexts keeps its check listed (and `verify --slice` falls back to the original);
/// with only the good context, it is not listed.
#[test]
fn summarised_callees_checks_are_decided_in_their_calling_contexts() {
    let dir = tempfile::tempdir().expect("temp dir");
    let driver = "extern int __VERIFIER_nondet_int(void);\nextern void reach_error(void);\n\
struct stats { unsigned reads, writes, bytes; unsigned hist[4]; };\n\
struct dev { int open; int last; int h4[4]; int h2[2]; struct stats st; };\n\
struct req { int major; int len; };\n\
static void note(int *h, int i) { h[i] = 1; }\n\
static void account(struct stats *s, int major, int len) {\n\
  if (major == 0) s->reads++; else s->writes++;\n\
  s->hist[len & 3]++;\n\
  if (len > 0) s->bytes += (unsigned)len;\n\
}\n\
static void dispatch(struct dev *d, struct req *r) {\n\
  if (r->major == 2) { if (d->open && d->last == 9) reach_error(); d->open = 0; }\n\
  else if (r->major == 1) { d->open = 1; d->last = r->len > 8 ? 8 : r->len; }\n\
  account(&d->st, r->major, r->len);\n\
  NOTES\n\
}\n\
int main(void) {\n\
  struct dev dev = {0};\n\
  for (int k = 0; k < 6; k++) {\n\
    struct req r;\n\
    r.major = __VERIFIER_nondet_int() & 3;\n\
    r.len = __VERIFIER_nondet_int();\n\
    dispatch(&dev, &r);\n\
  }\n\
  return 0;\n\
}\n";
    let slice = |name: &str, notes: &str| {
        let src = dir.path().join(name);
        std::fs::write(&src, driver.replace("NOTES", notes)).expect("write");
        let src = src.display().to_string();
        let out = dir.path().join(format!("{name}.sliced.c")).display().to_string();
        let o = kappa(&["slice", &src, "--property", "unreach-call", "-o", &out]);
        let err = String::from_utf8_lossy(&o.stderr).to_string();
        assert!(o.status.success(), "{err}");
        assert!(String::from_utf8_lossy(&o.stdout).contains("calls not explored"), "{err}");
        (src, err)
    };
    let (src, err) = slice("drv.c", "note(d->h4, 3); note(d->h2, 1);");
    assert!(!err.contains("undefined behaviour"), "{err}");
    let out = dir.path().join("v").display().to_string();
    let o = kappa(&["verify", "--slice", "--quiet", "--max-time", "60", "--out", &out, &src]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!err.contains("note: --slice"), "{err}");
    assert_eq!(last_line(&o), "RESULT: true", "{err}");
    // `d->h2` has two elements: `h[3]` is out of bounds in that context only.
    let (_, err) = slice("two.c", "note(d->h4, 3); note(d->h2, 3);");
    assert!(
        err.contains("out_of_bounds at")
            && err.contains("two.c:6:35")
            && err.contains("in `note`, a call the slicer summarised"),
        "{err}"
    );
    let (_, err) = slice("one.c", "note(d->h4, 3);");
    assert!(!err.contains("undefined behaviour"), "{err}");
}

/// Use after free and double free reached on some paths only (through a struct field, through
/// callees, of a site in a loop), and an out-of-bounds index on one side of a join: the slice
/// lists each as possible undefined behaviour, so `verify --slice` verifies the original and
/// answers as `verify` does (not a `true` that hides it). Where every object is freed once
/// and used before, the slice lists none and is verified itself.
#[test]
fn slices_list_use_after_free_double_free_and_checks_on_merged_paths() {
    let dir = tempfile::tempdir().expect("temp dir");
    let cases = [
        ("ub_uaf_field.c", "invalid_deref", 17, 11),
        ("ub_dfree_callee.c", "invalid_free", 9, 3),
        ("ub_uaf_callee.c", "invalid_deref", 10, 34),
        ("ub_uaf_loop.c", "invalid_deref", 15, 25),
        ("ub_oob_merge.c", "out_of_bounds", 10, 3),
        // One past the end of the most recent object of a site of symbolic size in a loop.
        ("ub_vsize_oob.c", "out_of_bounds", 14, 5),
    ];
    for (i, (name, kind, line, col)) in cases.iter().enumerate() {
        let p = paper(name);
        let ub = format!("{kind} at {p}:{line}:{col}");
        let out = |k: &str| dir.path().join(format!("{k}{i}")).display().to_string();
        let o = kappa(&["slice", &p, "--property", "unreach-call", "-o", &out("s")]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(0), "{name}: {err}");
        assert!(err.contains(&format!("possible undefined behaviour: {ub} (")), "{name}: {err}");
        let want = format!("RESULT: unknown (undefined behaviour: {ub})");
        let o = kappa(&["verify", "--quiet", "--max-time", "30", "--out", &out("v"), &p]);
        assert_eq!(last_line(&o), want, "{name}");
        let o = kappa(&["verify", "--slice", "--quiet", "--max-time", "30", "--out", &out("w"), &p]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("note: --slice: possible undefined behaviour") && err.contains(&ub), "{name}: {err}");
        assert_eq!(last_line(&o), want, "{name}: {err}");
    }
    let verify_slice = |p: &str, out: &str| {
        let out = dir.path().join(out).display().to_string();
        kappa(&["verify", "--slice", "--quiet", "--max-time", "30", "--out", &out, p])
    };
    // Past the end of an older object of that site, whose size is not tracked exactly: listed.
    let p = paper("ub_vsize_older.c");
    let ub = format!("out_of_bounds at {p}:15:3");
    let o = kappa(&["slice", &p, "--property", "unreach-call", "-o", &dir.path().join("older").display().to_string()]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(err.contains(&format!("possible undefined behaviour: {ub} (")), "{err}");
    let o = verify_slice(&p, "w_older");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("verifying the original program"), "{err}");
    assert_eq!(last_line(&o), format!("RESULT: unknown (undefined behaviour: {ub})"), "{err}");
    // Freed once on every path: true on the slice, no fallback.
    let o = verify_slice(&paper("ub_safe_free.c"), "safe");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!err.contains("note: --slice"), "{err}");
    assert_eq!(last_line(&o), "RESULT: true", "{err}");
    // Buffers of symbolic size in a loop, filled within their size: the slice lists no
    // undefined behaviour (it over-approximates, so its `true` is trusted; under load its
    // verification may time out and fall back), and the verdict is true.
    let p = paper("ub_vsize_safe.c");
    let o = kappa(&["slice", &p, "--property", "unreach-call", "-o", &dir.path().join("vsafe").display().to_string()]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(!err.contains("undefined behaviour") && err.contains("over-approximates"), "{err}");
    let o = verify_slice(&p, "w_vsafe");
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(last_line(&o), "RESULT: true", "{err}");
}

/// A request queue cleared by a loop of constant trip count and a counter tested through a load
/// (issue 24; the value analysis's partitions by loop counter and copies,
/// `crates/kappa-slice/src/values.rs`): the slice lists no possible undefined behaviour and
/// `verify --slice` verifies it; with one slot left uninitialised, the dereference of what it
/// may hold is listed and `verify --slice` falls back to the original.
#[test]
fn verify_slice_decides_a_queue_cleared_by_a_loop_and_falls_back_when_a_slot_is_not() {
    let dir = tempfile::tempdir().expect("temp dir");
    let src = "extern int __VERIFIER_nondet_int(void);\nextern void reach_error(void);\n\
struct req { int len; int done; };\n\
struct dev { int lock; struct req *q[4]; int count; int hist[4]; };\n\
void bump(struct dev *d) { if (d->count == 3) return; d->hist[d->count] = 1; d->count++; }\n\
int main(void) {\n\
  struct dev dev; struct req reqs[2]; int i; int n = 0;\n\
  dev.lock = 0; dev.count = 0;\n\
  for (i = 0; i < CLEARED; i++) dev.q[i] = 0;\n\
  for (i = 0; i < 2; i++) { reqs[i].len = i; reqs[i].done = 0; if (__VERIFIER_nondet_int()) dev.q[i] = &reqs[i]; }\n\
  while (__VERIFIER_nondet_int()) bump(&dev);\n\
  struct req *r = dev.q[__VERIFIER_nondet_int() & 3];\n\
  if (r != 0) { n = r->len; r->done = 1; }\n\
  if (n > 1 || dev.lock != 0) reach_error();\n\
  return 0;\n\
}\n";
    let path = dir.path().join("queue.c");
    std::fs::write(&path, src.replace("CLEARED", "4")).expect("write");
    let out = dir.path().join("v").display().to_string();
    let o = kappa(&["verify", "--slice", "--quiet", "--max-time", "60", "--out", &out, &path.display().to_string()]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!err.contains("note: --slice"), "{err}");
    assert_eq!(last_line(&o), "RESULT: true", "{err}");
    let bad = dir.path().join("bad.c");
    std::fs::write(&bad, src.replace("CLEARED", "3")).expect("write");
    let o = kappa(&["verify", "--slice", "--quiet", "--max-time", "60", "--out", &out, &bad.display().to_string()]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("note: --slice: possible undefined behaviour") && err.contains("bad.c:13:"), "{err}");
}

/// Three inputs read on one line of the original: the slice's counterexample is confirmed on
/// the original only if the slice's statements keep that line each (inputs are matched by line
/// and occurrence); the error needs the second and third input.
#[test]
fn a_counterexample_of_the_slice_with_inputs_on_one_line_replays_on_the_original() {
    let dir = tempfile::tempdir().expect("temp dir");
    let src = "extern int __VERIFIER_nondet_int(void);\nextern void reach_error(void);\n\
int main(void) {\n\
  int m[3];\n\
  for (int i = 0; i < 3; i++) m[i] = 0;\n\
  int r = __VERIFIER_nondet_int(), c = __VERIFIER_nondet_int(), v = __VERIFIER_nondet_int();\n\
  if (r < 0 || r > 2) return 0;\n\
  m[r] = v;\n\
  if (c == 2 && m[1] == 7) reach_error();\n\
  return 0;\n\
}\n";
    let path = dir.path().join("oneline.c");
    std::fs::write(&path, src).expect("write");
    let out = dir.path().join("v").display().to_string();
    let o =
        kappa(&["verify", "--slice", "--max-time", "60", "--no-witnesses", "--out", &out, &path.display().to_string()]);
    let err = String::from_utf8_lossy(&o.stderr);
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(stdout.contains("slice:") && !err.contains("note: --slice"), "{stdout}\n{err}");
    assert_eq!(last_line(&o), "RESULT: false(unreach-call)", "{stdout}\n{err}");
}

/// A load through a pointer the slicer cannot resolve to one cell is a chain of conditional
/// expressions over the candidate cells, one level per cell, which the front end lowered at a
/// cost that doubled per level (until 2026-12-03): `slice` reports the nesting, and the slice
/// is verified whether it is 33 levels deep (16 cells per object) or 9 (4 cells).
#[test]
fn verify_slice_verifies_slices_whose_conditionals_nest_deeply() {
    let dir = tempfile::tempdir().expect("temp dir");
    let src = "extern int __VERIFIER_nondet_int(void);\nextern void reach_error(void);\n\
struct stack { int code[CELLS]; };\n\
struct stack s0, s1;\n\
int main(void) {\n\
  struct stack *p = &s0;\n\
  int c = __VERIFIER_nondet_int();\n\
  if (c == 1) p = &s1;\n\
  p->code[__VERIFIER_nondet_int() & MASK] = c;\n\
  struct stack next = *p;\n\
  if (next.code[3] == 7) reach_error();\n\
  return 0;\n\
}\n";
    let out = dir.path().join("v").display().to_string();
    for (cells, mask) in [(16, 15), (4, 3)] {
        let path = dir.path().join(format!("stack{cells}.c"));
        std::fs::write(&path, src.replace("CELLS", &cells.to_string()).replace("MASK", &mask.to_string()))
            .expect("write");
        let p = path.display().to_string();
        let s = kappa(&["slice", &p, "--property", "unreach-call", "-o", "/dev/null"]);
        let text = String::from_utf8_lossy(&s.stdout);
        assert!(text.contains("conditional expressions nested up to"), "{text}");
        let o = kappa(&["verify", "--slice", "--max-time", "60", "--no-witnesses", "--out", &out, &p]);
        let err = String::from_utf8_lossy(&o.stderr);
        let stdout = String::from_utf8_lossy(&o.stdout);
        assert!(stdout.contains("slice:") && !err.contains("note: --slice"), "{cells}: {stdout}\n{err}");
        assert_eq!(last_line(&o), "RESULT: false(unreach-call)", "{cells}: {err}");
    }
}
