//! The printf family. kappa has no variadic definitions, so a call with a literal format is
//! lowered here into calls of the C library model's formatting helpers, one per piece of the
//! format (`__kappa_fmt_lit`, `__kappa_fmt_int`, `__kappa_fmt_str`, …, see `kappa-libc`'s
//! `format.c`): they check every argument as glibc reads it (a `%s` argument must be a
//! terminated string inside its object), write `sprintf`/`snprintf`'s buffer exactly, and give
//! the exact return value. Output to stdout is also kept as kappa's `Output` operation, which
//! the concrete interpreter prints and symbolic execution ignores.

use super::expr::Value;
use super::{FuncEntry, Lowerer, Sym};
use crate::diag::Result;
use kappa_ir::*;
use lang_c::ast::*;
use lang_c::span::{Node, Span as LSpan};
use std::sync::Arc;

/// Flags passed to `__kappa_fmt_int` / `__kappa_fmt_str` (bit set).
const F_LEFT: i64 = 1;
const F_ZERO: i64 = 2;
const F_PLUS: i64 = 4;
const F_SPACE: i64 = 8;
const F_ALT: i64 = 16;
const F_PREC: i64 = 32;

/// One piece of a format string.
enum Piece<'f> {
    Lit(Vec<u8>),
    Conv { flags: i64, width: Arg, prec: Arg, len: &'f str, conv: u8 },
}

/// A width or precision: absent, given, or taken from the next argument (`*`).
#[derive(Clone, Copy)]
enum Arg {
    None,
    Fixed(i64),
    Star,
}

fn parse(fmt: &[u8]) -> std::result::Result<Vec<Piece<'_>>, String> {
    let mut out = Vec::new();
    let mut lit = Vec::new();
    let mut i = 0;
    let num = |i: &mut usize| -> i64 {
        let mut n: i64 = 0;
        while *i < fmt.len() && fmt[*i].is_ascii_digit() {
            n = (n * 10 + i64::from(fmt[*i] - b'0')).min(1 << 20);
            *i += 1;
        }
        n
    };
    while i < fmt.len() {
        if fmt[i] != b'%' {
            lit.push(fmt[i]);
            i += 1;
            continue;
        }
        i += 1;
        if fmt.get(i) == Some(&b'%') {
            lit.push(b'%');
            i += 1;
            continue;
        }
        let mut flags = 0;
        while let Some(f) = fmt.get(i).and_then(|c| match c {
            b'-' => Some(F_LEFT),
            b'0' => Some(F_ZERO),
            b'+' => Some(F_PLUS),
            b' ' => Some(F_SPACE),
            b'#' => Some(F_ALT),
            _ => None,
        }) {
            flags |= f;
            i += 1;
        }
        let width = if fmt.get(i) == Some(&b'*') {
            i += 1;
            Arg::Star
        } else if fmt.get(i).is_some_and(u8::is_ascii_digit) {
            Arg::Fixed(num(&mut i))
        } else {
            Arg::None
        };
        let prec = if fmt.get(i) == Some(&b'.') {
            i += 1;
            if fmt.get(i) == Some(&b'*') {
                i += 1;
                Arg::Star
            } else {
                Arg::Fixed(num(&mut i))
            }
        } else {
            Arg::None
        };
        let start = i;
        while fmt.get(i).is_some_and(|c| b"hlqjztL".contains(c)) {
            i += 1;
        }
        let len = std::str::from_utf8(&fmt[start..i]).unwrap_or("");
        let Some(&conv) = fmt.get(i) else { return Err("the format ends inside a conversion".into()) };
        i += 1;
        match conv {
            b'd' | b'i' | b'u' | b'x' | b'X' | b'o' | b'c' | b's' | b'p' => {}
            b'f' | b'F' | b'e' | b'E' | b'g' | b'G' | b'a' | b'A' => {
                return Err(format!("floating-point conversion `%{}`", conv as char))
            }
            b'n' => return Err("`%n` conversion".into()),
            c => return Err(format!("conversion `%{}`", c as char)),
        }
        if !matches!(len, "" | "hh" | "h" | "l" | "ll" | "q" | "j" | "z" | "t") {
            return Err(format!("length modifier `{len}`"));
        }
        if !lit.is_empty() {
            out.push(Piece::Lit(std::mem::take(&mut lit)));
        }
        out.push(Piece::Conv { flags, width, prec, len, conv });
    }
    if !lit.is_empty() {
        out.push(Piece::Lit(lit));
    }
    Ok(out)
}

/// Where the formatted text goes.
pub(crate) enum Dest {
    /// `printf`: standard output.
    Stdout,
    /// `fprintf(stream, …)`: the stream (stdout prints, others are checked and discarded).
    Stream(Expr),
    /// `sprintf(buf, …)` (no bound) and `snprintf(buf, n, …)`.
    Buffer(Expr, Option<Expr>),
}

impl<'a> Lowerer<'a> {
    /// Calls a function of the C library model the program need not declare.
    pub(crate) fn library_call(
        &mut self,
        name: &str,
        ret: CType,
        params: Vec<CType>,
        args: Vec<Expr>,
        span: &LSpan,
    ) -> Result<Option<VarId>> {
        // `__kappa_qsort@cmp`: the model specialised to a comparator (see `kappa-libc`).
        let base = name.split('@').next().unwrap_or(name);
        if !self.externs.contains(base) {
            return Err(self.unsupported(span, format!("`{base}` (this needs the C library model)")));
        }
        // One import for the whole program, whichever unit calls the model.
        let i = match self.file_scope_sym(name) {
            Some(Sym::Func(i)) => i,
            _ => {
                let ty = Arc::new(FuncType { ret: ret.clone(), params, variadic: false, unprototyped: false });
                let unit = self.unit;
                self.funcs.push(FuncEntry { name: name.to_string(), ty, def: None, id: None, nonnull: None, unit });
                let i = self.funcs.len() - 1;
                self.declare_external(name.to_string(), Sym::Func(i));
                i
            }
        };
        let id = self.func_id(i);
        let sp = self.span(span);
        let dst = if ret == CType::Void { None } else { Some(self.temp(ret)) };
        if self.no_eval == 0 {
            self.fcx.b.step(Op::Call { dst, func: id, args }, sp);
        }
        Ok(dst)
    }

    /// `printf`, `fprintf`, `sprintf`, `snprintf` (and `dprintf`-free family members that map to
    /// them): `fmt` and `rest` are the format and the arguments after it.
    pub(crate) fn printf_family(
        &mut self,
        name: &str,
        dest: Dest,
        fmt: &'a Node<Expression>,
        rest: &'a [Node<Expression>],
        span: &LSpan,
    ) -> Result<Value> {
        let sp = self.span(span);
        let pw = self.dm.ptr_bits();
        let size_t = self.size_t();
        let charp = CType::ptr_to(CType::CHAR);
        let Expression::StringLiteral(lit) = &fmt.node else {
            return Err(self.unsupported(&fmt.span, format!("`{name}` with a format that is not a string literal")));
        };
        let fmt_bytes = self.string_bytes(&lit.node, &fmt.span)?;
        let fmt_bytes = fmt_bytes[..fmt_bytes.len().saturating_sub(1)].to_vec();
        let pieces = parse(&fmt_bytes).map_err(|w| self.unsupported(&fmt.span, format!("`{name}`: {w}")))?;
        // Arguments, evaluated once, in order.
        let mut args: Vec<(Expr, CType)> = Vec::new();
        for a in rest {
            let (x, t) = self.scalar(a)?;
            if let CType::Float(_) = t {
                return Err(self.unsupported(&a.span, "floating-point arithmetic"));
            }
            let pt = self.promote(&t);
            let x = self.convert(x, &t, &pt);
            let x = self.materialize(x, &pt, sp);
            args.push((x, pt));
        }
        let dest_expr = match &dest {
            Dest::Stdout => None,
            Dest::Stream(s) => Some(self.materialize(s.clone(), &CType::ptr_to(CType::Void), sp)),
            Dest::Buffer(b, _) => Some(self.materialize(b.clone(), &charp, sp)),
        };
        // __kappa_fmt_begin(kind, dest, cap): kind 0 stdout, 1 stream, 2 buffer.
        let (kind, cap) = match &dest {
            Dest::Stdout => (0, Expr::uint(0, pw)),
            Dest::Stream(_) => (1, Expr::uint(0, pw)),
            Dest::Buffer(_, None) => (2, Expr::uint(u64::MAX, pw)),
            Dest::Buffer(_, Some(n)) => (3, n.clone()),
        };
        let vp = CType::ptr_to(CType::Void);
        let to_stdout = self.library_call(
            "__kappa_fmt_begin",
            CType::INT,
            vec![CType::INT, vp.clone(), size_t.clone()],
            vec![Expr::int(kind, 32), dest_expr.unwrap_or(Expr::Null), cap],
            span,
        )?;
        let mut next = 0usize;
        let mut take = |l: &mut Self, what: &str| -> Result<(Expr, CType)> {
            let a = args.get(next).cloned();
            next += 1;
            a.ok_or_else(|| l.error(span, format!("`{name}`: the format needs more arguments ({what})")))
        };
        let int = |l: &Self, (x, t): (Expr, CType), to: &CType| -> Expr { l.convert(x, &t, to) };
        let ll = CType::Int { rank: IntRank::LongLong, signed: true };
        for p in &pieces {
            match p {
                Piece::Lit(bytes) => {
                    let mut z = bytes.clone();
                    z.push(0);
                    let o = self.string_obj(z, sp);
                    self.library_call(
                        "__kappa_fmt_lit",
                        CType::Void,
                        vec![charp.clone(), size_t.clone()],
                        vec![Expr::AddrOf(o), Expr::uint(bytes.len() as u64, pw)],
                        span,
                    )?;
                }
                Piece::Conv { flags, width, prec, len, conv } => {
                    let mut flags = *flags;
                    let width = match width {
                        Arg::None => Expr::int(0, 32),
                        Arg::Fixed(n) => Expr::int(i128::from(*n), 32),
                        Arg::Star => {
                            let a = take(self, "a `*` width")?;
                            int(self, a, &CType::INT)
                        }
                    };
                    let prec = match prec {
                        Arg::None => Expr::int(0, 32),
                        Arg::Fixed(n) => {
                            flags |= F_PREC;
                            Expr::int(i128::from(*n), 32)
                        }
                        Arg::Star => {
                            flags |= F_PREC;
                            let a = take(self, "a `*` precision")?;
                            int(self, a, &CType::INT)
                        }
                    };
                    let head = vec![Expr::int(i128::from(*conv), 32), Expr::int(i128::from(flags), 32), width, prec];
                    let a = take(self, &format!("`%{}`", *conv as char))?;
                    match conv {
                        b's' => {
                            if !a.1.is_pointer() {
                                return Err(self.error(span, format!("`{name}`: `%s` needs a string argument")));
                            }
                            let mut args = head;
                            args.push(a.0);
                            let mut params = vec![CType::INT; 4];
                            params.push(charp.clone());
                            self.library_call("__kappa_fmt_str", CType::Void, params, args, span)?;
                        }
                        b'p' => {
                            let x = if a.1.is_pointer() { a.0 } else { int(self, a, &size_t) };
                            let mut args = head;
                            args.push(x);
                            let mut params = vec![CType::INT; 4];
                            params.push(vp.clone());
                            self.library_call("__kappa_fmt_ptr", CType::Void, params, args, span)?;
                        }
                        _ => {
                            if !a.1.is_integer() {
                                return Err(
                                    self.error(span, format!("`{name}`: `%{}` needs an integer", *conv as char))
                                );
                            }
                            let signed = matches!(conv, b'd' | b'i');
                            let rank = match *len {
                                "hh" => IntRank::Char,
                                "h" => IntRank::Short,
                                "l" | "z" | "t" => IntRank::Long,
                                "ll" | "q" | "j" => IntRank::LongLong,
                                _ => IntRank::Int,
                            };
                            // %c prints the argument converted to unsigned char.
                            let as_ty = if *conv == b'c' {
                                CType::Int { rank: IntRank::Char, signed: false }
                            } else {
                                CType::Int { rank, signed }
                            };
                            let v = int(self, a, &as_ty);
                            let v = self.convert(v, &as_ty, &ll);
                            let mut args = head;
                            args.push(v);
                            let mut params = vec![CType::INT; 4];
                            params.push(ll.clone());
                            // A stream only needs the length (no fork per digit count).
                            let helper = if matches!(dest, Dest::Buffer(..)) {
                                "__kappa_fmt_int"
                            } else {
                                "__kappa_fmt_int_len"
                            };
                            self.library_call(helper, CType::Void, params, args, span)?;
                        }
                    }
                }
            }
        }
        // Extra arguments were evaluated; glibc ignores them too.
        let n = self
            .library_call("__kappa_fmt_end", CType::INT, Vec::new(), Vec::new(), span)?
            .map_or(Expr::int(0, 32), Expr::Var);
        // The interpreter prints what goes to stdout.
        if let Some(to_stdout) = to_stdout {
            if !matches!(dest, Dest::Buffer(..)) && self.no_eval == 0 {
                let (yes, done) = (self.fcx.b.fresh(), self.fcx.b.fresh());
                self.fcx.b.branch(Expr::bin(BinOp::Ne, Expr::Var(to_stdout), Expr::int(0, 32)), yes, done, sp);
                self.fcx.b.cur = yes;
                let mut out = vec![Expr::AddrOf(self.string_obj(
                    {
                        let mut z = fmt_bytes.clone();
                        z.push(0);
                        z
                    },
                    sp,
                ))];
                out.extend(args.iter().map(|(x, _)| x.clone()));
                self.fcx.b.step(Op::Output { kind: OutputKind::Printf, args: out, dst: None }, sp);
                self.fcx.b.join(done, sp);
                self.fcx.b.cur = done;
            }
        }
        Ok(Value::Scalar(n, CType::INT))
    }
}
