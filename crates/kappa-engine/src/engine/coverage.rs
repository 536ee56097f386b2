//! Coverage, for every searcher: branches (the program's conditions, not the front-end's
//! checks), lines, functions and loop paths ([`kappa_ir::analysis::CoverageMap`]).
//!
//! Two views are kept. *Reached* items are those some state executed: what the progress
//! display shows and what searchers steer by (loop state pruning asks whether a state's loop
//! path is a prefix of an unreached one). *Tested* items are those covered by paths that ended,
//! each path with its own item set ([`PathCoverage`], carried by the state): what the tests
//! cover, and so what the statistics, `--coverage` and `--tests covering` report; gcov measures
//! the same thing on the replayed tests.
//!
//! Loop paths are followed per stack frame with a [`LoopCursor`] (the paper's loop-path stack,
//! section 3.2 of Gao and Lumetta). A loop summary of compact symbolic execution moves a state
//! without edges: the exit path it took is covered at once, the κ iterations of its cycle only
//! if the path's test has κ ≥ 1.

use crate::state::State;
use kappa_expr::Term;
use kappa_ir::analysis::{CoverageMap, ItemId, ItemKind, ItemSet, LoopId, PathTrie};
use kappa_ir::{EdgeId, FuncId, Loc, Program};
use kappa_solver::Model;
use std::rc::Rc;

/// What one path covered so far.
#[derive(Clone, Debug, Default)]
pub struct PathCoverage {
    /// Items the path covered.
    pub items: Rc<ItemSet>,
    /// Loop summaries on the path: their iterations' items count only if κ ≥ 1.
    pub summaries: Rc<Vec<Summary>>,
}

/// The κ iterations of a cycle a loop summary stands for.
#[derive(Clone, Debug)]
pub struct Summary {
    pub kappa: Term,
    pub items: Rc<ItemSet>,
}

/// Where a state is in the loops of its current frame (section 3.4: a new state is postponed
/// when its current loop path is a prefix of no uncovered path).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoopPosition {
    /// Not inside a loop of the current frame.
    Outside,
    /// Inside a loop whose paths are not listed, or at an unknown position.
    Unknown,
    /// Inside a loop; this many paths with the current path as a prefix are unreached.
    Open(u32),
}

/// A run's coverage without its map ([`CoverageTracker::export`]).
#[derive(Clone, Debug, Default)]
pub struct CoverageParts {
    reached: ItemSet,
    tested: ItemSet,
    hits: Vec<u64>,
    suite: ItemSet,
    locs: Vec<Vec<bool>>,
}

/// Coverage of a run.
pub struct CoverageTracker {
    map: CoverageMap,
    reached: ItemSet,
    tested: ItemSet,
    /// Ended paths covering each item.
    hits: Vec<u64>,
    /// Items the written tests cover (`--tests covering`).
    suite: ItemSet,
    /// Per function, per location: reached by some state.
    locs: Vec<Vec<bool>>,
    /// Per function, per loop, per trie node: unreached paths through the node.
    open: Vec<Vec<Vec<u32>>>,
}

impl CoverageTracker {
    pub fn new(prog: &Program) -> CoverageTracker {
        let map = CoverageMap::new(prog);
        let n = map.len();
        let open = map
            .funcs
            .iter()
            .map(|fc| {
                fc.paths
                    .loops
                    .iter()
                    .map(|set| (0..set.trie.len() as u32).map(|k| set.trie.paths_below(k)).collect())
                    .collect()
            })
            .collect();
        CoverageTracker {
            reached: ItemSet::with_capacity(n),
            tested: ItemSet::with_capacity(n),
            hits: vec![0; n],
            suite: ItemSet::with_capacity(n),
            locs: prog.functions.iter().map(|f| vec![false; f.locs.len()]).collect(),
            open,
            map,
        }
    }

    pub fn map(&self) -> &CoverageMap {
        &self.map
    }

    /// What the run covered, owned (`Send`): the workers of `--jobs` hand it to the thread that
    /// merges their results ([`CoverageTracker::absorb`]).
    pub fn export(&self) -> CoverageParts {
        CoverageParts {
            reached: self.reached.clone(),
            tested: self.tested.clone(),
            hits: self.hits.clone(),
            suite: self.suite.clone(),
            locs: self.locs.clone(),
        }
    }

    /// Adds another run's coverage of the same program (the union of the items, the sum of
    /// the hit counts). The counts of unreached loop paths are not merged: they steer a
    /// searcher during a run.
    pub fn absorb(&mut self, p: &CoverageParts) {
        self.reached.union_with(&p.reached);
        self.tested.union_with(&p.tested);
        self.suite.union_with(&p.suite);
        if self.hits.len() < p.hits.len() {
            self.hits.resize(p.hits.len(), 0);
        }
        for (h, x) in self.hits.iter_mut().zip(&p.hits) {
            *h += x;
        }
        for (mine, theirs) in self.locs.iter_mut().zip(&p.locs) {
            for (m, t) in mine.iter_mut().zip(theirs) {
                *m |= *t;
            }
        }
    }

    /// Items some state executed.
    pub fn reached(&self) -> &ItemSet {
        &self.reached
    }

    /// Items covered by paths that ended.
    pub fn tested(&self) -> &ItemSet {
        &self.tested
    }

    /// Per item, the number of ended paths that cover it.
    pub fn hits(&self) -> &[u64] {
        &self.hits
    }

    /// Whether some state stood at location `l` of `f`.
    pub fn loc_reached(&self, f: FuncId, l: Loc) -> bool {
        self.locs.get(f.index()).and_then(|v| v.get(l.index())).copied().unwrap_or(false)
    }

    /// The position of a state in the loops of its current frame, against the reached paths.
    pub fn loop_position(&self, st: &State) -> LoopPosition {
        match self.loop_node(st) {
            Err(p) => p,
            Ok((f, l, node)) => LoopPosition::Open(self.open_below(f, l, node)),
        }
    }

    /// The state's node in the path trie of the innermost loop of its current frame (function,
    /// loop, node), or where it is when it has none.
    pub fn loop_node(&self, st: &State) -> Result<(FuncId, LoopId, u32), LoopPosition> {
        let Some(frame) = st.frames.last() else { return Err(LoopPosition::Outside) };
        let cursor = match &frame.loop_cursor {
            Some(c) => c,
            // The frame has executed no edge yet: where its location puts it.
            None => {
                let Some(fc) = self.map.funcs.get(frame.func.index()) else { return Err(LoopPosition::Outside) };
                return Err(match fc.loops.innermost(frame.loc) {
                    None => LoopPosition::Outside,
                    Some(_) => LoopPosition::Unknown,
                });
            }
        };
        match cursor.last() {
            None => Err(LoopPosition::Outside),
            Some((_, None)) => Err(LoopPosition::Unknown),
            Some((l, Some(node))) => Ok((frame.func, *l, *node)),
        }
    }

    /// Unreached paths of loop `l` of `f` through node `node` of its trie.
    pub fn open_below(&self, f: FuncId, l: LoopId, node: u32) -> u32 {
        self.open.get(f.index()).and_then(|v| v.get(l.index())).and_then(|v| v.get(node as usize)).copied().unwrap_or(0)
    }

    fn reach(&mut self, i: ItemId) {
        if !self.reached.insert(i) {
            return;
        }
        if let Some(p) = self.map.loop_path(i) {
            let (f, l, path) = (p.func, p.lp, p.path);
            let trie = &self.map.funcs[f.index()].paths.loops[l.index()].trie;
            let counts = &mut self.open[f.index()][l.index()];
            let mut n = trie.leaf(path);
            while let Some(k) = n {
                counts[k as usize] = counts[k as usize].saturating_sub(1);
                n = trie.parent(k);
            }
        }
    }

    fn cover(&mut self, st: &mut State, i: ItemId) {
        if !st.coverage.items.contains(i) {
            Rc::make_mut(&mut st.coverage.items).insert(i);
        }
        self.reach(i);
    }

    /// Gives the top frame its cursor if it has none yet: it starts where it stands (`at`).
    fn sync_frames(&self, st: &mut State, at: Loc) {
        let Some(fr) = st.frames.last() else { return };
        if fr.loop_cursor.is_some() {
            return;
        }
        let c = match self.map.funcs.get(fr.func.index()) {
            Some(fc) => fc.paths.cursor_at(&fc.loops, at),
            None => Vec::new(),
        };
        st.frame_mut().loop_cursor = Some(c);
    }

    /// The state executes edge `e` of `f` (in its top frame).
    pub(crate) fn on_edge(&mut self, prog: &Program, st: &mut State, f: FuncId, e: EdgeId) {
        let func = prog.func(f);
        let Some(edge) = func.edges.get(e.index()) else { return };
        self.sync_frames(st, edge.src);
        if let Some(v) = self.locs.get_mut(f.index()) {
            for l in [edge.src, edge.dst] {
                if let Some(x) = v.get_mut(l.index()) {
                    *x = true;
                }
            }
        }
        let Some(fc) = self.map.funcs.get(f.index()) else { return };
        let new: [Option<ItemId>; 3] = [fc.branch[e.index()], fc.line[e.index()], fc.entered[e.index()]];
        let mut paths: Vec<ItemId> = Vec::new();
        if !fc.loops.is_empty() {
            if let Some(cur) = st.frame_mut().loop_cursor.as_mut() {
                fc.paths.advance(func, &fc.loops, cur, e, &mut |l, p| paths.push(fc.path_item(l, p)));
            }
        }
        for i in new.into_iter().flatten().chain(paths) {
            self.cover(st, i);
        }
    }

    /// A loop summary moved the state from `entry` over κ iterations of `core` and then along
    /// `exit_path` (edges of its top frame's function `f`).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn on_summary(
        &mut self,
        prog: &Program,
        st: &mut State,
        f: FuncId,
        entry: Loc,
        core: &[EdgeId],
        exit_path: &[EdgeId],
        kappa: &Term,
    ) {
        let func = prog.func(f);
        let Some(fc) = self.map.funcs.get(f.index()) else { return };
        self.sync_frames(st, entry);
        // The iterations: the core's items, counted for the path once its test fixes κ.
        let mut items = ItemSet::default();
        let mut scratch = fc.paths.cursor_at(&fc.loops, entry);
        for &e in core {
            items.extend(self.map.edge_items(f, e));
            fc.paths.advance(func, &fc.loops, &mut scratch, e, &mut |l, p| {
                items.insert(fc.path_item(l, p));
            });
        }
        let after_iterations = match kappa.as_bv() {
            Some(0) => None,
            _ => Some(Rc::new(items)),
        };
        // After κ ≥ 1 iterations the state is back at the entry: at the start of an iteration
        // if the entry is a loop header, else at a position no path prefix describes.
        if kappa.as_bv() != Some(0) {
            if let Some(top) = st.frame_mut().loop_cursor.as_mut().and_then(|cur| cur.last_mut()) {
                let listed = fc.paths.loops[top.0.index()].incomplete.is_none();
                top.1 = (fc.loops.get(top.0).header == entry && listed).then_some(PathTrie::ROOT);
            }
        }
        if let Some(items) = after_iterations {
            for i in items.iter() {
                self.reach(i);
            }
            Rc::make_mut(&mut st.coverage.summaries).push(Summary { kappa: kappa.clone(), items });
        }
        for &e in exit_path {
            self.on_edge(prog, st, f, e);
        }
    }

    /// The items of an ended path: its own, and the iterations of its loop summaries whose κ
    /// is at least 1 in the path's model.
    pub fn path_items(&self, st: &State, model: Option<&Model>) -> ItemSet {
        let mut items = (*st.coverage.items).clone();
        for s in st.coverage.summaries.iter() {
            let k = model.and_then(|m| m.eval_completed(&s.kappa)).and_then(|v| v.as_bv());
            if matches!(k, Some(k) if k >= 1) {
                items.union_with(&s.items);
            }
        }
        items
    }

    /// A path ended covering `items`.
    pub(crate) fn on_path_end(&mut self, items: &ItemSet) {
        self.tested.union_with(items);
        for i in items.iter() {
            if let Some(h) = self.hits.get_mut(i.index()) {
                *h += 1;
            }
        }
    }

    /// Whether a test covering `items` adds a branch or a line to the tests kept so far.
    pub(crate) fn adds_to_suite(&self, items: &ItemSet) -> bool {
        let map = &self.map;
        items.adds_to(&self.suite, &|i| matches!(map.kind(i), ItemKind::Branch | ItemKind::Line))
    }

    pub(crate) fn keep_in_suite(&mut self, items: &ItemSet) {
        self.suite.union_with(items);
    }
}
