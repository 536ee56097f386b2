//! `printf` for the integer, character, string and pointer conversions, as glibc prints them.

use crate::memory::Memory;
use crate::{limit, stuck, Value, INVALID_OBJ, R};
use kappa_ir::expr::{mask, to_signed};

pub(crate) struct Printf<'a> {
    pub mem: &'a Memory,
    /// Width of `long` in bits.
    pub long_bits: u32,
    /// Total output allowed (the run's whole output buffer).
    pub max_output: u64,
}

#[derive(Default)]
struct Spec {
    left: bool,
    plus: bool,
    space: bool,
    alt: bool,
    zero: bool,
    width: u64,
    prec: Option<u64>,
}

impl Printf<'_> {
    /// Formats `fmt` with `args` onto `out`; returns the number of bytes written.
    pub fn format(&self, fmt: &[u8], args: &[Value], out: &mut Vec<u8>) -> R<u64> {
        let start = out.len();
        let mut args = args.iter();
        let mut i = 0;
        while i < fmt.len() {
            let c = fmt[i];
            i += 1;
            if c != b'%' {
                self.emit(out, &[c])?;
                continue;
            }
            let conv_start = i - 1;
            let mut spec = Spec::default();
            while let Some(&f) = fmt.get(i) {
                match f {
                    b'-' => spec.left = true,
                    b'+' => spec.plus = true,
                    b' ' => spec.space = true,
                    b'#' => spec.alt = true,
                    b'0' => spec.zero = true,
                    b'\'' => {}
                    _ => break,
                }
                i += 1;
            }
            if fmt.get(i) == Some(&b'*') {
                i += 1;
                let w = to_signed(int_arg(args.next(), "field width")?, 32);
                if w < 0 {
                    spec.left = true;
                }
                spec.width = w.unsigned_abs();
            } else {
                spec.width = digits(fmt, &mut i);
            }
            if fmt.get(i) == Some(&b'.') {
                i += 1;
                if fmt.get(i) == Some(&b'*') {
                    i += 1;
                    let p = to_signed(int_arg(args.next(), "precision")?, 32);
                    spec.prec = u64::try_from(p).ok();
                } else {
                    spec.prec = Some(digits(fmt, &mut i));
                }
            }
            // Length modifier: the width of the C type the argument is converted to.
            let mut len_bits = 32;
            let mut has_len = false;
            let rest = &fmt[i.min(fmt.len())..];
            let (bits, skip) = match rest {
                [b'h', b'h', ..] => (8, 2),
                [b'h', ..] => (16, 1),
                [b'l', b'l', ..] | [b'q', ..] | [b'j', ..] => (64, if rest[0] == b'l' { 2 } else { 1 }),
                [b'l', ..] => (self.long_bits, 1),
                [b'z', ..] | [b't', ..] => (self.mem.pw, 1),
                [b'L', ..] => return stuck("printf: long double conversions are not supported"),
                _ => (32, 0),
            };
            if skip > 0 {
                len_bits = bits;
                has_len = true;
                i += skip;
            }
            let Some(&conv) = fmt.get(i) else { return stuck("printf: format ends inside a conversion") };
            i += 1;
            match conv {
                b'%' => self.emit(out, b"%")?,
                b'd' | b'i' => {
                    let raw = int_arg(args.next(), "%d")? & mask(len_bits);
                    let v = to_signed(raw, len_bits);
                    self.integer(out, &spec, 10, false, true, v < 0, v.unsigned_abs())?;
                }
                b'u' | b'o' | b'x' | b'X' => {
                    let v = int_arg(args.next(), "%u")? & mask(len_bits);
                    let base = match conv {
                        b'u' => 10,
                        b'o' => 8,
                        _ => 16,
                    };
                    self.integer(out, &spec, base, conv == b'X', false, false, v)?;
                }
                b'c' => {
                    if has_len {
                        return stuck("printf: wide characters are not supported");
                    }
                    let v = int_arg(args.next(), "%c")? as u8;
                    self.padded(out, &spec, &[v])?;
                }
                b's' => {
                    if has_len {
                        return stuck("printf: wide strings are not supported");
                    }
                    let s = match args.next() {
                        Some(Value::Ptr { obj: 0, off: 0 }) => {
                            if spec.prec.is_none_or(|p| p >= 6) {
                                b"(null)".to_vec()
                            } else {
                                Vec::new()
                            }
                        }
                        Some(Value::Ptr { obj, off }) => self.mem.read_cstr(*obj, *off, spec.prec)?,
                        _ => return stuck("printf: %s needs a pointer argument"),
                    };
                    self.padded(out, &spec, &s)?;
                }
                b'p' => match args.next() {
                    Some(Value::Ptr { obj: 0, off: 0 }) => self.padded(out, &spec, b"(nil)")?,
                    Some(Value::Ptr { obj, off }) => {
                        let enc = if *obj == INVALID_OBJ { *off } else { self.mem.encode(*obj, *off) };
                        spec.alt = true;
                        self.integer(out, &spec, 16, false, false, false, enc)?;
                    }
                    _ => return stuck("printf: %p needs a pointer argument"),
                },
                _ => {
                    let shown = String::from_utf8_lossy(&fmt[conv_start..i]).into_owned();
                    return stuck(format!("printf: unsupported conversion `{shown}`"));
                }
            }
        }
        Ok((out.len() - start) as u64)
    }

    fn room(&self, out: &[u8], n: u64) -> R<()> {
        if (out.len() as u64).saturating_add(n) > self.max_output {
            return limit(format!("output limit of {} bytes exceeded", self.max_output));
        }
        Ok(())
    }

    fn emit(&self, out: &mut Vec<u8>, s: &[u8]) -> R<()> {
        self.room(out, s.len() as u64)?;
        out.extend_from_slice(s);
        Ok(())
    }

    fn fill(&self, out: &mut Vec<u8>, b: u8, n: u64) -> R<()> {
        self.room(out, n)?;
        out.resize(out.len() + n as usize, b);
        Ok(())
    }

    /// A string or character field: space padding only (glibc ignores `0` here).
    fn padded(&self, out: &mut Vec<u8>, spec: &Spec, s: &[u8]) -> R<()> {
        let pad = spec.width.saturating_sub(s.len() as u64);
        if !spec.left {
            self.fill(out, b' ', pad)?;
        }
        self.emit(out, s)?;
        if spec.left {
            self.fill(out, b' ', pad)?;
        }
        Ok(())
    }

    /// An integer field. `signed`: a `%d`/`%i` conversion, `neg`: its value is negative, `mag`:
    /// the magnitude.
    #[allow(clippy::too_many_arguments)]
    fn integer(
        &self,
        out: &mut Vec<u8>,
        spec: &Spec,
        base: u32,
        upper: bool,
        signed: bool,
        neg: bool,
        mag: u64,
    ) -> R<()> {
        let mut digits = match (base, upper) {
            (8, _) => format!("{mag:o}"),
            (16, false) => format!("{mag:x}"),
            (16, true) => format!("{mag:X}"),
            _ => mag.to_string(),
        }
        .into_bytes();
        if spec.prec == Some(0) && mag == 0 {
            digits.clear();
        }
        // Zeros demanded by the precision (and by `#` for octal: the first digit must be 0).
        let mut zeros = spec.prec.unwrap_or(0).saturating_sub(digits.len() as u64);
        if base == 8 && spec.alt && zeros == 0 && digits.first() != Some(&b'0') {
            zeros = 1;
        }
        let prefix: &[u8] = if base == 10 {
            // `+` and space apply to signed conversions only.
            match (neg, signed && spec.plus, signed && spec.space) {
                (true, _, _) => b"-",
                (false, true, _) => b"+",
                (false, false, true) => b" ",
                _ => b"",
            }
        } else if base == 16 && spec.alt && mag != 0 {
            if upper {
                b"0X"
            } else {
                b"0x"
            }
        } else {
            b""
        };
        let body = (prefix.len() as u64).saturating_add(zeros).saturating_add(digits.len() as u64);
        let pad = spec.width.saturating_sub(body);
        if spec.zero && !spec.left && spec.prec.is_none() {
            zeros = zeros.saturating_add(pad);
            self.emit(out, prefix)?;
            self.fill(out, b'0', zeros)?;
            self.emit(out, &digits)?;
            return Ok(());
        }
        if !spec.left {
            self.fill(out, b' ', pad)?;
        }
        self.emit(out, prefix)?;
        self.fill(out, b'0', zeros)?;
        self.emit(out, &digits)?;
        if spec.left {
            self.fill(out, b' ', pad)?;
        }
        Ok(())
    }
}

fn digits(fmt: &[u8], i: &mut usize) -> u64 {
    let mut n: u64 = 0;
    while let Some(d) = fmt.get(*i).filter(|b| b.is_ascii_digit()) {
        n = n.saturating_mul(10).saturating_add(u64::from(d - b'0'));
        *i += 1;
    }
    n
}

/// The bits of an integer argument (zero-extended from its width, as a register would hold it).
fn int_arg(v: Option<&Value>, what: &str) -> R<u64> {
    match v {
        Some(Value::Int { bits, .. }) => Ok(*bits),
        Some(Value::Bool(b)) => Ok(u64::from(*b)),
        Some(Value::Ptr { .. }) => stuck(format!("printf: {what} needs an integer argument, got a pointer")),
        None => stuck(format!("printf: missing argument for {what}")),
    }
}
