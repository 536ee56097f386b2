//! `kappa merge` (issue 23): the shards of a run (`--shard I/N`), merged, give what one process
//! gives — verdict, completed paths, lcov coverage, tests that replay — a missing shard makes
//! the verdict `unknown` naming it, a `false` in one shard makes it `false`; directories that
//! are not shards of one run are refused (exit 2). The contrib/ scripts' command lines run here
//! with the schedulers' variables set.

mod common;

use common::{kappa_at_root, last_line, root, stats};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

const SAFE: &str = "tests/programs/svcomp/four_branches_safe.c";
const BUG: &str = "tests/programs/svcomp/four_branches.c";
/// Independent branches: more paths than the shards' split needs, a few seconds.
const BRANCHY: &str = "tests/programs/svcomp/neighbours_2x2.c";

fn s(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

/// `kappa verify PROGRAM --mode classic EXTRA --out DIR` with its statistics and tracefile in DIR;
/// the `RESULT:` line.
fn verify_into(dir: &Path, program: &str, extra: &[&str]) -> String {
    explore_into("verify", dir, program, extra)
}

/// `kappa COMMAND PROGRAM --mode classic EXTRA --out DIR`, statistics and tracefile in DIR; the
/// last line of the output.
fn explore_into(command: &str, dir: &Path, program: &str, extra: &[&str]) -> String {
    let (stats_json, cov) = (dir.join("stats.json"), dir.join("coverage.info"));
    let mut args = vec![command, program, "--mode", "classic", "--path-tests", "all", "--quiet"];
    if command == "verify" {
        args.push("--no-witnesses");
    }
    args.extend_from_slice(extra);
    args.extend_from_slice(&["--out", s(dir), "--stats-json", s(&stats_json), "--coverage", s(&cov)]);
    let (out, err, code) = kappa_at_root(&args);
    assert_eq!(code, Some(0), "kappa {args:?}: {err}");
    last_line(&out).to_string()
}

fn merge(dirs: &[&Path], out: &Path) -> (String, String, Option<i32>) {
    let mut args = vec!["merge"];
    args.extend(dirs.iter().map(|d| s(d)));
    args.extend_from_slice(&["--out", s(out)]);
    kappa_at_root(&args)
}

/// An lcov tracefile as users read it: per file, line -> hits and branch -> hits (`-` as None).
type Lcov = BTreeMap<String, (BTreeMap<String, String>, BTreeMap<String, String>)>;

fn lcov(path: &Path) -> Lcov {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut out = Lcov::new();
    let mut file = String::new();
    for l in text.lines() {
        if let Some(f) = l.strip_prefix("SF:") {
            file = f.to_string();
        } else if let Some(d) = l.strip_prefix("DA:") {
            let (line, hits) = d.split_once(',').expect("DA:line,hits");
            out.entry(file.clone()).or_default().0.insert(line.into(), hits.into());
        } else if let Some(b) = l.strip_prefix("BRDA:") {
            let (at, hits) = b.rsplit_once(',').expect("BRDA:line,block,branch,hits");
            out.entry(file.clone()).or_default().1.insert(at.into(), hits.into());
        }
    }
    out
}

/// `kappa run --shard I/N` for every I (every path explored: `verify` stops at the first
/// violation), merged: the same as one process.
fn shards_match_one_run(program: &str, n: usize) {
    let tmp = tempfile::tempdir().unwrap();
    let one = tmp.path().join("one");
    explore_into("run", &one, program, &[]);
    let mut dirs = Vec::new();
    for i in 0..n {
        let d = tmp.path().join(format!("shard{i}"));
        explore_into("run", &d, program, &["--shard", &format!("{i}/{n}")]);
        dirs.push(d);
    }
    let merged = tmp.path().join("merged");
    let refs: Vec<&Path> = dirs.iter().map(PathBuf::as_path).collect();
    let (out, err, code) = merge(&refs, &merged);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("exploration complete"), "{program} in {n} shards: {out}");
    let (a, b) = (stats(&one.join("stats.json")), stats(&merged.join("stats.json")));
    assert_eq!(a["verdict"], b["verdict"]);
    assert_eq!(a["paths_completed"], b["paths_completed"], "{program} in {n} shards");
    assert_eq!(a["paths_error"], b["paths_error"]);
    for k in ["branches", "lines", "functions"] {
        for x in ["covered", "total"] {
            let key = format!("{k}_{x}");
            assert_eq!(a["coverage"][&key], b["coverage"][&key], "{program} in {n} shards: {key}");
        }
    }
    // Loop paths are in no tracefile: the merge gives the most of one shard, a lower bound.
    assert!(b["coverage"]["loop_paths_covered"].as_u64() <= a["coverage"]["loop_paths_covered"].as_u64());
    assert_eq!(lcov(&one.join("coverage.info")), lcov(&merged.join("coverage.info")), "{program} in {n} shards");
    // Every path has its test, renumbered from 1, and the suite replays on the real program.
    assert_eq!(b["tests"], a["paths_completed"]);
    assert!(merged.join("tests/test000001.json").is_file());
    if n == 3 {
        let (rep, err, _) = kappa_at_root(&["replay", program, s(&merged.join("tests"))]);
        assert_eq!(last_line(&rep), "REPLAY: match", "{rep}{err}");
    }
    // The errors' tests are the merged directory's.
    for e in b["errors"].as_array().unwrap() {
        let t = e["test"].as_str().expect("an error with its test");
        assert!(merged.join(t).is_file(), "{t}");
    }
}

#[test]
fn shards_merged_give_what_one_process_gives() {
    for n in [2, 3] {
        shards_match_one_run(SAFE, n);
        shards_match_one_run(BUG, n);
        shards_match_one_run(BRANCHY, n);
    }
}

#[test]
fn a_missing_shard_is_named_and_a_false_shard_decides() {
    let tmp = tempfile::tempdir().unwrap();
    let d: Vec<PathBuf> = (0..3).map(|i| tmp.path().join(format!("s{i}"))).collect();
    for (i, dir) in d.iter().enumerate() {
        verify_into(dir, SAFE, &["--shard", &format!("{i}/3")]);
    }
    let (out, err, code) = merge(&[&d[0], &d[2]], &tmp.path().join("m"));
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(last_line(&out), "RESULT: unknown (shard 1/3 missing)");
    let st = stats(&tmp.path().join("m/stats.json"));
    assert_eq!(st["verdict"], "unknown");
    assert!(st["incomplete"].to_string().contains("shard 1/3 missing"), "{st}");

    // The bug is in one shard: that shard alone gives false; the others alone say nothing.
    let b: Vec<PathBuf> = (0..2).map(|i| tmp.path().join(format!("b{i}"))).collect();
    let results: Vec<String> =
        b.iter().enumerate().map(|(i, dir)| verify_into(dir, BUG, &["--shard", &format!("{i}/2")])).collect();
    let bad = results.iter().position(|r| r == "RESULT: false(unreach-call)").expect("one shard finds the bug");
    assert_eq!(results.iter().filter(|r| r.starts_with("RESULT: false")).count(), 1, "{results:?}");
    assert_eq!(results[1 - bad], "RESULT: true", "the other shard's share is safe");
    let (out, _, _) = merge(&[&b[bad]], &tmp.path().join("m1"));
    assert_eq!(last_line(&out), "RESULT: false(unreach-call)");
    let (out, _, _) = merge(&[&b[1 - bad]], &tmp.path().join("m2"));
    assert_eq!(last_line(&out), format!("RESULT: unknown (shard {bad}/2 missing)"));
}

#[test]
fn directories_that_are_not_shards_of_one_run_are_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let t = |n: &str| tmp.path().join(n);
    verify_into(&t("safe"), SAFE, &[]);
    verify_into(&t("safe2"), SAFE, &[]);
    verify_into(&t("bug"), BUG, &[]);
    verify_into(&t("limited"), SAFE, &["--max-states", "100000"]);
    std::fs::create_dir_all(t("empty")).unwrap();
    let cases: [(&[&str], &str); 6] = [
        (&["safe", "nowhere"], "nowhere: no such directory"),
        (&["safe", "bug"], "different programs"),
        (&["safe", "limited"], "--max-states"),
        (&["safe", "safe2"], "are both shard 0/1"),
        (&["safe", "safe"], "given twice"),
        (&["empty"], "not an output directory of kappa"),
    ];
    for (names, why) in cases {
        let dirs: Vec<PathBuf> = names.iter().map(|n| t(n)).collect();
        let refs: Vec<&Path> = dirs.iter().map(PathBuf::as_path).collect();
        let (out, err, code) = merge(&refs, &t("out"));
        assert_eq!(code, Some(2), "{names:?}: {out}{err}");
        assert!(err.contains(why) && !err.contains("panicked"), "{names:?}: {err}");
    }
    // One run is shard 0/1 of itself: its merge is the run.
    let (out, err, code) = merge(&[&t("bug")], &t("out"));
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(last_line(&out), "RESULT: false(unreach-call)");
    assert_eq!(lcov(&t("bug/coverage.info")), lcov(&t("out/coverage.info")));
}

/// The command line of a contrib/ file run with the scheduler's variables, for every index,
/// then the merge script: the verdict of one process.
fn run_contrib(command: &str, program: &str, n: usize, shard: impl Fn(usize, &Path) -> Command, merge: Command) {
    let one = tempfile::tempdir().unwrap();
    let result = explore_into(command, one.path(), program, &[]);
    let tmp = tempfile::tempdir().unwrap();
    for i in 0..n {
        let mut c = shard(i, tmp.path());
        let o = c.output().expect("the shard's command runs");
        assert!(o.status.success(), "shard {i}: {}", String::from_utf8_lossy(&o.stderr));
    }
    let mut merge = merge;
    let o = merge.env("KAPPA_OUT", tmp.path()).output().expect("the merge runs");
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{out}{}", String::from_utf8_lossy(&o.stderr));
    if command == "verify" {
        assert_eq!(last_line(&out), result, "{out}");
    }
    let (a, b) = (stats(&one.path().join("stats.json")), stats(&tmp.path().join("merged/stats.json")));
    assert_eq!(a["verdict"], b["verdict"]);
    assert_eq!(a["paths_completed"], b["paths_completed"]);
    assert_eq!(lcov(&one.path().join("coverage.info")), lcov(&tmp.path().join("merged/coverage.info")));
}

fn script(path: &str) -> Command {
    let mut c = Command::new("bash");
    c.arg(root().join(path)).current_dir(root()).env("KAPPA", env!("CARGO_BIN_EXE_kappa"));
    c
}

#[test]
fn the_slurm_array_job_runs_here() {
    let text = std::fs::read_to_string(root().join("contrib/slurm/kappa-shards.sbatch")).unwrap();
    assert!(text.contains("#SBATCH --array=0-"), "an array job");
    run_contrib(
        "run",
        BUG,
        3,
        |i, out| {
            let mut c = script("contrib/slurm/kappa-shards.sbatch");
            c.args(["run", BUG, "--mode", "classic", "--path-tests", "all", "--quiet"])
                .env("SLURM_ARRAY_TASK_ID", i.to_string())
                .env("SLURM_ARRAY_TASK_COUNT", "3")
                .env("SLURM_SUBMIT_DIR", root())
                .env("KAPPA_OUT", out);
            c
        },
        {
            let mut c = script("contrib/slurm/kappa-merge.sbatch");
            c.env("SLURM_SUBMIT_DIR", root());
            c
        },
    );
}

/// The container commands of a Kubernetes Job file (`args:` of a `bash -c`).
fn k8s_commands(file: &str) -> Vec<String> {
    let text = std::fs::read_to_string(root().join(file)).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (k, l) in lines.iter().enumerate() {
        if l.trim() == "args:" {
            let cmd = lines[k + 1].trim().strip_prefix("- ").expect("args: - COMMAND");
            out.push(cmd.to_string());
        }
    }
    out
}

#[test]
fn the_kubernetes_indexed_job_runs_here() {
    let text = std::fs::read_to_string(root().join("contrib/k8s/kappa-shards.yaml")).unwrap();
    assert!(text.contains("completionMode: Indexed"));
    let (shards, merges) =
        (k8s_commands("contrib/k8s/kappa-shards.yaml"), k8s_commands("contrib/k8s/kappa-merge.yaml"));
    let ([shard_cmd], [merge_cmd]) = (&shards[..], &merges[..]) else { panic!("one container command each") };
    let bash = |cmd: &str| {
        let mut c = Command::new("bash");
        c.args(["-c", cmd]).current_dir(root()).env("KAPPA", env!("CARGO_BIN_EXE_kappa"));
        c
    };
    run_contrib(
        "verify",
        SAFE,
        2,
        |i, out| {
            let mut c = bash(shard_cmd);
            c.env("JOB_COMPLETION_INDEX", i.to_string())
                .env("KAPPA_SHARDS", "2")
                .env("KAPPA_PROGRAM", SAFE)
                .env("KAPPA_OPTIONS", "--mode classic --path-tests all --quiet --no-witnesses")
                .env("KAPPA_OUT", out);
            c
        },
        bash(merge_cmd),
    );
}

#[test]
fn gnu_parallel_runs_the_shards_on_one_machine() {
    let one = tempfile::tempdir().unwrap();
    let result = verify_into(one.path(), BUG, &[]);
    let tmp = tempfile::tempdir().unwrap();
    let o = script("contrib/parallel.sh")
        .args(["2", "verify", BUG, "--mode", "classic", "--path-tests", "all", "--quiet", "--no-witnesses"])
        .env("KAPPA_OUT", tmp.path())
        .output()
        .expect("contrib/parallel.sh runs (GNU parallel: scripts/setup.sh installs it)");
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{out}{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(last_line(&out), result, "the verdict of one process");
}
