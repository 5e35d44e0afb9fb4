//! Value references and module-level values (LLVM 3.7 MODULE_CODE_GLOBALVAR / FUNCTION /
//! ALIAS; LangRef "Global Variables", "Functions", "Aliases").

use crate::ids::{Alias, Arg, Const, Function, Global, Inst, Metadata, Type};
use crate::names::Name;

/// An operand: anything an instruction, constant or metadata value wrapper can refer to.
///
/// `Arg` and `Inst` are local to the function body that holds the referring instruction (or
/// the function-local metadata).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ValueRef {
    /// A global variable (`@name`).
    Global(Global),
    /// A function (`@name`).
    Function(Function),
    /// An alias (`@name`).
    Alias(Alias),
    /// A constant.
    Const(Const),
    /// An argument of the current function.
    Arg(Arg),
    /// A value-producing instruction of the current function.
    Inst(Inst),
    /// Metadata used as a value (`metadata !N` call arguments; the operand type is
    /// `metadata`).
    Metadata(Metadata),
}

/// Raw linkage code as stored in the bitcode (LLVM 3.7 `getDecodedLinkage`), kept raw so the
/// writer re-emits it; [`decode_linkage`] gives the meaning.
pub type LinkageCode = u8;

/// Linkage types (LangRef "Linkage Types").
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Linkage {
    /// `external` (default, not printed).
    External,
    /// `weak`.
    WeakAny,
    /// `weak_odr`.
    WeakOdr,
    /// `appending`.
    Appending,
    /// `internal`.
    Internal,
    /// `linkonce`.
    LinkOnceAny,
    /// `linkonce_odr`.
    LinkOnceOdr,
    /// `extern_weak`.
    ExternalWeak,
    /// `common`.
    Common,
    /// `private`.
    Private,
    /// `available_externally`.
    AvailableExternally,
}

impl Linkage {
    /// The LLVM assembly keyword (empty for `external`).
    pub fn keyword(self) -> &'static str {
        match self {
            Linkage::External => "",
            Linkage::WeakAny => "weak",
            Linkage::WeakOdr => "weak_odr",
            Linkage::Appending => "appending",
            Linkage::Internal => "internal",
            Linkage::LinkOnceAny => "linkonce",
            Linkage::LinkOnceOdr => "linkonce_odr",
            Linkage::ExternalWeak => "extern_weak",
            Linkage::Common => "common",
            Linkage::Private => "private",
            Linkage::AvailableExternally => "available_externally",
        }
    }

    /// The code LLVM 3.7's writer emits for this linkage (`getEncodedLinkage`).
    pub fn code(self) -> LinkageCode {
        match self {
            Linkage::External => 0,
            Linkage::WeakAny => 16,
            Linkage::Appending => 2,
            Linkage::Internal => 3,
            Linkage::LinkOnceAny => 18,
            Linkage::ExternalWeak => 7,
            Linkage::Common => 8,
            Linkage::Private => 9,
            Linkage::WeakOdr => 17,
            Linkage::LinkOnceOdr => 19,
            Linkage::AvailableExternally => 12,
        }
    }
}

/// Decodes a linkage code the way LLVM 3.7's reader does (old codes map to their modern
/// meaning); `None` for codes it does not define.
pub fn decode_linkage(code: u64) -> Option<Linkage> {
    Some(match code {
        0 | 5 | 6 | 15 => Linkage::External,
        2 => Linkage::Appending,
        3 => Linkage::Internal,
        7 => Linkage::ExternalWeak,
        8 => Linkage::Common,
        9 | 13 | 14 => Linkage::Private,
        12 => Linkage::AvailableExternally,
        1 | 16 => Linkage::WeakAny,
        10 | 17 => Linkage::WeakOdr,
        4 | 18 => Linkage::LinkOnceAny,
        11 | 19 => Linkage::LinkOnceOdr,
        _ => return None,
    })
}

/// Fields shared by global variables, functions and aliases, raw as in the record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GlobalCommon {
    /// Name from the module value symbol table (`None`: unnamed, printed `@N`), in
    /// [`crate::Module::names`].
    pub name: Option<Name>,
    /// The value's own type: the pointer type to the value type (for globals and functions),
    /// as found in the type table.
    pub ty: Type,
    /// Raw linkage code ([`decode_linkage`]).
    pub linkage: LinkageCode,
    /// Visibility: 0 default, 1 hidden, 2 protected.
    pub visibility: u8,
    /// DLL storage class: 0 default, 1 dllimport, 2 dllexport.
    pub dll_storage: u8,
    /// Thread-local mode: 0 not, 1 general dynamic, 2 localdynamic, 3 initialexec,
    /// 4 localexec.
    pub thread_local: u8,
    /// `unnamed_addr`.
    pub unnamed_addr: bool,
    /// Comdat id (1-based; 0 none).
    pub comdat: u32,
}

impl GlobalCommon {
    /// A value of type `ty` with no name, external linkage and every other field 0 or false
    /// (what a record leaves out); callers set the fields they read.
    pub fn new(ty: Type) -> Self {
        GlobalCommon {
            name: None,
            ty,
            linkage: 0,
            visibility: 0,
            dll_storage: 0,
            thread_local: 0,
            unnamed_addr: false,
            comdat: 0,
        }
    }
}

/// A global variable (MODULE_CODE_GLOBALVAR: [type, isconst|explicit<<1|addrspace<<2, initid,
/// linkage, alignment, section, visibility, threadlocal, unnamed_addr, externally_initialized,
/// dllstorageclass, comdat]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GlobalVar {
    /// Name, linkage and the other shared fields.
    pub common: GlobalCommon,
    /// The value type (the pointee of `common.ty`).
    pub value_ty: Type,
    /// Address space.
    pub addrspace: u32,
    /// `constant` rather than `global`.
    pub is_constant: bool,
    /// The record used the explicit-type encoding (bit 1 of field 1; LLVM 3.7 always sets it).
    pub explicit_type: bool,
    /// Initializer (`None`: a declaration).
    pub initializer: Option<ValueRef>,
    /// Alignment as encoded: log2(align) + 1, 0 for none.
    pub align_log2p1: u8,
    /// Section: index into [`crate::Module::section_names`] plus one, 0 for none.
    pub section: u32,
    /// `externally_initialized`.
    pub externally_initialized: bool,
    /// Number of fields in the record (6 for the short form, 12 for the long form; kept so
    /// a writer can reproduce the exact form).
    pub record_len: u8,
}

/// A function declaration or definition (MODULE_CODE_FUNCTION: [type, callingconv, isproto,
/// linkage, paramattrs, alignment, section, visibility, gc, unnamed_addr, prologuedata,
/// dllstorageclass, comdat, prefixdata, personalityfn]).
#[derive(Clone, Debug, PartialEq)]
pub struct FunctionData {
    /// Name, linkage and the other shared fields (`common.ty` is the pointer-to-function type).
    pub common: GlobalCommon,
    /// The function type.
    pub fn_ty: Type,
    /// Calling convention (0 = C).
    pub calling_conv: u32,
    /// Declaration (`isproto`): no body in this module.
    pub is_proto: bool,
    /// Attribute list: index into [`crate::Module::attribute_lists`] plus one, 0 for none.
    pub attributes: u32,
    /// Alignment as encoded: log2(align) + 1, 0 for none.
    pub align_log2p1: u8,
    /// Section: index into [`crate::Module::section_names`] plus one, 0 for none.
    pub section: u32,
    /// GC: index into [`crate::Module::gc_names`] plus one, 0 for none.
    pub gc: u32,
    /// Prologue data constant.
    pub prologue: Option<ValueRef>,
    /// Prefix data constant.
    pub prefix: Option<ValueRef>,
    /// Personality function.
    pub personality: Option<ValueRef>,
    /// Number of fields in the record.
    pub record_len: u8,
    /// Metadata attached to the function (METADATA_ATTACHMENT record without an instruction
    /// id): (kind id, node), in record order.
    pub attachments: Vec<(u32, Metadata)>,
    /// The body (`None` for declarations).
    pub body: Option<crate::Body>,
}

impl FunctionData {
    /// A declaration of type `fn_ty` (a prototype: no body, no attributes, C calling
    /// convention), its FUNCTION record `record_len` operands long; definitions and other
    /// properties are set on the result.
    pub fn declaration(common: GlobalCommon, fn_ty: Type, record_len: u8) -> Self {
        FunctionData {
            common,
            fn_ty,
            calling_conv: 0,
            is_proto: true,
            attributes: 0,
            align_log2p1: 0,
            section: 0,
            gc: 0,
            prologue: None,
            prefix: None,
            personality: None,
            record_len,
            attachments: Vec::new(),
            body: None,
        }
    }
}

/// An alias (MODULE_CODE_ALIAS: [alias type, aliasee val#, linkage, visibility,
/// dllstorageclass, threadlocal, unnamed_addr]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AliasData {
    /// Name, linkage and the other shared fields (`common.ty` is the alias's pointer type).
    pub common: GlobalCommon,
    /// The aliasee.
    pub aliasee: ValueRef,
    /// Number of fields in the record.
    pub record_len: u8,
}
