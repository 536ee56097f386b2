//! Execution-based validation of violation witnesses, as CPAchecker's and FShell's
//! execution-based validators do: the witness's waypoints (GraphML 1.0 or YAML 2.0, kappa's or
//! another tool's) give the values of the nondet calls by source line; the program runs on them
//! in the concrete interpreter, and the run must follow the witness's branches and end in the
//! violation. The caller then confirms the run on the real program (replay with gcc).

use crate::trace::{trace_with, StepKind, Trace};
use kappa_interp::{Config, InputSource};
use kappa_ir::{NondetOrigin, Program, Ty};
use std::cell::RefCell;
use std::collections::{HashMap, VecDeque};
use std::path::Path;
use std::rc::Rc;

/// What a violation witness says about its path.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Waypoints {
    /// Values of nondet calls (or of the variable assigned on that line), by source line, in
    /// the witness's order.
    pub values: Vec<(u32, i128)>,
    /// Branches: line and the condition's value, in order.
    pub branches: Vec<(u32, bool)>,
    /// The line of the violation, when the witness gives it.
    pub target: Option<u32>,
    /// The witness's `specification`, if it states one.
    pub specification: Option<String>,
    /// Its architecture (`32bit`: ILP32) or data model.
    pub data_model: Option<kappa_ir::DataModel>,
    /// A non-termination witness (a stem and a cycle, GraphML's `cyclehead`): the values and
    /// branches are the stem's and then the cycle's once, and the run must come back to the
    /// cycle's head in the state it had there.
    pub lasso: bool,
}

/// Reads a violation witness, GraphML (`.graphml`, or XML content) or YAML 2.0.
pub fn read_witness(path: &Path) -> Result<Waypoints, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let name = path.display();
    if text.trim_start().starts_with('<') {
        read_graphml(&text).map_err(|e| format!("{name}: {e}"))
    } else {
        read_yaml(&text).map_err(|e| format!("{name}: {e}"))
    }
}

/// The value a constraint such as `\result == -3;`, `x == 5`, `(x == 0x10U)` gives; `None` for
/// anything else (conjunctions, inequalities).
pub fn equality_value(c: &str) -> Option<i128> {
    let c = c.trim().trim_end_matches(';').trim();
    let c = strip_parens(c);
    if c.contains("&&") || c.contains("||") || c.matches("==").count() != 1 {
        return None;
    }
    let (l, r) = c.split_once("==")?;
    int_literal(r).or_else(|| int_literal(l))
}

fn strip_parens(mut s: &str) -> &str {
    while s.starts_with('(') && s.ends_with(')') {
        s = s[1..s.len() - 1].trim();
    }
    s
}

fn int_literal(s: &str) -> Option<i128> {
    let s = strip_parens(s.trim());
    let (neg, s) = match s.strip_prefix('-') {
        Some(rest) => (true, strip_parens(rest.trim())),
        None => (false, s),
    };
    // A cast before the number: `(unsigned int) 5`.
    let s = match s.rfind(')') {
        Some(i) if s.starts_with('(') => s[i + 1..].trim(),
        _ => s,
    };
    let s = s.trim_end_matches(['u', 'U', 'l', 'L']);
    let v = if let Some(h) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        i128::from_str_radix(h, 16).ok()?
    } else {
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        s.parse::<i128>().ok()?
    };
    Some(if neg { -v } else { v })
}

fn read_graphml(text: &str) -> Result<Waypoints, String> {
    let doc = roxmltree::Document::parse(text).map_err(|e| format!("not GraphML: {e}"))?;
    let root = doc.root_element();
    // key id → attribute name.
    let mut names: HashMap<String, String> = HashMap::new();
    for k in root.children().filter(|n| n.has_tag_name("key")) {
        if let (Some(id), Some(name)) = (k.attribute("id"), k.attribute("attr.name")) {
            names.insert(id.to_string(), name.to_string());
        }
    }
    let graph = root.children().find(|n| n.has_tag_name("graph")).ok_or("no <graph> element")?;
    let data = |n: roxmltree::Node, want: &[&str]| -> Option<String> {
        n.children().filter(|d| d.has_tag_name("data")).find_map(|d| {
            let key = d.attribute("key")?;
            let name = names.get(key).map(String::as_str).unwrap_or(key);
            (want.contains(&key) || want.contains(&name)).then(|| d.text().unwrap_or("").trim().to_string())
        })
    };
    let kind = data(graph, &["witness-type"]).unwrap_or_default();
    let specification = data(graph, &["specification"]);
    if !kind.is_empty() && kind != "violation_witness" {
        return Err(format!("a {kind}, not a violation witness"));
    }
    let nodes: Vec<roxmltree::Node> = graph.children().filter(|n| n.has_tag_name("node")).collect();
    let is = |n: &roxmltree::Node, k: &[&str]| data(*n, k).is_some_and(|v| v == "true");
    let entry = nodes
        .iter()
        .find(|n| is(n, &["entry", "isEntryNode"]))
        .or(nodes.first())
        .and_then(|n| n.attribute("id"))
        .ok_or("no entry node")?;
    let violation: Vec<&str> =
        nodes.iter().filter(|n| is(n, &["violation", "isViolationNode"])).filter_map(|n| n.attribute("id")).collect();
    // A non-termination witness has no violation node: its path is a stem to the node marked
    // `cyclehead` and a cycle back to it.
    let cyclehead: Vec<&str> =
        nodes.iter().filter(|n| is(n, &["cyclehead"])).filter_map(|n| n.attribute("id")).collect();
    let sinks: Vec<&str> = nodes.iter().filter(|n| is(n, &["sink"])).filter_map(|n| n.attribute("id")).collect();
    let edges: Vec<roxmltree::Node> = graph.children().filter(|n| n.has_tag_name("edge")).collect();
    let (path, lasso) = if !violation.is_empty() {
        let path = if violation.contains(&entry) {
            Vec::new()
        } else {
            shortest_path(&edges, entry, &violation, &sinks).ok_or("no path from the entry node to a violation node")?
        };
        (path, false)
    } else if let Some(&head) = cyclehead.first() {
        let mut path = if head == entry {
            Vec::new()
        } else {
            shortest_path(&edges, entry, &[head], &sinks).ok_or("no path from the entry node to the cycle head")?
        };
        path.extend(shortest_path(&edges, head, &[head], &sinks).ok_or("no cycle back to the cycle head")?);
        (path, true)
    } else {
        return Err("no violation node".into());
    };
    let data_model = data(graph, &["architecture"]).and_then(|a| match a.as_str() {
        "32bit" => Some(kappa_ir::DataModel::ILP32),
        "64bit" => Some(kappa_ir::DataModel::LP64),
        _ => None,
    });
    let mut wp = Waypoints { specification, data_model, lasso, ..Waypoints::default() };
    for &i in &path {
        let e = edges[i];
        let line: u32 = data(e, &["startline"]).and_then(|s| s.parse().ok()).unwrap_or(0);
        if let Some(c) = data(e, &["control"]) {
            match c.as_str() {
                "condition-true" => wp.branches.push((line, true)),
                "condition-false" => wp.branches.push((line, false)),
                _ => {}
            }
        }
        if let Some(a) = data(e, &["assumption"]) {
            // One value per assumption edge; conjunctions of several equalities give each.
            for part in a.split(';').map(str::trim).filter(|p| !p.is_empty()) {
                if let Some(v) = equality_value(part) {
                    wp.values.push((line, v));
                }
            }
        }
        // An edge into the violation node that says nothing but its line names the target
        // (kappa's witnesses end so); other tools' last edges are a step of the path.
        let only_line = e.children().filter(|d| d.has_tag_name("data")).count() == 1;
        if violation.contains(&e.attribute("target").unwrap_or("")) && line != 0 && only_line {
            wp.target = Some(line);
        }
    }
    Ok(wp)
}

/// The edges of a shortest path of at least one edge from `from` to a node of `to`, avoiding
/// sinks (breadth-first, edges in document order).
fn shortest_path<'a>(
    edges: &[roxmltree::Node<'a, 'a>],
    from: &'a str,
    to: &[&'a str],
    sinks: &[&'a str],
) -> Option<Vec<usize>> {
    let mut prev: HashMap<&'a str, usize> = HashMap::new();
    let mut queue = VecDeque::from([from]);
    let mut seen = std::collections::HashSet::from([from]);
    let back = |prev: &HashMap<&'a str, usize>, mut at: &'a str, last: usize| {
        let mut path = vec![last];
        while at != from {
            let Some(&i) = prev.get(at) else { break };
            path.push(i);
            at = edges[i].attribute("source").unwrap_or("");
        }
        path.reverse();
        path
    };
    while let Some(n) = queue.pop_front() {
        for (i, e) in edges.iter().enumerate().filter(|(_, e)| e.attribute("source") == Some(n)) {
            let Some(t) = e.attribute("target") else { continue };
            if to.contains(&t) {
                return Some(back(&prev, n, i));
            }
            if !sinks.contains(&t) && seen.insert(t) {
                prev.insert(t, i);
                queue.push_back(t);
            }
        }
    }
    None
}

fn read_yaml(text: &str) -> Result<Waypoints, String> {
    use serde_yaml::Value;
    let doc: Value = serde_yaml::from_str(text).map_err(|e| format!("not YAML: {e}"))?;
    let entries = doc.as_sequence().ok_or("a witness is a list of entries")?;
    let entry = entries
        .iter()
        .find(|e| e.get("entry_type").and_then(Value::as_str) == Some("violation_sequence"))
        .ok_or("no entry of type violation_sequence")?;
    if let Some(v) = entry.get("metadata").and_then(|m| m.get("format_version")) {
        let v = match v {
            Value::String(s) => s.clone(),
            Value::Number(n) => n.to_string(),
            _ => String::new(),
        };
        if !v.starts_with('2') {
            return Err(format!("witness format version {v} (kappa reads 2.x)"));
        }
    }
    let content = entry.get("content").and_then(Value::as_sequence).ok_or("no content")?;
    let specification = entry
        .get("metadata")
        .and_then(|m| m.get("task"))
        .and_then(|t| t.get("specification"))
        .and_then(Value::as_str)
        .map(str::to_string);
    let data_model = entry
        .get("metadata")
        .and_then(|m| m.get("task"))
        .and_then(|t| t.get("data_model"))
        .and_then(Value::as_str)
        .and_then(|d| d.parse().ok());
    let mut wp = Waypoints { specification, data_model, ..Waypoints::default() };
    for seg in content {
        let Some(points) = seg.get("segment").and_then(Value::as_sequence) else { continue };
        for p in points {
            let Some(w) = p.get("waypoint") else { continue };
            if w.get("action").and_then(Value::as_str) != Some("follow") {
                continue;
            }
            let ty = w.get("type").and_then(Value::as_str).unwrap_or("");
            let line = w.get("location").and_then(|l| l.get("line")).and_then(Value::as_u64).unwrap_or(0) as u32;
            let constraint = w.get("constraint").and_then(|c| c.get("value")).map(|v| match v {
                Value::String(s) => s.clone(),
                Value::Bool(b) => b.to_string(),
                Value::Number(n) => n.to_string(),
                _ => String::new(),
            });
            match ty {
                "branching" => match constraint.as_deref() {
                    Some("true") => wp.branches.push((line, true)),
                    Some("false") => wp.branches.push((line, false)),
                    _ => {}
                },
                "function_return" | "assumption" | "identifier_evaluation" => {
                    if let Some(v) = constraint.as_deref().and_then(equality_value) {
                        wp.values.push((line, v));
                    }
                }
                "target" => wp.target = Some(line),
                _ => {}
            }
        }
    }
    Ok(wp)
}

/// Nondet values from a witness: the next value given for the line of the call; where the
/// witness gives none, 0 (and the line is remembered).
struct WitnessInput {
    by_line: HashMap<u32, VecDeque<i128>>,
    line: Rc<RefCell<Option<(u32, String)>>>,
    missing: Vec<u32>,
}

impl InputSource for WitnessInput {
    fn next(&mut self, origin: &NondetOrigin, _ty: Ty) -> Option<u64> {
        let at = self.line.borrow_mut().take();
        let Some((line, _)) = at.filter(|_| matches!(origin, NondetOrigin::Call { .. })) else { return Some(0) };
        match self.by_line.get_mut(&line).and_then(VecDeque::pop_front) {
            Some(v) => Some(v as u64),
            None => {
                self.missing.push(line);
                Some(0)
            }
        }
    }
}

/// The run a witness describes.
pub struct Followed {
    pub trace: Trace,
    /// Lines of nondet calls the witness gave no value for (0 was used).
    pub missing: Vec<u32>,
    /// Why the run does not follow the witness (a branch it takes the other way, a value left
    /// unused, another target line); empty when it does.
    pub deviations: Vec<String>,
}

/// Runs `main` on the witness's values and compares the run with its branches and target.
pub fn follow(prog: &Program, wp: &Waypoints, config: &Config) -> Followed {
    let mut by_line: HashMap<u32, VecDeque<i128>> = HashMap::new();
    for (l, v) in &wp.values {
        by_line.entry(*l).or_default().push_back(*v);
    }
    let line = Rc::new(RefCell::new(None));
    let mut input = WitnessInput { by_line, line: line.clone(), missing: Vec::new() };
    // A lasso's run must find its loop head's state repeated (the interpreter watches for it).
    let config = Config { lassos: config.lassos || wp.lasso, ..config.clone() };
    let trace = trace_with(prog, &mut input, &config, line);
    let mut deviations = Vec::new();
    // The witness's branches must be a subsequence of the run's (witnesses may leave out
    // branches, never contradict them).
    let run: Vec<(u32, bool)> = trace
        .steps
        .iter()
        .filter_map(|s| match s.kind {
            StepKind::Branch { taken } => Some((s.span.line, taken)),
            _ => None,
        })
        .collect();
    let mut k = 0;
    for (line, taken) in &wp.branches {
        match run[k..].iter().position(|b| b == &(*line, *taken)) {
            Some(i) => k += i + 1,
            None if run[k..].iter().any(|(l, _)| l == line) => {
                deviations.push(format!("the run takes the branch at line {line} the other way"));
                break;
            }
            None => {
                deviations.push(format!("the run does not reach the branch at line {line}"));
                break;
            }
        }
    }
    let unused: usize = input.by_line.values().map(VecDeque::len).sum();
    if unused > 0 {
        deviations.push(format!("{unused} value(s) of the witness were not used by the run"));
    }
    // A leak witness's target is the allocation of the block; the run may end at an error call
    // that aborts (`reach_error()`, a failed `assert`), where the leak is checked.
    let leak =
        wp.specification.as_deref().is_some_and(|s| s.contains("valid-memcleanup") || s.contains("valid-memtrack"))
            && matches!(&trace.run.outcome, kappa_interp::Outcome::Error { kind, .. }
            if kind.aborts_program());
    if let (Some(want), Some((sp, _)), false) = (wp.target, trace.target(), leak) {
        if want != sp.line {
            deviations
                .push(format!("the run ends in an error at line {}, the witness's target is line {want}", sp.line));
        }
    }
    Followed { trace, missing: input.missing, deviations }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_of_constraints() {
        assert_eq!(equality_value("\\result == -3;"), Some(-3));
        assert_eq!(equality_value("x == 5"), Some(5));
        assert_eq!(equality_value("(x == 0x10U)"), Some(16));
        assert_eq!(equality_value("\\result == (unsigned int) 7"), Some(7));
        assert_eq!(equality_value("x == 1 && y == 2"), None);
        assert_eq!(equality_value("x >= 1"), None);
        assert_eq!(equality_value("x == y"), None);
    }
}
