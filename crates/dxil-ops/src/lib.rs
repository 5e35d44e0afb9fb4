//! Tables of the DXIL operation database: every `dx.op.*` operation (opcode, name, function,
//! class, operands, overloads, stages, minimum shader model, flags), the database's enums, and
//! the validation rules.
//!
//! The tables live in `generated.rs`, written by `tests/generated.rs` from
//! the DXIL operation database (`dxil-db.json`: the facts of DXC's `hctdb.py`, read from the reference data folder) and checked in; that test fails
//! when regenerating would change the file, and `BLESS=1` rewrites it. Spec: DXIL.rst,
//! "Operations" and "Validation Rules".
#![forbid(unsafe_code)]
#![warn(missing_docs)]

// Textual scope for `for_each_dx_op!`, which `op` expands.
#[macro_use]
#[rustfmt::skip]
mod generated;
mod decode;
mod op;
mod shape;
mod signature;
mod stage;
mod ty;

pub use decode::{
    call_opcode, check_function, decode_call, decode_call_any_operands, function_type_matches,
    is_dx_op_callee, DecodeError, DecodeErrorKind, DxCall,
};
pub use generated::*;
pub use op::{DxOp, Operands};
pub use shape::{OverloadSet, MAX_OVERLOADS};
pub use signature::{LowPrecision, OpSignature, SignatureError};
pub use stage::Stages;
pub use ty::{Scalar, Ty};

/// An operation table of the database (`OpCodeTableID`): the high 16 bits of an opcode.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OpTable {
    /// `CoreOps`, table id 0.
    Core,
    /// `ExperimentalOps`, table id 0x8000.
    Experimental,
}

/// Memory attribute of an operation's function (`fn_attr` in the database).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FnAttr {
    /// No attribute beyond `nounwind`.
    None,
    /// `readnone` (`rn`).
    ReadNone,
    /// `readonly` (`ro`).
    ReadOnly,
    /// `noduplicate` (`nd`).
    NoDuplicate,
    /// `noreturn` (`nr`).
    NoReturn,
    /// `argmemonly` (`amo`).
    ArgMemOnly,
}

/// Boolean properties of an operation, as bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct OpFlags(pub u16);

impl OpFlags {
    /// Computes derivatives (`is_deriv`).
    pub const DERIV: OpFlags = OpFlags(1);
    /// Uses gradients (`is_gradient`).
    pub const GRADIENT: OpFlags = OpFlags(2);
    /// Sampler feedback operation (`is_feedback`).
    pub const FEEDBACK: OpFlags = OpFlags(4);
    /// Wave operation (`is_wave`).
    pub const WAVE: OpFlags = OpFlags(8);
    /// Barrier (`is_barrier`).
    pub const BARRIER: OpFlags = OpFlags(16);
    /// Convergent (`is_convergent`).
    pub const CONVERGENT: OpFlags = OpFlags(32);
    /// Requires uniform inputs (`requires_uniform_inputs`).
    pub const UNIFORM_INPUTS: OpFlags = OpFlags(64);
    /// A reserved opcode slot (`is_reserved`).
    pub const RESERVED: OpFlags = OpFlags(128);

    /// Whether every bit of `other` is set.
    pub const fn contains(self, other: OpFlags) -> bool {
        self.0 & other.0 == other.0
    }
}

/// A string of the generated tables: a range of one shared blob, so the tables hold no
/// pointers and need no relocation when a program loads.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Str {
    off: u32,
    len: u32,
}

impl Str {
    pub(crate) const fn new(off: u32, len: u32) -> Str {
        Str { off, len }
    }

    /// The text.
    pub fn as_str(self) -> &'static str {
        let start = self.off as usize;
        generated::STRINGS
            .get(start..start + self.len as usize)
            .unwrap_or("")
    }
}

impl std::fmt::Debug for Str {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.as_str(), f)
    }
}

/// One operand of an operation. Position 0 is the return value, position 1 the opcode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Operand {
    name: Str,
    ty: Str,
    is_const: bool,
    enum_name: Option<Str>,
    max: Option<u32>,
}

impl Operand {
    /// The operand's name (empty for most return values).
    pub fn name(&self) -> &'static str {
        self.name.as_str()
    }
    /// The database's type code (`i32`, `$o` for the overload type, `res`, ...).
    pub fn ty(&self) -> &'static str {
        self.ty.as_str()
    }
    /// Must be a constant.
    pub fn is_const(&self) -> bool {
        self.is_const
    }
    /// The enum the operand's values come from, if any.
    pub fn enum_name(&self) -> Option<&'static str> {
        self.enum_name.map(Str::as_str)
    }
    /// Largest allowed value, if limited.
    pub fn max(&self) -> Option<u32> {
        self.max
    }
}

/// One DXIL operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpInfo {
    /// The table the operation lives in.
    pub table: OpTable,
    /// The opcode as it appears as the first argument of a `dx.op.*` call.
    pub opcode: u32,
    name: Str,
    function: Str,
    class: Str,
    category: Str,
    overloads: Str,
    /// Start and length of the operands in the shared operand table.
    operands: (u16, u8),
    signature: Str,
    /// Memory attribute of the function.
    pub fn_attr: FnAttr,
    /// Stages the operation is allowed in; empty means all.
    pub stages: Stages,
    /// Minimum shader model (major, minor).
    pub shader_model: (u8, u8),
    /// Shader model from which the operation is translated rather than native, if any.
    pub shader_model_translated: Option<(u8, u8)>,
    /// Boolean properties.
    pub flags: OpFlags,
}

impl OpInfo {
    /// The operation's name (`Sqrt`).
    pub fn name(&self) -> &'static str {
        self.name.as_str()
    }
    /// The function name without overload suffix (`dx.op.unary`).
    pub fn function(&self) -> &'static str {
        self.function.as_str()
    }
    /// The operation class (`Unary`).
    pub fn class(&self) -> &'static str {
        self.class.as_str()
    }
    /// The category used in documentation.
    pub fn category(&self) -> &'static str {
        self.category.as_str()
    }
    /// Overload codes (`hf`, `hfd<hfd`, ...), as the database spells them.
    pub fn overloads(&self) -> &'static str {
        self.overloads.as_str()
    }
    /// Operands, the return value first and the opcode second.
    pub fn operands(&self) -> &'static [Operand] {
        let start = self.operands.0 as usize;
        generated::OPERANDS
            .get(start..start + self.operands.1 as usize)
            .unwrap_or(&[])
    }
    /// The operand names after the opcode in parentheses, as the reference disassembler
    /// prints them after a call: `(value)`.
    pub fn signature(&self) -> &'static str {
        self.signature.as_str()
    }
}

/// A validation rule (`ValidationRule` and the rule list of the database).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleInfo {
    code: Str,
    group: Str,
    doc: Str,
    message: Str,
    /// The rule is disabled in the reference validator.
    pub disabled: bool,
    /// Shader model from which the rule applies.
    pub shader_model: (u8, u8),
}

impl RuleInfo {
    /// The rule code as the validator prints it (`BITCODE.VALID`).
    pub fn code(&self) -> &'static str {
        self.code.as_str()
    }
    /// Its group (`BITCODE`).
    pub fn group(&self) -> &'static str {
        self.group.as_str()
    }
    /// Description.
    pub fn doc(&self) -> &'static str {
        self.doc.as_str()
    }
    /// The message format (with `%0`-style placeholders).
    pub fn message(&self) -> &'static str {
        self.message.as_str()
    }
}

/// Looks up an operation by its opcode (table id in the high 16 bits, index in the low 16).
pub fn op_info(opcode: u32) -> Option<&'static OpInfo> {
    let index = (opcode & 0xffff) as usize;
    match opcode >> 16 {
        0 => CORE_OPS.get(index),
        0x8000 => EXPERIMENTAL_OPS.get(index),
        _ => None,
    }
}

/// Looks up an operation by name (`Sqrt`); linear, meant for tools rather than hot paths.
pub fn op_by_name(name: &str) -> Option<&'static OpInfo> {
    CORE_OPS
        .iter()
        .chain(EXPERIMENTAL_OPS.iter())
        .find(|op| op.name() == name)
}

impl ValidationRule {
    /// The rule's entry in [`VALIDATION_RULES`].
    pub fn info(self) -> &'static RuleInfo {
        &VALIDATION_RULES[self as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookup_by_opcode() {
        let sqrt = op_info(24).expect("opcode 24");
        assert_eq!(sqrt.name(), "Sqrt");
        assert_eq!(sqrt.function(), "dx.op.unary");
        assert_eq!(sqrt.signature(), "(value)");
        assert_eq!(sqrt.operands().len(), 3);
        assert_eq!(sqrt.operands()[2].name(), "value");
        assert_eq!(sqrt.operands()[2].ty(), "$o");
        assert_eq!(sqrt.fn_attr, FnAttr::ReadNone);
        let store = op_info(5).expect("opcode 5");
        assert_eq!(store.signature(), "(outputSigId,rowIndex,colIndex,value)");
        assert!(op_info(0x8000_0000).is_some());
        assert!(op_info(0x0001_0000).is_none());
        assert!(op_info(u32::MAX).is_none());
        assert_eq!(op_by_name("Sqrt").map(|o| o.opcode), Some(24));
        assert_eq!(OpCode::Sqrt as u32, 24);
        let discard = op_by_name("Discard").expect("Discard");
        assert!(discard.stages.allows(dxil_container::ShaderKind::Pixel));
        assert!(!discard.stages.allows(dxil_container::ShaderKind::Vertex));
        assert!(sqrt.stages.allows(dxil_container::ShaderKind::Node));
    }

    #[test]
    fn enums_round_trip() {
        assert_eq!(SemanticKind::from_u32(3), Some(SemanticKind::Position));
        assert_eq!(SemanticKind::Position.name(), "Position");
        // Numbered by position as the reference declares them, not by the database's numbers.
        assert_eq!(SigPointKind::from_u32(20), Some(SigPointKind::Invalid));
        assert_eq!(SigPointKind::from_u32(21), None);
        assert_eq!(SemanticInterpretationKind::Shadow as u32, 8);
        assert_eq!(SemanticInterpretationKind::ClipCull as u32, 9);
        assert_eq!(SemanticInterpretationKind::Invalid as u32, 10);
        assert_eq!(PackingKind::Invalid as u32, 5);
        assert_eq!(ValidationRule::BitcodeValid.info().code(), "BITCODE.VALID");
        assert_eq!(
            ValidationRule::BitcodeValid.info().message(),
            "Module bitcode is invalid."
        );
    }
}
