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
use lang_c::span::Span;
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
}

impl<'ast> Visit<'ast> for Uses {
    fn visit_call_expression(&mut self, c: &'ast CallExpression, span: &'ast Span) {
        if let Expression::Identifier(id) = &c.callee.node {
            self.called.entry(id.node.name.clone()).or_insert(c.callee.span.start);
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

/// The declarations to append for the library functions `unit` calls without declaring, with
/// a warning for each (at its first call). `provided` are the names the C library model has.
pub(crate) fn declarations(
    unit: &TranslationUnit,
    sm: &SourceMap,
    dm: DataModel,
    provided: &BTreeSet<String>,
) -> (String, Vec<(Pos, String)>) {
    let mut uses = Uses::default();
    uses.visit_translation_unit(unit);
    let size_t = match dm {
        DataModel::LP64 => "unsigned long",
        DataModel::ILP32 => "unsigned int",
    };
    let (mut text, mut warnings) = (String::new(), Vec::new());
    for (name, offset) in &uses.called {
        if uses.declared.contains(name) || !provided.contains(name) {
            continue;
        }
        let Some(proto) = prototype(name) else { continue };
        let proto = proto.replace('S', size_t);
        text.push_str(&proto);
        text.push_str(";\n");
        warnings.push((
            sm.pos(*offset),
            format!(
"implicit declaration of function `{name}` (C89); kappa uses the C library's `{proto}`"
            ),
        ));
    }
    (text, warnings)
}
