//! Loop invariants for correctness witnesses. At each loop head of the program, candidate
//! facts over its C variables are read off the loop condition (`i < n` gives `i <= n`, and
//! `0 <= i` for each signed variable it compares) and the variables the loop writes (`0 <= x`,
//! the bounds of a constant assigned before the loop, `x == y` of two of one type); each is
//! then *checked* by exploring the
//! program once more with a check at the loop head that reaches an error where the candidate
//! fails ([`instrument`]), again without those that failed until none does. Candidates no path violates, in an exploration that completed, hold at
//! the loop head on every path: they are the invariant; a loop without one gets `1`.

use kappa_ir::analysis::{analyze_program, CycleOptions};
use kappa_ir::expr::{BinOp, CastOp, Expr};
use kappa_ir::{CType, Edge, ErrorKind, FuncId, Loc, LocInfo, LocKind, Op, Program, Span, VarId, VarKind};

/// A candidate invariant at a loop head.
#[derive(Clone, Debug)]
pub struct Candidate {
    pub func: FuncId,
    pub header: Loc,
    /// Where the loop head is in the source.
    pub span: Span,
    pub atom: Expr,
    /// The atom as C.
    pub text: String,
}

/// The message of the error location checking candidate `k` (to find which candidates fail).
pub fn check_message(k: usize) -> String {
    format!("kappa invariant candidate {k} fails")
}

/// The candidate an error message of an instrumented program names.
pub fn refuted_candidate(message: &str) -> Option<usize> {
    message.strip_prefix("kappa invariant candidate ")?.strip_suffix(" fails")?.parse().ok()
}

/// A C operand: its text and whether it is signed (`None`: a constant, either).
fn c_operand(prog: &Program, f: FuncId, e: &Expr) -> Option<(String, Option<bool>)> {
    match e {
        Expr::Var(v) => {
            let info = prog.var(*v);
            let own = matches!(info.kind, VarKind::Global)
                || matches!(info.kind, VarKind::Param(g) | VarKind::Local(g) if g == f);
            let ident = !info.name.is_empty()
                && info.name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                && !info.name.starts_with(|c: char| c.is_ascii_digit());
            match (&info.ctype, own && ident) {
                (CType::Int { signed, .. }, true) => Some((info.name.clone(), Some(*signed))),
                _ => None,
            }
        }
        Expr::Int { bits, width } if (1..=64).contains(width) => {
            let v = kappa_ir::expr::to_signed(*bits, *width);
            (v.unsigned_abs() < 1 << 31).then(|| (v.to_string(), None))
        }
        // Widening keeps the value when it matches the operand's signedness.
        Expr::Cast(op @ (CastOp::SExt | CastOp::ZExt), _, inner) => {
            let (t, s) = c_operand(prog, f, inner)?;
            match (op, s) {
                (_, None) | (CastOp::SExt, Some(true)) | (CastOp::ZExt, Some(false)) => Some((t, s)),
                _ => None,
            }
        }
        _ => None,
    }
}

/// `a OP b` as C, when the comparison means the same in C (operands' signedness agrees with
/// the operator's).
fn c_comparison(prog: &Program, f: FuncId, op: BinOp, a: &Expr, b: &Expr) -> Option<String> {
    let (ta, sa) = c_operand(prog, f, a)?;
    let (tb, sb) = c_operand(prog, f, b)?;
    let signed_op = match op {
        BinOp::Slt | BinOp::Sle | BinOp::Sgt | BinOp::Sge => Some(true),
        BinOp::Ult | BinOp::Ule | BinOp::Ugt | BinOp::Uge => Some(false),
        BinOp::Eq | BinOp::Ne => None,
        _ => return None,
    };
    if let Some(s) = signed_op {
        if sa.is_some_and(|x| x != s) || sb.is_some_and(|x| x != s) || (sa.is_none() && sb.is_none()) {
            return None;
        }
    }
    let sym = match op {
        BinOp::Slt | BinOp::Ult => "<",
        BinOp::Sle | BinOp::Ule => "<=",
        BinOp::Sgt | BinOp::Ugt => ">",
        BinOp::Sge | BinOp::Uge => ">=",
        BinOp::Eq => "==",
        _ => "!=",
    };
    Some(format!("{ta} {sym} {tb}"))
}

/// The candidates of every loop head of the program's own functions.
pub fn candidates(prog: &Program) -> Vec<Candidate> {
    let analyses = analyze_program(prog, &CycleOptions::default());
    let mut out = Vec::new();
    for (fi, (f, a)) in prog.functions.iter().zip(&analyses).enumerate() {
        let fid = FuncId(fi as u32);
        if prog.is_library(fid) {
            continue;
        }
        for l in &a.loops.loops {
            let h = l.header;
            let span = f.loc(h).span;
            let mut atoms: Vec<(Expr, String)> = Vec::new();
            let mut add = |e: Expr, text: Option<String>| {
                if let Some(t) = text {
                    // `0 <= k` and `k >= 0` are one fact.
                    let canon = |t: &str| t.split_once(" >= ").map_or(t.to_string(), |(a, b)| format!("{b} <= {a}"));
                    if !atoms.iter().any(|(_, x)| canon(x) == canon(&t)) {
                        atoms.push((e, t));
                    }
                }
            };
            // The condition of the edge into the body.
            for e in f.out_edges(h) {
                let edge = f.edge(*e);
                let (Op::Assume(Expr::Bin(op, x, y)), true) = (&edge.op, l.contains(edge.dst)) else { continue };
                let weak = match op {
                    BinOp::Slt => Some(BinOp::Sle),
                    BinOp::Ult => Some(BinOp::Ule),
                    BinOp::Sgt => Some(BinOp::Sge),
                    BinOp::Ugt => Some(BinOp::Uge),
                    _ => None,
                };
                if let Some(w) = weak {
                    add(Expr::bin(w, (**x).clone(), (**y).clone()), c_comparison(prog, fid, w, x, y));
                }
                for side in [x, y] {
                    let zero = match c_operand(prog, fid, side) {
                        Some((_, Some(true))) => Expr::int(0, side_width(prog, side)),
                        _ => continue,
                    };
                    let text = c_comparison(prog, fid, BinOp::Sle, &zero, side);
                    add(Expr::bin(BinOp::Sle, zero, (**side).clone()), text);
                }
            }
            // The variables the loop writes: `0 <= x` for signed ones, and the bounds their
            // value at the loop's entry gives (`i = 1; for (; ...; i++)`: `1 <= i`).
            // Variables written only inside the loop (declared in its body) have no value at
            // its head.
            let mut written: Vec<VarId> = Vec::new();
            let mut outside: Vec<VarId> = Vec::new();
            for e in f.edge_ids() {
                let edge = f.edge(e);
                let Some(v) = edge.op.def() else { continue };
                if l.contains(edge.src) && l.contains(edge.dst) {
                    if !written.contains(&v) {
                        written.push(v);
                    }
                } else {
                    outside.push(v);
                }
            }
            written.retain(|v| outside.contains(v) || !matches!(prog.var(*v).kind, VarKind::Local(_)));
            // Variables that step together (`x++; y++;` from `y = x`): `x == y`.
            for (i, a) in written.iter().enumerate() {
                for b in &written[i + 1..] {
                    let (xa, xb) = (Expr::Var(*a), Expr::Var(*b));
                    if prog.var(*a).ctype == prog.var(*b).ctype {
                        add(Expr::bin(BinOp::Eq, xa.clone(), xb.clone()), c_comparison(prog, fid, BinOp::Eq, &xa, &xb));
                    }
                }
            }
            for v in written {
                let x = Expr::Var(v);
                let Some((_, Some(signed))) = c_operand(prog, fid, &x) else { continue };
                let w = side_width(prog, &x);
                let le = if signed { BinOp::Sle } else { BinOp::Ule };
                if signed {
                    let zero = Expr::int(0, w);
                    add(Expr::bin(le, zero.clone(), x.clone()), c_comparison(prog, fid, le, &zero, &x));
                }
                if let Some(c) = entry_constant(f, l, v) {
                    add(Expr::bin(le, c.clone(), x.clone()), c_comparison(prog, fid, le, &c, &x));
                    add(Expr::bin(le, x.clone(), c.clone()), c_comparison(prog, fid, le, &x, &c));
                }
            }
            for (atom, text) in atoms {
                out.push(Candidate { func: fid, header: h, span, atom, text });
            }
        }
    }
    out
}

/// The constant every path into the loop last assigned to `v` (on the straight-line code
/// before the loop's entry), if there is one.
pub fn entry_constant(f: &kappa_ir::Function, l: &kappa_ir::analysis::NaturalLoop, v: VarId) -> Option<Expr> {
    let mut found: Option<Expr> = None;
    for e in f.in_edges(l.header) {
        if l.contains(f.edge(*e).src) {
            continue;
        }
        let mut cur = *e;
        let mut value = None;
        for _ in 0..64 {
            let edge = f.edge(cur);
            if edge.op.def() == Some(v) {
                if let Op::Assign { value: c @ Expr::Int { .. }, .. } = &edge.op {
                    value = Some(c.clone());
                }
                break;
            }
            match f.in_edges(edge.src) {
                [one] => cur = *one,
                _ => break,
            }
        }
        let c = value?;
        if found.as_ref().is_some_and(|x| *x != c) {
            return None;
        }
        found = Some(c);
    }
    found
}

fn side_width(prog: &Program, e: &Expr) -> u32 {
    match e {
        Expr::Var(v) => match prog.var(*v).ty {
            kappa_ir::Ty::Int(w) => w,
            _ => 32,
        },
        Expr::Cast(_, w, _) => *w,
        Expr::Int { width, .. } => *width,
        _ => 32,
    }
}

/// The program with a check of each active candidate at its loop head: the head's edges move
/// to a new location, reached through `assume atom` for every candidate in turn; `assume !atom`
/// leads to an error location named by [`check_message`], at a column of its own (the engine
/// lists errors once per kind and location). The caller runs the check again without the
/// candidates that failed until none fails.
pub fn instrument(prog: &Program, cands: &[Candidate], active: &[bool]) -> Program {
    let mut p = prog.clone();
    let mut by_head: std::collections::BTreeMap<(u32, u32), Vec<usize>> = Default::default();
    for (k, c) in cands.iter().enumerate().filter(|(k, _)| active.get(*k) == Some(&true)) {
        by_head.entry((c.func.0, c.header.0)).or_default().push(k);
    }
    for ((fi, h), ks) in by_head {
        let f = &mut p.functions[fi as usize];
        let h = Loc(h);
        let span = f.loc(h).span;
        let new_loc = |f: &mut kappa_ir::Function, kind: LocKind| {
            f.locs.push(LocInfo { kind, span });
            Loc(f.locs.len() as u32 - 1)
        };
        // The head's own edges now leave from `rest`.
        let rest = new_loc(f, LocKind::Normal);
        for e in f.edges.iter_mut().filter(|e| e.src == h) {
            e.src = rest;
        }
        let mut at = h;
        for (i, &k) in ks.iter().enumerate() {
            let next = if i + 1 == ks.len() { rest } else { new_loc(f, LocKind::Normal) };
            // A column of its own, so that every failing check is listed.
            let err_span = Span { col: span.col + 10_000 + k as u32, ..span };
            f.locs.push(LocInfo {
                kind: LocKind::Error { kind: ErrorKind::Assert, message: check_message(k) },
                span: err_span,
            });
            let err = Loc(f.locs.len() as u32 - 1);
            let atom = cands[k].atom.clone();
            f.edges.push(Edge { src: at, dst: next, op: Op::Assume(atom.clone()), span });
            f.edges.push(Edge { src: at, dst: err, op: Op::Assume(atom.negate()), span: err_span });
            at = next;
        }
        f.index_edges();
    }
    p
}
