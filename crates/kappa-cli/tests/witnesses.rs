//! Witnesses over the reachability corpus (`tests/programs/svcomp`): every `false` writes both
//! violation witnesses and kappa's execution-based validation reaches the error with each
//! (unless kappa said the witness does not, as the counterexample reads uninitialised memory,
//! which no witness format carries); every `true` of a sample writes both correctness witnesses, and the invariants of
//! the YAML witness, put into the C source at their loop heads as checks that call
//! `reach_error`, are proved by kappa from the source, while their negations are refuted.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn kappa(args: &[&str]) -> (String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_kappa")).current_dir(root()).args(args).output().expect("run kappa");
    assert!(out.status.code().is_some_and(|c| c <= 1), "kappa {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    (String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

fn last_line(s: &str) -> &str {
    s.lines().last().unwrap_or("")
}

fn with_verdict(v: &str) -> Vec<String> {
    let dir = root().join("tests/programs/svcomp");
    let mut out: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .filter(|p| std::fs::read_to_string(p).unwrap().contains(&format!("// kappa-expect: verdict={v}")))
        .map(|p| format!("tests/programs/svcomp/{}", p.file_name().unwrap().to_string_lossy()))
        .collect();
    out.sort();
    out
}

#[test]
fn every_false_of_the_corpus_has_both_witnesses_and_they_validate() {
    let files = with_verdict("false");
    assert!(files.len() >= 20, "{files:?}");
    let mut bad = Vec::new();
    let mut uninit = 0;
    for file in &files {
        let dir = tempfile::tempdir().unwrap();
        let o = dir.path().to_str().unwrap();
        let (out, err) = kappa(&["verify", "--quiet", "--max-time", "30", "--out", o, file]);
        assert_eq!(last_line(&out), "RESULT: false(unreach-call)", "{file}: {err}");
        // kappa checks its witnesses itself and says when one does not lead to the violation.
        let reads_uninit = out.contains("does not lead to the violation") && out.contains("reads uninitialised memory");
        uninit += usize::from(reads_uninit);
        for w in ["witness.graphml", "witness.yml"] {
            let path = dir.path().join(w);
            let text = std::fs::read_to_string(&path).unwrap_or_else(|_| panic!("{file}: no {w}: {err}"));
            assert!(text.len() < 1 << 20, "{file}: {w} has {} bytes", text.len());
            let (rout, _) = kappa(&["replay", file, path.to_str().unwrap()]);
            if last_line(&rout) != "REPLAY: match" && !reads_uninit {
                bad.push(format!("{file} {w}: {}", last_line(&rout)));
            }
        }
    }
    assert!(bad.is_empty(), "witnesses not confirmed:\n{}", bad.join("\n"));
    // The exception is an exception: most counterexamples are carried by their witnesses.
    assert!(uninit <= 2, "{uninit} counterexamples read uninitialised memory");
}

/// `(line, column, expression)` of each `loop_invariant` of a YAML correctness witness.
fn invariants(yaml: &str) -> Vec<(usize, usize, String)> {
    let mut out = Vec::new();
    let (mut line, mut col) = (0, 0);
    for l in yaml.lines().map(str::trim) {
        if let Some(v) = l.strip_prefix("line: ") {
            line = v.parse().unwrap();
        } else if let Some(v) = l.strip_prefix("column: ") {
            col = v.parse().unwrap();
        } else if let Some(v) = l.strip_prefix("value: ") {
            out.push((line, col, v.trim_matches('"').to_string()));
        }
    }
    out
}

/// The program with `__kappa_inv(E)` evaluated at the loop head at `line:col` (a `while` or
/// `for` keyword: before each evaluation of the condition; `do {`: at the top of the body; a
/// label `L:`: right after it).
fn instrument(src: &str, invs: &[(usize, usize, String)]) -> String {
    let mut lines: Vec<String> = src.lines().map(String::from).collect();
    // Right to left within a line, so that earlier columns stay valid.
    let mut sorted = invs.to_vec();
    sorted.sort_by_key(|b| std::cmp::Reverse((b.0, b.1)));
    for (line, col, e) in sorted {
        let l = &mut lines[line - 1];
        let at = col - 1;
        let rest = &l[at..];
        let check = format!("__kappa_inv({e})");
        // A loop made of `goto`: its head is the label.
        if let Some(colon) = rest.find(':').filter(|&c| rest[..c].chars().all(|x| x.is_alphanumeric() || x == '_')) {
            l.insert_str(at + colon + 1, &format!(" {check};"));
            continue;
        }
        if rest.starts_with("do") {
            let brace = at + rest.find('{').expect("do {") + 1;
            l.insert_str(brace, &format!(" {check};"));
            continue;
        }
        let open = at + rest.find('(').unwrap_or_else(|| panic!("no loop head at {line}:{col}: {l}"));
        // The condition: all of `while (...)`, or what is between the `;`s of `for (...)`.
        let (mut depth, mut semis, mut start, mut end) = (0, Vec::new(), open + 1, None);
        for (i, c) in l.char_indices().skip(open) {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        end = Some(i);
                        break;
                    }
                }
                ';' if depth == 1 => semis.push(i),
                _ => {}
            }
        }
        let mut end = end.expect("loop head on one line");
        if rest.starts_with("for") {
            start = semis[0] + 1;
            end = semis[1];
        }
        let cond = l[start..end].trim().to_string();
        let cond = if cond.is_empty() { "1".to_string() } else { cond };
        l.replace_range(start..end, &format!(" ({check}, ({cond}))"));
    }
    format!(
        "extern void reach_error();\nstatic void __kappa_inv(int c) {{ if (!c) reach_error(); }}\n{}\n",
        lines.join("\n")
    )
}

#[test]
fn invariants_of_correctness_witnesses_hold_at_their_loop_heads() {
    let sample = [
        "array_search_arbitrary",
        "binary_search",
        "count_up_to_bound",
        "four_branches_safe",
        "linear_search",
        "loops_in_sequence",
        "million_iterations_safe",
        "multivar",
        "old_style_sum",
    ];
    let trues = with_verdict("true");
    let mut nontrivial = 0;
    for name in sample {
        let file = format!("tests/programs/svcomp/{name}.c");
        assert!(trues.contains(&file), "{file} is no `true` program");
        let dir = tempfile::tempdir().unwrap();
        let o = dir.path().to_str().unwrap();
        // No --max-time: the invariant check is budgeted by work (issue 20), so what it finds
        // does not depend on the machine's load; a time limit would bring that back.
        let (out, err) = kappa(&["verify", "--quiet", "--out", o, &file]);
        assert_eq!(last_line(&out), "RESULT: true", "{file}: {err}");
        let yml = std::fs::read_to_string(dir.path().join("witness.yml")).unwrap();
        let graphml = std::fs::read_to_string(dir.path().join("witness.graphml")).unwrap();
        assert!(yml.starts_with("- entry_type: invariant_set\n") && yml.contains("format_version: \"2.0\""));
        assert!(graphml.contains("<data key=\"witness-type\">correctness_witness</data>"));
        let invs: Vec<_> = invariants(&yml).into_iter().filter(|i| i.2 != "1").collect();
        for (_, _, e) in &invs {
            assert!(graphml.contains(&format!(
                "<data key=\"invariant\">{}</data>",
                e.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
            )));
        }
        if invs.is_empty() {
            continue;
        }
        nontrivial += 1;
        let src = std::fs::read_to_string(root().join(&file)).unwrap();
        let checked = dir.path().join(format!("{name}_inv.c"));
        std::fs::write(&checked, instrument(&src, &invs)).unwrap();
        let (out, err) = kappa(&["verify", "--quiet", "--max-time", "60", "--out", o, checked.to_str().unwrap()]);
        assert_eq!(last_line(&out), "RESULT: true", "{file}: the invariants {invs:?} do not hold: {err}");
        // The check can fail: the negated invariants are refuted at their heads.
        let negated: Vec<_> = invs.iter().map(|(l, c, e)| (*l, *c, format!("!({e})"))).collect();
        let wrong = dir.path().join(format!("{name}_neg.c"));
        std::fs::write(&wrong, instrument(&src, &negated)).unwrap();
        let (out, err) = kappa(&["verify", "--quiet", "--max-time", "60", "--out", o, wrong.to_str().unwrap()]);
        assert_eq!(last_line(&out), "RESULT: false(unreach-call)", "{file}: negated invariants: {err}");
    }
    assert!(nontrivial >= 8, "only {nontrivial} programs got invariants other than 1");
}

#[test]
fn candidates_that_fail_after_some_iterations_are_not_written() {
    // `i <= n` holds until i steps past an odd n: kappa must refute it (through the loop's
    // template in compact mode, by unrolling in classic mode) and keep `0 <= i`.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("step_two.c");
    std::fs::write(
        &file,
        "extern void abort(void);\nvoid reach_error(void) { abort(); }\nextern int __VERIFIER_nondet_int(void);\n\
         int main(void) {\n  int n = __VERIFIER_nondet_int();\n  if (n < 0 || n > 100) return 0;\n  int i = 0;\n\
         while (i < n) {\n    i += 2;\n  }\n  if (i < n) reach_error();\n  return 0;\n}\n",
    )
    .unwrap();
    // `--proof none`: the candidates checked by exploration (by default k-induction proves this
    // program, with `0 <= i && 0 <= n && (i) % 2 == 0`).
    for mode in ["compact", "classic"] {
        let o = dir.path().join(mode);
        let (out, err) =
            kappa(&["verify", "--mode", mode, "--proof", "none", "--out", o.to_str().unwrap(), file.to_str().unwrap()]);
        assert_eq!(last_line(&out), "RESULT: true", "{err}");
        let inv = out.lines().find(|l| l.starts_with("invariant at")).unwrap_or_else(|| panic!("{out}"));
        assert!(inv.ends_with(": 0 <= i && 0 <= n"), "{mode}: {inv}");
    }
}

#[test]
fn loops_without_a_condition_get_invariants_at_their_lines() {
    // The heads of `while (1)`, `for (;;)` and a loop of `goto` are positioned at the loop
    // statement (the label): their invariants are written at lines 6, 12 and 19, and hold there.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("no_condition.c");
    let src =
        "extern void abort(void);\nvoid reach_error(void) { abort(); }\nextern int __VERIFIER_nondet_int(void);\n\
               int main(void) {\n  int i = 0;\n  while (1) {\n    if (i >= 10) break;\n    i++;\n  }\n\
               if (i != 10) reach_error();\n  int j = 0;\n  for (;;) {\n    if (__VERIFIER_nondet_int()) break;\n\
                   j += 2;\n    if (j > 100) j = 0;\n  }\n  if (j < 0 || j > 100) reach_error();\n  int k = 0;\n\
               again:\n  if (k < 5) { k++; goto again; }\n  if (k != 5) reach_error();\n  return 0;\n}\n";
    std::fs::write(&file, src).unwrap();
    let o = dir.path().to_str().unwrap();
    let (out, err) = kappa(&["verify", "--quiet", "--out", o, file.to_str().unwrap()]);
    assert_eq!(last_line(&out), "RESULT: true", "{err}");
    let yml = std::fs::read_to_string(dir.path().join("witness.yml")).unwrap();
    let graphml = std::fs::read_to_string(dir.path().join("witness.graphml")).unwrap();
    let invs: Vec<_> = invariants(&yml).into_iter().filter(|i| i.2 != "1").collect();
    let heads: Vec<_> = invs.iter().map(|i| (i.0, i.1)).collect();
    assert_eq!(heads, [(6, 3), (12, 3), (19, 1)], "{yml}");
    for (line, _, _) in &invs {
        assert!(graphml.contains(&format!("<data key=\"startline\">{line}</data>")), "{graphml}");
    }
    let checked = dir.path().join("no_condition_inv.c");
    std::fs::write(&checked, instrument(src, &invs)).unwrap();
    let (out, err) = kappa(&["verify", "--quiet", "--max-time", "60", "--out", o, checked.to_str().unwrap()]);
    assert_eq!(last_line(&out), "RESULT: true", "the invariants {invs:?} do not hold: {err}");
    // Each check can fail: each negated invariant alone is refuted at its head.
    for (l, c, e) in &invs {
        let wrong = dir.path().join(format!("no_condition_neg{l}.c"));
        std::fs::write(&wrong, instrument(src, &[(*l, *c, format!("!({e})"))])).unwrap();
        let (out, err) = kappa(&["verify", "--quiet", "--max-time", "60", "--out", o, wrong.to_str().unwrap()]);
        assert_eq!(last_line(&out), "RESULT: false(unreach-call)", "line {l}: negated invariant: {err}");
    }
}
