//! Types: the machine-level [`Ty`] of IR values, and the C-level [`CType`] kept as an annotation
//! so that later stages (input heaps, replay harnesses, decompilation to C) know what the program
//! declared.

use std::fmt;
use std::sync::Arc;

/// Integer sizes of the two data models kappa supports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize)]
pub enum DataModel {
    /// int, long and pointers are 32 bits.
    ILP32,
    /// int is 32 bits; long and pointers are 64 bits.
    #[default]
    LP64,
}

impl DataModel {
    pub fn ptr_bits(self) -> u32 {
        match self {
            DataModel::ILP32 => 32,
            DataModel::LP64 => 64,
        }
    }

    pub fn ptr_bytes(self) -> u64 {
        u64::from(self.ptr_bits() / 8)
    }

    /// Width in bits of an integer type of the given rank.
    pub fn int_bits(self, rank: IntRank) -> u32 {
        match rank {
            IntRank::Bool => 8,
            IntRank::Char => 8,
            IntRank::Short => 16,
            IntRank::Int => 32,
            IntRank::Long => self.ptr_bits(),
            IntRank::LongLong => 64,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            DataModel::ILP32 => "ILP32",
            DataModel::LP64 => "LP64",
        }
    }
}

impl std::str::FromStr for DataModel {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.to_ascii_uppercase().as_str() {
            "ILP32" | "32" => Ok(DataModel::ILP32),
            "LP64" | "64" => Ok(DataModel::LP64),
            _ => Err(format!("unknown data model `{s}` (expected ILP32 or LP64)")),
        }
    }
}

/// The type of an IR value. Signedness lives on operations, as in LLVM: an `Int(32)` is 32 bits,
/// and `SDiv`/`UDiv` say how to read them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Ty {
    /// Truth values: branch conditions and checks. Never stored in memory or in variables.
    Bool,
    /// A bit-vector of the given width (1..=64).
    Int(u32),
    /// A pointer: an object and a byte offset into it (or null).
    Ptr,
}

impl fmt::Display for Ty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ty::Bool => write!(f, "bool"),
            Ty::Int(w) => write!(f, "i{w}"),
            Ty::Ptr => write!(f, "ptr"),
        }
    }
}

/// Rank of a C integer type (C11 6.3.1.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub enum IntRank {
    Bool,
    Char,
    Short,
    Int,
    Long,
    LongLong,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum FloatKind {
    Float,
    Double,
    LongDouble,
}

/// Index into [`crate::Program::structs`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub struct StructId(pub u32);

/// A C type, as the program declared it (qualifiers dropped).
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum CType {
    Void,
    /// `char` is `Int { rank: Char, signed: true }` (x86 gcc); `_Bool` has rank `Bool`.
    Int {
        rank: IntRank,
        signed: bool,
    },
    /// Kept so that headers and unused declarations type-check; any use of a value is unsupported.
    Float(FloatKind),
    Pointer(Arc<CType>),
    Array(Arc<CType>, ArrayLen),
    /// A struct or union (see [`StructDef::is_union`]).
    Struct(StructId),
    Function(Arc<FuncType>),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum ArrayLen {
    Fixed(u64),
    /// A variable-length array: the register holding its element count (a `size_t`), once the
    /// declaration has been evaluated; `None` in prototypes, where the length is not known.
    Variable(Option<crate::program::VarId>),
    /// `T a[]`: length unknown (extern declarations, flexible array members, parameters).
    Incomplete,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct FuncType {
    pub ret: CType,
    pub params: Vec<CType>,
    pub variadic: bool,
    /// `int f()` in old style: the parameters are not known.
    pub unprototyped: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct StructDef {
    /// The tag, or a generated name such as `<anon#3>`.
    pub name: String,
    pub is_union: bool,
    pub fields: Vec<Field>,
    pub size: u64,
    pub align: u64,
    /// False while only forward-declared.
    pub complete: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Field {
    pub name: Option<String>,
    pub ty: CType,
    pub offset: u64,
}

impl CType {
    pub const INT: CType = CType::Int { rank: IntRank::Int, signed: true };
    pub const UINT: CType = CType::Int { rank: IntRank::Int, signed: false };
    pub const CHAR: CType = CType::Int { rank: IntRank::Char, signed: true };
    pub const BOOL: CType = CType::Int { rank: IntRank::Bool, signed: false };
    pub const LONG: CType = CType::Int { rank: IntRank::Long, signed: true };
    pub const ULONG: CType = CType::Int { rank: IntRank::Long, signed: false };

    pub fn ptr_to(t: CType) -> CType {
        CType::Pointer(Arc::new(t))
    }

    pub fn is_integer(&self) -> bool {
        matches!(self, CType::Int { .. })
    }

    pub fn is_pointer(&self) -> bool {
        matches!(self, CType::Pointer(_))
    }

    pub fn is_scalar(&self) -> bool {
        matches!(self, CType::Int { .. } | CType::Pointer(_) | CType::Float(_))
    }

    pub fn is_aggregate(&self) -> bool {
        matches!(self, CType::Array(..) | CType::Struct(_))
    }

    pub fn is_signed(&self) -> bool {
        matches!(self, CType::Int { signed: true, .. })
    }

    pub fn pointee(&self) -> Option<&CType> {
        match self {
            CType::Pointer(t) => Some(t),
            _ => None,
        }
    }

    /// The IR type of a value of this C type, if it is a scalar kappa handles.
    pub fn ir_ty(&self, dm: DataModel) -> Option<Ty> {
        match self {
            CType::Int { rank, .. } => Some(Ty::Int(dm.int_bits(*rank))),
            CType::Pointer(_) => Some(Ty::Ptr),
            _ => None,
        }
    }
}

/// Sizes and alignments need the struct table, so they live on a small context.
pub struct Layout<'a> {
    pub dm: DataModel,
    pub structs: &'a [StructDef],
}

impl Layout<'_> {
    /// Size in bytes; `None` for incomplete types, VLAs, functions and void.
    pub fn size_of(&self, t: &CType) -> Option<u64> {
        match t {
            CType::Void | CType::Function(_) => None,
            CType::Int { rank, .. } => Some(u64::from(self.dm.int_bits(*rank) / 8)),
            CType::Float(FloatKind::Float) => Some(4),
            CType::Float(FloatKind::Double) => Some(8),
            CType::Float(FloatKind::LongDouble) => Some(match self.dm {
                DataModel::ILP32 => 12,
                DataModel::LP64 => 16,
            }),
            CType::Pointer(_) => Some(self.dm.ptr_bytes()),
            CType::Array(elem, ArrayLen::Fixed(n)) => self.size_of(elem)?.checked_mul(*n),
            CType::Array(..) => None,
            CType::Struct(id) => {
                let s = &self.structs[id.0 as usize];
                s.complete.then_some(s.size)
            }
        }
    }

    pub fn align_of(&self, t: &CType) -> u64 {
        match t {
            CType::Int { rank: IntRank::LongLong, .. } if self.dm == DataModel::ILP32 => 4,
            CType::Float(FloatKind::Double) if self.dm == DataModel::ILP32 => 4,
            CType::Float(FloatKind::LongDouble) => match self.dm {
                DataModel::ILP32 => 4,
                DataModel::LP64 => 16,
            },
            CType::Array(elem, _) => self.align_of(elem),
            CType::Struct(id) => self.structs[id.0 as usize].align.max(1),
            _ => self.size_of(t).unwrap_or(1).max(1),
        }
    }

    /// The C spelling of a type, for printing and for generated C code.
    pub fn c_name(&self, t: &CType) -> String {
        c_decl(self.structs, t, "")
    }
}

/// Renders a declaration of `name` with type `t` in C syntax (`int *a[3]`, `int (*p)[4]`).
pub fn c_decl(structs: &[StructDef], t: &CType, name: &str) -> String {
    fn go(structs: &[StructDef], t: &CType, inner: String) -> String {
        let join = |base: &str, inner: &str| {
            if inner.is_empty() {
                base.to_string()
            } else {
                format!("{base} {inner}")
            }
        };
        match t {
            CType::Void => join("void", &inner),
            CType::Int { rank, signed } => {
                let base = match (rank, signed) {
                    (IntRank::Bool, _) => "_Bool",
                    (IntRank::Char, true) => "char",
                    (IntRank::Char, false) => "unsigned char",
                    (IntRank::Short, true) => "short",
                    (IntRank::Short, false) => "unsigned short",
                    (IntRank::Int, true) => "int",
                    (IntRank::Int, false) => "unsigned int",
                    (IntRank::Long, true) => "long",
                    (IntRank::Long, false) => "unsigned long",
                    (IntRank::LongLong, true) => "long long",
                    (IntRank::LongLong, false) => "unsigned long long",
                };
                join(base, &inner)
            }
            CType::Float(k) => join(
                match k {
                    FloatKind::Float => "float",
                    FloatKind::Double => "double",
                    FloatKind::LongDouble => "long double",
                },
                &inner,
            ),
            CType::Struct(id) => {
                let s = &structs[id.0 as usize];
                let kw = if s.is_union { "union" } else { "struct" };
                join(&format!("{kw} {}", s.name), &inner)
            }
            CType::Pointer(p) => {
                let needs_paren = matches!(**p, CType::Array(..) | CType::Function(_));
                let inner = if needs_paren { format!("(*{inner})") } else { format!("*{inner}") };
                go(structs, p, inner)
            }
            CType::Array(e, len) => {
                let l = match len {
                    ArrayLen::Fixed(n) => n.to_string(),
                    _ => String::new(),
                };
                go(structs, e, format!("{inner}[{l}]"))
            }
            CType::Function(f) => {
                let mut ps: Vec<String> = f.params.iter().map(|p| go(structs, p, String::new())).collect();
                if f.variadic {
                    ps.push("...".into());
                }
                if ps.is_empty() && !f.unprototyped {
                    ps.push("void".into());
                }
                go(structs, &f.ret, format!("{inner}({})", ps.join(", ")))
            }
        }
    }
    go(structs, t, name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c_declarations_render_like_c() {
        let int = CType::INT;
        let arr = CType::Array(Arc::new(CType::ptr_to(int.clone())), ArrayLen::Fixed(3));
        assert_eq!(c_decl(&[], &arr, "a"), "int *a[3]");
        let parr = CType::ptr_to(CType::Array(Arc::new(int.clone()), ArrayLen::Fixed(4)));
        assert_eq!(c_decl(&[], &parr, "p"), "int (*p)[4]");
        assert_eq!(c_decl(&[], &CType::ULONG, ""), "unsigned long");
    }

    #[test]
    fn data_models_size_long_and_pointers() {
        let l32 = Layout { dm: DataModel::ILP32, structs: &[] };
        let l64 = Layout { dm: DataModel::LP64, structs: &[] };
        assert_eq!(l32.size_of(&CType::LONG), Some(4));
        assert_eq!(l64.size_of(&CType::LONG), Some(8));
        assert_eq!(l32.size_of(&CType::ptr_to(CType::Void)), Some(4));
        let ll = CType::Int { rank: IntRank::LongLong, signed: true };
        assert_eq!(l32.align_of(&ll), 4);
        assert_eq!(l64.align_of(&ll), 8);
    }
}
