//! Graphviz rendering of flowgraphs, for looking at what the front-end produced and at the loops
//! the analyses found (`dot -Tsvg`).
//!
//! One cluster per function. Nodes are locations, named `f<function index>_L<location>` so that
//! they are unique across clusters; edges carry their operation and source line. Sinks have
//! distinct shapes (error: red double octagon; exit: double circle; halt: box with diagonals),
//! the entry is bold and pointed at by a small arrow. The locations of each natural loop are
//! filled with a light colour of their own, darker with nesting depth; back edges are bold blue;
//! locations of irreducible regions get an orange outline.

use crate::analysis::{dominators, natural_loops, strongly_connected_components, LoopForest, Sccs};
use crate::print::Printer;
use crate::program::{Function, LocKind, Program};
use std::collections::HashSet;
use std::fmt::Write;

/// The whole program as one DOT digraph, one `cluster_<name>` subgraph per function.
pub fn program_to_dot(prog: &Program) -> String {
    let mut out = String::new();
    header(&mut out);
    let mut used = HashSet::new();
    for (i, f) in prog.functions.iter().enumerate() {
        let mut cluster = format!("cluster_{}", f.name);
        if !used.insert(cluster.clone()) {
            // Two functions with one name would merge into one cluster.
            cluster = format!("cluster_{}_{i}", f.name);
            used.insert(cluster.clone());
        }
        function_body(&mut out, prog, i, f, &cluster);
    }
    out.push_str("}\n");
    out
}

/// One function as a DOT digraph (a single cluster); `f` need not belong to `prog`'s function
/// list, but its operations must refer to `prog`'s variables and objects.
pub fn function_to_dot(prog: &Program, f: &Function) -> String {
    let mut out = String::new();
    header(&mut out);
    function_body(&mut out, prog, f.id.index(), f, &format!("cluster_{}", f.name));
    out.push_str("}\n");
    out
}

fn header(out: &mut String) {
    out.push_str("digraph kappa {\n");
    out.push_str("  graph [fontname=\"monospace\", fontsize=11, compound=true];\n");
    out.push_str("  node [fontname=\"monospace\", fontsize=10, shape=ellipse];\n");
    out.push_str("  edge [fontname=\"monospace\", fontsize=9];\n");
}

fn function_body(out: &mut String, prog: &Program, fi: usize, f: &Function, cluster: &str) {
    let printer = Printer::new(prog);
    let dom = dominators(f);
    let loops = natural_loops(f, &dom);
    let sccs = strongly_connected_components(f, &loops);
    let n = f.locs.len();
    let node = |l: usize| format!("f{fi}_L{l}");

    let _ = writeln!(out, "  subgraph {} {{", quote(cluster));
    let title = if f.span.is_known() { format!("{}  ({})", f.name, prog.fmt_span(f.span)) } else { f.name.clone() };
    let _ = writeln!(out, "    label={};", quote(&title));
    out.push_str("    labeljust=l;\n");
    if f.entry.index() < n {
        let _ = writeln!(out, "    f{fi}_start [shape=point, width=0.08, label=\"\"];");
    }
    for (l, info) in f.locs.iter().enumerate() {
        let mut label = format!("L{l}");
        let mut attrs: Vec<String> = Vec::new();
        if l == f.entry.index() {
            label.push_str(" (entry)");
            attrs.push("penwidth=2".into());
        }
        match &info.kind {
            LocKind::Normal => {}
            LocKind::Exit => {
                label.push_str("\nexit");
                attrs.push("shape=doublecircle".into());
            }
            LocKind::Halt => {
                label.push_str("\nhalt");
                attrs.push("shape=Msquare".into());
            }
            LocKind::Error { kind, message } => {
                let _ = write!(label, "\nerror: {kind}");
                if !message.is_empty() {
                    label.push('\n');
                    label.push_str(message);
                }
                attrs.extend(["shape=doubleoctagon", "color=red", "fontcolor=red"].map(String::from));
            }
        }
        if info.span.is_known() {
            let _ = write!(label, "\nline {}", info.span.line);
        }
        if let Some(colour) = loop_colour(&loops, l) {
            attrs.push(format!("style=filled, fillcolor={}", quote(&colour)));
        }
        if in_irreducible(&sccs, l) {
            attrs.push("color=darkorange".into());
        }
        let _ = writeln!(out, "    {} [label={}{}{}];", node(l), quote(&label), sep(&attrs), attrs.join(", "));
    }
    if f.entry.index() < n {
        let _ = writeln!(out, "    f{fi}_start -> {};", node(f.entry.index()));
    }
    for (i, e) in f.edges.iter().enumerate() {
        if e.src.index() >= n || e.dst.index() >= n {
            continue;
        }
        let mut label = printer.op(&e.op);
        if e.span.is_known() {
            let _ = write!(label, "\nline {}", e.span.line);
        }
        let mut attrs = Vec::new();
        if loops.is_back_edge(crate::program::EdgeId(i as u32)) {
            attrs.push("color=\"#1f5fbf\", fontcolor=\"#1f5fbf\", penwidth=2.2, style=bold".to_string());
        }
        let _ = writeln!(
            out,
            "    {} -> {} [label={}{}{}];",
            node(e.src.index()),
            node(e.dst.index()),
            quote(&label),
            sep(&attrs),
            attrs.join(", ")
        );
    }
    out.push_str("  }\n");
}

fn sep(attrs: &[String]) -> &'static str {
    if attrs.is_empty() {
        ""
    } else {
        ", "
    }
}

/// An HSV fill colour for the innermost loop containing `l`: the hue tells loops apart (golden
/// ratio steps keep neighbouring ids distinct), saturation grows and value falls with depth.
fn loop_colour(loops: &LoopForest, l: usize) -> Option<String> {
    let id = loops.innermost(crate::program::Loc(l as u32))?;
    let depth = loops.get(id).depth.max(1) as f64;
    let hue = (id.0 as f64 * 0.618_033_988_75 + 0.12).fract();
    let sat = (0.12 + 0.12 * (depth - 1.0)).min(0.60);
    let val = (1.0 - 0.04 * (depth - 1.0)).max(0.75);
    Some(format!("{hue:.3} {sat:.3} {val:.3}"))
}

fn in_irreducible(sccs: &Sccs, l: usize) -> bool {
    sccs.scc_of(crate::program::Loc(l as u32)).is_some_and(|i| sccs.sccs[i].irreducible)
}

/// A DOT double-quoted string. Inside one, only `"` and the backslash are special to the
/// parser; Graphviz then reads backslash escapes in labels (`\n`, `\l`, `\N`, ...), so a literal
/// backslash is doubled and line breaks become `\n` (centred lines). Other control characters
/// are shown as spaces. `<`, `>`, `{`, `}` and `|` need no escaping in a quoted, non-HTML label
/// of a non-record shape, which is all this module emits.
pub fn quote(s: &str) -> String {
    let mut q = String::with_capacity(s.len() + 2);
    q.push('"');
    for c in s.chars() {
        match c {
            '"' => q.push_str("\\\""),
            '\\' => q.push_str("\\\\"),
            '\n' => q.push_str("\\n"),
            '\r' => {}
            c if c.is_control() => q.push(' '),
            c => q.push(c),
        }
    }
    q.push('"');
    q
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::Expr;
    use crate::program::{Edge, ErrorKind, FuncId, HaltKind, Loc, LocInfo, Op, Span};
    use std::collections::HashSet;

    fn func(name: &str, id: u32, kinds: Vec<LocKind>, edges: &[(u32, u32, Op)]) -> Function {
        let mut f = Function {
            name: name.into(),
            id: FuncId(id),
            locs: kinds
                .into_iter()
                .map(|kind| LocInfo { kind, span: Span { file: 0, line: 3, col: 1, ..Span::default() } })
                .collect(),
            ..Function::default()
        };
        f.exit = Loc(f.locs.iter().position(|l| l.kind == LocKind::Exit).unwrap_or(0) as u32);
        for (i, (s, d, op)) in edges.iter().enumerate() {
            let span = if i % 2 == 0 {
                Span { file: 0, line: 10 + i as u32, col: 2, ..Span::default() }
            } else {
                Span::default()
            };
            f.edges.push(Edge { src: Loc(*s), dst: Loc(*d), op: op.clone(), span });
        }
        f.index_edges();
        f
    }

    fn sample() -> Program {
        use LocKind::*;
        let err = Error { kind: ErrorKind::Assert, message: "a \"quoted\" \\ back\\nslash <b>{x}|y\nnext line".into() };
        let t = || Op::Assume(Expr::Bool(true));
        let main = func(
            "main",
            0,
            vec![Normal, Normal, Normal, Normal, Normal, err, Halt, Exit],
            &[
                (0, 1, Op::Skip),
                (1, 2, t()),
                (2, 3, t()),
                (3, 2, Op::Skip),
                (2, 1, Op::Skip),
                (1, 4, t()),
                (4, 5, t()),
                (4, 6, Op::Halt { kind: HaltKind::Abort, code: None }),
                (4, 7, Op::Return(None)),
            ],
        );
        let helper = func("helper", 1, vec![Exit], &[]);
        let odd =
            func("odd\"name", 2, vec![Normal, Normal, Exit], &[(0, 1, t()), (1, 0, t()), (0, 2, Op::Return(None))]);
        let mut p = Program { files: vec!["t.c".into()], ..Program::default() };
        p.functions = vec![main, helper, odd];
        p
    }

    /// DOT tokens: quoted strings (escapes kept), identifiers, `->` and single punctuation.
    fn tokens(s: &str) -> Vec<String> {
        let cs: Vec<char> = s.chars().collect();
        let mut out = Vec::new();
        let mut i = 0;
        while i < cs.len() {
            let c = cs[i];
            if c.is_whitespace() {
                i += 1;
            } else if c == '"' {
                let mut t = String::from('"');
                i += 1;
                while i < cs.len() && cs[i] != '"' {
                    if cs[i] == '\\' && i + 1 < cs.len() {
                        t.push(cs[i]);
                        i += 1;
                    }
                    assert_ne!(cs[i], '\n', "raw newline in a quoted string");
                    t.push(cs[i]);
                    i += 1;
                }
                assert!(i < cs.len(), "unterminated string");
                t.push('"');
                i += 1;
                out.push(t);
            } else if c == '-' && cs.get(i + 1) == Some(&'>') {
                out.push("->".into());
                i += 2;
            } else if c.is_alphanumeric() || c == '_' || c == '.' {
                let mut t = String::new();
                while i < cs.len() && (cs[i].is_alphanumeric() || cs[i] == '_' || cs[i] == '.') {
                    t.push(cs[i]);
                    i += 1;
                }
                out.push(t);
            } else {
                out.push(c.to_string());
                i += 1;
            }
        }
        out
    }

    fn check_plausible(dot: &str) {
        let toks = tokens(dot);
        let (mut braces, mut brackets) = (0i32, 0i32);
        for t in &toks {
            match t.as_str() {
                "{" => braces += 1,
                "}" => braces -= 1,
                "[" => brackets += 1,
                "]" => brackets -= 1,
                _ => {}
            }
            assert!(braces >= 0 && brackets >= 0);
        }
        assert_eq!((braces, brackets), (0, 0));
        assert_eq!(toks.first().map(String::as_str), Some("digraph"));
        // Node declarations: an identifier starting a statement, followed by `[`.
        let mut nodes = HashSet::new();
        for w in toks.windows(3) {
            if matches!(w[0].as_str(), ";" | "{") && w[2] == "[" && !matches!(w[1].as_str(), "graph" | "node" | "edge")
            {
                assert!(nodes.insert(w[1].clone()), "node {} declared twice", w[1]);
            }
        }
        let mut edges = 0;
        for (i, t) in toks.iter().enumerate() {
            if t == "->" {
                edges += 1;
                assert!(nodes.contains(&toks[i - 1]), "undeclared source {}", toks[i - 1]);
                assert!(nodes.contains(&toks[i + 1]), "undeclared target {}", toks[i + 1]);
            }
        }
        assert!(edges > 0);
    }

    #[test]
    fn dot_output_is_plausible() {
        let p = sample();
        let dot = program_to_dot(&p);
        check_plausible(&dot);
        assert!(dot.contains("subgraph \"cluster_main\" {"));
        assert!(dot.contains("subgraph \"cluster_odd\\\"name\" {"));
        // Node ids are unique across clusters.
        assert!(dot.contains("f0_L0 [") && dot.contains("f1_L0 [") && dot.contains("f2_L0 ["));
        // The error label is escaped: quotes, backslashes, newlines; <>{}| kept.
        assert!(dot.contains(r#"error: assert\na \"quoted\" \\ back\\nslash <b>{x}|y\nnext line"#), "{dot}");
        assert!(dot.contains("shape=doubleoctagon, color=red"));
        assert!(dot.contains("shape=doublecircle") && dot.contains("shape=Msquare"));
        assert!(dot.contains("L0 (entry)"));
        assert!(dot.contains("f0_L2 -> f0_L3 [label=\"assume true\\nline 12\"];"), "{dot}");
        assert!(dot.contains("f0_L4 -> f0_L6 [label=\"abort()\"];"), "{dot}");
        // Two nested loops in main (headers L1 and L2) and one in `odd`: three back edges; the
        // inner loop is filled differently from the outer ones.
        assert_eq!(dot.matches("penwidth=2.2").count(), 3, "back edges of main and odd");
        let fill = |node: &str| {
            dot.lines().find(|l| l.trim_start().starts_with(node)).and_then(|l| l.split("fillcolor=").nth(1))
        };
        assert!(fill("f0_L1 [").is_some() && fill("f0_L2 [").is_some() && fill("f2_L0 [").is_some());
        assert_ne!(fill("f0_L1 ["), fill("f0_L2 ["));
        assert_eq!(fill("f0_L2 ["), fill("f0_L3 ["));
        assert_eq!(fill("f0_L0 ["), None);
        check_plausible(&function_to_dot(&p, &p.functions[0]));
    }

    #[test]
    fn quoting() {
        assert_eq!(quote("a\"b\\c\nd\re\u{7}"), "\"a\\\"b\\\\c\\nde \"");
        assert_eq!(quote("<{|}>"), "\"<{|}>\"");
    }

    /// If Graphviz happens to be installed, it must accept the output.
    #[test]
    fn graphviz_accepts_the_output() {
        use std::io::Write as _;
        use std::process::{Command, Stdio};
        let Ok(mut child) =
            Command::new("dot").arg("-Tsvg").stdin(Stdio::piped()).stdout(Stdio::null()).stderr(Stdio::piped()).spawn()
        else {
            return;
        };
        let dot = program_to_dot(&sample());
        if let Some(mut stdin) = child.stdin.take() {
            stdin.write_all(dot.as_bytes()).expect("write to dot");
        }
        let out = child.wait_with_output().expect("run dot");
        assert!(out.status.success(), "dot rejected the output: {}\n{dot}", String::from_utf8_lossy(&out.stderr));
        assert!(out.stderr.is_empty(), "dot warned: {}", String::from_utf8_lossy(&out.stderr));
    }
}
