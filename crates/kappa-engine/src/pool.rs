//! The pool the workers of `--jobs` share (work stealing by trails, docs/design-parallel.md).

/// What the workers of one `--jobs` run share: the states handed from busy workers to idle
/// ones (work stealing by trails, docs/design-parallel.md), the stop at the first violation,
/// the numbering of tests and the count of states.
///
/// A worker is *active* while it holds states. One that runs out waits for a trail; a busy
/// worker that sees a worker waiting hands it one of its pending states (its searcher's
/// [`crate::Searcher::donate`]) as the state's trail, which the idle worker replays in its own
/// engine (its own terms and Z3 context). The run ends when no worker is active and no trail
/// waits: only active workers hand over trails, so nothing can arrive after that.
#[derive(Debug)]
pub struct WorkerPool {
    pub stop: std::sync::atomic::AtomicBool,
    pub tests: std::sync::atomic::AtomicU64,
    /// States created by all workers (`--max-states` is the run's).
    pub states: std::sync::atomic::AtomicU64,
    /// Workers waiting for a state: read by the busy ones after each step, without the lock.
    pub waiting: std::sync::atomic::AtomicUsize,
    /// Workers stepping their last state: an unchecked side (lazy feasibility) is handed to
    /// them ahead, so that it is there when they run out ([`WorkerPool::wants_ahead`]).
    pub hungry: std::sync::atomic::AtomicUsize,
    /// Answers about handed states waiting for their donors ([`Handover::returns`]).
    pub returns: std::sync::atomic::AtomicUsize,
    /// A worker took another's trail and left fewer than [`REFILL_BELOW`] queued: the other
    /// busy ones hand a batch over before it waits ([`WorkerPool::wants_refill`]). The worker's
    /// index plus one; 0 when none asks.
    pub low: std::sync::atomic::AtomicU32,
    /// A worker halted at a limit: the waiting ones end too.
    pub halted: std::sync::atomic::AtomicBool,
    /// Handed states that did not replay; past [`HANDOVER_FAILURES`], no more are handed.
    pub failures: std::sync::atomic::AtomicU32,
    pub queue: std::sync::Mutex<Handover>,
    pub arrived: std::sync::Condvar,
    /// The coverage items the run's test files cover, every worker's: the test policy
    /// (`--path-tests`, `--tests covering`) gives a path a file when it adds to these, as one
    /// engine would. With each worker's own, a state stolen into another part of the tree
    /// made its first paths "new" to the thief, and two workers wrote up to twice the files.
    pub suite: std::sync::Mutex<kappa_ir::analysis::coverage::ItemSet>,
    /// Cycles a worker's template provider gave up on for good (compact mode: their templates
    /// failed too often), in the order they were retired; every worker explores them
    /// classically from then on, as one engine would, instead of failing on them again (`echo`
    /// of the utilities: 261 cycles, each retired by both workers, 350 M instructions of
    /// template attempts twice). Cycle ids are the same in every worker (`prepare` numbers
    /// the cycles of the one program).
    retired: std::sync::Mutex<Vec<u32>>,
    retired_len: std::sync::atomic::AtomicUsize,
    /// Failed template computations per cycle, of every worker ([`WorkerPool::cycle_failed`]).
    cycle_failures: std::sync::Mutex<std::collections::HashMap<u32, u32>>,
    /// Compact mode's templates, computed once in the whole run (issue 23): by (cycle, the
    /// state's shape hashed by structure with symbols by name), what the provider exported.
    pub templates: SharedTemplates,
    /// The memory cap, the process's, kept by the workers together (engine/limits.rs).
    pub memory: crate::engine::SharedCap,
}

/// Things computed once for the whole run and used by every worker, by a key (compact mode:
/// loop templates by cycle and shape). The values are the provider's own exports (owned,
/// `Send`: terms as [`kappa_expr::export::Dag`]s), opaque to the pool.
#[derive(Default)]
pub struct SharedTemplates {
    map: std::sync::Mutex<SharedMap>,
    /// An entry was published or a claim given up.
    done: std::sync::Condvar,
}

type Entry = std::sync::Arc<dyn std::any::Any + Send + Sync>;

#[derive(Default)]
struct SharedMap {
    entries: std::collections::HashMap<(u32, u64), Entry>,
    /// Keys a worker is computing ([`SharedTemplates::claim`]).
    computing: std::collections::HashSet<(u32, u64)>,
}

/// What [`WorkerPool::claim_template`] found.
pub enum Claimed {
    /// Another worker's entry.
    Found(Entry),
    /// None yet: this worker computes it, and publishes it by [`Claim::put`] (or gives the
    /// claim up by dropping it; the others then compute it themselves).
    Mine(Claim),
    /// The wait for another worker's entry was given up (the run stops).
    GaveUp,
}

/// A worker's claim to compute the entry of a key (see [`Claimed::Mine`]).
pub struct Claim {
    pool: std::sync::Arc<WorkerPool>,
    key: (u32, u64),
}

impl Claim {
    /// Publishes the entry and ends the claim.
    pub fn put(self, value: Entry) {
        self.pool.templates.put(self.key, value);
    }

    pub fn key(&self) -> (u32, u64) {
        self.key
    }
}

impl Drop for Claim {
    fn drop(&mut self) {
        let t = &self.pool.templates;
        t.lock().computing.remove(&self.key);
        t.done.notify_all();
    }
}

impl std::fmt::Debug for SharedTemplates {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SharedTemplates({})", self.lock().entries.len())
    }
}

impl SharedTemplates {
    fn lock(&self) -> std::sync::MutexGuard<'_, SharedMap> {
        self.map.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The entry of `key`, if a worker published one.
    pub fn get(&self, key: (u32, u64)) -> Option<Entry> {
        self.lock().entries.get(&key).cloned()
    }

    /// Publishes (or replaces: a template whose exits were filtered since) the entry of `key`.
    pub fn put(&self, key: (u32, u64), value: Entry) {
        let mut m = self.lock();
        m.entries.insert(key, value);
        self.done.notify_all();
    }
}

/// Handed states that may fail to replay before the workers stop handing states over (compact
/// mode: a template provider's history, its work budget and the cycles it retired, differs
/// between workers, so that a step replayed in another worker may go another way).
pub const HANDOVER_FAILURES: u32 = 4;

/// Steals whose depth and yield the pool keeps ([`Handover::recent`]).
const STEAL_SAMPLES: usize = 16;
/// While the state a worker would hand over is refused ([`Handover::pays`]), one is still
/// handed over after this many refusals (a probe), so that a tree that widens further down is
/// split again; each steal whose subtree did not pay doubles the interval, up to
/// [`PROBE_MAX`], and a steal that pays resets it.
const PROBE_EVERY: u64 = 8;
const PROBE_MAX: u64 = 1 << 10;

/// A worker that takes another's trail and leaves fewer than this many queued asks for a
/// refill ([`WorkerPool::wants_refill`]). While a thief lives on small subtrees the queue then
/// holds 32 to 63 trails: tokens6's at depth 75-90 take 0.1-1 ms each, so the donor has some
/// milliseconds to answer, more than a scheduler tick (4 ms) or most of its Z3 checks.
pub const REFILL_BELOW: usize = 32;

/// Trails queued at most ahead of need for each worker stepping its last state
/// ([`WorkerPool::wants_ahead`]).
pub const AHEAD: usize = 4;

/// A pending state on its way from a busy worker to an idle one: its trail, what it looks like
/// (checked after the replay), and who keeps it until the replay is known to have worked.
#[derive(Debug)]
pub struct Handed {
    pub trail: Vec<crate::trail::Entry>,
    pub look: crate::trail::Look,
    pub owner: u32,
    pub id: u64,
    /// The donor stepped the state already (it was put back after its step budget) and
    /// counted it in `states_explored`: the receiver does not count it again.
    pub stepped: bool,
    /// The donor's latest models ([`kappa_solver::Solver::recent_models`]) over the state's
    /// inputs, by the inputs' names (the same in every engine): the receiver's counterexample
    /// cache tries them first.
    pub models: Vec<Vec<(String, kappa_expr::Value)>>,
}

/// What a waiting worker gets.
#[derive(Debug)]
pub enum Work {
    /// A state of another worker to replay.
    Trail(Handed),
    /// Answers about states this worker handed: (state id, replayed). Those not replayed are
    /// its own again, and it is active again if any is.
    Back(Vec<(u64, bool)>),
    /// The run is over for this worker.
    Over,
}

/// The trails on their way between workers, and the number of active workers.
#[derive(Debug)]
pub struct Handover {
    pub trails: std::collections::VecDeque<Handed>,
    /// (donor, state id, replayed): the donor keeps a handed state until it knows.
    pub returns: Vec<(u32, u64, bool)>,
    pub active: usize,
    /// The latest steals whose subtrees are done: (the stolen state's depth; the edges its
    /// replay ran, fewer than its depth when the receiver's previous replay shared a prefix
    /// with it; the work then done in its subtree, in edges).
    pub recent: std::collections::VecDeque<(u64, u64, u64)>,
    /// Hand-overs refused since the last one, and how many make a probe ([`PROBE_EVERY`]).
    pub refused: u64,
    pub probe_after: u64,
}

impl Default for Handover {
    fn default() -> Self {
        Handover {
            trails: Default::default(),
            returns: Vec::new(),
            active: 0,
            recent: Default::default(),
            refused: 0,
            probe_after: PROBE_EVERY,
        }
    }
}

impl Handover {
    /// Whether handing over a state `depth` edges deep pays: its subtree against the price of
    /// its replay (its depth). Cloud9 balances by the sizes of the jobs (Bucur et al., EuroSys
    /// 2011, section 3.3); kappa cannot see a subtree's size before it is run, so it judges by
    /// the steals whose subtrees are done, assuming that subtrees shrink with depth: a steal
    /// at most as deep that did not pay speaks against, one at least as deep that paid speaks
    /// for; with both, their sums of edges run and replayed decide; steals of other depths say
    /// nothing. On a comb (a linear search, whose pending states are leaves, each replayed
    /// from the root to end at once) the first leaf closes the gate to every deeper one; on a
    /// branchy tree, whose small subtrees are the deep ones, a shallower state is still handed
    /// over. (A gate over the latest steals of any depth closed on branchy trees once the
    /// first small subtrees came back: branchy12 1.68x -> 1.32x, docs/benchmarks.md.)
    fn pays(&self, depth: u64) -> bool {
        let (mut replayed, mut ran, mut against) = (0u64, 0u64, false);
        for &(d, cost, r) in &self.recent {
            let paid = r >= cost;
            if (paid && d >= depth) || (!paid && d <= depth) {
                replayed += cost;
                ran += r;
                against |= !paid;
            }
        }
        !against || ran >= replayed
    }

    /// [`Handover::pays`], or a probe after [`Handover::probe_after`] refusals in a row.
    fn accepts(&mut self, depth: u64) -> bool {
        if !self.pays(depth) {
            self.refused += 1;
            if self.refused < self.probe_after {
                return false;
            }
        }
        self.refused = 0;
        true
    }

    /// A stolen state's subtree is done: the state was `depth` edges deep, its replay ran
    /// `replayed` edges, and the work in its subtree was worth `ran` edges.
    fn note_steal(&mut self, depth: u64, replayed: u64, ran: u64) {
        self.recent.push_back((depth, replayed, ran));
        if self.recent.len() > STEAL_SAMPLES {
            self.recent.pop_front();
        }
        self.probe_after = if ran >= replayed { PROBE_EVERY } else { (self.probe_after * 2).min(PROBE_MAX) };
    }
}

impl Default for WorkerPool {
    /// A pool whose worker 0 is active (it starts from the initial states).
    fn default() -> Self {
        WorkerPool {
            stop: Default::default(),
            tests: Default::default(),
            states: Default::default(),
            waiting: Default::default(),
            hungry: Default::default(),
            returns: Default::default(),
            low: Default::default(),
            halted: Default::default(),
            failures: Default::default(),
            queue: std::sync::Mutex::new(Handover { active: 1, ..Handover::default() }),
            arrived: Default::default(),
            suite: Default::default(),
            retired: Default::default(),
            retired_len: Default::default(),
            cycle_failures: Default::default(),
            templates: Default::default(),
            memory: Default::default(),
        }
    }
}

impl WorkerPool {
    fn lock(&self) -> std::sync::MutexGuard<'_, Handover> {
        self.queue.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Worker `me` (active if `active`) is out of states: it waits for a trail or for states it
    /// handed that did not replay. [`Work::Over`] when the run is over (no worker active, no
    /// trail on its way, no state handed back) or `give_up` says so (the stop at a violation,
    /// a halt, an interrupt, the time limit). A worker given a trail is active again.
    pub fn wait(&self, me: u32, active: bool, give_up: &dyn Fn() -> bool) -> Work {
        use std::sync::atomic::Ordering;
        let mut q = self.lock();
        if active {
            q.active = q.active.saturating_sub(1);
            if q.active == 0 {
                self.arrived.notify_all();
            }
        }
        self.waiting.fetch_add(1, Ordering::SeqCst);
        let got = loop {
            if let Some(back) = Self::take_returns(&mut q, me, &self.returns) {
                if back.iter().any(|(_, ok)| !ok) {
                    q.active += 1;
                }
                break Work::Back(back);
            }
            // Its own trail first: nobody took it yet, and the worker still has the state.
            let own = q.trails.iter().position(|t| t.owner == me);
            if let Some(t) = own.and_then(|k| q.trails.remove(k)).or_else(|| q.trails.pop_front()) {
                if t.owner != me && q.trails.len() < REFILL_BELOW {
                    self.low.store(me + 1, Ordering::Relaxed);
                }
                q.active += 1;
                break Work::Trail(t);
            }
            let handed_back = q.returns.iter().any(|r| !r.2);
            if (q.active == 0 && !handed_back) || give_up() {
                break Work::Over;
            }
            q = self.arrived.wait_timeout(q, std::time::Duration::from_millis(20)).unwrap_or_else(|e| e.into_inner()).0;
        };
        self.waiting.fetch_sub(1, Ordering::SeqCst);
        got
    }

    /// A worker other than the first, before it builds its engine: waits until a trail is
    /// queued (`true`: it builds its engine, whose first wait takes a trail) or the run is over
    /// for it (`false`: it ends having built nothing). Counted in `waiting` meanwhile, so that
    /// busy workers hand it states as to a waiting engine. A run whose states all stay with
    /// worker 0 (compact mode's pinned states, a short run) then costs the second worker a
    /// sleeping thread, not an engine, its Z3 context and its template provider's preparation.
    pub fn await_first(&self, give_up: &dyn Fn() -> bool) -> bool {
        use std::sync::atomic::Ordering;
        let mut q = self.lock();
        self.waiting.fetch_add(1, Ordering::SeqCst);
        let got = loop {
            if !q.trails.is_empty() {
                break true;
            }
            let handed_back = q.returns.iter().any(|r| !r.2);
            if (q.active == 0 && !handed_back) || give_up() {
                break false;
            }
            q = self.arrived.wait_timeout(q, std::time::Duration::from_millis(20)).unwrap_or_else(|e| e.into_inner()).0;
        };
        self.waiting.fetch_sub(1, Ordering::SeqCst);
        got
    }

    fn take_returns(q: &mut Handover, me: u32, count: &std::sync::atomic::AtomicUsize) -> Option<Vec<(u64, bool)>> {
        if !q.returns.iter().any(|r| r.0 == me) {
            return None;
        }
        let (mine, rest): (Vec<_>, Vec<_>) = q.returns.drain(..).partition(|r| r.0 == me);
        q.returns = rest;
        count.store(q.returns.len(), std::sync::atomic::Ordering::SeqCst);
        Some(mine.into_iter().map(|(_, id, ok)| (id, ok)).collect())
    }

    /// Whether a trail is queued or an answer waits for worker `me`: its wait for work would
    /// end at once (the statistics count the waits that do not, `WorkerShare::waits`).
    pub fn has_work_for(&self, me: u32) -> bool {
        let q = self.lock();
        !q.trails.is_empty() || q.returns.iter().any(|r| r.0 == me)
    }

    /// A busy worker's answers about the states it handed, if any came.
    pub fn returns_for(&self, me: u32) -> Option<Vec<(u64, bool)>> {
        if self.returns.load(std::sync::atomic::Ordering::Relaxed) == 0 {
            return None;
        }
        Self::take_returns(&mut self.lock(), me, &self.returns)
    }

    /// Tells the donor of a handed state whether it replayed (else it is the donor's again).
    pub fn settle(&self, owner: u32, id: u64, replayed: bool) {
        use std::sync::atomic::Ordering;
        let mut q = self.lock();
        q.returns.push((owner, id, replayed));
        self.returns.store(q.returns.len(), Ordering::SeqCst);
        if !replayed {
            self.failures.fetch_add(1, Ordering::SeqCst);
        }
        self.arrived.notify_all();
    }

    /// Whether a busy worker should look for a state to hand over: a worker waits with no
    /// trail on its way to it, and few handed states failed to replay so far. Whether the
    /// state it finds goes is [`WorkerPool::accepts`]'s to say.
    pub fn wants(&self) -> bool {
        use std::sync::atomic::Ordering;
        let waiting = self.waiting.load(Ordering::Relaxed);
        if waiting == 0 || self.failures.load(Ordering::Relaxed) >= HANDOVER_FAILURES {
            return false;
        }
        self.lock().trails.len() < waiting
    }

    /// Whether worker `me`, busy, should hand a batch over although no worker waits: another
    /// that lives on stolen subtrees took a trail and left few queued ([`REFILL_BELOW`]); the
    /// request is taken (by the thief itself, it handed its own states to itself, and took
    /// them back: tokens6's first worker then kept two thirds of the tree). The donor then refills the queue before the thief runs it dry: with hand-overs
    /// only to a waiting worker, the thief of small subtrees waited for the donor's next step
    /// after each batch, and a step preempted by the scheduler (4 ms ticks) or a Z3 check was a
    /// wait that long (tokens6: worker 1 idle 0.12-0.24 s of 0.6-0.8 s, in 24-50 waits).
    pub fn wants_refill(&self, me: u32) -> bool {
        use std::sync::atomic::Ordering;
        let thief = self.low.load(Ordering::Relaxed);
        thief != 0
            && thief != me + 1
            && self.failures.load(Ordering::Relaxed) < HANDOVER_FAILURES
            && self.low.compare_exchange(thief, 0, Ordering::Relaxed, Ordering::Relaxed).is_ok()
    }

    /// Whether a busy worker should hand an unchecked side (lazy feasibility) over ahead: a
    /// worker is stepping its last state, and fewer trails are queued than workers wait, and
    /// than [`AHEAD`] for each worker about to. On a comb
    /// the receiver's work is one leaf's check at a time: when it asked only once out of
    /// states, it waited for the donor's next step after each leaf (a step of the donor's is
    /// itself often a leaf's check), and did a third of the leaves; with one trail ahead it
    /// still waited for the donor's own leaf checks (linsearch300: 38-46 waits, idle 1.5 s),
    /// with four 8-10 waits and 0.2-0.4 s (with eight 4-9 and 0.1 s).
    pub fn wants_ahead(&self) -> bool {
        use std::sync::atomic::Ordering;
        let hungry = self.hungry.load(Ordering::Relaxed);
        if hungry == 0 || self.failures.load(Ordering::Relaxed) >= HANDOVER_FAILURES {
            return false;
        }
        self.lock().trails.len() < AHEAD * hungry + self.waiting.load(Ordering::Relaxed)
    }

    /// Whether handing over a state `depth` edges deep pays ([`Handover::pays`]; else one in
    /// so many refusals is handed over as a probe).
    pub fn accepts(&self, depth: u64) -> bool {
        self.lock().accepts(depth)
    }

    /// A stolen state's subtree is done with (its receiver ran out of states): it was `depth`
    /// edges deep, `replayed` edges made it again, and the work from it was worth `ran` edges
    /// (edges run, and Z3 checks at `CHECK_EDGES` edges each, engine/trace.rs).
    pub fn stolen(&self, depth: u64, replayed: u64, ran: u64) {
        self.lock().note_steal(depth, replayed, ran);
    }

    /// Hands a state's trail to a waiting worker.
    pub fn hand(&self, h: Handed) {
        self.lock().trails.push_back(h);
        self.arrived.notify_one();
    }

    /// An active worker ends (a limit, the stop at a violation, an error): the others no
    /// longer wait for it.
    pub fn leave(&self) {
        let mut q = self.lock();
        q.active = q.active.saturating_sub(1);
        self.arrived.notify_all();
    }

    /// The shared entry of `key` ([`WorkerPool::templates`]); while another worker computes
    /// it, waits for it (its work would be done twice otherwise: a template is computed once
    /// in the run, issue 23), checking `give_up` every 20 ms; none yet, the caller computes it
    /// under the returned claim. A worker holds its claims only within one step, and waits
    /// for another's only when it holds none (its `give_up` says so at once otherwise), so no
    /// two wait for each other.
    pub fn claim_template(self: &std::sync::Arc<Self>, key: (u32, u64), give_up: &dyn Fn() -> bool) -> Claimed {
        let t = &self.templates;
        let mut m = t.lock();
        loop {
            if let Some(e) = m.entries.get(&key) {
                return Claimed::Found(e.clone());
            }
            if m.computing.insert(key) {
                return Claimed::Mine(Claim { pool: self.clone(), key });
            }
            if give_up() {
                return Claimed::GaveUp;
            }
            m = t.done.wait_timeout(m, std::time::Duration::from_millis(20)).unwrap_or_else(|e| e.into_inner()).0;
        }
    }

    /// A worker's template computation for cycle `id` failed: the failures of cycle `id` in
    /// the whole run so far, this one included.
    pub fn cycle_failed(&self, id: u32) -> u32 {
        let mut f = self.cycle_failures.lock().unwrap_or_else(|e| e.into_inner());
        let n = f.entry(id).or_default();
        *n += 1;
        *n
    }

    /// A worker's template provider retired cycle `id` ([`WorkerPool::retired_since`]).
    pub fn retire_cycle(&self, id: u32) {
        let mut r = self.retired.lock().unwrap_or_else(|e| e.into_inner());
        if !r.contains(&id) {
            r.push(id);
            self.retired_len.store(r.len(), std::sync::atomic::Ordering::Release);
        }
    }

    /// The cycles retired after the first `seen` ones (`None` when there are none: an atomic
    /// read, no lock).
    pub fn retired_since(&self, seen: usize) -> Option<Vec<u32>> {
        if self.retired_len.load(std::sync::atomic::Ordering::Acquire) <= seen {
            return None;
        }
        let r = self.retired.lock().unwrap_or_else(|e| e.into_inner());
        Some(r.get(seen..).unwrap_or_default().to_vec())
    }

    /// After the run: the trails no worker took (the run halted), and the handed states that
    /// did not replay and that no donor took back: their subtrees were not explored.
    pub fn left_over(&self) -> (usize, usize) {
        let q = self.lock();
        (q.trails.len(), q.returns.iter().filter(|r| !r.2).count())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Refusals until the pool hands a state `depth` deep over as a probe.
    fn refusals_before_probe(pool: &WorkerPool, depth: u64) -> u64 {
        (0..).take_while(|_| !pool.accepts(depth)).count() as u64
    }

    #[test]
    fn with_no_steal_done_every_state_goes() {
        let pool = WorkerPool::default();
        assert!(pool.accepts(0));
        assert!(pool.accepts(10_000));
    }

    /// A comb: the stolen leaf ran 3 edges after a replay of 400. Deeper leaves stay, a
    /// shallower state (nothing known of it) goes; probes come after 8, then 16 refusals.
    #[test]
    fn a_leaf_that_did_not_pay_keeps_deeper_states_but_probes_double() {
        let pool = WorkerPool::default();
        pool.stolen(400, 400, 3);
        assert!(pool.accepts(100));
        assert!(!pool.accepts(400));
        assert!(!pool.accepts(900));
        // The two refusals above count towards the probe.
        assert_eq!(refusals_before_probe(&pool, 900), PROBE_EVERY * 2 - 3);
        // The probe's subtree did not pay either: twice as many refusals before the next one.
        pool.stolen(900, 900, 5);
        assert_eq!(refusals_before_probe(&pool, 900), PROBE_EVERY * 4 - 1);
        // One that pays opens the gate for states at most as deep, and resets the probes.
        pool.stolen(1000, 1000, 50_000);
        assert!(pool.accepts(950));
        assert_eq!(refusals_before_probe(&pool, 2000), PROBE_EVERY - 1);
    }

    /// A branchy tree: the first small subtrees come back from deep states while a big one
    /// from near the root is still being run; shallower states are still handed over.
    #[test]
    fn small_deep_subtrees_do_not_close_the_gate_to_shallow_states() {
        let pool = WorkerPool::default();
        for _ in 0..8 {
            pool.stolen(90, 90, 12);
        }
        assert!(pool.accepts(30));
        assert!(pool.accepts(89));
        assert!(!pool.accepts(90));
        assert!(!pool.accepts(95));
    }

    /// A worker stepping its last state is given unchecked sides ahead of need, [`AHEAD`]
    /// trails queued per such worker; not after too many hand-overs failed to replay.
    #[test]
    fn a_worker_stepping_its_last_state_is_served_ahead() {
        use std::sync::atomic::Ordering;
        let pool = WorkerPool::default();
        assert!(!pool.wants_ahead());
        pool.hungry.fetch_add(1, Ordering::Relaxed);
        assert!(pool.wants_ahead());
        let look =
            crate::trail::Look { func: 0, loc: 0, frames: 1, depth: 3, constraints: 1, forks: 1, inputs: vec![] };
        for id in 0..AHEAD as u64 {
            pool.hand(Handed { trail: vec![], look: look.clone(), owner: 0, id, stepped: false, models: vec![] });
        }
        assert!(!pool.wants_ahead());
        pool.waiting.fetch_add(1, Ordering::Relaxed);
        assert!(pool.wants_ahead());
        pool.failures.store(HANDOVER_FAILURES, Ordering::Relaxed);
        assert!(!pool.wants_ahead());
    }

    /// A worker that takes another's trail and leaves fewer than [`REFILL_BELOW`] queued asks
    /// the donors for a refill, once; taking back its own trail, or leaving enough, does not.
    #[test]
    fn a_thief_that_runs_the_queue_low_asks_for_a_refill() {
        let pool = WorkerPool::default();
        let look =
            crate::trail::Look { func: 0, loc: 0, frames: 1, depth: 3, constraints: 1, forks: 1, inputs: vec![] };
        let hand = |owner, id| {
            pool.hand(Handed { trail: vec![], look: look.clone(), owner, id, stepped: false, models: vec![] })
        };
        for id in 0..=REFILL_BELOW as u64 {
            hand(0, id);
        }
        let take = |me| matches!(pool.wait(me, false, &|| false), Work::Trail(_));
        assert!(take(1));
        assert!(!pool.wants_refill(0), "{REFILL_BELOW} left");
        assert!(take(1));
        assert!(!pool.wants_refill(1), "not by the thief itself");
        assert!(pool.wants_refill(0));
        assert!(!pool.wants_refill(2), "the request is taken by one donor");
        hand(1, 100);
        assert!(take(1), "its own trail back");
        assert!(!pool.wants_refill(0));
        assert!(take(2));
        assert!(pool.wants_refill(1));
    }

    /// Evidence both ways (a deeper steal paid, a shallower one did not): the sums decide.
    #[test]
    fn steals_that_disagree_are_weighed_by_their_edges() {
        let pool = WorkerPool::default();
        pool.stolen(50, 50, 10);
        pool.stolen(200, 200, 300);
        // 250 replayed against 310 run.
        assert!(pool.accepts(100));
        pool.stolen(60, 60, 0);
        // 310 replayed against 310 run.
        assert!(pool.accepts(100));
        pool.stolen(40, 40, 0);
        assert!(!pool.accepts(100));
        // Deeper than every paying steal: only the ones that did not pay speak.
        assert!(!pool.accepts(300));
    }
}
