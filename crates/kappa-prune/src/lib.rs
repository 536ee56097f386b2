//! Loop state pruning: "Loop Path Reduction by State Pruning" (Jianxiong Gao and Steven S.
//! Lumetta, ASE 2018), as a [`Searcher`] of kappa's engine.
//!
//! States are *normal* or *postponed*, decided when they are created (section 3.4.1, Fig. 7
//! `addState`): a new state inside a loop is postponed when its current loop path is a prefix of
//! no loop path left uncovered. Normal states are explored first, in a base order (bfs, dfs or
//! random, [`PruneSearcher::new`]). When none is left (`done`, Fig. 7), the searcher looks at the
//! *uncovered frontier*: branches and lines not yet covered whose source location some state
//! reached. A postponed state is promoted to normal only if it can still cover one of them;
//! a frontier item no postponed state can cover is given up. The run ends when no normal state
//! is left and no postponed state can cover anything new.
//!
//! Where kappa departs from the paper, and why:
//!
//! * Forks. The paper's KLEE continues the forking state on one side and creates a new state for
//!   the other; kappa's engine creates all successors, so one of them continues the parent
//!   (never postponed, like the paper's current state): the first whose loop path is a prefix of
//!   an uncovered path, else the first. Successors at an error location are never postponed
//!   (they end at once and report the error).
//! * Postponement ([`PostponeRule`]). The paper decides once, at creation, from the state's
//!   loop-path prefix. kappa's default also judges a normal state again when it is selected
//!   (its siblings may have covered the paths its prefix led to meanwhile) and counts an
//!   uncovered path only if the state can still complete it in its present iteration (the
//!   lookahead's exact part on each decision left). A loop path no execution takes (the
//!   paper's "uncoverable path" cluster) then stops keeping every state normal. The state that
//!   continues a fork is never postponed (the paper's current state): every state that runs
//!   has a line of descendants that ends, so what a running state covers is what ended paths
//!   cover. The descendants of a promoted state stay normal while the edge it was promoted for
//!   is uncovered.
//! * The frontier is computed from what ended paths cover, when no normal state is left: an
//!   edge only a postponed state took (the fork that made it) is uncovered, and that state
//!   covers it.
//! * Loop paths come from [`kappa_ir::analysis::looppaths`]; the front-end's checks (bounds,
//!   null, division) are no decisions of them.
//! * Promotion (section 3.4.2). The paper checks the frontier node's condition against the
//!   postponed state's constraints with the state's *present* values, which is a heuristic:
//!   the state may still change the variables before it gets there (Fig. 1(b)). kappa's sound
//!   check rules a state out for a frontier edge only with a proof that it cannot take it: it
//!   cannot reach the edge in the flowgraph; or the condition's variables keep their present
//!   values until the edge (no assignment on the way, no other activation) and the solver
//!   finds the condition contradicts the state's path condition; or, where they change, the
//!   *lookahead* (`lookahead.rs`) follows every way the state can still get to the edge in its
//!   activation — the rest of its iteration exactly, later iterations from the loop header
//!   with the loop's registers havocked and bounded by sound invariants (counters that only
//!   grow and cannot wrap), loop guards and earlier tests on the way conjoined — and the
//!   solver finds none of them can take it. Otherwise the state *may* cover the edge. States
//!   the solver confirms come first; among the others, the first postponed. So pruning never
//!   loses a branch a postponed state could cover (the coverage is that of full exploration);
//!   a branch the lookahead cannot prove uncoverable costs the exploration of the postponed
//!   states that may reach it.
//! * The failing sides of the front-end's checks are not frontier items: in a correct program
//!   they are unreachable, and proving that is what full exploration costs. An error only a
//!   postponed state would reach is therefore not found; the run is incomplete then, and
//!   `kappa verify` answers `unknown` rather than `true`.

mod lookahead;
mod reach;

use kappa_engine::searcher::{by_kind, Searcher};
use kappa_engine::state::State;
use kappa_engine::value::{Pointer, SVal, OBJ_BITS};
use kappa_engine::{Engine, LoopPosition, SearchKind};
use kappa_expr::Sort;
use kappa_ir::analysis::EdgeRole;
use kappa_ir::{EdgeId, FuncId, LocKind, Op, Ty};
use kappa_solver::SatResult;
use std::collections::{HashMap, HashSet};

/// The loop state-pruning searcher.
pub struct PruneSearcher {
    normal: Box<dyn Searcher>,
    postponed: Vec<State>,
    /// Per (state, frontier edge): what the check said (a postponed state does not change).
    verdicts: HashMap<(u64, FuncId, EdgeId), Cover>,
    /// Frontier edges no postponed state can cover.
    given_up: HashSet<(FuncId, EdgeId)>,
    check: PromotionCheck,
    reach: Option<reach::Reach>,
    lookahead: lookahead::Lookahead,
    rule: PostponeRule,
    /// Normal states the rule looks at again when they are selected ([`PostponeRule::Feasible`]).
    recheck: HashSet<u64>,
    /// States descending from a promoted one, with the frontier edge it was promoted for: while
    /// the edge is uncovered, the feasible rule leaves them normal (they are the ways the
    /// promoted state may cover it; postponing them would only promote them again, at the cost
    /// of a completion check and a promotion check each).
    lineage: HashMap<u64, (FuncId, EdgeId)>,
    stats: Counters,
}

#[derive(Default)]
struct Counters {
    postponed: u64,
    /// Postponed when selected, not at creation.
    postponed_late: u64,
    /// Completion checks (lookahead queries of [`PostponeRule::Feasible`]).
    completion_checks: u64,
    promoted: u64,
    given_up: u64,
    checks: u64,
    /// Checks the lookahead decided.
    lookahead: u64,
    ruled_out: u64,
}

/// What the promotion check says about a postponed state and a frontier edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Cover {
    /// It cannot cover the edge.
    No,
    /// It may.
    Maybe,
    /// The edge's condition is satisfiable on values the state keeps until the edge.
    Yes,
}

/// How the promotion check decides whether a postponed state can cover a frontier edge.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PromotionCheck {
    /// A state is ruled out only when it cannot cover the edge whatever it does: the edge is
    /// unreachable from it, or no way the state can still get to the edge satisfies the edge's
    /// condition together with the state's path condition (the lookahead; where it does not
    /// apply, for every value the variables it may still change can take). Pruning then loses
    /// no branch full exploration covers; a branch that is uncoverable in truth but not proved
    /// so costs the exploration of every postponed state that may reach it.
    #[default]
    Sound,
    /// The paper's check (section 3.4.2): the condition on the state's present values. Cheap
    /// where branches are uncoverable, but it rules out states whose variables would still
    /// change on the way (and with them branches full exploration covers).
    Paper,
}

impl PromotionCheck {
    pub fn name(self) -> &'static str {
        match self {
            PromotionCheck::Sound => "sound",
            PromotionCheck::Paper => "paper",
        }
    }
}

/// When a state is postponed (section 3.4.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PostponeRule {
    /// The paper's (Fig. 7, `addState`): at its creation, a state inside a loop whose current
    /// loop path is a prefix of no uncovered loop path.
    Paper,
    /// The paper's rule made exact on two counts. A state is judged again when it is selected,
    /// against the loop paths covered by then: with a breadth-first base, the siblings of a
    /// fork run in turn, and the first to finish an iteration covers what the others' prefixes
    /// led to. And a prefix counts only if the state can still complete one of the uncovered
    /// paths it leads to in the present iteration: every decision left on each such path is
    /// checked with the lookahead (`lookahead.rs`, the rest of the iteration exactly), and a
    /// path with a decision the state cannot take is one it cannot cover. This postpones the
    /// states of the paper's "uncoverable path" cluster (section 4: a loop path no execution
    /// takes keeps every prefix of it open, and the paper's rule then postpones nothing).
    /// Postponed states stay candidates for promotion, so no branch is lost.
    #[default]
    Feasible,
}

impl PostponeRule {
    pub fn name(self) -> &'static str {
        match self {
            PostponeRule::Paper => "paper",
            PostponeRule::Feasible => "feasible",
        }
    }
}

/// Uncovered loop paths a completion check looks at; with more, the state stays normal.
const MAX_OPEN_PATHS: usize = 256;

impl PruneSearcher {
    /// Loop state pruning over the base order `base` among normal states (`Bfs`, `Dfs` or
    /// `Random` with `seed`).
    pub fn new(base: SearchKind, seed: u64) -> PruneSearcher {
        let base = if base == SearchKind::Prune { SearchKind::Bfs } else { base };
        PruneSearcher {
            normal: by_kind(base, seed),
            postponed: Vec::new(),
            verdicts: HashMap::new(),
            given_up: HashSet::new(),
            check: PromotionCheck::Sound,
            reach: None,
            lookahead: lookahead::Lookahead::default(),
            rule: PostponeRule::default(),
            recheck: HashSet::new(),
            lineage: HashMap::new(),
            stats: Counters::default(),
        }
    }

    /// The postponement rule (default [`PostponeRule::Feasible`]).
    pub fn with_rule(mut self, r: PostponeRule) -> PruneSearcher {
        self.rule = r;
        self
    }

    /// The promotion check (default [`PromotionCheck::Sound`]).
    pub fn with_check(mut self, c: PromotionCheck) -> PruneSearcher {
        self.check = c;
        self
    }

    /// The base order's name.
    pub fn base(&self) -> &'static str {
        self.normal.name()
    }

    fn at_error(eng: &Engine<'_>, s: &State) -> bool {
        let (f, l) = s.loc();
        eng.program().func(f).locs.get(l.index()).is_some_and(|x| matches!(x.kind, LocKind::Error { .. }))
    }

    /// The uncovered frontier: edges (not a check's failing side) whose source some state
    /// reached and whose branch or line no ended path covered. It is computed when no normal
    /// state is left, so every path that will end without a promotion has ended: an item some
    /// state reached but no ended path covers was reached only by a postponed state (the edge
    /// that created it), and it is uncovered until a promoted state covers it.
    fn frontier(&self, eng: &Engine<'_>) -> Vec<(FuncId, EdgeId)> {
        let cov = eng.coverage();
        let map = cov.map();
        let mut out = Vec::new();
        for f in &eng.program().functions {
            let fc = &map.funcs[f.id.index()];
            for (i, e) in f.edges.iter().enumerate() {
                let id = EdgeId(i as u32);
                if fc.roles[i] == EdgeRole::CheckFail || self.given_up.contains(&(f.id, id)) {
                    continue;
                }
                if !cov.loc_reached(f.id, e.src) {
                    continue;
                }
                let open = |x: Option<kappa_ir::analysis::ItemId>| x.is_some_and(|x| !cov.tested().contains(x));
                if open(fc.branch[i]) || open(fc.line[i]) {
                    out.push((f.id, id));
                }
            }
        }
        out
    }

    /// Section 3.4.2's check of postponed state `k` against the frontier edge `e` of `g`.
    fn check(&mut self, eng: &mut Engine<'_>, k: usize, g: FuncId, e: EdgeId) -> Cover {
        let key = (self.postponed[k].id, g, e);
        if let Some(v) = self.verdicts.get(&key) {
            return *v;
        }
        let v = self.judge(eng, k, g, e);
        self.verdicts.insert(key, v);
        v
    }

    fn judge(&mut self, eng: &mut Engine<'_>, k: usize, g: FuncId, e: EdgeId) -> Cover {
        let st = &self.postponed[k];
        // The state took the edge already (the fork that made it): its path covers it when it
        // ends.
        let cov = eng.coverage();
        let fc = &cov.map().funcs[g.index()];
        if [fc.branch[e.index()], fc.line[e.index()]]
            .into_iter()
            .flatten()
            .any(|i| st.coverage.items.contains(i) && !cov.tested().contains(i))
        {
            return Cover::Yes;
        }
        let prog = eng.program();
        let edge = prog.func(g).edge(e);
        let reach = self.reach.get_or_insert_with(|| reach::Reach::new(prog));
        if !reach.can_reach(prog, st, g, edge.src) {
            return Cover::No;
        }
        let Op::Assume(c) = &edge.op else { return Cover::Maybe };
        // The condition is checked on the innermost activation of `g` on the stack.
        let Some(depth) = st.frames.iter().rposition(|fr| fr.func == g) else {
            return match self.check {
                PromotionCheck::Sound => Cover::Maybe,
                PromotionCheck::Paper => Cover::No,
            };
        };
        let mut at = st.clone();
        at.frames.truncate(depth + 1);
        let changing = match self.check {
            PromotionCheck::Paper => Vec::new(),
            PromotionCheck::Sound => match reach.changing_vars(prog, st, depth, c, edge.src) {
                Some(v) => v,
                None => return Cover::Maybe,
            },
        };
        // The variables change on the way: follow the state's futures to the edge.
        if !changing.is_empty() && depth + 1 == st.frames.len() {
            if let Some(may) = self.lookahead.may_take(eng, &at, g, e) {
                self.stats.checks += 1;
                self.stats.lookahead += 1;
                if may {
                    return Cover::Maybe;
                }
                self.stats.ruled_out += 1;
                return Cover::No;
            }
        }
        // Otherwise (the lookahead does not apply): variables that may still change are
        // arbitrary.
        for &v in &changing {
            let val = match prog.var_ty(v) {
                Ty::Int(w) => SVal::Int(eng.fresh(&mut at, "havoc", Sort::Bv(w))),
                Ty::Bool => SVal::Bool(eng.fresh(&mut at, "havoc", Sort::Bool)),
                Ty::Ptr => SVal::Ptr(Pointer {
                    obj: eng.fresh(&mut at, "havoc", Sort::Bv(OBJ_BITS)),
                    off: eng.fresh(&mut at, "havoc", Sort::Bv(prog.ptr_bits())),
                }),
            };
            eng.set_reg_value(&mut at, v, val);
        }
        let Ok(SVal::Bool(t)) = eng.eval_expr(&at, c) else {
            return match self.check {
                PromotionCheck::Sound => Cover::Maybe,
                PromotionCheck::Paper => Cover::No,
            };
        };
        self.stats.checks += 1;
        match eng.check(&at, &t) {
            SatResult::Unsat => {
                self.stats.ruled_out += 1;
                Cover::No
            }
            SatResult::Sat if changing.is_empty() && self.check == PromotionCheck::Sound => Cover::Yes,
            SatResult::Sat => Cover::Maybe,
            SatResult::Unknown(_) => Cover::Maybe,
        }
    }

    /// Section 3.4.2: a postponed state that can cover a frontier edge, made normal. A state
    /// the check confirms comes first; otherwise the state postponed first among those that may
    /// cover the first frontier edge any may cover. Edges no state can cover are given up.
    fn promote(&mut self, eng: &mut Engine<'_>) -> Option<State> {
        if self.postponed.is_empty() {
            return None;
        }
        let frontier = self.frontier(eng);
        let mut first_maybe: Option<(usize, (FuncId, EdgeId))> = None;
        for &(g, e) in &frontier {
            let mut any = false;
            for k in 0..self.postponed.len() {
                match self.check(eng, k, g, e) {
                    Cover::Yes => return Some(self.take(k, (g, e))),
                    Cover::Maybe => {
                        any = true;
                        first_maybe.get_or_insert((k, (g, e)));
                    }
                    Cover::No => {}
                }
            }
            if !any {
                self.given_up.insert((g, e));
                self.stats.given_up += 1;
            }
        }
        first_maybe.map(|(k, target)| self.take(k, target))
    }

    /// Whether frontier edge `e` of `g` is still to be covered.
    fn still_open(&self, eng: &Engine<'_>, (g, e): (FuncId, EdgeId)) -> bool {
        if self.given_up.contains(&(g, e)) {
            return false;
        }
        let cov = eng.coverage();
        let fc = &cov.map().funcs[g.index()];
        [fc.branch[e.index()], fc.line[e.index()]].into_iter().flatten().any(|i| !cov.tested().contains(i))
    }

    /// [`PostponeRule::Feasible`] on a normal state about to run: whether it may still cover an
    /// uncovered loop path in its present iteration.
    fn worth_running(&mut self, eng: &mut Engine<'_>, s: &State) -> bool {
        let cov = eng.coverage();
        let Ok((f, l, node)) = cov.loop_node(s) else { return true };
        if cov.open_below(f, l, node) == 0 {
            return false;
        }
        // The decisions left on each uncovered path through the state's trie node.
        let trie = &cov.map().funcs[f.index()].paths.loops[l.index()].trie;
        let mut paths: Vec<Vec<EdgeId>> = Vec::new();
        let mut stack: Vec<(u32, Vec<EdgeId>)> = vec![(node, Vec::new())];
        while let Some((n, left)) = stack.pop() {
            if trie.path_at(n).is_some() {
                paths.push(left.clone());
                if paths.len() > MAX_OPEN_PATHS {
                    return true;
                }
            }
            for &(e, c) in trie.children(n) {
                if cov.open_below(f, l, c) > 0 {
                    let mut next = left.clone();
                    next.push(e);
                    stack.push((c, next));
                }
            }
        }
        let prog = eng.program();
        let func = prog.func(f);
        let mut takeable: HashMap<EdgeId, bool> = HashMap::new();
        for path in paths {
            let mut all = true;
            for e in path {
                if !matches!(func.edge(e).op, Op::Assume(_)) {
                    continue;
                }
                let may = match takeable.get(&e) {
                    Some(&m) => m,
                    None => {
                        self.stats.completion_checks += 1;
                        let m = self.lookahead.may_take_now(eng, s, f, e).unwrap_or(true);
                        takeable.insert(e, m);
                        m
                    }
                };
                if !may {
                    all = false;
                    break;
                }
            }
            if all {
                return true;
            }
        }
        false
    }

    fn take(&mut self, k: usize, target: (FuncId, EdgeId)) -> State {
        self.stats.promoted += 1;
        let s = self.postponed.remove(k);
        self.lineage.insert(s.id, target);
        s
    }
}

impl Searcher for PruneSearcher {
    fn name(&self) -> &'static str {
        "prune"
    }

    fn push(&mut self, s: State) {
        self.normal.push(s)
    }

    fn pop(&mut self) -> Option<State> {
        self.normal.pop()
    }

    fn len(&self) -> usize {
        self.normal.len() + self.postponed.len()
    }

    /// Section 3.4.1: normal or postponed, decided at creation.
    fn add(&mut self, eng: &Engine<'_>, parent: Option<u64>, succs: Vec<State>) {
        if let Some(target) = parent.and_then(|p| self.lineage.remove(&p)) {
            for s in &succs {
                self.lineage.insert(s.id, target);
            }
        }
        if parent.is_none() || succs.len() < 2 {
            for s in succs {
                self.normal.push(s);
            }
            return;
        }
        let cov = eng.coverage();
        // Per successor: at an error, and whether its loop path leaves something to cover.
        let info: Vec<(bool, bool)> = succs
            .iter()
            .map(|s| {
                let err = Self::at_error(eng, s);
                let open = match cov.loop_position(s) {
                    LoopPosition::Outside | LoopPosition::Unknown => true,
                    LoopPosition::Open(n) => n > 0,
                };
                (err, open)
            })
            .collect();
        let cont = info
            .iter()
            .position(|&(err, open)| !err && open)
            .or_else(|| info.iter().position(|&(err, _)| !err))
            .unwrap_or(0);
        for (k, s) in succs.into_iter().enumerate() {
            let (err, open) = info[k];
            if k == cont || err || open {
                if (k != cont || std::env::var_os("KAPPA_RECHECK_CONT").is_some())
                    && !err
                    && self.rule == PostponeRule::Feasible
                {
                    self.recheck.insert(s.id);
                }
                self.normal.push(s);
            } else {
                self.stats.postponed += 1;
                self.postponed.push(s);
            }
        }
    }

    fn select(&mut self, eng: &mut Engine<'_>) -> Option<State> {
        while let Some(s) = self.normal.pop() {
            let promoted_for = self.lineage.get(&s.id).is_some_and(|&t| self.still_open(eng, t));
            if self.recheck.remove(&s.id) && !promoted_for && !self.worth_running(eng, &s) {
                self.stats.postponed += 1;
                self.stats.postponed_late += 1;
                self.postponed.push(s);
                continue;
            }
            return Some(s);
        }
        self.promote(eng)
    }

    fn held_back(&self) -> Option<String> {
        (!self.postponed.is_empty()).then(|| {
            let n = self.postponed.len();
            format!("loop state pruning: {n} postponed state{} not explored", if n == 1 { "" } else { "s" })
        })
    }

    fn counters(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("postponed", self.stats.postponed),
            ("postponed_when_selected", self.stats.postponed_late),
            ("completion_checks", self.stats.completion_checks),
            ("promoted", self.stats.promoted),
            ("dropped", self.postponed.len() as u64),
            ("frontier_given_up", self.stats.given_up),
            ("promotion_checks", self.stats.checks),
            ("lookahead_checks", self.stats.lookahead),
            ("ruled_out", self.stats.ruled_out),
        ]
    }
}
