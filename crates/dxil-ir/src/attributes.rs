//! Attribute groups and lists (LLVM 3.7 PARAMATTR_GROUP_BLOCK and PARAMATTR_BLOCK; LangRef
//! "Attribute Groups", "Parameter Attributes", "Function Attributes").

/// One PARAMATTR_GRP_CODE_ENTRY record: [grpid, paramidx, attr...].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttributeGroup {
    /// The group id (`#N` in the text form).
    pub id: u32,
    /// What the group applies to: 0xFFFF_FFFF the function, 0 the return value, N parameter
    /// N-1.
    pub index: u32,
    /// The attributes, in record order.
    pub attrs: Vec<Attribute>,
}

/// One attribute of a group.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Attribute {
    /// A well-known attribute without a value (record kind 0): ATTR_KIND_* code.
    Enum(u32),
    /// A well-known attribute with an integer (record kind 1): ATTR_KIND_* code, value.
    Int(u32, u64),
    /// A string attribute (record kind 3 without value, 4 with value).
    String {
        /// Key.
        key: String,
        /// Value (`None` for kind 3).
        value: Option<String>,
    },
}

/// One PARAMATTR_CODE_ENTRY record: the attribute groups of one attribute list. Functions
/// and calls refer to lists by 1-based index.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct AttributeList {
    /// Group ids, in record order.
    pub groups: Box<[u32]>,
}

/// The LLVM assembly keyword of an ATTR_KIND_* code (LLVM 3.7 `AttributeKindCodes`).
pub fn attr_kind_name(code: u32) -> Option<&'static str> {
    Some(match code {
        1 => "align",
        2 => "alwaysinline",
        3 => "byval",
        4 => "inlinehint",
        5 => "inreg",
        6 => "minsize",
        7 => "naked",
        8 => "nest",
        9 => "noalias",
        10 => "nobuiltin",
        11 => "nocapture",
        12 => "noduplicate",
        13 => "noimplicitfloat",
        14 => "noinline",
        15 => "nonlazybind",
        16 => "noredzone",
        17 => "noreturn",
        18 => "nounwind",
        19 => "optsize",
        20 => "readnone",
        21 => "readonly",
        22 => "returned",
        23 => "returns_twice",
        24 => "signext",
        25 => "alignstack",
        26 => "ssp",
        27 => "sspreq",
        28 => "sspstrong",
        29 => "sret",
        30 => "sanitize_address",
        31 => "sanitize_thread",
        32 => "sanitize_memory",
        33 => "uwtable",
        34 => "zeroext",
        35 => "builtin",
        36 => "cold",
        37 => "optnone",
        38 => "inalloca",
        39 => "nonnull",
        40 => "jumptable",
        41 => "dereferenceable",
        42 => "dereferenceable_or_null",
        43 => "convergent",
        44 => "safestack",
        45 => "argmemonly",
        _ => return None,
    })
}
