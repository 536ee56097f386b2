//! Tests of the graph analyses on hand-built flowgraphs, including the examples of Appendix A of
//! the ATVA 2013 paper, and cross-checks against brute force on random graphs.

use super::*;
use crate::expr::Expr;
use crate::program::{Edge, ErrorKind, Loc, LocInfo, LocKind, Op, Span};
use std::collections::{BTreeMap, BTreeSet};

/// A flowgraph whose locations are named by single characters. The first character of `names`
/// is the entry; `x` (if present) is the exit, `!` an error location, `h` a halt location.
/// Edges are written `"ab"`; edges into `x` are returns, into `h` halts, others alternate
/// between `Skip` and `Assume(true)`.
struct G {
    f: Function,
    names: Vec<char>,
}

impl G {
    fn new(names: &str, edges: &[&str]) -> G {
        let names: Vec<char> = names.chars().collect();
        let locs = names
            .iter()
            .map(|&c| LocInfo {
                kind: match c {
                    'x' => LocKind::Exit,
                    '!' => LocKind::Error { kind: ErrorKind::Assert, message: "assertion".into() },
                    'h' => LocKind::Halt,
                    _ => LocKind::Normal,
                },
                span: Span::default(),
            })
            .collect();
        let mut f = Function { name: "test".into(), locs, ..Function::default() };
        f.exit = Loc(names.iter().position(|&c| c == 'x').unwrap_or(0) as u32);
        for (i, e) in edges.iter().enumerate() {
            let cs: Vec<char> = e.chars().collect();
            let at = |c: char| Loc(names.iter().position(|&n| n == c).expect("known location") as u32);
            let (src, dst) = (at(cs[0]), at(cs[1]));
            let op = match cs[1] {
                'x' => Op::Return(None),
                'h' => Op::Halt { kind: crate::program::HaltKind::Abort, code: None },
                _ if i % 2 == 0 => Op::Skip,
                _ => Op::Assume(Expr::Bool(true)),
            };
            f.edges.push(Edge { src, dst, op, span: Span { file: 0, line: i as u32 + 1, col: 1, ..Span::default() } });
        }
        f.index_edges();
        G { f, names }
    }

    fn l(&self, c: char) -> Loc {
        Loc(self.names.iter().position(|&n| n == c).expect("known location") as u32)
    }

    fn name(&self, l: Loc) -> char {
        self.names[l.index()]
    }

    /// The edge written `"ab"` (the first one if there are parallel edges).
    fn e(&self, s: &str) -> EdgeId {
        let cs: Vec<char> = s.chars().collect();
        let (a, b) = (self.l(cs[0]), self.l(cs[1]));
        self.f.edge_ids().find(|&e| self.f.edge(e).src == a && self.f.edge(e).dst == b).expect("known edge")
    }

    fn locs(&self, ls: &[Loc]) -> String {
        let mut s: Vec<char> = ls.iter().map(|&l| self.name(l)).collect();
        s.sort_unstable();
        s.into_iter().collect()
    }

    fn edges(&self, es: &[EdgeId]) -> Vec<String> {
        es.iter().map(|&e| format!("{}{}", self.name(self.f.edge(e).src), self.name(self.f.edge(e).dst))).collect()
    }

    /// A core as the paper writes it: its locations from the entry, and the entry again.
    fn core(&self, c: &Cycle) -> String {
        let mut s: String = c.locs(&self.f).map(|l| self.name(l)).collect();
        s.push(self.name(c.entry));
        s
    }

    fn cores(&self, cs: &Cycles) -> Vec<String> {
        let mut v: Vec<String> = cs.cycles.iter().map(|c| self.core(c)).collect();
        v.sort();
        v
    }
}

fn sorted(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// Structural invariants every cycle must satisfy (Definition 1).
fn check_cycles(f: &Function, cs: &Cycles) {
    for c in &cs.cycles {
        assert!(!c.core.is_empty());
        assert_eq!(f.edge(c.core[0]).src, c.entry);
        assert_eq!(f.edge(*c.core.last().unwrap()).dst, c.entry);
        for w in c.core.windows(2) {
            assert_eq!(f.edge(w[0]).dst, f.edge(w[1]).src);
        }
        let locs: Vec<Loc> = c.locs(f).collect();
        let set: BTreeSet<Loc> = locs.iter().copied().collect();
        assert_eq!(set.len(), locs.len(), "core locations pairwise distinct");
        let core_set: BTreeSet<EdgeId> = c.core.iter().copied().collect();
        let want: BTreeSet<EdgeId> =
            f.edge_ids().filter(|e| !core_set.contains(e) && set.contains(&f.edge(*e).src)).collect();
        let got: BTreeSet<EdgeId> = c.exits.iter().copied().collect();
        assert_eq!(got, want, "exit edges");
        assert!(cs.at_entry(c.entry).any(|d| d == c));
    }
}

// ---------------------------------------------------------------------------------------------
// The paper's examples (Appendix A).

/// Fig. 2: a loop with an internal branching.
/// `s: init; a: while (*) { b: if (*) c: .. else d: ..; e: .. }; x: return`.
fn fig2() -> G {
    G::new("sabcdex", &["sa", "ab", "ax", "bc", "bd", "ce", "de", "ea"])
}

#[test]
fn fig2_has_the_four_cycles_of_the_paper() {
    let g = fig2();
    let cs = enumerate_cycles(&g.f, &CycleOptions::default());
    assert_eq!(g.cores(&cs), sorted(&["abcea", "abdea", "eabce", "eabde"]));
    assert!(!cs.truncated);
    assert_eq!(cs.circuits, 2);
    assert_eq!(cs.entries().collect::<Vec<_>>(), vec![g.l('a'), g.l('e')]);
    assert_eq!(cs.at_entry(g.l('a')).count(), 2);
    assert_eq!(cs.at_entry(g.l('b')).count(), 0);
    check_cycles(&g.f, &cs);
    let abcea = cs.cycles.iter().find(|c| g.core(c) == "abcea").unwrap();
    assert_eq!(g.edges(&abcea.exits), vec!["ax", "bd"]);
    let eabce = cs.cycles.iter().find(|c| g.core(c) == "eabce").unwrap();
    assert_eq!(g.edges(&eabce.exits), vec!["ax", "bd"]);
    assert_eq!(g.edges(eabce.prefix_to(&g.f, g.l('b')).unwrap()), vec!["ea", "ab"]);
    assert_eq!(eabce.prefix_to(&g.f, g.l('e')), Some(&[][..]));
    assert_eq!(eabce.prefix_to(&g.f, g.l('d')), None);
    // The rotations of one circuit share its number.
    assert_eq!(abcea.circuit, eabce.circuit);
}

#[test]
fn fig2_loops_and_dominators() {
    let g = fig2();
    let a = FunctionAnalysis::new(&g.f);
    assert_eq!(a.loops.loops.len(), 1);
    let lp = &a.loops.loops[0];
    assert_eq!(lp.header, g.l('a'));
    assert_eq!(g.locs(&lp.body), "abcde");
    assert_eq!(g.edges(&lp.back_edges), vec!["ea"]);
    assert_eq!(g.edges(&lp.exits), vec!["ax"]);
    assert_eq!(a.dom.idom(g.l('e')), Some(g.l('b')));
    assert_eq!(a.postdom.idom(g.l('b')), Some(g.l('e')));
    assert_eq!(a.postdom.idom(g.l('a')), Some(g.l('x')));
    assert_eq!(a.postdom.roots(), &[g.l('x')]);
    assert_eq!(a.sccs.sccs.len(), 1);
    assert!(!a.sccs.has_irreducible());
    assert_eq!(a.sccs.sccs[0].entries, vec![g.l('a')]);
}

/// Fig. 3: insertion sort.
/// ```text
/// s: i = 1;
/// a: while (i < n) {                      a→b, a→x
/// b:   x = A[i]; j = i - 1;               b→c
/// c:   while (j >= 0                      c→e, c→d
/// e:          && A[j] > x) {              e→f, e→d
/// f:     A[j+1] = A[j];                   f→g
/// g:     j--; }                           g→c
/// d:   A[j+1] = x; i++; }                 d→a
/// ```
fn fig3() -> G {
    G::new("sabcdefgx", &["sa", "ab", "ax", "bc", "cd", "ce", "ed", "ef", "fg", "gc", "da"])
}

#[test]
fn fig3_has_the_seven_cycles_of_the_paper() {
    let g = fig3();
    let cs = enumerate_cycles(&g.f, &CycleOptions::default());
    // The paper's caption lists "abcda" twice; the second is "abceda": it is the rotation to
    // `a` of the circuit whose rotations "cedabc" and "dabced" the caption also lists, and `a`
    // is an entry of every circuit through it (it is entered from `s`).
    assert_eq!(g.cores(&cs), sorted(&["abcda", "abceda", "cdabc", "cedabc", "cefgc", "dabcd", "dabced"]));
    assert_eq!(cs.circuits, 3);
    check_cycles(&g.f, &cs);
    let cefgc = cs.cycles.iter().find(|c| g.core(c) == "cefgc").unwrap();
    assert_eq!(g.edges(&cefgc.exits), vec!["cd", "ed"]);
    let dabced = cs.cycles.iter().find(|c| g.core(c) == "dabced").unwrap();
    assert_eq!(g.edges(&dabced.exits), vec!["ax", "cd", "ef"]);
}

#[test]
fn fig3_nested_loops() {
    let g = fig3();
    let a = FunctionAnalysis::new(&g.f);
    let lf = &a.loops;
    assert_eq!(lf.loops.len(), 2);
    let outer = lf.loop_with_header(g.l('a')).unwrap();
    let inner = lf.loop_with_header(g.l('c')).unwrap();
    assert!(outer < inner);
    assert_eq!(g.locs(&lf.get(outer).body), "abcdefg");
    assert_eq!(g.locs(&lf.get(inner).body), "cefg");
    assert_eq!(lf.get(inner).parent, Some(outer));
    assert_eq!(lf.get(outer).parent, None);
    assert_eq!(lf.get(outer).children, vec![inner]);
    assert_eq!((lf.get(outer).depth, lf.get(inner).depth), (1, 2));
    assert_eq!(g.edges(&lf.get(inner).exits), vec!["cd", "ed"]);
    assert_eq!(g.edges(&lf.get(outer).exits), vec!["ax"]);
    assert_eq!(lf.innermost(g.l('f')), Some(inner));
    assert_eq!(lf.innermost(g.l('d')), Some(outer));
    assert_eq!(lf.innermost(g.l('s')), None);
    assert_eq!((lf.depth(g.l('g')), lf.depth(g.l('b')), lf.depth(g.l('x'))), (2, 1, 0));
    assert_eq!(g.edges(&lf.back_edges().collect::<Vec<_>>()), vec!["gc", "da"]);
    assert!(lf.is_back_edge(g.e("da")) && !lf.is_back_edge(g.e("cd")));
    assert_eq!(lf.roots().collect::<Vec<_>>(), vec![outer]);
    assert_eq!(a.sccs.sccs.len(), 1);
    assert!(!a.sccs.sccs[0].irreducible);
}

// ---------------------------------------------------------------------------------------------
// Dominators.

#[test]
fn dominators_of_a_diamond_with_unreachable_code() {
    // s → a → {b, c} → d → x; u is unreachable and jumps into d.
    let g = G::new("sabcdxu", &["sa", "ab", "ac", "bd", "cd", "dx", "ud"]);
    let dom = dominators(&g.f);
    assert_eq!(dom.idom(g.l('s')), None);
    assert_eq!(dom.idom(g.l('d')), Some(g.l('a')));
    assert_eq!(dom.idom(g.l('b')), Some(g.l('a')));
    assert!(dom.dominates(g.l('a'), g.l('x')));
    assert!(dom.dominates(g.l('d'), g.l('d')));
    assert!(!dom.strictly_dominates(g.l('d'), g.l('d')));
    assert!(!dom.dominates(g.l('b'), g.l('d')));
    assert_eq!(dom.children(g.l('a')), &[g.l('b'), g.l('c'), g.l('d')]);
    assert_eq!(dom.roots(), &[g.l('s')]);
    assert!(!dom.is_reachable(g.l('u')));
    assert_eq!(dom.idom(g.l('u')), None);
    assert!(!dom.dominates(g.l('u'), g.l('d')) && !dom.dominates(g.l('s'), g.l('u')));
    assert_eq!(dom.children(g.l('u')), &[]);
    assert_eq!(dom.dominators(g.l('x')).map(|l| g.name(l)).collect::<String>(), "xdas");
    assert_eq!(dom.dominators(g.l('u')).count(), 0);
    assert_eq!(dom.common_dominator(g.l('b'), g.l('c')), Some(g.l('a')));
    assert_eq!(dom.common_dominator(g.l('b'), g.l('u')), None);

    let pd = post_dominators(&g.f);
    assert_eq!(pd.idom(g.l('a')), Some(g.l('d')));
    assert_eq!(pd.idom(g.l('u')), Some(g.l('d')));
    assert_eq!(pd.idom(g.l('x')), None);
    assert!(pd.dominates(g.l('d'), g.l('b')));
    assert_eq!(pd.roots(), &[g.l('x')]);
}

#[test]
fn post_dominators_with_several_sinks_and_an_endless_loop() {
    // s → a; a → ! (error) | b; b → x | h (halt); c ⇄ d is an endless loop entered from b.
    let g = G::new("sab!xhcd", &["sa", "a!", "ab", "bx", "bh", "bc", "cd", "dc"]);
    let pd = post_dominators(&g.f);
    // Several sinks: nothing post-dominates `a` but the virtual exit.
    assert_eq!(pd.idom(g.l('a')), None);
    assert!(pd.is_reachable(g.l('a')));
    let mut roots: Vec<char> = pd.roots().iter().map(|&l| g.name(l)).collect();
    roots.sort_unstable();
    assert_eq!(roots, vec!['!', 'a', 'b', 'h', 'x']);
    assert_eq!(pd.idom(g.l('s')), Some(g.l('a')));
    // The endless loop never reaches a sink.
    assert!(!pd.is_reachable(g.l('c')));
    assert_eq!(pd.idom(g.l('d')), None);
    assert!(!pd.dominates(g.l('c'), g.l('d')));
}

#[test]
fn degenerate_functions_do_not_panic() {
    // Entry is the exit: one location, no edges.
    let g = G::new("x", &[]);
    let a = FunctionAnalysis::new(&g.f);
    assert!(a.dom.is_reachable(g.l('x')));
    assert_eq!(a.postdom.roots(), &[g.l('x')]);
    assert!(a.loops.is_empty() && a.sccs.sccs.is_empty() && a.cycles.is_empty());

    // No locations at all (and an entry out of range).
    let f = Function::default();
    let a = FunctionAnalysis::new(&f);
    assert!(a.dom.roots().is_empty() && a.postdom.roots().is_empty());
    assert!(!a.dom.is_reachable(Loc(0)) && !a.dom.dominates(Loc(0), Loc(0)));
    assert_eq!(a.loops.innermost(Loc(3)), None);
    assert_eq!(a.cycles.at_entry(Loc(3)).count(), 0);

    // Edges out of range, stale adjacency lists, an entry out of range.
    let mut g = G::new("sab", &["sa", "ab", "ba"]);
    g.f.edges.push(Edge { src: Loc(1), dst: Loc(17), op: Op::Skip, span: Span::default() });
    g.f.edges.push(Edge { src: Loc(42), dst: Loc(0), op: Op::Skip, span: Span::default() });
    let a = FunctionAnalysis::new(&g.f);
    assert_eq!(a.loops.loops.len(), 1);
    assert_eq!(a.cycles.len(), 1);
    assert!(!a.loops.is_back_edge(EdgeId(3)) && !a.loops.is_back_edge(EdgeId(99)));
    g.f.entry = Loc(99);
    let a = FunctionAnalysis::new(&g.f);
    assert!(a.dom.roots().is_empty() && a.loops.is_empty() && a.cycles.is_empty());
    assert_eq!(a.sccs.sccs.len(), 1);
    assert!(!a.sccs.sccs[0].reachable);
}

// ---------------------------------------------------------------------------------------------
// Loops, SCCs and cycles on small shapes.

#[test]
fn self_loop() {
    let g = G::new("sax", &["sa", "aa", "ax"]);
    let a = FunctionAnalysis::new(&g.f);
    assert_eq!(g.cores(&a.cycles), vec!["aa"]);
    assert_eq!(g.edges(&a.cycles.cycles[0].exits), vec!["ax"]);
    assert_eq!(a.loops.loops.len(), 1);
    assert_eq!(g.locs(&a.loops.loops[0].body), "a");
    assert_eq!(g.edges(&a.loops.loops[0].back_edges), vec!["aa"]);
    assert_eq!(a.sccs.sccs.len(), 1);
    assert_eq!(g.locs(&a.sccs.sccs[0].locs), "a");
    assert!(a.sccs.on_cycle(g.l('a')) && !a.sccs.on_cycle(g.l('s')));
}

#[test]
fn two_loops_in_sequence() {
    // s → a ⇄ b, a → c ⇄ d, c → x.
    let g = G::new("sabcdx", &["sa", "ab", "ba", "ac", "cd", "dc", "cx"]);
    let a = FunctionAnalysis::new(&g.f);
    assert_eq!(g.cores(&a.cycles), sorted(&["aba", "cdc"]));
    assert_eq!(a.loops.loops.len(), 2);
    for lp in &a.loops.loops {
        assert_eq!((lp.depth, lp.parent), (1, None));
    }
    assert_eq!(g.locs(&a.loops.get(LoopId(0)).body), "ab");
    assert_eq!(g.locs(&a.loops.get(LoopId(1)).body), "cd");
    assert_eq!(g.edges(&a.loops.get(LoopId(0)).exits), vec!["ac"]);
    assert_eq!(a.sccs.sccs.len(), 2);
    check_cycles(&g.f, &a.cycles);
}

#[test]
fn unreachable_loop_is_ignored() {
    // s → x; u → v ⇄ w is dead code.
    let g = G::new("sxuvw", &["sx", "uv", "vw", "wv"]);
    let a = FunctionAnalysis::new(&g.f);
    assert!(a.loops.is_empty());
    assert!(a.cycles.is_empty());
    assert_eq!(a.sccs.sccs.len(), 1);
    let scc = &a.sccs.sccs[0];
    assert_eq!(g.locs(&scc.locs), "vw");
    assert!(!scc.reachable && !scc.irreducible);
    assert_eq!(scc.entries, vec![]);
}

#[test]
fn no_loops() {
    let g = G::new("sab!x", &["sa", "ab", "a!", "bx"]);
    let a = FunctionAnalysis::new(&g.f);
    assert!(a.loops.is_empty() && a.sccs.sccs.is_empty() && a.cycles.is_empty());
    assert_eq!(a.cycles.circuits, 0);
    assert_eq!(a.loops.back_edges().count(), 0);
}

#[test]
fn continue_gives_two_back_edges_to_one_loop() {
    // a: while (*) { b: if (*) continue; c: .. }
    let g = G::new("sabcx", &["sa", "ab", "ax", "ba", "bc", "ca"]);
    let a = FunctionAnalysis::new(&g.f);
    assert_eq!(a.loops.loops.len(), 1);
    assert_eq!(g.edges(&a.loops.loops[0].back_edges), vec!["ba", "ca"]);
    assert_eq!(g.locs(&a.loops.loops[0].body), "abc");
    assert_eq!(g.cores(&a.cycles), sorted(&["aba", "abca"]));
}

#[test]
fn parallel_edges_give_distinct_cores() {
    // Two edges a → b (e.g. two switch cases with the same target), one b → a.
    let g = G::new("sabx", &["sa", "ab", "ab", "ba", "bx"]);
    let cs = enumerate_cycles(&g.f, &CycleOptions::default());
    // b has two incoming edges, so it is an entry of both circuits too.
    assert_eq!(g.cores(&cs), sorted(&["aba", "aba", "bab", "bab"]));
    assert_eq!(cs.circuits, 2);
    let at_a: Vec<&Cycle> = cs.at_entry(g.l('a')).collect();
    assert_eq!(at_a.len(), 2);
    assert_ne!(at_a[0].core, at_a[1].core);
    // The other parallel edge is an exit edge of each.
    assert_eq!(at_a[0].exits, vec![at_a[1].core[0], g.e("bx")]);
    check_cycles(&g.f, &cs);
}

#[test]
fn entry_from_the_caller() {
    // f() { a: while (*) b: ..; x: return } — the loop starts at the entry.
    let g = G::new("abx", &["ab", "ba", "ax"]);
    let cs = enumerate_cycles(&g.f, &CycleOptions::default());
    assert_eq!(g.cores(&cs), vec!["aba"]);
    let literal = CycleOptions { caller_enters_entry: false, ..CycleOptions::default() };
    assert!(enumerate_cycles(&g.f, &literal).is_empty());
    assert_eq!(enumerate_cycles(&g.f, &literal).circuits, 1);
}

#[test]
fn irreducible_control_flow() {
    // goto into a loop: s → a | b, a ⇄ b, both exit.
    let g = G::new("sabx", &["sa", "sb", "ab", "ba", "ax", "bx"]);
    let a = FunctionAnalysis::new(&g.f);
    assert!(a.loops.is_empty());
    assert_eq!(a.sccs.sccs.len(), 1);
    let scc = &a.sccs.sccs[0];
    assert!(scc.irreducible && scc.reachable);
    assert_eq!(g.locs(&scc.entries), "ab");
    assert_eq!(g.cores(&a.cycles), sorted(&["aba", "bab"]));

    // An irreducible region inside a natural loop: h → a | b, a ⇄ b, a → h.
    let g = G::new("shabx", &["sh", "ha", "hb", "ab", "ba", "ah", "hx"]);
    let a = FunctionAnalysis::new(&g.f);
    assert_eq!(a.loops.loops.len(), 1);
    assert_eq!(g.locs(&a.loops.loops[0].body), "abh");
    assert_eq!(a.sccs.sccs.len(), 1);
    assert!(a.sccs.sccs[0].irreducible);

    // A reducible loop nest is not flagged.
    assert!(!FunctionAnalysis::new(&fig3().f).sccs.has_irreducible());
}

/// A loop whose body is a chain of `n` diamonds: 2^n circuits through the header, each with
/// n + 1 entries (the header and every join).
fn diamonds(n: usize) -> Function {
    let mut f = Function { name: "diamonds".into(), ..Function::default() };
    let loc = |f: &mut Function, kind: LocKind| {
        f.locs.push(LocInfo { kind, span: Span::default() });
        Loc(f.locs.len() as u32 - 1)
    };
    let edge =
        |f: &mut Function, src: Loc, dst: Loc, op: Op| f.edges.push(Edge { src, dst, op, span: Span::default() });
    let s = loc(&mut f, LocKind::Normal);
    let h = loc(&mut f, LocKind::Normal);
    let x = loc(&mut f, LocKind::Exit);
    f.exit = x;
    edge(&mut f, s, h, Op::Skip);
    edge(&mut f, h, x, Op::Return(None));
    let mut cur = h;
    for _ in 0..n {
        let (l, r, j) = (loc(&mut f, LocKind::Normal), loc(&mut f, LocKind::Normal), loc(&mut f, LocKind::Normal));
        edge(&mut f, cur, l, Op::Assume(Expr::Bool(true)));
        edge(&mut f, cur, r, Op::Assume(Expr::Bool(true)));
        edge(&mut f, l, j, Op::Skip);
        edge(&mut f, r, j, Op::Skip);
        cur = j;
    }
    edge(&mut f, cur, h, Op::Skip);
    f.index_edges();
    f
}

#[test]
fn cycle_count_without_cap() {
    let f = diamonds(3);
    let cs = enumerate_cycles(&f, &CycleOptions::default());
    assert_eq!(cs.circuits, 8);
    assert_eq!(cs.len(), 8 * 4);
    assert!(!cs.truncated);
    check_cycles(&f, &cs);
    // Exactly at the cap is not truncated; one below is.
    let at = enumerate_cycles(&f, &CycleOptions { max_cycles: 32, ..CycleOptions::default() });
    assert!(!at.truncated && at.len() == 32);
    let below = enumerate_cycles(&f, &CycleOptions { max_cycles: 31, ..CycleOptions::default() });
    assert!(below.truncated && below.len() == 31);
    let edges = enumerate_cycles(&f, &CycleOptions { max_core_edges: 100, ..CycleOptions::default() });
    assert!(edges.truncated);
    assert!(edges.cycles.iter().map(|c| c.core.len()).sum::<usize>() <= 100);
}

#[test]
fn exponentially_many_circuits_are_capped() {
    let f = diamonds(20);
    let start = std::time::Instant::now();
    let opts = CycleOptions { max_cycles: 1000, max_circuits_per_root: usize::MAX, ..CycleOptions::default() };
    let cs = enumerate_cycles(&f, &opts);
    assert!(cs.truncated);
    assert_eq!(cs.len(), 1000);
    // 21 entries per circuit: the 48th circuit is cut off after 13 of its cycles.
    assert_eq!(cs.circuits, 48);
    assert!(start.elapsed().as_secs() < 5);
    check_cycles(&f, &cs);
    // The other analyses are unaffected by the number of circuits.
    let a = FunctionAnalysis::with_options(&f, &opts);
    assert_eq!(a.loops.loops.len(), 1);
    assert_eq!(a.loops.loops[0].body.len(), 1 + 3 * 20);
}

#[test]
fn a_loop_with_too_many_circuits_is_given_up_whole() {
    // 2^25 circuits through the head (the 8-bit adder of issue 20 has about as many): the
    // enumeration stops at the cap and keeps none, at once.
    let f = diamonds(25);
    let cs = enumerate_cycles(&f, &CycleOptions::default());
    assert!(cs.is_empty());
    assert_eq!(cs.given_up, vec![Loc(1)]);
    assert_eq!(cs.circuits, CycleOptions::default().max_circuits_per_root);
    // At the cap every circuit is kept; one below, none.
    let at = enumerate_cycles(&diamonds(3), &CycleOptions { max_circuits_per_root: 8, ..CycleOptions::default() });
    assert_eq!((at.circuits, at.len(), at.given_up.len()), (8, 32, 0));
    let below = enumerate_cycles(&diamonds(3), &CycleOptions { max_circuits_per_root: 7, ..CycleOptions::default() });
    assert_eq!((below.len(), below.given_up.len()), (0, 1));
    assert!(!below.truncated);
}

#[test]
fn long_flowgraphs_do_not_overflow_the_stack() {
    // A loop around a chain of 200 000 locations: deep searches and a deep dominator tree.
    let n = 200_000u32;
    let mut f = Function { name: "long".into(), ..Function::default() };
    f.locs = (0..n + 1).map(|_| LocInfo { kind: LocKind::Normal, span: Span::default() }).collect();
    f.locs[n as usize].kind = LocKind::Exit;
    f.exit = Loc(n);
    for i in 0..n - 1 {
        f.edges.push(Edge { src: Loc(i), dst: Loc(i + 1), op: Op::Skip, span: Span::default() });
    }
    f.edges.push(Edge { src: Loc(n - 1), dst: Loc(1), op: Op::Skip, span: Span::default() });
    f.edges.push(Edge { src: Loc(n / 2), dst: Loc(n), op: Op::Return(None), span: Span::default() });
    f.index_edges();
    let start = std::time::Instant::now();
    let a = FunctionAnalysis::new(&f);
    assert!(start.elapsed().as_secs() < 10);
    assert_eq!(a.loops.loops.len(), 1);
    assert_eq!(a.cycles.len(), 1);
    assert_eq!(a.cycles.cycles[0].entry, Loc(1));
    assert_eq!(a.postdom.idom(Loc(3)), Some(Loc(4)));
    assert!(a.dom.dominates(Loc(1), Loc(n - 1)));
    assert_eq!(a.dom.dominators(Loc(n)).count(), n as usize / 2 + 2);
}

// ---------------------------------------------------------------------------------------------
// Cross-checks against brute force on random graphs.

struct Lcg(u64);

impl Lcg {
    fn next(&mut self, m: u32) -> u32 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) % m as u64) as u32
    }
}

fn random_function(rng: &mut Lcg, n: u32, m: u32) -> Function {
    let mut f = Function { name: "random".into(), ..Function::default() };
    f.locs = (0..n).map(|_| LocInfo { kind: LocKind::Normal, span: Span::default() }).collect();
    if rng.next(2) == 0 {
        let last = f.locs.len() - 1;
        f.locs[last].kind = LocKind::Exit;
    }
    for _ in 0..m {
        let (src, dst) = (Loc(rng.next(n)), Loc(rng.next(n)));
        if f.is_sink(src) {
            continue;
        }
        f.edges.push(Edge { src, dst, op: Op::Skip, span: Span::default() });
    }
    f.index_edges();
    f
}

fn reach_avoiding(f: &Function, from: Loc, avoid: Option<Loc>) -> Vec<bool> {
    let mut seen = vec![false; f.locs.len()];
    if Some(from) == avoid {
        return seen;
    }
    let mut stack = vec![from];
    seen[from.index()] = true;
    while let Some(v) = stack.pop() {
        for &e in f.out_edges(v) {
            let w = f.edge(e).dst;
            if !seen[w.index()] && Some(w) != avoid {
                seen[w.index()] = true;
                stack.push(w);
            }
        }
    }
    seen
}

/// All cycles of Definition 1 by brute force: every simple edge path from each location back
/// to it, keeping those whose start has another incoming edge from a reachable location.
fn brute_cycles(f: &Function, caller: bool) -> BTreeSet<(Loc, Vec<EdgeId>)> {
    let reach = reach_avoiding(f, f.entry, None);
    let mut out = BTreeSet::new();
    for e in f.loc_ids().filter(|l| reach[l.index()]) {
        let mut path: Vec<EdgeId> = Vec::new();
        let mut on = vec![false; f.locs.len()];
        fn go(
            f: &Function,
            start: Loc,
            v: Loc,
            path: &mut Vec<EdgeId>,
            on: &mut Vec<bool>,
            out: &mut Vec<Vec<EdgeId>>,
        ) {
            for &ed in f.out_edges(v) {
                let w = f.edge(ed).dst;
                path.push(ed);
                if w == start {
                    out.push(path.clone());
                } else if !on[w.index()] {
                    on[w.index()] = true;
                    go(f, start, w, path, on, out);
                    on[w.index()] = false;
                }
                path.pop();
            }
        }
        let mut found = Vec::new();
        on[e.index()] = true;
        go(f, e, e, &mut path, &mut on, &mut found);
        for core in found {
            let last = *core.last().unwrap();
            let entered =
                (caller && e == f.entry) || f.in_edges(e).iter().any(|&i| i != last && reach[f.edge(i).src.index()]);
            if entered {
                out.insert((e, core));
            }
        }
    }
    out
}

#[test]
fn random_graphs_match_brute_force() {
    let mut rng = Lcg(12345);
    for round in 0..400 {
        let n = 1 + rng.next(9);
        let m = rng.next(3 * n + 1);
        let f = random_function(&mut rng, n, m);
        let all = CycleOptions { max_circuits_per_root: usize::MAX, ..CycleOptions::default() };
        let a = FunctionAnalysis::with_options(&f, &all);
        let ctx = format!("round {round}: {:?}", f.edges.iter().map(|e| (e.src.0, e.dst.0)).collect::<Vec<_>>());

        // Dominators: d dominates v iff v is reachable, and unreachable once d is removed.
        let reach = reach_avoiding(&f, f.entry, None);
        for d in f.loc_ids() {
            let without = reach_avoiding(&f, f.entry, Some(d));
            for v in f.loc_ids() {
                let want = reach[v.index()] && reach[d.index()] && !without[v.index()];
                assert_eq!(a.dom.dominates(d, v), want, "{ctx}: {d} dom {v}");
            }
        }
        for v in f.loc_ids() {
            if let Some(d) = a.dom.idom(v) {
                assert!(a.dom.strictly_dominates(d, v));
                assert!(a.dom.children(d).contains(&v));
                // Every strict dominator of v dominates its idom.
                for d2 in f.loc_ids() {
                    if a.dom.strictly_dominates(d2, v) {
                        assert!(a.dom.dominates(d2, d), "{ctx}");
                    }
                }
            }
        }

        // Post-dominators: p post-dominates v iff v reaches a sink, and reaches none once p is
        // removed.
        let sinks: Vec<Loc> = f.loc_ids().filter(|&l| f.is_sink(l) || f.out_edges(l).is_empty()).collect();
        let reaches_sink = |v: Loc, avoid: Option<Loc>| {
            let r = reach_avoiding(&f, v, avoid);
            sinks.iter().any(|s| r[s.index()])
        };
        for p in f.loc_ids() {
            for v in f.loc_ids() {
                let want = reaches_sink(v, None) && reaches_sink(p, None) && !reaches_sink(v, Some(p));
                assert_eq!(a.postdom.dominates(p, v), want, "{ctx}: {p} postdom {v}");
            }
        }

        // Loops: every body location is reachable, dominated by the header, and reaches a latch
        // inside the body; parents contain children.
        for lp in &a.loops.loops {
            for &l in &lp.body {
                assert!(a.dom.dominates(lp.header, l), "{ctx}");
            }
            if let Some(p) = lp.parent {
                let parent = a.loops.get(p);
                assert!(lp.body.iter().all(|&l| parent.contains(l)), "{ctx}");
                assert!(parent.body.len() > lp.body.len());
                assert_eq!(lp.depth, parent.depth + 1);
            }
            for &e in &lp.exits {
                assert!(lp.contains(f.edge(e).src) && !lp.contains(f.edge(e).dst));
            }
        }
        // Irreducible iff some cycle of the reachable graph avoids every back edge.
        let brute = brute_cycles(&f, true);
        let irreducible = brute.iter().any(|(_, core)| core.iter().all(|&e| !a.loops.is_back_edge(e)));
        assert_eq!(a.sccs.has_irreducible(), irreducible, "{ctx}");

        // Cycles.
        let got: BTreeSet<(Loc, Vec<EdgeId>)> = a.cycles.cycles.iter().map(|c| (c.entry, c.core.clone())).collect();
        assert_eq!(got.len(), a.cycles.len(), "{ctx}: duplicate cycles");
        assert_eq!(got, brute, "{ctx}");
        check_cycles(&f, &a.cycles);
        let literal = CycleOptions { caller_enters_entry: false, ..all.clone() };
        let got: BTreeSet<(Loc, Vec<EdgeId>)> =
            enumerate_cycles(&f, &literal).cycles.iter().map(|c| (c.entry, c.core.clone())).collect();
        assert_eq!(got, brute_cycles(&f, false), "{ctx}");
        // With a cap of circuits per root: exactly the circuits whose least location (their
        // root in Johnson's order) was not given up.
        let capped = enumerate_cycles(&f, &CycleOptions { max_circuits_per_root: 2, ..all.clone() });
        let got: BTreeSet<(Loc, Vec<EdgeId>)> = capped.cycles.iter().map(|c| (c.entry, c.core.clone())).collect();
        let kept: BTreeSet<(Loc, Vec<EdgeId>)> = brute
            .iter()
            .filter(|(_, core)| {
                let least = core.iter().map(|&e| f.edge(e).src).min();
                !least.is_some_and(|l| capped.given_up.contains(&l))
            })
            .cloned()
            .collect();
        assert_eq!(got, kept, "{ctx}: given up {:?}", capped.given_up);
    }
}

#[test]
fn sccs_partition_cycles() {
    let mut rng = Lcg(777);
    for _ in 0..200 {
        let n = 1 + rng.next(12);
        let m = rng.next(2 * n + 1);
        let f = random_function(&mut rng, n, m);
        let a = FunctionAnalysis::new(&f);
        // A location is in a non-trivial SCC iff it lies on some cycle (reachable or not).
        let mut on_cycle = BTreeMap::new();
        for l in f.loc_ids() {
            let r = reach_avoiding(&f, l, None);
            let back = f.in_edges(l).iter().any(|&e| r[f.edge(e).src.index()]);
            on_cycle.insert(l, back);
        }
        for l in f.loc_ids() {
            assert_eq!(a.sccs.on_cycle(l), on_cycle[&l]);
        }
        for (i, s) in a.sccs.sccs.iter().enumerate() {
            for &l in &s.locs {
                assert_eq!(a.sccs.scc_of(l), Some(i));
            }
        }
    }
}
