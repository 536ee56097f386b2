//! Trails (docs/design-parallel.md): every state a run hands to its searcher is made again by
//! another engine from its trail alone, with the same path condition, inputs and location, and
//! without one solver query.

use kappa_engine::searcher::Searcher;
use kappa_engine::state::State;
use kappa_engine::trail::Entry;
use kappa_engine::{Config, Engine, Mode, SearchKind};
use kappa_expr::Term;
use kappa_ir::Program;
use std::cell::RefCell;
use std::rc::Rc;

fn lower(src: &str) -> Program {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("p.c");
    std::fs::write(&path, src).expect("write");
    kappa_cfront::lower_file(&path, &kappa_cfront::Options::default()).unwrap_or_else(|d| panic!("{d}"))
}

/// What a state is, for comparison: path condition, input symbols, location, edges run. Terms as
/// text: symbols are made afresh in each engine, with the same names; the operands of a
/// commutative operator are ordered by the pool's ids, so each constraint is compared as the
/// sorted list of its tokens.
#[derive(Debug, PartialEq)]
struct Seen {
    pc: Vec<String>,
    inputs: Vec<String>,
    loc: (kappa_ir::FuncId, kappa_ir::Loc),
    depth: u64,
}

fn tokens(t: &Term) -> String {
    let text = t.to_string().replace(['(', ')'], " ");
    let mut v: Vec<&str> = text.split_whitespace().collect();
    v.sort_unstable();
    v.join(" ")
}

fn seen(s: &State) -> Seen {
    Seen {
        pc: s.pc.constraints().iter().map(tokens).collect(),
        inputs: s.inputs.iter().map(|i| i.sym.to_string()).collect(),
        loc: s.loc(),
        depth: s.depth,
    }
}

/// Breadth-first, keeping the trail and the look of every state added.
struct Recording {
    queue: std::collections::VecDeque<State>,
    log: Log,
}

/// Each state's trail and look, in the order the searcher got them.
type Log = Rc<RefCell<Vec<(Vec<Entry>, Seen)>>>;

impl Searcher for Recording {
    fn name(&self) -> &'static str {
        "recording"
    }
    fn push(&mut self, s: State) {
        self.log.borrow_mut().push((s.trail.export(), seen(&s)));
        self.queue.push_back(s);
    }
    fn pop(&mut self) -> Option<State> {
        self.queue.pop_front()
    }
    fn len(&self) -> usize {
        self.queue.len()
    }
}

fn config() -> Config {
    // A small step budget, so that states go back to the searcher in the middle of straight code.
    Config { mode: Mode::Classic, search: SearchKind::Bfs, step_budget: 7, ..Config::default() }
}

/// Explores `src`, then replays every trail in a fresh engine; returns (states, paths).
fn replay_all(src: &str) -> (usize, u64) {
    let prog = lower(src);
    let log: Log = Rc::new(RefCell::new(Vec::new()));
    let cfg = config();
    let mut e = Engine::new(&prog, cfg.clone(), kappa_solver::default_chain(cfg.solver_timeout));
    e.set_searcher(Box::new(Recording { queue: Default::default(), log: log.clone() }));
    let report = e.run(&mut |_, _| {});
    assert!(report.complete(), "{:?}", report.stats.incomplete);
    let log = log.borrow();
    let mut r = Engine::new(&prog, cfg.clone(), kappa_solver::default_chain(cfg.solver_timeout));
    // The inputs' symbols by name: the states one engine replays share the symbols of their
    // common inputs (so that its solver caches carry over from one to the next).
    let mut syms: std::collections::HashMap<String, Term> = Default::default();
    let mut shared = 0;
    for (trail, want) in log.iter() {
        let st = r.replay(trail).unwrap_or_else(|e| panic!("{e}: {trail:?}"));
        assert_eq!(&seen(&st), want, "trail {trail:?}");
        // The replayed state's own trail is the one it was made from.
        assert_eq!(&st.trail.export(), trail);
        for i in st.inputs.iter() {
            let name = i.sym.to_string();
            if let Some(t) = syms.get(&name) {
                assert_eq!(t.id(), i.sym.id(), "{name}: two symbols in replays");
                shared += 1;
            }
            syms.insert(name, i.sym.clone());
        }
    }
    assert!(shared > 0 || log.iter().all(|(_, s)| s.inputs.is_empty()), "no input replayed twice");
    assert_eq!(r.solver_stats().queries, 0, "a replay asked the solver");
    (log.len(), report.stats.paths_completed)
}

#[test]
fn every_state_replays_from_its_trail_without_queries() {
    let (states, paths) = replay_all(
        r#"
extern int __VERIFIER_nondet_int(void);
int main(void) {
    int count = 0;
    for (int i = 0; i < 4; i++) {
        int x = __VERIFIER_nondet_int();
        if (x > 10) {
            count++;
            if (x > 5) count += 2;   /* one side only: an answer without a fork */
        }
    }
    return count;
}
"#,
    );
    assert_eq!(paths, 16);
    assert!(states > 16, "{states} states");
}

#[test]
fn trails_replay_through_memory_calls_and_switches() {
    let (states, paths) = replay_all(
        r#"
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
int pick(int *a, int k) {
    switch (k) {
    case 0: return a[0];
    case 1: return a[1] + 1;
    case 2: return a[2] + 2;
    default: return -1;
    }
}
int main(void) {
    int a[3];
    for (int i = 0; i < 3; i++) a[i] = __VERIFIER_nondet_int();
    int k = __VERIFIER_nondet_int();
    int v = pick(a, k);
    if (v == 7 && k == 2) abort();
    return v > 0;
}
"#,
    );
    assert!(paths >= 6, "{paths} paths");
    assert!(states > paths as usize, "{states} states");
}

#[test]
fn a_trail_that_does_not_fit_is_refused() {
    let prog = lower(
        r#"
extern int __VERIFIER_nondet_int(void);
int main(void) { return __VERIFIER_nondet_int() > 0; }
"#,
    );
    let cfg = config();
    let mut e = Engine::new(&prog, cfg.clone(), kappa_solver::default_chain(cfg.solver_timeout));
    // The initial state, then a step said to make three successors where the program makes two.
    let bad = vec![Entry::Skip(1), Entry::Step { answers: vec![], index: 2, of: 3 }];
    assert!(e.replay(&bad).is_err());
    assert!(e.replay(&[]).is_err());
}
