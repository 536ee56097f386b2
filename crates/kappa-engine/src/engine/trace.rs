//! Trails of states and their replay ([`crate::trail`]), and the split of the execution tree
//! among shards and workers (`--shard`, `--jobs`; docs/design-parallel.md).

use super::*;
use crate::pool::{Handed, Work, WorkerPool};
use crate::trail::{Answer, Entry, Look};
use kappa_ir::analysis::coverage::ItemSet;
use std::sync::atomic::Ordering;
use std::sync::Arc;

/// A worker of `--jobs` hands a pending state over only while it keeps at least this many.
/// On a comb (a linear search: each fork makes a leaf and the rest of the comb) a worker holds
/// two states, and the one it could give is either the leaf, whose test the donor's solver
/// answers from its cache (the model found for the branch) and the receiver's from scratch,
/// or the rest of the comb, which then goes on in a Z3 context that has not seen its prefix:
/// with one to keep, two workers spent 43% more CPU time than one on a linear search over 300
/// cells, the comb passed 113 times between them (docs/benchmarks.md, 2026-12-02). A tree
/// that widens soon holds three.
pub const KEEP: usize = 2;

/// An unchecked side (lazy feasibility) is handed over while its donor keeps at least this
/// many other states, where [`KEEP`] holds for the others: the reasons for [`KEEP`] are a
/// decided leaf's test (answered by the donor's cache) and the comb's spine (decided, with
/// its prefix in the donor's Z3 context); an unchecked side is neither, its check is Z3 work
/// wherever it runs. On a comb (a linear search) the donor holds the spine and the latest
/// leaf, unchecked: with [`KEEP`] for it too, the donor checked that leaf itself whenever it
/// held no other, and the receiver waited (linsearch300: 38-70 waits, idle 1.5-2.6 s of
/// 2.5-3.5 s; docs/benchmarks.md, "`--jobs 2`: the comb's leaves ahead of need").
pub const KEEP_UNCHECKED: usize = 1;

/// Steps at most between two attempts to hand a state over when the last found none to give
/// (only pinned states, or the pool refused the one offered). The pool's probes come after so
/// many refusals ([`crate::pool::WorkerPool::accepts`]); with a wait of as many steps as the
/// donor held states, a donor of a thousand (`echo` of the utilities) tried once in hundreds
/// of steps, and the worker that had run out explored 2-4% of the states (with 64: 16-30%).
pub const RETRY_AFTER: u64 = 64;

/// What a Z3 check in a stolen subtree is worth, in edges run, when the pool judges whether
/// steals pay ([`crate::pool::WorkerPool::stolen`]): an edge replayed costs the interpretation
/// of its operation, a check (a leaf's under lazy feasibility) Z3's search. Measured by
/// callgrind on a linear search over 100 cells (docs/benchmarks.md, "Lazy feasibility"): a
/// replay ran 11,700 instructions per edge, a leaf's Z3 check 6-7 M (about 600 edges; on 300
/// cells the checks are about three times larger in Z3's units).
pub const CHECK_EDGES: u64 = 512;

/// States handed to a waiting worker at once, at most ([`steal_batch`]).
pub const STEAL_BATCH: usize = 32;

/// How many of a donor's `pending` states a waiting worker gets at once: half of those above
/// [`KEEP`], at most [`STEAL_BATCH`] (steal-half, Hendler and Shavit, SPAA 2002). One at a time,
/// a worker that ran out waited for the donor's next step after each small subtree: on tokens6
/// (a uniform tree explored by the interleaved search, whose shallowest pending states soon
/// hold a few hundred edges each) the second worker made 300-500 steals and idled a third of
/// its run. The receiver replays a batch's trails one after the other from the pool's queue,
/// with no wait between them; each is judged by the pool's gate as a single one is.
pub fn steal_batch(pending: usize) -> usize {
    (pending.saturating_sub(KEEP) / 2).clamp(1, STEAL_BATCH)
}

/// Steps the split frontier may take at most (in work, not time, so that every shard computes
/// the same frontier): a tree that does not widen within them (a comb) is not split further.
pub const SPLIT_STEPS: u64 = 1 << 12;

/// With `KAPPA_STEAL_TRACE` set, the hand-overs and waits of `--jobs` go to stderr, with the
/// microseconds since the first: where a worker's time goes between its states.
fn steal_trace(line: impl FnOnce() -> String) {
    static START: std::sync::OnceLock<Option<std::time::Instant>> = std::sync::OnceLock::new();
    if let Some(t0) = START.get_or_init(|| std::env::var_os("KAPPA_STEAL_TRACE").map(|_| std::time::Instant::now())) {
        eprintln!("steal {:>9} {}", t0.elapsed().as_micros(), line());
    }
}

impl<'p> Engine<'p> {
    /// The initial states, each with its trail's first entry.
    pub(crate) fn traced_initial_states(&mut self) -> Result<Vec<State>, String> {
        self.rec = Some(Vec::new());
        let states = self.initial_states();
        let answers: Rc<[Answer]> = self.rec.take().unwrap_or_default().into();
        let mut states = states?;
        let n = states.len();
        for (i, s) in states.iter_mut().enumerate() {
            s.trail = std::mem::take(&mut s.trail).extended(&answers, i, n);
        }
        Ok(states)
    }

    /// Whether the state `id` was stepped before (`states_explored` counts it once).
    fn was_stepped(&self, id: u64) -> bool {
        let (word, bit) = ((id / 64) as usize, id % 64);
        self.stepped.get(word).is_some_and(|w| w & (1 << bit) != 0)
    }

    fn mark_stepped(&mut self, id: u64) {
        let (word, bit) = ((id / 64) as usize, id % 64);
        if self.stepped.len() <= word {
            self.stepped.resize(word + 1, 0);
        }
        self.stepped[word] |= 1 << bit;
    }

    /// Steps a state (`step`), counts it explored, and gives each successor its trail.
    pub(crate) fn step_traced(&mut self, mut st: State, out: &mut Vec<State>) {
        // A lazy fork's states count when its unchecked side is known feasible
        // ([`State::provisional`]).
        let provisional = std::mem::take(&mut st.provisional);
        if !self.was_stepped(st.id) {
            self.mark_stepped(st.id);
            if !provisional && st.unchecked.is_none() {
                self.stats.states_explored += 1;
            }
        }
        let trail = std::mem::take(&mut st.trail);
        let first = out.len();
        self.rec = Some(Vec::new());
        let templates = (self.stats.templates.applied, self.stats.templates.work_calls);
        self.step(st, out);
        let answers: Rc<[Answer]> = self.rec.take().unwrap_or_default().into();
        let n = out.len() - first;
        if templates != (self.stats.templates.applied, self.stats.templates.work_calls) {
            // The step computed or applied a template: another worker would compute it again.
            for s in &mut out[first..] {
                s.pinned = true;
            }
        }
        if n == 1 {
            out[first].trail = trail.extended(&answers, 0, 1);
            return;
        }
        for (i, s) in out[first..].iter_mut().enumerate() {
            s.trail = trail.extend(&answers, i, n);
        }
    }

    /// The answer a query gets while a trail is replayed; `None` when none is replayed.
    pub(crate) fn replayed_answer(&mut self) -> Option<SatResult> {
        let answers = self.replaying.as_mut()?;
        match answers.pop_front() {
            Some(crate::trail::Answer::Uncached | crate::trail::Answer::Lazy) => {
                self.replay_mismatch = true;
                Some(SatResult::Unknown("the replayed trail has a probe's answer here".into()))
            }
            Some(a) => Some(a.result()),
            None => {
                self.replay_mismatch = true;
                Some(SatResult::Unknown("the replayed trail has no answer here".into()))
            }
        }
    }

    /// Notes a query's answer for the trails of the step's successors.
    pub(crate) fn record_answer(&mut self, r: &SatResult) {
        if let Some(rec) = &mut self.rec {
            rec.push(Answer::of(r));
        }
    }

    /// Makes the state a trail leads to, in this engine, without asking the solver the queries
    /// the trail answers: from the initial state, each step of the trail is run again, its
    /// queries answered from the trail, and the named successor kept. Nothing the replayed
    /// steps do counts (no test, statistics or tree node: the engine that made the trail
    /// counted them), except the coverage the prefix reached. `Err` when the trail does not
    /// fit the program and this engine (a step asks other queries, or makes another number of
    /// successors): a bug, which the caller reports and counts as an incomplete run.
    pub fn replay(&mut self, trail: &[Entry]) -> Result<State, String> {
        let saved = self.stats.clone();
        let saved_limit = self.limit_hit.take();
        self.silent = true;
        let r = self.replay_steps(trail);
        self.silent = false;
        self.replaying = None;
        self.rec = None;
        self.stats = saved;
        self.limit_hit = saved_limit;
        r
    }

    /// The steps of a trail, from the initial states' on; and the state made from it, starting
    /// where the previous replay's steps were the same ([`ReplayMemo`]).
    fn replay_steps(&mut self, trail: &[Entry]) -> Result<State, String> {
        // One (answers, successor, successors) per step; the first is the initial states'.
        let steps: Vec<MemoStep> = trail
            .iter()
            .flat_map(|e| {
                let (answers, index, of, times): (Rc<[Answer]>, u32, u32, u32) = match e {
                    Entry::Skip(n) => (Rc::from(Vec::new()), 0, 1, *n),
                    Entry::Step { answers, index, of } => (answers.as_slice().into(), *index, *of, 1),
                };
                (0..times).map(move |_| (answers.clone(), index, of))
            })
            .collect();
        if steps.is_empty() {
            return Err("an empty trail".into());
        }
        let mut memo = self.replay_memo.take().unwrap_or_default();
        let same = memo.steps.iter().zip(&steps).take_while(|(a, b)| a == b).count();
        memo.steps.truncate(same);
        memo.after.truncate(same);
        self.replay_mismatch = false;
        let mut st = match memo.after.last() {
            Some(s) => s.clone(),
            None => {
                let (answers, index, of) = &steps[0];
                self.replaying = Some(answers.iter().cloned().collect());
                let states = self.traced_initial_states()?;
                let st = self.pick(states, *index, *of, 0)?;
                memo.steps.push(steps[0].clone());
                memo.after.push(st.clone());
                st
            }
        };
        let from = memo.after.len();
        self.replay_from = st.depth;
        let mut out = Vec::new();
        for (k, step) in steps.iter().enumerate().skip(from) {
            self.replaying = Some(step.0.iter().cloned().collect());
            self.step_traced(st, &mut out);
            st = self.pick(std::mem::take(&mut out), step.1, step.2, k)?;
            memo.steps.push(step.clone());
            memo.after.push(st.clone());
        }
        self.replay_memo = Some(memo);
        // A state of the memo may have been stepped by a later replay: the state given out is
        // new to the searcher, and its first step counts.
        st.id = self.uncounted_state_id();
        Ok(st)
    }

    /// The successor a trail's entry names, after checking that the step matched the entry.
    fn pick(&mut self, mut states: Vec<State>, index: u32, of: u32, k: usize) -> Result<State, String> {
        let left = self.replaying.as_ref().map_or(0, |a| a.len());
        if self.replay_mismatch || left > 0 || states.len() != of as usize || index >= of {
            return Err(format!(
                "the trail does not fit step {k}: {} successors for {of}, {} answers left{}",
                states.len(),
                left,
                if self.replay_mismatch { ", a query without answer" } else { "" }
            ));
        }
        Ok(states.swap_remove(index as usize))
    }

    /// The split frontier (docs/design-parallel.md, [`crate::Share`]): from the initial states,
    /// every state is stepped until it forks or ends, level after level of forks, until a level
    /// holds the share's frontier size. The steps and their order are the same in every run
    /// that splits, so each computes the same frontier in the same order. `saved`: the paths
    /// that end above the frontier are another run's (shard or worker 0's), and the statistics
    /// go back to these; this run keeps only why the exploration would be incomplete.
    pub(crate) fn split_frontier(&mut self, init: Vec<State>, saved: Option<Stats>) -> Vec<State> {
        let target = self.cfg.share.frontier_size();
        self.silent = saved.is_some();
        let mut level = init;
        let mut budget = SPLIT_STEPS;
        let mut out = Vec::new();
        while level.len() < target && !level.is_empty() {
            let mut next = Vec::with_capacity(2 * level.len());
            let mut pending = level.into_iter();
            let mut cut = false;
            for st in pending.by_ref() {
                let mut cur = st;
                loop {
                    // A limit cuts the frontier short, and differently in each run: the run is
                    // then incomplete, so that no `true` comes of misaligned shares.
                    let limit = self.limit_reached();
                    let halted = limit.is_some() || kappa_solver::interrupt::requested();
                    if let Some(r) = limit {
                        self.limit_hit.get_or_insert(r);
                    }
                    if budget == 0 || self.stop || halted {
                        next.push(cur);
                        cut = true;
                        break;
                    }
                    budget -= 1;
                    self.step_traced(cur, &mut out);
                    if out.len() == 1 {
                        cur = out.pop().expect("one successor");
                        continue;
                    }
                    next.append(&mut out);
                    break;
                }
                if cut {
                    break;
                }
            }
            next.extend(pending);
            level = next;
            if cut {
                break;
            }
        }
        self.silent = false;
        if let Some(mut s) = saved {
            // Why the exploration would be incomplete counts in every shard: a solver that could
            // not decide a branch here may have decided it elsewhere, and then the frontiers
            // differ.
            for r in std::mem::take(&mut self.stats.incomplete) {
                if !s.incomplete.contains(&r) {
                    s.incomplete.push(r);
                }
            }
            self.stats = s;
        }
        level
    }

    /// A worker of `--jobs` out of states waits for work ([`WorkerPool::wait`]): a state of
    /// another worker, made again here from its trail (its own terms, its own Z3 context) and
    /// checked to look as it did there; or states it handed over itself that did not replay.
    /// `None` when the run is over for it. A trail that does not replay, or gives a state that
    /// looks otherwise, goes back to its donor, who explores the state itself.
    pub(crate) fn wait_for_work(&mut self, active: &mut Active) -> Option<Vec<State>> {
        let (pool, me) = active.pool.clone()?;
        // Waiting, it is counted in `waiting`.
        active.set_hungry(false);
        if let Some((depth, replayed, from, checks)) = active.stolen.take() {
            // Tree nodes: one per edge run (and per failed leaf); a Z3 check counts as
            // [`CHECK_EDGES`] edges (lazy feasibility hands over leaves whose check is the work).
            let checks = self.solver.stats().core_calls.saturating_sub(checks);
            let ran = self.next_node - from + CHECK_EDGES * checks;
            pool.stolen(depth, replayed, ran);
            steal_trace(|| format!("w{me} subtree done: depth {depth}, replayed {replayed}, ran {ran}"));
        }
        if !pool.has_work_for(me) {
            self.waits += 1;
        }
        loop {
            let t0 = std::time::Instant::now();
            let work = {
                let give_up =
                    || pool.stop.load(Ordering::Relaxed) || pool.halted.load(Ordering::Relaxed) || self.out_of_time();
                pool.wait(me, active.counted, &give_up)
            };
            self.idle += t0.elapsed();
            steal_trace(|| {
                let what = match &work {
                    Work::Over => "over".to_string(),
                    Work::Back(b) => format!("{} answers back", b.len()),
                    Work::Trail(h) => format!("a trail of w{} at depth {}", h.owner, h.look.depth),
                };
                format!("w{me} got {what} after {} us", t0.elapsed().as_micros())
            });
            active.counted = false;
            match work {
                Work::Over => return None,
                Work::Back(answers) => {
                    // The pool counts this worker active again if a state came back.
                    active.counted = answers.iter().any(|a| !a.1);
                    let mut states = Vec::new();
                    for (id, replayed) in answers {
                        if let Some(s) = active.lent.remove(&id) {
                            if !replayed {
                                states.push(s);
                            }
                        }
                    }
                    if !states.is_empty() {
                        self.stats.states_handed_back += states.len() as u64;
                        return Some(states);
                    }
                }
                Work::Trail(h) => {
                    active.counted = true;
                    if h.owner == me {
                        // A state it handed that no worker took yet (the receiver was still
                        // building its engine: 20-30 ms, longer than the whole exploration
                        // after it on urldecode under breadth-first search): taken back as it
                        // is, not replayed from its trail.
                        if let Some(s) = active.lent.remove(&h.id) {
                            return Some(vec![s]);
                        }
                    }
                    let t0 = crate::thread_cpu_s();
                    let replayed = self.replay(&h.trail);
                    self.replay_time += Duration::from_secs_f64((crate::thread_cpu_s() - t0).max(0.0));
                    match replayed {
                        Ok(st) if look(&st) == h.look => {
                            pool.settle(h.owner, h.id, true);
                            self.seed_models(&st, h.models);
                            if h.stepped {
                                // The donor stepped it already (it came back after its step
                                // budget) and counted it explored: it is not counted again.
                                self.mark_stepped(st.id);
                            }
                            self.stats.states_stolen += 1;
                            // The edges run again: from where the previous replay's state
                            // was the same ([`ReplayMemo`]).
                            let replayed = st.depth.saturating_sub(self.replay_from);
                            self.stats.edges_replayed += replayed;
                            active.stolen = Some((st.depth, replayed, self.next_node, self.solver.stats().core_calls));
                            return Some(vec![st]);
                        }
                        _ => pool.settle(h.owner, h.id, false),
                    }
                }
            }
        }
    }

    /// After a step of a worker of `--jobs`: takes back the states it handed over that did not
    /// replay, and hands some of its pending states ([`Searcher::donate`]) to a worker that
    /// waits for them, keeping at least [`KEEP`] for itself; never a [`State::pinned`] one.
    /// A waiting worker gets a batch ([`steal_batch`]), and so does the queue when a worker
    /// living on stolen subtrees runs it low ([`WorkerPool::wants_refill`]); a worker about to
    /// wait gets unchecked sides ahead of need ([`WorkerPool::wants_ahead`]), which go while
    /// the donor keeps one other state ([`KEEP_UNCHECKED`]).
    pub(crate) fn share_work(&mut self, searcher: &mut dyn Searcher, active: &mut Active) {
        let Active { pool: Some((pool, me)), lent, rng, backoff, ahead_backoff, .. } = active else { return };
        if let Some(answers) = pool.returns_for(*me) {
            for (id, replayed) in answers {
                if let Some(s) = lent.remove(&id) {
                    if !replayed {
                        self.stats.states_handed_back += 1;
                        searcher.add(self, None, vec![s]);
                    }
                }
            }
        }
        // Two back-offs: a search ahead of need that found no unchecked side must not delay
        // the hand-over to a worker that then waits (with one back-off, the receiver of small
        // subtrees waited up to 64 of the donor's steps after each: tokens6's second worker
        // idled a third of its run, docs/benchmarks.md).
        *ahead_backoff = ahead_backoff.saturating_sub(1);
        if *backoff > 0 {
            *backoff -= 1;
            return;
        }
        if searcher.len() <= KEEP_UNCHECKED {
            return;
        }
        let waits = pool.wants();
        let refill = !waits && searcher.len() > KEEP && pool.wants_refill(*me);
        if !waits && !refill && (*ahead_backoff > 0 || !pool.wants_ahead()) {
            return;
        }
        // An unchecked side (lazy feasibility) goes whatever the steals so far say: the caches
        // did not know it, so its check is Z3's work, which the receiver's replay (mostly a few
        // edges past its previous one, [`ReplayMemo`]) costs less than ([`CHECK_EDGES`]); the
        // gate judges by depth, and on a comb the first leaf, replayed from the root, spoke
        // against every deeper one. Ahead of need, only those go, one at a time.
        let above_keep = searcher.len() > KEEP;
        let batch = if waits || refill { steal_batch(searcher.len()) } else { 1 };
        let mut handed = Vec::new();
        while handed.len() < batch && searcher.len() > KEEP_UNCHECKED {
            let spare = searcher.len() > KEEP;
            let Some(s) = searcher
                .donate(rng, &mut |s| s.unchecked.is_some() || (spare && (waits || refill) && pool.accepts(s.depth)))
            else {
                break;
            };
            let stepped = self.was_stepped(s.id);
            let models = self.models_for(&s);
            handed.push(Handed { trail: s.trail.export(), look: look(&s), owner: *me, id: s.id, stepped, models });
            lent.insert(s.id, s);
        }
        // In tree order (the trails sorted): the receiver replays them one after the other,
        // each from where the previous one's steps were the same ([`ReplayMemo`]), so that
        // siblings share the prefix down to their fork.
        handed.sort_by(|a, b| a.trail.cmp(&b.trail));
        let none = handed.is_empty();
        steal_trace(|| {
            let depths: Vec<u64> = handed.iter().map(|h| h.look.depth).collect();
            format!("w{me} hands {depths:?} (waits {waits}, refill {refill}, {} pending)", searcher.len())
        });
        for h in handed {
            pool.hand(h);
        }
        // Holding only [`KEEP`] states, only an unchecked side could go: none is no refusal,
        // and no reason to wait before the next try (with the back-off, branchy12's donor held
        // both decided sides of its first fork, waited two steps, and handed a quarter of the
        // tree where a half was there: 225 steals where 34 do).
        if none && above_keep {
            if waits || refill {
                // Only pinned states, or the pool refused the one offered: not again for as
                // many steps as states are pending, so that the search costs the same per step,
                // but at most [`RETRY_AFTER`] steps.
                self.stats.handovers_refused += u64::from(waits);
                *backoff = (searcher.len() as u64).min(RETRY_AFTER);
            } else {
                *ahead_backoff = (searcher.len() as u64).min(RETRY_AFTER);
            }
        }
    }

    /// The solver's latest models, over the inputs of `st` by name, for the worker `st` is
    /// handed to: on a comb (a linear search) the donor has just found the model of the
    /// branch that made a leaf, and the leaf's test query is answered from it there; without
    /// it, the receiver's Z3 solved each stolen leaf's path condition again.
    fn models_for(&self, st: &State) -> Vec<Vec<(String, Value)>> {
        let names = input_names(st);
        let by_sym: HashMap<kappa_expr::SymId, &str> = names.iter().map(|(n, s)| (*s, n.as_str())).collect();
        self.solver
            .recent_models()
            .iter()
            .map(|m| m.symbols().filter_map(|s| Some((by_sym.get(&s)?.to_string(), m.value(s)?))).collect::<Vec<_>>())
            .filter(|m| !m.is_empty())
            .collect()
    }

    /// Gives the solver another worker's models ([`Engine::models_for`]) over the inputs of
    /// `st`, a state made from its trail here.
    fn seed_models(&mut self, st: &State, models: Vec<Vec<(String, Value)>>) {
        let names: HashMap<String, kappa_expr::SymId> = input_names(st).into_iter().collect();
        let models = models
            .into_iter()
            .map(|m| {
                let mut model = kappa_solver::Model::new();
                for (n, v) in m {
                    if let Some(s) = names.get(&n) {
                        model.insert(*s, v);
                    }
                }
                model
            })
            .filter(|m| !m.is_empty())
            .collect();
        self.solver.seed_models(models);
    }

    /// Another worker stopped at a violation (`verify`).
    pub(crate) fn pool_stopped(&self) -> bool {
        matches!(&self.cfg.share, Share::Worker { pool, .. } if pool.stop.load(Ordering::Relaxed))
    }

    /// Tells the other workers to stop (a violation, under `stop_at_first_violation`).
    pub(crate) fn stop_pool(&self) {
        if let Share::Worker { pool, .. } = &self.cfg.share {
            pool.stop.store(true, Ordering::Relaxed);
        }
    }

    /// Tests written so far by the run (every worker's, under `--jobs`).
    pub(crate) fn tests_so_far(&self) -> u64 {
        match &self.cfg.share {
            Share::Worker { pool, .. } => pool.tests.load(Ordering::Relaxed),
            _ => self.tests_written,
        }
    }

    /// States created so far by the run (every worker's, under `--jobs`).
    pub(crate) fn states_so_far(&self) -> u64 {
        match &self.cfg.share {
            Share::Worker { pool, .. } => pool.states.load(Ordering::Relaxed),
            _ => self.stats.states_created,
        }
    }

    /// Counts a new state in the pool (not the states of the frontier a silent worker makes
    /// again: the first worker counts those).
    pub(crate) fn count_state(&self) {
        if self.silent {
            return;
        }
        if let Share::Worker { pool, .. } = &self.cfg.share {
            pool.states.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Whether a test covering `items` adds a branch or a line to the tests written so far
    /// (every worker's, under `--jobs`: [`WorkerPool::suite`]).
    pub(crate) fn adds_to_suite(&mut self, items: &ItemSet) -> bool {
        if let Share::Worker { pool, .. } = &self.cfg.share {
            let shared = pool.suite.lock().unwrap_or_else(|e| e.into_inner());
            self.cov.keep_in_suite(&shared);
        }
        self.cov.adds_to_suite(items)
    }

    /// A test covering `items` was written.
    pub(crate) fn keep_in_suite(&mut self, items: &ItemSet) {
        self.cov.keep_in_suite(items);
        if let Share::Worker { pool, .. } = &self.cfg.share {
            pool.suite.lock().unwrap_or_else(|e| e.into_inner()).union_with(items);
        }
    }

    /// The number of the next test: one numbering for all workers; `None` past `--max-tests`.
    /// The number is taken only below the limit, in one atomic step: two workers that both saw
    /// 49 tests written ([`Engine::tests_so_far`]) wrote 51 files under `--max-tests 50`.
    pub(crate) fn next_test_number(&mut self) -> Option<u64> {
        let below = |n: u64| self.cfg.tests.max.is_none_or(|m| n < m);
        let i = match &self.cfg.share {
            Share::Worker { pool, .. } => {
                pool.tests.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| below(n).then_some(n + 1)).ok()? + 1
            }
            _ => below(self.tests_written).then_some(self.tests_written + 1)?,
        };
        self.tests_written += 1;
        Some(i)
    }
}

/// A step of a trail being replayed: its queries' answers, and the successor taken of how many.
type MemoStep = (Rc<[Answer]>, u32, u32);

/// The latest replay of a worker: its steps, and the state after each. The next replay starts
/// from the state after the steps both trails share: on a comb (a linear search) the leaves a
/// worker steals one after the other share their trails up to the cell that made the previous
/// one, and each replay from the root ran the whole comb again (the leaf at cell `i` costs `i`
/// cells of interpretation, for one Z3 check). Sound: stepping is deterministic given the
/// answers, and the state a replay gives is checked against the donor's ([`Look`]) whatever
/// it started from.
#[derive(Default)]
pub(crate) struct ReplayMemo {
    steps: Vec<MemoStep>,
    after: Vec<State>,
}

/// A worker's part in the pool of `--jobs` ([`WorkerPool`]): whether the pool counts it as
/// active, and the states it handed over, kept until they are known to have replayed.
pub(crate) struct Active {
    pool: Option<(Arc<WorkerPool>, u32)>,
    counted: bool,
    lent: HashMap<u64, State>,
    /// The choice among a searcher's states to hand over ([`Searcher::donate`]).
    rng: u64,
    /// Steps before the next attempt to hand a state over, after the searcher had none that
    /// is not [`State::pinned`] to give.
    backoff: u64,
    /// The same after a search for an unchecked side to hand over ahead of need found none.
    ahead_backoff: u64,
    /// The state this worker stole last: its depth, the edges its replay ran, and the tree
    /// nodes made and Z3 checks made before its subtree was run ([`WorkerPool::stolen`]).
    stolen: Option<(u64, u64, u64, u64)>,
    /// Counted in [`WorkerPool::hungry`].
    hungry: bool,
}

impl Active {
    pub(crate) fn new(share: &Share) -> Active {
        let (pool, counted) = match share {
            Share::Worker { pool, index, .. } => (Some((pool.clone(), *index)), *index == 0),
            _ => (None, false),
        };
        let rng = 0x9e37_79b9_7f4a_7c15 ^ u64::from(pool.as_ref().map_or(0, |p| p.1) + 1);
        Active { pool, counted, lent: HashMap::new(), rng, backoff: 0, ahead_backoff: 0, stolen: None, hungry: false }
    }

    /// This worker halted at a limit: the waiting workers end too.
    pub(crate) fn halt(&self) {
        if let Some((pool, _)) = &self.pool {
            pool.halted.store(true, Ordering::SeqCst);
        }
    }

    /// Whether a worker other than this one waits for work or steps its last state
    /// ([`WorkerPool::waiting`], [`WorkerPool::hungry`]).
    pub(crate) fn others_want_work(&self) -> bool {
        self.pool.as_ref().is_some_and(|(pool, _)| {
            pool.waiting.load(Ordering::Relaxed) + pool.hungry.load(Ordering::Relaxed) > usize::from(self.hungry)
        })
    }

    /// Whether this worker is stepping its last state ([`WorkerPool::hungry`]).
    pub(crate) fn set_hungry(&mut self, yes: bool) {
        if let (Some((pool, _)), true) = (&self.pool, yes != self.hungry) {
            if yes {
                pool.hungry.fetch_add(1, Ordering::Relaxed);
            } else {
                pool.hungry.fetch_sub(1, Ordering::Relaxed);
            }
            self.hungry = yes;
        }
    }
}

impl Drop for Active {
    /// However the worker ends (a panic too), the pool no longer counts it.
    fn drop(&mut self) {
        self.set_hungry(false);
        if let (Some((pool, _)), true) = (&self.pool, self.counted) {
            pool.leave();
        }
    }
}

/// The symbols of a state's inputs by name, for the names that one input alone has (symbols
/// are named per state, so that a state made from its trail has the same names).
fn input_names(st: &State) -> Vec<(String, kappa_expr::SymId)> {
    let mut seen: HashMap<String, Option<kappa_expr::SymId>> = HashMap::new();
    for i in st.inputs.iter() {
        if let Some(s) = i.sym.as_var() {
            let name = Term::sym_info(s).name.to_string();
            seen.entry(name).and_modify(|e| *e = None).or_insert(Some(s));
        }
    }
    seen.into_iter().filter_map(|(n, s)| Some((n, s?))).collect()
}

/// What a state looks like in every engine ([`Look`]).
pub(crate) fn look(st: &State) -> Look {
    let (f, l) = st.loc();
    Look {
        func: f.0,
        loc: l.0,
        frames: st.frames.len(),
        depth: st.depth,
        constraints: st.pc.len(),
        forks: st.trail.forks(),
        inputs: st.inputs.iter().map(|i| i.sym.to_string()).collect(),
    }
}
