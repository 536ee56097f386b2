//! k-induction with invariants (Donaldson et al. 2011; Beyer, Dangl, Wendler, CAV 2015), as a
//! program transformation whose complete, error-free exploration is the proof
//! (docs/design-proofs.md, "k-induction with invariants").
//!
//! [`step_case`] cuts every loop of the program at its head: a path entering the loop checks
//! the active candidate invariants there (the base case: the candidates hold on entry, on the
//! real path or on a path that itself starts from a cut loop's invariants), assigns the ghost
//! registers of the loop's entry values, *havocs* every register the loop writes, assumes the
//! candidates and runs the body once with its errors kept (the step case); a back edge checks
//! the candidates again and ends the path (`assume false`); an exit goes on to the rest of the
//! program. With every loop cut the program is acyclic (up to recursion), so its exploration
//! ends (for k > 1, below, the iterations of a window are counted and bounded). Houdini: a
//! candidate whose check fails on some path is dropped and the step program explored again,
//! until no check fails. Then, if no other error was reached and the
//! exploration completed, every path of the original program stays inside the invariants and
//! reaches no error: the program is safe. A failing check or another error in the step
//! program is never a counterexample — the havocked state may be unreachable.
//!
//! [`step_case_k`] builds the same program for k > 1 (Beyer, Dangl and Wendler, CAV 2015, §3:
//! the base case of the first k iterations, the step case over k consecutive iterations): at
//! the cut, a path either runs the loop's first k − 1 iterations from the real state (the
//! base case, errors and exits kept, the candidates checked at each of the k head visits) or
//! starts from the havocked state under the candidates and runs k − 1 *prefix* iterations in
//! which every error and every exit ends the path (`assume false`: those iterations are the
//! induction hypothesis) and the candidates are assumed again at each head, then one
//! iteration with its errors and exits kept whose back edge checks the candidates. The
//! iterations are counted in registers, not unrolled; a global flag, set during a prefix,
//! guards every error location of the program (errors inside functions the body calls, as
//! `__VERIFIER_assert`'s). A loop gets k > 1 only when it contains no other loop and calls no
//! function that runs one, so that prefixes never nest; other loops keep k = 1.
//!
//! A loop that stores into fixed objects (globals, the function's arrays and address-taken
//! locals, also through the lowering's single-assignment temporaries) has each such object
//! havocked whole on entry: a fresh object of arbitrary contents is copied onto it, so the
//! step case knows nothing of the object's contents (no candidate reads memory yet). Loops
//! that store through a pointer that may move, allocate or free (lists), or call a function
//! that may write globals or memory are not supported yet: their havoc would need fresh heap
//! contents (the POSE heap model, the design's list step case), so [`step_case`] refuses
//! them.

use crate::candidates::Candidate;
use kappa_ir::analysis::{analyze_program, CycleOptions, NaturalLoop};
use kappa_ir::expr::Expr;
use kappa_ir::{
    AllocInit, AllocTarget, Edge, ErrorKind, FuncId, Function, Loc, LocInfo, LocKind, NondetOrigin, ObjId, ObjKind, Op,
    Program, Region, Span, Ty, VarId, VarInfo, VarKind,
};

/// The message of the error location checking candidate `k` in a step program.
pub fn check_message(k: usize) -> String {
    format!("kappa k-induction candidate {k} fails")
}

/// The candidate an error message of a step program names.
pub fn refuted_candidate(message: &str) -> Option<usize> {
    message.strip_prefix("kappa k-induction candidate ")?.strip_suffix(" fails")?.parse().ok()
}

/// The functions that write no global register and no memory, also through their callees.
fn pure_functions(prog: &Program) -> Vec<bool> {
    let direct = |f: &Function| {
        f.edges.iter().any(|e| match &e.op {
            Op::Store { .. } | Op::MemCopy { .. } | Op::Alloc { .. } | Op::Free { .. } => true,
            op => op.def().is_some_and(|v| matches!(prog.var(v).kind, VarKind::Global)),
        })
    };
    let writes = or_over_calls(prog, prog.functions.iter().map(direct).collect());
    writes.into_iter().map(|w| !w).collect()
}

/// A per-function property that holds where it holds in some callee, transitively.
fn or_over_calls(prog: &Program, direct: Vec<bool>) -> Vec<bool> {
    kappa_ir::analysis::close_over_calls(prog, direct, |a, b| {
        let was = *a;
        *a |= *b;
        *a != was
    })
}

/// What a loop writes on its iterations: registers, and whole memory objects (globals and
/// the function's local slots) that its stores may change.
#[derive(Default)]
struct Writes {
    regs: Vec<VarId>,
    objs: Vec<ObjId>,
    /// The step program's registers that hold the fresh objects copied onto `objs`.
    tmps: Vec<VarId>,
}

/// The one object `ptr` points into, when it is a fixed one: the address of a global or of a
/// local slot plus offsets, also through temporaries and locals the function assigns exactly
/// once (the lowering's temporaries of `a[i]`). `None` for anything else (a pointer a loop may
/// move, a parameter or global pointer, whose value may come from outside the function, a
/// load).
fn fixed_object(prog: &Program, f: &Function, ptr: &Expr, depth: u32) -> Option<ObjId> {
    match ptr {
        Expr::AddrOf(o) => Some(*o),
        Expr::PtrAdd(p, _) => fixed_object(prog, f, p, depth),
        // Not a global or a parameter: those have a value no edge of the function assigns.
        Expr::Var(v) if depth > 0 && matches!(prog.var(*v).kind, VarKind::Temp(_) | VarKind::Local(_)) => {
            let mut defs = f.edges.iter().filter(|e| e.op.def() == Some(*v));
            match (defs.next().map(|e| &e.op), defs.next()) {
                (Some(Op::Assign { value, .. }), None) => fixed_object(prog, f, value, depth - 1),
                _ => None,
            }
        }
        _ => None,
    }
}

/// The registers a loop writes on its iterations and the objects its stores write (which the
/// step case havocs whole, Beyer, Dangl and Wendler's havoc of the loop's modified state), or
/// why the loop's step case is not supported.
fn loop_writes(prog: &Program, f: &Function, l: &NaturalLoop, pure: &[bool]) -> Result<Writes, String> {
    let at = || prog.fmt_span(f.loc(l.header).span);
    for e in f.edge_ids() {
        let edge = f.edge(e);
        if !l.contains(edge.src) && l.contains(edge.dst) && edge.dst != l.header {
            return Err(format!("the loop at {} is entered other than at its head", at()));
        }
    }
    let mut w = Writes::default();
    for e in f.edge_ids() {
        let edge = f.edge(e);
        if !l.contains(edge.src) {
            continue;
        }
        match &edge.op {
            Op::Store { ptr, .. } | Op::MemCopy { dst: ptr, .. } => {
                let o = fixed_object(prog, f, ptr, 8).filter(|o| {
                    let info = prog.obj(*o);
                    info.size.is_some() && !matches!(info.kind, ObjKind::StringLit { .. } | ObjKind::Function(_))
                });
                match o {
                    Some(o) if !w.objs.contains(&o) => w.objs.push(o),
                    Some(_) => {}
                    None => {
                        return Err(format!("the loop at {} writes memory through a pointer that may move", at()));
                    }
                }
            }
            Op::Alloc { .. } | Op::Free { .. } => {
                return Err(format!("the loop at {} allocates or frees memory", at()));
            }
            Op::Call { func, .. } if !pure[func.index()] => {
                return Err(format!(
                    "the loop at {} calls {}, which may write memory or globals",
                    at(),
                    prog.func(*func).name
                ));
            }
            _ => {}
        }
        if let (Some(v), true) = (edge.op.def(), l.contains(edge.dst)) {
            if !matches!(prog.var_ty(v), Ty::Int(_)) {
                return Err(format!("the loop at {} writes the non-integer register {}", at(), prog.var(v).name));
            }
            if !w.regs.contains(&v) {
                w.regs.push(v);
            }
        }
    }
    Ok(w)
}

fn new_loc(f: &mut Function, kind: LocKind, span: Span) -> Loc {
    f.locs.push(LocInfo { kind, span });
    Loc(f.locs.len() as u32 - 1)
}

fn push_edge(f: &mut Function, src: Loc, dst: Loc, op: Op, span: Span) {
    f.edges.push(Edge { src, dst, op, span });
}

/// A chain from `at` that checks the candidates `ks`, each failing into its own error
/// location while the path goes on unconstrained (so that one exploration finds every
/// candidate that fails on a path, not only the first); returns where the chain ends.
fn check_chain(f: &mut Function, mut at: Loc, ks: &[usize], cands: &[Candidate], span: Span, col: u32) -> Loc {
    for &k in ks {
        let next = new_loc(f, LocKind::Normal, span);
        // A column of its own, so that every failing check is listed.
        let err_span = Span { col: span.col + col + k as u32, ..span };
        let err = new_loc(f, LocKind::Error { kind: ErrorKind::Assert, message: check_message(k) }, err_span);
        push_edge(f, at, next, Op::Skip, span);
        push_edge(f, at, err, Op::Assume(cands[k].atom.clone().negate()), err_span);
        at = next;
    }
    at
}

/// A chain from `at` that assumes the candidates `ks`.
fn assume_chain(f: &mut Function, mut at: Loc, ks: &[usize], cands: &[Candidate], span: Span) -> Loc {
    for &k in ks {
        let next = new_loc(f, LocKind::Normal, span);
        push_edge(f, at, next, Op::Assume(cands[k].atom.clone()), span);
        at = next;
    }
    at
}

/// The step program: every loop cut at its head, k = 1 (see the module's documentation).
pub fn step_case(prog: &Program, cands: &[Candidate], active: &[bool]) -> Result<Program, String> {
    step_case_k(prog, cands, active, 1)
}

/// The registers of a cut with k > 1: the window's head visit (1-based) and its mode (0: the
/// base case's first iterations, 1: the step case's window).
#[derive(Clone, Copy)]
struct Window {
    k: usize,
    visit: VarId,
    mode: VarId,
    /// The global flag: 1 while a prefix iteration runs.
    prefix: VarId,
}

/// The loops of `prog` that [`step_case_k`] cuts with k > 1 (none: every k is k = 1).
pub fn window_loops(prog: &Program) -> usize {
    let analyses = analyze_program(prog, &CycleOptions::default());
    let loopy = loopy_functions(prog, &analyses);
    analyses
        .iter()
        .zip(&prog.functions)
        .map(|(a, f)| a.loops.loops.iter().filter(|l| window_ok(&a.loops.loops, l, f, &loopy)).count())
        .sum()
}

/// The functions that may run a loop, also in their callees.
fn loopy_functions(prog: &Program, analyses: &[kappa_ir::analysis::FunctionAnalysis]) -> Vec<bool> {
    or_over_calls(prog, analyses.iter().map(|a| !a.loops.loops.is_empty()).collect())
}

/// Whether a loop may be cut with k > 1: it contains no other loop and calls no function that
/// may run one (so prefixes never nest and the one global flag says whether one runs).
fn window_ok(loops: &[NaturalLoop], l: &NaturalLoop, f: &Function, loopy: &[bool]) -> bool {
    let inner = loops.iter().any(|o| o.header != l.header && l.contains(o.header));
    let calls_loop =
        f.edges.iter().any(|e| l.contains(e.src) && matches!(&e.op, Op::Call { func, .. } if loopy[func.index()]));
    !inner && !calls_loop
}

/// A new integer register of `fid` (or a global with `fid == None`), added to the program.
fn new_reg(p: &mut Program, f: Option<&mut Function>, fid: FuncId, name: &str, span: Span) -> VarId {
    let v = VarId(p.vars.len() as u32);
    p.vars.push(VarInfo {
        name: format!("{name}{}", v.0),
        ty: Ty::Int(32),
        ctype: kappa_ir::CType::Int { rank: kappa_ir::IntRank::Int, signed: true },
        kind: if f.is_some() { VarKind::Temp(fid) } else { VarKind::Global },
        span,
    });
    if let Some(f) = f {
        f.vars.push(v);
    }
    v
}

/// The step program with every loop cut for `k` (k ≥ 1; a loop [`window_ok`] refuses keeps
/// k = 1): see the module's documentation. `step_case_k(.., 1)` is [`step_case`].
pub fn step_case_k(prog: &Program, cands: &[Candidate], active: &[bool], k: usize) -> Result<Program, String> {
    let analyses = analyze_program(prog, &CycleOptions::default());
    let pure = pure_functions(prog);
    let loopy = loopy_functions(prog, &analyses);
    let mut p = prog.clone();
    let mut prefix = None;
    for (fi, a) in analyses.iter().enumerate() {
        if a.loops.loops.is_empty() {
            continue;
        }
        let f0 = &prog.functions[fi];
        let mut headers = Vec::new();
        let mut writes = Vec::new();
        for l in &a.loops.loops {
            if headers.contains(&l.header) {
                return Err(format!("two loops share the head at {}", prog.fmt_span(f0.loc(l.header).span)));
            }
            headers.push(l.header);
            writes.push(loop_writes(prog, f0, l, &pure)?);
        }
        let fid = FuncId(fi as u32);
        let mut f = std::mem::take(&mut p.functions[fi]);
        for w in &mut writes {
            // The registers that hold the fresh objects of the havocs.
            for _ in 0..w.objs.len() {
                let v = VarId(p.vars.len() as u32);
                p.vars.push(VarInfo {
                    name: format!("kappa$havoc{}", v.0),
                    ty: Ty::Ptr,
                    ctype: kappa_ir::CType::Pointer(std::sync::Arc::new(kappa_ir::CType::Void)),
                    kind: VarKind::Temp(fid),
                    span: f0.loc(f0.entry).span,
                });
                f.vars.push(v);
                w.tmps.push(v);
            }
        }
        for (l, w) in a.loops.loops.iter().zip(&writes) {
            let ks: Vec<usize> = (0..cands.len())
                .filter(|&i| active.get(i) == Some(&true) && cands[i].func == fid && cands[i].header == l.header)
                .collect();
            let span = f0.loc(f0.entry).span;
            let window = (k > 1 && window_ok(&a.loops.loops, l, f0, &loopy)).then(|| {
                let flag = *prefix.get_or_insert_with(|| new_reg(&mut p, None, fid, "kappa$prefix", span));
                Window {
                    k,
                    visit: new_reg(&mut p, Some(&mut f), fid, "kappa$visit", span),
                    mode: new_reg(&mut p, Some(&mut f), fid, "kappa$mode", span),
                    prefix: flag,
                }
            });
            cut(prog, &mut f, f0, l, w, &ks, cands, window);
        }
        p.functions[fi] = f;
    }
    // While a prefix runs, no error of the program is one: each edge into an error location
    // first asks that no prefix runs (the checks of the candidates are not guarded: none is
    // on a prefix).
    if let Some(flag) = prefix {
        for (fi, f0) in prog.functions.iter().enumerate() {
            let into_error: Vec<_> =
                f0.edge_ids().filter(|&e| matches!(f0.loc(f0.edge(e).dst).kind, LocKind::Error { .. })).collect();
            let f = &mut p.functions[fi];
            for e in into_error {
                guard_edge(f, e, no_prefix(flag));
            }
        }
    }
    for f in &mut p.functions {
        f.index_edges();
    }
    p.validate().map_err(|e| format!("internal error: the step program is not valid: {e}"))?;
    Ok(p)
}

/// `flag == 0`: no prefix iteration runs.
fn no_prefix(flag: VarId) -> Expr {
    Expr::bin(kappa_ir::expr::BinOp::Eq, Expr::var(flag), Expr::int(0, 32))
}

/// Makes edge `e` of `f` taken only where `cond` holds: a new location before it, entered from
/// its source under `cond` (elsewhere the path ends there).
fn guard_edge(f: &mut Function, e: kappa_ir::EdgeId, cond: Expr) {
    let edge = &f.edges[e.index()];
    let (src, span) = (edge.src, edge.span);
    let x = new_loc(f, LocKind::Normal, span);
    f.edges[e.index()].src = x;
    push_edge(f, src, x, Op::Assume(cond), span);
}

/// Cuts one loop of `f` (whose original is `f0`), for k = 1 or, with `window`, for its k.
#[allow(clippy::too_many_arguments)]
fn cut(
    prog: &Program,
    f: &mut Function,
    f0: &Function,
    l: &NaturalLoop,
    w: &Writes,
    ks: &[usize],
    cands: &[Candidate],
    window: Option<Window>,
) {
    use kappa_ir::expr::BinOp::{Add, Eq, Ne, Sge, Slt};
    let h = l.header;
    let span = head_span(f0, l);
    // The entry: ghosts, the base case's checks, the havoc, the invariants assumed.
    let pre = new_loc(f, LocKind::Normal, span);
    for e in f0.in_edges(h) {
        if !l.back_edges.contains(e) {
            f.edges[e.index()].dst = pre;
        }
    }
    if f.entry == h {
        f.entry = pre;
    }
    let mut at = pre;
    let mut ghosts: Vec<(VarId, VarId)> = ks.iter().flat_map(|&i| cands[i].ghosts.iter().copied()).collect();
    ghosts.sort();
    ghosts.dedup();
    for (g, v) in ghosts {
        let next = new_loc(f, LocKind::Normal, span);
        push_edge(f, at, next, Op::Assign { dst: g, value: Expr::Var(v) }, span);
        at = next;
    }
    let assign = |f: &mut Function, at: Loc, dst: VarId, value: Expr| {
        let next = new_loc(f, LocKind::Normal, span);
        push_edge(f, at, next, Op::Assign { dst, value }, span);
        next
    };
    let int = |v: i128| Expr::int(v, 32);
    let is = |op, v: VarId, c: i128| Expr::bin(op, Expr::var(v), Expr::int(c, 32));
    if let Some(wd) = window {
        // The base case: the first k − 1 iterations from the real state, visit 1 checked here.
        let base = new_loc(f, LocKind::Normal, span);
        push_edge(f, at, base, Op::Skip, span);
        let mut b = check_chain(f, base, ks, cands, span, 10_000);
        b = assign(f, b, wd.visit, int(1));
        b = assign(f, b, wd.mode, int(0));
        push_edge(f, b, h, Op::Skip, span);
        // The step case's window starts with a prefix iteration (k > 1).
        let step = new_loc(f, LocKind::Normal, span);
        push_edge(f, at, step, Op::Skip, span);
        at = step;
    } else {
        at = check_chain(f, at, ks, cands, span, 10_000);
    }
    for &v in &w.regs {
        let next = new_loc(f, LocKind::Normal, span);
        let origin = NondetOrigin::Uninit { var: prog.var(v).name.clone() };
        push_edge(f, at, next, Op::Nondet { dst: v, origin }, span);
        at = next;
    }
    // An object the loop stores into gets arbitrary contents: a copy of a fresh object of
    // arbitrary contents and the same size (one operation, whatever the object's size).
    for (&o, &tmp) in w.objs.iter().zip(&w.tmps) {
        let Some(size) = prog.obj(o).size else { continue };
        let size = Expr::uint(size, prog.ptr_bits());
        let (mid, next) = (new_loc(f, LocKind::Normal, span), new_loc(f, LocKind::Normal, span));
        let alloc = Op::Alloc {
            target: AllocTarget::Fresh(tmp),
            region: Region::Stack,
            size: size.clone(),
            init: AllocInit::Nondet,
        };
        push_edge(f, at, mid, alloc, span);
        push_edge(f, mid, next, Op::MemCopy { dst: Expr::AddrOf(o), src: Expr::Var(tmp), size }, span);
        at = next;
    }
    at = assume_chain(f, at, ks, cands, span);
    if let Some(wd) = window {
        at = assign(f, at, wd.visit, int(1));
        at = assign(f, at, wd.mode, int(1));
        at = assign(f, at, wd.prefix, int(1));
    }
    exit_equalities(f, f0, l, ks, cands);
    push_edge(f, at, h, Op::Skip, span);
    let dead = new_loc(f, LocKind::Normal, span);
    let Some(wd) = window else {
        // The checked iteration's back edges: the checks, then the path ends.
        for e in &l.back_edges {
            let latch = new_loc(f, LocKind::Normal, span);
            f.edges[e.index()].dst = latch;
            let end = check_chain(f, latch, ks, cands, span, 20_000);
            push_edge(f, end, dead, Op::Assume(Expr::Bool(false)), span);
        }
        return;
    };
    // A prefix iteration leaves the loop nowhere: its exits (into the rest of the function,
    // returns, its error locations) are taken only when no prefix runs.
    for &e in &l.exits {
        if !matches!(f0.loc(f0.edge(e).dst).kind, LocKind::Error { .. }) {
            guard_edge(f, e, no_prefix(wd.prefix));
        }
    }
    let latch = new_loc(f, LocKind::Normal, span);
    for e in &l.back_edges {
        f.edges[e.index()].dst = latch;
    }
    let k = wd.k as i128;
    let next_visit = Expr::bin(Add, Expr::var(wd.visit), int(1));
    // Base case: visit `visit + 1` checked; on while it is below k.
    let base = new_loc(f, LocKind::Normal, span);
    push_edge(f, latch, base, Op::Assume(is(Eq, wd.mode, 0)), span);
    let checked = check_chain(f, base, ks, cands, span, 20_000);
    let (more, last) = (new_loc(f, LocKind::Normal, span), new_loc(f, LocKind::Normal, span));
    push_edge(f, checked, more, Op::Assume(is(Slt, wd.visit, k - 1)), span);
    push_edge(f, checked, last, Op::Assume(is(Sge, wd.visit, k - 1)), span);
    push_edge(f, last, dead, Op::Assume(Expr::Bool(false)), span);
    let more = assign(f, more, wd.visit, next_visit.clone());
    push_edge(f, more, h, Op::Skip, span);
    // Step case: after a prefix iteration the candidates are assumed at the next visit (the
    // prefix ends when the visit reaches k); after the last iteration they are checked.
    let step = new_loc(f, LocKind::Normal, span);
    push_edge(f, latch, step, Op::Assume(is(Ne, wd.mode, 0)), span);
    let (in_prefix, after_last) = (new_loc(f, LocKind::Normal, span), new_loc(f, LocKind::Normal, span));
    push_edge(f, step, in_prefix, Op::Assume(is(Slt, wd.visit, k)), span);
    push_edge(f, step, after_last, Op::Assume(is(Sge, wd.visit, k)), span);
    let mut at = assume_chain(f, in_prefix, ks, cands, span);
    at = assign(f, at, wd.visit, next_visit);
    let still = Expr::ite(is(Slt, wd.visit, k), int(1), int(0));
    at = assign(f, at, wd.prefix, still);
    push_edge(f, at, h, Op::Skip, span);
    let end = check_chain(f, after_last, ks, cands, span, 20_000);
    push_edge(f, end, dead, Op::Assume(Expr::Bool(false)), span);
}

/// Where the cut of loop `l` reports its checks: the head's position, or, for a head the
/// front-end left without one (the body's first location of a `while (1)`), the first known
/// position of an edge from the head, into it, or in the loop. The engine lists one error per
/// kind and position: checks at the unknown position `?` were all listed as one, so Houdini
/// learnt one refuted candidate per round (23 rounds on `mod_break`, where 2 do).
fn head_span(f0: &Function, l: &NaturalLoop) -> Span {
    let at = f0.loc(l.header).span;
    if at.is_known() {
        return at;
    }
    let out = f0.out_edges(l.header).iter().chain(f0.in_edges(l.header));
    let inner = f0.edge_ids().filter(|e| l.contains(f0.edge(*e).src) && l.contains(f0.edge(*e).dst));
    out.copied().chain(inner).map(|e| f0.edge(e).span).find(Span::is_known).unwrap_or(at)
}

/// On an exit from the head by `a >= b` where an active candidate says `a <= b`, the implied
/// `a == b` is assumed too: the solver then substitutes it (`a + b == 3 * n` after a loop
/// exited at `i == n` with `a + b == 3 * i` needs no reasoning about multipliers).
/// The exits considered are those from the head and from the locations the head alone reaches
/// by edges that write nothing (the checks of an instrumented program sit between the head
/// and its exits): there the candidates still hold.
fn exit_equalities(f: &mut Function, f0: &Function, l: &NaturalLoop, ks: &[usize], cands: &[Candidate]) {
    use kappa_ir::expr::BinOp::{Eq, Sge, Sle, Uge, Ule};
    let pure = |op: &Op| matches!(op, Op::Skip | Op::Assume(_));
    let mut at_head = vec![l.header];
    loop {
        let grown = f0.edge_ids().map(|e| f0.edge(e).dst).find(|&x| {
            x != l.header
                && l.contains(x)
                && !at_head.contains(&x)
                && f0.in_edges(x).iter().all(|e| at_head.contains(&f0.edge(*e).src) && pure(&f0.edge(*e).op))
        });
        match grown {
            Some(x) => at_head.push(x),
            None => break,
        }
    }
    let exits: Vec<_> = at_head.iter().flat_map(|&x| f0.out_edges(x).iter().copied()).collect();
    for e in &exits {
        let edge = f0.edge(*e);
        if l.contains(edge.dst) {
            continue;
        }
        let Op::Assume(Expr::Bin(op, a, b)) = &edge.op else { continue };
        let want = match op {
            Sge => Expr::bin(Sle, (**a).clone(), (**b).clone()),
            Uge => Expr::bin(Ule, (**a).clone(), (**b).clone()),
            Sle => Expr::bin(Sle, (**b).clone(), (**a).clone()),
            Ule => Expr::bin(Ule, (**b).clone(), (**a).clone()),
            _ => continue,
        };
        if !ks.iter().any(|&k| cands[k].atom == want) {
            continue;
        }
        let mid = new_loc(f, LocKind::Normal, edge.span);
        let dst = f.edges[e.index()].dst;
        f.edges[e.index()].dst = mid;
        push_edge(f, mid, dst, Op::Assume(Expr::bin(Eq, (**a).clone(), (**b).clone())), edge.span);
    }
}

/// The state of the Houdini refinement: which candidates are still active.
#[derive(Clone, Debug)]
pub struct Houdini {
    pub active: Vec<bool>,
    /// Step programs explored so far.
    pub rounds: u32,
    /// Whether an error other than a candidate's check only ends its path (the invariants
    /// sought hold on every execution up to its first error, [`Houdini::for_invariants`]);
    /// otherwise it fails the proof.
    pub errors_end_paths: bool,
}

/// What one exploration of a step program showed.
pub enum Round {
    /// No check failed and nothing else went wrong: the active candidates are inductive and
    /// the program is safe.
    Proved,
    /// These candidates' checks failed: drop them and explore again.
    Refuted(Vec<usize>),
    /// The step program reaches another error, or its exploration was incomplete: not proved
    /// with these candidates (not a counterexample).
    Failed(String),
}

impl Houdini {
    pub fn new(n: usize) -> Self {
        Houdini { active: vec![true; n], rounds: 0, errors_end_paths: false }
    }

    /// A refinement that looks for inductive invariants only, not for a proof of safety: the
    /// program's own errors end their paths (as they end the execution of the program), so
    /// the candidates that survive hold at their heads on every execution until its first
    /// error.
    pub fn for_invariants(n: usize) -> Self {
        Houdini { errors_end_paths: true, ..Houdini::new(n) }
    }

    /// Reads one exploration's errors (their messages) and incompleteness.
    pub fn judge<'a>(&mut self, errors: impl Iterator<Item = (&'a str, String)>, incomplete: &[String]) -> Round {
        self.rounds += 1;
        let mut refuted = Vec::new();
        let mut other = None;
        for (msg, at) in errors {
            match refuted_candidate(msg) {
                Some(k) if self.active.get(k) == Some(&true) => refuted.push(k),
                _ => other = other.or(Some(format!("{msg} at {at}"))),
            }
        }
        if let Some(o) = other {
            if !self.errors_end_paths {
                // Dropping candidates only weakens what the step case assumes: the error stays.
                return Round::Failed(format!("the step case reaches an error: {o}"));
            }
        }
        if let Some(r) = incomplete.first() {
            return Round::Failed(format!("the step case's exploration is incomplete: {r}"));
        }
        if refuted.is_empty() {
            return Round::Proved;
        }
        refuted.sort_unstable();
        refuted.dedup();
        for &k in &refuted {
            self.active[k] = false;
        }
        Round::Refuted(refuted)
    }

    /// [`Houdini::judge`], then with a proof's refinement (not [`Houdini::for_invariants`],
    /// whose invariants the slicer uses one by one) the ladders' rungs above the refuted ones
    /// ([`ladder_rungs`]) are dropped too, and returned with them.
    pub fn judge_pool<'a>(
        &mut self,
        cands: &[Candidate],
        errors: impl Iterator<Item = (&'a str, String)>,
        incomplete: &[String],
    ) -> Round {
        match self.judge(errors, incomplete) {
            Round::Refuted(mut ks) if !self.errors_end_paths => {
                for k in ladder_rungs(cands, &self.active, &ks) {
                    self.active[k] = false;
                    ks.push(k);
                }
                ks.sort_unstable();
                Round::Refuted(ks)
            }
            round => round,
        }
    }
}

/// A constant bound `x <= c` (upper) or `c <= x`, as (register, upper, c, signed).
fn constant_bound(c: &Candidate) -> Option<(VarId, bool, i128, bool)> {
    use kappa_ir::expr::BinOp::{Sle, Ule};
    let Expr::Bin(op @ (Sle | Ule), a, b) = &c.atom else { return None };
    let signed = *op == Sle;
    let value = |e: &Expr| match e {
        Expr::Int { bits, width } if signed => Some(kappa_ir::expr::to_signed(*bits, *width) as i128),
        Expr::Int { bits, .. } => Some(*bits as i128),
        _ => None,
    };
    match (&**a, &**b) {
        (Expr::Var(x), k) => Some((*x, true, value(k)?, signed)),
        (k, Expr::Var(x)) => Some((*x, false, value(k)?, signed)),
        _ => None,
    }
}

/// The rungs of a ladder to drop with a refuted bound (Houdini's ladders): the pool bounds
/// each variable by each of the loop's constants (`i <= 1`, `i <= 7`: `Rank::Constant`), and
/// a counter climbs such a ladder one rung per round — with `i <= 0` assumed the step case
/// refutes `i <= 0` but not `i <= 1`, which only the next round refutes. Once a constant
/// bound of a variable is refuted (of any rank), the ladder's rungs weaker than it go with
/// it except the ladder's extreme (the weakest, `i <= 7`), which is what survives where the
/// variable is bounded by the loop's constants at all. Only the generic rungs go: bounds
/// from the program's text (its loop condition, assertions, guards, remainders) are dropped
/// only when refuted. Dropping candidates only weakens what the step case assumes, so it
/// never makes a proof wrong (it may lose one that needed a middle rung).
pub fn ladder_rungs(cands: &[Candidate], active: &[bool], refuted: &[usize]) -> Vec<usize> {
    let mut out = Vec::new();
    for &r in refuted {
        let Some((x, upper, c, signed)) = cands.get(r).and_then(constant_bound) else { continue };
        let same = |k: usize| {
            if cands[k].rank != crate::candidates::Rank::Constant {
                return None;
            }
            let (y, u, d, s) = constant_bound(&cands[k])?;
            ((y, u, s) == (x, upper, signed) && cands[k].func == cands[r].func && cands[k].header == cands[r].header)
                .then_some(d)
        };
        let rungs: Vec<(usize, i128)> = (0..cands.len()).filter_map(|k| Some((k, same(k)?))).collect();
        // The weakest bound of the ladder: the largest upper bound, the smallest lower one.
        let weaker = |d: i128, e: i128| if upper { d > e } else { d < e };
        let Some(extreme) = rungs.iter().map(|(_, d)| *d).reduce(|a, b| if weaker(a, b) { a } else { b }) else {
            continue;
        };
        for (k, d) in rungs {
            if active.get(k) == Some(&true) && weaker(d, c) && d != extreme && !out.contains(&k) {
                out.push(k);
            }
        }
    }
    out
}

/// A loop head's invariant for a witness: the conjunction of the active candidates' C texts
/// there (candidates with ghosts have none and are left out), `1` if none.
pub fn invariant_text(cands: &[Candidate], active: &[bool], func: FuncId, header: Loc) -> String {
    let parts: Vec<&str> = cands
        .iter()
        .zip(active)
        .filter(|(c, a)| **a && c.func == func && c.header == header)
        .filter_map(|(c, _)| c.text.as_deref())
        .collect();
    // The pools overlap (`k >= 0` from the loop's condition, `0 <= k` from the bounds): one of
    // each comparison is enough.
    let mut seen = std::collections::HashSet::new();
    let parts: Vec<&str> = parts.into_iter().filter(|t| seen.insert(comparison_key(t))).collect();
    if parts.is_empty() {
        "1".into()
    } else {
        parts.join(" && ")
    }
}

/// A comparison's text with its sides in one order (`a >= b` and `b <= a` give the same key);
/// other texts as they are.
fn comparison_key(text: &str) -> String {
    if text.contains("&&") || text.contains("||") {
        return text.to_string();
    }
    for (op, mirror) in
        [(" >= ", " <= "), (" <= ", " <= "), (" > ", " < "), (" < ", " < "), (" == ", " == "), (" != ", " != ")]
    {
        if let Some((a, b)) = text.split_once(op) {
            if [" >= ", " <= ", " > ", " < ", " == ", " != "].iter().any(|o| b.contains(o)) {
                return text.to_string();
            }
            let (a, b) = (a.trim(), b.trim());
            return match op {
                " >= " | " > " => format!("{b}{mirror}{a}"),
                " == " | " != " if b < a => format!("{b}{mirror}{a}"),
                _ => format!("{a}{mirror}{b}"),
            };
        }
    }
    text.to_string()
}

/// Whether the program has a loop (the proof is for loops; without one it has nothing to add).
pub fn has_loops(prog: &Program) -> bool {
    analyze_program(prog, &CycleOptions::default()).iter().any(|a| !a.loops.loops.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lower(src: &str) -> Program {
        kappa_cfront::lower_preprocessed("t.c", src, &kappa_cfront::Options::default())
            .expect("the test program lowers")
    }

    #[test]
    fn mirrored_comparisons_are_written_once() {
        assert_eq!(comparison_key("k >= 0"), comparison_key("0 <= k"));
        assert_eq!(comparison_key("i > n"), comparison_key("n < i"));
        assert_eq!(comparison_key("a == b"), comparison_key("b == a"));
        assert_ne!(comparison_key("i <= n"), comparison_key("n <= i"));
        assert_ne!(comparison_key("i < n"), comparison_key("i <= n"));
    }

    #[test]
    fn the_step_program_has_no_loop_and_checks_each_candidate_on_entry_and_back_edge() {
        let mut p = lower("int f(int n) { int i = 0; int s = 0; while (i < n) { s = s + 2; i = i + 1; } return s; }\nint main(void) { return f(3); }");
        let cands = crate::candidates::pool(&mut p);
        assert!(cands.iter().any(|c| c.text.as_deref() == Some("s - 2 * i == 0")), "{cands:?}");
        let step = step_case(&p, &cands, &vec![true; cands.len()]).expect("a loop of registers is supported");
        assert!(has_loops(&p) && !has_loops(&step));
        let f = step.func_by_name("f").expect("f");
        for k in 0..cands.len() {
            let checks = f
                .locs
                .iter()
                .filter(|l| matches!(&l.kind, LocKind::Error { message, .. } if *message == check_message(k)))
                .count();
            assert_eq!(checks, 2, "candidate {k}");
        }
        // Dropped candidates are neither checked nor assumed.
        let none = step_case(&p, &cands, &vec![false; cands.len()]).expect("supported");
        let errors = |q: &Program| {
            q.func_by_name("f").map_or(0, |f| f.locs.iter().filter(|l| matches!(l.kind, LocKind::Error { .. })).count())
        };
        assert_eq!(errors(&step), errors(&none) + 2 * cands.len());
    }

    #[test]
    fn a_window_of_k_iterations_counts_them_and_guards_every_error_while_a_prefix_runs() {
        let src = "void reach_error(void);\nvoid check(int c) { if (!c) reach_error(); }\n\
                   int main(void) { int x = 0, d = 0, i = 0; while (i < 9) { if (x == 0) { x = 1; d = d + 5; } \
                   else { x = 0; d = d - 5; } i = i + 1; check(d <= 5); } while (i > 0) { int j = 0; \
                   while (j < i) j = j + 1; i = i - 1; } return d; }";
        let mut p = lower(src);
        // The first loop and the innermost of the nest; the nest's outer loop contains a loop.
        assert_eq!(window_loops(&p), 2);
        let cands = crate::candidates::pool(&mut p);
        let all = vec![true; cands.len()];
        let one = step_case_k(&p, &cands, &all, 1).expect("k = 1");
        let three = step_case_k(&p, &cands, &all, 3).expect("k = 3");
        assert!(!has_loops(&one), "k = 1 cuts every loop");
        // k = 3 counts the window's iterations in registers: the cut loops stay cycles.
        assert!(has_loops(&three));
        let flag = three.vars.iter().position(|v| v.name.starts_with("kappa$prefix")).expect("the prefix flag");
        assert_eq!(three.var(VarId(flag as u32)).kind, VarKind::Global);
        // Every edge into an error location of the program (reach_error in `check`) is
        // entered only where no prefix runs; the candidates' checks are not.
        for f in &three.functions {
            for e in &f.edges {
                let LocKind::Error { message, .. } = &f.loc(e.dst).kind else { continue };
                let guarded = f
                    .in_edges(e.src)
                    .iter()
                    .any(|g| matches!(&f.edge(*g).op, Op::Assume(c) if *c == no_prefix(VarId(flag as u32))));
                assert_eq!(guarded, refuted_candidate(message).is_none(), "{message} in {}", f.name);
            }
        }
        // Checked at each of the base case's head visits and after the window's last
        // iteration: two check chains per candidate (entry, back edge), as for k = 1.
        let checks = |q: &Program| {
            q.functions
                .iter()
                .flat_map(|f| &f.locs)
                .filter(|l| matches!(&l.kind, LocKind::Error { message, .. } if refuted_candidate(message).is_some()))
                .count()
        };
        assert_eq!(checks(&one), 2 * cands.len());
        // The windowed loops check each candidate three times (entry, base back edge, last
        // back edge).
        let windowed = cands.iter().filter(|c| c.func == three.func_by_name("main").expect("main").id).count();
        assert!(checks(&three) > checks(&one) && checks(&three) <= 3 * windowed + 2 * (cands.len() - windowed));
    }

    #[test]
    fn the_checks_of_a_head_without_a_position_are_listed_apart() {
        // The head of `while (1)` has no source position: each check still gets its own.
        let mut p = lower("int f(int n) { int i = 0, k = 0; while (1) { i = (i + 1) % 7; k = k + 1; if (k >= n) break; } return i; }\nint main(void) { return f(3); }");
        let cands = crate::candidates::pool(&mut p);
        assert!(cands.len() > 2, "{cands:?}");
        let step = step_case(&p, &cands, &vec![true; cands.len()]).expect("a loop of registers");
        let f = step.func_by_name("f").expect("f");
        let checks: Vec<String> = f
            .locs
            .iter()
            .filter(|l| matches!(&l.kind, LocKind::Error { message, .. } if refuted_candidate(message).is_some()))
            .map(|l| step.fmt_span(l.span))
            .collect();
        assert_eq!(checks.len(), 2 * cands.len());
        let distinct: std::collections::HashSet<&String> = checks.iter().collect();
        assert_eq!(distinct.len(), checks.len(), "{checks:?}");
        assert!(checks.iter().all(|c| c != "?"), "{checks:?}");
    }

    #[test]
    fn a_loop_that_stores_into_a_global_array_havocs_it_whole() {
        let mut p = lower("int a[4]; int f(int n) { int i = 0; while (i < n) { a[i & 3] = i; i = i + 1; } return i; }\nint main(void) { return f(3); }");
        let cands = crate::candidates::pool(&mut p);
        let step = step_case(&p, &cands, &vec![true; cands.len()]).expect("a store into a global array");
        let f = step.func_by_name("f").expect("f");
        let a = |e: &Expr| matches!(e, Expr::AddrOf(o) if step.obj(*o).name == "a");
        let havoc = f.edges.iter().filter(|e| matches!(&e.op, Op::MemCopy { dst, .. } if a(dst))).count();
        assert_eq!(havoc, 1, "one havoc of `a` before the head");
        assert!(f.edges.iter().any(|e| matches!(&e.op, Op::Alloc { init: AllocInit::Nondet, .. })));
    }

    #[test]
    fn a_loop_that_stores_through_a_parameter_or_allocates_is_refused() {
        let mut p = lower("int f(int *a, int n) { int i = 0; while (i < n) { a[i] = i; i = i + 1; } return i; }\nint main(void) { int b[4]; return f(b, 3); }");
        let cands = crate::candidates::pool(&mut p);
        let err = step_case(&p, &cands, &vec![true; cands.len()]).expect_err("a store through a parameter");
        assert!(err.contains("writes memory through a pointer"), "{err}");
        let mut p = lower("int x, a[4]; int *gp = &x; int f(int n) { int i = 0; if (n > 10) gp = a; while (i < n) { gp[0] = i; i = i + 1; } return i; }\nint main(void) { return f(3); }");
        let cands = crate::candidates::pool(&mut p);
        let err = step_case(&p, &cands, &vec![true; cands.len()]).expect_err("a store through a global pointer");
        assert!(err.contains("writes memory through a pointer"), "{err}");
        let mut p = lower("void *malloc(unsigned long); int f(int n) { int i = 0; while (i < n) { malloc(4); i = i + 1; } return i; }\nint main(void) { return f(3); }");
        let cands = crate::candidates::pool(&mut p);
        assert!(step_case(&p, &cands, &vec![true; cands.len()]).is_err());
    }

    #[test]
    fn a_refuted_bound_takes_the_ladders_middle_rungs_with_it() {
        use crate::candidates::Rank;
        use kappa_ir::expr::BinOp::Sle;
        let (x, y) = (VarId(0), VarId(1));
        let c = |atom: Expr, rank: Rank| Candidate {
            func: FuncId(0),
            header: Loc(1),
            atom,
            text: None,
            ghosts: vec![],
            rank,
        };
        let up = |v: VarId, k: i128, rank: Rank| c(Expr::bin(Sle, Expr::Var(v), Expr::int(k, 32)), rank);
        let lo = |v: VarId, k: i128, rank: Rank| c(Expr::bin(Sle, Expr::int(k, 32), Expr::Var(v)), rank);
        let cands = vec![
            up(x, 0, Rank::Condition), // 0: refuted
            up(x, 1, Rank::Constant),  // 1: dropped with it
            up(x, 5, Rank::Constant),  // 2: dropped with it
            up(x, 7, Rank::Constant),  // 3: the extreme, kept
            up(x, 6, Rank::Remainder), // 4: from the program's text, kept
            up(y, 1, Rank::Constant),  // 5: another variable
            lo(x, 1, Rank::Constant),  // 6: the other direction
            lo(x, -3, Rank::Constant), // 7
        ];
        let active = vec![true; cands.len()];
        assert_eq!(ladder_rungs(&cands, &active, &[0]), vec![1, 2]);
        // A lower bound's weaker rungs are the smaller constants; the extreme stays.
        assert_eq!(ladder_rungs(&cands, &active, &[6]), Vec::<usize>::new());
        let mut more = cands.clone();
        more.push(lo(x, 0, Rank::Constant)); // 8
        let active = vec![true; more.len()];
        assert_eq!(ladder_rungs(&more, &active, &[6]), vec![8]);
        // Through Houdini: a proof's refinement drops them, the search for invariants does not.
        let msg = check_message(0);
        let mut h = Houdini::new(cands.len());
        assert!(matches!(h.judge_pool(&cands, [(msg.as_str(), "t.c:1:1".into())].into_iter(), &[]),
            Round::Refuted(ks) if ks == vec![0, 1, 2]));
        let mut h = Houdini::for_invariants(cands.len());
        assert!(matches!(h.judge_pool(&cands, [(msg.as_str(), "t.c:1:1".into())].into_iter(), &[]),
            Round::Refuted(ks) if ks == vec![0]));
    }

    #[test]
    fn houdini_drops_refuted_candidates_and_fails_on_other_errors() {
        let mut h = Houdini::new(3);
        let m1 = check_message(1);
        match h.judge([(m1.as_str(), "t.c:1:1".to_string())].into_iter(), &[]) {
            Round::Refuted(ks) => assert_eq!(ks, vec![1]),
            _ => panic!("candidate 1 is refuted"),
        }
        assert_eq!(h.active, vec![true, false, true]);
        assert!(matches!(
            h.judge([("reach_error() is called", "t.c:2:1".to_string())].into_iter(), &[]),
            Round::Failed(_)
        ));
        assert!(matches!(h.judge(std::iter::empty(), &["time limit".to_string()]), Round::Failed(_)));
        assert!(matches!(h.judge(std::iter::empty(), &[]), Round::Proved));
    }
}
