//! Instrumentation of the preprocessed text: byte-offset edits at the IR's input and error sites,
//! prototypes of the site functions before the program, their definitions (which call the
//! runtime) and, for an entry other than `main`, a generated `main` after it.

use crate::lex::{ident_at, identifiers, skip_attributes, skip_group, skip_ws};
use crate::sites::{error_of_loc, input_key, input_of_edge, ErrForm, ErrorSite, Role};
use kappa_ir::testcase::InputKind;
use kappa_ir::types::c_decl;
use kappa_ir::*;
use std::collections::HashMap;
use std::fmt::Write as _;

/// What the harness does with a test input matched to a site.
#[derive(Clone, Debug)]
pub(crate) enum InputPlan {
    /// Fed to the instrumented site `k`.
    Site(usize),
    /// Not read by the compiled program (memory overwritten before it is read).
    Ignored,
    /// Needed but not instrumentable.
    Unsupported(String),
}

/// A parameter of a generated `main`'s call of the entry function.
#[derive(Clone, Debug)]
pub(crate) struct ParamPlan {
    pub name: String,
}

/// The instrumented program and what its sites are.
/// An input site's [`input_key`]: offset in the preprocessed text, kind, name.
pub(crate) type InputKey = (u32, u8, String);
/// An input site's line, column, kind and name.
pub(crate) type SitePosition = (u32, u32, u8, String);

pub(crate) struct Plan {
    /// The program's translation unit, instrumented (in a program of several files, the unit
    /// that defines the entry function, which holds the site functions).
    pub text: String,
    /// The other translation units of a program of several files, instrumented.
    pub others: Vec<String>,
    /// Test inputs by [`input_key`].
    pub inputs: HashMap<(u32, u8, String), InputPlan>,
    /// Per site number: `file:line:col (what)`, for messages.
    pub site_desc: Vec<String>,
    /// Error sites by site number.
    pub errors: HashMap<usize, ErrorSite>,
    /// Parameters of the entry function when a `main` is generated for it.
    pub params: Option<Vec<ParamPlan>>,
    /// The keys of [`Self::inputs`] by source position, kind and name, with the site's file:
    /// a test made from the program named another way (`/abs/a.c` and `a.c`) has other
    /// offsets, since the preprocessor writes the name into the text.
    pub by_position: HashMap<SitePosition, Vec<(String, InputKey)>>,
}

struct Edit {
    pos: usize,
    del: usize,
    text: String,
    seq: usize,
}

#[derive(Default)]
struct Builder {
    edits: Vec<Edit>,
    protos: String,
    stubs: String,
    site_desc: Vec<String>,
}

impl Builder {
    fn site(&mut self, desc: String) -> usize {
        self.site_desc.push(desc);
        self.site_desc.len() - 1
    }

    fn replace(&mut self, pos: usize, del: usize, text: String) {
        let seq = self.edits.len();
        self.edits.push(Edit { pos, del, text, seq });
    }

    fn insert(&mut self, pos: usize, text: String) {
        self.replace(pos, 0, text);
    }
}

/// The C spelling of an input's type for a site function's return, and whether it is a pointer.
fn scalar_type(prog: &Program, t: &CType) -> Option<(String, bool)> {
    match t {
        CType::Int { .. } => Some((c_decl(&prog.structs, t, ""), false)),
        CType::Pointer(p) if !matches!(**p, CType::Function(_)) => Some(("void *".into(), true)),
        _ => None,
    }
}

fn value_expr(ty: &str, is_ptr: bool, fetch: &str) -> String {
    if is_ptr {
        format!("(void *) (unsigned long) {fetch}")
    } else {
        format!("({ty}) {fetch}")
    }
}

/// `s` as a C string literal (also the decompiled slice's `#line` file names).
pub fn c_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\{:03o}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Plans and applies the instrumentation of `prog` run from `entry`.
pub(crate) fn instrument(prog: &Program, entry: &str) -> Result<Plan, String> {
    let text = prog.source.as_str();
    let mut b = Builder::default();
    let mut inputs: HashMap<(u32, u8, String), InputPlan> = HashMap::new();
    let mut by_position: HashMap<SitePosition, Vec<(String, InputKey)>> = HashMap::new();
    let mut errors: HashMap<usize, ErrorSite> = HashMap::new();
    let mut error_offsets: HashMap<u32, usize> = HashMap::new();

    for func in &prog.functions {
        for edge in &func.edges {
            if let Some((kind, name, role)) = input_of_edge(prog, func, edge) {
                let key = input_key(kind, edge.span.offset, &name);
                if inputs.contains_key(&key) {
                    continue;
                }
                let file = prog.files.get(edge.span.file as usize).cloned().unwrap_or_default();
                by_position
                    .entry((edge.span.line, edge.span.col, key.1, name.clone()))
                    .or_default()
                    .push((file, key.clone()));
                let desc = format!("{} ({})", prog.fmt_span(edge.span), describe(kind, &name));
                let plan = match plan_input(prog, &mut b, edge.span, &role, desc) {
                    Ok(p) => p,
                    Err(why) => InputPlan::Unsupported(why),
                };
                inputs.insert(key, plan);
            }
        }
        for info in &func.locs {
            if let Some(site) = error_of_loc(prog, info) {
                if error_offsets.contains_key(&site.span.offset) {
                    continue;
                }
                let desc = format!("{} ({})", prog.fmt_span(site.span), site.kind);
                if let Some(k) = plan_error(text, &mut b, &site, desc) {
                    error_offsets.insert(site.span.offset, k);
                    errors.insert(k, site);
                }
            }
        }
    }

    let params = if entry != "main" {
        for (pos, id) in identifiers(text) {
            if id == "main" {
                b.replace(pos, 4, "__kappa_orig_main".into());
            }
        }
        Some(entry_main(prog, entry, &mut b)?)
    } else {
        argv_main(prog, text, &mut b);
        None
    };

    // A program of several files: each unit's part of the text, with its edits, is a
    // translation unit of its own; the site functions go with the entry's definition.
    let ranges: Vec<(String, usize, usize)> = if prog.units.len() > 1 {
        prog.units.iter().map(|u| (u.file.clone(), u.start as usize, u.end as usize)).collect()
    } else {
        vec![(prog.files.first().cloned().unwrap_or_default(), 0, text.len())]
    };
    let home = prog
        .func_by_name(entry)
        .map(|f| f.span.offset as usize)
        .and_then(|at| ranges.iter().position(|(_, s, e)| (*s..*e).contains(&at)))
        .unwrap_or(0);
    let mut edits = std::mem::take(&mut b.edits);
    let mut texts = Vec::with_capacity(ranges.len());
    for (k, (file, start, end)) in ranges.iter().enumerate() {
        let text = text.get(*start..*end).ok_or("the program's units do not fit its text")?;
        let mut mine: Vec<Edit> = Vec::new();
        edits.retain_mut(|e| {
            let inside = (*start..*end).contains(&e.pos) || (e.pos == *end && k + 1 == ranges.len());
            if inside {
                mine.push(Edit { pos: e.pos - start, del: e.del, text: std::mem::take(&mut e.text), seq: e.seq });
            }
            !inside
        });
        let body = apply(text, &mut mine)?;
        let mut out = String::with_capacity(body.len() + b.protos.len() + b.stubs.len() + 1024);
        // The first line marker names the compilation unit: the program's file, as without
        // instrumentation.
        let _ = writeln!(out, "# 0 {}", c_string(file));
        out.push_str(PRELUDE);
        out.push_str(&b.protos);
        let _ = writeln!(out, "# 1 {}", c_string(file));
        out.push_str(&body);
        if !body.ends_with('\n') {
            out.push('\n');
        }
        if k == home {
            out.push_str("# 1 \"<kappa-replay>\"\n");
            out.push_str(&b.stubs);
        }
        texts.push(out);
    }
    if let Some(e) = edits.first() {
        return Err(format!("instrumentation outside the program's units at byte {}", e.pos));
    }
    let text = texts.remove(home);
    Ok(Plan { text, others: texts, inputs, site_desc: b.site_desc, errors, params, by_position })
}

const PRELUDE: &str = "extern unsigned long long __kappa_rt_value(int);
extern void __kappa_rt_fill(int, void *, unsigned long);
extern void *__kappa_rt_malloc(int, unsigned long);
extern void *__kappa_rt_realloc(int, void *, unsigned long);
extern int *__kappa_rt_errno(void);
extern void __kappa_rt_error(int) __attribute__((__noreturn__));
extern void __kappa_rt_assert_fail(int, const char *, const char *, unsigned int, const char *) __attribute__((__noreturn__));
extern unsigned long long __kappa_rt_arg(int);
extern void *__kappa_rt_heap_arg(int);
";

fn describe(kind: InputKind, name: &str) -> String {
    match kind {
        InputKind::Nondet => format!("{name}()"),
        InputKind::Uninit => format!("uninitialised `{name}`"),
        InputKind::Memory if name == "malloc" || name == "alloca" => format!("contents of {name}'d memory"),
        InputKind::Memory => format!("contents of uninitialised `{name}`"),
        InputKind::Param => format!("parameter `{name}`"),
    }
}

fn plan_input(prog: &Program, b: &mut Builder, span: Span, role: &Role, desc: String) -> Result<InputPlan, String> {
    let text = prog.source.as_str();
    let at = span.offset as usize;
    let here = || format!("at {}", prog.fmt_span(span));
    let expect_ident = |want: &str| -> Result<(), String> {
        match ident_at(text, at) {
            Some(id) if id == want => Ok(()),
            other => {
                Err(format!("{}: expected `{want}` in the preprocessed text, found `{}`", here(), other.unwrap_or("")))
            }
        }
    };
    match role {
        Role::Ignored => Ok(InputPlan::Ignored),
        Role::Nondet { callee, ctype } => {
            expect_ident(callee)?;
            let (ty, is_ptr) =
                scalar_type(prog, ctype).ok_or_else(|| format!("{}: input of a non-scalar type", here()))?;
            let k = b.site(desc);
            b.replace(at, callee.len(), format!("__kappa_in_{k}"));
            let _ = writeln!(b.protos, "extern {ty} __kappa_in_{k}();");
            let v = value_expr(&ty, is_ptr, &format!("__kappa_rt_value({k})"));
            let _ = writeln!(b.stubs, "{ty} __kappa_in_{k}() {{ return {v}; }}");
            Ok(InputPlan::Site(k))
        }
        Role::Uninit { var, ctype } => {
            expect_ident(var)?;
            let (ty, is_ptr) =
                scalar_type(prog, ctype).ok_or_else(|| format!("{}: input of a non-scalar type", here()))?;
            let pos = skip_attributes(text, at + var.len());
            let next = skip_ws(text, pos);
            if !matches!(text.as_bytes().get(next), Some(b',' | b';')) {
                return Err(format!("{}: cannot insert an initialiser after `{var}`", here()));
            }
            let k = b.site(desc);
            b.insert(pos, format!(" = __kappa_in_{k}()"));
            let _ = writeln!(b.protos, "extern {ty} __kappa_in_{k}(void);");
            let v = value_expr(&ty, is_ptr, &format!("__kappa_rt_value({k})"));
            let _ = writeln!(b.stubs, "{ty} __kappa_in_{k}(void) {{ return {v}; }}");
            Ok(InputPlan::Site(k))
        }
        Role::Fill { var } => {
            expect_ident(var)?;
            // The end of the declarator: the name, array dimensions, attributes.
            let mut pos = at + var.len();
            loop {
                let p = skip_ws(text, pos);
                match skip_group(text, p) {
                    Some(end) if text.as_bytes()[p] == b'[' => pos = end,
                    _ => break,
                }
            }
            let pos = skip_attributes(text, pos);
            let next = skip_ws(text, pos);
            if !matches!(text.as_bytes().get(next), Some(b',' | b';')) {
                return Err(format!("{}: cannot find the end of the declarator of `{var}`", here()));
            }
            let k = b.site(desc);
            b.insert(pos, format!(", *__kappa_d{k} = (__kappa_fill_{k}(&{var}, sizeof {var}), (void *) 0)"));
            let _ = writeln!(b.protos, "extern void __kappa_fill_{k}(void *, unsigned long);");
            let _ =
                writeln!(b.stubs, "void __kappa_fill_{k}(void *p, unsigned long n) {{ __kappa_rt_fill({k}, p, n); }}");
            Ok(InputPlan::Site(k))
        }
        Role::Alloca => {
            let callee = ident_at(text, at).unwrap_or("");
            if callee != "alloca" && callee != "__builtin_alloca" {
                return Err(format!("{}: expected `alloca` in the preprocessed text, found `{callee}`", here()));
            }
            let open = skip_ws(text, at + callee.len());
            let Some(close) = skip_group(text, open).filter(|_| text.as_bytes().get(open) == Some(&b'(')) else {
                return Err(format!("{}: cannot find the arguments of `{callee}`", here()));
            };
            // A statement expression (the compiled text is not preprocessed again): the block
            // must live in the caller's frame, as alloca's does.
            let k = b.site(desc);
            b.replace(at, callee.len(), "({ unsigned long __kappa_n = ".into());
            b.insert(
                close,
                format!(
                    "; void *__kappa_p = __builtin_alloca(__kappa_n); __kappa_rt_fill({k}, __kappa_p, __kappa_n); \
                     __kappa_p; }})"
                ),
            );
            Ok(InputPlan::Site(k))
        }
        Role::Realloc { callee } if callee == "reallocarray" => {
            expect_ident(callee)?;
            let k = b.site(desc);
            b.replace(at, callee.len(), format!("__kappa_reallocarray_{k}"));
            let _ = writeln!(b.protos, "extern void *__kappa_reallocarray_{k}(void *, unsigned long, unsigned long);");
            // Where n * m overflows, reallocarray reads no input: NULL and ENOMEM, as glibc's.
            let _ = writeln!(
                b.stubs,
                "void *__kappa_reallocarray_{k}(void *p, unsigned long n, unsigned long m) {{ if (m != 0 && n > \
                 (unsigned long)-1 / m) {{ *__kappa_rt_errno() = 12; return (void *)0; }} return \
                 __kappa_rt_realloc({k}, p, n * m); }}"
            );
            Ok(InputPlan::Site(k))
        }
        Role::Realloc { .. } => {
            expect_ident("realloc")?;
            let k = b.site(desc);
            b.replace(at, "realloc".len(), format!("__kappa_realloc_{k}"));
            let _ = writeln!(b.protos, "extern void *__kappa_realloc_{k}(void *, unsigned long);");
            let _ = writeln!(
                b.stubs,
                "void *__kappa_realloc_{k}(void *p, unsigned long n) {{ return __kappa_rt_realloc({k}, p, n); }}"
            );
            Ok(InputPlan::Site(k))
        }
        Role::Malloc => {
            expect_ident("malloc")?;
            let k = b.site(desc);
            b.replace(at, "malloc".len(), format!("__kappa_malloc_{k}"));
            let _ = writeln!(b.protos, "extern void *__kappa_malloc_{k}(unsigned long);");
            let _ =
                writeln!(b.stubs, "void *__kappa_malloc_{k}(unsigned long n) {{ return __kappa_rt_malloc({k}, n); }}");
            Ok(InputPlan::Site(k))
        }
    }
}

fn plan_error(text: &str, b: &mut Builder, site: &ErrorSite, desc: String) -> Option<usize> {
    let at = site.span.offset as usize;
    match &site.form {
        ErrForm::Call(name) => {
            let k = b.site(desc);
            b.replace(at, name.len(), format!("__kappa_err_{k}"));
            let _ = writeln!(b.protos, "extern void __kappa_err_{k}() __attribute__((__noreturn__));");
            let _ = writeln!(b.stubs, "void __kappa_err_{k}() {{ __kappa_rt_error({k}); }}");
            Some(k)
        }
        ErrForm::AssertFail(name) if name == "__assert_fail" => {
            let k = b.site(desc);
            b.replace(at, name.len(), format!("__kappa_afail_{k}"));
            let _ = writeln!(
                b.protos,
                "extern void __kappa_afail_{k}(const char *, const char *, unsigned int, const char *) \
                 __attribute__((__noreturn__));"
            );
            let _ = writeln!(
                b.stubs,
                "void __kappa_afail_{k}(const char *a, const char *f, unsigned int l, const char *fn) \
                 {{ __kappa_rt_assert_fail({k}, a, f, l, fn); }}"
            );
            Some(k)
        }
        ErrForm::AssertFail(name) => {
            let k = b.site(desc);
            b.replace(at, name.len(), format!("__kappa_err_{k}"));
            let _ = writeln!(b.protos, "extern void __kappa_err_{k}() __attribute__((__noreturn__));");
            let _ = writeln!(b.stubs, "void __kappa_err_{k}() {{ __kappa_rt_error({k}); }}");
            Some(k)
        }
        ErrForm::Check(name) => {
            let open = skip_ws(text, at + name.len());
            let end = site.span.end as usize;
            if text.as_bytes().get(open) != Some(&b'(') || end == 0 || text.as_bytes().get(end - 1) != Some(&b')') {
                return None;
            }
            let k = b.site(desc);
            b.replace(at, name.len(), format!("__kappa_chk_{k}"));
            b.insert(open + 1, "!!(".into());
            b.insert(end - 1, ")".into());
            let _ = writeln!(b.protos, "extern void __kappa_chk_{k}(int);");
            let _ = writeln!(b.stubs, "void __kappa_chk_{k}(int ok) {{ if (!ok) __kappa_rt_error({k}); }}");
            Some(k)
        }
    }
}

/// For a `main` that reads its command line: a `main` that copies every argument into a heap
/// block of its exact size before calling the program's, so that the sanitizers see a read past
/// an argument's terminator as kappa does (the process's own argv strings lie unguarded side by
/// side).
fn argv_main(prog: &Program, text: &str, b: &mut Builder) {
    let Some(main) = prog.func_by_name("main") else { return };
    let nparams = main.params.len();
    if !(2..=3).contains(&nparams) {
        return;
    }
    for (pos, id) in identifiers(text) {
        if id == "main" {
            b.replace(pos, 4, "__kappa_orig_main".into());
        }
    }
    let envp = if nparams == 3 { ", envp" } else { "" };
    let _ = writeln!(
        b.stubs,
        "int main(int argc, char **argv, char **envp) {{ char **a = __builtin_malloc((argc + 1) * sizeof(char *)); \
         for (int i = 0; i < argc; i++) {{ unsigned long n = __builtin_strlen(argv[i]) + 1; \
         a[i] = __builtin_malloc(n); __builtin_memcpy(a[i], argv[i], n); }} a[argc] = 0; (void)envp; \
         return __kappa_orig_main(argc, a{envp}); }}"
    );
}

/// A `main` that calls the entry function with the test's arguments.
fn entry_main(prog: &Program, entry: &str, b: &mut Builder) -> Result<Vec<ParamPlan>, String> {
    let func = prog.func_by_name(entry).ok_or_else(|| format!("no function `{entry}` in the program"))?;
    let Some(CType::Function(ft)) = &func.ctype else {
        return Err(format!("the type of `{entry}` is unknown"));
    };
    if ft.variadic || ft.unprototyped && !ft.params.is_empty() {
        return Err(format!("`{entry}` has no prototype: cannot call it with the test's arguments"));
    }
    let mut args = Vec::new();
    let mut params = Vec::new();
    for (i, t) in ft.params.iter().enumerate() {
        let (ty, is_ptr) = scalar_type(prog, t)
            .ok_or_else(|| format!("parameter {} of `{entry}` is not an integer or a pointer", i + 1))?;
        // A pointer parameter is a reference into the test's input heap (object id, 0: null).
        args.push(if is_ptr {
            format!("__kappa_rt_heap_arg({i})")
        } else {
            value_expr(&ty, false, &format!("__kappa_rt_arg({i})"))
        });
        let name = func.params.get(i).map(|v| prog.var(*v).name.clone()).unwrap_or_else(|| format!("$p{i}"));
        params.push(ParamPlan { name });
    }
    let call = format!("{entry}({})", args.join(", "));
    let body = match ft.ret {
        CType::Int { .. } => format!("return (int) {call};"),
        CType::Struct(_) => return Err(format!("`{entry}` returns a struct: cannot be an entry for replay")),
        _ => format!("{call}; return 0;"),
    };
    let _ = writeln!(b.stubs, "int main(void) {{ {body} }}");
    Ok(params)
}

/// Applies the edits; replacements must not overlap. At one position, insertions go before a
/// replacement, in the order they were made.
fn apply(text: &str, edits: &mut [Edit]) -> Result<String, String> {
    edits.sort_by_key(|e| (e.pos, e.del != 0, e.seq));
    let mut out = String::with_capacity(text.len() + edits.len() * 32);
    let mut at = 0;
    for e in edits.iter() {
        if e.pos < at {
            return Err(format!("overlapping instrumentation at byte {}", e.pos));
        }
        if !text.is_char_boundary(e.pos) || !text.is_char_boundary(e.pos + e.del) {
            return Err(format!("instrumentation inside a character at byte {}", e.pos));
        }
        out.push_str(&text[at..e.pos]);
        out.push_str(&e.text);
        at = e.pos + e.del;
    }
    out.push_str(&text[at..]);
    Ok(out)
}
