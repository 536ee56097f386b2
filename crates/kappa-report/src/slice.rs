//! The page of `kappa slice --report DIR`: the slicer's figures, the PSS-CFG laid out by
//! Graphviz with each node linked to its line of the original program (the lines the slice
//! keeps marked there), and the decompiled slice.

use crate::page::{esc, svg_of, CSS};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

/// The most PSS-CFG nodes drawn; a larger graph is not laid out (Graphviz would take long and
/// the page would not be readable): the page says so and `--dot FILE` writes it.
pub const MAX_PSS_NODES: usize = 600;

/// What the page of a slice shows.
pub struct SlicePage<'a> {
    /// The command line.
    pub argv: &'a [String],
    /// The original program's file as named, and its text.
    pub file: &'a str,
    pub source: Option<&'a str>,
    /// The slicer's figures, as `kappa slice` prints them.
    pub summary: &'a str,
    /// The PSS-CFG as DOT (kappa_slice's: nodes `pN`, labels `line L: …`).
    pub dot: &'a str,
    pub c_source: &'a str,
    pub notes: &'a [String],
}

/// The DOT with an `id` per node and each node's line: `pN [label="line L: …"` gets
/// `id="pssN"`.
fn with_ids(dot: &str) -> (String, BTreeMap<String, u32>, usize) {
    let mut lines = BTreeMap::new();
    let mut out = String::with_capacity(dot.len() + dot.len() / 4);
    let mut nodes = 0;
    for l in dot.lines() {
        let t = l.trim_start();
        let node = t
            .strip_prefix('p')
            .and_then(|r| r.split_once(" [label=\""))
            .filter(|(n, _)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
        match node {
            Some((n, rest)) => {
                nodes += 1;
                let id = format!("pss{n}");
                if let Some(line) =
                    rest.strip_prefix("line ").and_then(|r| r.split_once(':')).and_then(|(x, _)| x.parse::<u32>().ok())
                {
                    lines.insert(id.clone(), line);
                }
                let _ = writeln!(out, "  p{n} [id=\"{id}\", class=\"pnode\", label=\"{rest}");
            }
            None => {
                out.push_str(l);
                out.push('\n');
            }
        }
    }
    (out, lines, nodes)
}

/// The page.
pub fn render(p: &SlicePage) -> String {
    let (dot, lines, nodes) = with_ids(p.dot);
    let kept: BTreeSet<u32> = lines.values().copied().collect();
    let mut h = String::with_capacity(32 * 1024);
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>kappa slice — {}</title><style>{CSS}</style></head><body>",
        esc(p.file)
    );
    h += "<nav><a href=\"#summary\">Summary</a><a href=\"#pss\">PSS-CFG</a><a href=\"#source\">Source</a><a href=\"#sliced\">Slice</a></nav><main>";
    let _ = write!(
        h,
        "<section id=\"summary\"><h1>kappa slice <span class=\"prog\">{}</span></h1><pre class=\"cmd\" id=\"command\">$ {}</pre><pre id=\"figures\">{}</pre>",
        esc(p.file),
        esc(&p.argv.join(" ")),
        esc(p.summary)
    );
    for n in p.notes {
        let _ = write!(h, "<p class=\"note\">{}</p>", esc(n));
    }
    h += "</section><section id=\"pss\"><h2>The path-sensitively sliced CFG (PSS-CFG)</h2>";
    if nodes > MAX_PSS_NODES {
        let _ = write!(
            h,
            "<p class=\"note\" id=\"tree-note\">{nodes} nodes: too many to lay out on the page (at most {MAX_PSS_NODES}); <code>kappa slice … --dot FILE</code> writes the graph.</p>"
        );
    } else {
        let _ = write!(
            h,
            "<p class=\"note\" id=\"tree-note\">{nodes} nodes; each is labelled with its line in the original program. Click a node to see that line.</p>"
        );
        match svg_of(&dot) {
            Ok(svg) => {
                let _ = write!(h, "<div class=\"tree\" id=\"tree-svg\">{svg}</div>");
            }
            Err(e) => {
                let _ = write!(h, "<p class=\"note\">{e}</p>");
            }
        }
    }
    let _ = write!(
        h,
        "</section><section id=\"source\"><h2>The original program</h2><p class=\"note\">Marked: the {} lines the PSS-CFG keeps.</p>",
        kept.len()
    );
    match p.source {
        Some(text) => {
            h += "<div class=\"src\">";
            for (k, line) in text.lines().enumerate() {
                let n = k as u32 + 1;
                let class = if kept.contains(&n) { "l c kept" } else { "l n" };
                let _ = write!(
                    h,
                    "<div class=\"{class}\" id=\"f0-L{n}\"><span class=\"ln\">{n}</span><span class=\"code\">{}</span></div>",
                    esc(line)
                );
            }
            h += "</div>";
        }
        None => {
            let _ = write!(h, "<p class=\"note\">{} cannot be read: the source is not shown.</p>", esc(p.file));
        }
    }
    let _ = write!(
        h,
        "</section><section id=\"sliced\"><h2>The slice, decompiled to C</h2><pre class=\"src\">{}</pre></section></main>",
        esc(p.c_source)
    );
    let lines = serde_json::to_string(&lines).unwrap_or_else(|_| "{}".into());
    let _ = writeln!(
        h,
        "<script type=\"application/json\" id=\"tree-lines\">{lines}</script><script>{JS}</script></body></html>"
    );
    h
}

const JS: &str = r#"
(function(){
  var last=null,lines=JSON.parse(document.getElementById('tree-lines').textContent);
  document.querySelectorAll('#tree-svg g.node').forEach(function(g){var n=lines[g.id];if(!n)return;
    g.addEventListener('click',function(){var el=document.getElementById('f0-L'+n);if(!el)return;
      if(last)last.classList.remove('hl');el.classList.add('hl');last=el;el.scrollIntoView({block:'center'});});});
})();
"#;

/// Writes `dir/index.html`; returns its path.
pub fn write(p: &SlicePage, dir: &std::path::Path) -> Result<std::path::PathBuf, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let path = dir.join("index.html");
    std::fs::write(&path, render(p)).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pss_nodes_get_ids_and_lines() {
        let dot = "digraph pss_cfg {\n  p0 [label=\"line 3: x = y\", shape=box];\n  p1 [label=\"end\", shape=doublecircle];\n  p0 -> p1;\n}\n";
        let (d, lines, n) = with_ids(dot);
        assert_eq!(n, 2);
        assert!(d.contains("p0 [id=\"pss0\", class=\"pnode\", label=\"line 3: x = y\""), "{d}");
        assert!(d.contains("p0 -> p1;"));
        assert_eq!(lines.get("pss0"), Some(&3));
        assert_eq!(lines.get("pss1"), None);
    }
}
