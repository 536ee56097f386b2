//! `kappa verify` never gives a wrong verdict on the corpus: SV-COMP style programs and
//! preprocessed files annotated with the right answer. With a small time budget many answers are
//! `unknown`; a `true` or `false` must be the annotated one, and every `false` was confirmed by
//! replaying its counterexample on the real program.

use std::path::{Path, PathBuf};
use std::process::Command;

fn corpus() -> Vec<(PathBuf, String)> {
    let base = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/programs");
    let mut out = Vec::new();
    for dir in ["svcomp", "preprocessed"] {
        let Ok(rd) = std::fs::read_dir(base.join(dir)) else { continue };
        for e in rd.flatten() {
            let p = e.path();
            let ext = p.extension().and_then(|x| x.to_str()).unwrap_or("");
            if ext != "c" && ext != "i" {
                continue;
            }
            let text = std::fs::read_to_string(&p).unwrap_or_default();
            let side = std::fs::read_to_string(p.with_extension("expect")).unwrap_or_default();
            let verdict =
                text.lines().chain(side.lines()).find_map(|l| l.split("verdict=").nth(1)).map(|v| v.trim().to_string());
            let model = if side.contains("model=ILP32") { "ILP32" } else { "LP64" };
            if let Some(v) = verdict {
                out.push((p, format!("{v} {model}")));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn classic_gives_no_wrong_verdict() {
    no_wrong_verdict("classic", "pose", &corpus(), 20);
}

#[test]
fn compact_gives_no_wrong_verdict() {
    no_wrong_verdict("compact", "pose", &corpus(), 25);
}

/// Loop state pruning gives up completeness, never soundness: `false` with a replayed
/// counterexample, `unknown` (with the postponed states it dropped as the reason) instead of
/// `true`; with templates where loops have them (compact) and with the lazy heap.
///
/// Every other program of the corpus (the whole corpus with `KAPPA_CORPUS=all`): the
/// exploration under pruning is the one of compact mode's test above until it postpones.
#[test]
fn prune_gives_no_wrong_verdict() {
    let (files, min) = half_unless_all(corpus(), 20);
    no_wrong_verdict_with("compact", "pose", &["--search", "prune"], &files, min);
    no_wrong_verdict_with("classic", "lazy", &["--search", "prune"], &heap_programs(), 4);
}

/// The programs that allocate: their pointers may refer to several blocks, which `pose` reads
/// through ite-terms and `lazy`/`lazier` resolve by forking; the verdict must not depend on it.
fn heap_programs() -> Vec<(PathBuf, String)> {
    let files: Vec<_> = corpus()
        .into_iter()
        .filter(|(p, _)| std::fs::read_to_string(p).unwrap_or_default().contains("malloc(sizeof"))
        .collect();
    assert!(files.len() >= 9, "heap programs: {}", files.len());
    files
}

#[test]
fn lazy_and_lazier_give_no_wrong_verdict_on_heap_programs() {
    let files = heap_programs();
    for heap in ["lazy", "lazier"] {
        for mode in ["classic", "compact"] {
            no_wrong_verdict(mode, heap, &files, 8);
        }
    }
}

/// Every other program, and half the programs to decide, unless `KAPPA_CORPUS=all`: the corpus
/// runs take minutes of the test suite's time.
fn half_unless_all(files: Vec<(PathBuf, String)>, min_decided: usize) -> (Vec<(PathBuf, String)>, usize) {
    if std::env::var("KAPPA_CORPUS").is_ok_and(|v| v == "all") {
        return (files, min_decided);
    }
    (files.into_iter().step_by(2).collect(), min_decided / 2)
}

fn no_wrong_verdict(mode: &str, heap: &str, files: &[(PathBuf, String)], min_decided: usize) {
    no_wrong_verdict_with(mode, heap, &[], files, min_decided)
}

fn no_wrong_verdict_with(mode: &str, heap: &str, extra: &[&str], files: &[(PathBuf, String)], min_decided: usize) {
    let mut decided = 0;
    let mut wrong = Vec::new();
    assert!(files.len() >= 9);
    for (path, expect) in files {
        let (want, model) = expect.split_once(' ').unwrap_or((expect, "LP64"));
        let out_dir = tempfile::tempdir().expect("temp dir");
        let out = Command::new(env!("CARGO_BIN_EXE_kappa"))
            .args(["verify", "--mode", mode, "--heap", heap, "--quiet", "--max-time", "5", "--data-model", model])
            .args(extra)
            .arg("--out")
            .arg(out_dir.path())
            .arg(path)
            .output()
            .expect("run kappa");
        let stdout = String::from_utf8_lossy(&out.stdout);
        let last = stdout.lines().last().unwrap_or("").to_string();
        assert_eq!(out.status.code(), Some(0), "{}: {}", path.display(), String::from_utf8_lossy(&out.stderr));
        let got = if last == "RESULT: true" {
            Some("true")
        } else if last == "RESULT: false(unreach-call)" {
            Some("false")
        } else {
            assert!(last.starts_with("RESULT: unknown ("), "{}: bad last line `{last}`", path.display());
            None
        };
        if let Some(g) = got {
            decided += 1;
            if g != want {
                wrong.push(format!("{}: answered {g}, the right answer is {want}", path.display()));
            }
        }
    }
    eprintln!("{mode}, {heap} {extra:?}: {decided} of {} decided", files.len());
    assert!(wrong.is_empty(), "{mode}, {heap} {extra:?}: wrong verdicts:\n{}", wrong.join("\n"));
    assert!(decided >= min_decided, "{mode}, {heap} {extra:?}: only {decided} programs decided");
}

/// A query the solver cannot decide (factoring a 61-bit product of two 31-bit primes) makes the
/// verdict `unknown`, counted by class in the statistics and written to `--solver-log` as an
/// SMT-LIB script.
#[test]
fn undecided_queries_are_reported_by_class() {
    let dir = tempfile::tempdir().expect("temp dir");
    let src = dir.path().join("factor.c");
    std::fs::write(
        &src,
        "extern unsigned long __VERIFIER_nondet_ulong(void);\nextern void reach_error(void);\nint main(void) {\n  unsigned long p = __VERIFIER_nondet_ulong(), q = __VERIFIER_nondet_ulong();\n  if (p > 1 && q > 1 && p < 4294967296UL && q < 4294967296UL && p * q == 2465383899778153439UL)\n    reach_error();\n  return 0;\n}\n",
    )
    .expect("write");
    let (log, json) = (dir.path().join("undecided.smt2"), dir.path().join("stats.json"));
    let out = Command::new(env!("CARGO_BIN_EXE_kappa"))
        .args(["verify", "--max-time", "3", "--out"])
        .arg(dir.path().join("out"))
        .arg("--solver-log")
        .arg(&log)
        .arg("--stats-json")
        .arg(&json)
        .arg(&src)
        .output()
        .expect("run kappa");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.lines().last().unwrap_or("").starts_with("RESULT: unknown ("), "{stdout}");
    assert!(stdout.contains("non-linear)"), "the summary names the class: {stdout}");
    let stats: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&json).expect("stats")).expect("json");
    let unknown = stats["solver_unknown"].as_u64().expect("solver_unknown");
    assert!(unknown >= 1, "{stats}");
    assert_eq!(stats["solver_unknown_classes"]["non-linear"].as_u64(), Some(unknown), "{stats}");
    let text = std::fs::read_to_string(&log).expect("the solver log");
    assert_eq!(text.matches("; undecided query").count() as u64, unknown);
    assert!(text.contains("(declare-fun") && text.contains("bvmul") && text.contains("(check-sat)"), "{text}");
}
