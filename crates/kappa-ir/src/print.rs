//! Human-readable rendering of the IR (`kappa ir`). The text is stable: golden tests compare it.

use crate::expr::{to_signed, BinOp, CastOp, Expr, UnOp};
use crate::program::*;
use crate::types::{c_decl, Ty};
use std::fmt::Write;

/// Renders expressions and operations with the program's variable and object names.
pub struct Printer<'p> {
    pub prog: &'p Program,
}

impl<'p> Printer<'p> {
    pub fn new(prog: &'p Program) -> Self {
        Printer { prog }
    }

    pub fn expr(&self, e: &Expr) -> String {
        let mut s = String::new();
        self.write_expr(&mut s, e, true);
        s
    }

    fn write_expr(&self, s: &mut String, e: &Expr, top: bool) {
        match e {
            Expr::Int { bits, width } => {
                let signed = to_signed(*bits, *width);
                if *width > 1 && signed < 0 && signed > -65536 {
                    let _ = write!(s, "{signed}");
                } else {
                    let _ = write!(s, "{bits}");
                }
            }
            Expr::Bool(b) => s.push_str(if *b { "true" } else { "false" }),
            Expr::Var(v) => s.push_str(&self.prog.var(*v).name),
            Expr::Null => s.push_str("null"),
            Expr::AddrOf(o) => {
                s.push('&');
                s.push_str(&self.prog.obj(*o).name);
            }
            Expr::Un(op, a) => {
                s.push_str(match op {
                    UnOp::Neg => "-",
                    UnOp::BitNot => "~",
                    UnOp::Not => "!",
                });
                self.write_expr(s, a, false);
            }
            Expr::Bin(op, a, b) => {
                let op_s = match (op, self.prog.expr_ty(a)) {
                    (BinOp::And, Ty::Bool) => "&&",
                    (BinOp::Or, Ty::Bool) => "||",
                    _ => op.symbol(),
                };
                if !top {
                    s.push('(');
                }
                self.write_expr(s, a, false);
                let _ = write!(s, " {op_s} ");
                self.write_expr(s, b, false);
                if !top {
                    s.push(')');
                }
            }
            Expr::Cast(op, w, a) => {
                let name = match op {
                    CastOp::ZExt => "zext",
                    CastOp::SExt => "sext",
                    CastOp::Trunc => "trunc",
                };
                let _ = write!(s, "{name}{w}(");
                self.write_expr(s, a, true);
                s.push(')');
            }
            Expr::Ite(c, a, b) => {
                if !top {
                    s.push('(');
                }
                self.write_expr(s, c, false);
                s.push_str(" ? ");
                self.write_expr(s, a, false);
                s.push_str(" : ");
                self.write_expr(s, b, false);
                if !top {
                    s.push(')');
                }
            }
            Expr::PtrAdd(p, o) => self.call(s, "ptradd", &[p, o]),
            Expr::PtrDiff(p, q) => self.call(s, "ptrdiff", &[p, q]),
            Expr::Live(p) => self.call(s, "live", &[p]),
            Expr::InBounds(p, n) => self.call(s, "inbounds", &[p, n]),
            Expr::Writable(p) => self.call(s, "writable", &[p]),
            Expr::Freeable(p) => self.call(s, "freeable", &[p]),
        }
    }

    fn call(&self, s: &mut String, name: &str, args: &[&Expr]) {
        s.push_str(name);
        s.push('(');
        for (i, a) in args.iter().enumerate() {
            if i > 0 {
                s.push_str(", ");
            }
            self.write_expr(s, a, true);
        }
        s.push(')');
    }

    fn args(&self, args: &[Expr]) -> String {
        args.iter().map(|a| self.expr(a)).collect::<Vec<_>>().join(", ")
    }

    pub fn op(&self, op: &Op) -> String {
        let name = |v: &VarId| self.prog.var(*v).name.clone();
        match op {
            Op::Skip => "skip".into(),
            Op::Assume(c) => format!("assume {}", self.expr(c)),
            Op::Assign { dst, value } => format!("{} := {}", name(dst), self.expr(value)),
            Op::Nondet { dst, origin } => match origin {
                NondetOrigin::Call { name: f } => {
                    format!("{} := nondet {}  /* {f}() */", name(dst), self.prog.var_ty(*dst))
                }
                NondetOrigin::Uninit { .. } => {
                    format!("{} := nondet {}  /* uninitialised */", name(dst), self.prog.var_ty(*dst))
                }
            },
            Op::Load { dst, ptr } => format!("{} := load {} {}", name(dst), self.prog.var_ty(*dst), self.expr(ptr)),
            Op::Store { ptr, value } => {
                format!("store {} {}, {}", self.prog.expr_ty(value), self.expr(ptr), self.expr(value))
            }
            Op::MemCopy { dst, src, size } => {
                format!("memcpy {}, {}, {}", self.expr(dst), self.expr(src), self.expr(size))
            }
            Op::Alloc { target, region, size, init } => {
                let region = match region {
                    Region::Stack => "stack",
                    Region::Heap => "heap",
                };
                let init = match init {
                    AllocInit::Nondet => "nondet",
                    AllocInit::Zero => "zero",
                };
                match target {
                    AllocTarget::Slot(o) => {
                        format!("alloc {} {region} size {} {init}", self.prog.obj(*o).name, self.expr(size))
                    }
                    AllocTarget::Fresh(v) => format!("{} := alloc {region} size {} {init}", name(v), self.expr(size)),
                }
            }
            Op::Free { ptr } => format!("free {}", self.expr(ptr)),
            Op::Call { dst, func, args } => {
                let call = format!("call {}({})", self.prog.func(*func).name, self.args(args));
                match dst {
                    Some(d) => format!("{} := {call}", name(d)),
                    None => call,
                }
            }
            Op::Return(Some(e)) => format!("return {}", self.expr(e)),
            Op::Return(None) => "return".into(),
            Op::Halt { kind: HaltKind::Exit, code } => {
                format!("exit({})", code.as_ref().map(|c| self.expr(c)).unwrap_or_default())
            }
            Op::Halt { kind: HaltKind::Abort, .. } => "abort()".into(),
            Op::Output { kind, args, dst } => {
                let f = match kind {
                    OutputKind::Printf => "printf",
                    OutputKind::Puts => "puts",
                    OutputKind::Putchar => "putchar",
                };
                let call = format!("{f}({})", self.args(args));
                match dst {
                    Some(d) => format!("{} := {call}", name(d)),
                    None => call,
                }
            }
        }
    }

    fn loc_label(&self, f: &Function, l: Loc) -> String {
        let mut s = l.to_string();
        if l == f.entry {
            s.push_str(" (entry)");
        }
        match &f.loc(l).kind {
            LocKind::Normal => {}
            LocKind::Exit => s.push_str(" (exit)"),
            LocKind::Halt => s.push_str(" (halt)"),
            LocKind::Error { kind, message } => {
                let _ = write!(s, " (error {kind}: {message})");
            }
        }
        s
    }

    fn var_decl(&self, v: VarId) -> String {
        let vi = self.prog.var(v);
        format!("{}: {}  /* {} */", vi.name, vi.ty, c_decl(&self.prog.structs, &vi.ctype, ""))
    }

    fn line_of(&self, s: Span) -> String {
        if s.is_known() {
            format!("  ; line {}", s.line)
        } else {
            String::new()
        }
    }

    pub fn function(&self, out: &mut String, f: &Function) {
        let params: Vec<String> = f.params.iter().map(|p| self.var_decl(*p)).collect();
        let _ = write!(out, "function {}({})", f.name, params.join(", "));
        if let Some(r) = f.ret {
            let _ = write!(out, " -> {}", self.prog.var_ty(r));
        }
        let _ = writeln!(out, "  ; {}", self.prog.fmt_span(f.span));
        let kind_of = |v: &VarId| self.prog.var(*v).kind;
        let locals: Vec<String> =
            f.vars.iter().filter(|v| !matches!(kind_of(v), VarKind::Param(_))).map(|v| self.var_decl(*v)).collect();
        if !locals.is_empty() {
            let _ = writeln!(out, "  vars {}", locals.join(", "));
        }
        for o in &f.slots {
            let oi = self.prog.obj(*o);
            let size = oi.size.map(|s| s.to_string()).unwrap_or_else(|| "dynamic".into());
            let _ =
                writeln!(out, "  slot {}: {size} bytes  /* {} */", oi.name, c_decl(&self.prog.structs, &oi.ctype, ""));
        }
        for l in f.loc_ids() {
            let _ = writeln!(out, "  {}{}", self.loc_label(f, l), self.line_of(f.loc(l).span));
            for e in f.out_edges(l) {
                let edge = f.edge(*e);
                let _ = writeln!(out, "    -> {}  {}{}", edge.dst, self.op(&edge.op), self.line_of(edge.span));
            }
        }
    }

    /// The whole program as text.
    pub fn program(&self) -> String {
        let p = self.prog;
        let mut out = String::new();
        let _ = writeln!(out, "; kappa IR, data model {}", p.data_model.name());
        let used = used_structs(p);
        for (i, s) in p.structs.iter().enumerate() {
            if !s.complete || !used.contains(&i) {
                continue;
            }
            let kw = if s.is_union { "union" } else { "struct" };
            let fields: Vec<String> = s
                .fields
                .iter()
                .map(|f| format!("{} @{}", c_decl(&p.structs, &f.ty, f.name.as_deref().unwrap_or("<anon>")), f.offset))
                .collect();
            let _ = writeln!(out, "{kw} {} (#{i}, {} bytes): {}", s.name, s.size, fields.join("; "));
        }
        for v in p.global_vars() {
            let init = p.globals.iter().find(|g| g.var == v).map(|g| self.expr(&g.value)).unwrap_or_else(|| "0".into());
            let _ = writeln!(out, "global {} = {init}", self.var_decl(v));
        }
        for o in &p.objects {
            let size = o.size.map(|s| s.to_string()).unwrap_or_else(|| "dynamic".into());
            match &o.kind {
                ObjKind::Global { init } => {
                    let items: Vec<String> =
                        init.iter().map(|it| format!("@{}: {}", it.offset, self.expr(&it.value))).collect();
                    let _ = writeln!(
                        out,
                        "object {}: {size} bytes  /* {} */ = {{{}}}",
                        o.name,
                        c_decl(&p.structs, &o.ctype, ""),
                        items.join(", ")
                    );
                }
                ObjKind::StringLit { bytes } => {
                    let _ = writeln!(out, "string {}: {size} bytes = {}", o.name, escape_c_string(bytes));
                }
                ObjKind::Function(f) => {
                    let name = p.functions.get(f.index()).map_or("?", |g| g.name.as_str());
                    let _ = writeln!(out, "function address {}: {size} bytes = &{name}", o.name);
                }
                ObjKind::Local(_) => {}
            }
        }
        for f in &p.functions {
            out.push('\n');
            self.function(&mut out, f);
        }
        out
    }
}

/// A C string literal for the bytes (without the final NUL).
pub fn escape_c_string(bytes: &[u8]) -> String {
    let body = bytes.strip_suffix(&[0]).unwrap_or(bytes);
    let mut s = String::from("\"");
    for &b in body {
        match b {
            b'\n' => s.push_str("\\n"),
            b'\t' => s.push_str("\\t"),
            b'\r' => s.push_str("\\r"),
            b'"' => s.push_str("\\\""),
            b'\\' => s.push_str("\\\\"),
            0x20..=0x7e => s.push(b as char),
            _ => {
                let _ = write!(s, "\\{b:03o}");
            }
        }
    }
    s.push('"');
    s
}

/// Structs the program's variables and objects mention (directly or through fields): the
/// headers declare many more.
fn used_structs(p: &Program) -> std::collections::BTreeSet<usize> {
    use crate::types::CType;
    fn visit(p: &Program, t: &CType, out: &mut std::collections::BTreeSet<usize>) {
        match t {
            CType::Struct(id) if out.insert(id.0 as usize) => {
                if let Some(s) = p.structs.get(id.0 as usize) {
                    for f in &s.fields {
                        visit(p, &f.ty, out);
                    }
                }
            }
            CType::Pointer(x) | CType::Array(x, _) => visit(p, x, out),
            CType::Function(f) => {
                visit(p, &f.ret, out);
                for a in &f.params {
                    visit(p, a, out);
                }
            }
            _ => {}
        }
    }
    let mut out = std::collections::BTreeSet::new();
    for v in &p.vars {
        visit(p, &v.ctype, &mut out);
    }
    for o in &p.objects {
        visit(p, &o.ctype, &mut out);
    }
    for f in &p.functions {
        if let Some(t) = &f.ctype {
            visit(p, t, &mut out);
        }
    }
    out
}
