//! Parallel exploration (issue 23, docs/design-parallel.md): `--jobs N` and `--shard I/N` explore
//! the same tree as one engine. For programs that complete, every number of workers and every
//! split into shards gives the same verdict and the same number of completed paths (the shards'
//! sum), and the workers the same coverage; `verify --jobs 2` gives the corpus's verdicts; the
//! time limit and SIGTERM stop a run of two workers with its report.

mod common;

use common::{read_all, root, send, spawn, stats, test_files, wait_within};
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// Six independent branches, a loop of three with a branch inside, and an error on a few
/// paths: 2^6 * 2^3 paths, some ending in `reach_error`.
const BRANCHY: &str = r#"
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
    int s = 0;
    for (int i = 0; i < 6; i++) {
        if (__VERIFIER_nondet_int() > i) s += i; else s -= 1;
    }
    for (int j = 0; j < 3; j++) {
        int x = __VERIFIER_nondet_int();
        if (x * 3 == 12 + j) s++;
    }
    if (s == 15) reach_error();
    return s;
}
"#;

fn kappa(args: &[&str]) -> (serde_json::Value, String) {
    let dir = tempfile::tempdir().expect("temp dir");
    let json = dir.path().join("stats.json");
    let out = Command::new(env!("CARGO_BIN_EXE_kappa"))
        .current_dir(root())
        .args(args)
        .args(["--quiet", "--out"])
        .arg(dir.path().join("out"))
        .arg("--stats-json")
        .arg(&json)
        .output()
        .expect("run kappa");
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    assert_eq!(out.status.code(), Some(0), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    let s = stats(&json);
    // Every test the statistics count is on disk, numbered without a gap.
    let tests = s["tests"].as_u64().unwrap();
    assert_eq!(test_files(&dir.path().join("out/tests")) as u64, tests, "{args:?}");
    if tests > 0 && tests <= 1000 {
        let last = dir.path().join(format!("out/tests/test{tests:06}.json"));
        assert!(last.exists(), "{args:?}: no {}", last.display());
    }
    (s, stdout)
}

fn write(dir: &Path, name: &str, src: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, src).expect("write");
    p.to_str().unwrap().to_string()
}

/// (verdict, completed paths, error paths, coverage) of a run.
fn outcome(s: &serde_json::Value) -> (String, u64, u64, serde_json::Value) {
    (
        s["verdict"].as_str().unwrap().to_string(),
        s["paths_completed"].as_u64().unwrap(),
        s["paths_error"].as_u64().unwrap(),
        s["coverage"].clone(),
    )
}

fn same_for_every_split(file: &str, base: &[&str]) {
    let run = |extra: &[&str]| {
        let mut a: Vec<&str> = base.to_vec();
        a.push(file);
        a.extend_from_slice(extra);
        kappa(&a)
    };
    let (one, _) = run(&["--jobs", "1"]);
    let want = outcome(&one);
    assert!(one["incomplete"].as_array().unwrap().is_empty(), "{file}: {}", one["incomplete"]);
    assert!(want.1 > 20, "{file}: only {} paths", want.1);
    for jobs in ["2", "3"] {
        let (s, _) = run(&["--jobs", jobs]);
        assert_eq!(s["jobs"].as_u64(), Some(jobs.parse().unwrap()));
        assert_eq!(outcome(&s), want, "{file} {base:?} --jobs {jobs}");
        // Each state is made and stepped by one worker: the counts are one engine's.
        for key in ["states_created", "states_explored"] {
            assert_eq!(s[key], one[key], "{file} {base:?} --jobs {jobs}: {key}");
        }
    }
    for n in [2u64, 3] {
        let (mut paths, mut errors, mut other, mut verdicts) = (0, 0, 0, Vec::new());
        for i in 0..n {
            let shard = format!("{i}/{n}");
            let (s, _) = run(&["--shard", &shard]);
            assert_eq!(s["shard"].as_str(), Some(shard.as_str()));
            paths += s["paths_completed"].as_u64().unwrap();
            errors += s["paths_error"].as_u64().unwrap();
            other += s["states_other_shard"].as_u64().unwrap();
            verdicts.push(s["verdict"].as_str().unwrap().to_string());
            // Each shard explores a part: fewer paths than the whole.
            assert!(s["paths_completed"].as_u64().unwrap() < want.1, "{file} --shard {shard}");
        }
        assert_eq!((paths, errors), (want.1, want.2), "{file} {base:?}: the shards of {n}");
        assert!(other > 0, "{file}: nothing was split");
        // A share with the error says so; the others are complete without one.
        if want.0 == "true" {
            assert!(verdicts.iter().all(|v| v == "true"), "{verdicts:?}");
        }
    }
}

#[test]
fn workers_and_shards_explore_the_same_paths_classic() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "branchy.c", BRANCHY);
    same_for_every_split(&f, &["run", "--mode", "classic", "--search", "dfs"]);
    same_for_every_split(&f, &["run", "--mode", "classic", "--search", "bfs"]);
}

#[test]
fn workers_and_shards_explore_the_same_paths_with_the_default_searcher_and_compact_mode() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "branchy.c", BRANCHY);
    same_for_every_split(&f, &["run"]);
}

#[test]
fn verify_with_two_workers_and_shards() {
    let safe = "tests/programs/svcomp/four_branches_safe.c";
    let bug = "tests/programs/svcomp/four_branches.c";
    for jobs in ["1", "2"] {
        let (_, out) = kappa(&["verify", "--mode", "classic", "--jobs", jobs, safe]);
        assert!(out.ends_with("RESULT: true\n"), "{safe} --jobs {jobs}:\n{out}");
        let (_, out) = kappa(&["verify", "--mode", "classic", "--jobs", jobs, bug]);
        assert!(out.ends_with("RESULT: false(unreach-call)\n"), "{bug} --jobs {jobs}:\n{out}");
    }
    // A violation is one shard's; the others' shares are complete without one.
    let verdicts: Vec<String> = (0..2)
        .map(|i| {
            let (s, _) = kappa(&["verify", "--mode", "classic", "--shard", &format!("{i}/2"), bug]);
            s["verdict"].as_str().unwrap().to_string()
        })
        .collect();
    assert_eq!(verdicts.iter().filter(|v| v.starts_with("false")).count(), 1, "{verdicts:?}");
    assert!(verdicts.iter().all(|v| v == "true" || v.starts_with("false")), "{verdicts:?}");
}

#[test]
fn a_shard_writes_its_statistics_and_coverage_into_its_directory() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "branchy.c", BRANCHY);
    let out = dir.path().join("shard1");
    let st = Command::new(env!("CARGO_BIN_EXE_kappa"))
        .args(["run", "--mode", "classic", "--quiet", "--shard", "1/2", &f, "--out"])
        .arg(&out)
        .output()
        .expect("run kappa");
    assert!(st.status.success(), "{}", String::from_utf8_lossy(&st.stderr));
    let s = stats(&out.join("stats.json"));
    assert_eq!(s["shard"], "1/2");
    let lcov = std::fs::read_to_string(out.join("coverage.lcov")).expect("coverage.lcov");
    assert!(lcov.contains("end_of_record"), "{lcov}");
}

#[test]
fn bad_shards_and_jobs_are_refused() {
    for bad in [&["--shard", "2/2"][..], &["--shard", "1"], &["--shard", "a/b"], &["--jobs", "0"]] {
        let out = Command::new(env!("CARGO_BIN_EXE_kappa"))
            .current_dir(root())
            .args(["run", "tests/programs/svcomp/four_branches.c"])
            .args(bad)
            .output()
            .expect("run kappa");
        // A usage error, as for every other bad option value.
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{bad:?}: {stderr}");
        assert!(stderr.contains(bad[0]) && !stderr.contains("panicked"), "{bad:?}: {stderr}");
    }
}

#[test]
fn the_time_limit_stops_two_workers() {
    let prog = common::program("branches24.c");
    let start = Instant::now();
    let (s, _) = kappa(&["run", "--jobs", "2", "--max-time", "2", prog.to_str().unwrap()]);
    assert!(start.elapsed() < Duration::from_secs(5), "took {:?}", start.elapsed());
    assert_eq!(s["jobs"], 2);
    assert!(s["incomplete"].as_array().unwrap().iter().any(|r| r.as_str().unwrap().starts_with("time limit")), "{s}");
    assert_eq!(s["verdict"], "unknown");
    assert!(s["paths_completed"].as_u64().unwrap() > 0);
}

#[test]
fn sigterm_stops_two_workers_with_their_report() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let json = dir.path().join("stats.json");
    let prog = common::program("branches24.c");
    let mut child = spawn(&[
        "run",
        prog.to_str().unwrap(),
        "--jobs",
        "2",
        "--out",
        out.to_str().unwrap(),
        "--stats-json",
        json.to_str().unwrap(),
    ]);
    std::thread::sleep(Duration::from_secs(1));
    assert!(child.try_wait().unwrap().is_none(), "ended before the signal");
    send(&child, libc::SIGTERM);
    let (status, _) = wait_within(&mut child, Duration::from_secs(2));
    let stdout = read_all(child.stdout.take());
    assert_eq!(status.signal(), Some(libc::SIGTERM));
    assert!(stdout.contains("exploration incomplete: interrupted"), "{stdout}");
    let s = stats(&json);
    assert_eq!(s["incomplete"][0], "interrupted", "{s}");
    assert_eq!(s["jobs"], 2);
    assert_eq!(test_files(&out.join("tests")) as u64, s["tests"].as_u64().unwrap());
}

#[test]
fn what_preparing_templates_finds_is_counted_once() {
    // 2^25 cycles through one loop: every worker's template provider gives up on them alike.
    let prog = root().join("tests/programs/conformance/adder8_loop.c");
    let (s, _) = kappa(&["run", "--jobs", "2", "--max-states", "300", prog.to_str().unwrap()]);
    assert_eq!(s["jobs"], 2);
    assert_eq!(s["templates"]["failed"]["too many cycles"], 1, "{s}");
    assert_eq!(s["templates"]["no_template"].as_array().map(Vec::len), Some(1), "{s}");
}

/// A linear search: a comb, each cell found (a leaf) or not (the rest of the tree). No split
/// frontier divides it; the idle worker takes states from the busy one as it goes.
const COMB: &str = r#"
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
#define N 40
int a[N];
int main(void) {
    for (int i = 0; i < N; i++) a[i] = __VERIFIER_nondet_int();
    int key = __VERIFIER_nondet_int();
    for (int i = 0; i < N; i++)
        if (a[i] == key) {
            if (i == 37) reach_error();
            return i;
        }
    return -1;
}
"#;

#[test]
fn an_idle_worker_takes_states_from_a_comb_and_the_paths_stay_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "comb.c", COMB);
    for search in ["dfs", "bfs", "random-path"] {
        let run = |jobs: &str| kappa(&["run", "--mode", "classic", "--search", search, "--jobs", jobs, &f]).0;
        let one = run("1");
        let want = outcome(&one);
        assert_eq!((want.1, want.2), (41, 1), "{search}: {one}");
        let two = run("2");
        assert_eq!(outcome(&two), want, "{search} --jobs 2: {two}");
        assert_eq!(two["states_explored"], one["states_explored"], "{search}: {two}");
        assert_eq!(two["states_handed_back"], 0, "{search}: {two}");
        // States went from one worker to the other, made again from their trails: pending
        // leaves pile up, and breadth-first, which holds two states on a comb (a leaf and the
        // rest of the comb), hands the leaf over when it is unchecked (lazy feasibility: its
        // check is Z3 work wherever it runs; `KEEP_UNCHECKED`, engine/trace.rs) and keeps the
        // rest of the comb.
        let stolen = two["states_stolen"].as_u64().unwrap();
        assert!(stolen > 0, "{search}: {two}");
    }
}

/// Four inputs, each compared three ways; `x * x == 7` has no solution (7 is no square modulo
/// 8), which the solver's caches do not know: they know only that its `else` side is
/// satisfiable (a model of the path so far), so its `then` side is left unchecked.
const REDUNDANT: &str = r#"
extern int __VERIFIER_nondet_int(void);
int main(void) {
    int n = 0;
    for (int i = 0; i < 4; i++) {
        int x = __VERIFIER_nondet_int();
        if (x > 10) {
            if (x * x == 7) n--;
            else n++;
        } else if (x == 3) {
            n += 2;
        }
    }
    return n;
}
"#;

/// Lazy feasibility (`--jobs` with several workers, docs/design-parallel.md): a branch side
/// that only Z3 could decide is left unchecked and checked by the worker that steps it; an
/// infeasible one ends with no path and no test, and a run of two workers counts the paths,
/// states, tree nodes and coverage of one engine, which decides both sides at the fork.
#[test]
fn unchecked_sides_end_without_a_trace_when_infeasible_and_the_counts_stay_one_engines() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "redundant.c", REDUNDANT);
    for search in ["dfs", "bfs", "interleaved"] {
        let run = |jobs: &str| kappa(&["run", "--mode", "classic", "--search", search, "--jobs", jobs, &f]).0;
        let one = run("1");
        assert_eq!(outcome(&one).1, 81, "{search}: {one}");
        assert_eq!(one["states_unchecked"], 0, "{search}: one engine decides both sides: {one}");
        for jobs in ["2", "3"] {
            let two = run(jobs);
            assert_eq!(outcome(&two), outcome(&one), "{search} --jobs {jobs}: {two}");
            for key in ["states_created", "states_explored", "tree_nodes", "failed_leaves", "tests"] {
                assert_eq!(two[key], one[key], "{search} --jobs {jobs}: {key}: {two}");
            }
            assert_eq!(two["heap_stats"]["branch_forks"], one["heap_stats"]["branch_forks"], "{search}: {two}");
            let unchecked = two["states_unchecked"].as_u64().unwrap();
            let infeasible = two["states_unchecked_infeasible"].as_u64().unwrap();
            assert!(infeasible > 0 && unchecked > infeasible, "{search} --jobs {jobs}: {two}");
        }
    }
}

/// The only forks come after the loop, which a template summarises (compact mode).
const SUMMARISED: &str = r#"
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
int main(void) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n <= 1000);
    int i = 0, j = 0;
    while (i < n) {
        i++;
        j += 2;
    }
    if (j == 1000) reach_error();
    if (j > 10) return 1;
    return 0;
}
"#;

#[test]
fn states_after_a_loop_summary_stay_with_the_worker_that_computed_its_template() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "summarised.c", SUMMARISED);
    let run = |jobs: &str| kappa(&["run", "--mode", "compact", "--search", "bfs", "--jobs", jobs, &f]).0;
    let one = run("1");
    assert_eq!(one["templates"]["applied"], 1, "{one}");
    let want = outcome(&one);
    assert!(want.2 == 1 && want.1 >= 3, "{one}");
    let two = run("2");
    assert_eq!(outcome(&two), want, "{two}");
    // Another worker would compute the template again to make them from their trails.
    assert_eq!(two["states_stolen"], 0, "{two}");
    assert_eq!(two["templates"]["computed"], 1, "{two}");
}

/// Five forks, then a long loop on concrete values on each of the 32 paths: a state uses up its
/// step budget (256 edges) many times and goes back to its worker's searcher, which hands such
/// stepped states to the idle worker as well as fresh ones.
const LONG_PATHS: &str = r#"
extern int __VERIFIER_nondet_int(void);
int main(void) {
    unsigned s = 0;
    for (int i = 0; i < 5; i++)
        if (__VERIFIER_nondet_int() > i) s = s * 2 + 1; else s = s * 2;
    for (int k = 0; k < 2000; k++)
        s = s * 1103515245u + 12345u;
    return (int)(s & 1);
}
"#;

/// `states_explored` counts the states stepped, each once, whichever worker steps it and however
/// often it comes back after its step budget: a complete run of two workers reports one
/// worker's count, also when stepped states change worker (the receiver's replay of the trail
/// steps such a state again under one id, which marks it stepped there as `Handed::stepped`
/// does).
#[test]
fn states_explored_counts_a_state_once_when_it_changes_worker_after_its_step_budget() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "long_paths.c", LONG_PATHS);
    let search = "bfs";
    let run = |jobs: &str| kappa(&["run", "--mode", "classic", "--search", search, "--jobs", jobs, &f]).0;
    let one = run("1");
    assert_eq!(outcome(&one).1, 32, "{search}: {one}");
    // Each of the 63 states of the fork tree, stepped once or many times.
    assert_eq!(one["states_explored"], one["states_created"], "{search}: {one}");
    let two = run("2");
    assert_eq!(outcome(&two), outcome(&one), "{search} --jobs 2: {two}");
    assert!(two["states_stolen"].as_u64().unwrap() > 0, "{search}: {two}");
    assert_eq!(two["states_explored"], one["states_explored"], "{search}: {two}");
}

/// Four forks before a loop that a template summarises: every path reaches the loop in the
/// same shape, so one template serves them all.
const FORKS_THEN_LOOP: &str = r#"
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
int main(void) {
    int s = 0;
    if (__VERIFIER_nondet_int() > 0) s += 1;
    if (__VERIFIER_nondet_int() > 1) s += 2;
    if (__VERIFIER_nondet_int() > 2) s += 4;
    if (__VERIFIER_nondet_int() > 3) s += 8;
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n <= 1000);
    int i = 0, j = s;
    while (i < n) {
        i++;
        j += 2;
    }
    if (j == 999 + s) reach_error();
    return j > 10;
}
"#;

/// A template is computed once in the whole run (issue 23): the worker that reaches the loop
/// first computes it and publishes it in the pool as an owned DAG, the others import it into
/// their own term pools (`templates.imported`) instead of computing it, also when they get
/// states from another worker one at a time and hold none in between; verdict, paths and
/// coverage stay one engine's, and so do the template's applications.
#[test]
fn a_template_is_computed_once_in_the_run_and_the_other_workers_import_it() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "forks_then_loop.c", FORKS_THEN_LOOP);
    for search in ["dfs", "bfs"] {
        let run = |jobs: &str| kappa(&["run", "--mode", "compact", "--search", search, "--jobs", jobs, &f]).0;
        let one = run("1");
        assert_eq!(one["templates"]["computed"], 1, "{search}: {one}");
        assert_eq!(one["templates"]["imported"], 0, "{search}: {one}");
        assert_eq!(outcome(&one).1, 32, "{search}: {one}");
        for jobs in ["2", "3"] {
            let two = run(jobs);
            assert_eq!(outcome(&two), outcome(&one), "{search} --jobs {jobs}: {two}");
            // States went to the other workers before the loop, one at a time.
            let stolen = two["states_stolen"].as_u64().unwrap();
            assert!(stolen > 0, "{search} --jobs {jobs}: {two}");
            let t = &two["templates"];
            assert_eq!(t["computed"], 1, "{search} --jobs {jobs}: {two}");
            assert!(t["imported"].as_u64().unwrap() >= 1, "{search} --jobs {jobs}: {two}");
            assert_eq!(t["applied"], one["templates"]["applied"], "{search} --jobs {jobs}: {two}");
        }
    }
}

/// Three forks before a loop with two cycles through its head (an `if` in the body): a worker
/// that claimed one cycle's template in an application and finds the other's claimed by
/// another worker computes it itself rather than wait (the other may be waiting for it): the
/// run ends (`--max-time` would cut a deadlock short, and the run would be incomplete) with
/// one engine's paths and coverage.
const TWO_CYCLES: &str = r#"
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
    int s = 0;
    if (__VERIFIER_nondet_int() > 0) s += 1;
    if (__VERIFIER_nondet_int() > 1) s += 2;
    if (__VERIFIER_nondet_int() > 2) s += 4;
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n <= 100);
    int i = 0, a = 0, b = s;
    while (i < n) {
        if (i % 2 == 0) a += 1; else b += 2;
        i++;
    }
    return a > b;
}
"#;

#[test]
fn workers_sharing_the_templates_of_two_cycles_at_one_entry_do_not_wait_for_each_other() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "two_cycles.c", TWO_CYCLES);
    let run =
        |jobs: &str| kappa(&["run", "--mode", "compact", "--search", "dfs", "--max-time", "60", "--jobs", jobs, &f]).0;
    let one = run("1");
    assert!(one["incomplete"].as_array().unwrap().is_empty(), "{one}");
    for jobs in ["2", "3"] {
        let two = run(jobs);
        assert!(two["incomplete"].as_array().unwrap().is_empty(), "--jobs {jobs}: {two}");
        assert_eq!(outcome(&two), outcome(&one), "--jobs {jobs}: {two}");
    }
}

/// `--jobs` defaults to the cores (as the test process sees them); a run bounded by `--max-states` (so that a seed and
/// a state limit repeat it test for test) and one with `--report` (its tree is one engine's) run
/// one worker unless `--jobs` says otherwise; `--tree` always runs one; breadth-first search
/// (`verify`'s) runs the cores as the others do.
#[test]
fn the_cores_by_default_and_jobs_names_more() {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get() as u64);
    let prog = "tests/programs/svcomp/four_branches_safe.c";
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("report");
    let tree = dir.path().join("tree.dot");
    let (report, tree) = (report.to_str().unwrap(), tree.to_str().unwrap());
    for (extra, want) in [
        (&[][..], cores),
        (&["--jobs", "2"][..], 2),
        (&["--max-states", "1000"][..], 1),
        (&["--max-states", "1000", "--jobs", "2"][..], 2),
        (&["--report", report][..], 1),
        (&["--tree", tree, "--jobs", "2"][..], 1),
        (&["--search", "bfs"][..], cores),
        (&["--search", "bfs", "--jobs", "2"][..], 2),
    ] {
        let mut args = vec!["run", "--mode", "classic", prog];
        args.extend_from_slice(extra);
        let (s, _) = kappa(&args);
        assert_eq!(s["jobs"].as_u64(), Some(want), "{extra:?}");
        assert_eq!(s["verdict"], "true", "{extra:?}");
    }
    // `verify`'s exploration after its short first phase (one worker, bounded in work):
    // symbolic arguments keep it going to the limit.
    let (s, _) = kappa(&["verify", "--max-time", "2", "tests/programs/conformance/argv_sort.c"]);
    assert_eq!((s["jobs"].as_u64(), s["search"].as_str()), (Some(cores), Some("bfs")), "{s}");
}
