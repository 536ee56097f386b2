//! Trails: how a state was made from the initial state, so that another engine (another
//! thread, another process) can make it again without the solver (docs/design-parallel.md;
//! Cloud9's "job as a path in the tree", Bucur et al., EuroSys 2011, section 3.2).
//!
//! A state's trail has one entry per call of the engine's `step` on its ancestors (and one for
//! the initial states): the answers of the solver queries that step asked, in order, and which
//! of the step's successors the state is. Replaying a trail ([`crate::Engine::replay`]) steps
//! from the initial state, answers each query from the trail and keeps the named successor:
//! the interpretation of the prefix is done again, its solving is not. Recording the answers
//! (not only the choice at forks) is what makes a step with one feasible side replayable
//! without a query: the step would otherwise have to ask which side it is.
//!
//! Steps that asked nothing and made one successor (straight-line code, a state pushed back
//! after its step budget) are counted, not listed ([`Entry::Skip`]).

use std::rc::Rc;

/// A solver answer, as the trail keeps it. Ordered so that trails can be sorted (a batch of
/// handed states in tree order, whose replays then share their prefixes).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Answer {
    Sat,
    Unsat,
    Unknown(String),
    /// A probe of the solver's caches found nothing (lazy feasibility under `--jobs`: the
    /// branch's side is handed on unchecked, docs/design-parallel.md).
    Uncached,
    /// The branch was decided lazily: its answers are the caches' probes first. Whether a fork
    /// is lazy depends on whether another worker wants work at that moment
    /// ([`crate::engine::Engine`]'s `lazy_wanted`), so a replay learns it from the trail.
    Lazy,
}

impl Answer {
    pub fn of(r: &kappa_solver::SatResult) -> Answer {
        match r {
            kappa_solver::SatResult::Sat => Answer::Sat,
            kappa_solver::SatResult::Unsat => Answer::Unsat,
            kappa_solver::SatResult::Unknown(why) => Answer::Unknown(why.clone()),
        }
    }

    pub fn result(&self) -> kappa_solver::SatResult {
        match self {
            Answer::Sat => kappa_solver::SatResult::Sat,
            Answer::Unsat => kappa_solver::SatResult::Unsat,
            Answer::Unknown(why) => kappa_solver::SatResult::Unknown(why.clone()),
            Answer::Uncached => kappa_solver::SatResult::Unknown("not in the solver's caches".into()),
            Answer::Lazy => kappa_solver::SatResult::Unknown("a lazy fork's mark, not an answer".into()),
        }
    }
}

/// One entry of an exported trail (owned, `Send`: it crosses threads and processes).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Entry {
    /// `n` steps that asked nothing and made one successor.
    Skip(u32),
    /// A step: its queries' answers, and the successor taken (`index` of `of`).
    Step { answers: Vec<Answer>, index: u32, of: u32 },
}

/// A state's trail: a persistent list shared by the states of a subtree.
#[derive(Clone, Debug, Default)]
pub struct Trail(Option<Rc<Node>>);

#[derive(Debug)]
struct Node {
    parent: Trail,
    entry: Item,
    /// Steps on the trail that made more than one successor (the depth of the state in the
    /// tree of forks).
    forks: u32,
}

#[derive(Debug)]
enum Item {
    Skip(u32),
    Step { answers: Rc<[Answer]>, index: u32, of: u32 },
}

impl Trail {
    /// The trail of a successor: this one and a step that asked `answers` and made `of`
    /// successors, of which this is number `index`.
    pub fn extend(&self, answers: &Rc<[Answer]>, index: usize, of: usize) -> Trail {
        let forks = self.forks() + u32::from(of > 1);
        if answers.is_empty() && of == 1 {
            if let Some(n) = &self.0 {
                if let Item::Skip(k) = n.entry {
                    if k < u32::MAX {
                        return Trail(Some(Rc::new(Node {
                            parent: n.parent.clone(),
                            entry: Item::Skip(k + 1),
                            forks,
                        })));
                    }
                }
            }
            return Trail(Some(Rc::new(Node { parent: self.clone(), entry: Item::Skip(1), forks })));
        }
        let entry = Item::Step { answers: answers.clone(), index: index as u32, of: of as u32 };
        Trail(Some(Rc::new(Node { parent: self.clone(), entry, forks })))
    }

    /// The same as [`Trail::extend`] for a trail this state owns alone: a skipped step is
    /// counted in place.
    pub fn extended(mut self, answers: &Rc<[Answer]>, index: usize, of: usize) -> Trail {
        if answers.is_empty() && of == 1 {
            if let Some(n) = self.0.as_mut().and_then(Rc::get_mut) {
                if let Item::Skip(k) = &mut n.entry {
                    if *k < u32::MAX {
                        *k += 1;
                        return self;
                    }
                }
            }
        }
        self.extend(answers, index, of)
    }

    /// Steps of the trail that made more than one successor.
    pub fn forks(&self) -> u32 {
        self.0.as_ref().map_or(0, |n| n.forks)
    }

    /// The trail from the initial state on, owned.
    pub fn export(&self) -> Vec<Entry> {
        let mut out = Vec::new();
        let mut cur = self;
        while let Some(n) = &cur.0 {
            out.push(match &n.entry {
                Item::Skip(k) => Entry::Skip(*k),
                Item::Step { answers, index, of } => Entry::Step { answers: answers.to_vec(), index: *index, of: *of },
            });
            cur = &n.parent;
        }
        out.reverse();
        out
    }
}

/// A digest of an exported trail that every process computes alike (FNV-1a over its entries),
/// to name a subtree.
pub fn digest(t: &[Entry]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |x: u64| {
        for b in x.to_le_bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    };
    for e in t {
        match e {
            Entry::Skip(k) => {
                eat(1);
                eat(u64::from(*k));
            }
            Entry::Step { answers, index, of } => {
                eat(2);
                for a in answers {
                    eat(match a {
                        Answer::Sat => 3,
                        Answer::Unsat => 4,
                        Answer::Unknown(_) => 5,
                        Answer::Uncached => 6,
                        Answer::Lazy => 7,
                    });
                }
                eat(u64::from(*index));
                eat(u64::from(*of));
            }
        }
    }
    h
}

/// What a state looks like, in terms that mean the same in every engine (no term of a
/// thread's pool): its location, depth, the lengths of its path condition and trail, and the
/// names of its inputs. A state handed to another worker must look the same once replayed: a
/// step that went another way there (compact mode's templates depend on what the worker's
/// provider did before) would otherwise go unnoticed when it asked as many queries and made as
/// many successors.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Look {
    pub func: u32,
    pub loc: u32,
    pub frames: usize,
    pub depth: u64,
    pub constraints: usize,
    pub forks: u32,
    pub inputs: Vec<String>,
}
