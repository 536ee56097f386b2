//! One HTML page per run (issue 25): `kappa run/verify/testgen … --report DIR` and
//! `kappa report OUT_DIR`.
//!
//! A run leaves in its output directory what the page is made of ([`RunData`] in `run.json`,
//! the samples of [`Sampler`] in `samples.json`, the coverage of its tests in `coverage.lcov`,
//! the tree in `tree.json`); [`generate`] turns that into `DIR/index.html`: one offline file,
//! inline CSS, JS and SVG (the tree laid out by Graphviz `dot` at report time, the charts drawn
//! here). Nothing in the page grows with the number of paths: errors are aggregated, the tree is
//! cut to [`tree::MAX_DRAWN`] nodes, the charts to [`sampler::MAX_SAMPLES`] points, and the
//! source is rendered lazily by the browser (`content-visibility`) in chunks.

pub mod page;
pub mod sampler;
pub mod slice;
pub mod tree;

pub use sampler::{Sample, Sampler};
pub use tree::{Tree, TreeRecorder};

use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// Version of `run.json`.
pub const RUN_DATA_VERSION: u32 = 1;

/// An error as the run found it (the statistics' entry with its message and path count).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct ErrorInfo {
    pub kind: String,
    pub location: String,
    pub message: String,
    pub paths: u64,
    /// The test reproducing it, relative to the output directory.
    pub test: Option<String>,
}

/// What a run writes for its report into `OUT/run.json`.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct RunData {
    pub kappa_run: u32,
    /// `run`, `verify` or `testgen`.
    pub command: String,
    /// The command line.
    pub argv: Vec<String>,
    /// The working directory of the run (relative paths of `argv` are relative to it).
    pub cwd: String,
    /// The program's files as given, the first the one named first.
    pub files: Vec<String>,
    /// The verdict (`true`, `false(unreach-call)`, `unknown`, or for `run`/`testgen` what
    /// their statistics say).
    pub verdict: String,
    pub reason: Option<String>,
    /// The limits the run had (`time`, `states`, `depth`, `memory`, `tests`).
    pub limits: Vec<(String, String)>,
    /// The statistics (`--stats-json`'s object).
    pub stats: serde_json::Value,
    pub errors: Vec<ErrorInfo>,
    /// The undecided queries in SMT-LIB (`--solver-log`), if logged.
    pub solver_log: Option<String>,
}

/// The names of the files a run leaves for its report.
pub const RUN_JSON: &str = "run.json";
pub const SAMPLES_JSON: &str = "samples.json";
pub const TREE_JSON: &str = "tree.json";
pub const COVERAGE_LCOV: &str = "coverage.lcov";
/// gcov's counts of the replayed suite (`kappa replay FILE OUT/tests` writes it).
pub const GCOV_LCOV: &str = "gcov.lcov";
pub const PROGRAM_JSON: &str = "program.json";
/// The undecided queries of a run with `--report` and no `--solver-log`.
pub const SOLVER_LOG: &str = "solver-unknown.smt2";
/// The copies of the program's files, as the run read them.
pub const SOURCE_DIR: &str = "source";

/// A file of the explored program.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct ProgramFile {
    /// Its canonical path when the run read it (the lcov tracefiles' `SF`).
    pub path: String,
    /// Its copy, relative to the output directory (`source/N-NAME`), if written.
    pub copy: Option<String>,
}

/// The explored program's files (those holding function bodies) and the file of each function
/// (an index into `files`), so that the page shows the source the run saw, even when the
/// output directory has moved or the files have changed since, and links a tree node to the
/// line of the right file.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct ProgramInfo {
    pub files: Vec<ProgramFile>,
    pub functions: std::collections::BTreeMap<String, usize>,
}

/// Writes `OUT/program.json` and the copies of the files (`files`: canonical path and text).
pub fn write_program(
    out: &Path,
    files: &[(String, Option<String>)],
    functions: std::collections::BTreeMap<String, usize>,
) -> Result<(), String> {
    let dir = out.join(SOURCE_DIR);
    // The copies of an earlier run, and only those (the directory may hold files of the user's).
    let earlier: Option<ProgramInfo> =
        std::fs::read_to_string(out.join(PROGRAM_JSON)).ok().and_then(|t| serde_json::from_str(&t).ok());
    for c in earlier.iter().flat_map(|p| &p.files).filter_map(|f| f.copy.as_ref()) {
        if c.starts_with(&format!("{SOURCE_DIR}/")) && !c.contains("..") {
            let _ = std::fs::remove_file(out.join(c));
        }
    }
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let mut info = ProgramInfo { files: Vec::new(), functions };
    for (k, (path, text)) in files.iter().enumerate() {
        let name = Path::new(path).file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let copy = match text {
            Some(t) => {
                let rel = format!("{SOURCE_DIR}/{k}-{name}");
                std::fs::write(out.join(&rel), t).map_err(|e| format!("cannot write {rel}: {e}"))?;
                Some(rel)
            }
            None => None,
        };
        info.files.push(ProgramFile { path: path.clone(), copy });
    }
    write_json(&out.join(PROGRAM_JSON), &info)
}

fn write_json<T: Serialize>(path: &Path, v: &T) -> Result<(), String> {
    let text = serde_json::to_string(v).map_err(|e| e.to_string())?;
    std::fs::write(path, text + "\n").map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Writes the samples and, if recorded, the tree into the output directory.
pub fn write_exploration(out: &Path, samples: &[Sample], tree: Option<&Tree>) -> Result<(), String> {
    std::fs::create_dir_all(out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    write_json(&out.join(SAMPLES_JSON), &samples)?;
    // gcov's counts are those of an earlier run's suite.
    let _ = std::fs::remove_file(out.join(GCOV_LCOV));
    match tree {
        Some(t) => write_json(&out.join(TREE_JSON), t),
        None => {
            // Not the tree of an earlier run.
            let _ = std::fs::remove_file(out.join(TREE_JSON));
            Ok(())
        }
    }
}

/// Writes `run.json`.
pub fn write_run(out: &Path, data: &RunData) -> Result<(), String> {
    std::fs::create_dir_all(out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    write_json(&out.join(RUN_JSON), data)
}

/// What the page is made of, read back from an output directory.
pub struct Inputs {
    pub out: PathBuf,
    pub run: RunData,
    pub samples: Vec<Sample>,
    pub tree: Option<Tree>,
    /// The lcov tracefile's text, if there is one.
    pub lcov: Option<String>,
    /// gcov's lcov tracefile of the replayed suite, if the suite was replayed.
    pub gcov: Option<String>,
    pub program: Option<ProgramInfo>,
}

/// Reads an output directory; `Err` says what is missing.
pub fn read(out: &Path) -> Result<Inputs, String> {
    let run_path = out.join(RUN_JSON);
    let text = std::fs::read_to_string(&run_path).map_err(|e| {
        if out.is_dir() {
            format!(
                "{}: {e}: not the output directory of a finished `kappa run`, `verify` or `testgen` (give the directory of --out)",
                run_path.display()
            )
        } else {
            format!("{}: no such directory", out.display())
        }
    })?;
    let run: RunData = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", run_path.display()))?;
    if run.kappa_run != RUN_DATA_VERSION {
        return Err(format!(
            "{}: version {} of run.json, this kappa reads {RUN_DATA_VERSION}",
            run_path.display(),
            run.kappa_run
        ));
    }
    let samples = std::fs::read_to_string(out.join(SAMPLES_JSON))
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default();
    let tree = std::fs::read_to_string(out.join(TREE_JSON)).ok().and_then(|t| serde_json::from_str(&t).ok());
    // `kappa merge` names the union of the shards' tracefiles coverage.info.
    let lcov = std::fs::read_to_string(out.join(COVERAGE_LCOV))
        .or_else(|_| std::fs::read_to_string(out.join("coverage.info")))
        .ok();
    let gcov = std::fs::read_to_string(out.join(GCOV_LCOV)).ok();
    let program = std::fs::read_to_string(out.join(PROGRAM_JSON)).ok().and_then(|t| serde_json::from_str(&t).ok());
    Ok(Inputs { out: out.to_path_buf(), run, samples, tree, lcov, gcov, program })
}

/// Writes `dir/index.html` for the run whose output directory is `out`; returns its path.
pub fn generate(out: &Path, dir: &Path) -> Result<PathBuf, String> {
    let inputs = read(out)?;
    let html = page::render(&inputs);
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let path = dir.join("index.html");
    std::fs::write(&path, html).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A run writes its copies into OUT/source and removes only those of an earlier run: a
    /// file of the user's in a directory of that name stays.
    #[test]
    fn source_copies_replace_only_their_own() {
        let out = std::env::temp_dir().join(format!("kappa-report-lib-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&out);
        std::fs::create_dir_all(out.join(SOURCE_DIR)).expect("dir");
        std::fs::write(out.join(SOURCE_DIR).join("notes.txt"), "mine").expect("written");
        let funcs = std::collections::BTreeMap::from([("main".to_string(), 0)]);
        write_program(&out, &[("/x/a.c".into(), Some("int main(void){}".into()))], funcs.clone()).expect("first");
        assert!(out.join("source/0-a.c").is_file());
        write_program(&out, &[("/x/b.c".into(), Some("int main(void){}".into()))], funcs).expect("second");
        assert!(!out.join("source/0-a.c").exists(), "the earlier run's copy removed");
        assert!(out.join("source/0-b.c").is_file());
        assert_eq!(std::fs::read_to_string(out.join("source/notes.txt")).ok().as_deref(), Some("mine"));
        let _ = std::fs::remove_dir_all(&out);
    }
}
