//! Differential testing with generated programs: each program of `kappa-gen` is lowered by the
//! front-end, run by the interpreter on several input vectors, each run turned into a test, and
//! the test replayed on the program compiled by gcc (with the sanitizers): the outcomes must
//! agree, and the compiled program must read exactly the test's inputs. The deterministic
//! programs must print the same and exit the same. A mismatch is a bug in the generator (UB), the
//! front-end, the interpreter or the replay.

#![allow(dead_code)]

use kappa_gen::{generate, generate_deterministic, GenConfig, Rng};
use kappa_interp::{run_main, Config, InputSource, Outcome, ZeroInput};
use kappa_ir::{DataModel, NondetOrigin, Ty};
use kappa_replay::{testcase_from_run, Harness, Observed, ReplayError, ReplayOptions};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

/// Inputs that hit boundaries and small values often, random bits otherwise.
pub struct MixedInput(Rng);

impl MixedInput {
    pub fn new(seed: u64, run: u64) -> Self {
        MixedInput(Rng::new(seed.wrapping_mul(1_000_003).wrapping_add(run)))
    }

    fn value(&mut self) -> u64 {
        const EDGES: [i64; 16] = [
            0,
            1,
            -1,
            2,
            0x7f,
            0x80,
            0xff,
            0x7fff,
            0x8000,
            0xffff,
            i32::MAX as i64,
            i32::MIN as i64,
            u32::MAX as i64,
            i64::MAX,
            i64::MIN,
            3,
        ];
        match self.0.below(10) {
            0..=3 => (self.0.below(13) as i64 - 4) as u64,
            4..=6 => *self.0.pick(&EDGES) as u64,
            _ => self.0.next_u64(),
        }
    }
}

impl InputSource for MixedInput {
    fn next(&mut self, _: &NondetOrigin, _: Ty) -> Option<u64> {
        Some(self.value())
    }

    fn fill(&mut self, _: &NondetOrigin, buf: &mut [u8]) -> bool {
        let zero = self.0.percent(20);
        for b in buf.iter_mut() {
            *b = if zero { 0 } else { self.value() as u8 };
        }
        true
    }
}

#[derive(Default, Debug)]
pub struct Stats {
    pub programs: u64,
    pub det_programs: u64,
    pub runs: u64,
    pub replayed: u64,
    pub errors: u64,
    pub assume_violated: u64,
    /// Replayed runs per outcome: `exit`, `abort` or the error kind.
    pub outcomes: std::collections::BTreeMap<String, u64>,
    pub mismatches: Vec<String>,
    /// Programs not checked (no compiler for the data model).
    pub skipped: Vec<String>,
}

impl Stats {
    fn merge(&mut self, o: Stats) {
        self.programs += o.programs;
        self.det_programs += o.det_programs;
        self.runs += o.runs;
        self.replayed += o.replayed;
        self.errors += o.errors;
        self.assume_violated += o.assume_violated;
        for (k, n) in o.outcomes {
            *self.outcomes.entry(k).or_default() += n;
        }
        self.mismatches.extend(o.mismatches);
        self.skipped.extend(o.skipped);
    }

    pub fn summary(&self) -> String {
        let outcomes: Vec<String> = self.outcomes.iter().map(|(k, n)| format!("{k} {n}")).collect();
        format!(
            "{} programs ({} deterministic), {} interpreter runs, {} replayed ({} ending in an error; {}), \
             {} violated an assumption, {} skipped, {} mismatches",
            self.programs + self.det_programs,
            self.det_programs,
            self.runs,
            self.replayed,
            self.errors,
            outcomes.join(", "),
            self.assume_violated,
            self.skipped.len(),
            self.mismatches.len()
        )
    }
}

pub struct Campaign {
    pub seeds: std::ops::Range<u64>,
    pub runs_per_program: u64,
    /// Every k-th seed is also checked in ILP32 (0: never).
    pub ilp32_every: u64,
    /// Every k-th seed also gets a deterministic program (0: never).
    pub det_every: u64,
    pub threads: usize,
    pub cfg: GenConfig,
    /// Where to write the programs and tests of mismatches (none: not kept).
    pub failures: Option<PathBuf>,
    pub verbose: bool,
}

impl Campaign {
    pub fn run(&self) -> Stats {
        let next = AtomicU64::new(self.seeds.start);
        let total = Mutex::new(Stats::default());
        let dir = tempfile::tempdir().expect("temp dir");
        std::thread::scope(|s| {
            for _ in 0..self.threads.max(1) {
                s.spawn(|| loop {
                    let seed = next.fetch_add(1, Ordering::Relaxed);
                    if seed >= self.seeds.end {
                        break;
                    }
                    let mut st = Stats::default();
                    self.check_seed(seed, DataModel::LP64, dir.path(), &mut st);
                    if self.ilp32_every > 0 && seed % self.ilp32_every == 0 {
                        self.check_seed(seed, DataModel::ILP32, dir.path(), &mut st);
                    }
                    if self.det_every > 0 && seed % self.det_every == 0 {
                        self.check_det(seed, dir.path(), &mut st);
                    }
                    if self.verbose && !st.mismatches.is_empty() {
                        for m in &st.mismatches {
                            eprintln!("MISMATCH {m}");
                        }
                    }
                    total.lock().unwrap().merge(st);
                });
            }
        });
        total.into_inner().unwrap()
    }

    fn keep(&self, name: &str, src: &str, test: Option<&str>) {
        if let Some(f) = &self.failures {
            let _ = std::fs::create_dir_all(f);
            let _ = std::fs::write(f.join(format!("{name}.c")), src);
            if let Some(t) = test {
                let _ = std::fs::write(f.join(format!("{name}.json")), t);
            }
        }
    }

    fn check_seed(&self, seed: u64, dm: DataModel, dir: &Path, st: &mut Stats) {
        let src = generate(seed, &self.cfg);
        let tag = format!("seed {seed} ({})", dm.name());
        let path = dir.join(format!("gen_{seed}_{}.c", dm.name()));
        std::fs::write(&path, &src).expect("write");
        st.programs += 1;
        let opts = kappa_cfront::Options { data_model: dm, ..Default::default() };
        let prog = match kappa_cfront::lower_file(&path, &opts) {
            Ok(p) => p,
            Err(d) => {
                st.mismatches.push(format!("{tag}: the front-end rejects the program: {d}"));
                self.keep(&format!("gen_{seed}_{}", dm.name()), &src, None);
                return;
            }
        };
        let harness = match Harness::from_program(prog.clone(), "main", &ReplayOptions::default()) {
            Ok(h) => h,
            Err(ReplayError::NoCompiler(why)) => {
                st.skipped.push(format!("{tag}: {why}"));
                return;
            }
            Err(e) => {
                st.mismatches.push(format!("{tag}: no harness: {e}"));
                self.keep(&format!("gen_{seed}_{}", dm.name()), &src, None);
                return;
            }
        };
        let config = Config { max_steps: 10_000_000, ..Config::default() };
        for r in 0..self.runs_per_program {
            let mut input = MixedInput::new(seed, r);
            let run = run_main(&prog, &mut input, &config);
            st.runs += 1;
            match &run.outcome {
                Outcome::AssumeViolated => {
                    st.assume_violated += 1;
                    continue;
                }
                Outcome::Stuck(why) | Outcome::Limit(why) => {
                    st.mismatches.push(format!("{tag} run {r}: the interpreter stops: {why}"));
                    self.keep(&format!("gen_{seed}_{}", dm.name()), &src, None);
                    continue;
                }
                Outcome::Error { .. } => st.errors += 1,
                _ => {}
            }
            let test = match testcase_from_run(&prog, &path.display().to_string(), "main", &[], &run) {
                Ok(t) => t,
                Err(e) => {
                    st.mismatches.push(format!("{tag} run {r}: no test: {e}"));
                    continue;
                }
            };
            match harness.run(&test) {
                Ok(rep) => {
                    st.replayed += 1;
                    let kind = match &test.outcome {
                        kappa_ir::testcase::TestOutcome::Exit { .. } => "exit".to_string(),
                        kappa_ir::testcase::TestOutcome::Abort => "abort".to_string(),
                        kappa_ir::testcase::TestOutcome::Error { error, .. } => error.clone(),
                        kappa_ir::testcase::TestOutcome::Halted { .. } => "halted".to_string(),
                    };
                    *st.outcomes.entry(kind).or_default() += 1;
                    let consumed_ok = rep.inputs_consumed.map_or(true, |c| c == rep.inputs_expected);
                    let out_ok = !matches!(rep.observed, Observed::Exit(_)) || rep.stdout == run.output_str();
                    if !rep.matches || !consumed_ok || !out_ok {
                        let inputs: Vec<String> = test
                            .inputs
                            .iter()
                            .map(
                                |i| if i.bytes.is_empty() { format!("{}", i.signed) } else { format!("{:?}", i.bytes) },
                            )
                            .collect();
                        st.mismatches.push(format!(
                            "{tag} run {r}: {}{}{} inputs [{}]{}",
                            rep.explanation,
                            if consumed_ok { "" } else { " (inputs read differ)" },
                            if out_ok { "" } else { " (output differs)" },
                            inputs.join(", "),
                            first_report(&rep.stderr)
                        ));
                        self.keep(&format!("gen_{seed}_{}_run{r}", dm.name()), &src, Some(&test.to_json()));
                    }
                }
                Err(e) => st.mismatches.push(format!("{tag} run {r}: replay failed: {e}")),
            }
        }
    }

    fn check_det(&self, seed: u64, dir: &Path, st: &mut Stats) {
        let src = generate_deterministic(seed, &self.cfg);
        let tag = format!("deterministic seed {seed}");
        let path = dir.join(format!("det_{seed}.c"));
        std::fs::write(&path, &src).expect("write");
        st.det_programs += 1;
        let prog = match kappa_cfront::lower_file(&path, &kappa_cfront::Options::default()) {
            Ok(p) => p,
            Err(d) => {
                st.mismatches.push(format!("{tag}: the front-end rejects the program: {d}"));
                self.keep(&format!("det_{seed}"), &src, None);
                return;
            }
        };
        let run = run_main(&prog, &mut ZeroInput, &Config { max_steps: 10_000_000, ..Config::default() });
        st.runs += 1;
        let test = match testcase_from_run(&prog, &path.display().to_string(), "main", &[], &run) {
            Ok(t) => t,
            Err(e) => {
                st.mismatches.push(format!("{tag}: {e}"));
                self.keep(&format!("det_{seed}"), &src, None);
                return;
            }
        };
        match Harness::from_program(prog, "main", &ReplayOptions::default()).and_then(|h| h.run(&test)) {
            Ok(rep) => {
                st.replayed += 1;
                if !rep.matches || rep.stdout != run.output_str() {
                    let diff = first_difference(&run.output_str(), &rep.stdout);
                    st.mismatches.push(format!(
                        "{tag}: {}; output: {diff}{}",
                        rep.explanation,
                        first_report(&rep.stderr)
                    ));
                    self.keep(&format!("det_{seed}"), &src, Some(&test.to_json()));
                }
            }
            Err(e) => st.mismatches.push(format!("{tag}: replay failed: {e}")),
        }
    }
}

fn first_report(stderr: &str) -> String {
    stderr
        .lines()
        .find(|l| l.contains("runtime error") || l.contains("ERROR: AddressSanitizer"))
        .map(|l| format!(" [{}]", l.trim()))
        .unwrap_or_default()
}

fn first_difference(want: &str, got: &str) -> String {
    for (i, (a, b)) in want.lines().zip(got.lines()).enumerate() {
        if a != b {
            return format!("line {}: interpreter `{a}`, gcc `{b}`", i + 1);
        }
    }
    if want.lines().count() != got.lines().count() {
        return format!("interpreter {} lines, gcc {} lines", want.lines().count(), got.lines().count());
    }
    "same".into()
}
