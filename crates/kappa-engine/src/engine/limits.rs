//! Limits that come from outside the program: an interrupt (Ctrl-C, SIGTERM, through
//! [`kappa_solver::interrupt`]) and the memory cap.
//!
//! The memory cap is kept as KLEE keeps `--max-memory` (`Executor::checkMemoryUsage`): the
//! resident memory is measured the way the statistics measure it (`/proc/self/statm`), and when
//! it nears the cap, pending states chosen at random are dropped (each a stopped path, counted
//! in `states_dropped`) and the freed memory is handed back to the system, so that the run goes
//! on within the cap. Only when nothing is left to drop and the cap is passed does the run stop.
//!
//! Not all a long run's memory grows by is the states' (issue 23): terms, the solver's caches,
//! Z3's own memory. So the cap first empties what the solver rebuilds (its query caches, Z3's
//! solver and translations: [`kappa_solver::Solver::release_caches`]), then drops states while
//! the memory *in use* is over the mark — a dropped state's memory goes back to malloc scattered
//! among live blocks, and the resident size barely falls though the next states reuse it
//! (measured by the resident size, one check dropped 16 rounds and drained the frontier) — and
//! when dropping half the frontier freed (almost) nothing, it stops dropping until the frontier
//! has doubled: over the cap then, the run stops with the memory limit's reason.

use super::*;
use crate::searcher::Searcher;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;

/// The reason in `incomplete` (first) when a run was interrupted.
pub const INTERRUPTED: &str = "interrupted";

/// How a state dropped by the memory cap ends (a stopped path, not an unsupported operation).
pub(crate) const MEMORY_DROP: &str = "dropped over the memory cap";

/// States are dropped from this fraction of the cap on…
const DROP_AT: f64 = 0.9;
/// …until the resident memory is below this fraction.
const DROP_TO: f64 = 0.8;
/// Memory is measured after this many new states, or this long after the last measurement.
const CHECK_STATES: u64 = 64;
const CHECK_EVERY: Duration = Duration::from_millis(20);
/// Rounds of drops at one measurement, at most (one engine, or a worker whose fellows hold no
/// states: drop, trim, measure again); still over the cap after them, the run stops.
const ROUNDS: u32 = 16;
/// The solver's caches are emptied again only after this many queries (work units): refilled
/// since, they hold something to free.
const RELEASE_QUERIES: u64 = 2048;
/// Drops are futile when the rounds of a check dropped half the pending states and freed less
/// than this fraction of the cap.
const FUTILE_CAP: f64 = 0.02;
/// The reason in `incomplete` when the cap stopped dropping states that freed too little.
pub(crate) const FUTILE_DROPS: &str = "dropping states freed too little memory, the rest kept";
/// The memory in use is measured again after this many new states ([`Engine::level_mb`]).
const IN_USE_STATES: u64 = 2048;
/// How often the statistics of what the memory holds are sampled ([`Engine::note_held`]).
const NOTE_EVERY: Duration = Duration::from_millis(100);
/// The environment variable that makes every engine print what its memory holds, at most once
/// a second, on stderr (the measurements of issue 23).
const TRACE_VAR: &str = "KAPPA_MEMORY_TRACE";

/// How long the worker that opened a round of drops of `--jobs` waits for the others' shares
/// at most (one in a long step, or one that ran out of states and answers nothing).
const ROUND_WAIT: Duration = Duration::from_millis(200);

/// The memory cap's bookkeeping.
pub(crate) struct MemoryGuard {
    last_check: Instant,
    last_states: u64,
    /// Resident memory when the run started (MiB).
    base_mb: f64,
    /// What the process held outside malloc then ([`in_use_mb`]).
    other_mb: f64,
    rng: u64,
    /// The latest round of drops of the workers ([`SharedCap`]) this worker answered.
    answered: u64,
    /// The searcher's states this worker published last ([`SharedCap`]).
    published: u64,
    /// The solver's queries when its caches were last emptied.
    released_queries: u64,
    /// The latest measure of the memory in use: the states created then, the resident size
    /// then, and the memory in use (MiB).
    in_use: Option<(u64, f64, f64)>,
    /// The pending states after a futile round of drops (one engine; 0: none).
    futile_at: u64,
    /// When the memory was last traced ([`TRACE_VAR`]), if it is.
    traced: Option<Option<Instant>>,
    /// When [`Engine::note_held`] last walked the solver's caches.
    noted: Option<Instant>,
}

impl MemoryGuard {
    pub(crate) fn new(seed: u64) -> MemoryGuard {
        let base_mb = crate::rss_mb();
        let other_mb = outside_malloc_mb(base_mb);
        let traced = std::env::var_os(TRACE_VAR).map(|_| None);
        MemoryGuard {
            last_check: Instant::now(),
            last_states: 0,
            base_mb,
            other_mb,
            rng: seed | 1,
            answered: 0,
            published: 0,
            released_queries: 0,
            in_use: None,
            futile_at: 0,
            traced,
            noted: None,
        }
    }
}

/// The memory cap of a `--jobs` run, kept by its workers together: the cap is the process's,
/// and each worker evicts in proportion to its pending states (docs/design-parallel.md). One
/// worker at a time measures the resident memory (a try-lock: the others go on stepping); over
/// the cap it opens a *round*, the share of the pending states that must go, computed as one
/// engine computes it from the process's memory, and every worker drops that share of its own
/// frontier at its next check (its next step): the sum is what one engine holding all the
/// states would drop. The measuring worker waits for their answers (at most [`ROUND_WAIT`]:
/// a worker that ran out of states answers nothing), hands the memory back to the system once
/// for the round (`malloc_trim`) and measures again, as one engine does, up to [`ROUNDS`]
/// rounds. Before (each worker measuring the process and dropping as if it alone had to bring
/// it under the cap), two workers dropped about twice what was needed, a worker that started
/// late dropped all its states (its memory at its start, the base of its estimate, held the
/// other's states), and both trimmed up to 16 times per check, contending for glibc's arena
/// lock.
#[derive(Debug)]
pub struct SharedCap {
    /// A worker is measuring (the try-lock).
    measuring: AtomicBool,
    /// The latest round: its number and the share of its pending states each worker drops
    /// (an `f64`'s bits).
    round: AtomicU64,
    share: AtomicU64,
    rounds: Mutex<Rounds>,
    /// The process's resident memory when the run started (MiB): what the states do not hold.
    base_mb: f64,
    /// What the process held outside malloc then ([`in_use_mb`]).
    other_mb: f64,
    /// The pending states of all workers after a futile round of drops (0: none).
    futile_at: AtomicU64,
}

impl Default for SharedCap {
    /// Measures the resident memory before the workers start (a worker's own base, measured
    /// when it started, holds the states of the workers that started before it).
    fn default() -> Self {
        let base_mb = crate::rss_mb();
        let other_mb = outside_malloc_mb(base_mb);
        SharedCap {
            measuring: Default::default(),
            round: Default::default(),
            share: Default::default(),
            rounds: Default::default(),
            base_mb,
            other_mb,
            futile_at: Default::default(),
        }
    }
}

#[derive(Debug, Default)]
struct Rounds {
    /// Per worker: the latest round it answered, and the pending states it could drop (those of
    /// its searcher) at its latest check.
    workers: Vec<(u64, u64)>,
    /// When the latest round was opened.
    opened: Option<Instant>,
    /// A worker answering a round dropped states since the latest trim.
    untrimmed: bool,
}

impl SharedCap {
    fn lock(&self) -> std::sync::MutexGuard<'_, Rounds> {
        self.rounds.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Worker `me`'s searcher holds `pending` states, and it answered round `answered`.
    fn publish(&self, me: u32, answered: u64, pending: u64, dropped: bool) {
        let mut r = self.lock();
        let me = me as usize;
        if r.workers.len() <= me {
            r.workers.resize(me + 1, (0, 0));
        }
        r.workers[me] = (answered, pending);
        r.untrimmed |= dropped;
    }

    /// Whether a worker other than `me` holds states and has not answered the latest round,
    /// opened less than [`ROUND_WAIT`] ago.
    fn others_owe(&self, me: u32) -> bool {
        let r = self.lock();
        let round = self.round.load(Ordering::Acquire);
        r.opened.is_some_and(|t| t.elapsed() < ROUND_WAIT)
            && r.workers.iter().enumerate().any(|(i, &(a, p))| i != me as usize && a < round && p > 0)
    }

    /// Whether the latest round is still to be answered (`Some(share)`) by a worker that saw
    /// it now: a round older than [`ROUND_WAIT`] is over (a worker that just got its first
    /// states owes nothing of it).
    fn open_share(&self) -> Option<f64> {
        let r = self.lock();
        r.opened.is_some_and(|t| t.elapsed() < ROUND_WAIT).then(|| f64::from_bits(self.share.load(Ordering::Acquire)))
    }

    /// Opens a round: every worker drops `share` of its pending states. Its number.
    fn open(&self, share: f64) -> u64 {
        let mut r = self.lock();
        r.opened = Some(Instant::now());
        self.share.store(share.to_bits(), Ordering::Release);
        self.round.fetch_add(1, Ordering::AcqRel) + 1
    }

    /// Takes the mark that states were dropped since the latest trim.
    fn take_untrimmed(&self) -> bool {
        std::mem::take(&mut self.lock().untrimmed)
    }

    /// The states of all workers' searchers at their latest checks, `me`'s being `mine`.
    fn pending(&self, me: u32, mine: u64) -> u64 {
        let r = self.lock();
        mine + r.workers.iter().enumerate().filter(|&(i, _)| i != me as usize).map(|(_, w)| w.1).sum::<u64>()
    }
}

impl<'p> Engine<'p> {
    /// An interrupt, or the memory cap passed with no state left to drop: the reason the run
    /// stops. Drops states to keep the cap.
    pub(crate) fn outside_limit(&mut self, searcher: &mut dyn Searcher) -> Option<String> {
        if kappa_solver::interrupt::requested() {
            return Some(INTERRUPTED.into());
        }
        let pending = searcher.len() as u64 + 1;
        self.stats.states_pending_max = self.stats.states_pending_max.max(pending);
        // Most steps have nothing to do here: they do not touch the pool (its `Arc`'s count, one
        // cache line for every worker, would go back and forth between the cores each step).
        let g = &self.memory_guard;
        let due = self.stats.states_created >= g.last_states + CHECK_STATES || g.last_check.elapsed() >= CHECK_EVERY;
        let owed = match &self.cfg.share {
            Share::Worker { pool, .. } if self.cfg.limits.memory_mb.is_some() => {
                pool.memory.round.load(Ordering::Acquire) > g.answered || (searcher.is_empty() && g.published > 0)
            }
            _ => false,
        };
        if !due && !owed {
            return None;
        }
        let shared = match &self.cfg.share {
            Share::Worker { pool, index, .. } if self.cfg.limits.memory_mb.is_some() => Some((pool.clone(), *index)),
            _ => None,
        };
        if let Some((pool, me)) = &shared {
            // A round another worker opened: this worker's share of it.
            let round = pool.memory.round.load(Ordering::Acquire);
            if round > self.memory_guard.answered {
                self.memory_guard.answered = round;
                let before = self.stats.states_dropped;
                let mut released = false;
                if let Some(share) = pool.memory.open_share() {
                    let started = Instant::now();
                    // What the solver rebuilds goes first, in every round (a round of share 0
                    // asks only that).
                    released = self.release_caches();
                    if share > 0.0 {
                        self.drop_share(searcher, share);
                    }
                    self.stats.memory_drop_s += started.elapsed().as_secs_f64();
                }
                let dropped = self.stats.states_dropped > before || released;
                self.memory_guard.published = searcher.len() as u64;
                pool.memory.publish(*me, round, self.memory_guard.published, dropped);
                if kappa_solver::interrupt::requested() {
                    return Some(INTERRUPTED.into());
                }
            }
        }
        if let Some((pool, me)) = &shared {
            if searcher.is_empty() && self.memory_guard.published > 0 {
                // Its last state: a worker that runs out of states owes no round (the one
                // measuring would wait for it).
                self.memory_guard.published = 0;
                pool.memory.publish(*me, self.memory_guard.answered, 0, false);
            }
        }
        let g = &mut self.memory_guard;
        if self.stats.states_created < g.last_states + CHECK_STATES && g.last_check.elapsed() < CHECK_EVERY {
            return None;
        }
        g.last_check = Instant::now();
        g.last_states = self.stats.states_created;
        let Some((pool, me)) = shared else { return self.keep_cap(searcher, None) };
        let cap = &pool.memory;
        self.memory_guard.published = searcher.len() as u64;
        cap.publish(me, self.memory_guard.answered, self.memory_guard.published, false);
        if cap.measuring.compare_exchange(false, true, Ordering::AcqRel, Ordering::Relaxed).is_err() {
            // Another worker measures: this one goes on.
            return None;
        }
        let hit = self.keep_cap(searcher, Some((cap, me)));
        cap.measuring.store(false, Ordering::Release);
        hit
    }

    /// Measures the resident memory and keeps the cap: over [`DROP_AT`] of it, first empties the
    /// solver's caches (every worker's), then drops the share of the pending states that must
    /// go, and again, after handing the memory back, until the memory in use is below
    /// [`DROP_TO`] (with workers, each round is every worker's, [`SharedCap`]). The reason to
    /// stop when the cap is passed with nothing left to drop, or when dropping states freed
    /// (almost) nothing.
    ///
    /// Drops are measured by the memory in use ([`in_use_mb`]), not the resident size: the
    /// states' memory goes back to malloc scattered among live blocks (terms, other states), in
    /// pages malloc cannot hand back, so the resident size barely falls — but the next states
    /// reuse it. Measured by the resident size, every round looked futile and the rounds went
    /// on until the frontier was empty (issue 23: 86% of 32k states dropped, 230 → 218 MB).
    fn keep_cap(&mut self, searcher: &mut dyn Searcher, shared: Option<(&SharedCap, u32)>) -> Option<String> {
        if let Some((cap, me)) = shared {
            if cap.others_owe(me) {
                // The latest round is not answered yet: measured now, its states count again.
                return None;
            }
            if cap.take_untrimmed() {
                // The round's one trim, after every worker dropped its share.
                release_free_memory();
            }
        }
        let mut rss = crate::rss_mb();
        let pending = searcher.len() as u64 + 1;
        // The process's pending states: every worker's.
        let all_pending = shared.map_or(pending, |(cap, me)| cap.pending(me, pending));
        let (base, other) = match shared {
            Some((cap, _)) => (cap.base_mb, cap.other_mb),
            None => (self.memory_guard.base_mb, self.memory_guard.other_mb),
        };
        if all_pending >= 100 && pending >= self.stats.states_pending_max {
            self.stats.memory_per_state_kb = ((rss - base) * 1024.0 / all_pending as f64).max(0.0);
        }
        self.stats.peak_memory_mb = self.stats.peak_memory_mb.max(rss);
        self.note_held(rss, pending, all_pending, shared.map(|s| s.1));
        let cap_mb = self.cfg.limits.memory_mb? as f64;
        if rss <= DROP_AT * cap_mb {
            return None;
        }
        let mut level = self.level_mb(rss, other, cap_mb);
        if level <= DROP_AT * cap_mb {
            // Over the mark by memory malloc holds free for the next states.
            return None;
        }
        let started = Instant::now();
        let mut rounds = 0;
        let mut last = false;
        // First what the solver rebuilds: every worker's caches, then one trim and a measure.
        if !self.out_of_time() {
            let mine = self.release_caches();
            let released = match shared {
                Some((cap, me)) => {
                    let round = cap.open(0.0);
                    self.memory_guard.answered = round;
                    cap.publish(me, round, searcher.len() as u64, mine);
                    last = self.wait_round(cap, me);
                    cap.take_untrimmed()
                }
                None => mine,
            };
            if released {
                release_free_memory();
                rss = crate::rss_mb();
            }
        }
        // Measured now, not estimated: the estimate lags while new states reuse free memory
        // (the resident size flat), and a round's drops are judged against it.
        level = in_use_mb(rss, other);
        self.memory_guard.in_use = Some((self.stats.states_created, rss, level));
        // After a futile round of drops, none until the frontier has doubled.
        let futile_at = match shared {
            Some((cap, _)) => cap.futile_at.load(Ordering::Acquire),
            None => self.memory_guard.futile_at,
        };
        let mut futile = futile_at > 0 && all_pending <= 2 * futile_at;
        let start_level = level;
        if futile_at > 0 && !futile {
            self.set_futile(shared.map(|s| s.0), 0);
        }
        while !futile && !last && level > if rounds == 0 { DROP_AT } else { DROP_TO } * cap_mb && rounds < ROUNDS {
            if self.out_of_time() || (searcher.is_empty() && shared.is_none()) {
                break;
            }
            // The share of the memory the states hold that must go, at least a tenth.
            let held = (level - base).max(1.0);
            let share = ((level - DROP_TO * cap_mb) / held).clamp(0.1, 1.0);
            rounds += 1;
            let dropped = self.stats.states_dropped;
            if let Some((cap, me)) = shared {
                let round = cap.open(share);
                self.memory_guard.answered = round;
                self.drop_share(searcher, share);
                self.memory_guard.published = searcher.len() as u64;
                cap.publish(me, round, self.memory_guard.published, false);
                // The others drop their shares at their next checks (each step), while this
                // worker waits: then one trim, and the memory measured is what the round left.
                last = self.wait_round(cap, me);
            } else {
                self.drop_share(searcher, share);
            }
            let others_dropped = shared.is_some_and(|(cap, _)| cap.take_untrimmed());
            if self.stats.states_dropped == dropped && !others_dropped {
                break;
            }
            release_free_memory();
            rss = crate::rss_mb();
            level = in_use_mb(rss, other);
            self.memory_guard.in_use = Some((self.stats.states_created, rss, level));
            // Half the frontier dropped in this check, and (almost) nothing freed: the states
            // hold none of the memory, stop dropping them. (Not when a worker did not answer
            // the round: its share is not dropped yet.)
            let left = shared.map_or(searcher.len() as u64 + 1, |(cap, me)| cap.pending(me, searcher.len() as u64));
            let freed = start_level - level;
            if !last && 2 * left <= all_pending && freed < FUTILE_CAP * cap_mb {
                self.set_futile(shared.map(|s| s.0), left.max(1));
                futile = true;
                let reason = format!("memory cap of {cap_mb} MB: {FUTILE_DROPS}");
                if !self.stats.incomplete.contains(&reason) {
                    self.stats.incomplete.push(reason);
                }
            }
        }
        self.stats.memory_rounds += rounds as u64;
        self.stats.memory_drop_s += started.elapsed().as_secs_f64();
        if rss > cap_mb && !self.out_of_time() {
            let others = shared.map_or(0, |(cap, me)| cap.pending(me, 0));
            if rounds >= ROUNDS || futile || (searcher.is_empty() && others == 0) {
                return Some(format!("memory limit of {cap_mb} MB reached"));
            }
        }
        None
    }

    /// The memory in use ([`in_use_mb`]) near the mark: measured (`mallinfo2` walks malloc's
    /// free lists under its locks: 36 ms for a million free blocks) only every
    /// [`IN_USE_STATES`] new states or when the resident size grew by 2% of the cap since; in
    /// between, the last measure plus the resident size's growth.
    fn level_mb(&mut self, rss: f64, other: f64, cap_mb: f64) -> f64 {
        let g = &mut self.memory_guard;
        let created = self.stats.states_created;
        if g.in_use.is_none_or(|(states, at_rss, _)| created >= states + IN_USE_STATES || rss > at_rss + 0.02 * cap_mb)
        {
            g.in_use = Some((created, rss, in_use_mb(rss, other)));
        }
        let (_, at_rss, level) = g.in_use.unwrap_or((0, rss, rss));
        (level + (rss - at_rss).max(0.0)).min(rss)
    }

    /// Waits for the other workers' answers to the round this worker opened (they answer at
    /// their next step). Whether one did not answer in time (a long step): then no more rounds
    /// now, which would wait for it again; the next check goes on.
    fn wait_round(&self, cap: &SharedCap, me: u32) -> bool {
        let waited = Instant::now();
        while cap.others_owe(me) && !self.out_of_time() {
            std::thread::sleep(Duration::from_millis(1));
        }
        waited.elapsed() >= ROUND_WAIT
    }

    /// Records that a round of drops was futile, with the pending states left (0: forgets it).
    fn set_futile(&mut self, cap: Option<&SharedCap>, pending: u64) {
        match cap {
            Some(cap) => cap.futile_at.store(pending, Ordering::Release),
            None => self.memory_guard.futile_at = pending,
        }
    }

    /// Empties the solver's caches when they were used since they were last emptied
    /// ([`RELEASE_QUERIES`]): whether it did.
    fn release_caches(&mut self) -> bool {
        let queries = self.solver.stats().queries;
        if queries < self.memory_guard.released_queries + RELEASE_QUERIES {
            return false;
        }
        self.memory_guard.released_queries = queries;
        self.solver.release_caches();
        self.stats.memory_caches_released += 1;
        true
    }

    /// What the memory holds besides the states, in the statistics (the largest seen) and,
    /// with [`TRACE_VAR`] set, on stderr at most once a second.
    fn note_held(&mut self, rss: f64, pending: u64, all_pending: u64, worker: Option<u32>) {
        // A walk of the caches' entries (up to 8,192): at most every [`NOTE_EVERY`], not at
        // each check (every 64 states: on tokens6 more than once a millisecond).
        if self.memory_guard.noted.is_some_and(|t| t.elapsed() < NOTE_EVERY) {
            return;
        }
        self.memory_guard.noted = Some(Instant::now());
        let terms = Term::live();
        let caches = self.solver.cache_memory();
        let z3_mb = kappa_solver::z3_allocated_bytes() as f64 / (1024.0 * 1024.0);
        let st = &mut self.stats;
        st.memory_terms_max = st.memory_terms_max.max(terms);
        st.memory_solver_caches_kb = st.memory_solver_caches_kb.max(caches.query_bytes as f64 / 1024.0);
        st.memory_z3_mb = st.memory_z3_mb.max(z3_mb);
        let Some(last) = self.memory_guard.traced else { return };
        if last.is_some_and(|t| t.elapsed() < Duration::from_secs(1)) {
            return;
        }
        self.memory_guard.traced = Some(Some(Instant::now()));
        eprintln!(
            "kappa-memory: t={:.1} worker={} rss_mb={rss:.1} malloc_mb={:.1} pending={pending} all_pending={all_pending} \
             created={} dropped={} paths={} terms={terms} terms_mb={:.1} symbols={} query_entries={} \
             query_kb={:.0} translations={} infos={} z3_mb={z3_mb:.1} released={}",
            self.start.elapsed().as_secs_f64(),
            worker.unwrap_or(0),
            malloc_in_use_mb().unwrap_or(0.0),
            self.stats.states_created,
            self.stats.states_dropped,
            self.stats.paths_completed,
            (terms * Term::LIVE_BYTES) as f64 / (1024.0 * 1024.0),
            Term::symbols_made(),
            caches.query_entries,
            caches.query_bytes as f64 / 1024.0,
            caches.translations,
            caches.infos,
            self.stats.memory_caches_released,
        );
    }

    /// Drops `share` of the pending states (at least one), chosen at random, each a stopped
    /// path. An interrupt or the time limit stops the drop: the states not finished yet go back
    /// to the searcher (the run stops at its next state and counts them as stopped).
    fn drop_share(&mut self, searcher: &mut dyn Searcher, share: f64) {
        let pending = searcher.len();
        if pending == 0 {
            return;
        }
        let n = ((pending as f64 * share).ceil() as usize).clamp(1, pending);
        let mut evicted = searcher.evict(n, &mut self.memory_guard.rng).into_iter();
        for s in evicted.by_ref() {
            self.stats.states_dropped += 1;
            self.halted_test(&s, MEMORY_DROP);
            self.finish(s, Termination::Stopped(MEMORY_DROP.into()));
            if self.out_of_time() {
                break;
            }
        }
        for s in evicted {
            searcher.push(s);
        }
        if let Some(cap) = self.cfg.limits.memory_mb {
            self.note_drops(cap as f64);
        }
    }

    /// The reason in `incomplete` that says how many states the memory cap dropped.
    fn note_drops(&mut self, cap: f64) {
        let reason = format!("memory cap of {cap} MB: {} states dropped", self.stats.states_dropped);
        match self.stats.incomplete.iter_mut().find(|r| r.starts_with("memory cap of")) {
            Some(r) => *r = reason,
            None => self.stats.incomplete.push(reason),
        }
    }

    /// After the run, the limit that stopped it: an interrupt (also one that came during the
    /// last step) is the first reason of `incomplete`, the verdict's, and the queries it
    /// cancelled are not reasons of their own.
    pub(crate) fn note_limit(&mut self, hit: Option<String>) {
        // Queries the solver did not check because the deadline was too close are the time
        // limit's doing: the run reports its time limit, not the solver.
        // In its place among the reasons (an earlier one, an arguments bound, stays first).
        let refused = format!("solver unknown ({})", kappa_solver::DEADLINE);
        if let Some(at) = self.stats.incomplete.iter().position(|r| *r == refused) {
            // Those paths stopped: the run stays incomplete whatever limit is named.
            let time = hit.clone().filter(|h| h.starts_with("time limit")).or_else(|| self.time_limit_reason());
            let reason = time.unwrap_or_else(|| "time limit reached".into());
            if self.stats.incomplete.contains(&reason) {
                self.stats.incomplete.remove(at);
            } else {
                self.stats.incomplete[at] = reason;
            }
        }
        if kappa_solver::interrupt::requested() {
            let cancelled = format!("solver unknown ({})", kappa_solver::interrupt::REASON);
            self.stats.incomplete.retain(|r| *r != cancelled);
            self.stats.incomplete.insert(0, INTERRUPTED.into());
        }
        // A limit met before the interrupt (the depth limit) is named too.
        if let Some(reason) = hit.filter(|r| r != INTERRUPTED && !self.stats.incomplete.contains(r)) {
            self.stats.incomplete.push(reason);
        }
    }
}

/// The memory the process uses (MiB): what malloc handed out and did not get back
/// (`mallinfo2`: in its arenas and mmapped), plus `other`, what the process held outside malloc
/// at its start; at most the resident size `rss`. Where glibc does not say, `rss`. Free memory
/// malloc keeps in pages it cannot hand back (among live blocks) is resident but not in use:
/// the next allocations reuse it before the resident size grows.
fn in_use_mb(rss: f64, other: f64) -> f64 {
    malloc_in_use_mb().map_or(rss, |u| (u + other).min(rss))
}

/// Bytes malloc handed out and did not get back (MiB), where glibc says.
fn malloc_in_use_mb() -> Option<f64> {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        // SAFETY: mallinfo2 only reads the allocator's counters (under its arena locks).
        let m = unsafe { libc::mallinfo2() };
        Some((m.uordblks + m.hblkhd) as f64 / (1024.0 * 1024.0))
    }
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    None
}

/// What the process holds outside malloc (MiB): the resident size less what malloc handed out.
fn outside_malloc_mb(rss: f64) -> f64 {
    malloc_in_use_mb().map_or(0.0, |u| (rss - u).max(0.0))
}

/// Hands memory freed by dropped states back to the system: glibc keeps freed memory in its
/// arenas, where the resident size does not show it free.
fn release_free_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only releases free memory of the allocator.
    unsafe {
        libc::malloc_trim(0);
    }
}

impl Engine<'_> {
    /// The run's time limit passed or an interrupt came: work inside a step that can take long
    /// (a template's computation, a cycle's inner loops) gives up, and the run loop stops at
    /// the next state.
    pub fn out_of_time(&self) -> bool {
        kappa_solver::interrupt::requested() || self.cfg.limits.time.is_some_and(|t| self.start.elapsed() >= t)
    }
}
