//! Coverage as `kappa run` shows it: the summary line, the progress display, the lcov
//! tracefile of `--coverage`.

use kappa_engine::report::Coverage;

fn ratio(covered: u64, total: u64) -> String {
    if total == 0 {
        format!("{covered}/{total}")
    } else {
        format!("{covered}/{total} ({:.1}%)", 100.0 * covered as f64 / total as f64)
    }
}

/// `branches 14/16 (87.5%), lines 12/12 (100.0%), loop paths 5/9 (55.6%)`.
pub fn summary_line(c: &Coverage) -> String {
    format!(
        "branches {}, lines {}, loop paths {}",
        ratio(c.branches_covered, c.branches_total),
        ratio(c.lines_covered, c.lines_total),
        ratio(c.loop_paths_covered, c.loop_paths_total)
    )
}

/// The progress display's text: what the run did so far and the coverage its states reached.
pub fn progress_line(s: &kappa_engine::Stats, pending: usize) -> String {
    let c = &s.coverage;
    format!(
        "{} paths ({} errors), {} pending states, {} queries; reached: branches {}/{}, lines {}/{}, loop paths {}/{}",
        s.paths_completed,
        s.paths_error,
        pending,
        s.solver_queries,
        c.branches_covered,
        c.branches_total,
        c.lines_covered,
        c.lines_total,
        c.loop_paths_covered,
        c.loop_paths_total
    )
}

/// An lcov tracefile (the format `lcov --capture` writes and `genhtml` reads) of what the ended
/// paths cover: per source file, functions (`FN`/`FNDA`), branches (`BRDA`: line, condition,
/// direction, paths that took it, `-` when no path reached the condition) and lines (`DA`). The
/// counts are numbers of paths (tests), not of executions.
pub fn lcov(prog: &kappa_ir::Program, cov: &kappa_engine::CoverageTracker, test_name: &str) -> String {
    use kappa_ir::analysis::ItemId;
    use std::collections::BTreeMap;
    use std::fmt::Write;
    let map = cov.map();
    let hits = cov.hits();
    let hit = |i: ItemId| hits.get(i.index()).copied().unwrap_or(0);
    #[derive(Default)]
    struct File {
        functions: Vec<(u32, String, u64)>,
        branches: Vec<(u32, u32, u32, u64)>,
        lines: BTreeMap<u32, u64>,
    }
    let mut files: BTreeMap<u32, File> = BTreeMap::new();
    for (k, f) in map.functions.iter().enumerate() {
        if f.span.is_known() {
            let item = ItemId(map.range(kappa_ir::analysis::ItemKind::Function).start + k as u32);
            files.entry(f.span.file).or_default().functions.push((f.span.line, f.name.clone(), hit(item)));
        }
    }
    // A condition was reached by as many paths as took its directions.
    let mut reached: BTreeMap<(u32, kappa_ir::Loc), u64> = BTreeMap::new();
    for (k, b) in map.branches.iter().enumerate() {
        *reached.entry((b.func.0, b.loc)).or_default() += hit(ItemId(k as u32));
    }
    for (k, b) in map.branches.iter().enumerate() {
        if b.line == 0 {
            continue;
        }
        let taken = if reached[&(b.func.0, b.loc)] == 0 { u64::MAX } else { hit(ItemId(k as u32)) };
        files.entry(b.file).or_default().branches.push((b.line, b.block, b.arm, taken));
    }
    for (k, l) in map.lines.iter().enumerate() {
        let item = ItemId(map.range(kappa_ir::analysis::ItemKind::Line).start + k as u32);
        files.entry(l.file).or_default().lines.insert(l.line, hit(item));
    }
    let mut out = String::new();
    for (fid, file) in &files {
        let name = prog.files.get(*fid as usize).cloned().unwrap_or_else(|| "?".into());
        let path = canonical(&name);
        let _ = writeln!(out, "TN:{test_name}");
        let _ = writeln!(out, "SF:{path}");
        for (line, fname, _) in &file.functions {
            let _ = writeln!(out, "FN:{line},{fname}");
        }
        for (_, fname, n) in &file.functions {
            let _ = writeln!(out, "FNDA:{n},{fname}");
        }
        let _ = writeln!(out, "FNF:{}", file.functions.len());
        let _ = writeln!(out, "FNH:{}", file.functions.iter().filter(|f| f.2 > 0).count());
        for (line, block, arm, taken) in &file.branches {
            let t = if *taken == u64::MAX { "-".to_string() } else { taken.to_string() };
            let _ = writeln!(out, "BRDA:{line},{block},{arm},{t}");
        }
        let _ = writeln!(out, "BRF:{}", file.branches.len());
        let _ = writeln!(out, "BRH:{}", file.branches.iter().filter(|b| b.3 > 0 && b.3 != u64::MAX).count());
        for (line, n) in &file.lines {
            let _ = writeln!(out, "DA:{line},{n}");
        }
        let _ = writeln!(out, "LF:{}", file.lines.len());
        let _ = writeln!(out, "LH:{}", file.lines.values().filter(|n| **n > 0).count());
        out.push_str("end_of_record\n");
    }
    out
}

/// Reads a kappa test.
pub fn read_test(path: &std::path::Path) -> Result<kappa_ir::testcase::TestCase, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    kappa_ir::testcase::TestCase::from_json(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// The tests named on the command line: files, and the `.json` files of directories with the
/// `test*.json` files of their subdirectories (past 1000 tests, a run writes them into
/// `tests/001/`, …), in name order.
fn collect_tests(paths: &[std::path::PathBuf]) -> Result<Vec<std::path::PathBuf>, String> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut v = Vec::new();
            tests_in(p, true, &mut v)?;
            v.sort();
            out.extend(v);
        } else {
            out.push(p.clone());
        }
    }
    if out.is_empty() {
        return Err("no tests found".into());
    }
    Ok(out)
}

fn tests_in(dir: &std::path::Path, top: bool, out: &mut Vec<std::path::PathBuf>) -> Result<(), String> {
    for e in std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?.flatten() {
        let f = e.path();
        // Not through symbolic links: a link to a parent would never end.
        if e.file_type().is_ok_and(|t| t.is_dir()) {
            tests_in(&f, false, out)?;
        } else if f.extension().is_some_and(|x| x == "json")
            && (top || f.file_name().is_some_and(|n| n.to_string_lossy().starts_with("test")))
        {
            out.push(f);
        }
    }
    Ok(())
}

/// The output directory of a run (with its `run.json`) all the tests come from
/// (`OUT/tests/…`), if they do.
fn run_output_of(tests: &[std::path::PathBuf]) -> Option<std::path::PathBuf> {
    let out_of = |t: &std::path::PathBuf| {
        let abs = std::fs::canonicalize(t).ok()?;
        let out = abs.ancestors().find(|a| a.file_name().is_some_and(|n| n == "tests"))?.parent()?.to_path_buf();
        out.join(kappa_report::RUN_JSON).is_file().then_some(out)
    };
    let first = out_of(tests.first()?)?;
    tests.iter().all(|t| out_of(t).as_ref() == Some(&first)).then_some(first)
}

/// gcov's counts as an lcov tracefile: per file (its canonical path) the executions of each
/// line (`DA`) and each branch arc's (`BRDA`, numbered per line).
fn gcov_lcov(g: &kappa_replay::gcov::GcovReport) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    for f in &g.files {
        let path = canonical(&f.file);
        let _ = writeln!(out, "TN:gcov\nSF:{path}");
        let mut arm = 0;
        let mut last = None;
        for (line, n) in &f.branches {
            if last != Some(*line) {
                (arm, last) = (0, Some(*line));
            }
            let _ = writeln!(out, "BRDA:{line},0,{arm},{n}");
            arm += 1;
        }
        for (line, n) in &f.lines {
            let _ = writeln!(out, "DA:{line},{n}");
        }
        out.push_str("end_of_record\n");
    }
    out
}

/// A file's canonical path, as lcov tracefiles and the report name files; the name as given
/// when it cannot be resolved.
pub(crate) fn canonical(name: &str) -> String {
    std::fs::canonicalize(name).map(|p| p.display().to_string()).unwrap_or_else(|_| name.to_string())
}

fn figure(covered: u64, total: u64) -> serde_json::Value {
    serde_json::json!({"covered": covered, "total": total})
}

/// `kappa replay FILE.c TESTS…`: every test replayed, then the suite's coverage by gcov and by
/// kappa.
pub fn replay_suite(
    file: &std::path::Path,
    paths: &[std::path::PathBuf],
    opts: &kappa_replay::ReplayOptions,
    stats_json: Option<&std::path::Path>,
) -> std::process::ExitCode {
    use std::process::ExitCode;
    let files = match collect_tests(paths) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("kappa: {e}");
            return ExitCode::from(2);
        }
    };
    let mut tests = Vec::new();
    for f in &files {
        match read_test(f) {
            Ok(t) => tests.push(t),
            Err(e) => {
                eprintln!("kappa: {e}");
                return ExitCode::from(2);
            }
        }
    }
    let suite = match kappa_replay::gcov::replay_suite(file, &tests, opts) {
        Ok(s) => s,
        Err(kappa_replay::ReplayError::Frontend(d)) => {
            eprintln!("{d}");
            return ExitCode::from(2);
        }
        Err(e) => {
            eprintln!("kappa: {e}");
            println!("REPLAY: not run ({e})");
            return ExitCode::SUCCESS;
        }
    };
    let (mut matched, mut mismatched, mut not_run) = (Vec::new(), Vec::new(), Vec::new());
    for (f, r) in files.iter().zip(&suite.replays) {
        let name = f.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        match r {
            Ok(r) => {
                println!("{name}: {}", r.explanation);
                if r.matches { &mut matched } else { &mut mismatched }.push(name);
            }
            Err(e) => {
                println!("{name}: not run ({e})");
                not_run.push(name);
            }
        }
    }
    println!(
        "replayed {} tests: {} match, {} mismatch, {} not run",
        files.len(),
        matched.len(),
        mismatched.len(),
        not_run.len()
    );
    let k = &suite.kappa;
    let mut json = serde_json::json!({
        "tests": files.len(), "match": matched.len(), "mismatch": mismatched.len(), "not_run": not_run.len(),
        "kappa": {"lines": figure(k.lines.0, k.lines.1), "branches": figure(k.branches.0, k.branches.1),
                  "functions": figure(k.functions.0, k.functions.1)},
    });
    println!("coverage of the suite:");
    match &suite.gcov {
        Ok(g) => {
            let t = &g.total;
            println!(
                "  gcov (the compiled program): lines {}, branches {}, functions {}",
                ratio(t.lines.0, t.lines.1),
                ratio(t.branches.0, t.branches.1),
                ratio(t.functions.0, t.functions.1)
            );
            json["gcov"] = serde_json::json!({"lines": figure(t.lines.0, t.lines.1),
                "branches": figure(t.branches.0, t.branches.1), "functions": figure(t.functions.0, t.functions.1)});
            // A program of several files: each file's figures too.
            if g.files.len() > 1 {
                let mut per_file = serde_json::Map::new();
                for f in &g.files {
                    let count = |v: &[(u32, u64)]| (v.iter().filter(|x| x.1 > 0).count() as u64, v.len() as u64);
                    let (l, b) = (count(&f.lines), count(&f.branches));
                    println!("    {}: lines {}, branches {}", f.file, ratio(l.0, l.1), ratio(b.0, b.1));
                    per_file.insert(
                        f.file.clone(),
                        serde_json::json!({"lines": figure(l.0, l.1), "branches": figure(b.0, b.1)}),
                    );
                }
                json["gcov"]["files"] = serde_json::Value::Object(per_file);
            }
            if let Some(out) = run_output_of(&files) {
                let path = out.join(kappa_report::GCOV_LCOV);
                match std::fs::write(&path, gcov_lcov(g)) {
                    Ok(()) => println!(
                        "  gcov's counts per line and branch: {} (`kappa report {}` shows them)",
                        path.display(),
                        out.display()
                    ),
                    Err(e) => eprintln!("kappa: cannot write {}: {e}", path.display()),
                }
            }
        }
        Err(e) => println!("  gcov: not measured ({e})"),
    }
    println!(
        "  kappa (the same tests on the IR): lines {}, branches {}, functions {}",
        ratio(k.lines.0, k.lines.1),
        ratio(k.branches.0, k.branches.1),
        ratio(k.functions.0, k.functions.1)
    );
    if let Some(p) = stats_json {
        let text = serde_json::to_string_pretty(&json).unwrap_or_default();
        if let Err(e) = std::fs::write(p, text + "\n") {
            eprintln!("kappa: cannot write {}: {e}", p.display());
        }
    }
    if !mismatched.is_empty() {
        println!("REPLAY: mismatch ({} of {} tests: {})", mismatched.len(), files.len(), mismatched.join(", "));
    } else if matched.is_empty() {
        println!("REPLAY: not run (no test could be replayed)");
    } else if !not_run.is_empty() {
        println!("REPLAY: not run ({} of {} tests: {})", not_run.len(), files.len(), not_run.join(", "));
    } else {
        println!("REPLAY: match");
    }
    ExitCode::SUCCESS
}
