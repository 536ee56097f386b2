//! Witnesses in the exchange formats of SV-COMP: violation witnesses (GraphML 1.0 and YAML
//! 2.0 `violation_sequence`) written from the trace of a counterexample, and correctness
//! witnesses (YAML 2.0 `invariant_set`, GraphML `correctness_witness`) from loop invariants.

use crate::trace::{c_value, StepKind, Trace};
use kappa_ir::{DataModel, Program, Span};
use sha2::{Digest, Sha256};
use std::fmt::Write as _;
use std::path::Path;

/// What every witness says about itself and its task.
#[derive(Clone, Debug)]
pub struct Meta {
    /// The program file as given on the command line (or in the task).
    pub program_file: String,
    /// SHA-256 of the program file, lower-case hex.
    pub program_hash: String,
    pub data_model: DataModel,
    /// The property's text (`CHECK( init(main()), LTL(G ! call(reach_error())) )`).
    pub specification: String,
    pub producer: String,
    pub version: String,
    /// ISO 8601, UTC (`2024-05-01T12:00:00Z`).
    pub creation_time: String,
    pub uuid: String,
}

impl Meta {
    pub fn new(program: &Path, data_model: DataModel, specification: &str) -> Result<Meta, String> {
        let bytes = std::fs::read(program).map_err(|e| format!("cannot read {}: {e}", program.display()))?;
        let program_hash = sha256_hex(&bytes);
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
        // A version-4 UUID from the time, the process and the program.
        let seed = sha256_hex(format!("{}{}{program_hash}", now.as_nanos(), std::process::id()).as_bytes());
        let h = &seed[..32];
        let variant = ["8", "9", "a", "b"][usize::from(h.as_bytes()[16] % 4)];
        let uuid = format!("{}-{}-4{}-{variant}{}-{}", &h[0..8], &h[8..12], &h[13..16], &h[17..20], &h[20..32]);
        Ok(Meta {
            program_file: program.display().to_string(),
            program_hash,
            data_model,
            specification: specification.to_string(),
            producer: "kappa".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            creation_time: iso8601(now.as_secs()),
            uuid,
        })
    }

    fn architecture(&self) -> &'static str {
        match self.data_model {
            DataModel::ILP32 => "32bit",
            DataModel::LP64 => "64bit",
        }
    }
}

pub fn sha256_hex(bytes: &[u8]) -> String {
    let d = Sha256::digest(bytes);
    d.iter().map(|b| format!("{b:02x}")).collect()
}

/// Seconds since 1970 as `YYYY-MM-DDThh:mm:ssZ`.
pub fn iso8601(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z", rem / 3600, rem % 3600 / 60, rem % 60)
}

fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// A YAML scalar, double-quoted (JSON escapes are YAML escapes).
fn yq(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\x{:02x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

const GRAPHML_HEAD: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<graphml xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
 <key attr.name="witness-type" attr.type="string" for="graph" id="witness-type"/>
 <key attr.name="sourcecodelang" attr.type="string" for="graph" id="sourcecodelang"/>
 <key attr.name="producer" attr.type="string" for="graph" id="producer"/>
 <key attr.name="specification" attr.type="string" for="graph" id="specification"/>
 <key attr.name="programFile" attr.type="string" for="graph" id="programfile"/>
 <key attr.name="programHash" attr.type="string" for="graph" id="programhash"/>
 <key attr.name="architecture" attr.type="string" for="graph" id="architecture"/>
 <key attr.name="creationTime" attr.type="string" for="graph" id="creationtime"/>
 <key attr.name="isEntryNode" attr.type="boolean" for="node" id="entry">
  <default>false</default>
 </key>
 <key attr.name="isViolationNode" attr.type="boolean" for="node" id="violation">
  <default>false</default>
 </key>
 <key attr.name="cyclehead" attr.type="boolean" for="node" id="cyclehead">
  <default>false</default>
 </key>
 <key attr.name="invariant" attr.type="string" for="node" id="invariant"/>
 <key attr.name="invariant.scope" attr.type="string" for="node" id="invariant.scope"/>
 <key attr.name="startline" attr.type="int" for="edge" id="startline"/>
 <key attr.name="control" attr.type="string" for="edge" id="control"/>
 <key attr.name="enterLoopHead" attr.type="boolean" for="edge" id="enterLoopHead">
  <default>false</default>
 </key>
 <key attr.name="enterFunction" attr.type="string" for="edge" id="enterFunction"/>
 <key attr.name="returnFromFunction" attr.type="string" for="edge" id="returnFrom"/>
 <key attr.name="assumption" attr.type="string" for="edge" id="assumption"/>
 <key attr.name="assumption.scope" attr.type="string" for="edge" id="assumption.scope"/>
 <key attr.name="assumption.resultfunction" attr.type="string" for="edge" id="assumption.resultfunction"/>
"#;

fn graph_data(out: &mut String, meta: &Meta, kind: &str) {
    let _ = writeln!(out, " <graph edgedefault=\"directed\">");
    let mut d = |k: &str, v: &str| {
        let _ = writeln!(out, "  <data key=\"{k}\">{}</data>", xml_escape(v));
    };
    d("witness-type", kind);
    d("sourcecodelang", "C");
    d("producer", &format!("{} {}", meta.producer, meta.version));
    d("specification", &meta.specification);
    d("programfile", &meta.program_file);
    d("programhash", &meta.program_hash);
    d("architecture", meta.architecture());
    d("creationtime", &meta.creation_time);
}

/// The GraphML 1.0 violation witness of a traced counterexample: a path of edges, one per step
/// (branches with `control`, calls with `enterFunction`, returns with `returnFrom`, nondet
/// values as `assumption` `\result == V;` with their scope and result function), ending in the
/// violation node.
pub fn violation_graphml(meta: &Meta, trace: &Trace) -> String {
    let mut out = String::from(GRAPHML_HEAD);
    graph_data(&mut out, meta, "violation_witness");
    let _ = writeln!(out, "  <node id=\"N0\">\n   <data key=\"entry\">true</data>\n  </node>");
    let mut n = 0;
    let mut edge = |out: &mut String, data: Vec<(&str, String)>, last: bool| {
        n += 1;
        if last {
            let _ = writeln!(out, "  <node id=\"N{n}\">\n   <data key=\"violation\">true</data>\n  </node>");
        } else {
            let _ = writeln!(out, "  <node id=\"N{n}\"/>");
        }
        let _ = writeln!(out, "  <edge source=\"N{}\" target=\"N{n}\">", n - 1);
        for (k, v) in data {
            let _ = writeln!(out, "   <data key=\"{k}\">{}</data>", xml_escape(&v));
        }
        let _ = writeln!(out, "  </edge>");
    };
    for s in &trace.steps {
        edge(&mut out, step_data(s), false);
    }
    let target = trace.target().map(|(sp, _)| sp.line).unwrap_or(0);
    edge(&mut out, vec![("startline", target.to_string())], true);
    out.push_str(" </graph>\n</graphml>\n");
    out
}

/// What a witness edge says of one step.
fn step_data(s: &crate::trace::Step) -> Vec<(&'static str, String)> {
    let line = ("startline", s.span.line.to_string());
    match &s.kind {
        StepKind::Branch { taken } => {
            vec![line, ("control", if *taken { "condition-true" } else { "condition-false" }.into())]
        }
        StepKind::Enter { callee } => vec![line, ("enterFunction", callee.clone())],
        StepKind::Return { callee } => vec![line, ("returnFrom", callee.clone())],
        StepKind::Nondet { callee, value, ty } => vec![
            line,
            ("assumption", format!("\\result == {};", c_value(callee, *value, *ty))),
            ("assumption.scope", s.func.clone()),
            ("assumption.resultfunction", callee.clone()),
        ],
    }
}

/// The GraphML 1.0 violation witness of a lasso (`termination`), as SV-COMP's non-termination
/// witnesses are drawn: the stem's steps from the entry node to a node marked `cyclehead` (the
/// loop head whose state the run repeats, at line `head_line`), then the cycle's steps back to
/// it. Taken again with the same values, the cycle never ends. `None` for a trace that is not a
/// lasso's (or holds only its values).
pub fn termination_graphml(meta: &Meta, trace: &Trace, head_line: u32) -> Option<String> {
    let start = trace.cycle_start.filter(|_| !trace.values_only)?;
    let mut out = String::from(GRAPHML_HEAD);
    graph_data(&mut out, meta, "violation_witness");
    let _ = writeln!(out, "  <node id=\"N0\">\n   <data key=\"entry\">true</data>\n  </node>");
    let edge = |out: &mut String, from: usize, to: usize, data: Vec<(&str, String)>| {
        let _ = writeln!(out, "  <edge source=\"N{from}\" target=\"N{to}\">");
        for (k, v) in data {
            let _ = writeln!(out, "   <data key=\"{k}\">{}</data>", xml_escape(&v));
        }
        let _ = writeln!(out, "  </edge>");
    };
    let (stem, cycle) = trace.steps.split_at(start.min(trace.steps.len()));
    let mut n = 0;
    let mut node = |out: &mut String, head: bool| {
        n += 1;
        if head {
            let _ = writeln!(out, "  <node id=\"N{n}\">\n   <data key=\"cyclehead\">true</data>\n  </node>");
        } else {
            let _ = writeln!(out, "  <node id=\"N{n}\"/>");
        }
        n
    };
    let enter_head = vec![("startline", head_line.to_string()), ("enterLoopHead", "true".to_string())];
    let mut at = 0;
    for s in stem {
        let next = node(&mut out, false);
        edge(&mut out, at, next, step_data(s));
        at = next;
    }
    // The head is a node of its own, entered by an edge of its line.
    let head = node(&mut out, true);
    edge(&mut out, at, head, enter_head.clone());
    at = head;
    for s in cycle {
        let next = node(&mut out, false);
        edge(&mut out, at, next, step_data(s));
        at = next;
    }
    edge(&mut out, at, head, enter_head);
    out.push_str(" </graph>\n</graphml>\n");
    Some(out)
}

fn yaml_metadata(out: &mut String, meta: &Meta) {
    let _ = write!(
        out,
        "  metadata:\n    format_version: \"2.0\"\n    uuid: {}\n    creation_time: {}\n    producer:\n      name: {}\n      \
         version: {}\n    task:\n      input_files:\n        - {}\n      input_file_hashes:\n        {}: {}\n      \
         specification: {}\n      data_model: {}\n      language: C\n",
        yq(&meta.uuid),
        yq(&meta.creation_time),
        yq(&meta.producer),
        yq(&meta.version),
        yq(&meta.program_file),
        yq(&meta.program_file),
        yq(&meta.program_hash),
        yq(meta.specification.lines().next().unwrap_or("")),
        meta.data_model.name(),
    );
}

fn yaml_location(out: &mut String, indent: &str, file: &str, sp: Span, func: &str) {
    let _ = write!(
        out,
        "{indent}location:\n{indent}  file_name: {}\n{indent}  line: {}\n{indent}  column: {}\n{indent}  function: {}\n",
        yq(file),
        sp.line,
        sp.col.max(1),
        yq(func)
    );
}

/// The YAML 2.0 violation witness (`violation_sequence`): a segment per step, each with one
/// waypoint to follow: `branching` (constraint `true`/`false`), `function_enter`,
/// `function_return` of each nondet call (constraint `\result == V`), and the final `target`.
pub fn violation_yaml(meta: &Meta, prog: &Program, trace: &Trace) -> String {
    let mut out = String::from("- entry_type: violation_sequence\n");
    yaml_metadata(&mut out, meta);
    out.push_str("  content:\n");
    let file = |sp: Span| prog.files.get(sp.file as usize).cloned().unwrap_or_else(|| meta.program_file.clone());
    let waypoint = |out: &mut String, ty: &str, sp: Span, func: &str, constraint: Option<(String, &str)>| {
        let _ =
            write!(out, "    - segment:\n        - waypoint:\n            type: {ty}\n            action: follow\n");
        yaml_location(out, "            ", &file(sp), sp, func);
        if let Some((value, format)) = constraint {
            let _ = write!(
                out,
                "            constraint:\n              value: {}\n              format: {format}\n",
                yq(&value)
            );
        }
    };
    for s in &trace.steps {
        match &s.kind {
            StepKind::Branch { taken } => waypoint(
                &mut out,
                "branching",
                s.span,
                &s.func,
                Some((if *taken { "true" } else { "false" }.into(), "c_expression")),
            ),
            StepKind::Enter { .. } => waypoint(&mut out, "function_enter", s.span, &s.func, None),
            StepKind::Return { .. } => {}
            StepKind::Nondet { callee, value, ty } => waypoint(
                &mut out,
                "function_return",
                s.span,
                &s.func,
                Some((format!("\\result == {}", c_value(callee, *value, *ty)), "acsl_expression")),
            ),
        }
    }
    if let Some((sp, f)) = trace.target() {
        waypoint(&mut out, "target", sp, &prog.func(f).name, None);
    }
    out
}

/// A loop invariant at a loop head, as a C expression over the program's variables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invariant {
    pub file: String,
    pub line: u32,
    pub column: u32,
    pub function: String,
    pub expr: String,
}

/// The YAML 2.0 correctness witness: an `invariant_set` of `loop_invariant`s.
pub fn correctness_yaml(meta: &Meta, invariants: &[Invariant]) -> String {
    let mut out = String::from("- entry_type: invariant_set\n");
    yaml_metadata(&mut out, meta);
    if invariants.is_empty() {
        out.push_str("  content: []\n");
        return out;
    }
    out.push_str("  content:\n");
    for inv in invariants {
        out.push_str("    - invariant:\n        type: loop_invariant\n");
        let sp = Span { line: inv.line, col: inv.column, ..Span::default() };
        yaml_location(&mut out, "        ", &inv.file, sp, &inv.function);
        let _ = write!(out, "        value: {}\n        format: c_expression\n", yq(&inv.expr));
    }
    out
}

/// The GraphML correctness witness: from the entry node, an edge entering each loop head
/// (`enterLoopHead`, its line) to a node carrying the invariant and its scope, and back.
pub fn correctness_graphml(meta: &Meta, invariants: &[Invariant]) -> String {
    let mut out = String::from(GRAPHML_HEAD);
    graph_data(&mut out, meta, "correctness_witness");
    let _ = writeln!(out, "  <node id=\"N0\">\n   <data key=\"entry\">true</data>\n  </node>");
    for (i, inv) in invariants.iter().enumerate() {
        let n = i + 1;
        let _ = writeln!(
            out,
            "  <node id=\"N{n}\">\n   <data key=\"invariant\">{}</data>\n   <data key=\"invariant.scope\">{}</data>\n  </node>",
            xml_escape(&inv.expr),
            xml_escape(&inv.function)
        );
        let _ = writeln!(
            out,
            "  <edge source=\"N0\" target=\"N{n}\">\n   <data key=\"startline\">{}</data>\n   <data key=\"enterLoopHead\">true</data>\n  </edge>",
            inv.line
        );
        let _ = writeln!(
            out,
            "  <edge source=\"N{n}\" target=\"N0\">\n   <data key=\"startline\">{}</data>\n  </edge>",
            inv.line
        );
    }
    out.push_str(" </graph>\n</graphml>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_and_hashes() {
        assert_eq!(iso8601(0), "1970-01-01T00:00:00Z");
        assert_eq!(iso8601(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(iso8601(1_700_000_000), "2023-11-14T22:13:20Z");
        assert_eq!(sha256_hex(b"abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }
}
