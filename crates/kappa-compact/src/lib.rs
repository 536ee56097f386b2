//! Compact symbolic execution (Slaby, Strejček, Trtík, ATVA 2013): templates for the cycles of
//! the flowgraph replace their unrolling, so that all paths that differ only in how often they
//! go round a cycle are one node of the tree.
//!
//! * [`template::compute`] is Algorithm 1 (template computation).
//! * [`Compact`] is the engine's [`TemplateProvider`]: at a state whose location is the entry of
//!   cycles with templates it chooses one and produces the successors s ◇ (x, θ_x[κ], φ_x[κ])
//!   with a fresh parameter κ (Algorithm 2, lines 9–16).
//!
//! Templates are computed when a cycle's entry is first reached, in the shape of the state that
//! reaches it (which objects exist, their sizes, which object each pointer variable refers to),
//! and reused for every state of that shape. The programs of the paper have no heap, so their
//! templates do not depend on the shape; with pointers, this keeps every template exact.

pub mod inline;
pub mod nested;
pub mod recursion;
pub mod shared;
pub mod template;

pub use inline::inline_calls_in_loops;

use kappa_engine::state::{IteratedInputs, IteratedSite, State};
use kappa_engine::template::{Applied, TemplateSucc};
use kappa_engine::{Engine, TemplateProvider};
use kappa_expr::{Sort, SymId, Term};
use kappa_ir::analysis::{enumerate_cycles, Cycle, CycleOptions};
use kappa_ir::*;
use kappa_solver::SatResult;
use std::collections::HashMap;
use std::rc::Rc;
use template::{set_value, value_of, Template, Var};

/// How a template is chosen when several cycles share an entry location.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Uniformly at random (the paper's suggestion).
    Random,
    /// The cycle applied least recently on the path: a loop whose body branches then alternates
    /// between its cycles, so that runs of iterations along each core are summarised in turn.
    Alternate,
}

/// Values of κ tried one by one when the solver cannot decide a template's successor (section 4
/// of the paper): without the quantifier the query is often easy.
const SMALL_KAPPAS: i64 = 4;

/// Conditions a template application with a fixed κ may split its successors on, and the most
/// cases it makes of them.
const MAX_SPLITS: usize = 6;
const MAX_CASES: usize = 8;

/// Loops that provably iterate only a few times from a state are unrolled classically rather
/// than summarised: a template then only buys quantified path conditions, which stack up over
/// the applications and defeat the solver, while the classic tree is finite and small. With c
/// feasible cycles at the entry, a loop is unrolled when it stops within log_c(UNROLL_PATHS)
/// iterations (the classic tree has at most c^k paths).
/// A loop whose every cycle the state's values alone stop within this many iterations is
/// unrolled ([`Compact::short_by_values`]); one feasible cycle: [`UNROLL_ONE_CYCLE`].
const UNROLL_FORKING: u64 = 8;
/// A loop with one feasible cycle is unrolled when it stops within this many iterations: its
/// classic tree is a comb of at most this many paths plus one (several cycles: `c^k`, hence
/// [`UNROLL_PATHS`]), while its template's κ-indexed reads go into every later query of its
/// paths (an INI reader's `while (*p) p++` over a 16-byte line: 68 applications in 20 s, every
/// later query some 60 times dearer, 816 paths against classic's tens of thousands; unrolled,
/// the run matches classic; issue 22, docs/benchmarks.md).
const UNROLL_ONE_CYCLE: u64 = 16;
/// [`UNROLL_ONE_CYCLE`] for a loop with one feasible cycle whose condition reads memory at an
/// index that moves with the iteration (a walk over a buffer: `while (*p) p++`, a line copied
/// up to its terminator): its template's path condition quantifies over array reads
/// (`∀τ < κ. line[p + τ] ≠ 0`, section 3.2 of the paper), the kind that made every later
/// query of an INI reader's paths hundreds of times dearer (a 24-char input and a 32-byte line:
/// 2 paths in 20 s against classic's 24,063; issue 22, docs/benchmarks.md), while its classic
/// comb has at most this many paths plus one.
const UNROLL_BUFFER_WALK: u64 = 64;
/// A loop that reads inputs and whose number of iterations the state fixes is unrolled up to
/// this many iterations.
const UNROLL_INPUTS: u64 = 128;
/// Iterations counted when looking for a number of iterations the state fixes.
const FIXED_MAX: u64 = 4096;
const UNROLL_PATHS: f64 = 256.0;

/// Failed template computations of one cycle (at different state shapes) after which the
/// cycle is explored classically without trying again: a template that keeps failing costs work
/// at every new shape and pays nothing back (issue 22).
pub const RETIRE_AFTER: u32 = 2;

/// Z3's work units (rlimit) for each solver query of a template's computation at most: a fixed
/// budget of work, not time, so that which templates are computed does not depend on the
/// machine's load (a core whose feasibility needs more is explored classically). Z3 does some
/// 2 million units a second on this project's machines.
pub const TEMPLATE_RLIMIT: u64 = 20_000_000;

/// The most work, in Z3's resource units ([`kappa_solver::Solver::work`]), that computing
/// templates may have used and not paid back in a whole run: templates must pay for themselves
/// (issue 22), and a template that does not pay is one whose computation costs more than the
/// loop's classic exploration. The loop benchmark's programs need 0.2 to 2.5 million units (one
/// 6.9 million, for its only template), a JSON tokenizer's hundreds of failing cycles 76 million
/// (docs/benchmarks.md): about a second of Z3's work. Work rather than calls: what a call costs
/// varies a hundredfold. Every Z3 call is charged [`CALL_WORK`] more. The budget decides whether
/// a new template is computed; one computed within it is finished, and its work is given back
/// when it is first applied: templates that pay cost nothing (a program with three loops in
/// sequence needs 3.5 million units for the first two), those that do not are what the budget
/// bounds. Within this cap the budget is earned as the run goes ([`TEMPLATE_BASE`],
/// [`TEMPLATE_SHARE`]): a short run spends little on templates. Once the budget is spent, the
/// templates computed so far are still applied and every other loop is explored classically.
/// Deterministic: the same run gives the same templates on any machine.
pub const TEMPLATE_WORK: u64 = 3_000_000;

/// Work charged for each Z3 call of a template's computation on top of Z3's count: building,
/// translating and asserting its terms cost time that Z3's counter does not see.
pub const CALL_WORK: u64 = 100_000;

/// Template work a run may spend before it has explored anything: enough to start the first
/// template of a loop program (one computation started within the budget is finished).
pub const TEMPLATE_BASE: u64 = 1_000_000;

/// Pay as you go: past [`TEMPLATE_BASE`], templates may use one unit of work for every
/// `TEMPLATE_SHARE` units the classic exploration has done ([`STATE_WORK`]), up to
/// [`TEMPLATE_WORK`], so that templates that are never applied take at most about a tenth of a
/// run, however short (a 20 s run on a loaded machine spent most of its time on a fixed budget
/// of templates for a parser's loops and was behind classic; issue 22).
pub const TEMPLATE_SHARE: u64 = 10;

/// The exploration's work per state explored, in Z3's units, on top of the solver's own count
/// of its queries' work: interpreting a state's instructions, forking and keeping the states
/// cost what Z3 does in about half a millisecond (a JSON tokenizer explored classically: 2 of
/// 2.4 s outside the solver for 5,000 states; Z3 does some 2 million units a second).
pub const STATE_WORK: u64 = 1_000;

/// Times a cycle's template may be declined at its entry (the loop is short and unrolled, or
/// the solver cannot decide its successors) without ever being applied before the cycle is
/// explored classically without asking again: deciding costs the state's values substituted
/// into the template and solver queries at every visit of the loop head (a parser's tokenizer
/// loop: 40% of a run, with 0 templates applied; issue 22).
pub const DECLINE_LIMIT: u32 = 64;

/// A cycle and its id.
type NumberedCycle = (u32, Rc<Cycle>);

pub struct Compact {
    cycles: HashMap<(FuncId, Loc), Vec<NumberedCycle>>,
    /// Each function's cycles, ordered by id (for the inner loops of a cycle's template).
    in_func: HashMap<FuncId, Rc<Vec<(u32, Cycle)>>>,
    /// Failed computations per cycle (see [`RETIRE_AFTER`]).
    failures: HashMap<u32, u32>,
    /// Templates by cycle and state shape; `Err` records why a cycle got none.
    cache: HashMap<(u32, u64), Result<Rc<Template>, String>>,
    /// Per cycle and shape, how many applications the solver could not decide.
    undecided: HashMap<(u32, u64), u32>,
    /// Per cycle and shape, the number of iterations as a term of the entry state, for
    /// templates with one exit whose count the solver proved ([`nested::trip_count`]).
    counts: HashMap<(u32, u64), Option<Term>>,
    /// Recursion templates' program parts, by the id of their call phase's pseudo-cycle.
    recursions: HashMap<u32, recursion::Recursion>,
    pub choice: Choice,
    /// Explore loops that provably stop within a few iterations classically (see
    /// [`UNROLL_FORKING`]); off, every cycle with a template is summarised, as in the paper.
    pub unroll_short_loops: bool,
    /// Loops of the C library model (`kappa-libc`) are explored classically: they are byte
    /// loops over short strings, where templates cost more than they save (measured on the
    /// utility benchmark, docs/benchmarks.md).
    pub classic_library: bool,
    /// The template work a run may spend before it has explored anything ([`TEMPLATE_BASE`]);
    /// [`TEMPLATE_WORK`] for every template up front, as in the paper (the theorems' tests).
    pub base_work: u64,
    /// Template work used and not given back (see [`TEMPLATE_WORK`]).
    work_used: u64,
    /// Of the solver's work, what template computations did (Z3's units, without
    /// [`CALL_WORK`]): the rest is the exploration's, which earns the budget.
    template_z3: u64,
    /// Per cycle, the times its template was declined at its entry (see [`DECLINE_LIMIT`]).
    declined: HashMap<u32, u32>,
    /// Cycles whose template was applied at least once.
    applied: std::collections::HashSet<u32>,
    /// The work each template (by cycle and shape) cost, given back when it is first applied.
    cost: HashMap<(u32, u64), u64>,
    /// Cycles with a template at some state shape.
    with_template: std::collections::HashSet<u32>,
    /// The statistics say once that the budget is spent.
    spent_noted: bool,
    rng: u64,
    /// Why cycles got no template, for the statistics.
    pub reasons: Vec<String>,
    total_cycles: u64,
    truncated: bool,
    /// Under `--jobs`: the cycles other workers retired that this one has taken over
    /// ([`kappa_engine::WorkerPool::retired_since`]).
    shared_seen: usize,
    /// Under `--jobs`: per local key, the template's key in the pool (the shape by structure,
    /// [`shared::shared_shape`]) and the count of symbols before it was computed or imported
    /// ([`kappa_expr::Term::syms_made`]: those made since are its own), so that a template
    /// whose exits are filtered later is published again.
    shared_keys: HashMap<(u32, u64), (u64, u32)>,
    /// Under `--jobs`: templates (by local key) to publish at the end of this application, when
    /// they are as complete as this step makes them (exits filtered, count computed), with the
    /// claim under which this worker computes them ([`kappa_engine::pool::Claim`]), if any.
    pending: Vec<((u32, u64), Option<kappa_engine::pool::Claim>)>,
}

impl Default for Compact {
    fn default() -> Self {
        Compact::new(Choice::Alternate, 0x5eed)
    }
}

impl Compact {
    pub fn new(choice: Choice, seed: u64) -> Self {
        Compact {
            cycles: HashMap::new(),
            in_func: HashMap::new(),
            failures: HashMap::new(),
            cache: HashMap::new(),
            undecided: HashMap::new(),
            counts: HashMap::new(),
            recursions: HashMap::new(),
            choice,
            unroll_short_loops: true,
            classic_library: true,
            base_work: TEMPLATE_BASE,
            work_used: 0,
            template_z3: 0,
            declined: HashMap::new(),
            applied: Default::default(),
            cost: HashMap::new(),
            with_template: Default::default(),
            spent_noted: false,
            rng: seed | 1,
            reasons: Vec::new(),
            total_cycles: 0,
            truncated: false,
            shared_seen: 0,
            shared_keys: HashMap::new(),
            pending: Vec::new(),
        }
    }

    /// Under `--jobs`: takes over the cycles other workers retired (their templates failed
    /// [`RETIRE_AFTER`] times there), as one engine retires a cycle after [`RETIRE_AFTER`]
    /// failures anywhere in its run, and counts them retired here, so that the merged
    /// statistics (the largest count of a worker) count every retired cycle.
    fn take_shared_retired(&mut self, eng: &mut Engine<'_>) {
        let kappa_engine::Share::Worker { pool, .. } = &eng.config().share else { return };
        let Some(ids) = pool.retired_since(self.shared_seen) else { return };
        self.shared_seen += ids.len();
        for id in ids {
            let n = self.failures.entry(id).or_default();
            if *n < RETIRE_AFTER {
                *n = RETIRE_AFTER;
                eng.stats_mut().templates.retired += 1;
            }
        }
    }

    fn rand(&mut self) -> u64 {
        let mut x = self.rng;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.rng = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A digest of what a template depends on: the frame's slots, which object each pointer
    /// register refers to, and every object's size, liveness and kind. Terms enter by their
    /// structure ([`Term::structural_hash`]: a constant's is its value), not their ids: the
    /// term pool forgets a term no state holds, and makes it again with another id, so that a
    /// worker of `--jobs` that had no state left between two stolen ones computed the same
    /// template again for each (a depth-first run of 64 paths through one loop: 6 templates
    /// computed with two workers, 1 with one).
    fn shape(eng: &Engine<'_>, st: &State) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        let prog = eng.program();
        let (fid, _) = st.loc();
        let mut slots: Vec<(ObjId, u32)> = st.frame().slots.iter().map(|(a, b)| (*a, *b)).collect();
        slots.sort();
        slots.hash(&mut h);
        for v in prog.func(fid).vars.iter().copied().chain(prog.global_vars()) {
            if let Some(kappa_engine::value::SVal::Ptr(p)) = eng.reg_value(st, v) {
                (v, p.obj.as_bv()).hash(&mut h);
            }
        }
        for id in st.memory.ids() {
            if let Some(o) = st.memory.get(id) {
                (id, o.size.structural_hash(), o.size.as_bv(), o.alive, o.readonly, format!("{:?}", o.kind))
                    .hash(&mut h);
                (o.data.stride(), o.ptrs.stride(), o.freed_if.structural_hash()).hash(&mut h);
            }
        }
        h.finish()
    }

    /// The template of cycle `id` for states shaped like `st`, computed once per shape within a
    /// fixed budget of solver work ([`TEMPLATE_RLIMIT`]); a cycle that failed [`RETIRE_AFTER`]
    /// times is not tried again.
    fn template(
        &mut self,
        eng: &mut Engine<'_>,
        st: &State,
        shape: u64,
        id: u32,
        cycle: &Cycle,
    ) -> Result<Rc<Template>, String> {
        if self.failures.get(&id).copied().unwrap_or(0) >= RETIRE_AFTER {
            return Err("retired".into());
        }
        let key = (id, shape);
        if let Some(r) = self.cache.get(&key) {
            return r.clone();
        }
        // Under `--jobs`: what another worker computed for this cycle and shape, imported
        // (no solver work; issue 23). A failure there is not counted again here.
        // While another worker computes it, this one waits for it rather than compute it too.
        let pool = shared::pool(eng).cloned();
        let shared_key = pool.as_ref().map(|_| shared::shared_shape(eng, st));
        let mark = kappa_expr::Term::syms_made();
        let mut claim = None;
        if let (Some(pool), Some(sk)) = (&pool, shared_key) {
            // A worker that holds a claim (an earlier cycle of this application) does not wait
            // for another's: that one may be waiting for the claim it holds. It computes the
            // template itself instead.
            let holding = self.pending.iter().any(|(_, c)| c.is_some());
            let give_up = || {
                holding
                    || pool.stop.load(std::sync::atomic::Ordering::Relaxed)
                    || pool.halted.load(std::sync::atomic::Ordering::Relaxed)
                    || kappa_solver::interrupt::requested()
                    || eng.out_of_time()
            };
            match pool.claim_template((id, sk), &give_up) {
                kappa_engine::pool::Claimed::Found(e) => {
                    if let Some((r, count)) = shared::import_entry(eng, st, e.as_ref()) {
                        eng.stats_mut().templates.imported += 1;
                        if r.is_ok() {
                            self.with_template.insert(id);
                        }
                        self.counts.remove(&key);
                        if let Some(c) = count {
                            self.counts.insert(key, c);
                        }
                        self.shared_keys.insert(key, (sk, mark));
                        self.cache.insert(key, r.clone());
                        return r;
                    }
                }
                kappa_engine::pool::Claimed::Mine(c) => claim = Some(c),
                kappa_engine::pool::Claimed::GaveUp => {}
            }
        }
        if eng.out_of_time() {
            // Not cached: the run stops at the next state anyway.
            return Err("the time limit was reached".into());
        }
        if self.work_left(eng) == 0 {
            // Not cached, not a failure of the cycle: the run's budget is spent (for now).
            self.spent(eng);
            return Err(WORK_SPENT.into());
        }
        let fid = st.loc().0;
        let in_func = self.in_func.get(&fid).cloned().unwrap_or_default();
        let recursions = &self.recursions;
        let before = eng.stats_mut().templates.work;
        let r = within_budget(eng, &mut self.work_used, &mut self.template_z3, |eng| match recursions.get(&id) {
            Some(rec) => recursion::compute(eng, st, id, rec),
            None => template::compute_nested(eng, st, id, cycle, &in_func, 0),
        })
        .map(Rc::new);
        match &r {
            Ok(_) => {
                self.cost.insert(key, eng.stats_mut().templates.work - before);
                eng.stats_mut().templates.computed += 1;
                self.with_template.insert(id);
            }
            Err(why) => {
                let f = eng.program().func(st.loc().0);
                let msg = format!(
                    "cycle at {} {} ({}): {why}",
                    f.name,
                    cycle.entry,
                    eng.program().fmt_span(f.loc(cycle.entry).span)
                );
                self.failed(eng, id, why, msg);
            }
        }
        if let Some(sk) = shared_key {
            // Published at the end of this application ([`Compact::publish_pending`]).
            self.shared_keys.insert(key, (sk, mark));
            self.pending.push((key, claim));
        }
        self.cache.insert(key, r.clone());
        r
    }

    /// The template work the run may still spend: [`Compact::base_work`] and a [`TEMPLATE_SHARE`]th
    /// of the exploration's work so far (the solver's work outside templates and
    /// [`STATE_WORK`] per state explored), at most [`TEMPLATE_WORK`], less the work templates
    /// used and did not give back.
    fn work_left(&self, eng: &mut Engine<'_>) -> u64 {
        let states = eng.stats_mut().states_explored;
        let explored = eng.solver().work().saturating_sub(self.template_z3) + states.saturating_mul(STATE_WORK);
        let earned = self.base_work.saturating_add(explored / TEMPLATE_SHARE).min(TEMPLATE_WORK);
        eng.stats_mut().templates.work_earned = earned;
        earned.saturating_sub(self.work_used)
    }

    /// Records once that the budget of template work is spent ([`TEMPLATE_WORK`]).
    fn spent(&mut self, eng: &mut Engine<'_>) {
        if !self.spent_noted {
            self.spent_noted = true;
            let msg = format!(
                "{WORK_SPENT}: loops without a template are explored classically until the exploration earns more"
            );
            eng.stats_mut().templates.no_template.push(msg.clone());
            self.reasons.push(msg);
        }
    }

    /// Is cycle `id` explored classically for good: its templates failed [`RETIRE_AFTER`] times,
    /// or its template was declined [`DECLINE_LIMIT`] times and never applied?
    fn retired(&self, id: u32) -> bool {
        self.failures.get(&id).copied().unwrap_or(0) >= RETIRE_AFTER
            || (self.declined.get(&id).copied().unwrap_or(0) >= DECLINE_LIMIT && !self.applied.contains(&id))
    }

    /// Counts a template of cycle `id` declined at its entry (see [`DECLINE_LIMIT`]).
    fn decline(&mut self, eng: &mut Engine<'_>, id: u32) {
        if self.applied.contains(&id) {
            return;
        }
        let n = self.declined.entry(id).or_default();
        *n += 1;
        if *n == DECLINE_LIMIT {
            // Counted once; retired from now on.
            eng.stats_mut().templates.declined += 1;
        }
    }

    /// Counts a failed template of cycle `id` (`why`, reported as `msg` once), and retires the
    /// cycle after [`RETIRE_AFTER`] failures.
    fn failed(&mut self, eng: &mut Engine<'_>, id: u32, why: &str, msg: String) {
        // Under `--jobs` the failures of every worker count (one engine retires a cycle after
        // [`RETIRE_AFTER`] failures anywhere in its run): with each worker's own, two workers
        // failed 813 times on `echo`'s 261 cycles in 5 s where one fails 523 times.
        let everywhere = shared::pool(eng).map(|p| p.cycle_failed(id));
        let t = &mut eng.stats_mut().templates;
        *t.failed.entry(reason_class(why).into()).or_default() += 1;
        let n = self.failures.entry(id).or_default();
        let before = *n;
        *n = (*n + 1).max(everywhere.unwrap_or(0).min(RETIRE_AFTER));
        let retire = before < RETIRE_AFTER && *n >= RETIRE_AFTER;
        if retire {
            t.retired += 1;
        }
        if !self.reasons.contains(&msg) {
            t.no_template.push(msg.clone());
            self.reasons.push(msg);
        }
        if let (true, kappa_engine::Share::Worker { pool, .. }) = (retire, &eng.config().share) {
            pool.retire_cycle(id);
        }
    }

    /// s ◇ (x, θ_x[κ], φ_x[κ]) for every exit of the template, with a fresh κ and fresh input
    /// arrays (κ = `fixed` when the state fixes the number of iterations: every iteration before
    /// it is then known to run, and only the exits' own conditions remain); returns the feasible
    /// successors and the number of undecided ones.
    fn instantiate(
        &mut self,
        eng: &mut Engine<'_>,
        st: &State,
        t: &Template,
        fixed: Option<Term>,
    ) -> (Vec<TemplateSucc>, u64) {
        let mut base = st.clone();
        let kappa = eng.fresh(&mut base, "kappa", Sort::Bv(template::KBITS));
        // θ⟨·⟩ of the state: each initial symbol by the state's value; parameters and input
        // arrays renamed so that applications do not share them.
        let mut sub: HashMap<SymId, Term> = HashMap::new();
        for (v, init) in &t.init {
            if let (Some(s), Some(val)) = (init.as_var(), value_of(eng, st, *v)) {
                sub.insert(s, val);
            }
        }
        if let Some(k) = t.kappa.as_var() {
            sub.insert(k, kappa.clone());
        }
        let mut arrays = Vec::new();
        for site in &t.sites {
            let fresh = eng.fresh(
                &mut base,
                &kappa_expr::Term::sym_info(site.array.as_var().unwrap_or(SymId(0))).name,
                site.array.sort(),
            );
            if let Some(s) = site.array.as_var() {
                sub.insert(s, fresh.clone());
            }
            arrays.push(fresh);
        }
        let mut succs = Vec::new();
        let mut undecided = 0;
        if let (Some(k), Some(ks)) = (&fixed, t.kappa.as_var()) {
            let k = k.substitute(&sub);
            let mut sk = sub.clone();
            sk.insert(ks, k.clone());
            let (decided, open) = Self::decided_conditions(eng, st, t, &sk, &kappa);
            for exit in &t.exits {
                let phi = exit.rest.substitute(&sk);
                for (case, guard) in Self::cases(&decided, &open) {
                    let phi = phi.replace(&case).and(&guard);
                    let inst = match eng.check(st, &phi) {
                        SatResult::Sat => vec![(phi, Some(k.replace(&case)))],
                        SatResult::Unsat => Vec::new(),
                        SatResult::Unknown(_) => {
                            undecided += 1;
                            continue;
                        }
                    };
                    self.push_succs(eng, &base, t, exit, &sub, &arrays, &kappa, inst, &case, &mut succs);
                }
            }
            return (succs, undecided);
        }
        let (decided, _) = Self::decided_conditions(eng, st, t, &sub, &kappa);
        let mut memo = HashMap::new();
        for exit in &t.exits {
            let phi = exit.phi(&t.kappa).subst_memo(&sub, &mut memo);
            let inst = match eng.check(st, &phi) {
                SatResult::Sat => vec![(phi, None)],
                SatResult::Unsat => Vec::new(),
                SatResult::Unknown(_) => match self.retry_small(eng, st, exit, t, &sub, &kappa) {
                    Some(v) => v,
                    None => {
                        undecided += 1;
                        continue;
                    }
                },
            };
            self.push_succs(eng, &base, t, exit, &sub, &arrays, &kappa, inst, &decided, &mut succs);
        }
        (succs, undecided)
    }

    /// Conditions of ite-terms in the successors' values that the state's path condition
    /// decides, each by its truth value: an inner loop's count `ite(j0 < n, n - j0, 0)` becomes
    /// `n - j0` on a path that knows n > 0, and the solver later sees `c + n·κ` rather than an
    /// ite under a multiplication (which it can only bit-blast).
    /// The conditions it cannot decide come second (at most [`MAX_SPLITS`]).
    fn decided_conditions(
        eng: &mut Engine<'_>,
        st: &State,
        t: &Template,
        sub: &HashMap<SymId, Term>,
        kappa: &Term,
    ) -> (HashMap<u64, Term>, Vec<Term>) {
        const MAX_CONDITIONS: usize = 8;
        let mut varying: Vec<SymId> = kappa.as_var().into_iter().collect();
        varying.extend(t.sites.iter().filter_map(|x| x.array.as_var()).filter_map(|a| sub.get(&a)?.as_var()));
        let mut conds: Vec<Term> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let mut memo = HashMap::new();
        for exit in &t.exits {
            for (_, val) in &exit.theta {
                let mut stack = vec![val.subst_memo(sub, &mut memo)];
                while let Some(x) = stack.pop() {
                    if !seen.insert(x.id()) {
                        continue;
                    }
                    if x.op() == kappa_expr::Op::Ite {
                        let c = x.arg(0);
                        if c.as_bool().is_none()
                            && conds.len() < MAX_CONDITIONS
                            && !conds.contains(c)
                            && !c.symbols().iter().any(|s| varying.contains(s))
                        {
                            conds.push(c.clone());
                        }
                    }
                    if !matches!(x.op(), kappa_expr::Op::Forall | kappa_expr::Op::Lambda) {
                        stack.extend(x.args().iter().cloned());
                    }
                }
            }
        }
        let mut out = HashMap::new();
        let mut open = Vec::new();
        for c in conds {
            if eng.check(st, &c.not()) == SatResult::Unsat {
                decide(&mut out, &c, true);
            } else if eng.check(st, &c) == SatResult::Unsat {
                decide(&mut out, &c, false);
            } else if open.len() < MAX_SPLITS {
                open.push(c);
            }
        }
        (out, open)
    }

    /// The successors of a template applied with κ fixed are split on the open conditions of
    /// their values (`n > 0` in a count `ite(0 < n, n, 0)`): each case gets values without the
    /// ite, which the solver handles far better under multiplications (`c == n * m`). The
    /// cases partition the state, so no path is lost or duplicated. Returns each case's
    /// replacement map and guard.
    fn cases(decided: &HashMap<u64, Term>, open: &[Term]) -> Vec<(HashMap<u64, Term>, Term)> {
        let mut open = open.to_vec();
        // Small conditions first: a later one often contains an earlier one and simplifies
        // once it is decided (`count == 0` with `count = ite(0 < n, n, 0)`).
        open.sort_by_key(|c| c.to_string().len());
        let mut out = vec![(decided.clone(), Term::tt())];
        for c in &open {
            let mut next = Vec::new();
            for (m, g) in out {
                let c = c.replace(&m);
                if c.as_bool().is_some() || next.len() >= MAX_CASES {
                    next.push((m, g));
                    continue;
                }
                for b in [true, false] {
                    let mut m = m.clone();
                    decide(&mut m, &c, b);
                    next.push((m, g.and(&if b { c.clone() } else { c.not() })));
                }
            }
            out = next;
        }
        out
    }

    /// The successors for the decided instances of one exit.
    #[allow(clippy::too_many_arguments)]
    fn push_succs(
        &self,
        eng: &Engine<'_>,
        base: &State,
        t: &Template,
        exit: &template::Exit,
        sub: &HashMap<SymId, Term>,
        arrays: &[Term],
        kappa: &Term,
        instances: Vec<(Term, Option<Term>)>,
        decided: &HashMap<u64, Term>,
        succs: &mut Vec<TemplateSucc>,
    ) {
        for (phi, fixed) in instances {
            let mut s = base.clone();
            let mut sub_k = sub.clone();
            if let (Some(k), Some(kv)) = (t.kappa.as_var(), &fixed) {
                sub_k.insert(k, kv.clone());
            }
            let mut memo2 = HashMap::new();
            for (v, val) in &exit.theta {
                set_value(eng, &mut s, *v, val.subst_memo(&sub_k, &mut memo2).replace(decided));
            }
            s.pc.push(phi);
            if let Some((hole, ret)) = &t.returns {
                // The special call-stack record: the κ returns happen when this frame returns.
                s.frame_mut().pending = hole.as_var().map(|h| {
                    Rc::new(kappa_engine::state::PendingReturns { hole: h, ret: ret.subst_memo(&sub_k, &mut memo2) })
                });
            }
            s.frame_mut().loc = exit.loc;
            s.last_cycle = Some(t.cycle);
            let kappa_value = fixed.clone().unwrap_or_else(|| kappa.clone());
            if !t.sites.is_empty() {
                let site = |k: &usize| {
                    let x = &t.sites[*k];
                    IteratedSite {
                        kind: x.kind,
                        origin: x.origin.clone(),
                        ty: x.ty,
                        span: x.span,
                        array: arrays[*k].clone(),
                    }
                };
                let record = IteratedInputs {
                    kappa: kappa_value.clone(),
                    core: t
                        .core_sites
                        .iter()
                        .filter(|k| t.sites[**k].kind != kappa_ir::testcase::InputKind::Param)
                        .map(site)
                        .collect(),
                    prefix: exit
                        .prefix_sites
                        .iter()
                        .filter(|k| t.sites[**k].kind != kappa_ir::testcase::InputKind::Param)
                        .map(site)
                        .collect(),
                };
                s.push_input(kappa_engine::state::InputRecord {
                    kind: kappa_ir::testcase::InputKind::Nondet,
                    origin: NondetOrigin::Call { name: "loop".into() },
                    ty: Ty::Int(32),
                    span: Span::default(),
                    sym: kappa_value.clone(),
                    size: 0,
                    iterated: Some(Rc::new(record)),
                });
            }
            let label = match &fixed {
                Some(k) => match k.as_bv() {
                    Some(k) => format!("{} (κ = {k})", exit.label),
                    None => format!("{} (κ = the number of iterations, {k})", exit.label),
                },
                None => {
                    format!("{}: {}", kappa_expr::Term::sym_info(kappa.as_var().unwrap_or(SymId(0))).name, exit.label)
                }
            };
            let summarised = self.summarised(eng, base, t, exit, kappa_value);
            succs.push(TemplateSucc { state: s, label, summarised });
        }
    }

    /// An undecided successor, split into κ = 0, 1, …, SMALL_KAPPAS-1 (quantifier-free) and
    /// κ ≥ SMALL_KAPPAS; `None` if the rest stays undecided.
    fn retry_small(
        &mut self,
        eng: &mut Engine<'_>,
        st: &State,
        exit: &template::Exit,
        t: &Template,
        sub: &HashMap<SymId, Term>,
        kappa: &Term,
    ) -> Option<Vec<(Term, Option<Term>)>> {
        let mut out = Vec::new();
        for k in 0..SMALL_KAPPAS {
            let kb = Term::bv(k as u64, template::KBITS);
            let mut sk = sub.clone();
            if let Some(s) = t.kappa.as_var() {
                sk.insert(s, kb.clone());
            }
            let mut parts = vec![exit.rest.substitute(&sk)];
            if let Some((tau, body)) = &exit.forall {
                for i in 0..k {
                    let mut si = sk.clone();
                    if let Some(s) = tau.as_var() {
                        si.insert(s, Term::bv(i as u64, template::KBITS));
                    }
                    parts.push(body.substitute(&si));
                }
            }
            let phi = Term::and_all(parts);
            match eng.check(st, &phi) {
                SatResult::Sat => out.push((phi, Some(kb.clone()))),
                SatResult::Unsat => {}
                SatResult::Unknown(_) => return None,
            }
        }
        let phi = exit.phi(&t.kappa).substitute(sub).and(&Term::bv(SMALL_KAPPAS as u64, template::KBITS).bvule(kappa));
        match eng.check(st, &phi) {
            SatResult::Sat => out.push((phi, None)),
            SatResult::Unsat => {}
            SatResult::Unknown(_) => return None,
        }
        Some(out)
    }
}

/// The values of template variables in one state, each computed once (an object's contents
/// as an array is a chain of stores built anew by every [`value_of`]).
#[derive(Default)]
struct Values(HashMap<Var, Option<Term>>);

impl Values {
    fn get(&mut self, eng: &Engine<'_>, st: &State, v: Var) -> Option<Term> {
        self.0.entry(v).or_insert_with(|| value_of(eng, st, v)).clone()
    }
}

/// θ*[τ]⟨φ⟩ at a state: the condition of iteration τ of a template's core, with the state's
/// values substituted once; [`Condition::at`] gives iteration k's.
struct Condition {
    tau: SymId,
    body: Term,
}

impl Condition {
    /// `None` when the core has no condition.
    fn of(eng: &Engine<'_>, st: &State, t: &Template, values: &mut Values) -> Option<Condition> {
        let (tau, body) = t.forall.as_ref()?;
        let mut sub: HashMap<SymId, Term> = HashMap::new();
        for (v, init) in &t.init {
            let Some(s) = init.as_var().filter(|s| t.forall_syms.contains(s)) else { continue };
            if let Some(val) = values.get(eng, st, *v) {
                sub.insert(s, val);
            }
        }
        Some(Condition { tau: tau.as_var()?, body: body.substitute(&sub) })
    }

    fn at(&self, k: u64) -> Term {
        self.body.substitute(&HashMap::from([(self.tau, Term::bv(k, template::KBITS))]))
    }

    /// Does the condition of iteration τ read memory at an index that depends on τ (a walk
    /// over a buffer, `while (*p) p++`)? Its template's φ*[κ] then quantifies over reads of an
    /// array (`∀τ < κ. line[p + τ] ≠ 0`), which every later query of the successors carries.
    fn walks_memory(&self) -> bool {
        let mut stack = vec![self.body.clone()];
        let mut seen = std::collections::HashSet::new();
        while let Some(x) = stack.pop() {
            if !seen.insert(x.id()) {
                continue;
            }
            if x.op() == kappa_expr::Op::Select && x.args().get(1).is_some_and(|i| i.symbols().contains(&self.tau)) {
                return true;
            }
            stack.extend(x.args().iter().cloned());
        }
        false
    }

    /// Do the state's values alone make one of iterations 1..=k impossible? (The last first:
    /// with a counter, it is the one that is.)
    fn stops_within(&self, k: u64) -> bool {
        (1..=k).rev().any(|k| self.at(k).is_false())
    }
}

impl Compact {
    /// Is the condition of iteration `k` of the template's core (θ*[k]⟨φ⟩) satisfiable at the
    /// state? `None` when the core has no condition or the solver cannot tell.
    fn iteration_feasible(eng: &mut Engine<'_>, st: &State, c: Option<&Condition>, k: u64) -> Option<bool> {
        let c = c?.at(k);
        // A condition the state's values decide needs no query (the state itself is feasible).
        if let Some(b) = c.as_bool() {
            return Some(b);
        }
        match eng.check(st, &c) {
            SatResult::Sat => Some(true),
            SatResult::Unsat => Some(false),
            SatResult::Unknown(_) => None,
        }
    }

    /// Can the template's core run at most `k` times in a row from the state? Algorithm 1's
    /// φ*[κ] = κ ≥ 0 ∧ ∀τ (0 ≤ τ < κ → θ*[τ]⟨φ⟩) (section 3.2 of the paper) implies
    /// θ*[0]⟨φ⟩ ∧ … ∧ θ*[k]⟨φ⟩ when κ > k, so κ ≤ k in every successor when that conjunction is
    /// unsatisfiable at the state: when the state's values alone make one of those iterations'
    /// conditions false (no query), when iteration k's alone is unsatisfiable, or, for a walk
    /// over a buffer ([`Condition::walks_memory`]), when the solver finds the conjunction
    /// unsatisfiable (quantifier-free queries). Iteration k's condition alone does not bound a walk over a buffer
    /// that ends at an earlier terminator (`while (*p) p++` over a 32-byte line holding 3
    /// chars: iteration 16 reads a byte past the terminator, which may be anything; issue 22).
    fn runs_at_most(eng: &mut Engine<'_>, st: &State, c: Option<&Condition>, k: u64) -> bool {
        let Some(c) = c else { return false };
        let mut open = Vec::new();
        for i in 0..=k {
            let ci = c.at(i);
            if ci.is_false() {
                return true;
            }
            if !ci.is_true() {
                open.push(ci);
            }
        }
        // Iteration k's condition alone first (a read past the end of the object, a counter's
        // bound); the conjunction only for a buffer walk, where an earlier terminator may be
        // what stops it: a counting loop's queries stay as they were (a sum of 17 bounds
        // `x + 3·τ < n` is no cheaper to refute than the last).
        let Some(last) = open.last() else { return false };
        match eng.check(st, last) {
            SatResult::Unsat => true,
            _ if open.len() > 1 && c.walks_memory() => eng.check(st, &Term::and_all(open)) == SatResult::Unsat,
            _ => false,
        }
    }

    /// The number of iterations of the template's core from the state when the state decides
    /// it alone (each iteration's condition simplifies to true up to one that simplifies to
    /// false), up to [`FIXED_MAX`]: the template is then applied with κ fixed.
    fn fixed_iterations(c: &Condition) -> Option<u64> {
        for k in 0..=FIXED_MAX {
            let c = c.at(k);
            if c.is_false() {
                return Some(k);
            }
            if !c.is_true() {
                return None;
            }
        }
        None
    }

    /// Does every cycle at the state's location provably stop within a few iterations (see
    /// [`UNROLL_ONE_CYCLE`], [`UNROLL_BUFFER_WALK`] and [`UNROLL_PATHS`])? Quantifier-free
    /// queries: if iterations 0..=k of a core cannot all run, then κ ≤ k in every successor of
    /// its template ([`Compact::runs_at_most`]).
    fn short_loop(&mut self, eng: &mut Engine<'_>, st: &State, usable: &[(u32, Rc<Template>)]) -> Short {
        let mut values = Values::default();
        let conds: Vec<Option<Condition>> =
            usable.iter().map(|(_, t)| Condition::of(eng, st, t, &mut values)).collect();
        if Self::short_by_values(&conds) {
            return Short::Unroll(UNROLL_FORKING);
        }
        let mut live = Vec::new();
        for ((id, t), c) in usable.iter().zip(&conds) {
            match Self::iteration_feasible(eng, st, c.as_ref(), 0) {
                Some(false) => {}
                Some(true) => live.push((*id, t.clone(), c.as_ref())),
                None => return Short::No,
            }
        }
        if let [(id, t, Some(c))] = &live[..] {
            if let Some(k) = Self::fixed_iterations(c) {
                // Inputs read by a short loop are better single symbols than elements of one
                // input array (which ties every constraint on them together for the solver).
                if !t.sites.is_empty() && k <= UNROLL_INPUTS {
                    return Short::Unroll(k);
                }
                return Short::Fixed(*id, t.clone(), k);
            }
        }
        let k = if live.len() <= 1 {
            match live.first() {
                Some((_, _, Some(c))) if c.walks_memory() => UNROLL_BUFFER_WALK,
                _ => UNROLL_ONE_CYCLE,
            }
        } else {
            (UNROLL_PATHS.ln() / (live.len() as f64).ln()).floor() as u64
        };
        if k == 0 {
            return Short::No;
        }
        if live.iter().all(|(_, _, c)| Self::runs_at_most(eng, st, *c, k)) {
            Short::Unroll(k)
        } else {
            Short::No
        }
    }

    /// [`Compact::short_loop`]'s test on the terms alone, with no solver query: the loop is
    /// unrolled when the state's values alone stop each of its cycles within [`UNROLL_FORKING`]
    /// iterations (an iteration whose condition simplifies to false; the cycles whose first
    /// iteration's condition does not simplify to false over-approximate the feasible ones).
    /// A template could then merge at most that many values of κ per application, while its
    /// successors carry κ into every later read and comparison. These are loops over constant
    /// bounds whose bodies branch on symbolic values (`for (dj = -1; dj <= 1; dj++)`,
    /// `for (k = 0; k < 8; k++)`): asking the solver about each cycle's first iteration at
    /// every entry (each merge point of the body is the entry of a rotation of every cycle)
    /// cost five times the queries of the whole classic exploration, and with many cycles the
    /// path-count test declined to unroll and the templates' κ-dependent conditions defeated
    /// the solver (docs/benchmarks.md, issue 12). One candidate cycle is left to the
    /// solver-based test, which may apply its template with κ fixed.
    fn short_by_values(conds: &[Option<Condition>]) -> bool {
        let mut maybe = Vec::new();
        for c in conds {
            let Some(c) = c else { return false };
            if !c.at(0).is_false() {
                maybe.push(c);
            }
        }
        maybe.len() >= 2 && maybe.iter().all(|c| c.stops_within(UNROLL_FORKING))
    }
}

/// Records that condition `c` has the value `b`, for [`Term::replace`]; its negation too, as
/// the simplifier may have turned one into the other (`¬(0 < n)` into `n ≤ 0`).
fn decide(m: &mut HashMap<u64, Term>, c: &Term, b: bool) {
    m.insert(c.id(), Term::bool(b));
    m.insert(c.not().id(), Term::bool(!b));
}

/// What [`Compact::short_loop`] found.
enum Short {
    /// Summarise as usual.
    No,
    /// Unroll: few iterations (at most this many in a row of each cycle), few paths.
    Unroll(u64),
    /// One cycle, whose number of iterations the state fixes: apply its template with κ = k.
    Fixed(u32, Rc<Template>, u64),
}

impl TemplateProvider for Compact {
    fn name(&self) -> &'static str {
        "compact"
    }

    fn prepare(&mut self, eng: &mut Engine<'_>) -> Result<(), String> {
        let opts = CycleOptions::default();
        let mut next = 0u32;
        let prog = eng.program();
        for f in &prog.functions {
            if self.classic_library && prog.is_library(f.id) {
                // Never summarised (see `classic_library`): no cycles to enumerate.
                continue;
            }
            let cs = enumerate_cycles(f, &opts);
            self.truncated |= cs.truncated;
            let mut mine = Vec::new();
            for c in cs.cycles {
                self.cycles.entry((f.id, c.entry)).or_default().push((next, Rc::new(c.clone())));
                mine.push((next, c));
                next += 1;
            }
            if let Some(rec) = recursion::find(prog, f) {
                self.cycles.entry((f.id, f.entry)).or_default().push((next, Rc::new(rec.cycle.clone())));
                mine.push((next, rec.cycle.clone()));
                self.recursions.insert(next, rec);
                next += 1;
            }
            self.in_func.insert(f.id, Rc::new(mine));
            for l in cs.given_up {
                let why = format!(
                    "more than {} cycles through {l}: the loop is explored classically",
                    opts.max_circuits_per_root
                );
                let msg = format!("loop at {} {l} ({}): {why}", f.name, prog.fmt_span(f.loc(l).span));
                let t = &mut eng.stats_mut().templates;
                *t.failed.entry(reason_class(&why).into()).or_default() += 1;
                t.no_template.push(msg.clone());
                self.reasons.push(msg);
            }
        }
        self.total_cycles = u64::from(next);
        eng.stats_mut().templates.cycles = self.total_cycles;
        Ok(())
    }

    fn apply(&mut self, eng: &mut Engine<'_>, st: &State) -> Result<Applied, String> {
        let r = self.apply_here(eng, st);
        self.publish_pending(eng, st);
        r
    }
}

impl Compact {
    /// Under `--jobs`: publishes the template of local key `key` again at the end of this
    /// application (it was filtered or counted here).
    fn publish_later(&mut self, key: (u32, u64)) {
        if self.shared_keys.contains_key(&key) && !self.pending.iter().any(|(k, _)| *k == key) {
            self.pending.push((key, None));
        }
    }

    /// Under `--jobs`: publishes what this application computed (issue 23: the other workers
    /// import it instead of computing it), under this worker's claims, which end here.
    fn publish_pending(&mut self, eng: &Engine<'_>, st: &State) {
        for (key, claim) in std::mem::take(&mut self.pending) {
            let (Some(r), Some(&(sk, mark)), Some(pool)) =
                (self.cache.get(&key), self.shared_keys.get(&key), shared::pool(eng))
            else {
                continue;
            };
            let Some(e) = shared::entry(eng, st, r, self.counts.get(&key), mark) else { continue };
            match claim {
                Some(c) => c.put(e),
                None => pool.templates.put((key.0, sk), e),
            }
        }
    }

    /// Under `--jobs`: the pool's version of the template of local key `key` when it is further
    /// than this worker's (filtered if `unfiltered`, else with its count of iterations), imported
    /// with its count in place of this worker's; `None` if it is not.
    fn adopt_shared(
        &mut self,
        eng: &Engine<'_>,
        st: &State,
        key: (u32, u64),
        unfiltered: bool,
    ) -> Option<Rc<Template>> {
        let &(sk, _) = self.shared_keys.get(&key)?;
        let entry = shared::pool(eng)?.templates.get((key.0, sk))?;
        let further = match entry.downcast_ref::<shared::Shared>()? {
            Ok(x) if unfiltered => x.filtered(),
            Ok(x) => x.counted(),
            Err(_) => false,
        };
        if !further {
            return None;
        }
        let (Ok(f), count) = shared::import_entry(eng, st, entry.as_ref())? else { return None };
        self.counts.remove(&key);
        if let Some(c) = count {
            self.counts.insert(key, c);
        }
        self.cache.insert(key, Ok(f.clone()));
        Some(f)
    }

    /// [`TemplateProvider::apply`].
    fn apply_here(&mut self, eng: &mut Engine<'_>, st: &State) -> Result<Applied, String> {
        let (fid, loc) = st.loc();
        if self.classic_library && eng.program().is_library(fid) {
            return Ok(Applied::None);
        }
        let Some(mut cands) = self.cycles.get(&(fid, loc)).cloned() else { return Ok(Applied::None) };
        if st.frame().pending.is_some() {
            cands.retain(|(id, _)| !self.recursions.contains_key(id));
        }
        // Cycles retired (failed, or declined and never applied; here or in another worker)
        // cost nothing more, not even the state's shape.
        self.take_shared_retired(eng);
        cands.retain(|(id, _)| !self.retired(*id));
        if cands.is_empty() {
            return Ok(Applied::None);
        }
        if self.work_left(eng) == 0 {
            // Only templates computed while there was budget can be applied: the other
            // cycles cost nothing more, not even the state's shape.
            cands.retain(|(id, _)| self.with_template.contains(id));
            if cands.is_empty() {
                self.spent(eng);
                return Ok(Applied::None);
            }
        }
        // What the templates depend on, once per application (it hashes the whole memory).
        let shape = Self::shape(eng, st);
        let mut usable: Vec<(u32, Rc<Template>)> = Vec::new();
        for (id, c) in &cands {
            if let Ok(t) = self.template(eng, st, shape, *id, c) {
                usable.push((*id, t));
            }
        }
        if usable.is_empty() {
            return Ok(Applied::None);
        }
        let mut fixed = None;
        if self.unroll_short_loops {
            match self.short_loop(eng, st, &usable) {
                Short::No => {}
                Short::Unroll(k) => {
                    for (id, _) in &usable {
                        self.decline(eng, *id);
                    }
                    // The iterations to come were just found to be few: the next visits of
                    // the loop head on this path would find the same.
                    return Ok(Applied::Unroll(u32::try_from(k).unwrap_or(u32::MAX)));
                }
                Short::Fixed(id, t, k) => {
                    fixed = Some(Term::bv(k, template::KBITS));
                    usable = vec![(id, t)];
                }
            }
        }
        // chooseTemplate (line 9).
        let pick = match self.choice {
            Choice::Random => (self.rand() % usable.len() as u64) as usize,
            Choice::Alternate => match st.last_cycle {
                Some(last) => usable
                    .iter()
                    .position(|(id, _)| *id > last)
                    .or_else(|| usable.iter().position(|(id, _)| *id != last))
                    .unwrap_or(0),
                None => 0,
            },
        };
        let (id, mut t) = usable.swap_remove(pick);
        let key = (id, shape);
        if !t.filtered || (fixed.is_none() && !self.counts.contains_key(&key)) {
            // Another worker may have filtered it or counted its iterations since it was
            // imported or published here: its version is taken whole (template and count over
            // the same symbols).
            if let Some(f) = self.adopt_shared(eng, st, key, !t.filtered) {
                t = f;
            }
        }
        if !t.filtered {
            // Not gated by the budget: a template computed within it is finished (its exits
            // filtered, its count of iterations computed), so that it can be applied.
            let mut full = (*t).clone();
            let before = eng.stats_mut().templates.work;
            let r = within_budget(eng, &mut self.work_used, &mut self.template_z3, |eng| {
                template::filter_exits(eng, &mut full)
            })
            .map(|()| Rc::new(full));
            *self.cost.entry(key).or_default() += eng.stats_mut().templates.work - before;
            self.publish_later(key);
            self.cache.insert(key, r.clone());
            match r {
                Ok(f) => t = f,
                Err(why) => {
                    let msg = format!("cycle {id}: {why}");
                    self.failed(eng, id, &why, msg);
                    return Ok(Applied::None);
                }
            }
        }
        if self.undecided.get(&key).copied().unwrap_or(0) >= 3 {
            // This template keeps defeating the solver here: explore classically.
            self.decline(eng, id);
            return Ok(Applied::None);
        }
        if fixed.is_none() {
            // A loop whose number of iterations is a term of the state (a counting loop): κ is
            // that term, and the path condition gets no quantifier.
            fixed = match self.counts.get(&key) {
                Some(c) => c.clone(),
                None => {
                    let before = eng.stats_mut().templates.work;
                    let c = match &t.exits[..] {
                        [exit] => within_budget(eng, &mut self.work_used, &mut self.template_z3, |eng| {
                            nested::trip_count(eng, &mut st.clone(), &t, exit)
                        }),
                        _ => None,
                    };
                    *self.cost.entry(key).or_default() += eng.stats_mut().templates.work - before;
                    self.publish_later(key);
                    self.counts.insert(key, c.clone());
                    c
                }
            };
        }
        // κ fixed by the state at a few iterations: classic execution of those iterations
        // forks no more than the template (one cycle is feasible), so such an application
        // saves only steps; it counts as declined, and a cycle that is never applied otherwise
        // is retired (a check loop after a tokenizer ran at every path's end: a fifth of the
        // run spent substituting the state into its template, issue 22).
        let few = fixed.as_ref().and_then(Term::as_bv).is_some_and(|k| k <= UNROLL_FORKING);
        let (succs, undecided) = self.instantiate(eng, st, &t, fixed);
        if undecided > 0 {
            // Section 4: where the solver cannot decide a template's successor, the node is
            // explored classically instead, so that the unknown may still become an answer.
            *self.undecided.entry(key).or_default() += 1;
            self.decline(eng, id);
            return Ok(Applied::None);
        }
        if few {
            self.decline(eng, id);
        } else {
            self.applied.insert(id);
        }
        let f = eng.program().func(fid);
        let at = format!("{} {} ({})", f.name, loc, eng.program().fmt_span(f.loc(loc).span));
        *eng.stats_mut().templates.applied_by_loop.entry(at).or_default() += 1;
        if let Some(c) = self.cost.remove(&key) {
            // The template paid: its computation is given back to the budget (once).
            self.work_used = self.work_used.saturating_sub(c);
        }
        Ok(Applied::Succs(succs, 0))
    }
}

impl Compact {
    /// The edges a successor of `t` at `exit` stands for (for coverage): the cycle's core,
    /// κ times, then the core's prefix up to the exit edge and the exit edge.
    fn summarised(
        &self,
        eng: &Engine<'_>,
        st: &State,
        t: &Template,
        exit: &template::Exit,
        kappa: Term,
    ) -> Option<kappa_engine::template::Summarised> {
        let fid = st.loc().0;
        let f = eng.program().func(fid);
        let (_, cycle) = self.cycles.get(&(fid, t.entry))?.iter().find(|(id, _)| *id == t.cycle)?;
        let mut exit_path = cycle.prefix_to(f, f.edge(exit.edge).src)?.to_vec();
        exit_path.push(exit.edge);
        Some(kappa_engine::template::Summarised { core: cycle.core.clone(), exit_path, kappa })
    }

    /// Why cycles got no template.
    pub fn no_template_reasons(&self) -> &[String] {
        &self.reasons
    }
}

/// Why a loop got no template once the run's template work is spent.
const WORK_SPENT: &str = "the budget of template work is spent";

/// Runs `f` (part of a template's computation) with each solver query limited to
/// [`TEMPLATE_RLIMIT`] units of work (or the run's own, smaller limit), and takes the work it did
/// (Z3's units, plus [`CALL_WORK`] per Z3 call) to `work_used` (Z3's units alone to
/// `template_z3`); the statistics count the units (`templates.work`) and the calls
/// (`templates.work_calls`).
fn within_budget<R>(
    eng: &mut Engine<'_>,
    work_used: &mut u64,
    template_z3: &mut u64,
    f: impl FnOnce(&mut Engine<'_>) -> R,
) -> R {
    let configured = eng.config().solver_rlimit;
    eng.solver().set_rlimit(Some(configured.map_or(TEMPLATE_RLIMIT, |r| r.min(TEMPLATE_RLIMIT))));
    let calls = eng.solver().stats().core_calls;
    let work = eng.solver().work();
    let r = f(eng);
    let calls = eng.solver().stats().core_calls.saturating_sub(calls);
    let z3 = eng.solver().work().saturating_sub(work);
    let used = z3 + calls * CALL_WORK;
    *work_used += used;
    *template_z3 += z3;
    let t = &mut eng.stats_mut().templates;
    t.work += used;
    t.work_calls += calls;
    eng.solver().set_rlimit(configured);
    r
}

/// The class of a reason why a cycle got no template, for the summary line: the reasons
/// themselves name variables and terms, one line per cycle.
pub fn reason_class(why: &str) -> &'static str {
    if why.contains("no progression rule") {
        "no progression rule"
    } else if why.contains("cannot decide") {
        "solver budget"
    } else if why.contains("cycles through") {
        "too many cycles"
    } else if why.contains("infeasible") {
        "infeasible core"
    } else if why.contains("time limit") {
        "time limit"
    } else if why.contains("cannot be summarised") || why.contains("forks or ends") {
        "unsupported operation"
    } else {
        "other"
    }
}

/// Only variables of the summarised function and globals are template variables.
pub fn is_template_var(v: &Var) -> bool {
    matches!(v, Var::Reg(..) | Var::Obj(..))
}
