//! The paper's examples: the promotional example of section 1 and the running example of
//! section 2 (Fig. 1).

use kappa_slice::{slice, Criterion, SliceOptions};
use std::path::Path;

fn lower(name: &str) -> kappa_ir::Program {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/programs").join(name);
    kappa_cfront::lower_file(&path, &kappa_cfront::Options::default()).expect("lowers")
}

/// The statements of the decompiled program's body, without `#line` directives and
/// declarations.
fn body(c: &str) -> Vec<String> {
    let start = c.find("int main(void)\n{\n").expect("main") + "int main(void)\n{\n".len();
    c[start..]
        .lines()
        .map(str::trim)
        .filter(|l| !l.starts_with("#line") && !l.starts_with("uint32_t ") && !l.is_empty())
        .map(str::to_string)
        .collect()
}

#[test]
fn intro_example_keeps_only_z_under_not_c() {
    let prog = lower("paper_intro.c");
    let r = slice(&prog, &Criterion::Targets(vec!["z".into()]), &SliceOptions::default()).expect("slices");
    // "if (!c) z = …": no static slice removes anything here; the PSS-CFG keeps the read of c,
    // the test of c and z's assignment.
    assert_eq!(
        body(&r.c_source),
        ["c = (uint32_t)__VERIFIER_nondet_int();", "if (c == 0u) {", "z = 1u;", "}", "return 0;", "}"],
        "{}",
        r.c_source
    );
    assert_eq!(r.stats.pss_paths, 2.0);
    assert_eq!(r.stats.cfg_paths, 8.0);
}

#[test]
fn fig1_pss_cfg_and_decompiled_program() {
    let prog = lower("paper_fig1.c");
    let r = slice(&prog, &Criterion::Targets(vec!["z".into()]), &SliceOptions::default()).expect("slices");
    // Fig. 1(d): flag is gone, the branch on d is kept under c only, 3 paths.
    assert_eq!(
        body(&r.c_source),
        [
            "c = (uint32_t)__VERIFIER_nondet_int();",
            "if (c != 0u) {",
            "x = 1u;",
            "d = (uint32_t)__VERIFIER_nondet_int();",
            "if (d != 0u) {",
            "y = 1u;",
            "} else {",
            "y = 2u;",
            "}",
            "z = (uint32_t)(y + x);",
            "} else {",
            "x = 1u;",
            "z = x;",
            "}",
            "return 0;",
            "}"
        ],
        "{}",
        r.c_source
    );
    assert_eq!(r.stats.pss_paths, 3.0);
    // Section 2: rule 2 removes the two branches on flag with an infeasible side, rule 3 the
    // branch on d under !c; the !d context of the branch on flag is merged under c and under !c.
    assert_eq!((r.stats.rule2, r.stats.rule3), (2, 1));
    assert!(r.stats.merges >= 2, "{:?}", r.stats);
    assert_eq!(r.stats.infeasible_edges, 2);
}

#[test]
fn a_state_whose_witness_is_infeasible_is_not_merged() {
    // Merging condition (b) (section 4.1): at the join after `if (c > 0)`, the state with
    // c <= 0 implies the node's interpolant (true) but not x's witness (c > 5). The slicer
    // checks (b) before (a); either way the state must be explored, so that under c <= 0 only
    // `z = 0` is left (merged, it would keep the branch on c > 5 and `z = x + y - y` there).
    let prog = lower("witness_refused.c");
    let r = slice(&prog, &Criterion::Targets(vec!["z".into()]), &SliceOptions::default()).expect("slices");
    assert_eq!(
        body(&r.c_source),
        [
            "c = (uint32_t)__VERIFIER_nondet_int();",
            "x = (uint32_t)__VERIFIER_nondet_int();",
            "if ((int32_t)c > (int32_t)0u) {",
            "y = 1u;",
            "if ((int32_t)c > (int32_t)5u) {",
            "z = (uint32_t)(((uint32_t)(x + y)) - y);",
            "} else {",
            "z = 0u;",
            "}",
            "} else {",
            "z = 0u;",
            "}",
            "return 0;",
            "}"
        ],
        "{}",
        r.c_source
    );
    assert_eq!(r.stats.pss_paths, 3.0);
    assert_eq!(r.stats.rule2, 1, "{:?}", r.stats);
}
