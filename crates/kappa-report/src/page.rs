//! The HTML of the report: one file, inline CSS, JS and SVG, no network.

use crate::{tree, ErrorInfo, Inputs, Sample};
use serde_json::Value;
use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// Lines per lazily rendered chunk of the source.
const CHUNK: usize = 200;
/// The most bytes of the undecided-queries log shown.
const MAX_LOG: usize = 32 * 1024;

pub fn esc(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&#39;"),
            c => o.push(c),
        }
    }
    o
}

/// Coverage of one source file from an lcov tracefile.
#[derive(Default, Debug)]
pub struct FileCov {
    /// Paths (tests) per line with code.
    pub lines: BTreeMap<u32, u64>,
    /// Per line, its branch directions: paths that took each, `None` when no path reached the
    /// condition.
    pub branches: BTreeMap<u32, Vec<Option<u64>>>,
}

/// Parses lcov (`SF`, `DA`, `BRDA`) into coverage per source file.
pub fn parse_lcov(text: &str) -> BTreeMap<String, FileCov> {
    let mut files: BTreeMap<String, FileCov> = BTreeMap::new();
    let mut cur: Option<String> = None;
    for l in text.lines() {
        if let Some(f) = l.strip_prefix("SF:") {
            cur = Some(f.to_string());
            files.entry(f.to_string()).or_default();
        } else if let (Some(f), Some(d)) = (&cur, l.strip_prefix("DA:")) {
            let mut it = d.split(',');
            if let (Some(Ok(line)), Some(Ok(n))) = (it.next().map(str::parse), it.next().map(str::parse)) {
                files.entry(f.clone()).or_default().lines.insert(line, n);
            }
        } else if let (Some(f), Some(d)) = (&cur, l.strip_prefix("BRDA:")) {
            let parts: Vec<&str> = d.split(',').collect();
            if let (4, Ok(line)) = (parts.len(), parts[0].parse::<u32>()) {
                let taken = parts[3].parse().ok();
                files.entry(f.clone()).or_default().branches.entry(line).or_default().push(taken);
            }
        } else if l == "end_of_record" {
            cur = None;
        }
    }
    files
}

/// `file:line:col` (or `file:line`) → (file, line).
fn split_location(loc: &str) -> Option<(String, u32)> {
    let mut parts: Vec<&str> = loc.rsplitn(3, ':').collect();
    parts.reverse();
    match parts.as_slice() {
        [f, l, c] if c.parse::<u32>().is_ok() => Some((f.to_string(), l.parse().ok()?)),
        [f, l, c] => Some((format!("{f}:{l}"), c.parse().ok()?)),
        [f, l] => Some((f.to_string(), l.parse().ok()?)),
        _ => None,
    }
}

struct Source {
    /// As the run named it.
    name: String,
    /// Its canonical path when the run read it.
    path: String,
    text: Option<String>,
    /// Where the text comes from, if not from the copy the run made.
    from: Option<String>,
    cov: FileCov,
    /// gcov's counts of the replayed suite.
    gcov: Option<FileCov>,
}

fn canonical(cwd: &str, f: &str) -> PathBuf {
    let p = Path::new(cwd).join(f);
    std::fs::canonicalize(&p).unwrap_or(p)
}

/// Is `path` (canonical when the run read it) the file the run named `f`?
fn same_file(cwd: &str, f: &str, path: &str) -> bool {
    canonical(cwd, f) == Path::new(path) || Path::new(cwd).join(f) == Path::new(path)
}

/// The program's files (from the run's copies in `program.json`, else the run's files as they
/// are now, then any other the tracefile names), with their coverage.
fn sources(inp: &Inputs) -> Vec<Source> {
    let mut cov = inp.lcov.as_deref().map(parse_lcov).unwrap_or_default();
    let mut gcov = inp.gcov.as_deref().map(parse_lcov);
    let mut out = Vec::new();
    let cwd = &inp.run.cwd;
    let mut add = |name: String, path: String, text: Option<String>, from: Option<String>| {
        let c = cov.remove(&path).unwrap_or_default();
        let g = gcov.as_mut().map(|g| g.remove(&path).unwrap_or_default());
        out.push(Source { name, path, text, from, cov: c, gcov: g });
    };
    match &inp.program {
        Some(p) => {
            for f in &p.files {
                let name = inp
                    .run
                    .files
                    .iter()
                    .find(|n| same_file(cwd, n, &f.path))
                    .cloned()
                    .unwrap_or_else(|| f.path.clone());
                let copy = f.copy.as_ref().and_then(|c| std::fs::read_to_string(inp.out.join(c)).ok());
                match copy {
                    Some(t) => add(name, f.path.clone(), Some(t), None),
                    None => {
                        let t = std::fs::read_to_string(&f.path).ok();
                        add(name, f.path.clone(), t, Some(f.path.clone()))
                    }
                }
            }
        }
        None => {
            for f in &inp.run.files {
                let path = canonical(cwd, f).display().to_string();
                let t = std::fs::read_to_string(&path).ok();
                add(f.clone(), path.clone(), t, Some(path));
            }
        }
    }
    for (f, c) in cov {
        let g = gcov.as_mut().map(|g| g.remove(&f).unwrap_or_default());
        out.push(Source {
            name: f.clone(),
            text: std::fs::read_to_string(&f).ok(),
            from: Some(f.clone()),
            path: f,
            cov: c,
            gcov: g,
        });
    }
    out
}

/// The file index of an error's location.
fn file_of(srcs: &[Source], cwd: &str, file: &str) -> usize {
    srcs.iter()
        .position(|s| same_file(cwd, file, &s.path))
        .or_else(|| srcs.iter().position(|s| Path::new(&s.path).file_name() == Path::new(file).file_name()))
        .unwrap_or(0)
}

/// The file index of a function (0 when unknown).
fn file_of_func(inp: &Inputs, func: &str) -> usize {
    inp.program.as_ref().and_then(|p| p.functions.get(func).copied()).unwrap_or(0)
}

/// The lines (file, line) of the path to an error: from its first leaf in the tree (same kind
/// and line) up to the root; the error's line alone without a tree.
fn error_path(inp: &Inputs, e: &ErrorInfo, at: (usize, u32)) -> Vec<(usize, u32)> {
    let Some(t) = inp.tree.as_ref() else { return vec![at] };
    let line = at.1;
    let leaf = t
        .nodes
        .iter()
        .find(|n| n.kind == "error" && n.detail == e.kind && n.line == line)
        .or_else(|| t.nodes.iter().find(|n| n.kind == "error" && n.line == line));
    let Some(leaf) = leaf else { return vec![at] };
    let index: std::collections::HashMap<u64, usize> = t.nodes.iter().enumerate().map(|(i, n)| (n.id, i)).collect();
    let mut lines = vec![at];
    let mut cur = leaf.parent;
    while let Some(&i) = cur.and_then(|p| index.get(&p)) {
        let n = &t.nodes[i];
        let l = (file_of_func(inp, &n.func), n.line);
        if n.line > 0 && !lines.contains(&l) {
            lines.push(l);
        }
        cur = n.parent;
    }
    lines.sort_unstable();
    lines
}

fn stat<'a>(stats: &'a Value, k: &str) -> &'a Value {
    stats.get(k).unwrap_or(&Value::Null)
}

fn num(v: &Value) -> String {
    match v {
        Value::Number(n) => match n.as_f64() {
            Some(f) if n.is_f64() => format!("{f:.2}"),
            _ => n.to_string(),
        },
        Value::Null => "–".into(),
        Value::String(s) => s.clone(),
        v => v.to_string(),
    }
}

fn row(h: &mut String, k: &str, v: &str) {
    let _ = write!(h, "<tr><th>{}</th><td>{}</td></tr>", esc(k), v);
}

fn ratio(c: &Value, covered: &str, total: &str) -> String {
    let (a, b) =
        (c.get(covered).and_then(Value::as_u64).unwrap_or(0), c.get(total).and_then(Value::as_u64).unwrap_or(0));
    if b == 0 {
        format!("{a}/{b}")
    } else {
        format!("{a}/{b} ({:.1}%)", 100.0 * a as f64 / b as f64)
    }
}

/// A series of a chart: its name, its colour, its points (seconds, value).
pub type Series<'a> = (&'a str, &'a str, Vec<(f64, f64)>);

/// A line chart in SVG: time on x, each series its colour.
pub fn chart(title: &str, unit: &str, series: &[Series]) -> String {
    let (w, h, l, b) = (340.0, 150.0, 44.0, 22.0);
    let xmax = series.iter().flat_map(|s| s.2.iter().map(|p| p.0)).fold(0.0f64, f64::max).max(1e-3);
    let ymax = series.iter().flat_map(|s| s.2.iter().map(|p| p.1)).fold(0.0f64, f64::max).max(1e-9);
    let mut s = format!(
        "<figure class=\"chart\"><figcaption>{}</figcaption><svg viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\" role=\"img\">",
        esc(title)
    );
    let (pw, ph) = (w - l - 6.0, h - b - 8.0);
    let _ = write!(
        s,
        "<line x1=\"{l}\" y1=\"8\" x2=\"{l}\" y2=\"{y0}\" class=\"axis\"/><line x1=\"{l}\" y1=\"{y0}\" x2=\"{x1}\" y2=\"{y0}\" class=\"axis\"/>",
        y0 = 8.0 + ph,
        x1 = l + pw
    );
    let fmt = |v: f64| if v >= 100.0 || v.fract() == 0.0 { format!("{v:.0}") } else { format!("{v:.2}") };
    let _ = write!(
        s,
        "<text x=\"{}\" y=\"14\" class=\"tick\" text-anchor=\"end\">{}</text><text x=\"{}\" y=\"{}\" class=\"tick\" text-anchor=\"end\">0</text>",
        l - 3.0,
        esc(&format!("{}{unit}", fmt(ymax))),
        l - 3.0,
        8.0 + ph
    );
    let _ =
        write!(s, "<text x=\"{}\" y=\"{}\" class=\"tick\" text-anchor=\"end\">{:.1} s</text>", l + pw, h - 6.0, xmax);
    for (k, (name, colour, pts)) in series.iter().enumerate() {
        let points: Vec<String> =
            pts.iter().map(|(x, y)| format!("{:.1},{:.1}", l + pw * x / xmax, 8.0 + ph - ph * y / ymax)).collect();
        let _ = write!(s, "<polyline class=\"series\" stroke=\"{colour}\" points=\"{}\"/>", points.join(" "));
        if series.len() > 1 {
            let _ = write!(
                s,
                "<text x=\"{}\" y=\"{}\" class=\"tick\" fill=\"{colour}\">{}</text>",
                l + 6.0,
                20.0 + 11.0 * k as f64,
                esc(name)
            );
        }
    }
    s.push_str("</svg></figure>");
    s
}

fn charts(samples: &[Sample], jobs: u64, merged: bool) -> String {
    if samples.is_empty() && merged {
        return "<p class=\"note\" id=\"no-samples\">No samples over time: a merged run's shards ran apart (each shard's own page has its charts).</p>".into();
    }
    if samples.len() < 2 {
        return "<p class=\"note\" id=\"no-samples\">No samples over time: the run ended before the first one (samples are taken every 250 ms).</p>".into();
    }
    let pts = |f: &dyn Fn(&Sample) -> f64| samples.iter().map(|s| (s.t, f(s))).collect::<Vec<_>>();
    let pct = |a: u64, b: u64| if b == 0 { 0.0 } else { 100.0 * a as f64 / b as f64 };
    let mut h = String::from("<div class=\"charts\">");
    h += &chart("Paths completed", "", &[("paths", "#2563eb", pts(&|s: &Sample| s.paths as f64))]);
    h += &chart(
        "Coverage reached",
        "%",
        &[
            ("branches", "#16a34a", pts(&|s: &Sample| pct(s.branches_covered, s.branches_total))),
            ("lines", "#9333ea", pts(&|s: &Sample| pct(s.lines_covered, s.lines_total))),
        ],
    );
    h += &chart("States pending", "", &[("pending", "#ea580c", pts(&|s: &Sample| s.pending as f64))]);
    h += &chart("Solver time", " s", &[("solver", "#dc2626", pts(&|s: &Sample| s.solver_s))]);
    h += &chart("Memory (resident)", " MB", &[("memory", "#0891b2", pts(&|s: &Sample| s.memory_mb))]);
    h.push_str("</div>");
    if jobs > 1 {
        let _ = write!(h, "<p class=\"note\">{jobs} workers: the counts are their sums; coverage is the most one worker reached (their union is known only at the end, in the summary).</p>");
    }
    h
}

/// A graph laid out by Graphviz (`dot -Tsvg`): the `<svg>` element, or why not (HTML).
pub fn svg_of(dot: &str) -> Result<String, String> {
    let svg = std::process::Command::new("dot")
        .arg("-Tsvg")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            use std::io::Write as _;
            if let Some(mut i) = c.stdin.take() {
                i.write_all(dot.as_bytes())?;
            }
            c.wait_with_output()
        });
    match svg {
        Ok(o) if o.status.success() => {
            let text = String::from_utf8_lossy(&o.stdout);
            let start = text.find("<svg").unwrap_or(0);
            Ok(text[start..].to_string())
        }
        Ok(o) => Err(format!("Graphviz failed: {}", esc(String::from_utf8_lossy(&o.stderr).trim()))),
        Err(_) => {
            Err("Graphviz (<code>dot</code>) is not installed: the graph is not drawn (scripts/setup.sh installs it)."
                .into())
        }
    }
}

/// The tree laid out by Graphviz, or why not.
fn tree_section(inp: &Inputs) -> (String, BTreeMap<String, (usize, u32)>) {
    let Some(t) = inp.tree.as_ref() else {
        let jobs = stat(&inp.run.stats, "jobs").as_u64().unwrap_or(0);
        let why = if stat(&inp.run.stats, "shards").is_object() {
            "No tree: not every shard of this merged run recorded its tree (<code>--report</code> records it)."
                .to_string()
        } else if jobs > 1 {
            format!("No tree recorded: with <code>--jobs {jobs}</code> the workers explore subtrees of their own, whose trees are not recorded; run with <code>--jobs 1</code> to see the tree.")
        } else {
            "No tree recorded: this run was made without <code>--report</code>; run it again with <code>--report DIR</code>.".into()
        };
        return (format!("<p class=\"note\" id=\"no-tree\">{why}</p>"), BTreeMap::new());
    };
    let d = tree::draw(t, tree::MAX_DRAWN);
    let total = t.nodes.len() as u64 + t.unrecorded;
    let mut h = if d.hidden > 0 {
        format!(
            "<p class=\"note\" id=\"tree-note\">{} of {total} nodes drawn (the paths to errors first, then the top of the tree); <span class=\"more\">+N</span> nodes stand for the subtrees left out. Click a node to see its source line.</p>",
            d.shown
        )
    } else {
        format!("<p class=\"note\" id=\"tree-note\">All {total} nodes. Click a node to see its source line.</p>")
    };
    match svg_of(&d.dot) {
        Ok(svg) => {
            let _ = write!(h, "<div class=\"tree\" id=\"tree-svg\">{svg}</div>");
        }
        Err(e) => {
            let _ = write!(h, "<p class=\"note\">{e}</p>");
        }
    }
    // Each drawn node's file and line, for the click that scrolls to it.
    let funcs: std::collections::HashMap<String, &str> =
        t.nodes.iter().map(|n| (format!("tn{}", n.id), n.func.as_str())).collect();
    let lines = d
        .lines
        .into_iter()
        .map(|(id, line)| {
            let f = funcs.get(&id).map(|f| file_of_func(inp, f)).unwrap_or(0);
            (id, (f, line))
        })
        .collect();
    (h, lines)
}

fn inputs_of(out: &Path, test: &str) -> String {
    let Ok(text) = std::fs::read_to_string(out.join(test)) else {
        return format!("<p class=\"note\">{} is missing.</p>", esc(test));
    };
    let Ok(v) = serde_json::from_str::<Value>(&text) else { return String::new() };
    let mut h = String::from("<table class=\"inputs\"><tr><th>input</th><th>value</th><th>read at</th></tr>");
    let mut n = 0;
    for k in ["args", "inputs"] {
        for i in v.get(k).and_then(Value::as_array).into_iter().flatten() {
            n += 1;
            if n > 50 {
                continue;
            }
            let name = i.get("name").and_then(Value::as_str).unwrap_or("?");
            let value = match i.get("bytes").and_then(Value::as_array) {
                Some(b) if !b.is_empty() => {
                    let bytes: Vec<u8> = b.iter().filter_map(|x| x.as_u64()).map(|x| x as u8).collect();
                    format!("\"{}\"", bytes.escape_ascii())
                }
                _ => num(i.get("signed").unwrap_or(&Value::Null)),
            };
            let site = i.get("site").and_then(Value::as_str).unwrap_or("");
            let _ =
                write!(h, "<tr><td>{}</td><td><code>{}</code></td><td>{}</td></tr>", esc(name), esc(&value), esc(site));
        }
    }
    if n > 50 {
        let _ = write!(h, "<tr><td colspan=\"3\">… {} more</td></tr>", n - 50);
    }
    if n == 0 {
        h += "<tr><td colspan=\"3\">(no inputs)</td></tr>";
    }
    h.push_str("</table>");
    h
}

/// The branch column of a line: directions taken of its conditions (`None` when no path
/// reached it), as a cell marked when one was never taken; `class` gets `miss` then.
fn branch_cell(b: Option<&Vec<Option<u64>>>, who: &str, class: &mut String, miss: &str) -> String {
    let Some(b) = b else { return "<span class=\"br\"></span>".into() };
    let taken = b.iter().filter(|x| x.is_some_and(|x| x > 0)).count();
    if taken < b.len() {
        *class += " ";
        *class += miss;
        let why = if b.iter().all(Option::is_none) {
            format!("{who}: no path reached this condition")
        } else {
            format!("{who}: {} of {} branch directions never taken", b.len() - taken, b.len())
        };
        format!("<span class=\"br miss\" title=\"{why}\">{taken}/{}</span>", b.len())
    } else {
        format!("<span class=\"br ok\" title=\"{who}: every branch direction taken\">{taken}/{}</span>", b.len())
    }
}

fn source_section(srcs: &[Source], marks: &BTreeMap<(usize, u32), &'static str>) -> String {
    let mut h = String::new();
    for (fi, s) in srcs.iter().enumerate() {
        let _ = write!(h, "<h3 class=\"file\" id=\"file{fi}\">{}</h3>", esc(&s.name));
        let Some(text) = &s.text else {
            let _ = write!(
                h,
                "<p class=\"note\">{} cannot be read now (and the output directory has no copy of it): the source is not shown.</p>",
                esc(&s.path)
            );
            continue;
        };
        if let Some(f) = &s.from {
            let _ = write!(
                h,
                "<p class=\"note\">Shown from {} as it is now (the output directory has no copy of the file the run read).</p>",
                esc(f)
            );
        }
        h.push_str("<div class=\"src\">");
        if s.gcov.is_some() {
            h += "<div class=\"l head\"><span class=\"ln\">line</span><span class=\"hits\">tests</span><span class=\"br\">kappa</span><span class=\"hits g\">gcov</span><span class=\"br\">gcov</span><span class=\"code\"></span></div>";
        }
        let count = text.lines().count();
        for (k, line) in text.lines().enumerate() {
            let n = k as u32 + 1;
            if k % CHUNK == 0 {
                if k > 0 {
                    h.push_str("</div>");
                }
                let rows = (count - k).min(CHUNK);
                let _ = write!(h, "<div class=\"chunk\" style=\"contain-intrinsic-size:auto {}px\">", rows * 18);
            }
            let mut class = match s.cov.lines.get(&n) {
                Some(0) => "l u",
                Some(_) => "l c",
                None => "l n",
            }
            .to_string();
            let hits = s.cov.lines.get(&n).map(|x| x.to_string()).unwrap_or_default();
            let mut br = branch_cell(s.cov.branches.get(&n), "kappa", &mut class, "bmiss");
            if let Some(g) = &s.gcov {
                let (gclass, ghits) = match g.lines.get(&n) {
                    Some(0) => ("hits g gu", "0".to_string()),
                    Some(x) => ("hits g", x.to_string()),
                    None => ("hits g", String::new()),
                };
                let _ = write!(
                    br,
                    "<span class=\"{gclass}\" title=\"gcov: executions in the replayed suite\">{ghits}</span>"
                );
                br += &branch_cell(g.branches.get(&n), "gcov", &mut class, "gmiss");
            }
            if let Some(m) = marks.get(&(fi, n)) {
                class += " ";
                class += m;
            }
            let _ = write!(
                h,
                "<div class=\"{class}\" id=\"f{fi}-L{n}\"><span class=\"ln\">{n}</span><span class=\"hits\">{hits}</span>{br}<span class=\"code\">{}</span></div>",
                esc(line)
            );
        }
        if !text.is_empty() {
            h.push_str("</div>");
        }
        h.push_str("</div>");
    }
    h
}

/// gcov's totals over the program's files (covered, total) for lines and branch arcs.
fn gcov_totals(srcs: &[Source]) -> Option<((usize, usize), (usize, usize))> {
    let mut any = false;
    let (mut l, mut b) = ((0, 0), (0, 0));
    for g in srcs.iter().filter_map(|s| s.gcov.as_ref()) {
        any = true;
        l.0 += g.lines.values().filter(|&&x| x > 0).count();
        l.1 += g.lines.len();
        let arcs = g.branches.values().flatten();
        b.0 += arcs.clone().filter(|x| x.is_some_and(|x| x > 0)).count();
        b.1 += arcs.count();
    }
    any.then_some((l, b))
}

/// The loop invariants of the correctness witness `witness.yml` a proof wrote (line, function,
/// expression), read line by line from the format kappa writes.
fn invariants(out: &Path) -> Vec<(u32, String, String)> {
    let Ok(text) = std::fs::read_to_string(out.join("witness.yml")) else { return Vec::new() };
    if !text.starts_with("- entry_type: invariant_set") {
        return Vec::new();
    }
    let unquote = |v: &str| serde_json::from_str::<String>(v.trim()).unwrap_or_else(|_| v.trim().to_string());
    let mut invs = Vec::new();
    let (mut line, mut func) = (0, String::new());
    for l in text.lines().map(str::trim) {
        if let Some(v) = l.strip_prefix("line: ") {
            line = v.trim().parse().unwrap_or(0);
        } else if let Some(v) = l.strip_prefix("function: ") {
            func = unquote(v);
        } else if let Some(v) = l.strip_prefix("value: ") {
            invs.push((line, func.clone(), unquote(v)));
        }
    }
    invs
}

fn loops_section(inp: &Inputs) -> String {
    let (stats, out, verdict) = (&inp.run.stats, inp.out.as_path(), inp.run.verdict.as_str());
    let t = stat(stats, "templates");
    let mut h = String::from("<table class=\"kv\">");
    row(&mut h, "mode", &esc(&num(stat(stats, "mode"))));
    if stat(stats, "mode").as_str() == Some("compact") {
        row(&mut h, "cycles", &num(stat(t, "cycles")));
        row(&mut h, "templates computed", &num(stat(t, "computed")));
        row(&mut h, "templates applied", &num(stat(t, "applied")));
        let failed: Vec<String> = stat(t, "failed")
            .as_object()
            .into_iter()
            .flatten()
            .map(|(k, v)| format!("{} {}", num(v), esc(k)))
            .collect();
        row(&mut h, "failed", &if failed.is_empty() { "0".into() } else { failed.join(", ") });
        row(&mut h, "cycles retired", &num(stat(t, "retired")));
    }
    for (k, v) in stat(stats, "searcher").as_object().into_iter().flatten() {
        row(&mut h, &format!("searcher: {k}"), &num(v));
    }
    h.push_str("</table>");
    let why: Vec<&str> = stat(t, "no_template").as_array().into_iter().flatten().filter_map(Value::as_str).collect();
    if !why.is_empty() {
        h += "<h3>Cycles without a template</h3><ul class=\"why\">";
        for w in why.iter().take(200) {
            let _ = write!(h, "<li>{}</li>", esc(w));
        }
        h += "</ul>";
    } else if stat(stats, "mode").as_str() == Some("compact") {
        h += "<p class=\"note\">Every cycle the run met got a template (or the program has no loops).</p>";
    }
    // A witness of an earlier run may be left in the directory: only a `true` has this one's.
    let invs = if verdict == "true" { invariants(out) } else { Vec::new() };
    if !invs.is_empty() {
        h += "<h3>Invariants of the correctness witness (witness.yml)</h3><table class=\"inputs\"><tr><th>line</th><th>function</th><th>invariant</th></tr>";
        for (line, func, expr) in invs.iter().take(200) {
            let _ = write!(
                h,
                "<tr><td><a href=\"#f{}-L{line}\">{line}</a></td><td>{}</td><td><code>{}</code></td></tr>",
                file_of_func(inp, func),
                esc(func),
                esc(expr)
            );
        }
        h += "</table>";
    }
    h
}

/// The undecided-queries log `p` as the run named it: `--report`'s default log from the output
/// directory (wherever that directory is now), any other from the run's directory.
fn solver_log_text(inp: &Inputs, p: &str) -> std::io::Result<String> {
    let default = Path::new(p).file_name().is_some_and(|n| n == crate::SOLVER_LOG);
    if default && inp.out.join(crate::SOLVER_LOG).is_file() {
        return std::fs::read_to_string(inp.out.join(crate::SOLVER_LOG));
    }
    std::fs::read_to_string(Path::new(&inp.run.cwd).join(p))
}

fn solver_section(inp: &Inputs) -> String {
    let s = &inp.run.stats;
    let mut h = String::from("<table class=\"kv\">");
    for (k, label) in [
        ("solver_queries", "queries"),
        ("solver_time_s", "time (s)"),
        ("solver_unknown", "undecided"),
        ("solver_retried", "retried on a fresh solver"),
        ("solver_case_splits", "decided by case splits"),
        ("solver_narrowed", "narrowed (non-linear)"),
        ("solver_expanded", "quantifiers expanded"),
    ] {
        row(&mut h, label, &num(stat(s, k)));
    }
    for (k, v) in stat(s, "solver_unknown_classes").as_object().into_iter().flatten() {
        row(&mut h, &format!("undecided: {k}"), &num(v));
    }
    h.push_str("</table>");
    match &inp.run.solver_log {
        Some(p) => match solver_log_text(inp, p) {
            Ok(t) if t.trim().is_empty() => h += "<p class=\"note\">No undecided queries.</p>",
            Ok(t) => {
                let mut cut = t.len().min(MAX_LOG);
                while !t.is_char_boundary(cut) {
                    cut -= 1;
                }
                let more = if cut < t.len() { format!("\n… ({} more bytes in {p})", t.len() - cut) } else { String::new() };
                let _ = write!(
                    h,
                    "<details id=\"undecided\"><summary>Undecided queries (SMT-LIB, {})</summary><pre>{}{}</pre></details>",
                    esc(p),
                    esc(&t[..cut]),
                    esc(&more)
                );
            }
            Err(_) if stat(s, "solver_unknown").as_u64().unwrap_or(0) == 0 => {
                h += "<p class=\"note\">No undecided queries.</p>"
            }
            Err(_) => {
                let _ = write!(h, "<p class=\"note\">The undecided queries were logged to {}, which cannot be read now.</p>", esc(p));
            }
        },
        None => h += "<p class=\"note\">Undecided queries were not logged (<code>--solver-log FILE</code> or <code>--report</code> logs them).</p>",
    }
    h
}

/// The command that replays test `t` (relative to the output directory): the program's files
/// as the run named them, from the run's directory when they are relative, and the test by its
/// absolute path, so that it runs from anywhere.
fn replay_command(inp: &Inputs, t: &str, quote: &dyn Fn(&String) -> String) -> String {
    let out = std::fs::canonicalize(&inp.out).unwrap_or_else(|_| inp.out.clone());
    let mut cmd = vec!["kappa".to_string(), "replay".into()];
    cmd.extend(inp.run.files.iter().cloned());
    cmd.push(out.join(t).display().to_string());
    let cmd: Vec<String> = cmd.iter().map(quote).collect();
    let cmd = cmd.join(" ");
    if inp.run.files.iter().all(|f| Path::new(f).is_absolute()) || inp.run.cwd.is_empty() {
        cmd
    } else {
        format!("cd {} && {cmd}", quote(&inp.run.cwd))
    }
}

fn json_script(id: &str, v: &impl serde::Serialize) -> String {
    let text = serde_json::to_string(v).unwrap_or_else(|_| "null".into()).replace("</", "<\\/");
    format!("<script type=\"application/json\" id=\"{id}\">{text}</script>")
}

/// The page.
pub fn render(inp: &Inputs) -> String {
    let run = &inp.run;
    let stats = &run.stats;
    let srcs = sources(inp);
    let verdict_class = if run.verdict.starts_with("true") {
        "true"
    } else if run.verdict.starts_with("false") {
        "false"
    } else {
        "other"
    };
    let mut h = String::with_capacity(64 * 1024);
    let title = run.files.first().map(String::as_str).unwrap_or("kappa");
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width\"><title>kappa {} — {}</title><style>{CSS}</style></head><body>",
        esc(&run.command),
        esc(title)
    );
    h += "<nav><a href=\"#summary\">Summary</a><a href=\"#errors\">Errors</a><a href=\"#source\">Source</a><a href=\"#loops\">Loops</a><a href=\"#tree\">Tree</a><a href=\"#charts\">Charts</a><a href=\"#solver\">Solver</a></nav><main>";

    // Summary.
    let _ = write!(
        h,
        "<section id=\"summary\"><h1>kappa {} <span class=\"prog\">{}</span></h1><div id=\"verdict\" class=\"verdict {verdict_class}\">{}</div>",
        esc(&run.command),
        esc(title),
        esc(&run.verdict)
    );
    if let Some(r) = &run.reason {
        let _ = write!(h, "<p id=\"reason\">{}</p>", esc(r));
    }
    let quote = |a: &String| {
        if a.is_empty() || a.contains(|c: char| c.is_whitespace() || "'\"$\\;&|<>()*?".contains(c)) {
            format!("'{}'", a.replace('\'', "'\\''"))
        } else {
            a.clone()
        }
    };
    let cmd: Vec<String> = run.argv.iter().map(quote).collect();
    let _ = write!(h, "<pre class=\"cmd\" id=\"command\">$ {}</pre><table class=\"kv\">", esc(&cmd.join(" ")));
    row(
        &mut h,
        "mode / search / heap",
        &esc(&format!("{} / {} / {}", num(stat(stats, "mode")), num(stat(stats, "search")), num(stat(stats, "heap")))),
    );
    for (k, v) in &run.limits {
        row(&mut h, &format!("limit: {k}"), &esc(v));
    }
    let incomplete: Vec<&str> =
        stat(stats, "incomplete").as_array().into_iter().flatten().filter_map(Value::as_str).collect();
    let stopped = if incomplete.is_empty() {
        "nothing: the exploration is complete".to_string()
    } else {
        esc(&incomplete.join("; "))
    };
    let _ = write!(h, "<tr><th>what stopped the run</th><td id=\"stopped\">{stopped}</td></tr>");
    row(
        &mut h,
        "paths",
        &format!(
            "{} completed ({} in an error), {} stopped; {} states; {} tests",
            num(stat(stats, "paths_completed")),
            num(stat(stats, "paths_error")),
            num(stat(stats, "paths_stopped")),
            num(stat(stats, "states_created")),
            num(stat(stats, "tests"))
        ),
    );
    let cov = stat(stats, "coverage");
    row(
        &mut h,
        "coverage (kappa, of the tests)",
        &format!(
            "branches {}, lines {}, loop paths {}",
            ratio(cov, "branches_covered", "branches_total"),
            ratio(cov, "lines_covered", "lines_total"),
            ratio(cov, "loop_paths_covered", "loop_paths_total")
        ),
    );
    match gcov_totals(&srcs) {
        Some((l, b)) => {
            let r = |a: usize, t: usize| ratio(&serde_json::json!({"c": a, "t": t}), "c", "t");
            let _ = write!(
                h,
                "<tr><th>coverage (gcov, the replayed suite)</th><td id=\"gcov-total\">branches {}, lines {}</td></tr>",
                r(b.0, b.1),
                r(l.0, l.1)
            );
        }
        None => row(
            &mut h,
            "coverage (gcov)",
            "<span class=\"note\">not measured: <code>kappa replay</code> the run's tests (OUT/tests) to add gcov's figures</span>",
        ),
    }
    row(
        &mut h,
        "time",
        &format!(
            "{} s (solver {} s), peak memory {} MB",
            num(stat(stats, "time_s")),
            num(stat(stats, "solver_time_s")),
            num(stat(stats, "peak_memory_mb"))
        ),
    );
    for a in stat(stats, "assumptions").as_array().into_iter().flatten().filter_map(Value::as_str) {
        row(&mut h, "assumption", &esc(a));
    }
    h += "</table></section>";

    // Errors.
    let mut marks: BTreeMap<(usize, u32), &'static str> = BTreeMap::new();
    let mut err_data = Vec::new();
    h += "<section id=\"errors\"><h2>Errors</h2>";
    if run.errors.is_empty() {
        h += "<p id=\"no-errors\">No errors found.</p>";
    }
    for (k, e) in run.errors.iter().enumerate() {
        let (file, line) = split_location(&e.location).unwrap_or_default();
        let fi = file_of(&srcs, &run.cwd, &file);
        let path = error_path(inp, e, (fi, line));
        if line > 0 {
            marks.insert((fi, line), "err");
        }
        err_data.push(serde_json::json!({"file": fi, "line": line, "path": path}));
        let _ = write!(
            h,
            "<div class=\"error\" data-err=\"{k}\"><h3><span class=\"kind\">{}</span> at <a href=\"#f{fi}-L{line}\" class=\"loc\" data-err=\"{k}\">{}</a></h3><p>{} ({} path{})</p>",
            esc(&e.kind),
            esc(&e.location),
            esc(&e.message),
            e.paths,
            if e.paths == 1 { "" } else { "s" }
        );
        match &e.test {
            Some(t) => {
                h += &inputs_of(&inp.out, t);
                let _ = write!(h, "<pre class=\"cmd replay\">$ {}</pre>", esc(&replay_command(inp, t, &quote)));
                let gone: Vec<&str> =
                    run.files.iter().filter(|f| !Path::new(&run.cwd).join(f).is_file()).map(String::as_str).collect();
                if !gone.is_empty() {
                    let _ = write!(
                        h,
                        "<p class=\"note replay-missing\">{} not in {} now: run the command where the program is (the run's copies are in {}).</p>",
                        esc(&gone.join(", ")),
                        esc(&run.cwd),
                        esc(&inp.out.join(crate::SOURCE_DIR).display().to_string())
                    );
                }
            }
            None => h += "<p class=\"note\">No test file was written for this error.</p>",
        }
        h += "</div>";
    }
    h += "</section>";

    // Source.
    let missed = |b: &Vec<Option<u64>>| b.iter().any(|x| !x.is_some_and(|x| x > 0));
    // The lines with a branch direction never taken (by kappa's tests or, replayed, by gcov).
    let mut uncovered: Vec<(usize, u32, bool, bool)> = Vec::new();
    for (fi, s) in srcs.iter().enumerate() {
        let mut lines: std::collections::BTreeSet<u32> =
            s.cov.branches.iter().filter(|(_, b)| missed(b)).map(|(l, _)| *l).collect();
        if let Some(g) = &s.gcov {
            lines.extend(g.branches.iter().filter(|(_, b)| missed(b)).map(|(l, _)| *l));
        }
        for l in lines {
            let k = s.cov.branches.get(&l).is_some_and(missed);
            let g = s.gcov.as_ref().and_then(|g| g.branches.get(&l)).is_some_and(missed);
            uncovered.push((fi, l, k, g));
        }
    }
    let missing = uncovered.len();
    let _ = write!(
        h,
        "<section id=\"source\"><h2>Source and coverage</h2><div class=\"bar\"><button id=\"next-uncovered\" type=\"button\">Next uncovered ▾</button> <span id=\"uncovered-count\">{missing} line{} with a branch direction never taken</span> <span class=\"legend\"><span class=\"key kc\">covered</span> <span class=\"key ku\">not covered</span> <span class=\"key br miss\">1/2</span> branch directions taken <span class=\"key ke\">error</span> <span class=\"key kp\">error path</span></span></div>",
        if missing == 1 { "" } else { "s" }
    );
    if inp.lcov.is_none() {
        h += "<p class=\"note\">No coverage file (coverage.lcov) in the output directory.</p>";
    } else {
        h += "<p class=\"note\">kappa's figures: the number of tests (ended paths) through each line; the branch column counts the directions of the line's conditions the tests took.";
        if inp.gcov.is_some() {
            h += " gcov's figures (from <code>kappa replay</code> of the run's tests on the compiled program): executions of each line in the whole suite, and the branch arcs taken out of its conditional jumps (gcc's, so the counts differ from kappa's where the compiler splits or merges conditions).";
        } else {
            h += " gcov's figures are added by <code>kappa replay</code> of the run's tests (then <code>kappa report</code> again).";
        }
        h += "</p>";
    }
    if !uncovered.is_empty() {
        let _ = write!(
            h,
            "<details id=\"uncovered-list\"><summary>Branches never taken ({missing})</summary><ul class=\"why\">"
        );
        for (fi, l, k, g) in uncovered.iter().take(500) {
            let by = match (k, g) {
                (true, true) => "kappa's tests and gcov",
                (true, false) => "kappa's tests",
                _ => "gcov",
            };
            let _ = write!(
                h,
                "<li><a href=\"#f{fi}-L{l}\" class=\"goto\" data-f=\"{fi}\" data-l=\"{l}\">{}:{l}</a> (by {by})</li>",
                esc(&srcs[*fi].name)
            );
        }
        if missing > 500 {
            let _ = write!(h, "<li>… {} more</li>", missing - 500);
        }
        h += "</ul></details>";
    }
    h += &source_section(&srcs, &marks);
    h += "</section>";

    let _ = write!(h, "<section id=\"loops\"><h2>Loops</h2>{}</section>", loops_section(inp));
    let (tree_html, tree_lines) = tree_section(inp);
    let _ = write!(h, "<section id=\"tree\"><h2>Symbolic execution tree</h2>{tree_html}</section>");
    let _ = write!(
        h,
        "<section id=\"charts\"><h2>Over the run's time</h2>{}</section>",
        charts(&inp.samples, stat(stats, "jobs").as_u64().unwrap_or(0), stat(stats, "shards").is_object())
    );
    let _ = write!(h, "<section id=\"solver\"><h2>Solver</h2>{}</section>", solver_section(inp));
    h += "</main>";
    h += &json_script("tree-lines", &tree_lines);
    h += &json_script("error-paths", &err_data);
    let _ = writeln!(h, "<script>{JS}</script></body></html>");
    h
}

pub(crate) const CSS: &str = r#"
*{box-sizing:border-box}body{margin:0;font:14px/1.45 system-ui,sans-serif;color:#1f2937;background:#f8fafc}
nav{position:sticky;top:0;z-index:2;background:#1e293b;padding:6px 12px}nav a{color:#e2e8f0;margin-right:14px;text-decoration:none}
main{max-width:1100px;margin:0 auto;padding:8px 16px 40px}section{background:#fff;border:1px solid #e2e8f0;border-radius:6px;padding:10px 16px;margin:12px 0}
h1{font-size:20px;margin:4px 0}h1 .prog{font-family:monospace;color:#475569}h2{font-size:17px;margin:4px 0 8px}h3{font-size:15px;margin:8px 0 4px}
.verdict{display:inline-block;font:bold 22px monospace;padding:4px 14px;border-radius:5px;margin:4px 0}
.verdict.true{background:#dcfce7;color:#166534}.verdict.false{background:#fee2e2;color:#991b1b}.verdict.other{background:#fef9c3;color:#854d0e}
.cmd{background:#0f172a;color:#e2e8f0;padding:6px 10px;border-radius:4px;overflow-x:auto;white-space:pre-wrap}
table.kv th{text-align:left;padding-right:16px;vertical-align:top;color:#475569;font-weight:600}table{border-collapse:collapse}
table.inputs td,table.inputs th{border:1px solid #e2e8f0;padding:1px 8px;font-size:13px}
.error{border-left:4px solid #dc2626;padding:2px 10px;margin:8px 0}.error .kind{color:#b91c1c;font-family:monospace}
.note{color:#64748b;font-size:13px}.bar{position:sticky;top:30px;background:#fff;z-index:1;padding:4px 0}
button{font:inherit;padding:2px 10px;border:1px solid #94a3b8;border-radius:4px;background:#f1f5f9;cursor:pointer}
.legend{margin-left:12px;font-size:12px}.key{padding:0 5px;border-radius:3px}.kc{background:#f0fdf4}.ku{background:#fee2e2}.ke{background:#fca5a5;font-weight:bold}.kp{background:#fef3c7;box-shadow:inset 4px 0 #f59e0b}
.src{font:12.5px/18px monospace;border:1px solid #e2e8f0;overflow-x:auto}.chunk{content-visibility:auto}
.l{display:flex;white-space:pre;min-height:18px}.l .ln{width:48px;text-align:right;color:#94a3b8;padding-right:8px;flex:none;user-select:none}
.l .hits{width:52px;text-align:right;padding-right:8px;color:#64748b;flex:none}.l .br{width:44px;flex:none;text-align:center;font-size:11px}
.l.c{background:#f0fdf4}.l.u{background:#fee2e2}.l.c .hits{color:#15803d}
.br.miss{background:#f97316;color:#fff;border-radius:3px}.br.ok{color:#15803d}
.l.bmiss .ln,.l.gmiss .ln{color:#c2410c;font-weight:bold}.l .hits.g{color:#0369a1}.l .hits.gu{background:#fecaca}.l.head{font-size:11px;color:#64748b;border-bottom:1px solid #e2e8f0}.l.path{box-shadow:inset 4px 0 #f59e0b}.l.path .code{background:#fef3c7}
.l.err .code{background:#fca5a5;font-weight:bold}.l.hl{outline:2px solid #2563eb;outline-offset:-2px;background:#dbeafe}
.tree{overflow:auto;max-height:640px;border:1px solid #e2e8f0}.tree svg{display:block}.tree g.node{cursor:pointer}.tree g.node:hover polygon,.tree g.node:hover ellipse{stroke-width:2.5}
.more{color:#64748b}.charts{display:flex;flex-wrap:wrap;gap:8px}.chart{margin:0}.chart figcaption{font-size:12px;color:#475569}
.chart .axis{stroke:#94a3b8}.chart .series{fill:none;stroke-width:1.8}.chart .tick{font-size:10px;fill:#475569}
details pre{max-height:300px;overflow:auto;background:#f1f5f9;padding:6px;font-size:12px}ul.why{font-size:13px}
"#;

const JS: &str = r#"
(function(){
  var last=null;
  function line(f,n){return document.getElementById('f'+f+'-L'+n);}
  function go(f,n){var el=line(f,n);if(!el)return false;if(last)last.classList.remove('hl');
    el.classList.add('hl');last=el;el.scrollIntoView({block:'center'});return true;}
  window.kappaGoLine=go;
  var paths=JSON.parse(document.getElementById('error-paths').textContent);
  function showPath(k){document.querySelectorAll('.src .l.path').forEach(function(e){e.classList.remove('path');});
    var p=paths[k];if(!p)return;p.path.forEach(function(n){var el=line(n[0],n[1]);if(el)el.classList.add('path');});}
  if(paths.length)showPath(0);
  document.querySelectorAll('a.loc').forEach(function(a){a.addEventListener('click',function(ev){
    ev.preventDefault();var k=+a.dataset.err;showPath(k);go(paths[k].file,paths[k].line);});});
  var lines=JSON.parse(document.getElementById('tree-lines').textContent);
  document.querySelectorAll('#tree-svg g.node').forEach(function(g){var n=lines[g.id];if(!n)return;
    g.addEventListener('click',function(){go(n[0],n[1]);});});
  var cursor=-1,btn=document.getElementById('next-uncovered');
  document.querySelectorAll('a.goto').forEach(function(a){a.addEventListener('click',function(ev){
    ev.preventDefault();go(+a.dataset.f,+a.dataset.l);});});
  btn.addEventListener('click',function(){var u=document.querySelectorAll('.src .l.bmiss, .src .l.gmiss, .src .l.u');if(!u.length)return;
    cursor=(cursor+1)%u.length;var el=u[cursor];if(last)last.classList.remove('hl');el.classList.add('hl');last=el;
    el.scrollIntoView({block:'center'});});
})();
"#;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lcov_lines_and_branches() {
        let t = "TN:kappa\nSF:/a.c\nDA:3,2\nDA:4,0\nBRDA:3,0,0,2\nBRDA:3,0,1,0\nBRDA:9,1,0,-\nend_of_record\n";
        let f = &parse_lcov(t)["/a.c"];
        assert_eq!(f.lines.get(&4), Some(&0));
        assert_eq!(f.branches[&3], vec![Some(2), Some(0)]);
        assert_eq!(f.branches[&9], vec![None]);
    }

    #[test]
    fn locations() {
        assert_eq!(split_location("dir/a.c:12:5"), Some(("dir/a.c".into(), 12)));
        assert_eq!(split_location("a.c:7"), Some(("a.c".into(), 7)));
        assert_eq!(split_location("nowhere"), None);
    }

    /// An output directory as a run leaves it, with what the loops and solver sections show.
    fn run_dir(stats: Value, verdict: &str) -> (tempdir::Dir, Inputs) {
        let d = tempdir::Dir::new();
        let out = d.0.clone();
        std::fs::write(
            out.join("prog.c"),
            "int main(void) {\n  int i = 0;\n  while (i < 3)\n    i++;\n  return 0;\n}\n",
        )
        .unwrap();
        std::fs::write(out.join("undecided.smt2"), "(set-logic QF_BV)\n(check-sat) ; unknown\n").unwrap();
        std::fs::write(
            out.join("witness.yml"),
            "- entry_type: invariant_set\n  content:\n    - invariant:\n        location:\n          line: 3\n          function: \"main\"\n        value: \"0 <= i && i <= 3\"\n",
        )
        .unwrap();
        let run = crate::RunData {
            kappa_run: crate::RUN_DATA_VERSION,
            command: "verify".into(),
            argv: vec!["kappa".into(), "verify".into(), "prog.c".into()],
            cwd: out.display().to_string(),
            files: vec!["prog.c".into()],
            verdict: verdict.into(),
            reason: None,
            limits: vec![("time".into(), "5 s".into()), ("states".into(), "100".into())],
            stats,
            errors: Vec::new(),
            solver_log: Some(out.join("undecided.smt2").display().to_string()),
        };
        let inp = Inputs { out, run, samples: Vec::new(), tree: None, lcov: None, gcov: None, program: None };
        (d, inp)
    }

    mod tempdir {
        pub struct Dir(pub std::path::PathBuf);
        impl Dir {
            pub fn new() -> Dir {
                use std::sync::atomic::{AtomicU32, Ordering};
                static N: AtomicU32 = AtomicU32::new(0);
                let p = std::env::temp_dir().join(format!(
                    "kappa-report-{}-{}",
                    std::process::id(),
                    N.fetch_add(1, Ordering::Relaxed)
                ));
                std::fs::create_dir_all(&p).unwrap();
                Dir(p)
            }
        }
        impl Drop for Dir {
            fn drop(&mut self) {
                let _ = std::fs::remove_dir_all(&self.0);
            }
        }
    }

    #[test]
    fn loops_solver_limits_and_what_stopped_the_run() {
        let stats = serde_json::json!({
            "mode": "compact", "search": "prune", "heap": "none",
            "incomplete": ["state limit (100 states)", "loop state pruning: 4 postponed states not explored"],
            "templates": {"cycles": 2, "computed": 1, "applied": 5, "retired": 0,
                          "failed": {"non-linear": 1},
                          "no_template": ["main: loop at line 3: the update of i is not linear"]},
            "searcher": {"postponed": 7, "dropped": 4},
            "solver_queries": 12, "solver_unknown": 1, "solver_unknown_classes": {"nonlinear": 1},
        });
        let (_d, inp) = run_dir(stats, "true");
        let h = render(&inp);
        // Limits and what stopped the run.
        assert!(h.contains("<th>limit: time</th><td>5 s</td>") && h.contains("<th>limit: states</th><td>100</td>"));
        assert!(h.contains("id=\"stopped\">state limit (100 states); loop state pruning: 4 postponed"), "stopped");
        // Loops: templates, the reason a cycle has none, pruning's postponed and dropped states.
        assert!(h.contains("Cycles without a template") && h.contains("the update of i is not linear"));
        assert!(h.contains("<th>failed</th><td>1 non-linear</td>"));
        assert!(
            h.contains("<th>searcher: postponed</th><td>7</td>") && h.contains("<th>searcher: dropped</th><td>4</td>")
        );
        // Invariants written (a `true`), linked to their line.
        assert!(
            h.contains("Invariants of the correctness witness")
                && h.contains("<code>0 &lt;= i &amp;&amp; i &lt;= 3</code>")
        );
        assert!(h.contains("href=\"#f0-L3\">3</a>"));
        // Solver statistics and the undecided queries.
        assert!(h.contains("<th>undecided</th><td>1</td>") && h.contains("<th>undecided: nonlinear</th><td>1</td>"));
        assert!(h.contains("id=\"undecided\"") && h.contains("(check-sat) ; unknown"));
        // The source, read as it is now (no copy in the directory), says so.
        assert!(h.contains("id=\"f0-L4\"") && h.contains("as it is now"));
        // A log that cannot be read is not "no undecided queries".
        std::fs::remove_file(inp.out.join("undecided.smt2")).unwrap();
        assert!(render(&inp).contains("which cannot be read now"));
        // Not a `true`: a witness left by an earlier run is not shown.
        let (_d, inp) = run_dir(serde_json::json!({}), "unknown");
        assert!(!render(&inp).contains("Invariants of the correctness witness"));
    }

    #[test]
    fn escaping() {
        assert_eq!(esc("a<b>&\"'"), "a&lt;b&gt;&amp;&quot;&#39;");
        assert!(!json_script("x", &"</script>").contains("</script></script>"));
    }
}
