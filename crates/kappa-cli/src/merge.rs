//! `kappa merge DIR... --out DIR`: one output directory from the output directories of the
//! processes of a sharded run (`--shard I/N`, docs/design-parallel.md, "`--shard I/N` and
//! `kappa merge`"; the jobs of a cluster in the manner of Cloud9, Bucur et al., EuroSys 2011,
//! without its coordinator).
//!
//! Each exploring command (`run`, `verify`, `testgen`) records in its output directory what
//! it ran (`kappa-run.json`: the command, a hash of each program file, the options that shape
//! the exploration, the shard, where the statistics and the lcov tracefile went), so that
//! `merge` refuses directories of different programs or options instead of adding up
//! unrelated numbers, and names a shard whose process never finished.

use serde_json::{json, Map, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The run record's file name, in the output directory.
pub const RECORD: &str = "kappa-run.json";

/// Options of the command line that do not change which paths a process explores or what it
/// answers for its share (where output goes, what is shown, the machine's resources): shards
/// run on different machines may differ in these.
const PER_PROCESS: &[&str] = &[
    "out",
    "stats_json",
    "coverage",
    "tree",
    "solver_log",
    "report",
    "quiet",
    "progress",
    "verbose",
    "jobs",
    "shard",
    "max_time",
    "max_memory",
    "no_witnesses",
    "file",
    "more",
    "compile_commands",
];

/// `kappa merge`'s arguments.
#[derive(clap::Args, Clone, Debug)]
pub struct MergeArgs {
    /// Output directories of the processes of a sharded run (`--shard I/N --out DIR`), one per
    /// shard.
    #[arg(required = true, num_args = 1.., value_name = "DIR")]
    pub dirs: Vec<PathBuf>,
    /// The combined output directory: tests/, stats.json, coverage.info (when every shard wrote
    /// an lcov tracefile), the violation witnesses of a `false`.
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// Also write the combined statistics here.
    #[arg(long, value_name = "FILE")]
    pub stats_json: Option<PathBuf>,
}

/// FNV-1a, 64 bits: a hash of a program file that is the same on every machine and every build
/// (std's hasher promises neither).
fn fnv64(bytes: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// A path as the record stores it: relative to the output directory when it is inside it (the
/// directory may be moved, or copied back from a cluster node), else as given.
fn relative_to(out: &Path, p: &Path) -> String {
    let abs = |p: &Path| {
        std::fs::canonicalize(p).ok().or_else(|| {
            let parent = p.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
            Some(std::fs::canonicalize(parent).ok()?.join(p.file_name()?))
        })
    };
    match (abs(out), abs(p)) {
        (Some(o), Some(f)) => match f.strip_prefix(&o) {
            Ok(r) => r.display().to_string(),
            Err(_) => f.display().to_string(),
        },
        _ => p.display().to_string(),
    }
}

/// Writes `OUT/kappa-run.json` for an exploring command (`run`, `verify`, `testgen`), from the
/// command line as clap parsed it. Called before the command runs, so that a process that dies
/// still leaves the record of which shard it was. Failure to write it is a note, not an error:
/// the run itself does not need it.
pub fn record_run() {
    use clap::CommandFactory;
    let mut cmd = crate::Cli::command();
    let Ok(m) = cmd.try_get_matches_from_mut(std::env::args_os()) else { return };
    let Some((name, sub)) = m.subcommand() else { return };
    let Some(def) = cmd.find_subcommand(name) else { return };
    let raw = |id: &str| -> Vec<String> {
        match sub.try_get_raw(id) {
            Ok(Some(v)) => v.map(|s| s.to_string_lossy().into_owned()).collect(),
            _ => Vec::new(),
        }
    };
    let Some(out) = raw("out").into_iter().next().map(PathBuf::from) else { return };
    // The directory first: paths inside it are recorded relative to it.
    let _ = std::fs::create_dir_all(&out);
    let mut options = Map::new();
    for a in def.get_arguments() {
        let id = a.get_id().as_str();
        if PER_PROCESS.contains(&id) {
            continue;
        }
        let v = raw(id);
        if !v.is_empty() {
            options.insert(id.to_string(), json!(v));
        }
    }
    let files: Vec<PathBuf> = raw("file").into_iter().chain(raw("more")).map(PathBuf::from).collect();
    let program: Vec<Value> = files
        .iter()
        .map(|f| {
            let hash = std::fs::read(f).map(|b| fnv64(&b)).unwrap_or_default();
            json!({"path": f.display().to_string(), "fnv64": hash})
        })
        .collect();
    let placed = |id: &str| raw(id).first().map(|p| Value::String(relative_to(&out, Path::new(p))));
    let record = json!({
        "kappa_run": 1,
        "version": env!("CARGO_PKG_VERSION"),
        "command": name,
        "program": program,
        "options": options,
        "shard": raw("shard").first(),
        "stats_json": placed("stats_json"),
        "coverage": placed("coverage"),
        "tree": placed("tree"),
    });
    let text = serde_json::to_string_pretty(&record).unwrap_or_default() + "\n";
    if let Err(e) = std::fs::write(out.join(RECORD), text) {
        eprintln!("kappa: note: cannot write {}: {e}", out.join(RECORD).display());
    }
}

/// Shard I of N.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Shard {
    index: u64,
    count: u64,
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// `I/N`, or the statistics' object `{"index": I, "count": N}`.
fn parse_shard(v: &Value) -> Option<Shard> {
    let s = match v {
        Value::String(s) => {
            let (i, n) = s.split_once('/')?;
            Shard { index: i.trim().parse().ok()?, count: n.trim().parse().ok()? }
        }
        Value::Object(o) => {
            let num = |keys: &[&str]| keys.iter().find_map(|k| o.get(*k).and_then(Value::as_u64));
            Shard { index: num(&["index", "i"])?, count: num(&["count", "n", "of"])? }
        }
        _ => return None,
    };
    (s.count >= 1 && s.index < s.count).then_some(s)
}

/// One input directory.
struct Input {
    dir: PathBuf,
    record: Option<Value>,
    stats: Option<Value>,
    /// Why there are no statistics (the process did not finish).
    no_stats: Option<String>,
    lcov: Option<PathBuf>,
    /// The symbolic execution tree (`--tree`, DOT), if the process drew it into the directory.
    tree: Option<PathBuf>,
    shard: Shard,
}

fn read_json(p: &Path) -> Result<Value, String> {
    let text = std::fs::read_to_string(p).map_err(|e| format!("cannot read {}: {e}", p.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: not JSON: {e}", p.display()))
}

fn is_stats(v: &Value) -> bool {
    v.get("verdict").is_some() && v.get("paths_completed").is_some() && v.get("coverage").is_some()
}

fn modified(p: &Path) -> Option<std::time::SystemTime> {
    std::fs::metadata(p).and_then(|m| m.modified()).ok()
}

/// A file the record names (relative to the directory), else the first file of the directory
/// that `pick` accepts by name, `preferred` first.
fn find_file(dir: &Path, named: Option<&str>, preferred: &str, pick: impl Fn(&str) -> bool) -> Option<PathBuf> {
    if let Some(n) = named {
        let p = dir.join(n);
        // A path outside the directory (written elsewhere on the process's machine) is looked
        // for under its name in the directory.
        let p = if p.is_file() { p } else { dir.join(Path::new(n).file_name()?) };
        return p.is_file().then_some(p);
    }
    let p = dir.join(preferred);
    if p.is_file() {
        return Some(p);
    }
    let mut names: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_file() && p.file_name().is_some_and(|n| pick(&n.to_string_lossy())))
        .collect();
    names.sort();
    names.into_iter().next()
}

fn read_input(dir: &Path) -> Result<Input, String> {
    if !dir.is_dir() {
        return Err(format!("{}: no such directory", dir.display()));
    }
    let rec_path = dir.join(RECORD);
    let record = if rec_path.is_file() { Some(read_json(&rec_path)?) } else { None };
    let named = |k: &str| record.as_ref().and_then(|r| r.get(k)).and_then(Value::as_str).map(str::to_string);
    let stats_named = named("stats_json");
    let stats_path = match &stats_named {
        Some(n) => find_file(dir, Some(n.as_str()), "", |_| false),
        None => find_file(dir, None, "stats.json", |_| false).or_else(|| {
            // Any statistics at the top of the directory.
            let mut names: Vec<PathBuf> =
                std::fs::read_dir(dir).into_iter().flatten().flatten().map(|e| e.path()).collect();
            names.sort();
            names.into_iter().find(|p| {
                p.extension().is_some_and(|x| x == "json")
                    && p.file_name().is_some_and(|n| n != RECORD)
                    && read_json(p).is_ok_and(|v| is_stats(&v))
            })
        }),
    };
    let mut no_stats = None;
    let mut stats = None;
    match &stats_path {
        Some(p) => {
            let v = read_json(p)?;
            if !is_stats(&v) {
                return Err(format!("{}: not the statistics of a kappa run", p.display()));
            }
            // Statistics older than the record are those of an earlier run into the directory.
            match (modified(p), modified(&rec_path)) {
                (Some(s), Some(r)) if record.is_some() && s < r => {
                    no_stats = Some(format!("its statistics ({}) are older than its run record", p.display()))
                }
                _ => stats = Some(v),
            }
        }
        None if record.is_some() => {
            let testgen = named("command").as_deref() == Some("testgen");
            no_stats = Some(match &stats_named {
                _ if testgen => "no statistics (testgen writes none; its test suite is merged)".into(),
                Some(n) => format!("no statistics ({n} not found: the process did not finish)"),
                None => "no statistics (run the shards with --stats-json DIR/stats.json)".into(),
            })
        }
        None => {
            return Err(format!(
                "{}: not an output directory of kappa (no {RECORD}, no statistics JSON)",
                dir.display()
            ))
        }
    }
    let shard_of = |v: Option<&Value>| v.filter(|s| !s.is_null()).map(|s| parse_shard(s).ok_or(s.to_string()));
    let shard = match shard_of(record.as_ref().and_then(|r| r.get("shard")))
        .or_else(|| shard_of(stats.as_ref().and_then(|s| s.get("shard"))))
    {
        None => Shard { index: 0, count: 1 },
        Some(Ok(s)) => s,
        Some(Err(s)) => return Err(format!("{}: shard {s} is not I/N with 0 <= I < N", dir.display())),
    };
    let lcov_named = named("coverage");
    let lcov = find_file(dir, lcov_named.as_deref(), "coverage.info", |n| n.ends_with(".info") || n.ends_with(".lcov"));
    let tree = named("tree").and_then(|t| {
        let p = find_file(dir, Some(&t), "", |_| false)?;
        // A picture (.svg, .png) is drawn from the .dot written beside it.
        Some(if p.extension().is_some_and(|x| x == "dot") { p } else { p.with_extension("dot") })
    });
    let tree = tree.filter(|p| p.is_file());
    Ok(Input { dir: dir.to_path_buf(), record, stats, no_stats, lcov, tree, shard })
}

/// Why two directories cannot be shards of one run, if they cannot.
fn differ(a: &Input, b: &Input) -> Option<String> {
    let (da, db) = (a.dir.display(), b.dir.display());
    if let (Some(ra), Some(rb)) = (&a.record, &b.record) {
        let get = |r: &Value, k: &str| r.get(k).cloned().unwrap_or(Value::Null);
        if get(ra, "command") != get(rb, "command") {
            return Some(format!(
                "{da} and {db} are runs of different commands ({} and {})",
                get(ra, "command"),
                get(rb, "command")
            ));
        }
        let hashes = |r: &Value| -> Vec<Value> {
            r.get("program").and_then(Value::as_array).into_iter().flatten().map(|f| get(f, "fnv64")).collect()
        };
        if hashes(ra) != hashes(rb) {
            let names = |r: &Value| -> String {
                let v: Vec<String> = r
                    .get("program")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                    .filter_map(|f| f.get("path").and_then(Value::as_str).map(str::to_string))
                    .collect();
                v.join(" ")
            };
            return Some(format!(
                "{da} and {db} are runs of different programs ({} and {}: the files differ)",
                names(ra),
                names(rb)
            ));
        }
        let (oa, ob) = (get(ra, "options"), get(rb, "options"));
        if oa != ob {
            let keys: BTreeSet<&String> =
                oa.as_object().into_iter().chain(ob.as_object()).flat_map(|o| o.keys()).collect();
            let show = |o: &Value, k: &str| match o.get(k) {
                Some(Value::Array(v)) => v.iter().filter_map(Value::as_str).collect::<Vec<_>>().join(" "),
                _ => "(not given)".into(),
            };
            for k in keys {
                if oa.get(k) != ob.get(k) {
                    let flag = format!("--{}", k.replace('_', "-"));
                    return Some(format!(
                        "{da} and {db} are runs with different options ({flag}: {} and {})",
                        show(&oa, k),
                        show(&ob, k)
                    ));
                }
            }
        }
        if get(ra, "version") != get(rb, "version") {
            return Some(format!(
                "{da} and {db} were written by different versions of kappa ({} and {})",
                get(ra, "version"),
                get(rb, "version")
            ));
        }
    }
    if let (Some(sa), Some(sb)) = (&a.stats, &b.stats) {
        for k in ["mode", "search", "heap"] {
            if sa.get(k) != sb.get(k) {
                return Some(format!("{da} and {db} are runs with different options ({k}: {} and {})", sa[k], sb[k]));
            }
        }
        // The same program has the same coverage items.
        for k in ["branches_total", "lines_total", "functions_total", "loop_paths_total"] {
            let (x, y) = (&sa["coverage"][k], &sb["coverage"][k]);
            if x != y {
                return Some(format!("{da} and {db} are runs of different programs (coverage.{k}: {x} and {y})"));
            }
        }
    }
    None
}

/// Keys whose merged value is the largest of the shards' (a process's figure, or a property of
/// the program every process computes alike), not their sum.
const MAX_KEYS: &[&str] = &[
    "time_s",
    "peak_memory_mb",
    "states_pending_max",
    "memory_per_state_kb",
    "memory_terms_max",
    "memory_solver_caches_kb",
    "memory_z3_mb",
    "input_objects_max",
    "templates.cycles",
    "jobs",
    "coverage.branches_total",
    "coverage.lines_total",
    "coverage.functions_total",
    "coverage.loop_paths_total",
];

/// Merges the shards' values of one key: numbers summed (or the largest, [`MAX_KEYS`]),
/// objects key by key, lists joined without repeats, other values the first shard's.
fn merge_value(path: &str, vals: &[&Value]) -> Value {
    let vals: Vec<&Value> = vals.iter().copied().filter(|v| !v.is_null()).collect();
    let Some(first) = vals.first() else { return Value::Null };
    if vals.iter().all(|v| v.is_number()) {
        let max = MAX_KEYS.contains(&path);
        if vals.iter().all(|v| v.is_u64()) {
            let it = vals.iter().filter_map(|v| v.as_u64());
            return json!(if max { it.max().unwrap_or(0) } else { it.sum() });
        }
        let it = vals.iter().filter_map(|v| v.as_f64());
        return json!(if max { it.fold(0.0, f64::max) } else { it.sum::<f64>() });
    }
    if vals.iter().all(|v| v.is_object()) {
        let mut keys: Vec<&String> = Vec::new();
        for v in &vals {
            for k in v.as_object().into_iter().flat_map(|o| o.keys()) {
                if !keys.contains(&k) {
                    keys.push(k);
                }
            }
        }
        let mut out = Map::new();
        for k in keys {
            let sub: Vec<&Value> = vals.iter().filter_map(|v| v.get(k)).collect();
            let p = if path.is_empty() { k.clone() } else { format!("{path}.{k}") };
            out.insert(k.clone(), merge_value(&p, &sub));
        }
        return Value::Object(out);
    }
    if vals.iter().all(|v| v.is_array()) {
        let mut out: Vec<Value> = Vec::new();
        for v in vals.iter().flat_map(|v| v.as_array().into_iter().flatten()) {
            if !out.contains(v) {
                out.push(v.clone());
            }
        }
        return Value::Array(out);
    }
    (*first).clone()
}

/// The lcov tracefile combined: per source file, the union of the shards' records with their
/// hit counts added (the counts are numbers of paths, and the shards' paths are disjoint).
#[derive(Default)]
struct Lcov {
    files: BTreeMap<String, LcovFile>,
}

#[derive(Default)]
struct LcovFile {
    /// Function name -> (line, hits).
    functions: BTreeMap<String, (u64, u64)>,
    /// (line, block, branch) -> hits; `None`: no path reached the condition (`-`).
    branches: BTreeMap<(u64, u64, u64), Option<u64>>,
    lines: BTreeMap<u64, u64>,
}

impl Lcov {
    fn add(&mut self, text: &str, name: &str) -> Result<(), String> {
        let mut cur: Option<String> = None;
        for (n, line) in text.lines().enumerate() {
            let bad = || format!("{name}:{}: not an lcov record: `{line}`", n + 1);
            let num = |s: &str| s.trim().parse::<u64>().map_err(|_| bad());
            let (tag, rest) = line.split_once(':').unwrap_or((line, ""));
            let file = |cur: &Option<String>| cur.clone().ok_or_else(bad);
            match tag {
                "SF" => {
                    cur = Some(rest.to_string());
                    self.files.entry(rest.to_string()).or_default();
                }
                "end_of_record" => cur = None,
                "FN" => {
                    let (l, f) = rest.split_once(',').ok_or_else(bad)?;
                    let e = self.files.entry(file(&cur)?).or_default();
                    e.functions.entry(f.to_string()).or_insert((num(l)?, 0));
                }
                "FNDA" => {
                    let (h, f) = rest.split_once(',').ok_or_else(bad)?;
                    let e = self.files.entry(file(&cur)?).or_default();
                    e.functions.entry(f.to_string()).or_insert((0, 0)).1 += num(h)?;
                }
                "BRDA" => {
                    let p: Vec<&str> = rest.split(',').collect();
                    if p.len() != 4 {
                        return Err(bad());
                    }
                    let key = (num(p[0])?, num(p[1])?, num(p[2])?);
                    let taken = if p[3].trim() == "-" { None } else { Some(num(p[3])?) };
                    let e = self.files.entry(file(&cur)?).or_default();
                    let slot = e.branches.entry(key).or_insert(None);
                    *slot = match (*slot, taken) {
                        (None, t) | (t, None) => t,
                        (Some(a), Some(b)) => Some(a + b),
                    };
                }
                "DA" => {
                    let mut p = rest.split(',');
                    let l = num(p.next().ok_or_else(bad)?)?;
                    let h = num(p.next().ok_or_else(bad)?)?;
                    *self.files.entry(file(&cur)?).or_default().lines.entry(l).or_insert(0) += h;
                }
                // Totals are recomputed from the union; test names are the merged run's.
                "TN" | "FNF" | "FNH" | "BRF" | "BRH" | "LF" | "LH" | "" => {}
                _ => return Err(bad()),
            }
        }
        Ok(())
    }

    /// (covered, total) of branches, lines and functions.
    fn counts(&self) -> [(u64, u64); 3] {
        let mut c = [(0, 0); 3];
        for f in self.files.values() {
            c[0].0 += f.branches.values().filter(|h| h.is_some_and(|h| h > 0)).count() as u64;
            c[0].1 += f.branches.len() as u64;
            c[1].0 += f.lines.values().filter(|h| **h > 0).count() as u64;
            c[1].1 += f.lines.len() as u64;
            c[2].0 += f.functions.values().filter(|f| f.1 > 0).count() as u64;
            c[2].1 += f.functions.len() as u64;
        }
        c
    }

    fn text(&self) -> String {
        use std::fmt::Write;
        let mut out = String::new();
        for (path, f) in &self.files {
            let _ = writeln!(out, "TN:kappa\nSF:{path}");
            let mut fns: Vec<(&String, &(u64, u64))> = f.functions.iter().collect();
            fns.sort_by_key(|(name, (line, _))| (*line, *name));
            for (name, (line, _)) in &fns {
                let _ = writeln!(out, "FN:{line},{name}");
            }
            for (name, (_, hits)) in &fns {
                let _ = writeln!(out, "FNDA:{hits},{name}");
            }
            let _ = writeln!(out, "FNF:{}\nFNH:{}", fns.len(), fns.iter().filter(|f| f.1 .1 > 0).count());
            for ((l, b, a), h) in &f.branches {
                let h = h.map(|h| h.to_string()).unwrap_or_else(|| "-".into());
                let _ = writeln!(out, "BRDA:{l},{b},{a},{h}");
            }
            let hit = f.branches.values().filter(|h| h.is_some_and(|h| h > 0)).count();
            let _ = writeln!(out, "BRF:{}\nBRH:{hit}", f.branches.len());
            for (l, h) in &f.lines {
                let _ = writeln!(out, "DA:{l},{h}");
            }
            let _ = writeln!(out, "LF:{}\nLH:{}", f.lines.len(), f.lines.values().filter(|h| **h > 0).count());
            out.push_str("end_of_record\n");
        }
        out
    }
}

/// The name of merged test `i` (1-based) in the engine's layout: `testNNNNNN.json`, past
/// the first [`kappa_engine::engine::TESTS_PER_DIR`] in subdirectories (`001/test001001.json`).
fn test_name(i: u64) -> String {
    let per = kappa_engine::engine::TESTS_PER_DIR;
    if i <= per {
        format!("test{i:06}.json")
    } else {
        format!("{:03}/test{i:06}.json", i / per)
    }
}

/// Removes the files of an earlier run or merge from a directory of the output: those `ours`
/// accepts by name (`test*.json`; Test-Comp's test cases), also in numbered subdirectories (the
/// layout past 1000 tests), which go when empty. Nothing else.
fn clean_tests(dir: &Path, ours: &dyn Fn(&str) -> bool) -> Result<(), String> {
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        let sub = e.file_type().is_ok_and(|t| t.is_dir());
        let gone = if sub && !name.is_empty() && name.bytes().all(|b| b.is_ascii_digit()) {
            clean_tests(&e.path(), ours)?;
            let _ = std::fs::remove_dir(e.path());
            Ok(())
        } else if !sub && ours(&name) {
            std::fs::remove_file(e.path())
        } else {
            Ok(())
        };
        gone.map_err(|err| format!("cannot remove {}: {err}", e.path().display()))?;
    }
    Ok(())
}

/// What the merge found, for the summary and the verdict.
struct Merged {
    stats: Value,
    verdict: String,
    reasons: Vec<String>,
    notes: Vec<String>,
}

/// `kappa merge`: exit code 2 with one message for input it cannot merge.
pub fn run(args: &MergeArgs) -> ExitCode {
    match merge(args) {
        Ok(m) => {
            print_summary(args, &m);
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("kappa: merge: {e}");
            ExitCode::from(2)
        }
    }
}

fn canonical(p: &Path) -> PathBuf {
    std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf())
}

fn merge(args: &MergeArgs) -> Result<Merged, String> {
    let mut inputs: Vec<Input> = Vec::new();
    let out_abs = canonical(&args.out);
    for d in &args.dirs {
        let input = read_input(d)?;
        let c = canonical(d);
        if c == out_abs {
            return Err(format!("{}: the output directory is one of the inputs", d.display()));
        }
        if let Some(prev) = inputs.iter().find(|i| canonical(&i.dir) == c) {
            return Err(format!("{} is given twice (as {})", d.display(), prev.dir.display()));
        }
        inputs.push(input);
    }
    for b in &inputs[1..] {
        if let Some(why) = differ(&inputs[0], b) {
            return Err(why);
        }
    }
    let count = inputs[0].shard.count;
    if let Some(b) = inputs.iter().find(|i| i.shard.count != count) {
        return Err(format!(
            "{} is shard {} and {} shard {}: different numbers of shards",
            inputs[0].dir.display(),
            inputs[0].shard,
            b.dir.display(),
            b.shard
        ));
    }
    for (k, a) in inputs.iter().enumerate() {
        if let Some(b) = inputs[k + 1..].iter().find(|b| b.shard == a.shard) {
            let what = if count == 1 { " (a run without --shard is shard 0/1)".to_string() } else { String::new() };
            return Err(format!("{} and {} are both shard {}{what}", a.dir.display(), b.dir.display(), a.shard));
        }
    }
    inputs.sort_by_key(|i| i.shard);
    let mut reasons = Vec::new();
    let mut notes = Vec::new();
    let present: BTreeSet<u64> = inputs.iter().map(|i| i.shard.index).collect();
    let missing: Vec<String> =
        (0..count).filter(|i| !present.contains(i)).map(|i| format!("shard {i}/{count} missing")).collect();
    reasons.extend(missing.iter().cloned());
    for i in &inputs {
        if let Some(why) = &i.no_stats {
            reasons.push(format!("shard {} ({}): {why}", i.shard, i.dir.display()));
        }
    }
    let done: Vec<&Input> = inputs.iter().filter(|i| i.stats.is_some()).collect();

    // Tests: copied in shard order, renumbered; the errors' tests follow them.
    let tests_dir = args.out.join("tests");
    clean_tests(&tests_dir, &|n| n.starts_with("test") && n.ends_with(".json"))?;
    std::fs::create_dir_all(&tests_dir).map_err(|e| format!("cannot create {}: {e}", tests_dir.display()))?;
    let mut renamed: Vec<BTreeMap<String, String>> = Vec::new();
    let mut n: u64 = 0;
    for i in &done {
        let mut map = BTreeMap::new();
        for f in crate::explore::test_files(&i.dir.join("tests")) {
            n += 1;
            let name = test_name(n);
            let to = tests_dir.join(&name);
            if let Some(parent) = to.parent() {
                std::fs::create_dir_all(parent).map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
            }
            std::fs::copy(&f, &to).map_err(|e| format!("cannot copy {} to {}: {e}", f.display(), to.display()))?;
            let old = f.strip_prefix(&i.dir).map(|p| p.display().to_string()).unwrap_or_default();
            map.insert(old, format!("tests/{name}"));
        }
        renamed.push(map);
    }

    // `testgen` writes no statistics: its suites are merged all the same.
    merge_test_suites(&inputs.iter().collect::<Vec<_>>(), &args.out)?;

    // Statistics.
    let vals: Vec<&Value> = done.iter().filter_map(|i| i.stats.as_ref()).collect();
    let mut stats = merge_value("", &vals);
    if !stats.is_object() {
        stats = json!({});
    }
    let mut errors: Vec<Value> = Vec::new();
    for (i, map) in done.iter().zip(&renamed) {
        for e in i.stats.as_ref().and_then(|s| s["errors"].as_array()).into_iter().flatten() {
            let key = (e["kind"].clone(), e["location"].clone());
            if errors.iter().any(|x| (x["kind"].clone(), x["location"].clone()) == key) {
                continue;
            }
            let mut e = e.clone();
            if let Some(t) = e["test"].as_str() {
                e["test"] = map.get(t).map(|t| json!(t)).unwrap_or(Value::Null);
            }
            errors.push(e);
        }
    }
    stats["errors"] = Value::Array(errors);
    stats["tests"] = json!(n);
    let mut incomplete: Vec<Value> = missing.iter().map(|m| json!(m)).collect();
    for i in &inputs {
        if let Some(why) = &i.no_stats {
            incomplete.push(json!(format!("shard {}: {why}", i.shard)));
        }
        for r in i.stats.as_ref().and_then(|s| s["incomplete"].as_array()).into_iter().flatten() {
            let r = r.as_str().unwrap_or_default();
            incomplete.push(json!(if count > 1 { format!("shard {}: {r}", i.shard) } else { r.to_string() }));
        }
    }
    stats["incomplete"] = Value::Array(incomplete);

    // Coverage: the union of the tracefiles when every shard wrote one.
    let lcovs: Vec<&PathBuf> = done.iter().filter_map(|i| i.lcov.as_ref()).collect();
    let cov_out = args.out.join("coverage.info");
    let _ = std::fs::remove_file(&cov_out);
    if !done.is_empty() && lcovs.len() == done.len() {
        let mut lcov = Lcov::default();
        for p in &lcovs {
            let text = std::fs::read_to_string(p).map_err(|e| format!("cannot read {}: {e}", p.display()))?;
            lcov.add(&text, &p.display().to_string())?;
        }
        std::fs::write(&cov_out, lcov.text()).map_err(|e| format!("cannot write {}: {e}", cov_out.display()))?;
        let [b, l, f] = lcov.counts();
        for (kind, (covered, total)) in [("branches", b), ("lines", l), ("functions", f)] {
            let cov = &mut stats["coverage"];
            // The statistics count items lcov does not list (conditions without a source line,
            // functions without a position): recomputed only where the totals agree.
            if cov[format!("{kind}_total")] == json!(total) {
                cov[format!("{kind}_covered")] = json!(covered);
            } else {
                let best = vals.iter().filter_map(|s| s["coverage"][format!("{kind}_covered")].as_u64()).max();
                cov[format!("{kind}_covered")] = json!(best.unwrap_or(0));
                notes.push(format!("coverage.{kind}_covered is the most of one shard: the tracefiles list {total} of the statistics' {}", cov[format!("{kind}_total")]));
            }
        }
    } else {
        for kind in ["branches", "lines", "functions"] {
            let best = vals.iter().filter_map(|s| s["coverage"][format!("{kind}_covered")].as_u64()).max();
            stats["coverage"][format!("{kind}_covered")] = json!(best.unwrap_or(0));
        }
        if done.len() > 1 {
            notes.push("not every shard wrote an lcov tracefile (--coverage DIR/coverage.info): coverage is the most of one shard, a lower bound".into());
        }
    }
    // Loop paths are in no tracefile: the most of one shard, a lower bound of the union.
    if count > 1 {
        let best = vals.iter().filter_map(|s| s["coverage"]["loop_paths_covered"].as_u64()).max();
        stats["coverage"]["loop_paths_covered"] = json!(best.unwrap_or(0));
    }

    // The verdict: false if one shard's is, true only if every shard is present and true.
    let verdict_of = |i: &Input| i.stats.as_ref().and_then(|s| s["verdict"].as_str()).unwrap_or("unknown").to_string();
    let verdict = if let Some(i) = done.iter().find(|i| verdict_of(i).starts_with("false")) {
        copy_witnesses(&i.dir, &args.out)?;
        verdict_of(i)
    } else {
        for i in &done {
            let v = verdict_of(i);
            if v == "true" {
                continue;
            }
            let s = i.stats.clone().unwrap_or_default();
            let why = if let Some(r) = s["incomplete"].as_array().and_then(|a| a.first()).and_then(Value::as_str) {
                if r.starts_with("time limit") {
                    "timeout".to_string()
                } else {
                    r.to_string()
                }
            } else if let Some(e) = s["errors"].as_array().and_then(|a| a.first()) {
                format!("{} at {}", e["kind"].as_str().unwrap_or("?"), e["location"].as_str().unwrap_or("?"))
            } else {
                v
            };
            reasons.push(format!("shard {}: {why}", i.shard));
        }
        if reasons.is_empty() {
            "true".into()
        } else {
            "unknown".into()
        }
    };
    if verdict.starts_with("false") {
        reasons.clear();
    }
    stats["verdict"] = json!(verdict);
    if let Some(o) = stats.as_object_mut() {
        o.remove("shard");
        // Frontier states left to other shards are explored by them: none is left over.
        if o.contains_key("states_other_shard") {
            o.insert("states_other_shard".into(), json!(0));
        }
    }
    stats["shards"] = json!({
        "count": count,
        "merged": inputs.iter().map(|i| json!({"shard": i.shard.to_string(), "dir": i.dir.display().to_string(),
            "verdict": i.stats.as_ref().map(|_| verdict_of(i))})).collect::<Vec<_>>(),
        "missing": (0..count).filter(|i| !present.contains(i)).collect::<Vec<_>>(),
    });
    let text = serde_json::to_string_pretty(&stats).unwrap_or_default() + "\n";
    let mut targets = vec![args.out.join("stats.json")];
    targets.extend(args.stats_json.clone());
    for p in targets {
        std::fs::write(&p, &text).map_err(|e| format!("cannot write {}: {e}", p.display()))?;
    }
    let tree = merge_trees(&done, &args.out)?;
    if tree.is_none() && done.iter().any(|i| i.tree.is_some()) {
        notes.push("not every shard wrote its tree (--tree): no merged tree".into());
    }
    let mut record = inputs[0].record.clone().unwrap_or_else(|| json!({"kappa_run": 1}));
    record["shard"] = Value::Null;
    record["stats_json"] = json!("stats.json");
    record["coverage"] = if cov_out.is_file() { json!("coverage.info") } else { Value::Null };
    record["tree"] = json!(tree);
    record["merged_from"] = json!(inputs.iter().map(|i| i.dir.display().to_string()).collect::<Vec<_>>());
    if let Err(e) = merge_report_inputs(&done, &args.out, &stats, &verdict, &reasons) {
        notes.push(format!("no report data: {e}"));
    }
    let rec = args.out.join(RECORD);
    std::fs::write(&rec, serde_json::to_string_pretty(&record).unwrap_or_default() + "\n")
        .map_err(|e| format!("cannot write {}: {e}", rec.display()))?;
    Ok(Merged { stats, verdict, reasons, notes })
}

/// What `kappa report OUT` makes the merged run's page of: the first shard's `run.json` with the
/// merged statistics, verdict and errors; its copies of the program's files; the shards' trees
/// (`tree.json`, when every shard recorded one: each shard's nodes renumbered, one root per
/// shard). No samples over time: the shards ran apart. Nothing when the first shard left no
/// `run.json`.
fn merge_report_inputs(
    done: &[&Input],
    out: &Path,
    stats: &Value,
    verdict: &str,
    reasons: &[String],
) -> Result<(), String> {
    for f in [kappa_report::RUN_JSON, kappa_report::SAMPLES_JSON, kappa_report::TREE_JSON, kappa_report::GCOV_LCOV] {
        let _ = std::fs::remove_file(out.join(f));
    }
    let Some(first) = done.first() else { return Ok(()) };
    let Ok(text) = std::fs::read_to_string(first.dir.join(kappa_report::RUN_JSON)) else { return Ok(()) };
    let mut run: kappa_report::RunData = serde_json::from_str(&text)
        .map_err(|e| format!("{}: {e}", first.dir.join(kappa_report::RUN_JSON).display()))?;
    run.argv = crate::report::argv();
    run.stats = stats.clone();
    run.verdict = verdict.to_string();
    run.reason = (!reasons.is_empty()).then(|| reasons.join("; "));
    run.solver_log = None;
    run.errors = stats["errors"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|e| kappa_report::ErrorInfo {
            kind: e["kind"].as_str().unwrap_or_default().into(),
            location: e["location"].as_str().unwrap_or_default().into(),
            message: e["message"].as_str().unwrap_or_default().into(),
            paths: e["paths"].as_u64().unwrap_or(0),
            test: e["test"].as_str().map(String::from),
        })
        .collect();
    kappa_report::write_run(out, &run)?;
    let program = first.dir.join(kappa_report::PROGRAM_JSON);
    if program.is_file() {
        // The first shard's copies of the program's files, as its program.json lists them.
        let text = std::fs::read_to_string(&program).map_err(|e| format!("cannot read {}: {e}", program.display()))?;
        let info: kappa_report::ProgramInfo =
            serde_json::from_str(&text).map_err(|e| format!("{}: {e}", program.display()))?;
        let files: Vec<(String, Option<String>)> = info
            .files
            .iter()
            .map(|f| (f.path.clone(), f.copy.as_ref().and_then(|c| std::fs::read_to_string(first.dir.join(c)).ok())))
            .collect();
        kappa_report::write_program(out, &files, info.functions)?;
    }
    let mut tree = kappa_report::Tree::default();
    for i in done {
        let Ok(text) = std::fs::read_to_string(i.dir.join(kappa_report::TREE_JSON)) else { return Ok(()) };
        let t: kappa_report::Tree = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", i.dir.display()))?;
        let base = (i.shard.index + 1) << 40;
        tree.unrecorded += t.unrecorded;
        tree.nodes.extend(t.nodes.into_iter().map(|mut n| {
            n.id += base;
            n.parent = n.parent.map(|p| p + base);
            n
        }));
    }
    let path = out.join(kappa_report::TREE_JSON);
    std::fs::write(&path, serde_json::to_string(&tree).unwrap_or_default() + "\n")
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// `testgen`'s Test-Comp suites (`OUT/test-suite/`): every shard's test cases renumbered
/// (`test-0001.xml`, …), with the first shard's `metadata.xml` (the program, its hash and the
/// goal are the same in every shard). The union of the shards' suites covers what each covers.
fn merge_test_suites(inputs: &[&Input], out: &Path) -> Result<(), String> {
    let suite = out.join("test-suite");
    clean_tests(&suite, &|n| (n.starts_with("test-") && n.ends_with(".xml")) || n == "metadata.xml")?;
    let suites: Vec<PathBuf> = inputs.iter().map(|i| i.dir.join("test-suite")).filter(|d| d.is_dir()).collect();
    if suites.is_empty() {
        return Ok(());
    }
    std::fs::create_dir_all(&suite).map_err(|e| format!("cannot create {}: {e}", suite.display()))?;
    let copy = |from: &Path, to: &Path| {
        std::fs::copy(from, to).map(|_| ()).map_err(|e| format!("cannot copy {}: {e}", from.display()))
    };
    copy(&suites[0].join("metadata.xml"), &suite.join("metadata.xml"))?;
    let mut k = 0;
    for d in &suites {
        let mut cases: Vec<PathBuf> = std::fs::read_dir(d)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.file_name().is_some_and(|n| n.to_string_lossy().starts_with("test-")))
            .collect();
        cases.sort();
        for c in cases {
            k += 1;
            copy(&c, &suite.join(format!("test-{k:04}.xml")))?;
        }
    }
    Ok(())
}

/// The shards' trees (`--tree`) as one DOT graph, `OUT/tree.dot`: each shard's tree in a
/// cluster of its own, its nodes renamed `sI_nK` (the shards number their nodes alike). The
/// top of the tree, which every shard steps before the split, is drawn in each shard as it drew
/// it. `None` unless every shard drew its tree.
fn merge_trees(done: &[&Input], out: &Path) -> Result<Option<String>, String> {
    let path = out.join("tree.dot");
    let _ = std::fs::remove_file(&path);
    let trees: Vec<(&Input, &PathBuf)> = done.iter().filter_map(|i| Some((*i, i.tree.as_ref()?))).collect();
    if trees.is_empty() || trees.len() != done.len() {
        return Ok(None);
    }
    let mut dot = String::from("digraph tree {\n");
    for (k, (i, p)) in trees.iter().enumerate() {
        let text = std::fs::read_to_string(p).map_err(|e| format!("cannot read {}: {e}", p.display()))?;
        let body: Vec<&str> = text.lines().filter(|l| l.starts_with("  ")).collect();
        dot += &format!("  subgraph cluster_s{k} {{\n    label=\"shard {}\";\n", i.shard);
        for l in body {
            dot += "  ";
            dot += &rename_nodes(l, &format!("s{}_", i.shard.index));
            dot.push('\n');
        }
        dot += "  }\n";
    }
    dot += "}\n";
    std::fs::write(&path, dot).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(Some("tree.dot".into()))
}

/// A DOT line with every node name `nK` outside quotes prefixed.
fn rename_nodes(line: &str, prefix: &str) -> String {
    let mut out = String::new();
    let (mut quoted, mut escaped) = (false, false);
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        if word.len() > 1 && word.starts_with('n') && word[1..].bytes().all(|b| b.is_ascii_digit()) {
            out.push_str(prefix);
        }
        out.push_str(word);
        word.clear();
    };
    for c in line.chars() {
        if quoted {
            out.push(c);
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => quoted = false,
                _ => {}
            }
        } else if c.is_ascii_alphanumeric() || c == '_' {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            out.push(c);
            quoted = c == '"';
        }
    }
    flush(&mut word, &mut out);
    out
}

/// The violation witnesses of the shard whose `false` the merge answers.
fn copy_witnesses(from: &Path, out: &Path) -> Result<(), String> {
    for name in ["witness.graphml", "witness.yml"] {
        let _ = std::fs::remove_file(out.join(name));
        if from.join(name).is_file() {
            std::fs::copy(from.join(name), out.join(name)).map_err(|e| format!("cannot copy {name}: {e}"))?;
        }
    }
    Ok(())
}

fn print_summary(args: &MergeArgs, m: &Merged) {
    let s = &m.stats;
    let u = |v: &Value| v.as_u64().unwrap_or(0);
    let shards = &s["shards"];
    let merged = shards["merged"].as_array().map(Vec::len).unwrap_or(0);
    println!("merged {merged} of {} shard{}", u(&shards["count"]), if u(&shards["count"]) == 1 { "" } else { "s" });
    let errors = s["errors"].as_array().cloned().unwrap_or_default();
    if errors.is_empty() {
        println!("no errors found");
    } else {
        println!("errors:");
        for e in &errors {
            let test =
                e["test"].as_str().map(|t| format!("  [test {}]", args.out.join(t).display())).unwrap_or_default();
            println!("  {} at {}{test}", e["kind"].as_str().unwrap_or("?"), e["location"].as_str().unwrap_or("?"));
        }
    }
    println!(
        "paths: {} completed ({} ended in an error), {} stopped; states: {}",
        u(&s["paths_completed"]),
        u(&s["paths_error"]),
        u(&s["paths_stopped"]),
        u(&s["states_created"])
    );
    println!("tests: {} written to {}", u(&s["tests"]), args.out.join("tests").display());
    let c = &s["coverage"];
    let cov = kappa_engine::report::Coverage {
        branches_total: u(&c["branches_total"]),
        branches_covered: u(&c["branches_covered"]),
        loop_paths_total: u(&c["loop_paths_total"]),
        loop_paths_covered: u(&c["loop_paths_covered"]),
        lines_total: u(&c["lines_total"]),
        lines_covered: u(&c["lines_covered"]),
        functions_total: u(&c["functions_total"]),
        functions_covered: u(&c["functions_covered"]),
    };
    println!("coverage: {}", crate::coverage::summary_line(&cov));
    for n in &m.notes {
        println!("note: {n}");
    }
    let inc: Vec<&str> = s["incomplete"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
    if inc.is_empty() {
        println!("exploration complete");
    } else {
        println!("exploration incomplete: {}", inc.join("; "));
    }
    if m.verdict == "unknown" {
        println!("RESULT: unknown ({})", m.reasons.join("; "));
    } else {
        println!("RESULT: {}", m.verdict);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lcov_union_adds_hits_and_keeps_unreached_conditions() {
        let a = "TN:kappa\nSF:/p.c\nFN:3,main\nFNDA:2,main\nFNF:1\nFNH:1\nBRDA:4,0,0,2\nBRDA:4,0,1,0\nBRDA:7,0,0,-\nBRDA:7,0,1,-\nBRF:4\nBRH:1\nDA:3,2\nDA:4,2\nDA:8,0\nLF:3\nLH:2\nend_of_record\n";
        let b = "TN:kappa\nSF:/p.c\nFN:3,main\nFNDA:1,main\nFNF:1\nFNH:1\nBRDA:4,0,0,0\nBRDA:4,0,1,1\nBRDA:7,0,0,1\nBRDA:7,0,1,-\nBRF:4\nBRH:2\nDA:3,1\nDA:4,1\nDA:8,1\nLF:3\nLH:3\nend_of_record\n";
        let mut l = Lcov::default();
        l.add(a, "a").unwrap();
        l.add(b, "b").unwrap();
        assert_eq!(l.counts(), [(3, 4), (3, 3), (1, 1)]);
        let t = l.text();
        assert!(t.contains("BRDA:4,0,0,2\nBRDA:4,0,1,1\nBRDA:7,0,0,1\nBRDA:7,0,1,-\n"), "{t}");
        assert!(t.contains("FNDA:3,main") && t.contains("DA:8,1") && t.contains("LH:3"), "{t}");
    }

    #[test]
    fn lcov_rejects_what_is_not_lcov() {
        let mut l = Lcov::default();
        let e = l.add("SF:/p.c\nDA:x,1\n", "f.info").unwrap_err();
        assert!(e.starts_with("f.info:2:"), "{e}");
        assert!(Lcov::default().add("hello\n", "g").is_err());
    }

    #[test]
    fn shards_parse_and_are_checked() {
        assert_eq!(parse_shard(&json!("1/3")), Some(Shard { index: 1, count: 3 }));
        assert_eq!(parse_shard(&json!({"index": 2, "count": 3})), Some(Shard { index: 2, count: 3 }));
        assert_eq!(parse_shard(&json!("3/3")), None);
        assert_eq!(parse_shard(&json!("0/0")), None);
        assert_eq!(parse_shard(&json!("a/b")), None);
    }

    #[test]
    fn numbers_add_except_per_process_figures() {
        let a = json!({"paths_completed": 3, "time_s": 1.5, "coverage": {"branches_total": 8}, "incomplete": ["x"]});
        let b =
            json!({"paths_completed": 4, "time_s": 2.5, "coverage": {"branches_total": 8}, "incomplete": ["x", "y"]});
        let m = merge_value("", &[&a, &b]);
        assert_eq!(m["paths_completed"], json!(7));
        assert_eq!(m["time_s"], json!(2.5));
        assert_eq!(m["coverage"]["branches_total"], json!(8));
        assert_eq!(m["incomplete"], json!(["x", "y"]));
    }

    #[test]
    fn tree_nodes_are_renamed_outside_labels() {
        let l = r#"  n1 -> n12 [label="n3 \"n4\" x"];"#;
        assert_eq!(rename_nodes(l, "s1_"), r#"  s1_n1 -> s1_n12 [label="n3 \"n4\" x"];"#);
        assert_eq!(rename_nodes("  n7 [label=\"a\", shape=ellipse];", "s0_"), "  s0_n7 [label=\"a\", shape=ellipse];");
    }

    #[test]
    fn test_names_follow_the_engines_layout() {
        assert_eq!(test_name(1), "test000001.json");
        assert_eq!(test_name(1000), "test001000.json");
        assert_eq!(test_name(1001), "001/test001001.json");
    }
}
