//! `--report DIR` and `kappa report OUT` (issue 25): what a run leaves in its output directory
//! for its HTML page (kappa-report), and the page itself.

use crate::{ExploreOpts, FrontOpts};
use kappa_engine::RunReport;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use kappa_report::SOLVER_LOG;

/// Where the undecided queries are logged: `--solver-log`, else with `--report` in the output
/// directory (`main` is false for the explorations of proofs, which keep no tests).
pub fn solver_log(ex: &ExploreOpts, main: bool) -> Option<PathBuf> {
    ex.solver_log.clone().or_else(|| (main && ex.report.is_some()).then(|| ex.out.join(SOLVER_LOG)))
}

/// The limits the run was given, for the page.
fn limits(ex: &ExploreOpts) -> Vec<(String, String)> {
    let mut l = Vec::new();
    if let Some(t) = ex.max_time {
        l.push(("time".into(), format!("{t} s")));
    }
    if let Some(n) = ex.max_states {
        l.push(("states".into(), n.to_string()));
    }
    if let Some(n) = ex.max_depth {
        l.push(("depth".into(), format!("{n} edges")));
    }
    l.push(("memory".into(), format!("{} MB", ex.max_memory)));
    if let Some(n) = ex.max_tests {
        l.push(("tests".into(), n.to_string()));
    }
    l
}

/// The command line as a user calls it (`kappa`, not the path of the binary).
pub fn argv() -> Vec<String> {
    std::env::args()
        .enumerate()
        .map(|(k, a)| match (k, Path::new(&a).file_name()) {
            (0, Some(n)) => n.to_string_lossy().into_owned(),
            _ => a,
        })
        .collect()
}

/// After a command's verdict: writes `OUT/run.json` and, with `--report DIR`, the page.
pub fn finish(
    command: &str,
    front: &FrontOpts,
    ex: &ExploreOpts,
    report: &RunReport,
    verdict: String,
    reason: Option<String>,
) {
    let s = &report.stats;
    let data = kappa_report::RunData {
        kappa_run: kappa_report::RUN_DATA_VERSION,
        command: command.into(),
        // The program as a user calls it (`kappa`, not the path of the binary).
        argv: argv(),
        cwd: std::env::current_dir().map(|d| d.display().to_string()).unwrap_or_default(),
        files: std::iter::once(&front.file).chain(&front.more).map(|f| f.display().to_string()).collect(),
        verdict: verdict.clone(),
        reason,
        limits: limits(ex),
        stats: serde_json::to_value(kappa_engine::Stats { verdict, ..s.clone() }).unwrap_or_default(),
        errors: s
            .errors
            .iter()
            .map(|e| kappa_report::ErrorInfo {
                kind: e.kind.clone(),
                location: e.location.clone(),
                message: e.message.clone(),
                paths: e.paths,
                test: e.test.clone(),
            })
            .collect(),
        solver_log: solver_log(ex, true).map(|p| p.display().to_string()),
    };
    if let Err(e) = kappa_report::write_run(&ex.out, &data) {
        eprintln!("kappa: {e}");
        return;
    }
    if let Some(dir) = &ex.report {
        match kappa_report::generate(&ex.out, dir) {
            Ok(p) => println!("report: {}", p.display()),
            Err(e) => eprintln!("kappa: no report: {e}"),
        }
    }
}

/// `kappa report OUT [--report DIR]`.
pub fn command(out: &Path, dir: Option<&Path>) -> ExitCode {
    let dir = dir.map(Path::to_path_buf).unwrap_or_else(|| out.join("report"));
    match kappa_report::generate(out, &dir) {
        Ok(p) => {
            println!("report: {}", p.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("kappa: {e}");
            ExitCode::from(2)
        }
    }
}
