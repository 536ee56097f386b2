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
    /// Answers about handed states waiting for their donors ([`Handover::returns`]).
    pub returns: std::sync::atomic::AtomicUsize,
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
}

/// Handed states that may fail to replay before the workers stop handing states over (compact
/// mode: a template provider's history, its work budget and the cycles it retired, differs
/// between workers, so that a step replayed in another worker may go another way).
pub const HANDOVER_FAILURES: u32 = 4;

/// Steals whose cost and yield the pool keeps ([`Handover::recent`]), and how many it needs
/// before it judges whether handing states over pays.
const STEAL_SAMPLES: usize = 8;
const STEAL_JUDGED: usize = 4;
/// While handing states over does not pay, a state is still handed over after this many
/// refusals (a probe): the tree may widen further down, and a steal that yields much opens
/// the gate again.
const PROBE_EVERY: u64 = 64;

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
#[derive(Debug, Default)]
pub struct Handover {
    pub trails: std::collections::VecDeque<Handed>,
    /// (donor, state id, replayed): the donor keeps a handed state until it knows.
    pub returns: Vec<(u32, u64, bool)>,
    pub active: usize,
    /// The latest steals: (edges the receiver replayed to make the state, edges it then ran in
    /// the state's subtree before it ran out of states).
    pub recent: std::collections::VecDeque<(u64, u64)>,
    /// Hand-overs refused since the last one (see [`PROBE_EVERY`]).
    pub refused: u64,
}

impl Handover {
    /// Whether handing states over pays: the latest steals' subtrees ran at least as many edges
    /// as their replays (Cloud9 balances by the jobs' sizes, Bucur et al., EuroSys 2011,
    /// section 3.3; a trail's replay is the price of moving a job here). On a comb (a linear
    /// search) a stolen state is mostly a leaf, which ends at once after a replay of the whole
    /// prefix: the two workers of a linear search over 300 cells passed 178 states, each
    /// replayed from the root, where one worker does the same work without any replay.
    fn pays(&self) -> bool {
        if self.recent.len() < STEAL_JUDGED {
            return true;
        }
        let (replayed, ran) = self.recent.iter().fold((0u64, 0u64), |(r, w), (a, b)| (r + a, w + b));
        ran >= replayed
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
            returns: Default::default(),
            halted: Default::default(),
            failures: Default::default(),
            queue: std::sync::Mutex::new(Handover { active: 1, ..Handover::default() }),
            arrived: Default::default(),
            suite: Default::default(),
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
            if let Some(t) = q.trails.pop_front() {
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

    fn take_returns(q: &mut Handover, me: u32, count: &std::sync::atomic::AtomicUsize) -> Option<Vec<(u64, bool)>> {
        if !q.returns.iter().any(|r| r.0 == me) {
            return None;
        }
        let (mine, rest): (Vec<_>, Vec<_>) = q.returns.drain(..).partition(|r| r.0 == me);
        q.returns = rest;
        count.store(q.returns.len(), std::sync::atomic::Ordering::SeqCst);
        Some(mine.into_iter().map(|(_, id, ok)| (id, ok)).collect())
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

    /// Whether a busy worker should hand a state over: a worker waits with no trail on its
    /// way to it, few handed states failed to replay so far, and handing states over pays
    /// ([`Handover::pays`]; else one in [`PROBE_EVERY`] times).
    pub fn wants(&self) -> bool {
        use std::sync::atomic::Ordering;
        let waiting = self.waiting.load(Ordering::Relaxed);
        if waiting == 0 || self.failures.load(Ordering::Relaxed) >= HANDOVER_FAILURES {
            return false;
        }
        let mut q = self.lock();
        if q.trails.len() >= waiting {
            return false;
        }
        if !q.pays() {
            q.refused += 1;
            if q.refused < PROBE_EVERY {
                return false;
            }
        }
        q.refused = 0;
        true
    }

    /// A stolen state's subtree is done with (its receiver ran out of states): `replayed`
    /// edges made it, `ran` edges were run from it.
    pub fn stolen(&self, replayed: u64, ran: u64) {
        let mut q = self.lock();
        q.recent.push_back((replayed, ran));
        if q.recent.len() > STEAL_SAMPLES {
            q.recent.pop_front();
        }
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

    /// After the run: the trails no worker took (the run halted), and the handed states that
    /// did not replay and that no donor took back: their subtrees were not explored.
    pub fn left_over(&self) -> (usize, usize) {
        let q = self.lock();
        (q.trails.len(), q.returns.iter().filter(|r| !r.2).count())
    }
}
