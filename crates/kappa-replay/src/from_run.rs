//! Tests from concrete interpreter runs. A [`RunResult`] lists the values the run read but not
//! where it read them; to find the sites, the run is repeated on a copy of the program in which
//! every input-reading edge is preceded by a marker edge naming it (the markers read from a
//! recorder that does not consume the real inputs).

use crate::sites::input_of_edge;
use kappa_interp::{Config, InputSource, Interpreter, Outcome, RunResult, Value, VecInput};
use kappa_ir::expr::{mask, to_signed};
use kappa_ir::testcase::{Input, InputKind, TestCase, TestOutcome};
use kappa_ir::*;

const MARK: &str = "\u{1}kappa-site ";
/// Markers around a call from a program function into the C library.
const CALL_MARK: &str = "\u{1}kappa-call ";
const RETURN_MARK: &str = "\u{1}kappa-return";

/// Converts a concrete run of `prog` (from `entry`, with `args` for its parameters; ignored for
/// `main`) into a test: every input with its site and offset, in the order the run read them,
/// and the outcome. `program` is the file name recorded in the test. Runs that did not end
/// normally, by `abort` or in an error (a failed `__VERIFIER_assume`, stuck, a limit) give no
/// test.
pub fn testcase_from_run(
    prog: &Program,
    program: &str,
    entry: &str,
    args: &[Value],
    run: &RunResult,
) -> Result<TestCase, String> {
    let outcome = match &run.outcome {
        Outcome::Exit(code) => TestOutcome::Exit { code: *code },
        Outcome::Abort => TestOutcome::Abort,
        Outcome::Error { kind, message, span, .. } => TestOutcome::Error {
            error: kind.name().to_string(),
            location: prog.fmt_span(*span),
            message: message.clone(),
        },
        Outcome::AssumeViolated => return Err("the run violated an assumption (__VERIFIER_assume): no test".into()),
        Outcome::Stuck(why) => return Err(format!("the run got stuck ({why}): no test")),
        Outcome::Limit(why) => return Err(format!("the run hit a limit ({why}): no test")),
    };
    let entry_id = prog
        .functions
        .iter()
        .position(|f| f.name == entry)
        .map(|i| FuncId(i as u32))
        .ok_or_else(|| format!("no function `{entry}` in the program"))?;
    let tagged = tag_program(prog);
    let interp = Interpreter::new(&tagged);
    let mut rec = Recorder {
        inner: VecInput::replay(run),
        pending: None,
        log: Vec::new(),
        pw: prog.ptr_bits(),
        calls: Vec::new(),
    };
    // A lasso's run ended where it found its state repeated: the repetition looks for it too.
    let lassos = matches!(&run.outcome, Outcome::Error { kind: kappa_ir::ErrorKind::NonTermination, .. });
    let config = Config { max_steps: run.steps.saturating_mul(2).saturating_add(1000), lassos, ..Config::default() };
    let again = if entry == "main" && prog.main == Some(entry_id) {
        interp.run_main(&mut rec, &config)
    } else {
        interp.run(entry_id, args, &mut rec, &config)
    };
    // A lasso's message counts the steps of the cycle, which the tagged program's extra edges
    // change: the place of the repeat is what must agree.
    let same = match (&again.outcome, &run.outcome) {
        (
            Outcome::Error { kind: a, func: fa, loc: la, .. },
            Outcome::Error { kind: b @ kappa_ir::ErrorKind::NonTermination, func: fb, loc: lb, .. },
        ) => a == b && fa == fb && la == lb,
        (a, b) => a == b,
    };
    if !same || again.output != run.output {
        return Err(format!(
            "repeating the run to locate its inputs gave another outcome ({:?} instead of {:?}): \
             was the run made on this program, with these arguments?",
            again.outcome, run.outcome
        ));
    }
    // An error inside a library model is the program's at its call of the library (the
    // engine's tests name it so, and so do the sanitizers' reports on the compiled program).
    let outcome = match outcome {
        TestOutcome::Error { error, message, .. } if matches!(&run.outcome, Outcome::Error { func, .. } if prog.is_library(*func)) => {
            match rec.calls.last() {
                Some(&(f, e)) => TestOutcome::Error {
                    error,
                    location: prog.fmt_span(prog.functions[f as usize].edges[e as usize].span),
                    message,
                },
                None => return Err("an error inside the C library, called from no program function".into()),
            }
        }
        o => o,
    };
    let values: Vec<u64> =
        rec.log.iter().filter_map(|r| if let Rec::Value { value, .. } = r { Some(*value) } else { None }).collect();
    let want: Vec<u64> = run.inputs.iter().map(|(_, _, v)| *v).collect();
    if values != want {
        return Err("repeating the run to locate its inputs read other values".into());
    }
    let mut inputs = Vec::new();
    for r in &rec.log {
        let (site, value, bytes, ty) = match r {
            Rec::Value { site, value, ty } => (*site, *value, Vec::new(), ty.to_string()),
            Rec::Fill { site, bytes } => (*site, 0, bytes.clone(), "bytes".to_string()),
        };
        let Some((f, e)) = site else { return Err("an input was read at an unknown site".into()) };
        let func = &prog.functions[f as usize];
        let edge = &func.edges[e as usize];
        let Some((kind, name, _)) = input_of_edge(prog, func, edge) else {
            return Err("an input was read at an edge that reads none".into());
        };
        let signed = match ty.strip_prefix('i').and_then(|w| w.parse::<u32>().ok()) {
            Some(w) if (1..=64).contains(&w) => to_signed(value, w),
            _ => value as i64,
        };
        inputs.push(Input {
            kind,
            name,
            site: prog.fmt_span(edge.span),
            offset: edge.span.offset,
            ty,
            value,
            signed,
            bytes,
        });
    }
    let mut test_args = Vec::new();
    if !(entry == "main" && prog.main == Some(entry_id)) {
        let func = prog.func(entry_id);
        for (k, a) in args.iter().enumerate() {
            let (name, span) = match func.params.get(k) {
                Some(v) => (prog.var(*v).name.clone(), prog.var(*v).span),
                None => (format!("$p{k}"), func.span),
            };
            let (ty, value, signed) = match a {
                Value::Int { bits, width } => (format!("i{width}"), *bits, to_signed(*bits, *width)),
                Value::Bool(b) => ("bool".into(), u64::from(*b), i64::from(*b)),
                Value::Ptr { obj: 0, off } => ("ptr".into(), *off, *off as i64),
                Value::Ptr { .. } => {
                    return Err(format!("argument {} is a pointer to memory: not representable in a test", k + 1))
                }
            };
            test_args.push(Input {
                kind: InputKind::Param,
                name,
                site: prog.fmt_span(span),
                offset: span.offset,
                ty,
                value,
                signed,
                bytes: Vec::new(),
            });
        }
    }
    Ok(TestCase {
        heap: Vec::new(),
        kappa_test: 1,
        program: program.to_string(),
        files: prog.units.iter().map(|u| u.file.clone()).collect(),
        entry: entry.to_string(),
        data_model: prog.data_model.name().to_string(),
        args: test_args,
        inputs,
        outcome,
        program_inputs: Default::default(),
    })
}

enum Rec {
    Value { site: Option<(u32, u32)>, value: u64, ty: Ty },
    Fill { site: Option<(u32, u32)>, bytes: Vec<u8> },
}

struct Recorder {
    inner: VecInput,
    pending: Option<(u32, u32)>,
    log: Vec<Rec>,
    pw: u32,
    /// The program's calls of library functions under way (function, edge), innermost last.
    calls: Vec<(u32, u32)>,
}

impl InputSource for Recorder {
    fn next(&mut self, origin: &NondetOrigin, ty: Ty) -> Option<u64> {
        if let NondetOrigin::Call { name } = origin {
            if let Some(rest) = name.strip_prefix(CALL_MARK) {
                let mut it = rest.split(':').map(|s| s.parse::<u32>().ok());
                if let (Some(Some(f)), Some(Some(e))) = (it.next(), it.next()) {
                    self.calls.push((f, e));
                }
                return Some(0);
            }
            if name == RETURN_MARK {
                self.calls.pop();
                return Some(0);
            }
            if let Some(rest) = name.strip_prefix(MARK) {
                let mut it = rest.split(':').map(|s| s.parse::<u32>().ok());
                if let (Some(Some(f)), Some(Some(e))) = (it.next(), it.next()) {
                    self.pending = Some((f, e));
                }
                return Some(0);
            }
        }
        let raw = self.inner.next(origin, ty)?;
        let value = match ty {
            Ty::Int(w) => raw & mask(w.clamp(1, 64)),
            Ty::Bool => raw & 1,
            Ty::Ptr => raw & mask(self.pw),
        };
        self.log.push(Rec::Value { site: self.pending.take(), value, ty });
        Some(raw)
    }

    fn fill(&mut self, origin: &NondetOrigin, buf: &mut [u8]) -> bool {
        let ok = self.inner.fill(origin, buf);
        self.log.push(Rec::Fill { site: self.pending.take(), bytes: buf.to_vec() });
        ok
    }
}

/// A copy of the program with a marker edge before every input-reading edge, and markers before
/// and after every call of a library function from a program function.
fn tag_program(prog: &Program) -> Program {
    let mut p = prog.clone();
    for fi in 0..p.functions.len() {
        let inputs: Vec<usize> = {
            let f = &prog.functions[fi];
            f.edges.iter().enumerate().filter(|(_, e)| input_of_edge(prog, f, e).is_some()).map(|(i, _)| i).collect()
        };
        let lib_calls: Vec<usize> = if prog.is_library(FuncId(fi as u32)) {
            Vec::new()
        } else {
            let f = &prog.functions[fi];
            f.edges
                .iter()
                .enumerate()
                .filter(|(_, e)| matches!(&e.op, Op::Call { func, .. } if prog.is_library(*func)))
                .map(|(i, _)| i)
                .collect()
        };
        if inputs.is_empty() && lib_calls.is_empty() {
            continue;
        }
        let func = FuncId(fi as u32);
        p.vars.push(VarInfo {
            name: "$kappa_site".into(),
            ty: Ty::Int(8),
            ctype: CType::CHAR,
            kind: VarKind::Temp(func),
            span: Span::default(),
        });
        let marker = VarId((p.vars.len() - 1) as u32);
        let f = &mut p.functions[fi];
        f.vars.push(marker);
        for ei in inputs {
            let orig = f.edges[ei].clone();
            f.locs.push(LocInfo { kind: LocKind::Normal, span: orig.span });
            let mid = Loc((f.locs.len() - 1) as u32);
            let origin = NondetOrigin::Call { name: format!("{MARK}{fi}:{ei}") };
            f.edges[ei] = Edge { src: orig.src, dst: mid, op: Op::Nondet { dst: marker, origin }, span: orig.span };
            f.edges.push(Edge { src: mid, dst: orig.dst, op: orig.op, span: orig.span });
        }
        for ei in lib_calls {
            // src -[call marker]-> before -[call]-> after -[return marker]-> dst
            let orig = f.edges[ei].clone();
            f.locs.push(LocInfo { kind: LocKind::Normal, span: orig.span });
            let before = Loc((f.locs.len() - 1) as u32);
            f.locs.push(LocInfo { kind: LocKind::Normal, span: orig.span });
            let after = Loc((f.locs.len() - 1) as u32);
            let enter = NondetOrigin::Call { name: format!("{CALL_MARK}{fi}:{ei}") };
            let leave = NondetOrigin::Call { name: RETURN_MARK.to_string() };
            f.edges[ei] =
                Edge { src: orig.src, dst: before, op: Op::Nondet { dst: marker, origin: enter }, span: orig.span };
            f.edges.push(Edge { src: before, dst: after, op: orig.op, span: orig.span });
            f.edges.push(Edge {
                src: after,
                dst: orig.dst,
                op: Op::Nondet { dst: marker, origin: leave },
                span: orig.span,
            });
        }
        f.index_edges();
    }
    p
}
