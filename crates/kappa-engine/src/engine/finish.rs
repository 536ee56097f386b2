//! Terminated paths: statistics, errors, and the test of each path.

use super::*;
use crate::config::LeakCheck;
use kappa_ir::testcase::{HeapField, HeapObject, HeapPointer};

/// What the leak check found on a terminating path.
pub(crate) enum Leak {
    None,
    /// `cond`: the first leaking block leaks (its allocation site and a message); `all`: some
    /// block leaks.
    Found {
        cond: Term,
        all: Term,
        site: Span,
        kind: ErrorKind,
        message: String,
    },
    Unknown(String),
}

/// Objects whose pointers the leak check reads one by one (larger ones holding pointers make
/// the check give up).
const LEAK_SCAN_BYTES: u64 = 1 << 16;
/// The bounds tried, in order, for the iterations of a loop summary in a test's model
/// ([`Engine::test_model`]).
const SMALL_KAPPA: [u64; 2] = [1 << 8, 1 << 16];
/// How many times the work per query a path's model is asked again with when the first one is
/// not a model of the path condition ([`Engine::checked_test_model`]): the short exploration's
/// 2 M units left big_array_search's arrays at their defaults, 10 M found them.
const MODEL_RETRY_FACTOR: u64 = 5;

impl<'p> Engine<'p> {
    // ---- termination and tests ----

    /// Ends a path: its statistics, error and test. Not for a silent run (the path is another
    /// run's); the queries of the leak check are not on the trails (a replay does not end
    /// paths).
    pub(crate) fn finish(&mut self, st: State, how: Termination) {
        if self.silent {
            return;
        }
        let rec = self.rec.take();
        self.finish_path(st, how);
        self.rec = rec;
    }

    fn finish_path(&mut self, mut st: State, how: Termination) {
        if st.frames.is_empty() && st.node == 0 {
            return; // a placeholder state
        }
        let how = self.returning_reach_error(how);
        if self.cfg.leak_check != LeakCheck::Off && self.ends_program(&how) {
            match self.leak_check(&st) {
                Leak::None => {}
                Leak::Unknown(why) => {
                    let r = format!("leak check: {why}");
                    if !self.stats.incomplete.contains(&r) {
                        self.stats.incomplete.push(r);
                    }
                }
                Leak::Found { cond, all, site, kind, message } => {
                    // The paths that leak end in the error; the others terminate normally.
                    let mut bad = st.clone();
                    bad.pc.push(cond);
                    self.finish(bad, Termination::Error { kind, message, span: site });
                    match self.query(&st, &all.not()) {
                        SatResult::Sat => st.pc.push(all.not()),
                        SatResult::Unsat => return,
                        SatResult::Unknown(r) => {
                            self.stats.failed_leaves += 1;
                            self.failed_leaf_reason(r);
                            return;
                        }
                    }
                }
            }
        }
        let kind = match &how {
            Termination::Exit(_) => NodeKind::Exit,
            Termination::Abort => NodeKind::Abort,
            Termination::Error { kind, .. } => NodeKind::Error(kind.name().to_string()),
            Termination::Stopped(r) => NodeKind::Stopped(r.clone()),
        };
        self.mark(st.node, kind);
        for o in &mut self.observers {
            o.leaf(st.node, &st, &how);
        }
        if let Termination::Stopped(reason) = &how {
            self.stats.paths_stopped += 1;
            let r = if reason == "depth limit" || reason == super::limits::MEMORY_DROP {
                None
            } else if reason.starts_with(super::memops::HEAP_BOUND) {
                Some(reason.clone())
            } else {
                Some(format!("unsupported: {reason}"))
            };
            if let Some(r) = r {
                if !self.stats.incomplete.contains(&r) {
                    self.stats.incomplete.push(r);
                }
            }
            return;
        }
        self.stats.paths_completed += 1;
        // A model costs a solver query: only for the κ of loop summaries (what the path covered)
        // or for a test that is wanted.
        // Whether the run's limit (its deadline, an interrupt) refused the model query.
        let mut refused = false;
        let mut model = if st.coverage.summaries.is_empty() { None } else { self.path_model_or(&st, &mut refused) };
        let items = self.cov.path_items(&st, model.as_ref());
        self.cov.on_path_end(&items);
        let error_key = match &how {
            Termination::Error { kind, span, .. } => Some((kind.name().to_string(), self.prog.fmt_span(*span))),
            _ => None,
        };
        let new_error = error_key.as_ref().is_some_and(|k| !self.error_index.contains_key(k));
        let new_coverage = self.adds_to_suite(&items);
        let write = self.test_wanted(new_error, new_coverage);
        // The first path of each error keeps its test in memory (verify replays it), written
        // or not.
        let wanted = write || new_error || self.cfg.test_dir.is_none();
        if wanted && model.is_none() && st.coverage.summaries.is_empty() {
            model = self.path_model_or(&st, &mut refused);
        }
        if wanted {
            model = model.map(|m| self.test_model(&st, m));
            model = model.and_then(|m| self.checked_test_model(&st, m, self.cfg.solver_rlimit, &mut refused));
        }
        let test = if wanted { model.as_ref().and_then(|m| self.make_test(&st, &how, m)) } else { None };
        if test.is_none() && wanted {
            self.count_missing_test(write, refused && model.is_none());
        }
        let file = if write { test.as_ref().and_then(|t| self.write_test(t)) } else { None };
        if let (true, Some(_), None, Some(m)) = (write, &test, &file, self.cfg.tests.max) {
            // Another worker took the last number of `--max-tests` since `test_wanted` looked.
            if self.tests_so_far() >= m {
                self.stats.tests_not_written += 1;
                self.stats.tests_limit = Some(format!("--max-tests {m} reached"));
            }
        }
        if file.is_some() {
            self.keep_in_suite(&items);
        }
        if let (Termination::Error { kind, message, .. }, Some((_, location))) = (&how, error_key) {
            self.stats.paths_error += 1;
            let key = (kind.name().to_string(), location.clone());
            match self.error_index.get(&key) {
                Some(&i) => self.stats.errors[i].paths += 1,
                None => {
                    self.error_index.insert(key, self.stats.errors.len());
                    self.stats.errors.push(ErrorEntry {
                        kind: kind.name().into(),
                        location,
                        test: file,
                        message: message.clone(),
                        paths: 1,
                        testcase: test.clone(),
                    });
                }
            }
            let violation = if self.cfg.violation_kinds.is_empty() {
                kind.aborts_program()
            } else {
                self.cfg.violation_kinds.contains(kind)
            };
            if self.cfg.stop_at_first_violation && violation {
                self.stop = true;
                self.stop_pool();
            }
        }
    }

    /// Whether the path ends the program as SV-COMP's memory properties see it: `main`
    /// returned, `exit()` or `abort()` was called, or `reach_error()` or a failed `assert` ended
    /// the run (both abort the real program) where they are not the property's violation. The
    /// leak checks run at each of these (docs/spec-extensions.md, "Memory at the end").
    fn ends_program(&self, how: &Termination) -> bool {
        match how {
            Termination::Exit(_) | Termination::Abort => true,
            Termination::Error { kind, .. } => kind.aborts_program() && !self.cfg.violation_kinds.contains(kind),
            Termination::Stopped(_) => false,
        }
    }

    /// Under a property other than unreach-call, `reach_error()` is an ordinary function: where
    /// the program's own definition can return, the real program goes on after the call, which
    /// the front-end's error location does not model. Such a path stops (the run is then
    /// incomplete): counting it as the end of the program would report memory the program frees
    /// later, and ending it silently would miss what happens after it.
    fn returning_reach_error(&self, how: Termination) -> Termination {
        let Termination::Error { kind: ErrorKind::ReachError, message, .. } = &how else { return how };
        if self.cfg.violation_kinds.is_empty() || self.cfg.violation_kinds.contains(&ErrorKind::ReachError) {
            return how;
        }
        let name = if message.starts_with("__VERIFIER_error") { "__VERIFIER_error" } else { "reach_error" };
        if self.prog.returning_error_functions.iter().any(|f| f == name) {
            return Termination::Stopped(format!("{name}() returns to its caller (not modelled under this property)"));
        }
        how
    }

    /// A model of a terminated path's path condition (none if the solver finds none in time).
    pub(crate) fn path_model(&mut self, st: &State) -> Option<kappa_solver::Model> {
        self.path_model_or(st, &mut false)
    }

    /// [`Self::path_model`]; `refused` is set when the query got no answer because of the run's
    /// deadline or an interrupt ([`kappa_solver::stopped_by_run`]), not the solver's failure.
    fn path_model_or(&mut self, st: &State, refused: &mut bool) -> Option<kappa_solver::Model> {
        self.clamp_query_timeout();
        if let (Some(b), Some(argc)) = (self.env.nondet, &self.env.argc) {
            // Under the nondeterministic command line, a test with the arguments materialised
            // if the path allows (any argc would do, up to 2^31 - 1 empty arguments).
            let few = argc.bvule(&Term::bv(u64::from(b.args) + 1, 32));
            if let Ok(m) = self.solver.model(&Query { pc: st.pc.constraints(), cond: few }) {
                return Some(m);
            }
        }
        match self.solver.model(&Query { pc: st.pc.constraints(), cond: Term::tt() }) {
            Ok(m) => Some(m),
            Err(SatResult::Unknown(why)) if kappa_solver::stopped_by_run(&why) => {
                *refused = true;
                None
            }
            Err(_) => None,
        }
    }

    /// A completed path that wanted a test got none. When the run's limit refused its model
    /// query (the deadline or an interrupt came as the path ended), the path's file is one the
    /// limit left out, counted with the files the test policy leaves out: `tests_missing`
    /// counts the paths the solver found no model for, and every completed path is in one of
    /// `tests` (less `tests_on_halt`), `tests_not_written` and `tests_missing`. A path whose
    /// test was wanted only in memory (a new error the policy gives no file) was counted in
    /// `tests_not_written` already.
    fn count_missing_test(&mut self, write: bool, refused: bool) {
        if refused {
            if write {
                self.stats.tests_not_written += 1;
                self.stats.tests_limit.get_or_insert_with(|| "the run's limit came as their paths ended".into());
            }
        } else if write || self.cfg.test_dir.is_none() {
            self.stats.tests_missing += 1;
        }
    }

    /// The model a test is written from: `model`, or, where it runs a loop summary more than
    /// [`SMALL_KAPPA`]`[0]` times, a model of the same path with each such κ at most 2^8, else
    /// at most 2^16, and every other κ as in `model` (the same items covered: κ ≥ 1 stays ≥ 1).
    /// A template lets the solver pick any number of iterations, and it picks numbers like
    /// 2^30: a test that then runs the loop a billion times is aborted by Test-Comp's validator
    /// and replays for minutes. At most two queries, and only for the tests written.
    pub(crate) fn test_model(&mut self, st: &State, model: kappa_solver::Model) -> kappa_solver::Model {
        let kappas: Vec<(Term, u64)> = st
            .coverage
            .summaries
            .iter()
            .filter(|s| !s.kappa.is_const())
            .filter_map(|s| Some((s.kappa.clone(), model.eval_completed(&s.kappa)?.as_bv()?)))
            .collect();
        for bound in SMALL_KAPPA {
            if kappas.iter().all(|(_, v)| *v <= bound) {
                return model;
            }
            let cond = Term::and_all(kappas.iter().map(|(k, v)| {
                let w = k.width();
                if *v <= bound {
                    k.eq(&Term::bv(*v, w))
                } else {
                    k.bvuge(&Term::bv(1, w)).and(&k.bvule(&Term::bv(bound, w)))
                }
            }));
            self.clamp_query_timeout();
            if let Ok(m) = self.solver.model(&Query { pc: st.pc.constraints(), cond }) {
                return m;
            }
        }
        model
    }

    /// `model` if kappa's own evaluator does not find it false on the path condition
    /// ([`kappa_solver::check_model`], as KLEE's `ValidatingSolver` checks a counterexample);
    /// otherwise the path's model asked again, once, with five times the work per query
    /// (`rlimit`, the limit the queries ran under; at most [`kappa_solver::QUERY_WORK`]), and
    /// checked again; `None` when that fails too. Why: a `sat` answer's model can leave part of
    /// the path condition out: in a quantified one (a template's ∀ condition) the solver layer
    /// finds the scalars first and the arrays from the expanded query, and when that query ran
    /// out of its work the arrays were left at their defaults (issue kind10: big_array_search's
    /// input array of 102,400 chars all zeros, within the short exploration's 2 M units per
    /// query; its test did not replay and `verify` explored the whole program again). A test
    /// must be a model of its path. Work, not time: the same models are rejected on a busy
    /// machine.
    pub(crate) fn checked_test_model(
        &mut self,
        st: &State,
        model: kappa_solver::Model,
        rlimit: Option<u64>,
        refused: &mut bool,
    ) -> Option<kappa_solver::Model> {
        if self.model_holds(st, &model) {
            return Some(model);
        }
        self.stats.models_rejected += 1;
        let have = rlimit.unwrap_or(kappa_solver::QUERY_WORK);
        let more = have.saturating_mul(MODEL_RETRY_FACTOR).min(kappa_solver::QUERY_WORK);
        if more <= have {
            return None;
        }
        self.solver.set_rlimit(Some(more));
        let again = self.path_model_or(st, refused).map(|m| self.test_model(st, m));
        self.solver.set_rlimit(rlimit);
        let again = again?;
        if self.model_holds(st, &again) {
            return Some(again);
        }
        self.stats.models_rejected += 1;
        None
    }

    /// Whether `model` may be a model of the path condition: not found false by the evaluator
    /// (undecided counts as may: the evaluator does not decide every term, and the replay of a
    /// test checks it again). `KAPPA_MODEL_DEBUG` prints what was not decided or was false.
    fn model_holds(&self, st: &State, model: &kappa_solver::Model) -> bool {
        let r = kappa_solver::check_model(model, st.pc.constraints(), kappa_solver::MODEL_CHECK_WORK);
        if std::env::var_os("KAPPA_MODEL_DEBUG").is_some() {
            eprintln!("model: check of a test's model ({} constraints): {r:?}", st.pc.constraints().len());
        }
        !matches!(r, kappa_solver::ModelCheck::Fails)
    }

    /// The test of a terminated path: the model of its path condition, read at its inputs.
    pub(crate) fn make_test(&self, st: &State, how: &Termination, model: &kappa_solver::Model) -> Option<TestCase> {
        let val = |t: &Term| -> u64 { model.eval_completed(t).and_then(|v| v.as_bv()).unwrap_or(0) };
        let mut inputs = Vec::new();
        let pw = self.pw();
        let prog = self.prog;
        let single = |kind: InputKind, origin: &NondetOrigin, ty: Ty, span: Span, v: u64| {
            let name = match origin {
                NondetOrigin::Call { name } => name.clone(),
                NondetOrigin::Uninit { var } => var.clone(),
            };
            Input {
                kind,
                name,
                site: prog.fmt_span(span),
                offset: span.offset,
                ty: ty_name(ty),
                value: v,
                signed: match ty {
                    Ty::Int(w) => kappa_expr::signed(v, w),
                    _ => v as i64,
                },
                bytes: Vec::new(),
            }
        };
        for r in st.inputs.iter() {
            if let Some(it) = &r.iterated {
                // κ iterations of a loop's inputs, then the partial iteration of the exit path.
                let kv = model.eval_completed(&it.kappa);
                let k =
                    kv.as_ref().and_then(|v| v.as_bv().or_else(|| v.as_int().map(|i| i.max(0) as u64))).unwrap_or(0);
                if k > 50_000_000 && !(it.core.is_empty() && it.prefix.is_empty()) {
                    return None;
                }
                let index = |t: u64| match it.kappa.sort() {
                    Sort::Bv(w) => Term::bv(t, w),
                    _ => Term::int(t as i64),
                };
                // Each site's array evaluated once: evaluating `select(A, t)` for every t copied
                // the whole array value each time (quadratic in κ: minutes for 10^5 iterations).
                let int_index = !matches!(it.kappa.sort(), Sort::Bv(_));
                let arrays = |sites: &Vec<crate::state::IteratedSite>| -> Vec<Option<Value>> {
                    sites.iter().map(|site| model.eval_completed(&site.array)).collect()
                };
                let (core_arrays, prefix_arrays) = (arrays(&it.core), arrays(&it.prefix));
                let emit = |sites: &Vec<crate::state::IteratedSite>,
                            values: &[Option<Value>],
                            t: u64,
                            inputs: &mut Vec<Input>| {
                    for (site, a) in sites.iter().zip(values) {
                        let v = a
                            .as_ref()
                            .and_then(|a| element(a, t, int_index))
                            .unwrap_or_else(|| val(&site.array.select(&index(t))));
                        inputs.push(single(site.kind, &site.origin, site.ty, site.span, v));
                    }
                };
                if !it.core.is_empty() {
                    for t in 0..k {
                        emit(&it.core, &core_arrays, t, &mut inputs);
                    }
                }
                emit(&it.prefix, &prefix_arrays, k, &mut inputs);
                continue;
            }
            let mut input = single(r.kind, &r.origin, r.ty, r.span, 0);
            if r.kind == InputKind::Memory {
                input.ty = "bytes".into();
                // Elements of `stride` bytes, little-endian.
                let stride = match r.sym.sort() {
                    Sort::Array(_, kappa_expr::Elem::Bv(w)) => u64::from((w / 8).max(1)),
                    _ => 1,
                };
                let n = if r.size > 0 { r.size } else { unsized_block_len(st, model, &r.sym, stride) }.min(1 << 16);
                let mut elem = (u64::MAX, 0u64);
                input.bytes = (0..n)
                    .map(|i| {
                        if elem.0 != i / stride {
                            elem = (i / stride, val(&r.sym.select(&Term::bv(i / stride, pw))));
                        }
                        (elem.1 >> (8 * (i % stride))) as u8
                    })
                    .collect();
            } else {
                let v = val(&r.sym);
                input.value = v;
                input.signed = match r.ty {
                    Ty::Int(w) => kappa_expr::signed(v, w),
                    _ => v as i64,
                };
            }
            inputs.push(input);
        }
        let (mut args, inputs): (Vec<Input>, Vec<Input>) = inputs.into_iter().partition(|i| i.kind == InputKind::Param);
        let (heap, ids) = self.input_heap_of(st, model);
        for a in args.iter_mut().filter(|a| a.ty == "ptr") {
            a.value = u64::from(ids.get(&a.value).copied().unwrap_or(0));
            a.signed = a.value as i64;
        }
        let outcome = match how {
            Termination::Exit(code) => TestOutcome::Exit { code: val(code) as u32 as i32 },
            Termination::Abort => TestOutcome::Abort,
            Termination::Error { kind, message, span } => TestOutcome::Error {
                error: kind.name().into(),
                location: self.prog.fmt_span(*span),
                message: message.clone(),
            },
            Termination::Stopped(_) => return None,
        };
        Some(TestCase {
            kappa_test: 1,
            program: self.cfg.program_name.clone(),
            files: self.prog.units.iter().map(|u| u.file.clone()).collect(),
            entry: self.cfg.entry.clone(),
            data_model: self.prog.data_model.name().into(),
            args,
            inputs,
            heap,
            outcome,
            program_inputs: self.test_program_inputs(&val),
        })
    }

    /// The input heap a model describes: references grouped by the identity the model gives
    /// them (equal identities alias), each group an object numbered in the order the path met
    /// it (parameters first). A group's contents are the initial fields of its first
    /// materialised member (the ones later members' ite-terms refer back to); groups never
    /// dereferenced are zero-filled with null pointers. Also returns identity → object id.
    fn input_heap_of(&self, st: &State, model: &kappa_solver::Model) -> (Vec<HeapObject>, HashMap<u64, u32>) {
        let heap = &st.heap;
        let mut ids: HashMap<u64, u32> = HashMap::new();
        let mut objects: Vec<HeapObject> = Vec::new();
        if heap.is_empty() {
            return (objects, ids);
        }
        let val = |t: &Term| model.eval_completed(t).and_then(|v| v.as_bv()).unwrap_or(0);
        let identity: Vec<u64> = heap.refs.iter().map(|r| val(&r.sym)).collect();
        for (r, &v) in heap.refs.iter().zip(&identity) {
            if v == 0 || ids.contains_key(&v) {
                continue;
            }
            let class = &self.input_types.classes[r.class];
            ids.insert(v, objects.len() as u32 + 1);
            objects.push(HeapObject {
                id: objects.len() as u32 + 1,
                ty: class.name.clone(),
                size: class.size,
                bytes: vec![0; class.size as usize],
                pointers: Vec::new(),
                fields: Vec::new(),
            });
        }
        let mut filled = std::collections::HashSet::new();
        for o in &heap.objects {
            let v = identity[o.reference];
            let Some(&id) = ids.get(&v) else { continue };
            if !filled.insert(id) {
                continue;
            }
            let class = &self.input_types.classes[o.class];
            let obj = &mut objects[id as usize - 1];
            let stride = u64::from(class.stride);
            let mut covered = vec![false; class.size as usize];
            for (f, (off, n, init)) in class.fields.iter().zip(&o.fields) {
                let raw = val(init);
                let (value, pointer) = if f.pointee.is_some() {
                    let target = ids.get(&raw).copied().unwrap_or(0);
                    obj.pointers.push(HeapPointer { offset: *off, target });
                    (i64::from(target), true)
                } else {
                    for k in 0..*n {
                        if let Some(b) = obj.bytes.get_mut((off + k) as usize) {
                            *b = (raw >> (8 * k)) as u8;
                        }
                    }
                    (kappa_expr::signed(raw, (8 * n) as u32), false)
                };
                for k in *off..off + n {
                    if let Some(c) = covered.get_mut(k as usize) {
                        *c = true;
                    }
                }
                obj.fields.push(HeapField { name: f.name.clone(), offset: *off, value, pointer });
            }
            // Padding: whatever the path read of it.
            for (k, c) in covered.iter().enumerate() {
                if !c {
                    let k = k as u64;
                    let elem = val(&o.padding.select(&Term::bv(k / stride, self.pw())));
                    obj.bytes[k as usize] = (elem >> (8 * (k % stride))) as u8;
                }
            }
        }
        (objects, ids)
    }

    /// Does the test policy ([`crate::TestPolicy`]) give this path a test file? Counts the
    /// paths it does not.
    fn test_wanted(&mut self, new_error: bool, new_coverage: bool) -> bool {
        if self.cfg.test_dir.is_none() {
            return false;
        }
        let p = &self.cfg.tests;
        let written = self.tests_so_far();
        let why_not = if let Some(m) = p.max.filter(|&m| written >= m) {
            format!("--max-tests {m} reached")
        } else if let Some(n) = p.every_path_until.filter(|&n| written >= n) {
            if new_error || new_coverage {
                return true;
            }
            if n == 0 {
                "--tests covering: only paths that reach a new error or add coverage get one".to_string()
            } else {
                format!("after {n} tests, only paths that reach a new error or add coverage get one")
            }
        } else {
            return true;
        };
        self.stats.tests_not_written += 1;
        if self.stats.tests_limit.as_deref().is_none_or(|r| !r.starts_with("--max-tests")) {
            self.stats.tests_limit = Some(why_not);
        }
        false
    }

    /// Writes a test as `tests/testNNNNNN.json`; beyond the first [`TESTS_PER_DIR`], in
    /// subdirectories of as many (`tests/001/test001001.json`), so that no directory holds
    /// more than a few thousand entries.
    pub(crate) fn write_test(&mut self, t: &TestCase) -> Option<String> {
        let dir = self.cfg.test_dir.clone()?;
        let i = self.next_test_number()?;
        let name = if i <= TESTS_PER_DIR {
            format!("test{i:06}.json")
        } else {
            format!("{:03}/test{i:06}.json", i / TESTS_PER_DIR)
        };
        let path = dir.join(&name);
        if std::fs::create_dir_all(path.parent().unwrap_or(&dir)).is_err() {
            return None;
        }
        write_whole(&path, t.to_json().as_bytes()).ok()?;
        Some(format!("tests/{name}"))
    }
}

/// Writes a new file at `path` so that it appears whole: on Linux its contents go to an
/// unnamed file in the directory (`O_TMPFILE`), which is then linked under its name
/// (`linkat`); elsewhere, or when that fails (a file system without `O_TMPFILE`, no `/proc`,
/// the name taken), by `std::fs::write`. Why: creating a file allocates its inode while the
/// kernel holds the directory's lock, and all workers of `--jobs` write their tests into one
/// directory; on the benchmark machine's ext4 that allocation was a third of a run's CPU time
/// on branchy12 (1,000 tests, `perf`: `ext4_create` -> `__ext4_new_inode`), so the workers'
/// test files were written one at a time. An unnamed file's inode is allocated without the
/// directory's lock (`ext4_tmpfile`), and only the link, a directory entry, is serial. A
/// reader (or a run killed mid-write) also never sees a test file half written.
pub(crate) fn write_whole(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    #[cfg(target_os = "linux")]
    if write_unnamed_then_link(path, bytes).is_ok() {
        return Ok(());
    }
    std::fs::write(path, bytes)
}

#[cfg(target_os = "linux")]
fn write_unnamed_then_link(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    use std::os::fd::AsRawFd;
    use std::os::unix::ffi::OsStrExt;
    use std::os::unix::fs::OpenOptionsExt;
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => std::path::Path::new("."),
    };
    let mut f = std::fs::OpenOptions::new().write(true).custom_flags(libc::O_TMPFILE).mode(0o666).open(dir)?;
    f.write_all(bytes)?;
    let from = std::ffi::CString::new(format!("/proc/self/fd/{}", f.as_raw_fd()))?;
    let to = std::ffi::CString::new(path.as_os_str().as_bytes())?;
    // SAFETY: both arguments are NUL-terminated strings that outlive the call; `f` stays open
    // until after it.
    let r =
        unsafe { libc::linkat(libc::AT_FDCWD, from.as_ptr(), libc::AT_FDCWD, to.as_ptr(), libc::AT_SYMLINK_FOLLOW) };
    if r != 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok(())
}

impl<'p> Engine<'p> {
    /// The leak check of a path that ends the program ([`Self::ends_program`]: `main` returned,
    /// `exit`, `abort`, or an error call that aborts).
    ///
    /// `valid-memcleanup`: a heap block is leaked when it is live. `valid-memtrack`: when it is
    /// live and not reachable: reachability is a formula computed as a fixpoint over the
    /// pointer shadows of the objects (pointers stored at pointer-aligned offsets, as
    /// LeakSanitizer scans them), from the roots — globals, live stack objects, input objects and
    /// the pointers held in registers (on `exit` and `abort` the callers' frames are still there). A block
    /// once unreachable stays so, so a block lost during the run is found at its end.
    pub(crate) fn leak_check(&mut self, st: &State) -> Leak {
        let heap: Vec<u32> =
            st.memory.ids().filter(|&id| st.memory.get(id).is_some_and(|o| o.kind == ObjectKind::Heap)).collect();
        if heap.is_empty() {
            return Leak::None;
        }
        let live = |id: u32| st.memory.get(id).map_or(Term::ff(), |o| o.live());
        let conds: Vec<(u32, Term)> = match self.cfg.leak_check {
            LeakCheck::Off => return Leak::None,
            LeakCheck::Memcleanup => heap.iter().map(|&o| (o, live(o))).collect(),
            LeakCheck::Memtrack => {
                let reach = match self.reachable_blocks(st, &heap) {
                    Ok(r) => r,
                    Err(why) => return Leak::Unknown(why),
                };
                heap.iter().zip(reach).map(|(&o, r)| (o, live(o).and(&r.not()))).collect()
            }
        };
        let conds: Vec<(u32, Term)> = conds.into_iter().filter(|(_, c)| !c.is_false()).collect();
        if conds.is_empty() {
            return Leak::None;
        }
        let all = Term::or_all(conds.iter().map(|(_, c)| c.clone()));
        match self.query(st, &all) {
            SatResult::Unsat => return Leak::None,
            SatResult::Unknown(r) => return Leak::Unknown(format!("solver unknown ({r})")),
            SatResult::Sat => {}
        }
        for (o, c) in &conds {
            if let SatResult::Sat = self.query(st, c) {
                let site = st.alloc_sites.iter().find(|(id, _)| id == o).map(|(_, s)| *s).unwrap_or_default();
                let name = st.memory.get(*o).map_or_else(|| "a block".to_string(), |b| b.name.to_string());
                let (kind, message) = match self.cfg.leak_check {
                    LeakCheck::Memcleanup => (
                        ErrorKind::MemoryNotFreed,
                        format!("the block allocated here ({name}) is not freed when the program ends"),
                    ),
                    _ => (
                        ErrorKind::MemoryLeak,
                        format!("the block allocated here ({name}) is lost: no pointer to it remains"),
                    ),
                };
                return Leak::Found { cond: c.clone(), all, site, kind, message };
            }
        }
        Leak::Unknown("no single leaking block found".into())
    }

    /// For each block of `heap`, the condition that a chain of pointers from a root reaches it.
    fn reachable_blocks(&self, st: &State, heap: &[u32]) -> Result<Vec<Term>, String> {
        let pb = u64::from(self.pw() / 8);
        let ids: Vec<u32> = st.memory.ids().collect();
        let index: HashMap<u32, usize> = ids.iter().enumerate().map(|(i, &id)| (id, i)).collect();
        // Object ids held by registers.
        let mut held: Vec<Term> = Vec::new();
        let mut take = |v: &Option<SVal>| {
            if let Some(SVal::Ptr(p)) = v {
                held.push(p.obj.clone());
            }
        };
        st.globals.iter().for_each(&mut take);
        for fr in &st.frames {
            fr.regs.iter().for_each(&mut take);
        }
        // Pointers stored in objects: (source, object id term).
        let mut edges: Vec<(usize, Term)> = Vec::new();
        for (i, &id) in ids.iter().enumerate() {
            let Some(o) = st.memory.get(id) else { continue };
            if o.ptrs.only_zeros() || !o.alive {
                continue;
            }
            let size = match o.size_const() {
                Some(s) if s <= LEAK_SCAN_BYTES => s,
                _ => return Err(format!("`{}` holds pointers and is too large or of symbolic size", o.name)),
            };
            let mut off = 0;
            while off + pb <= size {
                let t = o.ptrs.read_at(off, pb).extract(OBJ_BITS - 1, 0);
                if t.as_bv() != Some(0) {
                    edges.push((i, t));
                }
                off += pb;
            }
        }
        let id_term = |id: u32| Term::bv(u64::from(id), OBJ_BITS);
        let base: Vec<Term> = ids
            .iter()
            .map(|&id| {
                let o = st.memory.get(id);
                match o.map(|o| &o.kind) {
                    Some(ObjectKind::Heap) | None => Term::or_all(held.iter().map(|h| h.eq(&id_term(id)))),
                    Some(_) => o.map_or(Term::ff(), |o| o.live()),
                }
            })
            .collect();
        let live: Vec<Term> = ids.iter().map(|&id| st.memory.get(id).map_or(Term::ff(), |o| o.live())).collect();
        let mut reach = base.clone();
        for _ in 0..=heap.len() {
            let mut changed = false;
            for &h in heap {
                let hi = index[&h];
                let mut r = base[hi].clone();
                for (src, t) in &edges {
                    let via = reach[*src].and(&live[*src]).and(&t.eq(&id_term(h)));
                    r = r.or(&via);
                }
                if r != reach[hi] {
                    reach[hi] = r;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        Ok(heap.iter().map(|h| reach[index[h]].clone()).collect())
    }
}
/// The bytes to record for a block whose size was not a constant at its allocation
/// (`malloc(n)`, `realloc(p, n)` with a symbolic `n`): the record holds no size, so the model
/// says. Replay fills the block with the recorded bytes, zeros past them, and ignores those
/// past its size: the bytes up to the last one the model of the contents sets apart from its
/// default are enough where the default is zero; else as many as the largest block allocated
/// at the end of the path too (at worst too few, and the test does not replay: `unknown`).
fn unsized_block_len(st: &State, model: &kappa_solver::Model, contents: &Term, stride: u64) -> u64 {
    let largest = || {
        st.memory
            .ids()
            .filter_map(|id| st.memory.get(id))
            .filter_map(|o| model.eval_completed(&o.size).and_then(|v| v.as_bv()))
            .max()
            .unwrap_or(0)
    };
    match model.eval_completed(contents) {
        Some(Value::Array(default, entries)) => {
            let last = entries
                .keys()
                .filter_map(|k| match k {
                    kappa_expr::ValueKey::Bv(i) => Some(*i),
                    _ => None,
                })
                .max()
                .map_or(0, |i| i.saturating_add(1).saturating_mul(stride));
            if default.as_bv() == Some(0) {
                last
            } else {
                last.max(largest())
            }
        }
        _ => largest(),
    }
}

/// The element at index `t` of an array value (its default where it has no entry).
fn element(a: &Value, t: u64, int_index: bool) -> Option<u64> {
    let Value::Array(default, entries) = a else { return None };
    let key = if int_index { kappa_expr::ValueKey::Int(t as i64) } else { kappa_expr::ValueKey::Bv(t) };
    entries.get(&key).unwrap_or(default).as_bv()
}

/// Test files per directory of the sharded layout.
pub const TESTS_PER_DIR: u64 = 1000;

#[cfg(test)]
mod tests {
    use super::write_whole;

    /// A file written whole has the bytes given, under its name, also in place of one that
    /// is there already (as `std::fs::write`), and nothing else is left in the directory.
    #[test]
    fn a_file_written_whole_has_its_bytes_and_replaces_an_old_one() {
        let dir = std::env::temp_dir().join(format!("kappa-write-whole-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch directory");
        let path = dir.join("test000001.json");
        write_whole(&path, b"{\"a\": 1}").expect("written");
        assert_eq!(std::fs::read(&path).expect("read"), b"{\"a\": 1}");
        write_whole(&path, b"{\"b\": 22}").expect("written again");
        assert_eq!(std::fs::read(&path).expect("read"), b"{\"b\": 22}");
        let names: Vec<_> = std::fs::read_dir(&dir).expect("listed").map(|e| e.expect("entry").file_name()).collect();
        assert_eq!(names, vec![std::ffi::OsString::from("test000001.json")]);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
