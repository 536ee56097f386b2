//! Coverage as a user of gcov or lcov counts it, on kappa's IR.
//!
//! The IR has more branches than the source: every check the front-end adds (bounds, null,
//! division by zero, freed memory) is a branch into an error location. Those are not the
//! programmer's conditions and would make every correct program look partly uncovered, so each
//! edge gets an [`EdgeRole`], and the coverage items ([`CoverageMap`]) are
//!
//! * **branches**: each direction of each condition the program states (`if`, loop conditions,
//!   `case` labels, each operand of `&&`, `||` and `?:`, `assert`, a conditional `reach_error()`),
//!   as gcov counts them;
//! * **lines**: source lines holding an operation (declarations without code excluded);
//! * **functions**: entered or not;
//! * **loop paths**: the H2H and H2E paths of loop state pruning ([`super::looppaths`]).
//!
//! Items are numbered in one space ([`ItemId`]) so that the items a path covers fit one bit set
//! ([`ItemSet`]).

use super::looppaths::{loop_paths, LoopPaths};
use super::{dominators, natural_loops, LoopForest, LoopId};
use crate::program::{AllocTarget, EdgeId, FuncId, Function, Loc, LocKind, NondetOrigin, Op, Program, Span};
use crate::{ErrorKind, Expr};

/// What an edge is to a user counting branches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EdgeRole {
    /// The only way on from its source.
    Straight,
    /// One direction of a condition the program states.
    Branch,
    /// The failing side of a check the front-end added: an edge into an error location of a
    /// kind other than `reach_error` and `assert`.
    CheckFail,
    /// The other side of such a check.
    CheckPass,
}

/// Whether an error kind is a check the front-end adds (rather than the program's own
/// `reach_error()` or `assert`).
pub fn is_check(kind: ErrorKind) -> bool {
    !matches!(kind, ErrorKind::ReachError | ErrorKind::Assert)
}

/// The role of every edge of `f`.
pub fn edge_roles(f: &Function) -> Vec<EdgeRole> {
    let n = f.locs.len();
    let into_check = |e: &crate::program::Edge| {
        e.dst.index() < n && matches!(&f.locs[e.dst.index()].kind, LocKind::Error { kind, .. } if is_check(*kind))
    };
    let mut roles = vec![EdgeRole::Straight; f.edges.len()];
    let mut out: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, e) in f.edges.iter().enumerate() {
        if e.src.index() < n {
            out[e.src.index()].push(i);
        }
    }
    for es in &out {
        let checks = es.iter().any(|&i| into_check(&f.edges[i]));
        for &i in es {
            roles[i] = if into_check(&f.edges[i]) {
                EdgeRole::CheckFail
            } else if checks {
                EdgeRole::CheckPass
            } else if es.len() > 1 {
                EdgeRole::Branch
            } else {
                EdgeRole::Straight
            };
        }
    }
    roles
}

/// A coverage item: an index into [`CoverageMap`]'s one numbering of branches, lines,
/// functions and loop paths (in that order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ItemId(pub u32);

impl ItemId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ItemKind {
    Branch,
    Line,
    Function,
    LoopPath,
}

/// One direction of a source condition.
#[derive(Clone, Debug)]
pub struct BranchItem {
    pub func: FuncId,
    pub edge: EdgeId,
    /// The branching location.
    pub loc: Loc,
    /// Source file and line of the condition.
    pub file: u32,
    pub line: u32,
    /// The condition's number among the branching locations on its line (lcov's "block").
    pub block: u32,
    /// The direction's number among the condition's edges (lcov's "branch").
    pub arm: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct LineItem {
    pub file: u32,
    pub line: u32,
}

#[derive(Clone, Debug)]
pub struct FunctionItem {
    pub func: FuncId,
    pub name: String,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct LoopPathItem {
    pub func: FuncId,
    pub lp: LoopId,
    pub path: u32,
}

/// Per function: edge roles, the items of each edge, loops and loop paths.
#[derive(Clone, Debug)]
pub struct FuncCoverage {
    pub roles: Vec<EdgeRole>,
    /// The branch item of each edge.
    pub branch: Vec<Option<ItemId>>,
    /// The line item of each edge.
    pub line: Vec<Option<ItemId>>,
    /// The function's item.
    pub item: ItemId,
    /// The function item each edge enters: its own for an edge out of its entry; the
    /// original's for a copy of another function's entry edge (an inlined callee).
    pub entered: Vec<Option<ItemId>>,
    pub loops: LoopForest,
    pub paths: LoopPaths,
    /// The item of each loop's first path (its paths are numbered consecutively).
    pub path_base: Vec<u32>,
}

impl FuncCoverage {
    /// The item of path `p` of loop `l`.
    pub fn path_item(&self, l: LoopId, p: u32) -> ItemId {
        ItemId(self.path_base[l.index()] + p)
    }
}

/// The coverage items of a program.
#[derive(Clone, Debug)]
pub struct CoverageMap {
    pub funcs: Vec<FuncCoverage>,
    pub branches: Vec<BranchItem>,
    pub lines: Vec<LineItem>,
    pub functions: Vec<FunctionItem>,
    pub loop_paths: Vec<LoopPathItem>,
}

/// Covered and total items of each kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub branches: (u64, u64),
    pub lines: (u64, u64),
    pub functions: (u64, u64),
    pub loop_paths: (u64, u64),
}

/// Edges that are declarations without code for a C compiler: the slot of a fixed-size local,
/// an uninitialised scalar. gcov does not count their lines.
fn declaration_only(op: &Op) -> bool {
    matches!(
        op,
        Op::Alloc { target: AllocTarget::Slot(_), size: Expr::Int { .. }, .. }
            | Op::Nondet { origin: NondetOrigin::Uninit { .. }, .. }
    )
}

impl CoverageMap {
    pub fn new(prog: &Program) -> CoverageMap {
        let mut branches = Vec::new();
        let mut lines_seen: Vec<LineItem> = Vec::new();
        let mut functions = Vec::new();
        let mut per_func: Vec<(Vec<EdgeRole>, LoopForest, LoopPaths)> = Vec::new();
        // Branch items per function, and the lines of edges.
        let mut branch_of: Vec<Vec<Option<u32>>> = Vec::new();
        let mut copies: Vec<(FuncId, EdgeId, Loc, u32)> = Vec::new();
        for f in &prog.functions {
            let roles = edge_roles(f);
            let mut b = vec![None; f.edges.len()];
            // Branching locations in location order; per line, their number.
            let mut per_line: std::collections::HashMap<(u32, u32), u32> = std::collections::HashMap::new();
            let mut out: Vec<Vec<EdgeId>> = vec![Vec::new(); f.locs.len()];
            for (i, e) in f.edges.iter().enumerate() {
                if e.src.index() < f.locs.len() && roles[i] == EdgeRole::Branch {
                    out[e.src.index()].push(EdgeId(i as u32));
                }
            }
            for (l, es) in out.iter().enumerate() {
                let Some(&first) = es.first() else { continue };
                // A copy of another function's condition (an inlined callee) is that
                // condition: its items are the original's, given below.
                if es.iter().all(|e| prog.edge_origin.contains_key(&(f.id, *e))) {
                    copies.extend(es.iter().enumerate().map(|(arm, &e)| (f.id, e, Loc(l as u32), arm as u32)));
                    continue;
                }
                let span = f.edges[first.index()].span;
                let block = per_line.entry((span.file, span.line)).or_insert(0);
                for (arm, &e) in es.iter().enumerate() {
                    b[e.index()] = Some(branches.len() as u32);
                    branches.push(BranchItem {
                        func: f.id,
                        edge: e,
                        loc: Loc(l as u32),
                        file: span.file,
                        line: span.line,
                        block: *block,
                        arm: arm as u32,
                    });
                }
                *block += 1;
            }
            for e in &f.edges {
                if e.span.is_known() && !declaration_only(&e.op) {
                    lines_seen.push(LineItem { file: e.span.file, line: e.span.line });
                }
            }
            functions.push(FunctionItem { func: f.id, name: f.name.clone(), span: f.span });
            let loops = natural_loops(f, &dominators(f));
            let paths = loop_paths(f, &loops, &roles);
            per_func.push((roles, loops, paths));
            branch_of.push(b);
        }
        // The copies' branch items: their originals' (a new item only where the original is
        // not a branch, which inlining does not make).
        for (f, e, loc, arm) in copies {
            let origin = prog.edge_origin.get(&(f, e));
            let item = origin.and_then(|(of, oe)| branch_of.get(of.index())?.get(oe.index()).copied().flatten());
            let item = item.unwrap_or_else(|| {
                let span = prog.functions[f.index()].edges[e.index()].span;
                let on_line = branches.iter().filter(|b| (b.file, b.line) == (span.file, span.line));
                let block = on_line.map(|b| b.block + 1).max().unwrap_or(0);
                branches.push(BranchItem { func: f, edge: e, loc, file: span.file, line: span.line, block, arm });
                branches.len() as u32 - 1
            });
            branch_of[f.index()][e.index()] = Some(item);
        }
        lines_seen.sort();
        lines_seen.dedup();
        let nb = branches.len() as u32;
        let nl = lines_seen.len() as u32;
        let nf = functions.len() as u32;
        let mut loop_paths_items = Vec::new();
        let mut funcs = Vec::new();
        for (k, ((roles, loops, paths), b)) in per_func.into_iter().zip(branch_of).enumerate() {
            let f = &prog.functions[k];
            let line = f
                .edges
                .iter()
                .map(|e| {
                    if !e.span.is_known() || declaration_only(&e.op) {
                        return None;
                    }
                    let key = LineItem { file: e.span.file, line: e.span.line };
                    lines_seen.binary_search(&key).ok().map(|i| ItemId(nb + i as u32))
                })
                .collect();
            let mut path_base = Vec::with_capacity(paths.loops.len());
            for (li, set) in paths.loops.iter().enumerate() {
                path_base.push(nb + nl + nf + loop_paths_items.len() as u32);
                for p in 0..set.paths.len() {
                    loop_paths_items.push(LoopPathItem { func: f.id, lp: LoopId(li as u32), path: p as u32 });
                }
            }
            let entered = f
                .edges
                .iter()
                .enumerate()
                .map(|(i, e)| match prog.edge_origin.get(&(f.id, EdgeId(i as u32))) {
                    Some((of, oe)) => {
                        let g = &prog.functions[of.index()];
                        (g.edges[oe.index()].src == g.entry).then_some(ItemId(nb + nl + of.0))
                    }
                    None => (e.src == f.entry).then_some(ItemId(nb + nl + k as u32)),
                })
                .collect();
            funcs.push(FuncCoverage {
                roles,
                branch: b.into_iter().map(|x| x.map(ItemId)).collect(),
                line,
                item: ItemId(nb + nl + k as u32),
                entered,
                loops,
                paths,
                path_base,
            });
        }
        CoverageMap { funcs, branches, lines: lines_seen, functions, loop_paths: loop_paths_items }
    }

    /// Number of items of all kinds.
    pub fn len(&self) -> usize {
        self.branches.len() + self.lines.len() + self.functions.len() + self.loop_paths.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn bounds(&self) -> [u32; 4] {
        let b = self.branches.len() as u32;
        let l = b + self.lines.len() as u32;
        let f = l + self.functions.len() as u32;
        let p = f + self.loop_paths.len() as u32;
        [b, l, f, p]
    }

    pub fn kind(&self, i: ItemId) -> ItemKind {
        let [b, l, f, _] = self.bounds();
        if i.0 < b {
            ItemKind::Branch
        } else if i.0 < l {
            ItemKind::Line
        } else if i.0 < f {
            ItemKind::Function
        } else {
            ItemKind::LoopPath
        }
    }

    /// The items of one kind.
    pub fn range(&self, k: ItemKind) -> std::ops::Range<u32> {
        let [b, l, f, p] = self.bounds();
        match k {
            ItemKind::Branch => 0..b,
            ItemKind::Line => b..l,
            ItemKind::Function => l..f,
            ItemKind::LoopPath => f..p,
        }
    }

    pub fn branch(&self, i: ItemId) -> Option<&BranchItem> {
        self.branches.get(i.index())
    }

    pub fn line(&self, i: ItemId) -> Option<&LineItem> {
        i.index().checked_sub(self.branches.len()).and_then(|k| self.lines.get(k))
    }

    pub fn function(&self, i: ItemId) -> Option<&FunctionItem> {
        let base = self.range(ItemKind::Function).start as usize;
        i.index().checked_sub(base).and_then(|k| self.functions.get(k))
    }

    pub fn loop_path(&self, i: ItemId) -> Option<&LoopPathItem> {
        let base = self.range(ItemKind::LoopPath).start as usize;
        i.index().checked_sub(base).and_then(|k| self.loop_paths.get(k))
    }

    /// The item of a line, if the line holds code.
    pub fn line_item(&self, file: u32, line: u32) -> Option<ItemId> {
        self.lines.binary_search(&LineItem { file, line }).ok().map(|k| ItemId(self.branches.len() as u32 + k as u32))
    }

    /// Covered and total items per kind for a set of covered items.
    pub fn counts(&self, covered: &ItemSet) -> Counts {
        let c = |k: ItemKind| {
            let r = self.range(k);
            (covered.count_in(r.clone()), u64::from(r.end - r.start))
        };
        Counts {
            branches: c(ItemKind::Branch),
            lines: c(ItemKind::Line),
            functions: c(ItemKind::Function),
            loop_paths: c(ItemKind::LoopPath),
        }
    }

    /// The items an execution covers by taking the edge `e` of `f` (its branch and its line).
    pub fn edge_items(&self, f: FuncId, e: EdgeId) -> impl Iterator<Item = ItemId> + '_ {
        let fc = self.funcs.get(f.index());
        let b = fc.and_then(|fc| fc.branch.get(e.index()).copied().flatten());
        let l = fc.and_then(|fc| fc.line.get(e.index()).copied().flatten());
        let f = fc.and_then(|fc| fc.entered.get(e.index()).copied().flatten());
        b.into_iter().chain(l).chain(f)
    }
}

/// A set of coverage items.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ItemSet {
    words: Vec<u64>,
}

impl Extend<ItemId> for ItemSet {
    fn extend<I: IntoIterator<Item = ItemId>>(&mut self, iter: I) {
        for i in iter {
            self.insert(i);
        }
    }
}

impl ItemSet {
    pub fn with_capacity(n: usize) -> ItemSet {
        ItemSet { words: vec![0; n.div_ceil(64)] }
    }

    pub fn contains(&self, i: ItemId) -> bool {
        self.words.get(i.index() / 64).is_some_and(|w| w & (1 << (i.index() % 64)) != 0)
    }

    /// Adds `i`; whether it was new.
    pub fn insert(&mut self, i: ItemId) -> bool {
        let (w, b) = (i.index() / 64, i.index() % 64);
        if w >= self.words.len() {
            self.words.resize(w + 1, 0);
        }
        let new = self.words[w] & (1 << b) == 0;
        self.words[w] |= 1 << b;
        new
    }

    pub fn union_with(&mut self, other: &ItemSet) {
        if other.words.len() > self.words.len() {
            self.words.resize(other.words.len(), 0);
        }
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            *a |= b;
        }
    }

    /// Whether `self` has an item `other` lacks, among the items `keep` accepts.
    pub fn adds_to(&self, other: &ItemSet, keep: &dyn Fn(ItemId) -> bool) -> bool {
        self.iter().any(|i| !other.contains(i) && keep(i))
    }

    pub fn iter(&self) -> impl Iterator<Item = ItemId> + '_ {
        self.words
            .iter()
            .enumerate()
            .flat_map(|(k, &w)| (0..64).filter(move |b| w & (1u64 << b) != 0).map(move |b| ItemId((k * 64 + b) as u32)))
    }

    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|w| *w == 0)
    }

    /// Items in `r`.
    pub fn count_in(&self, r: std::ops::Range<u32>) -> u64 {
        (r.start..r.end).filter(|&i| self.contains(ItemId(i))).count() as u64
    }
}
