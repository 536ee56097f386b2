//! C89 implicit declarations of library functions. A program may call `realloc` or `strlen`
//! without including their header; gcc then warns ("implicit declaration of function") and, for
//! the functions it knows as built-ins, uses the library's prototype. kappa does the same for
//! the functions its C library model provides: their prototypes are appended to the program's
//! text (after it, so no position moves) and a warning names the first call. A function with
//! neither a declaration nor a model stays an error.

use crate::diag::Pos;
use crate::source_map::SourceMap;
use kappa_ir::DataModel;
use lang_c::ast::*;
use lang_c::span::{Node, Span};
use lang_c::visit::Visit;
use std::collections::{BTreeMap, BTreeSet};

/// The library's prototype of `name`, written with `S` for `size_t`.
fn prototype(name: &str) -> Option<&'static str> {
    Some(match name {
        "realloc" => "void *realloc(void *, S)",
        "reallocarray" => "void *reallocarray(void *, S, S)",
        "memcpy" => "void *memcpy(void *, const void *, S)",
        "memmove" => "void *memmove(void *, const void *, S)",
        "memset" => "void *memset(void *, int, S)",
        "memcmp" => "int memcmp(const void *, const void *, S)",
        "memchr" => "void *memchr(const void *, int, S)",
        "strlen" => "S strlen(const char *)",
        "strnlen" => "S strnlen(const char *, S)",
        "strcpy" => "char *strcpy(char *, const char *)",
        "strncpy" => "char *strncpy(char *, const char *, S)",
        "strcat" => "char *strcat(char *, const char *)",
        "strncat" => "char *strncat(char *, const char *, S)",
        "strcmp" => "int strcmp(const char *, const char *)",
        "strncmp" => "int strncmp(const char *, const char *, S)",
        "strchr" => "char *strchr(const char *, int)",
        "strrchr" => "char *strrchr(const char *, int)",
        "strstr" => "char *strstr(const char *, const char *)",
        "strdup" => "char *strdup(const char *)",
        "strndup" => "char *strndup(const char *, S)",
        "strspn" => "S strspn(const char *, const char *)",
        "strcspn" => "S strcspn(const char *, const char *)",
        "abs" => "int abs(int)",
        "labs" => "long labs(long)",
        "llabs" => "long long llabs(long long)",
        "atoi" => "int atoi(const char *)",
        "atol" => "long atol(const char *)",
        "atoll" => "long long atoll(const char *)",
        "strtol" => "long strtol(const char *, char **, int)",
        "strtoul" => "unsigned long strtoul(const char *, char **, int)",
        "strtoll" => "long long strtoll(const char *, char **, int)",
        "strtoull" => "unsigned long long strtoull(const char *, char **, int)",
        "rand" => "int rand(void)",
        "srand" => "void srand(unsigned int)",
        "getchar" => "int getchar(void)",
        "isalnum" => "int isalnum(int)",
        "isalpha" => "int isalpha(int)",
        "isascii" => "int isascii(int)",
        "isblank" => "int isblank(int)",
        "iscntrl" => "int iscntrl(int)",
        "isdigit" => "int isdigit(int)",
        "isgraph" => "int isgraph(int)",
        "islower" => "int islower(int)",
        "isprint" => "int isprint(int)",
        "ispunct" => "int ispunct(int)",
        "isspace" => "int isspace(int)",
        "isupper" => "int isupper(int)",
        "isxdigit" => "int isxdigit(int)",
        "tolower" => "int tolower(int)",
        "toupper" => "int toupper(int)",
        "toascii" => "int toascii(int)",
        _ => return None,
    })
}

/// Names called and names declared anywhere in a translation unit.
#[derive(Default)]
struct Uses {
    called: BTreeMap<String, usize>,
    declared: BTreeSet<String>,
    /// The functions `atexit` and `at_quick_exit` register, in the order of their first
    /// registration in the text (one numbering for both tables).
    atexit: Vec<String>,
}

impl<'ast> Visit<'ast> for Uses {
    fn visit_call_expression(&mut self, c: &'ast CallExpression, span: &'ast Span) {
        if let Expression::Identifier(id) = &c.callee.node {
            self.called.entry(id.node.name.clone()).or_insert(c.callee.span.start);
            if id.node.name == "atexit" || id.node.name == "at_quick_exit" {
                if let [Node { node: Expression::Identifier(h), .. }] = c.arguments.as_slice() {
                    if !self.atexit.contains(&h.node.name) {
                        self.atexit.push(h.node.name.clone());
                    }
                }
            }
        }
        lang_c::visit::visit_call_expression(self, c, span);
    }

    fn visit_declarator_kind(&mut self, k: &'ast DeclaratorKind, span: &'ast Span) {
        if let DeclaratorKind::Identifier(id) = k {
            self.declared.insert(id.node.name.clone());
        }
        lang_c::visit::visit_declarator_kind(self, k, span);
    }
}

/// What the front-end appends to a program's text: the declarations of the library functions
/// `unit` calls without declaring, with a warning for each (at its first call), and the
/// handlers' table of `atexit` ([`ATEXIT_REGISTER`], [`ATEXIT_RUN`]). `provided` are the names
/// the C library model has. The functions `atexit` registers, in the order of their numbers.
pub(crate) fn declarations(
    unit: &TranslationUnit,
    sm: &SourceMap,
    dm: DataModel,
    provided: &BTreeSet<String>,
) -> (String, Vec<(Pos, String)>, Vec<String>) {
    let mut uses = Uses::default();
    uses.visit_translation_unit(unit);
    let size_t = match dm {
        DataModel::LP64 => "unsigned long",
        DataModel::ILP32 => "unsigned int",
    };
    let (mut text, mut warnings) = (String::new(), Vec::new());
    let mut called: Vec<(&String, &usize)> = uses.called.iter().collect();
    called.sort_by_key(|(_, offset)| **offset);
    for (name, offset) in called {
        if uses.declared.contains(name) || !provided.contains(name) {
            continue;
        }
        let Some(proto) = prototype(name) else { continue };
        let proto = proto.replace('S', size_t);
        text.push_str(&proto);
        text.push_str(";\n");
        warnings.push((
            sm.pos(*offset),
            format!("implicit declaration of function `{name}` (C89); kappa uses the C library's `{proto}`"),
        ));
    }
    if (uses.called.contains_key("realloc") || uses.called.contains_key("reallocarray"))
        && provided.contains(REALLOC_INTO)
    {
        text.push_str(&format!("void *{REALLOC_INTO}(void *, {size_t}, void *);\n"));
    }
    if !uses.atexit.is_empty() {
        text.push_str(&atexit_table(&uses.atexit));
    }
    (text, warnings, uses.atexit)
}

/// `realloc(p, n)` is lowered to a nondet-initialised block of `n` bytes, allocated at the call
/// as `malloc`'s, and `REALLOC_INTO(p, n, block)`, the C library's copy of the old bytes.
pub(crate) const REALLOC_INTO: &str = "__kappa_realloc_into";

/// `atexit(f)` is lowered to `ATEXIT_REGISTER(k)`, `f` being the `k`-th handler (from 1).
pub(crate) const ATEXIT_REGISTER: &str = "__kappa_atexit_register";
/// Runs the registered handlers, last registered first: called by `exit` and at the return
/// from `main` (not by `abort`, `_exit`, or an error), before the program terminates, so
/// that whatever is checked at termination sees the memory the handlers left.
pub(crate) const ATEXIT_RUN: &str = "__kappa_atexit_run";
/// `at_quick_exit(f)` (C11 7.22.4.3) is lowered to `QUICK_EXIT_REGISTER(k)`, numbered as
/// `atexit`'s handlers, into a table of its own.
pub(crate) const QUICK_EXIT_REGISTER: &str = "__kappa_at_quick_exit_register";
/// Runs the handlers `at_quick_exit` registered, last registered first: called by `quick_exit`
/// (C11 7.22.4.7) only; `atexit`'s handlers do not run there.
pub(crate) const QUICK_EXIT_RUN: &str = "__kappa_quick_exit_run";

/// The C of the handlers' tables of `atexit` and `at_quick_exit`: 32 registrations each, the
/// least C guarantees (C11 7.22.4.2, 7.22.4.3); handlers are called by number, since kappa
/// has no function pointers.
fn atexit_table(handlers: &[String]) -> String {
    let mut calls = String::new();
    for (k, h) in handlers.iter().enumerate() {
        calls.push_str(&format!("    else if (k == {}) {h}();\n", k + 1));
    }
    let table = |t: &str, register: &str, run: &str| {
        format!(
            "static int __kappa_{t}_fn[32];\nstatic int __kappa_{t}_count;\n\
             int {register}(int k) {{\n  if (__kappa_{t}_count == 32) return -1;\n  \
             __kappa_{t}_fn[__kappa_{t}_count++] = k;\n  return 0;\n}}\n\
             void {run}(void) {{\n  while (__kappa_{t}_count > 0) {{\n    \
             int k = __kappa_{t}_fn[--__kappa_{t}_count];\n    if (k == 0) ;\n{calls}  }}\n}}\n"
        )
    };
    table("atexit", ATEXIT_REGISTER, ATEXIT_RUN) + &table("quick_exit", QUICK_EXIT_REGISTER, QUICK_EXIT_RUN)
}
