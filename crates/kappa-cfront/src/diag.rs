//! Diagnostics: one clear message with a source position. The front-end stops at the first one.

use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiagKind {
    /// The input is not valid C, or cannot be read.
    Error,
    /// Valid C that kappa does not handle (floating point, function pointers, …).
    Unsupported,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub kind: DiagKind,
    pub message: String,
    /// Source position, when there is one: file, 1-based line and column.
    pub pos: Option<Pos>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pos {
    pub file: String,
    pub line: u32,
    pub col: u32,
}

impl Diagnostic {
    pub fn error(message: impl Into<String>) -> Self {
        Diagnostic { kind: DiagKind::Error, message: message.into(), pos: None }
    }

    pub fn unsupported(message: impl Into<String>) -> Self {
        Diagnostic { kind: DiagKind::Unsupported, message: message.into(), pos: None }
    }

    pub fn at(mut self, pos: Option<Pos>) -> Self {
        if self.pos.is_none() {
            self.pos = pos;
        }
        self
    }

    pub fn is_unsupported(&self) -> bool {
        self.kind == DiagKind::Unsupported
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(p) = &self.pos {
            write!(f, "{}:{}:{}: ", p.file, p.line, p.col)?;
        }
        match self.kind {
            DiagKind::Error => write!(f, "error: {}", self.message),
            DiagKind::Unsupported => write!(f, "unsupported: {}", self.message),
        }
    }
}

impl std::error::Error for Diagnostic {}

pub type Result<T> = std::result::Result<T, Diagnostic>;
